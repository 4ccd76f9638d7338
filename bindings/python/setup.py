"""Build of the graphgame wheel: the package graphgame/ plus the compiled
extension, from one of two places:

  the repository  (bindings/python/ of a clone: `make python-wheel`,
                  `pip wheel bindings/python`) copies in the library that
                  make built, dist/graphgame.so (made with `make` when
                  missing), or the one $GRAPHGAME_SO names (the release's
                  aarch64 wheel takes dist/aarch64/graphgame.so).  Such a
                  wheel is tagged for the library it holds:
                  manylinux_2_X_<arch>, with <arch> from its ELF header and
                  X from the highest GLIBC_ symbol version it needs, both
                  read by readelf (`make sdist`'s wheels are what the
                  package index takes).
  the sdist       (`make sdist`: ext/, include/, VERSION and LICENSE beside
                  this file) compiles the library from those sources with
                  the C compiler, $CC or gcc (build_library.py: the
                  Makefile's flags; .so, .dylib or .dll by platform), and
                  tags the wheel as setuptools does for this machine.

The wheel holds a native library, not a Python C extension, so it is
tagged py3-none-<platform>.  The version is the file VERSION; the license
is LICENSE, copied beside this file from the repository (setuptools takes
license files from the project's own folder) and shipped in the wheel's
.dist-info."""
import atexit
import os
import re
import shutil
import subprocess
import sys
import tempfile

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py
try:                     # setuptools 70.1 and newer (wheel's is an alias of it since 0.44)
    from setuptools.command.bdist_wheel import bdist_wheel
except ImportError:      # Debian 12's setuptools 66
    from wheel.bdist_wheel import bdist_wheel

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import build_library  # noqa: E402  (beside this file, in the sdist too)

REPO = os.path.dirname(os.path.dirname(HERE))
# An sdist carries the sources beside this file; a clone has them two up.
FROM_SOURCE = os.path.isdir(os.path.join(HERE, "ext")) and \
    os.path.isfile(os.path.join(HERE, "VERSION"))
ROOT = HERE if FROM_SOURCE else REPO


def copy_license():
    """The repository's LICENSE beside pyproject.toml, for license-files."""
    if not FROM_SOURCE:
        shutil.copyfile(os.path.join(REPO, "LICENSE"), os.path.join(HERE, "LICENSE"))


def version():
    with open(os.path.join(ROOT, "VERSION"), encoding="utf-8") as f:
        return f.read().strip()


_PREBUILT = []


def prebuilt_library():
    """The library make built (or $GRAPHGAME_SO), once per build."""
    if not _PREBUILT:
        path = os.environ.get("GRAPHGAME_SO") or os.path.join(REPO, "dist", "graphgame.so")
        if not os.path.isabs(path) and not os.path.isfile(path):
            path = os.path.join(REPO, path)        # pip builds in this folder: from the clone's root
        if not os.environ.get("GRAPHGAME_SO"):
            subprocess.run(["make", "-s", "-C", REPO, "dist/graphgame.so"], check=True)
        if not os.path.isfile(path):
            raise SystemExit("graphgame: no extension at %s (run make)" % path)
        _PREBUILT.append(os.path.abspath(path))
    return _PREBUILT[0]


# readelf -h's "Machine:" and the wheel tag's architecture.
ELF_ARCH = {"Advanced Micro Devices X86-64": "x86_64", "AArch64": "aarch64"}


def _readelf(args, path):
    readelf = os.environ.get("READELF", "readelf")
    try:
        p = subprocess.run([readelf] + args + [path], capture_output=True, text=True)
    except OSError:
        raise SystemExit("graphgame: the wheel's tag is read with readelf: apt-get install -y binutils")
    if p.returncode != 0:
        raise SystemExit("graphgame: readelf %s %s failed: %s" % (" ".join(args), path, p.stderr))
    return p.stdout


def elf_platform(path):
    """The wheel platform tag of an ELF library: manylinux_2_X_<arch>, X the
    highest GLIBC_2.X among the versions it needs (readelf -V: the
    .gnu.version_r section); linux_<arch> when it needs no glibc version."""
    head = _readelf(["-h", "-W"], path)
    m = re.search(r"^\s*Machine:\s*(.+?)\s*$", head, re.M)
    if not m or m.group(1) not in ELF_ARCH:
        raise SystemExit("graphgame: %s: a machine the wheel cannot name (%s)" % (
            path, m.group(1) if m else "no ELF header"))
    arch = ELF_ARCH[m.group(1)]
    needs = _readelf(["-V", "-W"], path)
    minors = [int(x) for x in re.findall(r"Name: GLIBC_2\.(\d+)(?:\.\d+)?\s", needs)]
    if not minors:
        return "linux_" + arch
    return "manylinux_2_%d_%s" % (max(minors), arch)


class BuildWithLibrary(build_py):
    """build_py, then the extension next to the package's __init__.py:
    compiled from the sdist's sources, or copied from the repository's
    build."""
    def run(self):
        super().run()
        dest = os.path.join(self.build_lib, "graphgame")
        os.makedirs(dest, exist_ok=True)
        for name in ("graphgame.so", "graphgame.dylib", "graphgame.dll"):
            if os.path.exists(os.path.join(dest, name)):      # an earlier build's
                os.remove(os.path.join(dest, name))
        if FROM_SOURCE:
            temp = os.path.join(self.get_finalized_command("build").build_temp, "graphgame")
            build_library.build(ROOT, temp, dest)
        else:
            shutil.copy2(prebuilt_library(), os.path.join(dest, "graphgame.so"))


class PlatformWheel(bdist_wheel):
    """Not pure: the wheel holds a shared library for one platform, which
    any CPython 3 can load (it is no Python C extension).  A repository
    build is tagged for the library it copies (elf_platform)."""
    def get_tag(self):
        plat = super().get_tag()[2]
        if not FROM_SOURCE and sys.platform.startswith("linux"):
            plat = elf_platform(prebuilt_library())
        return "py3", "none", plat


class BinaryDistribution(Distribution):
    """Holds a native library: built into the platform's directories."""
    def has_ext_modules(self):
        return True


def build_options():
    """A clone's builds each in a folder of their own, not in
    bindings/python/build/: the release builds two wheels, and two suites
    may build at once.  (pip unpacks an sdist in a folder of its own.)"""
    if FROM_SOURCE:
        return {}
    base = tempfile.mkdtemp(prefix="gg-wheel-build-")
    atexit.register(shutil.rmtree, base, True)
    return {"build": {"build_base": base}, "egg_info": {"egg_base": base}}


copy_license()
setup(version=version(), distclass=BinaryDistribution, options=build_options(),
      cmdclass={"build_py": BuildWithLibrary, "bdist_wheel": PlatformWheel})
