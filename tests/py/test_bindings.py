"""The Python package's module (bindings/python/graphgame) without building
its wheel (test_packages.py builds and installs the wheel, in make check):
graphgame.load() on a connection that can load extensions, and on one that
cannot, where it must say why and what to do instead of failing with a bare
AttributeError.  The message is asserted verbatim, on a stub connection and
on a real Python built without extension loading when one is on this
machine (pyenv's, by default)."""
import os
import shutil
import sqlite3
import subprocess
import sys

import ecosystem as eco
import gg

PACKAGE = os.path.join(eco.ROOT, "bindings", "python")

MESSAGE = (
    "graphgame.load: this Python's sqlite3 module cannot load extensions"
    " (its connections have no enable_load_extension: Python was built"
    " without --enable-loadable-sqlite-extensions, as pyenv's Pythons and"
    " many on macOS are).  Use a Python built with"
    " --enable-loadable-sqlite-extensions (pyenv:"
    " PYTHON_CONFIGURE_OPTS=--enable-loadable-sqlite-extensions pyenv install"
    " <version>), Debian's or Ubuntu's /usr/bin/python3, or a drop-in sqlite3"
    " module that can load extensions (such as pysqlite3: import pysqlite3"
    " as sqlite3).")


def module():
    """bindings/python/graphgame, imported from the repository."""
    sys.path.insert(0, PACKAGE)
    try:
        import graphgame
    finally:
        sys.path.remove(PACKAGE)
    assert os.path.dirname(graphgame.__file__) == os.path.join(PACKAGE, "graphgame"), \
        graphgame.__file__
    return graphgame


class NoLoading:
    """A connection as a Python built without extension loading makes one:
    no enable_load_extension, no load_extension."""
    def execute(self, sql, *args):
        raise AssertionError("load() should not reach the connection")


def test_load_without_extension_loading_says_what_to_do():
    graphgame = module()
    try:
        graphgame.load(NoLoading())
    except sqlite3.NotSupportedError as e:
        assert str(e) == MESSAGE, str(e)
        assert e.__cause__ is None
    else:
        raise AssertionError("load() on a connection without enable_load_extension did not fail")


def test_the_install_page_shows_the_message():
    """docs/install.md ("Python without enable_load_extension") shows the
    message as it is."""
    lines = open(os.path.join(eco.ROOT, "docs", "install.md"), encoding="utf-8").read().split("\n")
    assert MESSAGE in lines, "docs/install.md lacks graphgame.load's message, verbatim"


def test_load_leaves_loading_off():
    """load() on a connection that can load (the module's path pointed at
    the build under test): the functions answer, and loading is off again."""
    graphgame = module()
    real = graphgame.loadable_path
    graphgame.loadable_path = lambda: eco.EXT
    try:
        db = sqlite3.connect(":memory:")
        graphgame.load(db)
        assert db.execute("SELECT catmouse_json('[[1,3],[0],[3],[0,2]]')").fetchone()[0] == 1
        try:
            db.load_extension(eco.EXT)
        except sqlite3.OperationalError:
            pass
        else:
            raise AssertionError("extension loading was left on")
    finally:
        graphgame.loadable_path = real


def pythons_without_loading():
    """Pythons on this machine whose sqlite3 connections cannot load
    extensions: python3 on PATH and pyenv's versions, if any."""
    found = []
    candidates = [shutil.which("python3")]
    if shutil.which("pyenv"):
        p = subprocess.run(["pyenv", "root"], capture_output=True, text=True)
        root = p.stdout.strip()
        if p.returncode == 0 and root:
            candidates.append(os.path.join(root, "shims", "python3"))
            versions = os.path.join(root, "versions")
            if os.path.isdir(versions):
                candidates += [os.path.join(versions, v, "bin", "python3")
                               for v in sorted(os.listdir(versions))]
    for py in candidates:
        if not py or not os.path.exists(py) or py in found:
            continue
        p = subprocess.run([py, "-c", "import sqlite3; print(hasattr(sqlite3.Connection,"
                            " 'enable_load_extension'))"], capture_output=True, text=True)
        if p.returncode == 0 and p.stdout.strip() == "False":
            found.append(py)
    return found


PROBE = r"""
import sqlite3, graphgame
try:
    graphgame.load(sqlite3.connect(":memory:"))
except Exception as e:
    print(type(e).__module__ + "." + type(e).__name__)
    print(e)
"""


def test_load_on_a_python_built_without_loading():
    """The same message from a real Python without extension loading (the
    stub case above covers a machine without one)."""
    pythons = pythons_without_loading()
    if not pythons:
        return "no Python without extension loading on this machine"
    for py in pythons:
        p = subprocess.run([py, "-c", PROBE], capture_output=True, text=True, cwd=gg.ROOT,
                           env=dict(os.environ, PYTHONPATH=PACKAGE), timeout=60)
        assert p.returncode == 0, p.stderr
        assert p.stdout.splitlines() == ["sqlite3.NotSupportedError", MESSAGE], (py, p.stdout)
    return "checked %d Python%s" % (len(pythons), "" if len(pythons) == 1 else "s")


NODE_FAKE = r"""
const path = process.argv[1], platform = process.argv[2], arch = process.argv[3];
Object.defineProperty(process, "platform", { value: platform });
Object.defineProperty(process, "arch", { value: arch });
const graphgame = require(path);
try {
  graphgame.load({ loadExtension: (p) => console.log("loaded " + require("path").basename(p)) });
} catch (e) {
  console.log(e.message);
}
"""


def test_npm_package_refuses_the_platforms_it_cannot_serve():
    """bindings/node: package.json's os and cpu are the platform the
    library is built for (Linux x86-64), and load() on another platform
    (faked: process.platform and process.arch) names the one it serves and
    how to build from source; on its own it loads the library."""
    import json
    import tempfile
    eco.need_program("node", "nodejs")
    pkg = json.load(open(os.path.join(eco.ROOT, "bindings", "node", "package.json")))
    assert pkg["os"] == ["linux"] and pkg["cpu"] == ["x64"], pkg
    tmp = tempfile.mkdtemp(prefix="gg-npm-")
    try:
        shutil.copy(os.path.join(eco.ROOT, "bindings", "node", "index.js"), tmp)
        os.mkdir(os.path.join(tmp, "lib"))
        with open(os.path.join(tmp, "lib", "build.json"), "w") as f:
            json.dump({"platform": "linux", "arch": "x64", "version": "0"}, f)
        out = {}
        for plat, arch in (("linux", "x64"), ("darwin", "arm64"), ("linux", "arm64"), ("win32", "x64")):
            p = eco.run(["node", "-e", NODE_FAKE, os.path.join(tmp, "index.js"), plat, arch])
            out[(plat, arch)] = p.stdout.strip()
        assert out[("linux", "x64")] == "loaded graphgame.so", out
        for (plat, arch), line in out.items():
            if (plat, arch) != ("linux", "x64"):
                assert line.startswith("graphgame: this package serves linux-x64 only (the extension it"
                                       " holds was built there), not %s-%s.  Build the extension from"
                                       " source: " % (plat, arch)), line
    finally:
        shutil.rmtree(tmp)
