#!/usr/bin/env bash
# `pip install ./python` offline, as docs/python.md says (no build isolation: nothing is
# downloaded), into a temporary folder, building the module in the existing build tree
# (BUILD_DIR), then the package's program tests against the installed copy.
#   tests/python/pip_install.sh PYTHON BUILD_DIR     (from the repository's root)
set -euo pipefail
python=$1
build=$(cd "$2" && pwd -P)
target=$(mktemp -d)
trap 'rm -rf "$target" python/build python/reckon.egg-info' EXIT
# The repository's own build/ is the tree the install uses by default (python/setup.py);
# another BUILD_DIR is named.
if [ "$build" = "$(pwd -P)/build" ]; then named=(); else named=(RECKON_CMAKE_BUILD_DIR="$build"); fi
env "${named[@]}" PIP_NO_INDEX=1 "$python" -m pip install --quiet \
  --no-build-isolation --no-deps --target "$target" ./python
# The module installed is the one that tree built (not one from a fresh tree).
cmp "$target"/reckon/_reckon*.so "$build"/python/_reckon*.so
RECKON_PYTHON_INSTALLED=1 PYTHONPATH=$target RECKON_BIN=$build/reckon \
  "$python" -m pytest -q -p no:cacheprovider tests/python/test_program.py
# The installed package is the one that ran, not the sources.
PYTHONPATH=$target "$python" -c 'import reckon, sys; sys.exit(not reckon.__file__.startswith(sys.argv[1]))' "$target"
# Its metadata's version is the module's (both CMake's project() version).
PYTHONPATH=$target "$python" -c 'import importlib.metadata as m, reckon, sys; sys.exit(m.version("reckon") != reckon.__version__)'
# docs/python.md's venv install, then its kernel registration, so that Jupyter runs the
# docs' notebook with the venv's reckon: the notebook then executes with nothing on
# PYTHONPATH. (Made --without-pip and driven by the system's pip, which a venv with the
# system's site packages imports: ensurepip takes a minute; the install is the same.)
if "$python" -c 'import ipykernel, nbconvert' 2>/dev/null; then
  venv=$target/venv
  "$python" -m venv --system-site-packages --without-pip "$venv"
  env "${named[@]}" PIP_NO_INDEX=1 "$venv"/bin/python -m pip install --quiet \
    --no-build-isolation --no-deps ./python
  export JUPYTER_DATA_DIR=$target/jupyter  # what --user writes to, here a temporary one
  "$venv"/bin/python -m ipykernel install --user --name reckon-test --display-name "Python (reckon)"
  (unset PYTHONPATH; cd examples && "$venv"/bin/python -m jupyter nbconvert --to notebook \
    --execute --ExecutePreprocessor.kernel_name=reckon-test --ExecutePreprocessor.timeout=120 \
    --output "$target"/executed.ipynb training.ipynb >/dev/null 2>&1)
  grep -q '"output_type": "error"' "$target"/executed.ipynb && { echo "the notebook failed"; exit 1; }
  grep -q 'per_token_activations (GB)' "$target"/executed.ipynb
fi
echo "pip install: ok"
