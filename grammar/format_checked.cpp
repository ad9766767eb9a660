// `reckon fmt`'s safety net (grammar/format_checked.hpp).
#include "grammar/format_checked.hpp"

#include "grammar/parse.hpp"
#include "grammar/source_format.hpp"
#include "syntax/ast_dump.hpp"
#include "syntax/diagnostics.hpp"

namespace reckon {

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

}  // namespace reckon
