#include "interpreter/check/check_cycles.hpp"

#include <cstddef>
#include <string>

#include "syntax/walk.hpp"

namespace reckon {

namespace {

// A use of property `target` that runs whenever the property holding it is evaluated.
struct Link {
  std::size_t target;
  SourceRange at;
};

// Whether the sub-expression `at` of `e` is evaluated whenever `e` is. What may not run
// is not: the branches of `if`, the right of `and`, `or` and `??`, a comprehension's
// element and filter (the list may be empty), lambdas, and the arguments of what
// evaluates them lazily or not at all (methods, constructed records and instances, `with`
// on an instance, feasible/violations, and every argument of a list or map builtin but
// its first). A callee is a name called, and a binder a local bound: neither reads one.
bool always_evaluated(const Expr& e, const SubPlace& at) {
  if (at.role == SubRole::callee || at.role == SubRole::binder || at.sees_locals) return false;
  switch (e.kind) {
    case ExprKind::conditional:
      return at.index == 0;
    case ExprKind::binary:
      return at.index == 0 ||
             (e.op != Op::logical_and && e.op != Op::logical_or && e.op != Op::coalesce);
    case ExprKind::variant:  // a record's is made at once; an instance's inputs wait
      return e.type.kind == TypeKind::record;
    case ExprKind::call:
      switch (e.call) {
        case CallKind::native:
        case CallKind::builtin:
          return true;
        case CallKind::list_builtin:
        case CallKind::map_builtin:
          return at.index == 0;
        default:
          return false;
      }
    default:
      return true;
  }
}

// The uses of properties in `e` that are evaluated whenever `e` is.
void unconditional_uses(const Expr& e, std::vector<Link>& out) {
  if (e.kind == ExprKind::name && e.ref == RefKind::property && e.slot >= 0)
    out.push_back({static_cast<std::size_t>(e.slot), e.range});
  for_each_subexpression(e, [&](const Expr& sub, const SubPlace& at) {
    if (always_evaluated(e, at)) unconditional_uses(sub, out);
  });
}

// Depth-first search of the graph of unconditional uses, reporting each cycle found once.
class CycleFinder {
 public:
  CycleFinder(const ScenarioDecl& s, std::vector<Diagnostic>& out) : s_(s), out_(out) {
    const std::size_t n = s.properties.size();
    links_.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
      const Property& p = s.properties[i];
      if (p.is_method || !p.body) continue;
      unconditional_uses(*p.body, links_[i]);
      // A link to a method is not followed (its body depends on its arguments).
      std::erase_if(links_[i], [&](const Link& l) {
        return l.target >= n || s.properties[l.target].is_method;
      });
    }
    state_.assign(n, unvisited);
    in_reported_.assign(n, false);
  }

  void run() {
    for (std::size_t i = 0; i < links_.size(); ++i)
      if (state_[i] == unvisited) visit(i);
  }

 private:
  enum State { unvisited, on_path, done };

  // The path is kept on an explicit stack of (property, next link to try), so that a long
  // chain of properties cannot overflow the machine stack.
  void visit(std::size_t root) {
    std::vector<std::pair<std::size_t, std::size_t>> path{{root, 0}};
    state_[root] = on_path;
    while (!path.empty()) {
      auto& [node, next] = path.back();
      if (next == links_[node].size()) {
        state_[node] = done;
        path.pop_back();
        continue;
      }
      const Link& link = links_[node][next++];
      if (state_[link.target] == on_path) {
        report(path, link);
      } else if (state_[link.target] == unvisited) {
        state_[link.target] = on_path;
        path.push_back({link.target, 0});
      }
    }
  }

  // The cycle closed by `closing` (a use of a property on the path), shown as the
  // evaluator shows it: the path from that property round to itself, the error at the
  // use that closes it, and a note at each link.
  void report(const std::vector<std::pair<std::size_t, std::size_t>>& path, const Link& closing) {
    std::size_t start = 0;
    while (path[start].first != closing.target) ++start;
    for (std::size_t i = start; i < path.size(); ++i)
      if (in_reported_[path[i].first]) return;  // a cycle through one already reported
    std::string shown;
    std::vector<Note> notes;
    for (std::size_t i = start; i < path.size(); ++i) {
      const std::size_t from = path[i].first;
      // The link taken from `from` is the one before its `next`.
      const Link& taken = i + 1 < path.size() ? links_[from][path[i].second - 1] : closing;
      const std::string& user = s_.properties[from].name;
      const std::string& used = s_.properties[taken.target].name;
      shown += user + " -> ";
      notes.push_back({taken.at, "`" + user + "` uses `" + used + "` here"});
      in_reported_[from] = true;
    }
    shown += s_.properties[closing.target].name;
    out_.push_back({closing.at, "dependency cycle: " + shown, std::move(notes), "E0504"});
  }

  const ScenarioDecl& s_;
  std::vector<Diagnostic>& out_;
  std::vector<std::vector<Link>> links_;
  std::vector<State> state_;
  std::vector<bool> in_reported_;
};

}  // namespace

void find_unconditional_cycles(const ScenarioDecl& s, std::vector<Diagnostic>& out) {
  CycleFinder(s, out).run();
}

}  // namespace reckon
