// Every number of a Value (of its elements, parts and fields too) to the bit, with its
// kind, as hexadecimal floats: two evaluations agree to the last bit when these do.
#pragma once

#include <cstdio>
#include <string>

#include "interpreter/values/value.hpp"

namespace reckon::test {

inline std::string bits(const Value& v) {
  const ListValue* xs = v.list() ? v.list() : v.tuple();
  if (xs) {
    std::string out = "[";
    for (std::size_t i = 0; i < xs->size(); ++i) out += bits(xs->at(i)) + " ";
    return out + "]";
  }
  if (const RecordValue* r = v.record()) {
    std::string out = "(";
    for (const Value& f : r->fields) out += bits(f) + " ";
    return out + ")";
  }
  char text[64];
  std::snprintf(text, sizeof text, "%d:%a", static_cast<int>(v.kind), v.number);
  return text;
}

}  // namespace reckon::test
