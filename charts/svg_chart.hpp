// SVG charts for `reckon sweep --format svg`: a line chart of one varied input against
// one or more series, and a heat map of two varied inputs against one quantity. The
// output is a standalone SVG 1.1 document (no script, no external resources) that a
// browser shows as is. Values arrive already in display units; this file only draws.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace reckon::sweep {

struct ChartAxis {
  std::string name;        // e.g. "seq_len"
  std::string unit;        // display unit symbol, e.g. "token", "GB"; empty = dimensionless
  bool log_scale = false;  // the caller decides, usually with wants_log()
  // A categorical axis (workloads, enum members, yes/no, `none`): value i is drawn at i,
  // evenly spaced, and labelled names[i]. Empty for a numeric axis.
  std::vector<std::string> names{};

  // True when every finite value is positive and they span at least two decades, the
  // point where a linear axis squeezes the small values into one corner.
  static bool wants_log(std::span<const double> values);
};

// One line of a line chart: y[i] belongs to xs[i]; NaN (or +-inf) is no point, and the
// line breaks there.
struct LineSeries {
  std::string name;
  std::vector<double> y;
  bool right = false;  // drawn against the second y axis (LineChart::y2)
};

// A line chart: one varied input on x, one line per series (per shown property, or per
// value of a second input). Series of a second dimension (cost beside time) are drawn
// against a second y axis on the right; the legend, shown whenever there are two series
// or more, says which series uses it.
struct LineChart {
  std::string title;
  ChartAxis x;
  std::vector<double> xs;  // display units; any order (drawn sorted)
  ChartAxis y;             // name/unit of the y quantity
  std::vector<LineSeries> series;
  std::optional<ChartAxis> y2;  // the right axis, for the series marked `right`
};

// A heat map: two varied inputs, a colour per cell for one shown quantity.
struct HeatMap {
  std::string title;
  ChartAxis x;
  std::vector<double> xs;  // distinct x values (columns), any order (drawn sorted)
  ChartAxis y;
  std::vector<double> ys;  // distinct y values (rows), any order (drawn sorted)
  ChartAxis z;             // the coloured quantity
  // z_values[row * xs.size() + col]; NaN = filtered out (drawn hatched grey), as are
  // infinities and missing entries.
  std::vector<double> z_values;
};

std::string render_svg(const LineChart& chart);
std::string render_svg(const HeatMap& map);

}  // namespace reckon::sweep
