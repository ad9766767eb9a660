// The SVG charts of `reckon sweep`: every output is parsed back by a small XML reader
// (well-formedness: balanced tags, quoted attributes, only known entities), then its
// elements are counted and its labels read as numbers. With RECKON_SVG_OUT_DIR set, the
// example charts are also written there for tests/sweep/render_svg.sh to render.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "charts/svg_chart.hpp"

using namespace reckon::sweep;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

struct Element {
  std::string name;
  std::map<std::string, std::string> attrs;
  std::string text;        // its own character data, entities decoded
  std::size_t parent = 0;  // index of the enclosing element (the root's is 0, itself)
  std::string attr(const std::string& key) const {
    auto it = attrs.find(key);
    return it == attrs.end() ? "" : it->second;
  }
};

// A minimal XML reader, strict where SVG output can go wrong: it rejects unbalanced or
// mismatched tags, unquoted or duplicate attributes, a raw '<' or '&' in text or values,
// unknown entities, and anything but one root element. Throws on the first error.
class XmlReader {
 public:
  explicit XmlReader(const std::string& s) : s_(s) {}

  std::vector<Element> read() {
    skip_prolog();
    std::vector<std::size_t> open;
    bool had_root = false;
    while (pos_ < s_.size()) {
      if (s_.compare(pos_, 4, "<!--") == 0) {
        skip_past("-->");
      } else if (s_.compare(pos_, 2, "</") == 0) {
        pos_ += 2;
        std::string name = read_name();
        skip_space();
        expect('>');
        if (open.empty() || elements_[open.back()].name != name) fail("mismatched </" + name + ">");
        open.pop_back();
      } else if (s_[pos_] == '<') {
        if (open.empty() && had_root) fail("a second root element");
        had_root = true;
        ++pos_;
        bool closed = read_tag(open.empty() ? 0 : open.back());
        if (!closed) open.push_back(elements_.size() - 1);
      } else {
        std::string t = read_text();
        if (open.empty()) {
          if (t.find_first_not_of(" \t\r\n") != std::string::npos) fail("text outside the root");
        } else {
          elements_[open.back()].text += t;
        }
      }
    }
    if (!open.empty()) fail("unclosed <" + elements_[open.back()].name + ">");
    if (!had_root) fail("no root element");
    return elements_;
  }

 private:
  [[noreturn]] void fail(const std::string& why) {
    throw std::runtime_error("XML error at byte " + std::to_string(pos_) + ": " + why);
  }
  void expect(char c) {
    if (pos_ >= s_.size() || s_[pos_] != c) fail(std::string("expected '") + c + "'");
    ++pos_;
  }
  void skip_space() {
    while (pos_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[pos_]))) ++pos_;
  }
  void skip_past(const std::string& end) {
    auto at = s_.find(end, pos_);
    if (at == std::string::npos) fail("unterminated " + end);
    pos_ = at + end.size();
  }
  void skip_prolog() {
    if (s_.compare(0, 5, "<?xml") == 0) skip_past("?>");
  }
  std::string read_name() {
    std::size_t start = pos_;
    while (pos_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[pos_])) ||
                                s_[pos_] == '-' || s_[pos_] == '_' || s_[pos_] == ':'))
      ++pos_;
    if (pos_ == start) fail("expected a name");
    return s_.substr(start, pos_ - start);
  }
  std::string read_entity() {
    auto end = s_.find(';', pos_);
    if (end == std::string::npos || end - pos_ > 10) fail("bad entity");
    std::string e = s_.substr(pos_ + 1, end - pos_ - 1);
    pos_ = end + 1;
    static const std::map<std::string, std::string> known = {
        {"amp", "&"}, {"lt", "<"}, {"gt", ">"}, {"quot", "\""}, {"apos", "'"}};
    if (auto it = known.find(e); it != known.end()) return it->second;
    if (e.size() > 1 && e[0] == '#') return "?";  // a character reference
    fail("unknown entity &" + e + ";");
  }
  std::string read_text() {
    std::string t;
    while (pos_ < s_.size() && s_[pos_] != '<') {
      if (s_[pos_] == '&') {
        t += read_entity();
      } else {
        t += s_[pos_++];
      }
    }
    return t;
  }
  // After '<': name, attributes, then '>' or '/>'. Returns whether it closed itself.
  bool read_tag(std::size_t parent) {
    Element e;
    e.name = read_name();
    e.parent = parent;
    for (;;) {
      skip_space();
      if (pos_ >= s_.size()) fail("unterminated tag");
      if (s_[pos_] == '>') {
        ++pos_;
        elements_.push_back(e);
        return false;
      }
      if (s_.compare(pos_, 2, "/>") == 0) {
        pos_ += 2;
        elements_.push_back(e);
        return true;
      }
      std::string key = read_name();
      skip_space();
      expect('=');
      skip_space();
      if (pos_ >= s_.size() || (s_[pos_] != '"' && s_[pos_] != '\'')) fail("unquoted attribute");
      char quote = s_[pos_++];
      std::string value;
      while (pos_ < s_.size() && s_[pos_] != quote) {
        if (s_[pos_] == '<') fail("'<' in an attribute");
        if (s_[pos_] == '&') {
          value += read_entity();
        } else {
          value += s_[pos_++];
        }
      }
      expect(quote);
      if (!e.attrs.emplace(key, value).second) fail("duplicate attribute " + key);
    }
  }

  const std::string& s_;
  std::size_t pos_ = 0;
  std::vector<Element> elements_;
};

std::vector<Element> parse(const std::string& svg) { return XmlReader(svg).read(); }

std::vector<Element> with_name(const std::vector<Element>& all, const std::string& name) {
  std::vector<Element> out;
  for (const auto& e : all)
    if (e.name == name) out.push_back(e);
  return out;
}

std::vector<Element> with_class(const std::vector<Element>& all, const std::string& cls) {
  std::vector<Element> out;
  for (const auto& e : all)
    if (e.attr("class") == cls) out.push_back(e);
  return out;
}

std::vector<double> numbers(const std::vector<Element>& texts) {
  std::vector<double> out;
  for (const auto& e : texts) {
    char* end = nullptr;
    double v = std::strtod(e.text.c_str(), &end);
    REQUIRE(*end == '\0');  // the whole label is one number
    out.push_back(v);
  }
  return out;
}

// Strict UTF-8 of XML characters: no overlong forms, surrogates or C0 controls but
// tab and line ends.
bool valid_xml_utf8(const std::string& s) {
  for (std::size_t i = 0; i < s.size();) {
    auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') return false;
      ++i;
      continue;
    }
    std::size_t n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 0;
    if (n == 0 || i + n > s.size()) return false;
    unsigned long cp = c & (0x7F >> n);
    for (std::size_t k = 1; k < n; ++k) {
      auto b = static_cast<unsigned char>(s[i + k]);
      if ((b & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (b & 0x3F);
    }
    unsigned long smallest = n == 2 ? 0x80 : n == 3 ? 0x800 : 0x10000;
    if (cp < smallest || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    i += n;
  }
  return true;
}

bool has_text(const std::vector<Element>& all, const std::string& s) {
  for (const auto& e : all)
    if (e.name == "text" && e.text == s) return true;
  return false;
}

// The document is SVG 1.1 with a size, and every geometry attribute is a finite number,
// so nothing was divided by zero on the way.
void require_valid_svg(const std::string& svg) {
  std::vector<Element> all;
  REQUIRE_NOTHROW(all = parse(svg));
  REQUIRE(!all.empty());
  const Element& root = all.front();
  REQUIRE(root.name == "svg");
  CHECK(root.attr("xmlns") == "http://www.w3.org/2000/svg");
  CHECK(root.attr("version") == "1.1");
  double width = std::stod(root.attr("width")), height = std::stod(root.attr("height"));
  CHECK(width > 100);
  CHECK(height > 100);
  CHECK(root.attr("viewBox") == "0 0 " + root.attr("width") + " " + root.attr("height"));
  for (const auto& e : all) {
    for (const char* key : {"x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r"}) {
      std::string v = e.attr(key);
      if (v.empty()) continue;
      INFO(e.name << " " << key << "=" << v);
      char* end = nullptr;
      double d = std::strtod(v.c_str(), &end);
      CHECK(*end == '\0');
      CHECK(std::isfinite(d));
    }
    std::string d = e.attr("d");
    CHECK(d.find("nan") == std::string::npos);
    CHECK(d.find("inf") == std::string::npos);
    CHECK(e.name != "script");
  }
  CHECK(valid_xml_utf8(svg));
  CHECK(svg.find("href") == std::string::npos);  // no external resources
}

LineChart memory_chart() {
  LineChart c;
  c.title = "Activation memory vs sequence length";
  c.x = {"seq_len", "token", true};
  c.xs = {1024, 2048, 4096, 8192, 16384};
  c.y = {"memory", "GiB", false};
  c.series = {{"none", {10, 20, 40, 80, 160}}, {"selective", {5, 9, kNaN, 33, 66}}};
  return c;
}

HeatMap throughput_map() {
  HeatMap m;
  m.title = "Decode throughput";
  m.x = {"batch", "request", true};
  m.xs = {1, 4, 2, 8};  // unsorted on purpose
  m.y = {"context", "token", true};
  m.ys = {2048, 512, 1024};
  m.z = {"throughput", "token/s", false};
  // rows follow ys (2048, 512, 1024), columns follow xs (1, 4, 2, 8)
  m.z_values = {30, 100, 55,  150,   //
                90, 330, 170, kNaN,  //
                60, 200, 110, kNaN};
  return m;
}

void write_example(const std::string& name, const std::string& svg) {
  const char* dir = std::getenv("RECKON_SVG_OUT_DIR");
  if (dir == nullptr || *dir == '\0') return;
  std::ofstream(std::string(dir) + "/" + name) << svg;
}

}  // namespace

TEST_CASE("svg: a line chart is well-formed SVG with unit-labelled axes", "[svg]") {
  std::string svg = render_svg(memory_chart());
  require_valid_svg(svg);
  auto all = parse(svg);
  CHECK(has_text(all, "seq_len (token)"));
  CHECK(has_text(all, "memory (GiB)"));
  CHECK(has_text(all, "Activation memory vs sequence length"));
  CHECK(with_name(all, "title").front().text == "Activation memory vs sequence length");
}

TEST_CASE("svg: one circle per finite point, lines break at NaN", "[svg]") {
  auto all = parse(render_svg(memory_chart()));
  CHECK(with_name(all, "circle").size() == 9);  // 5 + 4: one NaN
  // "none" is one line; "selective" is two, split at its NaN.
  CHECK(with_class(all, "line").size() == 3);
  CHECK(with_class(all, "legend-entry").size() == 2);
  // A point's tooltip names its series and both quantities.
  std::vector<std::string> tips;
  for (const auto& e : all)
    if (e.name == "title" && all[e.parent].name == "circle") tips.push_back(e.text);
  REQUIRE(tips.size() == 9);
  CHECK(tips.front() == "none: seq_len = 1024 token, memory = 10 GiB");
}

TEST_CASE("svg: a single series has no legend", "[svg]") {
  LineChart c = memory_chart();
  c.series.resize(1);
  auto all = parse(render_svg(c));
  CHECK(with_class(all, "legend-entry").empty());
  CHECK(with_name(all, "circle").size() == 5);
}

TEST_CASE("svg: base-2 sweeps on a log axis are labelled with their own values", "[svg]") {
  auto all = parse(render_svg(memory_chart()));
  CHECK(numbers(with_class(all, "tick-x")) == std::vector<double>{1024, 2048, 4096, 8192, 16384});
}

TEST_CASE("svg: linear ticks are round values inside the data range", "[svg]") {
  LineChart c;
  c.x = {"lr", "", false};
  c.xs = {0.37, 1.9, 4.2, 9.61, 7.3, 2.2, 5.5,
          3.1,  6.6, 8.8, 0.9,  4.9, 5.2};  // 13: not its own ticks
  c.y = {"cost", "USD", false};
  c.series = {
      {"a", {123.4, 900, 5000, 98765, 40000, 1200, 7000, 2100, 20000, 61000, 300, 6000, 6500}}};
  auto all = parse(render_svg(c));
  std::vector<double> xt = numbers(with_class(all, "tick-x"));
  std::vector<double> yt = numbers(with_class(all, "tick-y"));
  REQUIRE(xt.size() >= 3);
  REQUIRE(yt.size() >= 3);
  for (double v : xt) {
    CHECK(v >= 0.37);
    CHECK(v <= 9.61);
  }
  for (double v : yt) {
    CHECK(v >= 123.4);
    CHECK(v <= 98765);
  }
  // Equal 1-2-5 steps: 2 on x (2, 4, 6, 8), 20000 on y.
  double xstep = xt[1] - xt[0], ystep = yt[1] - yt[0];
  for (std::size_t i = 1; i < xt.size(); ++i) CHECK(xt[i] - xt[i - 1] == Approx(xstep));
  for (std::size_t i = 1; i < yt.size(); ++i) CHECK(yt[i] - yt[i - 1] == Approx(ystep));
  double mantissa = ystep / std::pow(10, std::floor(std::log10(ystep)));
  CHECK((mantissa == Approx(1) || mantissa == Approx(2) || mantissa == Approx(5)));
  CHECK(has_text(all, "lr"));  // dimensionless: no "()"
  CHECK(has_text(all, "cost (USD)"));
}

TEST_CASE("svg: log-scale ticks are powers of ten", "[svg]") {
  LineChart c;
  c.x = {"params", "param", true};
  for (int i = 0; i < 20; ++i) c.xs.push_back(3e6 * std::pow(1.6, i));  // 3e6 .. 2.3e10
  c.y = {"time", "s", true};
  LineSeries s{"t", {}};
  for (double x : c.xs) s.y.push_back(x * x * 1e-16);  // 9e-4 .. 5.4e4
  c.series = {s};
  REQUIRE(ChartAxis::wants_log(c.xs));
  REQUIRE(ChartAxis::wants_log(s.y));
  auto all = parse(render_svg(c));
  for (const char* axis : {"tick-x", "tick-y"}) {
    std::vector<double> ticks = numbers(with_class(all, axis));
    REQUIRE(ticks.size() >= 2);
    for (double v : ticks) {
      double e = std::log10(v);
      CHECK(e == Approx(std::round(e)).margin(1e-9));
    }
  }
  for (const auto& t : with_class(all, "tick-y")) CHECK(t.text.size() <= 5);  // "1e-3", "10000"
}

TEST_CASE("svg: tick labels are short", "[svg]") {
  LineChart c;
  c.x = {"tokens", "token", false};
  c.xs = {40960,  81920,  122880, 163840, 204800, 245760, 286720,
          327680, 368640, 409600, 450560, 491520, 532480};
  c.y = {"energy", "J", false};
  c.series = {{"e", {}}};
  for (double x : c.xs) c.series[0].y.push_back(x * 1.234567e9);
  auto all = parse(render_svg(c));
  for (const char* axis : {"tick-x", "tick-y"})
    for (const auto& t : with_class(all, axis)) {
      INFO(t.text);
      CHECK(t.text.size() <= 6);
      CHECK(t.text.find("e+") == std::string::npos);
    }
}

TEST_CASE("svg: text is escaped", "[svg]") {
  LineChart c = memory_chart();
  c.title = "a & b <c> \"d\" 'e'";
  c.x.unit = "<&>";
  c.series[0].name = "<&>";
  std::string svg = render_svg(c);
  require_valid_svg(svg);
  CHECK(svg.find("<&>") == std::string::npos);
  CHECK(svg.find("&lt;&amp;&gt;") != std::string::npos);
  auto all = parse(svg);
  CHECK(has_text(all, "seq_len (<&>)"));
  CHECK(has_text(all, "<&>"));
  CHECK(has_text(all, "a & b <c> \"d\" 'e'"));
}

TEST_CASE("svg: control characters and broken UTF-8 do not break the document", "[svg]") {
  LineChart c = memory_chart();
  // a control character, a stray byte, a cut sequence, an overlong '<', a surrogate
  c.title = std::string("bad\x01\x1f byte \xff and \xc3 cut \xc0\xbc \xed\xa0\x80");
  c.y.unit = "\xce\xbcs";  // µs stays as is
  std::string svg = render_svg(c);
  require_valid_svg(svg);
  CHECK(valid_xml_utf8(svg));
  CHECK(svg.find("\xef\xbf\xbd") != std::string::npos);  // U+FFFD marks what was dropped
  CHECK(has_text(parse(svg), "memory (\xce\xbcs)"));
}

TEST_CASE("svg: degenerate line charts still give valid SVG", "[svg]") {
  auto one = [](std::vector<double> xs, std::vector<double> y, bool xlog = false,
                bool ylog = false) {
    LineChart c;
    c.x = {"x", "s", xlog};
    c.xs = std::move(xs);
    c.y = {"y", "B", ylog};
    c.series = {{"s", std::move(y)}};
    return c;
  };
  std::vector<std::pair<std::string, LineChart>> cases = {
      {"single point", one({3}, {7})},
      {"all equal", one({1, 2, 3}, {5, 5, 5})},
      {"all zero", one({0, 0}, {0, 0}, true, true)},
      {"all NaN", one({1, 2}, {kNaN, kNaN})},
      {"infinities", one({1, kInf, 3}, {kInf, 2, -kInf})},
      {"NaN x", one({kNaN, 2}, {1, 1})},
      {"huge span", one({-1.7e308, 1.7e308}, {-1.7e308, 1.7e308})},
      {"denormals", one({4e-320, 5e-320}, {1e-310, 2e-310}, true, true)},
      {"log of negatives", one({-5, 10, 1000}, {-1, 0, 1}, true, true)},
      {"log of one decade", one({11, 19}, {3, 40}, true, true)},
      {"short y", one({1, 2, 3}, {1})},
      {"empty series", one({1, 2}, {})},
      {"no xs", one({}, {1, 2})},
      {"no series", LineChart{}},
  };
  for (const auto& [name, chart] : cases) {
    INFO(name);
    std::string svg = render_svg(chart);
    require_valid_svg(svg);
  }
  CHECK(with_name(parse(render_svg(cases[0].second)), "circle").size() == 1);
  CHECK(numbers(with_class(parse(render_svg(cases[0].second)), "tick-y")) ==
        std::vector<double>{7});
  CHECK(with_name(parse(render_svg(cases[3].second)), "circle").empty());
  CHECK(has_text(parse(render_svg(cases[3].second)), "no data"));
  CHECK(with_name(parse(render_svg(cases[4].second)), "circle").empty());
  CHECK(with_name(parse(render_svg(cases[6].second)), "circle").size() == 2);
  CHECK(with_name(parse(render_svg(cases[8].second)), "circle").size() == 3);  // linear instead
  CHECK(with_name(parse(render_svg(cases[10].second)), "circle").size() == 1);
}

TEST_CASE("svg: wants_log asks for two decades of positive values", "[svg]") {
  CHECK(ChartAxis::wants_log(std::vector<double>{1, 10, 100}));
  CHECK(ChartAxis::wants_log(std::vector<double>{512, kNaN, 65536}));
  CHECK_FALSE(ChartAxis::wants_log(std::vector<double>{1, 50}));
  CHECK_FALSE(ChartAxis::wants_log(std::vector<double>{0, 100, 1000}));
  CHECK_FALSE(ChartAxis::wants_log(std::vector<double>{-1, 100, 1000}));
  CHECK_FALSE(ChartAxis::wants_log(std::vector<double>{}));
  CHECK_FALSE(ChartAxis::wants_log(std::vector<double>{kNaN, kInf}));
}

TEST_CASE("svg: a heat map draws one coloured cell per value", "[svg]") {
  HeatMap m = throughput_map();
  std::string svg = render_svg(m);
  require_valid_svg(svg);
  auto all = parse(svg);
  CHECK(with_class(all, "cell").size() == 10);
  CHECK(with_class(all, "cell-missing").size() == 2);
  CHECK(with_class(all, "cell-label").size() == 10);  // small grid: values written in
  CHECK(has_text(all, "batch (request)"));
  CHECK(has_text(all, "context (token)"));
  CHECK(has_text(all, "throughput (token/s)"));
  CHECK(has_text(all, "no value"));
  // Columns and rows are drawn sorted, whatever the input order.
  CHECK(numbers(with_class(all, "tick-x")) == std::vector<double>{1, 2, 4, 8});
  std::vector<double> rows = numbers(with_class(all, "tick-y"));
  std::sort(rows.begin(), rows.end());
  CHECK(rows == std::vector<double>{512, 1024, 2048});
  // The colour bar names the extremes, and the ramp runs dark (min) to light (max).
  CHECK(numbers(with_class(all, "bar-limit")) == std::vector<double>{30, 330});
  // Each cell's tooltip names its inputs and value.
  std::map<std::string, std::string> fill;
  for (const auto& e : all)
    if (e.name == "title" && all[e.parent].attr("class") == "cell")
      fill[e.text] = all[e.parent].attr("fill");
  CHECK(fill.size() == 10);
  CHECK(fill["batch = 1 request, context = 2048 token: throughput = 30 token/s"] == "#440154");
  CHECK(fill["batch = 4 request, context = 512 token: throughput = 330 token/s"] == "#fde725");
}

TEST_CASE("svg: a large heat map leaves its cells unlabelled", "[svg]") {
  HeatMap m;
  m.x = {"a", "", false};
  m.y = {"b", "", false};
  m.z = {"c", "W", true};
  for (int i = 0; i < 20; ++i) {
    m.xs.push_back(i);
    m.ys.push_back(i * 0.5);
  }
  for (int i = 0; i < 400; ++i) m.z_values.push_back(i % 7 == 0 ? kNaN : 1.0 + i * i);
  auto all = parse(render_svg(m));
  CHECK(with_class(all, "cell").size() == 400 - 58);  // i % 7 == 0 for 58 of 0..399
  CHECK(with_class(all, "cell-label").empty());
  // Twenty columns do not all fit a label, but those shown are in order and in range.
  std::vector<double> xt = numbers(with_class(all, "tick-x"));
  REQUIRE(xt.size() >= 4);
  CHECK(std::is_sorted(xt.begin(), xt.end()));
  CHECK(xt.back() <= 19);
}

TEST_CASE("svg: degenerate heat maps still give valid SVG", "[svg]") {
  auto map = [](std::vector<double> xs, std::vector<double> ys, std::vector<double> z) {
    HeatMap m;
    m.x = {"x", "s", false};
    m.xs = std::move(xs);
    m.y = {"y", "", false};
    m.ys = std::move(ys);
    m.z = {"z", "B", true};
    m.z_values = std::move(z);
    return m;
  };
  std::vector<std::pair<std::string, HeatMap>> cases = {
      {"single cell", map({1}, {2}, {3})},
      {"all equal", map({1, 2}, {1, 2}, {4, 4, 4, 4})},
      {"all NaN", map({1, 2}, {1, 2}, {kNaN, kNaN, kNaN, kNaN})},
      {"infinities", map({1, 2}, {1}, {kInf, -kInf})},
      {"short z", map({1, 2, 3}, {1, 2}, {1})},
      {"no columns", map({}, {1, 2}, {})},
      {"nothing", HeatMap{}},
      {"NaN and repeated axis values", map({kNaN, 1, 1}, {kNaN}, {1, 2, 3})},
  };
  for (const auto& [name, m] : cases) {
    INFO(name);
    require_valid_svg(render_svg(m));
  }
  CHECK(with_class(parse(render_svg(cases[0].second)), "cell").size() == 1);
  CHECK(numbers(with_class(parse(render_svg(cases[1].second)), "bar-limit")) ==
        std::vector<double>{4});
  CHECK(with_class(parse(render_svg(cases[2].second)), "cell").empty());
  CHECK(with_class(parse(render_svg(cases[3].second)), "cell").empty());
  CHECK(with_class(parse(render_svg(cases[4].second)), "cell").size() == 1);
}

TEST_CASE("svg: example charts (written to RECKON_SVG_OUT_DIR for rendering)", "[svg]") {
  LineChart line;
  line.title = "Training step time vs micro-batch size (GPT-3 175B, 1024 A100)";
  line.x = {"micro_batch", "sample", true};
  line.y = {"step_time", "s", false};
  for (double b = 1; b <= 256; b *= 2) line.xs.push_back(b);
  const char* names[] = {"recompute: none", "recompute: selective", "recompute: full",
                         "pipeline <8 stages> & ZeRO-1"};
  for (int k = 0; k < 4; ++k) {
    LineSeries s{names[k], {}};
    for (double b : line.xs) {
      bool oom = k == 0 && b >= 64;  // out of memory: filtered out
      s.y.push_back(oom ? kNaN : 9.5 + 0.8 * k + 60 / b + 0.02 * b * (k + 1));
    }
    line.series.push_back(s);
  }
  HeatMap heat;
  heat.title = "Peak activation memory per GPU";
  heat.x = {"seq_len", "token", true};
  heat.y = {"micro_batch", "sample", true};
  heat.z = {"memory", "GiB", false};
  for (double s = 512; s <= 32768; s *= 2) heat.xs.push_back(s);
  for (double b = 1; b <= 32; b *= 2) heat.ys.push_back(b);
  for (double b : heat.ys)
    for (double s : heat.xs) {
      double gib = 0.0021 * s * b + 1.5e-8 * s * s * b;
      heat.z_values.push_back(gib > 80 ? kNaN : gib);  // more than an 80 GiB GPU: filtered out
    }
  std::string line_svg = render_svg(line), heat_svg = render_svg(heat);
  require_valid_svg(line_svg);
  require_valid_svg(heat_svg);
  write_example("line.svg", line_svg);
  write_example("heatmap.svg", heat_svg);
  write_example("line_small.svg", render_svg(memory_chart()));
  write_example("heatmap_small.svg", render_svg(throughput_map()));
}

// A dense sweep draws at most four points per pixel column of the 560-pixel plot
// (first, lowest, highest, last), so its size no longer grows with the points: 1M points
// x 5 series was 772 MB. The shape survives: a one-point spike is still drawn.
TEST_CASE("svg: a dense line chart is thinned per pixel column, spikes kept", "[svg]") {
  constexpr std::size_t n = 200'000;
  LineChart c;
  c.x = {"step", "", false};
  c.y = {"loss", "", false};
  for (std::size_t i = 0; i < n; ++i) c.xs.push_back(static_cast<double>(i));
  for (int k = 0; k < 5; ++k) {
    LineSeries s{"series " + std::to_string(k), {}};
    for (std::size_t i = 0; i < n; ++i) s.y.push_back(static_cast<double>(k) + 0.5);
    c.series.push_back(std::move(s));
  }
  c.series[0].y[123'457] = 1000;  // one spike, far above every other point
  std::string svg = render_svg(c);
  // Unthinned, every point is a <circle> of about 150 bytes: 150 MB here.
  CHECK(svg.size() < 3'000'000);
  auto all = parse(svg);
  const std::size_t circles = with_name(all, "circle").size();
  CHECK(circles <= 5 * 4 * 561);  // 561: a last column at the plot's right edge
  CHECK(circles >= 5 * 560);      // every column still has its points
  bool spike = false;
  for (const auto& e : all)
    if (e.name == "title" && e.text == "series 0: step = 123457, loss = 1000") spike = true;
  CHECK(spike);
}
