// The grader's slip tables (interpreter/exercise/slips.hpp) at every prefix: each
// information unit's decimal/binary twin and bits/bytes twin, and the counting-part
// feedback. Expected factors are computed here from the definitions (k = 1000^n B,
// Ki = 1024^n B, 1 bit = 1/8 B), not taken from the unit catalogue.
#include <catch2/catch.hpp>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "interpreter/exercise/slips.hpp"

namespace {

using namespace reckon;
using namespace reckon::exercise;

const std::vector<std::string> decimal = {"k", "M", "G", "T", "P", "E"};
const std::vector<std::string> binary = {"Ki", "Mi", "Gi", "Ti", "Pi", "Ei"};

std::vector<UnitSlip> slips_of(const std::string& unit, double value, int exponent = 1) {
  return unit_slips(value, {UnitFactor{unit, exponent, {}}});
}

// The twin reading whose hint names `twin`, if any.
std::optional<UnitSlip> twin_named(const std::vector<UnitSlip>& slips, const std::string& twin) {
  for (const UnitSlip& s : slips)
    if (s.hint.find(" and " + twin + " ") != std::string::npos) return s;
  return std::nullopt;
}

}  // namespace

TEST_CASE("a decimal unit's binary twin at every prefix in bytes and in bits") {
  for (std::size_t n = 1; n <= decimal.size(); ++n) {
    double ratio = std::pow(1024.0 / 1000.0, static_cast<double>(n));  // Ki^n / k^n
    for (const std::string base : {"B", "bit"}) {
      std::string dec = decimal[n - 1] + base, bin = binary[n - 1] + base;
      CAPTURE(dec, bin);
      // 0.5 dec read as bin: the value times (1024/1000)^n.
      auto s = twin_named(slips_of(dec, 0.5), bin);
      REQUIRE(s);
      CHECK(s->value == Approx(0.5 * ratio).epsilon(1e-12));
      CHECK(s->hint.starts_with("did you mix up " + dec + " and " + bin + " (1 " + bin + " = "));
      // And back: bin read as dec divides by the same ratio.
      auto back = twin_named(slips_of(bin, 0.5), dec);
      REQUIRE(back);
      CHECK(back->value == Approx(0.5 / ratio).epsilon(1e-12));
    }
  }
}

TEST_CASE("a unit's bits/bytes twin at every prefix of both families") {
  std::vector<std::string> prefixes = {""};
  prefixes.insert(prefixes.end(), decimal.begin(), decimal.end());
  prefixes.insert(prefixes.end(), binary.begin(), binary.end());
  for (const std::string& p : prefixes) {
    CAPTURE(p);
    auto bytes = twin_named(slips_of(p + "bit", 64), p + "B");
    REQUIRE(bytes);
    CHECK(bytes->value == Approx(64 * 8).epsilon(1e-12));  // 64 bit-units read as bytes
    CHECK(bytes->hint == "did you mix up " + p + "bit and " + p + "B (1 B = 8 bit)?");
    auto bits = twin_named(slips_of(p + "B", 64), p + "bit");
    REQUIRE(bits);
    CHECK(bits->value == Approx(64.0 / 8).epsilon(1e-12));
  }
}

TEST_CASE("a unit with a power reads its twin to that power and other units have none") {
  // 2 kB^2 read as KiB^2: times 1.024^2.
  auto s = twin_named(slips_of("kB", 2, 2), "KiB");
  REQUIRE(s);
  CHECK(s->value == Approx(2 * 1.024 * 1.024).epsilon(1e-12));
  // B has no family twin (only bit); s, token and KB (not a unit) have none at all.
  CHECK(slips_of("B", 1).size() == 1);
  CHECK(slips_of("s", 1).empty());
  CHECK(slips_of("token", 1).empty());
  CHECK(slips_of("KB", 1).empty());
}

TEST_CASE("counting-part feedback names the difference first") {
  Dimension bytes = Dimension::of(Base::information);
  Dimension token = Dimension::of(Base::token), gpu = Dimension::of(Base::device);
  struct Row {
    Dimension given, expected;
    std::string given_unit, expected_unit, feedback;
  };
  std::vector<Row> rows = {
      {bytes / token, bytes, "GB/token", "GB",
       "per token: your answer is GB/token, the question asks for GB"},
      {bytes, bytes / token, "kB", "kB/token",
       "not per token: your answer is kB, the question asks for kB/token"},
      {bytes * token, bytes, "GB*token", "GB",
       "counted in token: your answer is GB*token, the question asks for GB"},
      {Dimension::none(), token, "", "token",
       "missing token: your answer is a plain number, the question asks for token"},
      {bytes / gpu, bytes / token, "GB/GPU", "GB/token",
       "not per token, per device: your answer is GB/GPU, the question asks for GB/token"},
      {Dimension::of(Base::layer), Dimension::none(), "layer", "",
       "counted in layer: your answer is layer, the question asks for a plain number"},
  };
  for (const Row& r : rows)
    CHECK(counting_feedback(r.given, r.expected, r.given_unit, r.expected_unit) == r.feedback);
}

TEST_CASE("ratio slips name bits for bytes and the binary prefix at small magnitudes too") {
  Dimension bytes = Dimension::of(Base::information);
  // 512 B expected: 8x is bits for bytes, 1000/1024 is kB for KiB (k = 1 at this scale).
  CHECK(ratio_slip(8, bytes, 512, 1e-2) == "did you use bits for bytes (1 B = 8 bit)?");
  CHECK(ratio_slip(1000.0 / 1024, bytes, 512, 1e-2) ==
        "did you mix up kB and KiB (1 KiB = 1.024 kB)?");
  // At 5e17 B the binary prefix considered is P (10^15 <= 5e17 < 10^18).
  CHECK(ratio_slip(std::pow(1.024, 5), bytes, 5e17, 1e-3) ==
        "did you mix up PB and PiB (1 PiB = 1.126 PB)?");
  // 1024 GiB (1.0995e12 B, of T scale) answered as 1.024 TB: 1.024e12 / 2^40 = 1 / 1.024^3,
  // a GB-for-GiB slip one scale below the value's own.
  CHECK(ratio_slip(1.024e12 / std::pow(2.0, 40), bytes, std::pow(2.0, 40), 1e-2) ==
        "did you mix up GB and GiB (1 GiB = 1.074 GB)?");
  // 90 GB for 82 GB is no binary slip: 90/82 = 1.0976 is within 1% of neither 1.024^3
  // (1.0737) nor 1.024^2 (1.0486), and TB/TiB (1.024^4 = 1.0995) is not considered.
  CHECK_FALSE(ratio_slip(90.0 / 82, bytes, 82e9, 1e-2));
  // A ratio near no known slip has none.
  CHECK_FALSE(ratio_slip(1.3, bytes, 512, 1e-2));
}
