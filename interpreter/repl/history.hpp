// The REPL's history file ($XDG_STATE_HOME/reckon/history), bounded both ways. Read:
// only the last max_history_bytes of a regular file, so that a history grown to 200 MB
// or pointing at /dev/zero is not read whole, and of those at most max_history_entries
// lines are kept. Written: at most max_history_entries entries of at most
// max_history_entry_bytes each, to a temporary file renamed over the old one. A history
// that is not a regular file (a FIFO, a device) is neither read nor written, with a
// warning.
#pragma once

#include <cstddef>
#include <optional>
#include <ostream>
#include <string>

namespace reckon::repl {

inline constexpr int max_history_entries = 1000;
inline constexpr std::size_t max_history_bytes = 1u << 20;
inline constexpr std::size_t max_history_entry_bytes = 16u << 10;

// What is given to libedit from the history file at `path`: its format line and its
// last whole lines within `max_bytes`; empty for a missing file or one in another
// format (libedit would read nothing of it either). Nullopt, with `warning` set, for a
// file that cannot be used.
std::optional<std::string> history_tail(const std::string& path, std::size_t max_bytes,
                                        std::string& warning);

// Loads libedit's history from `path` (stifled to max_history_entries); false, after a
// warning on `warnings`, if the file is not to be used (nor saved).
bool load_history(const std::string& path, std::ostream& warnings);

// Adds an input to the history, unless it is longer than max_history_entry_bytes.
void remember(const std::string& entry);

// Writes libedit's history to `path` atomically; false if that failed (the old file is
// then unchanged).
bool save_history(const std::string& path);

}  // namespace reckon::repl
