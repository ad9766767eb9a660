// The checker's expressions (checker_class.hpp): names, operators, conversions,
// comparisons, `??` and `if`, dispatching lists, maps, tuples and texts to their files.
#include "interpreter/check/checker_class.hpp"
#include "interpreter/sized_thread.hpp"

namespace reckon::checking {

Type Checker::check(Expr& e, const Scope& s, const Type* expected) {
  // Properties without a declared unit are typed through each other, so the checker
  // recurses over chains of definitions as well as over expressions: bound its stack
  // as the evaluator bounds its own.
  char probe = 0;
  auto here = reinterpret_cast<std::uintptr_t>(&probe);
  if (stack_base_ > here && stack_base_ - here > recursion_stack_budget()) {
    error(e.range, "E0507",
          "definitions depend on each other too deeply to check (declare the units of "
          "some properties)");
    e.type = Type{};
    return e.type;
  }
  e.type = check_inner(e, s, expected);
  return e.type;
}

Type Checker::check_inner(Expr& e, const Scope& s, const Type* expected) {
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
      if (comprehended(e) != Comprehended::list) return check_brace_comprehension(*this, e, s);
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
      if (e.operands.empty() && expected && expected->is_set()) {  // `{}` where a set is
        e.kind = ExprKind::set;
        return check_set_literal(*this, e, s, expected);
      }
      return check_map_literal(*this, e, s, expected);
    case ExprKind::set:
      return check_set_literal(*this, e, s, expected);
    case ExprKind::tuple:
      return check_tuple_literal(*this, e, s, expected);
  }
  return {};
}

void Checker::report(const TextProblem& p) { error(p.at, p.code, p.message); }

Type Checker::convert(Expr& e, const Scope& s) {
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

Target Checker::target_of(const Decl& d) {
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

Type Checker::enum_member(Expr& e, const EnumDecl* en, int index) {
  e.ref = RefKind::enum_member;
  e.slot = index;
  e.target = en;
  Type t = Type::of(TypeKind::enumeration);
  t.enumeration = en;
  return t;
}

Type Checker::name(Expr& e, const Scope& s, const Type* expected) {
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

std::string Checker::join(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& x : v) out += (out.empty() ? "" : ", ") + x;
  return out;
}

std::vector<std::string_view> Checker::visible_names(const Scope& s) {
  std::vector<std::string_view> names;
  std::size_t count =
      p_.globals.size() + builtin_docs().size() + static_cast<std::size_t>(s.local_count());
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
  for (const BuiltinInfo& b : builtin_docs()) names.push_back(b.name);
  for (const LocalBinding* l = s.locals; l; l = l->outer) names.emplace_back(l->binder->text);
  return names;
}

Type Checker::unary(Expr& e, const Scope& s) {
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

bool Checker::require_quantity(const Expr& operand, const Type& t, std::string_view op) {
  if (t.is_quantity() && !t.optional) return true;
  if (t.optional && t.is_quantity())
    error(operand.range, "E0404",
          "this may be none; give a fallback with `??` before using `" + std::string(op) + "`");
  else
    error(operand.range, "E0405",
          "`" + std::string(op) + "` needs a number or quantity, not " + describe(t));
  return false;
}

Type Checker::binary(Expr& e, const Scope& s) {
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
  if (e.op == Op::in || e.op == Op::not_in) return check_membership(*this, e, s);
  // `{ingest, clean} - done`: a set literal of bare members takes the other side's type,
  // so that side is typed first.
  const bool literal_left = l.kind == ExprKind::set && r.kind != ExprKind::set;
  Type a, b;
  if (literal_left) {
    b = check(r, s, nullptr);
    a = check(l, s, b.is_set() ? &b : nullptr);
  } else {
    a = check(l, s, nullptr);
    // `xs + []`, `s | {}`, `s - {train}`: an empty list, or a set literal, typed as the left
    // side.
    const bool empty = (r.kind == ExprKind::list || r.kind == ExprKind::map) && r.operands.empty();
    const bool typed = (a.is_list() && empty) || (a.is_set() && (empty || r.kind == ExprKind::set));
    b = check(r, s, typed ? &a : nullptr);
  }
  if (a.is_error() || b.is_error()) return {};
  if (a.is_set() || b.is_set() || e.op == Op::set_union || e.op == Op::set_intersection)
    return check_set_operation(*this, e, a, b);
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

Type Checker::integer_operation(Expr& e, const Type& a, const Type& b) {
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

void Checker::exponent_overflow(const Expr& e, const Type& a, const Type& b) {
  error(e.name_range, "E0421",
        fmt::format("the dimension of this {} of {} and {} has an exponent beyond -128..127",
                    e.op == Op::mul ? "product" : "quotient", describe(a), describe(b)));
}

Type Checker::power(Expr& e, const Type& a, const Type& b) {
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

Type Checker::equality(Expr& e, const Scope& s) {
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
  // `x == none` asks whether an optional of any type (an enumeration member, a record, an
  // instance, a list...) is absent; nothing else of the two sides is compared.
  const bool with_none = a.kind == TypeKind::none || b.kind == TypeKind::none;
  if (with_none)
    ok = a.optional || b.optional || (a.kind == TypeKind::none && b.kind == TypeKind::none);
  else if (a.kind == b.kind)
    ok = a.kind != TypeKind::quantity || a.dim.compatible(b.dim);
  if (ok && !with_none) {
    if (a.kind == TypeKind::enumeration) ok = a.enumeration == b.enumeration;
    if (a.kind == TypeKind::record) ok = a.record == b.record;
    if (a.kind == TypeKind::instance) ok = false;
    if (a.kind == TypeKind::list || a.kind == TypeKind::map || a.kind == TypeKind::tuple ||
        a.kind == TypeKind::set)
      ok = assignable(a, b, true) && assignable(b, a, true);
  }
  if (!ok && a.is_quantity() && b.is_quantity())
    meet_error(e.name_range, "E0408", "cannot compare " + describe(a) + " and " + describe(b),
               a.dim, b.dim);
  else if (!ok)
    error(e.name_range, "E0408", "cannot compare " + describe(a) + " and " + describe(b));
  return Type::of(TypeKind::boolean);
}

Type Checker::coalesce(Expr& e, const Scope& s) {
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
              "the two sides of `??` differ: " + describe(a) + " and " + describe(b), b.dim, a.dim,
              "the right side");
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

Type Checker::conditional(Expr& e, const Scope& s, const Type* expected) {
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

}  // namespace reckon::checking
