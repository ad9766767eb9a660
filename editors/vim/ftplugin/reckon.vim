" Reckon: comments and indentation as `reckon fmt` writes them (docs/formatting.md).
if exists("b:did_ftplugin")
  finish
endif
let b:did_ftplugin = 1
setlocal commentstring=#\ %s comments=:##,:#
setlocal expandtab shiftwidth=2 softtabstop=2 textwidth=100
" `gggqG` lays the whole buffer out with `reckon fmt` (standard input to standard output;
" g:reckon_fmt_command names another command). Text that does not parse, a whole file or
" a part that does not parse on its own, is left as it was and the error is shown
" (autoload/reckon.vim says why this is 'formatexpr' rather than 'formatprg').
setlocal formatexpr=reckon#format()
let b:undo_ftplugin = "setlocal commentstring< comments< expandtab< shiftwidth< softtabstop< textwidth< formatexpr<"
