" Reckon: comments and indentation as `reckon fmt` writes them (docs/formatting.md).
if exists("b:did_ftplugin")
  finish
endif
let b:did_ftplugin = 1
setlocal commentstring=#\ %s comments=:##,:#
setlocal expandtab shiftwidth=2 softtabstop=2 textwidth=100
" `gggqG` lays the whole buffer out with `reckon fmt` (standard input to standard output);
" a part of a file may not parse on its own, and then the lines are left as they were.
setlocal formatprg=reckon\ fmt
let b:undo_ftplugin = "setlocal commentstring< comments< expandtab< shiftwidth< softtabstop< textwidth< formatprg<"
