// Every builtin function of the language in one table: its name, the family whose
// checker and evaluator implement it, the names of its parameters when it binds them by
// name, and its documentation, which the REPL's `:doc` and completion and the language
// server's hover, signature help and completion read. Adding a builtin is a member of its
// family's enum, a row in builtins.cpp, and a case in its family's check and evaluation
// (the files each family names below).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace reckon {

// Who checks and evaluates a call, by the call's CallKind: `numeric` CallKind::builtin
// (checker.cpp, evaluate.cpp and compiled code through operator_semantics.hpp), `list`
// CallKind::list_builtin (check_lists.cpp and the evaluate_*.cpp files of lists, tuples, texts and
// randomness), `map` CallKind::map_builtin (check_maps.cpp, evaluate_maps.cpp), `constraint`
// CallKind::constraint (check_with.cpp, constraints.cpp).
enum class BuiltinFamily : std::uint8_t { numeric, list, map, constraint };

// The numeric builtins, which work on any dimension (sqrt, min, ...), and from `bit_and` on
// the bitwise ones, on whole counts and plain numbers. A call's Expr::slot.
enum class Builtin {
  sqrt,
  abs,
  round,
  floor,
  ceil,
  min,
  max,
  log2,
  log10,
  ln,
  exp,
  bit_and,
  bit_or,
  bit_xor,
  shift_left,
  shift_right
};

// The builtins over lists. From `sum` to `trajectory` they are aggregates.hpp's: checked in
// check_aggregates.cpp, evaluated in evaluate_aggregates.cpp. From `zip` on they make or
// take tuples and texts: checked in check_tuples.cpp, evaluated in evaluate_tuples.cpp.
// From `random_uniform` to `random_sample` they draw seeded random values: checked in
// check_random.cpp, evaluated in evaluate_random.cpp. From `contains` on they work on texts
// (text_ops.hpp): checked in check_text_builtins.cpp, evaluated in
// evaluate_text_builtins.cpp.
enum class ListBuiltin {
  len,
  every,
  sum,
  product,
  min,
  max,
  mean,
  count,
  any,
  all,
  sort,
  argmin,
  argmax,
  quantile,
  first,
  last,
  fold,
  scan,
  iterate,
  trajectory,
  solve,  // interpreter/evaluate/solve.hpp
  zip,
  pairs,
  enumerate,
  join,
  random_uniform,
  random_gauss,
  random_choice,
  random_shuffle,
  random_sample,
  contains,
  startswith,
  endswith,
  find,
  split,
  strip,
  upper,
  lower,
  replace,
  number,
  set  // docs/language.md, "Sets"
};

enum class MapBuiltin { keys, values };

// `feasible(x)` and `violations(x)`; a user's function of the same name shadows them.
enum class ConstraintBuiltin { feasible, violations };

struct BuiltinInfo {
  std::string_view name;
  BuiltinFamily family;
  int member;  // the member of the family's enum
  // The parameters in order, for a builtin whose arguments may be named
  // (`random_choice(xs, seed: 1, n: 3)`); empty when they are positional only.
  std::span<const std::string_view> parameters;
  // Every form, as called: `min(a, b, ...), min(xs)`. A name that is a builtin of two
  // families (min and max: numeric, and over one list) has it, and `doc`, once, on the
  // row builtin_docs() lists; its other row leaves both empty.
  std::string_view signature;
  std::string_view doc;  // one paragraph, following docs/language.md
};

// Every row.
std::span<const BuiltinInfo> builtins();
// One row per name, each documented, in the order the language reference introduces them.
std::span<const BuiltinInfo> builtin_docs();

// The builtin of `family` named `name`, or null.
const BuiltinInfo* find_builtin(std::string_view name, BuiltinFamily family);
// The documented row of `name`, or null when no builtin has that name.
const BuiltinInfo* find_builtin_doc(std::string_view name);

const BuiltinInfo& builtin_info(Builtin b);
const BuiltinInfo& builtin_info(ListBuiltin b);
const BuiltinInfo& builtin_info(MapBuiltin b);
const BuiltinInfo& builtin_info(ConstraintBuiltin b);

template <class Member>
std::string_view builtin_name(Member b) {
  return builtin_info(b).name;
}

std::optional<Builtin> find_numeric_builtin(std::string_view name);
std::optional<ListBuiltin> find_list_builtin(std::string_view name);
std::optional<MapBuiltin> find_map_builtin(std::string_view name);
std::optional<ConstraintBuiltin> find_constraint_builtin(std::string_view name);

}  // namespace reckon
