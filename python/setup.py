"""Builds the extension module reckon._reckon with the repository's CMake build (the
same libraries as the `reckon` command), so that `pip install ./python` needs nothing
from the network. RECKON_CMAKE_BUILD_DIR: an existing build tree to build it in (a
configured `build/` makes the install a matter of seconds); otherwise a fresh one under
setuptools' temporary folder."""

import os
import pathlib
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = pathlib.Path(__file__).resolve().parent.parent


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build = os.environ.get("RECKON_CMAKE_BUILD_DIR") or str(
            pathlib.Path(self.build_temp).resolve() / "cmake")
        cache = pathlib.Path(build) / "CMakeCache.txt"
        # A build tree that already makes the module is used as it is configured.
        if not cache.exists() or "RECKON_PYTHON:BOOL=ON" not in cache.read_text():
            configure = ["cmake", "-S", str(ROOT), "-B", build, "-DCMAKE_BUILD_TYPE=Release",
                         "-DRECKON_PYTHON=ON", f"-DPYTHON_EXECUTABLE={sys.executable}"]
            if not cache.exists():
                configure += ["-G", "Ninja", "-DRECKON_TESTS=OFF"]
            subprocess.run(configure, check=True)
        subprocess.run(["cmake", "--build", build, "--target", "_reckon", "-j",
                        os.environ.get("RECKON_BUILD_JOBS", "2")], check=True)
        built = sorted((pathlib.Path(build) / "python").glob("_reckon*.so"))
        if not built:
            sys.exit("the CMake build made no _reckon module")
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built[-1], target)


setup(ext_modules=[Extension("reckon._reckon", sources=[])], cmdclass={"build_ext": CMakeBuild})
