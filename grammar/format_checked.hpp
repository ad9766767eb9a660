// `reckon fmt`'s safety net, shared by the command line and the language server: the
// canonical layout of a parsed file, after making sure it parses to the same tree.
#pragma once

#include <string>

#include "syntax/source.hpp"

namespace reckon {

// The formatted text of `file` (already added to `sources`). Throws the file's syntax
// error, or E0901 (require_same_tree) when the formatted text would not parse to the
// same tree.
std::string formatted_text(SourceManager& sources, FileId file);
// Throws `original`'s syntax error, or E0901 (located at `original`'s start) unless
// `formatted` parses to the same tree (syntax/ast_dump.hpp).
void require_same_tree(SourceManager& sources, FileId original, FileId formatted);

}  // namespace reckon
