// One version of one open document, loaded and checked as `reckon check` would, and
// kept for the questions an editor asks of it: what a name at a position refers to,
// where that is declared and used, what is in scope there, and (lazily, compiled on the
// first question that needs it) values of a case.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "interpreter/api/evaluation.hpp"
#include "interpreter/api/program.hpp"
#include "syntax/diagnostics.hpp"

namespace reckon::lsp {

// What a name refers to: a global declaration, or a member of one (an input or
// property of a scenario, a field of a record, a member of an enumeration), or a unit of
// the catalogue (which no declaration stands behind).
struct Symbol {
  enum class Kind { none, decl, input, property, field, enum_member, unit };
  Kind kind = Kind::none;
  const Decl* owner = nullptr;  // the declaration, or the one holding the member
  int index = -1;               // the member's index
  std::string_view unit;        // a unit's name, as written in the tree
  Symbol() = default;
  Symbol(Kind k, const Decl* o, int i, std::string_view u = {})
      : kind(k), owner(o), index(i), unit(u) {}
  bool operator==(const Symbol&) const = default;
  explicit operator bool() const { return kind != Kind::none; }
};

// A member of a value: an input or property of an instance, or a field of a record,
// and its type. The one lookup of a name after `.` that the occurrences (hover,
// navigation) and completion share.
struct Member {
  Symbol symbol;
  Type type;
};
std::optional<Member> member_of(const ScenarioDecl& s, const std::string& name);
std::optional<Member> member_of(const Type& t, const std::string& name);

// A place in a file of the program.
struct Place {
  FileId file = 0;
  std::uint32_t begin = 0, end = 0;
};

// A name written somewhere, and what it refers to.
struct Occurrence {
  Place place;
  Symbol symbol;
  const Expr* expr = nullptr;           // the name, member or call (null for a declaration)
  const ScenarioDecl* scope = nullptr;  // the scenario whose members are in scope there
  bool in_method_or_local = false;      // inside a method body, or under a local binder
  bool is_declaration = false;
};

// A call of a builtin (`sum(xs)`): where its name is written, and the name. Kept apart
// from the occurrences, since a builtin has no declaration to go to, rename or find.
struct BuiltinCall {
  Place place;
  std::string_view name;  // the callee's text, owned by the program
};

class Analysis {
 public:
  // Loads `text` as the file `path` (imports resolve next to it), then checks it. The
  // document's parse cache, if given, holds the trees of its last version that parsed,
  // and `module_caches` those of the modules it imports.
  Analysis(const Library& library, const std::string& path, std::string text, std::int64_t version,
           ParseCache* cache = nullptr, ParseCaches* module_caches = nullptr);

  const Program& program() const { return *program_; }
  std::int64_t version() const { return version_; }
  const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }
  // How long loading (parsing the file, the prelude and the imports) and checking took,
  // in milliseconds (the server's RECKON_LSP_TIMINGS log).
  double load_ms() const { return load_ms_; }
  double check_ms() const { return check_ms_; }
  // The main file's declarations parsed, and taken from the parse cache, by the load.
  std::size_t parsed_decls() const { return parsed_decls_; }
  std::size_t reused_decls() const { return reused_decls_; }
  // The main file parsed: names can be looked up (even when the checker found errors).
  // After a syntax error in it, the program is that of the file with its failing lines
  // blanked (recovered()): names, values and checks come from the rest of the file.
  bool parsed() const { return program_->main != nullptr; }
  bool recovered() const { return recovered_; }
  FileId main_file() const { return program_->main ? program_->main->file : 0; }

  // Every name written in the main file and its imports (and, for declarations, each
  // declared name), in file order per file; built on first use.
  const std::vector<Occurrence>& occurrences();
  // The innermost occurrence in the main file covering `offset`.
  std::optional<Occurrence> at(std::uint32_t offset);
  // The builtin whose call's name in the main file covers `offset`, if any.
  std::optional<BuiltinCall> builtin_at(std::uint32_t offset);
  // Where `s` is declared.
  std::optional<Place> declaration(const Symbol& s) const;
  // The scenario whose body holds `offset` in the main file, if any.
  const ScenarioDecl* scenario_at(std::uint32_t offset) const;

  // The case whose values hover and inlay hints show: `chosen` if the main file's
  // program has such a case, else the main file's first case. With `scenario`, the
  // case must be of it (then the first such case of the main file).
  const CaseDecl* case_for(const std::string& chosen, const ScenarioDecl* scenario) const;
  // The value of `s` (an input or property of `c`'s scenario, or a let) as `reckon
  // eval` shows it, or an error's text; nullopt when there is nothing to evaluate (the
  // symbol has no single value, or it depends on an error the checker found: values
  // that do not are computed in the program without it, salvage.hpp). Compiles on
  // first use.
  // `short_records`: a record named short (an inlay hint, one line among the code's);
  // whole otherwise (a hover).
  std::optional<std::string> value_of(const Symbol& s, const CaseDecl* c,
                                      bool short_records = false);
  // The main file's checks that do not hold (E0509, the left and right sides as notes,
  // as `reckon run` reports them), and the run-time errors met evaluating them, in
  // file order; the checks that depend on an error the checker found are skipped.
  std::vector<Diagnostic> failed_checks();

 private:
  // The program values are computed in: this one when it checked, else the salvaged
  // one (null when there is none), compiled, with its evaluator.
  Evaluator* values();
  // The declaration of the values' program that stands for `d` of this one (the same
  // kind, file and place), or null when it was blanked.
  const Decl* counterpart(const Decl* d) const;
  // A range of the values' program as a range of this one (files matched by name).
  SourceRange own_range(SourceRange r) const;

  // After a syntax error in the main file: its text with each failing line blanked
  // (offsets unchanged), loaded and checked as program_, if that parses.
  void recover(const Diagnostic& syntax_error);

  const Library* library_;
  std::string path_;
  bool recovered_ = false;
  bool no_values_ = false;                // recovered, but values could be wrong (recover())
  std::vector<Diagnostic> check_errors_;  // the checker's errors in program_
  std::unique_ptr<Program> program_;
  std::unique_ptr<Program> salvaged_;
  bool salvage_tried_ = false;
  std::int64_t version_ = 0;
  std::vector<Diagnostic> diagnostics_;
  double load_ms_ = 0, check_ms_ = 0;
  std::size_t parsed_decls_ = 0, reused_decls_ = 0;
  bool checked_ = false;  // checked without errors: values may be computed
  bool compiled_ = false;
  std::unique_ptr<Evaluator> evaluator_;
  std::optional<std::vector<Occurrence>> occurrences_;
  std::vector<BuiltinCall> builtin_calls_;  // built with the occurrences
};

}  // namespace reckon::lsp
