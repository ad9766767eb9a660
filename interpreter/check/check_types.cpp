// The checker's declared types (checker_class.hpp): units composed from their parts,
// type expressions resolved, what may be bound where, and records, enums and natives
// resolved against their declarations.
#include "interpreter/check/checker_class.hpp"

namespace reckon::checking {

std::optional<ComposedUnit> Checker::compose(const UnitExpr& u) {
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

Type Checker::resolve_type(const TypeExpr& t, std::optional<DisplayUnit>* display,
                           bool written_values) {
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
    if (t.set) {  // `{T}`: its elements are keys (key_type_problem)
      if (auto problem = key_type_problem(element, "elements of a set")) {
        error(t.element->range, "E0364", *problem);
        return {};
      }
    }
    out = t.set ? Type::set_of(element) : Type::list_of(element);
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
    // family (`big: GB` holding 2000 GB shows 2.000 TB, `memory: B/device` holding
    // 80 GiB shows 80 GiB/device: format.hpp, fitting_display_unit); a unit off the
    // ladder shows as declared (`GiB`, `USD/Mtoken`, `h`). Display rule 1,
    // docs/language.md.
    const bool ladder = ladder_step(c->dim, u.text);
    if (display) *display = DisplayUnit{u.text, c->scale, ladder, ladder && written_values};
  }
  out.optional = t.optional;
  return out;
}

Type Checker::resolve_map_type(const TypeExpr& t, std::optional<DisplayUnit>* display,
                               bool written_values) {
  const Type key = resolve_type(*t.key);
  const Type value = resolve_type(*t.element, display, written_values);
  if (key.is_error() || value.is_error()) return {};
  if (auto problem = key_type_problem(key, "keys of a map")) {
    error(t.key->range, "E0364", *problem);
    return {};
  }
  Type out = Type::map_of(key, value);
  out.optional = t.optional;
  return out;
}

bool Checker::assignable(const Type& from, const Type& to, bool meet) {
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
    case TypeKind::set:
      return assignable(from.element(), to.element(), meet);
    case TypeKind::map:  // keys of one type each way; values as a list's elements
      return assignable(from.map_key(), to.map_key(), true) &&
             assignable(to.map_key(), from.map_key(), true) &&
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

void Checker::expect(Expr& e, const Scope& s, const Type& to, const std::string& what,
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
                        declared->unit.text, e.number, declared->unit.text, e.number, e.unit->text,
                        declared->unit.text));
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

void Checker::resolve_record(RecordDecl& r) {
  for (std::size_t i = 0; i < r.fields.size(); ++i) {
    Field& f = r.fields[i];
    for (std::size_t j = 0; j < i; ++j)
      if (r.fields[j].name == f.name)
        error(f.range, "E0303", "field `" + f.name + "` appears twice in `" + r.name + "`");
    f.resolved = resolve_type(f.type, &f.display, true);
  }
}

void Checker::check_enum(EnumDecl& e) {
  for (std::size_t i = 0; i < e.members.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (e.members[j] == e.members[i])
        error(e.member_ranges[i], "E0303",
              "`" + e.members[i] + "` appears twice in `" + e.name + "`");
}

void Checker::resolve_parameters(std::vector<Parameter>& params) {
  for (std::size_t i = 0; i < params.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j)
      if (params[j].name == params[i].name)
        error(params[i].range, "E0303", "parameter `" + params[i].name + "` appears twice");
    params[i].resolved = resolve_type(params[i].type, &params[i].display);
  }
}

void Checker::resolve_native(NativeDecl& d) {
  resolve_parameters(d.parameters);
  d.resolved = resolve_type(d.result, &d.display);
  const NativeFunction* f =
      p_.library && p_.library->natives ? p_.library->natives->find(d.name) : nullptr;
  if (!f) {
    error(d.name_range, "E0304", "`" + d.name + "` is declared native but has no implementation");
    return;
  }
  if (f->is_constant != d.is_constant || f->parameters.size() != d.parameters.size()) {
    error(
        d.name_range, "E0304",
        fmt::format("native `{}` is implemented with {} parameters", d.name, f->parameters.size()));
    return;
  }
  for (std::size_t i = 0; i < d.parameters.size(); ++i)
    if (!matches(f->parameters[i], d.parameters[i].resolved))
      error(d.parameters[i].type.range, "E0304",
            fmt::format("parameter `{}` of native `{}` is implemented as {}", d.parameters[i].name,
                        d.name, describe_native(f->parameters[i])));
  if (!matches(f->result, d.resolved))
    error(
        d.result.range, "E0304",
        fmt::format("native `{}` is implemented to return {}", d.name, describe_native(f->result)));
  d.implementation = f;
}

bool Checker::matches(const NativeType& n, const Type& t) {
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

std::string Checker::describe_native(const NativeType& n) {
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

void Checker::check_native_defaults(NativeDecl& d) {
  for (Parameter& param : d.parameters)
    if (param.default_value)
      expect(*param.default_value, {}, param.resolved, "the default of `" + param.name + "`",
             &param.type);
}

}  // namespace reckon::checking
