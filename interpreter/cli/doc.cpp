// `reckon doc`: a reference page per scenario, generated from the scenario itself so a
// book's pages cannot drift from its model. The page follows the structure of the
// Python framework's reference pages: description, construction, notes, references,
// live examples, attribute and method tables, then a section per member.
#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm.h>
#include <fmt/format.h>

#include <cstdlib>
#include <filesystem>
#include <functional>
#include <memory>
#include <ostream>
#include <set>
#include <sstream>
#include <string_view>
#include <vector>

#include "charts/xml_text.hpp"
#include "interpreter/api/display.hpp"
#include "interpreter/api/evaluation.hpp"
#include "interpreter/api/program.hpp"
#include "interpreter/cli/commands.hpp"
#include "interpreter/cli/guarded.hpp"
#include "interpreter/cli/output_file.hpp"
#include "stdlib/library.hpp"
#include "syntax/diagnostics.hpp"
#include "syntax/walk.hpp"

namespace reckon::cli {

namespace {

// Elements of a list an example on a page shows before counting the rest.
constexpr std::size_t doc_list_elements = 10;

// The stdlib natives an expression calls or reads, in order of first use.
void natives_used(const Expr& e, std::vector<std::string>& out) {
  auto add = [&](const std::string& n) {
    if (std::find(out.begin(), out.end(), n) == out.end()) out.push_back(n);
  };
  for_each_in_tree(e, [&](const Expr& x) {
    if (x.kind == ExprKind::name && x.ref == RefKind::constant) add(x.text);
    if (x.kind == ExprKind::call && x.call == CallKind::native) add(x.callee->text);
  });
}

// The lets an expression reads, and the lets those read, in order of first use.
void lets_used(const Expr& e, std::vector<const LetDecl*>& out) {
  for_each_in_tree(e, [&](const Expr& x) {
    if (x.kind != ExprKind::name || x.ref != RefKind::let) return;
    const LetDecl* let = &x.target_as<LetDecl>();
    if (std::find(out.begin(), out.end(), let) != out.end()) return;
    out.push_back(let);
    lets_used(*let->value, out);
  });
}

// Markdown-table cell: one line, pipes escaped.
std::string cell(const std::string& s) {
  std::string out;
  for (char c : one_line(s)) out += c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}

class PageWriter {
 public:
  PageWriter(const Program& p, Evaluator& ev) : p_(p), ev_(ev) {}

  std::string page(const ScenarioDecl& s, bool quarto) {
    std::string out;
    if (quarto)
      out += fmt::format("---\ntitle: \"{}\"\n---\n\n", s.name);
    else
      out += "# " + s.name + "\n\n";
    std::string file = p_.sources.file(s.range.file).name();
    out += fmt::format("Scenario in `{}`.\n\n{}\n\n", file, s.docs.text);
    construction(out, s);
    notes(out, s);
    fallacies(out, s);
    references(out, s);
    examples(out, s);
    tables(out, s);
    sections(out, s);
    definitions(out, s);
    return out;
  }

 private:
  std::string text(SourceRange r) const { return std::string(source_text(p_, r)); }

  void construction(std::string& out, const ScenarioDecl& s) {
    out +=
        "## Construction\n\nBind the inputs in a case; inputs with a default may be left "
        "out.\n\n```\n";
    std::string args;
    for (const Input& in : s.inputs)
      if (!in.default_value && !in.resolved.optional)
        args += (args.empty() ? "" : ", ") + in.name + ": ...";
    out += fmt::format("case Example = {}({})\n", s.name, args);
    out += "case Variant = Example with " +
           (s.inputs.empty() ? std::string("...") : s.inputs.back().name + ": ...") + "\n```\n\n";
    for (const CaseDecl* c : p_.main_decls<CaseDecl>(DeclKind::case_))
      if (c->scenario == &s && c->docs.text.size())
        out += fmt::format("- `{}`: {}\n", c->name, one_line(c->docs.text));
    out += "\n";
  }

  void notes(std::string& out, const ScenarioDecl& s) {
    std::vector<std::string> used;
    for_each_expression(static_cast<const Decl&>(s),
                        [&](const ExprPtr& e, const ExprPlace&) { natives_used(*e, used); });
    out += "## Notes\n\n";
    std::string composes;
    for (const auto& n : used) composes += (composes.empty() ? "" : ", ") + ("`" + n + "`");
    out += "Equation: composes " +
           (composes.empty() ? std::string("no library function") : composes) +
           " from the standard library.\n\n";
    if (auto a = metadata(s.docs, "assumes"); !a.empty()) out += "Assumptions: " + a + "\n\n";
    if (auto x = metadata(s.docs, "excludes"); !x.empty()) out += "Excludes: " + x + "\n\n";
  }

  // What a reader is likely to believe and the scenario's checks refute (`@fallacy`).
  void fallacies(std::string& out, const ScenarioDecl& s) {
    std::vector<const Metadata*> all = reckon::fallacies(s.docs);
    if (all.empty()) return;
    out += "## Fallacies\n\n";
    for (const Metadata* f : all) out += "- " + one_line(fallacy_text(*f)) + "\n";
    out += "\n";
  }

  // Left out, like every section with nothing in it, when the scenario has no @source.
  void references(std::string& out, const ScenarioDecl& s) {
    std::string source = metadata(s.docs, "source");
    if (!source.empty()) out += "## References\n\n" + source + "\n\n";
  }

  // The file's checks about this scenario's cases, evaluated now.
  void examples(std::string& out, const ScenarioDecl& s) {
    std::set<const CaseDecl*> cases;
    for (const CaseDecl* c : p_.main_decls<CaseDecl>(DeclKind::case_))
      if (c->scenario == &s) cases.insert(c);
    std::string body;
    for (const CheckDecl* c : p_.main_decls<CheckDecl>(DeclKind::check)) {
      if (!mentions(*c->condition, cases)) continue;
      const Expr& cond = *c->condition;
      const Expr& shown = cond.kind == ExprKind::binary ? *cond.operands[0] : cond;
      Value v = ev_.evaluate(shown, {});
      body += fmt::format("> {}\n{}\n", text(shown.range),
                          api::display(ev_, v, api::expression_unit(shown)));
    }
    if (body.empty()) return;
    out += "## Examples\n\nEvaluated when this page was built:\n\n```\n" + body + "```\n\n";
  }

  static bool mentions(const Expr& e, const std::set<const CaseDecl*>& cases) {
    if (e.kind == ExprKind::name && e.ref == RefKind::instance &&
        cases.count(&e.target_as<CaseDecl>()))
      return true;
    for (const auto& o : e.operands)
      if (mentions(*o, cases)) return true;
    if (e.callee && mentions(*e.callee, cases)) return true;
    for (const auto& a : e.arguments)
      if (mentions(*a.value, cases)) return true;
    return false;
  }

  std::string unit_of(const Property& prop) const {
    // Undeclared, in the unit its values are shown in (a list's `[TB/s]`, not `[B/s]`).
    return prop.declared ? type_text(*prop.declared) : describe_shown(prop.resolved, prop.display);
  }

  // Tables without rows are left out, as are the sections below with nothing to say: an
  // empty "Methods" table tells the reader nothing.
  void tables(std::string& out, const ScenarioDecl& s) {
    std::vector<std::pair<std::string, std::string>> rows;
    for (const Input& in : s.inputs)
      rows.emplace_back(
          in.name,
          fmt::format(
              "| [{}](#{}) | {} | input{} | {} |\n", in.name, in.name, cell(in.docs.text),
              in.default_value ? ", default `" + cell(text(in.default_value->range)) + "`" : "",
              cell(type_text(in.type))));
    for (const Property& prop : s.properties)
      if (!prop.is_method)
        rows.emplace_back(
            prop.name,
            fmt::format("| [{}](#{}) | {} | `{}` | {} |\n", prop.name, prop.name,
                        cell(prop.docs.text), cell(text(prop.body->range)), cell(unit_of(prop))));
    std::sort(rows.begin(), rows.end());
    constexpr const char* header = "| Name | Description | Equation | Unit |\n|---|---|---|---|\n";
    if (!rows.empty()) {
      out += std::string("## Attributes\n\n") + header;
      for (const auto& r : rows) out += r.second;
      out += "\n";
    }
    std::string methods;
    for (const Property& prop : s.properties)
      if (prop.is_method)
        methods +=
            fmt::format("| [{}](#{}) | {} | `{}` | {} |\n", signature(prop), prop.name,
                        cell(prop.docs.text), cell(text(prop.body->range)), cell(unit_of(prop)));
    if (!methods.empty()) out += std::string("## Methods\n\n") + header + methods + "\n";
  }

  void sections(std::string& out, const ScenarioDecl& s) {
    if (!s.inputs.empty()) out += "## Inputs\n\n";
    for (const Input& in : s.inputs) {
      out += fmt::format("### {}\n\n{}\n\nType: `{}`.\n\nDefault: {}.\n\n", in.name, in.docs.text,
                         type_text(in.type),
                         in.default_value ? "`" + one_line(text(in.default_value->range)) + "`"
                         : in.resolved.optional ? std::string("none")
                                                : std::string("required"));
    }
    if (!s.properties.empty()) out += "## Properties and methods\n\n";
    for (const Property& prop : s.properties) {
      out += fmt::format("### {}\n\n", prop.name);
      if (prop.is_method) out += fmt::format("`{}`\n\n", signature(prop));
      out += fmt::format("{}\n\nEquation: `{}`.\n\nUnit: `{}`.\n\n", prop.docs.text,
                         one_line(text(prop.body->range)), unit_of(prop));
    }
    // What every instance must satisfy (`require`), with the message a broken one gives.
    if (!s.requirements.empty()) out += "## Constraints\n\n";
    for (const Requirement& r : s.requirements) {
      out += fmt::format("- `{}`: \"{}\"", one_line(text(r.condition->range)), r.written);
      out += r.docs.text.empty() ? "\n" : " " + one_line(r.docs.text) + "\n";
    }
    if (!s.requirements.empty()) out += "\n";
  }

  // The documented lets (a file's assumption tables) and records of the scenario's own
  // file that it reads, so a page shows the assumptions its numbers rest on. A let or
  // record without `##` documentation, or one from another file (the stdlib's registries
  // have their own reference), is left out.
  void definitions(std::string& out, const ScenarioDecl& s) {
    std::vector<const LetDecl*> lets;
    for_each_expression(static_cast<const Decl&>(s),
                        [&](const ExprPtr& e, const ExprPlace&) { lets_used(*e, lets); });
    std::vector<const RecordDecl*> records;
    for (const Input& in : s.inputs)
      if (const RecordDecl* r = in.resolved.record;
          r && r->range.file == s.range.file && !r->docs.text.empty() &&
          std::find(records.begin(), records.end(), r) == records.end())
        records.push_back(r);
    std::string rows;
    for (const LetDecl* let : lets) {
      if (let->range.file != s.range.file || let->docs.text.empty()) continue;
      Value v = ev_.evaluate(*let->value, {});
      rows += fmt::format("| `{}` | {} | `{}` | {} |\n", let->name, cell(let->docs.text),
                          cell(text(let->value->range)),
                          cell(api::display(ev_, v, api::let_unit(*let))));
    }
    if (!rows.empty())
      out +=
          "## Assumptions\n\nThe file's documented definitions this scenario reads, "
          "evaluated when this page was built.\n\n| Name | Description | Definition | Value "
          "|\n|---|---|---|---|\n" +
          rows + "\n";
    for (const RecordDecl* r : records) {
      out += fmt::format(
          "## Record {}\n\n{}\n\n| Field | Description | Type | Default |\n"
          "|---|---|---|---|\n",
          r->name, r->docs.text);
      for (const Field& f : r->fields)
        out += fmt::format("| `{}` | {} | `{}` | {} |\n", f.name, cell(f.docs.text),
                           cell(type_text(f.type)),
                           f.default_value       ? "`" + cell(text(f.default_value->range)) + "`"
                           : f.resolved.optional ? std::string("none")
                                                 : std::string("required"));
      out += "\n";
    }
  }

  const Program& p_;
  Evaluator& ev_;
};

// A self-contained HTML page, the Markdown rendered by cmark-gfm (GitHub's CommonMark
// with its table extension).
std::string as_html(const std::string& title, const std::string& markdown) {
  cmark_gfm_core_extensions_ensure_registered();
  cmark_parser* parser = cmark_parser_new(CMARK_OPT_DEFAULT);
  cmark_parser_attach_syntax_extension(parser, cmark_find_syntax_extension("table"));
  cmark_parser_feed(parser, markdown.data(), markdown.size());
  cmark_node* document = cmark_parser_finish(parser);
  char* body =
      cmark_render_html(document, CMARK_OPT_DEFAULT, cmark_parser_get_syntax_extensions(parser));
  std::string html = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<title>{}</title>\n<style>table{{border-collapse:collapse}}td,th{{border:1px solid #ccc;"
      "padding:2px 6px}}</style>\n</head>\n<body>\n{}</body>\n</html>\n",
      xml::escape(title), body);
  std::free(body);
  cmark_node_free(document);
  cmark_parser_free(parser);
  return html;
}

// `doc -o DIR`'s directory, made if missing (E0714 when a file is in the way).
void make_directory(const std::string& directory) {
  std::error_code ec;
  std::filesystem::create_directories(directory, ec);
  if (std::filesystem::is_directory(directory)) return;
  if (std::filesystem::exists(directory))
    throw UserError("E0714", fmt::format("cannot write pages into `{}`: it is not a directory "
                                         "(-o names a directory, one page per scenario)",
                                         directory));
  throw UserError("E0704", fmt::format("cannot make the directory `{}`: {}", directory,
                                       ec ? ec.message() : "unknown error"));
}

// The names the loader gave the modules the main file imports itself (`<stdlib>/hardware.rk`,
// `models/llm.rk`), in the order written.
std::vector<std::string> imported_modules(const Program& p) {
  std::vector<std::string> out;
  if (!p.main) return out;
  for (const ImportDecl* d : p.main_decls<ImportDecl>(DeclKind::import)) {
    const std::string& target = d->path;
    const bool is_file =
        target.find('/') != std::string::npos || (target.size() > 3 && target.ends_with(".rk"));
    if (is_file)
      out.push_back(
          (std::filesystem::path(p.main->name).parent_path() / target).lexically_normal().string());
    else if (p.library && p.library->module_display_name)
      out.push_back(p.library->module_display_name(target));
    else
      out.push_back("<stdlib>/" + target + ".rk");
  }
  return out;
}

// The scenarios of the modules `imports` names, module by module.
std::vector<ScenarioDecl*> imported_scenarios(const Program& p,
                                              const std::vector<std::string>& imports) {
  std::vector<ScenarioDecl*> out;
  for (const std::string& name : imports)
    for (const auto& m : p.modules)
      if (m.get() != p.main && m->name == name)
        for (const auto& d : m->decls)
          if (d->kind == DeclKind::scenario) out.push_back(static_cast<ScenarioDecl*>(d.get()));
  return out;
}

// E0615: neither the file nor what it imports declares a scenario. The message says
// where the things it does hold are read: a registry's records (`reckon list`), the
// library's functions (`reckon doc --stdlib`), its exercises.
UserError nothing_to_document(const Program& p, const std::string& file,
                              const std::vector<std::string>& imports) {
  std::string where;
  if (!p.main_decls<ExerciseDecl>(DeclKind::exercise).empty())
    where += "; its exercises are built with `reckon exercises build`";
  else if (!imports.empty()) {
    std::string names;
    for (const ImportDecl* d : p.main_decls<ImportDecl>(DeclKind::import))
      names += (names.empty() ? "`" : ", `") + d->path + "`";
    where += fmt::format(
        "; nor does what it imports ({}): `reckon list hardware` (or models, fabrics, "
        "regions) prints a registry's records, and `reckon doc --stdlib` the library's "
        "functions",
        names);
  }
  return UserError("E0615", fmt::format("`{}` declares no scenario, so there is no page to write "
                                        "(`reckon doc` writes one per scenario{})",
                                        file, where));
}

}  // namespace

int doc(const std::string& file, const std::string& format, const std::string& directory,
        const Common& common, std::ostream& out, std::ostream& err) {
  Program p;
  return guarded(p, err, [&] {
    load_program(p, stdlib::standard_library(), file);
    check_and_compile(p);
    auto scenarios = p.main_decls<ScenarioDecl>(DeclKind::scenario);
    // A file that declares no scenario but imports modules that do (`import
    // "solvers_node"`, a course's cases of a model file) is documented by their scenarios:
    // the pages a reader of that file needs, with its cases and checks as examples. A file
    // of exercises is not: its pages are its question sheets (E0615 says how).
    const std::vector<std::string> imports = imported_modules(p);
    if (scenarios.empty() && p.main_decls<ExerciseDecl>(DeclKind::exercise).empty())
      scenarios = imported_scenarios(p, imports);
    if (scenarios.empty()) throw nothing_to_document(p, file, imports);
    // An HTML page is a whole document: two of them back to back on stdout are no
    // document a browser reads.
    if (format == "html" && directory.empty() && scenarios.size() > 1)
      throw UsageError("E0616",
                       fmt::format("`{}` declares {} scenarios, and HTML is one document per "
                                   "scenario: write them to a directory with `-o DIR`",
                                   file, scenarios.size()));
    Evaluator ev(p, common.digits);
    // A page is read, not searched: a list in an example shows its first elements and a
    // count of the rest, as on a terminal.
    ev.elide_lists(doc_list_elements);
    PageWriter writer(p, ev);
    if (!directory.empty()) make_directory(directory);
    // Every page is written and closed before any is renamed into place: an error
    // leaves the directory as it was.
    std::vector<std::unique_ptr<OutputFile>> pages;
    for (const ScenarioDecl* s : scenarios) {
      std::string page = writer.page(*s, format == "qmd");
      if (format == "html") page = as_html(s->name, page);
      if (directory.empty()) {
        out << page;
        continue;
      }
      std::filesystem::path path = std::filesystem::path(directory) / (s->name + "." + format);
      pages.push_back(std::make_unique<OutputFile>(path.string(), input_files(p)));
      pages.back()->stream() << page;
    }
    for (auto& page : pages) page->close();
    for (auto& page : pages) {
      page->commit();
      out << "wrote " << page->target() << "\n";
    }
    return 0;
  });
}

int doc_stdlib(const std::string& format, const std::string& directory, std::ostream& out,
               std::ostream& err) {
  std::ostringstream reference;
  if (int code = list("functions", {}, true, reference, err)) return code;
  std::string page = reference.str();
  // The listing tells readers of docs/stdlib.md that it is generated and tested; a page
  // written by `doc --stdlib` is neither, so that sentence is left out.
  constexpr std::string_view generated = "Generated by `reckon list functions --markdown`";
  constexpr std::string_view generated_end = "with the binary). ";
  if (auto from = page.find(generated); from != std::string::npos)
    if (auto to = page.find(generated_end, from); to != std::string::npos)
      page.erase(from, to + generated_end.size() - from);
  constexpr std::string_view title = "Standard library reference";
  if (format == "html") page = as_html(std::string(title), page);
  // Quarto takes the title from front matter, in place of the first heading.
  if (format == "qmd" && page.starts_with("# "))
    page = fmt::format("---\ntitle: \"{}\"\n---\n{}", title, page.substr(page.find('\n') + 1));
  Program none;
  return guarded(none, err, [&] {
    if (directory.empty()) {
      out << page;
      return 0;
    }
    make_directory(directory);
    OutputFile output((std::filesystem::path(directory) / ("stdlib." + format)).string());
    output.stream() << page;
    output.close();
    output.commit();
    out << "wrote " << output.target() << "\n";
    return 0;
  });
}

}  // namespace reckon::cli
