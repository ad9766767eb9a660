// `reckon repl` on a real pseudo-terminal: the prompt, tab completion (names, members,
// units, named arguments, commands), multi-line input, Ctrl-C, persistent history and
// reverse search (and a history file that is a FIFO), Ctrl-D, and colour with and
// without NO_COLOR.
// Usage: reckon_pty PATH/TO/reckon   (run from the repository root)
//
// Every read has a deadline and every child is killed at the end, so the test cannot
// hang; a failed expectation prints what the terminal showed.
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

int failures = 0;
int passes = 0;
std::string reckon;
fs::path state_dir;  // XDG_STATE_HOME of every session

std::string visible(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '\033')
      out += "\\e";
    else if (c == '\r')
      out += "\\r";
    else if (c == '\n')
      out += "\\n\n";
    else if (static_cast<unsigned char>(c) < 32)
      out += "^" + std::string(1, static_cast<char>(c + 64));
    else
      out += c;
  }
  return out;
}

// One `reckon repl` on a pseudo-terminal.
class Session {
 public:
  explicit Session(std::vector<std::string> args, std::map<std::string, std::string> env = {}) {
    struct winsize size {};
    size.ws_row = 40;
    size.ws_col = 200;
    pid_ = forkpty(&fd_, nullptr, nullptr, &size);
    if (pid_ < 0) {
      std::perror("forkpty");
      std::exit(2);
    }
    if (pid_ == 0) {
      setenv("HOME", state_dir.c_str(), 1);
      setenv("XDG_STATE_HOME", state_dir.c_str(), 1);
      setenv("TERM", "xterm", 1);
      unsetenv("NO_COLOR");
      for (const auto& [k, v] : env) setenv(k.c_str(), v.c_str(), 1);
      std::vector<char*> argv;
      argv.push_back(const_cast<char*>(reckon.c_str()));
      argv.push_back(const_cast<char*>("repl"));
      for (auto& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      execv(reckon.c_str(), argv.data());
      _exit(127);
    }
    fcntl(fd_, F_SETFL, fcntl(fd_, F_GETFL) | O_NONBLOCK);
  }
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;
  ~Session() {
    if (pid_ > 0 && !exited_) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    close(fd_);
  }

  void send(const std::string& keys) {
    std::size_t done = 0;
    auto deadline = Clock::now() + std::chrono::seconds(2);
    while (done < keys.size() && Clock::now() < deadline) {
      ssize_t n = write(fd_, keys.data() + done, keys.size() - done);
      if (n > 0) done += static_cast<std::size_t>(n);
    }
  }

  // Reads until `needle` appears after what earlier expectations consumed; true if it
  // did before the deadline. The match is consumed.
  bool expect(const std::string& needle, int milliseconds = 3000) {
    auto deadline = Clock::now() + std::chrono::milliseconds(milliseconds);
    while (true) {
      if (auto at = screen_.find(needle, mark_); at != std::string::npos) {
        mark_ = at + needle.size();
        return true;
      }
      if (!pump(deadline)) return false;
    }
  }

  // Everything the terminal showed from now on, for `wait` milliseconds.
  std::string drain(int milliseconds) {
    auto deadline = Clock::now() + std::chrono::milliseconds(milliseconds);
    std::size_t from = screen_.size();
    while (pump(deadline)) {
    }
    return screen_.substr(from);
  }

  // The exit status, or -1 if the child is still running at the deadline.
  int wait_exit(int milliseconds = 3000) {
    auto deadline = Clock::now() + std::chrono::milliseconds(milliseconds);
    while (Clock::now() < deadline) {
      pump(Clock::now() + std::chrono::milliseconds(20));
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        exited_ = true;
        return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
      }
    }
    return -1;
  }

  const std::string& screen() const { return screen_; }
  std::string rest() const { return screen_.substr(mark_); }

 private:
  // Reads what is available, waiting until the deadline. False at the deadline or EOF.
  bool pump(Clock::time_point deadline) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    if (left.count() <= 0) return false;
    struct pollfd p {
      fd_, POLLIN, 0
    };
    if (poll(&p, 1, static_cast<int>(left.count())) <= 0) return false;
    char buffer[4096];
    ssize_t n = read(fd_, buffer, sizeof buffer);
    if (n <= 0) return false;  // EIO once the child has gone
    screen_.append(buffer, static_cast<std::size_t>(n));
    return true;
  }

  pid_t pid_ = -1;
  int fd_ = -1;
  bool exited_ = false;
  std::string screen_;
  std::size_t mark_ = 0;
};

void check(bool ok, const std::string& name, const Session& s) {
  if (ok) {
    ++passes;
    return;
  }
  ++failures;
  std::printf("FAIL %s; the terminal showed:\n%s\n---\n", name.c_str(),
              visible(s.screen()).c_str());
}

const std::string prompt = "reckon> ";
const std::string more = "   ...> ";

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s PATH/TO/reckon\n", argv[0]);
    return 2;
  }
  reckon = fs::absolute(argv[1]).string();
  char dir_template[] = "/tmp/reckon-pty-XXXXXX";
  if (!mkdtemp(dir_template)) {
    std::perror("mkdtemp");
    return 2;
  }
  state_dir = dir_template;
  auto started = Clock::now();

  {
    Session s({"scenarios/training.rk"});
    check(s.expect("loaded scenarios/training.rk") && s.expect(prompt), "the prompt appears", s);

    // Tab completion; each completed line is evaluated, so the completion must be exact.
    s.send("GPT3_1\t.layers\n");
    check(s.expect("\n96") && s.expect(prompt), "a name completes (GPT3_1<TAB> is GPT3_175B)", s);
    s.send("Gpt3ActivationsMicrobatch4.micro_b\t\n");
    check(s.expect("\n4") && s.expect(prompt), "a member completes after `.`", s);
    s.send("Gpt3ActivationsMicrobatch4.workload.lay\t\n");
    check(s.expect("\n96") && s.expect(prompt), "a member completes two levels deep", s);
    s.send("80 GiB -> Gib\t\n");  // Gibit alone starts so (GiB has a capital B)
    check(s.expect("\n640 Gibit") && s.expect(prompt), "a unit completes after `->`", s);
    s.send("80 Gi\t\t");  // ambiguous: a second TAB lists the candidates
    check(s.expect("GiB") && s.expect("Gibit"), "units are offered after a number", s);
    s.send("B -> GB\n");
    check(s.expect("85.90 GB") && s.expect(prompt), "the unit completion is usable", s);
    s.send("80 Ki\tB -> kB\n");
    check(s.expect("81.92 kB") && s.expect(prompt),
          "a unit completes after a number (80 Ki<TAB> is 80 Ki...)", s);
    s.send("point_to_point_time(size: 1 GB, bandw\t1 GB/s)\n");
    check(s.expect("\n1 s") && s.expect(prompt), "a named argument completes inside a call", s);
    s.send("case Big = ActivationMemory(workload: GPT3_175B, micro_b\t8)\n");
    check(s.expect("defined Big") && s.expect(prompt),
          "an input completes as a named argument of a scenario", s);
    s.send("Big.micro_batch\n");
    check(s.expect("\n8") && s.expect(prompt), "the completed case is usable", s);
    s.send(":re\t\n");
    check(s.expect("reloaded 1 file,") && s.expect(prompt),
          "a command completes (:re<TAB> is :reload)", s);

    // A record typed over several lines, with the continuation prompt.
    s.send("record Gpu {\n");
    check(s.expect(more), "an open bracket shows the continuation prompt", s);
    s.send("  name: text\n");
    check(s.expect(more), "the continuation goes on while the bracket is open", s);
    s.send("  memory: GB = 80 GB\n}\n");
    check(s.expect("defined Gpu") && s.expect(prompt), "a multi-line record is defined", s);
    s.send("Gpu(name: \"H100\").memory * 2\n");
    check(s.expect("160 GB") && s.expect(prompt), "the multi-line record is usable", s);

    // Several lines pasted at once are read as they would be typed.
    s.send(
        "record Link {\n  bandwidth: GB/s\n  latency: us = 1 us\n}\nLink(bandwidth: 50 "
        "GB/s).latency * 3\n");
    check(s.expect("defined Link") && s.expect("3 us") && s.expect(prompt),
          "a pasted multi-line record and a use of it", s);

    // Ctrl-C abandons the line being typed, and a multi-line input; the session goes on.
    s.send("1 + 2");
    s.expect("1 + 2");
    s.send("\x03");  // the terminal may drop keys typed before the new prompt: wait
    check(s.expect(prompt), "Ctrl-C shows a fresh prompt", s);
    s.send("7 * 6\n");
    check(s.expect("\n42") && s.expect(prompt), "Ctrl-C abandons the current line", s);
    s.send("(1 +\n");
    check(s.expect(more), "continuation before Ctrl-C", s);
    s.send("\x03");
    check(s.expect(prompt), "Ctrl-C in a continuation returns to the first prompt", s);
    s.send("2 * 3\n");
    check(s.expect("\n6") && s.expect(prompt), "Ctrl-C abandons a multi-line input", s);

    // Errors are coloured on a terminal.
    s.send("nope_name\n");
    check(s.expect("\033[31m") && s.expect("unknown name `nope_name`") && s.expect(prompt),
          "errors are red on a terminal", s);
    s.send("ans + 1\n");
    check(s.expect("\n7") && s.expect(prompt), "the session still works after an error", s);

    s.drain(100);  // a Ctrl-D typed ahead, before libedit reads again, is the tty's EOF
    s.send("\x04");
    check(s.wait_exit() == 0, "Ctrl-D exits with status 0", s);
  }

  // History persists in $XDG_STATE_HOME/reckon/history.
  fs::path history = state_dir / "reckon" / "history";
  {
    std::ifstream in(history);
    std::string raw((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::string text;  // libedit writes entries vis(3)-encoded: a space is \040
    for (std::size_t i = 0; i < raw.size(); ++i) {
      if (raw[i] == '\\' && i + 3 < raw.size() &&
          std::isdigit(static_cast<unsigned char>(raw[i + 1]))) {
        text += static_cast<char>(std::stoi(raw.substr(i + 1, 3), nullptr, 8));
        i += 3;
      } else {
        text += raw[i];
      }
    }
    bool ok = text.find("7 * 6") != std::string::npos &&
              text.find("GPT3_175B.layers") != std::string::npos;
    if (!ok) std::printf("history file %s holds:\n%s\n", history.c_str(), text.c_str());
    ++(ok ? passes : failures);
    if (!ok) std::printf("FAIL the history file keeps the inputs\n");
  }
  {
    Session s({});
    check(s.expect(prompt), "a second session starts", s);
    // Keys typed before libedit has set up the terminal would be echoed by it and
    // taken as typeahead; let the first prompt settle.
    s.drain(150);
    s.send(
        "\x12"
        "7 * ");  // Ctrl-R: reverse search
    check(s.expect("7 * 6"), "Ctrl-R finds an input of the previous session", s);
    s.send("\n");
    check(s.expect("\n42") && s.expect(prompt), "the found input runs", s);
    s.send("\x1b[A");  // up arrow: the last input again
    check(s.expect("7 * 6"), "the up arrow recalls the last input", s);
    s.send("\n");
    check(s.expect("\n42") && s.expect(prompt), "the recalled input runs", s);
    s.send(":quit\n");
    check(s.wait_exit() == 0, ":quit exits with status 0", s);
  }

  // NO_COLOR: errors carry no colour escapes.
  {
    Session s({}, {{"NO_COLOR", "1"}});
    check(s.expect(prompt), "a NO_COLOR session starts", s);
    s.drain(150);
    s.send("1 s + 1 B\n");
    check(s.expect("cannot add") && s.expect(prompt), "the error is shown", s);
    check(s.screen().find("\033[31m") == std::string::npos, "NO_COLOR removes the colour", s);
    s.drain(100);  // a Ctrl-D typed ahead, before libedit reads again, is the tty's EOF
    s.send("\x04");
    check(s.wait_exit() == 0, "Ctrl-D exits with status 0 (NO_COLOR)", s);
  }

  // A history that is not a regular file is neither read nor written (history.hpp): a
  // FIFO's open would wait for a writer forever, and /dev/zero would be read until
  // memory ran out.
  {
    fs::path odd = state_dir / "odd";
    fs::create_directories(odd / "reckon");
    ::mkfifo((odd / "reckon" / "history").c_str(), 0600);
    Session s({}, {{"XDG_STATE_HOME", odd.string()}});
    check(s.expect("is not a regular file; history is neither read nor saved") && s.expect(prompt),
          "a FIFO as the history file: a warning, then the prompt", s);
    s.drain(150);
    s.send("7 * 6\n");
    check(s.expect("\n42") && s.expect(prompt), "a session without a history works", s);
    s.send(":quit\n");
    check(s.wait_exit() == 0, ":quit exits with status 0 (no history)", s);
  }

  std::error_code ec;
  fs::remove_all(state_dir, ec);
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - started).count();
  std::printf("pty: %d passed, %d failed (%lld ms)\n", passes, failures,
              static_cast<long long>(ms));
  return failures == 0 ? 0 : 1;
}
