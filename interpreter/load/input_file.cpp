// Bounded reading of input files with POSIX calls: the file is opened without blocking
// (a FIFO's open() would otherwise wait for a writer), its kind and size come from
// fstat() of what was opened (no race between a check and the open), and read() errors
// are reported with their errno.
#include "interpreter/load/input_file.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "syntax/diagnostics.hpp"

namespace reckon {

namespace {

class Descriptor {
 public:
  explicit Descriptor(int fd) : fd_(fd) {}
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  ~Descriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  int get() const { return fd_; }

 private:
  int fd_;
};

const char* kind_of(mode_t mode) {
  if (S_ISFIFO(mode)) return "a FIFO (a pipe)";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "a special file";
}

// Standard input, opened again through a path such as /dev/stdin or /proc/self/fd/0.
bool is_standard_input(const struct stat& st) {
  struct stat in {};
  return ::fstat(STDIN_FILENO, &in) == 0 && in.st_dev == st.st_dev && in.st_ino == st.st_ino;
}

// An unnamed pipe (`reckon run <(generate)`, /dev/fd/N): it has a writer, so reading it
// ends. A named FIFO may have none and would block, so only unnamed pipes are read. They
// live on the kernel's pipe filesystem: the device of a pipe made here tells which.
bool is_unnamed_pipe(const struct stat& st) {
  if (!S_ISFIFO(st.st_mode)) return false;
  int ends[2];
  if (::pipe(ends) != 0) return false;
  struct stat probe {};
  bool same = ::fstat(ends[0], &probe) == 0 && probe.st_dev == st.st_dev;
  ::close(ends[0]);
  ::close(ends[1]);
  return same;
}

}  // namespace

std::string too_large_message(const std::string& display, std::size_t size, std::size_t limit) {
  return fmt::format("`{}` is too large: {} bytes (the limit is {} MiB, {} bytes)", display, size,
                     limit >> 20, limit);
}

std::string read_input_file(const std::string& path, const std::string& display,
                            std::size_t limit) {
  Descriptor file(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY));
  if (file.get() < 0) throw UserError("E0201", "cannot open `" + display + "`");
  struct stat st {};
  if (::fstat(file.get(), &st) != 0)
    throw UserError("E0208", fmt::format("cannot read `{}`: {}", display, std::strerror(errno)));
  if (S_ISDIR(st.st_mode)) throw UserError("E0201", "cannot open `" + display + "`");
  bool regular = S_ISREG(st.st_mode);
  if (!regular && !is_standard_input(st) && !is_unnamed_pipe(st))
    throw UserError("E0207", fmt::format("`{}` is {}, not a regular file (to read from a "
                                         "program, redirect it to standard input and name "
                                         "`/dev/stdin`)",
                                         display, kind_of(st.st_mode)));
  if (regular && static_cast<std::uintmax_t>(st.st_size) > limit)
    throw UserError("E0206",
                    too_large_message(display, static_cast<std::size_t>(st.st_size), limit));
  // Standard input and pipes are read as they come: back to blocking reads.
  if (!regular) ::fcntl(file.get(), F_SETFL, ::fcntl(file.get(), F_GETFL) & ~O_NONBLOCK);

  // The size above is only a hint (a file may grow, and /proc's files say 0), so reading
  // stops one byte past the limit whatever it said.
  std::string text;
  if (regular) text.reserve(static_cast<std::size_t>(st.st_size) + 1);
  std::size_t used = 0;
  while (true) {
    // Room for the next piece, never more than one byte past the limit.
    std::size_t want = std::min<std::size_t>(1 << 16, limit + 1 - used);
    // A regular file fits the room reserved for it: a read past it would double the
    // string's capacity (16 MiB more for the largest file), for the one byte at its end.
    if (regular && text.capacity() > used) want = std::min(want, text.capacity() - used);
    text.resize(used + want);
    ssize_t got = ::read(file.get(), text.data() + used, want);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0)
      throw UserError("E0208", fmt::format("cannot read `{}`: {}", display, std::strerror(errno)));
    if (got == 0) break;
    used += static_cast<std::size_t>(got);
    if (used > limit)
      throw UserError("E0206", fmt::format("`{}` is too large: more than {} bytes (the limit is {} "
                                           "MiB, {} bytes)",
                                           display, limit, limit >> 20, limit));
  }
  text.resize(used);
  return text;
}

}  // namespace reckon
