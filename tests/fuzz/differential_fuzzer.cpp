// libFuzzer target: the evaluators compared with each other on generated programs.
//
// Random bytes rarely parse, so the bytes drive a small generator (FuzzedDataProvider)
// that writes a well-formed scenario: three inputs (a plain number, a time, a size), a
// count input, properties built from arithmetic (`+ - * /`, `//`, `%`, `^`), `if`,
// comparisons, min/max, floor/ceil/round, sqrt/exp/ln, texts interpolating values (with
// digits formats, joined with `+`) compared in an `if`, and natives of the standard library
// with count parameters, in several units, some declared (`: count`, `: ms`, `: GB`),
// then a case and a sweep varying one input over three values. Every property of the
// case is then evaluated by
//   - the tree walk (an Evaluator without compiled code),
//   - compiled code (the default Evaluator),
//   - force_all (what `reckon run` does), then each property read back,
//   - `explain` of the property's name (its final value and whether it fails),
// and every point of the sweep by the planned engine (sweep::Runner) and by the lazy
// reference evaluation of the point (sweep::evaluate_lazily). Any disagreement (a
// value's bits, its kind or dimension, error or no error, or the error's code) aborts,
// printing the program. Only the user's errors may escape the interpreter.
#include <fuzzer/FuzzedDataProvider.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "grammar/parse.hpp"
#include "interpreter/checker.hpp"
#include "interpreter/evaluator.hpp"
#include "interpreter/explain.hpp"
#include "interpreter/pipeline.hpp"
#include "interpreter/sweep/sweep.hpp"
#include "stdlib/library.hpp"
#include "syntax/diagnostics.hpp"

namespace {

using namespace reckon;

// The kinds of value the generator writes expressions of.
enum class Kind { number, time, size };

// Numbers that reach the corners: zero, halves, decimal fractions that are not exact in
// binary, whole numbers beyond 2^53, the smallest and largest magnitudes.
constexpr std::array<const char*, 24> numbers = {
    "0",     "1",     "2", "2.5", "3",      "0.1", "0.3",   "7",    "-4", "1024",  "65536", "1e17",
    "1e-10", "1e300", "5", "0.5", "1e-300", "12",  "-0.25", "1e15", "33", "1e308", "9",     "100"};
constexpr std::array<const char*, 5> time_units = {"s", "ms", "h", "min", "ns"};
constexpr std::array<const char*, 5> size_units = {"B", "GB", "MB", "KiB", "TB"};

class Generator {
 public:
  explicit Generator(FuzzedDataProvider& in) : in_(in) {}

  std::string program() {
    std::string s = "scenario S {\n";
    s += "  input x: number = " + number() + "\n";
    s += "  input t: s = " + literal(Kind::time) + "\n";
    s += "  input m: B = " + literal(Kind::size) + "\n";
    s += "  input n: count = " + pick(std::array<const char*, 4>{"1", "2", "8", "3"}) + "\n";
    references_ = {{"x", Kind::number}, {"t", Kind::time}, {"m", Kind::size}, {"n", Kind::number}};
    const int properties = in_.ConsumeIntegralInRange(1, 6);
    std::string shown;
    for (int i = 0; i < properties; ++i) {
      const auto kind = static_cast<Kind>(in_.ConsumeIntegralInRange(0, 2));
      const std::string name = "p" + std::to_string(i);
      s += "  " + name + declared(kind) + " = " + expr(kind, 4) + "\n";
      references_.push_back({name, kind});
      shown += (i ? ", " : "") + name;
    }
    s += "}\n";
    s += "case C = S()\n";
    const std::string varied = pick(std::array<const char*, 3>{"x", "t", "m"});
    const Kind vk = varied[0] == 'x' ? Kind::number : varied[0] == 't' ? Kind::time : Kind::size;
    s += "sweep W { about C vary " + varied + " in [" + literal(vk) + ", " + literal(vk) + ", " +
         literal(vk) + "] show " + shown + " }\n";
    return s;
  }

 private:
  template <std::size_t N>
  std::string pick(const std::array<const char*, N>& xs) {
    return xs[in_.ConsumeIntegralInRange<std::size_t>(0, N - 1)];
  }
  std::string number() { return pick(numbers); }
  // With a unit, 1e300 and 1e308 would mostly be beyond the doubles in base units (an
  // error of the checker, E0420): 1e290 keeps such programs running.
  std::string quantity_number() {
    std::string x = number();
    return x == "1e300" || x == "1e308" ? "1e290" : x;
  }
  std::string literal(Kind k) {
    switch (k) {
      case Kind::number:
        return number();
      case Kind::time:
        return quantity_number() + " " + pick(time_units);
      case Kind::size:
        return quantity_number() + " " + pick(size_units);
    }
    return "0";
  }
  // A declared type for a property of kind `k`, or none (its unit inferred).
  std::string declared(Kind k) {
    switch (in_.ConsumeIntegralInRange(0, 3)) {
      case 0:
        return "";
      case 1:
        return k == Kind::number ? ": count" : k == Kind::time ? ": ms" : ": GB";
      case 2:
        return k == Kind::number ? ": number" : k == Kind::time ? ": h" : ": int B";
      default:
        return k == Kind::number ? ": count" : k == Kind::time ? ": s" : ": B";
    }
  }
  std::string reference(Kind k) {
    std::vector<const std::string*> names;
    for (const auto& [name, kind] : references_)
      if (kind == k) names.push_back(&name);
    if (names.empty()) return literal(k);
    return *names[in_.ConsumeIntegralInRange<std::size_t>(0, names.size() - 1)];
  }
  std::string expr(Kind k, int depth) {
    if (depth <= 0 || in_.remaining_bytes() == 0)
      return in_.ConsumeBool() ? reference(k) : literal(k);
    auto sub = [&](Kind kind) { return "(" + expr(kind, depth - 1) + ")"; };
    switch (in_.ConsumeIntegralInRange(0, 14)) {
      case 0:
        return literal(k);
      case 1:
        return reference(k);
      case 2:
        return sub(k) + pick(std::array<const char*, 2>{" + ", " - "}) + sub(k);
      case 3:
        return sub(k) + pick(std::array<const char*, 2>{" * ", " / "}) + sub(Kind::number);
      case 4:
        return sub(k) + pick(std::array<const char*, 2>{" // ", " % "}) + sub(Kind::number);
      case 5:
        if (k == Kind::number) {  // a ratio or a whole quotient of two quantities
          const auto q = in_.ConsumeBool() ? Kind::time : Kind::size;
          return sub(q) + pick(std::array<const char*, 2>{" / ", " // "}) + sub(q);
        }
        return sub(k) + " % " + sub(k);
      case 6:
        return "if " + sub(k) + pick(std::array<const char*, 4>{" < ", " >= ", " == ", " != "}) +
               sub(k) + " then " + sub(k) + " else " + sub(k);
      case 7:
        return std::string(pick(std::array<const char*, 2>{"min(", "max("})) + expr(k, depth - 1) +
               ", " + expr(k, depth - 1) + ")";
      case 8:
        return std::string(pick(std::array<const char*, 4>{"floor(", "ceil(", "round(", "abs("})) +
               expr(k, depth - 1) + ")";
      case 9:
        if (k == Kind::number)
          return std::string(
                     pick(std::array<const char*, 5>{"sqrt(", "exp(", "ln(", "log2(", "log10("})) +
                 expr(k, depth - 1) + ")";
        return "-" + sub(k);
      case 10:
        if (k == Kind::number)
          return sub(k) + " ^ " + pick(std::array<const char*, 4>{"2", "(-1)", "0.5", "3"});
        return sub(k) + " -> " + (k == Kind::time ? pick(time_units) : pick(size_units));
      case 11:  // natives with count parameters
        if (k == Kind::time)
          return "ring_allreduce_time(" + expr(Kind::size, depth - 1) + ", " +
                 expr(Kind::number, depth - 1) + ", " + sub(Kind::size) + " / " + sub(Kind::time) +
                 ")";
        if (k == Kind::size)
          return "activation_memory(" + expr(Kind::number, depth - 1) + ", (" +
                 expr(Kind::number, depth - 1) + ") * 1 token, " + expr(Kind::number, depth - 1) +
                 ", " + expr(Kind::number, depth - 1) + ", " + expr(Kind::number, depth - 1) + ")";
        return "pipeline_activation_factor(" + expr(Kind::number, depth - 1) + ", " +
               expr(Kind::number, depth - 1) + ")";
      case 12:
        if (k == Kind::number) return sub(Kind::time) + " / 1 s";
        return sub(k) + " * " + sub(Kind::number);
      case 13: {  // texts built of values, compared: a number that depends on interpolation
        if (in_text_) return reference(k);  // an interpolation holds no string literal
        const auto q = static_cast<Kind>(in_.ConsumeIntegralInRange(0, 2));
        in_text_ = true;
        const std::string left = "\"{" + expr(q, depth - 1) + "}\"";
        const std::string right = "\"{" + expr(q, depth - 1) +
                                  pick(std::array<const char*, 3>{"", ":.2f", ":.3g"}) + "}\"" +
                                  (in_.ConsumeBool() ? " + \"\"" : "");
        in_text_ = false;
        return "if " + left + " == " + right + " then " + sub(k) + " else " + sub(k);
      }
      default:
        return reference(k);
    }
  }

  FuzzedDataProvider& in_;
  std::vector<std::pair<std::string, Kind>> references_;
  bool in_text_ = false;  // writing an interpolated expression
};

// What one evaluator made of one property: a value, or an error's code.
struct Outcome {
  bool failed = false;
  std::string code;
  Value value;
};

std::string describe(const Outcome& o) {
  if (o.failed) return "error[" + o.code + "]";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g (kind %d)", o.value.number, static_cast<int>(o.value.kind));
  return buf;
}

bool same(const Outcome& a, const Outcome& b) {
  if (a.failed || b.failed) return a.failed == b.failed && a.code == b.code;
  return a.value.kind == b.value.kind && a.value.dim == b.value.dim &&
         std::memcmp(&a.value.number, &b.value.number, sizeof(double)) == 0;
}

template <typename F>
Outcome outcome(F f) {
  Outcome o;
  try {
    o.value = f();
  } catch (const UserError& e) {
    o.failed = true;
    o.code = e.diagnostic().code;
  }
  return o;
}

[[noreturn]] void diverged(const std::string& text, const std::string& what, const Outcome& a,
                           const Outcome& b) {
  std::fprintf(stderr, "divergence: %s: %s against %s\n--- program\n%s", what.c_str(),
               describe(a).c_str(), describe(b).c_str(), text.c_str());
  std::abort();
}

// Each property of the case, in order, as `ev` evaluates it.
std::vector<Outcome> properties(const Program& p, Evaluator& ev, const CaseDecl& c, bool all) {
  Instance& inst = ev.instance_of(c);
  if (all) ev.force_all(inst);
  std::vector<Outcome> out;
  for (std::size_t i = 0; i < c.scenario->properties.size(); ++i)
    out.push_back(outcome([&] { return ev.property(inst, i, c.name_range); }));
  (void)p;
  return out;
}

void compare_engines(Program& p, const std::string& text) {
  auto cases = p.main_decls<CaseDecl>(DeclKind::case_);
  if (cases.empty()) return;
  const CaseDecl& c = *cases.front();
  Evaluator tree(p, 4, false), compiled(p), forced(p);
  const std::vector<Outcome> reference = properties(p, tree, c, false);
  const std::vector<Outcome> by_code = properties(p, compiled, c, false);
  const std::vector<Outcome> by_force_all = properties(p, forced, c, true);
  for (std::size_t i = 0; i < reference.size(); ++i) {
    const std::string& name = c.scenario->properties[i].name;
    if (!same(reference[i], by_code[i]))
      diverged(text, name + ": tree walk vs compiled", reference[i], by_code[i]);
    if (!same(reference[i], by_force_all[i]))
      diverged(text, name + ": tree walk vs force_all", reference[i], by_force_all[i]);
    // explain's final value, as `reckon explain FILE NAME` computes and shows it.
    Evaluator ev(p);
    Instance& inst = ev.instance_of(c);
    FileId f = p.sources.add("<explain>", name);
    ExprPtr e = parse_expression(p.sources, f);
    Scope scope;
    scope.scenario = c.scenario;
    check_and_compile_expression(p, *e, scope);
    Outcome explained;
    std::string shown;
    try {
      auto steps = explain(p, ev, *e, {&inst, nullptr}, 2);
      shown = steps.at(0).result;
    } catch (const UserError& err) {
      explained.failed = true;
      explained.code = err.diagnostic().code;
    }
    if (explained.failed != reference[i].failed ||
        (explained.failed && explained.code != reference[i].code))
      diverged(text, name + ": tree walk vs explain", reference[i], explained);
    if (!explained.failed) {
      const std::string want =
          tree.show(reference[i].value, Evaluator::declared_unit(*e, c.scenario));
      if (want != shown) {
        std::fprintf(stderr, "divergence: %s: explain shows %s, eval %s\n--- program\n%s",
                     name.c_str(), shown.c_str(), want.c_str(), text.c_str());
        std::abort();
      }
    }
  }
}

void compare_sweep(Program& p, const std::string& text) {
  auto sweeps = p.main_decls<SweepDecl>(DeclKind::sweep);
  if (sweeps.empty()) return;
  const SweepDecl& d = *sweeps.front();
  sweep::Space space;
  space.case_decl = d.case_decl;
  Evaluator ev(p);
  for (const Vary& v : d.vary) {
    const auto input = static_cast<std::size_t>(v.input);
    std::vector<Value> values;
    try {
      values = sweep::expand(ev, v, d.case_decl->scenario->inputs[input]);
    } catch (const UserError&) {
      return;  // a value the input cannot take (a fractional count): no points
    }
    space.axes.push_back(sweep::Axis{v.name, input, v.range, std::move(values)});
  }
  for (const auto& e : d.show) space.show.push_back(e.get());
  sweep::Runner runner(p, space);
  sweep::Block block;
  const auto points = static_cast<std::size_t>(space.size());
  runner.run(0, points, 2, block);  // two threads: the workers split the points
  const std::size_t width = runner.target_count();
  for (std::size_t point = 0; point < points; ++point) {
    std::optional<std::vector<Value>> lazy;
    std::string code;
    try {
      lazy = sweep::evaluate_lazily(p, space, point);
    } catch (const UserError& e) {
      code = e.diagnostic().code;
    }
    const bool failed = block.status[point] == sweep::Status::failed;
    Outcome planned, reference;
    planned.failed = failed;
    reference.failed = !lazy;
    reference.code = code;
    if (failed && block.first_error && block.first_error->first == point)
      planned.code = block.first_error->second.code;
    else
      planned.code = code;  // only the first failed point keeps its error
    const std::string where = "sweep point " + std::to_string(point);
    if (failed != !lazy || planned.code != reference.code)
      diverged(text, where + ": planned vs lazy", planned, reference);
    if (!lazy) continue;
    for (std::size_t t = 0; t < space.show.size(); ++t) {
      planned.value = Value::quantity(block.values[point * width + t], (*lazy)[t].dim);
      reference.value = (*lazy)[t];
      if (reference.value.kind != ValueKind::quantity) continue;
      if (std::memcmp(&planned.value.number, &reference.value.number, sizeof(double)) != 0)
        diverged(text, where + ", target " + std::to_string(t) + ": planned vs lazy", planned,
                 reference);
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  Generator g(in);
  const std::string text = g.program();
  // RECKON_FUZZ_PRINT=1 shows what the bytes became (to see an input, or the generator).
  static const bool print = std::getenv("RECKON_FUZZ_PRINT") != nullptr;
  if (print) std::fprintf(stderr, "--- program\n%s", text.c_str());
  Program p;
  try {
    load_program_text(p, stdlib::standard_library(), "diff.rk", text);
    check_and_compile(p);
  } catch (const UserError& e) {
    if (print) std::fprintf(stderr, "%s", render(p.sources, e.diagnostic()).c_str());
    return 0;  // the generator wrote something the checker rejects (a rare mix of kinds)
  } catch (const UserErrors& e) {
    if (print) std::fprintf(stderr, "%s", render(p.sources, e.diagnostics().front()).c_str());
    return 0;
  }
  compare_engines(p, text);
  compare_sweep(p, text);
  return 0;
}
