// Runs one golden language test: tests/lang/OUTCOME-NAME.rk against OUTCOME-NAME.exp.
// The outcome in the name says what must happen:
//   parse-fail-*, check-fail-*   `reckon check` exits 1 (output: the diagnostics)
//   eval-fail-*                  `reckon run` exits 1
//   eval-ok-*                    `reckon run` exits 0
//   sweep-fail-*                 `reckon sweep FILE` (its first sweep) exits 1
//   sweep-ok-*                   `reckon sweep FILE` exits 0
// The expected file holds stdout then stderr. With RECKON_ACCEPT=1 in the
// environment the actual output is written to the .exp file instead (review the diff).
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "interpreter/cli/commands.hpp"

namespace fs = std::filesystem;

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: reckon_golden FILE.rk\n";
    return 2;
  }
  std::string file = argv[1];
  std::string name = fs::path(file).filename().string();
  std::ostringstream out, err;
  int expected_code = 1;
  int code = 0;
  if (name.starts_with("parse-fail-") || name.starts_with("check-fail-")) {
    code = reckon::cli::check(file, {}, out, err);
  } else if (name.starts_with("eval-fail-")) {
    code = reckon::cli::run(file, {}, out, err);
  } else if (name.starts_with("eval-ok-")) {
    expected_code = 0;
    code = reckon::cli::run(file, {}, out, err);
  } else if (name.starts_with("sweep-fail-") || name.starts_with("sweep-ok-")) {
    expected_code = name.starts_with("sweep-ok-") ? 0 : 1;
    reckon::cli::SweepRequest request;
    request.file = file;
    request.progress = false;
    request.jobs = 2;
    code = reckon::cli::sweep(request, {}, out, err);
  } else {
    std::cerr << name
              << ": the name must start with parse-fail-, check-fail-, eval-fail-, eval-ok-, "
                 "sweep-fail- or sweep-ok-\n";
    return 2;
  }
  std::string actual = "# exit " + std::to_string(code) + "\n" + out.str() + err.str();
  fs::path exp = fs::path(file).replace_extension(".exp");
  const char* accept = std::getenv("RECKON_ACCEPT");
  if (accept && std::string(accept) == "1") {
    std::ofstream(exp, std::ios::binary) << actual;
    std::cout << "accepted " << exp.string() << "\n";
    return code == expected_code ? 0 : 1;
  }
  std::ifstream in(exp, std::ios::binary);
  if (!in) {
    std::cerr << "missing " << exp.string() << "; actual output:\n" << actual;
    return 1;
  }
  std::stringstream expected;
  expected << in.rdbuf();
  bool ok = code == expected_code && expected.str() == actual;
  if (!ok) {
    std::cerr << "exit code " << code << " (wanted " << expected_code << ")\n--- expected\n"
              << expected.str() << "--- actual\n"
              << actual;
    if (name.starts_with("parse-fail-") && err.str().find(": error: ") == std::string::npos)
      std::cerr << "(no located error)\n";
  }
  return ok ? 0 : 1;
}
