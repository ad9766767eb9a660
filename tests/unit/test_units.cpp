// The unit catalogue, the counting rule of dimensions, their names, the readable
// unit chosen for display, and number formatting. Every expected number is worked
// out independently in the comment next to its row.
#include <catch2/catch.hpp>
#include <cmath>
#include <initializer_list>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "interpreter/display/format.hpp"
#include "interpreter/model/suggest.hpp"
#include "interpreter/values/units.hpp"
#include "interpreter/values/value.hpp"
#include "syntax/dimension.hpp"

using namespace reckon;

namespace {

// A dimension from (base, exponent) pairs: dim({{Base::information, 1}, {Base::time, -1}}).
Dimension dim(std::initializer_list<std::pair<Base, int>> parts) {
  Dimension d;
  for (auto [b, e] : parts) d = d * Dimension::of(b, static_cast<std::int8_t>(e));
  return d;
}

const Dimension none = Dimension::none();
const Dimension time_ = dim({{Base::time, 1}});
const Dimension info = dim({{Base::information, 1}});
const Dimension compute = dim({{Base::compute, 1}});
const Dimension money = dim({{Base::money, 1}});
const Dimension mass = dim({{Base::mass, 1}});
const Dimension length = dim({{Base::length, 1}});
// J = kg*m^2/s^2, W = J/s
const Dimension energy = dim({{Base::mass, 1}, {Base::length, 2}, {Base::time, -2}});
const Dimension power = dim({{Base::mass, 1}, {Base::length, 2}, {Base::time, -3}});
const Dimension token = dim({{Base::token, 1}});
const Dimension param = dim({{Base::param, 1}});
const Dimension layer = dim({{Base::layer, 1}});
const Dimension carbon = dim({{Base::carbon, 1}});
const Dimension volume = dim({{Base::length, 3}});
const Dimension frequency = dim({{Base::time, -1}});

std::string dim_text(const Dimension& d) {
  std::string out;
  for (std::size_t i = 0; i < base_count; ++i)
    if (d.exponents[i] != 0)
      out += std::string(base_dimension_names[i]) + "^" + std::to_string(d.exponents[i]) + " ";
  return out.empty() ? "(none)" : out;
}

}  // namespace

TEST_CASE("the unit catalogue: scales and dimensions", "[units]") {
  struct Row {
    const char* name;
    double scale;  // base units per unit
    Dimension dim;
  };
  const std::vector<Row> rows = {
      // information: the byte is the base unit
      {"B", 1, info},
      {"kB", 1e3, info},             // 10^3
      {"MB", 1e6, info},             // 10^6
      {"GB", 1e9, info},             // 10^9
      {"TB", 1e12, info},            // 10^12
      {"KiB", 1024, info},           // 2^10 = 1024
      {"MiB", 1048576, info},        // 2^20 = 1048576
      {"GiB", 1073741824, info},     // 2^30 = 1073741824
      {"TiB", 1099511627776, info},  // 2^40 = 1099511627776
      {"bit", 0.125, info},          // 1/8 B
      {"kbit", 125, info},           // 1000 / 8 = 125
      {"Gbit", 125000000, info},     // 10^9 / 8 = 125000000
      {"Gibit", 134217728, info},    // 2^30 / 8 = 2^27 = 134217728
      // compute: flop and FLOP are one unit
      {"flop", 1, compute},
      {"FLOP", 1, compute},
      {"GFLOP", 1e9, compute},   // 10^9
      {"TFLOP", 1e12, compute},  // 10^12
      {"Pflop", 1e15, compute},  // 10^15
      // operations: one op is one flop, the prefixed ones upper case (TOP/s, "TOPS")
      {"op", 1, compute},
      {"OP", 1, compute},
      {"GOP", 1e9, compute},   // 10^9
      {"TOP", 1e12, compute},  // 10^12
      {"POP", 1e15, compute},  // 10^15
      // accelerators: device, and GPU its other name, one count
      {"device", 1, dim({{Base::device, 1}})},
      {"devices", 1, dim({{Base::device, 1}})},
      {"GPU", 1, dim({{Base::device, 1}})},
      {"GPUs", 1, dim({{Base::device, 1}})},
      // time: the second is the base unit
      {"s", 1, time_},
      {"ms", 1e-3, time_},        // 10^-3
      {"us", 1e-6, time_},        // 10^-6
      {"ns", 1e-9, time_},        // 10^-9
      {"min", 60, time_},         // 60 s
      {"h", 3600, time_},         // 60 * 60 = 3600 s
      {"day", 86400, time_},      // 24 * 3600 = 86400 s
      {"year", 31557600, time_},  // Julian year: 365.25 * 86400 = 31557600 s
      {"week", 604800, time_},    // 7 * 86400 = 604800 s
      {"month", 2629800, time_},  // 31557600 / 12 = 2629800 s = 30.4375 days
      {"Hz", 1, dim({{Base::time, -1}})},
      {"GHz", 1e9, dim({{Base::time, -1}})},  // 10^9 / s
      // energy and power
      {"J", 1, energy},
      {"MJ", 1e6, energy},
      {"W", 1, power},
      {"kW", 1e3, power},
      {"Wh", 3600, energy},    // 1 W * 3600 s = 3600 J
      {"kWh", 3.6e6, energy},  // 1000 W * 3600 s = 3,600,000 J
      {"MWh", 3.6e9, energy},  // 10^6 W * 3600 s = 3.6e9 J
      {"mJ", 1e-3, energy},    // the small SI prefixes on J and W
      {"uJ", 1e-6, energy},
      {"nJ", 1e-9, energy},
      {"pJ", 1e-12, energy},
      {"mW", 1e-3, power},
      {"uW", 1e-6, power},
      {"nW", 1e-9, power},
      {"pW", 1e-12, power},
      // mass: the kilogram is the base unit
      {"kg", 1, mass},
      {"g", 1e-3, mass},   // 1/1000 kg
      {"mg", 1e-6, mass},  // 10^-3 g = 10^-6 kg
      {"t", 1000, mass},   // 1000 kg
      // carbon: CO2-equivalent is its own dimension, base unit kgCO2e
      {"gCO2e", 1e-3, carbon},  // one gram of CO2-equivalent
      {"kgCO2e", 1, carbon},
      {"tCO2e", 1000, carbon},   // one tonne
      {"ktCO2e", 1e6, carbon},   // 10^3 t
      {"MtCO2e", 1e9, carbon},   // 10^6 t
      {"GtCO2e", 1e12, carbon},  // 10^9 t
      // volume: the litre is 1e-3 m^3
      {"L", 1e-3, volume},
      {"mL", 1e-6, volume},
      {"kL", 1, volume},
      // length
      {"m", 1, length},
      {"km", 1000, length},
      {"cm", 0.01, length},
      {"mm", 1e-3, length},
      // money
      {"USD", 1, money},
      // counting units, singular, plural and prefixed
      {"token", 1, token},
      {"tokens", 1, token},
      {"ktoken", 1000, token},
      {"Mtokens", 0, none},  // no such spelling: prefixes go on the singular
      {"param", 1, param},
      {"params", 1, param},
      {"Gparam", 1e9, param},
      {"layer", 1, layer},
      {"layers", 1, layer},
      {"sample", 1, dim({{Base::sample, 1}})},
      {"requests", 1, dim({{Base::request, 1}})},
  };
  for (const Row& r : rows) {
    INFO(r.name);
    const UnitInfo* u = find_unit(r.name);
    if (r.scale == 0) {
      CHECK(u == nullptr);
      continue;
    }
    REQUIRE(u != nullptr);
    CHECK(u->symbol == r.name);
    CHECK(u->scale == Approx(r.scale).epsilon(1e-15));
    INFO("dimension " << dim_text(u->dim) << " expected " << dim_text(r.dim));
    CHECK(u->dim == r.dim);
  }
}

TEST_CASE("names that are not units", "[units]") {
  // Case matters (GB is not gb; the kilo prefix is lower case), and plurals or
  // rate spellings are not invented.
  const std::vector<const char*> rows = {"gb",      "Gb",    "KB",     "kiB",      "GFLOPS",
                                         "bytes",   "sec",   "hours",  "",         "TFLOP/s",
                                         "Gtokens", "count", "number", "Recompute"};
  for (const char* name : rows) {
    INFO(name);
    CHECK(find_unit(name) == nullptr);
  }
}

TEST_CASE("every catalogue unit is found under its own symbol", "[units]") {
  for (const UnitInfo& u : all_units()) {
    INFO(u.symbol);
    const UnitInfo* found = find_unit(u.symbol);
    REQUIRE(found != nullptr);
    CHECK(found->scale == u.scale);
    CHECK(found->dim == u.dim);
    CHECK(u.scale > 0);
  }
}

TEST_CASE("Dimension::compatible: the counting rule", "[units][dimension]") {
  struct Row {
    const char* what;
    Dimension a, b;
    bool compatible;
  };
  const Dimension byte_token = info * token;
  const Dimension gpu = dim({{Base::device, 1}});
  const std::vector<Row> rows = {
      {"same physical dimension", info, info, true},
      {"different physical dimensions", info, time_, false},
      {"a rate is not its amount", compute / time_, compute, false},
      {"plain numbers", none, none, true},
      {"a count against a plain number", token, none, true},
      {"a plain number against a count", none, token, true},
      {"a ratio of counts against a plain number", token / param, none, true},
      {"equal counts", token, token, true},
      {"different counts", token, param, false},
      {"B*token against plain B: counts never drop", byte_token, info, false},
      {"plain B against B*token", info, byte_token, false},
      {"B/token (per token) against B (a total)", info / token, info, false},
      {"USD/token against USD", money / token, money, false},
      {"GB/device against GB", info / gpu, info, false},
      {"B/token against B/token", info / token, info / token, true},
      {"B*token against B*param", byte_token, info * param, false},
      {"B*token against token: physical parts differ", byte_token, token, false},
      {"param*token against token: both have counts, unequal", param * token, token, false},
      {"inverse count against count", none / token, token, false},
      {"token^2 against token", token * token, token, false},
      {"a count against a physical quantity", token, info, false},
      {"token/s against a plain rate 1/s", token / time_, none / time_, false},
  };
  for (const Row& r : rows) {
    INFO(r.what);
    CHECK(r.a.compatible(r.b) == r.compatible);
    CHECK(r.b.compatible(r.a) == r.compatible);  // the rule is symmetric
  }
}

TEST_CASE("Dimension::assignable_to: a plain number may be bound to a count, one way",
          "[units][dimension]") {
  struct Row {
    const char* what;
    Dimension value, declared;
    bool assignable;
  };
  const std::vector<Row> rows = {
      {"equal", info / token, info / token, true},
      {"a plain number where token is declared", none, token, true},
      {"a plain number where token/request is declared", none, token / dim({{Base::request, 1}}),
       true},
      {"a token count where a plain number is declared", token, none, false},
      {"a plain number where B is declared", none, info, false},
      {"B/token where B is declared", info / token, info, false},
      {"B where B/token is declared", info, info / token, false},
  };
  for (const Row& r : rows) {
    INFO(r.what);
    CHECK(r.value.assignable_to(r.declared) == r.assignable);
  }
}

TEST_CASE("Dimension parts and arithmetic", "[units][dimension]") {
  const Dimension byte_per_token = info / token;
  CHECK(byte_per_token.physical() == info);
  CHECK(byte_per_token.counts() == none / token);
  CHECK(byte_per_token.has_counts());
  CHECK_FALSE(info.has_counts());
  CHECK(info.pow(2) == info * info);
  CHECK((info / info).is_dimensionless());
  CHECK(byte_per_token[Base::token] == -1);
  CHECK(byte_per_token[Base::information] == 1);
}

TEST_CASE("dimension_name and base_unit_string", "[units][dimension]") {
  struct Row {
    Dimension dim;
    const char* name;
    const char* base;
  };
  const std::vector<Row> rows = {
      {none, "dimensionless", ""},
      {time_, "time", "s"},
      {info, "information", "B"},
      {compute, "compute", "flop"},
      {money, "money", "USD"},
      {mass, "mass", "kg"},
      {length, "length", "m"},
      {energy, "energy", "kg*m^2/s^2"},
      {power, "power", "kg*m^2/s^3"},
      {compute / time_, "compute rate", "flop/s"},
      {info / time_, "bandwidth", "B/s"},
      {none / time_, "frequency", "1/s"},
      {compute / info, "arithmetic intensity", "flop/B"},
      {token, "token count", "token"},
      {param, "parameter count", "param"},
      {dim({{Base::sample, 1}}), "sample count", "sample"},
      {dim({{Base::request, 1}}), "request count", "request"},
      {layer, "layer count", "layer"},
      {carbon, "carbon", "kgCO2e"},
      {carbon / energy, "carbon intensity", "s^2*kgCO2e/(kg*m^2)"},
      {volume, "volume", "m^3"},
      // no name: the base-unit spelling
      {info * token, "information times tokens", "B*token"},
      {token / time_, "token rate", "token/s"},
      {param * param, "param^2", "param^2"},
      {money / time_, "USD/s", "USD/s"},
      {compute / (time_ * info), "flop/(s*B)", "flop/(s*B)"},
      {info / (time_ * token), "bandwidth per token", "B/(s*token)"},
      {info / dim({{Base::device, 1}}), "information per device", "B/device"},
      {none / (time_ * time_), "1/s^2", "1/s^2"},
  };
  for (const Row& r : rows) {
    INFO(r.name);
    CHECK(dimension_name(r.dim) == r.name);
    CHECK(base_unit_string(r.dim) == r.base);
  }
}

TEST_CASE("readable_unit picks the largest ladder step not above the value", "[units][display]") {
  struct Row {
    Dimension dim;
    double value;        // in base units
    const char* symbol;  // "" : no ladder for this dimension
    double scale;
  };
  const std::vector<Row> rows = {
      {info, 3.2e10, "GB", 1e9},               // 3.2e10 B = 32 GB
      {info, 328564998144, "GB", 1e9},         // 328.6e9 B
      {info, 999, "B", 1},                     // below 1 kB
      {info, 1000, "kB", 1e3},                 // exactly 1 kB
      {info, 0.9e12, "GB", 1e9},               // 900 GB
      {info, 1e12 * (1 - 1e-13), "TB", 1e12},  // a hair below 1 TB (within 1e-12): 1 TB
      {info, 0.5, "B", 1},                     // below the smallest step: the smallest
      {info, 0, "B", 1},                       // zero: the base unit
      {info, -5e9, "GB", 1e9},                 // the magnitude decides
      {info, 999e18, "EB", 1e18},              // 999 EB: still on the ladder
      {info, 2e21, "B", 1},                    // 2000 EB: above the ladder, in B (2.000e21 B)
      {time_, 42, "s", 1},
      {time_, 0.25, "ms", 1e-3},  // 250 ms
      {time_, 5e-4, "us", 1e-6},  // 500 us
      {time_, 2e-9, "ns", 1e-9},
      {compute, 2e15, "Pflop", 1e15},              // 2e15 flop = 2 Pflop
      {compute / time_, 989e12, "TFLOP/s", 1e12},  // 989 TFLOP/s
      {compute / time_, 5, "flop/s", 1},
      {info / time_, 2e12, "TB/s", 1e12},  // 2 TB/s
      {info / time_, 900e9, "GB/s", 1e9},  // 900 GB/s
      {power, 700, "W", 1},
      {power, 7e5, "kW", 1e3},     // 700 kW
      {energy, 3.6e6, "MJ", 1e6},  // one kWh = 3.6 MJ
      {energy, 1e-9, "nJ", 1e-9},  // 1 W / 1 GHz
      {power, 0.25, "mW", 1e-3},   // 250 mW
      {power, 4e-12, "pW", 1e-12},
      {frequency, 1e9, "GHz", 1e9},
      {frequency, 2.5e3, "kHz", 1e3},
      {frequency, 50, "Hz", 1},
      {carbon, 552123, "tCO2e", 1e3},    // 552.123 t
      {carbon, 0.5, "gCO2e", 1e-3},      // 500 g
      {carbon, 3.7e13, "GtCO2e", 1e12},  // 37 Gt
      {carbon, 0, "kgCO2e", 1},
      {carbon / energy, 429e-3 / 3.6e6, "gCO2e/kWh", 1e-3 / 3.6e6},  // 429 g per 3.6e6 J
      {money / time_, 3.06 / 3600, "USD/h", 1 / 3600.0},             // 3.06 USD/h
      {money / energy, 0.0701 / 3.6e6, "USD/kWh", 1 / 3.6e6},
      {compute / energy, 1.4e12, "TFLOP/s/W", 1e12},
      {volume, 2e-3, "L", 1e-3},
      {time_, 0, "s", 1},               // zero: seconds, not years
      {time_, 1e12, "year", 31557600},  // above the ladder: still years
      {length, 0.02, "mm", 1e-3},       // 20 mm
      {token, 2048, "", 0},             // counts have no ladder
      {info * token, 1e9, "", 0},
      {none, 1e9, "", 0},
  };
  for (const Row& r : rows) {
    INFO(dimension_name(r.dim) << " " << r.value);
    std::string symbol = "unset";
    auto unit = readable_unit(r.dim, r.value, &symbol);
    if (std::string(r.symbol).empty()) {
      CHECK_FALSE(unit.has_value());
      continue;
    }
    REQUIRE(unit.has_value());
    CHECK(unit->dim == r.dim);
    CHECK(symbol == r.symbol);
    CHECK(unit->scale == Approx(r.scale).epsilon(1e-15));
  }
}

TEST_CASE("readable_unit for the compute ladder", "[units][display]") {
  // 3.15e23 flop (6 * 175e9 param * 300e9 token, GPT-3's training) is 315,000 Eflop,
  // 1000 or more of the largest step (10^18): shown in flop, where format_number writes
  // 3.150e23.
  std::string symbol;
  auto unit = readable_unit(compute, 3.15e23, &symbol);
  REQUIRE(unit.has_value());
  CHECK(unit->scale == 1);
  CHECK(symbol == "flop");
  unit = readable_unit(compute, 999e18, &symbol);  // 999 Eflop: still on the ladder
  REQUIRE(unit.has_value());
  CHECK(symbol == "Eflop");
}

// Mass is stored in kilograms (the base unit is kg), so the gram ladder's steps
// must be scaled by 1e-3: half a kilogram is 500 g, not 500 mg.
TEST_CASE("readable_unit for mass uses gram steps scaled to kilograms", "[units][display]") {
  struct Row {
    double kilograms;
    const char* symbol;
    double scale;
  };
  const std::vector<Row> rows = {
      {0.5, "g", 1e-3},   // 0.5 kg = 500 g
      {2, "kg", 1},       // 2 kg
      {1e-3, "g", 1e-3},  // one gram
      {5e3, "t", 1e3},    // 5000 kg: 5 t, or "Mg" with scale 1e3 in an SI ladder
  };
  for (const Row& r : rows) {
    INFO(r.kilograms << " kg");
    std::string symbol;
    auto unit = readable_unit(mass, r.kilograms, &symbol);
    REQUIRE(unit.has_value());
    CHECK(unit->scale == Approx(r.scale).epsilon(1e-15));
    if (r.scale != 1e3) CHECK(symbol == r.symbol);
  }
}

TEST_CASE("format_number", "[format]") {
  struct Row {
    double value;
    int digits;
    const char* text;
  };
  const double inf = std::numeric_limits<double>::infinity();
  const std::vector<Row> rows = {
      // whole numbers print exactly
      {0, 4, "0"},
      {7, 4, "7"},
      {2048, 4, "2048"},
      {328564998144, 4, "328564998144"},        // 34*2048*4*12288*96, all digits
      {123456789012345, 4, "123456789012345"},  // 15 digits, below 1e15
      {-7, 4, "-7"},
      {-2048, 4, "-2048"},
      // four significant digits, trailing zeros kept
      {29.8, 4, "29.80"},
      {0.5, 4, "0.5000"},
      {2.0000001, 4, "2.000"},
      {3.14159265, 4, "3.142"},    // pi to 4 digits
      {3.14159265, 6, "3.14159"},  // pi to 6 digits
      {3.14159265, 2, "3.1"},
      {0.70175438596, 4, "0.7018"},  // 80/114 = 0.701754...
      {0.1 + 0.2, 4, "0.3000"},      // 0.30000000000000004
      {1.0 / 3, 4, "0.3333"},
      // More whole digits than significant ones: scientific, never made-up zeros.
      {12345.6, 4, "1.235e4"},    // 12345.6 to 4 significant digits
      {1234567.8, 4, "1.235e6"},  // 1234567.8 to 4 significant digits
      {-29.8, 4, "-29.80"},
      {-0.0001234567, 4, "-0.0001235"},  // 1.235e-4 is still >= 1e-4: fixed
      // rounding carries into the next power of ten
      {999.97, 4, "1000"},                 // 999.97 -> 1000 to 4 digits, then no decimals
      {9.99996, 4, "10.00"},               // 9.99996 -> 10.00
      {0.099996, 4, "0.1000"},             // 0.099996 -> 0.1000
      {999996000000000.5, 4, "1.000e15"},  // 9.99996e14 rounds to 1.000e15: scientific
      // scientific notation outside [1e-4, 1e15)
      {3.14159e23, 4, "3.142e23"},
      {-3.14159e23, 4, "-3.142e23"},
      {1e15, 4, "1.000e15"},  // not below 1e15
      {1.5e-5, 4, "1.500e-5"},
      {1.234e-20, 4, "1.234e-20"},  // very small
      {6.02214076e-300, 4, "6.022e-300"},
      {-2.5e-7, 3, "-2.50e-7"},
      // More digits than a double holds (15): the shortest text that reads back as the
      // same double, never its binary expansion (12.500000000000000, 0.10000000000000001).
      {12.5, 17, "12.5"},
      {0.1, 17, "0.1"},
      {0.1 + 0.2, 17, "0.30000000000000004"},  // that double is not 0.3
      {1.0 / 3, 16, "0.3333333333333333"},
      {3.15e23, 17, "3.15e23"},
      {1.5e-5, 17, "1.5e-5"},
      {12.5, 15, "12.5000000000000"},  // 15 digits are all meaningful: kept
      // not numbers
      {inf, 4, "inf"},
      {-inf, 4, "-inf"},
      {std::nan(""), 4, "nan"},
  };
  for (const Row& r : rows) {
    INFO(r.text << " (" << r.digits << " digits)");
    CHECK(format_number(r.value, r.digits) == r.text);
  }
}

// The numbers of one list share a digits rule and a notation (docs/language.md,
// "Display"): these are the texts of one number under each.
TEST_CASE("format_number among significant or scientific numbers", "[format]") {
  struct Row {
    double value;
    int digits;
    bool wholes_significant;
    bool all_scientific;
    const char* text;
  };
  const Row rows[] = {
      {0, 4, false, false, "0"},                // alone, or among wholes
      {0, 4, true, false, "0.000"},             // as 1 is 1.000 among significant numbers
      {0, 3, true, false, "0.00"},              // 3 significant digits: two decimals, as 1.00
      {0, 4, true, true, "0.000e0"},            // among scientific numbers
      {0, 17, true, false, "0"},                // past a double's digits wholes are exact
      {1e12, 4, true, false, "1000000000000"},  // whole, more digits than 4: in full
      {1e12, 4, true, true, "1.000e12"},        // ... unless the list is scientific
      {1, 4, true, true, "1.000e0"},
      {0.5, 4, true, true, "5.000e-1"},
      {-2.5, 3, true, true, "-2.50e0"},
      // A tie rounds half away from zero in both notations: 0.0078125 is 0.007813 alone
      // (fixed) and 7.813e-3 in a scientific list, not fmt's half-to-even 7.812e-3.
      {0.0078125, 4, true, false, "0.007813"},
      {0.0078125, 4, true, true, "7.813e-3"},
      // Past a double's digits: the fewest digits that read back as the double.
      {1e12, 17, true, true, "1e12"},
      {2.5, 17, true, true, "2.5e0"},
  };
  for (const Row& r : rows) {
    INFO(r.text << " (" << r.digits << " digits)");
    CHECK(format_number(r.value, r.digits, false, r.wholes_significant, r.all_scientific) ==
          r.text);
  }
  // Which numbers make their list scientific: those format_number writes so alone.
  CHECK(shows_scientific(2e21, 4, false, true));
  CHECK(shows_scientific(5e-5, 4, false, false));
  CHECK_FALSE(shows_scientific(1e12, 4, false, true));  // whole: in full
  CHECK_FALSE(shows_scientific(0, 4, false, true));
  CHECK_FALSE(shows_scientific(1234567.5, 4, true, true));  // money/time in full
  CHECK(shows_scientific(1234567.5, 4, false, true));       // 1.235e6
}

TEST_CASE("shows_scientific agrees with what format_number writes", "[units]") {
  // shows_scientific answers most numbers without working out their notation (a range
  // plain notation always holds); it must agree with format_number everywhere, at the
  // range's edges most of all: 1e-4 and 10^digits, where rounding decides.
  std::mt19937_64 random(15);
  std::uniform_real_distribution<double> exponent(-7, 17);
  std::vector<double> values;
  for (int i = 0; i < 2000; ++i) values.push_back(std::pow(10.0, exponent(random)));
  for (int d = 0; d <= 16; ++d)
    for (const double edge : {std::pow(10.0, d), 1e-4})
      for (const double nudge : {-0.5, -0.49, -1e-9, 0.0, 1e-9, 0.49, 0.5})
        values.push_back(edge > 1 ? edge + nudge : edge * (1 + nudge * 1e-3));
  for (const double v : values)
    for (int digits = 1; digits <= 17; ++digits)
      for (const bool in_full : {false, true})
        for (const bool significant : {false, true})
          for (const double x : {v, -v, std::round(v)}) {
            const std::string text = format_number(x, digits, in_full, significant);
            INFO(x << " at " << digits << " digits: " << text);
            REQUIRE(shows_scientific(x, digits, in_full, significant) ==
                    (x != 0 && text.find('e') != std::string::npos));
          }
}

TEST_CASE("a collection is scientific when one of its numbers is", "[units]") {
  // CollectionNumbers keeps only the least and greatest magnitude of each kind of number
  // (whole or not, written in full or not); it must decide as asking every number would.
  std::mt19937_64 random(15);
  std::uniform_real_distribution<double> exponent(-6, 16);
  std::uniform_int_distribution<int> size(1, 6);
  std::bernoulli_distribution coin(0.5);
  for (int list = 0; list < 3000; ++list) {
    const int digits = 1 + list % 17;
    const Dimension dim = coin(random) ? Dimension::of(Base::time) : Dimension{};
    std::vector<double> numbers;
    for (int i = size(random); i > 0; --i) {
      // Whole up to 1e16, or a quarter past a whole (or below 1) up to 1e14: clear of the
      // few ulps within which a shown number is snapped to a whole one.
      double x = std::pow(10.0, exponent(random));
      if (coin(random))
        x = std::round(x);
      else if (x >= 1)
        x = std::trunc(std::min(x, 1e14)) + 0.25;
      numbers.push_back(coin(random) ? x : -x);
    }
    DisplayOptions options;
    options.digits = digits;
    CollectionNumbers collection(DisplayUnit{"s", 1}, options);
    bool significant = false;
    for (const double x : numbers) {
      collection.add(Value::quantity(x, dim));
      significant = significant || x != std::trunc(x) || std::fabs(x) >= 1e15;
    }
    bool scientific = false;
    for (const double x : numbers)
      scientific = scientific || shows_scientific(x, digits, written_in_full(dim), significant);
    INFO(numbers.size() << " numbers at " << digits << " digits, first " << numbers[0]);
    const DisplayOptions decided = collection.options();
    REQUIRE(decided.wholes_significant == significant);
    REQUIRE(decided.all_scientific == scientific);
  }
}

// Bytes in binary units, bits, and each per second have ladders of their own, chosen by
// the units a value is written in (docs/language.md, "Display").
TEST_CASE("two names of one unit: ladder_spelling and respelled", "[units][display]") {
  const Dimension bytes = Dimension::of(Base::information);
  const Dimension per_device = bytes / Dimension::of(Base::device);
  const Dimension rate = Dimension::of(Base::compute) / Dimension::of(Base::time);
  struct Row {
    const char* written;
    const char* ladder;
  };
  const std::vector<Row> spelled = {
      {"B/GPU", "B/device"},
      {"B/GPUs", "B/device"},
      {"TOP/s/GPU", "TFLOP/s/device"},
      {"op/s", "flop/s"},
      {"OP", "flop"},
      {"W*GPU", "W*device"},
      {"GB/s/device", "GB/s/device"},
      {"GPUx/TOPS", "GPUx/TOPS"},  // words that are neither name are left alone
      {"Top/s", "Top/s"},          // no lower-case prefixed op
  };
  for (const Row& r : spelled) {
    CAPTURE(r.written);
    CHECK(ladder_spelling(r.written) == r.ladder);
  }
  // A step chosen on the ladder, in the names of the unit it was written or declared in.
  const std::vector<Row> respell = {
      {"GiB/device", "B/GPU"},
      {"GiB/device", "B/device"},
      {"TFLOP/s", "op/s"},
      {"MFLOP/s", "TOP/s"},
      {"flop/s", "OP/s"},
      {"Tflop", "op"},
      {"TFLOP/s/device", "TOP/s/GPU"},
  };
  const std::vector<std::string> want = {"GiB/GPU", "GiB/device", "TOP/s",    "MOP/s",
                                         "op/s",    "TOP",        "TOP/s/GPU"};
  for (std::size_t i = 0; i < respell.size(); ++i) {
    CAPTURE(respell[i].ladder);
    CHECK(respelled(respell[i].written, respell[i].ladder) == want[i]);
  }
  // respells (what the checker asks before composing a literal's unit) says yes exactly
  // where respelled changes something, for every chosen and written unit above crossed.
  std::vector<std::string> units;
  for (const Row& r : spelled) units.insert(units.end(), {r.written, r.ladder});
  for (const Row& r : respell) units.insert(units.end(), {r.written, r.ladder});
  int changed = 0;
  for (const std::string& chosen : units)
    for (const std::string& written : units) {
      CAPTURE(chosen, written);
      const bool renames = respelled(chosen, written) != chosen;
      changed += renames;
      CHECK(respells(chosen, other_names_in(written)) == renames);
    }
  CHECK(changed > 20);  // the crossing does reach both answers
  // The declared names are ladder steps as the ladder's own are.
  CHECK(ladder_step(per_device, "B/GPU"));
  CHECK(ladder_step(per_device, "B/device"));
  CHECK(ladder_step(rate, "TOP/s"));
  CHECK(ladder_step(rate, "op/s"));
  CHECK(alternative_step(per_device, "KiB/GPU"));
}

TEST_CASE("alternative ladders: binary bytes, bits, and their rates", "[units][display]") {
  const Dimension bytes = Dimension::of(Base::information);
  const Dimension rate = bytes / Dimension::of(Base::time);
  CHECK(alternative_step(bytes, "KiB"));
  CHECK(alternative_step(rate, "MiB/s"));
  CHECK(alternative_step(bytes, "bit"));
  CHECK(alternative_step(rate, "Gbit/s"));
  CHECK_FALSE(alternative_step(bytes, "B"));   // on the decimal ladder too
  CHECK_FALSE(alternative_step(bytes, "GB"));  // decimal
  CHECK_FALSE(alternative_step(rate, "KiB"));  // not a rate
  // B is a step of the binary ladder, not of the bit one; a ladder and its rate twin are
  // one kind.
  CHECK(alternative_ladder(bytes, "B") == alternative_ladder(bytes, "KiB"));
  CHECK(alternative_ladder(bytes, "B") != alternative_ladder(bytes, "kbit"));
  CHECK(alternative_ladder(rate, "KiB/s") == alternative_ladder(bytes, "KiB"));
  CHECK(alternative_ladder(bytes, "MB") == -1);
  std::string symbol;
  // 1 MiB/s + 1 KiB/s = 1049600 B/s: MiB/s (1048576 B/s) is the largest step not above.
  auto step = readable_alternative_unit(rate, "KiB/s", 1049600, &symbol, 4);
  REQUIRE(step);
  CHECK(symbol == "MiB/s");
  CHECK(step->scale == 1048576);
  // 1001 bit = 125.125 B: kbit (125 B).
  step = readable_alternative_unit(bytes, "bit", 125.125, &symbol, 4);
  REQUIRE(step);
  CHECK(symbol == "kbit");
  CHECK(step->scale == 125);
  CHECK_FALSE(readable_alternative_unit(bytes, "GB", 1e9, &symbol, 4));
  // Counts follow the step: 1049600 B/token on the binary ladder is MiB/token.
  const Dimension per_token = bytes / Dimension::of(Base::token);
  CHECK(alternative_step(per_token, "KiB/token"));
  CHECK_FALSE(alternative_step(per_token, "KiB"));
  step = readable_alternative_unit(per_token, "KiB/token", 1049600, &symbol, 4);
  REQUIRE(step);
  CHECK(symbol == "MiB/token");
  CHECK(step->scale == 1048576);
}

TEST_CASE("format_value of quantities and other values", "[format]") {
  struct Row {
    Value value;
    std::optional<DisplayUnit> unit;
    int digits;
    const char* text;
  };
  static const std::string hi = "hi";  // a text value refers to its literal
  const std::vector<Row> rows = {
      // no declared unit: a readable prefix
      {Value::quantity(3.2e10, info), std::nullopt, 4, "32 GB"},           // 3.2e10 / 1e9 = 32
      {Value::quantity(328564998144, info), std::nullopt, 4, "328.6 GB"},  // 328.564998144
      {Value::quantity(328564998144, info), std::nullopt, 6, "328.565 GB"},
      {Value::quantity(-2.5e9, info), std::nullopt, 4, "-2.500 GB"},
      {Value::quantity(999, info), std::nullopt, 4, "999 B"},
      {Value::quantity(989e12, compute / time_), std::nullopt, 4, "989 TFLOP/s"},
      {Value::quantity(2e12, info / time_), std::nullopt, 4, "2 TB/s"},
      {Value::quantity(3.6e6, energy), std::nullopt, 4, "3.600 MJ"},  // 3.6e6 J / 1e6
      {Value::quantity(0.25, time_), std::nullopt, 4, "250 ms"},
      // 5e-7 s / 1e-9 = 499.99999999999994 in binary: shown as the whole 500
      {Value::quantity(5e-7, time_), std::nullopt, 4, "500 ns"},  // 0.25 s / 1e-3
      // Rounding happens before the step is chosen: 999.97 GB is 1000 GB at 4 digits,
      // shown as 1.000 TB; at 6 digits it stays 999.970 GB.
      {Value::quantity(999.97e9, info), std::nullopt, 4, "1.000 TB"},
      {Value::quantity(999.97e9, info), std::nullopt, 6, "999.970 GB"},
      // 59.999 s is 60.00 s at 4 digits: one minute.
      {Value::quantity(59.999, time_), std::nullopt, 4, "1.000 min"},
      // Where steps are not powers of ten the value is rounded in each: 23.996 h is 24.00 h
      // but 0.9998 day (below 1), so hours; 23.9999 h is 1.000 day (0.99999583 day).
      {Value::quantity(23.996 * 3600, time_), std::nullopt, 4, "24.00 h"},
      {Value::quantity(23.9999 * 3600, time_), std::nullopt, 4, "1.000 day"},
      // 86395 s: 86400 s to 4 digits in seconds, but 0.9999 day: hours (23.9986 h = 24.00 h)
      {Value::quantity(86395, time_), std::nullopt, 4, "24.00 h"},
      // Not whole: never snapped to an integer (5e11 + 0.4 is 5.000e11 at 4 digits).
      {Value::quantity(5e11 + 0.4), std::nullopt, 4, "5.000e11"},
      {Value::quantity(5e11 + 0.4), std::nullopt, 17, "500000000000.4"},
      {Value::quantity(12.5, info), DisplayUnit{"B", 1}, 17, "12.5 B"},
      // frequency, small energies and powers, carbon
      {Value::quantity(1e9, frequency), std::nullopt, 4, "1 GHz"},
      {Value::quantity(1e-9, energy), std::nullopt, 4, "1 nJ"},  // 1 W / 1 GHz
      {Value::quantity(0.25, power), std::nullopt, 4, "250 mW"},
      {Value::quantity(1000, carbon), std::nullopt, 4, "1 tCO2e"},
      // 1287 MWh * 429 gCO2e/kWh = 552,123 kgCO2e
      {Value::quantity(552123, carbon), std::nullopt, 4, "552.1 tCO2e"},
      // above the ladders: scientific in the unprefixed unit
      {Value::quantity(3.15e23, compute), std::nullopt, 4, "3.150e23 flop"},
      {Value::quantity(2e21, info), std::nullopt, 4, "2.000e21 B"},
      // counts have no ladder: the count's name
      {Value::quantity(2048, token), std::nullopt, 4, "2048 token"},
      {Value::quantity(175e9, param), std::nullopt, 4, "175000000000 param"},
      // a physical part with a ladder and a count: 2e6 B/token = 2 MB/token
      {Value::quantity(2e6, info / token), std::nullopt, 4, "2 MB/token"},
      // a count against a physical part without a ladder
      {Value::quantity(2, token * token), std::nullopt, 4, "2 token^2"},
      // a physical dimension without a ladder or name
      {Value::quantity(3, money), std::nullopt, 4, "3 USD"},
      // plain numbers
      {Value::quantity(0.7017543859649122), std::nullopt, 4, "0.7018"},  // 80/114
      {Value::quantity(3), std::nullopt, 4, "3"},
      // a declared unit
      {Value::quantity(328564998144, info), DisplayUnit{"GiB", 1073741824}, 4,
       "306 GiB"},  // 328564998144 / 2^30 = 306 exactly (34*9*2^30)
      {Value::quantity(328564998144, info), DisplayUnit{"MB", 1e6}, 4,
       "3.286e5 MB"},  // 328564.998144 MB to 4 significant digits: 3.286e5
      {Value::quantity(1.5e9, info), DisplayUnit{"GB", 1e9}, 4, "1.500 GB"},
      {Value::quantity(2048, token), DisplayUnit{"token", 1}, 4, "2048 token"},
      {Value::quantity(0.5), DisplayUnit{"", 1}, 4, "0.5000"},
      {Value::quantity(5400, time_), DisplayUnit{"min", 60}, 4, "90 min"},  // 5400 / 60 = 90
      {Value::quantity(3.6e6, energy), DisplayUnit{"kWh", 3.6e6}, 4, "1 kWh"},
      // other kinds
      {Value::boolean(true), std::nullopt, 4, "true"},
      {Value::boolean(false), std::nullopt, 4, "false"},
      {Value{}, std::nullopt, 4, "none"},
      {Value::text_of(hi), std::nullopt, 4, "\"hi\""},
  };
  for (const Row& r : rows) {
    INFO(r.text);
    DisplayOptions options;
    options.digits = r.digits;
    CHECK(format_value(r.value, options, r.unit ? &*r.unit : nullptr) == r.text);
  }
}

// A value per time whose physical part has no ladder is shown as "1/s*token":
// read left to right that is (1/s)*token, but the conventional and re-parseable
// spelling of a throughput is token/s.
TEST_CASE("format_value of counts per time", "[format]") {
  struct Row {
    Value value;
    const char* text;
  };
  const std::vector<Row> rows = {
      {Value::quantity(5000, token / time_), "5000 token/s"},
      {Value::quantity(3, param / (time_ * time_)), "3 param/s^2"},
  };
  for (const Row& r : rows) {
    INFO(r.text);
    CHECK(format_value(r.value, DisplayOptions{}) == r.text);
  }
}

TEST_CASE("format_value of mass picks grams for grams", "[format]") {
  struct Row {
    Value value;
    const char* text;
  };
  const std::vector<Row> rows = {
      {Value::quantity(0.5, mass), "500 g"},  // 0.5 kg = 500 g
      {Value::quantity(1e-3, mass), "1 g"},   // one gCO2e
      {Value::quantity(0.2, mass), "200 g"},  // 0.2 kg = 200 g
  };
  for (const Row& r : rows) {
    INFO(r.text);
    CHECK(format_value(r.value, DisplayOptions{}) == r.text);
  }
}

// Each spelling people write for a unit that is not Reckon's gets a hint in the right
// family: bits for `Gb` (a gigabyte is 8 times as much), a rate for `TFLOPS`, a day for `d`.
TEST_CASE("unit hints name the unit's family", "[units][suggest]") {
  struct Row {
    const char* written;
    const char* suggestion;  // "" : advice without a unit
  };
  const std::vector<Row> rows = {
      {"Gb", "Gbit"},        {"Mb", "Mbit"},        {"kb", "kbit"},      {"Gbps", "Gbit/s"},
      {"Mbps", "Mbit/s"},    {"GBps", "GB/s"},      {"KB", "kB"},        {"d", "day"},
      {"days", "day"},       {"hr", "h"},           {"hour", "h"},       {"hours", "h"},
      {"minute", "min"},     {"second", "s"},       {"seconds", "s"},    {"sec", "s"},
      {"weeks", "week"},     {"months", "month"},   {"yr", "year"},      {"TFLOPS", "TFLOP/s"},
      {"GFLOPS", "GFLOP/s"}, {"TFLOPs", "TFLOP/s"}, {"flops", "flop/s"}, {"TOPS", "TOP/s"},
      {"byte", "B"},         {"bytes", "B"},        {"tonne", "t"},      {"tCO2", "tCO2e"},
      {"gCO2", "gCO2e"},     {"kgCO2eq", "kgCO2e"}, {"KW", "kW"},        {"KJ", "kJ"},
      {"kwh", "kWh"},        {"liter", "L"},        {"gpus", "devices"}, {"percent", ""},
      {"TFlops", "TFLOP/s"}, {"Gflops", "Gflop/s"}, {"Gib", "Gibit"},    {"gb", "GB"},
      {"mb", "MB"},
  };
  for (const Row& r : rows) {
    INFO(r.written);
    CHECK(find_unit(r.written) == nullptr);  // a hint only for names that are not units
    std::string hint = unit_hint(r.written);
    REQUIRE_FALSE(hint.empty());
    if (std::string(r.suggestion).empty()) {
      CHECK(hint.find("did you mean") == std::string::npos);
      CHECK(hint.find("0.5") != std::string::npos);  // percent: write the fraction
    } else {
      // "; did you mean `Gbit`? (...)": the suggestion comes first
      CHECK(hint.find(std::string("; did you mean `") + r.suggestion + "`?") == 0);
      // every suggestion is made of catalogue units
      std::string s = r.suggestion;
      for (std::size_t at = 0; at <= s.size();) {
        std::size_t slash = s.find('/', at);
        std::string part =
            s.substr(at, slash == std::string::npos ? std::string::npos : slash - at);
        INFO(part);
        CHECK(find_unit(part) != nullptr);
        if (slash == std::string::npos) break;
        at = slash + 1;
      }
    }
  }
  // Units and plain misspellings get no family hint (the edit-distance suggestion applies).
  for (const char* name : {"GB", "GiBs", "Transformer", "ms"}) {
    INFO(name);
    CHECK(unit_hint(name).empty());
  }
  // The suggestion for a misspelt unit never crosses families: Gb is not GB, d is not s.
  std::vector<std::string> names;
  for (const UnitInfo& u : all_units()) names.push_back(u.symbol);
  CHECK(did_you_mean_unit("Gb", names).find("`Gbit`") != std::string::npos);
  CHECK(did_you_mean_unit("d", names).find("`day`") != std::string::npos);
  CHECK(did_you_mean_unit("GiBs", names) == "; did you mean `GiB`?");
}

TEST_CASE("did you mean: of equally close names, the first alphabetically, whatever the order") {
  // `d` is one edit from `a` and from `c`; the candidates come in hash-table order, which a
  // new name anywhere reshuffles, so the choice must not depend on it.
  using V = std::vector<std::string>;
  CHECK(reckon::did_you_mean("d", V{"c", "a"}) == "; did you mean `a`?");
  CHECK(reckon::did_you_mean("d", V{"a", "c"}) == "; did you mean `a`?");
  // A closer name still wins over an earlier one.
  CHECK(reckon::did_you_mean("mem", V{"ma", "memo"}) == "; did you mean `memo`?");
}

TEST_CASE("did you mean: letter case is no distance") {
  using V = std::vector<std::string>;
  // `H100` is one edit from `a100` and from `h100` with case; ignoring case, `h100` is it.
  CHECK(reckon::did_you_mean("H100", V{"a100", "h100"}) == "; did you mean `h100`?");
  CHECK(reckon::did_you_mean("h100", V{"A100", "H100"}) == "; did you mean `H100`?");
  // A case-only difference within a longer misspelling: `H10` is `h100` less a digit.
  CHECK(reckon::did_you_mean("H10", V{"a100", "h100"}) == "; did you mean `h100`?");
  // Equally close ignoring case: the closer with case wins (`MS` is `ms`, not `Ms`),
  // whatever the order.
  CHECK(reckon::did_you_mean("mS", V{"Ms", "ms"}) == "; did you mean `ms`?");
  CHECK(reckon::did_you_mean("mS", V{"ms", "Ms"}) == "; did you mean `ms`?");
  // Nothing close stays nothing.
  CHECK(reckon::did_you_mean("XYZW", V{"h100"}).empty());
}

TEST_CASE("decimal_binary_twins: one decimal prefix of a B or bit against its binary twin",
          "[units]") {
  struct Row {
    const char *a, *b;
    bool twins;
  };
  // Twins differ by exactly one prefix (k/Ki, M/Mi, ... E/Ei) of a `B` or a `bit` that
  // stands alone as a factor; the rest of the two texts is the same.
  const Row rows[] = {
      {"GB", "GiB", true},      {"GiB", "GB", true},  // either order
      {"kB", "KiB", true},      {"Mbit", "Mibit", true}, {"EB/s", "EiB/s", true},
      {"W*GB", "W*GiB", true},  {"GB^2", "GiB^2", true}, {"GB*TB", "GB*TiB", true},
      {"GB", "GB", false},       // the same unit
      {"GB", "TiB", false},      // another prefix
      {"KB", "KiB", false},      // `KB` is not the decimal kilo (`kB`)
      {"Gs", "Gis", false},      // a prefix of neither B nor bit
      {"GBs", "GiBs", false},    // B does not end the factor
      {"xGB", "xGiB", false},    // the prefix does not start a factor
      {"GB/s", "GiB/h", false},  // and something else differs
      {"B", "iB", false},       {"", "i", false},
  };
  for (const Row& r : rows) {
    INFO(r.a << " against " << r.b);
    CHECK(decimal_binary_twins(r.a, r.b) == r.twins);
  }
}
