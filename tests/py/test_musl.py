"""The library for musl libc (`make musl`: dist/musl/graphgame.so, built
with Debian's musl-tools; mk/musl.mk), which the release ships as
graphgame-VERSION-linux-x86_64-musl.tar.gz (test_release.py loads that
archive's copy the same way).

It is loaded by a musl program: tests/tools/sqlrun.c built with musl-gcc on
SQLite's amalgamation, linked dynamically (musl's static programs cannot
dlopen), run by musl's loader /lib/ld-musl-x86_64.so.1.  Its outputs of
examples/*.sql are the x86-64 library's byte for byte
(tests/py/examples_ref.py), and so are larger solves, one of which starts
the engine's second thread, with musl's small default stack (128 KB, where
glibc gives 8 MB).  readelf shows that it needs nothing of glibc: musl's libc.so
only, no GLIBC_ symbol version.  nauty's path is built in (musl has
dlopen); Debian's libnauty.so.2 is glibc's, not on musl's path, so here
every group is trivial, as in the aarch64 and Windows builds.
"""
import os
import re
import shutil
import subprocess
import tempfile

import ecosystem as eco
import examples_ref as ref

SUITE = "check"     # make check only (tests/README.md): musl-tools

ROOT = eco.ROOT
LIB = os.path.join(ROOT, "dist", "musl", "graphgame.so")
RUNNER = os.path.join(ROOT, "dist", "release-check", "sqlrun-musl")
GLIBC_LIB = os.path.join(ROOT, "dist", "graphgame.so")
MUSL_LOADER = "/lib/ld-musl-x86_64.so.1"

_state = {}


def _build():
    if "built" in _state:
        return
    eco.need_program("musl-gcc", "musl-tools")
    eco.need_node()                       # better-sqlite3's sqlite3.c, for the runner
    ref.make("-j2", "musl", "dist/release-check/sqlrun-musl", "dist/release-check/sqlrun",
             "dist/graphgame.so")
    _state["built"] = True


def _readelf(*args):
    return ref.ok(subprocess.run(["readelf", "-W"] + list(args), capture_output=True, text=True),
                  "readelf " + " ".join(args)).stdout


def needed(path):
    return re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", _readelf("-d", path))


def glibc_versions(path):
    """The GLIBC_ symbol versions that path needs (readelf -V and the
    dynamic symbols' versions)."""
    text = _readelf("-V", path) + _readelf("--dyn-syms", path)
    return sorted(set(re.findall(r"GLIBC_[0-9.]+", text)))


def check_musl_library(path):
    """path needs musl's libc.so only and no GLIBC_ version; is an x86-64
    shared object exporting the entry point only (and _init, _fini: the
    crti.o of musl's toolchain has them)."""
    assert needed(path) == ["libc.so"], (path, needed(path))
    assert glibc_versions(path) == [], (path, glibc_versions(path))
    head = _readelf("-h", path)
    assert re.search(r"Type:\s+DYN", head) and re.search(r"Machine:\s+Advanced Micro Devices X86-64",
                                                        head), head
    syms = ref.ok(subprocess.run(["nm", "-D", "--defined-only", path], capture_output=True,
                                 text=True), "nm -D").stdout.split()
    names = [x for x in syms[2::3] if x not in ("_init", "_fini")]   # (musl's crti.o)
    assert names == ["sqlite3_graphgame_init"], syms


def test_needs_no_glibc():
    """readelf: the library needs musl's libc.so and no GLIBC_ version (the
    glibc build, for contrast, needs libc.so.6 and GLIBC_2.x); the runner is
    run by musl's loader."""
    _build()
    check_musl_library(LIB)
    assert "libc.so.6" in needed(GLIBC_LIB) and glibc_versions(GLIBC_LIB), GLIBC_LIB
    interp = re.search(r"Requesting program interpreter: ([^\]]+)\]", _readelf("-l", RUNNER))
    assert interp and interp.group(1) == MUSL_LOADER, _readelf("-l", RUNNER)
    assert needed(RUNNER) == ["libc.so"] and glibc_versions(RUNNER) == [], needed(RUNNER)
    assert os.path.exists(MUSL_LOADER), MUSL_LOADER
    return "needs %s" % ", ".join(needed(LIB))


def test_examples_in_a_musl_sqlite():
    _build()
    h = open(os.path.join(ROOT, "dist", "release-check", "src", "sqlite3.h"), encoding="utf-8").read()
    newest = re.search(r'#define SQLITE_VERSION\s+"([^"]+)"', h).group(1)
    with tempfile.NamedTemporaryFile("w", suffix=".sql", dir=os.path.dirname(RUNNER),
                                     delete=False) as f:
        f.write(".load %s\nSELECT sqlite_version(), graphgame_version();\n" % LIB)
    try:
        p = ref.ok(subprocess.run([RUNNER, f.name], capture_output=True, text=True), "sqlrun-musl")
    finally:
        os.unlink(f.name)
    version = open(os.path.join(ROOT, "VERSION"), encoding="utf-8").read().strip()
    assert p.stdout.strip() == "%s|%s" % (newest, version), p.stdout
    ref.same("the musl library in a musl SQLite %s" % newest,
             ref.run_examples([RUNNER, "-load", LIB], "sqlrun-musl"))


# A solve large enough for cat and mouse's second thread (a random graph
# of 1,000 nodes: its wide plies run on two), the race on a grid, the
# chains on a long path, the capped search's memo, a cop number.
SOLVES = """
.load LIB
CREATE TABLE edges AS SELECT 1 AS graph_id, src, dst FROM graph_random(1000, 0.006, 7);
SELECT turn, outcome, count(*), sum(plies), sum(coalesce(move, -1)) FROM catmouse_states(1) GROUP BY 1, 2 ORDER BY 1, 2;
CREATE TABLE grid AS SELECT 1 AS graph_id, src, dst FROM graph_grid(25, 25);
SELECT turn, outcome, count(*), sum(plies) FROM race_states(1, 0, 'grid') GROUP BY 1, 2 ORDER BY 1, 2;
SELECT outcome, count(*), sum(plies) FROM catmouse_states(1, 'grid') GROUP BY 1 ORDER BY 1;
CREATE TABLE path AS SELECT 1 AS graph_id, src, dst FROM graph_path(1500);
SELECT outcome, count(*), sum(plies) FROM catmouse_states(1, 'path') GROUP BY 1 ORDER BY 1;
CREATE TABLE r AS SELECT 1 AS graph_id, src, dst FROM graph_random(300, 0.02, 5);
SELECT catmouse_bounded(1, 600, 'r');
CREATE TABLE small AS SELECT 1 AS graph_id, src, dst FROM graph_grid(5, 6);
SELECT cop_number(1, 'small'), capture_time(1, 2, 'small');
"""


def test_large_solves_on_two_threads_as_glibc():
    """The same rows from the musl library in the musl runner as from the
    glibc library in Debian's SQLite.  Where strace is installed, the musl
    run is traced to see the second thread start (clone)."""
    _build()
    outs, note = [], "strace not installed: the second thread not seen"
    for runner, lib in ((RUNNER, LIB), (os.path.join(ref.RC, "sqlrun"), GLIBC_LIB)):
        with tempfile.NamedTemporaryFile("w", suffix=".sql", dir=ref.RC, delete=False) as f:
            f.write(SOLVES.replace("LIB", lib))
        trace = f.name + ".strace"
        argv = [runner, f.name]
        if runner == RUNNER and shutil.which("strace"):
            argv = ["strace", "-f", "-qq", "-e", "trace=clone,clone3", "-o", trace] + argv
        try:
            outs.append(ref.ok(subprocess.run(argv, capture_output=True, text=True,
                                              timeout=900), runner).stdout)
            if os.path.exists(trace):
                clones = sum(1 for line in open(trace) if "clone" in line)
                assert clones >= 1, "no thread started under musl:\n" + open(trace).read()
                note = "a second thread started under musl (strace: %d clone lines)" % clones
        finally:
            os.unlink(f.name)
            if os.path.exists(trace):
                os.unlink(trace)
    assert outs[0] == outs[1] and outs[0].count("\n") >= 12, outs
    return note


def test_nauty_path_built_in_and_absent_here():
    """Built with nauty's headers (when pkg-config finds them), the library
    names libnauty.so.2 for dlopen; musl's loader does not find Debian's
    glibc copy, and the symmetric graphs still solve (trivial groups)."""
    _build()
    flags = subprocess.run(["pkg-config", "--cflags", "nauty"], capture_output=True, text=True)
    if flags.returncode != 0 or not flags.stdout.strip():
        return "nauty's headers not found: built without nauty's path"
    assert b"libnauty.so.2" in open(LIB, "rb").read()
    with tempfile.NamedTemporaryFile("w", suffix=".sql", dir=ref.RC, delete=False) as f:
        f.write(".load %s\nCREATE TABLE p AS SELECT 1 AS graph_id, src, dst FROM graph_petersen();\n"
                "SELECT cop_number(1, 'p'), count(*) FROM cops_states(1, 3, 'p');\n" % LIB)
    try:
        got = ref.ok(subprocess.run([RUNNER, f.name], capture_output=True, text=True, timeout=300),
                     "sqlrun-musl").stdout
    finally:
        os.unlink(f.name)
    assert got.startswith("3|"), got
    return "cop_number(Petersen) = 3 without nauty's library"
