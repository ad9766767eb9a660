#include "interpreter/evaluate/explain.hpp"

#include <fmt/format.h>

#include <cstdint>
#include <deque>
#include <set>

#include "interpreter/model/native_formula.hpp"

namespace reckon {

namespace {

// Elements of a list a derivation shows before counting the rest, where the evaluator
// elides lists at all (on a terminal: the caller decides, as for any value it shows).
constexpr std::size_t explained_list_elements = 5;

// Source text as one line: an expression written over several lines shows in a
// derivation as it reads, without its line breaks, indentation or `#` comments. Runs of
// blanks that hold a line break become one space, or none just inside brackets
// (`[\n  a,\n  b\n]` is `[a, b]`); blanks within a line stay, as do texts (no text
// literal spans lines; quotes are counted so a `#` inside one is not a comment).
std::string flat_source(std::string_view source) {
  std::string out;
  bool quoted = false;
  for (std::size_t i = 0; i < source.size(); ++i) {
    const char c = source[i];
    if (quoted) {
      out += c;
      if (c == '\\' && i + 1 < source.size())
        out += source[++i];
      else if (c == '"')
        quoted = false;
      continue;
    }
    if (c == '#') {  // a comment, to the end of its line (which the next step takes)
      while (i + 1 < source.size() && source[i + 1] != '\n') ++i;
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
      std::size_t end = i;
      bool broken = false;
      for (; end < source.size(); ++end) {
        const char b = source[end];
        if (b == '#') {  // a comment inside the run of blanks
          while (end + 1 < source.size() && source[end + 1] != '\n') ++end;
          continue;
        }
        if (b != ' ' && b != '\t' && b != '\r' && b != '\n') break;
        broken = broken || b == '\n';
      }
      if (!broken) {
        out.append(source.substr(i, end - i));
      } else {
        const bool after_open =
            !out.empty() && (out.back() == '(' || out.back() == '[' || out.back() == '{');
        const bool before_close =
            end < source.size() && (source[end] == ')' || source[end] == ']' || source[end] == '}');
        if (!out.empty() && end < source.size() && !after_open && !before_close) out += ' ';
      }
      i = end - 1;
      continue;
    }
    if (c == '"') quoted = true;
    out += c;
  }
  return out;
}

// Binding strength of an expression when rendered, to place parentheses.
constexpr int power_precedence = 11;

int precedence(const Expr& e) {
  switch (e.kind) {
    case ExprKind::conditional:
    case ExprKind::convert:
      return 0;
    case ExprKind::unary:
      return e.op == Op::logical_not ? 3 : 10;
    case ExprKind::binary:
      switch (e.op) {
        case Op::logical_or:
          return 1;
        case Op::logical_and:
          return 2;
        case Op::eq:
        case Op::ne:
        case Op::lt:
        case Op::le:
        case Op::gt:
        case Op::ge:
        case Op::in:
        case Op::not_in:
          return 4;
        case Op::set_union:
          return 5;
        case Op::set_intersection:
          return 6;
        case Op::coalesce:
          return 7;
        case Op::add:
        case Op::sub:
          return 8;
        case Op::pow:
          return power_precedence;
        default:
          return 9;
      }
    default:
      return 12;
  }
}

// Something the value being explained uses, to be explained one level deeper.
struct Dependency {
  std::string label;
  const Property* property;
  Evaluator::Frame frame;
  // The expression that uses it, and where: its value is taken through that expression,
  // so that it is the memoized value with every check eval applies (a count-typed
  // property's whole-number check), not its body evaluated again.
  const Expr* use;
  Evaluator::Frame use_frame;
  // A call of a native with a formula (`@formula`, native_formula.hpp) instead of a
  // property: its step is the formula with the arguments written in.
  const NativeDecl* native = nullptr;
  std::vector<Value> arguments = {};
  // The unit the native's result is shown in: the calling property's, when the call is
  // that property's whole body (`cache: GiB = kv_cache_bytes(...)`), so the formula's
  // line ends in the unit of the line above it (1 GiB, not 1.074 GB); else the native's.
  std::optional<DisplayUnit> shown_in = std::nullopt;
};

class Explainer {
 public:
  Explainer(const Program& p, Evaluator& ev) : p_(p), ev_(ev) {}

  void run(const Expr& e, const Evaluator::Frame& frame, int depth) {
    std::vector<Dependency> deps;
    ExplainStep step;
    if (auto dep = as_dependency(e, frame)) {
      explain_property(*dep, 0, depth);
      return;
    }
    step.name = text(e.range);
    // The value first: its error, if any, is the one eval reports (rendering evaluates
    // only the names and calls inside, and would meet a different error first).
    const Value value = ev_.evaluate(e, frame);
    const std::optional<DisplayUnit> unit = Evaluator::declared_unit(e, scenario(frame));
    step.result = show(value, unit);
    step.substituted = substitute(e, frame, &deps, value, unit);
    if (step.substituted == step.result) step.substituted.clear();
    steps_.push_back(step);
    follow(deps, 1, depth);
  }

  std::vector<ExplainStep> steps() { return std::move(steps_); }

 private:
  static const ScenarioDecl* scenario(const Evaluator::Frame& f) {
    return f.self ? f.self->scenario : nullptr;
  }

  std::string text(SourceRange r) const {
    return flat_source(
        std::string_view(p_.sources.file(r.file).text()).substr(r.begin, r.end - r.begin));
  }

  // Where the evaluator elides lists (on a terminal), a list shows its first few
  // elements and a count of the rest: a derivation over a million elements is read, not
  // scrolled. Elsewhere (a pipe, a file) every element shows, as a value alone would.
  std::string show(const Value& v, const std::optional<DisplayUnit>& declared) const {
    // A conversion step shows every term of the result's dimension in its unit
    // (one_unit); otherwise each term shows in its own unit, noted for substitute.
    std::optional<DisplayUnit> unit = declared;
    if (one_unit_ && v.kind == ValueKind::quantity && v.dim == *term_dim_) unit = one_unit_;
    if (!one_unit_ && term_dim_ && v.kind == ValueKind::quantity && v.dim == *term_dim_) {
      std::string shown = ev_.show(v, unit);
      if (auto space = shown.rfind(' '); space != std::string::npos)
        term_units_.insert(shown.substr(space + 1));
      return shown;
    }
    const std::size_t before = ev_.list_elements();
    if (v.kind != ValueKind::list || before == SIZE_MAX) return ev_.show(v, unit);
    ev_.elide_lists(std::min(before, explained_list_elements));
    std::string s = ev_.show(v, unit);
    ev_.elide_lists(before);
    return s;
  }

  // A reference to a derived property or a method call, which has a definition to show.
  std::optional<Dependency> as_dependency(const Expr& e, const Evaluator::Frame& frame) {
    if (e.kind == ExprKind::name && e.ref == RefKind::property && frame.self) {
      const Property& prop = frame.self->scenario->properties[static_cast<std::size_t>(e.slot)];
      return Dependency{prop.name, &prop, {frame.self, nullptr}, &e, frame};
    }
    if (e.kind == ExprKind::member && e.ref == RefKind::property) {
      Value obj = ev_.evaluate(*e.operands[0], frame);
      keep_.push_back(obj);
      Instance* inst = obj.instance();
      const Property& prop = inst->scenario->properties[static_cast<std::size_t>(e.slot)];
      return Dependency{
          std::string(inst->name) + "." + prop.name, &prop, {inst, nullptr}, &e, frame};
    }
    if (e.kind == ExprKind::call && e.call == CallKind::method) {
      Instance* self = frame.self;
      std::string prefix;
      if (e.callee->kind == ExprKind::member) {
        Value obj = ev_.evaluate(*e.callee->operands[0], frame);
        keep_.push_back(obj);
        self = obj.instance();
        prefix = std::string(self->name) + ".";
      }
      const Property& prop = self->scenario->properties[static_cast<std::size_t>(e.slot)];
      std::vector<Value> args;
      for (std::size_t i = 0; i < e.binding.size(); ++i) {
        int k = e.binding[i];
        args.push_back(k >= 0 ? ev_.evaluate(*e.arguments[static_cast<std::size_t>(k)].value, frame)
                              : ev_.evaluate(*prop.parameters[i].default_value, {self, nullptr}));
      }
      std::string label = prefix + prop.name + "(";
      for (std::size_t i = 0; i < args.size(); ++i)
        label += (i ? ", " : "") + show(args[i], std::nullopt);
      label += ")";
      arguments_.push_back(std::move(args));
      return Dependency{label, &prop, {self, arguments_.back().data()}, &e, frame};
    }
    return std::nullopt;
  }

  // A native call with a formula: the call, its formula over the parameters, the formula
  // with each argument (or default) written in, and the native's own result.
  std::optional<Dependency> as_native_call(const Expr& e, const Evaluator::Frame& frame) {
    if (e.kind != ExprKind::call || e.call != CallKind::native) return std::nullopt;
    const auto* const* decl = std::get_if<const NativeDecl*>(&e.target);
    if (!decl || native_formula(**decl).empty()) return std::nullopt;
    const NativeDecl& n = **decl;
    Dependency d{"", nullptr, frame, &e, frame, &n, {}};
    for (std::size_t i = 0; i < e.binding.size() && i < n.parameters.size(); ++i) {
      const int k = e.binding[i];
      d.arguments.push_back(
          k >= 0 ? ev_.evaluate(*e.arguments[static_cast<std::size_t>(k)].value, frame)
                 : ev_.evaluate(*n.parameters[i].default_value, {}));
    }
    d.label = n.name + "(";
    for (std::size_t i = 0; i < d.arguments.size(); ++i)
      d.label +=
          (i ? ", " : "") + n.parameters[i].name + ": " + show_argument(n, i, d.arguments[i]);
    d.label += ")";
    return d;
  }

  // An argument of a native as its formula shows it: in the parameter's declared unit
  // (`2 B`, `2048 token`), an enumeration member by its name.
  std::string show_argument(const NativeDecl& n, std::size_t i, const Value& v) const {
    return show(v, n.parameters[i].display);
  }

  void explain_native(const Dependency& d, int level) {
    if (!seen_.insert(d.label).second) return;
    const NativeDecl& n = *d.native;
    ExplainStep step;
    step.depth = level;
    step.name = d.label;
    step.equation = native_formula(n);
    step.result = show(ev_.evaluate(*d.use, d.use_frame), d.shown_in ? d.shown_in : n.display);
    std::vector<std::string> names, values;
    for (std::size_t i = 0; i < d.arguments.size(); ++i) {
      names.push_back(n.parameters[i].name);
      values.push_back(show_argument(n, i, d.arguments[i]));
    }
    step.substituted = substitute_formula(step.equation, names, values);
    steps_.push_back(step);
  }

  void explain_property(const Dependency& d, int level, int depth) {
    if (d.native) {
      explain_native(d, level);
      return;
    }
    std::string key = fmt::format("{}@{}", d.label, static_cast<const void*>(d.frame.self));
    if (!seen_.insert(key).second) return;
    std::vector<Dependency> deps;
    ExplainStep step;
    step.depth = level;
    step.name = d.label;
    step.equation = text(d.property->body->range);
    Value v = ev_.evaluate(*d.use, d.use_frame);  // first, as in run()
    step.result = show(v, d.property->display);
    step.substituted = substitute(*d.property->body, d.frame, &deps, v, d.property->display);
    if (step.substituted == step.equation || step.substituted == step.result)
      step.substituted.clear();
    steps_.push_back(step);
    for (Dependency& dep : deps)
      if (dep.native && dep.use == d.property->body.get()) dep.shown_in = d.property->display;
    follow(deps, level + 1, depth);
  }

  // The expression with its values written in; when it adds or subtracts terms shown in
  // different units of one dimension (`80 GiB - 14 GB`), then the same in the unit of
  // the result, as a step of its own (`= 85.90 GB - 14 GB`): one unit per line.
  std::string substitute(const Expr& e, const Evaluator::Frame& frame,
                         std::vector<Dependency>* deps, const Value& result,
                         const std::optional<DisplayUnit>& unit) {
    const bool sum = e.kind == ExprKind::binary && (e.op == Op::add || e.op == Op::sub) &&
                     result.kind == ValueKind::quantity && unit && !unit->symbol.empty();
    if (!sum) return render(e, frame, deps);
    term_dim_ = result.dim;
    term_units_.clear();
    std::string written = render(e, frame, deps);
    if (term_units_.size() < 2) {
      term_dim_.reset();
      return written;
    }
    DisplayUnit one = *unit;
    one.ladder = false;  // every term in this very unit, as the result is
    one_unit_ = one;
    std::vector<Dependency> again;  // the same dependencies, already noted
    std::string converted = render(e, frame, &again);
    one_unit_.reset();
    term_dim_.reset();
    return converted == written ? written : written + " = " + converted;
  }

  // What a step uses, a level deeper, down to `depth`; a native call's formula shows
  // beneath the step that calls it at any depth, as the end of that step's derivation.
  void follow(const std::vector<Dependency>& deps, int level, int depth) {
    for (const Dependency& d : deps)
      if (level <= depth || d.native) explain_property(d, level, depth);
  }

  std::string wrap(const Expr& child, int parent, const Evaluator::Frame& frame,
                   std::vector<Dependency>* deps, bool right = false) {
    std::string s = render(child, frame, deps);
    int c = precedence(child);
    return c < parent || (right && c == parent && parent != power_precedence) ? "(" + s + ")" : s;
  }

  // The expression with the value of every name, member and method call written in.
  std::string render(const Expr& e, const Evaluator::Frame& frame, std::vector<Dependency>* deps) {
    switch (e.kind) {
      case ExprKind::number:
        // As written (`14 GB`), but in a conversion step's unit.
        if (e.unit && term_dim_ && e.type.dim == *term_dim_) {
          if (one_unit_) return show(ev_.evaluate(e, frame), std::nullopt);
          term_units_.insert(e.unit->text);
        }
        return text(e.range);
      case ExprKind::text:
      case ExprKind::boolean:
      case ExprKind::none:
        return text(e.range);
      case ExprKind::name:
        switch (e.ref) {
          case RefKind::unit:
          case RefKind::enum_member:
          case RefKind::instance:
          case RefKind::unresolved:  // the record type of `every(R)`
            return e.text;
          default:
            break;
        }
        [[fallthrough]];
      case ExprKind::member: {
        if (e.ref == RefKind::enum_member) return text(e.range);
        if (auto dep = as_dependency(e, frame)) deps->push_back(*dep);
        const ScenarioDecl* s = scenario(frame);
        return show(ev_.evaluate(e, frame), Evaluator::declared_unit(e, s));
      }
      case ExprKind::call: {
        if (auto dep = as_dependency(e, frame)) {
          deps->push_back(*dep);
          return show(ev_.evaluate(e, frame), dep->property->display);
        }
        if (e.call == CallKind::record || e.call == CallKind::scenario) return text(e.range);
        if (auto native = as_native_call(e, frame)) deps->push_back(std::move(*native));
        std::string s = e.callee->text + "(";
        for (std::size_t i = 0; i < e.arguments.size(); ++i)
          s += (i ? ", " : "") + (e.arguments[i].name ? *e.arguments[i].name + ": " : "") +
               render(*e.arguments[i].value, frame, deps);
        return s + ")";
      }
      case ExprKind::unary: {
        std::string op = e.op == Op::neg ? "-" : "not ";
        return op + wrap(*e.operands[0], precedence(e), frame, deps);
      }
      case ExprKind::convert:
        return wrap(*e.operands[0], 1, frame, deps) + " -> " + e.unit->text;
      case ExprKind::conditional: {
        bool taken = ev_.evaluate(*e.operands[0], frame).truthy();
        std::string a = taken ? render(*e.operands[1], frame, deps) : text(e.operands[1]->range);
        std::string b = taken ? text(e.operands[2]->range) : render(*e.operands[2], frame, deps);
        return "if " + render(*e.operands[0], frame, deps) + " then " + a + " else " + b;
      }
      case ExprKind::binary: {
        int prec = precedence(e);
        std::string op(op_symbol(e.op));
        const Expr& l = *e.operands[0];
        const Expr& r = *e.operands[1];
        // Short-circuiting operators: the right side is written in only if it was used.
        bool right_used = true;
        if (e.op == Op::coalesce) right_used = ev_.evaluate(l, frame).is_none();
        if (e.op == Op::logical_and) right_used = ev_.evaluate(l, frame).truthy();
        if (e.op == Op::logical_or) right_used = !ev_.evaluate(l, frame).truthy();
        std::string left = wrap(l, prec, frame, deps, e.op == Op::pow);
        std::string right =
            right_used ? wrap(r, prec, frame, deps, e.op != Op::pow) : text(r.range);
        return left + " " + op + " " + right;
      }
      case ExprKind::list: {
        std::string s = "[";
        for (std::size_t i = 0; i < e.operands.size(); ++i)
          s += (i ? ", " : "") + render(*e.operands[i], frame, deps);
        return s + "]";
      }
      case ExprKind::tuple: {
        std::string s = "(";
        for (std::size_t i = 0; i < e.operands.size(); ++i)
          s += (i ? ", " : "") + render(*e.operands[i], frame, deps);
        return s + ")";
      }
      case ExprKind::set: {
        std::string s = "{";
        for (std::size_t i = 0; i < e.operands.size(); ++i)
          s += (i ? ", " : "") + render(*e.operands[i], frame, deps);
        return s + "}";
      }
      case ExprKind::number_list:  // a long list of numbers reads best as written
        return std::string(text(e.range));
      case ExprKind::comprehension: {
        // Its element is evaluated once per element, with names of its own: written as it
        // is, over the list its first clause goes through (the step's result is the list
        // it makes). A later clause's list may use the names before it: written as it is.
        const bool braces = comprehended(e) != Comprehended::list;  // a set's or a map's
        std::string s = (braces ? "{" : "[") + std::string(text(comprehension_element(e).range));
        for (const Expr* clause = &e;; clause = clause->operands[1].get()) {
          std::string names;
          for (const Argument& a : clause->arguments)
            names += (names.empty() ? "" : ", ") + a.value->text;
          if (clause->op == Op::mul) names = "(" + names + ")";
          const Expr& source = *clause->operands[0];
          s += " for " + names + " in " +
               (clause == &e ? render(source, frame, deps) : std::string(text(source.range)));
          if (clause->operands.size() > 2)
            s += " if " + std::string(text(clause->operands[2]->range));
          if (!is_clause(*clause->operands[1])) break;
        }
        return s + (braces ? "}" : "]");
      }
      case ExprKind::index:
        // A lookup in a map shows as the value found (`grid[region]` as 380 gCO2e/kWh),
        // as a name shows as its value, rather than as every entry of the map.
        if (e.operands[0]->type.is_map())
          return show(ev_.evaluate(e, frame), Evaluator::declared_unit(e, scenario(frame)));
        return wrap(*e.operands[0], 10, frame, deps) + "[" + render(*e.operands[1], frame, deps) +
               "]";
      case ExprKind::interpolation:
      case ExprKind::format:
        // A text reads best as written; what its pieces use is explained below it.
        for (const auto& piece : e.operands)
          if (piece->kind != ExprKind::text) render(*piece, frame, deps);
        return text(e.range);
      case ExprKind::slice: {
        const int written = static_cast<int>(e.number);
        std::string from = written & 1 ? render(*e.operands[1], frame, deps) : "";
        std::string to = written & 2 ? render(*e.operands.back(), frame, deps) : "";
        return wrap(*e.operands[0], 10, frame, deps) + "[" + from + ":" + to + "]";
      }
      case ExprKind::range: {
        std::string s =
            wrap(*e.operands[0], 1, frame, deps) + " .. " + wrap(*e.operands[1], 1, frame, deps);
        if (e.operands.size() > 2)
          s += (e.op == Op::mul ? " times " : " step ") + wrap(*e.operands[2], 1, frame, deps);
        return s;
      }
      case ExprKind::lambda: {
        // As written, on one line: its parameters have no values outside its call.
        std::string s;
        for (char c : text(e.range)) {
          if (c == '\n' || c == '\r' || c == '\t') c = ' ';
          if (c == ' ' && !s.empty() && s.back() == ' ') continue;
          s += c;
        }
        return s;
      }
      case ExprKind::variant:  // an instance, as written
        return text(e.range);
      case ExprKind::map: {
        std::string s = "{";
        for (std::size_t i = 0; i + 1 < e.operands.size(); i += 2)
          s += (i ? ", " : "") + text(e.operands[i]->range) + ": " +
               render(*e.operands[i + 1], frame, deps);
        return s + "}";
      }
    }
    return text(e.range);
  }

  const Program& p_;
  Evaluator& ev_;
  std::vector<ExplainStep> steps_;
  std::set<std::string> seen_;
  std::deque<std::vector<Value>> arguments_;  // frames of method calls being explained
  std::vector<Value> keep_;  // the instances explained, alive while their steps are
  // substitute's state: the dimension of the terms whose units are noted, the units they
  // were shown in, and the unit of a conversion step being rendered.
  std::optional<Dimension> term_dim_;
  mutable std::set<std::string> term_units_;
  std::optional<DisplayUnit> one_unit_;
};

}  // namespace

std::string latex_escape(std::string_view s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '_':
      case '%':
      case '#':
      case '&':
      case '$':
      case '{':
      case '}':
        out += '\\';
        out += c;
        break;
      case '\\':
        out += "\\textbackslash{}";
        break;
      case '^':
        out += "\\^{}";
        break;
      case '~':
        out += "\\~{}";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::vector<ExplainStep> explain(const Program& program, Evaluator& evaluator, const Expr& e,
                                 const Evaluator::Frame& frame, int depth) {
  Explainer x(program, evaluator);
  x.run(e, frame, depth);
  return x.steps();
}

std::string render_explanation(const std::vector<ExplainStep>& steps, ExplainFormat format) {
  std::string out;
  if (format == ExplainFormat::latex) out += "\\begin{align*}\n";
  for (const ExplainStep& s : steps) {
    // Each side once: a text or bool property written as its value (`label = "uneven"`)
    // would otherwise read `label = "uneven" = "uneven"`, and an expression that is its
    // own value (`explain '"uneven"'`) `"uneven" = "uneven"`.
    std::vector<std::string> sides;
    for (const std::string* side : {&s.equation, &s.substituted, &s.result})
      if (!side->empty() && *side != s.name && (sides.empty() || sides.back() != *side))
        sides.push_back(*side);
    switch (format) {
      case ExplainFormat::text: {
        std::string line = std::string(2 * static_cast<std::size_t>(s.depth), ' ') + s.name;
        for (const auto& side : sides) line += " = " + side;
        out += line + "\n";
        break;
      }
      case ExplainFormat::markdown: {
        std::string line =
            std::string(2 * static_cast<std::size_t>(s.depth), ' ') + "- `" + s.name + "`";
        for (const auto& side : sides) line += " = `" + side + "`";
        out += line + "\n";
        break;
      }
      case ExplainFormat::latex: {
        std::string line = "\\text{" + latex_escape(s.name) + "}";
        for (std::size_t i = 0; i < sides.size(); ++i)
          line += std::string(i == 0 ? " &= " : " \\\\\n  &= ") + "\\text{" +
                  latex_escape(sides[i]) + "}";
        out += line + " \\\\\n";
        break;
      }
    }
  }
  if (format == ExplainFormat::latex) out += "\\end{align*}\n";
  return out;
}

}  // namespace reckon
