// The runtime's own structures: shared records and instances outliving their evaluator,
// method memos past their first chunk and with deferred calls, constant lets shared by
// evaluators, and Evaluator::force_all past errors, on wide scenarios and deep chains.
#include <catch2/catch.hpp>
#include <exception>
#include <memory>
#include <stdexcept>
#include <string>

#include "grammar/parse.hpp"
#include "interpreter/check/checker.hpp"
#include "interpreter/display/format.hpp"
#include "interpreter/evaluate/evaluator.hpp"
#include "interpreter/load/loader.hpp"
#include "interpreter/load/pipeline.hpp"
#include "interpreter/model/program.hpp"
#include "stdlib/library.hpp"
#include "syntax/diagnostics.hpp"

using namespace reckon;

namespace {

std::unique_ptr<Program> program(const std::string& text) {
  auto p = std::make_unique<Program>();
  load_program_text(*p, stdlib::standard_library(), "test.rk", text);
  check_and_compile(*p);
  return p;
}

const Expr& expression(Program& p, const std::string& text, std::vector<ExprPtr>& keep) {
  FileId f = p.sources.add("expr", text);
  keep.push_back(parse_expression(p.sources, f));
  check_and_compile_expression(p, *keep.back(), Scope{});
  return *keep.back();
}

const NativeFunction& native(const char* name) {
  const NativeFunction* f = stdlib::standard_library().natives->find(name);
  REQUIRE(f != nullptr);
  return *f;
}

const CaseDecl& the_case(const Program& p, const char* name) {
  const auto* c = static_cast<const CaseDecl*>(p.find(name));
  REQUIRE(c != nullptr);
  return *c;
}

}  // namespace

TEST_CASE("records and instances outlive the evaluator that made them") {
  auto p = program(
      "import \"models\"\n"
      "scenario S {\n  input w: Transformer\n  twice: count = 2 * w.layers\n}\n"
      "case C = S(w: GPT3_175B)\n");
  std::vector<ExprPtr> keep;
  Value record, instance;
  {
    Evaluator ev(*p);
    record = ev.evaluate(expression(*p, "GPT3_175B", keep), {});
    instance = ev.evaluate(expression(*p, "C", keep), {});
  }
  // GPT-3 175B has 96 layers (Brown et al. 2020, Table 2.1).
  REQUIRE(record.kind == ValueKind::record);
  const int layers = record.record()->type->field_index("layers");
  REQUIRE(layers >= 0);
  CHECK(record.record()->fields[static_cast<std::size_t>(layers)].number == 96);
  // The instance is still whole, and another evaluator can force what it had not.
  REQUIRE(instance.kind == ValueKind::instance);
  Evaluator other(*p);
  const Value& twice = other.property(*instance.instance(), 0, SourceRange{});
  CHECK(twice.number == 192);  // 2 * 96
  Value copy = instance;       // a second holder; the first may go
  instance = Value{};
  CHECK(copy.instance()->properties[0].state == ThunkState::done);
}

TEST_CASE("a method memo past its first chunk finds every call again") {
  // decode_flops(P, 1 token) = 2 P per token (Kaplan et al. 2020, Table 1); the method
  // is called with 40 distinct arguments, more than fit before the memo is indexed.
  std::string text = "scenario S {\n  f(p: param): flop = decode_flops(p)\n  total: flop = 0 flop";
  for (int i = 1; i <= 40; ++i) text += " + f(" + std::to_string(i) + " param)";
  text += "\n  again: flop = 0 flop";
  for (int i = 40; i >= 1; --i) text += " + f(" + std::to_string(i) + " param)";
  text += "\n}\ncase C = S()\n";
  auto p = program(text);
  const NativeFunction& decode = native("decode_flops");
  stdlib::standard_library().natives->reset_counts();
  Evaluator ev(*p);
  Instance& inst = ev.instance_of(the_case(*p, "C"));
  // 2 * (1 + ... + 40) = 2 * 820 = 1640 flop, one native call per distinct argument.
  CHECK(ev.property(inst, 1, SourceRange{}).number == 1640);
  CHECK(decode.calls == 40);
  CHECK(ev.property(inst, 2, SourceRange{}).number == 1640);
  CHECK(decode.calls == 40);
  CHECK(inst.methods.size() == 40);
}

namespace {

// Calls of method 0, one argument each: numbers[2k] is call k's argument, numbers[2k + 1]
// its result. What a planned fresh case defers (sweep/force_planned.cpp) is of this form.
struct TwoNumberCalls final : DeferredCalls {
  std::size_t calls = 0;
  mutable int added = 0;  // how many times add_to ran
  void add_to(MethodMemo& memo, const double* numbers) const override {
    ++added;
    for (std::size_t k = 0; k < calls; ++k) {
      const Value argument = Value::quantity(numbers[2 * k]);
      MethodCall& made = memo.add_absent(0, {&argument, 1});
      made.result.settle(Value::quantity(numbers[2 * k + 1]));
    }
  }
};

}  // namespace

TEST_CASE("a method memo adds its deferred calls when it is first read and only then") {
  auto p = program("scenario S {\n  f(x: number): number = 2 * x\n}\ncase C = S()\n");
  const ScenarioDecl& s = *the_case(*p, "C").scenario;
  auto make = [&] { return Value::adopt(Instance::make("C", s)); };
  TwoNumberCalls deferred;
  deferred.calls = 3;
  auto defer = [&](MethodMemo& memo) {
    double* numbers = memo.defer(deferred, 2 * deferred.calls);
    REQUIRE(numbers != nullptr);
    for (std::size_t k = 0; k < deferred.calls; ++k) {
      numbers[2 * k] = static_cast<double>(k + 1);
      numbers[2 * k + 1] = static_cast<double>(2 * (k + 1));
    }
  };

  SECTION("found by a later call, not added again") {
    Value held = make();
    MethodMemo& memo = held.instance()->methods;
    defer(memo);
    CHECK(memo.defer(deferred, 2) == nullptr);  // one deferral at a time
    CHECK(deferred.added == 0);
    const Value two = Value::quantity(2);
    MethodCall& found = memo.find_or_add(0, {&two, 1});
    CHECK(deferred.added == 1);
    CHECK(found.result.state == ThunkState::done);
    CHECK(found.result.value().number == 4);
    CHECK(memo.size() == 3);
    const Value seven = Value::quantity(7);
    CHECK(memo.find_or_add(0, {&seven, 1}).result.state == ThunkState::pending);
    CHECK(memo.size() == 4);
    CHECK(deferred.added == 1);
    CHECK(memo.defer(deferred, 2) == nullptr);  // not empty
  }
  SECTION("read in order by each and size") {
    Value held = make();
    MethodMemo& memo = held.instance()->methods;
    defer(memo);
    std::vector<double> seen;
    memo.each([&](const MethodCall& c) {
      seen.push_back(c.arguments[0].number);
      seen.push_back(c.result.value().number);
    });
    CHECK(seen == std::vector<double>{1, 2, 2, 4, 3, 6});
    CHECK(memo.size() == 3);
    CHECK(deferred.added == 1);
  }
  SECTION("or never, when the instance goes unread") {
    {
      Value held = make();
      defer(held.instance()->methods);
    }
    CHECK(deferred.added == 0);  // and nothing leaks (the sanitizer build's LeakSanitizer)
  }
  SECTION("nothing deferred: no numbers, or more than the first chunk holds") {
    Value held = make();
    MethodMemo& memo = held.instance()->methods;
    CHECK(memo.defer(deferred, 0) == nullptr);
    CHECK(memo.defer(deferred, MethodMemo::max_deferred + 1) == nullptr);
    CHECK(memo.size() == 0);
    CHECK(memo.defer(deferred, MethodMemo::max_deferred) != nullptr);
  }
}

TEST_CASE("constant lets are computed once for every evaluator; lets that name a case are not") {
  auto p = program(
      "let X: flop = decode_flops(7 param)\n"
      "scenario S {\n  input n: param = 3 param\n  v: flop = decode_flops(n)\n}\n"
      "case C = S()\n"
      "let Y: flop = C.v\n");
  const NativeFunction& decode = native("decode_flops");
  std::vector<ExprPtr> keep;
  const Expr& x = expression(*p, "X", keep);
  const Expr& y = expression(*p, "Y", keep);
  const Expr& five = expression(*p, "5 param", keep);
  stdlib::standard_library().natives->reset_counts();
  {
    Evaluator first(*p);
    CHECK(first.evaluate(x, {}).number == 14);  // 2 * 7
  }
  Evaluator second(*p);
  CHECK(second.evaluate(x, {}).number == 14);
  CHECK(decode.calls == 1);  // the second evaluator reads the first one's value

  // Y depends on the case C, whose inputs an evaluator may rebind: each has its own Y.
  Evaluator rebinding(*p);
  rebinding.bind_input(rebinding.instance_of(the_case(*p, "C")), 0, five);
  CHECK(rebinding.evaluate(y, {}).number == 10);  // 2 * 5
  Evaluator plain(*p);
  CHECK(plain.evaluate(y, {}).number == 6);  // 2 * 3
}

TEST_CASE("a thunk holds its value only while done and its error only while failed") {
  // A shared object's holders are counted: the thunk's value is one more, ended by
  // clear() (and by a ThunkArray's end), never by a thunk that holds nothing.
  Value list = Value::adopt(ListValue::make({Value::quantity(1), Value::quantity(2)}));
  const ListValue* object = list.elements();
  auto holders = [&] { return object->references.load(); };
  REQUIRE(holders() == 1);
  Thunk t{};
  CHECK(t.state == ThunkState::pending);
  t.settle(list);
  CHECK(t.state == ThunkState::done);
  CHECK(holders() == 2);
  CHECK(t.value().elements() == object);
  t.clear();
  CHECK(t.state == ThunkState::pending);
  CHECK(holders() == 1);
  t.fail(std::make_exception_ptr(std::runtime_error("once")));
  CHECK(t.state == ThunkState::failed);
  CHECK_THROWS_WITH(std::rethrow_exception(t.error()), "once");
  t.clear();
  CHECK(t.state == ThunkState::pending);
  {
    ThunkArray lets(3);
    CHECK(lets[2].state == ThunkState::pending);
    lets[1].settle(list);
    CHECK(holders() == 2);
  }
  CHECK(holders() == 1);
}

TEST_CASE("a walked value that is not whole where a count is declared fails, and stays failed") {
  // The tree walk settles the value and then checks it (Evaluator::compute): failing, the
  // thunk ends the value it held (the list's: LeakSanitizer, in the sanitizer stage, sees
  // one not ended) and keeps the error. 5 / 2 = 2.5 is not a whole count.
  auto p = program(
      "scenario S {\n  input n: number = 5\n  half: count = n / 2\n"
      "  halves: [count] = [n / 2, n]\n}\ncase C = S()\n");
  for (const bool compiled : {false, true}) {
    INFO("compiled: " << compiled);
    Evaluator ev(*p, 4, compiled);
    Instance& inst = ev.instance_of(the_case(*p, "C"));
    for (std::size_t property : {0, 1})
      for (int asked = 0; asked < 2; ++asked) {
        INFO("property " << property << ", asked " << asked + 1);
        try {
          (void)ev.property(inst, property, SourceRange{});
          FAIL("a value that is not whole should fail");
        } catch (const UserError& e) {
          CHECK(e.diagnostic().code == "E0503");
        }
        CHECK(inst.properties[property].state == ThunkState::failed);
      }
  }
}

TEST_CASE("force_all goes past a value that fails, and each keeps its own outcome") {
  auto p = program(
      "scenario S {\n  input zero: number = 0\n  a: number = 1 / zero\n  b: number = 2\n"
      "  c: number = a + b\n  d: number = b * 3\n}\ncase C = S()\n");
  Evaluator ev(*p);
  Instance& inst = ev.instance_of(the_case(*p, "C"));
  ev.force_all(inst);
  CHECK(inst.properties[0].state == ThunkState::failed);
  CHECK(inst.properties[1].state == ThunkState::done);
  CHECK(inst.properties[2].state == ThunkState::failed);  // uses a
  CHECK(inst.properties[3].state == ThunkState::done);
  CHECK(ev.property(inst, 3, SourceRange{}).number == 6);
  try {
    (void)ev.property(inst, 2, SourceRange{});
    FAIL("c should fail");
  } catch (const UserError& e) {
    CHECK(e.diagnostic().code == "E0501");  // a's division by zero, raised again for c
  }
}

TEST_CASE("force_all leaves alone what is already known") {
  auto p = program(
      "scenario S {\n  input n: param = 3 param\n  a: flop = decode_flops(n)\n"
      "  b: flop = a * 2\n}\ncase C = S()\n");
  const NativeFunction& decode = native("decode_flops");
  stdlib::standard_library().natives->reset_counts();
  Evaluator ev(*p);
  Instance& inst = ev.instance_of(the_case(*p, "C"));
  CHECK(ev.property(inst, 0, SourceRange{}).number == 6);
  ev.force_all(inst);
  CHECK(decode.calls == 1);
  CHECK(ev.property(inst, 1, SourceRange{}).number == 12);
}

TEST_CASE("force_all on code wider than one run's operands, and on a deep chain") {
  // a = 1 + (1 + ... + b) with 99 pending operands before b, b the same before c, c
  // before d: the inlined code would hold 297 operands at once, more than a run has
  // (256), so the values are forced one at a time, each body on the C++ stack.
  std::string ones, close;
  for (int i = 0; i < 99; ++i) {
    ones += "1 + (";
    close += ")";
  }
  std::string wide = "scenario Wide {\n  a: count = " + ones + "b" + close +
                     "\n  b: count = " + ones + "c" + close + "\n  c: count = " + ones + "d" +
                     close + "\n  d: count = 30\n}\n";
  // q0 needs q1, ... q200 first: deeper than the 32 properties force_all inlines.
  std::string backwards = "scenario Backwards {\n";
  for (int i = 0; i < 200; ++i)
    backwards += "  q" + std::to_string(i) + ": count = q" + std::to_string(i + 1) + " + 1\n";
  backwards += "  q200: count = 1\n}\n";
  auto p = program(wide + "case W1 = Wide()\n" + backwards + "case D = Backwards()\n");
  const auto* w = static_cast<const ScenarioDecl*>(p->find("Wide"));
  REQUIRE(w);
  REQUIRE(w->every_value);
  CHECK(w->every_value->code.max_stack > 256);
  Evaluator ev(*p);
  Instance& wide_case = ev.instance_of(the_case(*p, "W1"));
  ev.force_all(wide_case);
  CHECK(wide_case.properties[0].value().number == 327);  // 3 * 99 + 30
  CHECK(wide_case.properties[1].value().number == 228);  // 2 * 99 + 30
  Instance& deep = ev.instance_of(the_case(*p, "D"));
  ev.force_all(deep);
  CHECK(deep.properties[0].value().number == 201);
  CHECK(deep.properties[200].value().number == 1);
}
