#include "interpreter/evaluate/constraints.hpp"

#include <mutex>
#include <optional>
#include <string>
#include <unordered_set>

#include "interpreter/display/format.hpp"
#include "interpreter/values/text_value.hpp"
#include "syntax/diagnostics.hpp"
#include "syntax/walk.hpp"

namespace reckon {

namespace {

// The names of variants made at run time (`Base with micro_batch: 2`), each kept once for
// the life of the process: an Instance refers to its name, and a name made of values has
// no other home (a case's name lives in the AST). They are bounded: past
// max_variant_names distinct names (a sweep whose every point makes a variant of its own
// values), a variant is named by its source text instead (`Base with micro_batch: b`), so
// memory stays a few MB. Sweeps make variants on several threads, hence the lock.
constexpr std::size_t max_variant_names = 100'000;

std::optional<std::string_view> interned(std::string name) {
  static std::mutex mutex;
  static std::unordered_set<std::string> names;
  const std::lock_guard lock(mutex);
  if (auto known = names.find(name); known != names.end()) return *known;
  if (names.size() >= max_variant_names) return std::nullopt;
  return *names.insert(std::move(name)).first;
}

// How a message shows a value: at the evaluator's digits, records named short.
DisplayOptions inline_options(const Evaluator& ev) {
  return DisplayOptions{.digits = ev.digits(), .list_elements = ev.list_elements()};
}

}  // namespace

const Requirement* first_broken_constraint(Evaluator& ev, Instance& inst) {
  for (const Requirement& r : inst.scenario->requirements)
    if (!ev.evaluate(*r.condition, Evaluator::Frame{&inst, nullptr}).truthy()) return &r;
  return nullptr;
}

bool feasible(Evaluator& ev, Instance& inst) {
  if (inst.constraints == ConstraintState::met) return true;
  if (first_broken_constraint(ev, inst)) return false;
  inst.constraints = ConstraintState::met;
  return true;
}

Value violations(Evaluator& ev, Instance& inst, const Expr& at) {
  std::vector<Value> messages;
  for (const Requirement& r : inst.scenario->requirements)
    if (!ev.evaluate(*r.condition, Evaluator::Frame{&inst, nullptr}).truthy())
      messages.push_back(built_text(constraint_message(ev, inst, r), at.range));
  // As many as the scenario has constraints: far below the list length limit.
  return Value::adopt(ListValue::make(std::move(messages)));
}

std::string constraint_message(Evaluator& ev, Instance& inst, const Requirement& r) {
  std::string out;
  for (const PromptPiece& piece : r.message) {
    if (!piece.expr) {
      out += piece.text;
      continue;
    }
    Value v = ev.evaluate(*piece.expr, Evaluator::Frame{&inst, nullptr});
    if (v.kind == ValueKind::text)
      out += v.text();
    else
      out += format_inline(v, Evaluator::declared_unit(*piece.expr, inst.scenario),
                           inline_options(ev));
  }
  return out;
}

UserError broken_constraint(Evaluator& ev, Instance& inst, const Requirement& r,
                            std::vector<Note> notes) {
  std::string message = constraint_message(ev, inst, r);
  return UserError(Diagnostic{r.range,
                              "`" + std::string(inst.name) + "` breaks a constraint of `" +
                                  inst.scenario->name + "`: " + message,
                              std::move(notes), "E0535"});
}

void require_feasible(Evaluator& ev, Instance& inst, const Note& used_at) {
  // A constraint that reads this instance through a case's name (`Base.x` inside
  // Base's scenario) finds it being checked: its values are readable then.
  if (inst.constraints != ConstraintState::unchecked) return;
  inst.constraints = ConstraintState::checking;
  const Requirement* broken = nullptr;
  try {
    broken = first_broken_constraint(ev, inst);
  } catch (...) {
    inst.constraints = ConstraintState::unchecked;
    throw;
  }
  if (broken) {
    inst.constraints = ConstraintState::unchecked;
    throw broken_constraint(ev, inst, *broken, {used_at});
  }
  inst.constraints = ConstraintState::met;
}

bool reads_instance(const Expr& e) {
  if (e.kind == ExprKind::name && (e.ref == RefKind::input || e.ref == RefKind::property))
    return true;
  if (e.kind == ExprKind::call && e.call == CallKind::method && e.callee->kind == ExprKind::name)
    return true;
  bool reads = false;
  for_each_subexpression(e, [&](const Expr& sub, const SubPlace& at) {
    // A callee written as a bare name is the call's name, not a value read (the call
    // above says whether it calls a method).
    if (at.role == SubRole::callee && sub.kind == ExprKind::name) return;
    reads = reads || reads_instance(sub);
  });
  return reads;
}

Value make_variant(Evaluator& ev, const Expr& e, const Evaluator::Frame& frame) {
  Value base = ev.evaluate(*e.operands[0], frame);
  Instance& b = *base.instance();
  const ScenarioDecl& s = *b.scenario;
  Value v = Value::adopt(Instance::make(e.text, s));
  Instance& inst = *v.instance();
  // Named by its values, in the order of the inputs (`Base with micro_batch: 2`), not by the
  // source text (`Base with micro_batch: b`), which says nothing of which variant of a
  // comprehension's it is.
  std::string name(b.name);
  for (std::size_t i = 0; i < s.inputs.size(); ++i) {
    if (int k = e.binding[i]; k >= 0) {
      const Expr& written = *e.arguments[static_cast<std::size_t>(k)].value;
      const Value value = ev.evaluate(written, frame);
      name += (name.size() == b.name.size() ? " with " : ", ") + s.inputs[i].name + ": " +
              format_inline(value, s.inputs[i].display, inline_options(ev));
      ev.bind_input_value(inst, i, value, written.range);
      continue;
    }
    inst.input_exprs[i] = b.input_exprs[i];
    // A value bound outside the base (a case's argument, a call's) is the same in the
    // variant; a default is evaluated anew, in the variant.
    if (!b.input_in_instance(i) && b.inputs[i].state == ThunkState::done) {
      inst.inputs[i].clear();
      inst.inputs[i].settle(b.inputs[i].value());
    }
  }
  inst.name = interned(std::move(name)).value_or(std::string_view(e.text));
  return v;
}

}  // namespace reckon
