// How the grader rewrites numbers as students write them (answer_text.hpp): each row's
// expected text is the Reckon that means the same number, worked out by hand.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "interpreter/exercise/answer_text.hpp"

using reckon::exercise::forgiving_text;

TEST_CASE("numbers as students write them become the Reckon they mean") {
  struct Row {
    std::string written, reckon;
  };
  const std::vector<Row> rows = {
      // Thousands separators: groups of three after a first group of 1-3 not starting 0.
      {"2,501 token/s", "2501 token/s"},
      {"14,000,000,000 B", "14000000000 B"},
      {"1,234.5 GB", "1234.5 GB"},
      {"0,37", "0,37"},                          // a decimal comma: not thousands
      {"1,23 GB", "1,23 GB"},                    // a group of two
      {"1,2345 GB", "1,2345 GB"},                // a group of four
      {"1234,567", "1234,567"},                  // a first group of four
      {"max(1,200) * 1 B", "max(1,200) * 1 B"},  // inside a call: arguments
      // Powers of ten written out, where the number opens the answer or a sum.
      {"1.4*10^10 B", "1.4e10 B"},
      {"1.4\xC3\x97"
       "10^10 B",
       "1.4e10 B"},  // U+00D7
      {"1.4 x 10^10 B", "1.4e10 B"},
      {"1.4x10^-3 s", "1.4e-3 s"},
      {"5 - 2 * 10^3", "5 - 2e3"},
      {"(3*10^2) GB", "(3e2) GB"},
      {"2^2*10^3", "2^2*10^3"},    // (2^2)*10^3, not 2^(2e3)
      {"1/2*10^3", "1/2*10^3"},    // (1/2)*10^3, not 1/(2e3)
      {"2^-3*10^2", "2^-3*10^2"},  // the sign is the exponent's
      {"2*10^10^2", "2*10^10^2"},  // not a power of ten written out
      {"2*10^2.5", "2*10^2.5"},
      // One full stop at the end; blanks around.
      {"14 GB.", "14 GB"},
      {"  182. ", "182"},
      {"14 GB..", "14 GB.."},
  };
  for (const Row& r : rows) {
    CAPTURE(r.written);
    CHECK(forgiving_text(r.written) == r.reckon);
  }
}

TEST_CASE("a unit spelt out with its prefix reads as its symbol, in its own dimension") {
  using reckon::exercise::spelled_prefixed_unit;
  struct Row {
    std::string written, symbol;
  };
  const std::vector<Row> rows = {
      {"gigabytes", "GB"},
      {"Gigabyte", "GB"},
      {"GIGABYTES", "GB"},
      {"megabytes", "MB"},
      {"kilobytes", "kB"},
      {"terabytes", "TB"},
      {"gibibytes", "GiB"},
      {"mebibyte", "MiB"},
      {"kibibytes", "KiB"},
      {"gigabits", "Gbit"},
      {"megabit", "Mbit"},
      {"kibibits", "Kibit"},
      {"milliseconds", "ms"},
      {"microseconds", "us"},
      {"nanosecond", "ns"},
      {"kilowatts", "kW"},
      {"megajoules", "MJ"},
      {"gigahertz", "GHz"},
      {"kilograms", "kg"},
      {"kilometres", "km"},
      {"millimeters", "mm"},
      // Every table of the catalogue's prefixes (units.hpp, spelled_prefix) at its ends.
      {"exabytes", "EB"},
      {"petabits", "Pbit"},
      {"exbibytes", "EiB"},
      {"pebibits", "Pibit"},
      {"picoseconds", "ps"},
      // Not a prefixed unit, or one the language does not have: left alone.
      {"bytes", ""},
      {"gigahertzs", ""},
      {"kilotokens", ""},
      {"teraflops", ""},
      {"kilohours", ""},
      {"gigabytess", ""},
      {"giga", ""},
      {"microbytes", ""},
      {"", ""},
  };
  for (const Row& r : rows) {
    CAPTURE(r.written);
    CHECK(spelled_prefixed_unit(r.written) == r.symbol);
  }
}
