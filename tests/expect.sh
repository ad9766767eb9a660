# Shared by the shell tests: source it, then call
#   expect NAME WANTED_EXIT PATTERN -- COMMAND...
# which runs COMMAND and checks its exit code and that its stdout+stderr match the
# extended regular expression PATTERN. It counts into `passes` and `failures`.
passes=0
failures=0
expect() {
  local name="$1" want="$2" pattern="$3"
  shift 4
  local output code
  output=$("$@" 2>&1)
  code=$?
  if [[ $code -ne $want ]] || ! grep -Eq -- "$pattern" <<<"$output"; then
    echo "FAIL $name: exit $code (wanted $want), output:"
    echo "$output" | sed 's/^/    /'
    failures=$((failures + 1))
  else
    passes=$((passes + 1))
  fi
}
