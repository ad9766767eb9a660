// Showing values to people: numbers to N significant digits, quantities in their
// declared unit or a readable prefix of their dimension.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "interpreter/values/units.hpp"
#include "interpreter/values/value.hpp"
#include "syntax/text_format.hpp"

namespace reckon {

struct DisplayOptions {
  int digits = 4;  // significant digits
  // Elements of a list shown before the rest is elided as `... 999,990 more` (on a
  // terminal: `Evaluator::elide_lists`); all of them otherwise.
  std::size_t list_elements = SIZE_MAX;
  // Whole numbers at `digits` significant digits too (`1.000`), not exactly (`1`): set
  // for the numbers of a list or map of which one is not whole, so that one list never
  // mixes `1` and `0.5000` (docs/language.md, "Display").
  bool wholes_significant = false;
  // Every number in scientific notation: set for the numbers of a list or map of which one
  // is in scientific notation, so that one list never mixes `1000000000000` and
  // `2.000e21` (docs/language.md, "Display").
  bool all_scientific = false;
  // Records by their short names (short_record): set for a record inside another value
  // and in texts and messages, so that no message runs past a line because of a record
  // (docs/language.md, "Display"). A record shown alone shows whole.
  bool records_short = false;
  // Small numbers in plain digits down to plain_decimals_from (0.00008000, not 8.000e-5):
  // set for a table's cells, which are read down a column against their declared unit,
  // so that one cell never turns its column scientific (docs/language.md, "Display").
  bool plain_decimals = false;
};

// The smallest magnitude a table's cell writes in plain digits (DisplayOptions::
// plain_decimals): 0.000001234 is still read at a glance; smaller is scientific.
inline constexpr double plain_decimals_from = 1e-6;

// The one digits rule and notation of the quantities of one collection (a list, a map's
// values, a table's column) shown in `unit`: wholes at significant digits when one is not
// whole, all in scientific notation when one is (docs/language.md, "Display"). Fed a
// value at a time, so that a table's column needs no copy of its values.
class CollectionNumbers {
 public:
  CollectionNumbers(const DisplayUnit& unit, const DisplayOptions& options)
      : unit_(unit), options_(options) {}
  void add(const Value& x);
  // The options every quantity of the collection is shown with.
  DisplayOptions options() const;

 private:
  // The least and greatest magnitude of the numbers shown (zero aside) of one kind: a
  // notation holds for magnitudes in an interval (rounding is monotonic), so whether any
  // number of the kind is scientific is whether one of these two is.
  struct Magnitudes {
    double least = 0;
    double most = 0;
    bool any = false;
    void add(double a) {
      least = any ? std::min(least, a) : a;
      most = any ? std::max(most, a) : a;
      any = true;
    }
  };
  DisplayUnit unit_;
  DisplayOptions options_;
  Magnitudes magnitudes_[2];  // [whole]
  bool in_full_known_ = false;
  bool in_full_ = false;  // the numbers are written in full (money, durations)
};

// CollectionNumbers over `values`; `options` as they are when there is no unit or it is a
// tuple's (each tuple element shows as it does alone).
DisplayOptions collection_options(std::span<const Value> values,
                                  const std::optional<DisplayUnit>& unit,
                                  const DisplayOptions& options);
// The same over a list's elements, read one at a time (a packed list's are not made).
DisplayOptions collection_options(const ListValue& list, const std::optional<DisplayUnit>& unit,
                                  const DisplayOptions& options);

// The unit every quantity of a list is shown in: `unit` if given, else the one readable
// for its largest quantity; nullopt when it holds no quantity.
std::optional<DisplayUnit> list_display_unit(const ListValue& list, int digits,
                                             const DisplayUnit* unit);

// A double holds 15 significant decimal digits for certain (DBL_DIG); asked for more,
// format_number shows the shortest text that reads back as the same double.
inline constexpr int max_meaningful_digits = 15;

// Amounts of money and durations below this size print in full, as people write them
// (147500 USD, not 1.475e5 USD); see written_in_full.
inline constexpr double max_written_in_full = 1e12;

// Whether a quantity of dimension `d` is written out in full rather than in scientific
// notation: money and time (counts beside them too: device*h).
bool written_in_full(const Dimension& d);

// A base-unit number in a unit of scale `scale`, as a person would write it: the
// quotient, snapped to a whole number within 4 ulps, else to the shortest decimal of at
// most 12 significant digits within 4 ulps (1280 us in ms is 1.28, not the
// 1.2799999999999998 of the division; 1024 h in day stays 42.666666666666664), else the quotient
// itself. What --json gives as a quantity's `value` (docs/cli.md).
double number_in_unit(double base, double scale);

// Whole numbers print exactly (up to 1e15); others to `digits` significant digits,
// keeping trailing zeros (29.80), in scientific notation outside [1e-4, 1e15) or when
// they have more whole digits than significant ones (1.952e8) -- except, with `in_full`,
// from 1 up to max_written_in_full, which print rounded with zeros (195200000). With
// `digits` above max_meaningful_digits, the shortest round-trip text (12.5, 0.1). With
// `wholes_significant`, whole numbers too go by `digits` (1 as 1.000, 2048 as 2048, 0 as
// 0.000). With `all_scientific`, every number in scientific notation (1 as 1.000e0).
// With `plain_decimals`, plain notation from plain_decimals_from rather than 1e-4.
std::string format_number(double v, int digits, bool in_full = false,
                          bool wholes_significant = false, bool all_scientific = false,
                          bool plain_decimals = false);

// Whether format_number writes `v` in scientific notation without `all_scientific`.
bool shows_scientific(double v, int digits, bool in_full, bool wholes_significant);

// The unit a quantity is shown in when none was declared, chosen for the value rounded
// to `digits` significant digits.
DisplayUnit default_display_unit(const Value& v, int digits = 4);

// `unit`, unless `v` shown in it would be infinite (1e300 s in ps) or it is a step of a
// display ladder and `v` is not zero: then the binary step for a binary ladder
// (ladder_display_unit), else nullopt, a readable unit. For a tuple, the
// same element by element.
std::optional<DisplayUnit> fitting_display_unit(const Value& v,
                                                const std::optional<DisplayUnit>& unit,
                                                int digits = 4);

// The step a ladder chooses for `v` when it is shown in `written`, a step of a ladder
// (DisplayUnit::ladder): the binary ladder of bytes for a binary step (KiB, GiB: a list
// written in several binary units), and for a written value declared in the byte that is
// shorter there (DisplayUnit::written_values: `80 GiB/device`); the dimension's own ladder
// otherwise.
DisplayUnit ladder_display_unit(const Value& v, const DisplayUnit& written, int digits);

// The unit a record's field declared in `declared` shows `v` in wherever the record shows (inline,
// in a message, in --json): its declared unit, except that a declared step of a ladder states only
// a dimension (the registry's `memory: B/device` holds 80 GiB and 141 GB alike), so the ladder
// chooses for a value other than zero; zero in the declared unit (`0 GiB`). nullopt: a readable
// unit. A table column asks it for the column's largest value. The one decision of a field's unit
// (docs/language.md, "Display").
std::optional<DisplayUnit> field_display_unit(const std::optional<DisplayUnit>& declared,
                                              const Value& v, int digits = 4);
// The same for field `k` of the record `r`, whose declared unit is spelled in the names its
// value was written in where those differ (RecordValue::spellings, record_field_unit):
// `peak: 4 TOP/s/device` in a field declared `flop/s/device`.
std::optional<DisplayUnit> field_display_unit(const RecordValue& r, std::size_t k, int digits = 4);
// The declared unit of field `k` of `r`, in the names its value was written in (`op/s/device`
// for a field declared `flop/s/device` given `4 TOP/s/device`): the one decision of which
// names a record's field is shown in (docs/language.md, "Display").
std::optional<DisplayUnit> record_field_unit(const RecordValue& r, std::size_t k);
// The same for field `k` of a record of `type` spelled `spellings` (a list of rows'
// records, ListValue::row_spellings).
std::optional<DisplayUnit> spelled_field_unit(const RecordDecl& type, std::uint32_t spellings,
                                              std::size_t k);

// A record named short: by its type and its `name` text (`Accelerator "H100 SXM"`), else
// by its type and first field (`Link(bandwidth: 900 GB/s, ...)`), that field's text cut
// to about 40 characters. How a record reads inside another value, a text or a message.
std::string short_record(const RecordValue& r, const DisplayOptions& options);

// `v` as it reads inside a text or a message (a `{x}`, a `require`'s message, a variant's
// name): as alone, in `unit` where it fits (fitting_display_unit), records named short.
// A text as it would be written in a file: quoted, with `\"`, `\\`, `\n` and `\t`, so
// that a quote inside (a built text, a record shown in one) cannot end it early and every
// value stays on one line.
std::string quoted_text(std::string_view text);

std::string format_inline(const Value& v, const std::optional<DisplayUnit>& unit,
                          DisplayOptions options);

// "328.6 GB", "2048 token", "true", "selective", "Transformer(...)".
std::string format_value(const Value& v, const DisplayOptions& options,
                         const DisplayUnit* unit = nullptr);

// A quantity with a text's digits format: `.Ng` as format_value at N digits, `.Nf` with
// N decimals of the number in `unit` (a readable one, chosen at 4 digits, when null):
// 1.5 GiB at `.2f` is "1.50 GiB", 0.004 at `.2f` is "0.00", never "-0.00"; from 1e15 on,
// where a double has no more digits, N decimals of the mantissa (1e300 is "1.00e300").
std::string format_quantity(const Value& v, const DigitsFormat& format,
                            const DisplayUnit* unit = nullptr);

}  // namespace reckon
