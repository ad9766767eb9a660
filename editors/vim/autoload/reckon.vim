" Reckon: `gq` through `reckon fmt` (docs/editors.md), set as 'formatexpr' by
" ftplugin/reckon.vim.
"
" Not 'formatprg': Vim and Neovim filter lines through it with the shell's standard error
" sent into the buffer too, and keep whatever it printed whatever its exit status, so
" text that does not parse would be replaced by the error message. Here the lines are
" replaced only when `reckon fmt` succeeds; otherwise the buffer is kept and its located
" error (lines counted from the first line formatted) is shown as a message.

" The command that formats standard input to standard output.
function! s:command() abort
  return get(b:, 'reckon_fmt_command', get(g:, 'reckon_fmt_command', 'reckon fmt'))
endfunction

function! reckon#format() abort
  " Typing past 'textwidth' in Insert mode: Vim's own line breaking, not the formatter.
  if mode() =~# '[iR]'
    return 1
  endif
  let first = v:lnum
  let last = v:lnum + v:count - 1
  let errors = tempname()
  let formatted = systemlist(s:command() . ' 2>' . shellescape(errors), getline(first, last))
  let failed = v:shell_error != 0
  let message = filereadable(errors) ? readfile(errors) : []
  call delete(errors)
  if failed
    echohl ErrorMsg
    for line in empty(message) ? ['reckon fmt failed: ' . s:command()] : message
      echomsg line
    endfor
    echohl None
    return 0
  endif
  if formatted !=# getline(first, last)
    " Replaced in place (not deleted and put back), so marks and folds outside stay.
    let keep = min([len(formatted), last - first + 1])
    if keep > 0
      call setline(first, formatted[: keep - 1])
    endif
    if len(formatted) > keep
      call append(first + keep - 1, formatted[keep :])
    elseif last - first + 1 > keep
      silent execute (first + keep) . ',' . last . 'delete _'
    endif
  endif
  return 0
endfunction
