// Runs the PEGTL grammar into a parse tree and converts that tree at once into the
// owned AST (the parse tree points into the input buffer).
#include "grammar/parse.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <tao/pegtl.hpp>
#include <utility>
#include <vector>

#include "grammar/errors.hpp"
#include "grammar/grammar.hpp"
#include "grammar/tree_builder.hpp"
#include "syntax/diagnostics.hpp"
#include "syntax/text_format.hpp"

namespace reckon {
namespace g = grammar;

namespace {

using tree::DeclSink;
using tree::Node;
using tree::Shape;

// The rules the converter reads, and what each makes in the tree (tree_builder.hpp).
struct Selection {
  // A precedence level that matched a single operand (most do: a lone literal passes
  // through every level) is that operand: no node for the level.
  using folded = tree::rules<g::postfix, g::power, g::product, g::sum, g::coalesce, g::set_and,
                             g::set_or, g::comparison, g::logical_and, g::logical_or, g::conversion,
                             g::range_expr, g::variant>;
  using stored = tree::rules<
      // expressions
      g::quantity, g::number, g::unit_expr, g::unit_factor, g::unit_mul, g::unit_div,
      g::string_literal, g::string_body, g::true_literal, g::false_literal, g::none_literal,
      g::name_ref, g::call_suffix, g::member_suffix, g::member_name, g::argument, g::arg_name,
      g::negation, g::not_operation, g::conditional, g::paren,
      // lists
      g::list_literal, g::number_list, g::comprehension_clauses, g::comprehension_clause, g::binder,
      g::tuple_pattern, g::comprehension_if, g::index_suffix, g::list_type, g::element_type,
      g::slice, g::slice_from, g::slice_to, g::list_range_step_by, g::list_range_times,
      // lambdas
      g::lambda, g::lambda_param, g::with_overrides, g::override_item, g::require_decl,
      g::require_message,
      // maps
      g::map_literal, g::map_entry, g::map_type, g::map_key_type, g::map_value_type,
      // tuples
      g::tuple_rest, g::tuple_type, g::tuple_element_type,
      // Operators are not stored: after every operand the parser tries each level's
      // operators, and a stored rule costs a node per attempt. The converter reads
      // an operator from the text between its operands instead (operator_at).
      // types and declarations
      g::type_expr, g::int_mark, g::optional_mark, g::name, g::doc_line, g::metadata, g::meta_key,
      g::fallacy, g::import_decl, g::record_decl, g::field, g::default_value, g::enum_decl,
      g::enum_member, g::scenario_decl, g::member, g::input_decl, g::property_decl, g::parameters,
      g::parameter, g::declared_type, g::case_decl, g::case_base, g::case_call, g::case_with,
      g::check_decl, g::tolerance, g::let_decl, g::native_decl, g::native_constant,
      g::native_function,
      // exercises
      g::exercise_decl, g::exercise_about, g::about_case, g::exercise_vary, g::vary_name,
      g::vary_list, g::vary_range, g::exercise_prompt, g::exercise_answer, g::exercise_within,
      g::exercise_hint, g::exercise_slip, g::slip_feedback, g::slip_credit,
      // sweeps and the command line's sweep options
      g::sweep_decl, g::sweep_vary, g::sweep_range, g::range_step_by, g::range_times, g::sweep_show,
      g::show_list, g::sweep_where, g::sweep_minimize, g::sweep_maximize, g::spec_range,
      g::spec_list, g::spec_times, g::spec_step, g::spec_quantity, g::spec_unit>;
  template <typename Rule>
  static constexpr Shape shape = std::is_same_v<Rule, g::decl> ? Shape::decl
                                 : folded::has<Rule>           ? Shape::fold
                                 : stored::has<Rule>           ? Shape::node
                                                               : Shape::none;
};

template <typename Rule>
tree::ParsedTree run(const SourceManager& sources, FileId file, std::uint32_t begin,
                     std::uint32_t end, DeclSink* sink = nullptr);

class Converter {
 public:
  Converter(const SourceManager& sources, FileId file)
      : sources_(sources), file_(file), origin_(sources.file(file).text().data()) {}

  // Byte offsets in the file: the input tracks positions lazily, so nodes hold pointers.
  std::uint32_t offset(const char* at) const { return static_cast<std::uint32_t>(at - origin_); }

  // Inlined for a node with content (every node but a root), asked of nearly every node.
  [[gnu::always_inline]] SourceRange range(const Node& n) const {
    if (n.has_content()) [[likely]]
      return {file_, offset(n.m_begin.data), offset(n.m_end.data)};
    return root_range(n);
  }
  SourceRange root_range(const Node& n) const {
    SourceRange r{file_, offset(n.m_begin.data), offset(n.m_begin.data)};
    if (!n.children.empty()) r.end = range(*n.children.back()).end;
    return r;
  }

  // Sets e's depth from its children's and refuses a tree taller than the limit.
  ExprPtr finish(ExprPtr e) {
    std::uint32_t below = 0;
    for (const auto& o : e->operands) below = std::max(below, o->depth);
    if (e->callee) below = std::max(below, e->callee->depth);
    for (const auto& a : e->arguments) below = std::max(below, a.value->depth);
    e->depth = below + 1;
    if (e->depth > g::max_expression_depth)
      throw UserError(e->range, "E0160",
                      fmt::format("expression is nested too deeply: more than {} levels, counting "
                                  "each operator of a chain (split it with `let`s)",
                                  g::max_expression_depth));
    return e;
  }

  // --- expressions --------------------------------------------------------------
  ExprPtr expr(const Node& n) {
    // Names and numbers first: most operands are one or the other.
    if (n.is_type<g::name_ref>())
      return std::make_unique<Expr>(ExprKind::name, range(n), n.string_view());
    if (n.is_type<g::quantity>()) return quantity(n);
    // Precedence levels store a node even when they hold a single operand.
    if (n.children.size() == 1 && is_chain(n)) return expr(*n.children[0]);
    if (n.is_type<g::paren>()) {  // the expression inside, with a range that includes ( )
      if (n.children.size() > 1 && n.children[1]->is_type<g::tuple_rest>()) return tuple(n);
      ExprPtr e = expr(*n.children.at(0));
      if (n.children.size() > 1) return scaled(std::move(e), n);
      e->range = range(n);
      return e;
    }
    if (n.is_type<g::quantity>() || n.is_type<g::spec_quantity>()) return quantity(n);
    if (n.is_type<g::string_literal>()) return string_expr(n);
    if (n.is_type<g::true_literal>() || n.is_type<g::false_literal>()) {
      auto e = make(ExprKind::boolean, n);
      e->number = n.is_type<g::true_literal>() ? 1 : 0;
      return e;
    }
    if (n.is_type<g::none_literal>()) return make(ExprKind::none, n);
    if (n.is_type<g::postfix>()) return postfix(n);
    if (n.is_type<g::list_literal>()) return list_literal(n);
    if (n.is_type<g::number_list>()) return number_list(n);
    if (n.is_type<g::range_expr>()) {  // from, to and maybe a stride (`step` or `times`)
      auto e = make(ExprKind::range, n);
      e->operands.push_back(expr(*n.children.at(0)));
      e->operands.push_back(expr(*n.children.at(1)));
      if (n.children.size() > 2) {
        const Node& stride = *n.children[2];
        e->op = stride.is_type<g::list_range_times>() ? Op::mul : Op::add;
        e->operands.push_back(expr(*stride.children.at(0)));
      }
      return finish(std::move(e));
    }
    if (n.is_type<g::lambda>()) return lambda(n);
    if (n.is_type<g::map_literal>()) return map_literal(n);
    if (n.is_type<g::negation>()) {
      auto e = make(ExprKind::unary, n);
      e->op = Op::neg;
      e->operands.push_back(expr(*n.children.at(0)));
      return finish(std::move(e));
    }
    if (n.is_type<g::not_operation>()) {  // `not` and its operand
      auto e = make(ExprKind::unary, n);
      e->op = Op::logical_not;
      e->operands.push_back(expr(*n.children.at(0)));
      return finish(std::move(e));
    }
    if (n.is_type<g::conversion>()) {
      auto e = make(ExprKind::convert, n);
      e->operands.push_back(expr(*n.children.at(0)));
      e->unit = std::make_unique<UnitExpr>();
      unit_into(*e->unit, *n.children.at(1));
      return finish(std::move(e));
    }
    if (n.is_type<g::variant>()) return variant(n);
    if (n.is_type<g::conditional>()) {
      auto e = make(ExprKind::conditional, n);
      e->operands.reserve(n.children.size());
      for (const auto& c : n.children) e->operands.push_back(expr(*c));
      return finish(std::move(e));
    }
    if (is_chain(n)) return chain(n);
    throw std::logic_error("parse tree node not converted: " +
                           std::string(n.type ? *n.type : "the root"));
  }

  // `(1/3) GB`: the parenthesized expression times one of the unit written after it.
  ExprPtr scaled(ExprPtr inner, const Node& n) {
    const Node& unit_node = *n.children.at(1);
    inner->range = {file_, range(n).begin, range(unit_node).begin};
    while (inner->range.end > inner->range.begin && origin_[inner->range.end - 1] != ')')
      --inner->range.end;
    auto one = std::make_unique<Expr>(ExprKind::number, range(unit_node));
    one->number = 1;
    one->unit = std::make_unique<UnitExpr>(unit(unit_node));
    auto e = make(ExprKind::binary, n);
    e->op = Op::mul;
    e->name_range = range(unit_node);
    e->operands.push_back(std::move(inner));
    e->operands.push_back(finish(std::move(one)));
    return finish(std::move(e));
  }

  // `1/3 GB` is 1/(3 GB), not a third of a gigabyte: a bare number (or its negation)
  // divided by a number with a unit is refused with both ways to write it, and so is a
  // bare number glued to the `/` at the end of a longer left side (`2 * 1/3 GB`, read as
  // two thirds of a gigabyte). A left side that only ends in a number, written with
  // spaces (`weights * 2 / 8 GPU`), divides as usual.
  void refuse_ambiguous_division(const Expr& whole_left, const Expr& previous,
                                 const Expr& right) const {
    auto literal = [&](const Expr& e) {
      return e.kind == ExprKind::number &&
             std::isdigit(static_cast<unsigned char>(origin_[e.range.begin]));
    };
    auto bare = [&](const Expr& e) {
      const Expr& x = e.kind == ExprKind::unary && e.op == Op::neg ? *e.operands[0] : e;
      return literal(x) && !x.unit;
    };
    const bool glued = previous.range.end < right.range.begin && origin_[previous.range.end] == '/';
    const Expr* left_ptr = bare(whole_left) ? &whole_left : nullptr;
    if (!left_ptr && glued && literal(previous) && !previous.unit) left_ptr = &previous;
    if (!left_ptr || !literal(right) || !right.unit) return;
    const Expr& left = *left_ptr;
    std::string written(origin_ + left.range.begin, right.range.end - left.range.begin);
    std::string l(origin_ + left.range.begin, left.range.end - left.range.begin);
    std::string r(origin_ + right.range.begin, right.range.end - right.range.begin);
    const std::string& unit_text = right.unit->text;
    std::string number = r.substr(0, r.size() - unit_text.size());
    while (!number.empty() && (number.back() == ' ' || number.back() == '\t')) number.pop_back();
    throw UserError(SourceRange{file_, left.range.begin, right.range.end}, "E0166",
                    fmt::format("`{4}` divides {0} by {1}, so the unit is in the "
                                "denominator: write `({0}/{2}) {3}` for a fraction of a {3}, or "
                                "`{0} / ({1})` for the reciprocal",
                                l, r, number, unit_text, written));
  }

  static bool is_chain(const Node& n) {
    return n.is_type<g::power>() || n.is_type<g::product>() || n.is_type<g::sum>() ||
           n.is_type<g::coalesce>() || n.is_type<g::set_and>() || n.is_type<g::set_or>() ||
           n.is_type<g::comparison>() || n.is_type<g::logical_and>() ||
           n.is_type<g::logical_or>() || n.is_type<g::postfix>() || n.is_type<g::conversion>();
  }

  // operand (op operand)*, folded to the left (power is right-associative, but its
  // grammar nests the right operand, so each chain has at most one '^').
  ExprPtr chain(const Node& n) {
    ExprPtr left = expr(*n.children.at(0));
    const Expr* previous = left.get();  // the operand just before the operator
    for (std::size_t i = 1; i < n.children.size(); ++i) {
      auto [op, at] = operator_at(range(*n.children[i - 1]).end, range(*n.children[i]).begin);
      ExprPtr right = expr(*n.children[i]);
      if (op == Op::div) refuse_ambiguous_division(*left, *previous, *right);
      previous = right.get();
      SourceRange r{file_, left->range.begin, right->range.end};
      auto e = std::make_unique<Expr>(ExprKind::binary, r);
      e->op = op;
      e->name_range = at;
      e->operands.reserve(2);
      e->operands.push_back(std::move(left));
      e->operands.push_back(std::move(right));
      left = finish(std::move(e));
    }
    return left;
  }

  // The binary operator between two operands, in the bytes [from, to) of the file:
  // layout (spaces and `#` comments) and then the operator, longest spelling first.
  std::pair<Op, SourceRange> operator_at(std::uint32_t from, std::uint32_t to) const {
    std::string_view text(origin_ + from, to - from);
    std::size_t i = 0;
    while (i < text.size()) {
      if (text[i] == '#') {
        while (i < text.size() && text[i] != '\n') ++i;
      } else if (std::isspace(static_cast<unsigned char>(text[i]))) {
        ++i;
      } else {
        break;
      }
    }
    // Longest spelling first (`//` before `/`, `<=` before `<`), chosen by the first
    // byte: a chain's every operator is read here (comparing each spelling in turn was
    // a memcmp per spelling).
    const std::string_view rest = text.substr(i);
    const auto found = [&](Op op, std::uint32_t size) {
      auto begin = from + static_cast<std::uint32_t>(i);
      return std::pair<Op, SourceRange>{op, SourceRange{file_, begin, begin + size}};
    };
    const auto second = [&](char c) { return rest.size() > 1 && rest[1] == c; };
    if (!rest.empty()) switch (rest[0]) {
        case '/':
          return second('/') ? found(Op::floordiv, 2) : found(Op::div, 1);
        case 'n':
          if (rest.starts_with("not")) return found(Op::not_in, 3);
          break;
        case 'i':
          if (second('n')) return found(Op::in, 2);
          break;
        case '|':
          return found(Op::set_union, 1);
        case '&':
          return found(Op::set_intersection, 1);
        case '?':
          if (second('?')) return found(Op::coalesce, 2);
          break;
        case '=':
          if (second('=')) return found(Op::eq, 2);
          break;
        case '!':
          if (second('=')) return found(Op::ne, 2);
          break;
        case '<':
          return second('=') ? found(Op::le, 2) : found(Op::lt, 1);
        case '>':
          return second('=') ? found(Op::ge, 2) : found(Op::gt, 1);
        case 'a':
          if (rest.starts_with("and")) return found(Op::logical_and, 3);
          break;
        case 'o':
          if (second('r')) return found(Op::logical_or, 2);
          break;
        case '+':
          return found(Op::add, 1);
        case '-':
          return found(Op::sub, 1);
        case '*':
          return found(Op::mul, 1);
        case '%':
          return found(Op::mod, 1);
        case '^':
          return found(Op::pow, 1);
        default:
          break;
      }
    throw std::logic_error("no operator between two operands");
  }

  ExprPtr quantity(const Node& n) {
    auto e = make(ExprKind::number, n);
    const Node& num = *n.children.at(0);
    e->number = number_value(num.string_view());
    if (!std::isfinite(e->number))
      throw UserError(range(num), "E0161",
                      "number out of range: " + num.string() +
                          " does not fit in a double (the limit is about 1.8e308)");
    if (n.children.size() > 1) {
      e->unit = std::make_unique<UnitExpr>();
      unit_into(*e->unit, *n.children[1]);
    }
    return e;
  }

  // A number as written (digits, a fraction, an exponent), rounded to the nearest double:
  // std::from_chars, which is exact and several times cheaper than strtod, and strtod's
  // answer where from_chars declines (out of a double's range: infinity, or 0 below it).
  static double number_value(std::string_view text) {
    double value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec == std::errc{} && end == text.data() + text.size()) return value;
    return std::strtod(std::string(text).c_str(), nullptr);
  }

  // `text(x)` is `"{x}"`: the value as an interpolation shows it, in its written or
  // declared unit (docs/language.md, "Text"), so it is made one, and display is decided in
  // one place. Any other call is left as it is (`text(1, 2)` is the checker's E0311).
  static ExprPtr as_text_call(ExprPtr call) {
    if (call->callee->kind != ExprKind::name || call->callee->text != "text" ||
        call->arguments.size() != 1 || call->arguments[0].name)
      return call;
    auto piece = std::make_unique<Expr>(ExprKind::format, call->range);
    piece->operands.push_back(std::move(call->arguments[0].value));
    piece->depth = piece->operands[0]->depth + 1;
    auto text = std::make_unique<Expr>(ExprKind::interpolation, call->range);
    text->depth = piece->depth + 1;
    text->operands.push_back(std::move(piece));
    return text;
  }

  ExprPtr postfix(const Node& n) {
    ExprPtr e = expr(*n.children.at(0));
    for (std::size_t i = 1; i < n.children.size(); ++i) {
      const Node& s = *n.children[i];
      SourceRange r{file_, e->range.begin, range(s).end};
      if (s.is_type<g::call_suffix>()) {
        auto call = std::make_unique<Expr>(ExprKind::call, r);
        call->callee = std::move(e);
        call->arguments = arguments(s);
        e = finish(as_text_call(std::move(call)));
      } else if (s.is_type<g::index_suffix>() && s.children.at(0)->is_type<g::slice>()) {
        // The bounds written are operands 1 and 2 (or 1), `number` says which (Expr).
        auto slice = std::make_unique<Expr>(ExprKind::slice, r);
        slice->name_range = range(s);
        slice->operands.push_back(std::move(e));
        for (const auto& bound : s.children[0]->children) {
          slice->number += bound->is_type<g::slice_from>() ? 1 : 2;
          slice->operands.push_back(expr(*bound->children.at(0)));
        }
        e = finish(std::move(slice));
      } else if (s.is_type<g::index_suffix>()) {
        auto index = std::make_unique<Expr>(ExprKind::index, r);
        index->name_range = range(s);  // the brackets and the index, for run-time errors
        index->operands.reserve(2);
        index->operands.push_back(std::move(e));
        index->operands.push_back(expr(*s.children.at(0)));
        e = finish(std::move(index));
      } else {
        const Node& name = *s.children.at(0);
        auto member = std::make_unique<Expr>(ExprKind::member, r, name.string_view());
        member->name_range = range(name);
        member->operands.push_back(std::move(e));
        e = finish(std::move(member));
      }
    }
    return e;
  }

  // `[a, b, c]` (its children are the elements), or `[e for PATTERN in xs if c ...]` (the
  // element and its comprehension_clauses).
  ExprPtr list_literal(const Node& n) {
    if (n.children.size() == 2 && n.children[1]->is_type<g::comprehension_clauses>())
      return comprehension(n, ExprKind::comprehension, expr(*n.children[0]), *n.children[1]);
    auto e = make(ExprKind::list, n);
    e->operands.reserve(n.children.size());
    for (const auto& c : n.children) e->operands.push_back(expr(*c));
    return finish(std::move(e));
  }

  // The comprehension `whole` (the brackets and all in them) of `element` and its
  // `clauses` (a comprehension_clauses node): the first clause is the comprehension, of
  // `kind`, and each later one a clause (Expr::number 1) in the place of the element of the
  // one before, the element in the last (see Expr). Every one spans `whole`, where an
  // error about the comprehension points, and its name_range is its own `for ...`.
  ExprPtr comprehension(const Node& whole, ExprKind kind, ExprPtr element, const Node& clauses) {
    ExprPtr body = std::move(element);
    for (std::size_t i = clauses.children.size(); i-- > 0;) {
      const Node& clause = *clauses.children[i];
      auto e = make(i == 0 ? kind : ExprKind::comprehension, whole);
      e->name_range = range(clause);
      e->number = i == 0 ? 0 : 1;
      e->operands.push_back(expr(*clause.children.at(1)));
      e->operands.push_back(std::move(body));
      if (clause.children.size() > 2)
        e->operands.push_back(expr(*clause.children[2]->children.at(0)));
      const Node& pattern = *clause.children.at(0);
      e->op = pattern.is_type<g::tuple_pattern>() ? Op::mul : Op::add;
      auto bind = [&](const Node& b) {
        Argument a;
        a.value = make(ExprKind::name, b);
        a.value->text = b.string();
        e->arguments.push_back(std::move(a));
      };
      if (pattern.is_type<g::tuple_pattern>())
        for (const auto& b : pattern.children) bind(*b);
      else
        bind(pattern);
      body = finish(std::move(e));
    }
    return body;
  }

  // `{e for x in xs}` and `{k: v for x in xs}`: a comprehension (Comprehended) whose
  // element is e, or the tuple (k, v) spanning `k: v`.
  ExprPtr brace_comprehension(const Node& n) {
    const Node& entry = *n.children[0];
    ExprPtr element;
    if (entry.children.size() == 1) {
      element = expr(*entry.children[0]);
    } else {
      element = make(ExprKind::tuple, entry);
      element->operands.push_back(expr(*entry.children[0]));
      element->operands.push_back(expr(*entry.children[1]));
      element = finish(std::move(element));
    }
    const bool set = entry.children.size() == 1;
    ExprPtr e = comprehension(n, ExprKind::comprehension, std::move(element), *n.children[1]);
    e->number = static_cast<double>(set ? Comprehended::set : Comprehended::map);
    return e;
  }

  // `(784, 256)`: a paren whose first expression is followed by the rest of a tuple.
  ExprPtr tuple(const Node& n) {
    auto e = make(ExprKind::tuple, n);
    e->operands.push_back(expr(*n.children.at(0)));
    for (const auto& c : n.children.at(1)->children) e->operands.push_back(expr(*c));
    return finish(std::move(e));
  }

  // A long list of numbers in one unit (grammar/number_list.hpp), which the rule has
  // scanned already: its values kept packed, and its first element made a number
  // expression with the unit.
  ExprPtr number_list(const Node& n) {
    g::NumberListScan scan;
    g::ScannedNumberList& last = g::last_scanned_number_list();
    if (last.at == n.string_view().data()) {
      scan = std::move(last.scan);
      last.at = nullptr;
    } else if (!g::scan_number_list(n.string_view(), scan)) {
      throw std::logic_error("a number_list that does not scan");
    }
    const std::uint32_t at = range(n).begin;
    auto pos = [&](std::size_t i) { return at + static_cast<std::uint32_t>(i); };
    auto first = std::make_unique<Expr>(
        ExprKind::number, SourceRange{file_, pos(scan.first_begin), pos(scan.unit_end)});
    first->number = scan.values.front();
    auto unit = std::make_unique<UnitExpr>();
    unit->range = {file_, pos(scan.unit_begin), pos(scan.unit_end)};
    unit->text =
        std::string(n.string_view().substr(scan.unit_begin, scan.unit_end - scan.unit_begin));
    // Its factors, as unit() makes them from the parse tree: `*` and `/` set the sign.
    int sign = 1;
    for (std::size_t i = 0; i < unit->text.size();) {
      std::size_t end = unit->text.find_first_of("*/", i);
      if (end == std::string::npos) end = unit->text.size();
      const std::string text = unit->text.substr(i, end - i);
      UnitFactor f;
      f.range = {file_, unit->range.begin + static_cast<std::uint32_t>(i),
                 unit->range.begin + static_cast<std::uint32_t>(end)};
      const auto caret = text.find('^');
      f.name = text.substr(0, caret);
      f.exponent = sign * (caret == std::string::npos ? 1 : unit_power(text, caret + 1, f.range));
      unit->factors.push_back(std::move(f));
      if (end < unit->text.size()) sign = unit->text[end] == '/' ? -1 : 1;
      i = end + 1;
    }
    first->unit = std::move(unit);
    auto e = make(ExprKind::number_list, n);
    e->operands.push_back(std::move(first));
    e->packed = std::make_unique<const std::vector<double>>(std::move(scan.values));
    return finish(std::move(e));
  }

  // `(a, b) => body`: its children are the parameters, then the body. Kept as a
  // comprehension's names are (see Expr): the parameters as `arguments` holding name
  // expressions, the body as operand 0.
  ExprPtr lambda(const Node& n) {
    auto e = make(ExprKind::lambda, n);
    for (std::size_t i = 0; i + 1 < n.children.size(); ++i) {
      const Node& p = *n.children[i];
      Argument a;
      a.value = make(ExprKind::name, p);
      a.value->text = p.string();
      e->arguments.push_back(std::move(a));
    }
    e->operands.push_back(expr(*n.children.back()));
    return finish(std::move(e));
  }

  // `A with x: 1 with y: 2`: each `with` makes a variant of what is left of it.
  ExprPtr variant(const Node& n) {
    ExprPtr e = expr(*n.children.at(0));
    for (std::size_t i = 1; i < n.children.size(); ++i) {
      const Node& overrides = *n.children[i];
      auto v = std::make_unique<Expr>(ExprKind::variant,
                                      SourceRange{file_, e->range.begin, range(overrides).end});
      // The `with` keyword, where messages about the variant as a whole point.
      std::uint32_t at = e->range.end;
      while (origin_[at] != 'w' || origin_[at + 1] != 'i') {  // layout, then `with`
        if (origin_[at] == '#')
          while (origin_[at] != '\n') ++at;
        ++at;
      }
      v->name_range = {file_, at, at + 4};
      // What the variant is called in messages: its text, on one line.
      bool space = false;
      for (std::uint32_t i = v->range.begin; i < v->range.end; ++i) {
        const bool blank = std::isspace(static_cast<unsigned char>(origin_[i]));
        if (!blank && space && !v->text.empty()) v->text += ' ';
        if (!blank) v->text += origin_[i];
        space = blank;
      }
      v->operands.push_back(std::move(e));
      for (const auto& item : overrides.children) {
        Argument a;
        const Node& name = *item->children.at(0)->children.at(0);
        a.name = name.string();
        a.name_range = range(name);
        a.value = expr(*item->children.at(1));
        v->arguments.push_back(std::move(a));
      }
      e = finish(std::move(v));
    }
    return e;
  }

  // `{k: v, ...}`: each map_entry's key and value, in turn; `{a, b}`: a set, each item an
  // element alone. `{}` is a map here; the checker makes it a set where one is expected.
  ExprPtr map_literal(const Node& n) {
    if (n.children.size() == 2 && n.children[1]->is_type<g::comprehension_clauses>())
      return brace_comprehension(n);
    const bool set = !n.children.empty() && n.children[0]->children.size() == 1;
    auto e = make(set ? ExprKind::set : ExprKind::map, n);
    e->operands.reserve((set ? 1 : 2) * n.children.size());
    for (const auto& entry : n.children) {
      if ((entry->children.size() == 1) != set)
        throw UserError(range(*entry), "E0180",
                        set ? "an entry `key: value` among the elements of a set: a literal is a "
                              "set (`{\"a\", \"b\"}`) or a map (`{\"a\": 1, \"b\": 2}`), not both"
                            : "an element alone among the entries of a map: a literal is a map "
                              "(`{\"a\": 1, \"b\": 2}`) or a set (`{\"a\", \"b\"}`), not both");
      for (const auto& part : entry->children) e->operands.push_back(expr(*part));
    }
    return finish(std::move(e));
  }

  CompactVector<Argument> arguments(const Node& n) {
    CompactVector<Argument> args;
    args.reserve(n.children.size());
    for (const auto& c : n.children) {
      if (!c->is_type<g::argument>()) continue;
      Argument a;
      std::size_t value_index = 0;
      if (c->children.at(0)->is_type<g::arg_name>()) {
        const Node& name = *c->children[0]->children.at(0);
        a.name = name.string();
        a.name_range = range(name);
        value_index = 1;
      }
      a.value = expr(*c->children.at(value_index));
      args.push_back(std::move(a));
    }
    return args;
  }

  // The written power of a unit factor (`^-2`), within what a dimension's exponent can
  // hold (-128..127); the checker bounds the dimension it makes.
  static int unit_power(std::string_view text, std::size_t at, SourceRange where) {
    int power = 0;
    const char* first = text.data() + at;
    const char* last = text.data() + text.size();
    const bool negative = *first == '-';
    auto [end, ec] = std::from_chars(first + (negative ? 1 : 0), last, power);
    if (ec != std::errc{} || end != last || power > g::max_unit_power + (negative ? 1 : 0))
      throw UserError(where, "E0170",
                      fmt::format("the power of a unit must be between {} and {}, not {}",
                                  -g::max_unit_power - 1, g::max_unit_power, text.substr(at)));
    return negative ? -power : power;
  }

  UnitExpr unit(const Node& n) {
    UnitExpr u;
    unit_into(u, n);
    return u;
  }
  // Fills `u`, made empty where it is kept: a unit is not moved after it is made.
  void unit_into(UnitExpr& u, const Node& n) {
    u.range = range(n);
    u.text = n.string_view();
    u.factors.reserve((n.children.size() + 1) / 2);  // factor (operator factor)*
    int sign = 1;
    for (const auto& c : n.children) {
      if (c->is_type<g::unit_mul>()) {
        sign = 1;
      } else if (c->is_type<g::unit_div>()) {
        sign = -1;
      } else if (c->is_type<g::unit_factor>()) {
        const std::string_view text = c->string_view();
        const auto caret = text.find('^');
        std::string_view name = text.substr(0, caret);
        // `µs` and `μs` (the micro sign or the Greek mu, 2 bytes in UTF-8) are `us`.
        const bool micro = !name.empty() && static_cast<unsigned char>(name[0]) >= 0x80;
        if (micro) name.remove_prefix(std::min<std::size_t>(2, name.size()));
        // The factor made whole, its name from the text (assigning to a made string is
        // a slower path); `u` and the rest for the micro prefix. Braces, not
        // emplace_back's parentheses: emscripten's clang 14 has no parenthesized
        // aggregate initialization (P0960).
        UnitFactor& f = u.factors.emplace_back(
            UnitFactor{micro ? "u" + std::string(name) : std::string(name), 1, range(*c)});
        f.exponent = sign * (caret == std::string::npos ? 1 : unit_power(text, caret + 1, f.range));
      }
    }
  }

  TypeExpr type(const Node& n) {
    TypeExpr t;
    t.range = range(n);
    for (const auto& c : n.children) {
      if (c->is_type<g::int_mark>()) t.integer = true;
      if (c->is_type<g::optional_mark>()) t.optional = true;
      if (c->is_type<g::unit_expr>()) t.unit = unit(*c);
      if (c->is_type<g::list_type>())
        t.element = std::make_unique<TypeExpr>(type(*c->children.at(0)));
      if (c->is_type<g::map_type>() && c->children.size() == 1) {  // `{T}`: a set
        t.set = true;
        t.element = std::make_unique<TypeExpr>(type(*c->children.at(0)));
      } else if (c->is_type<g::map_type>()) {
        t.key = std::make_unique<TypeExpr>(type(*c->children.at(0)));
        t.element = std::make_unique<TypeExpr>(type(*c->children.at(1)));
      }
      if (c->is_type<g::tuple_type>())
        for (const auto& element : c->children) t.tuple.push_back(type(*element));
    }
    return t;
  }

  // --- declarations -----------------------------------------------------------------
  // Collects the doc lines and metadata before a declaration; returns the index of
  // the first child after them.
  std::size_t docs(const Node& n, Docs& out) {
    std::size_t bytes = 0;  // at least the text's: one allocation for the lines joined
    for (const Node* c : n.children) {
      if (c->is_type<g::doc_line>())
        bytes += c->string_view().size();
      else if (!c->is_type<g::metadata>() && !c->is_type<g::fallacy>())
        break;
    }
    out.text.reserve(bytes);
    std::size_t i = 0;
    for (; i < n.children.size(); ++i) {
      const Node& c = *n.children[i];
      if (c.is_type<g::doc_line>()) {
        std::string_view line = c.string_view().substr(2);
        if (!line.empty() && line.front() == ' ') line.remove_prefix(1);
        while (!line.empty() && (line.back() == '\r' || line.back() == '\n')) line.remove_suffix(1);
        if (!out.text.empty()) out.text += '\n';
        out.text += line;
      } else if (c.is_type<g::metadata>()) {
        out.metadata.push_back({c.children.at(0)->string(),
                                unescape(c.children.at(1)->children.at(0)->string_view()), ""});
      } else if (c.is_type<g::fallacy>()) {  // children: the two strings' bodies
        out.metadata.push_back({"fallacy", unescape(c.children.at(0)->string_view()),
                                unescape(c.children.at(1)->string_view())});
      } else {
        break;
      }
    }
    return i;
  }

  std::unique_ptr<Decl> decl(const Node& n) {
    Docs d;
    const Node& body = *n.children.at(docs(n, d));
    std::unique_ptr<Decl> result;
    if (body.is_type<g::import_decl>()) {
      auto imp = std::make_unique<ImportDecl>();
      imp->path = unescape(body.children.at(0)->children.at(0)->string_view());
      result = std::move(imp);
    } else if (body.is_type<g::record_decl>()) {
      result = record(body);
    } else if (body.is_type<g::enum_decl>()) {
      auto e = std::make_unique<EnumDecl>();
      name_of(*e, body);
      for (std::size_t i = 1; i < body.children.size(); ++i) {
        e->members.push_back(body.children[i]->string());
        e->member_ranges.push_back(range(*body.children[i]));
      }
      result = std::move(e);
    } else if (body.is_type<g::scenario_decl>()) {
      result = scenario(body);
    } else if (body.is_type<g::case_decl>()) {
      auto c = std::make_unique<CaseDecl>();
      name_of(*c, body);
      const Node& base = *body.children.at(1);
      c->base = base.string();
      c->base_range = range(base);
      const Node& args = *body.children.at(2);
      c->is_override = args.is_type<g::case_with>();
      c->arguments = arguments(args);
      result = std::move(c);
    } else if (body.is_type<g::check_decl>()) {
      auto c = std::make_unique<CheckDecl>();
      c->condition = expr(*body.children.at(0));
      if (body.children.size() > 1) c->tolerance = expr(*body.children[1]->children.at(0));
      result = std::move(c);
    } else if (body.is_type<g::let_decl>()) {
      auto l = std::make_unique<LetDecl>();
      name_of(*l, body);
      std::size_t i = 1;
      if (body.children.at(i)->is_type<g::declared_type>())
        l->declared = std::make_unique<TypeExpr>(type(*body.children[i++]->children.at(0)));
      l->value = expr(*body.children.at(i));
      result = std::move(l);
    } else if (body.is_type<g::exercise_decl>()) {
      result = exercise(body);
    } else if (body.is_type<g::sweep_decl>()) {
      result = sweep(body);
    } else {
      result = native(*body.children.at(0));
    }
    result->range = range(body);
    result->docs = std::move(d);
    return result;
  }

  void name_of(Decl& d, const Node& body) {
    const Node& name = *body.children.at(0);
    d.name = name.string();
    d.name_range = range(name);
  }

  std::unique_ptr<RecordDecl> record(const Node& body) {
    auto r = std::make_unique<RecordDecl>();
    name_of(*r, body);
    for (std::size_t i = 1; i < body.children.size(); ++i) {
      const Node& f = *body.children[i];
      Field field;
      std::size_t k = docs(f, field.docs);
      field.name = f.children.at(k)->string();
      field.range = range(*f.children[k]);
      field.type = type(*f.children.at(k + 1));
      if (f.children.size() > k + 2) field.default_value = expr(*f.children[k + 2]->children.at(0));
      r->fields.push_back(std::move(field));
    }
    return r;
  }

  std::vector<Parameter> parameters(const Node& n) {
    std::vector<Parameter> params;
    for (const auto& p : n.children) {
      Parameter param;
      param.name = p->children.at(0)->string();
      param.range = range(*p->children[0]);
      param.type = type(*p->children.at(1));
      if (p->children.size() > 2) param.default_value = expr(*p->children[2]->children.at(0));
      params.push_back(std::move(param));
    }
    return params;
  }

  std::unique_ptr<ScenarioDecl> scenario(const Node& body) {
    auto s = std::make_unique<ScenarioDecl>();
    name_of(*s, body);
    // Every member but the inputs is a property: no regrowth (and no spare capacity) for
    // a scenario of 100,000 properties.
    s->properties.reserve(body.children.size() - 1);
    std::size_t inputs = 0;  // a member's last child is what it declares
    for (std::size_t i = 1; i < body.children.size(); ++i)
      inputs += body.children[i]->children.back()->is_type<g::input_decl>() ? 1 : 0;
    s->inputs.reserve(inputs);
    for (std::size_t i = 1; i < body.children.size(); ++i) {
      const Node& m = *body.children[i];
      Docs d;
      const Node& decl = *m.children.at(docs(m, d));
      if (decl.is_type<g::require_decl>()) {
        Requirement r;
        r.docs = std::move(d);
        r.range = range(decl);
        r.condition = expr(*decl.children.at(0));
        const Node& message = *decl.children.at(1);
        r.written = message.children.at(0)->string();
        text_pieces(*message.children.at(0), r.message);
        s->requirements.push_back(std::move(r));
        continue;
      }
      if (decl.is_type<g::input_decl>()) {
        Input& in = s->inputs.emplace_back();
        in.docs = std::move(d);
        in.name = decl.children.at(0)->string_view();
        in.range = range(*decl.children[0]);
        in.type = type(*decl.children.at(1));
        if (decl.children.size() > 2) in.default_value = expr(*decl.children[2]->children.at(0));
        continue;
      }
      Property& p = s->properties.emplace_back();
      p.docs = std::move(d);
      p.name = decl.children.at(0)->string();
      p.range = range(*decl.children[0]);
      std::size_t k = 1;
      if (decl.children.at(k)->is_type<g::parameters>()) {
        p.is_method = true;
        p.parameters = parameters(*decl.children[k++]);
      }
      if (decl.children.at(k)->is_type<g::declared_type>())
        p.declared = std::make_unique<TypeExpr>(type(*decl.children[k++]->children.at(0)));
      p.body = expr(*decl.children.at(k));
    }
    return s;
  }

  std::unique_ptr<NativeDecl> native(const Node& n) {
    auto d = std::make_unique<NativeDecl>();
    name_of(*d, n);
    if (n.is_type<g::native_constant>()) {
      d->is_constant = true;
      d->result = type(*n.children.at(1));
    } else {
      d->parameters = parameters(*n.children.at(1));
      d->result = type(*n.children.at(2));
    }
    return d;
  }

  std::unique_ptr<ExerciseDecl> exercise(const Node& body) {
    auto x = std::make_unique<ExerciseDecl>();
    name_of(*x, body);
    bool has_about = false, has_prompt = false;
    auto once = [&](bool seen, const Node& item, const char* what) {
      if (seen)
        throw UserError(range(item), "E0163",
                        "exercise `" + x->name + "` has more than one " + what);
    };
    for (std::size_t i = 1; i < body.children.size(); ++i) {
      const Node& item = *body.children[i];
      if (item.is_type<g::exercise_about>()) {
        once(has_about, item, "`about`");
        has_about = true;
        x->about = item.children.at(0)->string();
        x->about_range = range(*item.children[0]);
      } else if (item.is_type<g::exercise_vary>()) {
        x->vary.push_back(vary(item));
      } else if (item.is_type<g::exercise_prompt>()) {
        once(has_prompt, item, "`prompt`");
        has_prompt = true;
        x->prompt_range = range(item);
        for (std::size_t k = 0; k < item.children.size(); ++k) {
          if (k > 0) x->prompt.push_back({" ", nullptr});
          text_pieces(*item.children[k]->children.at(0), x->prompt);
        }
      } else if (item.is_type<g::exercise_answer>()) {
        once(x->answer != nullptr, item, "`answer`");
        x->answer = expr(*item.children.at(0));
      } else if (item.is_type<g::exercise_within>()) {
        once(x->tolerance != nullptr, item, "`within` tolerance");
        x->tolerance = expr(*item.children.at(0));
      } else if (item.is_type<g::exercise_hint>()) {
        text_pieces(*item.children.at(0), x->hints.emplace_back());  // hint_text's body
      } else if (item.is_type<g::exercise_slip>()) {
        ExerciseDecl::Slip& slip = x->slips.emplace_back();
        slip.range = range(item);
        slip.value = expr(*item.children.at(0));
        text_pieces(*item.children.at(1)->children.at(0), slip.feedback);  // its string
        if (item.children.size() > 2) slip.credit = expr(*item.children[2]->children.at(0));
      } else if (item.is_type<g::sweep_where>()) {
        x->where.push_back(expr(*item.children.at(0)));
      }
    }
    auto need = [&](bool present, const char* what) {
      if (!present)
        throw UserError(x->name_range, "E0164", "exercise `" + x->name + "` needs " + what);
    };
    need(has_about, "`about CASE`: the case it is about");
    need(has_prompt, "a `prompt \"...\"`: the question");
    need(x->answer != nullptr, "an `answer EXPR`: the value asked for");
    return x;
  }

  // `vary NAME in VALUES` of an exercise or a sweep: a list, or a range whose stride is
  // an exercise's bare step or a sweep's `step S` or `times F`.
  Vary vary(const Node& item) {
    Vary v;
    v.name = item.children.at(0)->string();
    v.range = range(*item.children[0]);
    const Node& values = *item.children.at(1);
    if (values.is_type<g::vary_list>()) {
      for (const auto& c : values.children) v.values.push_back(expr(*c));
      return v;
    }
    v.from = expr(*values.children.at(0));
    v.to = expr(*values.children.at(1));
    if (values.children.size() < 3) return v;  // a sweep's `1 .. 8`: step 1 (checker.cpp)
    const Node& stride = *values.children[2];
    if (stride.is_type<g::range_times>())
      v.factor = expr(*stride.children.at(0));
    else if (stride.is_type<g::range_step_by>())
      v.step = expr(*stride.children.at(0));
    else
      v.step = expr(stride);
    return v;
  }

  std::unique_ptr<SweepDecl> sweep(const Node& body) {
    auto x = std::make_unique<SweepDecl>();
    name_of(*x, body);
    bool has_about = false;
    for (std::size_t i = 1; i < body.children.size(); ++i) {
      const Node& item = *body.children[i];
      if (item.is_type<g::exercise_about>()) {
        if (has_about)
          throw UserError(range(item), "E0163",
                          "sweep `" + x->name + "` has more than one `about`");
        has_about = true;
        x->about = item.children.at(0)->string();
        x->about_range = range(*item.children[0]);
      } else if (item.is_type<g::sweep_vary>()) {
        x->vary.push_back(vary(item));
      } else if (item.is_type<g::sweep_show>()) {
        for (const auto& c : item.children.at(0)->children) x->show.push_back(expr(*c));
      } else if (item.is_type<g::sweep_where>()) {
        x->where.push_back(expr(*item.children.at(0)));
      } else {
        if (x->objective)
          throw UserError(range(item), "E0163",
                          "sweep `" + x->name + "` has more than one objective");
        x->maximize = item.is_type<g::sweep_maximize>();
        x->objective = expr(*item.children.at(0));
      }
    }
    if (!has_about)
      throw UserError(x->name_range, "E0164",
                      "sweep `" + x->name + "` needs `about CASE`: the case it varies");
    if (x->vary.empty())
      throw UserError(x->name_range, "E0164",
                      "sweep `" + x->name + "` needs at least one `vary INPUT in VALUES`");
    return x;
  }

  // The command line's --vary values: a list, or a range whose stride is a step or a
  // factor (neither: step 1).
  Vary vary_spec(const Node& root) {
    Vary v;
    const Node& values = *root.children.at(0);
    if (values.is_type<g::spec_list>()) {
      for (const auto& c : values.children) v.values.push_back(expr(*c));
      return v;
    }
    v.from = expr(*values.children.at(0));
    v.to = expr(*values.children.at(1));
    if (values.children.size() > 2) {
      const Node& stride = *values.children[2];
      (stride.is_type<g::spec_times>() ? v.factor : v.step) = expr(*stride.children.at(0));
    }
    return v;
  }

  // A string literal used as an expression: a text, or an interpolation of its pieces
  // when it has a `{expr}` (a string with only `{{` and `}}` is a plain text).
  ExprPtr string_expr(const Node& n) {
    std::vector<ExprPtr> pieces;
    bool interpolated = false;
    split_text(
        *n.children.at(0),
        [&](std::string text, SourceRange at) {
          auto piece = std::make_unique<Expr>(ExprKind::text, at);
          piece->text = std::move(text);
          pieces.push_back(std::move(piece));
        },
        [&](ExprPtr format) {
          interpolated = true;
          pieces.push_back(std::move(format));
        });
    if (!interpolated) {
      auto e = make(ExprKind::text, n);
      if (!pieces.empty()) e->text = std::move(pieces.front()->text);
      return e;
    }
    auto e = make(ExprKind::interpolation, n);
    for (ExprPtr& piece : pieces) e->operands.push_back(std::move(piece));
    return finish(std::move(e));
  }

  // Splits one string of a prompt or hint (its string_body node) into text and `{expr}`
  // pieces, as a text expression is split.
  void text_pieces(const Node& body, std::vector<PromptPiece>& pieces) {
    split_text(
        body,
        [&](std::string text, SourceRange) {
          pieces.push_back({std::move(text), nullptr});
        },
        [&](ExprPtr format) {
          pieces.push_back({"", std::move(format)});
        });
  }

  // The one reading of `{...}` in a string (a text expression, a prompt, a hint): the
  // characters between interpolations go to `literal` (escapes and `{{` `}}` decoded,
  // with their range), each `{expr}` or `{expr:FORMAT}` to `value` as an ExprKind::format.
  // The expressions are parsed where they stand in the file, so their errors point into
  // the string. The first `:` outside brackets starts a digits format (`.2f`, `.3g`).
  template <typename Literal, typename Value>
  void split_text(const Node& body, Literal literal, Value value) {
    const std::uint32_t base = range(body).begin;
    std::string_view raw = body.string_view();
    std::string text;
    std::size_t text_begin = 0;
    auto offset_of = [&](std::size_t i) { return base + static_cast<std::uint32_t>(i); };
    auto at = [&](std::size_t i) { return SourceRange{file_, offset_of(i), offset_of(i) + 1}; };
    auto flush = [&](std::size_t end) {
      if (!text.empty())
        literal(std::move(text), SourceRange{file_, offset_of(text_begin), offset_of(end)});
      text.clear();
    };
    for (std::size_t i = 0; i < raw.size(); ++i) {
      char c = raw[i];
      if (text.empty()) text_begin = i;
      if (c == '\\' && i + 1 < raw.size()) {
        text += unescape(raw.substr(i, 2));
        ++i;
      } else if ((c == '{' || c == '}') && i + 1 < raw.size() && raw[i + 1] == c) {
        text += c;
        ++i;
      } else if (c == '}') {
        throw UserError(at(i), "E0165", "a lone '}' in the text: write '}}' for a brace");
      } else if (c == '{') {
        std::size_t close = raw.find('}', i + 1);
        if (close == std::string_view::npos)
          throw UserError(at(i), "E0165",
                          "unclosed '{' in the text: end the expression with '}', or "
                          "write '{{' for a brace");
        flush(i);
        value(interpolated(raw, base, i, close));
        i = close;
      } else {
        text += c;
      }
    }
    flush(raw.size());
  }

  // The `{...}` of `raw` from `open` to `close` (the braces' offsets in the string body
  // that starts at `base`) as an ExprKind::format.
  ExprPtr interpolated(std::string_view raw, std::uint32_t base, std::size_t open,
                       std::size_t close) {
    auto offset_of = [&](std::size_t i) { return base + static_cast<std::uint32_t>(i); };
    std::size_t colon = close;
    int depth = 0;
    for (std::size_t k = open + 1; k < close && colon == close; ++k) {
      const char c = raw[k];
      depth += c == '(' || c == '[' || c == '{' ? 1 : c == ')' || c == ']' ? -1 : 0;
      if (c == ':' && depth == 0) colon = k;
    }
    std::string_view inside = raw.substr(open + 1, colon - open - 1);
    if (inside.find_first_not_of(" \t") == std::string_view::npos)
      throw UserError(SourceRange{file_, offset_of(open), offset_of(open) + 1}, "E0165",
                      "empty '{}' in the text: put an expression inside");
    auto e = std::make_unique<Expr>(ExprKind::format,
                                    SourceRange{file_, offset_of(open), offset_of(close) + 1});
    if (colon != close) {
      std::string_view spec = raw.substr(colon + 1, close - colon - 1);
      const auto first = spec.find_first_not_of(" \t");
      spec = first == std::string_view::npos
                 ? std::string_view{}
                 : spec.substr(first, spec.find_last_not_of(" \t") - first + 1);
      e->name_range = SourceRange{file_, offset_of(colon), offset_of(close)};
      if (!parse_digits_format(spec))
        throw UserError(e->name_range, "E0150",
                        fmt::format("`:{}` is not a digits format: write `:.2f` for 2 decimals "
                                    "or `:.3g` for 3 significant digits (at most {}); an "
                                    "expression with a `:` of its own goes in parentheses",
                                    spec, max_format_digits));
      e->text = std::string(spec);
    }
    auto root = run<g::expression_only>(sources_, file_, offset_of(open + 1), offset_of(colon));
    e->operands.push_back(expr(*root->children.at(0)));
    return finish(std::move(e));
  }

  std::string unescape(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    // The runs between escapes copied whole (a metadata text is mostly one run).
    for (std::size_t i = 0; i < s.size();) {
      std::size_t escape = s.find('\\', i);
      if (escape == std::string_view::npos || escape + 1 == s.size()) {
        out.append(s.substr(i));
        break;
      }
      out.append(s.substr(i, escape - i));
      const char c = s[escape + 1];
      out += c == 'n' ? '\n' : c == 't' ? '\t' : c;
      i = escape + 2;
    }
    return out;
  }

 private:
  ExprPtr make(ExprKind kind, const Node& n) { return std::make_unique<Expr>(kind, range(n)); }
  const SourceManager& sources_;
  FileId file_;
  const char* origin_;
};

// Rejects a string literal longer than grammar::max_string_bytes.
void check_strings(const Node& n, FileId file, const char* origin) {
  if (n.is_type<g::string_body>() && n.string_view().size() > g::max_string_bytes) {
    auto begin = static_cast<std::uint32_t>(n.m_begin.data - origin);
    throw UserError(SourceRange{file, begin - 1, begin}, "E0162",
                    fmt::format("string literal is too long: {} bytes (the limit is {} KiB)",
                                n.string_view().size(), g::max_string_bytes / 1024));
  }
  for (const auto& c : n.children) check_strings(*c, file, origin);
}

// The innermost bracket still open at `end` of the bytes [begin, end), skipping strings
// and comments, if any.
std::optional<std::uint32_t> innermost_open_bracket(std::string_view text, std::uint32_t begin,
                                                    std::uint32_t end) {
  std::vector<std::uint32_t> open;
  for (std::uint32_t i = begin; i < end; ++i) {
    const char c = text[i];
    if (c == '#') {
      while (i < end && text[i] != '\n') ++i;
    } else if (c == '"') {  // a string ends at its quote or its line (string_char)
      for (++i; i < end && text[i] != '"' && text[i] != '\n'; ++i)
        if (text[i] == '\\') ++i;
    } else if (c == '(' || c == '[' || c == '{') {
      open.push_back(i);
    } else if ((c == ')' || c == ']' || c == '}') && !open.empty()) {
      open.pop_back();
    }
  }
  if (open.empty()) return std::nullopt;
  return open.back();
}

// When a parse fails at the end of the text (nothing but blanks and comments after the
// failure), the usual cause is a bracket left open far above, which "expected ')'" at
// the last line does not show. Returns the innermost bracket still open at the end of
// [begin, end), skipping strings and comments, if the failure at `at` is such a one.
std::optional<std::uint32_t> unclosed_bracket_at_end(std::string_view text, std::uint32_t begin,
                                                     std::uint32_t end, std::uint32_t at) {
  for (std::uint32_t i = at; i < end; ++i) {
    if (text[i] == '#') {
      while (i < end && text[i] != '\n') ++i;
    } else if (text[i] != ' ' && text[i] != '\t' && text[i] != '\n' && text[i] != '\r') {
      return std::nullopt;  // the parse failed before the end
    }
  }
  return innermost_open_bracket(text, begin, end);
}

// Parses the bytes [begin, end) of a file with Rule; positions stay those of the file.
// Each declaration parsed goes to `sink` (which the rule `file` needs).
template <typename Rule>
tree::ParsedTree run(const SourceManager& sources, FileId file, std::uint32_t begin,
                     std::uint32_t end, DeclSink* sink) {
  const SourceFile& f = sources.file(file);
  LineColumn start = f.position(begin);
  // Lazy tracking: lines and columns are counted only for an error's position.
  tao::pegtl::memory_input<tao::pegtl::tracking_mode::lazy> in(
      f.text().data() + begin, f.text().data() + end, f.name(), begin, start.line, start.column);
  try {
    tree::TreeBuilder builder(sink,
                              [&](const Node& n) { check_strings(n, file, f.text().data()); });
    if (!tao::pegtl::parse<Rule, tao::pegtl::nothing, tree::building<Selection>::control>(in,
                                                                                          builder))
      throw UserError(SourceRange{file, 0, 0}, "E0135", "could not parse the input");
    return builder.root();
  } catch (const tao::pegtl::parse_error& e) {
    auto at = static_cast<std::uint32_t>(e.positions().front().byte);
    std::string message(e.message());
    // The messages of grammar/errors.hpp start with their code: "E0108: expected ')'".
    std::string code;
    if (message.size() > 7 && message[0] == 'E' && message.compare(5, 2, ": ") == 0) {
      code = message.substr(0, 5);
      message.erase(0, 7);
    }
    if (auto open = unclosed_bracket_at_end(f.text(), begin, end, at)) {
      const char bracket = f.text()[*open];
      const char closer = bracket == '(' ? ')' : bracket == '[' ? ']' : '}';
      throw UserError(
          Diagnostic{SourceRange{file, *open, *open + 1},
                     fmt::format("unclosed `{}`: the text ends before its `{}`", bracket, closer),
                     {Note{SourceRange{file, at, at + 1}, "the text ends here (" + message + ")"}},
                     "E0921"});
    }
    // A closing bracket expected in the middle of the text (`)`, `]` of a list or a
    // type, `}` of a map or a declaration): a note at the bracket it would close, which
    // may be lines above.
    const char opener = code == "E0108"                      ? '('
                        : code == "E0129" || code == "E0141" ? '['
                        : code == "E0119" || code == "E0180" ? '{'
                                                             : '\0';
    if (opener)
      if (auto open = innermost_open_bracket(f.text(), begin, at);
          open && f.text()[*open] == opener)
        throw UserError(Diagnostic{SourceRange{file, at, at + 1},
                                   std::move(message),
                                   {Note{SourceRange{file, *open, *open + 1},
                                         fmt::format("the `{}` opened here", opener)}},
                                   std::move(code)});
    throw UserError(SourceRange{file, at, at + 1}, std::move(code), std::move(message));
  }
}

std::uint32_t text_size(const SourceManager& sources, FileId file) {
  return static_cast<std::uint32_t>(sources.file(file).text().size());
}

}  // namespace

std::unique_ptr<Module> parse_module(const SourceManager& sources, FileId file) {
  Converter convert(sources, file);
  auto m = std::make_unique<Module>();
  m->file = file;
  DeclSink sink{[&](Node& decl, std::unique_ptr<tree::NodeArena>&) {
    m->decls.push_back(convert.decl(decl));
  }};
  run<g::file>(sources, file, 0, text_size(sources, file), &sink);
  return m;
}

// --- incremental parsing (ParseCache) -------------------------------------------------
//
// The file rule is `sep, (decl, sep)*, end`: between declarations the parser is always
// in the same state, so a parse started at a declaration's first byte, over the same
// text from there on, goes exactly as the whole file's parse went from there. A new
// version therefore keeps the declarations before the edit whose parse looked at none
// of the changed bytes, parses from the next one on, and stops as soon as a declaration
// it parsed ends where an old one ended in the unchanged tail of the text: the rest is
// the old declarations, shifted by the change in length. How far a declaration's parse
// looks past its end is not bounded by the grammar's form, but in this grammar it reads
// no further than the first token of the next declaration; the first kept declaration
// must end two declarations before the edit (`reach` below), a margin of one. An error
// in the cheap path is the whole parse's error (the parse from a declaration's start
// fails where the whole file's fails, and conversion errors are per declaration), but
// for an unclosed bracket (E0921), which is looked for from where the parse started:
// that version is parsed whole. tests/unit/test_parse_cache.cpp compares
// both parses over random edits.

namespace {

// A kept node's positions, as offsets from its declaration's first byte, held in the
// `byte` fields of its iterators (lazy tracking leaves them unused): the text a tree
// points into is one version's, and each version that reuses it points it into its own.
constexpr std::size_t no_content = SIZE_MAX;

void stash_offsets(Node& n, const char* decl_begin) {
  n.m_begin.byte = static_cast<std::size_t>(n.m_begin.data - decl_begin);
  n.m_end.byte = n.m_end.data ? static_cast<std::size_t>(n.m_end.data - decl_begin) : no_content;
  for (auto& c : n.children) stash_offsets(*c, decl_begin);
}

void point_into(Node& n, const char* decl_begin) {
  n.m_begin.data = decl_begin + n.m_begin.byte;
  n.m_end.data = n.m_end.byte == no_content ? nullptr : decl_begin + n.m_end.byte;
  for (auto& c : n.children) point_into(*c, decl_begin);
}

// Thrown by the sink to end a parse that has met the old declarations again: `next` is
// the index of the first old declaration that follows.
struct Resynced {
  std::size_t next;
};

}  // namespace

struct ParseCache::State {
  struct Kept {
    std::uint32_t begin = 0, end = 0;        // the declaration's bytes in `text`
    std::unique_ptr<tree::NodeArena> arena;  // where the tree's nodes are
    Node* tree = nullptr;
  };
  bool holds = false;       // a version parsed: `text` and `decls` are it
  std::string text;         // that version's text
  std::vector<Kept> decls;  // in file order
};

ParseCache::ParseCache() : state_(std::make_unique<State>()) {}
ParseCache::~ParseCache() = default;

namespace {

using Kept = ParseCache::State::Kept;

// Parses `file` from byte `from` (a declaration's first byte, or 0) to its end, each
// declaration converted into `m` and its tree kept in `fresh`; `resync(end)` may end the
// parse after a declaration ending at `end` by throwing Resynced.
void parse_keeping(const SourceManager& sources, FileId file, std::uint32_t from,
                   Converter& convert, Module& m, std::vector<Kept>& fresh,
                   const std::function<void(std::uint32_t)>& resync) {
  const char* origin = sources.file(file).text().data();
  DeclSink sink{[&](Node& decl, std::unique_ptr<tree::NodeArena>& arena) {
    m.decls.push_back(convert.decl(decl));
    auto begin = static_cast<std::uint32_t>(decl.m_begin.data - origin);
    auto end = static_cast<std::uint32_t>(decl.m_end.data - origin);
    stash_offsets(decl, decl.m_begin.data);
    fresh.push_back({begin, end, std::move(arena), &decl});
    resync(end);
  }};
  run<g::file>(sources, file, from, text_size(sources, file), &sink);
}

// The new version through the old one's kept trees, or nullptr where that path does
// not apply or fails (then the whole file is parsed).
std::unique_ptr<Module> reparse(const SourceManager& sources, FileId file, ParseCache::State& old,
                                ParseCache::Last& last) {
  const SourceFile& f = sources.file(file);
  const std::string& text = f.text();
  const std::size_t old_size = old.text.size(), size = text.size();
  const std::size_t common = std::min(old_size, size);
  std::size_t prefix = 0;
  while (prefix < common && old.text[prefix] == text[prefix]) ++prefix;
  std::size_t suffix = 0;
  while (suffix < common - prefix && old.text[old_size - 1 - suffix] == text[size - 1 - suffix])
    ++suffix;
  const auto delta = static_cast<std::int64_t>(size) - static_cast<std::int64_t>(old_size);
  const std::size_t count = old.decls.size();
  const bool same = prefix == old_size && old_size == size;
  // The bytes old declaration i's parse may have read (those of the next two): the
  // last two read to the end of the text, where a longer text reads on.
  auto reach = [&](std::size_t i) {
    return i + 2 < count ? std::size_t{old.decls[i + 2].begin} : old_size + 1;
  };
  std::size_t keep = 0;  // old declarations kept in front
  while (keep < count && (same || reach(keep) <= prefix)) ++keep;

  auto m = std::make_unique<Module>();
  m->file = file;
  Converter convert(sources, file);
  for (std::size_t i = 0; i < keep; ++i) {
    Kept& k = old.decls[i];
    point_into(*k.tree, text.data() + k.begin);
    m->decls.push_back(convert.decl(*k.tree));
  }
  std::vector<Kept> fresh;
  std::size_t resumed = count;  // the first old declaration after the parsed ones
  if (!same) {
    const std::uint32_t from = keep == 0 ? 0 : old.decls[keep].begin;
    auto resync = [&](std::uint32_t end) {
      const std::int64_t old_end = static_cast<std::int64_t>(end) - delta;
      if (old_end < static_cast<std::int64_t>(old_size - suffix) ||
          old_end > static_cast<std::int64_t>(old_size))
        return;
      auto at = std::lower_bound(
          old.decls.begin() + static_cast<std::ptrdiff_t>(keep), old.decls.end(), old_end,
          [](const Kept& k, std::int64_t e) { return static_cast<std::int64_t>(k.end) < e; });
      if (at != old.decls.end() && at->end == old_end)
        throw Resynced{static_cast<std::size_t>(at - old.decls.begin()) + 1};
    };
    try {
      parse_keeping(sources, file, from, convert, *m, fresh, resync);
    } catch (const Resynced& r) {
      resumed = r.next;
    }
  }
  for (std::size_t j = resumed; j < count; ++j) {
    Kept& k = old.decls[j];
    point_into(*k.tree, text.data() + (static_cast<std::int64_t>(k.begin) + delta));
    m->decls.push_back(convert.decl(*k.tree));
  }
  // It parsed: the cache holds this version.
  std::vector<Kept> decls;
  decls.reserve(keep + fresh.size() + (count - resumed));
  for (std::size_t i = 0; i < keep; ++i) decls.push_back(std::move(old.decls[i]));
  for (Kept& k : fresh) decls.push_back(std::move(k));
  for (std::size_t j = resumed; j < count; ++j) {
    Kept& k = old.decls[j];
    k.begin = static_cast<std::uint32_t>(k.begin + delta);
    k.end = static_cast<std::uint32_t>(k.end + delta);
    decls.push_back(std::move(k));
  }
  last = {fresh.size(), keep + (count - resumed), false};
  old.text = text;
  old.decls = std::move(decls);
  return m;
}

}  // namespace

std::unique_ptr<Module> parse_module(const SourceManager& sources, FileId file, ParseCache& cache) {
  ParseCache::State& state = *cache.state_;
  if (state.holds) {
    try {
      return reparse(sources, file, state, cache.last_);
    } catch (const UserError& e) {
      // The parse from a declaration's start fails where the whole file's parse fails,
      // with the same message, and a conversion's error is the same declaration's; but
      // an unclosed bracket (E0921) is looked for from where the parse started, so the
      // whole file's parse finds that one.
      if (e.diagnostic().code != "E0921") {
        cache.last_ = {0, 0, false};
        throw;
      }
    }
  }
  auto m = std::make_unique<Module>();
  m->file = file;
  Converter convert(sources, file);
  std::vector<Kept> fresh;
  parse_keeping(sources, file, 0, convert, *m, fresh, [](std::uint32_t) {});
  // Parsed: the cache now holds this version (a version that fails leaves the last one
  // that parsed, which the next version is compared with).
  state.holds = true;
  state.text = sources.file(file).text();
  state.decls = std::move(fresh);
  cache.last_ = {m->decls.size(), 0, true};
  return m;
}

bool starts_declaration(const SourceManager& sources, FileId file) {
  const std::string& text = sources.file(file).text();
  tao::pegtl::memory_input<tao::pegtl::tracking_mode::lazy> in(text.data(),
                                                               text.data() + text.size(), "");
  try {
    return tao::pegtl::parse<g::declaration_start>(in);
  } catch (const tao::pegtl::parse_error&) {
    // Every declaration form commits (`must`) once its keyword has matched, so an error
    // means the text started one and then went wrong.
    return true;
  }
}

ExprPtr parse_expression(const SourceManager& sources, FileId file) {
  auto root = run<g::expression_only>(sources, file, 0, text_size(sources, file));
  return Converter(sources, file).expr(*root->children.at(0));
}

Vary parse_vary_spec(const SourceManager& sources, FileId file) {
  auto root = run<g::vary_spec>(sources, file, 0, text_size(sources, file));
  return Converter(sources, file).vary_spec(*root);
}

std::vector<ExprPtr> parse_expression_list(const SourceManager& sources, FileId file) {
  auto root = run<g::expression_list>(sources, file, 0, text_size(sources, file));
  Converter convert(sources, file);
  std::vector<ExprPtr> out;
  for (const auto& c : root->children.at(0)->children) out.push_back(convert.expr(*c));
  return out;
}

}  // namespace reckon
