# SPDX-License-Identifier: BSD-3-Clause
"""The compiled part of the Python package (fecontact._fecontact), built by CMake: the project is
configured with the interpreter that runs pip and without its tests, programs, benchmarks and
examples, and only the module's target is built. CMAKE_ARGS (environment) adds configure options,
e.g. -DCMAKE_CXX_COMPILER_LAUNCHER=ccache. The metadata is in pyproject.toml."""

import os
import pathlib
import re
import shlex
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

SOURCE_DIR = pathlib.Path(__file__).resolve().parent


def project_version():
    text = (SOURCE_DIR / "CMakeLists.txt").read_text()
    return re.search(r"project\(fecontact VERSION ([0-9.]+)", text).group(1)


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        # CMake's folder beside the sources, as a user's build/ is (git ignores both): a compiler
        # cache given in CMAKE_ARGS then sees the same relative paths and reuses that build's objects.
        build_dir = SOURCE_DIR / "build-pip"
        configure = ["cmake", "-S", str(SOURCE_DIR), "-B", str(build_dir), "-DCMAKE_BUILD_TYPE=Release",
                     f"-DPython3_EXECUTABLE={sys.executable}", "-DFECONTACT_BUILD_PYTHON=ON"]
        for part in ("TESTS", "BENCHMARKS", "APPS", "EXAMPLES", "DISTRIBUTED"):
            configure.append(f"-DFECONTACT_BUILD_{part}=OFF")
        configure += shlex.split(os.environ.get("CMAKE_ARGS", ""))
        subprocess.run(configure, check=True)
        jobs = str(self.parallel or os.cpu_count() or 1)
        subprocess.run(["cmake", "--build", str(build_dir), "--target", "fecontact_python", "-j", jobs],
                       check=True)
        built = next((build_dir / "python" / "fecontact").glob("_fecontact*"))
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, target)


setup(version=project_version(),
      ext_modules=[Extension("fecontact._fecontact", sources=[])],
      cmdclass={"build_ext": CMakeBuild})
