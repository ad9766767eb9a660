#include "interpreter/lsp/analysis.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <type_traits>
#include <unordered_set>
#include <variant>

#include "grammar/parse.hpp"
#include "interpreter/api/cases.hpp"
#include "interpreter/api/display.hpp"
#include "interpreter/api/evaluation.hpp"
#include "interpreter/api/program.hpp"
#include "interpreter/lsp/salvage.hpp"
#include "syntax/walk.hpp"

namespace reckon::lsp {

namespace {
// The work one check or one hover may take in the editor (a tenth of `reckon run`'s
// steps, 64 MiB of built lists, maps and texts): the server answers while one types, so a
// check that builds gigabytes (tests/lang/eval-fail-memory-budget.rk took 8 s) is left to
// `reckon run` (docs/editors.md).
constexpr std::uint64_t editor_steps = 500'000;
constexpr std::uint64_t editor_bytes = std::uint64_t{64} << 20;
}  // namespace

std::optional<Member> member_of(const ScenarioDecl& s, const std::string& name) {
  if (int i = s.input_index(name); i >= 0)
    return Member{{Symbol::Kind::input, &s, i}, s.inputs[static_cast<std::size_t>(i)].resolved};
  if (int i = s.property_index(name); i >= 0)
    return Member{{Symbol::Kind::property, &s, i},
                  s.properties[static_cast<std::size_t>(i)].resolved};
  return std::nullopt;
}

std::optional<Member> member_of(const Type& t, const std::string& name) {
  if (t.kind == TypeKind::instance && t.scenario) return member_of(*t.scenario, name);
  if (t.kind == TypeKind::record && t.record)
    if (int i = t.record->field_index(name); i >= 0)
      return Member{{Symbol::Kind::field, t.record, i},
                    t.record->fields[static_cast<std::size_t>(i)].resolved};
  return std::nullopt;
}

namespace {

// Collects the occurrences of one module, knowing the scope each expression is in.
class Collector {
 public:
  Collector(const Program& p, const Module& m, std::vector<Occurrence>& out,
            std::vector<BuiltinCall>& builtins)
      : program_(p), module_(m), out_(out), builtins_(builtins) {}

  // The module's occurrences, in file order (a declaration's names and types are
  // collected before its expressions, and a `with`'s base stands before its overrides).
  void run() {
    const std::size_t first = out_.size();
    for (const auto& d : module_.decls) declaration(*d);
    std::stable_sort(out_.begin() + static_cast<std::ptrdiff_t>(first), out_.end(),
                     [](const Occurrence& a, const Occurrence& b) {
                       return a.place.file != b.place.file ? a.place.file < b.place.file
                                                           : a.place.begin < b.place.begin;
                     });
  }

 private:
  // The range of `name` inside `range` (a member's declaration starts with its name, or
  // with its doc comment), or the start of `range`.
  Place name_place(SourceRange range, const std::string& name) const {
    const std::string& text = program_.sources.file(range.file).text();
    std::uint32_t end = std::min<std::uint32_t>(range.end, static_cast<std::uint32_t>(text.size()));
    std::size_t at = range.begin;
    while (at < end) {
      at = text.find(name, at);
      if (at == std::string::npos || at + name.size() > end) break;
      auto word = [&](std::size_t i) {
        return i < text.size() &&
               (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '_');
      };
      if ((at == 0 || !word(at - 1)) && !word(at + name.size()))
        return {range.file, static_cast<std::uint32_t>(at),
                static_cast<std::uint32_t>(at + name.size())};
      ++at;
    }
    return {range.file, range.begin, range.begin};
  }

  void declared(Place place, Symbol s) { out_.push_back({place, s, nullptr, scope_, false, true}); }
  void used(SourceRange r, Symbol s, const Expr* e) {
    out_.push_back({{r.file, r.begin, r.end}, s, e, scope_, in_method_ || locals_ > 0, false});
  }

  static Symbol decl_symbol(const Decl* d) { return {Symbol::Kind::decl, d, -1}; }

  static Symbol member_symbol(const Type& t, const std::string& name) {
    auto m = member_of(t, name);
    return m ? m->symbol : Symbol{};
  }
  static Symbol scenario_member(const ScenarioDecl& s, const std::string& name) {
    auto m = member_of(s, name);
    return m ? m->symbol : Symbol{};
  }

  static Symbol target_symbol(const Target& t) {
    return std::visit(
        [](const auto& d) -> Symbol {
          if constexpr (std::is_same_v<std::decay_t<decltype(d)>, std::monostate>) {
            return {};
          } else {
            return d ? decl_symbol(d) : Symbol{};
          }
        },
        t);
  }

  // A named argument of a call of `callee` (a record's field, a scenario's input).
  void argument_name(const Argument& a, const Decl* callee) {
    if (!a.name || !callee) return;
    Symbol s;
    if (callee->kind == DeclKind::scenario)
      s = scenario_member(static_cast<const ScenarioDecl&>(*callee), *a.name);
    if (callee->kind == DeclKind::record) {
      int i = static_cast<const RecordDecl&>(*callee).field_index(*a.name);
      if (i >= 0) s = {Symbol::Kind::field, callee, i};
    }
    if (s) used(a.name_range, s, nullptr);
  }

  // The units written in a number or a conversion (`100 GB/s`, `-> GiB`).
  void units_of(const UnitExpr& u, const Expr* e) {
    for (const UnitFactor& f : u.factors)
      if (find_unit(f.name)) used(f.range, {Symbol::Kind::unit, nullptr, -1, f.name}, e);
  }
  // A declared type: each factor a unit, or the record or enumeration it names.
  void type_of(const TypeExpr& t) {
    for (const UnitFactor& f : t.unit.factors) {
      if (find_unit(f.name))
        used(f.range, {Symbol::Kind::unit, nullptr, -1, f.name}, nullptr);
      else if (const Decl* d = program_.find(f.name);
               d && (d->kind == DeclKind::record || d->kind == DeclKind::enumeration))
        used(f.range, decl_symbol(d), nullptr);
    }
    if (t.element) type_of(*t.element);
    if (t.key) type_of(*t.key);
  }

  void expr(const Expr& e) {
    if (e.unit && (e.kind == ExprKind::number || e.kind == ExprKind::convert))
      units_of(*e.unit, &e);
    const Decl* callee = nullptr;  // the declaration a call calls, for its named arguments
    switch (e.kind) {
      case ExprKind::name:
        if (e.ref == RefKind::input && scope_ && e.slot >= 0 &&
            static_cast<std::size_t>(e.slot) < scope_->inputs.size())
          used(e.range, {Symbol::Kind::input, scope_, e.slot}, &e);
        else if (e.ref == RefKind::property && scope_ && e.slot >= 0 &&
                 static_cast<std::size_t>(e.slot) < scope_->properties.size())
          used(e.range, {Symbol::Kind::property, scope_, e.slot}, &e);
        else if (e.ref == RefKind::enum_member &&
                 std::holds_alternative<const EnumDecl*>(e.target)) {
          const EnumDecl* en = std::get<const EnumDecl*>(e.target);
          if (int i = en->member_index(e.text); i >= 0)
            used(e.range, {Symbol::Kind::enum_member, en, i}, &e);
        } else if (Symbol s = target_symbol(e.target))
          used(e.range, s, &e);
        break;
      case ExprKind::member: {
        Symbol s;
        if (std::holds_alternative<const EnumDecl*>(e.target)) {
          const EnumDecl* en = std::get<const EnumDecl*>(e.target);
          int i = en->member_index(e.text);
          if (i >= 0) s = {Symbol::Kind::enum_member, en, i};
        } else if (!e.operands.empty()) {
          s = member_symbol(e.operands[0]->type, e.text);
        }
        if (s) used(e.name_range, s, &e);
        break;
      }
      case ExprKind::call: {
        if (e.call == CallKind::native || e.call == CallKind::record ||
            e.call == CallKind::scenario) {
          Symbol s = target_symbol(e.target);
          callee = s.owner;
          if (s && e.callee && e.callee->kind == ExprKind::name) used(e.callee->range, s, &e);
        }
        // A method called by its bare name inside its own scenario (`activations(x)`):
        // the checker records the scenario as the target and the method as the slot.
        // (Called on a value, `w.activations(x)`, the member below names it.)
        if (e.call == CallKind::method && e.callee && e.callee->kind == ExprKind::name &&
            std::holds_alternative<const ScenarioDecl*>(e.target)) {
          const ScenarioDecl* owner = std::get<const ScenarioDecl*>(e.target);
          if (owner && e.slot >= 0 && static_cast<std::size_t>(e.slot) < owner->properties.size())
            used(e.callee->range, {Symbol::Kind::property, owner, e.slot}, &e);
        }
        if ((e.call == CallKind::builtin || e.call == CallKind::list_builtin ||
             e.call == CallKind::map_builtin || e.call == CallKind::constraint) &&
            e.callee && e.callee->kind == ExprKind::name) {
          const SourceRange r = e.callee->range;
          builtins_.push_back({{r.file, r.begin, r.end}, e.callee->text});
        }
        break;
      }
      default:
        break;
    }
    for_each_subexpression(e, [&](const Expr& sub, const SubPlace& at) {
      if (at.role == SubRole::callee && sub.kind == ExprKind::name) return;  // the call's, above
      if (at.role == SubRole::argument && e.kind == ExprKind::call)
        argument_name(e.arguments[at.index], callee);
      if (at.sees_locals) ++locals_;
      expr(sub);
      if (at.sees_locals) --locals_;
    });
  }

  // The case an exercise or sweep is about, and the inputs of its scenario it varies.
  void about(SourceRange range, const CaseDecl* c, const std::vector<Vary>& vs) {
    if (!c) return;
    used(range, decl_symbol(c), nullptr);
    for (const Vary& v : vs)
      if (c->scenario && v.input >= 0 &&
          static_cast<std::size_t>(v.input) < c->scenario->inputs.size())
        used(v.range, {Symbol::Kind::input, c->scenario, v.input}, nullptr);
  }

  // The names `d` declares and the types and names it writes outside expressions; then
  // every expression of it (syntax/walk.hpp), in the scope it is in.
  void declaration(const Decl& d) {
    scope_ = nullptr;
    methods_.clear();
    if (d.kind != DeclKind::import && d.kind != DeclKind::check && !d.name.empty())
      declared(name_place(d.name_range.end > d.name_range.begin ? d.name_range : d.range, d.name),
               decl_symbol(&d));
    switch (d.kind) {
      case DeclKind::record: {
        const auto& r = static_cast<const RecordDecl&>(d);
        for (std::size_t i = 0; i < r.fields.size(); ++i) {
          declared(name_place(r.fields[i].range, r.fields[i].name),
                   {Symbol::Kind::field, &r, static_cast<int>(i)});
          type_of(r.fields[i].type);
        }
        break;
      }
      case DeclKind::enumeration: {
        const auto& en = static_cast<const EnumDecl&>(d);
        for (std::size_t i = 0; i < en.members.size() && i < en.member_ranges.size(); ++i)
          declared(name_place(en.member_ranges[i], en.members[i]),
                   {Symbol::Kind::enum_member, &en, static_cast<int>(i)});
        break;
      }
      case DeclKind::scenario: {
        const auto& s = static_cast<const ScenarioDecl&>(d);
        scope_ = &s;
        for (const Property& prop : s.properties)
          if (prop.is_method) methods_.insert(&prop.parameters);
        for (std::size_t i = 0; i < s.inputs.size(); ++i) {
          declared(name_place(s.inputs[i].range, s.inputs[i].name),
                   {Symbol::Kind::input, &s, static_cast<int>(i)});
          type_of(s.inputs[i].type);
        }
        for (std::size_t i = 0; i < s.properties.size(); ++i) {
          const Property& prop = s.properties[i];
          declared(name_place(prop.range, prop.name),
                   {Symbol::Kind::property, &s, static_cast<int>(i)});
          if (prop.declared) type_of(*prop.declared);
          for (const Parameter& prm : prop.parameters) type_of(prm.type);
        }
        break;
      }
      case DeclKind::case_: {
        const auto& c = static_cast<const CaseDecl&>(d);
        if (c.base_range.end > c.base_range.begin)
          if (Decl* base = program_.find(c.base)) used(c.base_range, decl_symbol(base), nullptr);
        for (const Argument& a : c.arguments) argument_name(a, c.scenario);
        break;
      }
      case DeclKind::let:
        if (static_cast<const LetDecl&>(d).declared)
          type_of(*static_cast<const LetDecl&>(d).declared);
        break;
      case DeclKind::exercise: {
        const auto& x = static_cast<const ExerciseDecl&>(d);
        about(x.about_range, x.case_decl, x.vary);
        break;
      }
      case DeclKind::sweep: {
        const auto& x = static_cast<const SweepDecl&>(d);
        about(x.about_range, x.case_decl, x.vary);
        break;
      }
      case DeclKind::check:
      case DeclKind::native:
      case DeclKind::import:
        break;
    }
    for_each_expression(d, [&](const ExprPtr& e, const ExprPlace& at) {
      scope_ = at.scenario;
      in_method_ = at.parameters && methods_.count(at.parameters);
      expr(*e);
    });
  }

  const Program& program_;
  const Module& module_;
  std::vector<Occurrence>& out_;
  std::vector<BuiltinCall>& builtins_;
  const ScenarioDecl* scope_ = nullptr;
  bool in_method_ = false;  // in a method's body
  // The parameters of the scenario's methods, by which an expression's place
  // (ExprPlace::parameters) tells a method's body from a property's.
  std::unordered_set<const std::vector<Parameter>*> methods_;
  int locals_ = 0;
};

}  // namespace

Analysis::Analysis(const Library& library, const std::string& path, std::string text,
                   std::int64_t version, ParseCache* cache, ParseCaches* module_caches)
    : library_(&library), path_(path), program_(std::make_unique<Program>()), version_(version) {
  using clock = std::chrono::steady_clock;
  auto ms_since = [](clock::time_point t) {
    return std::chrono::duration<double, std::milli>(clock::now() - t).count();
  };
  const auto start = clock::now();
  try {
    load_program_text(*program_, library, path, std::move(text), cache, module_caches);
    load_ms_ = ms_since(start);
    if (cache) {
      parsed_decls_ = cache->last().parsed;
      reused_decls_ = cache->last().reused;
    }
    check_program(*program_);
    checked_ = true;
  } catch (const UserErrors& e) {
    diagnostics_ = e.diagnostics();
    check_errors_ = diagnostics_;
  } catch (const UserError& e) {
    diagnostics_.push_back(e.diagnostic());
    if (!program_->main)
      recover(e.diagnostic());
    else
      check_errors_ = diagnostics_;
  }
  if (load_ms_ == 0) load_ms_ = ms_since(start);
  check_ms_ = ms_since(start) - load_ms_;
}

void Analysis::recover(const Diagnostic& error) {
  // As the loader does to report the unknown units above a syntax error (loader.cpp),
  // a few failing lines at most, in a file of at most 1 MiB.
  constexpr int max_blanked_lines = 4;
  constexpr std::size_t max_recovered_bytes = 1 << 20;
  if (!error.range || !error.code.starts_with("E01") ||
      program_->sources.file(error.range->file).name() != path_)
    return;
  const std::string original = program_->sources.file(error.range->file).text();
  if (original.size() > max_recovered_bytes) return;
  std::string text = original;
  std::vector<std::pair<std::size_t, std::size_t>> blanked_lines;
  std::uint32_t failing = error.range->begin;
  for (int blanked = 0; blanked < max_blanked_lines; ++blanked) {
    failing = std::min<std::uint32_t>(failing, static_cast<std::uint32_t>(text.size()));
    std::size_t begin = failing == 0 ? 0 : text.rfind('\n', failing - 1);
    begin = begin == std::string::npos || failing == 0 ? 0 : begin + 1;
    const std::size_t end = std::min(text.find('\n', failing), text.size());
    blanked_lines.emplace_back(begin, end);
    for (std::size_t k = begin; k < end; ++k)
      if (text[k] != '\r') text[k] = ' ';
    auto p = std::make_unique<Program>();
    try {
      load_program_text(*p, *library_, path_, text);
    } catch (const UserError& e) {
      const Diagnostic& d = e.diagnostic();
      if (!d.range || !d.code.starts_with("E01") ||
          p->sources.file(d.range->file).name() != path_ || d.range->begin < failing)
        return;  // not a later line of this file: no progress to make
      failing = d.range->begin;
      continue;
    } catch (const UserErrors&) {
      return;
    }
    program_ = std::move(p);
    recovered_ = true;
    try {
      check_program(*program_);
      checked_ = true;
    } catch (const UserErrors& e) {
      check_errors_ = e.diagnostics();
    } catch (const UserError& e) {
      check_errors_.push_back(e.diagnostic());
    }
    // A member declared on a blanked line (`  a: GB = (x`) is gone, and its uses would
    // find a global of the same name (the globals are known once checked): then no
    // values are shown.
    for (auto [line_begin, line_end] : blanked_lines) {
      std::size_t k = line_begin;
      while (k < line_end && (original[k] == ' ' || original[k] == '\t')) ++k;
      const std::size_t word = k;
      while (k < line_end &&
             (std::isalnum(static_cast<unsigned char>(original[k])) || original[k] == '_'))
        ++k;
      const std::string name = original.substr(word, k - word);
      while (k < line_end && original[k] == ' ') ++k;
      if (!name.empty() && k < line_end &&
          (original[k] == ':' || original[k] == '=' || original[k] == '(') && program_->find(name))
        no_values_ = true;
    }
    return;
  }
}

const std::vector<Occurrence>& Analysis::occurrences() {
  if (!occurrences_) {
    occurrences_.emplace();
    for (const auto& m : program_->modules)
      if (m) Collector(*program_, *m, *occurrences_, builtin_calls_).run();
  }
  return *occurrences_;
}

std::optional<Occurrence> Analysis::at(std::uint32_t offset) {
  if (!parsed()) return std::nullopt;
  std::optional<Occurrence> best;
  for (const Occurrence& o : occurrences()) {
    if (o.place.file != main_file() || offset < o.place.begin || offset > o.place.end) continue;
    if (!best || o.place.end - o.place.begin < best->place.end - best->place.begin) best = o;
  }
  return best;
}

std::optional<BuiltinCall> Analysis::builtin_at(std::uint32_t offset) {
  if (!parsed()) return std::nullopt;
  occurrences();
  for (const BuiltinCall& b : builtin_calls_)
    if (b.place.file == main_file() && b.place.begin <= offset && offset <= b.place.end) return b;
  return std::nullopt;
}

std::optional<Place> Analysis::declaration(const Symbol& s) const {
  if (!s || s.kind == Symbol::Kind::unit) return std::nullopt;  // units are the catalogue's
  if (occurrences_)
    for (const Occurrence& o : *occurrences_)
      if (o.is_declaration && o.symbol == s) return o.place;
  const SourceRange r = s.owner->name_range;
  return Place{r.file, r.begin, r.end};
}

const ScenarioDecl* Analysis::scenario_at(std::uint32_t offset) const {
  if (!parsed()) return nullptr;
  for (const auto& d : program_->main->decls)
    if (d->kind == DeclKind::scenario && d->range.begin <= offset && offset <= d->range.end)
      return static_cast<const ScenarioDecl*>(d.get());
  return nullptr;
}

const CaseDecl* Analysis::case_for(const std::string& chosen, const ScenarioDecl* scenario) const {
  return parsed() ? api::case_showing(*program_, chosen, scenario) : nullptr;
}

Evaluator* Analysis::values() {
  if (compiled_ || no_values_) return evaluator_.get();
  compiled_ = true;
  Program* p = program_.get();
  if (!checked_) {
    if (!salvage_tried_) {
      salvage_tried_ = true;
      salvaged_ = salvage(*library_, path_, *program_, check_errors_, occurrences());
    }
    p = salvaged_.get();
  }
  if (!p) return nullptr;
  try {
    compile_program(*p);
    evaluator_ = std::make_unique<Evaluator>(*p);
    evaluator_->limit_budget(editor_steps, editor_bytes);
  } catch (const UserError&) {  // then there are no values to show: hover shows types alone
  } catch (const UserErrors&) {
  }
  return evaluator_.get();
}

const Decl* Analysis::counterpart(const Decl* d) const {
  if (checked_ || !d) return d;
  if (!salvaged_) return nullptr;
  const std::string& file = program_->sources.file(d->range.file).name();
  for (const auto& m : salvaged_->modules) {
    if (!m || salvaged_->sources.file(m->file).name() != file) continue;
    for (const auto& other : m->decls)
      if (other->kind == d->kind && other->range.begin == d->range.begin && other->name == d->name)
        return other.get();
  }
  return nullptr;
}

SourceRange Analysis::own_range(SourceRange r) const {
  if (checked_ || !salvaged_) return r;
  const std::string& file = salvaged_->sources.file(r.file).name();
  for (const auto& m : program_->modules)
    if (m && program_->sources.file(m->file).name() == file) return {m->file, r.begin, r.end};
  return {main_file(), 0, 0};
}

std::vector<Diagnostic> Analysis::failed_checks() {
  std::vector<Diagnostic> out;
  if (!parsed()) return out;
  std::vector<const CheckDecl*> checks;
  for (const auto& d : program_->main->decls)
    if (d->kind == DeclKind::check) checks.push_back(static_cast<const CheckDecl*>(d.get()));
  if (checks.empty()) return out;
  Evaluator* ev = values();
  if (!ev) return out;
  const Program& p = checked_ ? *program_ : *salvaged_;
  auto add = [&](Diagnostic d) {
    if (d.range) d.range = own_range(*d.range);
    for (Note& n : d.notes)
      if (n.range) n.range = own_range(*n.range);
    for (const Diagnostic& seen : out)  // one run-time error met by several checks
      if (seen.message == d.message && seen.range.has_value() == d.range.has_value() &&
          (!d.range || (seen.range->file == d.range->file && seen.range->begin == d.range->begin)))
        return;
    out.push_back(std::move(d));
  };
  for (const CheckDecl* original : checks) {
    const auto* c = static_cast<const CheckDecl*>(counterpart(original));
    if (!c) continue;
    try {
      ev->restart_step_budget();
      CheckOutcome outcome = ev->run_check(*c);
      if (!outcome.passed) add(failed_check(p, *c, outcome));
    } catch (const UserError& e) {
      // Past the editor's budget is no finding about the check (`reckon run` has the
      // whole budget): no diagnostic, as no value for a hover.
      if (ev->budget_limited() &&
          (e.diagnostic().code == "E0506" || e.diagnostic().code == "E0514"))
        continue;
      add(e.diagnostic());
    } catch (const UserErrors& e) {
      for (const Diagnostic& d : e.diagnostics()) add(d);
    }
  }
  return out;
}

std::optional<std::string> Analysis::value_of(const Symbol& original, const CaseDecl* c,
                                              bool short_records) {
  if (!original || !parsed()) return std::nullopt;
  bool member = original.kind == Symbol::Kind::input || original.kind == Symbol::Kind::property;
  bool is_let = original.kind == Symbol::Kind::decl && original.owner->kind == DeclKind::let;
  if (!is_let && !member) return std::nullopt;
  if (member && (!c || c->scenario != original.owner)) return std::nullopt;
  if (original.kind == Symbol::Kind::property &&
      static_cast<const ScenarioDecl*>(original.owner)
          ->properties[static_cast<std::size_t>(original.index)]
          .is_method)
    return std::nullopt;
  Evaluator* values_evaluator = values();
  if (!values_evaluator) return std::nullopt;
  // The same declaration, case and member in the program values are computed in.
  Symbol s = original;
  s.owner = counterpart(original.owner);
  if (!s.owner) return std::nullopt;
  if (member) {
    c = static_cast<const CaseDecl*>(counterpart(c));
    if (!c) return std::nullopt;
    const auto& was = static_cast<const ScenarioDecl&>(*original.owner);
    const auto& now = static_cast<const ScenarioDecl&>(*s.owner);
    const auto i = static_cast<std::size_t>(original.index);
    const bool input = original.kind == Symbol::Kind::input;
    const std::string& name = input ? was.inputs[i].name : was.properties[i].name;
    s.index = input ? now.input_index(name) : now.property_index(name);
    if (s.index < 0) return std::nullopt;
    // The member itself, not another of the same name (of which one was an error).
    const auto j = static_cast<std::size_t>(s.index);
    if ((input ? now.inputs[j].range.begin : now.properties[j].range.begin) !=
        (input ? was.inputs[i].range.begin : was.properties[i].range.begin))
      return std::nullopt;
  }
  const LetDecl* let = is_let ? static_cast<const LetDecl*>(s.owner) : nullptr;
  try {
    Evaluator& ev = *values_evaluator;
    ev.restart_step_budget();
    api::Layout layout;
    layout.short_records = short_records;
    if (let) return api::display(ev, ev.evaluate(*let->value, {}), api::let_unit(*let), layout);
    const auto& scenario = static_cast<const ScenarioDecl&>(*s.owner);
    Instance& inst = api::case_instance(ev, *c);
    auto i = static_cast<std::size_t>(s.index);
    if (s.kind == Symbol::Kind::input)
      return api::display(ev, ev.input(inst, i, scenario.inputs[i].range),
                          api::input_unit(scenario.inputs[i]), layout);
    const Property& prop = scenario.properties[i];
    return api::display(ev, ev.property(inst, i, prop.range), api::property_unit(prop, scenario),
                        layout);
  } catch (const UserError& e) {
    return error_label(e.diagnostic().code) + ": " + e.diagnostic().message;
  } catch (const UserErrors& e) {
    if (e.diagnostics().empty()) return error_label("");
    return error_label(e.diagnostics().front().code) + ": " + e.diagnostics().front().message;
  }
}

}  // namespace reckon::lsp
