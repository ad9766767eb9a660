// Evaluating maps: literals, lookups (a missing key is a located error naming the keys
// there are) and keys/values (`for (k, v) in m` is evaluate_comprehension.cpp's). All
// of it is the tree walk's, as lists are (compile.cpp compiles no map).
#include <fmt/format.h>

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "interpreter/display/format_map.hpp"
#include "interpreter/evaluate/evaluator.hpp"
#include "interpreter/model/builtins.hpp"
#include "interpreter/model/suggest.hpp"
#include "interpreter/values/maps.hpp"
#include "syntax/diagnostics.hpp"

namespace reckon {

namespace {

// The most keys a message lists; the rest are counted.
constexpr std::size_t max_keys_listed = 10;

}  // namespace

bool Evaluator::equal_maps(const MapValue& a, const MapValue& b) const {
  if (&a == &b) return true;
  if (a.keys.size() != b.keys.size()) return false;
  for (std::size_t i = 0; i < a.keys.size(); ++i) {
    const std::optional<std::size_t> j = find_key(b, a.keys[i]);
    if (!j || !equal(a.values[i], b.values[*j])) return false;
  }
  return true;
}

Value Evaluator::map_literal(const Expr& e, const Frame& frame) {
  const std::size_t n = e.operands.size() / 2;
  std::vector<Value> keys;
  std::vector<Value> values;
  keys.reserve(n);
  values.reserve(n);
  // A key computed the same as one before is found here (the checker finds keys written
  // out twice, E0362).
  KeyIndex index;
  index.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    keys.push_back(evaluate(*e.operands[2 * i], frame));
    if (const std::size_t j = index.add(keys, i); j != i)
      throw UserError(e.operands[2 * i]->range, "E0549",
                      fmt::format("the key {} is given twice in this map, by key {} and key {}: "
                                  "each key has one value",
                                  key_text(keys[i]), j, i));
    values.push_back(evaluate(*e.operands[2 * i + 1], frame));
  }
  count_built(2 * n * sizeof(Value), e, "map");
  return Value::adopt(MapValue::make(std::move(keys), std::move(values), std::move(index)));
}

// `m[k]`: the value of k. The checker has refused keys of the wrong type and, where both
// the key and the map are written out, a missing key; any other miss is found here.
Value Evaluator::map_lookup(const Expr& e, const Value& map, const Frame& frame) {
  const MapValue& m = *map.map();
  Value scratch;
  const Value& key = reference(*e.operands[1], frame, scratch);
  if (const std::optional<std::size_t> i = find_key(m, key)) return m.values[*i];
  if (m.keys.empty())
    throw UserError(e.name_range, "E0540",
                    fmt::format("no key {} in this map: it is empty", key_text(key)));
  std::string listed;
  std::vector<std::string> candidates;
  for (std::size_t i = 0; i < m.keys.size(); ++i) {
    const std::string k = key_text(m.keys[i]);
    if (i < max_keys_listed) listed += (i ? ", " : "") + k;
    candidates.push_back(m.keys[i].kind == ValueKind::text ? m.keys[i].text() : k);
  }
  if (m.keys.size() > max_keys_listed)
    listed += fmt::format(" and {} more", m.keys.size() - max_keys_listed);
  const std::string name = key.kind == ValueKind::text ? key.text() : key_text(key);
  throw UserError(e.name_range, "E0540",
                  fmt::format("no key {} in this map: its keys are {}{}", key_text(key), listed,
                              did_you_mean(name, candidates)));
}

Value Evaluator::map_builtin(const Expr& e, const Frame& frame) {
  Value scratch;
  const Value& map = reference(*e.arguments[0].value, frame, scratch);
  const MapValue& m = *map.map();
  switch (static_cast<MapBuiltin>(e.slot)) {
    case MapBuiltin::keys:
      return make_list(m.keys, e);
    case MapBuiltin::values:
      return make_list(m.values, e);
  }
  throw std::logic_error("unknown map builtin");
}

}  // namespace reckon
