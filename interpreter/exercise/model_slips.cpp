// Slips found in the model (model_slips.hpp).
//
// A perturbation replaces one term of a definition by another number: a plain factor by 1
// (left out), by twice or half itself; a count by 1; a plain-number input (a utilisation,
// an efficiency) by 1. The definition is then recomputed with the replacement (`with`,
// through arithmetic, conversions and native calls, the only nodes it follows), the
// property it defines is set to the result in a fresh instance of the variant, and the
// answer is evaluated there. An input is perturbed by binding it in a fresh instance, so
// every use of it changes, as a student who reads the wrong number uses it throughout.
#include "interpreter/exercise/model_slips.hpp"

#include <fmt/format.h>

#include <cmath>
#include <optional>
#include <set>
#include <stdexcept>
#include <vector>

#include "interpreter/api/cases.hpp"
#include "interpreter/api/display.hpp"
#include "interpreter/model/native.hpp"
#include "interpreter/model/native_formula.hpp"
#include "interpreter/model/signature.hpp"
#include "syntax/diagnostics.hpp"

namespace reckon::exercise {

namespace {

std::string number(double x) { return fmt::format("{:.6g}", x); }

bool is_plain_literal(const Expr& e) { return e.kind == ExprKind::number && !e.unit; }

// A count above this is not taken as 1: one layer, token, sequence or GPU is a slip; one
// parameter of 7e9 is not.
constexpr double max_count = 1e6;

// Whether `e` is a count: a whole number, or a quantity counted in a counting unit alone
// (32 layer, 8 GPU, 2048 token).
bool is_count(const Type& t) {
  if (t.kind != TypeKind::quantity || !t.dim.physical().is_dimensionless()) return false;
  return t.integer || !t.dim.is_dimensionless();
}

// A plain number that scales what it multiplies (0.9 of the memory): not a count.
bool is_plain_factor(const Type& t) {
  return t.kind == TypeKind::quantity && t.dim.is_dimensionless() && !t.integer;
}

// How a count is called, singular and plural: its counting unit (device, devices) in the
// names the model wrote the count in (`written`: GPU, GPUs for a count declared in `GPU`;
// units.hpp, respelled), else the name it is read from when that is a plural
// (`workload.layers`: layer, layers); empty when neither says.
struct Noun {
  std::string one, many;
};

Noun noun_of(const Dimension& d, std::string_view name, std::string_view written) {
  int units = 0;
  std::string unit;
  for (std::size_t i = first_count_base; i < base_count; ++i) {
    if (d.exponents[i] == 0) continue;
    ++units;
    if (d.exponents[i] == 1) unit = respelled(base_unit_symbols[i], written);
  }
  if (units == 1 && !unit.empty()) return {unit, unit.ends_with('s') ? unit : unit + "s"};
  auto dot = name.rfind('.');
  std::string_view last = dot == std::string_view::npos ? name : name.substr(dot + 1);
  if (last.size() > 1 && last.ends_with('s') && !last.ends_with("ss"))
    return {std::string(last.substr(0, last.size() - 1)), std::string(last)};
  return {};
}

// A count `name` of n taken as 1 turned the key into `value`: in the student's words.
std::string count_explanation(std::string_view name, const Dimension& d,
                              const std::optional<DisplayUnit>& written, double n, double value,
                              double key, double tolerance) {
  Noun noun = noun_of(d, name, written ? std::string_view(written->symbol) : "");
  auto near = [&](double ratio) { return std::fabs(value / key / ratio - 1) <= tolerance; };
  std::string count = number(n);
  if (near(1 / n))
    return noun.one.empty()
               ? fmt::format("this takes `{}` as 1: multiply by {}", name, count)
               : fmt::format("this is for one {}: multiply by {} {}", noun.one, count, noun.many);
  if (near(n))
    return noun.one.empty() ? fmt::format("this leaves out the division by `{}` ({})", name, count)
                            : fmt::format("this divides by one {}, not {} {}: divide by {}",
                                          noun.one, count, noun.many, count);
  return noun.one.empty()
             ? fmt::format("this takes `{}` as 1, not {}", name, count)
             : fmt::format("this is for one {}, not {} {}", noun.one, count, noun.many);
}

class Search {
 public:
  Search(Workbook& book, const Variant& v, double tolerance, const ModelSlipBounds& bounds)
      : book_(book),
        ev_(book.evaluator()),
        v_(v),
        x_(*v.exercise),
        frame_(v.frame()),
        tolerance_(tolerance),
        bounds_(bounds) {}

  std::vector<ModelSlip> run() {
    key_ = book_.answer(v_).number;
    if (key_ == 0 || !std::isfinite(key_)) return {};
    walk(*x_.answer, Owner{-1, "the answer"}, nullptr, 0);
    inputs();
    return std::move(found_);
  }

 private:
  // The definition a term is in: a property's (by index), or the answer's (-1).
  struct Owner {
    int property = -1;
    std::string name;
  };

  bool spent() const { return evaluated_ >= bounds_.perturbations; }

  // Perturbs the terms of `e` that `with` can recompute its owner through, and follows
  // every property `e` names (a property below a call such as `floor` is perturbed in its
  // own definition, and the call recomputed by the evaluator).
  void walk(const Expr& e, const Owner& owner, const Expr* parent, int depth,
            bool replaceable = true) {
    if (spent()) return;
    if (is_plain_literal(e)) {
      if (replaceable) literal(e, owner, parent);
      return;
    }
    // An input is perturbed where it is bound (inputs()), in every use at once; as a
    // factor or a divisor also in this use alone (`usable / gpus` given for all the GPUs
    // when the same `gpus` made `usable`; one step's time for the whole generation when
    // `output_tokens` also sizes the KV cache each step reads).
    const bool factor = parent && parent->kind == ExprKind::binary &&
                        (parent->op == Op::mul || parent->op == Op::div);
    const bool term = e.kind == ExprKind::member ||
                      (e.kind == ExprKind::name && e.ref == RefKind::property) ||
                      (e.kind == ExprKind::name && e.ref == RefKind::input && factor);
    if (term && replaceable) replace_term(e, owner);
    if (e.kind == ExprKind::name) {
      if (e.ref == RefKind::property) follow(e, depth);
      return;
    }
    const bool through =
        (e.kind == ExprKind::binary &&
         (e.op == Op::add || e.op == Op::sub || e.op == Op::mul || e.op == Op::div)) ||
        (e.kind == ExprKind::unary && e.op == Op::neg) || e.kind == ExprKind::convert ||
        (e.kind == ExprKind::call && e.call == CallKind::native);
    replaceable = replaceable && through;
    const Expr* above = e.kind == ExprKind::convert ? parent : &e;
    if (e.kind == ExprKind::member || e.kind == ExprKind::lambda ||
        e.kind == ExprKind::comprehension)
      return;  // a field's record, or names bound inside: nothing of the case to follow
    for (const ExprPtr& o : e.operands)
      if (o) walk(*o, owner, above, depth, replaceable);
    const Expr* formula = nullptr;
    if (e.kind == ExprKind::call && e.call == CallKind::native && replaceable)
      formula = inside_formula(e, owner);
    if (e.kind != ExprKind::call) return;
    // A number written for a count of a native with a formula (`layers: 32`) is that
    // count, taken as 1 inside the formula, not a factor to double or halve.
    std::vector<bool> counted(e.arguments.size(), false);
    if (formula)
      for (std::size_t i = 0; i < e.binding.size(); ++i)
        if (const int k = e.binding[i];
            k >= 0 && is_count(e.target_as<NativeDecl>().parameters.at(i).resolved))
          counted[static_cast<std::size_t>(k)] = true;
    for (std::size_t i = 0; i < e.arguments.size(); ++i)
      if (!counted[i] || !is_plain_literal(*e.arguments[i].value))
        walk(*e.arguments[i].value, owner, above, depth, replaceable);
  }

  // The terms of the formula of the native `call` (native_formula.hpp): each plain factor
  // whose meaning the native gives (NativeFunction::formula_terms) left out, doubled or
  // halved, in the student's words ("the factor 2 (K and V)"); each count among its
  // arguments taken as 1 and
  // named by its parameter ("one layer"), where the argument is not itself a term or an
  // input the search perturbs (it would be the same slip twice, in other words). The
  // formula's value with one term replaced stands for the call's in its owner's
  // definition. Returns the formula, or null when the native has none or it does not give
  // the native's value at this call.
  const Expr* inside_formula(const Expr& call, const Owner& owner) {
    const auto& decl = call.target_as<NativeDecl>();
    const Expr* formula = book_.native_formula(decl);
    if (!formula) return nullptr;
    std::vector<Value> args;
    double value = 0;
    try {
      for (std::size_t i = 0; i < call.binding.size() && i < decl.parameters.size(); ++i) {
        const int k = call.binding[i];
        args.push_back(
            k >= 0 ? ev_.evaluate(*call.arguments[static_cast<std::size_t>(k)].value, frame_)
                   : ev_.evaluate(*decl.parameters[i].default_value, {}));
      }
      if (args.size() != decl.parameters.size()) return nullptr;
      value = ev_.evaluate(call, frame_).number;
      const double by_formula = ev_.evaluate(*formula, {nullptr, args.data()}).number;
      if (!(std::fabs(by_formula - value) <= 1e-9 * std::fabs(value))) return nullptr;
    } catch (const std::exception&) {
      return nullptr;
    }
    const std::string in = "`" + decl.name + "`";
    const Evaluator::Frame inside{nullptr, args.data()};
    for_each_factor(*formula, nullptr, [&](const Expr& literal, const Expr& parent) {
      const double f = literal.number * literal.unit_scale;
      if (f == 0 || f == 1 || !std::isfinite(f)) return;
      // Only a number the native says the meaning of: a bare constant of a formula (the
      // `/ 2` that scales activation_memory to 2-byte elements) is no step a student
      // takes, and its keys would meet answers wrong for other reasons.
      const std::string words = formula_term(decl, source_text(book_.program(), literal.range));
      if (words.empty()) return;
      const std::string what = number(f) + " (" + words + ")";
      auto changed = [&](double by) -> std::optional<double> {
        if (spent()) return std::nullopt;
        std::optional<double> v = with(*formula, literal, by, inside);
        if (!v) {
          ++evaluated_;
          return std::nullopt;
        }
        return perturb(call, owner, *v);
      };
      const bool divisor = parent.op == Op::div && parent.operands[1].get() == &literal;
      add(changed(1), fmt::format("you left out the {} {} in {}",
                                  divisor ? "division by" : "factor", what, in));
      for (double by : {2.0, 0.5})
        if (f * by != 1)
          add(changed(f * by),
              fmt::format("you used {} for the {} in {}", number(f * by), what, in));
    });
    for (std::size_t i = 0; i < decl.parameters.size() && !spent(); ++i) {
      const Parameter& param = decl.parameters[i];
      const int k = call.binding[i];
      const Expr* a = k >= 0 ? call.arguments[static_cast<std::size_t>(k)].value.get() : nullptr;
      while (a && a->kind == ExprKind::convert) a = a->operands[0].get();
      if (!a || a->kind == ExprKind::member || a->kind == ExprKind::name) continue;
      if (args[i].kind != ValueKind::quantity || !is_count(param.resolved)) continue;
      const double n = args[i].number;
      if (!(n > 1 && n <= max_count)) continue;
      std::vector<Value> one = args;
      one[i].number = 1;
      std::optional<double> v;
      try {
        const double r = ev_.evaluate(*formula, {nullptr, one.data()}).number;
        if (std::isfinite(r)) v = r;
      } catch (const std::exception&) {
      }
      std::optional<double> key = v ? perturb(call, owner, *v) : std::nullopt;
      const double r = key ? *key / key_ : 1;
      const bool scales = std::fabs(r * n - 1) <= tolerance_ || std::fabs(r / n - 1) <= tolerance_;
      if (key && (scales || r <= 0.5 || r >= 2))
        add(key, count_explanation(param.name, param.resolved.dim, api::expression_unit(*a), n,
                                   *key, key_, tolerance_));
    }
    return formula;
  }

  // Calls `f(literal, parent)` for each plain number of a formula that multiplies or
  // divides, through sums, products, signs, conversions and the branches of an `if` (the
  // branch not taken changes nothing, and is dropped as the key).
  template <typename F>
  static void for_each_factor(const Expr& e, const Expr* parent, F&& f) {
    if (is_plain_literal(e)) {
      if (parent && parent->kind == ExprKind::binary &&
          (parent->op == Op::mul || parent->op == Op::div))
        f(e, *parent);
      return;
    }
    const bool through = (e.kind == ExprKind::binary && (e.op == Op::add || e.op == Op::sub ||
                                                         e.op == Op::mul || e.op == Op::div)) ||
                         (e.kind == ExprKind::unary && e.op == Op::neg) ||
                         e.kind == ExprKind::convert || e.kind == ExprKind::conditional;
    if (!through) return;
    const Expr* above = e.kind == ExprKind::convert ? parent : &e;
    for (std::size_t i = e.kind == ExprKind::conditional ? 1 : 0; i < e.operands.size(); ++i)
      if (e.operands[i]) for_each_factor(*e.operands[i], above, f);
  }

  // The definition of the property `e` names, searched in turn (each property once).
  void follow(const Expr& e, int depth) {
    const auto index = static_cast<std::size_t>(e.slot);
    const Property& prop = x_.case_decl->scenario->properties.at(index);
    if (prop.is_method || !prop.body || depth >= bounds_.depth) return;
    if (followed_.size() >= bounds_.properties || !followed_.insert(e.slot).second) return;
    walk(*prop.body, Owner{e.slot, prop.name}, nullptr, depth + 1);
  }

  // A plain factor left out (as 1), doubled or halved.
  void literal(const Expr& e, const Owner& owner, const Expr* parent) {
    const double f = e.number * e.unit_scale;
    if (f == 0 || f == 1 || !std::isfinite(f)) return;
    const std::string in = owner.property < 0 ? owner.name : "`" + owner.name + "`";
    if (parent && parent->kind == ExprKind::binary &&
        (parent->op == Op::mul || parent->op == Op::div)) {
      const bool divisor = parent->op == Op::div && parent->operands[1].get() == &e;
      add(perturb(e, owner, 1), fmt::format("you left out the {} {} in {}",
                                            divisor ? "division by" : "factor", number(f), in));
    }
    for (double by : {2.0, 0.5})
      if (f * by != 1)  // 0.5 doubled, 2 halved: the factor left out, found above
        add(perturb(e, owner, f * by),
            fmt::format("you used {} for the {} in {}", number(f * by), number(f), in));
  }

  // A count (a property or a field: 32 layers) taken as 1; a plain factor (0.9 of the
  // memory) left out.
  void replace_term(const Expr& e, const Owner& owner) {
    if (!is_count(e.type) && !is_plain_factor(e.type)) return;
    double n = 0;
    try {
      n = ev_.evaluate(e, frame_).number;
    } catch (const std::exception&) {
      return;
    }
    std::string name(source_text(book_.program(), e.range));
    if (is_count(e.type) && n > 1 && n <= max_count) {
      // A count that does not scale the key by itself (one GPU's memory less the weights)
      // is kept only when it moves the key by half or more: nearer, such keys are met by
      // answers wrong for other reasons (a throughput with one sequence's KV cache read).
      std::optional<double> value = perturb(e, owner, 1);
      const double r = value ? *value / key_ : 1;
      const bool scales = std::fabs(r * n - 1) <= tolerance_ || std::fabs(r / n - 1) <= tolerance_;
      if (value && (scales || r <= 0.5 || r >= 2))
        add(value,
            count_explanation(name, e.type.dim, api::expression_unit(e, x_.case_decl->scenario), n,
                              *value, key_, tolerance_));
    } else if (is_plain_factor(e.type) && n != 0 && n != 1) {
      add(perturb(e, owner, 1), fmt::format("you left out `{}` ({})", name, number(n)));
    }
  }

  // Each input taken as 1 (a count, a plain factor), and each varied input at its default.
  void inputs() {
    const ScenarioDecl& s = *x_.case_decl->scenario;
    Instance& self = *v_.instance.instance();
    for (std::size_t i = 0; i < s.inputs.size() && !spent(); ++i) {
      const Input& in = s.inputs[i];
      Value was;
      try {
        was = ev_.input(self, i, in.range);
      } catch (const std::exception&) {
        continue;
      }
      if (was.kind != ValueKind::quantity) continue;
      const double n = was.number;
      if (is_count(in.resolved) && n > 1 && n <= max_count) {
        // Taken as 1 everywhere, a count that does not scale the key by itself changes it
        // in ways no student's words follow (fewer output tokens: a smaller KV cache, a
        // shorter step, a higher throughput); such a key is not kept.
        std::optional<double> value = rebind(i, 1);
        const double r = value ? *value / key_ : 0;
        if (std::fabs(r * n - 1) > tolerance_ && std::fabs(r / n - 1) > tolerance_) continue;
        if (value)
          add(value, count_explanation(in.name, in.resolved.dim, api::input_unit(in), n, *value,
                                       key_, tolerance_));
      } else if (is_plain_factor(in.resolved) && n != 0 && n != 1) {
        add(rebind(i, 1), fmt::format("you left out `{}` ({})", in.name, number(n)));
      }
    }
    for (const Vary& vary : x_.vary) {
      if (spent()) return;
      const auto i = static_cast<std::size_t>(vary.input);
      const Input& in = s.inputs[i];
      if (!in.default_value) continue;
      try {
        Value given = ev_.input(self, i, in.range);
        Value fallback = ev_.evaluate(*in.default_value, frame_);
        if (given.kind != ValueKind::quantity || fallback.kind != ValueKind::quantity ||
            given.number == fallback.number)
          continue;
        add(rebind(i, fallback.number),
            fmt::format("this uses the default `{}` = {}, not this variant's {}", in.name,
                        api::display(ev_, fallback, in.display),
                        api::display(ev_, given, in.display)));
      } catch (const std::exception&) {
      }
    }
  }

  // A new instance of the exercise's case with the variant's inputs bound, then `extra`
  // (a later binding of the same input wins).
  Value fresh(std::vector<api::Binding> extra = {}) {
    Instance& self = *v_.instance.instance();
    std::vector<api::Binding> bindings;
    for (const Vary& vary : x_.vary) {
      const auto i = static_cast<std::size_t>(vary.input);
      bindings.push_back({i, ev_.input(self, i, vary.range), vary.range});
    }
    for (api::Binding& b : extra) bindings.push_back(std::move(b));
    return api::variant_instance(ev_, *x_.case_decl, bindings);
  }

  std::optional<double> answer_in(const Value& inst) {
    double a = ev_.evaluate(*x_.answer, {inst.instance(), nullptr}).number;
    return std::isfinite(a) ? std::optional<double>(a) : std::nullopt;
  }

  // The key with input i bound to `number` (in base units, in the input's dimension).
  std::optional<double> rebind(std::size_t i, double number) {
    ++evaluated_;
    try {
      const Input& in = x_.case_decl->scenario->inputs[i];
      return answer_in(fresh({{i, Value::quantity(number, in.resolved.dim), in.range}}));
    } catch (const std::exception&) {
      return std::nullopt;
    }
  }

  // The key with `target`, a term of owner's definition, replaced by `number`.
  std::optional<double> perturb(const Expr& target, const Owner& owner, double number) {
    ++evaluated_;
    try {
      if (owner.property < 0) return with(*x_.answer, target, number);
      const auto index = static_cast<std::size_t>(owner.property);
      const Property& prop = x_.case_decl->scenario->properties[index];
      Value value = ev_.property(*v_.instance.instance(), index, prop.range);
      if (value.kind != ValueKind::quantity) return std::nullopt;
      std::optional<double> changed = with(*prop.body, target, number);
      if (!changed) return std::nullopt;
      value.number = *changed;
      Value inst = fresh();
      Thunk& t = inst.instance()->properties[index];
      t.clear();
      t.settle(std::move(value));
      return answer_in(inst);
    } catch (const std::exception&) {
      return std::nullopt;
    }
  }

  static bool contains(const Expr& e, const Expr& target) {
    if (&e == &target) return true;
    for (const ExprPtr& o : e.operands)
      if (o && contains(*o, target)) return true;
    if (e.kind == ExprKind::call)
      for (const Argument& a : e.arguments)
        if (contains(*a.value, target)) return true;
    return false;
  }

  // `e` evaluated in the variant (or in `frame`) with `target` replaced by `number`,
  // through the nodes walk() and for_each_factor() follow; nullopt through any other.
  std::optional<double> with(const Expr& e, const Expr& target, double number) {
    return with(e, target, number, frame_);
  }
  std::optional<double> with(const Expr& e, const Expr& target, double number,
                             const Evaluator::Frame& frame) {
    if (&e == &target) return number;
    if (!contains(e, target)) return ev_.evaluate(e, frame).number;
    switch (e.kind) {
      case ExprKind::binary: {
        auto l = with(*e.operands[0], target, number, frame),
             r = with(*e.operands[1], target, number, frame);
        if (!l || !r) return std::nullopt;
        switch (e.op) {
          case Op::add:
            return *l + *r;
          case Op::sub:
            return *l - *r;
          case Op::mul:
            return *l * *r;
          case Op::div:
            return *r == 0 ? std::nullopt : std::optional<double>(*l / *r);
          default:
            return std::nullopt;
        }
      }
      case ExprKind::unary: {
        auto o = with(*e.operands[0], target, number, frame);
        return e.op == Op::neg && o ? std::optional<double>(-*o) : std::nullopt;
      }
      case ExprKind::convert:
        return with(*e.operands[0], target, number, frame);
      case ExprKind::conditional:  // the target is in a branch: the condition is as it was
        return with(*e.operands[ev_.evaluate(*e.operands[0], frame).truthy() ? 1 : 2], target,
                    number, frame);
      case ExprKind::call:
        return e.call == CallKind::native ? native(e, target, number, frame) : std::nullopt;
      default:
        return std::nullopt;
    }
  }

  // A native call with one argument perturbed, on its plain-number form.
  std::optional<double> native(const Expr& e, const Expr& target, double number,
                               const Evaluator::Frame& frame) {
    const auto& decl = e.target_as<NativeDecl>();
    const NativeFunction* f = decl.implementation;
    if (!f || !f->raw) return std::nullopt;
    std::vector<double> args;
    for (std::size_t i = 0; i < e.binding.size(); ++i) {
      if (f->parameters.at(i).kind == NativeType::Kind::enumeration) return std::nullopt;
      const int k = e.binding[i];
      std::optional<double> arg;
      if (k >= 0)
        arg = with(*e.arguments[static_cast<std::size_t>(k)].value, target, number, frame);
      else if (const Expr* d = decl.parameters[i].default_value.get())
        arg = ev_.evaluate(*d, {}).number;
      else
        arg = 0;
      if (!arg) return std::nullopt;
      if (f->parameters[i].kind == NativeType::Kind::integer && *arg != std::floor(*arg))
        return std::nullopt;
      args.push_back(*arg);
    }
    try {
      double r = f->raw(args.data());
      return std::isfinite(r) ? std::optional<double>(r) : std::nullopt;
    } catch (const std::domain_error&) {
      return std::nullopt;
    }
  }

  // Keeps a perturbed key that differs from the key.
  void add(std::optional<double> value, std::string explanation) {
    if (!value || !std::isfinite(*value) || *value == 0) return;
    if (std::fabs(*value - key_) <= tolerance_ * std::fabs(key_)) return;
    found_.push_back({*value, std::move(explanation)});
  }

  Workbook& book_;
  Evaluator& ev_;
  const Variant& v_;
  const ExerciseDecl& x_;
  Evaluator::Frame frame_;
  double tolerance_;
  ModelSlipBounds bounds_;
  double key_ = 0;
  std::size_t evaluated_ = 0;
  std::set<int> followed_;
  std::vector<ModelSlip> found_;
};

}  // namespace

std::vector<ModelSlip> model_slips(Workbook& book, const Variant& v, double tolerance,
                                   const ModelSlipBounds& bounds) {
  return Search(book, v, tolerance, bounds).run();
}

}  // namespace reckon::exercise
