// How the protocol names kinds of things: a completion item's kind (CompletionItemKind)
// and a symbol's (SymbolKind) are two numberings of the same ideas, so one table says,
// for each kind of declaration or member, both of its numbers.
#pragma once

#include "syntax/ast.hpp"

namespace reckon::lsp {

struct Kinds {
  int completion;  // CompletionItemKind
  int symbol;      // SymbolKind
};

// Members and other things that are not declarations.
inline constexpr Kinds method_kind{2, 6};
inline constexpr Kinds property_kind{10, 7};
inline constexpr Kinds field_kind{5, 8};
inline constexpr Kinds enum_member_kind{20, 22};
inline constexpr Kinds unit_kind{11, 14};     // a unit: a constant to outline views
inline constexpr Kinds function_kind{3, 12};  // a builtin
inline constexpr Kinds keyword_kind{14, 14};  // what has no kind of its own

inline Kinds kinds_of(DeclKind k) {
  switch (k) {
    case DeclKind::scenario:
      return {7, 5};  // class
    case DeclKind::case_:
      return {6, 19};  // variable, object
    case DeclKind::check:
      return {14, 17};  // keyword, boolean
    case DeclKind::let:
      return {6, 13};  // variable
    case DeclKind::record:
      return {22, 23};  // struct
    case DeclKind::enumeration:
      return {13, 10};  // enum
    case DeclKind::native:
      return function_kind;
    case DeclKind::exercise:
      return {14, 24};  // keyword, event
    case DeclKind::sweep:
      return {14, 25};  // keyword, operator
    case DeclKind::import:
      break;
  }
  return keyword_kind;
}

}  // namespace reckon::lsp
