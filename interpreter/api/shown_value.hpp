// A value turned into data, the one way every surface that hands values on does it
// (`reckon eval --json`, the Python package): a tree of what each part shows and holds.
// It decides no display itself: the text, the unit and a collection's shared unit and
// digits come from the evaluator's `show` and format.hpp's, format_table.hpp's and
// maps.hpp's choices, so that a value reads here as it reads on the terminal.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "interpreter/evaluate/evaluator.hpp"
#include "syntax/dimension.hpp"
#include "syntax/display_unit.hpp"

namespace reckon::api {

struct ShownValue {
  enum class Kind {
    none,
    quantity,
    boolean,
    text,
    member,
    record,
    instance,
    list,
    tuple,
    map,
    set
  };
  Kind kind = Kind::none;
  std::string display;  // the whole value as it shows where it is (in its list, its column)
  // A quantity: its number in `unit` (the nearest double of the conversion), the unit
  // with its scale to base units, its number in base units and its dimension.
  double value = 0;
  std::string unit;  // also a list's or map's one unit for its quantities ("": none)
  double scale = 1;
  double base_value = 0;
  Dimension dim;
  bool truth = false;  // a boolean
  // A text; an enumeration member's name; a record's type or an instance's case name.
  std::string text;
  std::string scenario;            // an instance's scenario
  std::vector<std::string> names;  // a record's field names; a map's keys, in order
  std::vector<ShownValue> items;   // a list's or tuple's elements, a record's fields,
                                   // a map's values
  // A map's keys as values, in order (`names` holds their text): a count or quantity key
  // reaches JSON and Python as the number or quantity it is, not as its text.
  std::vector<ShownValue> keys;
};

// `v` as data, shown in `unit` (a declared or written one; nullopt: a readable one), to
// the evaluator's significant digits.
ShownValue shown_value(const Evaluator& ev, const Value& v, const std::optional<DisplayUnit>& unit);

}  // namespace reckon::api
