// The owned syntax tree. Built by grammar/ from PEGTL's parse tree, then annotated
// in place by the checker (each expression's static type and what each name refers
// to), then walked by the evaluator.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "syntax/compact_vector.hpp"
#include "syntax/display_unit.hpp"
#include "syntax/name_index.hpp"
#include "syntax/source.hpp"
#include "syntax/types.hpp"

namespace reckon {

// A unit written in the source: `TFLOP/s` is {TFLOP^1, s^-1}.
struct UnitFactor {
  std::string name;
  int exponent = 1;
  SourceRange range;
};
struct UnitExpr {
  std::vector<UnitFactor> factors;
  SourceRange range;
  std::string text;  // as written, for messages and display
};

// `count`, `GB`, `int token?`, `Transformer`, `Recompute?`, `[GB]`, `[Accelerator]?`.
struct TypeExpr {
  bool integer = false;
  bool optional = false;
  UnitExpr unit;  // a single factor may also name a record, an enum or a builtin type
  SourceRange range;
  // A set type `{T}` (docs/language.md, "Sets"): `element` is T.
  bool set = false;
  // A list type `[T]`: T, and `unit` is empty. Behind a pointer, as few types are lists.
  std::unique_ptr<TypeExpr> element;
  // A map type `{K: V}`: K here and V in `element` (docs/language.md, "Maps").
  std::unique_ptr<TypeExpr> key;
  // A tuple type `(count, GB)`: its element types, two or more; empty otherwise.
  std::vector<TypeExpr> tuple;
};

// One `@key "text"` line of documentation. `@fallacy "claim" "reality"` is the one key
// with two strings: a belief a reader is likely to hold about the declaration, and what
// its model shows instead (docs/language.md, "Documentation and metadata"). The second
// string lives in the entry, not in a field of Docs, so that Docs (in every Property and
// LetDecl) keeps its size (tests/unit/test_memory_layout.cpp).
struct Metadata {
  std::string key;
  std::string text;     // the string; a fallacy's claim
  std::string reality;  // a fallacy's second string; empty for every other key
};

// Documentation attached to the declaration that follows it.
struct Docs {
  std::string text;                // the `##` lines, joined
  std::vector<Metadata> metadata;  // the `@key` lines, in the order written
};

// The enumerations an Expr holds take a byte each (docs/performance.md, "Memory").
enum class ExprKind : std::uint8_t {
  number,
  text,
  boolean,
  none,
  name,
  unary,
  binary,
  conditional,
  convert,
  call,
  member,
  // Lists (docs/language.md, "Lists"); evaluated by the tree walk only (compile.cpp).
  list,  // `[a, b, c]`: the elements are the operands
  // `[0.98 ms, 1.73 ms, ...]`, a long list of numbers all written in one unit, parsed
  // by the fast path (grammar/number_list.hpp): `packed` holds the numbers as written,
  // and operands[0] is the first element (a number with its unit), which the checker
  // checks for all of them; the others differ only in their value.
  number_list,
  comprehension,  // `[e for x in xs if c]`, and each later `for`: see Expr's comment
  index,          // `xs[i]`: operands are the list and the index (or a map and its key)
  // A string literal with `{...}` in it: `operands` are its pieces in order, each a text
  // (the characters between interpolations) or a format.
  interpolation,
  // One `{expr}` or `{expr:.2f}` of a text (an interpolation's piece, or an exercise
  // prompt's): operands[0] is expr. `text` is the digits format as written (".2f", ""
  // for none: syntax/text_format.hpp). After checking, the unit the value is shown in
  // when it is a quantity (written_unit.hpp): `unit->text` its symbol and `unit_scale`
  // its scale, `number` 1 when it is a step of a display ladder; `unit` null: a
  // readable unit is chosen for the value.
  format,
  slice,  // `xs[a:b]`: the list and the bounds written; `number` is 1 (a only),
          // 2 (b only), 3 (both) or 0 (`xs[:]`)
  range,  // `a .. b`: from, to and the stride if written (Op::add: `step`,
          // Op::mul: `times`)
  // `(acc, x) => acc + x`: an argument of a builtin over lists only (checker E0370);
  // the parameters are `arguments` holding name expressions, the body operand 0, and
  // `slot` the number of locals in scope around it, as a comprehension's
  lambda,
  // `base with input: value, ...`: operands[0] is the base (an instance), arguments the
  // overrides, and binding (set by the checker), per input of the base's scenario, the
  // index of the override that binds it or -1 where the base's binding stays; text is
  // the variant as written, on one line (its instance's name in messages).
  variant,
  // Maps (docs/language.md, "Maps"): `{"a": 1 GB, "b": 2 GB}`, operands key, value, key,
  // value, ...; each key a text literal or a name (an enumeration member).
  map,
  // `(784, 256)`: a tuple of two or more elements, the operands (docs/language.md,
  // "Tuples"); `(x)` stays grouping.
  tuple,
  // `{"a", "b"}`: a set of the operands (docs/language.md, "Sets"); made by the tree walk.
  set
};

enum class Op : std::uint8_t {
  add,
  sub,
  mul,
  div,
  floordiv,
  mod,
  pow,
  neg,
  logical_not,
  logical_and,
  logical_or,
  eq,
  ne,
  lt,
  le,
  gt,
  ge,
  coalesce,
  // Membership and sets (docs/language.md, "Sets"): `x in s`, `x not in s`, `s | t`, `s & t`
  // (`s - t` is Op::sub on two sets).
  in,
  not_in,
  set_union,
  set_intersection
};

std::string_view op_symbol(Op op);

struct Expr;
using ExprPtr = std::unique_ptr<Expr>;
struct Code;

struct Argument {
  std::optional<std::string> name;  // named argument `name: value`
  SourceRange name_range;
  ExprPtr value;
};

// What a name expression refers to, filled in by the checker.
enum class RefKind : std::uint8_t {
  unresolved,
  let,
  constant,
  instance,
  input,
  property,
  parameter,
  unit,
  enum_member,
  // A name bound inside an expression (by a comprehension, or a lambda): `slot` is its
  // index among the locals in scope where it is used (Scope::locals, Frame::locals).
  local
};

// What a call calls, filled in by the checker.
// list_builtin: a builtin over lists (`len`; interpreter/list_builtins.hpp), by slot.
// `constraint`: a builtin on an instance's constraints (Expr::slot is a
// ConstraintBuiltin, interpreter/evaluate/constraints.hpp).
enum class CallKind : std::uint8_t {
  unresolved,
  method,
  builtin,
  native,
  record,
  scenario,
  list_builtin,
  constraint,
  map_builtin  // keys(m), values(m) (interpreter/values/maps.hpp), by slot
};

struct LetDecl;
struct CaseDecl;
struct NativeDecl;
// The declaration a name, call or member resolved to, set by the checker: the let, case
// or native constant a name refers to, an enum member's enumeration, the native, record
// or scenario a call calls or constructs, or a method's scenario. Empty until resolved,
// and for what no declaration stands behind (inputs, parameters, units, builtins).
using Target = std::variant<std::monostate, const LetDecl*, const CaseDecl*, const EnumDecl*,
                            const RecordDecl*, const ScenarioDecl*, const NativeDecl*>;

// A comprehension `[e for x in xs if c]` keeps xs, e and c (if any) as operands 0, 1
// and 2, and its pattern's names as `arguments` whose values are name expressions (one
// for `x`, several for `(a, b)`): the checker makes each a local (RefKind::local, slot
// and type set), and `slot` of the comprehension is the number of locals in scope
// around it (where its own begin). `op` is Op::add for a single name and Op::mul for a
// tuple pattern. Each `for` after the first is a clause of its own, kept in the place of
// the element of the one before: `[(a, b) for a in xs if a > 1 for b in ys]` is the
// comprehension (xs, CLAUSE, a > 1) with CLAUSE = (ys, (a, b)), a comprehension whose
// `number` is 1 (is_clause), whose elements are the enclosing comprehension's rather
// than a list of their own (the clause's type is the whole comprehension's). Every
// clause spans the brackets, and its name_range is its own `for ... in ... if ...`.
//
// Its fields are ordered to leave no padding but 4 bytes, and its vectors are
// CompactVectors: a 16 MiB file has over a million of these, and at 248 bytes an Expr
// takes a 256-byte allocation where at 288 it took 320 (docs/performance.md, "Memory").
struct Expr {
  ExprKind kind;
  Op op = Op::add;  // operators
  // Resolution, set by the checker.
  RefKind ref = RefKind::unresolved;
  CallKind call = CallKind::unresolved;
  // Height of this expression's tree (1 for a leaf). Bounded by the parser, so that
  // checking, evaluating and destroying the tree never recurse too deep.
  std::uint32_t depth = 1;
  SourceRange range;
  SourceRange name_range;  // member: the member name
  int slot = -1;           // index of the global / input / property / parameter / member
  // A record's construction (a record call, `r with f: x`): the names its fields are spelled
  // in, an interned tuple of units (written_unit.hpp, record_spellings); 0 for none. Set
  // after checking; fills what was padding.
  std::uint32_t field_spellings = 0;
  Type type;  // static type, set by the checker

  // number
  double number = 0;
  double unit_scale = 1;  // number: its unit's scale to base units; convert: target's
  // number's unit; convert's target. Behind a pointer: most expressions have none, and
  // inline it was 80 of an Expr's 352 bytes (checking costs ~70 bytes per source byte).
  std::unique_ptr<UnitExpr> unit;
  // text / name / member
  std::string text;
  CompactVector<ExprPtr> operands;  // unary: 1, binary: 2, conditional: 3, convert/member: 1
  // call
  ExprPtr callee;
  CompactVector<Argument> arguments;
  // Set by the checker for calls: per parameter, the index of its argument or -1
  // when the parameter's default applies.
  CompactVector<int> binding;

  Target target;  // resolved declaration for globals, calls and members, set by the checker
  // `//` and `%`: the scales of the units their left and right operands are taken in;
  // floor, ceil and round: [0], their argument's, and [1] 1 when the argument is a
  // quotient `a / b`, taken as the written numbers divide, else 0
  // (interpreter/values/operations.hpp, taken_in). The
  // written units of the operands (written_unit.hpp), 1 for base units; set after
  // checking.
  std::array<double, 2> operand_scales{1, 1};

  // The compiled form of this tree, when it computes a number (code.hpp); set after
  // checking, immutable then.
  std::shared_ptr<const Code> code;

  // number_list: its elements' numbers as written, before the unit's scale.
  std::unique_ptr<const std::vector<double>> packed;

  Expr(ExprKind k, SourceRange r) : kind(k), range(r) {}
  // A name or a member, its text made with it (the parser makes one per name written).
  Expr(ExprKind k, SourceRange r, std::string_view written) : kind(k), range(r), text(written) {}

  // The declaration this resolved to, which the kind of expression says is a D (a wrong
  // D throws std::bad_variant_access rather than reading the wrong type).
  template <typename D>
  const D& target_as() const {
    return *std::get<const D*>(target);
  }
  bool has_target() const { return !std::holds_alternative<std::monostate>(target); }
};

// Whether `e` is a comprehension's clause after its first (see Expr).
inline bool is_clause(const Expr& e) { return e.kind == ExprKind::comprehension && e.number == 1; }
// What a comprehension (its first clause) makes, by its `number`: a list `[...]`, or in
// braces a set `{e for ...}` or a map `{k: v for ...}`, whose element is the tuple (k, v).
enum class Comprehended { list = 0, set = 2, map = 3 };
inline Comprehended comprehended(const Expr& e) {
  return e.number == 2 ? Comprehended::set : e.number == 3 ? Comprehended::map : Comprehended::list;
}
// The element the comprehension `e` makes (`(a, b)` of `[(a, b) for a in xs for b in ys]`):
// the body of its last clause.
inline const Expr& comprehension_element(const Expr& e) {
  const Expr* x = &e;
  while (is_clause(*x->operands[1])) x = x->operands[1].get();
  return *x->operands[1];
}

struct Parameter {
  std::string name;
  SourceRange range;
  TypeExpr type;
  ExprPtr default_value;
  Type resolved;                       // set by the checker
  std::optional<DisplayUnit> display;  // from the declared type, set by the checker
};

struct RecordDecl;
struct EnumDecl;
struct ScenarioDecl;

enum class DeclKind {
  import,
  record,
  enumeration,
  scenario,
  case_,
  check,
  let,
  native,
  exercise,
  sweep
};

struct Decl {
  DeclKind kind;
  std::string name;  // empty for import and check
  SourceRange range;
  SourceRange name_range;
  Docs docs;
  explicit Decl(DeclKind k) : kind(k) {}
  virtual ~Decl() = default;
};

struct ImportDecl : Decl {
  std::string path;
  ImportDecl() : Decl(DeclKind::import) {}
};

struct Field {
  std::string name;
  SourceRange range;
  Docs docs;
  TypeExpr type;
  ExprPtr default_value;
  Type resolved;
  std::optional<DisplayUnit> display;  // from the declared type, set by the checker
};

struct RecordDecl : Decl {
  std::vector<Field> fields;
  RecordDecl() : Decl(DeclKind::record) {}
  int field_index(std::string_view name) const;

 private:
  NameIndex field_names_;
};

struct EnumDecl : Decl {
  std::vector<std::string> members;
  std::vector<SourceRange> member_ranges;
  EnumDecl() : Decl(DeclKind::enumeration) {}
  int member_index(std::string_view name) const;

 private:
  NameIndex member_names_;
};

struct Input {
  std::string name;
  SourceRange range;
  Docs docs;
  TypeExpr type;
  ExprPtr default_value;
  Type resolved;
  std::optional<DisplayUnit> display;  // from the declared type, set by the checker
};

// A derived property; with parameters it is a method such as activations(strategy).
struct Property {
  std::string name;
  SourceRange range;
  Docs docs;
  bool is_method = false;
  std::vector<Parameter> parameters;
  // Declared display unit or type; null if none. Behind a pointer, as most properties
  // and lets declare none (inline it was 104 of a let's 352 bytes).
  std::unique_ptr<TypeExpr> declared;
  ExprPtr body;
  Type resolved;
  std::optional<DisplayUnit> display;  // from the declared type, set by the checker
};

// A piece of an exercise's prompt or a constraint's message: literal text, or an
// interpolated `{expr}` (an ExprKind::format, as in a text expression).
struct PromptPiece {
  std::string text;  // when expr is null
  ExprPtr expr;
};

// `require condition else "message {x}"`: a constraint every instance of the scenario
// must meet (interpreter/evaluate/constraints.hpp says when it is checked).
struct Requirement {
  SourceRange range;  // the whole `require ... else "..."`
  Docs docs;
  ExprPtr condition;
  std::vector<PromptPiece> message;  // interpolated like a prompt
  std::string written;               // the message as written, for doc pages
};

struct ScenarioDecl : Decl {
  std::vector<Input> inputs;
  std::vector<Property> properties;
  std::vector<Requirement> requirements;
  // Set after checking (code.hpp): forcing every input and property of an instance.
  std::shared_ptr<const struct EveryValue> every_value;
  ScenarioDecl() : Decl(DeclKind::scenario) {}
  int input_index(std::string_view name) const;
  int property_index(std::string_view name) const;

 private:
  NameIndex input_names_, property_names_;
};

// `case A = Scenario(x: 1)` or `case B = A with x: 2`.
struct CaseDecl : Decl {
  std::string base;
  SourceRange base_range;
  bool is_override = false;
  CompactVector<Argument> arguments;
  // Set by the checker for calls: per parameter, the index of its argument or -1
  // when the parameter's default applies.
  CompactVector<int> binding;
  // Set by the checker: the scenario and, per input, the expression that binds it
  // (an argument here or in a base case, or the input's default; null if none).
  const ScenarioDecl* scenario = nullptr;
  std::vector<const Expr*> bindings;
  // Set by the checker: where an evaluator keeps this case's instance.
  std::uint32_t memo_slot = UINT32_MAX;
  CaseDecl() : Decl(DeclKind::case_) {}
};

struct CheckDecl : Decl {
  ExprPtr condition;
  ExprPtr tolerance;
  CheckDecl() : Decl(DeclKind::check) {}
};

struct LetDecl : Decl {
  std::unique_ptr<TypeExpr> declared;  // as Property::declared
  ExprPtr value;
  Type resolved;
  std::optional<DisplayUnit> display;  // from the declared type, set by the checker
  // Set by the checker: where an evaluator keeps this let's value.
  std::uint32_t memo_slot = UINT32_MAX;
  // Set after checking: the value depends on no case (Program::constant_lets).
  bool constant = false;
  LetDecl() : Decl(DeclKind::let) {}
};

// A function or constant implemented in C++ (stdlib/), declared in Reckon.
struct NativeDecl : Decl {
  bool is_constant = false;
  std::vector<Parameter> parameters;
  TypeExpr result;
  Type resolved;
  std::optional<DisplayUnit> display;  // the result's declared unit, set by the checker
  const struct NativeFunction* implementation = nullptr;  // set by the checker
  NativeDecl() : Decl(DeclKind::native) {}
};

// `vary input in [a, b, ...]`, `vary input in a .. b step c` or (sweeps only)
// `vary input in a .. b times f`.
struct Vary {
  std::string name;
  SourceRange range;            // the input's name
  std::vector<ExprPtr> values;  // a list; empty for a range
  ExprPtr from, to, step;       // a range: step for an arithmetic one,
  ExprPtr factor;               // factor for a geometric one
  int input = -1;               // set by the checker: the input's index in the scenario
};

// A textbook exercise about a case: a prompt, inputs varied per student, the asked
// expression (its type gives the expected dimension), a tolerance and hints. The
// parser ensures exactly one about, prompt and answer and at most one tolerance.
struct ExerciseDecl : Decl {
  std::string about;
  SourceRange about_range;
  std::vector<Vary> vary;
  std::vector<PromptPiece> prompt;
  SourceRange prompt_range;
  ExprPtr answer;
  ExprPtr tolerance;                            // relative; null: the default
  std::vector<std::vector<PromptPiece>> hints;  // interpolated like the prompt
  // Filters: a variant is used only where every one holds (`where memory_left > 0 GB`).
  std::vector<ExprPtr> where;
  // Declared slips: `slip EXPR feedback "..." credit C`, an answer the instructor expects
  // from a known mistake (EXPR, evaluated like the answer), what it is told, and the
  // credit it earns (null: none).
  struct Slip {
    SourceRange range;
    ExprPtr value;
    std::vector<PromptPiece> feedback;  // interpolated like a hint
    ExprPtr credit;
  };
  std::vector<Slip> slips;
  const CaseDecl* case_decl = nullptr;  // set by the checker
  ExerciseDecl() : Decl(DeclKind::exercise) {}
};

// A design-space sweep over a case: the cartesian product of the varied inputs'
// values, the expressions shown per point, filters and an optional objective. All
// expressions are checked in the scope of the case's scenario.
struct SweepDecl : Decl {
  std::string about;
  SourceRange about_range;
  std::vector<Vary> vary;
  std::vector<ExprPtr> show;
  std::vector<ExprPtr> where;  // every one must hold for a point to be kept
  ExprPtr objective;           // minimized, or maximized when `maximize` is set
  bool maximize = false;
  const CaseDecl* case_decl = nullptr;  // set by the checker
  SweepDecl() : Decl(DeclKind::sweep) {}
};

// One parsed file.
struct Module {
  FileId file = 0;
  std::string name;  // the import name (stdlib module) or the path as given
  bool is_stdlib = false;
  bool is_session = false;  // the Library's session module (a stdlib module too)
  std::vector<std::unique_ptr<Decl>> decls;
};

}  // namespace reckon
