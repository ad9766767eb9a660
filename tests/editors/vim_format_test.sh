#!/usr/bin/env bash
# `gq` in Vim and in Neovim with editors/vim (docs/editors.md): the buffer is formatted by
# `reckon fmt` when it parses, and kept as it was, with the located error shown, when it
# does not (where 'formatprg' would have put the error message into the buffer).
# Each editor found is tested; neither found is a failure.
# Usage: vim_format_test.sh PATH/TO/reckon   (run from the repository root)
set -u
reckon=$(realpath "$1")
source "$(dirname "$0")/../expect.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() {
  echo "FAIL $1"
  failures=$((failures + 1))
}
# `reckon` on PATH, as the plugin calls it by default.
mkdir "$tmp/bin"
ln -s "$reckon" "$tmp/bin/reckon"
export PATH="$tmp/bin:$PATH"

printf 'scenario S {\ninput x: s = 1 s\n  y = x*2 }\n' >"$tmp/ugly.rk"
printf 'scenario S {\n  input x: s = 1 s\n  y = x * 2\n}\n' >"$tmp/ugly.want"
printf 'scenario S {\n  y = (1 +\n}\n' >"$tmp/broken.rk"
cp "$tmp/broken.rk" "$tmp/broken.want"
# The second line alone: not a file that parses.
printf 'scenario S {\n  y = x*2\n  z = 1\n}\n' >"$tmp/part.rk"
cp "$tmp/part.rk" "$tmp/part.want"

# Opens FILE, runs `gq` over LINES (a range of the form 1,$), writes the buffer to OUT and
# the messages to OUT.msg.
cat >"$tmp/gq.vim" <<'VIM'
set runtimepath^=editors/vim
filetype plugin on
execute 'edit' fnameescape($GQ_FILE)
execute 'normal! ' . $GQ_KEYS
call writefile(getline(1, '$'), $GQ_OUT)
redir => s:messages
silent messages
redir END
call writefile(split(s:messages, "\n"), $GQ_OUT . '.msg')
call writefile([&formatexpr], $GQ_OUT . '.expr')
qall!
VIM

editors=0
run_editor() {  # NAME FILE KEYS OUT
  local name=$1 file=$2 keys=$3 out=$4
  case $name in
    vim) GQ_FILE=$file GQ_KEYS=$keys GQ_OUT=$out \
      timeout 30 vim -u NONE -N -n -es -S "$tmp/gq.vim" </dev/null >/dev/null 2>&1 ;;
    nvim) GQ_FILE=$file GQ_KEYS=$keys GQ_OUT=$out XDG_STATE_HOME=$tmp XDG_CACHE_HOME=$tmp \
      timeout 30 nvim --headless -u NONE -n -S "$tmp/gq.vim" </dev/null >/dev/null 2>&1 ;;
  esac
}
for editor in vim nvim; do
  command -v "$editor" >/dev/null || { echo "$editor is not installed: not tested"; continue; }
  editors=$((editors + 1))
  run_editor "$editor" "$tmp/ugly.rk" gggqG "$tmp/$editor.ugly"
  [[ $(cat "$tmp/$editor.ugly.expr" 2>/dev/null) == "reckon#format()" ]] ||
    fail "$editor: the filetype plugin did not set formatexpr"
  if cmp -s "$tmp/$editor.ugly" "$tmp/ugly.want"; then passes=$((passes + 1)); else
    fail "$editor: gggqG did not format the buffer"; diff "$tmp/ugly.want" "$tmp/$editor.ugly"
  fi
  run_editor "$editor" "$tmp/broken.rk" gggqG "$tmp/$editor.broken"
  if cmp -s "$tmp/$editor.broken" "$tmp/broken.want"; then passes=$((passes + 1)); else
    fail "$editor: gggqG on a file that does not parse changed the buffer"
    diff "$tmp/broken.want" "$tmp/$editor.broken"
  fi
  # The message is Reckon's located error, lines counted from the first line formatted.
  expect "$editor: the error is shown" 0 '^<stdin>:3:1: error\[E0' -- cat "$tmp/$editor.broken.msg"
  run_editor "$editor" "$tmp/part.rk" 2Ggqq "$tmp/$editor.part"
  if cmp -s "$tmp/$editor.part" "$tmp/part.want"; then passes=$((passes + 1)); else
    fail "$editor: gqq on a line that does not parse alone changed the buffer"
    diff "$tmp/part.want" "$tmp/$editor.part"
  fi
  # A part that parses alone: only its lines change.
  printf 'scenario S {\n  y = 1\n}\nlet a=1\nlet b=2\n' >"$tmp/lines.rk"
  run_editor "$editor" "$tmp/lines.rk" 4Ggqq "$tmp/$editor.lines"
  [[ $(cat "$tmp/$editor.lines") == $'scenario S {\n  y = 1\n}\nlet a = 1\nlet b=2' ]] ||
    fail "$editor: gqq on one line: $(cat "$tmp/$editor.lines")"
done
((editors > 0)) || fail "neither vim nor nvim is installed"

echo "$passes passed, $failures failed"
exit $((failures > 0))
