// Evaluating comprehensions (docs/language.md, "Lists"): `[body for x in xs if c]`,
// `[body for (a, b) in pairs]` and `[body for (k, v) in m]`, in one loop
// (Evaluator::each_element) that differs only in how it binds the pattern's names; the
// fast path for a packed list whose body computes a number from numbers; and
// comprehensions of several clauses (`[(a, b) for a in xs for b in ys]`), whose clauses
// each_comprehension_element goes through for any builder.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include "interpreter/evaluate/element_note.hpp"
#include "interpreter/evaluate/evaluator.hpp"
#include "interpreter/evaluate/local_frame.hpp"
#include "interpreter/values/list_builder.hpp"
#include "interpreter/values/lists.hpp"
#include "syntax/diagnostics.hpp"

namespace reckon {

namespace {

// The scenario a comprehension runs in (null at file scope), for its element notes.
const ScenarioDecl* scenario_of(const Evaluator::Frame& frame) {
  return frame.self ? frame.self->scenario : nullptr;
}

// How the clause `e` goes through `source` (a map, or a list of tuples or of anything):
// `use(count, bind)` with the number of its elements and `bind(i, locals)`, which binds the
// pattern's names to element i. A template on `use`, so that each way compiles to its own
// loop with nothing called through.
template <typename Use>
auto go_through(const Expr& e, const Value& source, Use&& use) {
  if (const MapValue* m = source.map())  // `for (k, v) in m`: in the order written
    return use(m->keys.size(), [m](std::size_t i, LocalFrame& locals) {
      locals[0] = m->keys[i];
      locals[1] = m->values[i];
    });
  const ListValue& xs = *source.elements();  // a list, or a set's elements in their order
  if (e.op == Op::mul) {  // `for (a, b) in xs`: each element a tuple of as many parts
    const std::size_t names = e.arguments.size();
    return use(xs.size(), [&xs, names](std::size_t i, LocalFrame& locals) {
      const std::vector<Value>& parts = xs.items()[i].tuple()->items();
      for (std::size_t k = 0; k < names; ++k) locals[k] = parts[k];
    });
  }
  return use(xs.size(), [&xs](std::size_t i, LocalFrame& locals) { xs.load(i, locals[0]); });
}

}  // namespace

Value Evaluator::comprehension(const Expr& e, const Frame& frame) {
  if (is_clause(*e.operands[1])) return clauses_comprehension(e, frame);
  const Value source = evaluate(*e.operands[0], frame);
  if (!source.map() && e.op != Op::mul && source.elements()->packed())
    if (std::optional<Value> made = packed_comprehension(e, *source.elements(), frame))
      return std::move(*made);
  return go_through(
      e, source, [&](std::size_t count, auto bind) { return comprehend(e, frame, count, bind); });
}

// An element costs one step beyond the steps of the element under way: the budget is
// there to stop a runaway recursion, which it still does within one element, and a
// million elements of a few operations each are ordinary work. The elements of
// comprehensions nested in the body, and of later clauses, count too, so that a
// comprehension of comprehensions cannot make without bound what one alone may not.
template <typename Bind, typename Element>
void Evaluator::each_element(const Expr& e, const Frame& frame, std::size_t count, Bind& bind,
                             LocalFrame& locals, Element&& element) {
  const Value* const bound = locals.frame().locals;
  const std::uint64_t steps_before = steps_;
  const std::uint64_t elements_before = comprehension_elements_;
  for (std::size_t i = 0; i < count; ++i) {
    bind(i, locals);
    ++comprehension_elements_;
    try {
      element();
    } catch (UserError& error) {
      note_element(error, e, i, {bound + e.slot, e.arguments.size()}, scenario_of(frame));
      throw;
    }
    steps_ = steps_before + (comprehension_elements_ - elements_before);
    if (steps_ > max_steps) [[unlikely]]
      too_many_steps(e);
  }
}

// The body evaluated with the pattern bound to each of `count` elements in turn, where
// the condition holds.
template <typename Bind>
Value Evaluator::comprehend(const Expr& e, const Frame& frame, std::size_t count, Bind bind) {
  const Expr& body = *e.operands[1];
  const Expr* condition = e.operands.size() > 2 ? e.operands[2].get() : nullptr;
  LocalFrame locals(frame, e.slot, e.arguments.size());
  const Value* const bound = locals.frame().locals;
  // A body computing a quantity by pure code (a record's field, `r.latency`, ...): its
  // numbers, packed, each run by run_pure as execute would run it.
  const Code* pure_body = code_of(body);
  const Code* pure_condition = condition ? code_of(*condition) : nullptr;
  if (pure_body && runs_pure(*pure_body, frame.self) &&
      pure_body->result_kind == ValueKind::quantity &&
      (!condition || (pure_condition && runs_pure(*pure_condition, frame.self)))) {
    std::vector<double> numbers;
    numbers.reserve(condition ? 0 : count);
    each_element(e, frame, count, bind, locals, [&] {
      if (condition) {
        start(*pure_condition);
        if (run_pure(*pure_condition, bound, frame.self) == 0) return;
      }
      start(*pure_body);
      numbers.push_back(run_pure(*pure_body, bound, frame.self));
    });
    return make_packed_list(std::move(numbers), pure_body->result_dim, e);
  }
  ListBuilder out;  // records of numbers as rows
  out.reserve(condition ? 0 : count);
  PerElement each(*this, body);  // a record of pure fields: without the tree walk
  each_element(e, frame, count, bind, locals, [&] {
    if (!condition || number(*condition, locals.frame()) != 0) out.push_back(each(locals.frame()));
  });
  return make_list(out, e);
}

// Each clause goes through its source, evaluated where the clauses before it have bound
// their names (`[y for x in xss for y in x]`), and keeps the elements its condition holds
// for; the last calls `each`.
void Evaluator::each_comprehension_element(const Expr& e, const Frame& frame,
                                           const std::function<void(const Frame&)>& each) {
  const Value source = evaluate(*e.operands[0], frame);
  const Expr& body = *e.operands[1];
  const Expr* condition = e.operands.size() > 2 ? e.operands[2].get() : nullptr;
  go_through(e, source, [&](std::size_t count, auto bind) {
    LocalFrame locals(frame, e.slot, e.arguments.size());
    each_element(e, frame, count, bind, locals, [&] {
      if (condition && number(*condition, locals.frame()) == 0) return;
      if (is_clause(body))
        each_comprehension_element(body, locals.frame(), each);
      else
        each(locals.frame());
    });
  });
}

// As comprehend() makes a list of one clause: the numbers of an element computed by pure
// code packed, anything else by PerElement into a ListBuilder; the list refused beyond
// its limits (E0522, E0514) as one clause's is.
Value Evaluator::clauses_comprehension(const Expr& e, const Frame& frame) {
  const Expr& element = comprehension_element(e);
  const Code* pure = code_of(element);
  if (pure && runs_pure(*pure, frame.self) && pure->result_kind == ValueKind::quantity) {
    std::vector<double> numbers;
    each_comprehension_element(e, frame, [&](const Frame& at) {
      start(*pure);
      numbers.push_back(run_pure(*pure, at.locals, at.self));
    });
    return make_packed_list(std::move(numbers), pure->result_dim, e);
  }
  ListBuilder out;
  PerElement each(*this, element);
  each_comprehension_element(e, frame, [&](const Frame& at) { out.push_back(each(at)); });
  return make_list(out, e);
}

// `[x * 2 for x in xs if x > 1 GB]` over a packed xs, its body (and condition) pure
// code (Code::pure): each element's number is written into the local the code reads,
// the code run by run_pure, its number appended to a packed result. Straight codes
// (Code::straight) run a block of elements at a time (run_pure_block); a block that
// fails, or that could reach the step limit, is run again element by element, so the
// steps, the errors and the numbers are those of comprehend() running the same codes.
std::optional<Value> Evaluator::packed_comprehension(const Expr& e, const ListValue& xs,
                                                     const Frame& frame) {
  const Code* body = code_of(*e.operands[1]);
  const Code* condition = e.operands.size() > 2 ? code_of(*e.operands[2]) : nullptr;
  if (!body || !body->pure || body->result_kind != ValueKind::quantity ||
      (e.operands.size() > 2 && (!condition || !condition->pure)))
    return std::nullopt;
  const bool blocks = body->straight && (!condition || condition->straight);
  const std::uint64_t element_steps = body->steps + (condition ? condition->steps : 0);
  LocalFrame locals(frame, e.slot, 1);
  locals[0] = Value::quantity(0, xs.dimension());
  Value& x = locals[0];
  const Value* const bound = locals.frame().locals;
  const auto slot = static_cast<std::uint32_t>(e.slot);
  const std::vector<double>& numbers = xs.numbers();
  std::vector<double> out;
  out.reserve(condition ? 0 : numbers.size());
  const std::uint64_t steps_before = steps_;
  const std::uint64_t elements_before = comprehension_elements_;
  double kept[pure_block_size];
  double chosen[pure_block_size];
  for (std::size_t from = 0; from < numbers.size(); from += pure_block_size) {
    const std::size_t n = std::min(pure_block_size, numbers.size() - from);
    const double* in = numbers.data() + from;
    const std::size_t made = out.size();
    if (blocks && steps_before + (comprehension_elements_ - elements_before) + n + element_steps <=
                      max_steps) {
      try {
        std::size_t k = n;
        if (condition) {
          run_pure_block(*condition, bound, slot, in, n, kept);
          k = 0;
          for (std::size_t i = 0; i < n; ++i)
            if (kept[i] != 0) chosen[k++] = in[i];
          in = chosen;
        }
        out.resize(made + k);
        run_pure_block(*body, bound, slot, in, k, out.data() + made);
        comprehension_elements_ += n;
        steps_ = steps_before + (comprehension_elements_ - elements_before);
        continue;
      } catch (const UserError&) {
        out.resize(made);  // the block again, one element at a time: its first error
        in = numbers.data() + from;
      }
    }
    for (std::size_t i = 0; i < n; ++i) {
      x.number = in[i];
      ++comprehension_elements_;
      try {
        bool keep = true;
        if (condition) {
          start(*condition);
          keep = run_pure(*condition, bound) != 0;
        }
        if (keep) {
          start(*body);
          out.push_back(run_pure(*body, bound));
        }
      } catch (UserError& error) {
        note_element(error, e, from + i, {&x, 1}, scenario_of(frame));
        throw;
      }
      steps_ = steps_before + (comprehension_elements_ - elements_before);
      if (steps_ > max_steps) [[unlikely]]
        too_many_steps(e);
    }
  }
  return make_packed_list(std::move(out), body->result_dim, e);
}

}  // namespace reckon
