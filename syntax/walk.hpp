// The one walk over a program's expressions: every expression slot of a declaration, in
// source order, each with the names it sees (for_each_expression), and the
// sub-expressions of an expression, each with what it is to the expression holding it
// (for_each_subexpression). The compiler, the settling of written units, the language
// server's analysis, `reckon doc`, the cycle check, the constraints and the exercise
// answers' reader visit expressions through them, so a new place an expression may
// stand (a clause of a declaration, an operand of a new kind of expression) is added
// here once and every pass reaches it.
#pragma once

#include <cstdint>
#include <type_traits>
#include <vector>

#include "syntax/ast.hpp"

namespace reckon {

// Where an expression stands: the scenario whose inputs and properties it sees (its own
// scenario's members, or the scenario of the case an exercise or sweep is about; null at
// file scope and in a `vary`'s values, which are checked at file scope) and the
// parameters of the method whose body or default it is.
struct ExprPlace {
  const ScenarioDecl* scenario = nullptr;
  const std::vector<Parameter>* parameters = nullptr;
};

// Calls visit(ExprPtr&, const ExprPlace&) for every expression slot of `d` that holds one
// (`Decl&`), or visit(const ExprPtr&, const ExprPlace&) (`const Decl&`). It does not go
// into an expression: the visitor descends with for_each_subexpression as it needs.
template <class D, class Visit>
requires std::is_base_of_v<Decl, std::remove_const_t<D>>
void for_each_expression(D& d, Visit&& visit) {
  constexpr bool is_const = std::is_const_v<D>;
  auto as = [](auto& decl_ref, auto* tag) -> auto& {
    using T = std::remove_pointer_t<decltype(tag)>;
    if constexpr (is_const)
      return static_cast<const T&>(decl_ref);
    else
      return static_cast<T&>(decl_ref);
  };
  auto one = [&](auto& e, const ExprPlace& at) {
    if (e) visit(e, at);
  };
  auto pieces = [&](auto& message, const ExprPlace& at) {
    for (auto& piece : message) one(piece.expr, at);
  };
  auto vary = [&](auto& all) {
    for (auto& v : all) {
      for (auto& x : v.values) one(x, {});
      one(v.from, {});
      one(v.to, {});
      one(v.step, {});
      one(v.factor, {});
    }
  };
  switch (d.kind) {
    case DeclKind::record:
      for (auto& f : as(d, static_cast<RecordDecl*>(nullptr)).fields) one(f.default_value, {});
      return;
    case DeclKind::scenario: {
      auto& s = as(d, static_cast<ScenarioDecl*>(nullptr));
      const ExprPlace in{&s, nullptr};
      for (auto& input : s.inputs) one(input.default_value, in);
      for (auto& p : s.properties) {
        one(p.body, {&s, &p.parameters});
        for (auto& param : p.parameters) one(param.default_value, in);
      }
      for (auto& r : s.requirements) {
        one(r.condition, in);
        pieces(r.message, in);
      }
      return;
    }
    case DeclKind::case_:
      for (auto& a : as(d, static_cast<CaseDecl*>(nullptr)).arguments) one(a.value, {});
      return;
    case DeclKind::check: {
      auto& c = as(d, static_cast<CheckDecl*>(nullptr));
      one(c.condition, {});
      one(c.tolerance, {});
      return;
    }
    case DeclKind::let:
      one(as(d, static_cast<LetDecl*>(nullptr)).value, {});
      return;
    case DeclKind::native:
      for (auto& p : as(d, static_cast<NativeDecl*>(nullptr)).parameters) one(p.default_value, {});
      return;
    case DeclKind::exercise: {
      auto& x = as(d, static_cast<ExerciseDecl*>(nullptr));
      const ExprPlace about{x.case_decl ? x.case_decl->scenario : nullptr, nullptr};
      vary(x.vary);
      pieces(x.prompt, about);
      for (auto& hint : x.hints) pieces(hint, about);
      one(x.answer, about);
      one(x.tolerance, {});
      for (auto& w : x.where) one(w, about);
      for (auto& slip : x.slips) {
        one(slip.value, about);
        pieces(slip.feedback, about);
        one(slip.credit, {});
      }
      return;
    }
    case DeclKind::sweep: {
      auto& x = as(d, static_cast<SweepDecl*>(nullptr));
      const ExprPlace about{x.case_decl ? x.case_decl->scenario : nullptr, nullptr};
      vary(x.vary);
      for (auto& e : x.show) one(e, about);
      for (auto& w : x.where) one(w, about);
      one(x.objective, about);
      return;
    }
    case DeclKind::import:
    case DeclKind::enumeration:
      return;
  }
}

// What a sub-expression is to the expression holding it.
enum class SubRole : std::uint8_t {
  operand,   // operands[index]
  callee,    // a call's callee: the name called, or `w.f` of a method called on a value
  argument,  // arguments[index].value: a call's, or a `with`'s override
  // arguments[index].value of a comprehension (a name of its pattern) or of a lambda (a
  // parameter): a name expression that binds a local, not one that reads a value
  binder
};

struct SubPlace {
  SubRole role = SubRole::operand;
  std::uint32_t index = 0;  // among the operands (operand) or the arguments (argument, binder)
  // In the scope of the locals its holder binds (a comprehension's element and filter, a
  // lambda's body, and the binders themselves), where a name may be a local
  // (RefKind::local) rather than what it names outside.
  bool sees_locals = false;
};

// Calls visit(Expr&, const SubPlace&) (for an `Expr&`) or visit(const Expr&, const
// SubPlace&) (a `const Expr&`) for each direct sub-expression of `e`: the callee, then
// the operands, then the arguments' values, each in order. It does not recurse: a
// visitor that walks the whole tree calls it again from visit (the tree's height is
// bounded by the parser, Expr::depth).
template <class E, class Visit>
requires std::is_same_v<std::remove_const_t<E>, Expr>
void for_each_subexpression(E& e, Visit&& visit) {
  // Which operands see the locals: a comprehension binds them for its element and filter
  // (operands 1 and 2; the list it runs over, operand 0, is outside), a lambda for its
  // body (operand 0).
  const bool binds = e.kind == ExprKind::comprehension || e.kind == ExprKind::lambda;
  const std::uint32_t first_in_scope = e.kind == ExprKind::comprehension ? 1
                                       : e.kind == ExprKind::lambda      ? 0
                                                                         : UINT32_MAX;
  if (e.callee) visit(*e.callee, SubPlace{SubRole::callee, 0, false});
  for (std::uint32_t i = 0; i < e.operands.size(); ++i)
    if (e.operands[i]) visit(*e.operands[i], SubPlace{SubRole::operand, i, i >= first_in_scope});
  for (std::uint32_t i = 0; i < e.arguments.size(); ++i)
    if (e.arguments[i].value)
      visit(*e.arguments[i].value, SubPlace{binds ? SubRole::binder : SubRole::argument, i, binds});
}

// Calls visit(e) for `e` and for every expression under it (binders included), each
// before the expressions under it: for a pass that looks at every node alike.
template <class E, class Visit>
requires std::is_same_v<std::remove_const_t<E>, Expr>
void for_each_in_tree(E& e, Visit&& visit) {
  visit(e);
  for_each_subexpression(e, [&](E& sub, const SubPlace&) { for_each_in_tree(sub, visit); });
}

}  // namespace reckon
