#include "interpreter/cli/sweep_output.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>

#include "charts/svg_chart.hpp"
#include "interpreter/api/evaluation.hpp"
#include "interpreter/api/program.hpp"

namespace reckon::cli {

namespace {

using Cells = api::SweepCells;

// A table row is one line: a newline, tab or other control character in a text value
// or a record's name is written as an escape (\n, \t, \xHH), and so is a backslash.
std::string escape_controls(const std::string& s) {
  std::string out;
  for (char ch : s) {
    const auto u = static_cast<unsigned char>(ch);
    if (ch == '\\')
      out += "\\\\";
    else if (ch == '\n')
      out += "\\n";
    else if (ch == '\t')
      out += "\\t";
    else if (ch == '\r')
      out += "\\r";
    else if (u < 0x20 || u == 0x7f)
      out += fmt::format("\\x{:02x}", u);
    else
      out += ch;
  }
  return out;
}

// An aligned table: names, then units, then one row per point, each column as wide as its
// widest cell or heading. Rows are held until the end (or until max_held_rows of them),
// so that a wide number widens its column rather than pushing its row out of line. The
// least widths depend only on the columns (an enumeration's members, the labels a varied
// record or text takes, a number at the digits asked), so the tables of shards line up
// when no cell is wider. As in format_table, numbers are right-aligned so that their
// digits line up, other values left-aligned.
class TableWriter : public SweepWriter {
 public:
  TableWriter(Cells cells, int digits, bool header, std::ostream& out)
      : cells_(std::move(cells)), out_(out), header_(header) {
    for (const Column& c : cells_.columns()) {
      std::size_t w = std::max<std::size_t>(c.name.size(), c.unit.symbol.size());
      if (c.kind == ValueKind::enumeration) {
        for (const auto& m : c.enumeration->members) w = std::max(w, m.size());
      } else if (const std::vector<Value>* values = cells_.axis_values(c)) {
        for (const Value& v : *values) w = std::max(w, escape_controls(cells_.label(c, v)).size());
      } else {
        w = std::max<std::size_t>(w, static_cast<std::size_t>(digits) + 6);
      }
      widths_.push_back(w);
      left_.push_back(c.kind != ValueKind::quantity);
    }
  }
  void row(const std::vector<std::size_t>& at, const double* values) override {
    std::vector<std::string> texts;
    for (std::size_t i = 0; i < widths_.size(); ++i) {
      texts.push_back(escape_controls(cells_.text(cells_.columns()[i], at, values, false)));
      if (!written_) widths_[i] = std::max(widths_[i], texts.back().size());
    }
    if (written_) {
      write(texts);
      return;
    }
    held_.push_back(std::move(texts));
    if (held_.size() == max_held_rows) write_held();
  }
  void finish() override {
    if (!written_) write_held();
  }

  // The most rows held to measure their columns: past them, the table is written with
  // the widths so far and the rest streamed, so that a long sweep's table does not grow
  // in memory (a wider cell after them pushes its row out).
  static constexpr std::size_t max_held_rows = 100'000;

 private:
  void write_held() {
    written_ = true;
    if (header_) {
      std::string names, units;
      for (std::size_t i = 0; i < widths_.size(); ++i) {
        const Column& c = cells_.columns()[i];
        names += cell(i, c.name);
        units += cell(i, c.unit.symbol);
      }
      out_ << trimmed(names) << "\n" << trimmed(units) << "\n";
    }
    for (const auto& texts : held_) write(texts);
    held_.clear();
    held_.shrink_to_fit();
  }
  void write(const std::vector<std::string>& texts) {
    std::string line;
    for (std::size_t i = 0; i < texts.size(); ++i) line += cell(i, texts[i]);
    out_ << trimmed(line) << "\n";
  }
  // Column i's text padded to its width, after the two spaces between columns.
  std::string cell(std::size_t i, const std::string& text) const {
    const char* gap = i ? "  " : "";
    return left_[i] ? fmt::format("{}{:<{}}", gap, text, widths_[i])
                    : fmt::format("{}{:>{}}", gap, text, widths_[i]);
  }
  // A left-aligned last column leaves no trailing blanks.
  static std::string trimmed(std::string line) {
    line.erase(line.find_last_not_of(' ') + 1);
    return line;
  }

  Cells cells_;
  std::ostream& out_;
  bool header_;
  std::vector<std::size_t> widths_;
  std::vector<bool> left_;                      // per column: left-aligned (not a number)
  std::vector<std::vector<std::string>> held_;  // rows not yet written
  bool written_ = false;                        // the header and held rows are out
};

// A column's heading in CSV and TSV: its name, then its unit in brackets.
std::string heading(const Column& c) {
  return c.unit.symbol.empty() ? c.name : c.name + " (" + c.unit.symbol + ")";
}

// The table's cells, tab-separated: each as the aligned table shows it (so a document
// made from it reads as `reckon sweep` does: the Pandoc filter), without the padding. No
// cell holds a tab or a newline: escape_controls writes them as `\t` and `\n`.
class TsvWriter : public SweepWriter {
 public:
  TsvWriter(Cells cells, bool header, std::ostream& out) : cells_(std::move(cells)), out_(out) {
    if (!header) return;
    std::string line;
    for (const Column& c : cells_.columns())
      line += (line.empty() ? "" : "\t") + escape_controls(heading(c));
    out_ << line << "\n";
  }
  void row(const std::vector<std::size_t>& at, const double* values) override {
    std::string line;
    bool first = true;
    for (const Column& c : cells_.columns()) {
      line += (first ? "" : "\t") + escape_controls(cells_.text(c, at, values, false));
      first = false;
    }
    out_ << line << "\n";
  }

 private:
  Cells cells_;
  std::ostream& out_;
};

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

class CsvWriter : public SweepWriter {
 public:
  CsvWriter(Cells cells, bool header, std::ostream& out) : cells_(std::move(cells)), out_(out) {
    if (!header) return;
    std::string line;
    for (const Column& c : cells_.columns())
      line += (line.empty() ? "" : ",") + csv_field(heading(c));
    out_ << line << "\n";
  }
  void row(const std::vector<std::size_t>& at, const double* values) override {
    std::string line;
    bool first = true;
    for (const Column& c : cells_.columns()) {
      // `none` is an empty cell, which CSV readers take as missing (pandas: NaN), so a
      // column of numbers stays one.
      line += (first ? "" : ",") +
              (cells_.is_none(c, at) ? std::string() : csv_field(cells_.text(c, at, values, true)));
      first = false;
    }
    out_ << line << "\n";
  }

 private:
  Cells cells_;
  std::ostream& out_;
};

// One JSON object per point: quantities as {"value", "unit"} in the column's unit,
// plain numbers as numbers, bools as bools, members and records as strings.
class JsonLinesWriter : public SweepWriter {
 public:
  JsonLinesWriter(Cells cells, std::ostream& out) : cells_(std::move(cells)), out_(out) {}
  void row(const std::vector<std::size_t>& at, const double* values) override {
    nlohmann::ordered_json j;
    for (const Column& c : cells_.columns()) {
      if (cells_.is_none(c, at)) {
        j[c.name] = nullptr;
      } else if (c.kind == ValueKind::quantity) {
        double x = cells_.number_in_column_unit(c, at, values);
        if (c.unit.symbol.empty())
          j[c.name] = x;
        else
          j[c.name] = {{"value", x}, {"unit", c.unit.symbol}};
      } else if (c.kind == ValueKind::boolean) {
        j[c.name] = cells_.number(c, at, values) != 0;
      } else {
        j[c.name] = cells_.text(c, at, values, true);
      }
    }
    out_ << j.dump() << "\n";
  }

 private:
  Cells cells_;
  std::ostream& out_;
};

// A line chart of one varied input against what is shown, or a heat map of two varied
// inputs against the first shown value. A line chart has a y axis per dimension (two at
// most: E0810 beyond), each in the unit of its first series, so that `day` then `h`
// share one axis in days (`h` then `day`: in hours) and `cost` beside `days` get one each. Filtered
// points are gaps (NaN).
class SvgWriter : public SweepWriter {
 public:
  SvgWriter(Cells cells, const sweep::Space& space, std::ostream& out)
      : cells_(std::move(cells)), space_(space), out_(out) {
    for (const Column& c : cells_.columns())
      if (c.axis < 0) shown_.push_back(&c);
    std::size_t total = 1;
    for (const auto& a : space.axes) total *= a.values.size();
    grid_.assign(total * shown_.size(), std::numeric_limits<double>::quiet_NaN());
    if (space.axes.size() == 1) groups_ = chart_axes(space, cells_.columns());
  }
  void row(const std::vector<std::size_t>& at, const double* values) override {
    std::size_t index = 0;
    for (std::size_t k = 0; k < at.size(); ++k)
      index = index * space_.axes[k].values.size() + at[k];
    for (std::size_t s = 0; s < shown_.size(); ++s)
      grid_[index * shown_.size() + s] = values[shown_[s]->target];  // in base units
  }
  void finish() override {
    const auto& columns = cells_.columns();
    auto axis_of = [&](std::size_t k) {
      const Column& c = columns[k];
      const std::vector<Value>& values = space_.axes[k].values;
      sweep::ChartAxis a{c.name, c.unit.symbol, false};
      std::vector<double> xs;
      // Workloads, members, yes/no, text and `none` have no place on a number line: they
      // are categories, evenly spaced in the order varied and labelled as the table
      // writes them.
      bool categorical =
          c.kind != ValueKind::quantity ||
          std::any_of(values.begin(), values.end(), [](const Value& v) { return v.is_none(); });
      std::vector<std::size_t> at(space_.axes.size(), 0);
      for (std::size_t i = 0; i < values.size(); ++i) {
        if (!categorical) {
          xs.push_back(Cells::in_column_unit(c, values[i].number));
          continue;
        }
        at[k] = i;
        a.names.push_back(cells_.text(c, at, nullptr, false));
        xs.push_back(static_cast<double>(i));
      }
      a.log_scale = !categorical && sweep::ChartAxis::wants_log(xs);
      return std::make_pair(a, xs);
    };
    std::string title =
        fmt::format("{} ({})", space_.case_decl->name, space_.case_decl->scenario->name);
    if (space_.axes.size() == 1) {
      sweep::LineChart chart;
      chart.title = title;
      std::tie(chart.x, chart.xs) = axis_of(0);
      for (std::size_t g = 0; g < groups_.size(); ++g) {
        const Column& unit_of = *shown_[groups_[g].front()];
        sweep::ChartAxis y{"", unit_of.unit.symbol, false};
        std::vector<double> all;
        for (std::size_t s : groups_[g]) {
          y.name += (y.name.empty() ? "" : ", ") + shown_[s]->name;
          sweep::LineSeries series{shown_[s]->name, {}, g == 1};
          for (std::size_t i = 0; i < chart.xs.size(); ++i)
            series.y.push_back(Cells::in_column_unit(unit_of, grid_[i * shown_.size() + s]));
          all.insert(all.end(), series.y.begin(), series.y.end());
          chart.series.push_back(std::move(series));
        }
        y.log_scale = sweep::ChartAxis::wants_log(all);
        if (g == 0)
          chart.y = y;
        else
          chart.y2 = y;
      }
      out_ << sweep::render_svg(chart);
      return;
    }
    sweep::HeatMap map;
    map.title = title;
    std::tie(map.x, map.xs) = axis_of(1);
    std::tie(map.y, map.ys) = axis_of(0);
    map.x.log_scale = map.y.log_scale = false;  // cells are evenly spaced
    map.z = {shown_.front()->name, shown_.front()->unit.symbol, false};
    // Points are numbered with the last axis fastest: row = first axis, column = second.
    for (std::size_t i = 0; i < map.xs.size() * map.ys.size(); ++i)
      map.z_values.push_back(Cells::in_column_unit(*shown_.front(), grid_[i * shown_.size()]));
    // Values over two decades and more are coloured on a log scale, so that the small
    // ones are not all the darkest colour.
    map.z.log_scale = sweep::ChartAxis::wants_log(map.z_values);
    out_ << sweep::render_svg(map);
  }

 private:
  Cells cells_;
  const sweep::Space& space_;
  std::ostream& out_;
  std::vector<const Column*> shown_;
  std::vector<std::vector<std::size_t>> groups_;  // per y axis, indexes into shown_
  std::vector<double> grid_;                      // per point, per shown column, in base units
};

}  // namespace

std::vector<std::vector<std::size_t>> chart_axes(const sweep::Space& space,
                                                 const std::vector<Column>& columns) {
  // By kind too: a bool, though dimensionless, is no plain number.
  std::vector<std::pair<ValueKind, Dimension>> keys;
  std::vector<std::vector<std::size_t>> axes;
  std::vector<const Column*> first;  // of each axis
  for (const Column& c : columns) {
    if (c.axis >= 0) continue;
    std::pair key{c.kind, c.dim};
    auto it = std::find(keys.begin(), keys.end(), key);
    if (it == keys.end()) {
      keys.push_back(key);
      axes.emplace_back();
      first.push_back(&c);
      it = keys.end() - 1;
    }
    axes[static_cast<std::size_t>(it - keys.begin())].push_back(c.target);
  }
  if (axes.size() <= 2) return axes;
  std::string kinds;
  for (std::size_t a = 0; a < axes.size(); ++a) {
    const Column& c = *first[a];
    std::string kind = c.kind == ValueKind::quantity ? dimension_name(c.dim)
                       : c.enumeration               ? c.enumeration->name
                                                     : "yes or no";
    kinds += fmt::format("{}`{}` ({})", a ? ", " : "", c.name, kind);
  }
  throw UserError(space.show[first[2]->target]->range, "E0810",
                  fmt::format("a line chart has two y axes, but what is shown has {} "
                              "dimensions: {}; chart at most two at a time",
                              axes.size(), kinds));
}

std::unique_ptr<SweepWriter> make_writer(const OutputOptions& options, const sweep::Space& space,
                                         std::vector<Column> columns, std::ostream& out) {
  Cells cells(space, std::move(columns), options.digits);
  if (options.format == "csv")
    return std::make_unique<CsvWriter>(std::move(cells), options.header, out);
  if (options.format == "tsv")
    return std::make_unique<TsvWriter>(std::move(cells), options.header, out);
  if (options.format == "jsonl") return std::make_unique<JsonLinesWriter>(std::move(cells), out);
  if (options.format == "svg") return std::make_unique<SvgWriter>(std::move(cells), space, out);
  return std::make_unique<TableWriter>(std::move(cells), options.digits, options.header, out);
}

}  // namespace reckon::cli
