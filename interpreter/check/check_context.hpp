// What the checks of list expressions (check_lists.cpp) and of builtins over lists need
// of the checker (checker.cpp), so that they live in files of their own: typing a
// subexpression, expecting a type of one, reporting an error, and binding locals.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "interpreter/check/checker.hpp"
#include "syntax/ast.hpp"

namespace reckon {

class CheckContext {
 public:
  // The type of `e` checked in scope `s`; `expected`, if given, is the type wanted there
  // (it lets `[]` and enumeration members be typed from context).
  virtual Type check(Expr& e, const Scope& s, const Type* expected) = 0;
  // Checks `e` and reports it unless it may be bound where `to` is declared; `what`
  // names that place in the message ("the index").
  virtual void expect(Expr& e, const Scope& s, const Type& to, const std::string& what) = 0;
  // expect, its message naming `to` as `written` (`GB (information)`, not `B`) when given,
  // and a literal in the decimal twin of the written unit refused (E0418: `80 GB` where
  // `[GiB]` is declared).
  virtual void expect_as_written(Expr& e, const Scope& s, const Type& to, const std::string& what,
                                 const TypeExpr* written) = 0;
  // How `expected` was written, when the expression being checked against it is a
  // declaration's value (`input xs: [GB] = [...]`), so that a list's or map's literal names
  // its elements' unit as written; null otherwise.
  virtual const TypeExpr* written_type(const Type* expected) const = 0;
  virtual void error(SourceRange at, std::string code, std::string message) = 0;
  // Two element types as one list's (or an `if`'s branches): their common type, or
  // nullopt when they do not meet.
  virtual std::optional<Type> meet(const Type& a, const Type& b) = 0;
  // The global declaration `name` refers to where it is written (`at`), as a name in an
  // expression sees it (the standard library sees only its own); null if none.
  virtual const Decl* global(std::string_view name, SourceRange at) const = 0;
  // How many errors are recorded, and forgetting those after the first `count`: a check
  // made aside to infer a type (the `[]` a fold starts from) leaves no error of its own.
  virtual std::size_t error_count() const = 0;
  virtual void forget_errors_after(std::size_t count) = 0;

 protected:
  ~CheckContext() = default;
};

// Binds the name expression `binder` as a local of type `type` in `outer`: sets its
// RefKind::local, slot and type. scope() is `outer` with it innermost, valid while this
// lives. Comprehensions bind their pattern's names so; lambdas do the same.
class LocalScope {
 public:
  LocalScope(const Scope& outer, Expr& binder, const Type& type) : scope_(outer) {
    binder.ref = RefKind::local;
    binder.slot = outer.local_count();
    binder.type = type;
    binding_.binder = &binder;
    binding_.outer = outer.locals;
    scope_.locals = &binding_;
  }
  LocalScope(const LocalScope&) = delete;
  LocalScope& operator=(const LocalScope&) = delete;
  const Scope& scope() const { return scope_; }

 private:
  LocalBinding binding_;
  Scope scope_;
};

// The local `name` refers to in `s`, innermost first; null if none.
inline const Expr* find_local(const Scope& s, std::string_view name) {
  for (const LocalBinding* b = s.locals; b; b = b->outer)
    if (b->binder->text == name) return b->binder;
  return nullptr;
}

// check_lists.cpp: `[a, b]`, `[e for x in xs if c]` and `xs[i]`.
// The one type of a list's or a set's literal elements (`noun` names which in messages):
// each fits the element type of `expected` (a list or set type) when given, else their
// types meet (E0331). `e` has at least one element when `expected` is null. An error
// type when one is reported.
Type literal_element_type(CheckContext& c, Expr& e, const Scope& s, const Type* expected,
                          std::string_view noun);
// The one rule for a list's or a set's element type made from its elements (a literal
// or a comprehension): `none` alone says nothing of what the collection holds (E0330,
// reported at `at`). False when reported.
bool known_element_type(CheckContext& c, const Type& element, const Expr& at,
                        Comprehended collection);
Type check_list_literal(CheckContext& c, Expr& e, const Scope& s, const Type* expected);
Type check_number_list(CheckContext& c, Expr& e, const Scope& s, const Type* expected);
Type check_comprehension(CheckContext& c, Expr& e, const Scope& s);
// What every comprehension (`for x in xs`, `for (a, b) in pairs`, `for (k, v) in m`)
// checks once its names are bound in `inner`: the condition after `if` is a bool
// (E0334), and the list it makes is of its body's type, which must be known (E0330 when
// the body is `none` alone).
Type check_comprehension_body(CheckContext& c, Expr& e, const Scope& inner);
Type check_index(CheckContext& c, Expr& e, const Scope& s);
Type check_slice(CheckContext& c, Expr& e, const Scope& s);
Type check_range(CheckContext& c, Expr& e, const Scope& s, const Type* expected);
// The one step rule of a range written without `step` or `times` (a list's `a .. b`, a
// sweep's `vary`, `--vary n=1..8`): counts (plain numbers, tokens) step by 1; physical
// quantities would step by one base unit (a byte, a second), never what is meant, and
// need a stride. Null when `element`'s range may step by 1; otherwise the range named in
// the unit it is written in (`GB (information)`, not bytes) and that unit, for the
// message its caller gives (E0339, E0137).
struct RangeNeedingStride {
  std::string what;  // `GB (information)`
  std::string unit;  // `GB`, or `s` when the range is written without a unit
};
std::optional<RangeNeedingStride> range_needing_stride(const Type& element, const Expr& from,
                                                       const Expr& to);
// A binary operator with a list on either side (`a` and `b`, already checked): `xs + ys`
// joins two lists; anything else is an error.
Type check_list_operation(CheckContext& c, Expr& e, const Type& a, const Type& b);
// A call of a builtin over lists (ListBuiltin, builtins.hpp): sets its CallKind and slot.
enum class ListBuiltin;
Type check_list_builtin(CheckContext& c, Expr& call, ListBuiltin b, const Scope& s);
// check_aggregates.cpp: the builtins from `sum` on, and a lambda where none may be.
Type check_aggregate(CheckContext& c, Expr& call, ListBuiltin b, const Scope& s);
Type misplaced_lambda(CheckContext& c, Expr& lambda);
// check_tuples.cpp: `(a, b)`, `p[0]` (`e` an index expression whose operand 0 has the tuple
// type `tuple`), a tuple pattern `for (a, b) in xs` over the list type `list`, and the
// builtins from `zip` on.
Type check_tuple_literal(CheckContext& c, Expr& e, const Scope& s, const Type* expected);
Type check_tuple_index(CheckContext& c, Expr& e, const Scope& s, const Type& tuple);
Type check_tuple_comprehension(CheckContext& c, Expr& e, const Scope& s, const Type& list);
Type check_tuple_builtin(CheckContext& c, Expr& call, ListBuiltin b, const Scope& s);
// check_text_builtins.cpp: contains, startswith, endswith, find, split, strip, upper,
// lower, replace and number.
Type check_text_builtin(CheckContext& c, Expr& call, ListBuiltin b, const Scope& s);
// check_sets.cpp: `{a, b}`, `x in c` and `x not in c`, `s | t`, `s & t` and `s - t` (`a` and
// `b` the sides' types, already checked), and `set(xs)`. key_type_problem is the one rule for
// what may be a set's element or a map's key (`what` names them in the message): nullopt
// when `t` may be one.
std::optional<std::string> key_type_problem(const Type& t, std::string_view what);
Type check_set_literal(CheckContext& c, Expr& e, const Scope& s, const Type* expected);
Type check_membership(CheckContext& c, Expr& e, const Scope& s);
Type check_set_operation(CheckContext& c, Expr& e, const Type& a, const Type& b);
Type check_set_builtin(CheckContext& c, Expr& call, const Scope& s);
// `{e for x in xs}` and `{k: v for x in xs}` (Comprehended): checked as the list of their
// elements, then a set of them or a map of the (key, value) pairs.
Type check_brace_comprehension(CheckContext& c, Expr& e, const Scope& s);
// check_random.cpp: random_uniform, random_gauss, random_choice, random_shuffle and
// random_sample; sets call.binding (parameter to argument).
Type check_random_builtin(CheckContext& c, Expr& call, ListBuiltin b, const Scope& s);

// check_maps.cpp: `{k: v, ...}`, `m[k]` (`e` an index expression whose operand 0 has the
// map type `map`), `[... for (k, v) in m]` (operand 0 of map type `map`), keys and values.
Type check_map_literal(CheckContext& c, Expr& e, const Scope& s, const Type* expected);
Type check_map_lookup(CheckContext& c, Expr& e, const Scope& s, const Type& map);
Type check_map_comprehension(CheckContext& c, Expr& e, const Scope& s, const Type& map);
Type check_map_builtin(CheckContext& c, Expr& call, MapBuiltin b, const Scope& s);

}  // namespace reckon
