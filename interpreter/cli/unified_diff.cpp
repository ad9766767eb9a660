// Myers' O(ND) difference algorithm (E. W. Myers, "An O(ND) Difference Algorithm and Its
// Variations", Algorithmica 1, 1986) over lines, after the common first and last lines
// are set aside; past a bound on the differences (formatting a file whose every line
// changes) the lines between are shown as all removed, then all added, which is still a
// correct diff.
#include "interpreter/cli/unified_diff.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

namespace reckon::cli {
namespace {

// The lines of `text`, each with its newline (the last may have none, and then differs
// from the same text with one).
std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find('\n', at);
    end = end == std::string_view::npos ? text.size() : end + 1;
    lines.push_back(text.substr(at, end - at));
    at = end;
  }
  return lines;
}

enum class Edit { same, removed, added };

// The edits that turn a[0, n) into b[0, m), in order.
std::vector<Edit> shortest_edits(const std::vector<std::string_view>& a,
                                 const std::vector<std::string_view>& b) {
  constexpr long most_differences = 2000;  // memory grows as its square
  const long n = static_cast<long>(a.size()), m = static_cast<long>(b.size());
  const long limit = std::min(n + m, most_differences);
  // trace[d][k + d]: the furthest x on diagonal k (x - y) after d differences.
  std::vector<std::vector<long>> trace;
  std::vector<long> v(3, 0);  // for d = 0, diagonals -1..1
  long found = -1;
  for (long d = 0; d <= limit && found < 0; ++d) {
    std::vector<long> next(static_cast<std::size_t>(2 * d + 1), 0);
    auto at = [&](const std::vector<long>& row, long dd, long k) {
      return row[static_cast<std::size_t>(k + dd)];
    };
    for (long k = -d; k <= d; k += 2) {
      long x;
      if (d == 0)
        x = 0;
      else if (k == -d || (k != d && at(v, d - 1, k - 1) < at(v, d - 1, k + 1)))
        x = at(v, d - 1, k + 1);  // down: a line added
      else
        x = at(v, d - 1, k - 1) + 1;  // right: a line removed
      long y = x - k;
      while (x < n && y < m && a[static_cast<std::size_t>(x)] == b[static_cast<std::size_t>(y)]) {
        ++x;
        ++y;
      }
      next[static_cast<std::size_t>(k + d)] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
    trace.push_back(next);
    v = std::move(next);
  }
  std::vector<Edit> edits;
  if (found < 0) {
    edits.assign(static_cast<std::size_t>(n), Edit::removed);
    edits.insert(edits.end(), static_cast<std::size_t>(m), Edit::added);
    return edits;
  }
  // Back from (n, m) through the trace.
  long x = n, y = m;
  for (long d = found; d > 0; --d) {
    const std::vector<long>& prev = trace[static_cast<std::size_t>(d - 1)];
    auto at = [&](long k) { return prev[static_cast<std::size_t>(k + d - 1)]; };
    const long k = x - y;
    const bool down = k == -d || (k != d && at(k - 1) < at(k + 1));
    const long prev_k = down ? k + 1 : k - 1;
    const long prev_x = at(prev_k), prev_y = prev_x - prev_k;
    while (x > (down ? prev_x : prev_x + 1) && y > (down ? prev_y + 1 : prev_y)) {
      edits.push_back(Edit::same);
      --x;
      --y;
    }
    edits.push_back(down ? Edit::added : Edit::removed);
    x = prev_x;
    y = prev_y;
  }
  while (x > 0 && y > 0) {
    edits.push_back(Edit::same);
    --x;
    --y;
  }
  std::reverse(edits.begin(), edits.end());
  return edits;
}

// A hunk's range: its first line (counted from 1; for an empty range, the line before
// it) and its length.
std::string range(std::size_t first, std::size_t count) {
  return fmt::format("{},{}", count == 0 ? first : first + 1, count);
}

}  // namespace

std::string unified_diff(const std::string& name, std::string_view before, std::string_view after) {
  if (before == after) return "";
  const std::vector<std::string_view> a = split_lines(before), b = split_lines(after);
  // The common first and last lines are set aside before the search.
  std::size_t head = 0;
  while (head < a.size() && head < b.size() && a[head] == b[head]) ++head;
  std::size_t tail = 0;
  while (tail < a.size() - head && tail < b.size() - head &&
         a[a.size() - 1 - tail] == b[b.size() - 1 - tail])
    ++tail;
  std::vector<Edit> edits(head, Edit::same);
  std::vector<std::string_view> middle_a(a.begin() + static_cast<long>(head),
                                         a.end() - static_cast<long>(tail));
  std::vector<std::string_view> middle_b(b.begin() + static_cast<long>(head),
                                         b.end() - static_cast<long>(tail));
  for (Edit e : shortest_edits(middle_a, middle_b)) edits.push_back(e);
  edits.insert(edits.end(), tail, Edit::same);

  std::string out = fmt::format("--- {}\n+++ {}\n", name, name);
  constexpr std::size_t context = 3;
  auto line = [&](char mark, std::string_view text) {
    out += mark;
    out += text;
    if (!text.ends_with('\n')) out += "\n\\ No newline at end of file\n";
  };
  std::size_t i = 0;
  while (i < edits.size()) {
    if (edits[i] == Edit::same) {
      ++i;
      continue;
    }
    // A hunk: from `context` lines before this change to `context` after the last change
    // that is no more than 2 * context lines after the one before it.
    std::size_t start = i >= context ? i - context : 0;
    std::size_t end = i;
    while (end < edits.size()) {
      if (edits[end] != Edit::same) {
        ++end;
        continue;
      }
      std::size_t run = end;
      while (run < edits.size() && edits[run] == Edit::same) ++run;
      if (run == edits.size() || run - end > 2 * context) {
        end = std::min(run, end + context);
        break;
      }
      end = run;
    }
    // Line numbers in each text at `start`.
    std::size_t ia = 0, ib = 0;
    for (std::size_t j = 0; j < start; ++j) {
      if (edits[j] != Edit::added) ++ia;
      if (edits[j] != Edit::removed) ++ib;
    }
    std::size_t count_a = 0, count_b = 0;
    for (std::size_t j = start; j < end; ++j) {
      if (edits[j] != Edit::added) ++count_a;
      if (edits[j] != Edit::removed) ++count_b;
    }
    out += fmt::format("@@ -{} +{} @@\n", range(ia, count_a), range(ib, count_b));
    for (std::size_t j = start; j < end; ++j) {
      switch (edits[j]) {
        case Edit::same:
          line(' ', a[ia++]);
          ++ib;
          break;
        case Edit::removed:
          line('-', a[ia++]);
          break;
        case Edit::added:
          line('+', b[ib++]);
          break;
      }
    }
    i = end;
  }
  return out;
}

}  // namespace reckon::cli
