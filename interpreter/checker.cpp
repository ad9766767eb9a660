// The static checker. It runs in passes over the global namespace: collect the
// declarations, resolve declared types, bind natives, then type every expression.
// Properties and lets without a declared type are typed on demand, so they may be
// written in any order; a property whose type depends on itself is reported here.
#include "interpreter/checker.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "interpreter/check_context.hpp"
#include "interpreter/check_cycles.hpp"
#include "interpreter/check_text.hpp"
#include "interpreter/check_with.hpp"
#include "interpreter/convert_each.hpp"
#include "interpreter/counting.hpp"
#include "interpreter/evaluator.hpp"
#include "interpreter/lists.hpp"
#include "interpreter/maps.hpp"
#include "interpreter/shown_list.hpp"
#include "interpreter/signature.hpp"
#include "interpreter/suggest.hpp"
#include "interpreter/type_names.hpp"
#include "interpreter/type_shown.hpp"
#include "interpreter/units.hpp"
#include "interpreter/written_unit.hpp"
#include "syntax/diagnostics.hpp"

namespace reckon {

namespace {

std::optional<Builtin> find_builtin(std::string_view name) {
  for (std::size_t i = 0; i < numeric_builtin_names.size(); ++i)
    if (numeric_builtin_names[i] == name) return static_cast<Builtin>(i);
  return std::nullopt;
}

bool is_number(const Type& t) { return t.is_quantity() && t.dim.is_dimensionless(); }

// The dimension of a result that mixes two compatible dimensions: a plain number
// next to a count (`tokens + 1`) takes the count.
Dimension merge(const Dimension& a, const Dimension& b) { return a.is_dimensionless() ? b : a; }

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

  void run() {
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

  void expression(Expr& e, const Scope& s) {
    check(e, s, nullptr);
    flush();
  }

  void binding(Expr& e, const Type& expected, const TypeExpr& declared, const std::string& what) {
    expect(e, {}, expected, what, &declared);
    flush();
  }

 private:
  // --- bookkeeping --------------------------------------------------------------
  void error(SourceRange r, std::string code, std::string message, std::vector<Note> notes) {
    errors_.push_back({r, std::move(message), std::move(notes), std::move(code)});
  }

 public:
  // --- CheckContext (check_lists.cpp) ---------------------------------------------
  void error(SourceRange r, std::string code, std::string message) override {
    errors_.push_back({r, std::move(message), {}, std::move(code)});
  }
  void expect(Expr& e, const Scope& s, const Type& to, const std::string& what) override {
    expect(e, s, to, what, nullptr);
  }
  void expect_as_written(Expr& e, const Scope& s, const Type& to, const std::string& what,
                         const TypeExpr* written) override {
    expect(e, s, to, what, written);
  }
  const TypeExpr* written_type(const Type* expected) const override {
    return expected && expected == written_for_ ? written_ : nullptr;
  }
  const Decl* global(std::string_view name, SourceRange at) const override {
    return lookup(name, at);
  }
  std::optional<Type> meet(const Type& a, const Type& b) override {
    if (a.is_error()) return b;
    if (b.is_error()) return a;
    if (a.kind == TypeKind::none || b.kind == TypeKind::none) {
      Type t = a.kind == TypeKind::none ? b : a;
      t.optional = t.kind != TypeKind::none;
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
    if (a.is_list()) {
      std::optional<Type> element = meet(a.element(), b.element());
      if (!element) return std::nullopt;
      result = Type::list_of(*element);
    }
    if (a.is_map()) {
      std::optional<Type> value = meet(a.map_value(), b.map_value());
      if (!value) return std::nullopt;
      result = Type::map_of(a.enumeration, *value);
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

 private:
  // Two values that do not meet (`code`), or that meet but for a count (E0417, saying
  // which side counts what).
  void meet_error(SourceRange r, std::string code, const std::string& message,
                  const Dimension& left, const Dimension& right) {
    if (counts_differ_only(left, right))
      error(r, "E0417", message + ": " + counting_contrast(left, right));
    else
      error(r, std::move(code), message);
  }
  // The same where one side sets the unit (`want`: the `if`'s first branch, the left of
  // `??`, the first argument of `min`), saying what would turn `subject` into it.
  void fit_error(SourceRange r, std::string code, const std::string& message, const Dimension& have,
                 const Dimension& want, const std::string& subject) {
    if (counts_differ_only(have, want))
      error(r, "E0417", message + ": " + counting_hint(have, want, subject));
    else
      error(r, std::move(code), message);
  }
  void flush() {
    if (!errors_.empty()) throw UserErrors(std::move(errors_));
  }
  // Whether an error may still offer a "did you mean" among `candidates` names: each
  // costs a scan of them, so a file of many misspellings would check in quadratic time
  // without a cap. One check computes at most max_suggestions, over at most
  // max_suggestion_candidates names in all. Callers gather the names only on a yes.
  bool suggesting(std::size_t candidates) {
    if (suggestions_left_ == 0 || candidates > candidates_left_) return false;
    --suggestions_left_;
    candidates_left_ -= candidates;
    return true;
  }

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
  static Layer layer_of(const Module& m) {
    if (!m.is_stdlib) return Layer::user;
    // The session module (Library::session_module) is loaded like a stdlib module.
    return m.is_session ? Layer::session : Layer::stdlib;
  }

  // A name defined twice in one layer is an error; across layers the later layer's
  // declaration shadows the earlier's, whichever is loaded first (a user file may import
  // a stdlib module after a file of its own).
  void collect() {
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

  // The declaration `name` refers to where it is written (`at`). The standard
  // library's code sees only the library's names, so a declaration that shadows one (a
  // user's or the REPL session's record Transformer or scenario W) changes only the code
  // outside the library: `power: W` in economics.rk stays the watt. Everything else,
  // the session's code included, sees the globals.
  Decl* lookup(std::string_view name, SourceRange at) const {
    if (!stdlib_files_.contains(at.file)) return p_.find(name);
    auto it = stdlib_names_.find(std::string(name));
    return it == stdlib_names_.end() ? nullptr : it->second;
  }

  std::string where(SourceRange r) const { return location(p_.sources, r); }

  // --- types ------------------------------------------------------------------------
  std::optional<ComposedUnit> compose(const UnitExpr& u) {
    ComposedUnit c;
    for (const UnitFactor& f : u.factors) {
      const UnitInfo* info = find_unit(f.name);
      if (!info) {
        std::vector<std::string> names;
        if (suggesting(all_units().size()))
          for (const UnitInfo& x : all_units()) names.push_back(x.symbol);
        error(f.range, "E0302", "unknown unit `" + f.name + "`" + did_you_mean_unit(f.name, names));
        return std::nullopt;
      }
      c.scale *= std::pow(info->scale, f.exponent);
      std::optional<Dimension> power = info->dim.checked_pow(f.exponent);
      std::optional<Dimension> product = power ? c.dim.checked_times(*power) : std::nullopt;
      if (!product) {
        error(f.range, "E0421",
              fmt::format("the unit `{}` has a dimension exponent beyond -128..127 at `{}`", u.text,
                          f.name));
        return std::nullopt;
      }
      c.dim = *product;
    }
    // A scale beyond the doubles (EB^20, ps^30) would turn every value into an
    // infinity or a zero.
    if (!std::isfinite(c.scale) || c.scale == 0) {
      error(u.range, "E0420",
            fmt::format("the unit `{}` is {} to represent: its scale to base units is {}", u.text,
                        c.scale == 0 ? "too small" : "too large", c.scale == 0 ? "0" : "infinite"));
      return std::nullopt;
    }
    return c;
  }

  // `written_values`: the type of an input or a record field, whose values a person
  // writes (DisplayUnit::written_values).
  Type resolve_type(const TypeExpr& t, std::optional<DisplayUnit>* display = nullptr,
                    bool written_values = false) {
    Type out;
    if (t.key) return resolve_map_type(t, display, written_values);
    if (!t.tuple.empty()) {  // `(count, GB)`: each element shown in its declared unit
      std::vector<Type> elements;
      std::vector<std::optional<DisplayUnit>> shown(t.tuple.size());
      for (std::size_t i = 0; i < t.tuple.size(); ++i) {
        elements.push_back(resolve_type(t.tuple[i], &shown[i], written_values));
        if (elements.back().is_error()) return {};
      }
      if (display) *display = DisplayUnit::of_tuple(std::move(shown));
      out = Type::tuple_of(elements);
      out.optional = t.optional;
      return out;
    }
    if (t.element) {  // `[T]`: shown in T's unit
      Type element = resolve_type(*t.element, display, written_values);
      if (element.is_error()) return element;
      out = Type::list_of(element);
      out.optional = t.optional;
      return out;
    }
    const UnitExpr& u = t.unit;
    bool single = u.factors.size() == 1 && u.factors[0].exponent == 1;
    std::string_view name = single ? std::string_view(u.factors[0].name) : "";
    if (name == "count" || name == "number") {
      out = Type::quantity({}, name == "count" || t.integer);
      // Shown as a plain number, even when counting units cancelled into it.
      if (display) *display = DisplayUnit{"", 1};
    } else if (name == "bool") {
      out = Type::of(TypeKind::boolean);
    } else if (name == "text") {
      out = Type::of(TypeKind::text);
    } else if (Decl* d = single ? lookup(name, u.range) : nullptr;
               d && (d->kind == DeclKind::record || d->kind == DeclKind::enumeration ||
                     d->kind == DeclKind::scenario)) {
      if (d->kind == DeclKind::record) {
        out = Type::of(TypeKind::record);
        out.record = static_cast<RecordDecl*>(d);
      } else if (d->kind == DeclKind::enumeration) {
        out = Type::of(TypeKind::enumeration);
        out.enumeration = static_cast<EnumDecl*>(d);
      } else {
        out = Type::of(TypeKind::instance);
        out.scenario = static_cast<ScenarioDecl*>(d);
      }
    } else if (single && !find_unit(name)) {
      std::vector<std::string> names;
      if (suggesting(p_.globals.size() + all_units().size())) {
        names = {"count", "number", "bool", "text"};
        for (const auto& [n, d] : p_.globals)
          if (d->kind == DeclKind::record || d->kind == DeclKind::enumeration ||
              d->kind == DeclKind::scenario)
            names.push_back(n);
        for (const UnitInfo& x : all_units()) names.push_back(x.symbol);
      }
      error(u.range, "E0302",
            "unknown type or unit `" + std::string(name) + "`" + did_you_mean_unit(name, names));
      return out;
    } else {
      auto c = compose(u);
      if (!c) return out;
      out = Type::quantity(c->dim, t.integer);
      // A declared step of the dimension's ladder lets the ladder choose within its
      // family (`big: GB` holding 2000 GB shows 2.000 TB, `memory: B/GPU` holding
      // 80 GiB shows 80 GiB/GPU: format.hpp, fitting_display_unit); a unit off the
      // ladder shows as declared (`GiB`, `USD/Mtoken`, `h`). Display rule 1,
      // docs/language.md.
      const bool ladder = ladder_step(c->dim, u.text);
      if (display) *display = DisplayUnit{u.text, c->scale, ladder, ladder && written_values};
    }
    out.optional = t.optional;
    return out;
  }

  // `{K: V}`: keys text or an enumeration's members, values shown in V's unit.
  Type resolve_map_type(const TypeExpr& t, std::optional<DisplayUnit>* display,
                        bool written_values) {
    const Type key = resolve_type(*t.key);
    const Type value = resolve_type(*t.element, display, written_values);
    if (key.is_error() || value.is_error()) return {};
    if ((key.kind != TypeKind::text && key.kind != TypeKind::enumeration) || key.optional) {
      error(t.key->range, "E0364",
            "the keys of a map are text or the members of an enumeration, not " + describe(key));
      return {};
    }
    Type out = Type::map_of(key.enumeration, value);
    out.optional = t.optional;
    return out;
  }

  // Whether a value of type `from` may be bound where `to` is declared; with `meet`,
  // whether two values may stand for each other (the branches of `if`, the sides of
  // `??`), where the counting rule is symmetric.
  static bool assignable(const Type& from, const Type& to, bool meet = false) {
    if (from.is_error() || to.is_error()) return true;
    if (from.kind == TypeKind::none) return to.optional;
    if (from.optional && !to.optional) return false;
    if (from.kind != to.kind) return false;
    switch (from.kind) {
      case TypeKind::quantity:
        return meet ? from.dim.compatible(to.dim) : from.dim.assignable_to(to.dim);
      case TypeKind::record:
        return from.record == to.record;
      case TypeKind::enumeration:
        return from.enumeration == to.enumeration;
      case TypeKind::instance:
        return from.scenario == to.scenario;
      case TypeKind::list:
        return assignable(from.element(), to.element(), meet);
      case TypeKind::map:
        return from.enumeration == to.enumeration &&
               assignable(from.map_value(), to.map_value(), meet);
      case TypeKind::tuple: {
        const auto a = from.tuple_elements(), b = to.tuple_elements();
        if (a.size() != b.size()) return false;
        for (std::size_t i = 0; i < a.size(); ++i)
          if (!assignable(a[i], b[i], meet)) return false;
        return true;
      }
      default:
        return true;
    }
  }

  // `declared`, when given, is how the expected type was written (GB rather than B); a
  // literal in the decimal twin of its unit is refused (E0418), and so is one inside a
  // list, map or tuple literal checked against it (their checks pass each element's
  // written type on).
  void expect(Expr& e, const Scope& s, const Type& to, const std::string& what,
              const TypeExpr* declared) {
    // While `e` is checked against `to`, a literal list or map of it finds how `to` was
    // written (written_type).
    const std::pair<const Type*, const TypeExpr*> outer{written_for_, written_};
    written_for_ = &to;
    written_ = declared;
    Type from;
    try {
      from = check(e, s, &to);
    } catch (...) {
      std::tie(written_for_, written_) = outer;
      throw;
    }
    std::tie(written_for_, written_) = outer;
    // A fractional literal where a whole number is declared is wrong before it runs.
    if (to.integer && e.kind == ExprKind::number && !e.unit && e.number != std::trunc(e.number)) {
      error(e.range, "E0403", fmt::format("{} must be a whole number, not {}", what, e.number));
      return;
    }
    if (assignable(from, to)) {
      // `hbm: GiB = 80 GB`: a literal in the decimal twin of the declared binary unit (or
      // the other way round) is almost always the wrong one of the two.
      if (declared && e.kind == ExprKind::number && e.unit && to.is_quantity() &&
          decimal_binary_twins(e.unit->text, declared->unit.text)) {
        // The declared type resolved, so its unit composes without an error.
        const double in_declared = e.number * e.unit_scale / compose(declared->unit)->scale;
        error(e.range, "E0418",
              fmt::format("{} is declared in {} but given {} {} ({:.4g} {}): write `{} {}` if "
                          "that was meant, or convert on purpose with `{} {} -> {}`",
                          what, declared->unit.text, e.number, e.unit->text, in_declared,
                          declared->unit.text, e.number, declared->unit.text, e.number,
                          e.unit->text, declared->unit.text));
      }
      return;
    }
    if (from.optional && !to.optional && from.kind != TypeKind::none) {
      error(e.range, "E0404", what + " may be none here; give a fallback with `??`");
      return;
    }
    std::string wanted = describe(to);
    if (declared && to.is_quantity() && !to.dim.is_dimensionless())
      wanted = type_text(*declared) + " (" + dimension_name(to.dim) + ")";
    if (declared && (to.is_list() || to.is_map())) wanted = type_text(*declared);
    if (from.is_quantity() && to.is_quantity() && counts_differ_only(from.dim, to.dim)) {
      error(e.range, "E0417",
            what + " must be " + wanted + ", not " + describe(from) + ": " +
                counting_hint(from.dim, to.dim));
      return;
    }
    error(e.range, "E0402", what + " must be " + wanted + ", not " + describe(from));
  }

  // --- declarations -------------------------------------------------------------------
  void resolve_record(RecordDecl& r) {
    for (std::size_t i = 0; i < r.fields.size(); ++i) {
      Field& f = r.fields[i];
      for (std::size_t j = 0; j < i; ++j)
        if (r.fields[j].name == f.name)
          error(f.range, "E0303", "field `" + f.name + "` appears twice in `" + r.name + "`");
      f.resolved = resolve_type(f.type, &f.display, true);
    }
  }

  void check_enum(EnumDecl& e) {
    for (std::size_t i = 0; i < e.members.size(); ++i)
      for (std::size_t j = 0; j < i; ++j)
        if (e.members[j] == e.members[i])
          error(e.member_ranges[i], "E0303",
                "`" + e.members[i] + "` appears twice in `" + e.name + "`");
  }

  void resolve_parameters(std::vector<Parameter>& params) {
    for (std::size_t i = 0; i < params.size(); ++i) {
      for (std::size_t j = 0; j < i; ++j)
        if (params[j].name == params[i].name)
          error(params[i].range, "E0303", "parameter `" + params[i].name + "` appears twice");
      params[i].resolved = resolve_type(params[i].type, &params[i].display);
    }
  }

  // The native's declaration in Reckon must agree with the C++ signature.
  void resolve_native(NativeDecl& d) {
    resolve_parameters(d.parameters);
    d.resolved = resolve_type(d.result, &d.display);
    const NativeFunction* f =
        p_.library && p_.library->natives ? p_.library->natives->find(d.name) : nullptr;
    if (!f) {
      error(d.name_range, "E0304", "`" + d.name + "` is declared native but has no implementation");
      return;
    }
    if (f->is_constant != d.is_constant || f->parameters.size() != d.parameters.size()) {
      error(d.name_range, "E0304",
            fmt::format("native `{}` is implemented with {} parameters", d.name,
                        f->parameters.size()));
      return;
    }
    for (std::size_t i = 0; i < d.parameters.size(); ++i)
      if (!matches(f->parameters[i], d.parameters[i].resolved))
        error(d.parameters[i].type.range, "E0304",
              fmt::format("parameter `{}` of native `{}` is implemented as {}",
                          d.parameters[i].name, d.name, describe_native(f->parameters[i])));
    if (!matches(f->result, d.resolved))
      error(d.result.range, "E0304",
            fmt::format("native `{}` is implemented to return {}", d.name,
                        describe_native(f->result)));
    d.implementation = f;
  }

  static bool matches(const NativeType& n, const Type& t) {
    if (t.is_error()) return true;
    if (t.optional) return false;
    switch (n.kind) {
      case NativeType::Kind::number:
        return t.is_quantity() && t.dim == n.dim;
      case NativeType::Kind::integer:
        return t.is_quantity() && t.dim == n.dim && t.integer;
      case NativeType::Kind::boolean:
        return t.kind == TypeKind::boolean;
      case NativeType::Kind::enumeration: {
        if (t.kind != TypeKind::enumeration || t.enumeration->name != n.enum_name) return false;
        const auto& members = t.enumeration->members;
        if (members.size() != n.enum_members.size()) return false;
        for (std::size_t i = 0; i < members.size(); ++i)
          if (members[i] != n.enum_members[i]) return false;
        return true;
      }
    }
    return false;
  }

  static std::string describe_native(const NativeType& n) {
    switch (n.kind) {
      case NativeType::Kind::number:
        return n.dim.is_dimensionless() ? "number" : base_unit_string(n.dim);
      case NativeType::Kind::integer:
        return "an integer " + (n.dim.is_dimensionless() ? "count" : base_unit_string(n.dim));
      case NativeType::Kind::boolean:
        return "bool";
      case NativeType::Kind::enumeration:
        return std::string(n.enum_name);
    }
    return "?";
  }

  void check_native_defaults(NativeDecl& d) {
    for (Parameter& param : d.parameters)
      if (param.default_value)
        expect(*param.default_value, {}, param.resolved, "the default of `" + param.name + "`",
               &param.type);
  }

  void resolve_scenario(ScenarioDecl& s) {
    std::unordered_map<std::string, SourceRange> seen;
    auto unique = [&](const std::string& name, SourceRange r) {
      auto [it, inserted] = seen.emplace(name, r);
      if (!inserted)
        error(r, "E0301", "`" + name + "` is already defined in `" + s.name + "`",
              {{it->second, "first defined here"}});
    };
    for (Input& in : s.inputs) {
      unique(in.name, in.range);
      in.resolved = resolve_type(in.type, &in.display, true);
    }
    for (Property& prop : s.properties) {
      unique(prop.name, prop.range);
      resolve_parameters(prop.parameters);
      if (prop.declared) {
        prop.resolved = resolve_type(*prop.declared, &prop.display);
        property_state_[&prop] = State::done;
      }
    }
  }

  void check_scenario(ScenarioDecl& s) {
    Scope scope{&s, nullptr};
    for (Input& in : s.inputs)
      if (in.default_value)
        expect(*in.default_value, scope, in.resolved, "the default of `" + in.name + "`", &in.type);
    for (std::size_t i = 0; i < s.properties.size(); ++i) {
      Property& prop = s.properties[i];
      for (Parameter& param : prop.parameters)
        if (param.default_value)
          expect(*param.default_value, scope, param.resolved, "the default of `" + param.name + "`",
                 &param.type);
      if (prop.declared) {
        Scope body{&s, &prop.parameters};
        expect(*prop.body, body, prop.resolved, "`" + prop.name + "`", &*prop.declared);
      } else {
        // Its display unit is its body's written unit (settle_written_units).
        property_type(s, i, prop.range);
      }
    }
    check_requirements(s, hooks(scope));
  }

  // This checker as check_with.hpp's rules see it, in scope `s`.
  CheckHooks hooks(const Scope& s) {
    CheckHooks h;
    h.check = [this, s](Expr& e) { return check(e, s, nullptr); };
    h.expect = [this, s](Expr& e, const Type& to, const std::string& what,
                         const TypeExpr* declared) { expect(e, s, to, what, declared); };
    h.error = [this](SourceRange r, std::string code, std::string message,
                     std::vector<Note> notes) {
      error(r, std::move(code), std::move(message), std::move(notes));
    };
    h.suggest_input = [this](const std::string& name, const ScenarioDecl& sc) {
      std::vector<std::string> names;
      if (suggesting(sc.inputs.size()))
        for (const Input& in : sc.inputs) names.push_back(in.name);
      return did_you_mean_input(name, names);
    };
    return h;
  }

  // The type of a property, checking its body first if its type is not declared.
  Type property_type(const ScenarioDecl& s, std::size_t index, SourceRange used_at) {
    Property& prop = const_cast<Property&>(s.properties[index]);
    State& state = property_state_[&prop];
    if (state == State::done) return prop.resolved;
    // Typed by an earlier run (check_expression after check_program).
    if (state == State::unvisited && !prop.resolved.is_error()) return prop.resolved;
    if (state == State::in_progress) {
      error(used_at, "E0306",
            "cannot infer the unit of `" + prop.name +
                "`: its definition depends on itself; declare its unit "
                "(`" +
                prop.name + ": UNIT = ...`)",
            {{prop.range, "`" + prop.name + "` is defined here"}});
      return {};
    }
    state = State::in_progress;
    Scope body{&s, &prop.parameters};
    Type t = check(*prop.body, body, nullptr);
    prop.resolved = t;
    state = State::done;
    return t;
  }

  Type let_type(LetDecl& d, SourceRange used_at) {
    State& state = let_state(d);
    if (state == State::done) return d.resolved;
    if (state == State::unvisited && !d.resolved.is_error()) return d.resolved;
    if (state == State::in_progress) {
      report_let_cycle(d, used_at);
      return {};
    }
    state = State::in_progress;
    lets_in_progress_.push_back({&d, used_at});
    if (d.declared) {
      d.resolved = resolve_type(*d.declared, &d.display);
      expect(*d.value, {}, d.resolved, "`" + d.name + "`", &*d.declared);
    } else {
      d.resolved = check(*d.value, {}, nullptr);
    }
    lets_in_progress_.pop_back();
    let_state(d) = State::done;  // not `state`: checking the value may have grown the table
    return d.resolved;
  }

  // `d`, in progress, used again at `used_at`: E0305 at that use, with the chain of lets
  // that led back to it (`a -> b -> a`) and a note at each link, as E0504 names a cycle
  // of properties.
  void report_let_cycle(const LetDecl& d, SourceRange used_at) {
    std::vector<Note> notes{{d.name_range, "`" + d.name + "` is defined here"}};
    auto from = std::find_if(lets_in_progress_.begin(), lets_in_progress_.end(),
                             [&](const auto& entry) { return entry.first == &d; });
    std::string chain = d.name;
    // A use inside the user's own definition says so; one reached through a property
    // between them is only `used here`.
    auto link = [&](const LetDecl& user, const std::string& used, SourceRange at) {
      const bool inside = user.value && at.file == user.value->range.file &&
                          at.begin >= user.value->range.begin && at.end <= user.value->range.end;
      notes.push_back({at, inside ? "`" + user.name + "` uses `" + used + "` here"
                                  : "`" + used + "` is used here"});
    };
    if (from != lets_in_progress_.end() && from + 1 != lets_in_progress_.end()) {
      for (auto it = from + 1; it != lets_in_progress_.end(); ++it) {
        chain += " -> " + it->first->name;
        link(*(it - 1)->first, it->first->name, it->second);
      }
      link(*lets_in_progress_.back().first, d.name, used_at);
      error(used_at, "E0305",
            "`" + d.name + "` is defined in terms of itself: " + chain + " -> " + d.name,
            std::move(notes));
      return;
    }
    error(used_at, "E0305", "`" + d.name + "` is defined in terms of itself", std::move(notes));
  }

  // `c`, in progress, reached again through the cases it is based on: E0305 naming the
  // chain (`A -> B -> A`), a note where each case names its base.
  void report_case_cycle(const CaseDecl& c) {
    auto from = std::find(cases_in_progress_.begin(), cases_in_progress_.end(), &c);
    if (from == cases_in_progress_.end() || from + 1 == cases_in_progress_.end()) {
      error(c.name_range, "E0305", "case `" + c.name + "` is based on itself");
      return;
    }
    std::string chain;
    std::vector<Note> notes;
    for (auto it = from; it != cases_in_progress_.end(); ++it) {
      const CaseDecl& user = **it;
      chain += user.name + " -> ";
      notes.push_back(
          {user.base_range, "`" + user.name + "` is based on `" + user.base + "` here"});
    }
    error(c.name_range, "E0305", "case `" + c.name + "` is based on itself: " + chain + c.name,
          std::move(notes));
  }

  // A case binds every input of its scenario: to an argument, to the value in the
  // case it overrides, or to the input's default.
  void resolve_case(CaseDecl& c) {
    State& state = case_state_[&c];
    if (state == State::done || (state == State::unvisited && c.scenario)) return;
    if (state == State::in_progress) {
      report_case_cycle(c);
      return;
    }
    state = State::in_progress;
    cases_in_progress_.push_back(&c);
    struct Pop {
      std::vector<const CaseDecl*>& chain;
      ~Pop() { chain.pop_back(); }
    } pop{cases_in_progress_};
    Decl* base = lookup(c.base, c.base_range);
    if (!base || (base->kind != DeclKind::scenario && base->kind != DeclKind::case_)) {
      std::vector<std::string> names;
      if (suggesting(p_.globals.size()))
        for (const auto& [n, d] : p_.globals)
          if (d->kind == DeclKind::scenario || d->kind == DeclKind::case_) names.push_back(n);
      error(c.base_range, "E0307",
            "`" + c.base + "` is not a scenario or a case" + did_you_mean(c.base, names));
      state = State::done;
      return;
    }
    if (base->kind == DeclKind::case_) {
      auto* b = static_cast<CaseDecl*>(base);
      resolve_case(*b);
      if (!c.is_override) {
        error(c.base_range, "E0308",
              "`" + c.base + "` is a case: write `case " + c.name + " = " + c.base +
                  " with input: value` to override its inputs");
      }
      c.scenario = b->scenario;
      c.bindings = b->bindings;
    } else {
      if (c.is_override)
        error(c.base_range, "E0308",
              "`" + c.base + "` is a scenario: bind it with `" + c.base + "(...)`");
      c.scenario = static_cast<ScenarioDecl*>(base);
      for (const Input& in : c.scenario->inputs) c.bindings.push_back(in.default_value.get());
    }
    if (!c.scenario) {
      state = State::done;
      return;
    }
    const ScenarioDecl& s = *c.scenario;
    std::vector<bool> given(s.inputs.size(), false);
    for (std::size_t k = 0; k < c.arguments.size(); ++k) {
      Argument& a = c.arguments[k];
      int index = -1;
      if (a.name) {
        index = s.input_index(*a.name);
        if (index < 0) {
          std::vector<std::string> names;
          if (suggesting(s.inputs.size()))
            for (const Input& in : s.inputs) names.push_back(in.name);
          error(a.name_range, "E0309",
                "`" + s.name + "` has no input `" + *a.name + "`" +
                    did_you_mean_input(*a.name, names));
          check(*a.value, {}, nullptr);
          continue;
        }
      } else if (c.is_override) {
        error(a.value->range, "E0313", "an override names the input it changes: `input: value`");
        continue;
      } else {
        index = static_cast<int>(k);
        if (index >= static_cast<int>(s.inputs.size())) {
          error(a.value->range, "E0311",
                fmt::format("`{}` has only {} inputs", s.name, s.inputs.size()));
          continue;
        }
      }
      auto i = static_cast<std::size_t>(index);
      if (given[i])
        error(a.value->range, "E0310", "input `" + s.inputs[i].name + "` is given twice");
      given[i] = true;
      expect(*a.value, {}, s.inputs[i].resolved, "input `" + s.inputs[i].name + "`",
             &s.inputs[i].type);
      c.bindings[i] = a.value.get();
    }
    for (std::size_t i = 0; i < s.inputs.size(); ++i)
      if (!c.bindings[i] && !s.inputs[i].resolved.optional)
        error(c.range, "E0312",
              "case `" + c.name + "` does not give input `" + s.inputs[i].name +
                  "`, which has no default");
    state = State::done;
  }

  void check_check(CheckDecl& c) {
    Type t = check(*c.condition, {}, nullptr);
    if (!t.is_error() && t.kind != TypeKind::boolean) {
      error(c.condition->range, "E0410", "a check needs a condition (bool), not " + describe(t));
      return;
    }
    if (!c.tolerance) return;
    Type tol = check(*c.tolerance, {}, nullptr);
    const Expr& cond = *c.condition;
    if (cond.kind != ExprKind::binary || cond.op != Op::eq) {
      error(c.tolerance->range, "E0411", "`within` applies to a check of the form `a == b`");
      return;
    }
    const Type& side = cond.operands[0]->type;
    // A tolerance measures a difference of numbers: lists, texts and records have none
    // (their `number` is 0, and every check of them would hold).
    if (!side.is_error() && !side.is_quantity()) {
      // A collection named in the units it is written in (`[(ms, us)]`, not `[(s, s)]`).
      error(c.tolerance->range, "E0411",
            "`within` compares numbers or quantities, not " +
                describe_shown(side, shown_unit(*cond.operands[0])) +
                (side.is_list() ? ": check each element, or the elements one by one" : ""));
      return;
    }
    if (tol.is_error() || is_number(tol) ||
        (side.is_quantity() && tol.is_quantity() && tol.dim.compatible(side.dim)))
      return;
    error(c.tolerance->range, "E0411",
          "a tolerance is a relative number (1e-3) or an absolute " + describe(side) + ", not " +
              describe(tol));
  }

  // An exercise is checked in the scope of the case it is about, like `reckon eval
  // --case`: varied values must suit their inputs, the interpolations of the prompt and
  // hints, the filters (bools) and the answer are typed there, and the tolerance is a
  // plain number.
  void check_exercise(ExerciseDecl& x) {
    const CaseDecl* c = about_case(x.about, x.about_range, "an exercise");
    if (!c) return;
    x.case_decl = c;
    const ScenarioDecl& s = *c->scenario;
    Scope scope{&s, nullptr};
    for (std::size_t i = 0; i < x.vary.size(); ++i) check_vary(x.vary, i, s);
    for (PromptPiece& piece : x.prompt)
      if (piece.expr) check(*piece.expr, scope, nullptr);
    for (auto& hint : x.hints)
      for (PromptPiece& piece : hint)
        if (piece.expr) check(*piece.expr, scope, nullptr);
    for (auto& e : x.where) {
      Type t = check(*e, scope, nullptr);
      if (!t.is_error() && (t.kind != TypeKind::boolean || t.optional))
        error(e->range, "E0415",
              "a filter must be a bool, as in `memory_left > 0 GB`, not " + describe(t));
    }
    Type answer = check(*x.answer, scope, nullptr);
    if (!answer.is_error()) {
      if (answer.optional && answer.kind != TypeKind::none)
        error(x.answer->range, "E0404", "the answer may be none; give a fallback with `??`");
      else if (!answer.is_quantity() && answer.kind != TypeKind::boolean)
        error(x.answer->range, "E0412",
              "an answer must be a number, a quantity or a bool, not " + describe(answer));
    }
    if (!x.tolerance) return;
    Type tol = check(*x.tolerance, {}, nullptr);
    if (!tol.is_error() && !is_number(tol))
      error(x.tolerance->range, "E0411",
            "the tolerance of an exercise is a relative number (1e-2), not " + describe(tol));
    else if (answer.kind == TypeKind::boolean)
      error(x.tolerance->range, "E0411", "a yes-or-no answer has no tolerance");
  }

  // The case an exercise or a sweep (`what`) is about, resolved; null after an error.
  const CaseDecl* about_case(const std::string& name, SourceRange at, const std::string& what) {
    Decl* d = lookup(name, at);
    if (!d || d->kind != DeclKind::case_) {
      if (d && d->kind == DeclKind::scenario) {
        error(at, "E0321",
              "`" + name + "` is a scenario: " + what + " is about a case (`case C = " + name +
                  "(...)`)");
      } else {
        std::vector<std::string> names;
        if (suggesting(p_.globals.size()))
          for (const auto& [n, g] : p_.globals)
            if (g->kind == DeclKind::case_) names.push_back(n);
        error(at, "E0321", "`" + name + "` is not a case" + did_you_mean(name, names));
      }
      return nullptr;
    }
    auto* c = static_cast<CaseDecl*>(d);
    resolve_case(*c);
    return c->scenario ? c : nullptr;
  }

 public:
  // A sweep is checked in the scope of its case, like an exercise: varied values must
  // suit their inputs; what it shows must be a value a table can hold (a quantity, a
  // bool or an enumeration member), its filters bools and its objective a quantity.
  void check_sweep(SweepDecl& x) {
    const CaseDecl* c = about_case(x.about, x.about_range, "a sweep");
    if (!c) return;
    x.case_decl = c;
    const ScenarioDecl& s = *c->scenario;
    Scope scope{&s, nullptr};
    for (std::size_t i = 0; i < x.vary.size(); ++i) check_vary(x.vary, i, s);
    for (auto& e : x.show) {
      Type t = check(*e, scope, nullptr);
      if (t.is_error()) continue;
      if (t.optional && t.kind != TypeKind::none) {
        error(e->range, "E0404", "this may be none; give a fallback with `??` to show it");
      } else if (t.is_list() && t.element().is_quantity() && !t.element().optional) {
        e = sum_for_show(std::move(e));  // a column of its sums (shown_list.hpp)
      } else if (!t.is_quantity() && t.kind != TypeKind::boolean &&
                 t.kind != TypeKind::enumeration) {
        error(e->range, "E0414",
              "a sweep shows numbers, quantities, bools and enumeration members (a list of "
              "numbers or quantities as its sum), not " +
                  describe_shown(t, shown_unit(*e, &s)) +
                  (t.is_list() ? ": show an aggregate of it, as in `len(xs)` or `xs[0]`" : ""));
      }
    }
    for (auto& e : x.where) {
      Type t = check(*e, scope, nullptr);
      if (!t.is_error() && (t.kind != TypeKind::boolean || t.optional))
        error(e->range, "E0415",
              "a filter must be a bool, as in `memory < 80 GiB`, not " + describe(t));
    }
    if (x.objective) {
      Type t = check(*x.objective, scope, nullptr);
      if (!t.is_error() && (!t.is_quantity() || t.optional))
        error(x.objective->range, "E0416",
              std::string("the objective to ") + (x.maximize ? "maximize" : "minimize") +
                  " must be a number or a quantity, not " + describe(t));
    }
    flush();
  }

 private:
  void check_vary(std::vector<Vary>& all, std::size_t i, const ScenarioDecl& s) {
    Vary& v = all[i];
    auto values_alone = [&] {  // still report their own errors
      for (auto& e : v.values) check(*e, {}, nullptr);
      for (Expr* e : {v.from.get(), v.to.get(), v.step.get(), v.factor.get()})
        if (e) check(*e, {}, nullptr);
    };
    int index = s.input_index(v.name);
    if (index < 0) {
      if (s.property_index(v.name) >= 0) {
        error(v.range, "E0322",
              "`" + v.name + "` is a property of `" + s.name +
                  "`, not an input: only inputs can vary");
      } else {
        std::vector<std::string> names;
        if (suggesting(s.inputs.size()))
          for (const Input& in : s.inputs) names.push_back(in.name);
        error(v.range, "E0309",
              "`" + s.name + "` has no input `" + v.name + "`" + did_you_mean_input(v.name, names));
      }
      values_alone();
      return;
    }
    for (std::size_t j = 0; j < i; ++j)
      if (all[j].name == v.name)
        error(v.range, "E0322", "`" + v.name + "` is varied twice",
              {{all[j].range, "first varied here"}});
    v.input = index;
    const Input& in = s.inputs[static_cast<std::size_t>(index)];
    for (auto& e : v.values) expect(*e, {}, in.resolved, "a value of `" + v.name + "`", &in.type);
    if (!v.from) return;
    if (!in.resolved.is_quantity()) {
      error(v.range, "E0413",
            "`" + v.name + "` is " + describe(in.resolved) +
                ": a range needs a number or a quantity; list the values in [...]");
      values_alone();
      return;
    }
    Type bound = in.resolved;
    bound.optional = false;
    // The bounds and the step are in the input's declared unit (`40 GB .. 80 GB step 8 GB`
    // where GiB is declared is E0418), and never none.
    TypeExpr bound_written;
    bound_written.integer = in.type.integer;
    bound_written.unit = in.type.unit;
    bound_written.range = in.type.range;
    expect(*v.from, {}, bound, "the start of the range of `" + v.name + "`", &bound_written);
    expect(*v.to, {}, bound, "the end of the range of `" + v.name + "`", &bound_written);
    if (v.step)
      expect(*v.step, {}, bound, "the step of the range of `" + v.name + "`", &bound_written);
    if (v.factor)
      expect(*v.factor, {}, Type::quantity({}), "the factor of the range of `" + v.name + "`");
    // Without a stride a range of counts (plain numbers, tokens) steps by 1 (sweep.cpp,
    // expand); one of physical quantities would step by one base unit (1 GB .. 4 GB in
    // 3e9 bytes), never what is meant.
    if (!v.step && !v.factor && !bound.dim.physical().is_dimensionless()) {
      SourceRange whole = v.from->range;
      whole.end = v.to->range.end;
      // Named in the unit the range is written in (`1 GB .. 4 GB`: GB, not B).
      std::string what = describe(bound);
      const UnitExpr* written = v.from->unit ? v.from->unit.get() : v.to->unit.get();
      if (const auto paren = what.find(" (");
          written && !written->text.empty() && paren != std::string::npos)
        what = written->text + what.substr(paren);
      error(whole, "E0137",
            "the range of `" + v.name + "` is of " + what +
                " and needs a step or a factor: `step S` or `times F` in a file (`1 GB .. 4 GB "
                "step 1 GB`), `+S` or ` *F` after --vary (`1 GB..4 GB+1 GB`, `1 GB..4 GB *2`: "
                "a space before `*`, or `GB*2` reads as a unit); only a range of counts steps "
                "by 1 without one");
    }
  }

  // --- expressions ----------------------------------------------------------------
 public:
  Type check(Expr& e, const Scope& s, const Type* expected) override {
    // Properties without a declared unit are typed through each other, so the checker
    // recurses over chains of definitions as well as over expressions: bound its stack
    // as the evaluator bounds its own.
    char probe = 0;
    auto here = reinterpret_cast<std::uintptr_t>(&probe);
    if (stack_base_ > here && stack_base_ - here > Evaluator::stack_budget()) {
      error(e.range, "E0507",
            "definitions depend on each other too deeply to check (declare the units of "
            "some properties)");
      e.type = Type{};
      return e.type;
    }
    e.type = check_inner(e, s, expected);
    return e.type;
  }

 private:
  Type check_inner(Expr& e, const Scope& s, const Type* expected) {
    switch (e.kind) {
      case ExprKind::number: {
        if (!e.unit) return Type::quantity({}, e.number == std::trunc(e.number));
        auto c = compose(*e.unit);
        if (!c) return {};
        e.unit_scale = c->scale;
        // The value in base units must be a finite double too: `1e300 EB` is 1e318 B.
        if (!std::isfinite(e.number * e.unit_scale)) {
          const std::string& text = p_.sources.file(e.range.file).text();
          error(e.range, "E0420",
                fmt::format("`{}` is too large: in base units it is beyond the largest "
                            "number (about 1.8e308 {})",
                            text.substr(e.range.begin, e.range.end - e.range.begin),
                            base_unit_string(c->dim)));
          return {};
        }
        return Type::quantity(c->dim);
      }
      case ExprKind::text:
        return Type::of(TypeKind::text);
      case ExprKind::boolean:
        return Type::of(TypeKind::boolean);
      case ExprKind::none:
        if (expected && expected->kind == TypeKind::enumeration) {
          int index = expected->enumeration->member_index("none");
          if (index >= 0) return enum_member(e, expected->enumeration, index);
        }
        return Type::of(TypeKind::none);
      case ExprKind::name:
        return name(e, s, expected);
      case ExprKind::unary:
        return unary(e, s);
      case ExprKind::binary:
        return binary(e, s);
      case ExprKind::conditional:
        return conditional(e, s, expected);
      case ExprKind::convert:
        return convert(e, s);
      case ExprKind::call:
        return call(e, s);
      case ExprKind::member:
        return member(e, s);
      case ExprKind::list:
        return check_list_literal(*this, e, s, expected);
      case ExprKind::number_list:
        return check_number_list(*this, e, s, expected);
      case ExprKind::comprehension:
        return check_comprehension(*this, e, s);
      case ExprKind::index:
        return check_index(*this, e, s);
      case ExprKind::interpolation:
        // Its pieces are texts and formats, each of type text.
        for (auto& piece : e.operands) check(*piece, s, nullptr);
        return Type::of(TypeKind::text);
      case ExprKind::format: {
        Type t = check(*e.operands[0], s, nullptr);
        if (auto problem = format_problem(e, t)) report(*problem);
        return Type::of(TypeKind::text);
      }
      case ExprKind::slice:
        return check_slice(*this, e, s);
      case ExprKind::range:
        return check_range(*this, e, s, expected);
      case ExprKind::lambda:  // the builtins that take one check it (check_lambda)
        return misplaced_lambda(*this, e);
      case ExprKind::variant:
        return check_variant(e, hooks(s));
      case ExprKind::map:
        return check_map_literal(*this, e, s, expected);
      case ExprKind::tuple:
        return check_tuple_literal(*this, e, s, expected);
    }
    return {};
  }

  void report(const TextProblem& p) { error(p.at, p.code, p.message); }

  // `x -> U`: a quantity shown in U, or each quantity of a list or map of them
  // (convert_each.hpp): `xs -> KiB` is `[x -> KiB for x in xs]`.
  Type convert(Expr& e, const Scope& s) {
    Type t = check(*e.operands[0], s, nullptr);
    auto c = compose(*e.unit);
    if (!c || t.is_error()) return {};
    const Type& element = converted_element(t);
    if (!element.is_quantity() || !element.dim.compatible(c->dim)) {
      const Expr& x = *e.operands[0];
      const std::string operand = x.kind == ExprKind::name ? x.text : "";
      std::string what = describe(t);
      if (&element != &t && element.is_quantity())  // `[s] (time)`: the elements'
        what += " (" + dimension_name(element.dim) + ")";
      fit_error(e.range, "E0407",
                "cannot convert " + what + " to " + e.unit->text + " (" + dimension_name(c->dim) +
                    ")" + convert_hint(t, c->dim, operand, e.unit->text),
                element.dim, c->dim, "");
      return {};
    }
    if (t.optional || (&element == &t && element.optional))
      error(e.operands[0]->range, "E0404", "this may be none; give a fallback with `??`");
    else if (element.optional)  // `[GB?]`: a fallback for each element, not for the list
      error(e.operands[0]->range, "E0404",
            "its elements may be none; give each a fallback with `??` in a comprehension, as "
            "in `[(x ?? 0 " +
                e.unit->text + ") -> " + e.unit->text + " for x in xs]`");
    e.unit_scale = c->scale;
    return with_converted_element(t, Type::quantity(merge(element.dim, c->dim), element.integer));
  }

  // A global declaration as what an expression resolves to (ast.hpp's Target).
  static Target target_of(const Decl& d) {
    switch (d.kind) {
      case DeclKind::let:
        return static_cast<const LetDecl*>(&d);
      case DeclKind::case_:
        return static_cast<const CaseDecl*>(&d);
      case DeclKind::enumeration:
        return static_cast<const EnumDecl*>(&d);
      case DeclKind::record:
        return static_cast<const RecordDecl*>(&d);
      case DeclKind::scenario:
        return static_cast<const ScenarioDecl*>(&d);
      case DeclKind::native:
        return static_cast<const NativeDecl*>(&d);
      default:
        return {};  // an import, check, exercise or sweep: not a value
    }
  }

  Type enum_member(Expr& e, const EnumDecl* en, int index) {
    e.ref = RefKind::enum_member;
    e.slot = index;
    e.target = en;
    Type t = Type::of(TypeKind::enumeration);
    t.enumeration = en;
    return t;
  }

  Type name(Expr& e, const Scope& s, const Type* expected) {
    const std::string& n = e.text;
    if (const Expr* local = find_local(s, n)) {  // innermost: shadows everything
      e.ref = RefKind::local;
      e.slot = local->slot;
      return local->type;
    }
    if (expected && expected->kind == TypeKind::enumeration) {
      int index = expected->enumeration->member_index(n);
      if (index >= 0) return enum_member(e, expected->enumeration, index);
    }
    if (s.parameters) {
      for (std::size_t i = 0; i < s.parameters->size(); ++i) {
        if ((*s.parameters)[i].name != n) continue;
        e.ref = RefKind::parameter;
        e.slot = static_cast<int>(i);
        return (*s.parameters)[i].resolved;
      }
    }
    if (s.scenario) {
      if (int i = s.scenario->input_index(n); i >= 0) {
        e.ref = RefKind::input;
        e.slot = i;
        return s.scenario->inputs[static_cast<std::size_t>(i)].resolved;
      }
      if (int i = s.scenario->property_index(n); i >= 0) {
        const Property& prop = s.scenario->properties[static_cast<std::size_t>(i)];
        if (prop.is_method) {
          error(e.range, "E0315",
                "`" + n + "` is a method: call it with its arguments, as in `" + n + "(...)`");
          return {};
        }
        e.ref = RefKind::property;
        e.slot = i;
        return property_type(*s.scenario, static_cast<std::size_t>(i), e.range);
      }
    }
    if (Decl* d = lookup(n, e.range)) {
      e.target = target_of(*d);
      switch (d->kind) {
        case DeclKind::let:
          e.ref = RefKind::let;
          return let_type(*static_cast<LetDecl*>(d), e.range);
        case DeclKind::case_: {
          auto* c = static_cast<CaseDecl*>(d);
          resolve_case(*c);
          e.ref = RefKind::instance;
          Type t = Type::of(TypeKind::instance);
          t.scenario = c->scenario;
          return c->scenario ? t : Type{};
        }
        case DeclKind::native: {
          auto* nd = static_cast<NativeDecl*>(d);
          if (nd->is_constant) {
            e.ref = RefKind::constant;
            return nd->resolved;
          }
          error(e.range, "E0315", "`" + n + "` is a function: call it with its arguments");
          return {};
        }
        case DeclKind::exercise:
          error(e.range, "E0315", "`" + n + "` is an exercise, not a value");
          return {};
        case DeclKind::sweep:
          error(e.range, "E0315", "`" + n + "` is a sweep, not a value");
          return {};
        case DeclKind::enumeration:
          error(e.range, "E0315",
                "`" + n + "` is an enumeration: name one of its values, as in `" + n + "." +
                    static_cast<EnumDecl*>(d)->members.at(0) + "`");
          return {};
        default:
          error(e.range, "E0315",
                "`" + n + "` is a " + (d->kind == DeclKind::record ? "record type" : "scenario") +
                    ": construct a value with `" + n + "(...)`");
          return {};
      }
    }
    if (const UnitInfo* u = find_unit(n)) {
      e.ref = RefKind::unit;
      e.unit_scale = u->scale;
      return Type::quantity(u->dim);
    }
    if (expected && expected->kind == TypeKind::enumeration) {
      error(e.range, "E0318",
            "unknown " + expected->enumeration->name + " `" + n + "`" +
                (suggesting(expected->enumeration->members.size())
                     ? did_you_mean(n, expected->enumeration->members)
                     : "") +
                " (the values are " + join(expected->enumeration->members) + ")");
      return {};
    }
    // A misspelt name is likelier than a misspelt unit; a unit hint only when no name is close.
    std::string suggestion = did_you_mean(n, visible_names(s));
    if (suggestion.empty()) suggestion = unit_hint(n);
    error(e.range, "E0316", "unknown name `" + n + "`" + suggestion);
    return {};
  }

  static std::string join(const std::vector<std::string>& v) {
    std::string out;
    for (const auto& x : v) out += (out.empty() ? "" : ", ") + x;
    return out;
  }

  // The names in scope at `s`, or none once suggestions are used up (suggesting).
  std::vector<std::string_view> visible_names(const Scope& s) {
    std::vector<std::string_view> names;
    std::size_t count = p_.globals.size() + numeric_builtin_names.size() +
                        std::size(list_builtin_names) + std::size(map_builtin_names) +
                        static_cast<std::size_t>(s.local_count());
    if (s.parameters) count += s.parameters->size();
    if (s.scenario) count += s.scenario->inputs.size() + s.scenario->properties.size();
    if (!suggesting(count)) return names;
    if (s.parameters)
      for (const auto& prm : *s.parameters) names.push_back(prm.name);
    if (s.scenario) {
      for (const auto& in : s.scenario->inputs) names.push_back(in.name);
      for (const auto& prop : s.scenario->properties) names.push_back(prop.name);
    }
    for (const auto& [n, d] : p_.globals) names.push_back(n);
    for (auto b : numeric_builtin_names) names.emplace_back(b);
    for (auto b : list_builtin_names) names.emplace_back(b);
    for (auto b : map_builtin_names) names.emplace_back(b);
    for (const LocalBinding* l = s.locals; l; l = l->outer) names.emplace_back(l->binder->text);
    return names;
  }

  Type unary(Expr& e, const Scope& s) {
    Type t = check(*e.operands[0], s, nullptr);
    if (t.is_error()) return t;
    if (e.op == Op::logical_not) {
      if (t.kind != TypeKind::boolean)
        error(e.range, "E0405", "`not` needs a bool, not " + describe(t));
      return Type::of(TypeKind::boolean);
    }
    if (!t.is_quantity() || t.optional) {
      error(e.range, "E0405", "cannot negate " + describe(t));
      return {};
    }
    return t;
  }

  bool require_quantity(const Expr& operand, const Type& t, std::string_view op) {
    if (t.is_quantity() && !t.optional) return true;
    if (t.optional && t.is_quantity())
      error(operand.range, "E0404",
            "this may be none; give a fallback with `??` before using `" + std::string(op) + "`");
    else
      error(operand.range, "E0405",
            "`" + std::string(op) + "` needs a number or quantity, not " + describe(t));
    return false;
  }

  Type binary(Expr& e, const Scope& s) {
    Expr& l = *e.operands[0];
    Expr& r = *e.operands[1];
    if (e.op == Op::coalesce) return coalesce(e, s);
    if (e.op == Op::logical_and || e.op == Op::logical_or) {
      Type a = check(l, s, nullptr), b = check(r, s, nullptr);
      for (auto [x, t] : {std::pair{&l, a}, std::pair{&r, b}})
        if (!t.is_error() && t.kind != TypeKind::boolean)
          error(x->range, "E0405",
                "`" + std::string(op_symbol(e.op)) + "` needs bools, not " + describe(t));
      return Type::of(TypeKind::boolean);
    }
    if (e.op == Op::eq || e.op == Op::ne) return equality(e, s);
    Type a = check(l, s, nullptr);
    // `xs + []`: the empty list is typed as xs.
    const bool empty_list = r.kind == ExprKind::list && r.operands.empty();
    Type b = check(r, s, a.is_list() && empty_list ? &a : nullptr);
    if (a.is_error() || b.is_error()) return {};
    if (a.is_list() || b.is_list()) return check_list_operation(*this, e, a, b);
    if (e.op == Op::add && (a.kind == TypeKind::text || b.kind == TypeKind::text)) {
      const Expr& other = a.kind == TypeKind::text ? r : l;
      const std::string& source = p_.sources.file(other.range.file).text();
      auto problem = text_addition_problem(
          e, a, b,
          std::string_view(source).substr(other.range.begin, other.range.end - other.range.begin));
      if (!problem) return Type::of(TypeKind::text);
      report(*problem);
      return {};
    }
    std::string_view sym = op_symbol(e.op);
    if (!require_quantity(l, a, sym) || !require_quantity(r, b, sym)) return {};
    switch (e.op) {
      case Op::floordiv:
      case Op::mod:
        return integer_operation(e, a, b);
      case Op::add:
      case Op::sub:
      case Op::lt:
      case Op::le:
      case Op::gt:
      case Op::ge: {
        if (!a.dim.compatible(b.dim)) {
          std::string verb = e.op == Op::add ? "add" : e.op == Op::sub ? "subtract" : "compare";
          meet_error(e.name_range, "E0401",
                     "cannot " + verb + " " + describe(a) + " and " + describe(b), a.dim, b.dim);
          return {};
        }
        if (e.op == Op::add || e.op == Op::sub)
          return Type::quantity(merge(a.dim, b.dim), a.integer && b.integer);
        return Type::of(TypeKind::boolean);
      }
      case Op::mul:
      case Op::div: {
        auto d = e.op == Op::mul ? a.dim.checked_times(b.dim) : a.dim.checked_over(b.dim);
        if (!d) {
          exponent_overflow(e, a, b);
          return {};
        }
        return Type::quantity(*d, e.op == Op::mul && a.integer && b.integer);
      }
      case Op::pow:
        return power(e, a, b);
      default:
        return {};
    }
  }

  // `//` and `%` take the same operands: two quantities of one dimension (`300 ms // 100
  // ms` is 3, `300 ms % 100 ms` is 0 ms), or a quantity and a plain number (`7 h // 2` is
  // 3 h, `10 GB % 3` is 1 GB). Both work in the operands' written unit (operations.hpp).
  Type integer_operation(Expr& e, const Type& a, const Type& b) {
    const bool by_number = b.dim.is_dimensionless();
    if (!by_number && !a.dim.compatible(b.dim)) {
      std::string verb = e.op == Op::mod ? "take the remainder of " : "divide (`//`) ";
      if (counts_differ_only(a.dim, b.dim))
        meet_error(e.name_range, "E0401", "cannot " + verb + describe(a) + " by " + describe(b),
                   a.dim, b.dim);
      else
        error(e.name_range, "E0401",
              "cannot " + verb + describe(a) + " by " + describe(b) +
                  ": the divisor must be of the dividend's dimension, or a plain number");
      return {};
    }
    if (e.op == Op::mod)
      return Type::quantity(by_number ? a.dim : merge(a.dim, b.dim), a.integer && b.integer);
    // A count of the divisor (a plain number: `7 // 2 token` takes the 7 as tokens), or
    // the dividend's quantity.
    if (!by_number) return Type::quantity({}, true);
    auto d = a.dim.checked_over(b.dim);
    if (!d) {
      exponent_overflow(e, a, b);
      return {};
    }
    return Type::quantity(*d, d->is_dimensionless());
  }

  void exponent_overflow(const Expr& e, const Type& a, const Type& b) {
    error(e.name_range, "E0421",
          fmt::format("the dimension of this {} of {} and {} has an exponent beyond -128..127",
                      e.op == Op::mul ? "product" : "quotient", describe(a), describe(b)));
  }

  // A dimensioned base needs an exponent known now: a whole-number literal.
  Type power(Expr& e, const Type& a, const Type& b) {
    Expr& r = *e.operands[1];
    if (!is_number(b)) {
      error(r.range, "E0406", "an exponent must be a plain number, not " + describe(b));
      return {};
    }
    if (a.dim.is_dimensionless()) return Type::quantity({});
    const Expr* lit = &r;
    double sign = 1;
    if (lit->kind == ExprKind::unary && lit->op == Op::neg) {
      sign = -1;
      lit = lit->operands[0].get();
    }
    if (lit->kind != ExprKind::number || lit->unit || lit->number != std::trunc(lit->number) ||
        std::fabs(lit->number) > 1e6) {
      error(r.range, "E0406",
            "the exponent of " + describe(a) +
                " must be a whole number written in place (like 2 or -1)");
      return {};
    }
    auto d = a.dim.checked_pow(static_cast<long long>(sign * lit->number));
    if (!d) {
      error(r.range, "E0421",
            fmt::format("{} raised to {} has a dimension exponent beyond -128..127", describe(a),
                        sign * lit->number));
      return {};
    }
    return Type::quantity(*d, a.integer && sign > 0);
  }

  Type equality(Expr& e, const Scope& s) {
    Expr& l = *e.operands[0];
    Expr& r = *e.operands[1];
    // A bare name may be a member of the other side's enumeration (`none == strategy`),
    // so the side that is not a bare name is typed first.
    auto bare = [](const Expr& x) { return x.kind == ExprKind::name || x.kind == ExprKind::none; };
    Type a, b;
    if (bare(l) && !bare(r)) {
      b = check(r, s, nullptr);
      a = check(l, s, &b);
    } else {
      a = check(l, s, nullptr);
      b = check(r, s, &a);
    }
    if (a.is_error() || b.is_error()) return Type::of(TypeKind::boolean);
    bool ok = false;
    if (a.kind == TypeKind::none || b.kind == TypeKind::none)
      ok = a.optional || b.optional || (a.kind == TypeKind::none && b.kind == TypeKind::none);
    else if (a.kind == b.kind)
      ok = a.kind != TypeKind::quantity || a.dim.compatible(b.dim);
    if (ok && a.kind == TypeKind::enumeration) ok = a.enumeration == b.enumeration;
    if (ok && a.kind == TypeKind::record) ok = a.record == b.record;
    if (ok && a.kind == TypeKind::instance) ok = false;
    if (ok && a.kind == TypeKind::list) ok = assignable(a, b, true) && assignable(b, a, true);
    if (ok && a.kind == TypeKind::map) ok = assignable(a, b, true) && assignable(b, a, true);
    if (ok && a.kind == TypeKind::tuple) ok = assignable(a, b, true) && assignable(b, a, true);
    if (!ok && a.is_quantity() && b.is_quantity())
      meet_error(e.name_range, "E0408", "cannot compare " + describe(a) + " and " + describe(b),
                 a.dim, b.dim);
    else if (!ok)
      error(e.name_range, "E0408", "cannot compare " + describe(a) + " and " + describe(b));
    return Type::of(TypeKind::boolean);
  }

  Type coalesce(Expr& e, const Scope& s) {
    Type a = check(*e.operands[0], s, nullptr);
    Type plain = a;
    plain.optional = false;
    // An enumeration member by its bare name, and `[]`, are typed as the left side.
    const Expr& r = *e.operands[1];
    const bool hinted = a.kind == TypeKind::enumeration ||
                        (a.is_list() && r.kind == ExprKind::list && r.operands.empty());
    Type b = check(*e.operands[1], s, hinted ? &plain : nullptr);
    if (a.is_error() || b.is_error()) return {};
    if (a.kind == TypeKind::none) return b;
    if (b.kind == TypeKind::none) return a;  // `x ?? none`: still optional
    if (!assignable(b, Type{plain}, true) && !(b.optional && assignable(b, a, true))) {
      fit_error(e.name_range, "E0409",
                "the two sides of `??` differ: " + describe(a) + " and " + describe(b), b.dim,
                a.dim, "the right side");
      return {};
    }
    Type result = plain;
    if (a.is_quantity()) {
      result.dim = merge(a.dim, b.dim);
      result.integer = a.integer && b.integer;
    }
    result.optional = b.optional;
    return result;
  }

  Type conditional(Expr& e, const Scope& s, const Type* expected) {
    Type c = check(*e.operands[0], s, nullptr);
    if (!c.is_error() && c.kind != TypeKind::boolean)
      error(e.operands[0]->range, "E0410",
            "the condition of `if` must be a bool, not " + describe(c));
    Type a = check(*e.operands[1], s, expected);
    Type b = check(*e.operands[2], s, expected ? expected : &a);
    if (a.is_error() || b.is_error()) return {};
    if (a.kind == TypeKind::none) {
      b.optional = true;
      return b;
    }
    if (b.kind == TypeKind::none) {
      a.optional = true;
      return a;
    }
    Type pa = a, pb = b;
    pa.optional = pb.optional = true;
    if (!assignable(b, pa, true) || !assignable(a, pb, true)) {
      fit_error(e.range, "E0409",
                "the branches of `if` differ: " + describe(a) + " and " + describe(b), b.dim, a.dim,
                "the `else` branch");
      return {};
    }
    Type result = a;
    if (a.is_quantity()) {
      result.dim = merge(a.dim, b.dim);
      result.integer = a.integer && b.integer;
    }
    result.optional = a.optional || b.optional;
    return result;
  }

  // --- calls ----------------------------------------------------------------------
  // Matches positional then named arguments to slots; fills call.binding.
  void bind(Expr& call, const std::vector<Slot>& slots, const Scope& s, const std::string& what) {
    call.binding.assign(slots.size(), -1);
    std::size_t errors_before = errors_.size();
    bool named_seen = false;
    for (std::size_t k = 0; k < call.arguments.size(); ++k) {
      Argument& a = call.arguments[k];
      int index = -1;
      if (a.name) {
        named_seen = true;
        for (std::size_t i = 0; i < slots.size(); ++i)
          if (slots[i].name == *a.name) index = static_cast<int>(i);
        if (index < 0) {
          std::vector<std::string> names;
          if (suggesting(slots.size()))
            for (const Slot& sl : slots) names.emplace_back(sl.name);
          error(a.name_range, "E0314",
                what + " has no parameter `" + *a.name + "`" + did_you_mean(*a.name, names));
          check(*a.value, s, nullptr);
          continue;
        }
      } else {
        if (named_seen) {
          error(a.value->range, "E0313", "a positional argument cannot follow a named one");
          continue;
        }
        if (k >= slots.size()) {
          error(a.value->range, "E0311",
                fmt::format("{} takes {} argument{}", what, slots.size(),
                            slots.size() == 1 ? "" : "s"));
          check(*a.value, s, nullptr);
          continue;
        }
        index = static_cast<int>(k);
      }
      auto i = static_cast<std::size_t>(index);
      if (call.binding[i] >= 0) {
        error(a.value->range, "E0310", "`" + std::string(slots[i].name) + "` is given twice");
        continue;
      }
      call.binding[i] = static_cast<int>(k);
      expect(*a.value, s, *slots[i].type, "argument `" + std::string(slots[i].name) + "`",
             slots[i].declared);
    }
    // After a misplaced or unknown argument, a "missing" one is usually the same
    // mistake seen twice.
    if (errors_.size() > errors_before) return;
    for (std::size_t i = 0; i < slots.size(); ++i)
      if (call.binding[i] < 0 && !slots[i].has_default)
        error(call.range, "E0312", what + " needs argument `" + std::string(slots[i].name) + "`");
  }

  static std::vector<Slot> slots_of(const std::vector<Parameter>& params) {
    std::vector<Slot> out;
    for (const auto& prm : params)
      out.push_back({prm.name, &prm.resolved, prm.default_value != nullptr, &prm.type});
    return out;
  }

  Type call(Expr& e, const Scope& s) {
    Expr& callee = *e.callee;
    // When the callee is wrong its parameters are unknown, so the arguments are not
    // checked: their errors would only be noise (`selective` is unknown without the
    // Recompute parameter that gives it meaning).
    auto check_args_only = [] { return Type{}; };
    (void)s;
    if (callee.kind == ExprKind::member) {
      Type obj = check(*callee.operands[0], s, nullptr);
      if (obj.is_error()) return check_args_only();
      if (obj.kind != TypeKind::instance || obj.optional) {
        error(callee.name_range, "E0320", describe(obj) + " has no method `" + callee.text + "`");
        return check_args_only();
      }
      return method_call(e, *obj.scenario, callee.text, callee.name_range, s);
    }
    if (callee.kind != ExprKind::name) {
      error(callee.range, "E0319", "this is not a function");
      return check_args_only();
    }
    const std::string& n = callee.text;
    if (s.scenario && s.scenario->property_index(n) >= 0 &&
        !(s.parameters && has_parameter(*s.parameters, n)))
      return method_call(e, *s.scenario, n, callee.range, s);
    if (Decl* d = lookup(n, callee.range)) {
      e.target = target_of(*d);
      if (d->kind == DeclKind::native && !static_cast<NativeDecl*>(d)->is_constant) {
        auto* nd = static_cast<NativeDecl*>(d);
        e.call = CallKind::native;
        bind(e, slots_of(nd->parameters), s, "`" + n + "`");
        return nd->resolved;
      }
      if (d->kind == DeclKind::record) {
        auto* r = static_cast<RecordDecl*>(d);
        std::vector<Slot> slots;
        for (const Field& f : r->fields)
          slots.push_back({f.name, &f.resolved, f.default_value || f.resolved.optional, &f.type});
        e.call = CallKind::record;
        bind(e, slots, s, "`" + n + "`");
        Type t = Type::of(TypeKind::record);
        t.record = r;
        return t;
      }
      if (d->kind == DeclKind::scenario) {
        auto* sc = static_cast<ScenarioDecl*>(d);
        std::vector<Slot> slots;
        for (const Input& in : sc->inputs)
          slots.push_back(
              {in.name, &in.resolved, in.default_value || in.resolved.optional, &in.type});
        e.call = CallKind::scenario;
        bind(e, slots, s, "`" + n + "`");
        Type t = Type::of(TypeKind::instance);
        t.scenario = sc;
        return t;
      }
      error(callee.range, "E0319", "`" + n + "` is not a function");
      return check_args_only();
    }
    // `min(xs)` and `max(xs)` are over a list; with two arguments they are the numeric ones.
    if (auto b = find_list_builtin(n);
        b && !((*b == ListBuiltin::min || *b == ListBuiltin::max) && e.arguments.size() != 1))
      return check_list_builtin(*this, e, *b, s);
    if (auto b = find_map_builtin(n)) return check_map_builtin(*this, e, *b, s);
    if (auto b = find_builtin(n)) return builtin(e, *b, s);
    if (auto b = find_constraint_builtin(n)) return check_constraint_call(e, *b, hooks(s));
    std::vector<std::string_view> names = visible_names(s);
    error(callee.range, "E0316", "unknown function `" + n + "`" + did_you_mean(n, names));
    return check_args_only();
  }

  static bool has_parameter(const std::vector<Parameter>& params, const std::string& n) {
    for (const auto& prm : params)
      if (prm.name == n) return true;
    return false;
  }

  Type method_call(Expr& e, const ScenarioDecl& sc, const std::string& n, SourceRange at,
                   const Scope& s) {
    int index = sc.property_index(n);
    if (index < 0) {
      std::vector<std::string> names;
      if (suggesting(sc.properties.size()))
        for (const auto& prop : sc.properties) names.push_back(prop.name);
      error(at, "E0320", "`" + sc.name + "` has no method `" + n + "`" + did_you_mean(n, names));
      return {};
    }
    const Property& prop = sc.properties[static_cast<std::size_t>(index)];
    if (!prop.is_method) {
      error(at, "E0319", "`" + n + "` is a property, not a method: use it without arguments");
      return {};
    }
    e.call = CallKind::method;
    e.slot = index;
    e.target = &sc;
    bind(e, slots_of(prop.parameters), s, "`" + n + "`");
    return property_type(sc, static_cast<std::size_t>(index), at);
  }

  Type builtin(Expr& e, Builtin b, const Scope& s) {
    e.call = CallKind::builtin;
    e.slot = static_cast<int>(b);
    std::string name(numeric_builtin_names[static_cast<std::size_t>(b)]);
    std::vector<Type> args;
    for (Argument& a : e.arguments) {
      if (a.name) error(a.name_range, "E0313", "`" + name + "` takes no named arguments");
      args.push_back(check(*a.value, s, nullptr));
    }
    for (std::size_t i = 0; i < args.size(); ++i) {
      if (args[i].is_error()) return {};
      if (!require_quantity(*e.arguments[i].value, args[i], name)) return {};
    }
    bool variadic = b == Builtin::min || b == Builtin::max;
    if ((variadic && args.empty()) || (!variadic && args.size() != 1)) {
      error(e.range, "E0311",
            "`" + name + "` takes " + (variadic ? "one or more arguments" : "one argument"));
      return {};
    }
    const Type& x = args[0];
    switch (b) {
      case Builtin::sqrt: {
        for (auto exponent : x.dim.exponents)
          if (exponent % 2 != 0) {
            error(e.range, "E0405", "cannot take the square root of " + describe(x));
            return {};
          }
        Dimension d;
        for (std::size_t i = 0; i < base_count; ++i)
          d.exponents[i] = static_cast<std::int8_t>(x.dim.exponents[i] / 2);
        return Type::quantity(d);
      }
      case Builtin::abs:
        return x;
      case Builtin::round:
      case Builtin::floor:
      case Builtin::ceil:
        // Whole in the argument's written unit (operations.hpp), which for a physical
        // quantity need not be whole in base units (floor(1.5 ms) is 0.001 s); counting
        // units have whole scales.
        return Type::quantity(x.dim, x.dim.physical().is_dimensionless());
      case Builtin::min:
      case Builtin::max: {
        Type result = x;
        for (std::size_t i = 1; i < args.size(); ++i) {
          if (!args[i].dim.compatible(result.dim)) {
            fit_error(e.arguments[i].value->range, "E0401",
                      "`" + name + "` of " + describe(result) + " and " + describe(args[i]),
                      args[i].dim, result.dim, "this argument");
            return {};
          }
          result.dim = merge(result.dim, args[i].dim);
          result.integer = result.integer && args[i].integer;
        }
        return result;
      }
      default:
        if (!x.dim.is_dimensionless()) {
          error(e.arguments[0].value->range, "E0405",
                "`" + name + "` needs a plain number, not " + describe(x));
          return {};
        }
        return Type::quantity({});
    }
  }

  Type member(Expr& e, const Scope& s) {
    Expr& obj = *e.operands[0];
    // `Recompute.selective`: a member of an enumeration named directly.
    if (obj.kind == ExprKind::name && !shadowed(obj.text, s)) {
      if (Decl* d = lookup(obj.text, obj.range); d && d->kind == DeclKind::enumeration) {
        auto* en = static_cast<EnumDecl*>(d);
        int index = en->member_index(e.text);
        if (index < 0) {
          error(e.name_range, "E0318",
                "unknown " + en->name + " `" + e.text + "`" +
                    (suggesting(en->members.size()) ? did_you_mean(e.text, en->members) : "") +
                    " (the values are " + join(en->members) + ")");
          return {};
        }
        return enum_member(e, en, index);
      }
    }
    Type t = check(obj, s, nullptr);
    if (t.is_error()) return t;
    if (t.optional) {
      error(obj.range, "E0404",
            "this may be none; give a fallback with `??` before using `." + e.text + "`");
      return {};
    }
    if (t.kind == TypeKind::record) {
      int index = t.record->field_index(e.text);
      if (index >= 0) {
        e.slot = index;
        return t.record->fields[static_cast<std::size_t>(index)].resolved;
      }
      std::vector<std::string> names;
      if (suggesting(t.record->fields.size()))
        for (const auto& f : t.record->fields) names.push_back(f.name);
      error(e.name_range, "E0320",
            "`" + t.record->name + "` has no field `" + e.text + "`" + did_you_mean(e.text, names));
      return {};
    }
    if (t.kind == TypeKind::instance) {
      const ScenarioDecl& sc = *t.scenario;
      if (int i = sc.input_index(e.text); i >= 0) {
        e.ref = RefKind::input;
        e.slot = i;
        return sc.inputs[static_cast<std::size_t>(i)].resolved;
      }
      if (int i = sc.property_index(e.text); i >= 0) {
        if (sc.properties[static_cast<std::size_t>(i)].is_method) {
          error(e.name_range, "E0315", "`" + e.text + "` is a method: call it with its arguments");
          return {};
        }
        e.ref = RefKind::property;
        e.slot = i;
        return property_type(sc, static_cast<std::size_t>(i), e.name_range);
      }
      std::vector<std::string> names;
      if (suggesting(sc.inputs.size() + sc.properties.size())) {
        for (const auto& in : sc.inputs) names.push_back(in.name);
        for (const auto& prop : sc.properties) names.push_back(prop.name);
      }
      error(e.name_range, "E0320",
            "`" + sc.name + "` has no input or property `" + e.text + "`" +
                did_you_mean(e.text, names));
      return {};
    }
    error(e.name_range, "E0320", describe(t) + " has no member `" + e.text + "`");
    return {};
  }

  bool shadowed(const std::string& n, const Scope& s) {
    if (find_local(s, n)) return true;
    if (s.parameters && has_parameter(*s.parameters, n)) return true;
    return s.scenario && (s.scenario->input_index(n) >= 0 || s.scenario->property_index(n) >= 0);
  }

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
  State& let_state(const LetDecl& d) {
    if (d.memo_slot == UINT32_MAX) return unnumbered_let_state_[&d];
    if (d.memo_slot >= let_state_.size())
      let_state_.resize(std::max<std::size_t>(p_.let_count, d.memo_slot + std::size_t{1}),
                        State::unvisited);
    return let_state_[d.memo_slot];
  }
  std::unordered_map<const CaseDecl*, State> case_state_;
  // The lets and cases being checked, innermost last (a let with where it was used): the
  // chains a cycle (E0305) is reported along.
  std::vector<std::pair<const LetDecl*, SourceRange>> lets_in_progress_;
  std::vector<const CaseDecl*> cases_in_progress_;
};

}  // namespace

std::string_view builtin_name(Builtin b) {
  return numeric_builtin_names[static_cast<std::size_t>(b)];
}

// Each entry point settles the written units of what it has checked (written_unit.hpp),
// once its types are known. Compiling is the next stage (pipeline.hpp).
void check_program(Program& program) {
  Checker(program).run();
  settle_written_units(program);
}

void check_expression(Program& program, Expr& expr, const Scope& scope) {
  Checker(program).expression(expr, scope);
  settle_written_units(expr, scope.scenario, scope.parameters);
}

void check_binding(Program& program, Expr& expr, const Type& expected, const TypeExpr& declared,
                   const std::string& what) {
  Checker(program).binding(expr, expected, declared, what);
  settle_written_units(expr, nullptr);
}

void check_sweep(Program& program, SweepDecl& sweep) {
  Checker(program).check_sweep(sweep);
  settle_written_units(sweep);
}

}  // namespace reckon
