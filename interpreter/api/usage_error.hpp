// An error in how a surface was asked to do something rather than in the program's
// files: a malformed `--set`, an override of a file without cases, a flag that
// contradicts another. The command line exits 2 for it (1 for other user errors); the
// Python package raises it as any ReckonError.
#pragma once

#include <string>

#include "syntax/diagnostics.hpp"

namespace reckon::api {

class UsageError : public UserError {
 public:
  UsageError(std::string code, std::string message)
      : UserError(std::move(code), std::move(message)) {}
  UsageError(SourceRange range, std::string code, std::string message)
      : UserError(range, std::move(code), std::move(message)) {}
};

}  // namespace reckon::api
