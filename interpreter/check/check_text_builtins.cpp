// Checking the text builtins (builtins.hpp, from `contains` on; their meaning is
// text_ops.hpp's): each takes texts that cannot be none, by position, and gives a bool, a
// count, a text, a [text] or a plain number.
#include <fmt/format.h>

#include <string>
#include <string_view>

#include "interpreter/check/check_context.hpp"
#include "interpreter/model/builtins.hpp"
#include "interpreter/model/type_names.hpp"

namespace reckon {

namespace {

// How many texts each takes, and a call as written, for messages.
struct TextSignature {
  std::size_t texts;
  std::string_view usage;
};

TextSignature signature_of(ListBuiltin b) {
  switch (b) {
    case ListBuiltin::contains:
      return {2, "`contains(t, \"part\")`"};
    case ListBuiltin::startswith:
      return {2, "`startswith(t, \"prefix\")`"};
    case ListBuiltin::endswith:
      return {2, "`endswith(t, \"suffix\")`"};
    case ListBuiltin::find:
      return {2, "`find(t, \"part\")`"};
    case ListBuiltin::split:
      return {2, "`split(t, \",\")`"};
    case ListBuiltin::strip:
      return {1, "`strip(t)`"};
    case ListBuiltin::upper:
      return {1, "`upper(t)`"};
    case ListBuiltin::lower:
      return {1, "`lower(t)`"};
    case ListBuiltin::replace:
      return {3, "`replace(t, \"old\", \"new\")`"};
    default:
      return {1, "`number(\"12.5\")`"};
  }
}

}  // namespace

Type check_text_builtin(CheckContext& c, Expr& e, ListBuiltin b, const Scope& s) {
  const std::string_view name = builtin_name(b);
  const TextSignature sig = signature_of(b);
  bool failed = false;
  for (Argument& a : e.arguments)
    if (a.name) {
      c.error(a.name_range, "E0313",
              fmt::format("`{}` takes no named arguments: {}", name, sig.usage));
      failed = true;
    }
  if (e.arguments.size() != sig.texts) {
    for (Argument& a : e.arguments) c.check(*a.value, s, nullptr);
    c.error(e.range, "E0311",
            fmt::format("`{}` takes {} argument{}, not {}: {}", name, sig.texts,
                        sig.texts == 1 ? "" : "s", e.arguments.size(), sig.usage));
    return {};
  }
  for (Argument& a : e.arguments) {
    const Type t = c.check(*a.value, s, nullptr);
    if (t.is_error()) {
      failed = true;
    } else if (t.kind != TypeKind::text) {
      c.error(a.value->range, "E0337",
              fmt::format("`{}` works on texts, not {}: {}", name, describe(t), sig.usage));
      failed = true;
    } else if (t.optional) {
      c.error(a.value->range, "E0404", "this text may be none; give a fallback with `??`");
      failed = true;
    }
  }
  if (failed) return {};
  switch (b) {
    case ListBuiltin::contains:
    case ListBuiltin::startswith:
    case ListBuiltin::endswith:
      return Type::of(TypeKind::boolean);
    case ListBuiltin::find:
      return Type::quantity({}, true);  // an index, or -1
    case ListBuiltin::split:
      return Type::list_of(Type::of(TypeKind::text));
    case ListBuiltin::number:
      return Type::quantity({});
    default:
      return Type::of(TypeKind::text);
  }
}

}  // namespace reckon
