# The package under test: its Python sources (python/) and the extension module the main
# CMake build made (RECKON_PYTHON_MODULE_DIR, set by tests/CMakeLists.txt; build/python by
# default), or, with neither, an installed `reckon` (pip install ./python).
import os
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
module_dir = os.environ.get("RECKON_PYTHON_MODULE_DIR", str(ROOT / "build" / "python"))
if os.environ.get("RECKON_PYTHON_INSTALLED") != "1":
    sys.path[:0] = [str(ROOT / "python"), module_dir]
    # The processes of a Dask LocalCluster (test_distributed.py) import it too.
    os.environ["PYTHONPATH"] = os.pathsep.join(
        [str(ROOT / "python"), module_dir] + [p for p in [os.environ.get("PYTHONPATH")] if p])


@pytest.fixture(autouse=True)
def at_the_root(monkeypatch):
    """Paths in the tests (scenarios/training.rk) are the repository's."""
    monkeypatch.chdir(ROOT)


@pytest.fixture
def reckon_cli():
    """The `reckon` executable of the same build (RECKON_BIN), for comparisons."""
    return os.environ.get("RECKON_BIN", str(ROOT / "build" / "reckon"))
