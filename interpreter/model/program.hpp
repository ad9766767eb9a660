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

#include "interpreter/model/native.hpp"
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

}  // namespace reckon
