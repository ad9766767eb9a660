// The pseudo-random numbers of CPython's `random` module, bit for bit, for an integer
// seed: `random.Random(seed)` and its random(), uniform, gauss, choice, shuffle and
// sample (issue #29: a benchmark trace with seeded jitter whose percentiles match the
// textbook's Python). The generator is the Mersenne Twister MT19937 (Matsumoto and
// Nishimura, ACM TOMACS 8(1), 1998), seeded as CPython seeds it from an integer: the
// 32-bit words of its absolute value, least significant first, through the reference
// `init_by_array`. std::mt19937 has the same recurrence but no way to be seeded by an
// array except through its text form, whose layout differs between standard libraries.
//
// What each method draws is CPython's (Lib/random.py and Modules/_randommodule.c of
// 3.11, the version Debian 12 ships), so a program can be checked against
// `/usr/bin/python3` (tests/random/compare_python.py).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace reckon {

class PythonRandom {
 public:
  // `random.Random(seed)` for a whole seed of this magnitude (CPython takes the absolute
  // value of a negative one).
  explicit PythonRandom(std::uint64_t seed);

  // random.random(): 53 random bits in [0, 1).
  double random();
  // random.getrandbits(k) for 0 <= k <= 64.
  std::uint64_t bits(int k);
  // random.randrange(n) for n >= 1 (`_randbelow`: k = n.bit_length() bits, drawn again
  // until below n).
  std::uint64_t below(std::uint64_t n);
  // random.uniform(a, b): a + (b - a) * random().
  double uniform(double a, double b);
  // random.gauss(mu, sigma): Box-Muller, two values a time, the second kept for the next
  // call (CPython's gauss_next).
  double gauss(double mu, double sigma);
  // random.shuffle of n positions: the permutation, as indices into the original.
  std::vector<std::size_t> shuffled(std::size_t n);
  // random.sample of k of n positions (k <= n): the chosen indices in order drawn,
  // by CPython's two methods (a pool for small populations, a set of those taken for
  // large ones), chosen as CPython chooses.
  std::vector<std::size_t> sample(std::size_t n, std::size_t k);

 private:
  static constexpr std::size_t state_words = 624;
  void seed_by_array(const std::vector<std::uint32_t>& key);
  std::uint32_t next_word();

  std::array<std::uint32_t, state_words> state_{};
  std::size_t index_ = state_words;
  bool has_gauss_ = false;
  double gauss_next_ = 0;
};

}  // namespace reckon
