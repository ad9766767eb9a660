// The checker's declarations (checker_class.hpp): scenarios, lets, cases, checks,
// exercises and sweeps, each in its scope, with the cycles between lets and between cases.
#include "interpreter/check/checker_class.hpp"

namespace reckon::checking {

void Checker::resolve_scenario(ScenarioDecl& s) {
  std::unordered_map<std::string, SourceRange> seen;
  auto unique = [&](const std::string& name, SourceRange r) {
    auto [it, inserted] = seen.emplace(name, r);
    if (!inserted)
      error(r, "E0301", "`" + name + "` is already defined in `" + s.name + "`",
            {{it->second, "first defined here"}});
  };
  for (Input& in : s.inputs) {
    unique(in.name, in.range);
    in.resolved = resolve_type(in.type, &in.display, true);
  }
  for (Property& prop : s.properties) {
    unique(prop.name, prop.range);
    resolve_parameters(prop.parameters);
    if (prop.declared) {
      prop.resolved = resolve_type(*prop.declared, &prop.display);
      property_state_[&prop] = State::done;
    }
  }
}

void Checker::check_scenario(ScenarioDecl& s) {
  Scope scope{&s, nullptr};
  for (Input& in : s.inputs)
    if (in.default_value)
      expect(*in.default_value, scope, in.resolved, "the default of `" + in.name + "`", &in.type);
  for (std::size_t i = 0; i < s.properties.size(); ++i) {
    Property& prop = s.properties[i];
    for (Parameter& param : prop.parameters)
      if (param.default_value)
        expect(*param.default_value, scope, param.resolved, "the default of `" + param.name + "`",
               &param.type);
    if (prop.declared) {
      Scope body{&s, &prop.parameters};
      expect(*prop.body, body, prop.resolved, "`" + prop.name + "`", &*prop.declared);
    } else {
      // Its display unit is its body's written unit (settle_written_units).
      property_type(s, i, prop.range);
    }
  }
  check_requirements(s, hooks(scope));
}

CheckHooks Checker::hooks(const Scope& s) {
  CheckHooks h;
  h.check = [this, s](Expr& e) { return check(e, s, nullptr); };
  h.expect = [this, s](Expr& e, const Type& to, const std::string& what, const TypeExpr* declared) {
    expect(e, s, to, what, declared);
  };
  h.error = [this](SourceRange r, std::string code, std::string message, std::vector<Note> notes) {
    error(r, std::move(code), std::move(message), std::move(notes));
  };
  h.suggest_input = [this](const std::string& name, const ScenarioDecl& sc) {
    std::vector<std::string> names;
    if (suggesting(sc.inputs.size()))
      for (const Input& in : sc.inputs) names.push_back(in.name);
    return did_you_mean_input(name, names);
  };
  return h;
}

Type Checker::property_type(const ScenarioDecl& s, std::size_t index, SourceRange used_at) {
  Property& prop = const_cast<Property&>(s.properties[index]);
  State& state = property_state_[&prop];
  if (state == State::done) return prop.resolved;
  // Typed by an earlier run (check_expression after check_program).
  if (state == State::unvisited && !prop.resolved.is_error()) return prop.resolved;
  if (state == State::in_progress) {
    error(used_at, "E0306",
          "cannot infer the unit of `" + prop.name +
              "`: its definition depends on itself; declare its unit "
              "(`" +
              prop.name + ": UNIT = ...`)",
          {{prop.range, "`" + prop.name + "` is defined here"}});
    return {};
  }
  state = State::in_progress;
  Scope body{&s, &prop.parameters};
  Type t = check(*prop.body, body, nullptr);
  prop.resolved = t;
  state = State::done;
  return t;
}

Type Checker::let_type(LetDecl& d, SourceRange used_at) {
  State& state = let_state(d);
  if (state == State::done) return d.resolved;
  if (state == State::unvisited && !d.resolved.is_error()) return d.resolved;
  if (state == State::in_progress) {
    report_let_cycle(d, used_at);
    return {};
  }
  state = State::in_progress;
  lets_in_progress_.push_back({&d, used_at});
  if (d.declared) {
    d.resolved = resolve_type(*d.declared, &d.display);
    expect(*d.value, {}, d.resolved, "`" + d.name + "`", &*d.declared);
  } else {
    d.resolved = check(*d.value, {}, nullptr);
  }
  lets_in_progress_.pop_back();
  let_state(d) = State::done;  // not `state`: checking the value may have grown the table
  return d.resolved;
}

void Checker::report_let_cycle(const LetDecl& d, SourceRange used_at) {
  std::vector<Note> notes{{d.name_range, "`" + d.name + "` is defined here"}};
  auto from = std::find_if(lets_in_progress_.begin(), lets_in_progress_.end(),
                           [&](const auto& entry) { return entry.first == &d; });
  std::string chain = d.name;
  // A use inside the user's own definition says so; one reached through a property
  // between them is only `used here`.
  auto link = [&](const LetDecl& user, const std::string& used, SourceRange at) {
    const bool inside = user.value && at.file == user.value->range.file &&
                        at.begin >= user.value->range.begin && at.end <= user.value->range.end;
    notes.push_back({at, inside ? "`" + user.name + "` uses `" + used + "` here"
                                : "`" + used + "` is used here"});
  };
  if (from != lets_in_progress_.end() && from + 1 != lets_in_progress_.end()) {
    for (auto it = from + 1; it != lets_in_progress_.end(); ++it) {
      chain += " -> " + it->first->name;
      link(*(it - 1)->first, it->first->name, it->second);
    }
    link(*lets_in_progress_.back().first, d.name, used_at);
    error(used_at, "E0305",
          "`" + d.name + "` is defined in terms of itself: " + chain + " -> " + d.name,
          std::move(notes));
    return;
  }
  error(used_at, "E0305", "`" + d.name + "` is defined in terms of itself", std::move(notes));
}

void Checker::report_case_cycle(const CaseDecl& c) {
  auto from = std::find(cases_in_progress_.begin(), cases_in_progress_.end(), &c);
  if (from == cases_in_progress_.end() || from + 1 == cases_in_progress_.end()) {
    error(c.name_range, "E0305", "case `" + c.name + "` is based on itself");
    return;
  }
  std::string chain;
  std::vector<Note> notes;
  for (auto it = from; it != cases_in_progress_.end(); ++it) {
    const CaseDecl& user = **it;
    chain += user.name + " -> ";
    notes.push_back({user.base_range, "`" + user.name + "` is based on `" + user.base + "` here"});
  }
  error(c.name_range, "E0305", "case `" + c.name + "` is based on itself: " + chain + c.name,
        std::move(notes));
}

void Checker::resolve_case(CaseDecl& c) {
  State& state = case_state_[&c];
  if (state == State::done || (state == State::unvisited && c.scenario)) return;
  if (state == State::in_progress) {
    report_case_cycle(c);
    return;
  }
  state = State::in_progress;
  cases_in_progress_.push_back(&c);
  struct Pop {
    std::vector<const CaseDecl*>& chain;
    ~Pop() { chain.pop_back(); }
  } pop{cases_in_progress_};
  Decl* base = lookup(c.base, c.base_range);
  if (!base || (base->kind != DeclKind::scenario && base->kind != DeclKind::case_)) {
    std::vector<std::string> names;
    if (suggesting(p_.globals.size()))
      for (const auto& [n, d] : p_.globals)
        if (d->kind == DeclKind::scenario || d->kind == DeclKind::case_) names.push_back(n);
    error(c.base_range, "E0307",
          "`" + c.base + "` is not a scenario or a case" + did_you_mean(c.base, names));
    state = State::done;
    return;
  }
  if (base->kind == DeclKind::case_) {
    auto* b = static_cast<CaseDecl*>(base);
    resolve_case(*b);
    if (!c.is_override) {
      error(c.base_range, "E0308",
            "`" + c.base + "` is a case: write `case " + c.name + " = " + c.base +
                " with input: value` to override its inputs");
    }
    c.scenario = b->scenario;
    c.bindings = b->bindings;
  } else {
    if (c.is_override)
      error(c.base_range, "E0308",
            "`" + c.base + "` is a scenario: bind it with `" + c.base + "(...)`");
    c.scenario = static_cast<ScenarioDecl*>(base);
    for (const Input& in : c.scenario->inputs) c.bindings.push_back(in.default_value.get());
  }
  if (!c.scenario) {
    state = State::done;
    return;
  }
  const ScenarioDecl& s = *c.scenario;
  std::vector<bool> given(s.inputs.size(), false);
  for (std::size_t k = 0; k < c.arguments.size(); ++k) {
    Argument& a = c.arguments[k];
    int index = -1;
    if (a.name) {
      index = s.input_index(*a.name);
      if (index < 0) {
        std::vector<std::string> names;
        if (suggesting(s.inputs.size()))
          for (const Input& in : s.inputs) names.push_back(in.name);
        error(
            a.name_range, "E0309",
            "`" + s.name + "` has no input `" + *a.name + "`" + did_you_mean_input(*a.name, names));
        check(*a.value, {}, nullptr);
        continue;
      }
    } else if (c.is_override) {
      error(a.value->range, "E0313", "an override names the input it changes: `input: value`");
      continue;
    } else {
      index = static_cast<int>(k);
      if (index >= static_cast<int>(s.inputs.size())) {
        error(a.value->range, "E0311",
              fmt::format("`{}` has only {} inputs", s.name, s.inputs.size()));
        continue;
      }
    }
    auto i = static_cast<std::size_t>(index);
    if (given[i]) error(a.value->range, "E0310", "input `" + s.inputs[i].name + "` is given twice");
    given[i] = true;
    expect(*a.value, {}, s.inputs[i].resolved, "input `" + s.inputs[i].name + "`",
           &s.inputs[i].type);
    c.bindings[i] = a.value.get();
  }
  for (std::size_t i = 0; i < s.inputs.size(); ++i)
    if (!c.bindings[i] && !s.inputs[i].resolved.optional)
      error(c.range, "E0312",
            "case `" + c.name + "` does not give input `" + s.inputs[i].name +
                "`, which has no default");
  state = State::done;
}

void Checker::check_check(CheckDecl& c) {
  Type t = check(*c.condition, {}, nullptr);
  if (!t.is_error() && t.kind != TypeKind::boolean) {
    error(c.condition->range, "E0410", "a check needs a condition (bool), not " + describe(t));
    return;
  }
  if (!c.tolerance) return;
  Type tol = check(*c.tolerance, {}, nullptr);
  const Expr& cond = *c.condition;
  if (cond.kind != ExprKind::binary || cond.op != Op::eq) {
    error(c.tolerance->range, "E0411", "`within` applies to a check of the form `a == b`");
    return;
  }
  const Type& side = cond.operands[0]->type;
  // A tolerance measures a difference of numbers: lists, texts and records have none
  // (their `number` is 0, and every check of them would hold).
  if (!side.is_error() && !side.is_quantity()) {
    // A collection named in the units it is written in (`[(ms, us)]`, not `[(s, s)]`).
    error(c.tolerance->range, "E0411",
          "`within` compares numbers or quantities, not " +
              describe_shown(side, shown_unit(*cond.operands[0])) +
              (side.is_list() ? ": check each element, or the elements one by one" : ""));
    return;
  }
  if (tol.is_error() || is_number(tol) ||
      (side.is_quantity() && tol.is_quantity() && tol.dim.compatible(side.dim)))
    return;
  error(c.tolerance->range, "E0411",
        "a tolerance is a relative number (1e-3) or an absolute " + describe(side) + ", not " +
            describe(tol));
}

void Checker::check_exercise(ExerciseDecl& x) {
  const CaseDecl* c = about_case(x.about, x.about_range, "an exercise");
  if (!c) return;
  x.case_decl = c;
  const ScenarioDecl& s = *c->scenario;
  Scope scope{&s, nullptr};
  for (std::size_t i = 0; i < x.vary.size(); ++i) check_vary(x.vary, i, s);
  for (PromptPiece& piece : x.prompt)
    if (piece.expr) check(*piece.expr, scope, nullptr);
  for (auto& hint : x.hints)
    for (PromptPiece& piece : hint)
      if (piece.expr) check(*piece.expr, scope, nullptr);
  for (auto& e : x.where) {
    Type t = check(*e, scope, nullptr);
    if (!t.is_error() && (t.kind != TypeKind::boolean || t.optional))
      error(e->range, "E0415",
            "a filter must be a bool, as in `memory_left > 0 GB`, not " + describe(t));
  }
  Type answer = check(*x.answer, scope, nullptr);
  if (!answer.is_error()) {
    if (answer.optional && answer.kind != TypeKind::none)
      error(x.answer->range, "E0404", "the answer may be none; give a fallback with `??`");
    else if (!answer.is_quantity() && answer.kind != TypeKind::boolean)
      error(x.answer->range, "E0412",
            "an answer must be a number, a quantity or a bool, not " + describe(answer));
  }
  for (ExerciseDecl::Slip& slip : x.slips) check_slip(slip, answer, scope);
  if (!x.tolerance) return;
  Type tol = check(*x.tolerance, {}, nullptr);
  if (!tol.is_error() && !is_number(tol))
    error(x.tolerance->range, "E0411",
          "the tolerance of an exercise is a relative number (1e-2), not " + describe(tol));
  else if (answer.kind == TypeKind::boolean)
    error(x.tolerance->range, "E0411", "a yes-or-no answer has no tolerance");
}

// A declared slip is a value the answer could be: of the answer's dimension exactly (the
// grader compares the two within the tolerance), with a credit from 0 to 1 at file scope.
void Checker::check_slip(ExerciseDecl::Slip& slip, const Type& answer, const Scope& scope) {
  for (PromptPiece& piece : slip.feedback)
    if (piece.expr) check(*piece.expr, scope, nullptr);
  Type t = check(*slip.value, scope, nullptr);
  if (slip.credit) {
    Type credit = check(*slip.credit, {}, nullptr);
    if (!credit.is_error() && !is_number(credit))
      error(slip.credit->range, "E0720",
            "a slip's credit is a plain number from 0 to 1 (0.5: half the marks), not " +
                describe(credit));
  }
  if (t.is_error() || answer.is_error()) return;
  if (answer.kind == TypeKind::boolean)
    error(slip.value->range, "E0720",
          "a yes-or-no answer has no slips: the wrong answer is the other one");
  else if (!t.is_quantity() || t.optional)
    error(slip.value->range, "E0720",
          "a slip is a number or a quantity the answer could be, not " + describe(t));
  else if (t.dim != answer.dim)
    error(slip.value->range, "E0720",
          "a slip must have the answer's dimension: the answer is " + describe(answer) +
              ", the slip " + describe(t));
}

const CaseDecl* Checker::about_case(const std::string& name, SourceRange at,
                                    const std::string& what) {
  Decl* d = lookup(name, at);
  if (!d || d->kind != DeclKind::case_) {
    if (d && d->kind == DeclKind::scenario) {
      error(at, "E0321",
            "`" + name + "` is a scenario: " + what + " is about a case (`case C = " + name +
                "(...)`)");
    } else {
      std::vector<std::string> names;
      if (suggesting(p_.globals.size()))
        for (const auto& [n, g] : p_.globals)
          if (g->kind == DeclKind::case_) names.push_back(n);
      error(at, "E0321", "`" + name + "` is not a case" + did_you_mean(name, names));
    }
    return nullptr;
  }
  auto* c = static_cast<CaseDecl*>(d);
  resolve_case(*c);
  return c->scenario ? c : nullptr;
}

void Checker::check_sweep(SweepDecl& x) {
  const CaseDecl* c = about_case(x.about, x.about_range, "a sweep");
  if (!c) return;
  x.case_decl = c;
  const ScenarioDecl& s = *c->scenario;
  Scope scope{&s, nullptr};
  for (std::size_t i = 0; i < x.vary.size(); ++i) check_vary(x.vary, i, s);
  for (auto& e : x.show) {
    Type t = check(*e, scope, nullptr);
    if (t.is_error()) continue;
    if (t.optional && t.kind != TypeKind::none) {
      error(e->range, "E0404", "this may be none; give a fallback with `??` to show it");
    } else if (t.is_list() && t.element().is_quantity() && !t.element().optional) {
      e = sum_for_show(std::move(e));  // a column of its sums (shown_list.hpp)
    } else if (!t.is_quantity() && t.kind != TypeKind::boolean && t.kind != TypeKind::enumeration) {
      error(e->range, "E0414",
            "a sweep shows numbers, quantities, bools and enumeration members (a list of "
            "numbers or quantities as its sum), not " +
                describe_shown(t, shown_unit(*e, &s)) +
                (t.is_list() ? ": show an aggregate of it, as in `len(xs)` or `xs[0]`" : ""));
    }
  }
  for (auto& e : x.where) {
    Type t = check(*e, scope, nullptr);
    if (!t.is_error() && (t.kind != TypeKind::boolean || t.optional))
      error(e->range, "E0415",
            "a filter must be a bool, as in `memory < 80 GiB`, not " + describe(t));
  }
  if (x.objective) {
    Type t = check(*x.objective, scope, nullptr);
    if (!t.is_error() && (!t.is_quantity() || t.optional))
      error(x.objective->range, "E0416",
            std::string("the objective to ") + (x.maximize ? "maximize" : "minimize") +
                " must be a number or a quantity, not " + describe(t));
  }
  flush();
}

void Checker::check_vary(std::vector<Vary>& all, std::size_t i, const ScenarioDecl& s) {
  Vary& v = all[i];
  auto values_alone = [&] {  // still report their own errors
    for (auto& e : v.values) check(*e, {}, nullptr);
    for (Expr* e : {v.from.get(), v.to.get(), v.step.get(), v.factor.get()})
      if (e) check(*e, {}, nullptr);
  };
  int index = s.input_index(v.name);
  if (index < 0) {
    if (s.property_index(v.name) >= 0) {
      error(
          v.range, "E0322",
          "`" + v.name + "` is a property of `" + s.name + "`, not an input: only inputs can vary");
    } else {
      std::vector<std::string> names;
      if (suggesting(s.inputs.size()))
        for (const Input& in : s.inputs) names.push_back(in.name);
      error(v.range, "E0309",
            "`" + s.name + "` has no input `" + v.name + "`" + did_you_mean_input(v.name, names));
    }
    values_alone();
    return;
  }
  for (std::size_t j = 0; j < i; ++j)
    if (all[j].name == v.name)
      error(v.range, "E0322", "`" + v.name + "` is varied twice",
            {{all[j].range, "first varied here"}});
  v.input = index;
  const Input& in = s.inputs[static_cast<std::size_t>(index)];
  for (auto& e : v.values) expect(*e, {}, in.resolved, "a value of `" + v.name + "`", &in.type);
  if (!v.from) return;
  if (!in.resolved.is_quantity()) {
    error(v.range, "E0413",
          "`" + v.name + "` is " + describe(in.resolved) +
              ": a range needs a number or a quantity; list the values in [...]");
    values_alone();
    return;
  }
  Type bound = in.resolved;
  bound.optional = false;
  // The bounds and the step are in the input's declared unit (`40 GB .. 80 GB step 8 GB`
  // where GiB is declared is E0418), and never none.
  TypeExpr bound_written;
  bound_written.integer = in.type.integer;
  bound_written.unit = in.type.unit;
  bound_written.range = in.type.range;
  expect(*v.from, {}, bound, "the start of the range of `" + v.name + "`", &bound_written);
  expect(*v.to, {}, bound, "the end of the range of `" + v.name + "`", &bound_written);
  if (v.step)
    expect(*v.step, {}, bound, "the step of the range of `" + v.name + "`", &bound_written);
  if (v.factor)
    expect(*v.factor, {}, Type::quantity({}), "the factor of the range of `" + v.name + "`");
  const auto stride =
      v.step || v.factor ? std::nullopt : range_needing_stride(bound, *v.from, *v.to);
  if (stride) {
    SourceRange whole = v.from->range;
    whole.end = v.to->range.end;
    error(whole, "E0137",
          "the range of `" + v.name + "` is of " + stride->what +
              " and needs a step or a factor: `step S` or `times F` in a file (`1 GB .. 4 GB "
              "step 1 GB`), `+S` or ` *F` after --vary (`1 GB..4 GB+1 GB`, `1 GB..4 GB *2`: "
              "a space before `*`, or `GB*2` reads as a unit); only a range of counts steps "
              "by 1 without one");
  }
}

}  // namespace reckon::checking
