// `reckon fmt [FILE|DIR...] [--check|--diff]`: lays files out canonically
// (grammar/source_format.hpp, docs/formatting.md).
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <iterator>
#include <sstream>

#include "grammar/format_checked.hpp"
#include "grammar/parse.hpp"
#include "interpreter/api/program.hpp"
#include "interpreter/cli/commands.hpp"
#include "interpreter/cli/guarded.hpp"
#include "interpreter/cli/output_file.hpp"
#include "interpreter/cli/unified_diff.hpp"

namespace reckon::cli {

namespace {

namespace fs = std::filesystem;

// Whether the user may not write `path`: no write permission for them, or none for
// anyone (which root's access(2) would ignore). A read-only file is one its owner keeps
// as it is, so fmt does not replace it.
bool read_only(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return false;  // gone: the write will say so
  return (st.st_mode & 0222) == 0 || ::access(path.c_str(), W_OK) != 0;
}

// One file, or standard input when `path` is "-". Returns 0, or 1 when it does not parse,
// cannot be written, or (with --check or --diff) would change. Standard input's text is
// written to `out` only once it is formatted: on an error nothing is, so an editor that
// filters its lines through `reckon fmt` can keep them.
int format_one(const std::string& path, const FormatRequest& request, std::istream& in,
               std::ostream& out, std::ostream& err) {
  Program p;
  return guarded(p, err, [&] {
    const bool standard_input = path == "-";
    const std::string name = standard_input ? "<stdin>" : path;
    std::string text;
    if (standard_input)
      text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    else
      text = read_input_file(path, path, max_input_bytes);
    const FileId file = p.sources.add(name, text);
    const std::string formatted = formatted_text(p.sources, file);
    if (request.diff) {
      out << unified_diff(name, text, formatted);
      return formatted == text ? 0 : 1;
    }
    if (request.check) {
      if (formatted == text) return 0;
      out << name << "\n";
      return 1;
    }
    if (standard_input) {
      out << formatted;
    } else if (formatted != text) {
      if (read_only(path))
        throw UserError(SourceRange{file, 0, 0}, "E0902",
                        "`" + path +
                            "` is read-only, so `reckon fmt` leaves it as it is (make it "
                            "writable to format it, or see the changes with --diff)");
      OutputFile output(path);
      output.stream() << formatted;
      output.commit();
    }
    return 0;
  });
}

// The files to format: each FILE as given, and every `.rk` file under each directory
// (not in hidden directories such as `.git`), in name order.
std::vector<std::string> expand(const std::vector<std::string>& paths) {
  std::vector<std::string> files;
  for (const std::string& path : paths) {
    std::error_code ec;
    if (path == "-" || !fs::is_directory(path, ec)) {
      files.push_back(path);
      continue;
    }
    std::vector<std::string> found;
    fs::recursive_directory_iterator it(path, fs::directory_options::skip_permission_denied, ec);
    for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
      const fs::path& entry = it->path();
      const std::string base = entry.filename().string();
      if (it->is_directory(ec) && base.starts_with(".")) {
        it.disable_recursion_pending();
        continue;
      }
      if (entry.extension() == ".rk" && it->is_regular_file(ec)) found.push_back(entry.string());
    }
    std::sort(found.begin(), found.end());
    files.insert(files.end(), found.begin(), found.end());
  }
  return files;
}

}  // namespace

int format_files(const FormatRequest& request, std::istream& in, std::ostream& out,
                 std::ostream& err) {
  std::vector<std::string> files = expand(request.files);
  if (request.files.empty()) files.push_back("-");
  int code = 0;
  for (const std::string& file : files)
    code = std::max(code, format_one(file, request, in, out, err));
  return code;
}

}  // namespace reckon::cli
