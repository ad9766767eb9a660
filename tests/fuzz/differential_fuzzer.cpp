// libFuzzer target: the evaluators compared with each other on generated programs.
//
// Random bytes rarely parse, so the bytes drive a small generator (FuzzedDataProvider)
// that writes a well-formed scenario: three inputs (a plain number, a time, a size), a
// count input and a list input (`[s]`), maybe a constraint (`require ... else "..."`),
// then properties, scalar or lists, built from arithmetic (`+ - * /`, `//`, `%`, `^`),
// `if`, comparisons, min/max, floor/ceil/round, sqrt/exp/ln, texts interpolating values
// and lists (with conversions and digits formats, joined with `+` or by `join`) compared
// in an `if`, natives of the standard library with count parameters, and collections:
// list literals, ranges (`step`, `times`, computed bounds), comprehensions with `if` (of
// one clause or two, the second's list maybe using the first's name),
// indexes and slices, concatenation, sort (by a lambda), scan and fold (a plain or a
// record accumulator), aggregates (sum, min, max, mean, first, last, len, product,
// quantile, count, any, all, argmin/argmax by a lambda), tuples (`(a, b)[1]`, pairs,
// zip, enumerate), iterate over a record stepped with `with`, bitwise builtins on a
// count, maps (`{"a": ..}[key]`, a literal key or one computed, maybe
// missing; iteration, values), instances made in expressions (`T(k: 2)`, `T() with
// b: ...`) read for a member, tested with feasible(...) or asked for violations(...),
// optional inputs (a quantity, an enumeration member, a record, a list; none or not)
// tested with `== none` and read through `??`, folds and scans from `[]`, and the text
// operations (len, slices, contains, startswith, endswith, find, split, join, strip,
// upper, lower, replace, number) on literals with non-ASCII characters and on
// interpolated values; now and then an ill-typed use of those, which the checker must
// reject with a located error. Properties are in several units, some declared
// (`: count`, `: ms`, `: [GB]`), then a case and a sweep varying one input over three
// values. Every property of the case is then evaluated by
//   - the tree walk (an Evaluator without compiled code),
//   - compiled code (the default Evaluator),
//   - force_all (what `reckon run` does), then each property read back,
//   - `explain` of the property's name (its final value and whether it fails),
// and every point of the sweep by the planned engine (sweep::Runner, which refuses
// lists and falls back to the lazy evaluator) and by the lazy reference evaluation of
// the point (sweep::evaluate_lazily), with the scenario's constraints as `reckon sweep`
// adds them. Any disagreement (a value's bits, its kind or dimension, element by element
// for collections, error or no error, the error's code, or a point's feasibility)
// aborts, printing the program. Only the user's errors may escape the interpreter.
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
#include "interpreter/check/checker.hpp"
#include "interpreter/evaluate/evaluator.hpp"
#include "interpreter/evaluate/explain.hpp"
#include "interpreter/load/loader.hpp"
#include "interpreter/load/pipeline.hpp"
#include "interpreter/sweep/sweep.hpp"
#include "stdlib/library.hpp"
#include "syntax/diagnostics.hpp"

namespace {

using namespace reckon;

// The kinds of value the generator writes expressions of; each also as a list
// (`[count]`, `[s]`, `[B]`).
enum class Kind { number, time, size };

// Numbers that reach the corners: zero, halves, decimal fractions that are not exact in
// binary, whole numbers beyond 2^53, the smallest and largest magnitudes.
constexpr std::array<const char*, 24> numbers = {
    "0",     "1",     "2", "2.5", "3",      "0.1", "0.3",   "7",    "-4", "1024",  "65536", "1e17",
    "1e-10", "1e300", "5", "0.5", "1e-300", "12",  "-0.25", "1e15", "33", "1e308", "9",     "100"};
constexpr std::array<const char*, 5> time_units = {"s", "ms", "h", "min", "ns"};
constexpr std::array<const char*, 5> size_units = {"B", "GB", "MB", "KiB", "TB"};
// Indexes of a list: both ends, past them (E0520), and a fraction (E0336).
constexpr std::array<const char*, 9> indexes = {"0", "1", "-1", "2", "-2", "3", "0", "-1", "1.5"};

// A name the generator may refer to: an input, a property, or a comprehension's or a
// lambda's parameter while its body is written.
struct Name {
  std::string name;
  Kind kind;
  bool list;
};

class Generator {
 public:
  explicit Generator(FuzzedDataProvider& in) : in_(in) {}

  std::string program() {
    // A record for folds that carry several values, and a scenario with a constraint
    // whose instances are made inside expressions (`T(k: 2)`, `C with ...` is not
    // possible inside S itself, so `T() with k: ...`), read for a member, tested with
    // feasible(...) or asked for violations(...).
    std::string s =
        "record R {\n  x: number\n  t: s\n  m: B\n}\n"
        "enum Tier { low, high }\n"
        "scenario T {\n  input a: number = 1\n  input b: s = 1 s\n  input c: B = 1 B\n"
        "  input k: count = 2\n"
        "  require k <= 4 else \"k is {k}, above 4\"\n"
        "  va = a * k\n  vb = b * k\n  vc = c * k\n}\n";
    s += "scenario S {\n";
    s += "  input x: number = " + number() + "\n";
    s += "  input t: s = " + literal(Kind::time) + "\n";
    s += "  input m: B = " + literal(Kind::size) + "\n";
    s += "  input n: count = " + pick(std::array<const char*, 4>{"1", "2", "8", "3"}) + "\n";
    s += "  input ls: [s] = " + list_literal(Kind::time, 0) + "\n";
    // Optionals of four types, each none or a value (read by `== none` and `??`).
    auto maybe = [&](const std::string& value) { return in_.ConsumeBool() ? value : "none"; };
    s += "  input om: B? = " + maybe(literal(Kind::size)) + "\n";
    s += "  input tier: Tier? = " + maybe(pick(std::array<const char*, 2>{"low", "high"})) + "\n";
    s += "  input job: R? = " +
         maybe("R(x: " + number() + ", t: " + literal(Kind::time) + ", m: " + literal(Kind::size) +
               ")") +
         "\n";
    s += "  input lo: [s]? = " + maybe(list_literal(Kind::time, 0)) + "\n";
    names_ = {{"x", Kind::number, false},
              {"t", Kind::time, false},
              {"m", Kind::size, false},
              {"n", Kind::number, false},
              {"ls", Kind::time, true}};
    if (in_.ConsumeIntegralInRange(0, 3) == 0)  // a constraint: the case may be infeasible
      s += "  require " + condition(2) + " else \"x is {x}, t is {t}\"\n";
    const int properties = in_.ConsumeIntegralInRange(1, 6);
    std::string shown;
    for (int i = 0; i < properties; ++i) {
      const auto kind = static_cast<Kind>(in_.ConsumeIntegralInRange(0, 2));
      const bool list = in_.ConsumeIntegralInRange(0, 3) == 0;
      const std::string name = "p" + std::to_string(i);
      if (list)
        s += "  " + name + declared_list(kind) + " = " + list_expr(kind, 3) + "\n";
      else
        s += "  " + name + declared(kind) + " = " + expr(kind, 4) + "\n";
      names_.push_back({name, kind, list});
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
  std::string unit(Kind k) { return k == Kind::time ? pick(time_units) : pick(size_units); }
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
  // A small literal of kind k, for the bounds and steps of ranges (whose lengths would
  // otherwise reach the list limit most of the time).
  std::string small(Kind k) {
    const std::string x = pick(std::array<const char*, 6>{"0", "1", "2", "3", "5", "12"});
    return k == Kind::number ? x : x + " " + unit(k);
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
  std::string declared_list(Kind k) {
    switch (in_.ConsumeIntegralInRange(0, 2)) {
      case 0:
        return "";
      case 1:
        return k == Kind::number ? ": [count]" : k == Kind::time ? ": [ms]" : ": [GB]";
      default:
        return k == Kind::number ? ": [number]" : k == Kind::time ? ": [s]" : ": [B]";
    }
  }
  // A name of kind k (a list or not), or a literal when there is none.
  std::string reference(Kind k, bool list = false) {
    std::vector<const std::string*> found;
    for (std::size_t i = 0; i < names_.size(); ++i) {
      const Name& n = names_[i];
      if (n.kind != k || n.list != list) continue;
      bool shadowed = false;  // by an inner parameter of the same name
      for (std::size_t j = i + 1; j < names_.size(); ++j)
        shadowed = shadowed || names_[j].name == n.name;
      if (!shadowed) found.push_back(&n.name);
    }
    if (found.empty()) return list ? list_literal(k, 0) : literal(k);
    return *found[in_.ConsumeIntegralInRange<std::size_t>(0, found.size() - 1)];
  }
  // A fresh name for a comprehension's or a lambda's parameter, bound while `body`
  // writes the text that may use it. Names repeat across siblings, and an inner one may
  // shadow an outer one of another kind.
  template <typename F>
  std::string binding(const std::string& name, Kind k, bool list, F body) {
    names_.push_back({name, k, list});
    std::string out = body();
    names_.pop_back();
    return out;
  }
  std::string fresh() { return pick(std::array<const char*, 4>{"v", "w", "y", "z"}); }

  // Now and then (1 in 6 where the grammar offers it; a few programs in a hundred) a use of the new
  // syntax that the checker must reject with a located error: a list of two kinds, a lambda outside
  // a builtin's arguments, an index that is not whole, a tuple's index past its end, the wrong
  // number of a lambda's parameters, a product of sizes, a quantile outside [0, 1], `[]` with no
  // type, a key given twice or missing, a list where a number is wanted.
  bool ill_typed() { return in_.ConsumeIntegralInRange(0, 5) == 0; }
  std::string ill(Kind k) {
    const std::string l = reference(k, true);
    switch (in_.ConsumeIntegralInRange(0, 14)) {
      case 0:
        return "sum([" + literal(Kind::time) + ", " + literal(Kind::size) + "])";
      case 1:
        return "(v => v)";
      case 2:
        return l + "[1.5]";
      case 3:
        return "(" + literal(k) + ", " + literal(k) + ")[2]";
      case 4:
        return "fold(" + l + ", " + literal(k) + ", v => v)";
      case 5:
        return "product([1 GB, 2 GB]) / 1 GB^2";
      case 6:
        return "quantile(" + l + ", 1.5)";
      case 7:
        return "sum([])";
      case 8:
        return "{\"a\": " + literal(k) + ", \"a\": " + literal(k) + "}[\"a\"]";
      case 9:
        return "{\"a\": " + literal(k) + "}[\"b\"]";
      case 10:
        return l + " + " + literal(k);
      case 12:  // a value that is never absent compared with none (E0408)
        return "(if " + reference(k) + " == none then " + literal(k) + " else " + literal(k) + ")";
      case 13:  // `[]` whose function gives no list: its type stays unknown (E0374)
        return "fold(" + l + ", [], (acc, v) => v)";
      case 14:  // a text operation on a number (E0337)
        return "len(upper(" + literal(k) + "))";
      default:
        return "sort(" + l + ", by: (a, b) => a)[0]";
    }
  }

  // Texts for the text operations: empty, ASCII, characters of two bytes (`µ`, `É`, `ß`,
  // each one character), white space, and numbers written several ways (one beyond the
  // doubles, one a list of them). None holds `{`, which would start an interpolation.
  std::string text_literal() {
    return std::string("\"") +
           pick(std::array<const char*, 14>{"", "a", "µs", "H100 SXM", "  x y \\n", "v1.12.3",
                                            " -3e2 ", "12.5", "aaa", "a,b,,c", "ÉTÉ ß", "1e400",
                                            "7", "1,2.5,3"}) +
           "\"";
  }
  // A short text to find, split at, replace or replace with (an empty one is E0548 as a
  // separator).
  std::string part() {
    return pick(
        std::array<const char*, 7>{"\"a\"", "\"\"", "\"µ\"", "\"ss\"", "\" \"", "\",\"", "\".\""});
  }
  // A text built by the text operations, of literals and interpolated values. Never
  // inside an interpolation (its quotes would end the text): callers check in_text_.
  std::string text_value(int depth) {
    if (depth <= 0 || in_.remaining_bytes() == 0) return text_literal();
    switch (in_.ConsumeIntegralInRange(0, 9)) {
      case 0:
        return text_literal();
      case 1:
        return text(depth);
      case 2:  // a slice, its bounds as a list's
        return "(" + text_value(depth - 1) + ")[" +
               pick(std::array<const char*, 7>{"1:", ":-1", "-2:", "1:3", "3:1", "0:100", "0:n"}) +
               "]";
      case 3:
        return "strip(" + text_value(depth - 1) + ")";
      case 4:
        return std::string(pick(std::array<const char*, 2>{"upper(", "lower("})) +
               text_value(depth - 1) + ")";
      case 5:
        return "replace(" + text_value(depth - 1) + ", " + part() + ", " + part() + ")";
      case 6:
        return "join(split(" + text_value(depth - 1) + ", " + part() + "), " + part() + ")";
      case 7:
        return "(" + text_value(depth - 1) + " + " + text_value(depth - 1) + ")";
      case 8:  // an index of the pieces: past the end is E0520
        return "split(" + text_value(depth - 1) + ", " + part() + ")[" + pick(indexes) + "]";
      default:
        return "first(split(" + text_value(depth - 1) + ", " + part() + "))";
    }
  }
  // A number read from a text: its length, where a part is, the number it writes
  // (E0548 when it writes none), how many pieces it splits into.
  std::string text_number(int depth) {
    const std::string t = text_value(depth - 1);
    switch (in_.ConsumeIntegralInRange(0, 3)) {
      case 0:
        return "len(" + t + ")";
      case 1:
        return "find(" + t + ", " + part() + ")";
      case 2:
        return "number(" + t + ")";
      default:
        return "len(split(" + t + ", " + part() + "))";
    }
  }
  // An optional input read: through `??` with a fallback, or tested with `== none`.
  std::string optional_read(Kind k, int depth) {
    const std::string fallback = "R(x: " + literal(Kind::number) + ", t: " + literal(Kind::time) +
                                 ", m: " + literal(Kind::size) + ")";
    auto sub = [&] { return "(" + expr(k, depth - 1) + ")"; };
    switch (in_.ConsumeIntegralInRange(0, 2)) {
      case 0:
        return std::string("(job ?? ") + fallback + ")." +
               (k == Kind::number ? "x"
                : k == Kind::time ? "t"
                                  : "m");
      case 1:
        if (k == Kind::number) return "len(lo ?? " + list_literal(Kind::time, 0) + ")";
        if (k == Kind::time) return "sum(lo ?? " + list_literal(Kind::time, 0) + ")";
        return "(om ?? " + literal(Kind::size) + ")";
      default:
        return "if " + none_test() + " then " + sub() + " else " + sub();
    }
  }
  // Whether an optional input is absent, of each type; or an optional enumeration member
  // compared with a member.
  std::string none_test() {
    return pick(std::array<const char*, 10>{
        "om == none", "om != none", "tier == none", "none == tier", "job == none", "job != none",
        "lo == none", "none != lo", "tier == high", "tier != low"});
  }

  // A boolean: comparisons, and the new tests over lists and instances.
  std::string condition(int depth) {
    const auto k = static_cast<Kind>(in_.ConsumeIntegralInRange(0, 2));
    auto sub = [&](Kind kind) { return "(" + expr(kind, depth - 1) + ")"; };
    switch (in_.ConsumeIntegralInRange(0, 9)) {
      case 0:
        return sub(k) + pick(std::array<const char*, 4>{" < ", " >= ", " == ", " != "}) + sub(k);
      case 9:
        return set_condition(k, depth);
      case 1: {
        const std::string v = fresh();
        return std::string(pick(std::array<const char*, 2>{"any(", "all("})) +
               list_expr(k, depth - 1) + ", " + v + " => " +
               binding(v, k, false, [&] { return v + " > " + sub(k); }) + ")";
      }
      case 2: {
        const std::string v = fresh();
        return std::string(pick(std::array<const char*, 2>{"any(", "all("})) + "[" +
               binding(v, k, false, [&] { return v + " <= " + sub(k); }) + " for " + v + " in " +
               list_expr(k, depth - 1) + "])";
      }
      case 3:
        return std::string(in_.ConsumeBool() ? "" : "not ") + "feasible(" + instance(depth) + ")";
      case 4:
        return "len(" + list_expr(k, depth - 1) + ") > " + small(Kind::number);
      case 5:
        return "(" + condition(depth - 1) + ")" +
               pick(std::array<const char*, 2>{" and ", " or "}) + "(" + condition(depth - 1) + ")";
      case 7:
        return none_test();
      case 8:  // texts tested (no string literal in an interpolation)
        if (in_text_) return none_test();
        if (in_.ConsumeBool())
          return std::string(
                     pick(std::array<const char*, 3>{"contains(", "startswith(", "endswith("})) +
                 text_value(depth - 1) + ", " +
                 (in_.ConsumeBool() ? part() : text_value(depth - 1)) + ")";
        return text_value(depth - 1) + pick(std::array<const char*, 2>{" == ", " != "}) +
               text_value(depth - 1);
      default:
        return list_expr(k, depth - 1) + pick(std::array<const char*, 2>{" == ", " != "}) +
               list_expr(k, depth - 1);
    }
  }

  // Sets and membership: `in` over a set, a list, a map's keys or a text; the set operators
  // against what they must equal; set and map comprehensions (a key made twice in a map
  // comprehension is E0549, which every evaluator must report alike).
  std::string set_condition(Kind k, int depth) {
    auto sub = [&] { return "(" + expr(k, depth - 1) + ")"; };
    auto set = [&] { return "set(" + list_expr(k, depth - 1) + ")"; };
    const std::string v = fresh();
    switch (in_.ConsumeIntegralInRange(0, 6)) {
      case 0:
        return sub() + pick(std::array<const char*, 2>{" in ", " not in "}) + set();
      case 1:
        return sub() + pick(std::array<const char*, 2>{" in ", " not in "}) +
               list_expr(k, depth - 1);
      case 2:
        return "len(" + set() + pick(std::array<const char*, 3>{" | ", " & ", " - "}) + set() +
               ") " + pick(std::array<const char*, 2>{"<= ", ">= "}) + "len(" + set() + ")";
      case 3: {
        const std::string a = list_expr(k, depth - 1);
        const std::string b = list_expr(k, depth - 1);
        return "set(" + a + ") | set(" + b + ") == set(" + a + " + " + b + ")";
      }
      case 4:
        return "len({" + binding(v, k, false, [&] { return v + " * 2"; }) + " for " + v + " in " +
               list_expr(k, depth - 1) + "}) <= " + small(Kind::number);
      case 5:
        return "len({" + v + ": " + binding(v, k, false, [&] { return v + " > " + sub(); }) +
               " for " + v + " in " + list_expr(k, depth - 1) + "}) > 0";
      default:
        if (in_text_) return none_test();
        return part() + pick(std::array<const char*, 2>{" in ", " not in "}) +
               text_value(depth - 1);
    }
  }

  // An instance of T made in an expression: a call, a variant of one, or of a variant.
  std::string instance(int depth) {
    auto arg = [&] {
      switch (in_.ConsumeIntegralInRange(0, 3)) {
        case 0:
          return "a: " + expr(Kind::number, depth - 1);
        case 1:
          return "b: " + expr(Kind::time, depth - 1);
        case 2:
          return "c: " + expr(Kind::size, depth - 1);
        default:  // a count: a fraction is an error, and above 4 the constraint breaks
          return "k: " + expr(Kind::number, depth - 1);
      }
    };
    switch (in_.ConsumeIntegralInRange(0, 2)) {
      case 0:
        return "T(" + arg() + ")";
      case 1:
        return "T() with " + arg();
      default:
        return "(T(" + arg() + ") with " + arg() + ") with " + arg();
    }
  }

  // A text built of values: interpolation with conversions and digits, of a list too,
  // a join of interpolated elements. (Never inside an interpolation: its quotes would
  // end the text.)
  std::string text(int depth) {
    const auto q = static_cast<Kind>(in_.ConsumeIntegralInRange(0, 2));
    in_text_ = true;
    std::string out;
    switch (in_.ConsumeIntegralInRange(0, 3)) {
      case 0:
        out = "\"{" + expr(q, depth - 1) + "}\"";
        break;
      case 1:
        out = "\"{(" + expr(q, depth - 1) + ")" + (q == Kind::number ? "" : " -> " + unit(q)) +
              pick(std::array<const char*, 4>{"", ":.2f", ":.3g", ":.0f"}) + "}\"";
        break;
      case 2:
        out = "\"{" + list_expr(q, depth - 1) + "}\"";
        break;
      default: {
        const std::string v = fresh();
        const std::string l = list_expr(q, depth - 1);
        out = "join([\"{" + binding(v, q, false, [&] { return v; }) +
              pick(std::array<const char*, 2>{"", ":.1f"}) + "}\" for " + v + " in " + l +
              "], \", \")";
        break;
      }
    }
    in_text_ = false;
    return out + (in_.ConsumeBool() ? " + \"\"" : "");
  }

  // A list of kind k.
  std::string list_expr(Kind k, int depth) {
    if (depth <= 0 || in_.remaining_bytes() == 0)
      return in_.ConsumeBool() ? reference(k, true) : list_literal(k, depth);
    auto sub = [&](Kind kind) { return "(" + expr(kind, depth - 1) + ")"; };
    switch (in_.ConsumeIntegralInRange(0, 16)) {
      case 0:
        return list_literal(k, depth);
      case 1:
        return reference(k, true);
      case 2:  // a range of plain numbers, by 1 or a step; of quantities, by a step
        if (k == Kind::number && in_.ConsumeBool())
          return "(" + small(k) + " .. " + (in_.ConsumeBool() ? small(k) : "n") + ")";
        {  // in one unit, so that the range has at most 120 elements
          const std::string u = k == Kind::number ? "" : " " + unit(k);
          return "(" + small(Kind::number) + u + " .. " + small(Kind::number) + u + " step " +
                 pick(std::array<const char*, 4>{"1", "2", "0.5", "0.1"}) + u + ")";
        }
      case 3:  // a geometric range, or a range whose bounds are computed
        if (in_.ConsumeBool())
          return "(" + std::string(k == Kind::number ? "1" : "1 " + unit(k)) + " .. " + small(k) +
                 " times " + pick(std::array<const char*, 3>{"2", "1.5", "10"}) + ")";
        {  // computed bounds, about 4 elements apart (a step of 0 is E0524, a range
           // that ends before it starts E0523); a step computed freely would mostly make
           // lists of millions of elements, all spent on the step limit
          const std::string low = sub(k), high = sub(k);
          return "(" + low + " .. " + high + " step (" + high + " - " + low + ") / " +
                 pick(std::array<const char*, 3>{"4", "3", "0.5"}) + ")";
        }
      case 4: {  // a comprehension, with or without a condition, of one clause or two
        const auto from = static_cast<Kind>(in_.ConsumeIntegralInRange(0, 2));
        const std::string v = fresh();
        const std::string source = list_expr(from, depth - 1);
        return binding(v, from, false, [&] {
          std::string clauses = " for " + v + " in " + source;
          if (in_.ConsumeBool()) clauses += " if " + condition(depth - 1);
          if (!in_.ConsumeBool()) return "[" + expr(k, depth - 1) + clauses + "]";
          // A second `for`, its list written where the first's name is bound (a range
          // whose bounds use it, say), its name maybe the first's again (shadowing it).
          const auto inner = static_cast<Kind>(in_.ConsumeIntegralInRange(0, 2));
          const std::string w = fresh();
          clauses += " for " + w + " in " + list_expr(inner, depth - 1);
          return binding(w, inner, false, [&] {
            if (in_.ConsumeBool()) clauses += " if " + condition(depth - 1);
            return "[" + expr(k, depth - 1) + clauses + "]";
          });
        });
      }
      case 5:
        return list_expr(k, depth - 1) + "[" +
               pick(std::array<const char*, 6>{"1:", ":-1", "-2:", "1:3", "3:1", "0:100"}) + "]";
      case 6:
        return "(" + list_expr(k, depth - 1) + " + " + list_expr(k, depth - 1) + ")";
      case 7: {
        const std::string l = list_expr(k, depth - 1);
        if (in_.ConsumeBool()) return "sort(" + l + ")";
        const std::string v = fresh();
        return "sort(" + l + ", by: " + v + " => " + binding(v, k, false, [&] { return "-" + v; }) +
               ")";
      }
      case 8: {  // the state after each element
        const std::string l = list_expr(k, depth - 1);
        const std::string init = sub(k);
        return "scan(" + l + ", " + init + ", (acc, v) => " +
               binding("acc", k, false,
                       [&] { return binding("v", k, false, [&] { return expr(k, depth - 1); }); }) +
               ")";
      }
      case 9: {  // adjacent pairs taken apart, or tuples read by index
        const std::string l = list_expr(k, depth - 1);
        switch (in_.ConsumeIntegralInRange(0, 3)) {
          case 0:
            return "[a - b for (a, b) in pairs(" + l + ")]";
          case 1:
            return "[p[1] for p in enumerate(" + l + ")]";
          case 2:
            return "[p[0] + p[1] for p in zip(" + l + ", " + list_expr(k, depth - 1) + ")]";
          default:
            return "[a for (i, a) in enumerate(" + l + ") if i % 2 == 0]";
        }
      }
      case 10:
        if (in_text_) return reference(k, true);  // no string literal in an interpolation
        return "values({\"a\": " + expr(k, depth - 1) + ", \"b\": " + expr(k, depth - 1) + "})";
      case 11: {  // variants of an instance made per element
        const std::string field = k == Kind::number ? "a" : k == Kind::time ? "b" : "c";
        const std::string v = fresh();
        const std::string l = list_expr(k, depth - 1);
        return "[(T() with " + field + ": " + v + ").v" + field + " for " + v + " in " + l + "]";
      }
      case 12:  // a list of lists flattened by a fold
        return "fold([" + list_expr(k, depth - 1) + ", " + list_expr(k, depth - 1) + "], " +
               list_literal(k, 0) + ", (acc, v) => acc + v)";
      case 13:
        if (k == Kind::number)  // one element per broken constraint
          return "[1 for v in violations(" + instance(depth) + ")]";
        {
          const std::string source = list_expr(k, depth - 1);
          return binding("v", k, false, [&] {
            const std::string e = expr(k, depth - 1);
            return "[" + e + " for v in " + source + " if " + condition(depth - 1) + "]";
          });
        }
      case 15: {  // a fold or a scan from `[]`, whose type is the list the function gives
        const auto from = static_cast<Kind>(in_.ConsumeIntegralInRange(0, 2));
        const std::string l = list_expr(from, depth - 1);
        const std::string v = fresh();
        const bool fold = in_.ConsumeBool();
        const std::string body = binding("acc", k, true, [&] {
          return binding(v, from, false, [&] {
            const std::string e = expr(k, depth - 1);
            return in_.ConsumeBool() ? "acc + [" + e + "]" : "[" + e + "] + acc";
          });
        });
        const std::string call =
            std::string(fold ? "fold(" : "scan(") + l + ", [], (acc, " + v + ") => " + body + ")";
        return fold ? call : "last(" + call + ")";  // a scan's last list (E0545 if empty)
      }
      case 16:  // numbers read from the pieces of a text
        if (in_text_) return reference(k, true);
        return "[number(piece)" + std::string(k == Kind::number ? "" : " * 1 " + unit(k)) +
               " for piece in split(" + text_value(depth - 1) + ", \",\")]";
      default:
        return reference(k, true);
    }
  }
  // A list literal of 1 to 4 elements (`[]` alone has no type: E0330).
  std::string list_literal(Kind k, int depth) {
    const int length = in_.ConsumeIntegralInRange(1, 4);
    std::string s = "[";
    for (int i = 0; i < length; ++i)
      s += (i ? ", " : "") + (depth > 0 ? expr(k, depth - 1) : literal(k));
    return s + "]";
  }

  std::string expr(Kind k, int depth) {
    if (depth <= 0 || in_.remaining_bytes() == 0)
      return in_.ConsumeBool() ? reference(k) : literal(k);
    auto sub = [&](Kind kind) { return "(" + expr(kind, depth - 1) + ")"; };
    switch (in_.ConsumeIntegralInRange(0, 29)) {
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
        return sub(k) + " -> " + unit(k);
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
      case 13:  // texts built of values, compared: a number that depends on interpolation
        if (in_text_) return reference(k);  // an interpolation holds no string literal
        return "if " + text(depth) + pick(std::array<const char*, 2>{" == ", " != "}) +
               text(depth) + " then " + sub(k) + " else " + sub(k);
      case 14:  // an aggregate of a list
        if (k == Kind::number && in_.ConsumeIntegralInRange(0, 3) == 0)
          return std::string(pick(std::array<const char*, 2>{"len(", "product("})) +
                 list_expr(k, depth - 1) + ")";
        return std::string(pick(std::array<const char*, 6>{"sum(", "min(", "max(", "mean(",
                                                           "first(", "last("})) +
               list_expr(k, depth - 1) + ")";
      case 15:
        return "(" + list_expr(k, depth - 1) + ")[" +
               (in_.ConsumeBool() ? pick(indexes) : "n - " + small(Kind::number)) + "]";
      case 16:
        return "quantile(" + list_expr(k, depth - 1) + ", " +
               pick(std::array<const char*, 6>{"0", "0.5", "0.99", "1", "0.25", "x"}) + ")";
      case 17: {  // a fold, over a plain accumulator or a record, or iterate with `with`
        const std::string l = list_expr(k, depth - 1);
        const int form = in_.ConsumeIntegralInRange(0, 2);
        if (form == 2) {  // a record stepped with `with` until a counter reaches 0 to 3
          const std::string n = pick(std::array<const char*, 4>{"0", "1", "2", "3"});
          const std::string by = sub(k);
          if (k == Kind::number)
            return "iterate(R(x: 0, t: 0 s, m: 0 B), r => (r with x: r.x + " + by +
                   ", t: r.t + 1 s), until: r => r.t >= " + n + " s).x";
          const char* f = k == Kind::time ? "t" : "m";
          return std::string("iterate(R(x: 0, t: 0 s, m: 0 B), r => (r with ") + f + ": r." + f +
                 " + " + by + ", x: r.x + 1), until: r => r.x >= " + n + ")." + f;
        }
        if (form == 0) {
          const std::string init = sub(k);
          return "fold(" + l + ", " + init + ", (acc, v) => " +
                 binding(
                     "acc", k, false,
                     [&] { return binding("v", k, false, [&] { return expr(k, depth - 1); }); }) +
                 ")";
        }
        const char* field = k == Kind::number ? "x" : k == Kind::time ? "t" : "m";
        auto update = [&](const std::string& f) {
          return f + ": r." + f + (f == field ? " + v" : "");
        };
        return "fold(" + l + ", R(x: 0, t: 0 s, m: 0 B), (r, v) => R(" + update("x") + ", " +
               update("t") + ", " + update("m") + "))." + field;
      }
      case 18: {
        const std::string l = list_expr(k, depth - 1);
        const std::string v = fresh();
        return std::string(pick(std::array<const char*, 2>{"argmin(", "argmax("})) + l +
               ", by: " + v + " => " + binding(v, k, false, [&] { return expr(k, depth - 1); }) +
               ")";
      }
      case 19: {  // tuples, made and read by index
        const auto other = static_cast<Kind>(in_.ConsumeIntegralInRange(0, 2));
        switch (in_.ConsumeIntegralInRange(0, 3)) {
          case 0:
            return "(" + expr(k, depth - 1) + ", " + expr(other, depth - 1) + ")[0]";
          case 1:
            return "(" + expr(other, depth - 1) + ", " + expr(k, depth - 1) + ")[1]";
          case 2:
            return "argmax(enumerate(" + list_expr(k, depth - 1) + "), by: p => p[1])[1]";
          default:
            return "fold(pairs(" + list_expr(k, depth - 1) + "), " + sub(k) +
                   ", (acc, p) => acc + p[1] - p[0])";
        }
      }
      case 20: {  // maps: a literal key (maybe missing: E0365), or a key computed (E0540)
        if (in_text_) return reference(k);
        const std::string map =
            "{\"a\": " + expr(k, depth - 1) + ", \"b\": " + expr(k, depth - 1) + "}";
        switch (in_.ConsumeIntegralInRange(0, 3)) {
          case 0:
            return map + "[\"a\"]";
          case 1:
            return map + "[if " + condition(depth - 1) + " then \"a\" else \"b\"]";
          case 2:
            return map + "[if " + condition(depth - 1) + " then \"b\" else \"z\"]";
          default:
            return "sum([v for (key, v) in " + map + " if key != \"a\"])";
        }
      }
      case 21: {  // a member of an instance made in the expression
        const char* member = k == Kind::number ? ".va" : k == Kind::time ? ".vb" : ".vc";
        return "(" + instance(depth) + ")" + member;
      }
      case 22:
        if (in_text_) return reference(k);
        if (k == Kind::number && in_.ConsumeBool())
          return "len(violations(" + instance(depth) + "))";
        return "if " + condition(depth - 1) + " then " + sub(k) + " else " + sub(k);
      case 23:
        if (k == Kind::number) {
          const auto from = static_cast<Kind>(in_.ConsumeIntegralInRange(0, 2));
          const std::string l = list_expr(from, depth - 1);
          const std::string v = fresh();
          if (in_.ConsumeBool())  // bits of the count input (E0508 if it is not whole)
            return std::string(pick(std::array<const char*, 5>{"bit_and(", "bit_or(", "bit_xor(",
                                                               "shift_left(", "shift_right("})) +
                   "n, " + pick(std::array<const char*, 3>{"0", "3", "6"}) + ")";
          return "count(" + l + ", " + v + " => " +
                 binding(v, from, false, [&] { return v + " < " + sub(from); }) + ")";
        }
        return reference(k);
      case 24:
        if (!in_text_ && ill_typed()) return ill(k);
        return reference(k);
      case 25:  // a number read from a text (as a quantity, times a unit)
        if (in_text_) return reference(k);
        if (k == Kind::number) return text_number(depth);
        return "(" + text_number(depth) + ") * 1 " + unit(k);
      case 26:
        return optional_read(k, depth);
      case 27:  // a fold from `[]`, then an aggregate of it
        return std::string(pick(std::array<const char*, 2>{"sum(", "max("})) + "fold(" +
               list_expr(k, depth - 1) + ", [], (acc, v) => acc + [v]))";
      default:
        return reference(k);
    }
  }

  FuzzedDataProvider& in_;
  std::vector<Name> names_;
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
  if (o.value.kind == ValueKind::list || o.value.kind == ValueKind::tuple)
    std::snprintf(buf, sizeof buf, "a %s of %zu elements", o.value.list() ? "list" : "tuple",
                  (o.value.list() ? o.value.list() : o.value.tuple())->items().size());
  else
    std::snprintf(buf, sizeof buf, "%.17g (kind %d)", o.value.number,
                  static_cast<int>(o.value.kind));
  return buf;
}

// Whether two values are the same to the last bit: quantities and bools by their bits
// and dimension, texts by their characters, records, lists, tuples and maps element by
// element. (Instances are not compared: no property of the generated scenario is one.)
bool same_value(const Value& a, const Value& b) {
  if (a.kind != b.kind) return false;
  auto same_items = [](const std::vector<Value>& x, const std::vector<Value>& y) {
    if (x.size() != y.size()) return false;
    for (std::size_t i = 0; i < x.size(); ++i)
      if (!same_value(x[i], y[i])) return false;
    return true;
  };
  switch (a.kind) {
    case ValueKind::quantity:
    case ValueKind::boolean:
      return a.dim == b.dim && std::memcmp(&a.number, &b.number, sizeof(double)) == 0;
    case ValueKind::text:
      return a.text() == b.text();
    case ValueKind::enumeration:
      return a.enumeration() == b.enumeration() && a.number == b.number;
    case ValueKind::record: {
      const RecordValue& x = *a.record();
      const RecordValue& y = *b.record();
      if (x.type != y.type || x.fields.size() != y.fields.size()) return false;
      for (std::size_t i = 0; i < x.fields.size(); ++i)
        if (!same_value(x.fields[i], y.fields[i])) return false;
      return true;
    }
    case ValueKind::list:
      return same_items(a.list()->items(), b.list()->items());
    case ValueKind::tuple:
      return same_items(a.tuple()->items(), b.tuple()->items());
    case ValueKind::map:
      return same_items(a.map()->keys, b.map()->keys) &&
             same_items(a.map()->values, b.map()->values);
    default:
      return true;
  }
}

// The budgets of one evaluator (docs/language.md, "Limits"): the steps it takes (E0506)
// and the bytes of the collections it builds (E0514) count everything that evaluator
// did before, so the tree walk, which reads the properties in order, may run out where
// `explain` of one property alone does not. Such an outcome is compared with nothing.
bool out_of_budget(const Outcome& o) {
  return o.failed && (o.code == "E0506" || o.code == "E0514");
}

bool same(const Outcome& a, const Outcome& b) {
  if (out_of_budget(a) || out_of_budget(b)) return true;
  if (a.failed || b.failed) return a.failed == b.failed && a.code == b.code;
  return same_value(a.value, b.value);
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

// Whether explain's text of a value is eval's: the same, or, for a long list, which
// explain elides after its first elements (`[1, 2, 3, 4, 5, ... 7 more] GB`), eval's
// text up to where explain's stops and with the same unit after the bracket.
bool same_shown(const std::string& eval, const std::string& explained) {
  if (eval == explained) return true;
  const std::size_t cut = explained.find(", ... ");
  const std::size_t close = explained.find(" more]", cut);
  if (cut == std::string::npos || close == std::string::npos) return false;
  const std::string unit = explained.substr(close + 6);
  return eval.compare(0, cut + 2, explained, 0, cut + 2) == 0 && eval.size() >= unit.size() &&
         eval.compare(eval.size() - unit.size(), unit.size(), unit) == 0;
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
    if (out_of_budget(reference[i]) || out_of_budget(explained)) continue;
    if (explained.failed != reference[i].failed ||
        (explained.failed && explained.code != reference[i].code))
      diverged(text, name + ": tree walk vs explain", reference[i], explained);
    if (!explained.failed) {
      const std::string want =
          tree.show(reference[i].value, Evaluator::declared_unit(*e, c.scenario));
      if (!same_shown(want, shown)) {
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
  // The scenario's constraints, as `reckon sweep` adds them: an infeasible point is
  // skipped by both engines alike.
  for (const Requirement& r : d.case_decl->scenario->requirements)
    space.require.push_back(r.condition.get());
  const std::size_t require_at = space.show.size() + space.where.size();
  sweep::Runner runner(p, space);
  sweep::Block block;
  const auto points = static_cast<std::size_t>(space.size());
  runner.run(0, points, 2, block);  // two threads: the workers split the points
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
    if (out_of_budget(reference)) continue;
    if (failed != !lazy || planned.code != reference.code)
      diverged(text, where + ": planned vs lazy", planned, reference);
    if (!lazy) continue;
    bool feasible = true;
    for (std::size_t r = 0; r < space.require.size(); ++r)
      feasible = feasible && (*lazy)[require_at + r].truthy();
    if (feasible != (block.status[point] != sweep::Status::infeasible)) {
      std::fprintf(stderr,
                   "divergence: %s: the planned engine says %s, the lazy one %s\n--- program\n%s",
                   where.c_str(), feasible ? "infeasible" : "feasible",
                   feasible ? "feasible" : "infeasible", text.c_str());
      std::abort();
    }
    if (!feasible) continue;  // the shown values of an infeasible point are none
    for (std::size_t t = 0; t < space.show.size(); ++t) {
      planned.value = Value::quantity(block.value(point, t), (*lazy)[t].dim);
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
