// The grammar: source texts that parse, checked by the shape of the AST they give,
// and source texts that do not, checked by the message and where it points.
#include <catch2/catch.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "grammar/parse.hpp"
#include "syntax/ast.hpp"
#include "syntax/diagnostics.hpp"
#include "syntax/source.hpp"

using namespace reckon;

namespace {

// --- an independent rendering of the AST as S-expressions ---------------------------

std::string op_name(Op op) {
  switch (op) {
    case Op::add:
      return "add";
    case Op::sub:
      return "sub";
    case Op::mul:
      return "mul";
    case Op::div:
      return "div";
    case Op::floordiv:
      return "floordiv";
    case Op::mod:
      return "mod";
    case Op::pow:
      return "pow";
    case Op::neg:
      return "neg";
    case Op::logical_not:
      return "not";
    case Op::logical_and:
      return "and";
    case Op::logical_or:
      return "or";
    case Op::eq:
      return "eq";
    case Op::ne:
      return "ne";
    case Op::lt:
      return "lt";
    case Op::le:
      return "le";
    case Op::gt:
      return "gt";
    case Op::ge:
      return "ge";
    case Op::coalesce:
      return "coalesce";
    case Op::in:
      return "in";
    case Op::not_in:
      return "notin";
    case Op::set_union:
      return "union";
    case Op::set_intersection:
      return "intersection";
  }
  return "?";
}

// `TFLOP/s` as [TFLOP^1,s^-1].
std::string show_unit(const UnitExpr& u) {
  std::string out = "[";
  for (std::size_t i = 0; i < u.factors.size(); ++i)
    out += (i ? "," : "") + u.factors[i].name + "^" + std::to_string(u.factors[i].exponent);
  return out + "]";
}

std::string show_number(double v) {
  std::ostringstream s;
  s << v;
  return s.str();
}

std::string show(const Expr& e);

std::string show_arguments(const CompactVector<Argument>& args) {
  std::string out;
  for (const Argument& a : args) {
    out += ", ";
    if (a.name) out += *a.name + ": ";
    out += show(*a.value);
  }
  return out;
}

std::string show(const Expr& e) {
  switch (e.kind) {
    case ExprKind::number:
      return show_number(e.number) + (e.unit ? show_unit(*e.unit) : "");
    case ExprKind::text:
      return "\"" + e.text + "\"";
    case ExprKind::boolean:
      return e.number != 0 ? "true" : "false";
    case ExprKind::none:
      return "none";
    case ExprKind::name:
      return e.text;
    case ExprKind::unary:
      return op_name(e.op) + "(" + show(*e.operands.at(0)) + ")";
    case ExprKind::binary:
      return op_name(e.op) + "(" + show(*e.operands.at(0)) + ", " + show(*e.operands.at(1)) + ")";
    case ExprKind::conditional:
      return "if(" + show(*e.operands.at(0)) + ", " + show(*e.operands.at(1)) + ", " +
             show(*e.operands.at(2)) + ")";
    case ExprKind::convert:
      return "convert(" + show(*e.operands.at(0)) + ", " + e.unit->text + show_unit(*e.unit) + ")";
    case ExprKind::call:
      return "call(" + show(*e.callee) + show_arguments(e.arguments) + ")";
    case ExprKind::member:
      return "member(" + show(*e.operands.at(0)) + ", " + e.text + ")";
    case ExprKind::list:
    case ExprKind::tuple:
    case ExprKind::set:
    case ExprKind::interpolation: {
      std::string out = e.kind == ExprKind::list    ? "list("
                        : e.kind == ExprKind::tuple ? "tuple("
                        : e.kind == ExprKind::set   ? "set("
                                                    : "interpolation(";
      for (std::size_t i = 0; i < e.operands.size(); ++i)
        out += (i ? ", " : "") + show(*e.operands[i]);
      return out + ")";
    }
    case ExprKind::number_list: {  // the first element, then the others' numbers
      std::string out = "numbers(" + show(*e.operands.at(0));
      std::ostringstream rest;
      for (std::size_t i = 1; i < e.packed->size(); ++i) rest << ", " << (*e.packed)[i];
      out += rest.str();
      return out + ")";
    }
    case ExprKind::comprehension: {
      std::string names;
      for (const Argument& a : e.arguments) names += (names.empty() ? "" : " ") + a.value->text;
      return "for(" + names + (e.op == Op::mul ? " tuple" : "") + ", " + show(*e.operands.at(0)) +
             ", " + show(*e.operands.at(1)) +
             (e.operands.size() > 2 ? ", if " + show(*e.operands[2]) : "") + ")";
    }
    case ExprKind::index:
      return "index(" + show(*e.operands.at(0)) + ", " + show(*e.operands.at(1)) + ")";
    case ExprKind::format:
      return "format(" + show(*e.operands.at(0)) + (e.text.empty() ? "" : ", " + e.text) + ")";
    case ExprKind::slice: {
      std::string out = "slice(" + show(*e.operands.at(0)) + ", ";
      const int written = static_cast<int>(e.number);
      out += written & 1 ? show(*e.operands.at(1)) : "_";
      out += ", ";
      out += written & 2 ? show(*e.operands.back()) : "_";
      return out + ")";
    }
    case ExprKind::range:
      return "range(" + show(*e.operands.at(0)) + ", " + show(*e.operands.at(1)) +
             (e.operands.size() > 2
                  ? (e.op == Op::mul ? ", times " : ", step ") + show(*e.operands[2])
                  : "") +
             ")";
    case ExprKind::lambda: {
      std::string names;
      for (const Argument& a : e.arguments) names += (names.empty() ? "" : " ") + a.value->text;
      return "lambda(" + names + ", " + show(*e.operands.at(0)) + ")";
    }
    case ExprKind::variant:
      return "with(" + show(*e.operands.at(0)) + show_arguments(e.arguments) + ")";
    case ExprKind::map: {
      std::string out = "map(";
      for (std::size_t i = 0; i + 1 < e.operands.size(); i += 2)
        out += (i ? ", " : "") + show(*e.operands[i]) + ": " + show(*e.operands[i + 1]);
      return out + ")";
    }
  }
  return "?";
}

std::string show_type(const TypeExpr& t) {
  if (t.key)
    return "{" + show_type(*t.key) + ": " + show_type(*t.element) + "}" + (t.optional ? "?" : "");
  if (t.element && t.set) return "{" + show_type(*t.element) + "}" + (t.optional ? "?" : "");
  if (t.element) return "[" + show_type(*t.element) + "]" + (t.optional ? "?" : "");
  return (t.integer ? "int " : "") + t.unit.text + (t.optional ? "?" : "");
}

// Docs as {docs "line|line" @key<text>}, or nothing.
std::string show_docs(const Docs& d) {
  if (d.text.empty() && d.metadata.empty()) return "";
  std::string text = d.text;
  for (char& c : text)
    if (c == '\n') c = '|';
  std::string out = "{docs \"" + text + "\"";
  for (const Metadata& m : d.metadata)
    out += " @" + m.key + "<" + m.text + (m.key == "fallacy" ? "|" + m.reality : "") + ">";
  return out + "} ";
}

std::string show_default(const ExprPtr& e) { return e ? " = " + show(*e) : ""; }

std::string show_parameters(const std::vector<Parameter>& params) {
  std::string out = "(";
  for (std::size_t i = 0; i < params.size(); ++i)
    out += (i ? ", " : "") + params[i].name + ": " + show_type(params[i].type) +
           show_default(params[i].default_value);
  return out + ")";
}

// `x in [1, 2]`, `x in 1 .. 8 step 1`, `x in 1 .. 8 times 2`, `x in 1 .. 8`.
std::string show_vary(const Vary& v) {
  std::string out = v.name + " in ";
  if (!v.from) {
    out += "[";
    for (std::size_t i = 0; i < v.values.size(); ++i) out += (i ? ", " : "") + show(*v.values[i]);
    return out + "]";
  }
  out += show(*v.from) + " .. " + show(*v.to);
  if (v.step) out += " step " + show(*v.step);
  if (v.factor) out += " times " + show(*v.factor);
  return out;
}

std::string show(const Decl& d) {
  std::string out = show_docs(d.docs);
  switch (d.kind) {
    case DeclKind::import:
      return out + "import \"" + static_cast<const ImportDecl&>(d).path + "\"";
    case DeclKind::record: {
      const auto& r = static_cast<const RecordDecl&>(d);
      out += "record " + r.name + " {";
      for (std::size_t i = 0; i < r.fields.size(); ++i) {
        const Field& f = r.fields[i];
        out += (i ? "; " : "") + show_docs(f.docs) + f.name + ": " + show_type(f.type) +
               show_default(f.default_value);
      }
      return out + "}";
    }
    case DeclKind::enumeration: {
      const auto& e = static_cast<const EnumDecl&>(d);
      out += "enum " + e.name + " {";
      for (std::size_t i = 0; i < e.members.size(); ++i) out += (i ? ", " : "") + e.members[i];
      return out + "}";
    }
    case DeclKind::scenario: {
      const auto& s = static_cast<const ScenarioDecl&>(d);
      out += "scenario " + s.name + " {";
      std::string sep;
      for (const Input& in : s.inputs) {
        out += sep + show_docs(in.docs) + "input " + in.name + ": " + show_type(in.type) +
               show_default(in.default_value);
        sep = "; ";
      }
      for (const Requirement& r : s.requirements) {
        out += sep + show_docs(r.docs) + "require " + show(*r.condition) + " else \"" + r.written +
               "\"";
        sep = "; ";
      }
      for (const Property& p : s.properties) {
        out += sep + show_docs(p.docs) + (p.is_method ? "method " : "prop ") + p.name;
        if (p.is_method) out += show_parameters(p.parameters);
        if (p.declared) out += ": " + show_type(*p.declared);
        out += " = " + show(*p.body);
        sep = "; ";
      }
      return out + "}";
    }
    case DeclKind::case_: {
      const auto& c = static_cast<const CaseDecl&>(d);
      out += "case " + c.name + " = " + c.base;
      std::string args = show_arguments(c.arguments);
      if (c.is_override) return out + " with" + (args.empty() ? "" : args.substr(1));
      return out + "(" + (args.empty() ? "" : args.substr(2)) + ")";
    }
    case DeclKind::check: {
      const auto& c = static_cast<const CheckDecl&>(d);
      out += "check " + show(*c.condition);
      if (c.tolerance) out += " within " + show(*c.tolerance);
      return out;
    }
    case DeclKind::let: {
      const auto& l = static_cast<const LetDecl&>(d);
      out += "let " + l.name;
      if (l.declared) out += ": " + show_type(*l.declared);
      return out + " = " + show(*l.value);
    }
    case DeclKind::native: {
      const auto& n = static_cast<const NativeDecl&>(d);
      if (n.is_constant) return out + "native let " + n.name + ": " + show_type(n.result);
      return out + "native " + n.name + show_parameters(n.parameters) + ": " + show_type(n.result);
    }
    case DeclKind::exercise:
      return out + "exercise " + d.name;  // its parts are tested by tests/exercises/
    case DeclKind::sweep: {
      const auto& x = static_cast<const SweepDecl&>(d);
      out += "sweep " + x.name + " about " + x.about;
      for (const Vary& v : x.vary) out += "; " + show_vary(v);
      for (const auto& e : x.show) out += "; show " + show(*e);
      for (const auto& e : x.where) out += "; where " + show(*e);
      if (x.objective)
        out += std::string("; ") + (x.maximize ? "max " : "min ") + show(*x.objective);
      return out;
    }
  }
  return out + "?";
}

std::string show(const Module& m) {
  std::string out;
  for (const auto& d : m.decls) out += (out.empty() ? "" : "\n") + show(*d);
  return out;
}

}  // namespace

TEST_CASE("expressions parse to the expected tree", "[grammar]") {
  struct Row {
    std::string source;
    std::string tree;
  };
  const std::vector<Row> rows = {
      // precedence and associativity
      {"1 + 2 * 3", "add(1, mul(2, 3))"},
      {"(1 + 2) * 3", "mul(add(1, 2), 3)"},
      {"1 - 2 - 3", "sub(sub(1, 2), 3)"},
      {"8 / 4 / 2", "div(div(8, 4), 2)"},
      {"7 // 2 % 3 * 4", "mul(mod(floordiv(7, 2), 3), 4)"},
      {"-2 ^ 2", "neg(pow(2, 2))"},
      {"-2^2", "neg(pow(2, 2))"},
      {"2 ^ 3 ^ 2", "pow(2, pow(3, 2))"},
      {"2 ^ -1", "pow(2, neg(1))"},
      {"a * b ^ 2", "mul(a, pow(b, 2))"},
      {"x - -1", "sub(x, neg(1))"},
      {"- - x", "neg(neg(x))"},
      {"a ?? b + 1", "coalesce(a, add(b, 1))"},
      {"a ?? b ?? c", "coalesce(coalesce(a, b), c)"},
      {"a + 1 == b ?? c", "eq(add(a, 1), coalesce(b, c))"},
      {"a < b and not c or d", "or(and(lt(a, b), not(c)), d)"},
      {"not not a", "not(not(a))"},
      {"a or b and c", "or(a, and(b, c))"},
      {"a != b", "ne(a, b)"},
      {"a <= b", "le(a, b)"},
      {"a >= b", "ge(a, b)"},
      {"a > b", "gt(a, b)"},
      // literals
      {"1.5e3", "1500"},
      {"2E-3", "0.002"},
      {"\"hi\"", "\"hi\""},
      {"\"a\\\"b\\\\c\\nd\\te\"", "\"a\"b\\c\nd\te\""},
      // texts: `{expr}` and `{expr:digits}` interpolate; `{{` `}}` are braces
      {"\"{{x}}\"", "\"{x}\""},
      {"\"{x}\"", "interpolation(format(x))"},
      {"\"kv: {kv -> GiB:.1f} per {n + 1}\"",
       "interpolation(\"kv: \", format(convert(kv, GiB[GiB^1]), .1f), \" per \", "
       "format(add(n, 1)))"},
      {"\"{f(a: 1):.3g}{{\"", "interpolation(format(call(f, a: 1), .3g), \"{\")"},
      {"\"{ (b) }\"", "interpolation(format(b))"},
      {"\"a\" + \"b\"", "add(\"a\", \"b\")"},
      {"true", "true"},
      {"false", "false"},
      {"none", "none"},
      {"nonesuch", "nonesuch"},  // a keyword prefix is still a name
      // numbers with units
      {"989 TFLOP/s", "989[TFLOP^1,s^-1]"},
      {"989TFLOP/s", "989[TFLOP^1,s^-1]"},
      {"2 kg*m^2/s^3", "2[kg^1,m^2,s^-3]"},
      {"3 s^-1", "3[s^-1]"},
      {"2048 token", "2048[token^1]"},
      {"2 GB * 3", "mul(2[GB^1], 3)"},  // spaces end a unit
      {"2 m ^ 2", "pow(2[m^1], 2)"},
      {"-2 GB", "neg(2[GB^1])"},
      // a unit after a parenthesized expression scales it
      {"(1/3) GB", "mul(div(1, 3), 1[GB^1])"},
      {"(a + b)GiB/s", "mul(add(a, b), 1[GiB^1,s^-1])"},
      // dividing by a quantity literal is fine unless the left side is a bare number
      {"work / 989 TFLOP/s", "div(work, 989[TFLOP^1,s^-1])"},
      {"1 / (3 GB)", "div(1, 3[GB^1])"},
      {"1 GB / 3 s", "div(1[GB^1], 3[s^1])"},
      {"(1) / 3 GB", "div(1, 3[GB^1])"},  // the parentheses say which is meant
      // `%` glued to a number is the remainder when an operand follows on its line
      {"7%2", "mod(7, 2)"},
      {"7 % n", "mod(7, n)"},
      // `B` glued to a number with more unit after it, or with an exponent, is bytes
      {"70 B", "70[B^1]"},
      {"70B/token", "70[B^1,token^-1]"},
      {"1e9B", "1e+09[B^1]"},
      // conversions bind loosest
      {"x -> GiB", "convert(x, GiB[GiB^1])"},
      {"x->GiB", "convert(x, GiB[GiB^1])"},
      {"a + b -> GB/s", "convert(add(a, b), GB/s[GB^1,s^-1])"},
      {"a or b -> s", "convert(or(a, b), s[s^1])"},
      // member and call chains
      {"w.layers", "member(w, layers)"},
      {"a.b.c", "member(member(a, b), c)"},
      {"f()", "call(f)"},
      {"f (1)", "call(f, 1)"},
      {"f(1, k: 2,)", "call(f, 1, k: 2)"},
      {"f(1, k: 2).x.g()", "call(member(member(call(f, 1, k: 2), x), g))"},
      {"C.activations(selective) / 2", "div(call(member(C, activations), selective), 2)"},
      {"-x.y ^ 2", "neg(pow(member(x, y), 2))"},
      {"f(\n  a,\n  b\n)", "call(f, a, b)"},
      {"a.\n  b", "member(a, b)"},  // a line break may follow the '.'
      // conditionals
      {"if a then b else c", "if(a, b, c)"},
      {"if a then 1 else if b then 2 else 3", "if(a, 1, if(b, 2, 3))"},
      {"if a < 1 then x ?? 0 else y -> GB", "if(lt(a, 1), coalesce(x, 0), convert(y, GB[GB^1]))"},
      {"1 + (if a then 2 else 3)", "add(1, if(a, 2, 3))"},
      // `with` binds looser than every operator and `->`; an override takes no bare
      // `with` (so a second `with` chains) and every `name: value` after a comma
      {"A with x: 1", "with(A, x: 1)"},
      {"A with x: 1 + 2 * b, y: c -> GB", "with(A, x: add(1, mul(2, b)), y: convert(c, GB[GB^1]))"},
      {"A with x: 1 with y: 2", "with(with(A, x: 1), y: 2)"},
      {"(A with x: 4).fits", "member(with(A, x: 4), fits)"},
      {"f(A with x: 1, 2)", "call(f, with(A, x: 1), 2)"},
      {"f(A with x: 1, y: 2)", "call(f, with(A, x: 1, y: 2))"},
      {"f((A with x: 1), y: 2)", "call(f, with(A, x: 1), y: 2)"},
      {"S(a: 1) with a: if c then 2 else 3", "with(call(S, a: 1), a: if(c, 2, 3))"},
      {"A with x: 1 # why\n  , y: 2", "with(A, x: 1, y: 2)"},
      {"if c then A else B with x: 1", "if(c, A, with(B, x: 1))"},
      {"A with\n  x: 1", "with(A, x: 1)"},
      // maps: keys are texts or names, entries may end with a comma, lookups are indexes
      {"{\"a\": 1 GB, \"b\": 2 GB}", "map(\"a\": 1[GB^1], \"b\": 2[GB^1])"},
      {"{nvidia: 80 GB, amd: 192 GB,}", "map(nvidia: 80[GB^1], amd: 192[GB^1])"},
      {"{}", "map()"},
      {"{\n  \"a\": x + 1,\n  \"b\": {\"c\": 2}\n}", "map(\"a\": add(x, 1), \"b\": map(\"c\": 2))"},
      {"m[\"us-east\"] * e", "mul(index(m, \"us-east\"), e)"},
      {"{\"a\": 1}[\"a\"]", "index(map(\"a\": 1), \"a\")"},
      // computed keys: any expression but a bare name, which is a member
      {"{1: \"one\", 2 + 1: \"three\"}", "map(1: \"one\", add(2, 1): \"three\")"},
      // sets: braces without ':', the operators |, & below a comparison, `in`, `not in`
      {"{\"a\", \"b\",}", "set(\"a\", \"b\")"},
      {"{x + 1}", "set(add(x, 1))"},
      {"a | b & c == d", "eq(union(a, intersection(b, c)), d)"},
      {"a ?? b | c", "union(coalesce(a, b), c)"},
      {"x in s and y not in t", "and(in(x, s), notin(y, t))"},
      {"not x in s", "not(in(x, s))"},
      {"[x for x in xs if x in s]", "for(x, xs, x, if in(x, s))"},
      // layout
      {"  1 +  # a comment\n  2  ", "add(1, 2)"},
      {"1\n+\n2", "add(1, 2)"},
      // lambdas: the body reaches as far as an expression does; `(x)` alone is a paren
      {"x => x.time", "lambda(x, member(x, time))"},
      {"(acc, x) => acc + x", "lambda(acc x, add(acc, x))"},
      {"(x) => x", "lambda(x, x)"},
      {"(x)", "x"},
      // tuples: a comma in parentheses; `(x)` stays grouping; a lambda's parameters win
      {"(784, 256)", "tuple(784, 256)"},
      {"(1 GB, (2, \"a\"))", "tuple(1[GB^1], tuple(2, \"a\"))"},
      {"p[0] + (a, b)[1]", "add(index(p, 0), index(tuple(a, b), 1))"},
      {"[(a, b) for (a, b) in xs]", "for(a b tuple, xs, tuple(a, b))"},
      {"sort(xs, by: d => d.peak)", "call(sort, xs, by: lambda(d, member(d, peak)))"},
      {"fold(xs, 0, (a, b) =>\n  a + b)", "call(fold, xs, 0, lambda(a b, add(a, b)))"},
  };
  for (const Row& r : rows) {
    DYNAMIC_SECTION(r.source) {
      SourceManager sources;
      FileId id = sources.add("test.rk", r.source);
      std::string tree;
      try {
        tree = show(*parse_expression(sources, id));
      } catch (const UserError& e) {
        FAIL("UserError: " << e.what() << " at " << e.diagnostic().range->begin);
      }
      CHECK(tree == r.tree);
    }
  }
}

// Long lists of numbers in one unit take the fast path (grammar/number_list.hpp): one
// node holding the numbers as written, the first element with the unit. Anything the
// scan gives up on is an ordinary list, element by element.
TEST_CASE("long lists of numbers in one unit are kept packed", "[grammar]") {
  auto numbers = [](int count, const std::string& unit, const std::string& last) {
    std::string out = "[";
    for (int i = 1; i < count; ++i) out += std::to_string(i) + " " + unit + ", ";
    return out + last + "]";
  };
  struct Row {
    std::string source;
    std::string tree;
  };
  const std::vector<Row> rows = {
      {numbers(16, "ms", "16 ms"),
       "numbers(1[ms^1], 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)"},
      {numbers(16, "GB/s^2", "1.5e3 GB/s^2"),
       "numbers(1[GB^1,s^-2], 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 1500)"},
      // 15 elements: below min_packed_elements
      {numbers(15, "ms", "15 ms"),
       "list(1[ms^1], 2[ms^1], 3[ms^1], 4[ms^1], 5[ms^1], 6[ms^1], 7[ms^1], 8[ms^1], 9[ms^1], "
       "10[ms^1], 11[ms^1], 12[ms^1], 13[ms^1], 14[ms^1], 15[ms^1])"},
      // another unit, a plain number, an expression, a huge number: element by element
      {numbers(16, "ms", "16 s"), "list(1[ms^1]"},
      {numbers(16, "ms", "16"), "list(1[ms^1]"},
      {numbers(16, "ms", "16 ms * 2"), "list(1[ms^1]"},
      {numbers(16, "ms", "1e300 ms"), "list(1[ms^1]"},
      {numbers(16, "ms", "-16 ms"), "list(1[ms^1]"},
      // a unit that goes on past the first element's: another unit
      {numbers(16, "ms", "16 ms^2"), "list(1[ms^1]"},
      {numbers(16, "ms", "16 msx"), "list(1[ms^1]"},
      {numbers(16, "ms", "16 ms/s"), "list(1[ms^1]"},
      {numbers(16, "ms", "16 ms*s"), "list(1[ms^1]"},
      // an exponent, and more digits than the short path takes: still packed
      {numbers(16, "ms", "1.25e1 ms"),
       "numbers(1[ms^1], 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 12.5)"},
  };
  for (const Row& r : rows) {
    DYNAMIC_SECTION(r.source) {
      SourceManager sources;
      FileId id = sources.add("test.rk", r.source);
      const std::string tree = show(*parse_expression(sources, id));
      CHECK(tree.substr(0, r.tree.size()) == r.tree);
      if (r.tree.starts_with("numbers")) CHECK(tree == r.tree);
    }
  }
}

TEST_CASE("expression nodes carry their source ranges", "[grammar]") {
  struct Row {
    std::string source;
    std::uint32_t begin, end;            // of the root
    std::uint32_t unit_begin, unit_end;  // of the first unit in the tree (0, 0: none)
  };
  const std::vector<Row> rows = {
      // "1 + 2 * 3": nine bytes
      {"1 + 2 * 3", 0, 9, 0, 0},
      // leading and trailing blanks are not part of the expression: "x -> GiB" at 2..10
      {"  x -> GiB ", 2, 10, 7, 10},
      // "989 TFLOP/s": the unit "TFLOP/s" is bytes 4..11
      {"989 TFLOP/s", 0, 11, 4, 11},
      // "f(a).b": the member ends after 'b'
      {"f(a).b", 0, 6, 0, 0},
  };
  for (const Row& r : rows) {
    DYNAMIC_SECTION(r.source) {
      SourceManager sources;
      FileId id = sources.add("test.rk", r.source);
      ExprPtr e = parse_expression(sources, id);
      CHECK(e->range.file == id);
      CHECK(e->range.begin == r.begin);
      CHECK(e->range.end == r.end);
      const Expr* with_unit = e.get();
      while (with_unit && !with_unit->unit)
        with_unit = with_unit->operands.empty() ? nullptr : with_unit->operands[0].get();
      if (r.unit_end == 0) {
        CHECK(with_unit == nullptr);
      } else {
        REQUIRE(with_unit != nullptr);
        CHECK(with_unit->unit->range.begin == r.unit_begin);
        CHECK(with_unit->unit->range.end == r.unit_end);
      }
    }
  }
}

// A parenthesised expression's range includes its parentheses, so a diagnostic on a
// chain that starts with one underlines "(1 + 2) * 3", not "1 + 2) * 3".
TEST_CASE("parenthesised operands are inside their chain's range", "[grammar]") {
  struct Row {
    std::string source;
    std::uint32_t begin, end;
  };
  const std::vector<Row> rows = {
      // "(1 + 2) * 3" is eleven bytes
      {"(1 + 2) * 3", 0, 11},
      // "(a) ?? b" is eight bytes
      {"(a) ?? b", 0, 8},
      // "(1)" is three bytes
      {"(1)", 0, 3},
      // " ( x ) " : the parentheses are bytes 1 and 5
      {" ( x ) ", 1, 6},
  };
  for (const Row& r : rows) {
    DYNAMIC_SECTION(r.source) {
      SourceManager sources;
      FileId id = sources.add("test.rk", r.source);
      ExprPtr e = parse_expression(sources, id);
      CHECK(e->range.begin == r.begin);
      CHECK(e->range.end == r.end);
    }
  }
}

TEST_CASE("modules parse to the expected declarations", "[grammar]") {
  struct Row {
    std::string source;
    std::string decls;  // one line per declaration
  };
  const std::vector<Row> rows = {
      {"import \"models\"", "import \"models\""},
      {"", ""},
      {"  # only a comment\n", ""},
      {"let x = 1", "let x = 1"},
      {"let x: GB = 1", "let x: GB = 1"},
      {"let x: int token? = none", "let x: int token? = none"},
      {"let m: {text: GB} = {}", "let m: {text: GB} = map()"},
      {"let s: {text}? = {}", "let s: {text}? = map()"},
      {"let m: {count: {Vendor}} = {}", "let m: {count: {Vendor}} = map()"},
      {"let m: {Vendor: [GB]}? = none", "let m: {Vendor: [GB]}? = none"},
      {"let a = 1\nlet b = a\ncheck b == 1", "let a = 1\nlet b = a\ncheck eq(b, 1)"},
      {"check a == b within 1e-3", "check eq(a, b) within 0.001"},
      {"check a\ncheck not b", "check a\ncheck not(b)"},
      {"check x == 2 GB within 1 MB", "check eq(x, 2[GB^1]) within 1[MB^1]"},
      // a unit must be on the line of its number: `GB` here is not a unit of 2
      {"let a = 2\nlet b = 3", "let a = 2\nlet b = 3"},
      {"enum E { a, b, none, }", "enum E {a, b, none}"},
      {"record R {\n  ## The name.\n  name: text\n  n: int token? = none\n}",
       "record R {{docs \"The name.\"} name: text; n: int token? = none}"},
      {"record Empty {}", "record Empty {}"},
      {"scenario S {\n"
       "  ## Width.\n"
       "  input w: count = 4\n"
       "  input p: B? = none\n"
       "  ## Doubled.\n"
       "  double: count = 2 * w\n"
       "  size: GB = w * 1 GB\n"
       "  inferred = size\n"
       "  f(k: count, s: Recompute = selective): B = k * 1 B\n"
       "  g() = 1\n"
       "}",
       "scenario S {{docs \"Width.\"} input w: count = 4; input p: B? = none; "
       "{docs \"Doubled.\"} prop double: count = mul(2, w); prop size: GB = mul(w, 1[GB^1]); "
       "prop inferred = size; method f(k: count, s: Recompute = selective): B = mul(k, 1[B^1]); "
       "method g() = 1}"},
      {"scenario T {\n"
       "  input tp: count\n"
       "  ## Why.\n"
       "  require tp <= 8 else \"at most {8} GPUs\"\n"
       "  require (tp > 0)\n    else \"none\"\n"
       "  require = 2\n"
       "  require: count = 3\n"
       "}",
       "scenario T {input tp: count; {docs \"Why.\"} require le(tp, 8) else \"at most {8} GPUs\"; "
       "require gt(tp, 0) else \"none\"; prop require = 2; prop require: count = 3}"},
      {"let v = A with x: 2", "let v = with(A, x: 2)"},
      {"case A = S(w: 1, 2)", "case A = S(w: 1, 2)"},
      {"case A = S()", "case A = S()"},
      {"case B = A with x: 1", "case B = A with x: 1"},
      {"case C = A with x: 1, y: 2 GB,", "case C = A with x: 1, y: 2[GB^1]"},
      {"native let K: number", "native let K: number"},
      {"native f(a: count, b: B = 2 B): flop", "native f(a: count, b: B = 2[B^1]): flop"},
      // documentation attaches to the next declaration only
      // metadata and imports are not interpolated
      {"@source \"{not} {{interpolated}\"\nlet x = 1",
       "{docs \"\" @source<{not} {{interpolated}>} let x = 1"},
      {"import \"{odd}.rk\"", "import \"{odd}.rk\""},
      {"## First line.\n##Second\n@source \"Paper, 2022\"\n@note \"a \\\"q\\\"\"\nlet x = 1",
       "{docs \"First line.|Second\" @source<Paper, 2022> @note<a \"q\">} let x = 1"},
      {"## A\nlet a = 1\nlet b = 2", "{docs \"A\"} let a = 1\nlet b = 2"},
      {"## doc\n\n## more\nlet x = 1", "{docs \"doc|more\"} let x = 1"},
      {"@source \"only metadata\"\ncase A = S()",
       "{docs \"\" @source<only metadata>} case A = S()"},
      // @fallacy: two strings, the claim and the reality, beside other metadata
      {"@source \"P\"\n@fallacy \"More is <faster>.\"  \"Not past the ridge.\"\nlet x = 1",
       "{docs \"\" @source<P> @fallacy<More is <faster>.|Not past the ridge.>} let x = 1"},
      {"@fallacyx \"an ordinary key\"\nlet x = 1",
       "{docs \"\" @fallacyx<an ordinary key>} let x = 1"},
      {"# a plain comment is not documentation\nlet x = 1", "let x = 1"},
      {"## CRLF line\r\nlet x = 1\r\n", "{docs \"CRLF line\"} let x = 1"},
      // sweeps: items in any order; `times` and `show` are not units of a number
      {"sweep Fit {\n"
       "  about C\n"
       "  vary b in [1, 2, 4]\n"
       "  vary s in 2048 token .. 32768 token times 2\n"
       "  vary k in 1 .. 8 step 1\n"
       "  show m, f(x), 2 * m\n"
       "  where m < 80 GiB\n"
       "  where b > 1\n"
       "  maximize b * s\n"
       "}",
       "sweep Fit about C; b in [1, 2, 4]; s in 2048[token^1] .. 32768[token^1] times 2; "
       "k in 1 .. 8 step 1; show m; show call(f, x); show mul(2, m); where lt(m, 80[GiB^1]); "
       "where gt(b, 1); max mul(b, s)"},
      {"sweep S { about C vary x in [1] minimize y }", "sweep S about C; x in [1]; min y"},
  };
  for (const Row& r : rows) {
    DYNAMIC_SECTION(r.source) {
      SourceManager sources;
      FileId id = sources.add("test.rk", r.source);
      std::string decls;
      try {
        auto m = parse_module(sources, id);
        CHECK(m->file == id);
        decls = show(*m);
      } catch (const UserError& e) {
        FAIL("UserError: " << e.what() << " at " << e.diagnostic().range->begin);
      }
      CHECK(decls == r.decls);
    }
  }
}

TEST_CASE("declarations carry their names' ranges", "[grammar]") {
  const std::string text = "let alpha = 1\ncase Big = S(w: 1)\nscenario S {\n  input w: count\n}";
  SourceManager sources;
  FileId id = sources.add("test.rk", text);
  auto m = parse_module(sources, id);
  REQUIRE(m->decls.size() == 3);
  struct Row {
    std::string name;
  };
  const std::vector<Row> rows = {{"alpha"}, {"Big"}, {"S"}};
  for (std::size_t i = 0; i < rows.size(); ++i) {
    INFO(rows[i].name);
    const Decl& d = *m->decls[i];
    CHECK(d.name == rows[i].name);
    auto at = static_cast<std::uint32_t>(text.find(rows[i].name + " "));
    CHECK(d.name_range.begin == at);
    CHECK(d.name_range.end == at + rows[i].name.size());
  }
  const auto& c = static_cast<const CaseDecl&>(*m->decls[1]);
  CHECK(c.base_range.begin == text.find("S(w"));
  CHECK(location(sources, m->decls[2]->name_range) == "test.rk:3:10");
}

TEST_CASE("the command line's --vary and --show values parse", "[grammar]") {
  struct Row {
    std::string source;
    std::string parsed;
  };
  const std::vector<Row> rows = {
      {"1,2,4,8", "x in [1, 2, 4, 8]"},
      {"1", "x in [1]"},
      {"2 GB, 4 GB", "x in [2[GB^1], 4[GB^1]]"},
      // the end and the stride of a range are postfix terms: `*2` is the factor
      {"2048..32768*2", "x in 2048 .. 32768 times 2"},
      {"2048 token .. 32768 token * 2", "x in 2048[token^1] .. 32768[token^1] times 2"},
      // glued: the end's unit stops before `*` and a digit or `(`, which no unit starts with
      {"1024 token..32768 token*2", "x in 1024[token^1] .. 32768[token^1] times 2"},
      {"1 GB/s..8 GB/s*(1 + 1)", "x in 1[GB^1,s^-1] .. 8[GB^1,s^-1] times add(1, 1)"},
      {"1 kB..4 kB*s*2", "x in 1[kB^1] .. 4[kB^1,s^1] times 2"},
      {"1..64+8", "x in 1 .. 64 step 8"},
      {"1..8", "x in 1 .. 8"},
      {"(1 + 1)..(4 * 4)+2", "x in add(1, 1) .. mul(4, 4) step 2"},
      {"GPT3_175B, LLAMA3_70B", "x in [GPT3_175B, LLAMA3_70B]"},
  };
  for (const Row& r : rows) {
    DYNAMIC_SECTION(r.source) {
      SourceManager sources;
      FileId id = sources.add("--vary x", r.source);
      Vary v = parse_vary_spec(sources, id);
      v.name = "x";
      CHECK(show_vary(v) == r.parsed);
    }
  }
  SourceManager sources;
  auto list = parse_expression_list(sources, sources.add("--show", "a, f(b, c), d.e"));
  REQUIRE(list.size() == 3);
  CHECK(show(*list[1]) == "call(f, b, c)");
  CHECK(show(*list[2]) == "member(d, e)");
  for (const char* bad : {"1..", "1,,2", "1..8*", "", "1..8 step 2", "1 B..8 B/2"}) {
    INFO(bad);
    SourceManager errors;
    CHECK_THROWS_AS(parse_vary_spec(errors, errors.add("--vary x", bad)), UserError);
  }
}

TEST_CASE("syntax errors are located UserErrors", "[grammar]") {
  enum class Mode { module, expression };
  struct Row {
    Mode mode;
    std::string source;
    std::string message;
    std::uint32_t at;  // byte offset of the error's begin
  };
  const std::string nested(250, '(');
  const std::string closed(250, ')');
  const std::vector<Row> rows = {
      // "let x = " is 8 bytes: the expression is missing at the end
      {Mode::module, "let x = ", "expected an expression", 8},
      {Mode::module, "let x = ()", "expected an expression", 9},
      // "let x = f(a: " is 13 bytes
      {Mode::module, "let x = f(a: )", "expected an expression", 13},
      {Mode::module, "let x = 1 +", "expected an operand after the operator", 11},
      {Mode::module, "let x = 2 *", "expected an operand after the operator", 11},
      {Mode::module, "let x = -", "expected an operand", 9},
      {Mode::module, "let x = 2 ^", "expected an operand", 11},
      {Mode::module, "let x = a ??", "expected an operand after the ?? operator", 12},
      {Mode::module, "let x = 1 == ", "expected an operand after the comparison", 13},
      {Mode::module, "let x = a in ", "expected an operand after the comparison", 13},
      {Mode::module, "let x = a | ", "expected an operand after '|'", 12},
      {Mode::module, "let x = a & ", "expected an operand after '&'", 12},
      // "let x = {1, " is 12 bytes: a set's next element is missing
      {Mode::module, "let x = {1, ,}",
       "expected another entry, as in `{\"us-east\": 380 gCO2e/kWh}`, or element, as in "
       "`{\"a\", \"b\"}`",
       12},
      // "let x = {\"a\": 1, " is 17 bytes: a set element among map entries
      {Mode::module, "let x = {\"a\": 1, \"b\"}",
       "an element alone among the entries of a map: a literal is a map (`{\"a\": 1, \"b\": 2}`) "
       "or a set (`{\"a\", \"b\"}`), not both",
       17},
      {Mode::module, "let x = {\"a\", \"b\": 1}",
       "an entry `key: value` among the elements of a set: a literal is a set (`{\"a\", \"b\"}`) "
       "or a map (`{\"a\": 1, \"b\": 2}`), not both",
       14},
      // "let x: {text " is 13 bytes: neither ':' nor '}' follows the first type
      {Mode::module, "let x: {text GB} = 1",
       "expected ':' and the value type of a map, as in `{text: GB}`, or '}' after the element "
       "type of a set, as in `{text}`",
       13},
      {Mode::module, "let x = a and", "expected an operand after 'and'", 13},
      {Mode::module, "let x = a or", "expected an operand after 'or'", 12},
      // "let x = f(a => " is 15 bytes: the lambda's body is missing
      {Mode::module, "let x = f(a => )",
       "expected the lambda's body after '=>', as in `x => x.time`", 15},
      // "let x = f(a + 1 " is 16 bytes: the arrow follows what is no parameter list
      {Mode::module, "let x = f(a + 1 => a)",
       "a lambda's parameters are names, as in `x => x.time` or `(acc, x) => acc + x`", 16},
      {Mode::module, "let x = not", "expected an operand after 'not'", 11},
      // "let x = (1 + 2\n" is 15 bytes: the next declaration stands where `)` should
      {Mode::module, "let x = (1 + 2\nlet y = 1", "expected ')'", 15},
      {Mode::module, "let x = f(1\nlet y = 1", "expected ')'", 12},
      // a bracket still open at the end of the text: the error is at the bracket (E0921)
      {Mode::module, "let x = (1 + 2", "unclosed `(`: the text ends before its `)`", 8},
      {Mode::module, "let x = f(1", "unclosed `(`: the text ends before its `)`", 9},
      // the innermost one; a bracket in a string or a comment does not count
      {Mode::module, "let x = [f(1, \"(\"), g(2 # (\n",
       "unclosed `(`: the text ends before its `)`", 21},
      {Mode::module, "let x = a.", "expected a member name after '.'", 10},
      // "let x = if a " is 13 bytes: `b` stands where `then` should
      {Mode::module, "let x = if a b else c", "expected 'then' after the condition of 'if'", 13},
      {Mode::module, "let x = if a then b", "expected 'else': every 'if' needs both branches", 19},
      {Mode::module, "let x = 1e", "expected digits in the exponent of a number", 10},
      {Mode::module, "let x = 1e+", "expected digits in the exponent of a number", 11},
      {Mode::module, "let s = \"abc",
       "unterminated string: expected a closing '\"' on the same line", 12},
      // a string ends on its line: the line break is byte 10
      {Mode::module, "let s = \"a\nb\"",
       "unterminated string: expected a closing '\"' on the same line", 10},
      // `"a\q`: the q is byte 11
      {Mode::module, "let s = \"a\\qb\"", "unknown escape in string (use \\\", \\\\, \\n or \\t)",
       11},
      {Mode::module, "let x = a -> ", "expected a unit after '->'", 13},
      {Mode::module, "let x = 3 GB/", "expected a unit name after '*' or '/' in a unit", 13},
      {Mode::module, "let x = 3 m^", "expected an integer exponent after '^' in a unit", 12},
      {Mode::module, "let x = 3 m^x", "expected an integer exponent after '^' in a unit", 12},
      {Mode::module, "let x: = 1",
       "expected a type or unit (for example count, B, GB/s, Transformer)", 7},
      {Mode::module, "let = 1", "expected a name", 4},
      {Mode::module, "let if = 1", "expected a name", 4},
      {Mode::module, "let x 1", "expected '=' and a definition", 6},
      {Mode::module, "scenario S", "expected '{'", 10},
      // "scenario S {\n" is 13 bytes, "  input x\n" 10 more: the '}' is byte 23
      {Mode::module, "scenario S {\n  input x\n}", "expected ':' and a type", 23},
      // "record R {\n" 11 bytes + "  a: count\n" 11 bytes
      {Mode::module, "record R {\n  a: count\nlet y = 1", "expected '}' or another member", 22},
      {Mode::module, "record R {\n  a: count\n", "unclosed `{`: the text ends before its `}`", 9},
      {Mode::module, "case A = ", "expected the scenario or case this case binds", 9},
      {Mode::module, "case A = S x: 1", "expected '(' with input values, or 'with' and overrides",
       11},
      // "let v = A with " is 15 bytes
      {Mode::module, "let v = A with 2",
       "expected `input: value` after 'with', as in `Base with micro_batch: 4`", 15},
      {Mode::module, "let v = A with x:", "expected the input's new value after ':'", 17},
      // "scenario S {\n" 13 bytes + "  require " 10
      {Mode::module, "scenario S {\n  require else \"m\"\n}",
       "expected the constraint's condition after 'require', as in `require tensor_parallel "
       "<= gpus else \"...\"`",
       23},
      {Mode::module, "scenario S {\n  require 1 < 2\n}",
       "expected 'else' and the message shown when the constraint is broken", 29},
      {Mode::module, "scenario S {\n  require 1 < 2 else m\n}",
       "expected the constraint's message as a string in double quotes", 34},
      {Mode::module, "native f: B", "expected '(' and the parameters of the native function", 8},
      {Mode::module, "native 3", "expected 'let NAME: TYPE' or 'NAME(PARAMS): TYPE' after 'native'",
       7},
      {Mode::module, "@ \"x\"\nlet x = 1",
       "expected a metadata key after '@', as in @source \"...\"", 1},
      {Mode::module, "@source x\nlet a = 1", "expected a string in double quotes", 8},
      // "@fallacy \"a\"" is 12 bytes: the reality is missing at its end
      {Mode::module, "@fallacy \"a\"\nlet a = 1",
       "@fallacy takes two strings on its line: after the claim, the reality, as in @fallacy "
       "\"Doubling GPUs halves the step time\" \"Communication does not shrink\"",
       12},
      {Mode::module, "@fallacy\nlet a = 1",
       "@fallacy takes two strings on its line, the claim and the reality, as in @fallacy "
       "\"Doubling GPUs halves the step time\" \"Communication does not shrink\"",
       8},
      {Mode::module, "import models", "expected a string in double quotes", 7},
      // "let x = 1\n" is 10 bytes
      {Mode::module, "let x = 1\nfoo",
       "expected a declaration (import, record, enum, scenario, case, check, let, native, sweep or "
       "exercise)",
       10},
      // a unit on the next line is not the number's unit, and not a declaration
      {Mode::module, "let x = 2\nGB",
       "expected a declaration (import, record, enum, scenario, case, check, let, native, sweep or "
       "exercise)",
       10},
      {Mode::module, "## dangling docs\n",
       "expected a declaration (import, record, enum, scenario, case, check, let, native, sweep or "
       "exercise)",
       17},
      {Mode::expression, "1 2", "unexpected text: expected the end of the input", 2},
      {Mode::expression, "2\nGB", "unexpected text: expected the end of the input", 2},
      // nor is a unit on the line after a parenthesis
      {Mode::expression, "(a)\nGB", "unexpected text: expected the end of the input", 4},
      {Mode::expression, "", "expected an expression", 0},
      {Mode::expression, "let x = 1", "expected an expression", 0},
      // 201 parentheses nest one level too deep: the error is after the 201st
      {Mode::expression, nested + "1" + closed,
       "expressions nest too deeply (the limit is 200 levels)", 201},
  };
  for (const Row& r : rows) {
    DYNAMIC_SECTION(r.source.substr(0, 40)) {
      SourceManager sources;
      FileId id = sources.add("test.rk", r.source);
      bool threw = false;
      try {
        if (r.mode == Mode::module)
          parse_module(sources, id);
        else
          parse_expression(sources, id);
      } catch (const UserError& e) {
        threw = true;
        CHECK(std::string(e.what()) == r.message);
        CHECK(e.diagnostic().message == r.message);
        REQUIRE(e.diagnostic().range.has_value());
        CHECK(e.diagnostic().range->file == id);
        CHECK(e.diagnostic().range->begin == r.at);
        CHECK(e.diagnostic().range->end >= e.diagnostic().range->begin);
      }
      CHECK(threw);
    }
  }
}

// Literals that read one way and mean another are refused where they are written, with
// the spelling to use instead (E0166-E0169).
TEST_CASE("misleading number literals are located errors", "[grammar]") {
  struct Row {
    std::string source;
    std::string code;
    std::uint32_t at;  // byte offset of the error's begin
    std::string says;  // part of the message
  };
  const std::vector<Row> rows = {
      {"1/3 GB", "E0166", 0, "`(1/3) GB` for a fraction of a GB, or `1 / (3 GB)`"},
      {"x * (1 / 3 GB)", "E0166", 5, "`1 / (3 GB)`"},
      {"2 * 1/3 GB", "E0166", 4, "`(1/3) GB`"},  // the operand just before the `/`
      {"1/989 TFLOP/s", "E0166", 0, "`(1/989) TFLOP/s`"},
      {"70B", "E0167", 0, "`70e9`"},
      {"x + 7B", "E0167", 4, "`7 Gparam`"},
      {"1.5B * 2", "E0167", 0, "`1.5 B`"},
      {"50%", "E0168", 0, "`0.5`"},
      {"f(40%)", "E0168", 2, "`0.4`"},
      {"50% - x", "E0168", 0, "`0.5`"},
      {"12.5% # a comment", "E0168", 0, "`0.125`"},
      {"100 $", "E0169", 0, "`100 USD`"},
      {"x + $2.5", "E0169", 4, "`2.5 USD`"},
  };
  for (const Row& r : rows) {
    DYNAMIC_SECTION(r.source) {
      SourceManager sources;
      FileId id = sources.add("test.rk", r.source);
      bool threw = false;
      try {
        parse_expression(sources, id);
      } catch (const UserError& e) {
        threw = true;
        INFO(e.what());
        CHECK(e.diagnostic().code == r.code);
        REQUIRE(e.diagnostic().range.has_value());
        CHECK(e.diagnostic().range->begin == r.at);
        CHECK(std::string(e.what()).find(r.says) != std::string::npos);
      }
      CHECK(threw);
    }
  }
  // In a module, `mfu = 40%` at the end of a line is refused there, not read as
  // `40 % <next line>`.
  SourceManager sources;
  FileId id = sources.add("test.rk", "scenario S {\n  mfu = 40%\n  n = 2\n}\n");
  try {
    parse_module(sources, id);
    FAIL("40% parsed");
  } catch (const UserError& e) {
    CHECK(e.diagnostic().code == "E0168");
    CHECK(e.diagnostic().range->begin == 21);  // "scenario S {\n" 13 + "  mfu = " 8
  }
}

TEST_CASE("syntax errors render with line and column", "[grammar]") {
  struct Row {
    std::string source;
    std::string where;
  };
  const std::vector<Row> rows = {
      // the missing operand is on line 3, after "  1 *" (column 6)
      {"let a = 1\nlet b =\n  1 *", "test.rk:3:6"},
      // the stray `)` is line 2, column 9
      {"let a = 1\nlet b = )", "test.rk:2:9"},
  };
  for (const Row& r : rows) {
    DYNAMIC_SECTION(r.source) {
      SourceManager sources;
      FileId id = sources.add("test.rk", r.source);
      try {
        parse_module(sources, id);
        FAIL("no error");
      } catch (const UserError& e) {
        CHECK(location(sources, *e.diagnostic().range) == r.where);
      }
    }
  }
}
