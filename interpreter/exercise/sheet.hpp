// The sheet record: what `reckon exercises build -o DIR` writes to DIR/sheet.json so that
// `reckon exercises grade --sheet DIR` grades against the same variants. Variant k of an
// exercise depends on the seed, so grading with another seed marks right answers wrong:
// grade refuses to run without the record or both --variants and --seed.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "interpreter/model/program.hpp"

namespace reckon::exercise {

struct SheetRecord {
  std::string file;  // the exercise file, as named on build's command line
  std::uint64_t seed = 1;
  int variants = 1;
  // Each exercise on the sheets, in the file's order, with Workbook::answers_digest.
  struct Exercise {
    std::string name;
    std::string answers;
  };
  std::vector<Exercise> exercises;
};

// The name of the record inside build's output directory.
inline constexpr const char* sheet_record_name = "sheet.json";

// The record as JSON text, ending with a newline.
std::string sheet_record_json(const SheetRecord& record);

// Reads the record at `path` (a sheet.json, or a directory holding one). Throws
// UserError E0707, located in `program`'s sources where it can be, if the file cannot be
// read or is not a record.
SheetRecord read_sheet_record(Program& program, const std::string& path);

}  // namespace reckon::exercise
