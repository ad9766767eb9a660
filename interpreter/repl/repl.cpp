// The REPL's terminal side: line editing with libedit (history, reverse search with
// Ctrl-R, completion), continuation lines while brackets are open, colour on a
// terminal. With piped input there is no prompt and no escape sequence, so
// `reckon repl < session.txt` is a script whose output can be diffed.
#include "interpreter/repl/repl.hpp"

#include <editline/readline.h>
#include <fmt/format.h>
#include <setjmp.h>
#include <signal.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>

#include "interpreter/api/program.hpp"
#include "interpreter/repl/history.hpp"
#include "interpreter/repl/session.hpp"
#include "stdlib/library.hpp"
#include "syntax/diagnostics.hpp"

namespace reckon::repl {

namespace {

Session* completing = nullptr;  // the session the completion callbacks ask
std::vector<std::string> matches;
volatile std::sig_atomic_t interrupted = 0;

char* next_match(const char*, int state) {
  static std::size_t index = 0;
  if (state == 0) index = 0;
  return index < matches.size() ? strdup(matches[index++].c_str()) : nullptr;
}

// Ctrl-C at the prompt jumps out of readline() back to read_input, which drops the
// input being typed (as psql does). On its own libedit only restarted its read, so the
// abandoned text stayed and the next line was appended to it. The jump is armed only
// while readline() waits for keys, never while C++ code (completion) runs.
sigjmp_buf at_prompt;
volatile std::sig_atomic_t jump_armed = 0;

void on_interrupt(int) {
  interrupted = 1;
  if (jump_armed) {
    jump_armed = 0;
    siglongjmp(at_prompt, 1);
  }
}

char** complete(const char* text, int, int) {
  jump_armed = 0;
  rl_attempted_completion_over = 1;  // never fall back to file names
  matches =
      completing->completions(std::string(rl_line_buffer), static_cast<std::size_t>(rl_point));
  char** result = rl_completion_matches(text, next_match);
  if (interrupted) {  // Ctrl-C while completing: abandon the line now
    for (char** m = result; m && *m; ++m) std::free(*m);
    std::free(result);
    siglongjmp(at_prompt, 1);
  }
  jump_armed = 1;
  return result;
}

// $XDG_STATE_HOME/reckon/history, or ~/.local/state/reckon/history.
std::string history_path() {
  namespace fs = std::filesystem;
  fs::path dir;
  if (const char* state = std::getenv("XDG_STATE_HOME"); state && *state)
    dir = fs::path(state) / "reckon";
  else if (const char* home = std::getenv("HOME"); home && *home)
    dir = fs::path(home) / ".local" / "state" / "reckon";
  else
    return "";
  std::error_code ec;
  fs::create_directories(dir, ec);
  return ec ? "" : (dir / "history").string();
}

struct Terminal {
  bool colour;
  std::string red(const std::string& s) const { return colour ? "\033[31m" + s + "\033[0m" : s; }
};

// Set when piped input holds an input (a line, or the lines of an open bracket) over
// max_input_bytes: the session ends with E0209 instead of reading without bound
// (`reckon repl < /dev/zero` is one endless line).
bool input_too_long = false;

// Reads a line of piped input into `line`, without its newline, stopping once it
// passes `limit` bytes. False at the end of the input.
bool read_line(std::istream& in, std::string& line, std::size_t limit) {
  line.clear();
  std::streambuf& buffer = *in.rdbuf();
  for (auto c = buffer.sbumpc(); c != std::char_traits<char>::eof(); c = buffer.sbumpc()) {
    if (c == '\n') return true;
    line += static_cast<char>(c);
    if (line.size() > limit) return true;
  }
  return !line.empty();
}

// Reads one complete input (continuing while brackets are open). False at the end.
bool read_input(bool interactive, std::string& input) {
  input.clear();
  InputScanner scanner;
  while (true) {
    std::string line;
    if (!interactive) {
      if (!read_line(std::cin, line, max_input_bytes)) return !input.empty();
      if (input.size() + line.size() + 1 > max_input_bytes) {
        input_too_long = true;
        return false;
      }
    } else {
      interrupted = 0;
      if (sigsetjmp(at_prompt, 1) != 0) {  // Ctrl-C: abandon the input, never the session
        std::cout << "\n";
        input.clear();
        scanner = InputScanner();
        continue;
      }
      jump_armed = 1;
      char* read = readline(input.empty() ? "reckon> " : "   ...> ");
      jump_armed = 0;
      if (!read) return !input.empty();
      line = read;
      std::free(read);
    }
    input += line;
    input += '\n';
    scanner.add_line(line);
    if (!scanner.needs_more()) return true;
  }
}

}  // namespace

int run(const std::vector<std::string>& files, int digits) {
  bool interactive = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
  const char* no_colour = std::getenv("NO_COLOR");
  Terminal term{interactive && !(no_colour && *no_colour)};
  Session session(stdlib::standard_library());
  bool failed = false;
  auto print = [&](const Reply& r) {
    std::cout << r.output << std::flush;
    if (!r.errors.empty()) {
      std::cerr << term.red(r.errors) << std::flush;
      failed = true;
    }
  };
  if (digits != 4) print(session.submit(":set digits " + std::to_string(digits)));
  if (!files.empty()) print(session.load(files));  // one transaction, one build

  std::string history;
  if (interactive) {
    completing = &session;
    rl_attempted_completion_function = complete;
    rl_catch_signals = 0;  // libedit's handler re-raised SIGINT and kept reading
    rl_basic_word_break_characters = " \t\n\"\\'`@$><=;|&{(,.:+-*/^%";
    rl_completion_append_character = '\0';
    history = history_path();
    stifle_history(max_history_entries);
    if (!history.empty() && !load_history(history, std::cerr)) history.clear();
    struct sigaction action {};
    action.sa_handler = on_interrupt;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;  // no SA_RESTART: Ctrl-C interrupts the read
    sigaction(SIGINT, &action, nullptr);
    std::cout << "Reckon: type :help for help, :quit or Ctrl-D to leave.\n";
  }
  std::string input;
  while (read_input(interactive, input)) {
    std::string entry = input.substr(0, input.size() - 1);
    if (interactive && entry.find_first_not_of(" \t\n") != std::string::npos) {
      remember(entry);
      if (!history.empty()) save_history(history);
    }
    Reply r = session.submit(input);
    print(r);
    if (r.quit) break;
  }
  if (interactive) std::cout << "\n";
  if (input_too_long) {
    std::cerr << term.red(render(
        SourceManager{},
        Diagnostic{std::nullopt,
                   fmt::format("an input is longer than {} bytes (the limit); the session ends",
                               max_input_bytes),
                   {},
                   "E0209"}));
    return 1;
  }
  return interactive || !failed ? 0 : 1;
}

}  // namespace reckon::repl
