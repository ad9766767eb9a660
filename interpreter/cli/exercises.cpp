// `reckon exercises build`: textbook exercises written in Reckon (`exercise`
// declarations) as a question sheet and an answer key with one set of numbers per
// variant, reproducible from a seed, and the sheet record that `grade` reads to grade
// against the same variants (exercise_grade.cpp).
#include <fmt/format.h>

#include <filesystem>
#include <map>
#include <memory>
#include <ostream>
#include <utility>
#include <vector>

#include "interpreter/api/evaluation.hpp"
#include "interpreter/cli/commands.hpp"
#include "interpreter/cli/guarded.hpp"
#include "interpreter/cli/output_file.hpp"
#include "interpreter/exercise/book.hpp"
#include "interpreter/exercise/sheet.hpp"
#include "stdlib/library.hpp"

namespace reckon::cli {

// The exercise engine (interpreter/exercise/) does the work; this file is the command.
using namespace reckon::exercise;

namespace {

// --- build ------------------------------------------------------------------------------

// Markdown and Quarto share everything but the title; LaTeX is a fragment to \input.
class SheetWriter {
 public:
  SheetWriter(Workbook& book, const ExerciseBuildOptions& options, std::string file)
      : book_(book), options_(options), file_(std::move(file)) {}

  void write(std::string& questions, std::string& answers) {
    questions = title("Exercises") + intro(false);
    answers = title("Exercises: answer key") + intro(true);
    for (const ExerciseDecl* x : book_.exercises())
      for (const std::vector<int>& group : book_.coinciding(*x, options_.variants)) {
        std::string which = variant_list(group);
        warnings_.push_back(
            fmt::format("exercise `{}`: variants {} have the same answer though "
                        "their inputs differ",
                        x->name, which));
        for (int n : group) shared_[{x, n}] = which;
      }
    for (int n = 1; n <= options_.variants; ++n) {
      questions += heading(2, fmt::format("Variant {}", n));
      answers += heading(2, fmt::format("Variant {}", n));
      std::size_t number = 0;
      for (const ExerciseDecl* x : book_.exercises()) {
        Variant v = book_.variant(*x, n);
        std::string name = fmt::format("{}. {}", ++number, x->name);
        questions += heading(3, name) + question(v);
        answers += heading(3, name) + answer(v);
      }
    }
  }

 private:
  bool latex() const { return options_.format == "latex"; }
  std::string text(std::string_view s) const { return latex() ? latex_escape(s) : std::string(s); }
  std::string code(std::string_view s) const {
    return latex() ? "\\texttt{" + latex_escape(s) + "}" : "`" + std::string(s) + "`";
  }
  std::string bold(std::string_view s) const {
    return latex() ? "\\textbf{" + latex_escape(s) + "}" : "**" + std::string(s) + "**";
  }

  std::string title(const std::string& t) const {
    if (latex()) return "\\section*{" + latex_escape(t) + "}\n\n";
    if (options_.format == "qmd") return "---\ntitle: \"" + t + "\"\n---\n\n";
    return "# " + t + "\n\n";
  }

  std::string heading(int level, const std::string& t) const {
    if (latex())
      return std::string(level == 2 ? "\\subsection*{" : "\\subsubsection*{") + latex_escape(t) +
             "}\n\n";
    return std::string(static_cast<std::size_t>(level), '#') + " " + t + "\n\n";
  }

  std::string list(const std::vector<std::string>& items) const {
    std::string out = latex() ? "\\begin{itemize}\n" : "";
    for (const auto& item : items) out += (latex() ? "  \\item " : "- ") + item + "\n";
    return out + (latex() ? "\\end{itemize}\n\n" : "\n");
  }

  // The students' sheet names no seed: with it and the exercise file, a student rebuilds
  // the key. The key (and sheet.json) keep it, for grading.
  std::string intro(bool key) const {
    std::string s =
        key ? fmt::format("Answer key for {}, seed {}, {} variant{}. ", code(file_), options_.seed,
                          options_.variants, options_.variants == 1 ? "" : "s")
            : fmt::format("Exercises from {}, {} variant{}. ", code(file_), options_.variants,
                          options_.variants == 1 ? "" : "s");
    s += key ? text(
                   "Each answer is accepted in any unit of its dimension, within the "
                   "tolerance given.")
             : text(
                   "Give each answer with its unit; any unit of the right kind is accepted. "
                   "Hand in one CSV line per answer, ") +
                   code("variant,exercise,answer") + text(", as in ") +
                   code("1," + book_.exercises().front()->name + ",...") + text(".");
    return s + "\n\n";
  }

  std::string question(const Variant& v) {
    const ExerciseDecl& x = *v.exercise;
    std::string out;
    if (!x.docs.text.empty())
      out += (latex() ? "\\emph{" + text(x.docs.text) + "}" : "*" + x.docs.text + "*") + "\n\n";
    out += text(book_.text(v, x.prompt)) + "\n\n";
    out += text("Answer: " + describe_answer(x.answer->type)) + ".\n\n";
    return out;
  }

  std::string answer(const Variant& v) {
    const ExerciseDecl& x = *v.exercise;
    std::string out;
    if (!v.picks.empty()) {
      std::string picks;
      for (const auto& [name, value] : v.picks)
        picks += (picks.empty() ? "" : ", ") + code(name) + " = " + text(value);
      out += text("Inputs: ") + picks + "\n\n";
    }
    std::string expected = book_.key(v);
    std::string accepted;
    if (x.answer->type.kind != TypeKind::boolean) {
      double tolerance = book_.tolerance(x);
      accepted = ", " + describe_answer(x.answer->type) +
                 (tolerance == 0 ? ", exactly" : ", accepted within " + percent(tolerance));
    }
    out += text("Answer: ") + bold(expected) + text(accepted + ".") + "\n\n";
    if (auto it = shared_.find({&x, v.number}); it != shared_.end())
      out += text("Note: variants " + it->second +
                  " have the same answer, though their inputs differ.") +
             "\n\n";
    if (!x.hints.empty()) {
      out += text("Hints:") + "\n\n";
      std::vector<std::string> hints;
      for (const auto& h : x.hints) hints.push_back(text(book_.text(v, h)));
      out += list(hints);
    }
    out += text("Worked solution:") + "\n\n";
    auto steps = book_.solution(v, options_.depth);
    out += render_explanation(steps, latex() ? ExplainFormat::latex : ExplainFormat::markdown);
    return out + "\n";
  }

  // "2 and 5", "1, 3 and 4".
  static std::string variant_list(const std::vector<int>& numbers) {
    std::string out;
    for (std::size_t i = 0; i < numbers.size(); ++i)
      out += (i == 0 ? "" : i + 1 == numbers.size() ? " and " : ", ") + std::to_string(numbers[i]);
    return out;
  }

 public:
  // One line per exercise whose variants share an answer, for stderr.
  const std::vector<std::string>& warnings() const { return warnings_; }

 private:
  Workbook& book_;
  const ExerciseBuildOptions& options_;
  std::string file_;
  std::vector<std::string> warnings_;
  std::map<std::pair<const ExerciseDecl*, int>, std::string> shared_;  // variant -> its group
};

}  // namespace

int exercises_build(const ExerciseBuildOptions& options, const Common& common, std::ostream& out,
                    std::ostream& err) {
  Program p;
  return guarded(p, err, [&] {
    load_exercises(p, stdlib::standard_library(), options.file);
    Workbook book(p, common.digits, options.seed);
    SheetWriter writer(book, options, options.file);
    std::string questions, answers;
    writer.write(questions, answers);
    for (const std::string& w : writer.warnings()) err << "warning: " << w << "\n";
    std::string ext = options.format == "latex" ? "tex" : options.format;
    if (options.directory.empty()) {
      std::string open = options.format == "latex" ? "% " : "<!-- ";
      std::string close = options.format == "latex" ? "" : " -->";
      out << open << "===== questions." << ext << " =====" << close << "\n\n" << questions;
      out << open << "===== answers." << ext << " =====" << close << "\n\n" << answers;
      return 0;
    }
    // The record lets `grade --sheet DIR` use the seed and variants the sheets show.
    SheetRecord record{options.file, options.seed, options.variants, {}};
    for (const ExerciseDecl* x : book.exercises())
      record.exercises.push_back({x->name, book.answers_digest(*x, options.variants)});
    std::string json = sheet_record_json(record);
    // Every file is written and closed (output_file.hpp) before any is renamed into
    // place, the record last, after the old record is removed: a build that fails part
    // way leaves no record that disagrees with the sheets (grade then refuses).
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::create_directories(options.directory, ec);
    if (fs::exists(options.directory) && !fs::is_directory(options.directory))
      throw UserError("E0714", fmt::format("cannot write the sheets into `{}`: it is not a "
                                           "directory (-o names a directory)",
                                           options.directory));
    std::vector<std::unique_ptr<OutputFile>> files;
    for (const auto& [name, text] : {std::pair{"questions." + ext, &questions},
                                     {"answers." + ext, &answers},
                                     {std::string(sheet_record_name), &json}}) {
      fs::path path = fs::path(options.directory) / name;
      files.push_back(std::make_unique<OutputFile>(path.string(), input_files(p)));
      files.back()->stream() << *text;
    }
    for (auto& file : files) file->close();
    const std::string& record_path = files.back()->target();
    if (!fs::remove(record_path, ec) && ec)
      throw UserError("E0704", fmt::format("cannot replace `{}`: {}", record_path, ec.message()));
    for (auto& file : files) {
      file->commit();
      out << "wrote " << file->target() << "\n";
    }
    return 0;
  });
}

}  // namespace reckon::cli
