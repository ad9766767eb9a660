#include "interpreter/check/check_with.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

#include "interpreter/model/suggest.hpp"
#include "interpreter/model/type_names.hpp"

namespace reckon {

namespace {

// `r with field: value, ...`: each override names a field of r's record once and is
// assignable to it; e.binding is per field, as a constructor call's. The type is r's.
Type check_record_with(Expr& e, const Type& base, const CheckHooks& hooks) {
  const RecordDecl& r = *base.record;
  e.binding.assign(r.fields.size(), -1);
  for (std::size_t k = 0; k < e.arguments.size(); ++k) {
    Argument& a = e.arguments[k];
    auto field = std::find_if(r.fields.begin(), r.fields.end(),
                              [&](const Field& f) { return f.name == *a.name; });
    if (field == r.fields.end()) {
      std::vector<std::string> names;
      for (const Field& f : r.fields) names.push_back(f.name);
      hooks.error(a.name_range, "E0309",
                  "`" + r.name + "` has no field `" + *a.name + "`" + did_you_mean(*a.name, names),
                  {});
      hooks.check(*a.value);
      continue;
    }
    const auto i = static_cast<std::size_t>(field - r.fields.begin());
    if (e.binding[i] >= 0)
      hooks.error(
          a.name_range, "E0310", "field `" + field->name + "` is given twice",
          {{e.arguments[static_cast<std::size_t>(e.binding[i])].name_range, "first given here"}});
    e.binding[i] = static_cast<int>(k);
    hooks.expect(*a.value, field->resolved, "field `" + field->name + "`", &field->type);
  }
  return base;
}

}  // namespace

Type check_variant(Expr& e, const CheckHooks& hooks) {
  Type base = hooks.check(*e.operands[0]);
  auto overrides_alone = [&] {  // still report their own errors
    for (Argument& a : e.arguments) hooks.check(*a.value);
    return Type{};
  };
  if (base.is_error()) return overrides_alone();
  if (base.kind == TypeKind::record && !base.optional) return check_record_with(e, base, hooks);
  if (base.kind != TypeKind::instance || base.optional) {
    hooks.error(e.operands[0]->range, "E0355",
                "`with` makes a variant of a case, a scenario's instance or a record, not of " +
                    describe(base),
                {{e.name_range, "the overrides start here"}});
    return overrides_alone();
  }
  const ScenarioDecl& s = *base.scenario;
  e.binding.assign(s.inputs.size(), -1);
  for (std::size_t k = 0; k < e.arguments.size(); ++k) {
    Argument& a = e.arguments[k];
    int index = s.input_index(*a.name);
    if (index < 0) {
      std::string hint = s.property_index(*a.name) >= 0
                             ? ": it is a property, and only inputs can be overridden"
                             : hooks.suggest_input(*a.name, s);
      hooks.error(a.name_range, "E0309", "`" + s.name + "` has no input `" + *a.name + "`" + hint,
                  {});
      hooks.check(*a.value);
      continue;
    }
    auto i = static_cast<std::size_t>(index);
    if (e.binding[i] >= 0)
      hooks.error(
          a.name_range, "E0310", "input `" + s.inputs[i].name + "` is given twice",
          {{e.arguments[static_cast<std::size_t>(e.binding[i])].name_range, "first given here"}});
    e.binding[i] = static_cast<int>(k);
    hooks.expect(*a.value, s.inputs[i].resolved, "input `" + s.inputs[i].name + "`",
                 &s.inputs[i].type);
  }
  Type t = Type::of(TypeKind::instance);
  t.scenario = &s;
  return t;
}

void check_requirements(ScenarioDecl& s, const CheckHooks& hooks) {
  for (Requirement& r : s.requirements) {
    Type t = hooks.check(*r.condition);
    if (!t.is_error() && (t.kind != TypeKind::boolean || t.optional))
      hooks.error(r.condition->range, "E0356",
                  "a constraint's condition must be a bool, as in `tensor_parallel <= kv_heads`, "
                  "not " +
                      describe(t),
                  {});
    for (PromptPiece& piece : r.message)
      if (piece.expr) hooks.check(*piece.expr);
  }
}

Type check_constraint_call(Expr& e, ConstraintBuiltin b, const CheckHooks& hooks) {
  e.call = CallKind::constraint;
  e.slot = static_cast<int>(b);
  const std::string name(builtin_name(b));
  std::vector<Type> args;
  for (Argument& a : e.arguments) {
    if (a.name) hooks.error(a.name_range, "E0313", "`" + name + "` takes no named arguments", {});
    args.push_back(hooks.check(*a.value));
  }
  if (args.size() != 1) {
    hooks.error(e.range, "E0311", "`" + name + "` takes one argument: a case or an instance", {});
    return {};
  }
  if (args[0].is_error()) return {};
  if (args[0].kind != TypeKind::instance || args[0].optional) {
    hooks.error(e.arguments[0].value->range, "E0357",
                fmt::format("`{}` asks whether a case or a scenario's instance meets its "
                            "constraints, not {}",
                            name, describe(args[0])),
                {});
    return {};
  }
  // violations(x): the messages of the broken constraints, in the order written.
  if (b == ConstraintBuiltin::violations) return Type::list_of(Type::of(TypeKind::text));
  return Type::of(TypeKind::boolean);
}

}  // namespace reckon
