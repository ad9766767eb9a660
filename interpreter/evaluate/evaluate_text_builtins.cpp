// Evaluating the text builtins (builtins.hpp, from `contains` on; checked in
// check_text_builtins.cpp) and slices of texts, by text_ops.hpp. A text they build is
// counted against the memory budget (E0514) and the text limit (E0530) as `+` counts one.
#include <fmt/format.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "interpreter/evaluate/evaluator.hpp"
#include "interpreter/model/builtins.hpp"
#include "interpreter/values/lists.hpp"
#include "interpreter/values/text_ops.hpp"
#include "interpreter/values/text_value.hpp"
#include "interpreter/values/value_bytes.hpp"
#include "syntax/diagnostics.hpp"

namespace reckon {

Value Evaluator::text_builtin(const Expr& e, const Frame& frame) {
  const auto b = static_cast<ListBuiltin>(e.slot);
  Value scratch[3];
  std::string_view texts[3];
  for (std::size_t i = 0; i < e.arguments.size() && i < 3; ++i)
    texts[i] = reference(*e.arguments[i].value, frame, scratch[i]).text();
  const std::string_view t = texts[0];
  auto made = [&](std::string s) {
    check_text_size(s.size(), e.range);
    count_built(text_bytes(s.size()), e, "text");
    return built_text(std::move(s), e.range);
  };
  switch (b) {
    case ListBuiltin::contains:
      return Value::boolean(t.find(texts[1]) != std::string_view::npos);
    case ListBuiltin::startswith:
      return Value::boolean(t.starts_with(texts[1]));
    case ListBuiltin::endswith:
      return Value::boolean(t.ends_with(texts[1]));
    case ListBuiltin::find: {
      const auto at = text_ops::find(t, texts[1]);
      return Value::quantity(at ? static_cast<double>(*at) : -1.0);
    }
    case ListBuiltin::split: {
      if (texts[1].empty())
        throw UserError(e.arguments[1].value->range, "E0548",
                        "`split` needs a separator that is not empty (to take a text apart "
                        "character by character, slice it: `t[i:i + 1]`)");
      std::vector<std::string> pieces = text_ops::split(t, texts[1]);
      if (pieces.size() > max_list_length) list_too_long(e, static_cast<double>(pieces.size()));
      std::vector<Value> out;
      out.reserve(pieces.size());
      for (std::string& piece : pieces) out.push_back(made(std::move(piece)));
      return make_list(std::move(out), e);
    }
    case ListBuiltin::strip:
      return made(std::string(text_ops::strip(t)));
    case ListBuiltin::upper:
      return made(text_ops::upper(t));
    case ListBuiltin::lower:
      return made(text_ops::lower(t));
    case ListBuiltin::replace: {
      // Its size is known before it is built (E0530): replacing in a long text may multiply it.
      std::size_t count = 0;  // the places `new` goes
      if (texts[1].empty()) {
        count = text_ops::length(t) + 1;
      } else {
        for (std::size_t at = t.find(texts[1]); at != std::string_view::npos;
             at = t.find(texts[1], at + texts[1].size()))
          ++count;
      }
      check_text_size(t.size() - count * texts[1].size() + count * texts[2].size(), e.range);
      return made(text_ops::replace(t, texts[1], texts[2]));
    }
    case ListBuiltin::number: {
      if (auto x = text_ops::number(t)) return Value::quantity(*x);
      throw UserError(e.arguments[0].value->range, "E0548",
                      fmt::format("`number` needs a text that writes a number, as \"12.5\" or "
                                  "\"-3e2\"; \"{}\" writes none",
                                  std::string(t.substr(0, 40)) + (t.size() > 40 ? "..." : "")));
    }
    default:
      break;
  }
  throw std::logic_error("not a text builtin");
}

Value Evaluator::text_slice(const Expr& e, const Value& text, std::size_t begin, std::size_t end) {
  const std::string_view t = text.text();
  std::string out(text_ops::slice(t, begin, end));
  count_built(text_bytes(out.size()), e, "text");
  return built_text(std::move(out), e.range);
}

}  // namespace reckon
