// The static checker. It runs in passes over the global namespace: collect the
// declarations, resolve declared types, bind natives, then type every expression.
// Properties and lets without a declared type are typed on demand, so they may be
// written in any order; a property whose type depends on itself is reported here.
#include "interpreter/check/checker.hpp"

#include "interpreter/check/checker_class.hpp"

namespace reckon {

namespace checking {

void Checker::run() {
  collect();
  flush();
  for (auto* d : all<RecordDecl>(DeclKind::record)) resolve_record(*d);
  for (auto* d : all<EnumDecl>(DeclKind::enumeration)) check_enum(*d);
  for (auto* d : all<NativeDecl>(DeclKind::native)) resolve_native(*d);
  for (auto* d : all<ScenarioDecl>(DeclKind::scenario)) resolve_scenario(*d);
  flush();
  for (auto* d : all<RecordDecl>(DeclKind::record))
    for (Field& f : d->fields)
      if (f.default_value)
        expect(*f.default_value, {}, f.resolved, "the default of `" + f.name + "`", &f.type);
  for (auto* d : all<NativeDecl>(DeclKind::native)) check_native_defaults(*d);
  for (auto* d : all<ScenarioDecl>(DeclKind::scenario)) {
    // A scenario with errors may have uses left unresolved, or a cycle already
    // reported as a unit that cannot be inferred (E0306): its cycles wait for a fix.
    const std::size_t errors_before = errors_.size();
    check_scenario(*d);
    if (errors_.size() == errors_before) find_unconditional_cycles(*d, errors_);
  }
  for (auto* d : all<LetDecl>(DeclKind::let)) let_type(*d, d->name_range);
  for (auto* d : all<CaseDecl>(DeclKind::case_)) resolve_case(*d);
  for (auto* d : all<CheckDecl>(DeclKind::check)) check_check(*d);
  for (auto* d : all<ExerciseDecl>(DeclKind::exercise)) check_exercise(*d);
  for (auto* d : all<SweepDecl>(DeclKind::sweep)) check_sweep(*d);
  flush();
}

void Checker::expression(Expr& e, const Scope& s) {
  check(e, s, nullptr);
  flush();
}

void Checker::binding(Expr& e, const Type& expected, const TypeExpr& declared,
                      const std::string& what) {
  expect(e, {}, expected, what, &declared);
  flush();
}

void Checker::error(SourceRange r, std::string code, std::string message, std::vector<Note> notes) {
  errors_.push_back({r, std::move(message), std::move(notes), std::move(code)});
}

void Checker::error(SourceRange r, std::string code, std::string message) {
  errors_.push_back({r, std::move(message), {}, std::move(code)});
}

void Checker::expect(Expr& e, const Scope& s, const Type& to, const std::string& what) {
  expect(e, s, to, what, nullptr);
}

void Checker::expect_as_written(Expr& e, const Scope& s, const Type& to, const std::string& what,
                                const TypeExpr* written) {
  expect(e, s, to, what, written);
}

const TypeExpr* Checker::written_type(const Type* expected) const {
  return expected && expected == written_for_ ? written_ : nullptr;
}

const Decl* Checker::global(std::string_view name, SourceRange at) const {
  return lookup(name, at);
}

std::optional<Type> Checker::meet(const Type& a, const Type& b) {
  if (a.is_error()) return b;
  if (b.is_error()) return a;
  if (a.kind == TypeKind::none || b.kind == TypeKind::none) {
    Type t = a.kind == TypeKind::none ? b : a;
    t.optional = t.kind != TypeKind::none;
    return t;
  }
  // A list whose elements are yet unknown (the accumulator a fold that starts from `[]` is
  // checked with aside: check_aggregates.cpp) takes the other list's elements.
  if (a.is_list() && b.is_list() &&
      (a.element().kind == TypeKind::none || b.element().kind == TypeKind::none)) {
    Type t = a.element().kind == TypeKind::none ? b : a;
    t.optional = a.optional || b.optional;
    return t;
  }
  Type pa = a, pb = b;
  pa.optional = pb.optional = true;
  if (!assignable(b, pa, true) || !assignable(a, pb, true)) return std::nullopt;
  Type result = a;
  if (a.is_quantity()) {
    result.dim = merge(a.dim, b.dim);
    result.integer = a.integer && b.integer;
  }
  if (a.is_list() || a.is_set()) {
    std::optional<Type> element = meet(a.element(), b.element());
    if (!element) return std::nullopt;
    result = a.is_list() ? Type::list_of(*element) : Type::set_of(*element);
  }
  if (a.is_map()) {
    std::optional<Type> key = meet(a.map_key(), b.map_key());
    std::optional<Type> value = meet(a.map_value(), b.map_value());
    if (!key || !value) return std::nullopt;
    result = Type::map_of(*key, *value);
  }
  if (a.is_tuple()) {  // element by element (assignable above checked the arities)
    std::vector<Type> elements;
    for (std::size_t i = 0; i < a.tuple_elements().size(); ++i) {
      std::optional<Type> element = meet(a.tuple_elements()[i], b.tuple_elements()[i]);
      if (!element) return std::nullopt;
      elements.push_back(*element);
    }
    result = Type::tuple_of(elements);
  }
  result.optional = a.optional || b.optional;
  return result;
}

void Checker::meet_error(SourceRange r, std::string code, const std::string& message,
                         const Dimension& left, const Dimension& right) {
  if (counts_differ_only(left, right))
    error(r, "E0417", message + ": " + counting_contrast(left, right));
  else
    error(r, std::move(code), message);
}

void Checker::fit_error(SourceRange r, std::string code, const std::string& message,
                        const Dimension& have, const Dimension& want, const std::string& subject) {
  if (counts_differ_only(have, want))
    error(r, "E0417", message + ": " + counting_hint(have, want, subject));
  else
    error(r, std::move(code), message);
}

void Checker::flush() {
  if (!errors_.empty()) throw UserErrors(std::move(errors_));
}

bool Checker::suggesting(std::size_t candidates) {
  if (suggestions_left_ == 0 || candidates > candidates_left_) return false;
  --suggestions_left_;
  candidates_left_ -= candidates;
  return true;
}

Checker::Layer Checker::layer_of(const Module& m) {
  if (!m.is_stdlib) return Layer::user;
  // The session module (Library::session_module) is loaded like a stdlib module.
  return m.is_session ? Layer::session : Layer::stdlib;
}

void Checker::collect() {
  std::unordered_map<const Decl*, Layer> layer;
  p_.let_count = p_.case_count = 0;
  for (const auto& module : p_.modules) {
    const Module& m = *module;
    const Layer here = layer_of(m);
    if (here == Layer::stdlib) stdlib_files_.insert(m.file);
    for (const auto& d : m.decls) {
      if (d->kind == DeclKind::let) static_cast<LetDecl&>(*d).memo_slot = p_.let_count++;
      if (d->kind == DeclKind::case_) static_cast<CaseDecl&>(*d).memo_slot = p_.case_count++;
      if (d->name.empty()) continue;
      layer[d.get()] = here;
      if (here == Layer::stdlib) stdlib_names_.emplace(d->name, d.get());
      auto [it, inserted] = p_.globals.emplace(d->name, d.get());
      if (inserted) continue;
      const Layer before = layer[it->second];
      if (before < here)
        it->second = d.get();
      else if (before == here)
        error(d->name_range, "E0301", "`" + d->name + "` is already defined",
              {{it->second->name_range, "first defined here"}});
    }
  }
}

Decl* Checker::lookup(std::string_view name, SourceRange at) const {
  if (!stdlib_files_.contains(at.file)) return p_.find(name);
  auto it = stdlib_names_.find(std::string(name));
  return it == stdlib_names_.end() ? nullptr : it->second;
}

std::string Checker::where(SourceRange r) const { return location(p_.sources, r); }

}  // namespace checking

// Each entry point settles the written units of what it has checked (written_unit.hpp),
// once its types are known. Compiling is the next stage (pipeline.hpp).
void check_program(Program& program) {
  checking::Checker(program).run();
  settle_written_units(program);
}

void check_expression(Program& program, Expr& expr, const Scope& scope) {
  checking::Checker(program).expression(expr, scope);
  settle_written_units(expr, scope.scenario, scope.parameters);
}

void check_binding(Program& program, Expr& expr, const Type& expected, const TypeExpr& declared,
                   const std::string& what) {
  checking::Checker(program).binding(expr, expected, declared, what);
  settle_written_units(expr, nullptr);
}

void check_sweep(Program& program, SweepDecl& sweep) {
  checking::Checker(program).check_sweep(sweep);
  settle_written_units(sweep);
}

}  // namespace reckon
