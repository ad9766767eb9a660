#include "interpreter/repl/session.hpp"

#include <fmt/format.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <sstream>

#include "grammar/parse.hpp"
#include "interpreter/api/display.hpp"
#include "interpreter/api/evaluation.hpp"
#include "interpreter/api/program.hpp"
#include "interpreter/cli/commands.hpp"
#include "syntax/diagnostics.hpp"

namespace reckon::repl {

namespace {

constexpr const char* session_module = "session";

const char* help_text =
    "Type an expression to evaluate it (`80 GiB -> GB`), or a declaration to add it\n"
    "(`let x = 3 GB`, `record`, `scenario`, `case`, `check`, `sweep`, `exercise`);\n"
    "`ans` is the last value.\n"
    "Brackets left open continue the input on the next line.\n"
    "\n"
    "  :help                 this text\n"
    "  :doc NAME             description, inputs, units, source and equation of NAME\n"
    "                        (a function, scenario, case, record, let, or Scenario.member)\n"
    "  :type EXPR            dimension and unit of EXPR, without evaluating it\n"
    "  :why EXPR             the derivation of EXPR's value\n"
    "  :sweep NAME           run a sweep (declared or loaded) and print its table\n"
    "  :load FILE            load a scenario file\n"
    "  :reload               re-read loaded files; keep the definitions that still check\n"
    "  :set digits N         significant digits shown (1 to 17)\n"
    "  :list [cases|scenarios|functions|units|models|hardware|fabrics|regions]\n"
    "  :quit                 leave (also Ctrl-D)\n";

const std::vector<std::string> command_names = {":help", ":doc",    ":type", ":why",  ":sweep",
                                                ":load", ":reload", ":set",  ":list", ":quit"};

std::string render_errors(const Program& p, const std::exception_ptr& e) {
  std::string out;
  try {
    std::rethrow_exception(e);
  } catch (const UserError& err) {
    out = render(p.sources, err.diagnostic());
  } catch (const UserErrors& errs) {
    for (const Diagnostic& d : errs.diagnostics()) out += render(p.sources, d);
  }
  return out;
}

// A declaration by the grammar: the input starts one of its declaration forms, unless
// all of it reads as an expression (`sweep * 2` where a let is named `sweep`: the words
// that start an exercise or a sweep are not reserved).
bool is_declaration(const std::string& input) {
  Program probe;
  FileId f = probe.sources.add("<input>", input);
  if (!starts_declaration(probe.sources, f)) return false;
  try {
    parse_expression(probe.sources, f);
    return false;
  } catch (const UserError&) {
    return true;
  }
}

std::string trim(const std::string& s) {
  auto begin = s.find_first_not_of(" \t\r\n");
  if (begin == std::string::npos) return "";
  auto end = s.find_last_not_of(" \t\r\n");
  return s.substr(begin, end - begin + 1);
}

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\' || c == '\n') out += '\\';
    if (c == '{' || c == '}') out += c;  // a brace would start an interpolation
    out += c == '\n' ? 'n' : c;
  }
  return out + "\"";
}

std::vector<Diagnostic> diagnostics_of(const std::exception_ptr& e) {
  try {
    std::rethrow_exception(e);
  } catch (const UserError& err) {
    return {err.diagnostic()};
  } catch (const UserErrors& errs) {
    return errs.diagnostics();
  }
}

// Errors of a build that loads files, rendered. The build imports each file from a
// line of session text the user never typed (`import "./x.rk"`): an error located there
// (a FIFO, a device) is shown without that invented location.
std::string render_load_errors(const Program& p, const std::exception_ptr& e) {
  std::string out;
  for (Diagnostic d : diagnostics_of(e)) {
    auto invented = [&](const std::optional<SourceRange>& r) {
      return r && p.sources.file(r->file).name() == "<input>";
    };
    if (invented(d.range)) d.range.reset();
    for (Note& n : d.notes)
      if (invented(n.range)) n.range.reset();
    out += render(p.sources, d);
  }
  return out;
}

// How a file is imported into the session: relative to the current directory (so that
// messages name it as the user did), always with a `/` so that it is not a module.
std::string import_path(const std::string& path) {
  std::string normal = std::filesystem::path(path).lexically_normal().string();
  return normal.find('/') == std::string::npos ? "./" + normal : normal;
}

// A file as messages show it: `./x.rk` is `x.rk`.
std::string fs_display(const std::string& path) {
  return std::filesystem::path(path).lexically_normal().string();
}

std::string absolute_path(const std::string& path) {
  std::error_code ec;
  return std::filesystem::absolute(path, ec).lexically_normal().string();
}

bool same_path(const std::string& a, const std::string& b) {
  namespace fs = std::filesystem;
  return fs::path(a).lexically_normal() == fs::path(b).lexically_normal();
}

// True for blank lines and `#` comments (but not `##` documentation) only.
bool only_comments(const std::string& text) {
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    line = trim(line);
    if (!line.empty() && (line[0] != '#' || line.starts_with("##"))) return false;
  }
  return true;
}

// The first sentence of a documentation text, on one line.
std::string summary(std::string text) {
  std::replace(text.begin(), text.end(), '\n', ' ');
  auto end = text.find(". ");
  return end == std::string::npos ? text : text.substr(0, end + 1);
}

}  // namespace

void InputScanner::add_line(std::string_view line) {
  const std::size_t first = line.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return;  // blank
  if (!code_seen_) {
    std::string_view rest = line.substr(first);
    if (rest.starts_with("##") || rest.starts_with("@")) {
      docs_seen_ = true;
      return;  // documentation opens no bracket (`##` is a comment; `@key "text"`)
    }
    code_seen_ = true;
  }
  bool in_string = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (in_string) {  // a string ends on its line (an unterminated one is an error)
      if (c == '\\' && i + 1 < line.size())
        ++i;
      else if (c == '"')
        in_string = false;
      continue;
    }
    if (c == '#') return;  // a comment, to the end of the line
    if (c == '"') in_string = true;
    if (c == '(' || c == '{' || c == '[') ++depth_;
    if (c == ')' || c == '}' || c == ']') --depth_;
  }
}

bool needs_more(const std::string& text) {
  InputScanner scanner;
  std::string_view rest = text;
  while (!rest.empty()) {
    const std::size_t end = rest.find('\n');
    scanner.add_line(rest.substr(0, end));
    rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
  }
  return scanner.needs_more();
}

Session::Session(const Library& library) : library_(library) {
  Library base = library;
  library_.session_module = session_module;
  library_.module_source = [this, base](std::string_view name) -> std::optional<std::string_view> {
    if (name == session_module) {
      static thread_local std::string text;
      text = session_text();
      return std::string_view(text);
    }
    return base.module_source ? base.module_source(name) : std::nullopt;
  };
  library_.module_display_name = [](std::string_view name) {
    return name == session_module ? std::string("<session>")
                                  : "<stdlib>/" + std::string(name) + ".rk";
  };
}

bool Session::user_defines_ans() const {
  return std::any_of(definitions_.begin(), definitions_.end(), [](const Definition& d) {
    return std::find(d.names.begin(), d.names.end(), "ans") != d.names.end();
  });
}

std::string Session::session_text() const {
  std::string text = registry_imports(library_);
  for (const Definition& d : definitions_) text += d.text + "\n";
  if (!ans_.empty() && !user_defines_ans()) text += ans_ + "\n";
  return text;
}

void Session::build(Program& program, const std::string& extra, const LazyStdlib* lazy) const {
  // The input comes first so that its line numbers are its own.
  std::string text = extra + "\nimport \"session\"\n";
  for (const std::string& f : files_) text += "import " + quoted(f) + "\n";
  load_program_text(program, library_, "<input>", text, nullptr, &parse_caches_, lazy);
  check_and_compile(program);
}

Reply Session::submit(const std::string& raw) {
  std::string input = trim(raw);
  if (only_comments(input)) return {};
  if (input.front() == ':') return command(input);
  if (is_declaration(input)) return declaration(input);
  return expression(input);
}

Reply Session::declaration(const std::string& input) {
  Reply reply;
  // What the input defines, so that it replaces earlier definitions of those names.
  Program probe;
  FileId f = probe.sources.add("<input>", input);
  std::unique_ptr<Module> parsed;
  try {
    parsed = parse_module(probe.sources, f);
  } catch (...) {
    reply.errors = render_errors(probe, std::current_exception());
    return reply;
  }
  Definition def{{}, input};
  bool has_check = false;
  for (const auto& d : parsed->decls) {
    if (d->kind == DeclKind::import) {
      const auto& path = static_cast<const ImportDecl&>(*d).path;
      if (path.find('/') != std::string::npos || path.ends_with(".rk")) {
        reply.errors = render("E0610", "load files with `:load " + path + "`");
        return reply;
      }
    }
    if (!d->name.empty()) def.names.push_back(d->name);
    has_check = has_check || d->kind == DeclKind::check;
  }
  std::vector<Definition> before = definitions_;
  std::erase_if(definitions_, [&](const Definition& old) {
    return std::any_of(old.names.begin(), old.names.end(), [&](const std::string& n) {
      return std::find(def.names.begin(), def.names.end(), n) != def.names.end();
    });
  });
  Program p;
  try {
    build(p, input);
    Evaluator ev(p, digits_);
    // A let's value is computed now, so that `let r = 1 / 0` is refused at once.
    for (const LetDecl* l : p.main_decls<LetDecl>(DeclKind::let)) {
      ExprPtr use = parse_expression(p.sources, p.sources.add("<input>", l->name));
      check_and_compile_expression(p, *use, {});
      ev.evaluate(*use, {});
    }
    if (has_check) {
      // A check is run, not kept; one that does not hold is an error (exit 1 on a pipe).
      for (const CheckDecl* c : p.main_decls<CheckDecl>(DeclKind::check)) {
        CheckOutcome o = ev.run_check(*c);
        std::string& out = o.passed ? reply.output : reply.errors;
        out += o.passed ? "check holds" : "check does not hold";
        if (!o.left.empty()) out += ": " + o.left + " vs " + o.right;
        out += "\n";
      }
    }
  } catch (...) {
    definitions_ = std::move(before);
    reply.errors = render_errors(p, std::current_exception());
    return reply;
  }
  if (!reply.errors.empty()) {  // a check did not hold: the input leaves no trace
    definitions_ = std::move(before);
    return reply;
  }
  for (const auto& n : def.names) reply.output += "defined " + n + "\n";
  if (!def.names.empty()) definitions_.push_back(std::move(def));
  return reply;
}

namespace {

// Where an input names the session's `ans` (a let; a local or parameter of that name is
// another thing), in the input's own byte offsets.
void ans_references(const Expr& e, std::vector<SourceRange>& out) {
  if (e.kind == ExprKind::name && e.ref == RefKind::let && e.text == "ans") out.push_back(e.range);
  for (const auto& o : e.operands) ans_references(*o, out);
  if (e.callee) ans_references(*e.callee, out);
  for (const auto& a : e.arguments) ans_references(*a.value, out);
}

// The longest definition a list, map, record or tuple `ans` is kept as: each input that
// uses `ans` writes the previous definition in where it is named, so a chain of
// `ans + ans` would double it every time; past this, `ans` is forgotten (E0316).
constexpr std::size_t max_ans_definition = 64 * 1024;

}  // namespace

void Session::remember_ans(const Value& v, const std::string& text, const Expr& e,
                           const std::optional<DisplayUnit>& written) {
  switch (v.kind) {
    case ValueKind::quantity: {
      std::string unit = base_unit_string(v.dim);
      ans_ = fmt::format("let ans = {:.17g}", v.number) + (unit.empty() ? "" : " * (" + unit + ")");
      // `ans` keeps the unit the value was shown in when it had a written one (80 GiB).
      if (written && !written->symbol.empty() && unit_dimension(written->symbol) == v.dim)
        ans_ += " -> " + written->symbol;
      break;
    }
    case ValueKind::boolean:
      ans_ = std::string("let ans = ") + (v.truthy() ? "true" : "false");
      break;
    case ValueKind::text:
      ans_ = "let ans = " + quoted(v.text());
      break;
    case ValueKind::enumeration:
      ans_ = "let ans = " + v.enumeration()->name + "." +
             v.enumeration()->members.at(static_cast<std::size_t>(v.number));
      break;
    default: {
      // Lists, maps, records, tuples and cases are kept as the expression that made
      // them, with the previous `ans` written in where the input names it ([x * 2 for x
      // in ans] after [1 GB, 2 GB]). The newline keeps a trailing `# comment` of the
      // input from swallowing the `)`.
      static constexpr std::string_view let_ans = "let ans = ";
      const std::string previous =
          ans_.size() > let_ans.size() ? ans_.substr(let_ans.size()) : std::string();
      // A `let ans` of the user's stays in the session: the input names that.
      std::vector<SourceRange> refs;
      if (!user_defines_ans()) ans_references(e, refs);
      std::sort(refs.begin(), refs.end(),
                [](const SourceRange& a, const SourceRange& b) { return a.begin < b.begin; });
      std::string definition;
      std::size_t at = 0;
      for (const SourceRange& r : refs) {
        definition.append(text, at, r.begin - at);
        definition += "(" + previous + "\n)";
        at = r.end;
      }
      definition.append(text, at, std::string::npos);
      bool kept = (refs.empty() || !previous.empty()) && definition.size() <= max_ans_definition;
      ans_ = kept ? std::string(let_ans) + "(" + definition + "\n)" : "";
    }
  }
}

Reply Session::with_expression(const std::string& text,
                               const std::function<void(Program&, Expr&, Reply&)>& use) {
  Reply reply;
  Program p;
  try {
    // First with the stdlib modules the session and the input name; when that fails,
    // again with all of them, so the message is the whole library's (a did-you-mean).
    ExprPtr e;
    auto prepare = [&](const LazyStdlib* lazy) {
      build(p, "", lazy);
      FileId f = p.sources.add("<input>", text);
      e = parse_expression(p.sources, f);
      check_and_compile_expression(p, *e, {});
    };
    const LazyStdlib lazy{.registries = true, .also_named = text};
    auto again = [&] {
      e.reset();  // before the program its names point into
      p = Program{};
      prepare(nullptr);
    };
    try {
      prepare(&lazy);
    } catch (const UserError&) {
      again();
    } catch (const UserErrors&) {
      again();
    }
    use(p, *e, reply);
  } catch (...) {
    reply.errors = render_errors(p, std::current_exception());
  }
  return reply;
}

Reply Session::expression(const std::string& input) {
  return with_expression(input, [&](Program& p, Expr& e, Reply& reply) {
    Evaluator ev(p, digits_);
    Value v = ev.evaluate(e, {});
    const std::optional<DisplayUnit> written = api::expression_unit(e);
    // A map or a list of records as a table, as `reckon eval` prints it (every row: a
    // session's values are read whole, as on a pipe).
    api::Layout layout;
    layout.tables = true;
    reply.output = api::display(ev, v, written, layout);
    if (!api::shows_as_table(v)) reply.output += "\n";
    remember_ans(v, input, e, written);
  });
}

Reply Session::load(const std::string& path) { return load(std::vector<std::string>{path}); }

Reply Session::load(const std::vector<std::string>& paths) {
  Reply reply;
  std::vector<std::string> pending;  // new files, as imported
  bool again = false;                // a file already loaded: :reload it
  for (const std::string& path : paths) {
    std::error_code ec;
    // access(), not an open: opening a FIFO would wait for a writer. The loader reads
    // the file itself, with its bound (input_file.hpp).
    if (::access(path.c_str(), R_OK) != 0 || std::filesystem::is_directory(path, ec)) {
      reply.errors += render("E0201", "cannot open `" + path + "`");
      continue;
    }
    std::string absolute = absolute_path(path);
    auto is_it = [&](const std::string& f) { return absolute_path(f) == absolute; };
    if (std::any_of(files_.begin(), files_.end(), is_it))
      again = true;
    else if (std::none_of(pending.begin(), pending.end(), is_it))
      pending.push_back(import_path(path));
  }
  auto loaded = [&](const Program& p, const std::string& f) {
    std::size_t scenarios = 0, cases = 0;
    for (const auto& m : p.modules) {
      if (!same_path(m->name, f)) continue;
      for (const auto& d : m->decls) {
        scenarios += d->kind == DeclKind::scenario;
        cases += d->kind == DeclKind::case_;
      }
    }
    reply.output += fmt::format("loaded {} ({})\n", fs_display(f),
                                counted(scenarios, "scenario") + ", " + counted(cases, "case"));
  };
  // One build for all the new files. A failure leaves out the files its errors are in
  // and tries the rest; errors that no new file owns (say, in a file one of them
  // imports) fall back to one file at a time.
  const std::vector<std::string> kept = files_;
  while (!pending.empty()) {
    files_ = kept;
    files_.insert(files_.end(), pending.begin(), pending.end());
    Program p;
    try {
      build(p, "");
    } catch (...) {
      files_ = kept;
      std::exception_ptr e = std::current_exception();
      std::vector<std::string> bad;
      for (const Diagnostic& d : diagnostics_of(e)) {
        if (!d.range) continue;
        const std::string& name = p.sources.file(d.range->file).name();
        for (const std::string& f : pending)
          if (same_path(f, name) && std::find(bad.begin(), bad.end(), f) == bad.end())
            bad.push_back(f);
      }
      if (bad.empty()) break;
      reply.errors += render_errors(p, e);
      for (const std::string& f : bad) {
        reply.errors += "not loaded: " + fs_display(f) + "\n";
        std::erase(pending, f);
      }
      continue;
    }
    for (const std::string& f : pending) loaded(p, f);
    pending.clear();
  }
  for (const std::string& f : pending) {
    files_.push_back(f);
    Program p;
    try {
      build(p, "");
      loaded(p, f);
    } catch (...) {
      files_.pop_back();
      reply.errors += render_load_errors(p, std::current_exception());
      reply.errors += "not loaded: " + fs_display(f) + "\n";
    }
  }
  if (again) {
    Reply r = reload();
    reply.output += r.output;
    reply.errors += r.errors;
  }
  return reply;
}

Reply Session::reload() {
  Reply reply;
  std::size_t files_before = files_.size(), definitions_before = definitions_.size();
  {  // Usually everything still checks: one build.
    Program p;
    try {
      build(p, "");
      reply.output = fmt::format("reloaded {}, kept {} of {}\n", counted(files_before, "file"),
                                 definitions_before, counted(definitions_before, "definition"));
      return reply;
    } catch (...) {
    }
  }
  // Files first: a file that no longer loads is dropped with its error.
  std::vector<std::string> files = std::move(files_);
  std::vector<Definition> definitions = std::move(definitions_);
  files_.clear();
  definitions_.clear();
  std::string kept_ans = std::move(ans_);
  ans_.clear();
  for (const std::string& f : files) {
    files_.push_back(f);
    Program p;
    try {
      build(p, "");
    } catch (...) {
      files_.pop_back();
      reply.errors += render_load_errors(p, std::current_exception());
      reply.errors += "dropped " + fs_display(f) + "\n";
    }
  }
  for (Definition& d : definitions) {
    definitions_.push_back(d);
    Program p;
    try {
      build(p, "");
    } catch (...) {
      definitions_.pop_back();
      reply.errors += render_errors(p, std::current_exception());
      reply.errors += "dropped `" + trim(d.text.substr(0, d.text.find('\n'))) + "`\n";
    }
  }
  ans_ = kept_ans;
  Program p;
  try {
    build(p, "");
  } catch (...) {
    ans_.clear();
  }
  reply.output += fmt::format("reloaded {}, kept {} of {}\n", counted(files_.size(), "file"),
                              definitions_.size(), counted(definitions.size(), "definition"));
  return reply;
}

Reply Session::command(const std::string& input) {
  std::string name = input.substr(0, input.find_first_of(" \t"));
  std::string rest = trim(input.substr(name.size()));
  Reply reply;
  if (name == ":quit" || name == ":q" || name == ":exit") {
    reply.quit = true;
  } else if (name == ":help" || name == ":h") {
    reply.output = help_text;
  } else if (name == ":load") {
    if (rest.empty())
      reply.errors = render("E0607", ":load needs a file");
    else
      return load(rest);
  } else if (name == ":reload") {
    return reload();
  } else if ((name == ":why" || name == ":type") && rest.empty()) {
    reply.errors = render("E0607", "usage: " + name + " EXPR");
  } else if (name == ":why") {
    return why(rest);
  } else if (name == ":sweep") {
    if (rest.empty() || rest.find_first_of(" \t") != std::string::npos)
      reply.errors =
          render("E0607", "usage: :sweep NAME (a sweep of the session or a loaded file)");
    else
      return run_sweep(rest);
  } else if (name == ":type") {
    return type_of(rest);
  } else if (name == ":doc") {
    return doc(rest);
  } else if (name == ":list") {
    return list(rest.empty() ? "cases" : rest);
  } else if (name == ":set") {
    std::istringstream in(rest);
    std::string what;
    int n = 0;
    if (in >> what >> n && what == "digits" && n >= 1 && n <= 17) {
      digits_ = n;
      reply.output = fmt::format("digits = {}\n", n);
    } else {
      reply.errors = render("E0607", "usage: :set digits N (N from 1 to 17)");
    }
  } else {
    std::string suggestion;
    for (const auto& c : command_names)
      if (c.starts_with(name.substr(0, 3))) suggestion = "; did you mean `" + c + "`?";
    reply.errors =
        render("E0608", "unknown command `" + name + "`" + suggestion + " (:help lists them)");
  }
  return reply;
}

Reply Session::why(const std::string& text) {
  return with_expression(text, [&](Program& p, Expr& e, Reply& reply) {
    Evaluator ev(p, digits_);
    reply.output = render_explanation(explain(p, ev, e, {}, 1), ExplainFormat::text);
  });
}

Reply Session::run_sweep(const std::string& name) {
  {  // A case is swept from the command line's --vary, which the REPL has not.
    Program p;
    try {
      build(p, "");
    } catch (...) {
      return Reply{"", render_errors(p, std::current_exception())};
    }
    Decl* d = p.find(name);
    if (d && d->kind == DeclKind::case_)
      return Reply{"", render("E0802", "`" + name + "` is a case: declare a sweep about it " +
                                           "(`sweep S { about " + name +
                                           " vary INPUT in [...] }`) and `:sweep S`")};
  }
  cli::SweepRequest request;
  request.file = "the session";
  request.name = name;
  request.progress = false;
  request.build = [this](Program& p) { build(p, ""); };
  std::ostringstream out, err;
  // The sweep takes Ctrl-C for itself while it runs, and restores it with signal(),
  // which would add SA_RESTART: the REPL's own handling is put back as it was.
  struct sigaction saved {};
  sigaction(SIGINT, nullptr, &saved);
  int code = cli::sweep(request, cli::Common{digits_}, out, err);
  sigaction(SIGINT, &saved, nullptr);
  Reply reply;
  reply.output = out.str();
  // The notes of a sweep that ran (`note: no point satisfies the filters`) are no error.
  (code == 0 ? reply.output : reply.errors) += err.str();
  return reply;
}

Reply Session::type_of(const std::string& text) {
  return with_expression(
      // In the unit the value would be shown in: `[TB/s]` for a list declared so.
      text, [](Program&, Expr& e, Reply& reply) {
        reply.output = describe_shown(e.type, api::expression_unit(e)) + "\n";
      });
}

Reply Session::list(const std::string& what) {
  Reply reply;
  if (what == "cases" || what == "scenarios") {
    Program p;
    try {
      build(p, "");
    } catch (...) {
      reply.errors = render_errors(p, std::current_exception());
      return reply;
    }
    for (const auto& m : p.modules) {
      if (m->is_stdlib && !m->is_session) continue;
      for (const auto& d : m->decls) {
        if (what == "cases" && d->kind == DeclKind::case_)
          reply.output += d->name + " = " + static_cast<const CaseDecl&>(*d).scenario->name + "\n";
        if (what == "scenarios" && d->kind == DeclKind::scenario)
          reply.output += d->name + ": " + summary(d->docs.text) + "\n";
      }
    }
    if (reply.output.empty()) reply.output = "(no " + what + " yet: :load a file)\n";
    return reply;
  }
  std::ostringstream out, err;
  if (cli::list(what, {}, false, out, err) != 0)
    reply.errors = render(
        "E0607", ":list cases, scenarios, functions, units, models, hardware, fabrics or regions");
  reply.output = out.str();
  return reply;
}

}  // namespace reckon::repl
