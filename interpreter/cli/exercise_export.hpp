// The LMS exports of `reckon exercises export` (docs/exercises.md, "Exporting to an
// LMS"): exercise_export.cpp gathers each exercise's variants as Questions (keys, slips
// and key programs from the exercise engine), and one writer per system lays them out:
// export_moodle.cpp (Moodle XML) and export_prairielearn.cpp (PrairieLearn questions).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "interpreter/exercise/feedback_answers.hpp"
#include "syntax/ast.hpp"

namespace reckon::cli::lms {

// What both exports need of one exercise at one variant.
struct Question {
  const ExerciseDecl* exercise = nullptr;
  int variant = 0;
  std::string docs, prompt, kind;  // as the question sheet gives them
  exercise::KeyReading key;
  double tolerance = 0;  // relative
  std::vector<exercise::FeedbackAnswer> feedback;
  // The units a student may write, each with Moodle's multiplier (how many of the unit
  // make one key unit): the key's unit first. Empty for a plain number or a yes/no.
  std::vector<std::pair<std::string, double>> units;
  std::string program;  // the key program (PrairieLearn's grading)
};

// Each exercise's questions, one per variant, in the file's order.
using Questions = std::vector<std::vector<Question>>;

// A number as short as reads back the same double (`82.141249536`, `1e-09`).
std::string number(double x);

// The Moodle XML quiz: a category and a question per variant for each exercise.
std::string moodle_quiz(const Questions& all);

// The PrairieLearn files, each a path inside the output directory (`NAME/server.py`) and
// its text; `file` is the exercise file as named on the command line (the uuids' seed).
std::vector<std::pair<std::string, std::string>> prairielearn_files(const std::string& file,
                                                                    const Questions& all);

}  // namespace reckon::cli::lms
