// The history file through libedit, which can only read and write whole files by name:
// the bounded tail is handed to read_history() through a temporary file, and
// write_history() writes a temporary file that is then renamed.
#include "interpreter/repl/history.hpp"

#include <editline/readline.h>
#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

namespace reckon::repl {

namespace {

// The first line of every history file libedit writes.
constexpr std::string_view format_line = "_HiStOrY_V2_\n";

// Reads up to `size` bytes at `offset`; what was read (short at the end of the file).
std::optional<std::string> read_at(int fd, off_t offset, std::size_t size) {
  std::string text(size, '\0');
  std::size_t used = 0;
  while (used < size) {
    ssize_t n = ::pread(fd, text.data() + used, size - used, offset + static_cast<off_t>(used));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return std::nullopt;
    if (n == 0) break;
    used += static_cast<std::size_t>(n);
  }
  text.resize(used);
  return text;
}

// A temporary file beside `path` (mkstemp's private mode suits a history).
std::string temporary_beside(const std::string& path) {
  std::string pattern = path + ".reckon-XXXXXX";
  int fd = ::mkostemp(pattern.data(), O_CLOEXEC);
  if (fd < 0) return "";
  ::close(fd);
  return pattern;
}

}  // namespace

std::optional<std::string> history_tail(const std::string& path, std::size_t max_bytes,
                                        std::string& warning) {
  // Without blocking: a FIFO's open would wait for a writer.
  int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) {
    if (errno == ENOENT) return std::string();  // the first session
    warning = fmt::format("cannot read the history file `{}`: {}", path, std::strerror(errno));
    return std::nullopt;
  }
  struct stat st {};
  std::optional<std::string> text;
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    warning = fmt::format(
        "the history file `{}` is not a regular file; history is neither read nor saved", path);
  } else if (auto head = read_at(fd, 0, format_line.size()); !head) {
    warning = fmt::format("cannot read the history file `{}`: {}", path, std::strerror(errno));
  } else if (*head != format_line) {
    text = std::string();
  } else {
    auto size = static_cast<std::size_t>(st.st_size);
    std::size_t from = size > max_bytes ? size - max_bytes : format_line.size();
    auto body = read_at(fd, static_cast<off_t>(from), std::min(size - from, max_bytes));
    if (!body) {
      warning = fmt::format("cannot read the history file `{}`: {}", path, std::strerror(errno));
    } else {
      // A tail cut inside a line starts after that line; the last line may lack its newline.
      if (from > format_line.size()) {
        auto newline = body->find('\n');
        body->erase(0, newline == std::string::npos ? body->size() : newline + 1);
      }
      text = std::string(format_line) + *body;
    }
  }
  ::close(fd);
  return text;
}

bool load_history(const std::string& path, std::ostream& warnings) {
  stifle_history(max_history_entries);
  std::string warning;
  auto tail = history_tail(path, max_history_bytes, warning);
  if (!tail) {
    warnings << "warning: " << warning << "\n";
    return false;
  }
  if (tail->empty()) return true;
  std::string temporary = temporary_beside(path);
  if (temporary.empty()) return true;  // the directory is not writable: no history to read
  if (FILE* f = std::fopen(temporary.c_str(), "w")) {
    bool written = std::fwrite(tail->data(), 1, tail->size(), f) == tail->size();
    if (std::fclose(f) == 0 && written) read_history(temporary.c_str());
  }
  ::unlink(temporary.c_str());
  return true;
}

void remember(const std::string& entry) {
  if (entry.size() <= max_history_entry_bytes) add_history(entry.c_str());
}

bool save_history(const std::string& path) {
  std::string temporary = temporary_beside(path);
  if (temporary.empty()) return false;
  if (write_history(temporary.c_str()) != 0 || ::rename(temporary.c_str(), path.c_str()) != 0) {
    ::unlink(temporary.c_str());
    return false;
  }
  return true;
}

}  // namespace reckon::repl
