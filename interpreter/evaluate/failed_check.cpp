#include "interpreter/evaluate/failed_check.hpp"

#include <string>

#include "interpreter/model/signature.hpp"

namespace reckon {

Diagnostic failed_check(const Program& p, const CheckDecl& check, const CheckOutcome& outcome) {
  const std::string text(source_text(p, check.condition->range));
  Diagnostic d{check.condition->range, "check failed: " + text, {}, "E0509"};
  if (!outcome.left.empty()) {
    d.notes.push_back({std::nullopt, "left side is  " + outcome.left});
    d.notes.push_back({std::nullopt, "right side is " + outcome.right});
  }
  if (check.tolerance)
    d.notes.push_back(
        {std::nullopt, "tolerance: " + std::string(source_text(p, check.tolerance->range))});
  return d;
}

}  // namespace reckon
