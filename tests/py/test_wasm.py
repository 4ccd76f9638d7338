"""The WebAssembly build (`make wasm`: SQLite with graphgame compiled in,
by Debian's emscripten, into dist/wasm/).

The SQL of every examples/*.sql runs through it in Node (dist/wasm/shell.js)
and through the native sqlite3 CLI with the extension, as `make demo` runs
them (-header -column), and the outputs must match line for line.  When the
CLI's SQLite is older than 3.52 (which changed the text of a REAL), the
wasm side prints REALs the old way (-real15).  Then the wasm build's own
properties: a graph past its lower solve limit gets the usual SQLITE_TOOBIG
message, one past its memory gets "out of memory" and the connection goes
on, the cat-and-mouse solver (threads where it can) gives the native answers
on one thread, and a tampered sqlite3.c is refused by its hash.
"""
import re
import glob
import os
import shutil
import tempfile

import ecosystem as eco
import gg

SUITE = "check"     # make check only (tests/README.md): the WebAssembly build takes minutes

WASM = os.path.join(eco.ROOT, "dist", "wasm")
SHELL = os.path.join(WASM, "shell.js")


def _build():
    eco.need_program("emcc", "emscripten")
    eco.need_program("node", "nodejs")
    eco.need_node()               # better-sqlite3's sqlite3.c, pinned by tests/clients
    p = eco.run(["make", "-s", "--no-print-directory", "wasm"], timeout=900)
    if p.returncode != 0:
        raise AssertionError("make wasm failed:\n" + p.stdout[-3000:] + p.stderr[-3000:])
    for f in ("graphgame-sqlite.js", "graphgame-sqlite.wasm", "shell.js"):
        assert os.path.isfile(os.path.join(WASM, f)), f


def _native_is_old():
    p = eco.run([eco.SQLITE3, "-batch", ":memory:"], input="SELECT sqlite_version();\n")
    return tuple(int(x) for x in p.stdout.strip().split(".")) < (3, 52, 0)


def _wasm(script, *flags):
    return eco.run(["node", SHELL] + list(flags), input=script, timeout=600)


def test_examples_match_the_native_cli():
    _build()
    real = ["-real15"] if _native_is_old() else []
    examples = sorted(glob.glob(os.path.join(eco.ROOT, "examples", "*.sql")))
    assert len(examples) >= 5, examples
    failures = []
    for path in examples:
        script = open(path, encoding="utf-8").read()
        native = eco.run([eco.SQLITE3, "-header", "-column", ":memory:"], input=script, timeout=600)
        if native.returncode != 0 or native.stderr:
            raise AssertionError("native %s failed:\n%s" % (path, native.stderr))
        wasm = _wasm(script, "-header", "-column", *real)
        want, got = native.stdout.splitlines(), wasm.stdout.splitlines()
        assert len(want) > 10, (path, want)
        if wasm.returncode != 0 or wasm.stderr or got != want:
            diff = [("%d: native %r\n      wasm   %r" % (i + 1, w, g))
                    for i, (w, g) in enumerate(zip(want + [None] * len(got), got + [None] * len(want)))
                    if w != g][:5]
            failures.append("%s (%d native lines, %d wasm)%s\n  %s" % (
                os.path.basename(path), len(want), len(got),
                "\n  stderr: " + wasm.stderr.strip() if wasm.stderr else "", "\n  ".join(diff)))
    assert not failures, "\n".join(failures)


def test_wasm_limits():
    _build()
    script = """
SELECT graphgame_limit('max_positions');
CREATE TABLE big AS SELECT 1 AS graph_id, src, dst FROM graph_grid(70, 70);
SELECT catmouse(1, 'big');
"""
    p = _wasm(script)
    assert p.stdout.splitlines() == ["30000000"], p.stdout
    # reading stops once the nodes pass the limit: 3873 nodes need 30000258
    assert p.stderr.strip() == ('Error: near line 4: graphgame: catmouse: graph 1 in table "big" has at'
                                ' least 3873 nodes and needs at least 30000258 positions (2 turns x n'
                                ' mouse nodes x n cat nodes, n = 3873; at least 43 MB at the peak),'
                                ' over the limit of 30000000 (see graphgame_limit)'), p.stderr
    # Past the memory a tab gets (1 GB here): an error, and the connection goes on.
    script = """
SELECT graphgame_limit('max_positions', 2000000000) > 0;
CREATE TABLE huge AS SELECT 1 AS graph_id, src, dst FROM graph_grid(150, 150);
SELECT catmouse_json('[[1,3],[0],[3],[0,2]]');
SELECT catmouse(1, 'huge');
"""
    p = _wasm(script)
    assert p.stdout.splitlines() == ["1", "1"], p.stdout
    # 2 x 22500^2 positions at ~1.4 bytes each: more than the tab has (a
    # 120x120 grid, 0.4e9 positions, fits since long wins cost ~1.5 bytes)
    # The figure is the solver's own estimate; it moves by a megabyte or two
    # when the engine's layout changes, so only its range is pinned.
    m = re.fullmatch(r'Error: near line 5: graphgame: catmouse: solving graph 1 in table'
                     r' "huge" needs about (\d+) MB at its peak \(1012500000 positions\), and an'
                     r' allocation failed'
                     r" \(the machine's memory; SQLite has no heap limit\)", p.stderr.strip())
    assert m and 1200 <= int(m.group(1)) <= 1500, p.stderr


def test_wasm_solves_on_one_thread_as_native():
    """A graph big enough that the native solver runs two threads gives
    the same counts in the wasm build, which has no threads."""
    _build()
    sql = ("SELECT turn, outcome, count(*), sum(plies), sum(coalesce(move, -1)) FROM catmouse_states(1) "
           "GROUP BY 1, 2 ORDER BY 1, 2")
    setup = ("CREATE TABLE edges AS SELECT 1 AS graph_id, src, dst FROM graph_random(400, 0.02, 7);")
    db = gg.connect()
    db.execute(setup)
    want = ["|".join(str(v) for v in r) for r in db.execute(sql)]
    assert len(want) >= 4, want
    p = _wasm(setup + "\n" + sql + ";\n")
    assert p.returncode == 0 and p.stdout.splitlines() == want, (want, p.stdout, p.stderr)


def test_amalgamation_is_checked_by_its_hash():
    tmp = tempfile.mkdtemp(prefix="gg-wasm-")
    try:
        src = os.path.join(eco.NODE_MODULES, "better-sqlite3", "deps", "sqlite3")
        for f in ("sqlite3.c", "sqlite3.h", "sqlite3ext.h"):
            shutil.copy(os.path.join(src, f), tmp)
        with open(os.path.join(tmp, "sqlite3.c"), "a") as f:
            f.write("\n/* changed */\n")
        p = eco.run(["make", "-s", "--no-print-directory", "-B", "-o", "wasm/sqlite3.sha256",
                     "dist/wasm/src/sqlite3.c", "WASM_SQLITE=" + tmp])
        assert p.returncode != 0, "a changed sqlite3.c was accepted"
        assert "sqlite3.c: FAILED" in p.stdout + p.stderr, p.stdout + p.stderr
    finally:
        shutil.rmtree(tmp)
