// Reading a submitted answer. An answer is a Reckon expression checked and evaluated in
// a scope of its own: units, literals and the standard library's prelude (its functions
// and enumerations), but nothing of the exercise file. An answer that names one of the
// file's cases, properties, inputs or lets would be graded by the file itself
// (`Gpt3ActivationsMicrobatch4.per_token_activations` is always right), so it is refused
// with a message that names what it used.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "interpreter/evaluate/evaluator.hpp"
#include "interpreter/model/program.hpp"
#include "syntax/ast.hpp"
#include "syntax/diagnostics.hpp"

namespace reckon::exercise {

struct ReadAnswer {
  Value value;  // in base units, with its dimension
  // The units the value scales with, for telling a slip in the unit written: a lone
  // number's unit ("GB/s": GB, s^-1), or u^n for an expression whose one information
  // unit is u, without calls or conversions (`2 * 0.25 kB`: kB); empty otherwise.
  std::vector<UnitFactor> unit;
  std::string unit_text;  // a lone number's unit as written ("GB/token"); "" otherwise
  std::string problem;    // why the answer cannot be graded; "" when it can
};

class AnswerReader {
 public:
  // `file` is the checked exercise file, whose names answers may not use; answers are
  // read with the prelude of the library it was loaded with.
  AnswerReader(const Program& file, int digits);

  // Reads `text` (a trailing % divides by 100) as the answer to an exercise about
  // `scenario`; `where` names it in messages ("answers.csv:4"). The ways people write
  // numbers that Reckon does not are read as they mean, and nothing else: thousands
  // separators (`2,501`), a power of ten written out (`1.4*10^10`, `1.4×10^10`), a full
  // stop at the end (`14 GB.`), a unit spelt out (`tok/s`, `hours`: suggest.hpp's
  // unit_spelled), and a count followed by its noun (`182 sequences`, a word of the
  // prompts about `scenario`). None of these can change the dimension of what is read.
  ReadAnswer read(const std::string& text, const std::string& where, const ScenarioDecl* scenario);

 private:
  std::string forbidden_name(const Expr& e, const ScenarioDecl* scenario) const;
  // Why the answer `e` cannot be read, for a student: the first unknown unit or name in
  // it, without a guess by spelling (`14 G` is not grams, `N/A` is not `ln`); "" when
  // it has none.
  std::string unknown_word(const Expr& e) const;
  std::string unreadable(const Diagnostic& d, FileId f) const;
  // The words (lower case) of the prompts of the file's exercises about `scenario`:
  // the nouns a count may be followed by.
  const std::set<std::string>& prompt_words(const ScenarioDecl* scenario);
  // Whether `word` names what the question counts: a word of its prompts, singular or
  // plural.
  bool is_counted_noun(const std::string& word, const ScenarioDecl* scenario);

  const Program& file_;
  Program scope_;  // the prelude alone
  std::unique_ptr<Evaluator> evaluator_;
  std::vector<ExprPtr> keep_;  // answers stay alive with their source ranges
  std::map<const ScenarioDecl*, std::set<std::string>> prompt_words_;
};

}  // namespace reckon::exercise
