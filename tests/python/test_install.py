# How `pip install ./python` builds (python/setup.py, python/build_support.py): which
# CMake tree it builds in, and that the build's progress reaches the terminal while pip
# captures the output. pip_install.sh runs a real install.
import io
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "python"))
import build_support  # noqa: E402  (python/, beside setup.py)

sys.path.remove(str(ROOT / "python"))


def configured_tree(path, source):
    path.mkdir(parents=True, exist_ok=True)
    (path / "CMakeCache.txt").write_text(
        f"# a CMake cache\nCMAKE_HOME_DIRECTORY:INTERNAL={source}\nRECKON_PYTHON:BOOL=ON\n")
    return path


def test_a_configured_build_tree_is_reused_by_default(tmp_path):
    root = tmp_path / "repo"
    root.mkdir()
    fallback = tmp_path / "fresh"
    # No build/ yet: a tree of the install's own.
    assert build_support.build_tree(root, fallback, {}) == fallback.resolve()
    # build/ configured from these sources: that one.
    configured_tree(root / "build", root)
    assert build_support.build_tree(root, fallback, {}) == (root / "build").resolve()
    # RECKON_CMAKE_BUILD_DIR wins over both.
    named = tmp_path / "named"
    assert build_support.build_tree(root, fallback,
                                    {"RECKON_CMAKE_BUILD_DIR": str(named)}) == named.resolve()


def test_a_tree_of_other_sources_is_not_reused(tmp_path):
    root, other = tmp_path / "repo", tmp_path / "other"
    root.mkdir()
    other.mkdir()
    configured_tree(root / "build", other)  # a build/ copied from another checkout
    assert build_support.build_tree(root, tmp_path / "fresh", {}) == (tmp_path / "fresh").resolve()
    (root / "build" / "CMakeCache.txt").unlink()
    (root / "build" / "CMakeCache.txt").mkdir()  # not a file: not a tree
    assert not build_support.configured_for(root / "build", root)


def test_this_checkouts_build_is_configured_for_it():
    # The tree the tests run from (tests/CMakeLists.txt): what pip_install.sh reuses.
    build = ROOT / "build"
    if (build / "CMakeCache.txt").exists():
        assert build_support.configured_for(build, ROOT)


def test_progress_reaches_the_terminal_and_every_line_the_log():
    steps = "; ".join(f"print('[{i}/3] Building CXX object x{i}.o')" for i in (1, 2, 3))
    log, status = io.StringIO(), io.StringIO()
    build_support.run_with_progress([sys.executable, "-c", f"print('start'); {steps}"],
                                    log=log, status=status, what="building")
    assert log.getvalue().splitlines() == ["start"] + [
        f"[{i}/3] Building CXX object x{i}.o" for i in (1, 2, 3)]
    assert status.getvalue() == "\rbuilding: 1/3\rbuilding: 2/3\rbuilding: 3/3\n"
    # Make's percentages count too.
    status = io.StringIO()
    build_support.run_with_progress([sys.executable, "-c", "print('[ 50%] Linking')"],
                                    log=io.StringIO(), status=status, what="b")
    assert status.getvalue() == "\rb: 50%\n"


def test_a_failing_build_fails_the_install():
    log = io.StringIO()
    with pytest.raises(subprocess.CalledProcessError):
        build_support.run_with_progress(
            [sys.executable, "-c", "print('error: x.cpp'); raise SystemExit(2)"], log=log)
    assert "error: x.cpp" in log.getvalue()  # the compiler's message is not lost
