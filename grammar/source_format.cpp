#include "grammar/source_format.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "grammar/grammar.hpp"

namespace reckon {
namespace {

namespace g = grammar;

// --- tokens -----------------------------------------------------------------------
// The formatter reads the file as tokens with its comments kept, using the grammar's own
// rules for numbers, strings, names and units, so a token here is a token there.

enum class Kind {
  word,           // a name, or a unit written without spaces (`GB/s`, `B^-2`, `x^2`)
  keyword,        // a keyword (`if`, `with`, `in`, `step`, ...)
  value_keyword,  // `true`, `false`, `none`: keywords that end an operand
  number,
  string,
  doc,      // `## ...` to the end of the line
  comment,  // `# ...` to the end of the line
  at,       // `@` of metadata
  open,
  close,
  comma,
  colon,
  dot,
  question,  // the optional-type mark `?`
  op         // every operator, `=` included
};

struct Token {
  Kind kind;
  std::string text;
  bool unary = false;  // a `-` that negates (set while laying out)
};

struct Line {
  std::vector<Token> tokens;
  bool blank_before = false;  // one or more empty lines came before it
};

// Words that are keywords only inside some declarations (grammar.hpp): a name may be
// called so, but spacing treats them as keywords.
constexpr std::array<std::string_view, 19> contextual_keywords{
    "exercise", "about",  "vary",  "in",       "step",  "prompt",   "answer",
    "hint",     "sweep",  "times", "show",     "where", "minimize", "maximize",
    "require",  "within", "slip",  "feedback", "credit"};

// The length of the match of Rule at `at` (0 when it does not match, or raises: the
// caller has parsed the file, so that happens only on text it refused).
template <typename Rule>
std::size_t match_length(std::string_view text, std::size_t at) {
  g::memory_input<g::tracking_mode::lazy> in(text.data() + at, text.data() + text.size(), "");
  try {
    if (g::match<Rule, g::apply_mode::nothing, g::rewind_mode::required, g::nothing, g::normal>(in))
      return static_cast<std::size_t>(in.current() - (text.data() + at));
  } catch (const g::parse_error&) {
  }
  return 0;
}

bool is_reserved(std::string_view word) {
  return match_length<g::reserved>(word, 0) == word.size();
}

bool is_contextual_keyword(std::string_view word) {
  return std::find(contextual_keywords.begin(), contextual_keywords.end(), word) !=
         contextual_keywords.end();
}

// Whether an operand comes next after `line`'s last token: after an operator, an opening
// bracket, a comma, a colon or a dot. A contextual keyword there is a name (`3 * step`,
// `x.times`, `f(hint: 1)`): each of them, as a keyword, starts an item or follows an operand.
bool operand_expected(const Line& line) {
  if (line.tokens.empty()) return false;
  switch (line.tokens.back().kind) {
    case Kind::op:
    case Kind::open:
    case Kind::comma:
    case Kind::colon:
    case Kind::dot:
      return true;
    default:
      return false;
  }
}

std::vector<Line> tokenize(std::string_view text) {
  static constexpr std::array<std::string_view, 9> two_char_ops{
      "=>", "->", "==", "!=", "<=", ">=", "//", "..", "??"};
  std::vector<Line> lines(1);
  std::size_t empty_lines = 0;
  auto end_line = [&] {
    if (lines.back().tokens.empty()) {
      ++empty_lines;
    } else {
      lines.emplace_back();
      empty_lines = 0;
    }
    lines.back().blank_before = empty_lines > 0;
  };
  auto add = [&](Kind kind, std::string_view t) {
    lines.back().tokens.push_back(Token{kind, std::string(t)});
  };
  std::size_t i = 0;
  while (i < text.size()) {
    char c = text[i];
    if (c == '\n') {
      end_line();
      ++i;
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
      ++i;
      continue;
    }
    std::size_t n = 0;
    if (c == '#') {
      n = text.find('\n', i);
      if (n == std::string_view::npos) n = text.size();
      std::string_view rest = text.substr(i, n - i);
      while (!rest.empty() && (rest.back() == ' ' || rest.back() == '\t' || rest.back() == '\r'))
        rest.remove_suffix(1);
      add(rest.starts_with("##") ? Kind::doc : Kind::comment, rest);
      i = n;
      continue;
    }
    if ((n = match_length<g::string_literal>(text, i))) {
      add(Kind::string, text.substr(i, n));
    } else if ((n = match_length<g::number>(text, i))) {
      add(Kind::number, text.substr(i, n));
    } else if ((n = match_length<g::unit_expr>(text, i)) || (n = match_length<g::name>(text, i))) {
      std::string_view w = text.substr(i, n);
      const bool keyword =
          is_reserved(w) || (is_contextual_keyword(w) && !operand_expected(lines.back()));
      add(keyword ? Kind::keyword : Kind::word, w);
    } else if ((n = match_length<g::identifier>(text, i))) {
      std::string_view w = text.substr(i, n);
      add(w == "true" || w == "false" || w == "none" ? Kind::value_keyword : Kind::keyword, w);
    } else {
      std::string_view two = text.substr(i, 2);
      if (std::find(two_char_ops.begin(), two_char_ops.end(), two) != two_char_ops.end()) {
        n = 2;
        add(Kind::op, two);
      } else {
        n = 1;
        Kind kind = Kind::op;
        switch (c) {
          case '(':
          case '[':
          case '{':
            kind = Kind::open;
            break;
          case ')':
          case ']':
          case '}':
            kind = Kind::close;
            break;
          case ',':
            kind = Kind::comma;
            break;
          case ':':
            kind = Kind::colon;
            break;
          case '.':
            kind = Kind::dot;
            break;
          case '?':
            kind = Kind::question;
            break;
          case '@':
            kind = Kind::at;
            break;
          default:
            // A byte of a multi-byte character the grammar refused: kept whole.
            while (i + n < text.size() && (static_cast<unsigned char>(text[i + n]) & 0xC0) == 0x80)
              ++n;
        }
        add(kind, text.substr(i, n));
      }
    }
    i += n;
  }
  if (lines.back().tokens.empty()) lines.pop_back();
  return lines;
}

// --- layout -------------------------------------------------------------------------

bool is_trivia(const Token& t) { return t.kind == Kind::doc || t.kind == Kind::comment; }

// What can end an operand: a `-` after it subtracts, a `(` or `[` after it on its line
// calls or indexes.
bool ends_operand(const Token& t) {
  return t.kind == Kind::word || t.kind == Kind::value_keyword || t.kind == Kind::number ||
         t.kind == Kind::string || t.kind == Kind::close || t.kind == Kind::question;
}

// A line that starts with one of these continues the expression of the line before.
// (A string does only outside brackets: a prompt's second line; `within` only outside
// declaration bodies, where an exercise's `within` is an item of its own.)
bool continues_expression(const Token& t, bool in_brackets, bool top_level) {
  if (t.kind == Kind::op) return true;
  if (t.kind == Kind::string) return !in_brackets;
  if (t.kind != Kind::keyword) return false;
  if (t.text == "within") return top_level;
  static constexpr std::array<std::string_view, 10> words{"then", "else",  "with", "and", "or",
                                                          "step", "times", "in",   "for", "if"};
  return std::find(words.begin(), words.end(), t.text) != words.end();
}

struct Frame {
  char bracket;
  std::size_t opener_indent;   // indentation of the line it was opened on
  std::size_t content_indent;  // where the lines inside it start
  bool block = false;          // `{` after a name: a declaration's body
  bool enumeration = false;    // an enum's body: its commas separate members
  bool index = false;          // `[` after an operand: an index or a slice
  std::size_t line = 0;        // the laid-out line it was opened on (Layout's count)
};

// Width in characters (UTF-8 continuation bytes take no column).
std::size_t display_width(std::string_view s) {
  return static_cast<std::size_t>(std::count_if(
      s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

struct LaidOutLine {
  std::string text;
  std::vector<std::size_t> ends;  // the column after each token
};

std::optional<std::size_t> break_point(const Line& line, const LaidOutLine& laid,
                                       bool starts_statement);

// Lays the lines out in order (each line's layout depends only on the lines before it),
// breaking a line that is too long where break_point says and laying out its first part
// again, until it fits or cannot be broken: one pass, so that formatting a file with
// a huge one-line list takes time in proportion to its size, not to its square.
class Layout {
 public:
  explicit Layout(std::vector<Line>& lines) : lines_(lines) {}

  std::vector<LaidOutLine> run() {
    std::vector<LaidOutLine> out;
    for (std::size_t i = 0; i < lines_.size(); ++i) {
      const State before = state_;
      const bool statement = !lines_[i].tokens.empty() && starts_statement(lines_[i]);
      LaidOutLine laid = lay_out(lines_[i]);
      // A body's `}` after other tokens, its `{` on an earlier line, goes on a line of
      // its own, as when the body was written so: `  y = x }` becomes `  y = x` and `}`.
      if (split_before_) {
        split(i, *split_before_);
        state_ = before;
        --i;
        continue;
      }
      if (!laid.ends.empty() && laid.ends.back() > format_line_width) {
        if (std::optional<std::size_t> at = break_point(lines_[i], laid, statement)) {
          state_ = before;
          split(i, *at);
          --i;
          continue;
        }
      }
      out.push_back(std::move(laid));
      ++laid_lines_;
    }
    return out;
  }

 private:
  // Moves the tokens of line `i` from `at` on to a new line after it. last_ points into an
  // earlier line, whose tokens stay where they are when lines_ grows.
  void split(std::size_t i, std::size_t at) {
    Line tail;
    tail.tokens.assign(std::make_move_iterator(lines_[i].tokens.begin() + static_cast<long>(at)),
                       std::make_move_iterator(lines_[i].tokens.end()));
    lines_[i].tokens.resize(at);
    lines_.insert(lines_.begin() + static_cast<long>(i) + 1, std::move(tail));
  }

  // Whether the line starts a declaration or statement of its own (not inside brackets, nor
  // going on with the line before), so that a `name: T` on it is a type annotation.
  bool starts_statement(const Line& line) {
    if (!frames_.empty() && !frames_.back().block) return false;
    return indentation(line) == (frames_.empty() ? 0 : frames_.back().content_indent);
  }

  std::size_t indentation(const Line& line) {
    const Token& first = line.tokens.front();
    if (first.kind == Kind::close && !frames_.empty()) return frames_.back().opener_indent;
    std::size_t base = frames_.empty() ? 0 : frames_.back().content_indent;
    if (first.kind == Kind::string && string_column_) return *string_column_;
    const bool in_brackets = !frames_.empty() && !frames_.back().block;
    // `step: count = 2` declares a member named like a keyword: it starts a line of its own.
    const bool declares =
        line.tokens.size() > 1 && (line.tokens[1].kind == Kind::colon ||
                                   (line.tokens[1].kind == Kind::op && line.tokens[1].text == "="));
    if (!is_trivia(first) && !declares && continues_expression(first, in_brackets, frames_.empty()))
      return base + 4;
    if (last_ && continues_after(*last_)) return base + 4;
    return base;
  }

  // Whether a line that ends with `t` goes on to the next line.
  bool continues_after(const Token& t) const {
    switch (t.kind) {
      case Kind::op:
      case Kind::colon:
      case Kind::at:
      case Kind::dot:
        return true;
      case Kind::keyword:
        return true;
      case Kind::comma:
        // In brackets and enum bodies a comma separates items, each on its own line;
        // elsewhere (`with a: 1,`, `show a,`) the list goes on.
        return frames_.empty() || (frames_.back().block && !frames_.back().enumeration);
      default:
        return false;
    }
  }

  std::string space_between(const Token& prev, const Token& next, bool opened_block) const {
    if (is_trivia(next)) return "  ";
    if (prev.kind == Kind::at) return "";
    if (prev.kind == Kind::open) {
      if (next.kind == Kind::close) return "";
      return opened_block ? " " : "";
    }
    if (next.kind == Kind::close) return !frames_.empty() && frames_.back().block ? " " : "";
    if (next.kind == Kind::comma || next.kind == Kind::colon || next.kind == Kind::question ||
        next.kind == Kind::dot || prev.kind == Kind::dot)
      return "";
    if (prev.kind == Kind::colon) return !frames_.empty() && frames_.back().index ? "" : " ";
    if (prev.unary) return "";
    if (next.kind == Kind::open && next.text != "{")
      return prev.kind == Kind::word || prev.kind == Kind::close || prev.kind == Kind::string ? ""
                                                                                              : " ";
    return " ";
  }

  LaidOutLine lay_out(Line& line) {
    LaidOutLine out;
    split_before_.reset();
    if (line.tokens.empty()) return out;
    const std::size_t indent = indentation(line);
    out.text.assign(indent, ' ');
    std::size_t width = indent;
    const Token* prev = nullptr;
    bool opened_block = false;
    std::optional<std::size_t> string_column;
    const bool prompt_line =
        line.tokens.front().kind == Kind::keyword &&
        (line.tokens.front().text == "prompt" || line.tokens.front().text == "hint");
    for (std::size_t i = 0; i < line.tokens.size(); ++i) {
      Token& t = line.tokens[i];
      const Token* before = prev ? prev : last_;  // across lines for a leading `-`
      if (t.kind == Kind::op && t.text == "-") t.unary = !before || !ends_operand(*before);
      if (prev) {
        const std::string space = space_between(*prev, t, opened_block);
        out.text += space;
        width += space.size();
      }
      opened_block = false;
      const std::size_t column = width;
      if (t.kind == Kind::string && !string_column && (prompt_line || (i == 0 && string_column_)))
        string_column = column;
      if (t.kind == Kind::close && !frames_.empty()) {
        if (i > 0 && frames_.back().block && frames_.back().line != laid_lines_) {
          split_before_ = i;
          return out;
        }
        frames_.pop_back();
      }
      out.text += t.text;
      width += display_width(t.text);  // kept as it goes: a line may hold 100,000 tokens
      out.ends.push_back(width);
      if (t.kind == Kind::open) {
        Frame f{t.text[0], indent, 0};
        f.line = laid_lines_;
        f.block = t.text == "{" && prev && prev->kind == Kind::word;
        f.enumeration = f.block && line.tokens.front().text == "enum";
        f.index = t.text == "[" && prev && ends_operand(*prev) && prev->kind != Kind::question;
        const bool last_on_line = i + 1 == line.tokens.size() ||
                                  (i + 2 == line.tokens.size() && is_trivia(line.tokens[i + 1]));
        // A body, list or map that ends its line holds items, by 2; what else goes on past
        // the line continues, by 4 (a hanging indent: aligning under the bracket would
        // move every line whenever a name before it changes).
        f.content_indent = indent + (last_on_line && t.text != "(" ? 2 : 4);
        frames_.push_back(f);
        opened_block = f.block;
      }
      prev = &t;
      if (!is_trivia(t)) last_ = &t;
    }
    if (!is_trivia(line.tokens.front())) string_column_ = string_column;
    return out;
  }

  std::vector<Line>& lines_;
  struct State {
    std::vector<Frame> frames;
    const Token* last = nullptr;               // the last token that is not a comment
    std::optional<std::size_t> string_column;  // a prompt's first string: where more go
    std::size_t laid_lines = 0;                // lines laid out so far
  };
  State state_;
  std::vector<Frame>& frames_ = state_.frames;
  const Token*& last_ = state_.last;
  std::optional<std::size_t>& string_column_ = state_.string_column;
  std::size_t& laid_lines_ = state_.laid_lines;
  // Set by lay_out: the line must be split before this token (a body's `}`).
  std::optional<std::size_t> split_before_;
};

// --- breaking long lines ----------------------------------------------------------------

// Binary operators by how loosely they bind (0 loosest): a long expression is broken
// before one of the loosest it holds outside brackets.
int looseness_rank(const Token& t) {
  if (t.kind == Kind::keyword) {
    if (t.text == "then" || t.text == "else") return 0;
    if (t.text == "or") return 1;
    if (t.text == "and") return 2;
    return -1;
  }
  if (t.kind != Kind::op) return -1;
  static constexpr std::array<std::string_view, 6> comparisons{"==", "!=", "<", ">", "<=", ">="};
  if (std::find(comparisons.begin(), comparisons.end(), t.text) != comparisons.end()) return 3;
  if (t.text == "??") return 4;
  if (t.text == "+" || (t.text == "-" && !t.unary)) return 5;
  if (t.text == "*" || t.text == "/" || t.text == "//" || t.text == "%") return 6;
  return -1;
}

// Where to break a line that is too long: the index of the first token of the new line,
// or nothing when it has no place a break may fall. `starts_statement` says the line is
// not inside brackets nor going on with the line before, so a `name: T` on it declares.
std::optional<std::size_t> break_point(const Line& line, const LaidOutLine& laid,
                                       bool starts_statement) {
  const auto& tokens = line.tokens;
  const std::size_t n = tokens.size();
  std::size_t last_code = n;  // one past the last token that is not a comment
  while (last_code > 0 && is_trivia(tokens[last_code - 1])) --last_code;
  // A line long only by its comment is left as it is.
  if (last_code < 2 || laid.ends[last_code - 1] <= format_line_width) return std::nullopt;
  // Depth of each token, relative to the line's start (below 0 after a bracket opened on
  // an earlier line closes), and the bracket each opening one closes at, if on the line.
  std::vector<int> depth(n);
  std::vector<std::size_t> closed_at(n, n);
  std::vector<std::size_t> open_brackets;
  int d = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (tokens[i].kind == Kind::close) {
      --d;
      if (!open_brackets.empty()) {
        closed_at[open_brackets.back()] = i;
        open_brackets.pop_back();
      }
    }
    depth[i] = d;
    if (tokens[i].kind == Kind::open) {
      ++d;
      open_brackets.push_back(i);
    }
  }
  // Sheltered tokens are broken at only when nothing else is left: a declaration's type
  // (`input links: [(text, GB/s)] = ...`, from its colon to its `=`), a comprehension's
  // pattern `for (k, v)` and a lambda's parameters `(acc, x) =>`. A break there splits what
  // reads as one name.
  std::vector<bool> sheltered(n, false);
  if (starts_statement) {
    for (std::size_t i = 0; i < last_code; ++i) {
      if (depth[i] != 0) continue;
      if (tokens[i].kind == Kind::op && tokens[i].text == "=") break;
      if (tokens[i].kind != Kind::colon) continue;
      for (std::size_t j = i + 1; j < last_code; ++j) {
        if (depth[j] == 0 && tokens[j].kind == Kind::op && tokens[j].text == "=") break;
        sheltered[j] = true;
      }
      break;
    }
  }
  for (std::size_t open = 0; open < last_code; ++open) {
    if (tokens[open].text != "(" || closed_at[open] == n) continue;
    const std::size_t close = closed_at[open];
    const bool pattern =
        open > 0 && tokens[open - 1].kind == Kind::keyword && tokens[open - 1].text == "for";
    const bool parameters =
        close + 1 < n && tokens[close + 1].kind == Kind::op && tokens[close + 1].text == "=>";
    if (pattern || parameters)
      std::fill(sheltered.begin() + static_cast<long>(open),
                sheltered.begin() + static_cast<long>(close) + 1, true);
  }
  // Separators: after a comma, and before a comprehension's `for` and its `if` (an `if`
  // after a `for` in the same brackets), each at its depth.
  struct Separator {
    std::size_t at;  // the first token of the new line
    int depth;
    bool sheltered;
  };
  std::vector<Separator> separators;
  std::vector<bool> comprehension{false};  // per open bracket: a `for` came in it
  for (std::size_t i = 0; i < last_code; ++i) {
    const Token& t = tokens[i];
    if (t.kind == Kind::open) comprehension.push_back(false);
    if (t.kind == Kind::close) {
      // (A bracket opened on an earlier line: what it holds is not known here.)
      if (comprehension.size() > 1)
        comprehension.pop_back();
      else
        comprehension.back() = false;
    }
    if (t.kind == Kind::comma && i + 1 < last_code)
      separators.push_back({i + 1, depth[i], sheltered[i]});
    if (t.kind == Kind::keyword && (t.text == "for" || (t.text == "if" && comprehension.back()))) {
      if (i > 0) separators.push_back({i, depth[i], sheltered[i]});
      if (t.text == "for") comprehension.back() = true;
    }
  }
  auto fits_before = [&](std::size_t i) { return laid.ends[i - 1] <= format_line_width; };
  // The rightmost candidate whose first part fits, or else the leftmost.
  auto choose = [&](const std::vector<std::size_t>& at) -> std::optional<std::size_t> {
    if (at.empty()) return std::nullopt;
    for (auto it = at.rbegin(); it != at.rend(); ++it)
      if (fits_before(*it)) return *it;
    return at.front();
  };
  // The separators of the shallowest level that has some (sheltered ones or not).
  auto shallowest = [&](bool in_shelter) -> std::optional<std::size_t> {
    std::optional<int> level;
    for (const Separator& s : separators)
      if (s.sheltered == in_shelter && (!level || s.depth < *level)) level = s.depth;
    std::vector<std::size_t> at;
    for (const Separator& s : separators)
      if (s.sheltered == in_shelter && level && s.depth == *level) at.push_back(s.at);
    return choose(at);
  };
  // 1. At the separators of the outermost list or comprehension on the line: outside
  //    brackets, else in the shallowest brackets that hold some, filled.
  if (std::optional<std::size_t> at = shallowest(false)) return at;
  // 2. After the first `=` outside brackets.
  for (std::size_t i = 0; i + 1 < last_code; ++i)
    if (depth[i] == 0 && tokens[i].kind == Kind::op && tokens[i].text == "=") return i + 1;
  // 3. Before one of the loosest binary operators outside brackets.
  int loosest = 7;
  for (std::size_t i = 1; i < last_code; ++i)
    if (depth[i] == 0 && looseness_rank(tokens[i]) >= 0)
      loosest = std::min(loosest, looseness_rank(tokens[i]));
  std::vector<std::size_t> before_ops;
  for (std::size_t i = 1; i < last_code; ++i)
    if (depth[i] == 0 && looseness_rank(tokens[i]) == loosest) before_ops.push_back(i);
  if (std::optional<std::size_t> at = choose(before_ops)) return at;
  // 4. Inside a type or a pattern, when nothing else is left.
  return shallowest(true);
}

}  // namespace

std::string format_source(std::string_view text) {
  std::vector<Line> lines = tokenize(text);
  const std::vector<LaidOutLine> laid = Layout(lines).run();
  std::string out;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const bool after_open = i > 0 && lines[i - 1].tokens.back().kind == Kind::open;
    const bool before_close = lines[i].tokens.front().kind == Kind::close;
    if (lines[i].blank_before && i > 0 && !after_open && !before_close) out += '\n';
    out += laid[i].text;
    out += '\n';
  }
  return out;
}

}  // namespace reckon
