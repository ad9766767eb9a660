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

# A binary built with the sanitizers (scripts/test --sanitize) runs several times slower
# and cannot start under an address-space limit: AddressSanitizer reserves terabytes of
# shadow memory at start. Tests that guard against hangs with `timeout` use
# $HANG_GUARD_SCALE, and tests that cap memory with `ulimit -v` so that an unbounded read
# fails fast use $MEMORY_CAP (a no-op under the sanitizers, where `timeout` still bounds
# the run). Both are exported for `bash -c` children.
if grep -qa __asan_init "${reckon:-/dev/null}" 2>/dev/null; then
  export HANG_GUARD_SCALE=10 MEMORY_CAP=: RECKON_SANITIZED=1
else
  export HANG_GUARD_SCALE=1 MEMORY_CAP="ulimit -v 2000000" RECKON_SANITIZED=
fi
