"""The Python sdist (`make sdist`: dist/python/graphgame-VERSION.tar.gz,
mk/sdist.py), and the build from source that its setup.py runs
(bindings/python/build_library.py).

    contents   the C sources as the Makefile finds them, byte for byte,
               VERSION, LICENSE, SQLite's headers (include/), the package
               (graphgame/__init__.py, graphgame/check.py), setup.py and
               build_library.py, PKG-INFO; the same bytes when made again
    gcc        `pip install --no-build-isolation --no-index` of it in a
               fresh venv of Debian's python3 (--system-site-packages:
               Debian's setuptools and wheel), offline, with a `make` on
               PATH that fails: the library is compiled by gcc (its
               .comment says so), nauty's headers used when found;
               graphgame.load(conn) answers, and `python -m
               graphgame.check` verifies a certificate written through it
    clang      the same with CC=clang and GRAPHGAME_NAUTY=0 (no nauty)
    Windows    build_library.py's Windows flags, run with MinGW-w64's
               cross gcc: a PE32+ DLL exporting sqlite3_graphgame_init,
               loaded under Wine by the release check's sqlrun.exe
    musl       the same build with Debian's musl-gcc, as on Alpine: no
               glibc symbol, musl's libc.so only (not loaded)
    plans      the file names and flags for macOS, Windows and Linux, and
               MSVC refused with what to use instead; loadable_path() on
               each platform (these two run in make test: no compiler)

macOS and Windows themselves are not here: docs/install.md says so.
The cases that compile are make check's (@gg.release): 20 s to a minute
each on 2 cores.
"""
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile

import ecosystem as eco
import gg

ROOT = eco.ROOT
PYTHON = "/usr/bin/python3"      # Debian's: its sqlite3 module loads extensions
VERSION = open(os.path.join(ROOT, "VERSION"), encoding="utf-8").read().strip()
SDIST = os.path.join(ROOT, "dist", "python", "graphgame-%s.tar.gz" % VERSION)
TOP = "graphgame-%s" % VERSION
PKG = os.path.join(ROOT, "bindings", "python")
EXAMPLE1 = "[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]"    # LeetCode 913 example 1: draw
EXAMPLE2 = "[[1,3],[0],[3],[0,2]]"                        # example 2: the mouse wins
MINGW_CC = "x86_64-w64-mingw32-gcc-posix"

_state = {}


def _ok(p, what):
    if p.returncode != 0:
        raise AssertionError("%s failed (%d):\n%s%s" % (what, p.returncode, p.stdout[-4000:], p.stderr[-4000:]))
    return p


def _sdist():
    """make sdist, once per run of the suite; the archive's path."""
    if "sdist" not in _state:
        _ok(eco.run(["make", "-s", "--no-print-directory", "sdist"], timeout=600), "make sdist")
        assert os.path.isfile(SDIST), SDIST
        _state["sdist"] = SDIST
    return _state["sdist"]


def _unpacked(tmp):
    """The sdist unpacked into tmp; its one folder."""
    with tarfile.open(_sdist()) as t:
        members = t.getmembers()
        assert all(m.isfile() or m.isdir() for m in members), [m.name for m in members]
        assert all(m.name == TOP or m.name.startswith(TOP + "/") for m in members), \
            [m.name for m in members if not m.name.startswith(TOP)]
        assert not any(".." in m.name.split("/") for m in members)
        t.extractall(tmp)
    return os.path.join(tmp, TOP)


def _makefile_sources():
    """The files of ext/ that the Makefile's wildcards take, relative."""
    import glob
    out = set()
    for pattern in ("ext/engine/*/*.[ch]", "ext/sqlite/*.[ch]", "ext/sqlite/*/*.[ch]"):
        out |= {os.path.relpath(f, ROOT) for f in glob.glob(os.path.join(ROOT, pattern))}
    return out


@gg.release
def test_sdist_holds_the_sources_and_the_package():
    tmp = tempfile.mkdtemp(prefix="gg-sdist-")
    try:
        top = _unpacked(tmp)
        files = {os.path.relpath(os.path.join(d, f), top) for d, _, fs in os.walk(top) for f in fs}
        want_ext = _makefile_sources()
        assert {f for f in files if f.startswith("ext/")} == want_ext, \
            sorted({f for f in files if f.startswith("ext/")} ^ want_ext)
        same = {f: os.path.join(ROOT, f) for f in want_ext | {"VERSION", "LICENSE"}}
        for name in ("__init__.py", "check.py"):
            same["graphgame/" + name] = os.path.join(PKG, "graphgame", name)
        for name in ("setup.py", "build_library.py", "pyproject.toml", "README.md"):
            same[name] = os.path.join(PKG, name)
        for rel, src in sorted(same.items()):
            assert rel in files, "the sdist has no %s" % rel
            assert open(os.path.join(top, rel), "rb").read() == open(src, "rb").read(), \
                "the sdist's %s is not %s" % (rel, os.path.relpath(src, ROOT))
        for h in ("include/sqlite3.h", "include/sqlite3ext.h"):
            assert h in files, h
        assert not [f for f in files if f.endswith((".o", ".so", ".pyc"))], files
        pkg_info = open(os.path.join(top, "PKG-INFO"), encoding="utf-8").read()
        assert re.search(r"^Name: graphgame$", pkg_info, re.M), pkg_info
        assert re.search(r"^Version: %s$" % re.escape(VERSION), pkg_info, re.M), pkg_info
        # the same tree gives the same bytes: two builds back to back, with
        # one SOURCE_DATE_EPOCH (else the last commit's time, which moves
        # when a commit lands between them)
        size = os.path.getsize(SDIST)
        made = []
        for _ in range(2):
            _ok(eco.run(["make", "-s", "--no-print-directory", "sdist"], timeout=600,
                        SOURCE_DATE_EPOCH="1700000000"), "make sdist")
            made.append(open(SDIST, "rb").read())
        assert made[0] == made[1], "make sdist twice gave two archives"
    finally:
        shutil.rmtree(tmp)
    return "%d files, %d bytes" % (len(files), size)


CLIENT = r"""
import os, sqlite3, sys
import graphgame
db = sqlite3.connect(":memory:")
graphgame.load(db)
print(db.execute("SELECT catmouse_json(?)", (sys.argv[1],)).fetchone()[0])
print(db.execute("SELECT catmouse_json(?)", (sys.argv[2],)).fetchone()[0])
print(db.execute("SELECT graphgame_version()").fetchone()[0])
path = graphgame.loadable_path()
print(os.path.isfile(path + ".so"), path.startswith(sys.prefix))
open(sys.argv[3], "w").write(db.execute("SELECT catmouse_certificate(?, 'json')", (sys.argv[2],)).fetchone()[0])
"""


def _install(env_extra, what):
    """The sdist pip-installed in a fresh venv, with env_extra in the
    build's environment and a `make` first on PATH that fails; the
    installed library's .comment and the build's log line, after the
    installed package has answered and checked a certificate."""
    tmp = tempfile.mkdtemp(prefix="gg-sdist-venv-")
    try:
        venv = os.path.join(tmp, "venv")
        _ok(eco.run([PYTHON, "-m", "venv", "--system-site-packages", venv], timeout=300), "venv")
        py = os.path.join(venv, "bin", "python")
        shims = os.path.join(tmp, "shims")
        os.mkdir(shims)
        with open(os.path.join(shims, "make"), "w") as f:
            f.write("#!/bin/sh\necho 'the sdist ran make' >&2\nexit 97\n")
        os.chmod(os.path.join(shims, "make"), 0o755)
        env = {k: v for k, v in os.environ.items() if k not in ("CC", "CFLAGS", "LDFLAGS", "GRAPHGAME_NAUTY",
                                                                 "GRAPHGAME_SO", "LD_PRELOAD")}
        env.update(env_extra)
        env["PATH"] = shims + os.pathsep + env.get("PATH", "")
        p = subprocess.run([py, "-m", "pip", "install", "-v", "--no-index", "--no-deps", "--no-build-isolation",
                            "--no-cache-dir", "--disable-pip-version-check", _sdist()],
                           cwd=tmp, capture_output=True, text=True, timeout=1200, env=env)
        _ok(p, "pip install the sdist (%s)" % what)
        assert "the sdist ran make" not in p.stdout + p.stderr
        log = re.search(r"graphgame: compiling \d+ files with .*", p.stdout + p.stderr)
        assert log, (p.stdout + p.stderr)[-3000:]
        run_dir = os.path.join(tmp, "elsewhere")       # not the repository: the installed copy
        os.mkdir(run_dir)
        cert = os.path.join(run_dir, "c.cert")
        c = _ok(eco.run([py, "-c", CLIENT, EXAMPLE1, EXAMPLE2, cert], cwd=run_dir), "the installed package")
        assert c.stdout.splitlines() == ["0", "1", VERSION, "True True"], c.stdout + c.stderr
        c = _ok(eco.run([py, "-m", "graphgame.check", cert], cwd=run_dir), "python -m graphgame.check")
        assert c.stdout.startswith("verified: the mouse wins from mouse 1, cat 2"), c.stdout
        lib = _ok(eco.run([py, "-c", "import graphgame; print(graphgame.loadable_path() + '.so')"],
                          cwd=run_dir), "loadable_path").stdout.strip()
        comment = _ok(subprocess.run(["readelf", "-p", ".comment", lib], capture_output=True, text=True),
                      "readelf -p .comment").stdout
        syms = _ok(subprocess.run(["nm", "-D", "--defined-only", lib], capture_output=True, text=True),
                   "nm -D").stdout.split()
        assert [s for s in syms if s.startswith("sqlite3_")] == ["sqlite3_graphgame_init"], syms
        return comment, log.group(0)
    finally:
        shutil.rmtree(tmp)


@gg.release
def test_sdist_installs_with_gcc_and_no_make():
    comment, log = _install({}, "gcc")
    assert "with gcc " in log, log
    assert "GCC:" in comment and "clang" not in comment, comment
    nauty = subprocess.run(["pkg-config", "--exists", "nauty"]).returncode == 0 \
        if shutil.which("pkg-config") else False
    assert ("nauty's headers: used" in log) == nauty, (log, nauty)
    return log.split("graphgame: ")[1]


@gg.release
def test_sdist_installs_with_clang_without_nauty():
    eco.need_program("clang", "clang")
    comment, log = _install({"CC": "clang", "GRAPHGAME_NAUTY": "0"}, "clang")
    assert "with clang " in log and "nauty's headers: left out" in log, log
    assert "clang version" in comment, comment
    return log.split("graphgame: ")[1]


def _build_library(root):
    """bindings/python/build_library.py as a module (from root)."""
    spec = importlib.util.spec_from_file_location("gg_build_library", os.path.join(root, "build_library.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


WINE_SQL = """.load graphgame
SELECT graphgame_version();
SELECT catmouse_json('[[1,3],[0],[3],[0,2]]');
"""


@gg.release
def test_sdist_builds_a_windows_dll_with_mingw():
    """The setup script's Windows flags, run by MinGW-w64's cross gcc on
    the unpacked sdist: a PE32+ DLL that exports sqlite3_graphgame_init
    and needs no DLL of MinGW's (libgcc and winpthreads are linked in),
    and that the release check's Windows runner (sqlrun.exe, SQLite's
    amalgamation built with MinGW-w64) loads under Wine."""
    eco.need_program(MINGW_CC, "gcc-mingw-w64-x86-64-posix")
    wine = shutil.which("wine") or shutil.which("wine64")
    assert wine, "Wine is not installed: run .ci/run, or `apt-get install -y wine64 wine`"
    eco.need_node()               # better-sqlite3's amalgamation, for sqlrun.exe
    tmp = tempfile.mkdtemp(prefix="gg-sdist-mingw-")
    try:
        top = _unpacked(tmp)
        bl = _build_library(top)
        out = bl.build(top, os.path.join(tmp, "obj"), os.path.join(tmp, "out"), platform="win32",
                       cc=[MINGW_CC], env={}, log=lambda *a: None)
        assert os.path.basename(out) == "graphgame.dll", out
        kind = _ok(subprocess.run(["file", "-b", out], capture_output=True, text=True), "file").stdout
        assert kind.startswith("PE32+ executable (DLL)") and "x86-64" in kind, kind
        pe = _ok(subprocess.run(["x86_64-w64-mingw32-objdump", "-p", out], capture_output=True, text=True),
                 "objdump -p").stdout
        assert re.search(r"\]\s+sqlite3_graphgame_init\s*$", pe, re.M), pe[-3000:]
        dlls = set(re.findall(r"DLL Name: (\S+)", pe))
        assert not [d for d in dlls if re.match(r"(libgcc|libwinpthread)", d, re.I)], dlls
        _ok(eco.run(["make", "-s", "--no-print-directory", "dist/release-check/sqlrun.exe"], timeout=1200),
            "make dist/release-check/sqlrun.exe")
        with open(os.path.join(tmp, "out", "check.sql"), "w") as f:
            f.write(WINE_SQL)
        # test_release.py's prefix: Wine's first start is made once
        env = dict(os.environ, WINEPREFIX=os.path.join(ROOT, "dist", "release-check", "wine"),
                   WINEDEBUG="-all", WINEDLLOVERRIDES="mscoree,mshtml=")
        env.pop("DISPLAY", None)
        try:
            p = subprocess.run([wine, os.path.join(ROOT, "dist", "release-check", "sqlrun.exe"), "check.sql"],
                               cwd=os.path.join(tmp, "out"), capture_output=True, text=True, timeout=600, env=env)
        finally:
            if shutil.which("wineserver"):
                subprocess.run(["wineserver", "-k"], env=env, capture_output=True, timeout=60)
        _ok(p, "sqlrun.exe under Wine")
        assert p.stdout.splitlines() == [VERSION, "1"], p.stdout + p.stderr
    finally:
        shutil.rmtree(tmp)
    return "imports " + ", ".join(sorted(dlls))


@gg.release
def test_sdist_compiles_with_musl():
    """The unpacked sdist's library compiled by Debian's musl-gcc, as on
    Alpine: it needs musl's libc.so only and no glibc symbol version, and
    exports sqlite3_graphgame_init (not loaded: no musl Python here)."""
    eco.need_program("musl-gcc", "musl-tools")
    tmp = tempfile.mkdtemp(prefix="gg-sdist-musl-")
    try:
        top = _unpacked(tmp)
        bl = _build_library(top)
        out = bl.build(top, os.path.join(tmp, "obj"), os.path.join(tmp, "out"), platform="linux",
                       cc=["musl-gcc"], env={}, log=lambda *a: None)
        dyn = _ok(subprocess.run(["readelf", "-d", "-V", "-W", out], capture_output=True, text=True),
                  "readelf").stdout
        needed = re.findall(r"\(NEEDED\)\s+Shared library: \[(.+?)\]", dyn)
        assert needed == ["libc.so"], needed
        assert "GLIBC_" not in dyn, [l for l in dyn.splitlines() if "GLIBC_" in l][:5]
        syms = _ok(subprocess.run(["nm", "-D", "--defined-only", out], capture_output=True, text=True),
                   "nm -D").stdout.split()
        assert [x for x in syms if x.startswith("sqlite3_")] == ["sqlite3_graphgame_init"], syms
    finally:
        shutil.rmtree(tmp)


def test_build_plans_name_each_platforms_library():
    """build_library.plan() for macOS, Windows, Linux and FreeBSD, on the
    repository's sources (no compiler runs): the file SQLite looks for
    on each, and the flags; MSVC is refused, saying what to use."""
    bl = _build_library(PKG)
    plans = {}
    for platform, cc in (("darwin", "clang"), ("win32", "gcc"), ("linux", "gcc"), ("freebsd14", "cc")):
        plans[platform] = bl.plan(ROOT, "/tmp/obj", "/tmp/out", platform=platform, cc=[cc], env={}, nauty=[])
    mac, win, linux, bsd = plans["darwin"], plans["win32"], plans["linux"], plans["freebsd14"]
    assert mac["output"] == "/tmp/out/graphgame.dylib" and "-dynamiclib" in mac["link"], mac["link"]
    assert win["output"] == "/tmp/out/graphgame.dll" and "-shared" in win["link"], win["link"]
    assert "-static-libgcc" in win["link"] and "-lpthread" in win["link"], win["link"]
    assert linux["output"] == bsd["output"] == "/tmp/out/graphgame.so", (linux["output"], bsd["output"])
    for p in (linux, bsd):
        assert p["link"][:4] == [p["link"][0], "-shared", "-pthread", "-o"], p["link"]
    for name, p in plans.items():
        argv = p["compile"][0][0]
        assert '-DGG_VERSION="%s"' % VERSION in argv and "-O2" in argv and "-pthread" in argv, (name, argv)
        assert ("-fPIC" in argv) == (name != "win32") and ("-fvisibility=hidden" in argv) == (name != "win32"), \
            (name, argv)
        srcs = [a[a.index("-c") + 1] for a, _ in p["compile"]]
        assert not [s for s in srcs if s.endswith("alloc_libc.c")] and len(srcs) > 50, srcs
    try:
        bl.plan(ROOT, "/tmp/obj", "/tmp/out", platform="win32", cc=["cl.exe"], env={}, nauty=[])
        raise AssertionError("MSVC was not refused")
    except SystemExit as e:
        assert "MinGW-w64" in str(e) and "windows-x86_64.zip" in str(e), e
    # CC from the environment, split as a shell splits it
    assert bl.compiler("linux", {"CC": "ccache clang"}) == ["ccache", "clang"]


LOADABLE = r"""
import os, sys
sys.platform = sys.argv[1]
import graphgame
print(os.path.relpath(graphgame.loadable_path(), os.path.dirname(graphgame.__file__)))
"""


def test_loadable_path_names_each_platforms_file():
    """loadable_path() leaves out the suffix SQLite adds on the platform
    (.so, .dylib, .dll) when the file has it, and gives a file of another
    of these names with its suffix."""
    tmp = tempfile.mkdtemp(prefix="gg-loadable-")
    try:
        pkg = os.path.join(tmp, "graphgame")
        os.mkdir(pkg)
        shutil.copy(os.path.join(PKG, "graphgame", "__init__.py"), pkg)
        got = {}
        for files, platform in ((["graphgame.so"], "linux"), (["graphgame.dylib"], "darwin"),
                                (["graphgame.dll"], "win32"), (["graphgame.so"], "darwin"),
                                (["graphgame.dylib"], "linux")):
            for f in os.listdir(pkg):
                if f.startswith("graphgame."):
                    os.remove(os.path.join(pkg, f))
            for f in files:
                open(os.path.join(pkg, f), "w").close()
            p = _ok(subprocess.run([sys.executable, "-c", LOADABLE, platform], cwd=tmp, capture_output=True,
                                   text=True), "loadable_path")
            got[(files[0], platform)] = p.stdout.strip()
        assert got == {("graphgame.so", "linux"): "graphgame", ("graphgame.dylib", "darwin"): "graphgame",
                       ("graphgame.dll", "win32"): "graphgame", ("graphgame.so", "darwin"): "graphgame.so",
                       ("graphgame.dylib", "linux"): "graphgame.dylib"}, got
    finally:
        shutil.rmtree(tmp)
