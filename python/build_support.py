"""What python/setup.py needs besides setuptools, apart so that tests can import it
(tests/python/test_install.py): the package's version, read from the one place that
states it (the project() of the repository's CMakeLists.txt); which CMake build tree to
build the extension module in; and the build's progress, shown while pip waits."""

import os
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def project_version(root=ROOT):
    """The VERSION of ``project(reckon VERSION x.y.z ...)`` in ``root``/CMakeLists.txt."""
    text = (pathlib.Path(root) / "CMakeLists.txt").read_text()
    found = re.search(r"^project\(\s*reckon\s+VERSION\s+([0-9][0-9.]*)", text, re.MULTILINE)
    if not found:
        raise RuntimeError(f"no project(reckon VERSION ...) in {root}/CMakeLists.txt")
    return found.group(1)


def configured_for(build, root):
    """Whether ``build`` is a CMake build tree configured from the sources at ``root``."""
    cache = pathlib.Path(build) / "CMakeCache.txt"
    if not cache.is_file():
        return False
    found = re.search(r"^CMAKE_HOME_DIRECTORY:INTERNAL=(.*)$", cache.read_text(), re.MULTILINE)
    return bool(found) and pathlib.Path(found.group(1)).resolve() == pathlib.Path(root).resolve()


def build_tree(root, fallback, environ=os.environ):
    """Where to build the module: RECKON_CMAKE_BUILD_DIR when set; else the repository's
    own ``build/`` when it is a configured build tree of these sources (then an install
    after a build compiles nothing, or only what changed); else ``fallback``, a tree of
    the install's own, configured from scratch."""
    if environ.get("RECKON_CMAKE_BUILD_DIR"):
        return pathlib.Path(environ["RECKON_CMAKE_BUILD_DIR"]).resolve()
    own = pathlib.Path(root) / "build"
    return own.resolve() if configured_for(own, root) else pathlib.Path(fallback).resolve()


# A build step's line: Ninja's "[12/345] Building CXX ..." or Make's "[ 12%] ...".
_STEP = re.compile(r"^\[\s*(\d+)(?:/(\d+)|%)\]")


def status_stream():
    """Where the progress goes while pip captures the build's output (pip shows it only
    with -v): the terminal, when there is one; None when there is none or the output
    already goes to one."""
    if sys.stdout.isatty():
        return None
    try:
        return open("/dev/tty", "w")
    except OSError:
        return None


def run_with_progress(command, log=sys.stdout, status=None, what="building reckon._reckon"):
    """Runs ``command``, passing every line of its output on to ``log`` (what pip
    records, and shows with -v) and, to ``status``, one line that counts the build's
    steps as they go (``what: 12/345``). Raises CalledProcessError if it fails."""
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True, errors="replace")
    shown = False
    for line in process.stdout:
        log.write(line)
        log.flush()
        step = _STEP.match(line)
        if status is not None and step:
            done, total = step.groups()
            status.write(f"\r{what}: {done}/{total}" if total else f"\r{what}: {done}%")
            status.flush()
            shown = True
    if shown:
        status.write("\n")
        status.flush()
    if process.wait() != 0:
        raise subprocess.CalledProcessError(process.returncode, command)
