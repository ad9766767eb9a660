// The Reckon grammar, as PEGTL rules. Only grammar/ includes PEGTL.
//
//   file      := sep (decl sep)* EOF
//   decl      := (doc_line | fallacy | metadata)* (import | record | enum | scenario | case
//                                        | check | let | native | exercise | sweep)
//   doc_line  := '##' text-to-end-of-line            metadata := '@' ident string
//                                                    fallacy := '@fallacy' string string
//   import    := 'import' string
//   record    := 'record' Ident '{' (field)* '}'     field := docs ident ':' type ('=' expr)?
//   enum      := 'enum' Ident '{' ident (',' ident)* ','? '}'
//   scenario  := 'scenario' Ident '{' (docs (input | require | property))* '}'
//   input     := 'input' ident ':' type ('=' expr)?
//   require   := 'require' expr 'else' string     (a constraint; `{expr}` interpolates)
//   property  := ident params? (':' type)? '=' expr
//   params    := '(' (param (',' param)*)? ')'      param := ident ':' type ('=' expr)?
//   case      := 'case' Ident '=' Ident ('(' args ')' | 'with' args)
//   check     := 'check' expr ('within' expr)?
//   let       := 'let' ident (':' type)? '=' expr
//   native    := 'native' ( 'let' ident ':' type | ident params ':' type )
//   exercise  := 'exercise' Ident '{' (item)* '}'        (items in any order)
//   item      := 'about' Ident | 'vary' ident 'in' values | 'prompt' string (string)*
//              | 'answer' expr | 'within' expr | 'hint' string | 'where' expr
//              | 'slip' expr 'feedback' string ('credit' expr)?
//   values    := '[' expr (',' expr)* ','? ']' | expr '..' expr 'step' expr
//   sweep     := 'sweep' Ident '{' (sweep_item)* '}'          (items in any order)
//   sweep_item := 'about' Ident | 'vary' ident 'in' sweep_values | 'show' expr (',' expr)*
//              | 'where' expr | 'minimize' expr | 'maximize' expr
//   sweep_values := '[' expr (',' expr)* ','? ']' | expr '..' expr ('step' | 'times') expr
//   vary_spec := (the command line's --vary VALUES) expr (',' expr)*
//              | expr '..' postfix (('+' | '*') postfix)?   (`8 token*2`: times 2)
//   (in a string used as an expression, a prompt or a hint, `{expr}` or `{expr:fmt}`
//   interpolates an expression, fmt := '.' digits ('f' | 'g'), and `{{` `}}` are braces;
//   parse.cpp's split_text reads them. Metadata and import strings are not interpolated.)
//   type      := ('[' type ']' | '{' type ':' type '}' | '(' type (',' type)+ ')'
//                | 'int'? unit) '?'?
//   unit      := ident ('^' '-'? digits)? (('*' | '/') ident ('^' '-'? digits)?)*   (no spaces)
//
//   expr      := lambda | 'if' expr 'then' expr 'else' expr | variant
//   lambda    := (ident | '(' ident (',' ident)* ')') '=>' expr   (an argument of a builtin)
//   variant   := range ('with' override (',' override)*)*       (`A with x: 1 with y: 2`)
//   range     := convert ('..' convert ('step' convert | 'times' convert)?)?
//   override  := ident ':' ('if' expr 'then' expr 'else' expr | convert)
//   (an override's value holds no bare `with`: a later `with` applies to the variant so
//   far; and an override list takes every `name: value` after a comma, so inside a call
//   `f(A with x: 1, y: 2)` gives y to the variant: write `f((A with x: 1), y: 2)`)
//   convert   := or ('->' unit)?
//   or        := and ('or' and)*            and := not ('and' not)*
//   not       := 'not' not | compare        compare := or_set (cmp or_set)?
//   cmp       := '==' | '!=' | '<=' | '>=' | '<' | '>' | 'in' | 'not' 'in'
//   or_set    := and_set ('|' and_set)*     and_set := coalesce ('&' coalesce)*
//   coalesce  := add ('??' add)*            add := mul (('+' | '-') mul)*
//   mul       := unary (('*' | '/' | '//' | '%') unary)*
//   unary     := '-' unary | power          power := postfix ('^' unary)?
//   postfix   := primary ('(' args ')' | '.' ident | '[' expr ']' | '[' expr? ':' expr? ']')*
//   primary   := number unit? | string | 'true' | 'false' | 'none' | ident | '(' expr ')' unit?
//              | '(' expr (',' expr)+ ')'                         (a tuple)
//              | '[' (expr (',' expr)* ','? | expr clauses)? ']'
//              | '{' (expr ':' expr (',' expr ':' expr)* ','?)? '}'      (a map)
//              | '{' expr (',' expr)* ','? '}'                     (a set)
//   clauses   := ('for' pattern 'in' expr ('if' expr)?)+   (a later `in` may use earlier names)
//   pattern   := ident | '(' ident (',' ident)* ')'
//   (`(1/3) GB` is the expression times the unit; a unit after a number or ')' must be on
//   its line. Refused with a hint: a number glued to `B` alone (`70B`: seventy bytes or
//   seventy billion?), a number glued to `%` that no operand follows (`50%`), a dollar
//   sign before or after a number (`$100`, `100 $`: write USD), and a bare number divided
//   by a number with a unit (`1/3 GB`, which would be 1/(3 GB)).)
//   args      := (arg (',' arg)* ','?)?     arg := (ident ':')? expr
//
// Layout: whitespace and `#` comments separate tokens anywhere, with three exceptions
// that keep declarations from running into each other: a number's unit, a call's '('
// and a member's '.' must be on the same line as what they follow.
#pragma once

#include <array>
#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <tao/pegtl.hpp>
#include <type_traits>

#include "grammar/number_list.hpp"

namespace reckon::grammar {

namespace pegtl = tao::pegtl;
using namespace pegtl;

// Deepest nesting of expressions; deeper input is an error, never a stack overflow.
inline constexpr std::size_t max_nesting = 200;
// Tallest expression tree, counting every operator of a chain (`1 + 1 + ... + 1` is as
// tall as it has terms): the checker and evaluator recurse over the tree.
inline constexpr std::uint32_t max_expression_depth = 256;
// The longest string literal, in bytes between its quotes (parse.cpp checks it).
inline constexpr std::size_t max_string_bytes = 64 * 1024;
// The largest power a unit factor may be written with (`B^127`; `B^-128` the least):
// what an exponent of a dimension holds (E0170 beyond).
inline constexpr int max_unit_power = 127;

// Parses Rule, failing with an error once expressions nest deeper than max_nesting.
template <typename Rule>
struct nesting_limited {
  using rule_t = nesting_limited;
  using subs_t = type_list<Rule>;

  template <apply_mode A, rewind_mode M, template <typename...> class Action,
            template <typename...> class Control, typename ParseInput, typename... States>
  static bool match(ParseInput& in, States&&... st) {
    ++in.private_depth;
    struct restore {
      std::size_t& depth;
      ~restore() { --depth; }
    } guard{in.private_depth};
    if (in.private_depth > max_nesting)
      throw parse_error("E0160: expressions nest too deeply (the limit is 200 levels)", in);
    return Control<Rule>::template match<A, M, Action, Control>(in, st...);
  }
};

// --- layout -----------------------------------------------------------------
// The bytes Cs, compared in place (PEGTL's `string` calls memcmp, which after every
// operand of every expression was 4 % of checking a large file).
template <char... Cs>
struct chars {
  using rule_t = chars;
  using subs_t = empty_list;
  static_assert(((Cs != '\n') && ...), "bumped within a line");

  template <typename ParseInput>
  static bool match(ParseInput& in) noexcept(noexcept(in.size(0))) {
    if (in.size(sizeof...(Cs)) < sizeof...(Cs)) return false;
    const char* at = in.current();
    std::size_t i = 0;
    if (!((at[i++] == Cs) && ...)) return false;
    in.bump_in_this_line(sizeof...(Cs));
    return true;
  }
};
// The rest of the line, its line break included (or the rest of the text): what
// `until<eolf>` matches, found with memchr rather than trying a line break at each byte.
struct rest_of_line {
  using rule_t = rest_of_line;
  using subs_t = empty_list;

  template <typename ParseInput>
  static bool match(ParseInput& in) {
    const char* at = in.current();
    const auto left = static_cast<std::size_t>(in.end() - at);
    const void* line_break = std::memchr(at, '\n', left);
    in.bump(line_break ? static_cast<std::size_t>(static_cast<const char*>(line_break) - at) + 1
                       : left);
    return true;
  }
};
// Where the last layout read started and ended. A parse state that is one (the parse
// tree's builder) spares `sep` reading the same layout again: it runs after every operand
// at every precedence level, from the same place each time.
struct LayoutMemo {
  const char* from = nullptr;
  const char* to = nullptr;
};
// Where the last name was tried and how long it was (0: no name there). A parse state
// that is one spares `name` reading the same word again: a lambda's look-ahead tries the
// name at the start of every expression, an argument tries it followed by `:`, and then
// the operand reads it.
struct NameMemo {
  const char* at = nullptr;
  std::size_t size = 0;
};
// The first of the parse states States that is a Memo.
template <typename Memo, typename State, typename... States>
Memo& memo_in(State& first, States&... rest) {
  if constexpr (std::is_base_of_v<Memo, State>)
    return first;
  else
    return memo_in<Memo>(rest...);
}

// Layout: `star<sor<space, comment>>` with `comment := seq<one<'#'>, not_at<one<'#'>>,
// rest_of_line>` (`##` starts a doc line), in one loop.
struct sep {
  using rule_t = sep;
  using subs_t = empty_list;

  template <apply_mode A, rewind_mode M, template <typename...> class Action,
            template <typename...> class Control, typename ParseInput, typename... States>
  static bool match(ParseInput& in, States&... st) {
    const char* const begin = in.current();
    if constexpr ((std::is_base_of_v<LayoutMemo, States> || ...)) {
      LayoutMemo& memo = memo_in<LayoutMemo>(st...);
      if (memo.from != begin) memo = {begin, skip(begin, in.end())};
      in.bump(static_cast<std::size_t>(memo.to - begin));
    } else {
      in.bump(static_cast<std::size_t>(skip(begin, in.end()) - begin));
    }
    return true;
  }

 private:
  static const char* skip(const char* at, const char* end) {
    while (at != end) {
      const char c = *at;
      if (c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\v' || c == '\f') {
        ++at;
      } else if (c == '#' && (at + 1 == end || at[1] != '#')) {  // a comment, not a doc line
        const void* line_break = std::memchr(at, '\n', static_cast<std::size_t>(end - at));
        at = line_break ? static_cast<const char*>(line_break) + 1 : end;
      } else {
        break;
      }
    }
    return at;
  }
};
struct hsep : star<blank> {};

// --- tokens -----------------------------------------------------------------
// Whether each byte is an identifier_other character (a letter, a digit or `_`), looked
// up: a word is read at every operand.
inline constexpr auto word_bytes = [] {
  std::array<bool, 256> w{};
  for (int c = 0; c < 256; ++c)
    w[c] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  return w;
}();
// `not_at<identifier_other>`, by the table: the end of a word (after every keyword).
struct word_end {
  using rule_t = word_end;
  using subs_t = empty_list;

  template <typename ParseInput>
  static bool match(ParseInput& in) noexcept {
    return in.empty() || !word_bytes[static_cast<unsigned char>(*in.current())];
  }
};

template <typename Key>
struct keyword;
template <char... Cs>
struct keyword<ascii::string<Cs...>> : seq<chars<Cs...>, word_end> {
  static constexpr std::size_t length = sizeof...(Cs);
  // Whether the word (a run of identifier_other) [at, at + size) is this keyword.
  static constexpr bool is(const char* at, std::size_t size) {
    std::size_t i = 0;
    return size == sizeof...(Cs) && ((at[i++] == Cs) && ...);
  }
};

// The run of identifier_other characters (letters, digits, `_`) at `at`, up to `end`.
inline std::size_t word_length(const char* at, const char* end) {
  const char* p = at;
  while (p != end && word_bytes[static_cast<unsigned char>(*p)]) ++p;
  return static_cast<std::size_t>(p - at);
}

// `sor<Keywords...>`: one of the keywords, not followed by a letter, digit or `_`; as a
// keyword consists of such characters, that is the word here being one of them, which is
// read once rather than once per keyword.
template <typename... Keywords>
struct any_keyword {
  using rule_t = any_keyword;
  using subs_t = empty_list;

  // Most words are names longer than every keyword: their length alone answers.
  static constexpr std::uint64_t lengths = ((std::uint64_t{1} << Keywords::length) | ...);
  static bool is(const char* at, std::size_t size) {
    if (size >= 64 || ((lengths >> size) & 1) == 0) return false;
    return (Keywords::is(at, size) || ...);
  }

  template <typename ParseInput>
  static bool match(ParseInput& in) {
    const std::size_t size = word_length(in.current(), in.end());
    if (size == 0 || !is(in.current(), size)) return false;
    in.bump_in_this_line(size);
    return true;
  }
};
#define RK_KEY(name, text) \
  struct name : keyword<TAO_PEGTL_STRING(text)> {}
RK_KEY(kw_import, "import");
RK_KEY(kw_record, "record");
RK_KEY(kw_enum, "enum");
RK_KEY(kw_scenario, "scenario");
RK_KEY(kw_input, "input");
RK_KEY(kw_case, "case");
RK_KEY(kw_check, "check");
RK_KEY(kw_let, "let");
RK_KEY(kw_native, "native");
RK_KEY(kw_with, "with");
RK_KEY(kw_within, "within");
RK_KEY(kw_if, "if");
RK_KEY(kw_then, "then");
RK_KEY(kw_else, "else");
RK_KEY(kw_and, "and");
RK_KEY(kw_or, "or");
RK_KEY(kw_not, "not");
RK_KEY(kw_true, "true");
RK_KEY(kw_false, "false");
RK_KEY(kw_none, "none");
RK_KEY(kw_int, "int");
// Only `exercise` and `sweep` start a declaration; the others are keywords only inside one, so
// they stay usable as names (a property may be called `step`).
RK_KEY(kw_exercise, "exercise");
RK_KEY(kw_about, "about");
RK_KEY(kw_vary, "vary");
RK_KEY(kw_in, "in");
RK_KEY(kw_step, "step");
RK_KEY(kw_prompt, "prompt");
RK_KEY(kw_answer, "answer");
RK_KEY(kw_hint, "hint");
RK_KEY(kw_slip, "slip");
RK_KEY(kw_feedback, "feedback");
RK_KEY(kw_credit, "credit");
RK_KEY(kw_sweep, "sweep");
RK_KEY(kw_times, "times");
RK_KEY(kw_show, "show");
RK_KEY(kw_where, "where");
RK_KEY(kw_minimize, "minimize");
RK_KEY(kw_maximize, "maximize");
RK_KEY(kw_for, "for");
// A keyword only at the start of a scenario member that is not a property named so.
RK_KEY(kw_require, "require");
#undef RK_KEY

struct reserved : any_keyword<kw_import, kw_record, kw_enum, kw_scenario, kw_input, kw_case,
                              kw_check, kw_let, kw_native, kw_with, kw_within, kw_if, kw_then,
                              kw_else, kw_and, kw_or, kw_not, kw_true, kw_false, kw_none, kw_for> {
};
// `seq<not_at<reserved>, identifier>`: a word that starts with a letter or `_` and is not
// reserved (a name is read at every operand, so the word is read once).
struct name {
  using rule_t = name;
  using subs_t = empty_list;

  template <apply_mode A, rewind_mode M, template <typename...> class Action,
            template <typename...> class Control, typename ParseInput, typename... States>
  static bool match(ParseInput& in, States&... st) {
    const char* at = in.current();
    std::size_t size = 0;
    if constexpr ((std::is_base_of_v<NameMemo, States> || ...)) {
      NameMemo& memo = memo_in<NameMemo>(st...);
      if (memo.at != at) memo = {at, length(at, in.end())};
      size = memo.size;
    } else {
      size = length(at, in.end());
    }
    if (size == 0) return false;
    in.bump_in_this_line(size);
    return true;
  }

 private:
  // The length of the name at `at`, 0 if there is none.
  static std::size_t length(const char* at, const char* end) {
    const std::size_t size = word_length(at, end);
    if (size == 0 || (*at >= '0' && *at <= '9') || reserved::is(at, size)) return 0;
    return size;
  }
};

struct digits : plus<digit> {};
struct exponent_part : seq<one<'e', 'E'>, opt<one<'+', '-'>>, must<digits>> {};
struct fraction_part : seq<one<'.'>, digits> {};
struct number : seq<digits, opt<fraction_part>, opt<exponent_part>> {};

struct escape_char : one<'"', '\\', 'n', 't'> {};
struct escape : seq<one<'\\'>, must<escape_char>> {};
struct string_char : sor<escape, not_one<'"', '\\', '\n', '\r'>> {};  // one line
// `star<string_char>`, the runs between escapes read in one loop (every documentation
// string of a file passes here, a `sor` per byte); an escape is still `escape`, so a bad
// one raises its own message.
struct string_body {
  using rule_t = string_body;
  using subs_t = type_list<escape>;

  template <apply_mode A, rewind_mode M, template <typename...> class Action,
            template <typename...> class Control, typename ParseInput, typename... States>
  static bool match(ParseInput& in, States&&... st) {
    for (;;) {
      const char* const begin = in.current();
      const char* at = begin;
      const char* const end = in.end();
      while (at != end && *at != '"' && *at != '\\' && *at != '\n' && *at != '\r') ++at;
      in.bump_in_this_line(static_cast<std::size_t>(at - begin));
      if (at == end || *at != '\\' ||
          !pegtl::match<escape, A, rewind_mode::required, Action, Control>(in, st...))
        return true;
    }
  }
};
struct string_close : one<'"'> {};
struct string_literal : seq<one<'"'>, string_body, must<string_close>> {};

// --- units and types ----------------------------------------------------------
struct unit_power : seq<opt<one<'-'>>, digits> {};
// The micro prefix may be written as the micro sign (U+00B5) or the Greek mu (U+03BC),
// as datasheets print it, besides `u`: `1 µs` and `1 μs` are `1 us` (parse.cpp spells
// the unit with `u`, the one spelling the catalogue knows).
struct micro_sign : sor<chars<'\xC2', '\xB5'>, chars<'\xCE', '\xBC'>> {};
struct unit_factor : seq<opt<micro_sign>, name, opt<one<'^'>, must<unit_power>>> {};
struct unit_mul : one<'*'> {};
struct unit_div : one<'/'> {};
struct unit_expr : seq<unit_factor, star<sor<unit_mul, unit_div>, must<unit_factor>>> {};
struct optional_mark : one<'?'> {};
struct int_mark : seq<kw_int, plus<blank>, at<name>> {};
// `[GB]`, `[Accelerator]`, `[[count]]`: a list type and its element type.
struct type_expr;
struct element_type;
struct list_type_close : one<']'> {};
struct list_type : seq<one<'['>, sep, must<element_type>, sep, must<list_type_close>> {};
// `{text: GB}`, `{Region: gCO2e/kWh}`: a map type, its key type and its value type.
struct map_key_type;
struct map_type_colon : one<':'> {};
struct map_value_type;
struct map_type_close : one<'}'> {};
// `{text}`, `{Vendor}`: a set type (docs/language.md, "Sets"), the same braces with one
// type and no ':'; its node is a map_type with a single child.
struct set_type_close : one<'}'> {};
struct map_type_rest : seq<map_type_colon, sep, must<map_value_type>, sep, must<map_type_close>> {};
struct map_type
    : seq<one<'{'>, sep, must<map_key_type>, sep, sor<map_type_rest, must<set_type_close>>> {};
// `(count, GB)`: a tuple type, two or more element types.
struct tuple_element_type;
struct tuple_type_more : seq<sep, one<','>, sep, must<tuple_element_type>> {};
struct tuple_type_close : one<')'> {};
struct tuple_type_second : seq<one<','>, sep, must<tuple_element_type>> {};
struct tuple_type : seq<one<'('>, sep, must<tuple_element_type>, sep, must<tuple_type_second>,
                        star<tuple_type_more>, sep, must<tuple_type_close>> {};
struct type_expr
    : seq<sor<list_type, map_type, tuple_type, seq<opt<int_mark>, unit_expr>>, opt<optional_mark>> {
};
struct tuple_element_type : type_expr {};
struct element_type : type_expr {};
struct map_key_type : type_expr {};
struct map_value_type : type_expr {};

// --- expressions --------------------------------------------------------------
struct expr;

// No unit is named like an exercise's or a sweep's keywords: `8 step 1`, `8 times 2` and
// `answer 1 hint "..."`.
struct exercise_word : any_keyword<kw_about, kw_vary, kw_step, kw_times, kw_prompt, kw_answer,
                                   kw_hint, kw_show, kw_where, kw_minimize, kw_maximize, kw_for,
                                   kw_in, kw_slip, kw_feedback, kw_credit> {};
struct quantity : seq<number, opt<hsep, not_at<exercise_word>, unit_expr>> {};

// Refuses input that matches Rule (a literal that reads one way and means another) with
// Hint::message(text of the match), an error at its start. Rule must not raise: it is
// tried with the plain control, before the literal is parsed as usual.
template <typename Rule, typename Hint>
struct refuse {
  using rule_t = refuse;
  using subs_t = empty_list;

  template <apply_mode A, rewind_mode M, template <typename...> class Action,
            template <typename...> class Control, typename ParseInput, typename... States>
  static bool match(ParseInput& in, States&&...) {
    const char* begin = in.current();
    const char* end = nullptr;
    {
      auto m = in.template mark<rewind_mode::required>();  // rewinds: the error is at begin
      if (pegtl::match<Rule, apply_mode::nothing, rewind_mode::required, nothing, normal>(in))
        end = in.current();
    }
    if (end) throw parse_error(Hint::message(std::string(begin, end)), in);
    return false;
  }
};

// Matches nothing: true when Rule matches here, tried with the plain control (so no parse
// tree nodes are built and nothing raises).
template <typename Rule>
struct lambda_ahead {
  using rule_t = lambda_ahead;
  using subs_t = empty_list;

  template <apply_mode A, rewind_mode M, template <typename...> class Action,
            template <typename...> class Control, typename ParseInput, typename... States>
  static bool match(ParseInput& in, States&... st) {
    auto m = in.template mark<rewind_mode::required>();
    // Only the names it reads are remembered: the layout memo stays the parse's.
    if constexpr ((std::is_base_of_v<NameMemo, States> || ...))
      return pegtl::match<Rule, apply_mode::nothing, rewind_mode::required, nothing, normal>(
          in, memo_in<NameMemo>(st...));
    else
      return pegtl::match<Rule, apply_mode::nothing, rewind_mode::required, nothing, normal>(in);
  }
};

// A number whose exponent cannot raise (the real parse reports a bad exponent).
struct plain_number
    : seq<digits, opt<fraction_part>, opt<one<'e', 'E'>, opt<one<'+', '-'>>, digits>> {};
// `70B` and `7B params` read as model sizes, but would be seventy bytes: a number (without
// an exponent: `1e9B` reads as no model size) glued to the unit `B` alone is refused with a
// hint (`70 B` with a space is bytes).
struct glued_byte_count
    : seq<digits, opt<fraction_part>, one<'B'>, not_at<sor<identifier_other, one<'/', '*', '^'>>>> {
};
struct glued_byte_hint {
  static std::string message(const std::string& text) {
    std::string n = text.substr(0, text.size() - 1);
    return "E0167: `" + text + "` would be " + n + " bytes: for " + n + " billion write `" + n +
           "e9` (`" + n + " Gparam` for parameters); for bytes put a space, `" + n + " B`";
  }
};
// `50%` (or `mfu = 40%` and a new line) would be `50 % NEXT`, the remainder operator: a
// number followed by `%` (glued, or after spaces: `40 %`) with no operand after it on its
// line is refused with a hint, at the `%` line rather than where NEXT stops parsing.
// (`-` is not one: `50% - overhead` is refused too, not read as 50 % (-overhead).)
struct operand_start : sor<identifier_first, digit, one<'(', '"'>> {};
// With spaces before the `%`, only where nothing but the end of the line, a comment or a
// closing bracket follows: `7 % -3` is a remainder.
struct percent_spaced
    : seq<plain_number, plus<blank>, one<'%'>, hsep, at<sor<eolf, one<'#', ')', ']', ','>>>> {};
struct percent_literal
    : sor<seq<plain_number, one<'%'>, hsep, not_at<operand_start>>, percent_spaced> {};
struct percent_hint {
  static std::string message(const std::string& text) {
    std::string n = text.substr(0, text.find_first_of(" \t%"));
    char fraction[32];
    auto r =
        std::to_chars(fraction, fraction + sizeof fraction, std::strtod(n.c_str(), nullptr) / 100);
    return "E0168: `%` is the remainder operator, not percent: write " + n + "% as the fraction `" +
           std::string(fraction, r.ptr) + "` (a remainder needs an operand after `%`)";
  }
};
// `100 $` and `$100`: money is USD.
struct dollar_amount : sor<seq<plain_number, hsep, one<'$'>>, seq<one<'$'>, hsep, plain_number>> {};
struct dollar_hint {
  static std::string message(const std::string& text) {
    std::string n;
    for (char c : text)
      if (c != '$' && c != ' ' && c != '\t') n += c;
    return "E0169: `$` is not a unit: write `" + n + " USD`";
  }
};
// Matches nothing: whether one of the mistakes below can start here. Each starts with `$`,
// or is a number (digits, `.`, `e`, signs) followed by `B`, or by blanks and `%` or `$`:
// a number followed by anything else is not tried three times over.
struct mistake_ahead {
  using rule_t = mistake_ahead;
  using subs_t = empty_list;

  template <typename ParseInput>
  static bool match(ParseInput& in) noexcept {
    const char* at = in.current();
    const char* const end = in.end();
    if (at == end) return false;
    if (*at == '$') return true;
    if (*at < '0' || *at > '9') return false;
    while (at != end && ((*at >= '0' && *at <= '9') || *at == '.' || *at == 'e' || *at == 'E' ||
                         *at == '+' || *at == '-'))
      ++at;
    if (at != end && *at == 'B') return true;
    while (at != end && (*at == ' ' || *at == '\t')) ++at;
    return at != end && (*at == '%' || *at == '$');
  }
};
struct literal_mistake
    : seq<mistake_ahead,
          sor<refuse<glued_byte_count, glued_byte_hint>, refuse<percent_literal, percent_hint>,
              refuse<dollar_amount, dollar_hint>>> {};
struct true_literal : kw_true {};
struct false_literal : kw_false {};
struct none_literal : kw_none {};
struct name_ref : name {};
struct close_paren : one<')'> {};
struct nested_expr : nesting_limited<expr> {};
// `(1/3) GB`: a unit after the closing parenthesis scales what is inside.
struct paren_unit : seq<hsep, not_at<exercise_word>, unit_expr> {};
// `(784, 256)`: a comma after the first expression makes a tuple (no unit after it).
struct tuple_close : one<')'> {};
struct tuple_unit_hint {
  static std::string message(const std::string& text) {
    return "E0148: a unit after a tuple would scale every element: write it on each, as in "
           "`(1 " +
           text.substr(text.find_first_not_of(" \t")) + ", 2 ...)`";
  }
};
struct tuple_rest : seq<plus<sep, one<','>, sep, must<nested_expr>>, sep, must<tuple_close>,
                        not_at<refuse<paren_unit, tuple_unit_hint>>> {};
struct paren_close : seq<sep, must<close_paren>, opt<paren_unit>> {};
struct paren : seq<one<'('>, sep, must<nested_expr>, sor<tuple_rest, paren_close>> {};
// Lists: `[a, b, c]`, `[]`, and the comprehension `[e for x in xs if c]` (the pattern
// may be a tuple `(a, b)`). A comprehension's clauses, each a `for` with an `if` or not,
// follow one another as in Python (`[(a, b) for a in xs if a > 1 for b in ys]`); they are
// a rule of their own, comprehension_clauses, for any bracket that holds a comprehension.
struct binder : name {};
struct pattern_close : one<')'> {};
struct tuple_pattern : seq<one<'('>, sep, must<binder>, star<sep, one<','>, sep, must<binder>>, sep,
                           must<pattern_close>> {};
struct pattern : sor<tuple_pattern, binder> {};
struct comprehension_in : kw_in {};
struct iterable : nested_expr {};
struct filter : nested_expr {};
struct comprehension_if : seq<kw_if, sep, must<filter>> {};
// Python takes `if a if b` as `if a and b`; here one `if` follows a `for`, and a second is
// refused with the spelling that says the same.
struct second_if_hint {
  static std::string message(const std::string&) {
    return "E0149: one `if` follows each `for`: join the conditions with `and`, as in "
           "`if a and b`";
  }
};
struct comprehension_clause
    : seq<kw_for, sep, must<pattern>, sep, must<comprehension_in>, sep, must<iterable>,
          opt<sep, comprehension_if, not_at<sep, refuse<kw_if, second_if_hint>>>> {};
struct comprehension_clauses : seq<comprehension_clause, star<sep, comprehension_clause>> {};
struct more_elements : seq<star<sep, one<','>, sep, nested_expr>, opt<sep, one<','>>> {};
struct list_body : opt<nested_expr, sep, sor<comprehension_clauses, more_elements>> {};
struct list_close : one<']'> {};
struct list_literal : seq<one<'['>, sep, list_body, sep, must<list_close>> {};
// Maps: `{"us-east": 380 gCO2e/kWh, "eu-north": 30 gCO2e/kWh}`, `{nvidia: 1, amd: 2}`
// (enumeration members as keys), `{}`. A key is a text literal or a name.
// A brace literal's item: `key: value` (a map's entry) or an element alone (a set's,
// docs/language.md, "Sets"); the converter refuses a literal that mixes them (E0180).
struct map_key : nested_expr {};
struct map_colon : one<':'> {};
struct map_value : nested_expr {};
struct map_entry : seq<map_key, opt<sep, map_colon, sep, must<map_value>>> {};
struct map_more : seq<sep, one<','>, sep, opt<not_at<one<'}'>>, must<map_entry>>> {};
// `{k: v for x in xs}`, `{e for x in xs}`: a first entry or element and the clauses of a
// comprehension (docs/language.md, "Sets" and "Maps").
struct map_body
    : opt<not_at<one<'}'>>, must<map_entry>, sor<seq<sep, comprehension_clauses>, star<map_more>>> {
};
struct map_close : one<'}'> {};
struct map_literal : seq<one<'{'>, sep, map_body, sep, must<map_close>> {};
// A long list of numbers in one unit, scanned in one pass (grammar/number_list.hpp);
// any other list, or one the scan gives up on, is a list_literal.
struct number_list {
  using rule_t = number_list;
  using subs_t = empty_list;

  template <apply_mode A, rewind_mode M, template <typename...> class Action,
            template <typename...> class Control, typename ParseInput, typename... States>
  static bool match(ParseInput& in, States&&...) {
    if (in.empty() || in.peek_char() != '[') return false;
    const std::string_view rest(in.current(), static_cast<std::size_t>(in.end() - in.current()));
    NumberListScan scan;
    if (!scan_number_list(rest, scan)) return false;
    // A glued unit (`70B`) or a keyword where the unit goes is the generic grammar's to
    // read (or refuse).
    if (scan.first_number_end == scan.unit_begin) return false;
    const std::string_view unit = rest.substr(scan.unit_begin, scan.unit_end - scan.unit_begin);
    for (std::size_t i = 0; i < unit.size();) {
      std::size_t end = i;
      while (end < unit.size() && unit[end] != '^' && unit[end] != '*' && unit[end] != '/') ++end;
      memory_input word(unit.data() + i, end - i, "");
      if (pegtl::parse<seq<sor<reserved, exercise_word>, eof>>(word)) return false;
      while (end < unit.size() && unit[end] != '*' && unit[end] != '/') ++end;
      i = end + 1;
    }
    in.bump(scan.length);
    last_scanned_number_list() = {rest.data(), std::move(scan)};
    return true;
  }
};
struct primary : sor<literal_mistake, quantity, string_literal, true_literal, false_literal,
                     none_literal, name_ref, paren, number_list, list_literal, map_literal> {};

struct arg_name : seq<name, sep, one<':'>, not_at<one<':'>>> {};
// `f(a + 1 => a)`: an arrow after what cannot be a lambda's parameters.
struct stray_arrow_hint {
  static std::string message(const std::string&) {
    return "E0185: a lambda's parameters are names, as in `x => x.time` or "
           "`(acc, x) => acc + x`";
  }
};
struct stray_arrow : seq<sep, refuse<chars<'=', '>'>, stray_arrow_hint>> {};
struct argument : sor<seq<arg_name, sep, must<nested_expr>, opt<stray_arrow>>,
                      seq<nested_expr, opt<stray_arrow>>> {};
struct arguments : opt<list<argument, seq<sep, one<','>, sep>>, opt<sep, one<','>>> {};
struct call_suffix : seq<hsep, one<'('>, sep, arguments, sep, must<close_paren>> {};
struct member_name : identifier {};
struct member_suffix : seq<hsep, one<'.'>, not_at<one<'.'>>, sep, must<member_name>> {};
// `xs[i]`, and the slices `xs[a:b]`, `xs[a:]`, `xs[:b]`: on the line of what they index,
// like a call's '('.
struct index_value : nested_expr {};
struct index_close : one<']'> {};
struct slice_from : nested_expr {};
struct slice_to : nested_expr {};
struct slice : seq<opt<slice_from>, sep, one<':'>, sep, opt<slice_to>> {};
struct index_suffix
    : seq<hsep, one<'['>, sep, sor<slice, must<index_value>>, sep, must<index_close>> {};
struct postfix : seq<primary, star<sor<call_suffix, member_suffix, index_suffix>>> {};

struct unary;
struct op_pow : one<'^'> {};
struct nested_unary : nesting_limited<unary> {};
struct power : seq<postfix, opt<sep, op_pow, sep, must<nested_unary>>> {};
struct op_neg : seq<one<'-'>, not_at<one<'>'>>> {};
struct negation : seq<op_neg, sep, must<nested_unary>> {};
struct unary : sor<negation, power> {};

struct op_floordiv : chars<'/', '/'> {};
struct op_mul : one<'*'> {};
struct op_div : one<'/'> {};
struct op_mod : one<'%'> {};
struct mul_op : sor<op_floordiv, op_mul, op_div, op_mod> {};
struct product : seq<unary, star<sep, mul_op, sep, must<unary>>> {};

struct op_add : one<'+'> {};
struct op_sub : seq<one<'-'>, not_at<one<'>'>>> {};
struct add_op : sor<op_add, op_sub> {};
struct sum : seq<product, star<sep, add_op, sep, must<product>>> {};

struct op_coalesce : chars<'?', '?'> {};
struct coalesce : seq<sum, star<sep, op_coalesce, sep, must<sum>>> {};

struct op_eq : chars<'=', '='> {};
struct op_ne : chars<'!', '='> {};
struct op_le : chars<'<', '='> {};
struct op_ge : chars<'>', '='> {};
struct op_lt : one<'<'> {};
struct op_gt : one<'>'> {};
// `x in s`, `x not in s`: membership in a set, a list, a map's keys or a text.
struct op_in : kw_in {};
struct op_not_in : seq<kw_not, sep, kw_in> {};
struct cmp_op : sor<op_eq, op_ne, op_le, op_ge, op_lt, op_gt, op_in, op_not_in> {};
// `s & t` and `s | t` on sets, looser than `??` and tighter than a comparison, as Python
// places them (`a | b == c` is `(a | b) == c`).
struct op_intersection : one<'&'> {};
struct op_union : one<'|'> {};
struct intersection_operand : seq<coalesce> {};
struct set_and : seq<coalesce, star<sep, op_intersection, sep, must<intersection_operand>>> {};
struct union_operand : seq<set_and> {};
struct set_or : seq<set_and, star<sep, op_union, sep, must<union_operand>>> {};
struct comparison_operand : seq<set_or> {};
struct comparison : seq<set_or, opt<sep, cmp_op, sep, must<comparison_operand>>> {};

struct op_not : kw_not {};
struct logical_not;
struct nested_not : nesting_limited<logical_not> {};
// `not` and its operand: a rule of its own, so that the converter reads a node only for a
// `not` written, not for every operand that passes through this level.
struct not_operation : seq<op_not, sep, must<nested_not>> {};
struct logical_not : sor<not_operation, comparison> {};
struct op_and : kw_and {};
struct logical_and : seq<logical_not, star<sep, op_and, sep, must<logical_not>>> {};
struct op_or : kw_or {};
struct logical_or : seq<logical_and, star<sep, op_or, sep, must<logical_and>>> {};

struct conversion : seq<logical_or, opt<sep, chars<'-', '>'>, sep, must<unit_expr>>> {};

struct conditional : seq<kw_if, sep, must<nested_expr>, sep, must<kw_then>, sep, must<nested_expr>,
                         sep, must<kw_else>, sep, must<nested_expr>> {};
// `x => x.time`, `(acc, x) => acc + x`: a function given to a builtin (sort, fold, ...).
// Parsed wherever an expression is, so that one elsewhere is a checker's located error
// (E0370) rather than a puzzling parse error. Whether an expression is one is looked at
// ahead, without building nodes, as most expressions that start with a name are not.
struct lambda_arrow : chars<'=', '>'> {};
struct lambda_param : name {};
struct lambda_params
    : sor<seq<one<'('>, sep, lambda_param, star<sep, one<','>, sep, lambda_param>, sep, one<')'>>,
          lambda_param> {};
struct lambda_body : nested_expr {};
struct lambda : seq<lambda_ahead<seq<lambda_params, sep, lambda_arrow>>, lambda_params, sep,
                    lambda_arrow, sep, must<lambda_body>> {};
// `1 .. 8`, `0 s .. 10 s step 2 s`, `1 KiB .. 1 GiB times 2`: a list, inclusive.
struct range_dots : chars<'.', '.'> {};
// Each holds a conversion (not is one), so that `1 .. 2 -> kg` gives its end one node,
// a conversion, rather than a number and a unit beside it (which read as a stride).
struct list_range_end : seq<conversion> {};
struct list_range_step : seq<conversion> {};
struct list_range_factor : seq<conversion> {};
struct list_range_step_by : seq<kw_step, sep, must<list_range_step>> {};
struct list_range_times : seq<kw_times, sep, must<list_range_factor>> {};
struct range_expr : seq<conversion, opt<sep, range_dots, sep, must<list_range_end>,
                                        opt<sep, sor<list_range_step_by, list_range_times>>>> {};
// An expression that is not a range: the start of a `vary` range, whose own `..`
// follows it.
struct plain_expr : sor<conditional, conversion> {};
struct range_start : nesting_limited<plain_expr> {};
// `A with x: 1, y: 2`: a variant of an instance. Looser than every operator (an override
// takes a whole expression), tighter than a comprehension's `for`; an override's value
// holds no bare `with`, so `A with x: 1 with y: 2` chains.
struct override_value : sor<conditional, conversion> {};
struct nested_override_value : nesting_limited<override_value> {};
struct override_item : seq<arg_name, sep, must<nested_override_value>> {};
struct with_overrides : seq<override_item, star<sep, one<','>, sep, override_item>> {};
struct variant : seq<range_expr, star<sep, kw_with, sep, must<with_overrides>>> {};
struct expr : sor<lambda, conditional, variant> {};

// --- declarations ---------------------------------------------------------------
struct doc_text : rest_of_line {};
struct doc_line : seq<chars<'#', '#'>, doc_text> {};
struct meta_key : identifier {};
struct metadata : seq<one<'@'>, must<meta_key>, hsep, must<string_literal>> {};
// `@fallacy "claim" "reality"`: the one metadata key with two strings, on one line.
struct fallacy_key : keyword<TAO_PEGTL_STRING("fallacy")> {};
struct fallacy_claim : string_literal {};
struct fallacy_reality : string_literal {};
struct fallacy
    : seq<one<'@'>, fallacy_key, hsep, must<fallacy_claim>, hsep, must<fallacy_reality>> {};
// One test of '@' before either metadata rule, so a member without metadata (nearly
// every one) pays for one failed character test, as before `@fallacy` was added.
struct preamble : star<sor<doc_line, seq<at<one<'@'>>, sor<fallacy, metadata>>>, sep> {};

struct colon : one<':'> {};
struct equals : seq<one<'='>, not_at<one<'='>>> {};
struct open_brace : one<'{'> {};
struct close_brace : one<'}'> {};
struct open_paren : one<'('> {};
struct default_value : seq<sep, equals, sep, must<expr>> {};

struct import_decl : seq<kw_import, sep, must<string_literal>> {};

struct field : seq<preamble, name, sep, must<colon>, sep, must<type_expr>, opt<default_value>> {};
struct record_decl : seq<kw_record, sep, must<name>, sep, must<open_brace>, sep, star<field, sep>,
                         must<close_brace>> {};

struct enum_member : identifier {};  // `none` is a fine member name
struct enum_decl
    : seq<kw_enum, sep, must<name>, sep, must<open_brace>, sep,
          list<enum_member, seq<sep, one<','>, sep>>, opt<sep, one<','>>, sep, must<close_brace>> {
};

struct parameter : seq<name, sep, must<colon>, sep, must<type_expr>, opt<default_value>> {};
struct parameters
    : seq<open_paren, sep, opt<list<parameter, seq<sep, one<','>, sep>>>, sep, must<close_paren>> {
};
struct declared_type : seq<sep, colon, sep, must<type_expr>> {};
struct input_decl
    : seq<kw_input, sep, must<name>, sep, must<colon>, sep, must<type_expr>, opt<default_value>> {};
struct property_decl
    : seq<name, opt<sep, parameters>, opt<declared_type>, sep, must<equals>, sep, must<expr>> {};
// `require tensor_parallel <= kv_heads else "..."`: a constraint every instance of the
// scenario must meet. A property may still be named `require` (`require = ...`).
struct require_condition : nested_expr {};
struct require_message : string_literal {};
struct require_else : seq<kw_else, sep, must<require_message>> {};
struct require_decl : seq<kw_require, not_at<sep, sor<equals, one<':'>>>, sep,
                          must<require_condition>, sep, must<require_else>> {};
struct member : seq<preamble, sor<input_decl, require_decl, property_decl>> {};
struct scenario_decl : seq<kw_scenario, sep, must<name>, sep, must<open_brace>, sep,
                           star<member, sep>, must<close_brace>> {};

struct case_base : name {};
struct case_call : seq<one<'('>, sep, arguments, sep, must<close_paren>> {};
struct case_with : seq<kw_with, sep, arguments> {};
struct case_body : sor<case_call, case_with> {};
struct case_decl : seq<kw_case, sep, must<name>, sep, must<equals>, sep, must<case_base>, hsep,
                       must<case_body>> {};

struct tolerance : seq<sep, kw_within, sep, must<expr>> {};
struct check_decl : seq<kw_check, sep, must<expr>, opt<tolerance>> {};

struct let_decl
    : seq<kw_let, sep, must<name>, opt<declared_type>, sep, must<equals>, sep, must<expr>> {};

struct native_constant : seq<kw_let, sep, must<name>, sep, must<colon>, sep, must<type_expr>> {};
struct native_function : seq<name, sep, must<parameters>, sep, must<colon>, sep, must<type_expr>> {
};
struct native_body : sor<native_constant, native_function> {};
struct native_decl : seq<kw_native, sep, must<native_body>> {};

struct about_case : name {};
struct exercise_about : seq<kw_about, sep, must<about_case>> {};
struct vary_name : name {};
struct close_bracket : one<']'> {};
struct vary_list : seq<one<'['>, sep, list<nested_expr, seq<sep, one<','>, sep>>,
                       opt<sep, one<','>>, sep, must<close_bracket>> {};
struct range_end : nested_expr {};
struct range_step : nested_expr {};
struct vary_range : seq<range_start, sep, range_dots, sep, must<range_end>, sep, must<kw_step>, sep,
                        must<range_step>> {};
struct vary_values : sor<vary_list, vary_range> {};
struct exercise_vary
    : seq<kw_vary, sep, must<vary_name>, sep, must<kw_in>, sep, must<vary_values>> {};
struct prompt_text : list<string_literal, sep> {};
struct exercise_prompt : seq<kw_prompt, sep, must<prompt_text>> {};
struct exercise_answer : seq<kw_answer, sep, must<expr>> {};
struct exercise_within : seq<kw_within, sep, must<expr>> {};
struct hint_text : string_literal {};
struct exercise_hint : seq<kw_hint, sep, must<hint_text>> {};
// A declared slip: `slip kv_per_token / 2 feedback "Keys and values: 2 per element." credit 0.5`.
struct slip_feedback : string_literal {};
struct slip_credit : seq<kw_credit, sep, must<expr>> {};
struct exercise_slip : seq<kw_slip, sep, must<expr>, sep, must<kw_feedback>, sep,
                           must<slip_feedback>, opt<sep, slip_credit>> {};
// A filter: a sweep keeps the points, an exercise the variants, where it holds.
struct sweep_where : seq<kw_where, sep, must<expr>> {};
struct exercise_item : sor<exercise_about, exercise_vary, exercise_prompt, exercise_answer,
                           exercise_within, exercise_hint, exercise_slip, sweep_where> {};
struct exercise_close : one<'}'> {};
struct exercise_decl : seq<kw_exercise, sep, must<name>, sep, must<open_brace>, sep,
                           star<exercise_item, sep>, must<exercise_close>> {};

struct range_factor : nested_expr {};
struct range_step_by : seq<kw_step, sep, must<range_step>> {};
struct range_times : seq<kw_times, sep, must<range_factor>> {};
struct range_stride : sor<range_step_by, range_times> {};
// Without a stride a range of counts steps by 1 (as a list range and `--vary n=1..3` do);
// the checker asks a range of physical quantities for one (E0137).
struct sweep_range
    : seq<range_start, sep, range_dots, sep, must<range_end>, opt<sep, range_stride>> {};
struct sweep_values : sor<vary_list, sweep_range> {};
struct sweep_vary : seq<kw_vary, sep, must<vary_name>, sep, must<kw_in>, sep, must<sweep_values>> {
};
struct show_list : list<nested_expr, seq<sep, one<','>, sep>> {};
struct sweep_show : seq<kw_show, sep, must<show_list>> {};
struct sweep_minimize : seq<kw_minimize, sep, must<expr>> {};
struct sweep_maximize : seq<kw_maximize, sep, must<expr>> {};
struct sweep_item
    : sor<exercise_about, sweep_vary, sweep_show, sweep_where, sweep_minimize, sweep_maximize> {};
struct sweep_close : one<'}'> {};
struct sweep_decl : seq<kw_sweep, sep, must<name>, sep, must<open_brace>, sep,
                        star<sweep_item, sep>, must<sweep_close>> {};

struct decl_body : sor<import_decl, record_decl, enum_decl, scenario_decl, case_decl, check_decl,
                       let_decl, native_decl, exercise_decl, sweep_decl> {};
struct decl : seq<preamble, must<decl_body>> {};
// The start of a declaration (documentation, metadata or a declaration's keyword), for
// the REPL to tell a declaration from an expression by the grammar itself.
struct declaration_start : seq<sep, preamble, decl_body> {};
struct end_of_file : eof {};
struct file : seq<sep, star<not_at<eof>, decl, sep>, must<end_of_file>> {};

// A lone expression, for `reckon eval EXPR` and `--set NAME=EXPR`.
struct expression_only : seq<sep, must<expr>, sep, must<end_of_file>> {};

// The command line's --vary values: a list `1, 2, 4` or a range `2048..32768*2`
// (times 2), `1..64+8` (step 8) or `1..8` (step 1). The range's end and stride are
// postfix terms so that `*2` is the stride, not part of the end; parenthesize more.
// A number's unit at the end stops before a `*` that a digit or `(` follows, which no
// unit factor starts with: `32768 token*2` is 32768 token times 2 (elsewhere `token*2`
// is E0106, a unit with a factor missing).
struct spec_unit : seq<unit_factor, star<not_at<one<'*'>, sor<digit, one<'('>>>,
                                         sor<unit_mul, unit_div>, must<unit_factor>>> {};
struct spec_quantity : seq<number, opt<hsep, not_at<exercise_word>, spec_unit>> {};
struct spec_end : sor<literal_mistake, spec_quantity, postfix> {};
struct spec_operand : postfix {};
struct spec_times : seq<one<'*'>, sep, must<spec_operand>> {};
struct spec_step : seq<one<'+'>, sep, must<spec_operand>> {};
struct spec_range
    : seq<range_start, sep, range_dots, sep, must<spec_end>, sep, opt<sor<spec_times, spec_step>>> {
};
struct spec_list : list<nested_expr, seq<sep, one<','>, sep>> {};
struct spec_values : sor<spec_range, spec_list> {};
struct vary_spec : seq<sep, must<spec_values>, sep, must<end_of_file>> {};
// The command line's --show: expressions separated by commas.
struct expression_list : seq<sep, must<show_list>, sep, must<end_of_file>> {};

}  // namespace reckon::grammar
