// Checking maps: literals (keys of one type, each once; values of one type, as a list's
// elements are), lookups (a missing key reported here when the map's keys are known),
// `for (k, v) in m`, and keys/values.
#include <fmt/format.h>

#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include "interpreter/check/check_context.hpp"
#include "interpreter/model/builtins.hpp"
#include "interpreter/model/suggest.hpp"
#include "interpreter/model/type_names.hpp"

namespace reckon {

namespace {

Type enumeration_type(const EnumDecl* en) {
  Type t = Type::of(TypeKind::enumeration);
  t.enumeration = en;
  return t;
}

// A key as written in a literal: `"us-east"`, `nvidia`, `3`; an expression as `key i`.
std::string written_key(const Expr& key, std::size_t i) {
  if (key.kind == ExprKind::text) return "\"" + key.text + "\"";
  if (key.kind == ExprKind::name) return key.text;
  if (key.kind == ExprKind::number && !key.unit) return fmt::format("{}", key.number);
  return fmt::format("key {}", i);
}

// A key as the duplicate check compares it: its kind (quoted or a name) and its text.
using WrittenKey = std::pair<ExprKind, std::string_view>;
struct WrittenKeyHash {
  std::size_t operator()(const WrittenKey& k) const {
    return std::hash<std::string_view>{}(k.second) ^ static_cast<std::size_t>(k.first);
  }
};

// Resolves the name `key` as a member of `en` (not through the scope: a key is never a
// variable), or reports it.
bool enum_key(CheckContext& c, Expr& key, const EnumDecl* en) {
  const int index = key.kind == ExprKind::name ? en->member_index(key.text) : -1;
  if (index < 0) {
    std::string message =
        key.kind == ExprKind::name
            ? fmt::format("`{}` is not a member of {}, the keys of this map", key.text, en->name)
            : fmt::format("the keys of this map are members of {}, not text", en->name);
    if (key.kind == ExprKind::name) message += did_you_mean(key.text, en->members);
    c.error(key.range, "E0363", message);
    return false;
  }
  key.ref = RefKind::enum_member;
  key.slot = index;
  key.target = en;
  key.type = enumeration_type(en);
  return true;
}

// The literal map `e` stands for, when its keys are known before it runs: `e` is one, or
// names a `let` or a property (of the scenario `s` is in) defined as one. Null otherwise.
// (An input's value is a case's to give, so an input's keys are not known.)
const Expr* known_map(const Expr& e, const Scope& s) {
  if (e.kind == ExprKind::map) return &e;
  if (e.kind != ExprKind::name) return nullptr;
  const Expr* value = nullptr;
  if (e.ref == RefKind::let && e.has_target()) value = e.target_as<LetDecl>().value.get();
  if (e.ref == RefKind::property && s.scenario && e.slot >= 0 &&
      static_cast<std::size_t>(e.slot) < s.scenario->properties.size())
    value = s.scenario->properties[static_cast<std::size_t>(e.slot)].body.get();
  return value && value->kind == ExprKind::map ? value : nullptr;
}

}  // namespace

Type check_map_literal(CheckContext& c, Expr& e, const Scope& s, const Type* expected) {
  const bool declared = expected && expected->is_map();
  const std::size_t n = e.operands.size() / 2;
  if (n == 0 && expected && expected->is_error()) return {};  // its type is reported
  if (n == 0 && !declared) {
    c.error(e.range, "E0360",
            "the key and value types of `{}` are unknown here: declare them, as in "
            "`let m: {text: GB} = {}`");
    return {};
  }
  // The key type: declared, or that of the first key (a bare name could be a member of
  // any enumeration).
  if (!declared && e.operands[0]->kind == ExprKind::name) {
    c.error(e.operands[0]->range, "E0363",
            fmt::format("the enumeration `{}` belongs to is unknown here: declare the map's "
                        "type, as in `let m: {{Vendor: GB}} = {{{}: ...}}`",
                        e.operands[0]->text, e.operands[0]->text));
    return {};
  }
  Type key_type = declared ? expected->map_key() : c.check(*e.operands[0], s, nullptr);
  if (key_type.is_error()) return {};
  if (auto problem = key_type_problem(key_type, "keys of a map")) {
    c.error(e.operands[0]->range, "E0364", *problem);
    return {};
  }
  const EnumDecl* key_enum = key_type.enumeration;
  bool failed = false;
  // The keys written out so far, for duplicates (the same kind and text), in a hash set,
  // so that a map of n entries checks in O(n): a scan of the keys before each took 3.8 to
  // 5.3 s at 40,000. Keys computed are compared when the map is made (E0549).
  std::unordered_set<WrittenKey, WrittenKeyHash> seen;
  std::vector<std::string> numbers;  // the texts of number keys, which `seen` points into
  numbers.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    Expr& key = *e.operands[2 * i];
    if (key_enum) {
      if (!enum_key(c, key, key_enum)) failed = true;
    } else if (key.kind == ExprKind::name) {
      c.error(key.range, "E0363",
              key_type.kind == TypeKind::text
                  ? fmt::format("the keys of this map are text: write the key in quotes, \"{}\"",
                                key.text)
                  : fmt::format("a bare name as a key is an enumeration member, and the keys of "
                                "this map are {}: write `({})` for the value of `{}`",
                                describe(key_type), key.text, key.text));
      failed = true;
      continue;
    } else if (declared) {
      c.expect(key, s, key_type, "the key " + written_key(key, i));
    } else {
      const Type t = i == 0 ? key_type : c.check(key, s, &key_type);
      if (t.is_error()) {
        failed = true;
        continue;
      }
      if (!c.meet(t, key_type) || t.kind != key_type.kind || t.optional) {
        c.error(key.range, "E0361",
                fmt::format("the keys of a map must be of one type: {} is {}, but {} is {}",
                            written_key(*e.operands[0], 0), describe(key_type), written_key(key, i),
                            describe(t)));
        failed = true;
        continue;
      }
    }
    std::string_view written = key.text;
    if (key.kind == ExprKind::number && !key.unit)
      written = numbers.emplace_back(fmt::format("{}", key.number));
    else if (key.kind != ExprKind::text && key.kind != ExprKind::name)
      continue;
    if (!seen.insert({key.kind, written}).second) {
      c.error(key.range, "E0362",
              fmt::format("the key {} is given twice in this map: each key has one value",
                          written_key(key, i)));
      failed = true;
    }
  }
  if (key_enum && !failed) {
    // A map keyed by an enumeration has a value for every member, so that looking up
    // any member finds one.
    std::string missing;
    std::size_t count = 0;
    for (const std::string& member : key_enum->members) {
      // Every key is a member's name here (enum_key accepted each).
      if (!seen.contains({ExprKind::name, member})) {
        missing += (count++ ? ", " : "") + member;
      }
    }
    if (count) {
      c.error(e.range, "E0366",
              fmt::format("this map keyed by {} has no value for {} {}: give every member one",
                          key_enum->name, count == 1 ? "the member" : "the members", missing));
      failed = true;
    }
  }
  // The values: of the declared type, or of one type among themselves.
  Type value;
  if (declared) {
    value = expected->map_value();
    // Named as written in messages: `the value of "a" must be gCO2e/kWh (...)`.
    const TypeExpr* written = c.written_type(expected);
    const TypeExpr* written_value = written && written->key ? written->element.get() : nullptr;
    for (std::size_t i = 0; i < n; ++i)
      c.expect_as_written(*e.operands[2 * i + 1], s, value,
                          "the value of " + written_key(*e.operands[2 * i], i), written_value);
  } else {
    value = c.check(*e.operands[1], s, nullptr);
    std::size_t first_typed = 0;
    bool values_failed = value.is_error();
    for (std::size_t i = 1; i < n; ++i) {
      Expr& v = *e.operands[2 * i + 1];
      const Type t = c.check(v, s, value.is_error() ? nullptr : &value);
      if (values_failed || t.is_error()) {
        values_failed = true;
        continue;
      }
      if (value.kind == TypeKind::none && t.kind != TypeKind::none) first_typed = i;
      std::optional<Type> both = c.meet(value, t);
      if (!both) {
        c.error(v.range, "E0361",
                fmt::format("the values of a map must be of one type: the value of {} is {}, "
                            "but the value of {} is {}",
                            written_key(*e.operands[2 * first_typed], first_typed), describe(value),
                            written_key(*e.operands[2 * i], i), describe(t)));
        values_failed = true;
        continue;
      }
      value = *both;
    }
    failed = failed || values_failed;
    if (!failed && value.kind == TypeKind::none) {
      c.error(e.range, "E0360",
              "the value type of this map is unknown: its values are all `none`; declare it, "
              "as in `let m: {text: GB?} = {\"a\": none}`");
      failed = true;
    }
  }
  if (failed) return {};
  return Type::map_of(key_type, value);
}

Type check_map_lookup(CheckContext& c, Expr& e, const Scope& s, const Type& map) {
  Expr& key = *e.operands[1];
  const Type wanted = map.map_key();
  const Type k = c.check(key, s, &wanted);
  if (k.is_error()) return {};
  if (map.optional) {
    c.error(e.operands[0]->range, "E0404", "this map may be none; give a fallback with `??`");
    return {};
  }
  const bool fits = k.kind == wanted.kind && k.enumeration == wanted.enumeration && !k.optional &&
                    c.meet(k, wanted);
  if (!fits) {
    c.error(key.range, "E0367",
            fmt::format("this map's keys are {}, not {}", describe(wanted), describe(k)));
    return {};
  }
  // A key written out, looked up in a map written out: found or not before it runs.
  const Expr* literal = known_map(*e.operands[0], s);
  const bool written = key.kind == ExprKind::text || key.ref == RefKind::enum_member;
  if (literal && written) {
    const std::size_t n = literal->operands.size() / 2;
    std::vector<std::string> keys;
    bool found = false;
    for (std::size_t i = 0; i < n; ++i) {
      const Expr& candidate = *literal->operands[2 * i];
      found = found || candidate.text == key.text;
      keys.push_back(candidate.text);
    }
    if (!found) {
      std::string listed;
      for (std::size_t i = 0; i < n; ++i)
        listed += (i ? ", " : "") + written_key(*literal->operands[2 * i], i);
      c.error(key.range, "E0365",
              fmt::format("no key {} in this map{}{}", written_key(key, 0),
                          n ? ": its keys are " + listed : std::string(": it is empty"),
                          did_you_mean(key.text, keys)));
      return {};
    }
  }
  return map.map_value();
}

Type check_map_comprehension(CheckContext& c, Expr& e, const Scope& s, const Type& map) {
  Expr& source = *e.operands[0];
  if (map.optional) {
    c.error(source.range, "E0404", "this map may be none; give a fallback with `??`");
    return {};
  }
  if (e.op != Op::mul || e.arguments.size() != 2) {
    const SourceRange at = e.arguments[0].value->range;
    c.error(at, "E0369",
            "going through a map binds each key and its value: write `for (key, value) in "
            "...`, or go through `keys(...)` or `values(...)`");
    return {};
  }
  e.slot = s.local_count();
  LocalScope key(s, *e.arguments[0].value, map.map_key());
  LocalScope value(key.scope(), *e.arguments[1].value, map.map_value());
  const Scope& inner = value.scope();
  return check_comprehension_body(c, e, inner);
}

Type check_map_builtin(CheckContext& c, Expr& e, MapBuiltin b, const Scope& s) {
  e.call = CallKind::map_builtin;
  e.slot = static_cast<int>(b);
  const std::string name(builtin_name(b));
  bool failed = false;
  for (Argument& a : e.arguments) {
    if (a.name) {
      c.error(a.name_range, "E0313", "`" + name + "` takes no named arguments");
      failed = true;
    }
  }
  if (e.arguments.size() != 1) {
    for (Argument& a : e.arguments) c.check(*a.value, s, nullptr);
    c.error(e.range, "E0311", "`" + name + "` takes one argument: a map");
    return {};
  }
  Expr& arg = *e.arguments[0].value;
  const Type t = c.check(arg, s, nullptr);
  if (failed || t.is_error()) return {};
  if (!t.is_map()) {
    c.error(arg.range, "E0368", "`" + name + "` needs a map, not " + describe(t));
    return {};
  }
  if (t.optional) {
    c.error(arg.range, "E0404", "this map may be none; give a fallback with `??`");
    return {};
  }
  return Type::list_of(b == MapBuiltin::keys ? t.map_key() : t.map_value());
}

}  // namespace reckon
