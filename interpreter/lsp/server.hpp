// `reckon lsp`: a Language Server Protocol server over standard input and output
// (docs/editors.md). One thread reads and frames messages, answering `$/cancelRequest`
// as it arrives; the serving thread takes them in order, and skips work that a later
// message has made stale (a change of the same document waiting behind it).
#pragma once

#include <iosfwd>

#include "interpreter/api/program.hpp"

namespace reckon::lsp {

// Serves until the client sends `exit` or closes the stream. Returns the process's exit
// status: 0 after `shutdown` then `exit`, 1 for an `exit` without `shutdown` (as the
// protocol says) or a stream that breaks the framing (E0920, reported on `err`).
int serve(const Library& library, std::istream& in, std::ostream& out, std::ostream& err);

}  // namespace reckon::lsp
