// The checker's calls (checker_class.hpp): arguments bound to parameters, natives,
// records and scenarios called, methods, the builtins by name (builtins.hpp), and members.
#include "interpreter/check/checker_class.hpp"
#include "interpreter/model/builtins.hpp"

namespace reckon::checking {

void Checker::bind(Expr& call, const std::vector<Slot>& slots, const Scope& s,
                   const std::string& what) {
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

std::vector<Slot> Checker::slots_of(const std::vector<Parameter>& params) {
  std::vector<Slot> out;
  for (const auto& prm : params)
    out.push_back({prm.name, &prm.resolved, prm.default_value != nullptr, &prm.type});
  return out;
}

Type Checker::call(Expr& e, const Scope& s) {
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
  if (auto b = find_numeric_builtin(n)) return builtin(e, *b, s);
  if (auto b = find_constraint_builtin(n)) return check_constraint_call(e, *b, hooks(s));
  if (n == "text") {  // `text(x)` alone is made an interpolation by the parser
    error(e.range, "E0311",
          "`text` takes one value and no named argument: `text(x)` is the text `\"{x}\"` "
          "shows");
    return check_args_only();
  }
  std::vector<std::string_view> names = visible_names(s);
  error(callee.range, "E0316", "unknown function `" + n + "`" + did_you_mean(n, names));
  return check_args_only();
}

bool Checker::has_parameter(const std::vector<Parameter>& params, const std::string& n) {
  for (const auto& prm : params)
    if (prm.name == n) return true;
  return false;
}

Type Checker::method_call(Expr& e, const ScenarioDecl& sc, const std::string& n, SourceRange at,
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

Type Checker::builtin(Expr& e, Builtin b, const Scope& s) {
  e.call = CallKind::builtin;
  e.slot = static_cast<int>(b);
  std::string name(builtin_name(b));
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
  if (b >= Builtin::bit_and) return bitwise(e, b, args);
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

Type Checker::member(Expr& e, const Scope& s) {
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

bool Checker::shadowed(const std::string& n, const Scope& s) {
  if (find_local(s, n)) return true;
  if (s.parameters && has_parameter(*s.parameters, n)) return true;
  return s.scenario && (s.scenario->input_index(n) >= 0 || s.scenario->property_index(n) >= 0);
}

State& Checker::let_state(const LetDecl& d) {
  if (d.memo_slot == UINT32_MAX) return unnumbered_let_state_[&d];
  if (d.memo_slot >= let_state_.size())
    let_state_.resize(std::max<std::size_t>(p_.let_count, d.memo_slot + std::size_t{1}),
                      State::unvisited);
  return let_state_[d.memo_slot];
}

// `bit_and(a, b)`, ..., `shift_left(a, n)`: two whole numbers without a physical unit (they
// are checked whole and in range when the program runs: E0508). The bitwise three take
// two of one counting unit, or plain numbers; a shift takes a count or number and a plain
// number of places. The result is of the first's type.
Type Checker::bitwise(Expr& e, Builtin b, const std::vector<Type>& args) {
  const std::string name(builtin_name(b));
  const bool shift = b == Builtin::shift_left || b == Builtin::shift_right;
  if (args.size() != 2) {
    error(e.range, "E0311",
          "`" + name + "` takes two arguments: `" + name + (shift ? "(a, n)`" : "(a, b)`"));
    return {};
  }
  for (std::size_t i = 0; i < 2; ++i)
    if (!args[i].dim.physical().is_dimensionless()) {
      error(e.arguments[i].value->range, "E0405",
            "`" + name + "` needs whole numbers or counts, not " + describe(args[i]));
      return {};
    }
  if (shift && !args[1].dim.is_dimensionless()) {
    error(e.arguments[1].value->range, "E0405",
          "`" + name + "` shifts by a plain number of places, not " + describe(args[1]));
    return {};
  }
  if (!shift && !args[0].dim.compatible(args[1].dim)) {
    fit_error(e.arguments[1].value->range, "E0401",
              "`" + name + "` of " + describe(args[0]) + " and " + describe(args[1]), args[1].dim,
              args[0].dim, "this argument");
    return {};
  }
  return Type::quantity(shift ? args[0].dim : merge(args[0].dim, args[1].dim), true);
}

}  // namespace reckon::checking
