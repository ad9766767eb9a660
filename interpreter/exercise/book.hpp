// What `reckon exercises build` and `grade` share: the exercises of a checked file and
// their variants, each an instance of the exercise's case with the varied inputs bound
// to values chosen reproducibly from a seed.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "interpreter/evaluate/evaluator.hpp"
#include "interpreter/evaluate/explain.hpp"
#include "interpreter/model/program.hpp"
#include "syntax/diagnostics.hpp"

namespace reckon::exercise {

inline constexpr double default_tolerance = 1e-2;

// "information (a memory size)", "a plain number", "B/token".
std::string describe_dimension(const Dimension& d);
// The kind of answer an exercise asks for: "yes or no", "a whole number", ...
std::string describe_answer(const Type& t);
// A relative tolerance as a percentage: "1%".
std::string percent(double tolerance);

// Loads and checks the exercise file; throws the user's errors (E0703 if the file
// declares no exercise).
void load_exercises(Program& p, const Library& library, const std::string& file);

// One exercise at one variant: the instance of its case with the varied inputs bound.
struct Variant {
  const ExerciseDecl* exercise = nullptr;
  int number = 0;
  Value instance;                                          // holds the variant's own instance
  std::vector<std::pair<std::string, std::string>> picks;  // input, value as shown

  Evaluator::Frame frame() const { return {instance.instance(), nullptr}; }
};

class Workbook {
 public:
  Workbook(Program& p, int digits, std::uint64_t seed);

  const std::vector<ExerciseDecl*>& exercises() const { return exercises_; }
  const Program& program() const { return p_; }
  Evaluator& evaluator() { return ev_; }

  const ExerciseDecl* find(std::string_view name) const;

  // Variant `number` of x. Variants of an exercise that varies something are distinct
  // (no two students get the same numbers) and satisfy its `where` filters. Throws
  // UserError (located in the exercise file) if a value cannot be computed, E0710 when
  // x has fewer distinct variants than `number`, E0711 when the random draws find no
  // unused variant that satisfies the filters.
  Variant variant(const ExerciseDecl& x, int number);
  // How many distinct variants x has: the product of its varied inputs' value counts
  // (saturating at UINT64_MAX).
  std::uint64_t distinct_variants(const ExerciseDecl& x);

  // A value as a student reads it: text without quotes, a bool as yes or no; in `unit`,
  // or else in the unit `e` is shown in.
  std::string shown(const Variant& v, const Expr& e, const std::optional<DisplayUnit>& unit);
  std::string shown(const Variant& v, const Expr& e);
  // The unit x's answer is keyed and graded in (api::answer_unit): its written or declared
  // unit, the same in every variant; nullopt: a readable one.
  std::optional<DisplayUnit> answer_unit(const ExerciseDecl& x);
  // v's answer as the key shows it, and as the grader expects it: in answer_unit, and
  // when the exercise's tolerance is narrower than the rounding of the digits shown
  // (`within 0`, `within 1e-4` at 4 digits), with every digit it takes to read back the
  // same number (`0.3333333333333333`: `0.3333` is not exact, nor within 1e-4 of 1/3).
  std::string key(const Variant& v);
  // The worked solution of v: the derivation of its answer (`reckon explain`), `depth`
  // levels deep, whose first step shows the answer in answer_unit, as the key does.
  std::vector<ExplainStep> solution(const Variant& v, int depth);
  // A prompt or a hint with its `{expr}` pieces evaluated.
  std::string text(const Variant& v, const std::vector<PromptPiece>& pieces);

  Value answer(const Variant& v) { return ev_.evaluate(*v.exercise->answer, v.frame()); }

  // A digest of x's answers at variants 1 to `variants` (16 hex digits): it changes when
  // an edit of the file changes an answer, so a sheet record can tell that the file it
  // was built from is no longer the one given. Numbers enter at 6 significant digits in
  // base units, so the last bits of a platform's libm do not change it.
  std::string answers_digest(const ExerciseDecl& x, int variants);
  // The variants among 1 to `variants` of x that share an answer though their inputs
  // differ (distinct variants always do), each group ascending: a student who copies
  // a neighbour's answer is then not caught by the numbers. Empty when x varies nothing
  // or asks yes or no.
  std::vector<std::vector<int>> coinciding(const ExerciseDecl& x, int variants);
  double tolerance(const ExerciseDecl& x);
  // n's formula (native_formula.hpp) checked in this program, with n's parameters as its
  // names, read once; null when n has none.
  const Expr* native_formula(const NativeDecl& n);

 private:
  static std::string compared(const Value& a);
  std::string prompt_number(const Variant& v, const Expr& e, const std::string& formatted);
  const std::vector<Value>& values_of(const Vary& vary);
  // The value indexes of variant `number` (one per `vary`), choosing variants 1 to
  // `number` in order the first time, so that each depends only on the seed and the file.
  const std::vector<std::size_t>& picks_of(const ExerciseDecl& x, int number);
  // A fresh instance of x's case with the values at `picks` bound.
  Value bind(const ExerciseDecl& x, const std::vector<std::size_t>& picks);
  std::optional<SourceRange> rejection(const ExerciseDecl& x, const Value& instance);
  UserError no_variant(const ExerciseDecl& x, int number, std::uint64_t draws);

  // The variants chosen so far, per exercise, in order; and every pick tried and found
  // used or infeasible is in `tried`.
  struct Chosen {
    std::vector<std::vector<std::size_t>> variants;
    std::set<std::vector<std::size_t>> used, infeasible;
    // How many of the infeasible ones each constraint or filter ruled out (the first
    // that failed), by where it is written: file, begin, end.
    std::map<std::tuple<FileId, std::uint32_t, std::uint32_t>, std::size_t> rejections;
  };
  std::map<const ExerciseDecl*, Chosen> chosen_;

  Program& p_;
  Evaluator ev_;
  int digits_;
  std::uint64_t seed_;
  std::vector<ExerciseDecl*> exercises_;
  std::map<const Vary*, std::vector<Value>> values_;
  std::map<const NativeDecl*, ExprPtr> formulas_;
};

}  // namespace reckon::exercise
