// The exercises of a file and their variants (book.hpp).
#include "interpreter/exercise/book.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <tuple>

#include "grammar/parse.hpp"
#include "interpreter/api/cases.hpp"
#include "interpreter/api/display.hpp"
#include "interpreter/check/checker.hpp"
#include "interpreter/display/format.hpp"
#include "interpreter/evaluate/explain.hpp"
#include "interpreter/load/loader.hpp"
#include "interpreter/load/pipeline.hpp"
#include "interpreter/model/native_formula.hpp"
#include "interpreter/model/signature.hpp"
#include "interpreter/values/range_value.hpp"
#include "interpreter/values/units.hpp"
#include "syntax/diagnostics.hpp"

namespace reckon::exercise {

namespace {

constexpr std::size_t max_range_values = 10000;
// The fewest and the most draws spent looking for one variant (Workbook::picks_of).
constexpr std::uint64_t max_draws_floor = 1000;
constexpr std::uint64_t max_draws_ceiling = 100000;

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

// n's formula (model/native_formula.hpp) read and checked in `program`, with n's
// parameters as its names (RefKind::parameter, by index: evaluate it with a frame whose
// arguments are the call's); null when n has none or it does not check. Here, not beside
// the formula's text in model/: reading and checking are the load stage's, above the
// program model.
ExprPtr checked_native_formula(Program& program, const NativeDecl& n) {
  const std::string formula = native_formula(n);
  if (formula.empty()) return nullptr;
  try {
    FileId f = program.sources.add("<formula of " + n.name + ">", formula);
    ExprPtr e = parse_expression(program.sources, f);
    check_and_compile_expression(program, *e, Scope{nullptr, &n.parameters, nullptr});
    return e;
  } catch (const std::runtime_error&) {  // UserError or UserErrors: none to use
    return nullptr;
  }
}

}  // namespace

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

Workbook::Workbook(Program& p, int digits, std::uint64_t seed)
    : p_(p), ev_(p, digits), digits_(digits), seed_(seed) {
  exercises_ = p.main_decls<ExerciseDecl>(DeclKind::exercise);
}

const ExerciseDecl* Workbook::find(std::string_view name) const {
  for (const ExerciseDecl* x : exercises_)
    if (x->name == name) return x;
  return nullptr;
}

std::uint64_t Workbook::distinct_variants(const ExerciseDecl& x) {
  std::uint64_t n = 1;
  for (const Vary& vary : x.vary) {
    std::uint64_t size = values_of(vary).size();
    n = n > std::numeric_limits<std::uint64_t>::max() / size
            ? std::numeric_limits<std::uint64_t>::max()
            : n * size;
  }
  return n;
}

Value Workbook::bind(const ExerciseDecl& x, const std::vector<std::size_t>& picks) {
  std::vector<api::Binding> bindings;
  for (std::size_t k = 0; k < x.vary.size(); ++k) {
    const Vary& vary = x.vary[k];
    bindings.push_back(
        {static_cast<std::size_t>(vary.input), values_of(vary)[picks[k]], vary.range});
  }
  return api::variant_instance(ev_, *x.case_decl, bindings);
}

// A variant is handed out only where the scenario's constraints (`require`) and the
// exercise's filters (`where`) all hold. Returns the first that does not, as the source
// range it is written at; nullopt when all hold.
std::optional<SourceRange> Workbook::rejection(const ExerciseDecl& x, const Value& instance) {
  if (auto broken = api::first_broken(ev_, *instance.instance(), *x.case_decl))
    return broken->diagnostic.range.value_or(x.name_range);  // at the broken `require`
  for (const auto& e : x.where)
    if (!ev_.evaluate(*e, {instance.instance(), nullptr}).truthy()) return e->range;
  return std::nullopt;
}

const std::vector<std::size_t>& Workbook::picks_of(const ExerciseDecl& x, int number) {
  Chosen& chosen = chosen_[&x];
  const std::uint64_t space = distinct_variants(x);
  if (!x.vary.empty() && static_cast<std::uint64_t>(number) > space)
    throw UserError(x.name_range, "E0710",
                    fmt::format("exercise `{}` has {} distinct variant{} (the values its `vary` "
                                "items choose from, combined), fewer than the {} asked for",
                                x.name, space, space == 1 ? "" : "s", number));
  // Enough draws to meet every unused variant of a small space with near certainty
  // (each is missed with odds (1 - 1/space)^(20 space), about e^-20), and a bound on the
  // work for a large one.
  const std::uint64_t draws = std::clamp<std::uint64_t>(20 * std::min<std::uint64_t>(space, 5000),
                                                        max_draws_floor, max_draws_ceiling);
  while (chosen.variants.size() < static_cast<std::size_t>(number)) {
    const int n = static_cast<int>(chosen.variants.size()) + 1;
    std::mt19937_64 rng(variant_seed(seed_, x.name, n));
    std::vector<std::size_t> picks(x.vary.size());
    bool found = false;
    for (std::uint64_t draw = 0; draw < draws && !found; ++draw) {
      for (std::size_t k = 0; k < x.vary.size(); ++k)
        picks[k] = static_cast<std::size_t>(rng() % values_of(x.vary[k]).size());
      // An exercise that varies nothing asks every student the same question.
      if (!x.vary.empty() && chosen.used.count(picks)) continue;
      if (chosen.infeasible.count(picks)) continue;
      std::optional<SourceRange> rejected;
      if (!x.where.empty() || !x.case_decl->scenario->requirements.empty())
        rejected = rejection(x, bind(x, picks));
      found = !rejected;
      if (!found) {
        chosen.infeasible.insert(picks);
        ++chosen.rejections[{rejected->file, rejected->begin, rejected->end}];
      }
    }
    if (!found) throw no_variant(x, n, draws);
    chosen.used.insert(picks);
    chosen.variants.push_back(picks);
  }
  return chosen.variants[static_cast<std::size_t>(number) - 1];
}

// E0711 at the constraint that ruled out the most distinct variants (the first written,
// of those that tie), so that the author sees which one to loosen.
UserError Workbook::no_variant(const ExerciseDecl& x, int number, std::uint64_t draws) {
  const Chosen& chosen = chosen_.at(&x);
  std::string why;
  SourceRange at = x.where.empty() ? x.name_range : x.where.front()->range;
  std::size_t most = 0;
  for (const auto& [range, count] : chosen.rejections)
    if (count > most) {
      most = count;
      at = SourceRange{std::get<0>(range), std::get<1>(range), std::get<2>(range)};
    }
  if (most > 0) {
    std::string_view text = source_text(p_, at);
    const bool filter = std::any_of(x.where.begin(), x.where.end(), [&](const ExprPtr& e) {
      return e->range.file == at.file && e->range.begin == at.begin;
    });
    std::string what =
        filter ? fmt::format("the `where` filter `{}`", text)
               : fmt::format("the constraint `{}` of scenario `{}`",
                             text.substr(0, text.find(" else")), x.case_decl->scenario->name);
    why = fmt::format("; {} ruled out {} of them", what, most);
  }
  return UserError(at, "E0711",
                   fmt::format("exercise `{}` has no variant {}: in {} draws, {} distinct "
                               "variant{} failed its `where` filters or its scenario's "
                               "constraints and {} {} taken by earlier ones{}",
                               x.name, number, draws, chosen.infeasible.size(),
                               chosen.infeasible.size() == 1 ? "" : "s", chosen.used.size(),
                               chosen.used.size() == 1 ? "was" : "were", why));
}

Variant Workbook::variant(const ExerciseDecl& x, int number) {
  Variant v;
  v.exercise = &x;
  v.number = number;
  ev_.restart_step_budget();  // each variant is evaluated in its own budget (E0506)
  const std::vector<std::size_t> picks = picks_of(x, number);
  v.instance = bind(x, picks);
  const CaseDecl& c = *x.case_decl;
  for (std::size_t k = 0; k < x.vary.size(); ++k) {
    const Vary& vary = x.vary[k];
    const std::vector<Value>& values = values_of(vary);
    const std::size_t pick = picks[k];
    auto index = static_cast<std::size_t>(vary.input);
    // A record or enum member chosen from a list shows as written (LLAMA3_8B).
    std::string shown =
        values[pick].kind == ValueKind::quantity || vary.values.empty()
            ? api::display(ev_, values[pick], api::input_unit(c.scenario->inputs[index]))
            : std::string(source_text(p_, vary.values[pick]->range));
    v.picks.emplace_back(vary.name, shown);
  }
  return v;
}

std::string Workbook::shown(const Variant& v, const Expr& e,
                            const std::optional<DisplayUnit>& unit) {
  Value value = ev_.evaluate(e, v.frame());
  if (value.kind == ValueKind::text) return value.text();
  if (value.kind == ValueKind::boolean) return value.truthy() ? "yes" : "no";
  return api::display(ev_, value, unit);
}

std::string Workbook::shown(const Variant& v, const Expr& e) {
  return shown(v, e, api::expression_unit(e, v.instance.instance()->scenario));
}

std::optional<DisplayUnit> Workbook::answer_unit(const ExerciseDecl& x) {
  return api::answer_unit(*x.answer, x.case_decl->scenario);
}

std::string Workbook::key(const Variant& v) {
  const ExerciseDecl& x = *v.exercise;
  // Rounded to `digits_` significant digits, a number moves by up to half a unit in its
  // last digit: 5e-4 of it at 4 digits (of 1.000). A tolerance as narrow (`within 0`
  // included) would reject the rounded key, so the key is then shown in full.
  const double rounding = 0.5 * std::pow(10.0, 1 - digits_);
  // In the answer's unit in every variant, the one its prompt asks in.
  if (x.answer->type.kind == TypeKind::boolean || tolerance(x) > rounding)
    return shown(v, *x.answer, answer_unit(x));
  api::Layout exact;
  exact.digits = max_meaningful_digits + 2;  // the shortest text that reads back exactly
  return api::display(ev_, ev_.evaluate(*x.answer, v.frame()), answer_unit(x), exact);
}

std::vector<ExplainStep> Workbook::solution(const Variant& v, int depth) {
  const ExerciseDecl& x = *v.exercise;
  std::vector<ExplainStep> steps = explain(p_, ev_, *x.answer, v.frame(), depth);
  // The derivation ends in the answer as the key gives it, in the unit the prompt asks in.
  if (!steps.empty() && steps.front().depth == 0 && x.answer->type.kind != TypeKind::boolean)
    steps.front().result = shown(v, *x.answer, answer_unit(x));
  return steps;
}

std::string Workbook::text(const Variant& v, const std::vector<PromptPiece>& pieces) {
  std::string out;
  for (const PromptPiece& piece : pieces) {
    if (!piece.expr) {
      out += piece.text;
      continue;
    }
    // The piece is a format (`{x}`, `{x:.2f}`), shown as a text expression shows it,
    // except that a prompt answers a question about a bool with yes or no, and that a
    // `{x}` without digits reads as a sentence does (prompt_number).
    const Expr& value = *piece.expr->operands[0];
    if (value.type.kind == TypeKind::boolean) {
      out += shown(v, value);
      continue;
    }
    std::string formatted = shown(v, *piece.expr);
    out += piece.expr->text.empty() ? prompt_number(v, value, formatted) : formatted;
  }
  return out;
}

// A number in a sentence: its shortest exact text when that is no longer than the
// evaluator's digits (`0.9 of the memory`, not `0.9000`; `0.3333` stays), and a count
// in the plural but for one (`512 tokens`, `1 token`, `8 GPUs`). `formatted` is the
// piece as a text expression shows it; a value it shows otherwise (a list, a unit the
// display chose apart) is left as it is.
std::string Workbook::prompt_number(const Variant& v, const Expr& e, const std::string& formatted) {
  Value value = ev_.evaluate(e, v.frame());
  if (value.kind != ValueKind::quantity) return formatted;
  const std::optional<DisplayUnit> unit = api::expression_unit(e, v.instance.instance()->scenario);
  if (api::display(ev_, value, unit) != formatted) return formatted;
  api::Layout exact;
  exact.digits = max_meaningful_digits + 2;
  std::string text = api::display(ev_, value, unit, exact);
  if (text.size() > formatted.size()) text = formatted;
  // A count in its base unit, one counting dimension to the power 1: `512 token`.
  const Dimension& d = value.dim;
  for (std::size_t b = first_count_base; b < base_count; ++b) {
    if (!(d == Dimension::of(static_cast<Base>(b)))) continue;
    const std::string suffix = " " + std::string(base_unit_symbols[b]);
    if (text.ends_with(suffix) && text.substr(0, text.size() - suffix.size()) != "1") text += "s";
  }
  return text;
}

// An answer as the digest and the search for coinciding answers compare it: 6
// significant digits in base units, so that the last bits of a platform's libm do not
// count.
std::string Workbook::compared(const Value& a) {
  return a.kind == ValueKind::boolean ? (a.truthy() ? "yes" : "no")
                                      : fmt::format("{:.6g}", a.number);
}

std::vector<std::vector<int>> Workbook::coinciding(const ExerciseDecl& x, int variants) {
  // The same question in every variant; a yes-or-no answer is shared by half of them.
  if (x.vary.empty() || x.answer->type.kind == TypeKind::boolean) return {};
  std::map<std::string, std::vector<int>> by_answer;
  for (int n = 1; n <= variants; ++n) by_answer[compared(answer(variant(x, n)))].push_back(n);
  std::vector<std::vector<int>> groups;
  for (auto& [text, numbers] : by_answer)
    if (numbers.size() > 1) groups.push_back(std::move(numbers));
  std::sort(groups.begin(), groups.end());
  return groups;
}

std::string Workbook::answers_digest(const ExerciseDecl& x, int variants) {
  std::uint64_t h = 14695981039346656037ull;  // FNV-1a, as variant_seed
  for (int n = 1; n <= variants; ++n) {
    std::string text = compared(answer(variant(x, n)));
    for (char c : text + ";") {
      h ^= static_cast<unsigned char>(c);
      h *= 1099511628211ull;
    }
  }
  return fmt::format("{:016x}", h);
}

double Workbook::tolerance(const ExerciseDecl& x) {
  if (!x.tolerance) return default_tolerance;
  double t = ev_.evaluate(*x.tolerance, {}).number;
  if (t < 0) throw UserError(x.tolerance->range, "E0701", "a tolerance cannot be negative");
  return t;
}

const Expr* Workbook::native_formula(const NativeDecl& n) {
  auto [it, fresh] = formulas_.try_emplace(&n);
  if (fresh) it->second = checked_native_formula(p_, n);
  return it->second.get();
}

// The values a `vary` chooses from, evaluated once.
const std::vector<Value>& Workbook::values_of(const Vary& vary) {
  if (auto it = values_.find(&vary); it != values_.end()) return it->second;
  std::vector<Value> out;  // stored only when complete: an error leaves no entry
  for (const auto& e : vary.values) out.push_back(ev_.evaluate(*e, {}));
  if (!vary.from) return values_[&vary] = std::move(out);
  const Value from = ev_.evaluate(*vary.from, {});
  const Value to = ev_.evaluate(*vary.to, {});
  const double step = ev_.evaluate(*vary.step, {}).number;
  sweep::ExpandedRange range =
      sweep::expand_range(from.number, to.number, step, false, max_range_values);
  switch (range.problem) {
    case sweep::RangeProblem::none:
      break;
    case sweep::RangeProblem::empty:
      throw UserError(vary.to->range, "E0702", "the range is empty: it ends before it starts");
    case sweep::RangeProblem::step:
    case sweep::RangeProblem::factor:
    case sweep::RangeProblem::start:
      throw UserError(vary.step->range, "E0702", "the step of a range must be positive");
    case sweep::RangeProblem::too_many:
      throw UserError(
          vary.step->range, "E0702",
          fmt::format("the range has more than {} values; choose a larger step", max_range_values));
  }
  for (double x : range.values) out.push_back(Value::quantity(x, from.dim));
  return values_[&vary] = std::move(out);
}

void load_exercises(Program& p, const Library& library, const std::string& file) {
  load_program(p, library, file);
  check_and_compile(p);
  if (p.main_decls<ExerciseDecl>(DeclKind::exercise).empty())
    throw UserError("E0703", file + " declares no exercise");
}

}  // namespace reckon::exercise
