// The written unit of an expression: the unit a person wrote or declared for it, known
// before anything runs. `1.5 h` is in h, `x -> GiB` in GiB, a name in its declared unit,
// and operations that keep a unit keep it (`-x`, `a + b` when both agree, `2 * x`,
// `x / 2`, min/max/abs/floor/ceil/round, `??` and `if` when the sides agree). It is
// what a value is shown in when nothing else is asked (`0.12 USD/kWh` shows as written,
// not as 3.333e-8 s^2*USD/(kg*m^2)) and the unit in which `//`, `%`, floor, ceil and
// round work (operations.hpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "syntax/ast.hpp"

namespace reckon {

struct Program;

// The written unit of a checked expression, or nullopt when there is none (`a * b` of
// two quantities, a native's result, a sum of different units). A plain number's is the
// empty unit of scale 1. `scenario` and `parameters` are what the expression's bare
// names refer to (a scenario's inputs and properties, a method's parameters).
std::optional<DisplayUnit> written_unit(const Expr& e, const ScenarioDecl* scenario = nullptr,
                                        const std::vector<Parameter>* parameters = nullptr);

// The unit a value is shown in when none is asked for: a declared unit, or a `-> U`, as
// it is; otherwise the written unit, marked `ladder` when the dimension's display ladder
// has it as a step, so that the ladder chooses for a value other than zero: `999.97 GB`
// shows as 1.000 TB and `0.25 W` as 250 mW, while `80 GiB`, `2 week` and `0.12 USD/kWh`
// show as written, and `300 ms % 100 ms` as 0 ms.
std::optional<DisplayUnit> shown_unit(const Expr& e, const ScenarioDecl* scenario = nullptr,
                                      const std::vector<Parameter>* parameters = nullptr);

// The names a record built by `e` (a record's constructor call, or `r with f: x`) spells
// its fields' declared units in, as an interned tuple of units, one per field
// (DisplayUnit::tuple): where a field's argument is written in other names for the same
// unit (`4 TOP/s/device` for a field declared `flop/s/device`, `GiB/GPU` for `B/device`:
// units.hpp, respelled), the declared unit in those names; nullopt for the others. 0 when
// no field's argument is. Settled on the expression (Expr::field_spellings) and carried by
// the record it builds (RecordValue::spellings), so that the record shows `peak: 4
// TOP/s/device` wherever it shows (docs/language.md, "Display").
std::uint32_t record_spellings(const Expr& e);

// The dimension of a unit as written (`TFLOP/s/W`, `kg*m^2`), or nullopt if it names
// no unit of the catalogue.
std::optional<Dimension> unit_dimension(std::string_view text);

// After checking: gives every property and let without a declared unit its body's
// written unit to be shown in, and every `//`, `%`, floor, ceil and round the scales of
// its operands' units (Expr::operand_scales).
void settle_written_units(Program& program);
// The same for one expression checked against a program (the command line's, the
// REPL's, a sweep's).
void settle_written_units(Expr& e, const ScenarioDecl* scenario,
                          const std::vector<Parameter>* parameters = nullptr);
void settle_written_units(SweepDecl& sweep);

}  // namespace reckon
