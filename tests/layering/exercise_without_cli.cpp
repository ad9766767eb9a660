// The exercise engine is usable without the command line: this program links the core and
// the stdlib only (not reckon_cli), builds a variant of an exercise and grades answers to
// it, as the REPL or a language server would. Exit 0 when every check holds.
#include <cmath>
#include <iostream>
#include <string>

#include "interpreter/exercise/answer.hpp"
#include "interpreter/exercise/book.hpp"
#include "interpreter/exercise/grade.hpp"
#include "interpreter/load/loader.hpp"
#include "interpreter/load/pipeline.hpp"
#include "stdlib/library.hpp"

using namespace reckon;
using namespace reckon::exercise;

namespace {

int failures = 0;

void expect(bool ok, const std::string& what) {
  if (ok) return;
  std::cerr << "FAIL: " << what << "\n";
  ++failures;
}

}  // namespace

int main() {
  Program p;
  // One variant, side = 3 m, so the key is 4 * 3 m = 12 m.
  load_program_text(p, stdlib::standard_library(), "fence.rk",
                    "scenario Fence {\n"
                    "  input side: m = 2 m\n"
                    "  perimeter = 4 * side\n"
                    "}\n"
                    "case Square = Fence()\n"
                    "exercise Perimeter {\n"
                    "  about Square\n"
                    "  vary side in [3 m]\n"
                    "  prompt \"How long is the fence around a {side} square?\"\n"
                    "  answer perimeter\n"
                    "}\n");
  check_and_compile(p);
  Workbook book(p, 4, 1);
  const ExerciseDecl* x = book.find("Perimeter");
  expect(x != nullptr, "the workbook finds the exercise");
  if (!x) return 1;
  Variant v = book.variant(*x, 1);
  expect(std::fabs(book.answer(v).number - 12.0) < 1e-12, "the key of variant 1 is 12 m");

  AnswerReader reader(p, 4);
  Grader grader(book, reader, "answers.csv", 1);
  Grade right = grader.grade(CsvRow{2, {"1", "Perimeter", "12 m"}, ""});
  expect(right.status == "correct", "12 m is correct, got " + right.status);
  Grade wrong = grader.grade(CsvRow{3, {"1", "Perimeter", "13 m"}, ""});
  expect(wrong.status == "wrong-value", "13 m is a wrong value, got " + wrong.status);
  // 13 m / 12 m.
  expect(wrong.ratio && std::fabs(*wrong.ratio - 13.0 / 12.0) < 1e-12, "the ratio is 13/12");
  Grade seconds = grader.grade(CsvRow{4, {"1", "Perimeter", "12 s"}, ""});
  expect(seconds.status == "wrong-dimension", "12 s has the wrong dimension");

  if (failures) return 1;
  std::cout << "exercise engine without the CLI: ok\n";
  return 0;
}
