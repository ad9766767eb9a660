// A REPL session. Each input is a transaction: the session keeps only the source of
// what was accepted (loaded files, definitions, `ans`), and every input is checked in a
// fresh program built from that source plus the input. An input with an error leaves no
// trace, and no error can end the session. What the session keeps across inputs besides
// is the parse of each module it has loaded (ParseCache), so that a stdlib module is
// parsed once per session, not once per input.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "grammar/parse.hpp"
#include "interpreter/api/program.hpp"

namespace reckon::repl {

struct Reply {
  std::string output;  // what to print on stdout
  std::string errors;  // located diagnostics, for stderr
  bool quit = false;
};

class Session {
 public:
  explicit Session(const Library& library);

  // One complete input: an expression, a declaration, or a `:command`.
  Reply submit(const std::string& input);

  // Loads a file into the session (`:load`), as a transaction.
  Reply load(const std::string& path);
  // Loads several files (the command line's) with as few rebuilds as possible: all at
  // once when they check together; otherwise a file whose errors are its own is left
  // out with them and the rest are kept.
  Reply load(const std::vector<std::string>& paths);

  // Candidates to complete the word that ends at `cursor` in `line`.
  std::vector<std::string> completions(const std::string& line, std::size_t cursor);

  int digits() const { return digits_; }

 private:
  struct Definition {
    std::vector<std::string> names;  // what it defines ("" for a check)
    std::string text;
  };

  // A program of everything accepted so far, plus `extra` as the main file's text.
  // With `lazy`, only the stdlib modules the session, its files, `extra` and
  // `lazy->also_named` name are parsed (LazyStdlib).
  void build(Program& program, const std::string& extra, const LazyStdlib* lazy = nullptr) const;
  std::string session_text() const;
  Reply declaration(const std::string& input);
  // Builds the session's program, checks `text` as an expression in it and hands both
  // to `use`; a user error anywhere becomes the reply's errors.
  Reply with_expression(const std::string& text,
                        const std::function<void(Program&, Expr&, Reply&)>& use);
  Reply expression(const std::string& input);
  Reply command(const std::string& input);
  Reply why(const std::string& expression);
  // `:sweep NAME`: the sweep's table, as `reckon sweep FILE NAME` prints it.
  Reply run_sweep(const std::string& name);
  Reply type_of(const std::string& expression);
  Reply doc(const std::string& name);
  Reply list(const std::string& what);
  Reply reload();
  // `written`: the unit the value was shown in, if the expression had a written unit.
  // `e`: the checked input, whose references to the previous `ans` are replaced by its
  // definition when the new value is kept as source text.
  void remember_ans(const struct Value& v, const std::string& text, const struct Expr& e,
                    const std::optional<DisplayUnit>& written);

  bool user_defines_ans() const;  // a `let ans` among the definitions hides the session's

  Library library_;  // the standard library, plus the session's own module
  // The parses of the modules and texts the session's programs loaded, by the loader's
  // key (`stdlib:hardware`, `file:PATH`): each build converts them again, and parses
  // only what changed (the input, the session's definitions, an edited file).
  mutable ParseCaches parse_caches_;
  std::vector<std::string> files_;  // as imported: relative to the current directory
  std::vector<Definition> definitions_;
  std::string ans_;  // `let ans = ...` for the last value, or ""
  int digits_ = 4;
};

// Whether an input typed line by line is complete: it is not while a bracket is open,
// or while it holds only documentation (`##`) and metadata (`@key`) lines, which wait
// for their declaration. Each line is scanned once, as it arrives: rescanning the
// whole input per line made 40,000 continuation lines take 8 s (and 33 s of `##`).
class InputScanner {
 public:
  void add_line(std::string_view line);  // one line, without its newline
  bool needs_more() const { return code_seen_ ? depth_ > 0 : docs_seen_; }

 private:
  long depth_ = 0;          // brackets open: strings and comments end with their line
  bool code_seen_ = false;  // a line neither blank nor documentation nor metadata
  bool docs_seen_ = false;
};

// InputScanner's answer for a whole input: true while `text` has an unclosed bracket.
bool needs_more(const std::string& text);

}  // namespace reckon::repl
