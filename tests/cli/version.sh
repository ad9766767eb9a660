#!/usr/bin/env bash
# `reckon --version` prints the version of CMakeLists.txt's `project(reckon VERSION ...)`,
# its one source, and exits 0.
# Usage: version.sh PATH/TO/reckon   (run from the repository root)
set -u
reckon="$1"
source "$(dirname "$0")/../expect.sh"
version=$(sed -nE 's/^project\(reckon VERSION ([0-9.]+) .*/\1/p' CMakeLists.txt)
[[ -n $version ]] || { echo "FAIL: no version in CMakeLists.txt"; exit 1; }
expect "--version" 0 "^reckon ${version//./\\.}\$" -- "$reckon" --version
got=$("$reckon" --version 2>/dev/null)
[[ $got == "reckon $version" ]] && passes=$((passes + 1)) ||
  { echo "FAIL --version printed: $got"; failures=$((failures + 1)); }
expect "--version prints nothing on stderr" 0 '^$' -- bash -c '"$0" --version 2>&1 >/dev/null' "$reckon"
echo "$passes passed, $failures failed"
exit $((failures > 0))
