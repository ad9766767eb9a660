// `reckon repl [FILE...]`: the interactive session on a terminal, a script on a pipe.
#pragma once

#include <string>
#include <vector>

namespace reckon::repl {

// Returns the exit code: 0, or 1 if piped input had an error.
int run(const std::vector<std::string>& files, int digits = 4);

}  // namespace reckon::repl
