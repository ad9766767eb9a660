// Writing and reading the sheet record (sheet.hpp).
#include "interpreter/exercise/sheet.hpp"

#include <filesystem>
#include <nlohmann/json.hpp>

#include "interpreter/load/input_file.hpp"
#include "syntax/diagnostics.hpp"

namespace reckon::exercise {

namespace {

constexpr int max_variants = 10000;  // as build's --variants

}  // namespace

std::string sheet_record_json(const SheetRecord& record) {
  nlohmann::ordered_json j;
  j["reckon_sheet"] = 1;
  j["file"] = record.file;
  j["seed"] = record.seed;
  j["variants"] = record.variants;
  j["exercises"] = nlohmann::ordered_json::array();
  for (const auto& x : record.exercises)
    j["exercises"].push_back({{"name", x.name}, {"answers", x.answers}});
  return j.dump(2) + "\n";
}

SheetRecord read_sheet_record(Program& program, const std::string& path) {
  namespace fs = std::filesystem;
  std::string name = path;
  std::error_code ec;
  if (fs::is_directory(path, ec)) name = (fs::path(path) / sheet_record_name).string();
  std::string text;
  try {
    text = read_input_file(name, name, max_input_bytes);
  } catch (const UserError& e) {
    if (e.diagnostic().code != "E0201") throw;
    throw UserError("E0707", "cannot open the sheet record `" + name +
                                 "`: build the sheets with -o DIR, which writes DIR/" +
                                 sheet_record_name);
  }
  FileId f = program.sources.add(name, text);
  auto at = [&](std::size_t offset) {
    auto b = static_cast<std::uint32_t>(std::min(offset, text.size()));
    return SourceRange{f, b, b};
  };
  auto fail = [&](std::size_t offset, const std::string& why) {
    throw UserError(at(offset), "E0707", "not a sheet record: " + why);
  };

  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    // e.byte is 1-based: the byte at which parsing failed.
    fail(e.byte > 0 ? e.byte - 1 : 0, "it is not JSON");
  }
  if (!j.is_object() || !j.contains("reckon_sheet"))
    fail(0, "expected an object with \"reckon_sheet\": 1, as `reckon exercises build` writes");
  SheetRecord r;
  auto field = [&](const char* key) -> const nlohmann::json& {
    if (!j.contains(key)) fail(0, std::string("it has no \"") + key + "\"");
    return j[key];
  };
  const auto& file = field("file");
  const auto& seed = field("seed");
  const auto& variants = field("variants");
  const auto& exercises = field("exercises");
  if (!file.is_string()) fail(0, "\"file\" must be a string");
  if (!seed.is_number_unsigned()) fail(0, "\"seed\" must be a whole number, 0 or more");
  if (!variants.is_number_unsigned() || variants.get<std::uint64_t>() < 1 ||
      variants.get<std::uint64_t>() > max_variants)
    fail(0, "\"variants\" must be a whole number from 1 to " + std::to_string(max_variants));
  const char* list = "\"exercises\" must be a list of {\"name\": ..., \"answers\": ...}";
  if (!exercises.is_array()) fail(0, list);
  for (const auto& x : exercises) {
    if (!x.is_object() || !x.contains("name") || !x["name"].is_string() || !x.contains("answers") ||
        !x["answers"].is_string())
      fail(0, list);
    r.exercises.push_back({x["name"].get<std::string>(), x["answers"].get<std::string>()});
  }
  r.file = file.get<std::string>();
  r.seed = seed.get<std::uint64_t>();
  r.variants = static_cast<int>(variants.get<std::uint64_t>());
  return r;
}

}  // namespace reckon::exercise
