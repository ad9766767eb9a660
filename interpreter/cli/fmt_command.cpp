// `reckon fmt [FILE...] [--check]`: lays files out canonically (grammar/source_format.hpp,
// docs/formatting.md).
#include <algorithm>
#include <iostream>
#include <iterator>
#include <sstream>

#include "grammar/format_checked.hpp"
#include "grammar/parse.hpp"
#include "interpreter/cli/commands.hpp"
#include "interpreter/cli/guarded.hpp"
#include "interpreter/cli/output_file.hpp"
#include "interpreter/input_file.hpp"

namespace reckon::cli {

namespace {

// One file, or standard input when `path` is "-". Returns 0, or 1 when it does not parse
// or (with --check) would change.
int format_one(const std::string& path, bool check, std::istream& in, std::ostream& out,
               std::ostream& err) {
  Program p;
  return guarded(p, err, [&] {
    const bool standard_input = path == "-";
    const std::string name = standard_input ? "<stdin>" : path;
    std::string text;
    if (standard_input)
      text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    else
      text = read_input_file(path, path, max_input_bytes);
    const std::string formatted = formatted_text(p.sources, p.sources.add(name, text));
    if (check) {
      if (formatted == text) return 0;
      out << name << "\n";
      return 1;
    }
    if (standard_input) {
      out << formatted;
    } else if (formatted != text) {
      OutputFile file(path);
      file.stream() << formatted;
      file.commit();
    }
    return 0;
  });
}

}  // namespace

int format_files(const FormatRequest& request, std::istream& in, std::ostream& out,
                 std::ostream& err) {
  std::vector<std::string> files = request.files;
  if (files.empty()) files.push_back("-");
  int code = 0;
  for (const std::string& file : files)
    code = std::max(code, format_one(file, request.check, in, out, err));
  return code;
}

}  // namespace reckon::cli
