// The parse tree that grammar/parse.cpp converts into the AST, built while the grammar
// runs: a node for each *selected* rule that matched (parse.cpp's `Selection` says
// which), and nothing at all for the rules in between or for an attempt that fails.
//
// How: a PEGTL control (`building<Selection>::control`) wraps each rule's match. The
// nodes made so far and not yet given to a parent wait on one stack
// (`TreeBuilder::pending_`). A rule that may hold selected rules remembers the height of
// that stack when it starts, in its own stack frame; if it fails, the stack is cut back to
// that height (what the failed attempt built is dropped); if a selected rule succeeds,
// the nodes above its mark become its children and it takes their place. A rule that can
// hold no selected rule costs nothing. The tree is the one a parse tree with the same
// selection would have (PEGTL's `parse_tree` made and destroyed a node for every rule it
// tried between the selected ones, and for every failed attempt: most of the time of
// parsing a large file). Nodes live in an arena per declaration.
// Included by grammar/parse.cpp only.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <new>
#include <stdexcept>
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

class NodeArena;
struct Node;

// A node's children: an array in its arena.
class Children {
 public:
  Children() = default;
  Children(Node* const* first, std::uint32_t count) : first_(first), count_(count) {}
  std::size_t size() const { return count_; }
  bool empty() const { return count_ == 0; }
  Node* operator[](std::size_t i) const { return first_[i]; }
  Node* at(std::size_t i) const {
    if (i >= count_) throw std::out_of_range("a parse tree node has fewer children");
    return first_[i];
  }
  Node* front() const { return at(0); }
  Node* back() const { return at(count_ - 1); }
  Node* const* begin() const { return first_; }
  Node* const* end() const { return first_ + count_; }

 private:
  Node* const* first_ = nullptr;
  std::uint32_t count_ = 0;
};

// A matched selected rule: its bytes in the text and the selected rules it holds. Nodes
// live in a NodeArena and are never destroyed one by one.
struct Node {
  // Where the bytes are, and (ParseCache only) their offsets from the first byte of the
  // declaration the node is kept in, while its text is another version's.
  struct At {
    const char* data = nullptr;
    std::size_t byte = 0;
  };
  Children children;
  const std::string_view* type = nullptr;  // RuleName<Rule>::name; nullptr for the root
  At m_begin, m_end;                       // m_end.data is nullptr for the root

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
static_assert(std::is_trivially_destructible_v<Node>);

// The memory of one declaration's nodes (or of one expression's), taken from chunks and
// given back all at once. The parser converts each declaration as soon as it is parsed
// and then clears the arena, keeping one chunk for the next: the tree of a large file
// never exists whole, and after a large declaration (a scenario of 100,000 properties)
// its memory goes back. A ParseCache keeps each declaration's arena with its tree.
class NodeArena {
 public:
  NodeArena() = default;
  NodeArena(const NodeArena&) = delete;
  NodeArena& operator=(const NodeArena&) = delete;

  // Inlined, as are the builder's steps below: they run for every node of every parse,
  // and as calls they took 5.9 M of the 69 M instructions of checking a 10,000-line file.
  [[gnu::always_inline]] Node* node() { return ::new (allocate(sizeof(Node))) Node; }
  [[gnu::always_inline]] Node** pointers(std::size_t count) {
    return static_cast<Node**>(allocate(count * sizeof(Node*)));
  }
  // Gives back every chunk but the last, if that is not too large to keep.
  void clear() {
    if (chunks_.empty()) return;
    Chunk last = std::move(chunks_.back());
    chunks_.clear();
    if (last.size > kept_bytes) {
      at_ = end_ = nullptr;
      return;
    }
    at_ = last.bytes.get();
    end_ = at_ + last.size;
    chunks_.push_back(std::move(last));
  }

 private:
  static constexpr std::size_t first_bytes = std::size_t{1} << 10;
  static constexpr std::size_t largest_bytes = std::size_t{1} << 18;  // when growing
  static constexpr std::size_t kept_bytes = std::size_t{1} << 18;     // by clear
  static_assert(alignof(Node) <= alignof(Node*) && alignof(Node*) == sizeof(Node*));

  [[gnu::always_inline]] void* allocate(std::size_t bytes) {
    bytes = (bytes + sizeof(Node*) - 1) & ~(sizeof(Node*) - 1);
    if (static_cast<std::size_t>(end_ - at_) < bytes) grow(bytes);
    void* at = at_;
    at_ += bytes;
    return at;
  }
  [[gnu::noinline]] void grow(std::size_t bytes) {
    std::size_t size =
        chunks_.empty() ? first_bytes : std::min(2 * chunks_.back().size, largest_bytes);
    size = std::max(size, bytes);
    // Not zeroed: every node and array is written before it is read.
    chunks_.push_back({std::unique_ptr<unsigned char[]>(new unsigned char[size]), size});
    at_ = chunks_.back().bytes.get();
    end_ = at_ + size;
  }

  struct Chunk {
    std::unique_ptr<unsigned char[]> bytes;
    std::size_t size = 0;
  };
  std::vector<Chunk> chunks_;
  unsigned char* at_ = nullptr;
  unsigned char* end_ = nullptr;
};

// A parse's root (the nodes outside every declaration) and the arena its nodes are in.
struct ParsedTree {
  std::unique_ptr<NodeArena> arena;
  Node* root = nullptr;
  Node& operator*() const { return *root; }
  Node* operator->() const { return root; }
};

// Each declaration is handed over as soon as it is parsed, with the arena that holds
// its nodes (parse.cpp converts it to the AST, or keeps it by taking the arena:
// ParseCache), so the tree of a large file never exists whole.
struct DeclSink {
  std::function<void(Node& decl, std::unique_ptr<NodeArena>& arena)> take;
};

// What a rule makes in the tree when it matches.
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

// The parse state: the nodes waiting for their parent, and where declarations go (and
// the layout and the name last read: grammar::sep, grammar::name).
class TreeBuilder : public grammar::LayoutMemo, public grammar::NameMemo {
 public:
  // `long_string` is called for a tree holding a string_body node longer than the limit
  // (before a declaration is given to `sink`); `sink` may be null where the rule parsed
  // holds no declaration.
  TreeBuilder(DeclSink* sink, std::function<void(const Node&)> long_string)
      : sink_(sink), long_string_(std::move(long_string)), arena_(std::make_unique<NodeArena>()) {}

  std::size_t height() const { return pending_.size; }
  // Drops what a failed attempt built (its nodes stay in the arena until it is cleared).
  void drop_from(std::size_t mark) { pending_.size = mark; }

  template <typename Rule, Shape shape>
  void matched(std::size_t mark, const char* begin, const char* end) {
    if constexpr (shape == Shape::fold) {
      if (pending_.size - mark == 1) return;  // the level is its one operand
    }
    Node* n = arena_->node();
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
      // Every node in the arena is the declaration's, or garbage of failed attempts.
      if (pending_.size != 0) throw std::logic_error("a declaration inside a parse tree node");
      sink_->take(*n, arena_);
      if (arena_)
        arena_->clear();
      else
        arena_ = std::make_unique<NodeArena>();
    } else {
      pending_.push_back(n);
    }
  }

  // The root of a parse: the nodes left, in order.
  ParsedTree root() {
    Node* r = arena_->node();
    adopt(*r, 0);
    if (long_strings_) long_string_(*r);
    return {std::move(arena_), r};
  }

 private:
  [[gnu::always_inline]] void adopt(Node& n, std::size_t mark) {
    const std::size_t count = pending_.size - mark;
    if (count == 0) return;
    Node** children = arena_->pointers(count);
    for (std::size_t i = 0; i < count; ++i) children[i] = pending_.at[mark + i];
    n.children = Children(children, static_cast<std::uint32_t>(count));
    pending_.size = mark;
  }

  // A stack that a failed attempt cuts back by setting its size: that happens after most
  // rules, so it is kept to a store.
  struct Pending {
    std::unique_ptr<Node*[]> at;
    std::size_t size = 0, capacity = 0;
    [[gnu::always_inline]] void push_back(Node* n) {
      if (size == capacity) grow();
      at[size++] = n;
    }
    [[gnu::noinline]] void grow() {
      capacity = std::max<std::size_t>(64, 2 * capacity);
      auto more = std::make_unique<Node*[]>(capacity);
      std::copy(at.get(), at.get() + size, more.get());
      at = std::move(more);
    }
  };
  Pending pending_;
  DeclSink* sink_;
  std::function<void(const Node&)> long_string_;
  std::unique_ptr<NodeArena> arena_;
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
