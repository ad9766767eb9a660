// libFuzzer target: a whole file parsed, checked and evaluated: every input and
// property of every case and every check, one by one (as `reckon eval` asks) and after
// force_all (as `reckon run` does). Only the user's errors (UserError, UserErrors) may
// escape the interpreter.
//
// Speed: loading the program parses the standard library's prelude (about 500 lines)
// before the input, for every input; under ASan that is nearly all the time of an
// input that is not valid Reckon, and most mutations are not. The input is therefore
// parsed alone first: `parse_module` depends only on the text, so an input that fails
// here fails the same way in `load_program_text`, and syntax errors are the parse
// fuzzer's job. Only inputs that parse pay for the prelude, the checker and the
// evaluator. Nothing else is reused between inputs: each gets a fresh Program.
#include <cstddef>
#include <cstdint>
#include <string>

#include "grammar/parse.hpp"
#include "interpreter/check/checker.hpp"
#include "interpreter/evaluate/evaluator.hpp"
#include "interpreter/load/loader.hpp"
#include "interpreter/load/pipeline.hpp"
#include "stdlib/library.hpp"
#include "syntax/diagnostics.hpp"

namespace {

void render_all(const reckon::Program& p, const reckon::UserErrors& e) {
  for (const auto& d : e.diagnostics()) (void)reckon::render(p.sources, d);
}

// Every input and property of every case, and every check; with `all`, each case is
// first forced whole by force_all (past its errors, which input() and property() then
// raise again).
void evaluate(const reckon::Program& p, bool all) {
  using namespace reckon;
  Evaluator ev(p);
  for (const CaseDecl* c : p.main_decls<CaseDecl>(DeclKind::case_)) {
    Instance* inst = &ev.instance_of(*c);
    if (all) {
      try {
        ev.force_all(*inst);
      } catch (const UserError& e) {
        (void)render(p.sources, e.diagnostic());
      }
    }
    for (std::size_t i = 0; i < c->scenario->inputs.size(); ++i) {
      try {
        (void)ev.show(ev.input(*inst, i, c->name_range), std::nullopt);
      } catch (const UserError& e) {
        (void)render(p.sources, e.diagnostic());
      }
    }
    for (std::size_t i = 0; i < c->scenario->properties.size(); ++i) {
      if (c->scenario->properties[i].is_method) continue;
      try {
        (void)ev.show(ev.property(*inst, i, c->name_range), std::nullopt);
      } catch (const UserError& e) {
        (void)render(p.sources, e.diagnostic());
      }
    }
  }
  for (const CheckDecl* c : p.main_decls<CheckDecl>(DeclKind::check)) {
    try {
      (void)ev.run_check(*c);
    } catch (const UserError& e) {
      (void)render(p.sources, e.diagnostic());
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace reckon;
  std::string text(reinterpret_cast<const char*>(data), size);
  {
    SourceManager alone;
    try {
      (void)parse_module(alone, alone.add("fuzz.rk", text));
    } catch (const UserError&) {
      return 0;
    }
  }
  Program p;
  try {
    load_program_text(p, stdlib::standard_library(), "fuzz.rk", std::move(text));
    check_and_compile(p);
  } catch (const UserError& e) {
    (void)render(p.sources, e.diagnostic());
    return 0;
  } catch (const UserErrors& e) {
    render_all(p, e);
    return 0;
  }
  // Twice: property by property, as `reckon eval` asks for them, and after force_all,
  // the one run of compiled code that `reckon run` makes of a case.
  for (bool all : {false, true}) evaluate(p, all);
  return 0;
}
