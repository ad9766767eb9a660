// `reckon fmt`'s layout rules (grammar/source_format.hpp, docs/formatting.md), one row per
// rule: the input, and the canonical text written out by hand from the rule. Every row
// is also formatted twice (formatting is idempotent) and parsed before and after (the
// tree does not change).
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "grammar/format_checked.hpp"
#include "grammar/parse.hpp"
#include "grammar/source_format.hpp"
#include "syntax/ast_dump.hpp"
#include "syntax/diagnostics.hpp"

using namespace reckon;

namespace {

struct Row {
  const char* rule;
  std::string input;
  std::string expected;
};

const std::vector<Row> rows = {
    {"binary operators take a space each side", "let x=1+2*3//2\n", "let x = 1 + 2 * 3 // 2\n"},
    {"a unit keeps its own spelling, no spaces inside", "let r: GB/s=5 GB/s  *  2\n",
     "let r: GB/s = 5 GB/s * 2\n"},
    {"a negation sticks to its operand", "let y = - (1 + 2)*- 3\n", "let y = -(1 + 2) * -3\n"},
    {"calls, members and indexes stick to what they follow", "let z = f ( a , b : 2 ) . c [ 0 ]\n",
     "let z = f(a, b: 2).c[0]\n"},
    {"a slice's colon has no spaces", "let s = xs[1 : -1]\n", "let s = xs[1:-1]\n"},
    {"a list literal's override keeps its colon's space", "let l = [ A with x:1 , B ]\n",
     "let l = [A with x: 1, B]\n"},
    {"an enum on one line has spaces inside its braces", "enum E {a,b}\n", "enum E { a, b }\n"},
    {"a map literal has none", "let m = { \"a\" : 1 , \"b\" : 2 }\n",
     "let m = {\"a\": 1, \"b\": 2}\n"},
    {"a map type is written like a map", "let m: { text : GB } = {}\n", "let m: {text: GB} = {}\n"},
    {"a list type", "let v: [ GB ] = [ ]\n", "let v: [GB] = []\n"},
    {"optional and integer marks", "input a:int  count?=none\n", "input a: int count? = none\n"},
    {"metadata", "@source   \"x\"\nlet a = 1\n", "@source \"x\"\nlet a = 1\n"},
    {"ranges and their steps", "let r = 1..64 step 2\n", "let r = 1 .. 64 step 2\n"},
    {"lambdas", "let t = sum(xs, x=>x*2)\n", "let t = sum(xs, x => x * 2)\n"},
    {"a power written without spaces after a name stays so (it may be a unit)",
     "let p = x^2 + (a + b)^2\n", "let p = x^2 + (a + b) ^ 2\n"},
    {"conversion and coalescing", "let c = (a??b)->GiB\n", "let c = (a ?? b) -> GiB\n"},
    {"comparisons and logic", "check not a<=b and c!=d or e\n",
     "check not a <= b and c != d or e\n"},
    {"a declaration's body is indented by two, blank lines kept once",
     "scenario S {\ninput a: GB = 1 GB\n\n\n## doc\nb: GB =\na * 2\n}\n",
     "scenario S {\n  input a: GB = 1 GB\n\n  ## doc\n  b: GB =\n      a * 2\n}\n"},
    {"no blank line opens or closes a body, or starts or ends the file",
     "\n\nrecord R {\n\n  x: GB\n\n}\n\n\n", "record R {\n  x: GB\n}\n"},
    {"comments are kept, two spaces after code, trailing spaces removed",
     "let a = 1   # one   \n   # alone\t\nlet b = 2\n", "let a = 1  # one\n# alone\nlet b = 2\n"},
    {"arguments continued on a new line are indented by four (a hanging indent)",
     "let v = f(a,\n          b)\n", "let v = f(a,\n    b)\n"},
    {"so are they after a parenthesis that ends its line", "let v = f(\na, b)\n",
     "let v = f(\n    a, b)\n"},
    {"a bracket that ends its line indents what it holds by two",
     "let m = {\n\"a\": 1,\n\"b\": 2,\n}\n", "let m = {\n  \"a\": 1,\n  \"b\": 2,\n}\n"},
    {"an expression continued on a new line is indented by four", "let c = if a\nthen b\nelse c\n",
     "let c = if a\n    then b\n    else c\n"},
    {"a case's overrides continued after a comma", "case B = A with x: 1,\ny: 2\n",
     "case B = A with x: 1,\n    y: 2\n"},
    {"a prompt's further strings line up under its first",
     "exercise E {\nabout X\nprompt \"one\"\n\"two\"\nanswer 1\n}\n",
     "exercise E {\n  about X\n  prompt \"one\"\n         \"two\"\n  answer 1\n}\n"},
    // 20 + 15 + 2 + 14 + 2 + 17 + 2 + 16 + 2 + 18 + 1 = 109 columns: the last comma that
    // leaves at most 100 (89 columns) is where the break falls.
    {"a long argument list is filled to 100 columns, the rest indented by four",
     "let total = combine(alpha_value_one, beta_value_two, gamma_value_three, delta_value_four, "
     "epsilon_value_five)\n",
     "let total = combine(alpha_value_one, beta_value_two, gamma_value_three, delta_value_four,\n"
     "    epsilon_value_five)\n"},
    // 19 + 22 + 3 + 23 + 3 + 22 + 3 + 23 = 118 columns: first after `=` (4 + 99 = 103,
    // still too long), then before the last `+` that leaves at most 100 (77 columns).
    {"a long expression breaks after `=`, then before its loosest operators",
     "let total_energy = first_component_energy + second_component_energy + "
     "third_component_energy + fourth_component_energy\n",
     "let total_energy =\n    first_component_energy + second_component_energy + "
     "third_component_energy\n    + fourth_component_energy\n"},
    // Issue #17: a long line breaks at its outermost separators, not in the first bracket
    // that holds a comma. 2 + `input links: [(text, GB/s)] = [` (31) = 33 columns, then
    // `("nvlink", 450 GB/s)` (20) and its comma to 54, ` ("infiniband", 50 GB/s),` (25)
    // to 79, ` ("ethernet", 12.5 GB/s),` (25) to 104 > 100: the break falls after the
    // literal's second comma (depth 1), never at the type's `(text,` (depth 2, a type).
    {"a long line breaks at its shallowest commas, never inside a declaration's type",
     "scenario S {\n  input links: [(text, GB/s)] = [(\"nvlink\", 450 GB/s), (\"infiniband\", 50 "
     "GB/s), (\"ethernet\", 12.5 GB/s), (\"pcie\", 64 GB/s)]\n}\n",
     "scenario S {\n  input links: [(text, GB/s)] = [(\"nvlink\", 450 GB/s), (\"infiniband\", 50 "
     "GB/s),\n      (\"ethernet\", 12.5 GB/s), (\"pcie\", 64 GB/s)]\n}\n"},
    // 2 + `ratio = [(n, b / first(links)[1]) for (n, b) in links` (53) = 55 columns, then
    // ` if b > 10 GB/s and n != "pcie" and n != "ethernet"]` (52) = 107: the comprehension's
    // `for` and `if` (depth 1) come before the tuple's and the pattern's commas (depth 2);
    // before `if` is the rightmost that fits. The `if` line hangs by 4 in the `[` (2 + 4)
    // and by 4 more as it goes on with the expression: column 10.
    {"a comprehension breaks before its `if`, not inside its head or its pattern",
     "scenario S {\n  ratio = [(n, b / first(links)[1]) for (n, b) in links if b > 10 GB/s and n "
     "!= "
     "\"pcie\" and n != \"ethernet\"]\n}\n",
     "scenario S {\n  ratio = [(n, b / first(links)[1]) for (n, b) in links\n"
     "          if b > 10 GB/s and n != \"pcie\" and n != \"ethernet\"]\n}\n"},
    // `let totals = [key_name_long + " " + text_of_value` is 49 columns, the line 101; the
    // only separators outside the pattern `(key_name_long, text_of_value)` are `for`'s.
    {"a comprehension breaks before its `for`, its pattern kept whole",
     "let totals = [key_name_long + \" \" + text_of_value for (key_name_long, text_of_value) in "
     "table_of_all]\n",
     "let totals = [key_name_long + \" \" + text_of_value\n"
     "        for (key_name_long, text_of_value) in table_of_all]\n"},
    // 105 columns; the outer `for` is at depth 1, the inner `for` at 2, the inner list's
    // commas at 3 and the outer list's at 2: the break is before the outer `for` (38).
    {"a nested comprehension breaks at its outer `for`, not in an inner list",
     "let grid = [[a + b for b in [1, 2, 3]] for a in [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, "
     "110, 120, 130]]\n",
     "let grid = [[a + b for b in [1, 2, 3]]\n"
     "        for a in [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130]]\n"},
    // 124 columns; the clauses' `for`s and `if` are at depth 1, the tuples' and patterns'
    // commas deeper. Up to the `if` is 105 columns, over 100; up to the second `for` 67: the
    // break is there, and the rest, 8 + 56 = 64 columns, fits.
    {"a comprehension of several clauses breaks before the rightmost clause that fits",
     "let pairs_up = [(first, second) for (first, x) in enumerate(widths) for (second, y) in "
     "enumerate(heights) if first < second]\n",
     "let pairs_up = [(first, second) for (first, x) in enumerate(widths)\n"
     "        for (second, y) in enumerate(heights) if first < second]\n"},
    // The second line is 4 + 97 = 101 columns; its only comma is the lambda's parameters',
    // so it breaks before its loosest operator, the rightmost `+` that leaves 85 columns.
    {"a lambda's parameters are not broken while an operator is left",
     "let folded = fold(some_list, 0 GB,\n(accumulated_total, element) => accumulated_total + "
     "element * scale_factor_for_it + offset_of_it)\n",
     "let folded = fold(some_list, 0 GB,\n    (accumulated_total, element) => accumulated_total "
     "+ element * scale_factor_for_it\n        + offset_of_it)\n"},
    // 2 + `shape: (` (8) + 23 `GB` joined by `, `: 10 + 23 * 2 + 22 * 2 = 100 + 1 for `)`:
    // nothing but the type to break, so it is filled: 22 items to 97 columns.
    {"a type is broken only when nothing else is left",
     "record R {\n  shape: (" +
         [] {
           std::string s = "GB";
           for (int i = 1; i < 23; ++i) s += ", GB";
           return s;
         }() +
         ")\n}\n",
     "record R {\n  shape: (" +
         [] {
           std::string s = "GB";
           for (int i = 1; i < 22; ++i) s += ", GB";
           return s;
         }() +
         ",\n      GB)\n}\n"},
    {"a line long only by its comment is left whole",
     "let a = 1  # " + std::string(120, 'c') + "\n",
     "let a = 1  # " + std::string(120, 'c') + "\n"},
    {"the author's line breaks are kept", "let a = 1\n  + 2\n", "let a = 1\n    + 2\n"},
    // Issue #27: a body's `}` written after its last member goes on a line of its own.
    {"a body's closing brace after a member goes on its own line",
     "scenario S {\n  input x: s = 1 s\n  y = x * 2 }\ncase c = S()\n",
     "scenario S {\n  input x: s = 1 s\n  y = x * 2\n}\ncase c = S()\n"},
    {"so does it after a comment", "record R {\n  x: GB }  # end\n",
     "record R {\n  x: GB\n}  # end\n"},
    {"and in an enum's body", "enum E {\n  a,\n  b }\n", "enum E {\n  a,\n  b\n}\n"},
    {"and in an exercise's body", "exercise E {\n  about X\n  answer 1 }\n",
     "exercise E {\n  about X\n  answer 1\n}\n"},
    {"a body on one line keeps its braces there", "record R { x: GB }\n", "record R { x: GB }\n"},
    {"a list's bracket is not moved", "let l = [1,\n  2]\n", "let l = [1,\n    2]\n"},
    // Issue #27: `step` and `times` are names, not a range's keywords, after an operator,
    // a bracket, a comma, a colon or a dot: the line after one that ends so starts afresh.
    {"a member after a line ending in a name `step` is not a continuation",
     "scenario S {\n  input step: s = 1 s\n  y = 3 * step\n  z = y\n}\n",
     "scenario S {\n  input step: s = 1 s\n  y = 3 * step\n  z = y\n}\n"},
    {"nor after a line ending in a name `times`",
     "scenario S {\n  input times: count = 2\n  y = (times)\n  z = x.times\n  w = f(times)\n"
     "  v = 1\n}\n",
     "scenario S {\n  input times: count = 2\n  y = (times)\n  z = x.times\n  w = f(times)\n"
     "  v = 1\n}\n"},
    {"a range's `step` ending a line still continues it", "let r = 1 .. 64 step\n2\n",
     "let r = 1 .. 64 step\n    2\n"},
};

std::string tree(const std::string& text) {
  SourceManager sources;
  return dump_tree(*parse_module(sources, sources.add("t.rk", text)));
}

}  // namespace

TEST_CASE("fmt: each layout rule", "[fmt]") {
  for (const Row& row : rows) {
    INFO(row.rule);
    const std::string once = format_source(row.input);
    CHECK(once == row.expected);
    CHECK(format_source(once) == once);
  }
}

TEST_CASE("fmt: the rows that parse keep their tree", "[fmt]") {
  for (const Row& row : rows) {
    INFO(row.rule);
    std::string before;
    try {
      before = tree(row.input);
    } catch (const UserError&) {
      continue;  // a row about layout alone (names the checker would refuse still parse)
    }
    CHECK(tree(format_source(row.input)) == before);
  }
}

TEST_CASE("fmt: a changed tree is refused with E0901", "[fmt]") {
  SourceManager sources;
  const FileId original = sources.add("a.rk", "let a = 1\n");
  for (const char* formatted :
       {"let a = 2\n", "let a = (\n", "let b = 1\n", "## doc\nlet a = 1\n"}) {
    INFO(formatted);
    try {
      require_same_tree(sources, original, sources.add("a.rk", formatted));
      FAIL("no error");
    } catch (const UserError& e) {
      CHECK(e.diagnostic().code == "E0901");
    }
  }
  CHECK_NOTHROW(require_same_tree(sources, original, sources.add("a.rk", "let  a=1")));
}

TEST_CASE("fmt: the tree dump leaves out positions, keeps what was written", "[fmt]") {
  CHECK(tree("let a = 1 GB") == tree("let a =\n  1 GB\n"));
  CHECK(tree("let a = 1 GB") != tree("let a = 1 MB"));
  CHECK(tree("let a = x * y") != tree("let a = x / y"));
  CHECK(tree("## a\nlet a = 1") != tree("## b\nlet a = 1"));
  CHECK(tree("## a  \nlet a = 1") == tree("## a\nlet a = 1"));
}
