"""Build of the graphgame wheel: the package graphgame/ plus the compiled
extension, copied from the repository's dist/graphgame.so (built with
`make` when missing) or from $GRAPHGAME_SO.  The wheel holds a native
library, so it is tagged py3-none-<platform>, not pure Python.  The
version is the repository's file VERSION; the license is the repository's
LICENSE, copied beside this file (setuptools takes license files from the
project's own folder) and shipped in the wheel's .dist-info."""
import os
import shutil
import subprocess

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py
from wheel.bdist_wheel import bdist_wheel

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
LIB = "graphgame.so"


def copy_license():
    """The repository's LICENSE beside pyproject.toml, for license-files."""
    shutil.copyfile(os.path.join(REPO, "LICENSE"), os.path.join(HERE, "LICENSE"))


def version():
    with open(os.path.join(REPO, "VERSION"), encoding="utf-8") as f:
        return f.read().strip()


def built_library():
    path = os.environ.get("GRAPHGAME_SO") or os.path.join(REPO, "dist", LIB)
    if not os.environ.get("GRAPHGAME_SO"):
        subprocess.run(["make", "-s", "-C", REPO, "dist/" + LIB], check=True)
    if not os.path.isfile(path):
        raise SystemExit("graphgame: no extension at %s (run make)" % path)
    return path


class BuildWithLibrary(build_py):
    """build_py, then the extension next to the package's __init__.py."""
    def run(self):
        super().run()
        dest = os.path.join(self.build_lib, "graphgame")
        os.makedirs(dest, exist_ok=True)
        shutil.copy2(built_library(), os.path.join(dest, LIB))


class PlatformWheel(bdist_wheel):
    """Not pure: the wheel holds a shared library for this platform, which
    any CPython 3 can load (it is no Python C extension)."""
    def get_tag(self):
        return "py3", "none", super().get_tag()[2]


class BinaryDistribution(Distribution):
    """Holds a native library: built into the platform's directories."""
    def has_ext_modules(self):
        return True


copy_license()
setup(version=version(), distclass=BinaryDistribution,
      cmdclass={"build_py": BuildWithLibrary, "bdist_wheel": PlatformWheel})
