// The checker's class, shared by the files it is split into along its seams (see
// checker.cpp): bookkeeping and name lookup (checker.cpp), declared types, records, enums
// and natives (check_types.cpp), scenarios, lets, cases, checks, exercises and sweeps
// (check_declarations.cpp), expressions (check_expressions.cpp) and calls
// (check_calls.cpp). The rules for lists, maps, tuples, aggregates, randomness and `with`
// live in files of their own and see the checker only through CheckContext
// (check_context.hpp). Nothing outside the checker includes this header.
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "interpreter/check/check_context.hpp"
#include "interpreter/check/check_cycles.hpp"
#include "interpreter/check/check_text.hpp"
#include "interpreter/check/check_with.hpp"
#include "interpreter/check/checker.hpp"
#include "interpreter/check/counting.hpp"
#include "interpreter/check/shown_list.hpp"
#include "interpreter/model/signature.hpp"
#include "interpreter/model/suggest.hpp"
#include "interpreter/model/type_names.hpp"
#include "interpreter/model/type_shown.hpp"
#include "interpreter/model/written_unit.hpp"
#include "interpreter/values/convert_each.hpp"
#include "interpreter/values/units.hpp"
#include "syntax/diagnostics.hpp"

namespace reckon::checking {

inline bool is_number(const Type& t) { return t.is_quantity() && t.dim.is_dimensionless(); }

// The dimension of a result that mixes two compatible dimensions: a plain number
// next to a count (`tokens + 1`) takes the count.
inline Dimension merge(const Dimension& a, const Dimension& b) {
  return a.is_dimensionless() ? b : a;
}

// One parameter of something callable, as argument binding sees it.
struct Slot {
  std::string_view name;
  const Type* type;
  bool has_default;
  const TypeExpr* declared;
};

enum class State { unvisited, in_progress, done };

class Checker final : public CheckContext {
 public:
  explicit Checker(Program& p) : p_(p) {
    char here = 0;
    stack_base_ = reinterpret_cast<std::uintptr_t>(&here);
  }

  void run();

  void expression(Expr& e, const Scope& s);

  void binding(Expr& e, const Type& expected, const TypeExpr& declared, const std::string& what);

 private:
  // --- bookkeeping --------------------------------------------------------------
  void error(SourceRange r, std::string code, std::string message, std::vector<Note> notes);

 public:
  // --- CheckContext (check_lists.cpp) ---------------------------------------------
  void error(SourceRange r, std::string code, std::string message) override;
  void expect(Expr& e, const Scope& s, const Type& to, const std::string& what) override;
  void expect_as_written(Expr& e, const Scope& s, const Type& to, const std::string& what,
                         const TypeExpr* written) override;
  const TypeExpr* written_type(const Type* expected) const override;
  const Decl* global(std::string_view name, SourceRange at) const override;
  std::optional<Type> meet(const Type& a, const Type& b) override;
  std::size_t error_count() const override { return errors_.size(); }
  void forget_errors_after(std::size_t count) override { errors_.resize(count); }

 private:
  // Two values that do not meet (`code`), or that meet but for a count (E0417, saying
  // which side counts what).
  void meet_error(SourceRange r, std::string code, const std::string& message,
                  const Dimension& left, const Dimension& right);
  // The same where one side sets the unit (`want`: the `if`'s first branch, the left of
  // `??`, the first argument of `min`), saying what would turn `subject` into it.
  void fit_error(SourceRange r, std::string code, const std::string& message, const Dimension& have,
                 const Dimension& want, const std::string& subject);
  void flush();
  // Whether an error may still offer a "did you mean" among `candidates` names: each
  // costs a scan of them, so a file of many misspellings would check in quadratic time
  // without a cap. One check computes at most max_suggestions, over at most
  // max_suggestion_candidates names in all. Callers gather the names only on a yes.
  bool suggesting(std::size_t candidates);

  template <typename D>
  std::vector<D*> all(DeclKind kind) {
    std::vector<D*> out;
    for (const auto& m : p_.modules)
      for (const auto& d : m->decls)
        if (d->kind == kind) out.push_back(static_cast<D*>(d.get()));
    return out;
  }

  // Who may shadow whom: the user's files shadow the REPL session's definitions,
  // which shadow the standard library's.
  enum class Layer { stdlib, session, user };
  static Layer layer_of(const Module& m);

  // A name defined twice in one layer is an error; across layers the later layer's
  // declaration shadows the earlier's, whichever is loaded first (a user file may import
  // a stdlib module after a file of its own).
  void collect();

  // The declaration `name` refers to where it is written (`at`). The standard
  // library's code sees only the library's names, so a declaration that shadows one (a
  // user's or the REPL session's record Transformer or scenario W) changes only the code
  // outside the library: `power: W` in economics.rk stays the watt. Everything else,
  // the session's code included, sees the globals.
  Decl* lookup(std::string_view name, SourceRange at) const;

  std::string where(SourceRange r) const;

  // --- types ------------------------------------------------------------------------
  std::optional<ComposedUnit> compose(const UnitExpr& u);

  // `written_values`: the type of an input or a record field, whose values a person
  // writes (DisplayUnit::written_values).
  Type resolve_type(const TypeExpr& t, std::optional<DisplayUnit>* display = nullptr,
                    bool written_values = false);

  // `{K: V}`: keys text or an enumeration's members, values shown in V's unit.
  Type resolve_map_type(const TypeExpr& t, std::optional<DisplayUnit>* display,
                        bool written_values);

  // Whether a value of type `from` may be bound where `to` is declared; with `meet`,
  // whether two values may stand for each other (the branches of `if`, the sides of
  // `??`), where the counting rule is symmetric.
  static bool assignable(const Type& from, const Type& to, bool meet = false);

  // `declared`, when given, is how the expected type was written (GB rather than B); a
  // literal in the decimal twin of its unit is refused (E0418), and so is one inside a
  // list, map or tuple literal checked against it (their checks pass each element's
  // written type on).
  void expect(Expr& e, const Scope& s, const Type& to, const std::string& what,
              const TypeExpr* declared);

  // --- declarations -------------------------------------------------------------------
  void resolve_record(RecordDecl& r);

  void check_enum(EnumDecl& e);

  void resolve_parameters(std::vector<Parameter>& params);

  // The native's declaration in Reckon must agree with the C++ signature.
  void resolve_native(NativeDecl& d);

  static bool matches(const NativeType& n, const Type& t);

  static std::string describe_native(const NativeType& n);

  void check_native_defaults(NativeDecl& d);

  void resolve_scenario(ScenarioDecl& s);

  void check_scenario(ScenarioDecl& s);

  // This checker as check_with.hpp's rules see it, in scope `s`.
  CheckHooks hooks(const Scope& s);

  // The type of a property, checking its body first if its type is not declared.
  Type property_type(const ScenarioDecl& s, std::size_t index, SourceRange used_at);

  Type let_type(LetDecl& d, SourceRange used_at);

  // `d`, in progress, used again at `used_at`: E0305 at that use, with the chain of lets
  // that led back to it (`a -> b -> a`) and a note at each link, as E0504 names a cycle
  // of properties.
  void report_let_cycle(const LetDecl& d, SourceRange used_at);

  // `c`, in progress, reached again through the cases it is based on: E0305 naming the
  // chain (`A -> B -> A`), a note where each case names its base.
  void report_case_cycle(const CaseDecl& c);

  // A case binds every input of its scenario: to an argument, to the value in the
  // case it overrides, or to the input's default.
  void resolve_case(CaseDecl& c);

  void check_check(CheckDecl& c);

  // An exercise is checked in the scope of the case it is about, like `reckon eval
  // --case`: varied values must suit their inputs, the interpolations of the prompt and
  // hints, the filters (bools) and the answer are typed there, and the tolerance is a
  // plain number.
  void check_exercise(ExerciseDecl& x);
  void check_slip(ExerciseDecl::Slip& slip, const Type& answer, const Scope& scope);

  // The case an exercise or a sweep (`what`) is about, resolved; null after an error.
  const CaseDecl* about_case(const std::string& name, SourceRange at, const std::string& what);

 public:
  // A sweep is checked in the scope of its case, like an exercise: varied values must
  // suit their inputs; what it shows must be a value a table can hold (a quantity, a
  // bool or an enumeration member), its filters bools and its objective a quantity.
  void check_sweep(SweepDecl& x);

 private:
  void check_vary(std::vector<Vary>& all, std::size_t i, const ScenarioDecl& s);

  // --- expressions ----------------------------------------------------------------
 public:
  Type check(Expr& e, const Scope& s, const Type* expected) override;

 private:
  Type check_inner(Expr& e, const Scope& s, const Type* expected);

  void report(const TextProblem& p);

  // `x -> U`: a quantity shown in U, or each quantity of a list or map of them
  // (convert_each.hpp): `xs -> KiB` is `[x -> KiB for x in xs]`.
  Type convert(Expr& e, const Scope& s);

  // A global declaration as what an expression resolves to (ast.hpp's Target).
  static Target target_of(const Decl& d);

  Type enum_member(Expr& e, const EnumDecl* en, int index);

  Type name(Expr& e, const Scope& s, const Type* expected);

  static std::string join(const std::vector<std::string>& v);

  // The names in scope at `s`, or none once suggestions are used up (suggesting).
  std::vector<std::string_view> visible_names(const Scope& s);

  Type unary(Expr& e, const Scope& s);

  bool require_quantity(const Expr& operand, const Type& t, std::string_view op);

  Type binary(Expr& e, const Scope& s);

  // `//` and `%` take the same operands: two quantities of one dimension (`300 ms // 100
  // ms` is 3, `300 ms % 100 ms` is 0 ms), or a quantity and a plain number (`7 h // 2` is
  // 3 h, `10 GB % 3` is 1 GB). Both work in the operands' written unit (operations.hpp).
  Type integer_operation(Expr& e, const Type& a, const Type& b);

  void exponent_overflow(const Expr& e, const Type& a, const Type& b);

  // A dimensioned base needs an exponent known now: a whole-number literal.
  Type power(Expr& e, const Type& a, const Type& b);

  Type equality(Expr& e, const Scope& s);

  Type coalesce(Expr& e, const Scope& s);

  Type conditional(Expr& e, const Scope& s, const Type* expected);

  // --- calls ----------------------------------------------------------------------
  // Matches positional then named arguments to slots; fills call.binding.
  void bind(Expr& call, const std::vector<Slot>& slots, const Scope& s, const std::string& what);

  static std::vector<Slot> slots_of(const std::vector<Parameter>& params);

  Type call(Expr& e, const Scope& s);

  static bool has_parameter(const std::vector<Parameter>& params, const std::string& n);

  Type method_call(Expr& e, const ScenarioDecl& sc, const std::string& n, SourceRange at,
                   const Scope& s);

  Type builtin(Expr& e, Builtin b, const Scope& s);

  Type bitwise(Expr& e, Builtin b, const std::vector<Type>& args);

  Type member(Expr& e, const Scope& s);

  bool shadowed(const std::string& n, const Scope& s);

  Program& p_;
  std::uintptr_t stack_base_ = 0;
  std::vector<Diagnostic> errors_;
  // The type being expected by expect() and how it was written (written_type).
  const Type* written_for_ = nullptr;
  const TypeExpr* written_ = nullptr;
  std::size_t suggestions_left_ = max_suggestions;
  std::size_t candidates_left_ = max_suggestion_candidates;
  // The standard library's files and its names (stdlib modules never redefine each
  // other's: that is E0301 within the layer).
  std::unordered_set<FileId> stdlib_files_;
  std::unordered_map<std::string, Decl*> stdlib_names_;
  std::unordered_map<const Property*, State> property_state_;
  // By the lets' memo slots (collect() numbers every let of the program; a hash map here
  // cost 37 bytes per let at the peak of a large file's check), or by address for a let
  // without one.
  std::vector<State> let_state_;
  std::unordered_map<const LetDecl*, State> unnumbered_let_state_;
  State& let_state(const LetDecl& d);
  std::unordered_map<const CaseDecl*, State> case_state_;
  // The lets and cases being checked, innermost last (a let with where it was used): the
  // chains a cycle (E0305) is reported along.
  std::vector<std::pair<const LetDecl*, SourceRange>> lets_in_progress_;
  std::vector<const CaseDecl*> cases_in_progress_;
};

}  // namespace reckon::checking
