// Tab completion in the REPL (Session::completions), called in-process: unit names after
// `->`, and members along a dotted path of any depth, typed by the checker.
#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "interpreter/repl/session.hpp"
#include "stdlib/library.hpp"

namespace {

using namespace reckon;

// A session with a record inside a case, two levels deep from the case's name.
repl::Session session_with_nested_record() {
  repl::Session s(stdlib::standard_library());
  for (const char* input : {
           "record Gpu {\n  name: text\n  memory: GB = 80 GB\n  membw: TB/s = 3 TB/s\n}",
           "scenario Tp {\n  input gpu: Gpu\n  input ways: count = 4\n  total: GB = gpu.memory * "
           "ways\n}",
           "case Tp4 = Tp(gpu: Gpu(name: \"H100\"))",
           "let x = 3 GiB",
       }) {
    repl::Reply r = s.submit(input);
    INFO(input);
    REQUIRE(r.errors.empty());
  }
  return s;
}

std::vector<std::string> complete(repl::Session& s, const std::string& line) {
  return s.completions(line, line.size());
}

bool has(const std::vector<std::string>& v, const std::string& x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

}  // namespace

TEST_CASE("completion after -> offers units of the catalogue") {
  repl::Session s = session_with_nested_record();
  auto gi = complete(s, "x -> Gi");
  CHECK(has(gi, "GiB"));
  CHECK(has(gi, "Gibit"));
  // Only units: `Gpu` (a record of the session) starts with G too, but is no unit.
  CHECK_FALSE(has(complete(s, "x -> G"), "Gpu"));
  // The next factor of a compound unit: `x / 1 s -> GiB/` then `s`.
  CHECK(has(complete(s, "x / 1 s -> GiB/s"), "s"));
  CHECK(has(complete(s, "Tp4.total -> Mi"), "MiB"));
}

TEST_CASE("completion follows a dotted path to any depth") {
  repl::Session s = session_with_nested_record();
  // One level: the case's inputs and properties.
  auto top = complete(s, "Tp4.");
  CHECK(has(top, "gpu"));
  CHECK(has(top, "ways"));
  CHECK(has(top, "total"));
  // Two levels: the record's fields, by the checker's type of `Tp4.gpu`.
  CHECK(complete(s, "Tp4.gpu.mem") == std::vector<std::string>{"membw", "memory"});
  CHECK(complete(s, "Tp4.gpu.") == std::vector<std::string>{"membw", "memory", "name"});
  // Inside a larger expression.
  CHECK(complete(s, "max(Tp4.gpu.memory, Tp4.gpu.me") ==
        std::vector<std::string>{"membw", "memory"});
  // A quantity has no members, and an unknown path offers nothing.
  CHECK(complete(s, "Tp4.total.").empty());
  CHECK(complete(s, "Tp4.nothing.").empty());
}

TEST_CASE("completion offers the builtins over lists") {
  repl::Session s = session_with_nested_record();
  CHECK(has(complete(s, "le"), "len"));
  CHECK(has(complete(s, "[1, 2] + ev"), "every"));
}

TEST_CASE("completion offers the builtins over maps, and :doc describes them") {
  repl::Session s = session_with_nested_record();
  CHECK(has(complete(s, "ke"), "keys"));
  CHECK(has(complete(s, "len(val"), "values"));
  repl::Reply r = s.submit(":doc keys");
  CHECK(r.output == "keys(m) (builtin)\n  The keys of a map, as a list, in the order written.\n");
}

TEST_CASE("completion and :doc cover every builtin, from the one table") {
  repl::Session s = session_with_nested_record();
  CHECK(has(complete(s, "pai"), "pairs"));
  CHECK(has(complete(s, "enu"), "enumerate"));
  CHECK(has(complete(s, "feas"), "feasible"));
  CHECK(has(complete(s, "viol"), "violations"));
  repl::Reply r = s.submit(":doc argmax");
  CHECK(r.errors.empty());
  CHECK(r.output.starts_with("argmax(xs, by: x => k) (builtin)\n  The element whose key k"));
}

TEST_CASE("completion follows an index to a list's record and offers a map's keys") {
  repl::Session s = session_with_nested_record();
  for (const char* input : {
           "let gpus = [Gpu(name: \"A\"), Gpu(name: \"B\")]",
           "let grid = {\"us-east\": 380 gCO2e/kWh, \"eu-north\": 30 gCO2e/kWh}",
           "enum Vendor { nvidia, amd }",
           "let hbm: {Vendor: GB} = {nvidia: 80 GB, amd: 192 GB}",
       }) {
    repl::Reply r = s.submit(input);
    INFO(input);
    REQUIRE(r.errors.empty());
  }
  // An element of a list of records has the record's fields.
  CHECK(complete(s, "gpus[0].") == std::vector<std::string>{"membw", "memory", "name"});
  CHECK(complete(s, "gpus[len(gpus) - 1].mem") == std::vector<std::string>{"membw", "memory"});
  // A list itself has no members (its builtins are called: `len(gpus)`).
  CHECK(complete(s, "gpus.").empty());
  // A map written out offers its keys after `[`, quoted and closed, and after `["`.
  CHECK(complete(s, "grid[") == std::vector<std::string>{"\"eu-north\"]", "\"us-east\"]"});
  CHECK(complete(s, "grid[\"us") == std::vector<std::string>{"us-east\"]"});
  // A map keyed by an enumeration offers its members.
  CHECK(complete(s, "hbm[") == std::vector<std::string>{"Vendor.amd", "Vendor.nvidia"});
  // After `[` of something that is not a map: names, as anywhere.
  CHECK(has(complete(s, "gpus[le"), "len"));
}
