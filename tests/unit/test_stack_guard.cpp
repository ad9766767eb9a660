// The native-stack guards (E0507): the checker's, which bounds the recursion over
// properties typed through each other, and the evaluator's, which bounds nested
// expressions inside nested properties. Both allow Evaluator::max_stack_bytes (4 MiB)
// below the frame where checking or evaluation started, and each program below needs
// more than that in any build (Release and the sanitizer builds), so the error must be
// reported, located, and nothing may crash.
//
// The work runs on a thread with a 64 MiB stack: the guards measure from where they
// start, not from the end of the stack, so the test must not depend on the main
// thread's stack (`ulimit -s`, and what Catch2 has used above the test).
#include <pthread.h>

#include <catch2/catch.hpp>
#include <functional>
#include <string>
#include <vector>

#include "interpreter/check/checker.hpp"
#include "interpreter/evaluate/evaluator.hpp"
#include "interpreter/load/loader.hpp"
#include "interpreter/load/pipeline.hpp"
#include "interpreter/model/program.hpp"
#include "stdlib/library.hpp"
#include "syntax/diagnostics.hpp"

using namespace reckon;

namespace {

constexpr std::size_t thread_stack_bytes = 64u << 20;
static_assert(thread_stack_bytes > 8 * Evaluator::max_stack_bytes);

// Runs `work` to completion on a new thread with a stack of thread_stack_bytes.
// Catch2's assertions are not thread-safe: `work` only records, the caller checks.
void on_big_stack(const std::function<void()>& work) {
  pthread_attr_t attr;
  REQUIRE(pthread_attr_init(&attr) == 0);
  REQUIRE(pthread_attr_setstacksize(&attr, thread_stack_bytes) == 0);
  pthread_t thread;
  auto run = [](void* arg) -> void* {
    (*static_cast<const std::function<void()>*>(arg))();
    return nullptr;
  };
  int created = pthread_create(&thread, &attr, run, const_cast<std::function<void()>*>(&work));
  pthread_attr_destroy(&attr);
  REQUIRE(created == 0);
  REQUIRE(pthread_join(thread, nullptr) == 0);
}

// What escaped from a stage: "" (nothing), the codes of the diagnostics, or "other: ..."
// for an exception that is not a user's error (a bug).
struct Outcome {
  std::vector<Diagnostic> diagnostics;
  std::string other;
};

template <typename F>
Outcome capture(F f) {
  Outcome o;
  try {
    f();
  } catch (const UserError& e) {
    o.diagnostics.push_back(e.diagnostic());
  } catch (const UserErrors& e) {
    o.diagnostics = e.diagnostics();
  } catch (const std::exception& e) {
    o.other = e.what();
  } catch (...) {
    o.other = "unknown exception";
  }
  return o;
}

// A scenario Deep whose properties p0 ... p{n-1} each nest `height` copies of
// `open` ... `close` around the next one, and a case D of it.
std::string chain(int n, int height, const std::string& type, const std::string& open,
                  const std::string& close, const std::string& last) {
  std::string before, after;
  for (int i = 0; i < height; ++i) {
    before += open;
    after += close;
  }
  std::string text = "scenario Deep {\n";
  for (int i = 0; i < n; ++i)
    text += "  p" + std::to_string(i) + ": " + type + " = " + before + "p" + std::to_string(i + 1) +
            after + "\n";
  return text + "  p" + std::to_string(n) + ": " + type + " = " + last + "\n}\ncase D = Deep()\n";
}

}  // namespace

TEST_CASE("the checker's stack guard: a long chain of properties without units is E0507") {
  // p0 = p1 + 1, p1 = p2 + 1, ...: each type is found by checking the next definition.
  // A Release build trips the guard about 1,400 properties deep; 6,000 leaves room for
  // frames four times smaller.
  constexpr int n = 6'000;
  std::string text = "scenario Chain {\n";
  for (int i = 0; i < n; ++i)
    text += "  p" + std::to_string(i) + " = p" + std::to_string(i + 1) + " + 1\n";
  text += "  p" + std::to_string(n) + " = 1\n}\ncase C = Chain()\n";

  Program p;
  Outcome o;
  on_big_stack([&] {
    o = capture([&] {
      load_program_text(p, stdlib::standard_library(), "chain.rk", text);
      check_and_compile(p);
    });
  });
  CHECK(o.other == "");
  REQUIRE_FALSE(o.diagnostics.empty());
  for (const Diagnostic& d : o.diagnostics) {
    INFO(render(p.sources, d));
    CHECK(d.code == "E0507");
    CHECK(d.message ==
          "definitions depend on each other too deeply to check (declare the units of some "
          "properties)");
    REQUIRE(d.range.has_value());
    CHECK(p.sources.file(d.range->file).name() == "chain.rk");
  }
}

TEST_CASE("the evaluator's stack guard: nested expressions in nested properties are E0507") {
  // Properties with declared types are checked one at a time, so the checker stays
  // shallow. Evaluating p0 nests 199 conditionals in each of 255 properties (50,745
  // levels, as many as the parser's nesting limit and the 256 properties evaluated at
  // once allow). Their values are texts, which compiled code does not compute
  // (interpreter/compiled/code.hpp), so every level is a frame of the tree walk, about 110 bytes
  // in a Release build: the guard trips about 190 properties deep. Frames under 83
  // bytes would fit the whole chain in the budget, and this test would have to find a
  // deeper recursion. (The same chain over numbers runs in the compiled code's loop,
  // on a few frames, and needs no guard: see the next test.)
  constexpr int n = 255;
  constexpr int height = 199;
  const std::string text = chain(n, height, "text", "if true then ", " else \"x\"", "\"end\"");

  Program p;
  Outcome loaded, deep, shallow, again;
  std::string shallow_value;
  on_big_stack([&] {
    loaded = capture([&] {
      load_program_text(p, stdlib::standard_library(), "deep.rk", text);
      check_and_compile(p);
    });
    if (!loaded.diagnostics.empty() || !loaded.other.empty()) return;
    const CaseDecl& c = *p.main_decls<CaseDecl>(DeclKind::case_).at(0);
    Evaluator ev(p);
    Instance* inst = &ev.instance_of(c);
    deep = capture([&] { (void)ev.property(*inst, 0, c.name_range); });
    // The evaluator is still usable: a property near the end of the chain is shallow.
    shallow = capture(
        [&] { shallow_value = ev.show(ev.property(*inst, n - 1, c.name_range), std::nullopt); });
    // A failed property fails the same way when asked again.
    again = capture([&] { (void)ev.property(*inst, 0, c.name_range); });
  });
  CHECK(loaded.other == "");
  REQUIRE(loaded.diagnostics.empty());

  CHECK(deep.other == "");
  REQUIRE(deep.diagnostics.size() == 1);
  const Diagnostic& d = deep.diagnostics[0];
  INFO(render(p.sources, d));
  CHECK(d.code == "E0507");
  // 4096 KiB, or less under a smaller `ulimit -s` (Evaluator::stack_budget).
  CHECK_THAT(d.message,
             Catch::Matchers::StartsWith("evaluation is nested too deeply (its stack exceeds "));
  CHECK(d.message.find(std::to_string(Evaluator::stack_budget() >> 10) + " KiB)") !=
        std::string::npos);
  REQUIRE(d.range.has_value());
  CHECK(p.sources.file(d.range->file).name() == "deep.rk");

  CHECK(shallow.other == "");
  CHECK(shallow.diagnostics.empty());
  CHECK(shallow_value == "\"end\"");

  REQUIRE(again.diagnostics.size() == 1);
  CHECK(again.diagnostics[0].code == "E0507");
}

TEST_CASE("compiled chains of properties run on a few native frames") {
  // The chain of the test above over numbers: 190 additions in each of 150 properties.
  // Before numeric expressions were compiled (interpreter/compiled/code.hpp) this tripped the
  // guard too; now each body is one run of the compiled code's loop and the
  // properties it forces are entered inside that loop, so the whole chain fits in the
  // 4 MiB budget and computes 150 * 190 + 1 = 28,501.
  constexpr int n = 150;
  constexpr int height = 190;
  const std::string text = chain(n, height, "count", "1 + (", ")", "1");

  Program p;
  Outcome loaded, deep;
  std::string value;
  on_big_stack([&] {
    loaded = capture([&] {
      load_program_text(p, stdlib::standard_library(), "deep.rk", text);
      check_and_compile(p);
    });
    if (!loaded.diagnostics.empty() || !loaded.other.empty()) return;
    const CaseDecl& c = *p.main_decls<CaseDecl>(DeclKind::case_).at(0);
    Evaluator ev(p);
    Instance* inst = &ev.instance_of(c);
    deep = capture([&] { value = ev.show(ev.property(*inst, 0, c.name_range), std::nullopt); });
  });
  CHECK(loaded.other == "");
  REQUIRE(loaded.diagnostics.empty());
  CHECK(deep.other == "");
  CHECK(deep.diagnostics.empty());
  CHECK(value == std::to_string(n * height + 1));
}
