#include "interpreter/lsp/salvage.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <tuple>

#include "interpreter/api/program.hpp"

namespace reckon::lsp {

namespace {

// A declaration of the main file, or a member of one of its scenarios: what is blanked
// whole, and what its users are.
struct Item {
  std::uint32_t begin = 0, end = 0;
  std::vector<int> users;  // the items to blank with this one
  bool blanked = false;
};

using Key = std::tuple<const Decl*, Symbol::Kind, int>;

// What a symbol names, as an item's key: a scenario's input or property itself, else
// the declaration that holds it (a record's field, an enumeration's member).
Key key_of(const Symbol& s) {
  if (s.kind == Symbol::Kind::input || s.kind == Symbol::Kind::property)
    return {s.owner, s.kind, s.index};
  return {s.owner, Symbol::Kind::decl, -1};
}

class Items {
 public:
  explicit Items(const Module& main) {
    for (const auto& d : main.decls) {
      if (d->kind == DeclKind::import) continue;
      const int whole = add({d.get(), Symbol::Kind::decl, -1}, d->range.begin, d->range.end);
      if (d->kind != DeclKind::scenario) continue;
      const auto& s = static_cast<const ScenarioDecl&>(*d);
      for (std::size_t i = 0; i < s.inputs.size(); ++i) {
        const Input& in = s.inputs[i];
        std::uint32_t end = std::max(in.range.end, in.type.range.end);
        if (in.default_value) end = std::max(end, in.default_value->range.end);
        member(whole, {&s, Symbol::Kind::input, static_cast<int>(i)}, in.range.begin, end);
      }
      for (std::size_t i = 0; i < s.properties.size(); ++i) {
        const Property& p = s.properties[i];
        std::uint32_t end = p.body ? std::max(p.range.end, p.body->range.end) : p.range.end;
        member(whole, {&s, Symbol::Kind::property, static_cast<int>(i)}, p.range.begin, end);
      }
      for (std::size_t i = 0; i < s.requirements.size(); ++i)
        member(whole, {&s, Symbol::Kind::none, static_cast<int>(i)}, s.requirements[i].range.begin,
               s.requirements[i].range.end);
    }
  }

  // The innermost item holding `offset`, or -1.
  int at(std::uint32_t offset) const {
    int best = -1;
    for (std::size_t i = 0; i < items_.size(); ++i) {
      const Item& it = items_[i];
      if (offset < it.begin || offset >= it.end) continue;
      if (best < 0 || it.end - it.begin < items_[static_cast<std::size_t>(best)].end -
                                              items_[static_cast<std::size_t>(best)].begin)
        best = static_cast<int>(i);
    }
    return best;
  }
  int of(const Symbol& s) const {
    auto it = keys_.find(key_of(s));
    return it == keys_.end() ? -1 : it->second;
  }
  void uses(int user, int used) {
    if (user != used) items_[static_cast<std::size_t>(used)].users.push_back(user);
  }
  // Blanks `i` and its users, and theirs; false if it was blanked already.
  bool blank(int i) {
    if (items_[static_cast<std::size_t>(i)].blanked) return false;
    std::vector<int> todo{i};
    while (!todo.empty()) {
      Item& it = items_[static_cast<std::size_t>(todo.back())];
      todo.pop_back();
      if (it.blanked) continue;
      it.blanked = true;
      todo.insert(todo.end(), it.users.begin(), it.users.end());
    }
    return true;
  }
  void apply(std::string& text) const {
    for (const Item& it : items_) {
      if (!it.blanked) continue;
      const std::size_t end = std::min<std::size_t>(it.end, text.size());
      for (std::size_t k = it.begin; k < end; ++k)
        if (text[k] != '\n' && text[k] != '\r') text[k] = ' ';
    }
  }

 private:
  int add(Key key, std::uint32_t begin, std::uint32_t end) {
    items_.push_back({begin, end, {}, false});
    const int i = static_cast<int>(items_.size()) - 1;
    keys_.emplace(key, i);
    return i;
  }
  // A member goes with its scenario: blanking the scenario blanks the member's users.
  void member(int whole, Key key, std::uint32_t begin, std::uint32_t end) {
    const int i = add(key, begin, end);
    uses(i, whole);
  }

  std::vector<Item> items_;
  std::map<Key, int> keys_;
};

// How many times the blanked file is checked again before giving up, and the largest
// file tried (each try loads and checks the whole program).
constexpr int max_tries = 6;
constexpr std::size_t max_salvaged_bytes = 1 << 20;

}  // namespace

std::unique_ptr<Program> salvage(const Library& library, const std::string& path,
                                 const Program& original, const std::vector<Diagnostic>& errors,
                                 const std::vector<Occurrence>& occurrences) {
  if (!original.main || errors.empty()) return nullptr;
  const FileId main = original.main->file;
  const std::string& text = original.sources.file(main).text();
  if (text.size() > max_salvaged_bytes) return nullptr;
  Items items(*original.main);
  for (const Occurrence& o : occurrences) {
    if (o.is_declaration || o.place.file != main || o.symbol.kind == Symbol::Kind::unit) continue;
    const int user = items.at(o.place.begin), used = items.of(o.symbol);
    if (user >= 0 && used >= 0) items.uses(user, used);
  }
  // Blanks the item holding each error; false when one cannot be placed.
  auto blank_errors = [&](const std::vector<Diagnostic>& found) {
    bool progress = false;
    for (const Diagnostic& d : found) {
      if (!d.range || d.code.starts_with("E01")) return false;
      const int i = items.at(d.range->begin);
      if (i < 0) return false;
      progress = items.blank(i) || progress;
    }
    return progress;
  };
  for (const Diagnostic& d : errors)
    if (!d.range || d.range->file != main) return nullptr;
  if (!blank_errors(errors)) return nullptr;
  for (int tries = 0; tries < max_tries; ++tries) {
    std::string blanked = text;
    items.apply(blanked);
    auto scratch = std::make_unique<Program>();
    std::vector<Diagnostic> found;
    try {
      load_program_text(*scratch, library, path, std::move(blanked));
      check_program(*scratch);
      return scratch;
    } catch (const UserErrors& e) {
      found = e.diagnostics();
    } catch (const UserError& e) {
      found.push_back(e.diagnostic());
    }
    // Errors the blanking brought about: in the main file, blank them too.
    if (!scratch->main) return nullptr;
    for (const Diagnostic& d : found)
      if (!d.range || d.range->file != scratch->main->file) return nullptr;
    if (!blank_errors(found)) return nullptr;
  }
  return nullptr;
}

}  // namespace reckon::lsp
