# reckon.__version__ is the version CMake's project() states, which is also what the
# package's metadata says (python/setup.py reads that line; pip_install.sh checks the
# installed metadata against reckon.__version__).
import pathlib
import re
import sys

import reckon

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_version_is_the_cmake_project_version():
    cmake = (ROOT / "CMakeLists.txt").read_text()
    stated = re.search(r"project\(reckon VERSION (\S+)", cmake).group(1)
    assert reckon.__version__ == stated
    assert re.fullmatch(r"\d+\.\d+\.\d+", reckon.__version__)


def test_setup_reads_the_same_line():
    sys.path.insert(0, str(ROOT / "python"))
    try:
        from build_support import project_version
    finally:
        sys.path.remove(str(ROOT / "python"))
    assert project_version() == reckon.__version__


def test_setup_refuses_a_tree_without_a_version(tmp_path):
    sys.path.insert(0, str(ROOT / "python"))
    try:
        from build_support import project_version
    finally:
        sys.path.remove(str(ROOT / "python"))
    (tmp_path / "CMakeLists.txt").write_text("project(other)\n")
    try:
        project_version(tmp_path)
    except RuntimeError as e:
        assert "project(reckon VERSION" in str(e)
    else:
        raise AssertionError("a CMakeLists.txt without a version was accepted")
