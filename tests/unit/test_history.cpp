// The REPL's history file is read with a bound (interpreter/repl/history.hpp): only the
// last bytes of a regular file, cut at a line; a device or a FIFO is refused at once,
// never read (a history pointing at /dev/zero was read until the OOM killer came).
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "interpreter/repl/history.hpp"

namespace fs = std::filesystem;
using reckon::repl::history_tail;

namespace {

const std::string format_line = "_HiStOrY_V2_\n";

struct TemporaryDirectory {
  fs::path path;
  TemporaryDirectory() {
    std::string pattern = (fs::temp_directory_path() / "reckon-history-XXXXXX").string();
    path = ::mkdtemp(pattern.data());
  }
  ~TemporaryDirectory() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

void write(const fs::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

}  // namespace

TEST_CASE("history: a missing file or another format gives nothing", "[repl]") {
  TemporaryDirectory dir;
  std::string warning;
  CHECK(history_tail((dir.path / "none").string(), 1024, warning) == std::string());
  write(dir.path / "plain", "7 * 6\n");  // GNU readline's format: libedit reads none of it
  CHECK(history_tail((dir.path / "plain").string(), 1024, warning) == std::string());
  CHECK(warning.empty());
}

TEST_CASE("history: a small file is read whole", "[repl]") {
  TemporaryDirectory dir;
  write(dir.path / "h", format_line + "7\\040*\\0406\nans\n");
  std::string warning;
  CHECK(history_tail((dir.path / "h").string(), 1024, warning) ==
        format_line + "7\\040*\\0406\nans\n");
}

TEST_CASE("history: of a large file only the last bytes are read, in whole lines", "[repl]") {
  TemporaryDirectory dir;
  // 200,000 lines "entry N" (N = 0..199999): 7 + 1 + up to 6 digits + 1 bytes each,
  // about 2.8 MB, over a bound of 64 KiB.
  std::string text = format_line;
  for (int i = 0; i < 200000; ++i) text += "entry " + std::to_string(i) + "\n";
  write(dir.path / "h", text);
  std::string warning;
  auto tail = history_tail((dir.path / "h").string(), 64 * 1024, warning);
  REQUIRE(tail);
  CHECK(tail->size() <= format_line.size() + 64 * 1024);
  REQUIRE(tail->starts_with(format_line + "entry "));
  CHECK(tail->ends_with("\nentry 199999\n"));
  // Whole lines only: the first one kept is the line after the one the cut fell in, so
  // the text is exactly the file's end from that line on. Lines of the last 64 KiB have
  // 13 bytes ("entry 19xxxx\n"), so 65536 / 13 = 5041.2 lines fit and 5041 are kept.
  std::string first = tail->substr(format_line.size(),
                                   tail->find('\n', format_line.size()) - format_line.size() + 1);
  CHECK(text.ends_with(tail->substr(format_line.size())));
  CHECK(first == "entry " + std::to_string(200000 - 5041) + "\n");
}

TEST_CASE("history: a 200 MB file costs no more than the bound", "[repl]") {
  TemporaryDirectory dir;
  fs::path h = dir.path / "h";
  write(h, format_line);
  fs::resize_file(h, 200u << 20);  // sparse: 200 MB of zero bytes and no newline
  std::string warning;
  auto tail = history_tail(h.string(), 1u << 20, warning);
  REQUIRE(tail);
  CHECK(*tail == format_line);  // the last MiB holds no whole line
}

TEST_CASE("history: a device or a FIFO is refused without reading", "[repl]") {
  std::string warning;
  CHECK_FALSE(history_tail("/dev/zero", 1u << 20, warning));
  CHECK(warning.find("not a regular file") != std::string::npos);
  TemporaryDirectory dir;
  fs::path fifo = dir.path / "fifo";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  warning.clear();
  CHECK_FALSE(history_tail(fifo.string(), 1u << 20, warning));  // returns: no writer awaited
  CHECK(warning.find("not a regular file") != std::string::npos);
}
