// The one walk over a declaration's expressions, in source order, each with the names it
// sees: the compiler, the settling of written units and the language server's analysis
// visit every expression of a program through it, so a new place an expression may stand
// (a clause of a declaration) is added here once and every pass reaches it.
#pragma once

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
// into an expression: the visitor walks its operands as it needs.
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

}  // namespace reckon
