#include "interpreter/model/builtins.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <iterator>

namespace reckon {

namespace {

template <class Member>
constexpr int member(Member m) {
  return static_cast<int>(m);
}

constexpr std::string_view uniform_parameters[] = {"seed", "n", "low", "high"};
constexpr std::string_view gauss_parameters[] = {"seed", "n", "mean", "stddev"};
constexpr std::string_view choice_parameters[] = {"xs", "seed", "n"};
constexpr std::string_view shuffle_parameters[] = {"xs", "seed"};
constexpr std::string_view sample_parameters[] = {"xs", "seed", "n"};
constexpr std::string_view iterate_parameters[] = {"start", "step", "until"};
constexpr std::string_view solve_parameters[] = {"f", "target", "over"};

// Keep the texts to docs/language.md ("Builtins over lists", "Maps", "Constraints",
// "every", "Seeded randomness"). The documented rows come first, one per name; the
// second forms of min and max (over one list) follow, documented by their numeric rows.
constexpr BuiltinInfo table[] = {

    // Numeric builtins.
    {"sqrt",
     BuiltinFamily::numeric,
     member(Builtin::sqrt),
     {},
     "sqrt(x)",
     "Square root; the dimension's exponents must be even (sqrt(4 m^2) is 2 m)."},
    {"abs",
     BuiltinFamily::numeric,
     member(Builtin::abs),
     {},
     "abs(x)",
     "Absolute value, in x's dimension."},
    {"round",
     BuiltinFamily::numeric,
     member(Builtin::round),
     {},
     "round(x)",
     "The nearest whole number of x's written unit, halves away from zero; a quotient a / b "
     "as the written numbers divide (round(0.3 s / 0.2 s) is 2)."},
    {"floor",
     BuiltinFamily::numeric,
     member(Builtin::floor),
     {},
     "floor(x)",
     "The largest whole number of x's written unit not above x; a quotient a / b as the "
     "written numbers divide (floor(300 ms / 100 ms) is 3)."},
    {"ceil",
     BuiltinFamily::numeric,
     member(Builtin::ceil),
     {},
     "ceil(x)",
     "The smallest whole number of x's written unit not below x; a quotient a / b as the "
     "written numbers divide (ceil(2.1 / 0.3) is 7)."},
    {"min",
     BuiltinFamily::numeric,
     member(Builtin::min),
     {},
     "min(a, b, ...), min(xs)",
     "The smallest of one or more compatible quantities; with one list argument, its least "
     "element, in the elements' unit (an empty list is E0545)."},
    {"max",
     BuiltinFamily::numeric,
     member(Builtin::max),
     {},
     "max(a, b, ...), max(xs)",
     "The largest of one or more compatible quantities; with one list argument, its greatest "
     "element, in the elements' unit (an empty list is E0545)."},
    {"log2",
     BuiltinFamily::numeric,
     member(Builtin::log2),
     {},
     "log2(x)",
     "Base-2 logarithm of a plain number."},
    {"log10",
     BuiltinFamily::numeric,
     member(Builtin::log10),
     {},
     "log10(x)",
     "Base-10 logarithm of a plain number."},
    {"ln",
     BuiltinFamily::numeric,
     member(Builtin::ln),
     {},
     "ln(x)",
     "Natural logarithm of a plain number."},
    {"exp",
     BuiltinFamily::numeric,
     member(Builtin::exp),
     {},
     "exp(x)",
     "e to the power of a plain number."},
    {"bit_and",
     BuiltinFamily::numeric,
     member(Builtin::bit_and),
     {},
     "bit_and(a, b)",
     "The bits set in both of two whole numbers from 0 to 2^53 (counts of one unit, or plain "
     "numbers): bit_and(12, 10) is 8."},
    {"bit_or",
     BuiltinFamily::numeric,
     member(Builtin::bit_or),
     {},
     "bit_or(a, b)",
     "The bits set in either of two whole numbers from 0 to 2^53: bit_or(12, 10) is 14."},
    {"bit_xor",
     BuiltinFamily::numeric,
     member(Builtin::bit_xor),
     {},
     "bit_xor(a, b)",
     "The bits set in exactly one of two whole numbers from 0 to 2^53: bit_xor(12, 10) is 6."},
    {"shift_left",
     BuiltinFamily::numeric,
     member(Builtin::shift_left),
     {},
     "shift_left(a, n)",
     "The whole number a with its bits moved n places up, a * 2^n, in a's unit; a result "
     "past 2^53 is E0508."},
    {"shift_right",
     BuiltinFamily::numeric,
     member(Builtin::shift_right),
     {},
     "shift_right(a, n)",
     "The whole number a with its bits moved n places down, the whole part of a / 2^n, in "
     "a's unit."},
    // Builtins over lists.
    {"len",
     BuiltinFamily::list,
     member(ListBuiltin::len),
     {},
     "len(xs), len(t)",
     "The number of elements of the list or set xs, a count (0 for an empty list); of a map, "
     "its entries; of a text, its characters (code points: len(\"µs\") is 2)."},
    {"every",
     BuiltinFamily::list,
     member(ListBuiltin::every),
     {},
     "every(R)",
     "Every global let of the record type R, in declaration order, as a list (a registry: "
     "`every(Accelerator)` with `import \"hardware\"`)."},
    {"sum",
     BuiltinFamily::list,
     member(ListBuiltin::sum),
     {},
     "sum(xs)",
     "The total of a list of quantities, added left to right, in the elements' unit; 0 in that "
     "unit for an empty list."},
    {"product",
     BuiltinFamily::list,
     member(ListBuiltin::product),
     {},
     "product(xs)",
     "The elements of a list of plain numbers multiplied (a list with a unit is E0375); 1 for "
     "an empty list."},
    {"mean",
     BuiltinFamily::list,
     member(ListBuiltin::mean),
     {},
     "mean(xs)",
     "The sum over the length, in the elements' unit (a count's mean is a number); an empty "
     "list is E0545."},
    {"quantile",
     BuiltinFamily::list,
     member(ListBuiltin::quantile),
     {},
     "quantile(xs, q)",
     "The q-quantile, q from 0 to 1, by linear interpolation between the sorted elements "
     "(Hyndman and Fan's type 7, numpy's default): q = 0.5 is the median; an empty list is "
     "E0545."},
    {"count",
     BuiltinFamily::list,
     member(ListBuiltin::count),
     {},
     "count(flags), count(xs, x => c)",
     "How many elements are true, or satisfy the condition c, as a count; 0 for an empty list."},
    {"any",
     BuiltinFamily::list,
     member(ListBuiltin::any),
     {},
     "any(flags), any(xs, x => c)",
     "Whether one element is true, or satisfies the condition c; false for an empty list."},
    {"all",
     BuiltinFamily::list,
     member(ListBuiltin::all),
     {},
     "all(flags), all(xs, x => c)",
     "Whether all elements are true, or satisfy the condition c; true for an empty list."},
    {"sort",
     BuiltinFamily::list,
     member(ListBuiltin::sort),
     {},
     "sort(xs), sort(xs, by: x => k)",
     "The list from least to greatest (by the key k, a quantity or a text), stable; texts sort "
     "by their bytes."},
    {"argmin",
     BuiltinFamily::list,
     member(ListBuiltin::argmin),
     {},
     "argmin(xs, by: x => k)",
     "The element whose key k is least (the first of equals); an empty list is E0545."},
    {"argmax",
     BuiltinFamily::list,
     member(ListBuiltin::argmax),
     {},
     "argmax(xs, by: x => k)",
     "The element whose key k is greatest (the first of equals); an empty list is E0545."},
    {"first",
     BuiltinFamily::list,
     member(ListBuiltin::first),
     {},
     "first(xs)",
     "The first element of a list; an empty list is E0545."},
    {"last",
     BuiltinFamily::list,
     member(ListBuiltin::last),
     {},
     "last(xs)",
     "The last element of a list; an empty list is E0545."},
    {"fold",
     BuiltinFamily::list,
     member(ListBuiltin::fold),
     {},
     "fold(xs, init, (acc, x) => e)",
     "The accumulator after the last element: acc starts at init (`[]` takes the list e gives) and "
     "becomes e at each "
     "element, in init's type; init for an empty list."},
    {"scan",
     BuiltinFamily::list,
     member(ListBuiltin::scan),
     {},
     "scan(xs, init, (acc, x) => e)",
     "The accumulator after each element, as a list, in init's type; [] for an empty list."},
    {"iterate", BuiltinFamily::list, member(ListBuiltin::iterate), iterate_parameters,
     "iterate(start, s => next, until: s => done)",
     "The first state for which done holds: the state starts at start (which may itself be "
     "done) and becomes next, step after step; bounded by the step limit (E0506 names the "
     "last state)."},
    {"trajectory", BuiltinFamily::list, member(ListBuiltin::trajectory), iterate_parameters,
     "trajectory(start, s => next, until: s => done)",
     "Every state iterate passes through, as a list: start, then each next, up to and "
     "including the first for which done holds."},
    {"solve", BuiltinFamily::list, member(ListBuiltin::solve), solve_parameters,
     "solve(x => f, target, a .. b), solve(x => f, at_most: t, xs), solve(x => f, at_least: "
     "t, xs)",
     "The x at which a monotone f meets the target: f(x) = target (over a range of quantities "
     "a .. b, by bisection; over a list or a range of counts, the first value that reaches "
     "it), or the x nearest the edge where f(x) <= t (at_most:) or f(x) >= t (at_least:) "
     "stops holding. E0550 when no x meets it, E0551 when f turns."},
    {"zip",
     BuiltinFamily::list,
     member(ListBuiltin::zip),
     {},
     "zip(xs, ys)",
     "The elements of two lists of one length paired at each index, [(x0, y0), (x1, y1), ...] "
     "(lists of different lengths are E0525)."},
    {"pairs",
     BuiltinFamily::list,
     member(ListBuiltin::pairs),
     {},
     "pairs(xs)",
     "The adjacent pairs of a list, [(x0, x1), (x1, x2), ...]: n - 1 tuples for n elements, "
     "none for fewer than two."},
    {"enumerate",
     BuiltinFamily::list,
     member(ListBuiltin::enumerate),
     {},
     "enumerate(xs)",
     "Each element with its index, [(0, x0), (1, x1), ...], the index a count from 0."},
    {"join",
     BuiltinFamily::list,
     member(ListBuiltin::join),
     {},
     "join(texts, sep)",
     "One text: the texts of a [text] with sep between them; \"\" for an empty list."},
    // Seeded randomness: CPython's `random.Random(seed)`, bit for bit.
    {"random_uniform", BuiltinFamily::list, member(ListBuiltin::random_uniform), uniform_parameters,
     "random_uniform(seed: s, n: n, low: a, high: b)",
     "n values drawn uniformly between a and b, as CPython's random.Random(s).uniform(a, b) "
     "draws them one after another; the same call gives the same list."},
    {"random_gauss", BuiltinFamily::list, member(ListBuiltin::random_gauss), gauss_parameters,
     "random_gauss(seed: s, n: n, mean: m, stddev: d)",
     "n values from the normal distribution of mean m and standard deviation d, as CPython's "
     "random.Random(s).gauss(m, d) draws them (two at a time, the second kept)."},
    {"random_choice", BuiltinFamily::list, member(ListBuiltin::random_choice), choice_parameters,
     "random_choice(xs, seed: s, n: n)",
     "n elements of xs chosen at random, with repeats, as CPython's random.Random(s).choice "
     "draws them (an empty xs is E0545)."},
    {"random_shuffle", BuiltinFamily::list, member(ListBuiltin::random_shuffle), shuffle_parameters,
     "random_shuffle(xs, seed: s)",
     "The elements of xs in a random order, as CPython's random.Random(s).shuffle leaves them."},
    {"random_sample", BuiltinFamily::list, member(ListBuiltin::random_sample), sample_parameters,
     "random_sample(xs, seed: s, n: n)",
     "n distinct positions of xs chosen at random, their elements in the order drawn, as "
     "CPython's random.Random(s).sample(xs, n) (n past len(xs) is E0547)."},
    // Texts (text_ops.hpp): indexes count code points, as Python's str does.
    {"contains",
     BuiltinFamily::list,
     member(ListBuiltin::contains),
     {},
     "contains(t, part)",
     "Whether the text part occurs in the text t (an empty part always does)."},
    {"startswith",
     BuiltinFamily::list,
     member(ListBuiltin::startswith),
     {},
     "startswith(t, prefix)",
     "Whether the text t begins with prefix."},
    {"endswith",
     BuiltinFamily::list,
     member(ListBuiltin::endswith),
     {},
     "endswith(t, suffix)",
     "Whether the text t ends with suffix."},
    {"find",
     BuiltinFamily::list,
     member(ListBuiltin::find),
     {},
     "find(t, part)",
     "The index of the first part in t, counted in characters from 0, or -1 when it does "
     "not occur (Python's str.find)."},
    {"split",
     BuiltinFamily::list,
     member(ListBuiltin::split),
     {},
     "split(t, sep)",
     "The pieces of t between the occurrences of sep, as a [text] (Python's t.split(sep)); an "
     "empty sep is E0548."},
    {"strip",
     BuiltinFamily::list,
     member(ListBuiltin::strip),
     {},
     "strip(t)",
     "t without the white space (space, tab, line breaks) at either end."},
    {"upper",
     BuiltinFamily::list,
     member(ListBuiltin::upper),
     {},
     "upper(t)",
     "t with its ASCII letters in upper case."},
    {"lower",
     BuiltinFamily::list,
     member(ListBuiltin::lower),
     {},
     "lower(t)",
     "t with its ASCII letters in lower case."},
    {"replace",
     BuiltinFamily::list,
     member(ListBuiltin::replace),
     {},
     "replace(t, old, new)",
     "t with every occurrence of old replaced by new, left to right (Python's str.replace)."},
    {"number",
     BuiltinFamily::list,
     member(ListBuiltin::number),
     {},
     "number(t)",
     "The plain number the text t writes (\"12.5\", \" -3e2 \"), or E0548 at the call when it "
     "writes none."},
    // Sets.
    {"set",
     BuiltinFamily::list,
     member(ListBuiltin::set),
     {},
     "set(xs)",
     "The set of the elements of the list xs, each once, in the order first met: texts, "
     "enumeration members or quantities."},
    // Builtins over maps.
    {"keys",
     BuiltinFamily::map,
     member(MapBuiltin::keys),
     {},
     "keys(m)",
     "The keys of a map, as a list, in the order written."},
    {"values",
     BuiltinFamily::map,
     member(MapBuiltin::values),
     {},
     "values(m)",
     "The values of a map, as a list, in the order of its keys."},
    // Constraints.
    {"feasible",
     BuiltinFamily::constraint,
     member(ConstraintBuiltin::feasible),
     {},
     "feasible(x)",
     "Whether every constraint (`require`) of the instance x holds, without failing; a user's "
     "function named feasible shadows it."},
    {"violations",
     BuiltinFamily::constraint,
     member(ConstraintBuiltin::violations),
     {},
     "violations(x)",
     "The messages of the broken constraints of the instance x, as a [text], in the order "
     "written; [] when x is feasible."},
    // The second forms of names documented above: `min(xs)` and `max(xs)`.
    {"min", BuiltinFamily::list, member(ListBuiltin::min), {}, "", ""},
    {"max", BuiltinFamily::list, member(ListBuiltin::max), {}, "", ""},
};

constexpr std::size_t documented =
    std::find_if(std::begin(table), std::end(table),
                 [](const BuiltinInfo& b) { return b.doc.empty(); }) -
    std::begin(table);
static_assert(std::all_of(std::begin(table) + documented, std::end(table),
                          [](const BuiltinInfo& b) { return b.doc.empty(); }),
              "every documented row comes before the undocumented second forms");

// The row of each member of a family's enum, found once when the program is built.
template <std::size_t N>
constexpr std::array<std::uint8_t, N> rows_of(BuiltinFamily family) {
  std::array<std::uint8_t, N> rows{};
  std::array<bool, N> seen{};
  for (std::size_t i = 0; i < std::size(table); ++i)
    if (table[i].family == family) {
      const auto m = static_cast<std::size_t>(table[i].member);
      if (m >= N || seen[m]) throw "a member out of its enum's range, or given two rows";
      seen[m] = true;
      rows[m] = static_cast<std::uint8_t>(i);
    }
  for (bool s : seen)
    if (!s) throw "a member of the enum without a row";
  return rows;
}

constexpr auto numeric_rows = rows_of<member(Builtin::shift_right) + 1>(BuiltinFamily::numeric);
constexpr auto list_rows = rows_of<member(ListBuiltin::set) + 1>(BuiltinFamily::list);
constexpr auto map_rows = rows_of<member(MapBuiltin::values) + 1>(BuiltinFamily::map);
constexpr auto constraint_rows =
    rows_of<member(ConstraintBuiltin::violations) + 1>(BuiltinFamily::constraint);

template <class Member>
std::optional<Member> find_member(std::string_view name, BuiltinFamily family) {
  const BuiltinInfo* b = find_builtin(name, family);
  if (!b) return std::nullopt;
  return static_cast<Member>(b->member);
}

}  // namespace

std::span<const BuiltinInfo> builtins() { return table; }

std::span<const BuiltinInfo> builtin_docs() { return {table, documented}; }

const BuiltinInfo* find_builtin(std::string_view name, BuiltinFamily family) {
  auto found = std::find_if(std::begin(table), std::end(table), [&](const BuiltinInfo& b) {
    return b.family == family && b.name == name;
  });
  return found == std::end(table) ? nullptr : found;
}

const BuiltinInfo* find_builtin_doc(std::string_view name) {
  auto docs = builtin_docs();
  auto found =
      std::find_if(docs.begin(), docs.end(), [&](const BuiltinInfo& b) { return b.name == name; });
  return found == docs.end() ? nullptr : &*found;
}

const BuiltinInfo& builtin_info(Builtin b) { return table[numeric_rows[member(b)]]; }
const BuiltinInfo& builtin_info(ListBuiltin b) { return table[list_rows[member(b)]]; }
const BuiltinInfo& builtin_info(MapBuiltin b) { return table[map_rows[member(b)]]; }
const BuiltinInfo& builtin_info(ConstraintBuiltin b) { return table[constraint_rows[member(b)]]; }

std::optional<Builtin> find_numeric_builtin(std::string_view name) {
  return find_member<Builtin>(name, BuiltinFamily::numeric);
}
std::optional<ListBuiltin> find_list_builtin(std::string_view name) {
  return find_member<ListBuiltin>(name, BuiltinFamily::list);
}
std::optional<MapBuiltin> find_map_builtin(std::string_view name) {
  return find_member<MapBuiltin>(name, BuiltinFamily::map);
}
std::optional<ConstraintBuiltin> find_constraint_builtin(std::string_view name) {
  return find_member<ConstraintBuiltin>(name, BuiltinFamily::constraint);
}

}  // namespace reckon
