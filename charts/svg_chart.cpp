#include "charts/svg_chart.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cfloat>
#include <cmath>
#include <cstdlib>
#include <iterator>
#include <limits>
#include <numeric>
#include <set>
#include <string_view>
#include <utility>

#include "charts/xml_text.hpp"

namespace reckon::sweep {

namespace {

// ---------------------------------------------------------------------------------------
// Text: names come from scenario files and may hold anything, so every string is made
// valid UTF-8 without XML-forbidden control characters, then escaped.

constexpr double tick_font = 12;
constexpr double label_font = 13;
constexpr double title_font = 15;
// DejaVu Sans digits are 0.64 em wide, letters narrower: this over-estimates a little, so
// a label given the estimated room is never clipped.
constexpr double char_em = 0.62;
constexpr const char* font_family = "DejaVu Sans, Helvetica, Arial, sans-serif";

// Text of the chart (titles, names, units) is a user's: xml_text.hpp makes it data.
std::string clean_text(std::string_view s) { return xml::text(s); }
std::string escape_xml(std::string_view s) { return xml::escape(s); }

std::size_t code_points(std::string_view s) {
  return static_cast<std::size_t>(
      std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

double text_width(std::string_view s, double font_size) {
  return static_cast<double>(code_points(s)) * font_size * char_em;
}

// At most `max_chars` code points, cut on a code point boundary with an ellipsis.
std::string ellipsize(std::string_view raw, std::size_t max_chars) {
  std::string s = clean_text(raw);
  if (code_points(s) <= max_chars || max_chars == 0) return s;
  std::size_t kept = 0, i = 0;
  for (; i < s.size(); ++i) {
    if ((s[i] & 0xC0) != 0x80 && kept++ == max_chars - 1) break;
  }
  return s.substr(0, i) + "\xE2\x80\xA6";  // U+2026
}

// How many characters of `font_size` fit in `width` pixels (at least a few).
std::size_t chars_fitting(double width, double font_size) {
  return static_cast<std::size_t>(std::max(4.0, width / (font_size * char_em)));
}

std::string axis_label(const ChartAxis& axis) {
  if (axis.unit.empty()) return axis.name;
  if (axis.name.empty()) return axis.unit;
  return fmt::format("{} ({})", axis.name, axis.unit);
}

// ---------------------------------------------------------------------------------------
// Numbers: short labels, exact where the value is a round tick.

std::string strip_zeros(std::string s) {
  if (s.find('.') == std::string::npos) return s;
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s;
}

// `sig` significant digits; plain notation in [1e-3, 1e6) with all whole digits (40960),
// else a short exponent (4.1e6, 2e-5). Trailing zeros are dropped.
std::string compact_number(double v, int sig) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  if (v == 0) return "0";
  // Rounding through %e first settles the exponent (999999.7 at 3 digits is 1e6).
  std::string e = fmt::format("{:.{}e}", v, sig - 1);
  std::size_t at = e.find('e');
  int exponent = std::atoi(e.c_str() + at + 1);
  if (exponent >= -3 && exponent < 6) {
    return strip_zeros(fmt::format("{:.{}f}", v, std::max(0, sig - 1 - exponent)));
  }
  return fmt::format("{}e{}", strip_zeros(e.substr(0, at)), exponent);
}

// "seq_len = 4096 token", for the tooltip of a point or a cell.
std::string quantity(const ChartAxis& axis, double v) {
  // A category's position is its index; anything else (or out of range, which must not
  // reach the cast: a huge double does not fit a size_t) is a number.
  const bool category = !axis.names.empty() && v >= 0 && v < static_cast<double>(axis.names.size());
  std::string number = category ? axis.names[static_cast<std::size_t>(v)] : compact_number(v, 6);
  std::string value = axis.unit.empty() ? number : number + " " + axis.unit;
  return axis.name.empty() ? value : axis.name + " = " + value;
}

// Labels for a set of values: the fewest digits that keep them distinct and each within
// 0.5% of itself and of the gap to its neighbours (so 0.2 and 0.25 never both read "0.2",
// yet 6309573 may read "6.31e6" next to 100000).
std::vector<std::string> number_labels(const std::vector<double>& values, int min_sig = 1) {
  std::vector<double> tolerance;
  for (std::size_t i = 0; i < values.size(); ++i) {
    double near = std::fabs(values[i]);
    if (i > 0 && values[i] != values[i - 1])
      near = std::min(near, std::fabs(values[i] - values[i - 1]));
    if (i + 1 < values.size() && values[i] != values[i + 1])
      near = std::min(near, std::fabs(values[i + 1] - values[i]));
    tolerance.push_back(0.005 * near);
  }
  std::vector<std::string> labels;
  for (int sig = min_sig; sig <= 17; ++sig) {
    labels.clear();
    bool ok = true;
    for (std::size_t i = 0; i < values.size(); ++i) {
      labels.push_back(compact_number(values[i], sig));
      double read = std::strtod(labels.back().c_str(), nullptr);
      if (std::isfinite(values[i]) && std::fabs(read - values[i]) > tolerance[i]) ok = false;
    }
    std::set<std::string> distinct(labels.begin(), labels.end());
    if (ok && distinct.size() == labels.size()) break;
  }
  return labels;
}

// ---------------------------------------------------------------------------------------
// Scales and ticks.

struct Range {
  double lo = std::numeric_limits<double>::infinity();
  double hi = -std::numeric_limits<double>::infinity();
  bool empty() const { return !(lo <= hi); }
  void add(double v) {
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
};

// Values this close are one value: their difference is rounding noise, and a 1-2-5 step
// below it would need more ticks than a double can tell apart.
bool nearly_equal(double a, double b) {
  return a == b || std::fabs(a / 2 - b / 2) <= 1e-12 * std::max(std::fabs(a), std::fabs(b));
}

// A log axis needs positive values; with a zero or a negative one the caller's wish falls
// back to linear rather than dropping points.
bool use_log(const ChartAxis& axis, const Range& r) {
  return axis.log_scale && !r.empty() && r.lo > 0;
}

// Maps data values to pixels. Linear arithmetic is done on halves so that a span of
// +-1e308 does not overflow; a log scale works on log10 of the values.
struct Scale {
  double lo = 0, hi = 1;  // domain (log10 of it on a log scale), lo < hi
  bool log = false;
  double p0 = 0, p1 = 1;  // pixels of lo and hi
  double operator()(double v) const {
    double t = log ? (std::log10(v) - lo) / (hi - lo) : (v / 2 - lo / 2) / (hi / 2 - lo / 2);
    return p0 + t * (p1 - p0);
  }
};

// A domain around the data with `pad` of its span on each side, so extreme points sit
// inside the frame; a single value gets a span of its own.
Scale make_scale(const Range& r, bool log, double p0, double p1, double pad) {
  Scale s;
  s.log = log;
  s.p0 = p0;
  s.p1 = p1;
  double lo = log ? std::log10(r.lo) : r.lo;
  double hi = log ? std::log10(r.hi) : r.hi;
  if (nearly_equal(lo, hi)) {
    double half = log ? 0.5 : (lo == 0 ? 1.0 : std::fabs(lo) * 0.25);
    lo -= half;
    hi += half;
  } else {
    double margin = (hi / 2 - lo / 2) * 2 * pad;
    lo -= margin;
    hi += margin;
  }
  s.lo = std::clamp(lo, -DBL_MAX, DBL_MAX);
  s.hi = std::clamp(hi, -DBL_MAX, DBL_MAX);
  if (!(s.lo < s.hi)) s.lo = s.hi / 2 - 1;  // only reachable at +-DBL_MAX
  return s;
}

// How many multiples of `step` lie in [lo, hi].
double tick_count(double lo, double hi, double step) {
  return std::floor(hi / step + 1e-9) - std::ceil(lo / step - 1e-9) + 1;
}

// The 1-2-5 step (1, 2 or 5 times a power of ten) whose tick count in [lo, hi] is nearest
// `target`, preferring the larger step on a tie; 0 when none is usable.
double nice_step(double lo, double hi, int target) {
  double base = std::pow(10.0, std::floor(std::log10((hi / 2 - lo / 2) / (target / 2.0))));
  double best = 0, best_miss = std::numeric_limits<double>::infinity();
  for (double m : {1.0, 2.0, 5.0, 10.0, 20.0}) {
    double step = m * base;
    if (!std::isfinite(step) || step <= 0) continue;
    double n = tick_count(lo, hi, step);
    double miss = std::fabs(n - target);
    if (n >= 2 && miss <= best_miss) {
      best = step;
      best_miss = miss;
    }
  }
  return best;
}

// 1-2-5 ticks inside [lo, hi] (never outside: the axis shows where the data is), about
// `target` of them; one tick for a single value.
std::vector<double> linear_ticks(double lo, double hi, int target = 5) {
  if (nearly_equal(lo, hi)) return {lo};
  double step = nice_step(lo, hi, target);
  if (step == 0 || tick_count(lo, hi, step) > 50) return {lo, hi};
  std::vector<double> ticks;
  for (double i = std::ceil(lo / step - 1e-9); i <= std::floor(hi / step + 1e-9); ++i) {
    double t = i * step;
    if (std::fabs(t) < step * 1e-9) t = 0;  // 3 * 0.1 - 3 * 0.1 style noise
    ticks.push_back(std::clamp(t, lo, hi));
  }
  return ticks;
}

// 10^e as the closest double (std::pow may be off by an ulp for negative e).
double power_of_ten(int e) { return std::strtod(fmt::format("1e{}", e).c_str(), nullptr); }

// Powers of ten inside [lo, hi] (every k-th decade when there are many); 1-2-5 multiples
// when fewer than two powers fit; linear ticks when even those do not.
std::vector<double> log_ticks(double lo, double hi) {
  int e0 = static_cast<int>(std::ceil(std::log10(lo) - 1e-9));
  int e1 = static_cast<int>(std::floor(std::log10(hi) + 1e-9));
  std::vector<double> ticks;
  if (e1 - e0 >= 1) {
    int every = std::max(1, (e1 - e0 + 8) / 8);
    for (int e = e0; e <= e1; e += every) ticks.push_back(std::clamp(power_of_ten(e), lo, hi));
    return ticks;
  }
  for (int e = e0 - 1; e <= e1; ++e) {
    for (double m : {1.0, 2.0, 5.0}) {
      double t = m * power_of_ten(e);
      if (t >= lo * (1 - 1e-9) && t <= hi * (1 + 1e-9)) ticks.push_back(std::clamp(t, lo, hi));
    }
  }
  return ticks.size() >= 2 ? ticks : linear_ticks(lo, hi);
}

// True when consecutive values are equally spaced (0, 64, 128, ...).
bool evenly_spaced(const std::vector<double>& v) {
  if (v.size() < 3) return true;
  double step = v[1] - v[0];
  for (std::size_t i = 2; i < v.size(); ++i)
    if (std::fabs((v[i] - v[i - 1]) - step) > 1e-6 * std::fabs(step)) return false;
  return true;
}

// A tick: its pixel position along the axis and its label.
struct Tick {
  double pos;
  std::string label;
};

std::vector<Tick> make_ticks(const std::vector<double>& values, const Scale& scale) {
  std::vector<std::string> labels = number_labels(values);
  std::vector<Tick> ticks;
  for (std::size_t i = 0; i < values.size(); ++i) ticks.push_back({scale(values[i]), labels[i]});
  return ticks;
}

// How far a tick label reaches along its axis: its width on x, its height on y.
double label_extent(const Tick& t, bool horizontal) {
  return horizontal ? text_width(t.label, tick_font) : tick_font;
}

// Whether neighbouring labels keep a small gap between them at their positions.
bool labels_fit(const std::vector<Tick>& ticks, bool horizontal) {
  for (std::size_t i = 1; i < ticks.size(); ++i) {
    double need = (label_extent(ticks[i - 1], horizontal) + label_extent(ticks[i], horizontal)) / 2;
    if (std::fabs(ticks[i].pos - ticks[i - 1].pos) < need + (horizontal ? 8 : 4)) return false;
  }
  return true;
}

// Keeps every k-th tick, k as small as makes the labels fit (the first one always stays).
std::vector<Tick> thin_ticks(const std::vector<Tick>& ticks, bool horizontal) {
  for (std::size_t every = 1; every < std::max<std::size_t>(ticks.size(), 2); ++every) {
    std::vector<Tick> kept;
    for (std::size_t i = 0; i < ticks.size(); i += every) kept.push_back(ticks[i]);
    if (labels_fit(kept, horizontal)) return kept;
  }
  return ticks.empty() ? ticks : std::vector<Tick>{ticks.front()};
}

// The ticks of a numeric axis. A sweep over few values (1, 2, 4, ..., 2048 on a log axis,
// or 0, 64, 128 on a linear one) is labelled with those very values when they fit, since
// they are what was run; otherwise round 1-2-5 or power-of-ten values.
std::vector<Tick> axis_ticks(const Range& r, const Scale& scale, const std::vector<double>& sweep,
                             bool horizontal, const std::vector<std::string>& names = {}) {
  if (!names.empty()) {  // categorical: a tick per name, thinned when they crowd
    std::vector<Tick> ticks;
    for (std::size_t i = 0; i < names.size(); ++i)
      ticks.push_back({scale(static_cast<double>(i)), names[i]});
    return thin_ticks(ticks, horizontal);
  }
  if (sweep.size() >= 2 && sweep.size() <= 12 && (scale.log || evenly_spaced(sweep))) {
    std::vector<Tick> actual = make_ticks(sweep, scale);
    if (labels_fit(actual, horizontal)) return actual;
  }
  std::vector<double> values = scale.log ? log_ticks(r.lo, r.hi) : linear_ticks(r.lo, r.hi);
  return thin_ticks(make_ticks(values, scale), horizontal);
}

// ---------------------------------------------------------------------------------------
// Colours.

struct Rgb {
  double r, g, b;
};

std::string hex(const Rgb& c) {
  auto byte = [](double v) { return static_cast<int>(std::lround(std::clamp(v, 0.0, 1.0) * 255)); };
  return fmt::format("#{:02x}{:02x}{:02x}", byte(c.r), byte(c.g), byte(c.b));
}

// Five stops of matplotlib's viridis: perceptually uniform, readable in grey and by the
// colour-blind. SVG gradients interpolate the same way, so the colour bar matches cells.
constexpr std::array<Rgb, 5> viridis = {{{0.267, 0.005, 0.329},
                                         {0.229, 0.322, 0.545},
                                         {0.128, 0.567, 0.551},
                                         {0.369, 0.789, 0.383},
                                         {0.993, 0.906, 0.144}}};

Rgb ramp(double t) {
  t = std::clamp(std::isfinite(t) ? t : 0.5, 0.0, 1.0) * (viridis.size() - 1);
  std::size_t i = std::min(static_cast<std::size_t>(t), viridis.size() - 2);
  double f = t - static_cast<double>(i);
  const Rgb& a = viridis[i];
  const Rgb& b = viridis[i + 1];
  return {a.r + (b.r - a.r) * f, a.g + (b.g - a.g) * f, a.b + (b.b - a.b) * f};
}

// Text on a cell: white on the dark end of the ramp, near-black on the light end.
const char* ink_on(const Rgb& c) {
  return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b < 0.45 ? "#ffffff" : "#111111";
}

// Tableau 10: distinct hues of similar weight for the lines; past ten they repeat dashed.
constexpr std::array<const char*, 10> series_colours = {"#4e79a7", "#f28e2b", "#e15759", "#76b7b2",
                                                        "#59a14f", "#edc948", "#b07aa1", "#ff9da7",
                                                        "#9c755f", "#bab0ac"};
constexpr std::array<const char*, 4> series_dashes = {"", "7 4", "2 3", "9 3 2 3"};

// ---------------------------------------------------------------------------------------
// SVG output.

using Out = std::string;

template <typename... Args>
void put(Out& out, fmt::format_string<Args...> f, Args&&... args) {
  fmt::format_to(std::back_inserter(out), f, std::forward<Args>(args)...);
}

void open_svg(Out& out, double width, double height, const std::string& title) {
  put(out, "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n");
  put(out,
      "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{0:.0f}\" "
      "height=\"{1:.0f}\" viewBox=\"0 0 {0:.0f} {1:.0f}\" font-family=\"{2}\" "
      "font-size=\"{3:.0f}\" fill=\"#222222\">\n",
      width, height, font_family, tick_font);
  if (!title.empty()) put(out, "<title>{}</title>\n", escape_xml(title));
  put(out, "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n");
}

// anchor: start, middle or end. `extra` is further attributes, already escaped.
void text(Out& out, double x, double y, std::string_view s, const char* anchor, const char* cls,
          double size = tick_font, std::string_view extra = "") {
  put(out, "<text class=\"{}\" x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"{}\"", cls, x, y, anchor);
  if (size != tick_font) put(out, " font-size=\"{:.1f}\"", size);
  if (!extra.empty()) put(out, " {}", extra);
  put(out, ">{}</text>\n", escape_xml(s));
}

void line(Out& out, double x1, double y1, double x2, double y2, const char* stroke,
          double width = 1) {
  put(out,
      "<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"{}\" "
      "stroke-width=\"{}\"/>\n",
      x1, y1, x2, y2, stroke, width);
}

// A vertically centred baseline: SVG 1.1 renderers disagree on dominant-baseline.
double centred(double y, double size) { return y + size * 0.35; }

void draw_title(Out& out, const std::string& title, double width) {
  if (title.empty()) return;
  text(out, width / 2, 24, ellipsize(title, chars_fitting(width - 24, title_font)), "middle",
       "title", title_font, "font-weight=\"bold\"");
}

// The y axis label, rotated, centred on the plot's height at x = `x`.
void draw_vertical_label(Out& out, double x, double top, double height, const std::string& s,
                         const char* cls) {
  double y = top + height / 2;
  std::string fitted = ellipsize(s, chars_fitting(height, label_font));
  text(out, x, y, fitted, "middle", cls, label_font,
       fmt::format("transform=\"rotate(-90 {:.1f} {:.1f})\"", x, y));
}

// The plot rectangle in pixels.
struct Box {
  double left, top, width, height;
  double right() const { return left + width; }
  double bottom() const { return top + height; }
};

void draw_x_ticks(Out& out, const Box& box, const std::vector<Tick>& ticks, bool grid) {
  for (const Tick& t : ticks) {
    if (grid) line(out, t.pos, box.top, t.pos, box.bottom(), "#e6e6e6");
    line(out, t.pos, box.bottom(), t.pos, box.bottom() + 5, "#444444");
    text(out, t.pos, box.bottom() + 8 + tick_font, t.label, "middle", "tick-x");
  }
}

void draw_y_ticks(Out& out, const Box& box, const std::vector<Tick>& ticks, bool grid) {
  for (const Tick& t : ticks) {
    if (grid) line(out, box.left, t.pos, box.right(), t.pos, "#e6e6e6");
    line(out, box.left - 5, t.pos, box.left, t.pos, "#444444");
    text(out, box.left - 8, centred(t.pos, tick_font), t.label, "end", "tick-y");
  }
}

double widest_label(const std::vector<Tick>& ticks) {
  double w = 0;
  for (const Tick& t : ticks) w = std::max(w, text_width(t.label, tick_font));
  return w;
}

void draw_no_data(Out& out, const Box& box) {
  text(out, box.left + box.width / 2, centred(box.top + box.height / 2, label_font), "no data",
       "middle", "no-data", label_font, "fill=\"#888888\"");
}

// ---------------------------------------------------------------------------------------
// Line chart.

struct Point {
  double x, y;
};

// The drawable points of one series in x order, split into runs: a NaN or infinite y
// ends a run, so the line breaks there. Points whose x is not finite are left out.
std::vector<std::vector<Point>> series_runs(const LineChart& chart, const LineSeries& s) {
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < std::min(chart.xs.size(), s.y.size()); ++i)
    if (std::isfinite(chart.xs[i])) order.push_back(i);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return chart.xs[a] < chart.xs[b]; });
  std::vector<std::vector<Point>> runs(1);
  for (std::size_t i : order) {
    if (std::isfinite(s.y[i])) {
      runs.back().push_back({chart.xs[i], s.y[i]});
    } else if (!runs.back().empty()) {
      runs.emplace_back();
    }
  }
  if (runs.back().empty()) runs.pop_back();
  return runs;
}

struct LineLayout {
  Box box;
  double width, height;
  Scale xs, ys, ys2;  // ys2: the right axis's, when the chart has one
  std::vector<Tick> xticks, yticks, yticks2;
  bool legend;
  double legend_x;
  bool two_axes = false;
  const Scale& y_of(const LineSeries& s) const { return s.right && two_axes ? ys2 : ys; }
};

constexpr double plot_width = 560;
constexpr double plot_height = 340;
constexpr std::size_t legend_chars = 36;

// A series as its legend entry names it: which axis it uses, when there are two.
std::string legend_name(const LineChart& chart, const LineSeries& s) {
  if (!chart.y2) return s.name;
  return s.name + (s.right ? " (right axis)" : " (left axis)");
}

// The legend's width: marker, gap and the widest (shortened) name.
double legend_width(const LineChart& chart) {
  double w = 0;
  for (const LineSeries& s : chart.series)
    w = std::max(w, text_width(ellipsize(legend_name(chart, s), legend_chars), tick_font));
  return 30 + w;
}

LineLayout line_layout(const LineChart& chart,
                       const std::vector<std::vector<std::vector<Point>>>& runs, const Range& xr,
                       const Range& yr, const Range& yr2) {
  LineLayout l;
  bool xlog = chart.x.names.empty() && use_log(chart.x, xr), ylog = use_log(chart.y, yr);
  double top = chart.title.empty() ? 16 : 44;
  // The y tick labels decide the left margin, and their positions depend only on height.
  l.ys = make_scale(yr, ylog, top + plot_height, top, 0.05);
  if (!yr.empty()) l.yticks = axis_ticks(yr, l.ys, {}, false);
  // The right axis's labels, and its own axis label, widen the right margin likewise.
  double right_axis = 0;
  if (chart.y2) {
    l.two_axes = true;
    l.ys2 = make_scale(yr2, use_log(*chart.y2, yr2), top + plot_height, top, 0.05);
    if (!yr2.empty()) l.yticks2 = axis_ticks(yr2, l.ys2, {}, false);
    right_axis = 8 + widest_label(l.yticks2) + 10 + label_font + 6;
  }
  double left = 16 + label_font + 10 + widest_label(l.yticks) + 10;
  l.box = {left, top, plot_width, plot_height};
  l.xs = make_scale(xr, xlog, left, left + plot_width, 0.04);
  std::set<double> sweep_set;
  for (const auto& series : runs)
    for (const auto& run : series)
      for (const Point& p : run) sweep_set.insert(p.x);
  std::vector<double> sweep(sweep_set.begin(), sweep_set.end());
  if (!xr.empty()) l.xticks = axis_ticks(xr, l.xs, sweep, true, chart.x.names);
  // The last x label may hang past the plot's right edge.
  double overhang = l.xticks.empty() ? 0 : text_width(l.xticks.back().label, tick_font) / 2;
  l.legend = chart.series.size() > 1;
  l.legend_x = l.box.right() + right_axis + 20;
  l.width = l.box.right() + std::max(overhang + 8, right_axis + 20.0);
  if (l.legend) l.width = std::max(l.width, l.legend_x + legend_width(chart) + 12);
  double legend_bottom = l.legend ? top + 8 + 18.0 * static_cast<double>(chart.series.size()) : 0;
  l.height = std::max(l.box.bottom() + 8 + tick_font + 12 + label_font + 14, legend_bottom + 12);
  return l;
}

// The points of a run worth drawing: in each pixel column, the first, the lowest, the
// highest and the last (in x order). The line through them covers the same pixels as the
// line through all of them, so a dense series keeps its shape, spikes included, while
// the document stays bounded by the plot's width (about 2,200 points a run): 1,000,000
// points x 5 series used to give 772 MB of SVG. A run that fits is kept whole.
std::vector<Point> thin_to_columns(const std::vector<Point>& run, const Scale& xs) {
  constexpr std::size_t per_column = 4;
  if (run.size() <= per_column * static_cast<std::size_t>(plot_width)) return run;
  std::vector<Point> kept;
  for (std::size_t first = 0; first < run.size();) {
    const double column = std::floor(xs(run[first].x));
    std::size_t end = first, low = first, high = first;
    for (; end < run.size() && std::floor(xs(run[end].x)) == column; ++end) {
      if (run[end].y < run[low].y) low = end;
      if (run[end].y > run[high].y) high = end;
    }
    std::array<std::size_t, per_column> picks = {first, low, high, end - 1};
    std::sort(picks.begin(), picks.end());
    for (std::size_t k = 0; k < picks.size(); ++k)
      if (k == 0 || picks[k] != picks[k - 1]) kept.push_back(run[picks[k]]);
    first = end;
  }
  return kept;
}

void draw_series(Out& out, const LineChart& chart, const LineLayout& l, const LineSeries& s,
                 const std::vector<std::vector<Point>>& all_runs, std::size_t index) {
  std::vector<std::vector<Point>> runs;
  for (const auto& run : all_runs) runs.push_back(thin_to_columns(run, l.xs));
  const char* colour = series_colours[index % series_colours.size()];
  const char* dash = series_dashes[(index / series_colours.size()) % series_dashes.size()];
  std::size_t count = 0;
  for (const auto& run : runs) count += run.size();
  double radius = count > 60 ? 1.8 : 3;  // dense sweeps: the line carries the shape
  put(out, "<g class=\"series\" stroke=\"{}\" fill=\"{}\">\n", colour, colour);
  put(out, "<title>{}</title>\n", escape_xml(s.name));
  for (const auto& run : runs) {
    if (run.size() < 2) continue;
    put(out, "<path class=\"line\" fill=\"none\" stroke-width=\"2\"");
    if (*dash) put(out, " stroke-dasharray=\"{}\"", dash);
    put(out, " d=\"");
    for (std::size_t i = 0; i < run.size(); ++i)
      put(out, "{}{:.1f} {:.1f}", i == 0 ? "M" : " L", l.xs(run[i].x), l.y_of(s)(run[i].y));
    put(out, "\"/>\n");
  }
  for (const auto& run : runs) {
    for (const Point& p : run) {
      put(out,
          "<circle class=\"point\" cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{}\" stroke=\"#ffffff\" "
          "stroke-width=\"0.8\"><title>",
          l.xs(p.x), l.y_of(s)(p.y), radius);
      const ChartAxis& y = s.right && chart.y2 ? *chart.y2 : chart.y;
      std::string tip = fmt::format("{}, {}", quantity(chart.x, p.x), quantity(y, p.y));
      put(out, "{}</title></circle>\n", escape_xml(s.name.empty() ? tip : s.name + ": " + tip));
    }
  }
  put(out, "</g>\n");
}

// Outside the plot, on the right, so it never covers a line.
void draw_legend(Out& out, const LineLayout& l, const LineChart& chart) {
  put(out, "<g class=\"legend\">\n");
  for (std::size_t i = 0; i < chart.series.size(); ++i) {
    double y = l.box.top + 8 + 18.0 * static_cast<double>(i) + 9;
    const char* colour = series_colours[i % series_colours.size()];
    const char* dash = series_dashes[(i / series_colours.size()) % series_dashes.size()];
    put(out,
        "<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"{}\" "
        "stroke-width=\"2\"{}/>\n",
        l.legend_x, y, l.legend_x + 22, y, colour,
        *dash ? fmt::format(" stroke-dasharray=\"{}\"", dash) : "");
    // A round marker like the points, but not a <circle>: those are the data.
    put(out, "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"6\" height=\"6\" rx=\"3\" fill=\"{}\"/>\n",
        l.legend_x + 8, y - 3, colour);
    text(out, l.legend_x + 30, centred(y, tick_font),
         ellipsize(legend_name(chart, chart.series[i]), legend_chars), "start", "legend-entry");
  }
  put(out, "</g>\n");
}

}  // namespace

bool ChartAxis::wants_log(std::span<const double> values) {
  Range r;
  for (double v : values) {
    if (!std::isfinite(v)) continue;
    if (v <= 0) return false;
    r.add(v);
  }
  return !r.empty() && r.hi / r.lo >= 100;
}

std::string render_svg(const LineChart& chart) {
  std::vector<std::vector<std::vector<Point>>> runs;
  Range xr, yr, yr2;
  for (const LineSeries& s : chart.series) {
    runs.push_back(series_runs(chart, s));
    for (const auto& run : runs.back())
      for (const Point& p : run) {
        xr.add(p.x);
        (s.right && chart.y2 ? yr2 : yr).add(p.y);
      }
  }
  LineLayout l = line_layout(chart, runs, xr, yr, yr2);
  Out out;
  open_svg(out, l.width, l.height, chart.title);
  draw_title(out, chart.title, l.width);
  const Box& b = l.box;
  put(out,
      "<rect class=\"frame\" x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" "
      "fill=\"none\" stroke=\"#cccccc\"/>\n",
      b.left, b.top, b.width, b.height);
  draw_x_ticks(out, b, l.xticks, true);
  draw_y_ticks(out, b, l.yticks, true);
  line(out, b.left, b.bottom(), b.right(), b.bottom(), "#444444");
  line(out, b.left, b.top, b.left, b.bottom(), "#444444");
  text(out, b.left + b.width / 2, b.bottom() + 8 + tick_font + 12 + label_font,
       ellipsize(axis_label(chart.x), chars_fitting(b.width, label_font)), "middle", "axis-label",
       label_font);
  draw_vertical_label(out, 16 + label_font, b.top, b.height, axis_label(chart.y), "axis-label");
  if (chart.y2) {
    line(out, b.right(), b.top, b.right(), b.bottom(), "#444444");
    for (const Tick& t : l.yticks2) {
      line(out, b.right(), t.pos, b.right() + 5, t.pos, "#444444");
      text(out, b.right() + 8, centred(t.pos, tick_font), t.label, "start", "tick-y2");
    }
    draw_vertical_label(out, b.right() + 8 + widest_label(l.yticks2) + 10 + label_font * 0.7, b.top,
                        b.height, axis_label(*chart.y2), "axis-label-right");
  }
  if (xr.empty()) draw_no_data(out, b);
  for (std::size_t i = 0; i < chart.series.size(); ++i)
    draw_series(out, chart, l, chart.series[i], runs[i], i);
  if (l.legend) draw_legend(out, l, chart);
  put(out, "</svg>\n");
  return out;
}

// ---------------------------------------------------------------------------------------
// Heat map.

namespace {

// Indices of `values` in ascending order; NaNs last (a plain < would break std::sort).
std::vector<std::size_t> sorted_order(const std::vector<double>& values) {
  std::vector<std::size_t> order(values.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    double x = values[a], y = values[b];
    return (!std::isnan(x) && std::isnan(y)) || x < y;
  });
  return order;
}

// Category ticks: one per column (or row) at its centre, thinned until labels fit.
std::vector<Tick> category_ticks(const ChartAxis& axis, const std::vector<double>& values,
                                 const std::vector<std::size_t>& order, double start, double step,
                                 bool horizontal) {
  std::vector<double> sorted;
  for (std::size_t i : order) sorted.push_back(values[i]);
  std::vector<std::string> labels = number_labels(sorted);
  if (!axis.names.empty())
    for (std::size_t k = 0; k < sorted.size(); ++k)
      labels[k] = quantity({"", "", false, axis.names}, sorted[k]);
  std::vector<Tick> ticks;
  for (std::size_t k = 0; k < sorted.size(); ++k)
    ticks.push_back({start + (static_cast<double>(k) + 0.5) * step, labels[k]});
  return thin_ticks(ticks, horizontal);
}

// The colour scale of z: t in [0, 1] from the finite values' range (log10 when asked and
// possible); all-equal values sit mid-ramp.
struct ColourScale {
  Range range;
  bool log = false;
  double t(double v) const {
    double lo = log ? std::log10(range.lo) : range.lo;
    double hi = log ? std::log10(range.hi) : range.hi;
    double x = log ? std::log10(v) : v;
    if (nearly_equal(lo, hi)) return 0.5;
    return std::clamp((x / 2 - lo / 2) / (hi / 2 - lo / 2), 0.0, 1.0);
  }
};

struct HeatLayout {
  Box grid;
  double cell_w, cell_h;
  std::vector<std::size_t> cols, rows;
  std::vector<Tick> xticks, yticks;
  double bar_x, bar_top, bar_height;
  double z_label_x;  // the rotated z label's centre line, right of the bar's labels
  double width, height;
  bool missing_key;  // a "no value" swatch under the colour bar
};

double z_at(const HeatMap& m, std::size_t row, std::size_t col) {
  std::size_t i = row * m.xs.size() + col;
  return i < m.z_values.size() ? m.z_values[i] : std::numeric_limits<double>::quiet_NaN();
}

bool any_missing(const HeatMap& m) {
  for (std::size_t r = 0; r < m.ys.size(); ++r)
    for (std::size_t c = 0; c < m.xs.size(); ++c)
      if (!std::isfinite(z_at(m, r, c))) return true;
  return false;
}

HeatLayout heat_layout(const HeatMap& m, const std::vector<std::string>& bar_labels) {
  HeatLayout l;
  l.cols = sorted_order(m.xs);
  l.rows = sorted_order(m.ys);
  double nx = static_cast<double>(std::max<std::size_t>(m.xs.size(), 1));
  double ny = static_cast<double>(std::max<std::size_t>(m.ys.size(), 1));
  // Cells as large as fit in 560x360 but not huge, so a 2x2 map stays compact; the grid
  // at least as long as its axis labels, so a single row or column does not cut them.
  double grid_w =
      std::clamp(text_width(axis_label(m.x), label_font) + 10, std::min(560.0, nx * 110), 560.0);
  double grid_h =
      std::clamp(text_width(axis_label(m.y), label_font) + 10, std::min(360.0, ny * 70), 360.0);
  l.cell_w = grid_w / nx;
  l.cell_h = grid_h / ny;
  double top = m.title.empty() ? 16 : 44;
  // Rows run bottom-up, so the smallest y is at the bottom as on a plotted axis.
  l.yticks = category_ticks(m.y, m.ys, l.rows, top + grid_h, -l.cell_h, false);
  double left = 16 + label_font + 10 + widest_label(l.yticks) + 10;
  l.grid = {left, top, grid_w, grid_h};
  l.xticks = category_ticks(m.x, m.xs, l.cols, left, l.cell_w, true);
  l.missing_key = any_missing(m);
  double bar_labels_w = 0;
  for (const auto& s : bar_labels) bar_labels_w = std::max(bar_labels_w, text_width(s, tick_font));
  double overhang = l.xticks.empty() ? 0 : text_width(l.xticks.back().label, tick_font) / 2;
  l.bar_x = l.grid.right() + std::max(24.0, overhang + 12);
  l.bar_top = top;
  l.bar_height = std::max(grid_h, 160.0);
  double bar_bottom = l.bar_top + l.bar_height + (l.missing_key ? 34 : 0);
  // Colour bar, its tick labels, then the rotated z label; the "no value" key is below.
  l.z_label_x = l.bar_x + 23 + bar_labels_w + 10 + label_font * 0.8;
  double key_right = l.missing_key ? l.bar_x + 23 + text_width("no value", tick_font) : 0;
  l.width = std::max(l.z_label_x + label_font * 0.4, key_right) + 14;
  l.height = std::max(l.grid.bottom() + 8 + tick_font + 12 + label_font + 14, bar_bottom + 16);
  return l;
}

void put_defs(Out& out) {
  put(out, "<defs>\n<linearGradient id=\"reckon-ramp\" x1=\"0\" y1=\"1\" x2=\"0\" y2=\"0\">\n");
  for (std::size_t i = 0; i < viridis.size(); ++i)
    put(out, "<stop offset=\"{}\" stop-color=\"{}\"/>\n",
        static_cast<double>(i) / static_cast<double>(viridis.size() - 1), hex(viridis[i]));
  put(out,
      "</linearGradient>\n<pattern id=\"reckon-hatch\" patternUnits=\"userSpaceOnUse\" "
      "width=\"6\" height=\"6\" patternTransform=\"rotate(45)\">\n"
      "<rect width=\"6\" height=\"6\" fill=\"#e4e4e4\"/>\n"
      "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#b0b0b0\" stroke-width=\"2\"/>\n"
      "</pattern>\n</defs>\n");
}

// The font size of the value labels inside cells: as large as the widest label allows,
// none (0) when the grid is large or the cells too small to read.
double cell_font(const HeatMap& m, const HeatLayout& l) {
  if (m.xs.size() > 12 || m.ys.size() > 12) return 0;
  std::size_t widest = 1;
  for (double z : m.z_values) widest = std::max(widest, compact_number(z, 3).size());
  double size =
      std::min({12.0, l.cell_h * 0.45, (l.cell_w - 6) / (static_cast<double>(widest) * char_em)});
  return size >= 7 ? size : 0;
}

void draw_cells(Out& out, const HeatMap& m, const HeatLayout& l, const ColourScale& cs) {
  double font = cell_font(m, l);
  bool outline = m.xs.size() <= 24 && m.ys.size() <= 24;  // thin seams only where visible
  for (std::size_t ri = 0; ri < l.rows.size(); ++ri) {
    for (std::size_t ci = 0; ci < l.cols.size(); ++ci) {
      std::size_t row = l.rows[ri], col = l.cols[ci];
      double z = z_at(m, row, col);
      double x = l.grid.left + static_cast<double>(ci) * l.cell_w;
      double y = l.grid.bottom() - static_cast<double>(ri + 1) * l.cell_h;
      bool shown = std::isfinite(z);
      Rgb colour = ramp(shown ? cs.t(z) : 0.5);
      put(out,
          "<rect class=\"{}\" x=\"{:.2f}\" y=\"{:.2f}\" width=\"{:.2f}\" height=\"{:.2f}\" "
          "fill=\"{}\"{}><title>",
          shown ? "cell" : "cell-missing", x, y, l.cell_w, l.cell_h,
          shown ? hex(colour) : "url(#reckon-hatch)",
          outline ? " stroke=\"#ffffff\" stroke-width=\"1\"" : " shape-rendering=\"crispEdges\"");
      put(out, "{}</title></rect>\n",
          escape_xml(fmt::format("{}, {}: {}", quantity(m.x, m.xs[col]), quantity(m.y, m.ys[row]),
                                 shown ? quantity(m.z, z) : "no value")));
      if (font > 0 && !std::isnan(z)) {
        text(out, x + l.cell_w / 2, centred(y + l.cell_h / 2, font), compact_number(z, 3), "middle",
             "cell-label", font, fmt::format("fill=\"{}\"", shown ? ink_on(colour) : "#555555"));
      }
    }
  }
}

// The z values at which the colour bar is labelled: min and max always, round values
// between them where they do not crowd the ends.
std::vector<double> bar_values(const ColourScale& cs) {
  if (cs.range.empty()) return {};
  if (nearly_equal(cs.range.lo, cs.range.hi)) return {cs.range.lo};
  std::vector<double> values = {cs.range.lo};
  std::vector<double> inner =
      cs.log ? log_ticks(cs.range.lo, cs.range.hi) : linear_ticks(cs.range.lo, cs.range.hi, 4);
  for (double v : inner) {
    double t = cs.t(v);
    if (t > 0.12 && t < 0.88) values.push_back(v);
  }
  values.push_back(cs.range.hi);
  return values;
}

void draw_colour_bar(Out& out, const HeatMap& m, const HeatLayout& l, const ColourScale& cs,
                     const std::vector<double>& values, const std::vector<std::string>& labels) {
  double x = l.bar_x, top = l.bar_top, h = l.bar_height;
  put(out, "<g class=\"colour-bar\">\n");
  put(out,
      "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"16\" height=\"{:.1f}\" fill=\"{}\" "
      "stroke=\"#888888\" stroke-width=\"0.5\"/>\n",
      x, top, h, cs.range.empty() ? "url(#reckon-hatch)" : "url(#reckon-ramp)");
  for (std::size_t i = 0; i < values.size(); ++i) {
    // A single value sits mid-ramp, as its cells do.
    double y = top + h * (1 - cs.t(values[i]));
    bool end = i == 0 || i + 1 == values.size();
    line(out, x + 16, y, x + 20, y, "#444444");
    text(out, x + 23, centred(y, tick_font), labels[i], "start", end ? "bar-limit" : "bar-tick");
  }
  double lx = l.z_label_x, ly = top + h / 2;
  text(out, lx, ly, ellipsize(axis_label(m.z), chars_fitting(h, label_font)), "middle",
       "axis-label", label_font, fmt::format("transform=\"rotate(90 {:.1f} {:.1f})\"", lx, ly));
  if (l.missing_key) {
    double ky = top + h + 14;
    put(out,
        "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"16\" height=\"12\" "
        "fill=\"url(#reckon-hatch)\" stroke=\"#888888\" stroke-width=\"0.5\"/>\n",
        x, ky);
    text(out, x + 23, centred(ky + 6, tick_font), "no value", "start", "bar-missing");
  }
  put(out, "</g>\n");
}

}  // namespace

std::string render_svg(const HeatMap& map) {
  ColourScale cs;
  for (std::size_t r = 0; r < map.ys.size(); ++r)
    for (std::size_t c = 0; c < map.xs.size(); ++c)
      if (double z = z_at(map, r, c); std::isfinite(z)) cs.range.add(z);
  cs.log = use_log(map.z, cs.range);
  std::vector<double> values = bar_values(cs);
  std::vector<std::string> labels = number_labels(values, 3);
  HeatLayout l = heat_layout(map, labels);
  Out out;
  open_svg(out, l.width, l.height, map.title);
  put_defs(out);
  draw_title(out, map.title, l.width);
  const Box& g = l.grid;
  draw_cells(out, map, l, cs);
  draw_x_ticks(out, g, l.xticks, false);
  draw_y_ticks(out, g, l.yticks, false);
  text(out, g.left + g.width / 2, g.bottom() + 8 + tick_font + 12 + label_font,
       ellipsize(axis_label(map.x), chars_fitting(g.width, label_font)), "middle", "axis-label",
       label_font);
  draw_vertical_label(out, 16 + label_font, g.top, g.height, axis_label(map.y), "axis-label");
  if (map.xs.empty() || map.ys.empty()) draw_no_data(out, g);
  draw_colour_bar(out, map, l, cs, values, labels);
  put(out, "</svg>\n");
  return out;
}

}  // namespace reckon::sweep
