// Every native function checks the dimension of every argument before anything runs:
// for each function and each of its parameters, a call that passes a wrong unit to
// that parameter (and right ones elsewhere) is a located error naming the parameter.
// The table is generated from the standard library itself, so a new function is
// covered as soon as it is declared.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "interpreter/check/checker.hpp"
#include "interpreter/load/loader.hpp"
#include "interpreter/load/pipeline.hpp"
#include "interpreter/model/program.hpp"
#include "stdlib/library.hpp"
#include "syntax/diagnostics.hpp"

namespace {

using namespace reckon;

// A value of the parameter's declared type, written in Reckon.
std::string right_value(const Parameter& p) {
  const Type& t = p.resolved;
  switch (t.kind) {
    case TypeKind::quantity:
      return t.dim.is_dimensionless() ? "1" : "1 " + p.type.unit.text;
    case TypeKind::boolean:
      return "true";
    case TypeKind::enumeration:
      return t.enumeration->name + "." + t.enumeration->members.at(0);
    default:
      return "";
  }
}

// A quantity of a dimension the parameter does not have.
std::string wrong_value(const Parameter& p) {
  if (p.resolved.kind != TypeKind::quantity) return "1 s";
  return p.resolved.dim[Base::time] != 0 ? "1 B" : "1 s";
}

struct Call {
  std::string function, parameter, text;
  std::uint32_t wrong_begin;  // byte offset of the wrong argument in `text`
};

std::vector<Call> wrong_calls() {
  Program p;
  load_program_text(p, stdlib::standard_library(), "<stdlib>", "import \"models\"\n");
  check_and_compile(p);
  std::vector<Call> calls;
  for (const auto& m : p.modules) {
    if (!m->is_stdlib) continue;
    for (const auto& d : m->decls) {
      if (d->kind != DeclKind::native) continue;
      const auto& n = static_cast<const NativeDecl&>(*d);
      if (n.is_constant) continue;
      for (std::size_t wrong = 0; wrong < n.parameters.size(); ++wrong) {
        Call c{n.name, n.parameters[wrong].name, "let x = " + n.name + "(", 0};
        for (std::size_t i = 0; i < n.parameters.size(); ++i) {
          if (i) c.text += ", ";
          c.text += n.parameters[i].name + ": ";
          if (i == wrong) c.wrong_begin = static_cast<std::uint32_t>(c.text.size());
          c.text += i == wrong ? wrong_value(n.parameters[i]) : right_value(n.parameters[i]);
        }
        c.text += ")\n";
        calls.push_back(c);
      }
    }
  }
  return calls;
}

}  // namespace

TEST_CASE("every native rejects a wrong unit at the argument", "[natives][dimensions]") {
  std::vector<Call> calls = wrong_calls();
  // The prelude's functions alone have far more parameters than this.
  REQUIRE(calls.size() > 40);
  for (const Call& c : calls) {
    INFO(c.text);
    Program p;
    load_program_text(p, stdlib::standard_library(), "call.rk", c.text);
    try {
      check_and_compile(p);
      FAIL("no error for a wrong unit given to `" << c.parameter << "` of `" << c.function << "`");
    } catch (const UserErrors& e) {
      REQUIRE(e.diagnostics().size() == 1);
      const Diagnostic& d = e.diagnostics().front();
      CHECK(d.message.rfind("argument `" + c.parameter + "` must be ", 0) == 0);
      REQUIRE(d.range.has_value());
      CHECK(p.sources.file(d.range->file).name() == "call.rk");
      CHECK(d.range->begin == c.wrong_begin);
    }
  }
}

TEST_CASE("the same calls with right units check cleanly", "[natives][dimensions]") {
  // The control for the test above: only the wrong argument makes the error.
  Program lib;
  load_program_text(lib, stdlib::standard_library(), "<stdlib>", "");
  check_and_compile(lib);
  std::size_t checked = 0;
  for (const auto& m : lib.modules) {
    if (!m->is_stdlib) continue;
    for (const auto& d : m->decls) {
      if (d->kind != DeclKind::native) continue;
      const auto& n = static_cast<const NativeDecl&>(*d);
      if (n.is_constant) continue;
      std::string text = "let x = " + n.name + "(";
      for (std::size_t i = 0; i < n.parameters.size(); ++i)
        text += (i ? ", " : "") + n.parameters[i].name + ": " + right_value(n.parameters[i]);
      text += ")\n";
      INFO(text);
      Program p;
      load_program_text(p, stdlib::standard_library(), "call.rk", text);
      CHECK_NOTHROW(check_and_compile(p));
      ++checked;
    }
  }
  CHECK(checked > 20);
}
