#include "interpreter/lsp/paths.hpp"

#include <algorithm>
#include <cctype>
#include <regex>

namespace reckon::lsp {

namespace {

// How far from the path a binder is looked for: a lambda or a comprehension spans few
// lines, and a regular expression over a whole large file per keystroke would not do.
constexpr std::size_t binder_window = 2000;
// How deeply a path's source may itself start with a local (`[q for q in p.items]`
// inside `[p for p in ps]`).
constexpr int max_local_depth = 4;

bool is_word(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

PathType resolve(const Program& p, const ScenarioDecl* scope, std::string_view text, std::size_t at,
                 const std::vector<std::string>& path, int depth);

// `text[begin, end)` as a path of names (`a.b.c`, blanks around it), or empty.
std::vector<std::string> path_in(std::string_view text, std::size_t begin, std::size_t end) {
  while (begin < end && std::isspace(static_cast<unsigned char>(text[begin]))) ++begin;
  while (end > begin && std::isspace(static_cast<unsigned char>(text[end - 1]))) --end;
  std::vector<std::string> path;
  std::size_t i = begin;
  while (i < end) {
    std::size_t b = i;
    while (i < end && is_word(text[i])) ++i;
    if (i == b || std::isdigit(static_cast<unsigned char>(text[b]))) return {};
    path.emplace_back(text.substr(b, i - b));
    if (i == end) break;
    if (text[i] != '.') return {};
    ++i;
  }
  return path;
}

// The element type of the list written as a path at text[begin, end), if it is one.
std::optional<Type> element_of(const Program& p, const ScenarioDecl* scope, std::string_view text,
                               std::size_t begin, std::size_t end, int depth) {
  auto path = path_in(text, begin, end);
  if (path.empty()) return std::nullopt;
  auto t = resolve(p, scope, text, begin, path, depth + 1).type;
  if (t && t->is_list()) return t->element();
  return std::nullopt;
}

// Where the argument list of the call around `at` opens (its unmatched `(`), and the end
// of its first argument (its first `,` at depth 0).
std::optional<std::pair<std::size_t, std::size_t>> first_argument(std::string_view text,
                                                                  std::size_t at) {
  const std::size_t from = at > binder_window ? at - binder_window : 0;
  int depth = 0;
  for (std::size_t i = at; i-- > from;) {
    char c = text[i];
    if (c == ')' || c == ']' || c == '}') ++depth;
    if (c != '(' && c != '[' && c != '{') continue;
    if (depth-- > 0) continue;
    if (c != '(') return std::nullopt;
    int inner = 0;
    for (std::size_t j = i + 1; j < at; ++j) {
      char d = text[j];
      if (d == '(' || d == '[' || d == '{') ++inner;
      if (d == ')' || d == ']' || d == '}') --inner;
      if (d == ',' && inner == 0) return std::pair{i + 1, j};
    }
    return std::nullopt;
  }
  return std::nullopt;
}

// The source of a comprehension `for NAME in SOURCE`, from just after `in` to its `if`,
// the next clause's `for`, `]` or end of line at depth 0.
std::size_t source_end(std::string_view text, std::size_t begin) {
  int depth = 0;
  for (std::size_t i = begin; i < text.size(); ++i) {
    char c = text[i];
    if (c == '(' || c == '[' || c == '{') ++depth;
    if ((c == ')' || c == ']' || c == '}') && depth-- == 0) return i;
    if (c == '\n' && depth == 0) return i;
    if (depth == 0 && (text.compare(i, 4, " if ") == 0 || text.compare(i, 5, " for ") == 0))
      return i;
  }
  return text.size();
}

// The type of `name` where it is a local at `at`: the nearest binder of it in the text
// around (before `at` for a lambda, either side for a comprehension, whose variable is
// bound after its body: `[p.x for p in ps]`).
std::optional<Type> local_type(const Program& p, const ScenarioDecl* scope, std::string_view text,
                               std::size_t at, const std::string& name, int depth) {
  if (depth > max_local_depth) return std::nullopt;
  const std::size_t from = at > binder_window ? at - binder_window : 0;
  const std::size_t to = std::min(text.size(), at + binder_window);
  const std::string window(text.substr(from, to - from));
  const std::string n = name;  // a word: nothing in it is special to a regex
  std::optional<Type> best;
  std::size_t best_distance = std::string::npos;
  auto consider = [&](std::size_t binder, std::optional<Type> t) {
    std::size_t distance = binder > at ? binder - at : at - binder;
    if (t && distance < best_distance) {
      best = std::move(t);
      best_distance = distance;
    }
  };
  // Lambdas: `NAME =>`, or `(acc, NAME) =>` (fold, scan: the last parameter is the element).
  static const std::string word = "[A-Za-z_][A-Za-z0-9_]*";
  const std::regex lambda("(?:^|[^A-Za-z0-9_])(?:(" + n + ")|\\(\\s*(?:" + word + "\\s*,\\s*)*(" +
                          n + ")\\s*\\))\\s*=>");
  for (auto it = std::sregex_iterator(window.begin(), window.end(), lambda);
       it != std::sregex_iterator(); ++it) {
    const std::size_t binder = from + static_cast<std::size_t>(it->position(0));
    if (binder >= at) break;
    if (auto arg = first_argument(text, binder))
      consider(binder, element_of(p, scope, text, arg->first, arg->second, depth));
  }
  // Comprehensions: `for NAME in SOURCE`.
  const std::regex comprehension("(?:^|[^A-Za-z0-9_])for\\s+" + n + "\\s+in\\s+");
  for (auto it = std::sregex_iterator(window.begin(), window.end(), comprehension);
       it != std::sregex_iterator(); ++it) {
    const std::size_t source = from + static_cast<std::size_t>(it->position(0) + it->length(0));
    consider(source, element_of(p, scope, text, source, source_end(text, source), depth));
  }
  return best;
}

PathType resolve(const Program& p, const ScenarioDecl* scope, std::string_view text, std::size_t at,
                 const std::vector<std::string>& path, int depth) {
  PathType out;
  std::optional<Type>& t = out.type;
  t = local_type(p, scope, text, at, path[0], depth);
  if (!t && scope)
    if (auto m = member_of(*scope, path[0])) t = m->type;
  if (!t) {
    const Decl* d = p.find(path[0]);
    if (!d) return out;
    out.head = d;
    if (d->kind == DeclKind::let) t = static_cast<const LetDecl*>(d)->resolved;
    if (d->kind == DeclKind::case_ && static_cast<const CaseDecl*>(d)->scenario) {
      Type inst;
      inst.kind = TypeKind::instance;
      inst.scenario = static_cast<const CaseDecl*>(d)->scenario;
      t = inst;
    }
  }
  for (std::size_t k = 1; k < path.size() && t; ++k) {
    auto m = member_of(*t, path[k]);
    t = m ? std::optional<Type>(m->type) : std::nullopt;
    out.head = nullptr;
  }
  if (path.size() > 1) out.head = nullptr;
  return out;
}

}  // namespace

PathType type_of_path(const Program& p, const ScenarioDecl* scope, std::string_view text,
                      std::size_t at, const std::vector<std::string>& path) {
  if (path.empty()) return {};
  return resolve(p, scope, text, at, path, 0);
}

}  // namespace reckon::lsp
