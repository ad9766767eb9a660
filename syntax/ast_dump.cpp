#include "syntax/ast_dump.hpp"

#include <fmt/format.h>

#include <string_view>

namespace reckon {
namespace {

class Dumper {
 public:
  std::string out;

  void text(std::string_view label, std::string_view s) {
    out += fmt::format(" {}={:?}", label, s);
  }

  void docs(const Docs& d) {
    // Trailing spaces of each doc line are not kept by the formatter.
    std::string lines;
    std::size_t start = 0;
    while (start <= d.text.size()) {
      std::size_t end = d.text.find('\n', start);
      if (end == std::string::npos) end = d.text.size();
      std::string_view line(d.text.data() + start, end - start);
      while (!line.empty() && (line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
      if (start > 0) lines += '\n';
      lines += line;
      start = end + 1;
    }
    text("docs", lines);
    for (const Metadata& m : d.metadata) {
      text("@" + m.key, m.text);
      if (m.key == "fallacy") text("reality", m.reality);
    }
  }

  void type(const TypeExpr* t) {
    if (!t) {
      out += " type=none";
      return;
    }
    out += fmt::format(" (type int={} opt={}", t->integer, t->optional);
    if (t->set) out += " set";
    unit(t->unit);
    if (t->key) {
      out += " key";
      type(t->key.get());
    }
    if (t->element) {
      out += " element";
      type(t->element.get());
    }
    out += ")";
  }

  void unit(const UnitExpr& u) {
    out += " (unit";
    for (const UnitFactor& f : u.factors) out += fmt::format(" {}^{}", f.name, f.exponent);
    out += ")";
  }

  void expr(const Expr* e) {
    if (!e) {
      out += " -";
      return;
    }
    out += fmt::format(" (e{} op={} n={}", static_cast<int>(e->kind), op_symbol(e->op), e->number);
    if (e->unit) unit(*e->unit);
    if (e->kind == ExprKind::variant) {
      // A variant's text is how it is written, spaces collapsed: its name in messages,
      // which formatting may respace (`A with x:1` to `A with x: 1`).
      std::string written;
      for (char c : e->text)
        if (c != ' ') written += c;
      text("t", written);
    } else if (!e->text.empty()) {
      text("t", e->text);
    }
    for (const ExprPtr& o : e->operands) expr(o.get());
    if (e->callee) {
      out += " callee";
      expr(e->callee.get());
    }
    for (const Argument& a : e->arguments) arg(a);
    out += ")";
  }

  void arg(const Argument& a) {
    out += " (arg";
    if (a.name) text("name", *a.name);
    expr(a.value.get());
    out += ")";
  }

  void pieces(const std::vector<PromptPiece>& ps) {
    out += " (pieces";
    for (const PromptPiece& p : ps)
      if (p.expr)
        expr(p.expr.get());
      else
        text("s", p.text);
    out += ")";
  }

  void parameters(const std::vector<Parameter>& ps) {
    for (const Parameter& p : ps) {
      out += " (param";
      text("name", p.name);
      type(&p.type);
      expr(p.default_value.get());
      out += ")";
    }
  }

  void vary(const std::vector<Vary>& vs) {
    for (const Vary& v : vs) {
      out += " (vary";
      text("name", v.name);
      for (const ExprPtr& x : v.values) expr(x.get());
      expr(v.from.get());
      expr(v.to.get());
      expr(v.step.get());
      expr(v.factor.get());
      out += ")";
    }
  }

  void decl(const Decl& d) {
    out += fmt::format("(decl{}", static_cast<int>(d.kind));
    text("name", d.name);
    docs(d.docs);
    switch (d.kind) {
      case DeclKind::import:
        text("path", static_cast<const ImportDecl&>(d).path);
        break;
      case DeclKind::record:
        for (const Field& f : static_cast<const RecordDecl&>(d).fields) {
          out += "\n  (field";
          text("name", f.name);
          docs(f.docs);
          type(&f.type);
          expr(f.default_value.get());
          out += ")";
        }
        break;
      case DeclKind::enumeration:
        for (const std::string& m : static_cast<const EnumDecl&>(d).members) text("member", m);
        break;
      case DeclKind::scenario: {
        const auto& s = static_cast<const ScenarioDecl&>(d);
        for (const Input& i : s.inputs) {
          out += "\n  (input";
          text("name", i.name);
          docs(i.docs);
          type(&i.type);
          expr(i.default_value.get());
          out += ")";
        }
        for (const Property& p : s.properties) {
          out += "\n  (property";
          text("name", p.name);
          docs(p.docs);
          out += fmt::format(" method={}", p.is_method);
          parameters(p.parameters);
          type(p.declared.get());
          expr(p.body.get());
          out += ")";
        }
        for (const Requirement& r : s.requirements) {
          out += "\n  (require";
          docs(r.docs);
          expr(r.condition.get());
          pieces(r.message);
          out += ")";
        }
        break;
      }
      case DeclKind::case_: {
        const auto& c = static_cast<const CaseDecl&>(d);
        text("base", c.base);
        out += fmt::format(" override={}", c.is_override);
        for (const Argument& a : c.arguments) arg(a);
        break;
      }
      case DeclKind::check: {
        const auto& c = static_cast<const CheckDecl&>(d);
        expr(c.condition.get());
        expr(c.tolerance.get());
        break;
      }
      case DeclKind::let: {
        const auto& l = static_cast<const LetDecl&>(d);
        type(l.declared.get());
        expr(l.value.get());
        break;
      }
      case DeclKind::native: {
        const auto& n = static_cast<const NativeDecl&>(d);
        out += fmt::format(" constant={}", n.is_constant);
        parameters(n.parameters);
        type(&n.result);
        break;
      }
      case DeclKind::exercise: {
        const auto& x = static_cast<const ExerciseDecl&>(d);
        text("about", x.about);
        vary(x.vary);
        pieces(x.prompt);
        expr(x.answer.get());
        expr(x.tolerance.get());
        for (const auto& h : x.hints) pieces(h);
        for (const ExprPtr& w : x.where) expr(w.get());
        for (const auto& slip : x.slips) {
          expr(slip.value.get());
          pieces(slip.feedback);
          expr(slip.credit.get());
        }
        break;
      }
      case DeclKind::sweep: {
        const auto& s = static_cast<const SweepDecl&>(d);
        text("about", s.about);
        vary(s.vary);
        for (const ExprPtr& e : s.show) expr(e.get());
        for (const ExprPtr& w : s.where) expr(w.get());
        expr(s.objective.get());
        out += fmt::format(" maximize={}", s.maximize);
        break;
      }
    }
    out += ")\n";
  }
};

}  // namespace

std::string dump_tree(const Module& module) {
  Dumper d;
  for (const auto& decl : module.decls) d.decl(*decl);
  return d.out;
}

}  // namespace reckon
