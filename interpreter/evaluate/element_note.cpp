// The element a failing comprehension was at, and what it held (element_note.hpp).
#include "interpreter/evaluate/element_note.hpp"

#include <fmt/format.h>

#include "interpreter/display/format.hpp"
#include "interpreter/model/written_unit.hpp"

namespace reckon {

namespace {

// Longest text a note gives one value: a note is one line under the source line.
constexpr std::size_t max_shown = 40;

std::string shortened(std::string text) {
  if (text.size() <= max_shown) return text;
  std::size_t cut = max_shown - 3;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;  // UTF-8
  return text.substr(0, cut) + "...";
}

// Whether `e` names a property by its bare name anywhere (`sizes`, `[x for x in sizes]`).
bool names_property(const Expr& e) {
  if (e.kind == ExprKind::name && e.ref == RefKind::property) return true;
  for (const ExprPtr& x : e.operands)
    if (x && names_property(*x)) return true;
  for (const Argument& a : e.arguments)
    if (a.value && names_property(*a.value)) return true;
  return false;
}

}  // namespace

std::string short_value(const Value& v, const std::optional<DisplayUnit>& unit) {
  DisplayOptions options;
  options.list_elements = 3;  // a list inside: its first elements, the rest counted
  // As inside a message (format_inline), cut to a note's length.
  return shortened(format_inline(v, unit, options));
}

void note_element(UserError& error, const Expr& comprehension, std::size_t index,
                  std::span<const Value> bound, const ScenarioDecl* scenario) {
  const Expr& source = *comprehension.operands[0];
  const bool map = source.type.is_map();
  // The unit the source shows its elements in, as far as the expression says
  // (`[1 KiB, 2 KiB]`, a let, an input or property of `scenario`); a readable one
  // otherwise. A bare property name needs its scenario: only then is it asked.
  const std::optional<DisplayUnit> unit =
      scenario || !names_property(source) ? shown_unit(source, scenario) : std::nullopt;
  std::string held;
  if (map && bound.size() == 2) {
    held = short_value(bound[0], std::nullopt) + ": " + short_value(bound[1], unit);
  } else {
    // A tuple (bound whole, or taken apart by the pattern) part by part, in its parentheses.
    std::span<const Value> parts = bound;
    if (bound.size() == 1 && bound[0].tuple()) parts = bound[0].tuple()->items();
    for (std::size_t k = 0; k < parts.size(); ++k) {
      std::optional<DisplayUnit> part_unit = unit;
      if (parts.size() > 1) {
        const DisplayUnit* u = unit ? unit->element(k) : nullptr;
        part_unit = u ? std::optional<DisplayUnit>(*u) : std::nullopt;
      }
      held += (k ? ", " : "") + short_value(parts[k], part_unit);
    }
  }
  error.diagnostic().notes.push_back(
      {source.range, fmt::format("at {} {} of this {} ({})", map ? "entry" : "element", index,
                                 map ? "map" : "list", held)});
}

}  // namespace reckon
