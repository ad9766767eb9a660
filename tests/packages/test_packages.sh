#!/usr/bin/env bash
# One package list (scripts/packages.txt): every script installs through
# scripts/install-packages, no script keeps a list of its own, and the sections the
# scripts name exist and hold what they need. Run from the repository root.
set -euo pipefail
failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}

# No other script calls apt-get or keeps a `packages=(...)` array.
scripts=(scripts/* bench/run .ci/run)
for f in "${scripts[@]}"; do
  [[ -f $f && $f != scripts/install-packages && $f != scripts/packages.txt ]] || continue
  grep -n 'apt-get install\|packages=(' "$f" && fail "$f installs packages itself"
done

# Each installing script names sections that exist.
expect_call() {  # script, the install-packages arguments it must pass
  grep -qF "scripts/install-packages $2" "$1" || fail "$1 does not run scripts/install-packages $2"
  scripts/install-packages --list $2 >/dev/null || fail "sections $2 of $1 are not all in the list"
}
expect_call scripts/bootstrap "build"
expect_call scripts/bootstrap "build clang"
expect_call scripts/test "test"
expect_call scripts/fuzz "build clang"
expect_call bench/run "build bench"

# The build section holds a package for each library CMake finds (by the header or
# library name each package installs on Debian).
build=$(scripts/install-packages --list build)
for package in tao-pegtl-dev libboost-dev libfmt-dev libcli11-dev nlohmann-json3-dev \
               libedit-dev libcmark-gfm-dev libcmark-gfm-extensions-dev libjemalloc-dev catch2; do
  grep -qx "$package" <<<"$build" || fail "[build] lacks $package"
done
grep -qx clang <<<"$(scripts/install-packages --list clang)" || fail "[clang] lacks clang"

# An unknown section is an error, not an empty list.
if scripts/install-packages --list no-such-section >/dev/null 2>&1; then
  fail "an unknown section was accepted"
fi

if ((failures)); then
  echo "$failures package-list check(s) failed"
  exit 1
fi
echo "packages: one list, used by every script"
