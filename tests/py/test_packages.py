"""The packages of bindings/: each is built from this repository with no
download, installed into a fresh place the way a user installs it, and
queried there.

    Python  bindings/python: `pip wheel --no-build-isolation` with Debian's
            setuptools and wheel; the wheel goes into a fresh venv (with
            --system-site-packages, where Debian keeps pip's helpers) and
            `graphgame.load(conn)` runs a query.
    Node    bindings/node: `npm pack`; the tarball goes into a fresh
            project next to better-sqlite3 (tests/clients/node_modules,
            pinned by its lock, so no registry is asked) and
            `require("graphgame").load(db)` runs a query.

Both archives carry the repository's LICENSE, and the versions agree: the
file VERSION, graphgame_version(), the wheel's, the npm package's and the
newest version heading of CHANGELOG.md.
"""
import atexit
import glob
import json
import os
import re
import shutil
import tarfile
import tempfile
import zipfile

import ecosystem as eco
import gg

SUITE = "check"     # make check only (tests/README.md): the packages are built for a release

PYTHON = "/usr/bin/python3"      # Debian's: its sqlite3 module loads extensions
EXAMPLE1 = "[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]"    # LeetCode 913 example 1: draw
EXAMPLE2 = "[[1,3],[0],[3],[0,2]]"                        # example 2: the mouse wins
VERSION = open(os.path.join(eco.ROOT, "VERSION"), encoding="utf-8").read().strip()


def _ok(p, what):
    if p.returncode != 0:
        raise AssertionError("%s failed (%d):\n%s%s" % (what, p.returncode, p.stdout, p.stderr))
    return p


def _wheel(out):
    _ok(eco.run([PYTHON, "-m", "pip", "wheel", "-q", "--no-build-isolation", "--no-deps",
                 "--no-index", "-w", out, os.path.join(eco.ROOT, "bindings", "python")],
                timeout=300), "pip wheel")
    wheels = glob.glob(os.path.join(out, "graphgame-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


_BUILT = {}


def _archives():
    """(wheel, npm tarball), built once for the cases that only read them."""
    if not _BUILT:
        tmp = tempfile.mkdtemp(prefix="gg-archives-")
        atexit.register(shutil.rmtree, tmp, True)
        _BUILT["whl"] = _wheel(os.path.join(tmp, "wheel"))
        _ok(eco.run(["npm", "pack", "--pack-destination", tmp],
                    cwd=os.path.join(eco.ROOT, "bindings", "node"), timeout=300), "npm pack")
        tgzs = glob.glob(os.path.join(tmp, "graphgame-*.tgz"))
        assert len(tgzs) == 1, tgzs
        _BUILT["tgz"] = tgzs[0]
    return _BUILT["whl"], _BUILT["tgz"]


def test_both_archives_carry_the_license():
    """LICENSE, the repository's, in the wheel's .dist-info and at the root
    of the npm package."""
    eco.need_program("npm", "npm")
    whl, tgz = _archives()
    want = open(os.path.join(eco.ROOT, "LICENSE"), "rb").read()
    assert want.startswith(b"MIT License"), want[:40]
    z = zipfile.ZipFile(whl)
    name = "graphgame-%s.dist-info/LICENSE" % VERSION
    assert name in z.namelist(), z.namelist()
    assert z.read(name) == want, "the wheel's LICENSE is not the repository's"
    with tarfile.open(tgz) as t:
        assert "package/LICENSE" in t.getnames(), t.getnames()
        assert t.extractfile("package/LICENSE").read() == want, \
            "the npm package's LICENSE is not the repository's"


def test_every_version_agrees():
    """VERSION, graphgame_version(), the wheel's version (its file name and
    METADATA), the npm package's (in the tarball) and CHANGELOG.md's
    newest version heading are one version."""
    eco.need_program("npm", "npm")
    whl, tgz = _archives()
    meta = zipfile.ZipFile(whl).read("graphgame-%s.dist-info/METADATA" % VERSION).decode()
    with tarfile.open(tgz) as t:
        npm = json.load(t.extractfile("package/package.json"))["version"]
    got = {
        "VERSION": VERSION,
        "graphgame_version()": gg.connect().execute("SELECT graphgame_version()").fetchone()[0],
        "the wheel": re.search(r"^Version: (.*)$", meta, re.M).group(1),
        "the wheel's file name": os.path.basename(whl).split("-")[1],
        "the npm package": npm,
        "CHANGELOG.md": eco.changelog_versions()[0][0],
    }
    assert len(set(got.values())) == 1, "versions differ: %s" % got


def test_python_wheel_carries_the_extension():
    tmp = tempfile.mkdtemp(prefix="gg-wheel-")
    try:
        whl = _wheel(tmp)
        name = os.path.basename(whl)
        assert name.startswith("graphgame-%s-py3-none-" % VERSION), name
        assert not name.endswith("-any.whl"), "a wheel with a native library must name its platform"
        files = zipfile.ZipFile(whl).namelist()
        assert "graphgame/graphgame.so" in files and "graphgame/__init__.py" in files, files
        assert "graphgame/check.py" in files, files          # the certificates' checker
    finally:
        shutil.rmtree(tmp)


PY_CLIENT = r"""
import os, sqlite3, sys
import graphgame
db = sqlite3.connect(":memory:")
graphgame.load(db)
print(db.execute("SELECT catmouse_json(?)", (sys.argv[1],)).fetchone()[0])
print(db.execute("SELECT catmouse_json(?)", (sys.argv[2],)).fetchone()[0])
print(db.execute("SELECT graphgame_version()").fetchone()[0])
path = graphgame.loadable_path()
print(os.path.isfile(path + ".so"), path.startswith(sys.prefix))
# loading stays off after load(): a later load_extension is refused
try:
    db.load_extension(path)
    print("loading left on")
except sqlite3.OperationalError as e:
    print("off")
"""


def test_python_wheel_in_a_fresh_venv():
    tmp = tempfile.mkdtemp(prefix="gg-venv-")
    try:
        whl = _wheel(os.path.join(tmp, "wheel"))
        venv = os.path.join(tmp, "venv")
        _ok(eco.run([PYTHON, "-m", "venv", "--system-site-packages", venv]), "venv")
        py = os.path.join(venv, "bin", "python")
        _ok(eco.run([py, "-m", "pip", "install", "-q", "--no-index", "--no-deps", whl],
                    timeout=300), "pip install")
        run_dir = os.path.join(tmp, "elsewhere")     # not the repository: import the installed copy
        os.mkdir(run_dir)
        p = _ok(eco.run([py, "-c", PY_CLIENT, EXAMPLE1, EXAMPLE2], cwd=run_dir), "python client")
        assert p.stdout.splitlines() == ["0", "1", VERSION, "True True", "off"], p.stdout + p.stderr
        # a certificate written through the installed package, checked by its checker
        cert = os.path.join(run_dir, "c.cert")
        _ok(eco.run([py, "-c", "import sqlite3, sys, graphgame; db = sqlite3.connect(':memory:');"
                     " graphgame.load(db); open(sys.argv[2], 'w').write(db.execute("
                     "'SELECT catmouse_certificate(?, \\'json\\')', (sys.argv[1],)).fetchone()[0])",
                     EXAMPLE2, cert], cwd=run_dir), "python certificate")
        p = _ok(eco.run([py, "-m", "graphgame.check", cert], cwd=run_dir), "graphgame.check")
        assert p.stdout.startswith("verified: the mouse wins from mouse 1, cat 2"), p.stdout
    finally:
        shutil.rmtree(tmp)


NODE_CLIENT = r"""
const Database = require("better-sqlite3");
const graphgame = require("graphgame");
const db = new Database(":memory:");
graphgame.load(db);
for (const adj of process.argv.slice(1)) {
  console.log(db.prepare("SELECT catmouse_json(?) AS o").get(adj).o);
}
console.log(db.prepare("SELECT graphgame_version() AS v").get().v);
const p = graphgame.getLoadablePath();
console.log(require("fs").existsSync(p), p.startsWith(require("path").join(process.cwd(), "node_modules")));
"""


def test_node_package_in_a_fresh_project():
    eco.need_program("npm", "npm")
    eco.need_node()
    tmp = tempfile.mkdtemp(prefix="gg-npm-")
    try:
        _ok(eco.run(["npm", "pack", "--pack-destination", tmp],
                    cwd=os.path.join(eco.ROOT, "bindings", "node"), timeout=300), "npm pack")
        tgz = os.path.join(tmp, "graphgame-%s.tgz" % VERSION)
        assert os.path.isfile(tgz), os.listdir(tmp)
        proj = os.path.join(tmp, "project")
        os.mkdir(proj)
        with open(os.path.join(proj, "package.json"), "w") as f:
            json.dump({"name": "uses-graphgame", "version": "1.0.0", "private": True}, f)
        # The tarball has no dependencies, so the install asks no registry.
        _ok(eco.run(["npm", "install", "--offline", "--no-audit", "--no-fund", tgz], cwd=proj,
                    timeout=300), "npm install")
        assert json.load(open(os.path.join(proj, "package.json")))["dependencies"]["graphgame"]
        files = sorted(os.listdir(os.path.join(proj, "node_modules", "graphgame", "lib")))
        assert files == ["build.json", "graphgame.so"], files
        # better-sqlite3 next to it: the copy pinned by tests/clients.
        os.symlink(os.path.join(eco.NODE_MODULES, "better-sqlite3"),
                   os.path.join(proj, "node_modules", "better-sqlite3"))
        p = _ok(eco.run(["node", "-e", NODE_CLIENT, EXAMPLE1, EXAMPLE2], cwd=proj), "node client")
        assert p.stdout.splitlines() == ["0", "1", VERSION, "true true"], p.stdout + p.stderr
    finally:
        shutil.rmtree(tmp)


def test_node_package_version_is_the_file_version():
    pkg = json.load(open(os.path.join(eco.ROOT, "bindings", "node", "package.json")))
    assert pkg["version"] == VERSION, (pkg["version"], VERSION)
