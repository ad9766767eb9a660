// ParseCache (grammar/parse.hpp): a file parsed through the cache of its previous
// versions gives the same tree, with the same source ranges, and the same errors, as
// the file parsed whole, after every edit of a series of random ones (insertions of
// tokens that join, split, open and close declarations; deletions; both applied to the
// last text and to the original, so that versions that fail come and go).
#include <catch2/catch.hpp>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "grammar/parse.hpp"
#include "syntax/ast.hpp"
#include "syntax/ast_dump.hpp"
#include "syntax/diagnostics.hpp"
#include "syntax/source.hpp"

using namespace reckon;

namespace {

std::string read(const std::string& relative) {
  std::ifstream in(std::string(RECKON_SOURCE_DIR) + "/" + relative);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Every source range the parser put in a module, in a fixed order: dump_tree leaves
// them out, and the language server's answers are made of them.
class Ranges {
 public:
  std::string of(const Module& m) {
    for (const auto& d : m.decls) decl(*d);
    return out_.str();
  }

 private:
  void at(const char* what, SourceRange r) {
    out_ << what << ' ' << r.file << ':' << r.begin << '-' << r.end << '\n';
  }
  void unit(const UnitExpr& u) {
    at("unit", u.range);
    for (const UnitFactor& f : u.factors) at("factor", f.range);
  }
  void type(const TypeExpr& t) {
    at("type", t.range);
    unit(t.unit);
    if (t.element) type(*t.element);
    if (t.key) type(*t.key);
    for (const TypeExpr& e : t.tuple) type(e);
  }
  void expr(const ExprPtr& e) {
    if (!e) return;
    at("expr", e->range);
    at("name", e->name_range);
    if (e->unit) unit(*e->unit);
    for (const ExprPtr& o : e->operands) expr(o);
    expr(e->callee);
    for (const Argument& a : e->arguments) {
      at("argument", a.name_range);
      expr(a.value);
    }
  }
  void pieces(const std::vector<PromptPiece>& ps) {
    for (const PromptPiece& p : ps) expr(p.expr);
  }
  void varies(const std::vector<Vary>& vs) {
    for (const Vary& v : vs) {
      at("vary", v.range);
      for (const ExprPtr& x : v.values) expr(x);
      expr(v.from);
      expr(v.to);
      expr(v.step);
      expr(v.factor);
    }
  }
  void parameters(const std::vector<Parameter>& ps) {
    for (const Parameter& p : ps) {
      at("parameter", p.range);
      type(p.type);
      expr(p.default_value);
    }
  }
  void decl(const Decl& d) {
    at("decl", d.range);
    at("decl name", d.name_range);
    switch (d.kind) {
      case DeclKind::record:
        for (const Field& f : static_cast<const RecordDecl&>(d).fields) {
          at("field", f.range);
          type(f.type);
          expr(f.default_value);
        }
        break;
      case DeclKind::enumeration:
        for (SourceRange r : static_cast<const EnumDecl&>(d).member_ranges) at("member", r);
        break;
      case DeclKind::scenario: {
        const auto& s = static_cast<const ScenarioDecl&>(d);
        for (const Input& i : s.inputs) {
          at("input", i.range);
          type(i.type);
          expr(i.default_value);
        }
        for (const Property& p : s.properties) {
          at("property", p.range);
          parameters(p.parameters);
          if (p.declared) type(*p.declared);
          expr(p.body);
        }
        for (const Requirement& r : s.requirements) {
          at("require", r.range);
          expr(r.condition);
          pieces(r.message);
        }
        break;
      }
      case DeclKind::case_: {
        const auto& c = static_cast<const CaseDecl&>(d);
        at("base", c.base_range);
        for (const Argument& a : c.arguments) {
          at("argument", a.name_range);
          expr(a.value);
        }
        break;
      }
      case DeclKind::check:
        expr(static_cast<const CheckDecl&>(d).condition);
        expr(static_cast<const CheckDecl&>(d).tolerance);
        break;
      case DeclKind::let:
        if (static_cast<const LetDecl&>(d).declared) type(*static_cast<const LetDecl&>(d).declared);
        expr(static_cast<const LetDecl&>(d).value);
        break;
      case DeclKind::native:
        parameters(static_cast<const NativeDecl&>(d).parameters);
        type(static_cast<const NativeDecl&>(d).result);
        break;
      case DeclKind::exercise: {
        const auto& x = static_cast<const ExerciseDecl&>(d);
        at("about", x.about_range);
        at("prompt", x.prompt_range);
        varies(x.vary);
        pieces(x.prompt);
        expr(x.answer);
        expr(x.tolerance);
        for (const auto& h : x.hints) pieces(h);
        for (const ExprPtr& w : x.where) expr(w);
        break;
      }
      case DeclKind::sweep: {
        const auto& x = static_cast<const SweepDecl&>(d);
        at("about", x.about_range);
        varies(x.vary);
        for (const ExprPtr& e : x.show) expr(e);
        for (const ExprPtr& w : x.where) expr(w);
        expr(x.objective);
        break;
      }
      case DeclKind::import:
        break;
    }
  }
  std::ostringstream out_;
};

// A parse's outcome as text: the tree and its ranges, or the error.
std::string outcome(const std::function<std::unique_ptr<Module>()>& parse) {
  try {
    auto m = parse();
    return dump_tree(*m) + Ranges().of(*m);
  } catch (const UserError& e) {
    const Diagnostic& d = e.diagnostic();
    std::ostringstream s;
    s << "error " << d.code << ' ' << d.message;
    if (d.range) s << " at " << d.range->begin << '-' << d.range->end;
    for (const Note& n : d.notes) s << " / " << n.message;
    return s.str();
  }
}

// Runs `edits` random edits of `original` and compares the two parses after each;
// returns how many versions parsed and how many of those reused declarations.
std::pair<int, int> compare_over_edits(const std::string& original, unsigned seed, int edits) {
  static const std::vector<std::string> pieces = {" ",           "\n",
                                                  "\n\n",        "1",
                                                  "7",           "+ 2",
                                                  "(",           ")",
                                                  "[",           "]",
                                                  "{",           "}",
                                                  "\"",          "#",
                                                  "## doc\n",    "@source \"x\"\n",
                                                  "GB",          ",",
                                                  ":",           ".",
                                                  "let z = 1\n", "\nlet y = 2 GB\n",
                                                  "scenario",    "case",
                                                  "check ",      " with ",
                                                  " and ",       "x",
                                                  "=",           "->",
                                                  "..",          "\nsweep S {\n",
                                                  "{x}"};
  std::mt19937 random(seed);
  auto pick = [&](std::size_t n) {
    return std::uniform_int_distribution<std::size_t>(0, n)(random);
  };
  ParseCache cache;
  std::string text = original;
  int parsed = 0, reusing = 0;
  for (int k = 0; k < edits; ++k) {
    std::string base = pick(3) == 0 ? original : text;
    std::size_t at = pick(base.size());
    if (pick(2) == 0) {
      base.erase(at, pick(std::min<std::size_t>(40, base.size() - at)));
    } else {
      base.insert(at, pieces[pick(pieces.size() - 1)]);
    }
    text = base;
    SourceManager sources;
    FileId file = sources.add("edited.rk", text);
    std::string whole = outcome([&] { return parse_module(sources, file); });
    SourceManager cached_sources;  // each version is a new program, as in the server
    FileId cached_file = cached_sources.add("edited.rk", text);
    std::string through_cache =
        outcome([&] { return parse_module(cached_sources, cached_file, cache); });
    INFO("edit " << k << " at byte " << at);
    REQUIRE(through_cache == whole);
    if (whole.rfind("error ", 0) != 0) {
      ++parsed;
      if (cache.last().reused > 0) ++reusing;
    }
  }
  return {parsed, reusing};
}

}  // namespace

TEST_CASE("a file parsed through its parse cache is the file parsed whole, after each edit",
          "[parse_cache]") {
  for (const char* file :
       {"scenarios/training.rk", "scenarios/serving.rk", "scenarios/exercises/networks.rk"}) {
    std::string text = read(file);
    REQUIRE(text.size() > 1000);
    INFO(file);
    auto [parsed, reusing] = compare_over_edits(text, 17, 150);
    // Enough versions parsed, and reused kept declarations, for the comparison to have
    // tested the cheap path (the rest failed, and were compared as errors).
    CHECK(parsed > 20);
    CHECK(reusing > 10);
  }
}

TEST_CASE("an edit reparses only the declarations near it", "[parse_cache]") {
  std::string text;
  for (int i = 0; i < 40; ++i)
    text += "let a" + std::to_string(i) + " = " + std::to_string(i) + " GB\n";
  ParseCache cache;
  SourceManager first;
  parse_module(first, first.add("f.rk", text), cache);
  CHECK(cache.last().whole_file);
  CHECK(cache.last().parsed == 40);
  // `let a20 = 20 GB` becomes `let a20 = 200 GB`: one byte more in the 21st line. The
  // declaration before it (a19, whose parse may have looked at a20's first token) and
  // a20 are parsed again, and a20 ends where the old a20 ended, a byte on: the other 38
  // are kept, the 19 after a20 shifted by a byte.
  std::string edited = text;
  edited.insert(edited.find("= 20 GB") + 4, "0");
  SourceManager second;
  auto m = parse_module(second, second.add("f.rk", edited), cache);
  CHECK_FALSE(cache.last().whole_file);
  CHECK(cache.last().parsed == 2);
  CHECK(cache.last().reused == 38);
  REQUIRE(m->decls.size() == 40);
  const Decl& last = *m->decls.back();
  CHECK(last.name == "a39");
  CHECK(last.range.end == edited.size() - 1);  // before the final newline
}
