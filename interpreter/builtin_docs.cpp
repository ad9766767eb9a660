#include "interpreter/builtin_docs.hpp"

#include <algorithm>
#include <iterator>

namespace reckon {

namespace {

// Keep to docs/language.md ("Builtins over lists", "Maps", "Constraints", "every"). A
// builtin the checker knows but this table lacks fails the unit test "every builtin has
// documentation".
constexpr BuiltinDoc docs[] = {
    // Numeric builtins.
    {"sqrt", "sqrt(x)",
     "Square root; the dimension's exponents must be even (sqrt(4 m^2) is 2 m)."},
    {"abs", "abs(x)", "Absolute value, in x's dimension."},
    {"round", "round(x)",
     "The nearest whole number of x's written unit, halves away from zero; a quotient a / b "
     "as the written numbers divide (round(0.3 s / 0.2 s) is 2)."},
    {"floor", "floor(x)",
     "The largest whole number of x's written unit not above x; a quotient a / b as the "
     "written numbers divide (floor(300 ms / 100 ms) is 3)."},
    {"ceil", "ceil(x)",
     "The smallest whole number of x's written unit not below x; a quotient a / b as the "
     "written numbers divide (ceil(2.1 / 0.3) is 7)."},
    {"min", "min(a, b, ...), min(xs)",
     "The smallest of one or more compatible quantities; with one list argument, its least "
     "element, in the elements' unit (an empty list is E0545)."},
    {"max", "max(a, b, ...), max(xs)",
     "The largest of one or more compatible quantities; with one list argument, its greatest "
     "element, in the elements' unit (an empty list is E0545)."},
    {"log2", "log2(x)", "Base-2 logarithm of a plain number."},
    {"log10", "log10(x)", "Base-10 logarithm of a plain number."},
    {"ln", "ln(x)", "Natural logarithm of a plain number."},
    {"exp", "exp(x)", "e to the power of a plain number."},
    // Builtins over lists.
    {"len", "len(xs)", "The number of elements of the list xs, a count (0 for an empty list)."},
    {"every", "every(R)",
     "Every global let of the record type R, in declaration order, as a list (a registry: "
     "`every(Accelerator)` with `import \"hardware\"`)."},
    {"sum", "sum(xs)",
     "The total of a list of quantities, added left to right, in the elements' unit; 0 in that "
     "unit for an empty list."},
    {"product", "product(xs)",
     "The elements of a list of plain numbers multiplied (a list with a unit is E0375); 1 for "
     "an empty list."},
    {"mean", "mean(xs)",
     "The sum over the length, in the elements' unit (a count's mean is a number); an empty "
     "list is E0545."},
    {"quantile", "quantile(xs, q)",
     "The q-quantile, q from 0 to 1, by linear interpolation between the sorted elements "
     "(Hyndman and Fan's type 7, numpy's default): q = 0.5 is the median; an empty list is "
     "E0545."},
    {"count", "count(flags), count(xs, x => c)",
     "How many elements are true, or satisfy the condition c, as a count; 0 for an empty list."},
    {"any", "any(flags), any(xs, x => c)",
     "Whether one element is true, or satisfies the condition c; false for an empty list."},
    {"all", "all(flags), all(xs, x => c)",
     "Whether all elements are true, or satisfy the condition c; true for an empty list."},
    {"sort", "sort(xs), sort(xs, by: x => k)",
     "The list from least to greatest (by the key k, a quantity or a text), stable; texts sort "
     "by their bytes."},
    {"argmin", "argmin(xs, by: x => k)",
     "The element whose key k is least (the first of equals); an empty list is E0545."},
    {"argmax", "argmax(xs, by: x => k)",
     "The element whose key k is greatest (the first of equals); an empty list is E0545."},
    {"first", "first(xs)", "The first element of a list; an empty list is E0545."},
    {"last", "last(xs)", "The last element of a list; an empty list is E0545."},
    {"fold", "fold(xs, init, (acc, x) => e)",
     "The accumulator after the last element: acc starts at init and becomes e at each "
     "element, in init's type; init for an empty list."},
    {"scan", "scan(xs, init, (acc, x) => e)",
     "The accumulator after each element, as a list, in init's type; [] for an empty list."},
    {"zip", "zip(xs, ys)",
     "The elements of two lists of one length paired at each index, [(x0, y0), (x1, y1), ...] "
     "(lists of different lengths are E0525)."},
    {"pairs", "pairs(xs)",
     "The adjacent pairs of a list, [(x0, x1), (x1, x2), ...]: n - 1 tuples for n elements, "
     "none for fewer than two."},
    {"enumerate", "enumerate(xs)",
     "Each element with its index, [(0, x0), (1, x1), ...], the index a count from 0."},
    {"join", "join(texts, sep)",
     "One text: the texts of a [text] with sep between them; \"\" for an empty list."},
    // Seeded randomness: CPython's `random.Random(seed)`, bit for bit.
    {"random_uniform", "random_uniform(seed: s, n: n, low: a, high: b)",
     "n values drawn uniformly between a and b, as CPython's random.Random(s).uniform(a, b) "
     "draws them one after another; the same call gives the same list."},
    {"random_gauss", "random_gauss(seed: s, n: n, mean: m, stddev: d)",
     "n values from the normal distribution of mean m and standard deviation d, as CPython's "
     "random.Random(s).gauss(m, d) draws them (two at a time, the second kept)."},
    {"random_choice", "random_choice(xs, seed: s, n: n)",
     "n elements of xs chosen at random, with repeats, as CPython's random.Random(s).choice "
     "draws them (an empty xs is E0545)."},
    {"random_shuffle", "random_shuffle(xs, seed: s)",
     "The elements of xs in a random order, as CPython's random.Random(s).shuffle leaves them."},
    {"random_sample", "random_sample(xs, seed: s, n: n)",
     "n distinct positions of xs chosen at random, their elements in the order drawn, as "
     "CPython's random.Random(s).sample(xs, n) (n past len(xs) is E0547)."},
    // Builtins over maps.
    {"keys", "keys(m)", "The keys of a map, as a list, in the order written."},
    {"values", "values(m)", "The values of a map, as a list, in the order of its keys."},
    // Constraints.
    {"feasible", "feasible(x)",
     "Whether every constraint (`require`) of the instance x holds, without failing; a user's "
     "function named feasible shadows it."},
    {"violations", "violations(x)",
     "The messages of the broken constraints of the instance x, as a [text], in the order "
     "written; [] when x is feasible."},
};

}  // namespace

std::span<const BuiltinDoc> builtin_docs() { return docs; }

const BuiltinDoc* find_builtin_doc(std::string_view name) {
  auto found = std::find_if(std::begin(docs), std::end(docs),
                            [&](const BuiltinDoc& d) { return d.name == name; });
  return found == std::end(docs) ? nullptr : found;
}

}  // namespace reckon
