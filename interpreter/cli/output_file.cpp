// OutputFile over POSIX calls, so that every failure has its errno: mkostemp() for the
// temporary, write() through a small stream buffer that keeps the first error, fsync(),
// close() and rename().
#include "interpreter/cli/output_file.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <streambuf>

#include "syntax/diagnostics.hpp"

namespace reckon::cli {

namespace fs = std::filesystem;

// A stream buffer over a file descriptor. After the first failed write it keeps the
// errno and drops everything else, so the error reported is the first one.
//
// A buffer that `holds` keeps everything until written_through(): for a file written in
// place over its old text, whose space is reserved before any byte of it is overwritten.
class OutputFile::Buffer : public std::streambuf {
 public:
  Buffer(int fd, bool holds) : fd_(fd), holds_(holds), space_(1 << 16) { reset(); }
  int error() const { return error_; }

  // Writes what the buffer holds over the file from its start and cuts the file there:
  // the space is reserved first, so a full disk is found before the old text is touched.
  void written_through() {
    hold();
    const auto size = static_cast<off_t>(held_.size());
    // (A filesystem that cannot reserve space is written all the same.)
    if (error_ == 0 && size > 0) error_ = ::posix_fallocate(fd_, 0, size);
    if (error_ == EOPNOTSUPP || error_ == EINVAL) error_ = 0;
    if (error_ == 0 && ::lseek(fd_, 0, SEEK_SET) < 0) error_ = errno;
    write_all(held_.data(), held_.size());
    if (error_ == 0 && ::ftruncate(fd_, size) != 0) error_ = errno;
  }

 protected:
  int_type overflow(int_type c) override {
    if (holds_)
      hold();
    else if (!drain())
      return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }
  int sync() override { return holds_ || drain() ? 0 : -1; }

 private:
  void reset() { setp(space_.data(), space_.data() + space_.size()); }
  void hold() {
    held_.append(pbase(), pptr());
    reset();
  }
  bool drain() {
    write_all(pbase(), static_cast<std::size_t>(pptr() - pbase()));
    reset();
    return error_ == 0;
  }
  void write_all(const char* at, std::size_t left) {
    while (left > 0 && error_ == 0) {
      ssize_t n = ::write(fd_, at, left);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) {
        error_ = errno;
        break;
      }
      at += n;
      left -= static_cast<std::size_t>(n);
    }
  }

  int fd_;
  bool holds_;
  std::vector<char> space_;
  std::string held_;
  int error_ = 0;
};

namespace {

[[noreturn]] void cannot_write(const std::string& target, int error) {
  throw UserError("E0704", fmt::format("cannot write `{}`: {}", target, std::strerror(error)));
}

bool same_file(const struct stat& a, int fd) {
  struct stat b {};
  return ::fstat(fd, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

// The permissions a new file gets from open(2): 0666 less the umask, which can only be
// read by setting it.
mode_t new_file_mode() {
  mode_t mask = ::umask(0);
  ::umask(mask);
  return 0666 & ~mask;
}

}  // namespace

OutputFile::OutputFile(std::string target, const std::vector<std::string>& inputs)
    : target_(std::move(target)) {
  std::error_code ec;
  for (const std::string& input : inputs)
    if (fs::equivalent(target_, input, ec))
      throw UserError("E0713", fmt::format("will not write `{}`: it is the input `{}`; name "
                                           "another output file",
                                           target_, input));
  struct stat st {};
  bool exists = ::stat(target_.c_str(), &st) == 0;
  if (exists && S_ISDIR(st.st_mode))
    throw UserError("E0714", fmt::format("cannot write `{}`: it is a directory", target_));
  const bool standard_stream =
      exists && (same_file(st, STDOUT_FILENO) || same_file(st, STDERR_FILENO));
  // A regular file with several hard links is written through them: a new file renamed
  // over one name would leave the others on the old text.
  write_through_ = exists && S_ISREG(st.st_mode) && st.st_nlink > 1 && !standard_stream;
  bool in_place = exists && (!S_ISREG(st.st_mode) || standard_stream || write_through_);
  if (in_place) {
    fd_ = ::open(target_.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY);
    if (fd_ < 0) cannot_write(target_, errno);
  } else {
    // A symbolic link is followed: the file it names is replaced, the link kept.
    fs::path path = target_;
    if (fs::is_symlink(path, ec)) {
      fs::path resolved = fs::canonical(path, ec);
      if (!ec) path = resolved;
    }
    fs::path dir = path.parent_path();
    std::string pattern =
        ((dir.empty() ? fs::path(".") : dir) / ("." + path.filename().string() + ".reckon-XXXXXX"))
            .string();
    fd_ = ::mkostemp(pattern.data(), O_CLOEXEC);
    if (fd_ < 0) cannot_write(target_, errno);
    temporary_ = pattern;
    // mkostemp makes the file private (0600); the output gets the mode the file it
    // replaces had, or a new file's.
    if (::fchmod(fd_, exists ? (st.st_mode & 07777) : new_file_mode()) != 0) {
      int error = errno;
      discard();
      cannot_write(target_, error);
    }
    final_ = path.string();
  }
  buffer_ = std::make_unique<Buffer>(fd_, write_through_);
  stream_ = std::make_unique<std::ostream>(buffer_.get());
}

OutputFile::~OutputFile() {
  if (!committed_) discard();
}

std::ostream& OutputFile::stream() { return *stream_; }

void OutputFile::discard() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  if (!temporary_.empty()) ::unlink(temporary_.c_str());
  temporary_.clear();
}

void OutputFile::close() {
  if (fd_ < 0) return;
  stream_->flush();
  if (write_through_) buffer_->written_through();
  int error = buffer_->error();
  // fsync before the rename, so that a crash cannot leave the new name on empty
  // blocks; devices and pipes written in place do not sync (EINVAL).
  if (error == 0 && (!temporary_.empty() || write_through_) && ::fsync(fd_) != 0) error = errno;
  if (::close(fd_) != 0 && error == 0) error = errno;
  fd_ = -1;
  if (error != 0) {
    discard();
    cannot_write(target_, error);
  }
}

void OutputFile::commit() {
  close();
  if (!temporary_.empty() && ::rename(temporary_.c_str(), final_.c_str()) != 0) {
    int error = errno;
    discard();
    cannot_write(target_, error);
  }
  temporary_.clear();
  committed_ = true;
}

std::vector<std::string> input_files(const Program& program) {
  std::vector<std::string> files;
  for (const auto& m : program.modules)
    if (!m->is_stdlib) files.push_back(m->name);
  return files;
}

int finish_standard_output(int code, std::ostream& err) {
  std::cout.flush();
  errno = 0;
  bool failed = !std::cout || std::fflush(stdout) != 0 || std::ferror(stdout);
  if (!failed) return code;
  // The write that failed may have been long before (stdio keeps only the error flag),
  // so the reason is known only when this last flush fails.
  std::string why = errno != 0 ? std::strerror(errno) : "the output is incomplete";
  err << render(SourceManager{},
                Diagnostic{std::nullopt, "cannot write standard output: " + why, {}, "E0715"});
  return code == 0 ? 1 : code;
}

}  // namespace reckon::cli
