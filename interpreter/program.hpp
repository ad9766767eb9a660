// A loaded program: the main file, everything it imports, and the standard library's
// prelude, with one global namespace filled in by the checker.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "interpreter/native.hpp"
#include "syntax/ast.hpp"
#include "syntax/source.hpp"

namespace reckon {

class ParseCache;

// A top-level name a module of a standard library declares.
struct DeclaredName {
  std::string_view name;
  std::string_view module;
};

// What the interpreter needs from a standard library, so that interpreter/ does not
// depend on stdlib/.
struct Library {
  const NativeRegistry* natives = nullptr;
  // The text of a module imported by bare name (`import "models"`), if it exists.
  std::function<std::optional<std::string_view>(std::string_view)> module_source;
  // Whether a text module_source gave stays valid and unchanged for the whole process
  // (compiled into the binary): the loader then keeps a view of it, not a copy. Unset:
  // never. A question about the text, not the name, so a Library that wraps another's
  // module_source (the REPL's session) keeps it right.
  std::function<bool(std::string_view)> text_is_permanent;
  std::function<std::vector<std::string>()> module_names;
  // The names its modules declare, sorted by name (what a lazy load, LazyStdlib, parses
  // by). Empty: a lazy load parses what the program imports and nothing of the prelude.
  std::span<const DeclaredName> declarations;
  // How a module is named in messages; default "<stdlib>/NAME.rk".
  std::function<std::string(std::string_view)> module_display_name;
  // Modules every program sees without importing them (the native functions).
  std::vector<std::string> prelude;
  // The module, imported by bare name, that holds an interactive session's definitions
  // (the REPL's): it shadows the standard library and is shadowed by the user's files.
  // Empty: none.
  std::string session_module;
  // The registry modules (data, not functions) that commands without a file, `reckon list`
  // and the REPL import for the user: `reckon eval 'H100.memory'` needs no import line.
  std::vector<std::string> registries;
  // The text to use instead of a file on disk, by its canonical path: an editor's unsaved
  // buffer (the language server's open documents). Unset, or nullopt for a path: the file.
  std::function<std::optional<std::string>(const std::string&)> file_overlay;
};

// `import "NAME"` lines for every registry of the library, one per line.
inline std::string registry_imports(const Library& lib) {
  std::string text;
  for (const std::string& name : lib.registries) text += "import \"" + name + "\"\n";
  return text;
}

inline constexpr std::size_t max_import_depth = 64;
// The largest source file (or text) the loader accepts.
inline constexpr std::size_t max_input_bytes = 16u << 20;

// The values of constant lets (LetDecl::constant), shared by every evaluator of a
// program, as the Python original's module-level models are: the first evaluator to
// compute one publishes it, and the others read it without a lock. A let that names a
// case is not constant: an evaluator may rebind that case's inputs (--set, sweeps).
class ConstantLets {
 public:
  explicit ConstantLets(std::size_t count) : slots_(std::make_unique<Slot[]>(count)) {}

  const Value* find(std::uint32_t slot) const {
    const Slot& s = slots_[slot];
    return s.state.load(std::memory_order_acquire) == ready ? &s.value : nullptr;
  }
  void publish(std::uint32_t slot, const Value& v) {
    Slot& s = slots_[slot];
    int expected = empty;
    if (!s.state.compare_exchange_strong(expected, writing, std::memory_order_acq_rel)) return;
    s.value = v;
    s.state.store(ready, std::memory_order_release);
  }

 private:
  enum : int { empty, writing, ready };
  struct Slot {
    std::atomic<int> state{empty};
    Value value;
  };
  std::unique_ptr<Slot[]> slots_;
};

struct Program {
  SourceManager sources;
  std::vector<std::unique_ptr<Module>> modules;  // dependencies before dependents
  const Module* main = nullptr;
  const Library* library = nullptr;

  // Filled by the checker.
  std::unordered_map<std::string, Decl*> globals;
  // How many lets and cases have a memo_slot (numbered by the checker).
  std::uint32_t let_count = 0;
  std::uint32_t case_count = 0;
  // Made by compile_program; declared after `modules`, so destroyed before them.
  std::unique_ptr<ConstantLets> constant_lets;

  Decl* find(std::string_view name) const {
    auto it = globals.find(std::string(name));
    return it == globals.end() ? nullptr : it->second;
  }
  template <typename D>
  std::vector<D*> main_decls(DeclKind kind) const {
    std::vector<D*> out;
    if (main)
      for (const auto& d : main->decls)
        if (d->kind == kind) out.push_back(static_cast<D*>(d.get()));
    return out;
  }
};

// A load that parses only the standard library modules a program names (docs/
// performance.md, "Start-up"). The prelude's modules, and with `registries` the
// library's registries that the program imports, are parsed when a word of the program,
// of a module loaded or of `also_named` (text to be checked in the program later: an
// eval's expression) is a name one of them declares, with the modules they import and
// name in turn; a program that writes `every` gets them all. Sources, file ids and the
// order of modules are the eager load's, so a program that checks computes what it
// would with the whole library. Its errors may not be the same (a did-you-mean lists
// the names loaded): a caller retries a load, check or question that failed with the
// whole library (api::load_lazily), so every message is the eager load's.
struct LazyStdlib {
  bool registries = false;
  std::string_view also_named;
};

// Reads, parses and imports into `program` (which owns the sources, so errors can
// be printed after a throw). Throws UserError (a missing file, a syntax error, an
// import cycle) located where it happened. The whole prelude, or with `lazy`, what the
// program names of it.
void load_program(Program& program, const Library& library, const std::string& path,
                  const LazyStdlib* lazy = nullptr);
// Parse caches of the modules a program imports, by the loader's key of each module
// (`stdlib:NAME`, `file:PATH`).
using ParseCaches = std::unordered_map<std::string, std::unique_ptr<ParseCache>>;

// The same for a text that is not on disk (tests, the REPL, the language server). With
// a cache, the text is parsed through it (grammar/parse.hpp's ParseCache: the parse
// trees of the text's last version that parsed, which this one updates); with
// `module_caches`, the prelude's and the imported modules are too.
void load_program_text(Program& program, const Library& library, const std::string& name,
                       std::string text, ParseCache* cache = nullptr,
                       ParseCaches* module_caches = nullptr, const LazyStdlib* lazy = nullptr);

}  // namespace reckon
