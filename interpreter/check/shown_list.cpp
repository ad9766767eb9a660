// A shown list as its sum (shown_list.hpp).
#include "interpreter/check/shown_list.hpp"

#include <utility>

#include "interpreter/model/builtins.hpp"

namespace reckon {

ExprPtr sum_for_show(ExprPtr list) {
  const SourceRange at = list->range;
  auto call = std::make_unique<Expr>(ExprKind::call, at);
  SourceRange marker = at;
  marker.end = marker.begin;
  call->callee = std::make_unique<Expr>(ExprKind::name, marker);
  call->callee->text = "sum";
  call->call = CallKind::list_builtin;
  call->slot = static_cast<int>(ListBuiltin::sum);
  call->type = list->type.element();
  call->depth = list->depth + 1;
  Argument argument;
  argument.value = std::move(list);
  call->arguments.push_back(std::move(argument));
  return call;
}

const Expr* summed_for_show(const Expr& shown) {
  if (shown.kind != ExprKind::call || shown.call != CallKind::list_builtin ||
      shown.slot != static_cast<int>(ListBuiltin::sum) || !shown.callee ||
      shown.callee->range.begin != shown.callee->range.end || shown.arguments.size() != 1)
    return nullptr;
  return shown.arguments[0].value.get();
}

}  // namespace reckon
