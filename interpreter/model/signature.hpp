// Declarations written back as text, for listings, `:doc` and reference pages.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "interpreter/model/program.hpp"

namespace reckon {

// The source text of a range (a definition as written).
std::string_view source_text(const Program& program, SourceRange range);

// A definition written over several lines, as one: runs of white space become one space.
std::string one_line(std::string_view text);

// `int token?`, `GB`, `Transformer`.
std::string type_text(const TypeExpr& type);

// `name(param: type = default, ...): result`, or `NAME: type` for a constant.
std::string signature(const Program& program, const NativeDecl& native);

// `name(param: type, ...)` of a method, `name` of a property.
std::string signature(const Property& property);

// A constructor's: `Name(field: type = default, ...)` of a record, its fields in order,
// and `Name(input: type = default, ...)` of a scenario, its inputs (what a call of it
// takes), each default on one line as written.
std::string signature(const Program& program, const RecordDecl& record);
std::string signature(const Program& program, const ScenarioDecl& scenario);

// The value of a metadata key (`@source "..."`), or "".
std::string metadata(const Docs& docs, std::string_view key);

// The `@fallacy` lines of a declaration, in the order written.
std::vector<const Metadata*> fallacies(const Docs& docs);

// One entry of a declaration's metadata as every surface shows it (`:doc`, hover, `doc`,
// `list`, `explain --fallacies`): its key and its text. The one place that decides how a
// fallacy reads: its claim, then what is true instead.
struct MetadataLine {
  std::string key;
  std::string text;
};
std::string fallacy_text(const Metadata& fallacy);
// Every `@key` line in the order written, a fallacy as fallacy_text words it.
std::vector<MetadataLine> metadata_lines(const Docs& docs);

}  // namespace reckon
