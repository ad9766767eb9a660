// Every file Reckon writes (sweep -o, doc -o, exercises build -o) is an OutputFile:
// written whole or not at all, never over one of the command's inputs, and every
// write, sync and close error is reported.
//
// The text goes to a temporary file beside the target (the same directory, so the
// same filesystem), which is flushed, synced and closed with its errors checked, and
// only then renamed over the target: rename(2) is atomic, so a full disk, a signal or
// a crash leaves the old file or none, never a part of the new one (git's lockfiles,
// SQLite's journal). A target that exists and is not a regular file (/dev/null,
// /dev/stdout, a FIFO), or that is the process's own standard output or error, cannot
// be replaced: it is written in place, with the same checks. A regular file with several
// hard links is written through them (a rename would leave the other names on the old
// text): its new text is held whole, its space reserved, and only then written over the
// old one and the file cut to its length; a crash while writing can leave it part old,
// part new (the price of keeping the links).
#pragma once

#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "interpreter/api/program.hpp"

namespace reckon::cli {

class OutputFile {
 public:
  // Throws UserError: E0713 when `target` is the same file as one of `inputs`
  // (std::filesystem::equivalent), E0714 when it is a directory, E0704 when the
  // temporary cannot be created.
  explicit OutputFile(std::string target, const std::vector<std::string>& inputs = {});
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;
  // Removes the temporary unless committed: an error or an exception writes nothing.
  ~OutputFile();

  std::ostream& stream();
  const std::string& target() const { return target_; }

  // Flushes, syncs and closes; throws UserError E0704 (removing the temporary) when any
  // of them fails. Close every file of a set before committing any.
  void close();
  // close(), then renames the temporary over the target (E0704 if that fails).
  void commit();

 private:
  class Buffer;
  void discard();

  std::string target_;
  std::string final_;      // the path renamed to: the target, or the file its link names
  std::string temporary_;  // empty when the target is written in place, or once renamed
  int fd_ = -1;
  bool write_through_ = false;  // a hard-linked file, written in place over its old text
  bool committed_ = false;
  std::unique_ptr<Buffer> buffer_;
  std::unique_ptr<std::ostream> stream_;
};

// The files a program was read from (its main file and imports, not the standard
// library's modules): what an output must not replace.
std::vector<std::string> input_files(const Program& program);

// Checks the process's standard output after a command: flushed, and no write failed
// (`reckon run f.rk > /dev/full`). Returns the exit code to use: `code`, or 1 after
// printing E0715 to `err` when standard output failed and `code` was 0.
int finish_standard_output(int code, std::ostream& err);

}  // namespace reckon::cli
