#include "interpreter/model/written_unit.hpp"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>

#include "interpreter/model/builtins.hpp"
#include "interpreter/model/program.hpp"
#include "interpreter/values/units.hpp"
#include "syntax/walk.hpp"

namespace reckon {

namespace {

using Unit = std::optional<DisplayUnit>;

// Native stack the search may use: undeclared properties and lets are followed into
// each other's bodies, and each body is a tree up to 256 levels tall. Past it an
// expression simply has no written unit (no real model comes near).
constexpr std::uintptr_t max_stack_bytes = 512u << 10;

Unit plain() { return DisplayUnit{"", 1}; }

bool same(const DisplayUnit& a, const DisplayUnit& b) {
  return a.symbol == b.symbol && a.scale == b.scale && a.tuple == b.tuple;
}

// A tuple's unit from its elements' units, or none when no element has one.
Unit tuple_unit(std::vector<Unit> elements) {
  if (std::none_of(elements.begin(), elements.end(), [](const Unit& u) { return u.has_value(); }))
    return std::nullopt;
  return DisplayUnit::of_tuple(std::move(elements));
}

// The unit two values written alike are in; tuples element by element, so that
// `[("a", 1 ms), ("b", 3 us)]` keeps what its elements agree on.
Unit agree(const Unit& a, const Unit& b) {
  if (!a || !b) return std::nullopt;
  if (a->is_tuple() && a->tuple == b->tuple) return a;  // the same interned elements
  const auto x = a->elements(), y = b->elements();
  if (!x.empty() && x.size() == y.size()) {
    std::vector<Unit> both;
    for (std::size_t i = 0; i < x.size(); ++i) both.push_back(agree(x[i], y[i]));
    return tuple_unit(std::move(both));
  }
  return same(*a, *b) ? a : std::nullopt;
}

// The element at a tuple index written out (`p[1]`), or -1 (a list's index).
std::ptrdiff_t tuple_position(const Expr& index) {
  if (!index.operands[0]->type.is_tuple()) return -1;
  const Expr& at = *index.operands[1];
  return at.kind == ExprKind::number ? static_cast<std::ptrdiff_t>(at.number) : -1;
}

Unit element_of(const Unit& tuple, std::ptrdiff_t i) {
  if (!tuple || i < 0) return std::nullopt;
  const DisplayUnit* u = tuple->element(static_cast<std::size_t>(i));
  return u ? Unit(*u) : std::nullopt;
}

bool is_plain(const Unit& u) { return u && u->symbol.empty() && u->scale == 1; }

// What a unit describes: a quantity's type, a tuple's, or a list's elements' (one unit
// for all). A map's unit is its values'.
const Type& scalar(const Type& t) {
  if (t.is_list()) return scalar(t.element());
  return t.is_map() ? scalar(t.map_value()) : t;
}

// The record type `e` builds: a record's constructor call, or `r with f: x` of a record.
const RecordDecl* built_record(const Expr& e) {
  if (e.kind == ExprKind::call && e.call == CallKind::record &&
      std::holds_alternative<const RecordDecl*>(e.target))
    return &e.target_as<RecordDecl>();
  if (e.kind == ExprKind::variant && e.type.kind == TypeKind::record) return e.type.record;
  return nullptr;
}

// The construction a let's record comes from when `e` names a let whose value is one
// (`let CORAL_EDGE_TPU = Accelerator(...)`), else null.
const Expr* let_record(const Expr& e) {
  if (e.kind != ExprKind::name || e.ref != RefKind::let) return nullptr;
  const LetDecl& let = e.target_as<LetDecl>();
  return let.value && built_record(*let.value) ? let.value.get() : nullptr;
}

// Whether a number literal's unit can respell `declared` (units.hpp, respells), read by
// its factors' names without composing its symbol.
bool literal_may_respell(const Expr& literal, std::string_view declared) {
  if (!literal.unit) return false;
  OtherNames names;
  for (const UnitFactor& f : literal.unit->factors) {
    names.gpu = names.gpu || gpu_name(f.name);
    names.ops = names.ops || op_name(f.name);
  }
  return respells(declared, names);
}

class Written {
 public:
  Written() {
    char here = 0;
    stack_base_ = reinterpret_cast<std::uintptr_t>(&here);
  }

  Unit of(const Expr& e, const ScenarioDecl* s, const std::vector<Parameter>* params) {
    char probe = 0;
    const auto here = reinterpret_cast<std::uintptr_t>(&probe);
    if (stack_base_ > here && stack_base_ - here > max_stack_bytes) return std::nullopt;
    Unit u = inner(e, s, params);
    // A unit only for what it can describe: no bare number for a quantity whose counting
    // units did not cancel, no unit for a plain number.
    const Type& t = scalar(e.type);
    if (u && (u->is_tuple() || t.is_tuple())) return u->is_tuple() == t.is_tuple() ? u : Unit{};
    if (u && u->symbol.empty() != (t.kind == TypeKind::quantity && t.dim.is_dimensionless()))
      return std::nullopt;
    return u;
  }

  // A property's declared unit, or (undeclared) its body's written unit, found once:
  // `p = q + q` asks for q's twice, and chains of such would take exponential time.
  Unit property(const ScenarioDecl& s, std::size_t index) {
    const Property& p = s.properties[index];
    if (p.display || p.declared || !p.body) return p.display;
    return remembered(&p, [&] { return of(*p.body, &s, &p.parameters); });
  }

  Unit let(const LetDecl& d) {
    if (d.display || d.declared || !d.value) return d.display;
    return remembered(&d, [&] { return of(*d.value, nullptr, nullptr); });
  }

  // The unit a value is shown in when nothing is asked: a declared unit or a `-> U` as it
  // is; otherwise the written unit, marked `ladder` when it is a step of the dimension's
  // display ladder, which then chooses the step for the value (999.97 GB shows as
  // 1.000 TB, 0.25 W as 250 mW); a unit the ladder lacks stays (80 GiB, 2 week).
  Unit shown(const Expr& e, const ScenarioDecl* s, const std::vector<Parameter>* params) {
    if (!describes(scalar(e.type))) return std::nullopt;
    switch (e.kind) {
      case ExprKind::tuple: {  // each element as it would show alone
        std::vector<Unit> elements;
        for (const ExprPtr& x : e.operands) elements.push_back(shown(*x, s, params));
        return tuple_unit(std::move(elements));
      }
      case ExprKind::index:  // `p[1]`: as the tuple shows that element
        if (const std::ptrdiff_t i = tuple_position(e); i >= 0)
          return element_of(shown(*e.operands[0], s, params), i);
        if (e.type.is_tuple()) return shown(*e.operands[0], s, params);  // `trace[0]`
        break;
      case ExprKind::convert:
        return of(e, s, params);
      case ExprKind::member:
        // A case's input in its declared unit; a record's field is declared for its
        // dimension (a registry's `memory: B/device` holds 80 GiB and 141 GB alike), so a
        // ladder step there lets the ladder choose, as a written unit does.
        if (e.operands[0]->type.kind != TypeKind::record || scalar(e.type).is_tuple())
          return of(e, s, params);  // a tuple field's elements as declared
        break;
      case ExprKind::name:
        // A property without its scenario: nothing known (binary_ladder would ask here
        // again, without end).
        if (e.ref == RefKind::property)
          return s ? shown_property(*s, static_cast<std::size_t>(e.slot)) : std::nullopt;
        if (e.ref == RefKind::let) return shown_let(e.target_as<LetDecl>());
        if (e.ref == RefKind::input || e.ref == RefKind::parameter) return of(e, s, params);
        break;
      case ExprKind::call:
        // A method as its property is shown: in its declared unit, or as its body.
        if (e.call == CallKind::method && e.has_target())
          return shown_property(e.target_as<ScenarioDecl>(), static_cast<std::size_t>(e.slot));
        break;
      case ExprKind::list:
        // Tuples as each shows alone, where they agree.
        if (!e.operands.empty() && e.type.element().is_tuple()) {
          Unit u = shown(*e.operands[0], s, params);
          for (std::size_t i = 1; i < e.operands.size() && u; ++i)
            u = agree(u, shown(*e.operands[i], s, params));
          return u;
        }
        // `[2000 MB -> MB, 1 GB -> MB]`: elements converted on purpose are shown in that
        // unit, as one converted value is.
        if (!e.operands.empty() &&
            std::all_of(e.operands.begin(), e.operands.end(),
                        [](const ExprPtr& x) { return x->kind == ExprKind::convert; }))
          return of(e, s, params);
        break;
      case ExprKind::comprehension:                // `[x -> MB for x in xs]`
        if (comprehended(e) == Comprehended::map)  // `{k: v for ...}`: the values' unit
          return shown(*comprehension_element(e).operands[1], s, params);
        if (comprehension_element(e).kind == ExprKind::convert) return of(e, s, params);
        if (comprehension_element(e).kind == ExprKind::tuple)
          return shown(comprehension_element(e), s, params);
        break;
      default:
        break;
    }
    Unit u = of(e, s, params);
    if (u) mark_ladder(*u, scalar(e.type));
    if (!u) u = binary_ladder(e, s, params);
    return u;
  }

  // Bytes written in binary units that disagree (`1 KiB .. 1 GiB times 2`, `[1 KiB,
  // 1 MiB]`, `1 KiB + 1 MiB`) are shown on the binary ladder, as one of them is shown in
  // the binary unit it was written in: a binary step marked `ladder` (format.hpp,
  // ladder_display_unit). The same for rates in binary units (`[1 KiB/s, 1 MiB/s]`) and
  // for bits (`[1 bit, 1 kbit]`), on the alternative ladders of units.hpp. nullopt when a
  // unit written in `e` is on another ladder (a decimal one) or none is on one.
  Unit binary_ladder(const Expr& e, const ScenarioDecl* s, const std::vector<Parameter>* params) {
    const Type& t = scalar(e.type);
    if (t.kind != TypeKind::quantity || !has_alternative_ladders(t.dim)) return std::nullopt;
    Unit found;
    int ladder = -1;
    bool mixed = false;
    if (!binary_written(e, s, params, found, ladder, mixed) || !found) return std::nullopt;
    // Written in units of another dimension (`1 GiB / 2 s`): no step of the value's.
    if (!alternative_step(t.dim, found->symbol)) return std::nullopt;
    // One binary unit written throughout (`sum(xs)` of a `[GiB]` list) stays in it, as
    // one value written in it does; units that disagree let the ladder choose.
    found->ladder = mixed;
    return found;
  }

  // Whether every unit with alternative ladders written in `e` (its literals, conversions
  // and the shown units of the names it uses) is a step of one alternative ladder,
  // `ladder`; `found` is the first of them that the decimal ladder lacks, and `mixed` whether
  // they disagree (two binary steps, or a name shown on the binary ladder).
  bool binary_written(const Expr& e, const ScenarioDecl* s, const std::vector<Parameter>* params,
                      Unit& found, int& ladder, bool& mixed) {
    auto on_ladder = [&](const Unit& u, const Dimension& d) {
      if (!u || u->is_tuple() || !has_alternative_ladders(d)) return true;  // not bytes
      // The byte is the first step of the binary ladder and the decimal one: `[512 B,
      // 1 KiB]`, a fold from `0 B`, does not decide between them (but is not a bit).
      const int on = alternative_ladder(d, u->symbol);
      if (on < 0 || (ladder >= 0 && on != ladder)) return false;
      ladder = on;
      if (alternative_step(d, u->symbol)) {
        // Two binary steps, or a name shown on the binary ladder (its own disagree).
        if (u->ladder || (found && found->symbol != u->symbol)) mixed = true;
        if (!found) found = DisplayUnit{u->symbol, u->scale};
      }
      return true;
    };
    switch (e.kind) {
      case ExprKind::number:
      case ExprKind::convert:  // of a list too (`sum(xs -> KiB)`): its elements' dimension
        return !e.unit || on_ladder(DisplayUnit{e.unit->text, e.unit_scale}, scalar(e.type).dim);
      case ExprKind::name:
        if (e.ref == RefKind::property || e.ref == RefKind::let || e.ref == RefKind::input ||
            e.ref == RefKind::parameter)
          return on_ladder(shown(e, s, params), scalar(e.type).dim);
        break;
      default:
        break;
    }
    for (const ExprPtr& x : e.operands)
      if (x && !binary_written(*x, s, params, found, ladder, mixed)) return false;
    // A builtin's arguments too: `sum([1 KiB, 1 KiB])`, `first(xs)`, `sort(xs)` show
    // as their list does.
    for (const Argument& a : e.arguments)
      if (a.value && !binary_written(*a.value, s, params, found, ladder, mixed)) return false;
    return true;
  }

  // A written unit that is a step of its dimension's ladder lets the ladder choose; in a
  // tuple, element by element.
  static void mark_ladder(DisplayUnit& u, const Type& t) {
    if (u.is_tuple()) {
      const auto types = t.tuple_elements();
      const auto units = u.elements();
      std::vector<Unit> marked(units.begin(), units.end());
      for (std::size_t i = 0; i < marked.size() && i < types.size(); ++i)
        if (marked[i]) mark_ladder(*marked[i], scalar(types[i]));
      u = DisplayUnit::of_tuple(std::move(marked));
      return;
    }
    if (ladder_step(t.dim, u.symbol)) u.ladder = true;
  }

  // Whether a unit can describe a value of type `t` (scalar): a quantity, or a tuple
  // whose elements may have units.
  static bool describes(const Type& t) {
    return t.kind == TypeKind::quantity || t.kind == TypeKind::tuple;
  }

  Unit shown_property(const ScenarioDecl& s, std::size_t index) {
    const Property& p = s.properties[index];
    if (p.declared || !p.body) return p.display;
    return remembered_shown(&p, [&] { return shown(*p.body, &s, &p.parameters); });
  }

  Unit shown_let(const LetDecl& d) {
    if (d.declared || !d.value) return d.display;
    return remembered_shown(&d, [&] { return shown(*d.value, nullptr, nullptr); });
  }

 private:
  template <typename F>
  Unit remembered(const void* key, F find) {
    if (auto it = known_.find(key); it != known_.end()) return *it->second;
    Unit u = find();
    known_.emplace(key, interned(u));
    return u;
  }
  template <typename F>
  Unit remembered_shown(const void* key, F find) {
    if (auto it = known_shown_.find(key); it != known_shown_.end()) return *it->second;
    Unit u = find();
    known_shown_.emplace(key, interned(u));
    return u;
  }
  // The memos hold each distinct unit once: a file of 500,000 lets writes a handful, and
  // a memo entry holding its unit took 80 bytes (docs/performance.md, "Memory").
  const Unit* interned(const Unit& u) {
    static const Unit none;
    if (!u) return &none;
    return &distinct_.try_emplace(key_of(*u), u).first->second;
  }
  // A text that tells distinct units apart, a tuple's elements (interned) included.
  static std::string key_of(const DisplayUnit& u) {
    return u.symbol + '\x1f' + std::to_string(std::bit_cast<std::uint64_t>(u.scale)) +
           (u.ladder ? 'L' : 'W') + (u.written_values ? 'V' : 'C') + std::to_string(u.tuple);
  }

  Unit inner(const Expr& e, const ScenarioDecl* s, const std::vector<Parameter>* params) {
    if (!describes(scalar(e.type))) return std::nullopt;
    auto sub = [&](std::size_t i) { return of(*e.operands[i], s, params); };
    switch (e.kind) {
      case ExprKind::tuple: {
        std::vector<Unit> elements;
        for (std::size_t i = 0; i < e.operands.size(); ++i) elements.push_back(sub(i));
        return tuple_unit(std::move(elements));
      }
      case ExprKind::number:
        return e.unit ? DisplayUnit{e.unit->text, e.unit_scale} : plain();
      case ExprKind::convert:
        return DisplayUnit{e.unit->text, e.unit_scale};
      case ExprKind::name:
        return name(e, s, params);
      case ExprKind::unary:
        return e.op == Op::neg ? sub(0) : std::nullopt;
      case ExprKind::conditional:
        return agree(sub(1), sub(2));
      case ExprKind::binary:
        return binary(e, s, params);
      case ExprKind::member:
        return member(e);
      case ExprKind::call:
        return call(e, s, params);
      case ExprKind::list: {  // the unit all its elements are written in
        if (e.operands.empty()) return std::nullopt;
        Unit u = sub(0);
        for (std::size_t i = 1; i < e.operands.size() && u; ++i) u = agree(u, sub(i));
        return u;
      }
      case ExprKind::number_list:  // every element is written in the first one's unit
        return sub(0);
      case ExprKind::map: {  // the unit all its values are written in
        if (e.operands.size() < 2) return std::nullopt;
        Unit u = sub(1);
        for (std::size_t i = 3; i < e.operands.size() && u; i += 2) u = agree(u, sub(i));
        return u;
      }
      case ExprKind::comprehension:  // a map comprehension's element is (key, value)
        return comprehended(e) == Comprehended::map ? element_of(sub(1), 1) : sub(1);
      case ExprKind::index:
        if (const std::ptrdiff_t i = tuple_position(e); i >= 0) return element_of(sub(0), i);
        return e.operands[0]->type.is_tuple() ? std::nullopt : sub(0);
      case ExprKind::slice:
        return sub(0);
      case ExprKind::range:  // `0 s .. 10 s step 2 s`: the unit of its start and end
        return agree(sub(0), sub(1));
      default:
        return std::nullopt;
    }
  }

  Unit name(const Expr& e, const ScenarioDecl* s, const std::vector<Parameter>* params) {
    const auto slot = static_cast<std::size_t>(e.slot);
    switch (e.ref) {
      case RefKind::unit:
        return DisplayUnit{e.text, e.unit_scale};
      case RefKind::let:
        return let(e.target_as<LetDecl>());
      case RefKind::input:
        return s ? s->inputs[slot].display : std::nullopt;
      case RefKind::property:
        return s ? property(*s, slot) : std::nullopt;
      case RefKind::parameter:
        return params ? (*params)[slot].display : std::nullopt;
      case RefKind::constant:  // a native constant in its declared unit
        return std::holds_alternative<const NativeDecl*>(e.target)
                   ? e.target_as<NativeDecl>().display
                   : std::nullopt;
      default:
        return std::nullopt;
    }
  }

  Unit member(const Expr& e) {
    const Type& obj = e.operands[0]->type;
    const auto slot = static_cast<std::size_t>(e.slot);
    if (obj.kind == TypeKind::record && obj.record) {
      // A let's record in the names its field was written in (`CORAL_EDGE_TPU.peak` in
      // TOP/s), as the record shows it; any other record's field as declared.
      if (const Expr* built = let_record(*e.operands[0]))
        if (Unit spelled = field_spelling(*built, slot)) return spelled;
      return obj.record->fields[slot].display;
    }
    if (obj.kind != TypeKind::instance || !obj.scenario) return std::nullopt;
    if (e.ref == RefKind::input) return obj.scenario->inputs[slot].display;
    if (e.ref == RefKind::property) return property(*obj.scenario, slot);
    return std::nullopt;
  }

  Unit binary(const Expr& e, const ScenarioDecl* s, const std::vector<Parameter>* params) {
    const Expr& l = *e.operands[0];
    const Expr& r = *e.operands[1];
    auto left = [&] { return of(l, s, params); };
    auto right = [&] { return of(r, s, params); };
    switch (e.op) {
      case Op::add:
      case Op::sub:
      case Op::coalesce:
        return agree(left(), right());
      case Op::mul: {
        Unit a = left(), b = right();
        if (is_plain(a)) return b;
        return is_plain(b) ? a : std::nullopt;
      }
      case Op::div:
        return is_plain(right()) ? left() : std::nullopt;
      case Op::floordiv:
        // A quantity // a number is in the quantity's unit (7 h // 2 is 3 h); a quantity
        // // a quantity is a plain number.
        if (r.type.dim.is_dimensionless()) return left();
        return plain();
      case Op::mod:
        return r.type.dim.is_dimensionless() ? left() : common_unit(left(), right());
      default:
        return std::nullopt;
    }
  }

  Unit call(const Expr& e, const ScenarioDecl* s, const std::vector<Parameter>* params) {
    if (e.call == CallKind::method) {
      const auto* sc = &e.target_as<ScenarioDecl>();
      return sc ? property(*sc, static_cast<std::size_t>(e.slot)) : std::nullopt;
    }
    // A native's result in its declared unit (`cost_per_token(...): USD/Mtoken`).
    if (e.call == CallKind::native && std::holds_alternative<const NativeDecl*>(e.target))
      return e.target_as<NativeDecl>().display;
    if (e.call != CallKind::builtin || e.arguments.empty()) return std::nullopt;
    auto arg = [&](std::size_t i) { return of(*e.arguments[i].value, s, params); };
    switch (static_cast<Builtin>(e.slot)) {
      case Builtin::abs:
      case Builtin::floor:
      case Builtin::ceil:
      case Builtin::round:
      case Builtin::bit_and:
      case Builtin::bit_or:
      case Builtin::bit_xor:
      case Builtin::shift_left:
      case Builtin::shift_right:
        return arg(0);
      case Builtin::min:
      case Builtin::max: {
        Unit u = arg(0);
        for (std::size_t i = 1; i < e.arguments.size() && u; ++i) u = agree(u, arg(i));
        return u;
      }
      default:
        return plain();  // of a plain number (`of` drops it otherwise)
    }
  }

 public:
  // The names each field of the record `e` builds is spelled in (record_spellings in
  // written_unit.hpp).
  std::uint32_t record_spellings(const Expr& e) {
    const RecordDecl* type = built_record(e);
    if (!type || e.binding.size() != type->fields.size()) return 0;
    std::vector<Unit> spelled;  // made for the first field spelled otherwise, if any
    for (std::size_t i = 0; i < type->fields.size(); ++i) {
      const int k = e.binding[i];
      const Unit& declared = type->fields[i].display;
      if (k < 0 || !declared || declared->is_tuple()) continue;
      const Expr& arg = *e.arguments[static_cast<std::size_t>(k)].value;
      // A literal's unit is read in place, by its factors: a registry has thousands, and a
      // REPL input re-checks the registries it names.
      if (arg.kind == ExprKind::number && !literal_may_respell(arg, declared->symbol)) continue;
      const Unit written = of(arg, nullptr, nullptr);
      if (!written || written->is_tuple() || !other_names(written->symbol)) continue;
      std::string names = respelled(declared->symbol, written->symbol);
      if (names == declared->symbol) continue;
      if (spelled.empty()) spelled.resize(type->fields.size());
      spelled[i] = *declared;
      spelled[i]->symbol = std::move(names);
    }
    return spelled.empty() ? 0 : DisplayUnit::of_tuple(std::move(spelled)).tuple;
  }

  // Field `slot` of the record `built` makes in the names it is spelled in, as the record
  // carries them (RecordValue::spellings_with): `r with f: x` leaves the other fields as
  // `r` spells them, followed through lets (`let B = A with ...`) up to a depth no real
  // registry reaches.
  Unit field_spelling(const Expr& built, std::size_t slot, int depth = 0) {
    DisplayUnit spellings;
    spellings.tuple = record_spellings(built);
    if (const DisplayUnit* spelled = spellings.element(slot)) return *spelled;
    if (depth < 64 && built.kind == ExprKind::variant && slot < built.binding.size() &&
        built.binding[slot] < 0) {
      const Expr& base = *built.operands[0];
      const Expr* from = built_record(base) ? &base : let_record(base);
      if (from) return field_spelling(*from, slot, depth + 1);
    }
    return std::nullopt;
  }

  // The unit `//` and `%` take two quantities of one dimension in: the finer of their
  // written units (1 h // 20 min is taken in minutes), either one when only one is
  // known, none when neither is.
  static Unit common_unit(const Unit& a, const Unit& b) {
    if (a && b) return a->scale <= b->scale ? a : b;
    return a ? a : b;
  }

 private:
  std::uintptr_t stack_base_ = 0;
  // Properties' and lets' written units, and the units they show in, in `distinct_`.
  std::unordered_map<const void*, const Unit*> known_;
  std::unordered_map<const void*, const Unit*> known_shown_;
  std::map<std::string, Unit> distinct_;  // stable nodes, by key_of
};

// --- settling -------------------------------------------------------------------------

class Settler {
 public:
  void expression(Expr& e, const ScenarioDecl* s, const std::vector<Parameter>* params) {
    for (auto& o : e.operands) expression(*o, s, params);
    if (e.callee) expression(*e.callee, s, params);
    for (Argument& a : e.arguments) expression(*a.value, s, params);
    if (e.type.is_error()) return;
    if (built_record(e)) e.field_spellings = written_.record_spellings(e);
    if (e.kind == ExprKind::format) return settle_format(e, s, params);
    if (e.kind == ExprKind::binary && (e.op == Op::floordiv || e.op == Op::mod)) {
      const Expr& l = *e.operands[0];
      const Expr& r = *e.operands[1];
      if (r.type.dim.is_dimensionless()) {
        e.operand_scales = {scale(l, written_.of(l, s, params)), 1};
      } else {
        Unit u = Written::common_unit(written_.of(l, s, params), written_.of(r, s, params));
        const double common = scale(l, u);
        e.operand_scales = {common, common};
      }
    }
    if (e.kind == ExprKind::call && e.call == CallKind::builtin && !e.arguments.empty()) {
      auto b = static_cast<Builtin>(e.slot);
      if (b == Builtin::floor || b == Builtin::ceil || b == Builtin::round) {
        const Expr& x = *e.arguments[0].value;
        const bool quotient = x.kind == ExprKind::binary && x.op == Op::div;
        e.operand_scales = {scale(x, written_.of(x, s, params)), quotient ? 1.0 : 0.0};
      }
    }
  }

  // A `{x}` of a text shows x as eval would show it alone: in its shown unit, kept in
  // the format node (ast.hpp) because the evaluator knows neither the scenario nor the
  // parameters an expression was checked in.
  void settle_format(Expr& e, const ScenarioDecl* s, const std::vector<Parameter>* params) {
    Unit u = written_.shown(*e.operands[0], s, params);
    if (!u || u->is_tuple()) {  // a tuple's elements each in a readable unit
      e.unit.reset();
      return;
    }
    e.unit = std::make_unique<UnitExpr>();
    e.unit->text = u->symbol;
    e.unit_scale = u->scale;
    e.number = !u->ladder ? 0 : u->written_values ? 2 : 1;  // evaluate_text.cpp reads it
  }

  void declaration(Decl& d) {
    // What a property or let without a declared type shows in, before its uses settle.
    if (d.kind == DeclKind::scenario) {
      auto& s = static_cast<ScenarioDecl&>(d);
      for (std::size_t i = 0; i < s.properties.size(); ++i) {
        Property& p = s.properties[i];
        if (!p.declared && !p.display && !p.resolved.is_error())
          p.display = written_.shown_property(s, i);
      }
    } else if (d.kind == DeclKind::let) {
      auto& l = static_cast<LetDecl&>(d);
      if (!l.declared && !l.display && !l.resolved.is_error()) l.display = written_.shown_let(l);
    }
    // Every expression, a `require`'s interpolated message included (`"kv {kv} too big"`
    // in kv's declared unit).
    for_each_expression(
        d, [&](ExprPtr& e, const ExprPlace& at) { expression(*e, at.scenario, at.parameters); });
  }

 private:
  // A plain number is taken as it is; a quantity in its written unit, or in base units.
  static double scale(const Expr& x, const Unit& u) {
    return u && !x.type.dim.is_dimensionless() ? u->scale : 1;
  }

  Written written_;
};

}  // namespace

std::optional<Dimension> unit_dimension(std::string_view text) {
  Dimension d;
  int sign = 1;
  while (!text.empty()) {
    const std::size_t end = std::min(text.find_first_of("*/"), text.size());
    std::string_view factor = text.substr(0, end);
    int power = 1;
    if (auto caret = factor.find('^'); caret != std::string_view::npos) {
      std::string_view digits = factor.substr(caret + 1);
      auto [stop, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), power);
      if (ec != std::errc{} || stop != digits.data() + digits.size()) return std::nullopt;
      factor = factor.substr(0, caret);
    }
    const UnitInfo* u = find_unit(factor);
    if (!u) return std::nullopt;
    auto p = u->dim.checked_pow(sign * power);
    auto product = p ? d.checked_times(*p) : std::nullopt;
    if (!product) return std::nullopt;
    d = *product;
    if (end == text.size()) break;
    sign = text[end] == '/' ? -1 : 1;  // an operator applies to the next factor only
    text.remove_prefix(end + 1);
  }
  return d;
}

std::optional<DisplayUnit> written_unit(const Expr& e, const ScenarioDecl* scenario,
                                        const std::vector<Parameter>* parameters) {
  return Written().of(e, scenario, parameters);
}

std::optional<DisplayUnit> shown_unit(const Expr& e, const ScenarioDecl* scenario,
                                      const std::vector<Parameter>* parameters) {
  return Written().shown(e, scenario, parameters);
}

std::uint32_t record_spellings(const Expr& e) { return Written().record_spellings(e); }

void settle_written_units(Program& program) {
  Settler settler;
  for (auto& m : program.modules)
    for (auto& d : m->decls) settler.declaration(*d);
}

void settle_written_units(Expr& e, const ScenarioDecl* scenario,
                          const std::vector<Parameter>* parameters) {
  Settler().expression(e, scenario, parameters);
}

void settle_written_units(SweepDecl& sweep) { Settler().declaration(sweep); }

}  // namespace reckon
