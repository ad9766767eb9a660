// Output files are written whole or not at all (interpreter/cli/output_file.hpp): until
// commit() the target is untouched, an abandoned file leaves nothing behind, the old
// file's mode is kept, and inputs and directories are refused before anything is written.
#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "interpreter/cli/output_file.hpp"
#include "syntax/diagnostics.hpp"

namespace fs = std::filesystem;
using reckon::UserError;
using reckon::cli::OutputFile;

namespace {

struct TemporaryDirectory {
  fs::path path;
  TemporaryDirectory() {
    std::string pattern = (fs::temp_directory_path() / "reckon-output-XXXXXX").string();
    path = ::mkdtemp(pattern.data());
  }
  ~TemporaryDirectory() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  std::size_t entries() const {
    return static_cast<std::size_t>(std::distance(fs::directory_iterator(path), {}));
  }
};

std::string contents(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string code_of(const UserError& e) { return e.diagnostic().code; }

}  // namespace

TEST_CASE("output file: the target changes only at commit", "[output]") {
  TemporaryDirectory dir;
  fs::path target = dir.path / "out.csv";
  std::ofstream(target) << "old\n";
  fs::permissions(target, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  {
    OutputFile file(target.string());
    file.stream() << "new\n";
    file.close();
    CHECK(contents(target) == "old\n");  // written and closed, not yet renamed
    CHECK(dir.entries() == 2);           // the target and the temporary beside it
    file.commit();
  }
  CHECK(contents(target) == "new\n");
  CHECK(dir.entries() == 1);
  // The replaced file's mode (0640) is kept, not mkstemp's 0600.
  CHECK((fs::status(target).permissions() & fs::perms::all) ==
        (fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read));
}

TEST_CASE("output file: an abandoned file leaves nothing", "[output]") {
  TemporaryDirectory dir;
  {
    OutputFile file((dir.path / "out.csv").string());
    file.stream() << "partial";
  }  // an exception on the way: no commit
  CHECK(dir.entries() == 0);
}

TEST_CASE("output file: inputs and directories are refused before writing", "[output]") {
  TemporaryDirectory dir;
  fs::path input = dir.path / "f.rk";
  std::ofstream(input) << "let x = 1\n";
  fs::path other_spelling = dir.path / "." / "f.rk";
  try {
    OutputFile file(other_spelling.string(), {input.string()});
    FAIL("an output over an input was accepted");
  } catch (const UserError& e) {
    CHECK(code_of(e) == "E0713");
  }
  CHECK(contents(input) == "let x = 1\n");
  try {
    OutputFile file(dir.path.string());
    FAIL("a directory was accepted as an output file");
  } catch (const UserError& e) {
    CHECK(code_of(e) == "E0714");
  }
  CHECK(dir.entries() == 1);
}

TEST_CASE("output file: a device is written in place, its errors reported", "[output]") {
  {
    OutputFile file("/dev/null");  // not replaced by a regular file
    file.stream() << "discarded\n";
    file.commit();
  }
  struct stat st {};
  REQUIRE(::stat("/dev/null", &st) == 0);
  CHECK(S_ISCHR(st.st_mode));
  OutputFile full("/dev/full");
  full.stream() << "x";
  try {
    full.commit();
    FAIL("a write to /dev/full succeeded");
  } catch (const UserError& e) {
    CHECK(code_of(e) == "E0704");
    CHECK(e.diagnostic().message == "cannot write `/dev/full`: No space left on device");
  }
}
