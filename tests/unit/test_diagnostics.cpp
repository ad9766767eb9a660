// render(): what a diagnostic echoes of the user's bytes. Control characters, bidi
// controls and invalid UTF-8 are made visible with the caret kept under the error, and
// a very long line is cut to a window around the caret.
#include <catch2/catch.hpp>
#include <string>

#include "syntax/diagnostics.hpp"

using namespace reckon;
using namespace std::string_literals;  // "..."s keeps an embedded NUL

namespace {

// The rendered error at byte `begin` (length `length`) of a one-file source `text`.
std::string rendered(const std::string& text, std::uint32_t begin, std::uint32_t length,
                     const std::string& message = "m") {
  SourceManager sources;
  FileId f = sources.add("f.rk", text);
  return render(sources, Diagnostic{SourceRange{f, begin, begin + length}, message, {}, "E0316"});
}

}  // namespace

TEST_CASE("the echoed line shows invisible characters escaped, caret aligned") {
  struct Row {
    std::string text;     // the source line
    std::uint32_t begin;  // the error's byte offset (length 2: `zz`)
    std::string echo;     // what is shown, after two spaces
    std::string marker;   // the caret line, after two spaces
  };
  const Row rows[] = {
      {"a \0 zz"s, 4, "a \\x00 zz", "       ^~"},
      {"a \x1b[2J zz", 7, "a \\x1B[2J zz", "          ^~"},
      {"a \xe2\x80\xae zz", 6, "a <U+202E> zz", "           ^~"},
      {"a \xff zz", 4, "a \\xFF zz", "       ^~"},
      {"a \xc0\x80 zz", 5, "a \\xC0\\x80 zz", "           ^~"},  // an overlong NUL
      {"a \xc3\xa9\xe2\x82\xac zz", 8, "a \xc3\xa9\xe2\x82\xac zz",
       "     ^~"},  // é€: 1 column each
      {"a\tzz", 2, "a\tzz", " \t^~"},
  };
  for (const Row& r : rows) {
    INFO(r.echo);
    CHECK(rendered(r.text, r.begin, 2) == "f.rk:1:" + std::to_string(r.begin + 1) +
                                              ": error[E0316]: m\n  " + r.echo + "\n  " + r.marker +
                                              "\n");
  }
}

TEST_CASE("a NUL inside a source line is escaped, not cut off") {
  std::string text = "x = \0 + zz"s;
  CHECK(rendered(text, 8, 2) == "f.rk:1:9: error[E0316]: m\n  x = \\x00 + zz\n             ^~\n");
}

TEST_CASE("messages show control and bidi characters escaped, newlines kept") {
  CHECK(printable("a\x1b[31mb") == "a\\x1B[31mb");
  CHECK(printable("x\xe2\x80\xaey") == "x<U+202E>y");
  CHECK(printable("one\ntwo\tthree") == "one\ntwo\tthree");
  CHECK(printable("caf\xc3\xa9") == "caf\xc3\xa9");
  CHECK(rendered("zz", 0, 2, "name `\x1b]0;x\x07`") ==
        "f.rk:1:1: error[E0316]: name `\\x1B]0;x\\x07`\n  zz\n  ^~\n");
}

TEST_CASE("a long line is shown as a window around the caret") {
  // 1000 columns of `a`, the error `zz` at byte 500, then 1000 more: the window starts
  // 80 columns before the caret and is 200 columns wide, marked with "..." each side.
  std::string text = std::string(500, 'a') + "zz" + std::string(1000, 'b');
  std::string out = rendered(text, 500, 2);
  std::string echo = "  ..." + std::string(80, 'a') + "zz" + std::string(118, 'b') + "...";
  std::string marker = "  " + std::string(3 + 80, ' ') + "^~";
  CHECK(out == "f.rk:1:501: error[E0316]: m\n" + echo + "\n" + marker + "\n");
  // Near the start: no "..." before; a range longer than the window stops at its edge.
  out = rendered(std::string(1000, 'c'), 10, 900);
  CHECK(out == "f.rk:1:11: error[E0316]: m\n  " + std::string(200, 'c') + "...\n  " +
                   std::string(10, ' ') + "^" + std::string(189, '~') + "\n");
}
