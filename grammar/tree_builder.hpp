// The parse tree that grammar/parse.cpp converts into the AST, built while the grammar
// runs: a node for each *selected* rule that matched (parse.cpp's `Selection` says which), and
// nothing at all for the rules in between or for an attempt that fails.
//
// How: a PEGTL control (`build_control`) wraps each rule's match. The nodes made so far
// and not yet given to a parent wait on one stack (`TreeBuilder::pending`). A rule that
// may hold selected rules remembers the height of that stack when it starts, in its own
// stack frame; if it fails, the stack is cut back to that height (what the failed attempt
// built is dropped); if a selected rule succeeds, the nodes above its mark become its
// children and it takes their place. A rule that can hold no selected rule costs nothing.
// The tree is the one a parse tree with the same selection would have (PEGTL's
// `parse_tree` made and destroyed a node for every rule it tried between the selected
// ones, and for every failed attempt: most of the time of parsing a large file).
// Included by grammar/parse.cpp only.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <iterator>
#include <memory>
#include <new>
#include <string>
#include <string_view>
#include <tao/pegtl.hpp>
#include <tao/pegtl/demangle.hpp>
#include <type_traits>
#include <utility>
#include <vector>

#include "grammar/errors.hpp"
#include "grammar/grammar.hpp"

namespace reckon::tree {

namespace pegtl = tao::pegtl;

// The name of a rule, one object per rule: a node's type is a pointer to it, so telling
// a node's rule is one comparison.
template <typename Rule>
struct RuleName {
  static constexpr std::string_view name = pegtl::demangle<Rule>();
};

// A matched selected rule: its bytes in the text and the selected rules it holds.
struct Node {
  // Where the bytes are, and (ParseCache only) their offsets from the first byte of the
  // declaration the node is kept in, while its text is another version's.
  struct At {
    const char* data = nullptr;
    std::size_t byte = 0;
  };
  std::vector<std::unique_ptr<Node>> children;
  const std::string_view* type = nullptr;  // RuleName<Rule>::name; nullptr for the root
  At m_begin, m_end;                       // m_end.data is nullptr for the root

  Node() = default;
  Node(const Node&) = delete;
  Node& operator=(const Node&) = delete;

  static void* operator new(std::size_t size);
  static void operator delete(void* at, std::size_t size);

  template <typename Rule>
  bool is_type() const noexcept {
    return type == &RuleName<Rule>::name;
  }
  bool has_content() const noexcept { return m_end.data != nullptr; }
  std::string_view string_view() const noexcept {
    return {m_begin.data, static_cast<std::size_t>(m_end.data - m_begin.data)};
  }
  std::string string() const { return std::string(string_view()); }
};

// Nodes come from a free list, refilled in slabs; the slabs go back when the last node of
// a parse is gone, and, between declarations, `trim` gives back every slab whose nodes are
// all free. Without it the pool stayed at the size of the largest declaration for the
// whole parse: 210 MB for a scenario of 100,000 properties, held while the rest of a
// 16 MiB file was read (docs/performance.md).
class NodePool {
 public:
  static void* take(std::size_t size) {
    Pool& p = pool();
    if (size != p.node_size) return ::operator new(size);
    ++p.live;
    if (p.free) {
      Free* f = p.free;
      p.free = f->next;
      --p.free_count;
      return f;
    }
    if (p.slabs.empty() || p.used == slab_nodes) {
      p.slabs.push_back(new_slab());
      p.used = 0;
    }
    return node_at(p.slabs.back(), p.used++);
  }
  static void give(void* at, std::size_t size) {
    Pool& p = pool();
    if (size != p.node_size) return ::operator delete(at);
    auto* f = static_cast<Free*>(at);
    f->next = p.free;
    p.free = f;
    ++p.free_count;
    if (--p.live == 0) {  // every node of the parse is gone: release the memory
      p.free = nullptr;
      p.free_count = 0;
      for (Slab* s : p.slabs) delete_slab(s);
      p.slabs.clear();
      p.used = 0;
      p.trimmed_at = 0;
    }
  }

  // Gives back the slabs (but the one being filled) whose nodes are all on the free list.
  // Called after each declaration; it walks the free list only once that has doubled
  // since the last walk, so its cost is bounded by the allocations that filled it.
  static void trim() {
    Pool& p = pool();
    if (p.free_count < 4 * slab_nodes || p.free_count < 2 * p.trimmed_at) return;
    for (Slab* s : p.slabs) s->free_nodes = 0;
    for (Free* f = p.free; f; f = f->next) ++slab_of(f)->free_nodes;
    const Slab* filling = p.slabs.back();
    auto empty = [&](const Slab* s) { return s != filling && s->free_nodes == slab_nodes; };
    Free** link = &p.free;
    while (*link) {
      if (empty(slab_of(*link))) {
        *link = (*link)->next;
        --p.free_count;
      } else {
        link = &(*link)->next;
      }
    }
    std::erase_if(p.slabs, [&](Slab* s) {
      if (!empty(s)) return false;
      delete_slab(s);
      return true;
    });
    p.trimmed_at = p.free_count;
  }

 private:
  struct Free {
    Free* next;
  };
  static constexpr std::size_t node_bytes = sizeof(Node);
  struct Slot {
    alignas(std::max_align_t) unsigned char bytes[node_bytes];
  };
  // A slab is aligned to its size, so a node finds its slab by masking its address.
  struct Slab {
    std::size_t free_nodes = 0;  // counted by trim
  };
  static constexpr std::size_t slab_bytes = std::size_t{1} << 19;
  static constexpr std::size_t slots_offset = sizeof(Slot);  // the header's slot
  static constexpr std::size_t slab_nodes = slab_bytes / sizeof(Slot) - 1;
  static_assert(sizeof(Slab) <= slots_offset);

  static Slab* new_slab() {
    void* at = ::operator new (slab_bytes, std::align_val_t{slab_bytes});  // not zeroed
    return ::new (at) Slab;
  }
  static void delete_slab(Slab* s) {
    s->~Slab();
    // Unsized: clang enables sized deallocation only with -fsized-deallocation.
    ::operator delete (s, std::align_val_t{slab_bytes});
  }
  static void* node_at(Slab* s, std::size_t i) {
    return reinterpret_cast<unsigned char*>(s) + slots_offset + i * sizeof(Slot);
  }
  static Slab* slab_of(const void* node) {
    return reinterpret_cast<Slab*>(reinterpret_cast<std::uintptr_t>(node) & ~(slab_bytes - 1));
  }

  struct Pool {
    std::size_t node_size = node_bytes;
    std::vector<Slab*> slabs;
    std::size_t used = 0;  // nodes of the last slab handed out
    Free* free = nullptr;
    std::size_t free_count = 0;
    std::size_t live = 0;
    std::size_t trimmed_at = 0;  // free_count after the last trim
  };
  static Pool& pool() {
    thread_local Pool p;
    return p;
  }
};

inline void* Node::operator new(std::size_t size) { return NodePool::take(size); }
inline void Node::operator delete(void* at, std::size_t size) { NodePool::give(at, size); }

// Each declaration is handed over as soon as it is parsed (parse.cpp converts it to the
// AST and frees its subtree, or keeps it: ParseCache), so the tree of a large file never
// exists whole.
struct DeclSink {
  std::function<void(std::unique_ptr<Node>&)> take;
};

// What a selected rule's node becomes when the rule matches.
enum class Shape {
  none,    // not selected, and holds no selected rule: nothing to do
  inside,  // not selected, but may hold selected rules: its failure drops what they built
  node,    // a node with its bytes and children
  fold,    // a precedence level: a node only when it holds other than one child
  decl,    // a declaration: its node goes to the DeclSink
};

// Rules in a list, for a Selection: `rules<A, B>::has<A>`.
template <typename... Rules>
struct rules {
  template <typename Rule>
  static constexpr bool has = (std::is_same_v<Rule, Rules> || ...);
};

// Whether Rule may hold a rule Selection selects, looking Depth rules down (deeper:
// assumed so, as the grammar is recursive).
template <typename Selection, typename Rule, int Depth>
consteval bool may_hold_selected();
template <typename Selection, int Depth, typename... Subs>
consteval bool any_may_hold(pegtl::type_list<Subs...> /*subs*/) {
  return (may_hold_selected<Selection, Subs, Depth>() || ...);
}
template <typename Selection, typename Rule, int Depth>
consteval bool may_hold_selected() {
  if constexpr (Selection::template shape<Rule> != Shape::none)
    return true;
  else if constexpr (std::is_same_v<typename Rule::subs_t, pegtl::empty_list>)
    return false;
  else if constexpr (Depth == 0)
    return true;
  else
    return any_may_hold<Selection, Depth - 1>(typename Rule::subs_t{});
}

// What Rule does in the tree: its Selection's shape, or `inside` or `none`.
template <typename Selection, typename Rule>
inline constexpr Shape shape_of = Selection::template shape<Rule> != Shape::none
                                      ? Selection::template shape<Rule>
                                  : may_hold_selected<Selection, Rule, 12>() ? Shape::inside
                                                                             : Shape::none;

// The parse state: the nodes waiting for their parent, and where declarations go.
class TreeBuilder {
 public:
  // `long_string` is called for a string_body node longer than the limit; a declaration
  // is given to `sink` (may be null where the rule parsed holds no declaration).
  TreeBuilder(DeclSink* sink, std::function<void(const Node&)> long_string)
      : sink_(sink), long_string_(std::move(long_string)) {}

  std::size_t height() const { return pending_.size(); }
  // Drops what a failed attempt built.
  void drop_from(std::size_t mark) {
    pending_.erase(pending_.begin() + static_cast<std::ptrdiff_t>(mark), pending_.end());
  }

  template <typename Rule, Shape shape>
  void matched(std::size_t mark, const char* begin, const char* end) {
    if constexpr (shape == Shape::fold) {
      if (pending_.size() - mark == 1) return;  // the level is its one operand
    }
    auto n = std::unique_ptr<Node>(new Node);
    n->type = &RuleName<Rule>::name;
    n->m_begin.data = begin;
    n->m_end.data = end;
    adopt(*n, mark);
    if constexpr (std::is_same_v<Rule, grammar::string_body>) {
      if (static_cast<std::size_t>(end - begin) > grammar::max_string_bytes) long_strings_ = true;
    }
    if constexpr (shape == Shape::decl) {
      // A string too long is found after its declaration parsed (and before it is
      // converted), the first one in the tree's order; the flag only spares the walk.
      if (long_strings_) {
        long_strings_ = false;
        long_string_(*n);
      }
      sink_->take(n);
      n.reset();
      NodePool::trim();
    } else {
      pending_.push_back(std::move(n));
    }
  }

  // The root of a parse: the nodes left, in order.
  std::unique_ptr<Node> root() {
    auto r = std::unique_ptr<Node>(new Node);
    adopt(*r, 0);
    if (long_strings_) long_string_(*r);
    return r;
  }

 private:
  void adopt(Node& n, std::size_t mark) {
    const auto first = pending_.begin() + static_cast<std::ptrdiff_t>(mark);
    if (first == pending_.end()) return;
    n.children.reserve(static_cast<std::size_t>(pending_.end() - first));
    std::move(first, pending_.end(), std::back_inserter(n.children));
    pending_.erase(first, pending_.end());
  }

  std::vector<std::unique_ptr<Node>> pending_;
  DeclSink* sink_;
  std::function<void(const Node&)> long_string_;
  bool long_strings_ = false;  // a string_body over the limit was built since the last check
};

// The grammar's control (error messages: grammar/errors.hpp) with the tree of Selection
// built around each rule's match. Selection has `template <typename Rule> static constexpr
// Shape shape`, `Shape::none` for a rule that makes no node.
template <typename Selection>
struct building {
  template <typename Rule>
  struct control : grammar::control<Rule> {
    template <pegtl::apply_mode A, pegtl::rewind_mode M, template <typename...> class Action,
              template <typename...> class Control, typename ParseInput>
    static bool match(ParseInput& in, TreeBuilder& b) {
      using base = grammar::control<Rule>;
      constexpr Shape shape = shape_of<Selection, Rule>;
      if constexpr (shape == Shape::none) {
        return base::template match<A, M, Action, Control>(in, b);
      } else {
        const std::size_t mark = b.height();
        const char* begin = in.current();
        if (!base::template match<A, M, Action, Control>(in, b)) {
          b.drop_from(mark);
          return false;
        }
        if constexpr (shape != Shape::inside)
          b.template matched<Rule, shape>(mark, begin, in.current());
        return true;
      }
    }
  };
};

}  // namespace reckon::tree
