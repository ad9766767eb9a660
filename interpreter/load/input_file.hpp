// Every file Reckon reads (scenario files, imports, answers, sheet records) is read by
// read_input_file, with the same bound and the same errors: a FIFO as input never
// blocks, a device never streams forever, and a read error is never an empty file.
#pragma once

#include <cstddef>
#include <string>

namespace reckon {

// The text of the file at `path`, named `display` in messages. Only regular files are
// read, whole, up to `limit` bytes; standard input named by a path (`/dev/stdin`) is
// read as a stream up to the same limit. Throws an unlocated UserError:
//   E0201 it cannot be opened (missing, unreadable, a directory)
//   E0206 it has more than `limit` bytes
//   E0207 it is a FIFO, a device or a socket (other than standard input)
//   E0208 reading it fails (`/proc/self/mem` gives EIO)
std::string read_input_file(const std::string& path, const std::string& display, std::size_t limit);

// "`NAME` is too large: N bytes (the limit is 16 MiB, 16777216 bytes)", E0206's message.
std::string too_large_message(const std::string& display, std::size_t size, std::size_t limit);

}  // namespace reckon
