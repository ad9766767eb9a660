"""Builds the extension module reckon._reckon with the repository's CMake build (the
same libraries as the `reckon` command), so that `pip install ./python` needs nothing
from the network. The build tree (python/build_support.py, build_tree): the one named by
RECKON_CMAKE_BUILD_DIR; else the repository's `build/` when it is configured (an install
after a build then compiles nothing new); else one of the install's own under setuptools'
build folder (configured with ccache when there is one). The build's progress is shown on
the terminal while pip runs it (every line with `pip install -v`)."""

import os
import pathlib
import shutil
import subprocess
import sys
import sysconfig

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "python"))
from build_support import (build_tree, project_version,  # noqa: E402 (beside this file)
                           run_with_progress, status_stream)


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build = build_tree(ROOT, pathlib.Path(self.build_temp).resolve() / "cmake")
        cache = build / "CMakeCache.txt"
        status = status_stream()
        say = status or sys.stderr
        # A build tree that already makes the module is used as it is configured.
        if not cache.exists() or "RECKON_PYTHON:BOOL=ON" not in cache.read_text():
            configure = ["cmake", "-S", str(ROOT), "-B", str(build),
                         "-DCMAKE_BUILD_TYPE=Release", "-DRECKON_PYTHON=ON",
                         f"-DPYTHON_EXECUTABLE={sys.executable}"]
            if not cache.exists():
                configure += ["-G", "Ninja", "-DRECKON_TESTS=OFF"]
                if shutil.which("ccache"):
                    configure.append("-DCMAKE_CXX_COMPILER_LAUNCHER=ccache")
            print(f"reckon: configuring the CMake build in {build}", file=say, flush=True)
            run_with_progress(configure)
        else:
            print(f"reckon: building in the configured tree {build}", file=say, flush=True)
        run_with_progress(["cmake", "--build", str(build), "--target", "_reckon", "-j",
                           os.environ.get("RECKON_BUILD_JOBS", "2")], status=status)
        # The module for this Python (its ABI's suffix), not another's the tree also made.
        built = build / "python" / ("_reckon" + sysconfig.get_config_var("EXT_SUFFIX"))
        if not built.exists():
            sys.exit(f"the CMake build in {build} made no {built.name} (configured for "
                     "another Python? set RECKON_CMAKE_BUILD_DIR to a tree of your own)")
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, target)


setup(version=project_version(ROOT), ext_modules=[Extension("reckon._reckon", sources=[])],
      cmdclass={"build_ext": CMakeBuild})
