"""The toy game (tests/toy/toy_sql.c), built into the tests' library only
(`make toy`: dist/toy/graphgame.so, -DGG_TOY): docs/internals.md's
checklist for adding a game, followed once to keep it true.  Each player
moves his own token along an arc; a player who cannot move loses.  Its
generic tables toy_states and toy_play against a brute force written
here, every position, on random directed graphs and on piles (arcs i ->
i-1, i -> i-2: "take 1 or 2 tokens"); the shipped library has no toy."""
import os
import random
import re
import sqlite3
import subprocess

import gg

TOY = os.path.join(gg.ROOT, "dist", "toy", "graphgame")


def connect():
    p = subprocess.run(["make", "-s", "--no-print-directory", "toy"], cwd=gg.ROOT,
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stdout + p.stderr
    db = sqlite3.connect(":memory:", isolation_level=None)
    db.enable_load_extension(True)
    db.load_extension(TOY)
    db.execute("CREATE TABLE edges(graph_id, src, dst)")
    return db


def brute(nodes, arcs):
    """{(x, y, turn): (outcome, plies)}: outcome 1 x wins, 2 y wins, 0 draw
    (plies None), by rounds: a position is won in r plies if a move leads
    to one its next mover lost in r - 1, lost in r if every move leads to a
    position won by its next mover, the longest in r - 1."""
    succ = {u: sorted(v for (a, v) in arcs if a == u) for u in nodes}
    pos = [(x, y, t) for x in nodes for y in nodes for t in (0, 1)]

    def children(p):
        x, y, t = p
        return [(v, y, 1) for v in succ[x]] if t == 0 else [(x, v, 0) for v in succ[y]]

    val = {}
    r = 0
    while True:
        new = {}
        for p in pos:
            if p in val:
                continue
            mover_wins, other_wins = (1, 2) if p[2] == 0 else (2, 1)
            ch = children(p)
            if any(val.get(c) == (mover_wins, r - 1) for c in ch):
                new[p] = (mover_wins, r)      # the child's mover (the other) lost
            elif all(c in val and val[c][0] == other_wins for c in ch) and \
                    max([val[c][1] for c in ch], default=-1) == r - 1:
                new[p] = (other_wins, r)
        if not new:
            break
        val.update(new)
        r += 1
    return {p: val.get(p, (0, None)) for p in pos}, children


def check_graph(db, gid, nodes, arcs):
    want, children = brute(nodes, arcs)
    rows = db.execute("SELECT x, y, turn, outcome, plies, move FROM toy_states(?, 'edges',"
                      " '{\"directed\": true}')", (gid,)).fetchall()
    assert len(rows) == len(want), (len(rows), len(want))
    for x, y, turn, outcome, plies, move in rows:
        t = 0 if turn == "x" else 1
        p = (x, y, t)
        assert (outcome, plies) == want[p], (p, outcome, plies, want[p])
        best = [c for c in children(p) if optimal(want, p, c)]
        to = [c[0] if t == 0 else c[1] for c in best]
        assert move == (min(to) if to else None), (p, move, to)
    return want


def optimal(want, p, c):
    (v, k), (cv, ck) = want[p], want[c]
    return cv == v and (v == 0 or ck + 1 == k)


def test_toy_states_and_play_against_the_brute_force():
    db = connect()
    rng = random.Random(28)
    graphs = [(list(range(n)), [(i, j) for i in range(n) for j in (i - 1, i - 2) if j >= 0])
              for n in (1, 2, 5, 9)]
    for _ in range(60):
        n = rng.randint(1, 6)
        arcs = sorted({(rng.randrange(n), rng.randrange(n)) for _ in range(rng.randint(0, 2 * n))})
        graphs.append((list(range(n)), arcs))
    plays = 0
    for gid, (nodes, arcs) in enumerate(graphs):
        arcs = arcs or [(0, 0)]              # a graph has a row: a loop, if no arc
        db.executemany("INSERT INTO edges VALUES (?, ?, ?)", [(gid, a, b) for a, b in arcs])
        seen = sorted({u for a in arcs for u in a})      # the nodes the rows name
        want = check_graph(db, gid, seen, arcs)
        for x in seen:
            for y in seen:
                line = db.execute("SELECT ply, mover, from_node, to_node, x, y, outcome, plies,"
                                  " repeats FROM toy_play(?, 'edges', ?)",
                                  (gid, '{"directed": true, "x": %d, "y": %d}' % (x, y))).fetchall()
                p = (x, y, 0)
                seen_at = {p: 0}
                for ply, mover, frm, to, nx, ny, outcome, plies, repeats in line:
                    assert mover == ("x" if p[2] == 0 else "y") and ply == len(seen_at)
                    c = (nx, ny, 1 - p[2])
                    assert optimal(want, p, c), (p, c)
                    assert (outcome, plies) == want[c]
                    assert repeats == seen_at.get(c), (c, repeats)
                    if c in seen_at:
                        break
                    seen_at[c] = ply
                    p = c
                if want[(x, y, 0)][0] != 0:
                    assert len(line) == want[(x, y, 0)][1]
                plays += 1
    assert plays > 300, plays


def test_the_shipped_library_has_no_toy():
    db = gg.connect()
    try:
        db.execute("SELECT * FROM toy_states(1)").fetchall()
    except sqlite3.Error as e:
        assert "no such table" in str(e), str(e)
    else:
        raise AssertionError("toy_states in the shipped library")


def test_the_checklists_name_the_toys_files():
    """docs/internals.md's checklists name the toy game's and the toy
    source's files and registry lines: exactly what tests/toy/ and
    registry.c hold, and the toy engine includes no SQLite header."""
    doc = open(os.path.join(gg.ROOT, "docs", "internals.md")).read()
    game = doc[doc.index("## Adding a game: the checklist"):doc.index("## Adding a graph source")]
    source = doc[doc.index("## Adding a graph source"):doc.index("## Plies of the word-parallel")]
    named = set(re.findall(r"`(tests/toy/[\w.]+)`", game + source))
    have = {"tests/toy/" + f for f in os.listdir(os.path.join(gg.ROOT, "tests", "toy"))
            if f.endswith((".c", ".h"))}
    assert named == have, (named, have)
    registry = open(os.path.join(gg.ROOT, "ext", "sqlite", "registry.c")).read()
    for line in re.findall(r"`(X\(\w+\))`", game + source):
        assert line in registry, line
    assert re.search(r"#\s*include\s*[<\"]sqlite3", open(os.path.join(
        gg.ROOT, "tests", "toy", "toy.c")).read()) is None
    # the toy's definition is short: the defaults of a GGGameDef do the rest
    sql = open(os.path.join(gg.ROOT, "tests", "toy", "toy_sql.c")).read()
    body = sql[sql.index("const GGGameDef gg_toy_def"):]
    assert body.count("\n") <= 8, body


def test_the_toy_source_against_an_edge_table():
    """The tests-only source 'edgelist' (tests/toy/source_edgelist.c): every
    game function and table gives on its value what it gives on the same
    graph in an edge table; its errors name the byte."""
    db = connect()
    rng = random.Random(36)
    for gid in range(30):
        n = rng.randint(3, 8)
        rows = sorted({tuple(sorted((rng.randrange(n), rng.randrange(n))))
                       for _ in range(rng.randint(n, 2 * n))} | {(0, 1), (1, 2)})
        text = " ".join("%d-%d" % r for r in rows)
        db.executemany("INSERT INTO edges VALUES (?,?,?)", [(gid, a, b) for a, b in rows])
        for q in ("SELECT * FROM catmouse_states(?, %s)",
                  "SELECT * FROM race_states(?, 1, %s) WHERE alice <> 1",
                  "SELECT cop_number(?, %s), capture_time(?, 2, %s)",
                  "SELECT * FROM toy_states(?, %s)",
                  "SELECT catmouse(?, %s, '{\"hole\": 2, \"mouse\": 0, \"cat\": 1}')"):
            a = db.execute(q.replace("%s", "'edgelist'").replace("?", "'%s'" % text)).fetchall()
            b = db.execute(q.replace("%s", "'edges'").replace("?", str(gid))).fetchall()
            assert a == b and a, (q, rows)
    for sql, want in [
            ("SELECT catmouse('0-1 1-x', 'edgelist')",
             "graphgame: catmouse: expected an edge a-b at byte 6 of the edgelist value"),
            ("SELECT catmouse('0-1 1-2', 'edgelist', '{\"hole\": 7}')",
             "graphgame: catmouse: the hole 7 is not a node of the edgelist value '0-1 1-2'")]:
        try:
            db.execute(sql).fetchall()
            raise AssertionError("no error from " + sql)
        except sqlite3.Error as e:
            assert str(e) == want, str(e)
