#include "interpreter/values/python_random.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <unordered_set>

namespace reckon {

// CPython seeds from the 32-bit words of |seed|, least significant first ([0] for 0).
PythonRandom::PythonRandom(std::uint64_t seed) {
  std::vector<std::uint32_t> words{static_cast<std::uint32_t>(seed)};
  if (seed >> 32) words.push_back(static_cast<std::uint32_t>(seed >> 32));
  seed_by_array(words);
}

// The reference initialisation by an array (mt19937ar.c's init_by_array), which CPython
// calls with the seed's words.
void PythonRandom::seed_by_array(const std::vector<std::uint32_t>& key) {
  std::array<std::uint32_t, state_words>& mt = state_;
  mt[0] = 19650218U;
  for (std::size_t i = 1; i < state_words; ++i)
    mt[i] = 1812433253U * (mt[i - 1] ^ (mt[i - 1] >> 30)) + static_cast<std::uint32_t>(i);
  std::size_t i = 1, j = 0;
  for (std::size_t k = std::max(state_words, key.size()); k > 0; --k) {
    mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525U)) + key[j] +
            static_cast<std::uint32_t>(j);
    ++i;
    ++j;
    if (i >= state_words) {
      mt[0] = mt[state_words - 1];
      i = 1;
    }
    if (j >= key.size()) j = 0;
  }
  for (std::size_t k = state_words - 1; k > 0; --k) {
    mt[i] =
        (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941U)) - static_cast<std::uint32_t>(i);
    ++i;
    if (i >= state_words) {
      mt[0] = mt[state_words - 1];
      i = 1;
    }
  }
  mt[0] = 0x80000000U;  // the most significant bit set: the state is never all zeros
  index_ = state_words;
  has_gauss_ = false;
}

// The next 32 bits: the whole state turned at once every 624 words, then tempered.
std::uint32_t PythonRandom::next_word() {
  constexpr std::size_t n = state_words, m = 397;
  constexpr std::uint32_t matrix = 0x9908b0dfU, upper = 0x80000000U, lower = 0x7fffffffU;
  if (index_ >= n) {
    for (std::size_t k = 0; k < n; ++k) {
      const std::uint32_t y = (state_[k] & upper) | (state_[(k + 1) % n] & lower);
      state_[k] = state_[(k + m) % n] ^ (y >> 1) ^ ((y & 1U) ? matrix : 0U);
    }
    index_ = 0;
  }
  std::uint32_t y = state_[index_++];
  y ^= y >> 11;
  y ^= (y << 7) & 0x9d2c5680U;
  y ^= (y << 15) & 0xefc60000U;
  y ^= y >> 18;
  return y;
}

double PythonRandom::random() {
  const std::uint32_t a = next_word() >> 5, b = next_word() >> 6;
  return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

std::uint64_t PythonRandom::bits(int k) {
  if (k <= 0) return 0;
  if (k <= 32) return next_word() >> (32 - k);
  // Least significant word first; the last drops its low bits (CPython's getrandbits).
  const std::uint64_t low = next_word();
  const std::uint64_t high = next_word() >> (64 - k);
  return low | (high << 32);
}

std::uint64_t PythonRandom::below(std::uint64_t n) {
  int k = 0;
  while (k < 64 && (n >> k) != 0) ++k;  // n.bit_length()
  std::uint64_t r = bits(k);
  while (r >= n) r = bits(k);
  return r;
}

double PythonRandom::uniform(double a, double b) { return a + (b - a) * random(); }

double PythonRandom::gauss(double mu, double sigma) {
  double z;
  if (has_gauss_) {
    z = gauss_next_;
    has_gauss_ = false;
  } else {
    const double x2pi = random() * (2.0 * std::numbers::pi);
    const double g2rad = std::sqrt(-2.0 * std::log(1.0 - random()));
    z = std::cos(x2pi) * g2rad;
    gauss_next_ = std::sin(x2pi) * g2rad;
    has_gauss_ = true;
  }
  return mu + z * sigma;
}

std::vector<std::size_t> PythonRandom::shuffled(std::size_t n) {
  std::vector<std::size_t> order(n);
  for (std::size_t i = 0; i < n; ++i) order[i] = i;
  for (std::size_t i = n; i-- > 1;) std::swap(order[i], order[below(i + 1)]);
  return order;
}

std::vector<std::size_t> PythonRandom::sample(std::size_t n, std::size_t k) {
  std::vector<std::size_t> chosen;
  chosen.reserve(k);
  // CPython keeps a pool of the n positions when that list is smaller than a set of k
  // (21 bytes of an empty set's header, then a table of 4^ceil(log4(3k)) entries).
  double set_size = 21;
  if (k > 5)
    set_size += std::pow(4.0, std::ceil(std::log(static_cast<double>(k * 3)) / std::log(4.0)));
  if (static_cast<double>(n) <= set_size) {
    std::vector<std::size_t> pool(n);
    for (std::size_t i = 0; i < n; ++i) pool[i] = i;
    for (std::size_t i = 0; i < k; ++i) {
      const auto j = static_cast<std::size_t>(below(n - i));
      chosen.push_back(pool[j]);
      pool[j] = pool[n - i - 1];
    }
    return chosen;
  }
  std::unordered_set<std::size_t> taken;
  for (std::size_t i = 0; i < k; ++i) {
    auto j = static_cast<std::size_t>(below(n));
    while (taken.count(j)) j = static_cast<std::size_t>(below(n));
    taken.insert(j);
    chosen.push_back(j);
  }
  return chosen;
}

}  // namespace reckon
