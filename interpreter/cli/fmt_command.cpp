// `reckon fmt [FILE...] [--check]`: lays files out canonically (grammar/source_format.hpp,
// docs/formatting.md).
#include <algorithm>
#include <iostream>
#include <iterator>
#include <sstream>

#include "grammar/parse.hpp"
#include "grammar/source_format.hpp"
#include "interpreter/cli/commands.hpp"
#include "interpreter/cli/guarded.hpp"
#include "interpreter/cli/output_file.hpp"
#include "interpreter/input_file.hpp"
#include "syntax/ast_dump.hpp"

namespace reckon::cli {

void require_same_tree(SourceManager& sources, FileId original, FileId formatted) {
  const std::string before = dump_tree(*parse_module(sources, original));
  std::string after;
  try {
    after = dump_tree(*parse_module(sources, formatted));
  } catch (const UserError&) {
    // Reported below as what it is: the formatter's mistake, not the file's.
  }
  if (after != before)
    throw UserError(SourceRange{original, 0, 0}, "E0901",
                    "formatting `" + sources.file(original).name() +
                        "` would change how it parses, so it is left as it is (a bug in "
                        "`reckon fmt`: please report it with the file)");
}

std::string formatted_text(SourceManager& sources, FileId file) {
  parse_module(sources, file);  // a file that does not parse gets its own error, first
  std::string text = format_source(sources.file(file).text());
  // The formatter only moves whitespace, where the grammar lets it; this makes sure of it
  // before anything is written.
  require_same_tree(sources, file, sources.add(sources.file(file).name(), text));
  return text;
}

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
