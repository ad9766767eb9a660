#!/usr/bin/env bash
# `pip install ./python` offline, as docs/python.md says (no build isolation: nothing is
# downloaded), into a temporary folder, building the module in the existing build tree
# (BUILD_DIR), then the package's program tests against the installed copy.
#   tests/python/pip_install.sh PYTHON BUILD_DIR     (from the repository's root)
set -euo pipefail
python=$1
build=$(cd "$2" && pwd)
target=$(mktemp -d)
trap 'rm -rf "$target" python/build python/reckon.egg-info' EXIT
RECKON_CMAKE_BUILD_DIR=$build PIP_NO_INDEX=1 "$python" -m pip install --quiet \
  --no-build-isolation --no-deps --target "$target" ./python
test -f "$target"/reckon/_reckon*.so
RECKON_PYTHON_INSTALLED=1 PYTHONPATH=$target RECKON_BIN=$build/reckon \
  "$python" -m pytest -q -p no:cacheprovider tests/python/test_program.py
# The installed package is the one that ran, not the sources.
PYTHONPATH=$target "$python" -c 'import reckon, sys; sys.exit(not reckon.__file__.startswith(sys.argv[1]))' "$target"
echo "pip install: ok"
