// The text builtins' meaning (interpreter/values/text_ops.hpp) against CPython 3.11's str methods
// (/usr/bin/python3), whose answers are written beside each check; upper and lower are
// ASCII only, where Python maps every letter ('µ'.upper() is 'Μ').
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "interpreter/values/text_ops.hpp"

using namespace reckon;

TEST_CASE("text ops: lengths, indexes and slices count code points") {
  CHECK(text_ops::length("µs") == 2);  // len('µs') == 2
  CHECK(text_ops::length("") == 0);
  CHECK(text_ops::find("a µs b", "b") == 5);       // 'a µs b'.find('b') == 5
  CHECK(text_ops::find("x", "") == 0);             // 'x'.find('') == 0
  CHECK(!text_ops::find("abc", "d"));              // -1
  CHECK(text_ops::slice("µsec", 1, 3) == "se");    // 'µsec'[1:3] == 'se'
  CHECK(text_ops::slice("hello", 2, 5) == "llo");  // 'hello'[-3:] == 'llo'
  CHECK(text_ops::slice("µ", 0, 1) == "µ");
}

TEST_CASE("text ops: split, strip, replace and case as Python's") {
  using V = std::vector<std::string>;
  CHECK(text_ops::split("a,b,,c", ",") == V{"a", "b", "", "c"});  // 'a,b,,c'.split(',')
  CHECK(text_ops::split("v1.12.3", ".") == V{"v1", "12", "3"});
  CHECK(text_ops::split("", ",") == V{""});                // ''.split(',') == ['']
  CHECK(text_ops::strip("  x y \n") == "x y");             // '  x y \n'.strip()
  CHECK(text_ops::replace("abc", "", "-") == "-a-b-c-");   // 'abc'.replace('', '-')
  CHECK(text_ops::replace("aaa", "a", "bb") == "bbbbbb");  // 'aaa'.replace('a', 'bb')
  CHECK(text_ops::replace("µµ", "", ".") == ".µ.µ.");      // between code points
  CHECK(text_ops::upper("Hello µ") == "HELLO µ");          // ASCII only
  CHECK(text_ops::lower("H100 SXM") == "h100 sxm");        // 'H100 SXM'.lower()
}

TEST_CASE("text ops: number reads what float() reads, without inf, nan or underscores") {
  CHECK(text_ops::number(" -3e2 ") == -300.0);  // float(' -3e2 ') == -300.0
  CHECK(text_ops::number("12.5") == 12.5);
  CHECK(text_ops::number("+.5") == 0.5);  // float('+.5') == 0.5
  CHECK(text_ops::number("5.") == 5.0);   // float('5.') == 5.0
  CHECK(text_ops::number("0.1") == 0.1);  // the nearest double, as strtod
  CHECK(!text_ops::number(""));
  CHECK(!text_ops::number("abc"));
  CHECK(!text_ops::number("1e"));
  CHECK(!text_ops::number("."));
  CHECK(!text_ops::number("inf"));  // float('inf') is infinite: not a value here
  CHECK(!text_ops::number("nan"));
  CHECK(!text_ops::number("1_000"));  // float('1_000') is 1000.0; not read here
  CHECK(!text_ops::number("1e400"));  // float('1e400') is inf
  CHECK(!text_ops::number("12 GB"));
}
