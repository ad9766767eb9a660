// `reckon exercises build|grade`: textbook exercises written in Reckon (`exercise`
// declarations). `build` writes a question sheet and an answer key with one set of
// numbers per variant, reproducible from a seed; `grade` checks submitted answers
// against the same variants, accepting any unit of the right dimension and naming the
// likely mistake when a value is off.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <ostream>
#include <random>
#include <sstream>

#include "grammar/parse.hpp"
#include "interpreter/checker.hpp"
#include "interpreter/cli/commands.hpp"
#include "interpreter/cli/guarded.hpp"
#include "interpreter/diagnostics.hpp"
#include "interpreter/evaluator.hpp"
#include "interpreter/explain.hpp"
#include "interpreter/format.hpp"
#include "interpreter/signature.hpp"
#include "interpreter/suggest.hpp"
#include "stdlib/library.hpp"

namespace reckon::cli {

namespace {

constexpr double default_tolerance = 1e-2;
constexpr std::size_t max_range_values = 10000;

// --- variants -------------------------------------------------------------------------

// FNV-1a over the exercise's name, the seed and the variant number: the same three
// always give the same generator, on every platform (std::mt19937_64's output is fixed
// by the standard; `rng() % n` avoids the distributions, which are not).
std::uint64_t variant_seed(std::uint64_t seed, std::string_view name, int variant) {
  std::uint64_t h = 14695981039346656037ull;
  auto mix = [&](unsigned char b) {
    h ^= b;
    h *= 1099511628211ull;
  };
  for (char c : name) mix(static_cast<unsigned char>(c));
  for (int i = 0; i < 8; ++i) mix(static_cast<unsigned char>(seed >> (8 * i)));
  auto v = static_cast<std::uint64_t>(variant);
  for (int i = 0; i < 8; ++i) mix(static_cast<unsigned char>(v >> (8 * i)));
  return h;
}

// "a memory size" for information, ... ; "" when there is no everyday name.
std::string everyday_name(const Dimension& d) {
  static const std::map<std::string, std::string> names = {
      {"information", "a memory size"},
      {"time", "a duration"},
      {"compute", "an amount of compute"},
      {"money", "an amount of money"},
      {"mass", "a mass"},
      {"length", "a length"},
      {"energy", "an energy"},
      {"power", "a power"},
      {"compute rate", "a compute rate"},
      {"bandwidth", "a bandwidth"},
      {"frequency", "a frequency"},
      {"arithmetic intensity", "an arithmetic intensity"},
      {"token count", "a number of tokens"},
      {"parameter count", "a number of parameters"},
      {"sample count", "a number of samples"},
      {"request count", "a number of requests"},
      {"layer count", "a number of layers"},
  };
  auto it = names.find(dimension_name(d));
  return it == names.end() ? "" : it->second;
}

// "information (a memory size)", "a plain number", "B/token".
std::string describe_dimension(const Dimension& d) {
  if (d.is_dimensionless()) return "a plain number";
  std::string name = dimension_name(d), everyday = everyday_name(d);
  bool same = everyday == "a " + name || everyday == "an " + name;
  return name + (everyday.empty() || same ? "" : " (" + everyday + ")");
}

std::string describe_answer(const Type& t) {
  if (t.kind == TypeKind::boolean) return "yes or no";
  if (t.dim.is_dimensionless() && t.integer) return "a whole number";
  return describe_dimension(t.dim);
}

std::string percent(double tolerance) { return fmt::format("{:g}%", tolerance * 100); }

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
  Workbook(Program& p, int digits, std::uint64_t seed) : p_(p), ev_(p, digits), seed_(seed) {
    exercises_ = p.main_decls<ExerciseDecl>(DeclKind::exercise);
  }

  const std::vector<ExerciseDecl*>& exercises() const { return exercises_; }
  const Program& program() const { return p_; }
  Evaluator& evaluator() { return ev_; }

  const ExerciseDecl* find(std::string_view name) const {
    for (const ExerciseDecl* x : exercises_)
      if (x->name == name) return x;
    return nullptr;
  }

  // Throws UserError (located in the exercise file) if a value cannot be computed.
  Variant variant(const ExerciseDecl& x, int number) {
    Variant v;
    v.exercise = &x;
    v.number = number;
    const CaseDecl& c = *x.case_decl;
    v.instance = ev_.new_instance(c);
    Instance& inst = *v.instance.instance();
    std::mt19937_64 rng(variant_seed(seed_, x.name, number));
    for (const Vary& vary : x.vary) {
      const std::vector<Value>& values = values_of(vary);
      auto pick = static_cast<std::size_t>(rng() % values.size());
      auto index = static_cast<std::size_t>(vary.input);
      ev_.bind_input_value(inst, index, values[pick], vary.range);
      // A record or enum member chosen from a list shows as written (LLAMA3_8B).
      std::string shown = values[pick].kind == ValueKind::quantity || vary.values.empty()
                              ? ev_.show(values[pick], c.scenario->inputs[index].display)
                              : std::string(source_text(p_, vary.values[pick]->range));
      v.picks.emplace_back(vary.name, shown);
    }
    return v;
  }

  // A value as a student reads it: text without quotes, a bool as yes or no.
  std::string show(const Variant& v, const Expr& e) {
    Value value = ev_.evaluate(e, v.frame());
    if (value.kind == ValueKind::text) return value.text();
    if (value.kind == ValueKind::boolean) return value.truthy() ? "yes" : "no";
    return ev_.show(value, Evaluator::declared_unit(e, v.instance.instance()->scenario));
  }

  // A prompt or a hint with its `{expr}` pieces evaluated.
  std::string text(const Variant& v, const std::vector<PromptPiece>& pieces) {
    std::string out;
    for (const PromptPiece& piece : pieces) out += piece.expr ? show(v, *piece.expr) : piece.text;
    return out;
  }

  Value answer(const Variant& v) { return ev_.evaluate(*v.exercise->answer, v.frame()); }

  double tolerance(const ExerciseDecl& x) {
    if (!x.tolerance) return default_tolerance;
    double t = ev_.evaluate(*x.tolerance, {}).number;
    if (t < 0) throw UserError(x.tolerance->range, "E0701", "a tolerance cannot be negative");
    return t;
  }

 private:
  // The values a `vary` chooses from, evaluated once.
  const std::vector<Value>& values_of(const Vary& vary) {
    if (auto it = values_.find(&vary); it != values_.end()) return it->second;
    std::vector<Value> out;  // stored only when complete: an error leaves no entry
    for (const auto& e : vary.values) out.push_back(ev_.evaluate(*e, {}));
    if (!vary.from) return values_[&vary] = std::move(out);
    Value from = ev_.evaluate(*vary.from, {});
    Value to = ev_.evaluate(*vary.to, {});
    Value step = ev_.evaluate(*vary.step, {});
    if (!(step.number > 0))
      throw UserError(vary.step->range, "E0702", "the step of a range must be positive");
    if (to.number < from.number)
      throw UserError(vary.to->range, "E0702", "the range is empty: it ends before it starts");
    double count = std::floor((to.number - from.number) / step.number + 1e-9) + 1;
    if (count > static_cast<double>(max_range_values))
      throw UserError(vary.step->range, "E0702",
                      fmt::format("the range has more than {} values; "
                                  "choose a larger step",
                                  max_range_values));
    for (std::size_t i = 0; i < static_cast<std::size_t>(count); ++i)
      out.push_back(Value::quantity(from.number + static_cast<double>(i) * step.number, from.dim));
    return values_[&vary] = std::move(out);
  }

  Program& p_;
  Evaluator ev_;
  std::uint64_t seed_;
  std::vector<ExerciseDecl*> exercises_;
  std::map<const Vary*, std::vector<Value>> values_;
};

// --- build ------------------------------------------------------------------------------

// Markdown and Quarto share everything but the title; LaTeX is a fragment to \input.
class SheetWriter {
 public:
  SheetWriter(Workbook& book, const ExerciseBuildOptions& options, std::string file)
      : book_(book), options_(options), file_(std::move(file)) {}

  void write(std::string& questions, std::string& answers) {
    questions = title("Exercises") + intro(false);
    answers = title("Exercises: answer key") + intro(true);
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

  std::string intro(bool key) const {
    std::string s = fmt::format(
        "{} {}, seed {}, {} variant{}. ", key ? "Answer key for" : "Exercises from", code(file_),
        options_.seed, options_.variants, options_.variants == 1 ? "" : "s");
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
    std::string expected = book_.show(v, *x.answer);
    std::string accepted;
    if (x.answer->type.kind != TypeKind::boolean) {
      double tolerance = book_.tolerance(x);
      accepted = ", " + describe_answer(x.answer->type) +
                 (tolerance == 0 ? ", exactly" : ", accepted within " + percent(tolerance));
    }
    out += text("Answer: ") + bold(expected) + text(accepted + ".") + "\n\n";
    if (!x.hints.empty()) {
      out += text("Hints:") + "\n\n";
      std::vector<std::string> hints;
      for (const auto& h : x.hints) hints.push_back(text(book_.text(v, h)));
      out += list(hints);
    }
    out += text("Worked solution:") + "\n\n";
    auto steps = explain(book_.program(), book_.evaluator(), *x.answer, v.frame(), options_.depth);
    out += render_explanation(steps, latex() ? ExplainFormat::latex : ExplainFormat::markdown);
    return out + "\n";
  }

  Workbook& book_;
  const ExerciseBuildOptions& options_;
  std::string file_;
};

// --- grade ------------------------------------------------------------------------------

struct CsvRow {
  std::size_t line = 0;
  std::vector<std::string> fields;
  std::string problem;  // a malformed row: why
};

// RFC 4180: fields may be quoted, a quoted field may hold commas, newlines and "" for
// a quote. Blank lines are skipped.
std::vector<CsvRow> parse_csv(const std::string& text) {
  std::vector<CsvRow> rows;
  std::size_t i = 0, line = 1;
  while (i < text.size()) {
    CsvRow row;
    row.line = line;
    std::string field;
    bool quoted = false, any = false;
    for (;;) {
      if (i == text.size()) {
        if (quoted) row.problem = "unterminated quoted field";
        break;
      }
      char c = text[i++];
      if (quoted) {
        if (c == '"' && i < text.size() && text[i] == '"') {
          field += '"';
          ++i;
        } else if (c == '"') {
          quoted = false;
        } else {
          if (c == '\n') ++line;
          field += c;
        }
        continue;
      }
      if (c == '"') {
        quoted = true;
        any = true;
      } else if (c == ',') {
        row.fields.push_back(std::move(field));
        field.clear();
        any = true;
      } else if (c == '\n') {
        ++line;
        break;
      } else if (c != '\r') {
        field += c;
        any = any || c != ' ';
      }
    }
    row.fields.push_back(std::move(field));
    if (any || row.fields.size() > 1 || !row.problem.empty()) rows.push_back(std::move(row));
  }
  return rows;
}

std::string trim(std::string_view s) {
  auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string_view::npos) return "";
  auto e = s.find_last_not_of(" \t\r\n");
  return std::string(s.substr(b, e - b + 1));
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

struct Grade {
  std::size_t line = 0;
  std::string variant, exercise, answer;
  std::string status;  // correct, wrong-dimension, wrong-value, malformed
  std::string expected;
  std::string feedback;
  std::optional<double> ratio;  // given / expected, for a wrong value
};

// A known slip that multiplies a value by about `factor`.
struct Slip {
  double factor;
  std::string hint;
};

std::string factor(double r) { return fmt::format("{:.4g}", r); }

// The slips that could turn `expected` (in base units, of dimension d) into another
// value. Binary prefixes are considered only at the expected value's own scale: 90 GB
// for 82 GB is not a TB-for-TiB slip.
std::vector<Slip> slips(const Dimension& d, double expected) {
  std::vector<Slip> out;
  bool information = d.physical()[Base::information] != 0;
  bool time = d.physical()[Base::time] != 0;
  if (information && std::fabs(expected) >= 1e3) {
    const char* decimal[] = {"kB", "MB", "GB", "TB", "PB"};
    const char* binary[] = {"KiB", "MiB", "GiB", "TiB", "PiB"};
    int scale = static_cast<int>(std::floor(std::log10(std::fabs(expected)) / 3));
    for (int k = std::clamp(scale, 1, 5); k == std::clamp(scale, 1, 5); ++k) {
      double f = std::pow(1024.0 / 1000.0, k);
      std::string hint = fmt::format("did you mix up {} and {} (1 {} = {} {})?", decimal[k - 1],
                                     binary[k - 1], binary[k - 1], factor(f), decimal[k - 1]);
      out.push_back({f, hint});
      out.push_back({1 / f, hint});
    }
    out.push_back({8, "did you use bits for bytes (1 B = 8 bit)?"});
    out.push_back({1.0 / 8, "did you use bytes for bits (1 B = 8 bit)?"});
    out.push_back({2, "did you use the right bytes per element (2 B at 16-bit precision)?"});
    out.push_back({0.5, "did you use the right bytes per element (2 B at 16-bit precision)?"});
  }
  if (time) {
    for (double f : {60.0, 3600.0, 86400.0}) {
      out.push_back({f, "check the time unit (s, min, h, day)"});
      out.push_back({1 / f, "check the time unit (s, min, h, day)"});
    }
  }
  for (int k = -5; k <= 5; ++k)
    if (k != 0)
      out.push_back({std::pow(1000.0, k), "check the prefix (k, M, G, T: steps of 1000)"});
  for (int k = -15; k <= 15; ++k)
    if (k % 3 != 0) out.push_back({std::pow(10.0, k), "check the power of ten"});
  out.push_back({-1, "check the sign"});
  return out;
}

class Grader {
 public:
  Grader(Program& p, Workbook& book, const ExerciseGradeOptions& options)
      : p_(p), book_(book), options_(options) {}

  Grade grade(const CsvRow& row) {
    Grade g;
    g.line = row.line;
    if (row.fields.size() > 0) g.variant = trim(row.fields[0]);
    if (row.fields.size() > 1) g.exercise = trim(row.fields[1]);
    if (row.fields.size() > 2) g.answer = trim(row.fields[2]);
    auto malformed = [&](std::string why) {
      g.status = "malformed";
      g.feedback = std::move(why);
      return g;
    };
    if (!row.problem.empty()) return malformed(row.problem);
    if (row.fields.size() != 3)
      return malformed(
          fmt::format("expected 3 fields (variant, exercise, answer), got {}", row.fields.size()));
    int variant = 0;
    bool digits = !g.variant.empty() && g.variant.size() <= 9 &&
                  std::all_of(g.variant.begin(), g.variant.end(),
                              [](char c) { return c >= '0' && c <= '9'; });
    if (digits) variant = std::stoi(g.variant);
    if (variant < 1 || variant > options_.variants)
      return malformed(fmt::format("unknown variant `{}` (the sheet has variants 1 to {})",
                                   g.variant, options_.variants));
    const ExerciseDecl* x = book_.find(g.exercise);
    if (!x) {
      std::vector<std::string> names;
      for (const ExerciseDecl* e : book_.exercises()) names.push_back(e->name);
      return malformed("unknown exercise `" + g.exercise + "`" + did_you_mean(g.exercise, names));
    }
    const Expected& want = expected(*x, variant);
    g.expected = want.shown;
    if (g.answer.empty()) return malformed("empty answer");
    if (x->answer->type.kind == TypeKind::boolean) return yes_no(g, want);
    Value given;
    std::string problem = parse_answer(g, given);
    if (!problem.empty()) return malformed(problem);
    if (!given.dim.compatible(want.value.dim)) {
      g.status = "wrong-dimension";
      g.feedback = "expected " + describe_dimension(want.value.dim) + ", got " +
                   describe_dimension(given.dim);
      if (given.dim.is_dimensionless()) g.feedback += ": give the unit";
      return g;
    }
    double e = want.value.number, a = given.number;
    if (std::fabs(a - e) <= want.tolerance * std::fabs(e)) {
      g.status = "correct";
      return g;
    }
    g.status = "wrong-value";
    if (e == 0) {
      g.feedback = "expected " + want.shown;
      return g;
    }
    double r = a / e;
    g.ratio = r;
    g.feedback = "off by a factor of " + factor(r);
    if (auto hint = slip(r, want))
      g.feedback += ": " + *hint;
    else if (want.tolerance == 0)
      g.feedback += " (the answer is exact)";
    else
      g.feedback += " (accepted within " + percent(want.tolerance) + ")";
    return g;
  }

 private:
  struct Expected {
    Value value;
    std::string shown;
    double tolerance = default_tolerance;
  };

  const Expected& expected(const ExerciseDecl& x, int variant) {
    auto [it, inserted] = expected_.try_emplace({&x, variant});
    if (!inserted) return it->second;
    Variant v = book_.variant(x, variant);
    it->second.value = book_.answer(v);
    if (it->second.value.kind == ValueKind::quantity) it->second.value.dim = x.answer->type.dim;
    it->second.shown = book_.show(v, *x.answer);
    it->second.tolerance = book_.tolerance(x);
    return it->second;
  }

  Grade yes_no(Grade& g, const Expected& want) {
    std::string a = lower(g.answer);
    bool yes = a == "yes" || a == "true" || a == "y";
    bool no = a == "no" || a == "false" || a == "n";
    if (!yes && !no) {
      g.status = "malformed";
      g.feedback = "expected yes or no";
      return g;
    }
    bool right = yes == want.value.truthy();
    g.status = right ? "correct" : "wrong-value";
    if (!right) g.feedback = "the answer is " + std::string(want.value.truthy() ? "yes" : "no");
    return g;
  }

  // Parses the answer as a Reckon expression at file scope ("29.8 GB", "2^30 B"); a
  // trailing % divides by 100. Returns why it is not a quantity, or "".
  std::string parse_answer(const Grade& g, Value& out) {
    std::string text = g.answer;
    double scale = 1;
    if (text.back() == '%') {
      text.pop_back();
      scale = 0.01;
    }
    FileId f = p_.sources.add(fmt::format("{}:{}", options_.answers, g.line), text);
    try {
      keep_.push_back(parse_expression(p_.sources, f));
      Expr& e = *keep_.back();
      check_expression(p_, e, {});
      if (!e.type.is_quantity() || e.type.optional)
        return "expected a number with a unit, not " + describe(e.type);
      out = book_.evaluator().evaluate(e, {});
      out.dim = e.type.dim;
      out.number *= scale;
      return "";
    } catch (const UserError& e) {
      return unreadable(e.diagnostic(), f);
    } catch (const UserErrors& e) {
      return unreadable(e.diagnostics().front(), f);
    }
  }

  std::string unreadable(const Diagnostic& d, FileId f) const {
    if (!d.range || d.range->file != f) return "cannot read the answer: " + d.message;
    LineColumn at = p_.sources.file(f).position(d.range->begin);
    return fmt::format("cannot read the answer at column {}: {}", at.column, d.message);
  }

  // The known slip nearest to the ratio, if one is within the tolerance (or 0.5%).
  static std::optional<std::string> slip(double r, const Expected& want) {
    double window = std::max(want.tolerance, 5e-3);
    std::optional<std::string> best;
    double best_distance = 0;
    for (const Slip& s : slips(want.value.dim, want.value.number)) {
      double q = r / s.factor;
      if (q <= 0) continue;
      double distance = std::fabs(std::log(q));
      if (std::fabs(q - 1) > window || (best && distance >= best_distance)) continue;
      best = s.hint;
      best_distance = distance;
    }
    return best;
  }

  Program& p_;
  Workbook& book_;
  const ExerciseGradeOptions& options_;
  std::map<std::pair<const ExerciseDecl*, int>, Expected> expected_;
  std::vector<ExprPtr> keep_;
};

void print_table(const std::vector<Grade>& grades, std::ostream& out) {
  std::vector<std::array<std::string, 6>> rows;
  rows.push_back({"variant", "exercise", "answer", "status", "expected", "feedback"});
  for (const Grade& g : grades)
    rows.push_back({g.variant, g.exercise, g.answer, g.status, g.expected, g.feedback});
  std::array<std::size_t, 6> width{};
  for (const auto& r : rows)
    for (std::size_t i = 0; i < r.size(); ++i) width[i] = std::max(width[i], r[i].size());
  for (const auto& r : rows) {
    std::string line;
    for (std::size_t i = 0; i < r.size(); ++i)
      line += i + 1 == r.size() ? r[i] : fmt::format("{:<{}}  ", r[i], width[i]);
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out << line << "\n";
  }
  std::map<std::string, std::size_t> count;
  for (const Grade& g : grades) ++count[g.status];
  out << fmt::format(
      "\n{} of {} answers correct ({} wrong dimension, {} wrong value, {} malformed)\n",
      count["correct"], grades.size(), count["wrong-dimension"], count["wrong-value"],
      count["malformed"]);
}

nlohmann::json as_json(const std::vector<Grade>& grades) {
  nlohmann::json all = nlohmann::json::array();
  for (const Grade& g : grades) {
    nlohmann::json j{{"line", g.line},        {"variant", g.variant}, {"exercise", g.exercise},
                     {"answer", g.answer},    {"status", g.status},   {"expected", g.expected},
                     {"feedback", g.feedback}};
    if (g.ratio) j["ratio"] = *g.ratio;
    all.push_back(std::move(j));
  }
  return all;
}

// Loads and checks the exercise file; throws the user's errors.
void load(Program& p, const std::string& file) {
  load_program(p, stdlib::standard_library(), file);
  check_program(p);
  if (p.main_decls<ExerciseDecl>(DeclKind::exercise).empty())
    throw UserError("E0703", file + " declares no exercise");
}

}  // namespace

int exercises_build(const ExerciseBuildOptions& options, const Common& common, std::ostream& out,
                    std::ostream& err) {
  Program p;
  return guarded(p, err, [&] {
    load(p, options.file);
    Workbook book(p, common.digits, options.seed);
    SheetWriter writer(book, options, options.file);
    std::string questions, answers;
    writer.write(questions, answers);
    std::string ext = options.format == "latex" ? "tex" : options.format;
    if (options.directory.empty()) {
      std::string open = options.format == "latex" ? "% " : "<!-- ";
      std::string close = options.format == "latex" ? "" : " -->";
      out << open << "===== questions." << ext << " =====" << close << "\n\n" << questions;
      out << open << "===== answers." << ext << " =====" << close << "\n\n" << answers;
      return 0;
    }
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::create_directories(options.directory, ec);
    for (const auto& [name, text] : {std::pair{"questions", &questions}, {"answers", &answers}}) {
      fs::path path = fs::path(options.directory) / (std::string(name) + "." + ext);
      std::ofstream file(path, std::ios::binary);
      file << *text;
      if (!file) {
        err << "error[E0704]: cannot write " << path.string() << "\n";
        return 1;
      }
      out << "wrote " << path.string() << "\n";
    }
    return 0;
  });
}

int exercises_grade(const ExerciseGradeOptions& options, const Common& common, std::ostream& out,
                    std::ostream& err) {
  Program p;
  return guarded(p, err, [&] {
    load(p, options.file);
    std::ifstream in(options.answers, std::ios::binary);
    if (!in || std::filesystem::is_directory(options.answers)) {
      err << "error[E0201]: cannot open `" << options.answers << "`\n";
      return 1;
    }
    std::stringstream text;
    text << in.rdbuf();
    std::string csv = text.str();
    if (csv.starts_with("\xEF\xBB\xBF")) csv.erase(0, 3);  // a byte-order mark
    std::vector<CsvRow> rows = parse_csv(csv);
    std::vector<std::string> header;
    if (!rows.empty())
      for (const auto& f : rows.front().fields) header.push_back(lower(trim(f)));
    if (header != std::vector<std::string>{"variant", "exercise", "answer"}) {
      err << "error[E0705]: " << options.answers
          << ":1: the first line must be the header `variant,exercise,answer`\n";
      return 1;
    }
    Workbook book(p, common.digits, options.seed);
    Grader grader(p, book, options);
    std::vector<Grade> grades;
    for (std::size_t i = 1; i < rows.size(); ++i) grades.push_back(grader.grade(rows[i]));
    if (options.json)
      out << as_json(grades).dump(2) << "\n";
    else
      print_table(grades, out);
    return 0;
  });
}

}  // namespace reckon::cli
