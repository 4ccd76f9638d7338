#!/usr/bin/python3
"""The exploring tools, timed against baselines in the same run.

1. The capped search against the exact solver: catmouse_bounded(g, NULL)
   (cap 2n, memo of 2n * n * n positions) and catmouse(g) on the same
   random graphs, each graph new to the cache.  The capped search is the
   wrong answer; this shows what it costs next to the right one.
2. graph_random through SQL against a plain Python loop drawing G(n, p)
   with the same n and p.
3. catmouse_play against walking the same line through catmouse_states
   one query per move (the game already solved and cached in both; each
   query still reads the graph's rows to check the cache, so the walk
   pays that once per move).

Usage: bench/bench_explore.py   (run by `make bench`)
"""
import os
import sqlite3
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXT = os.environ.get("GG_EXT", os.path.join(ROOT, "dist", "graphgame"))


def connect():
    db = sqlite3.connect(":memory:", isolation_level=None)
    db.enable_load_extension(True)
    db.load_extension(EXT)
    db.enable_load_extension(False)
    db.execute("CREATE TABLE edges(graph_id INTEGER, src INTEGER, dst INTEGER)")
    db.execute("CREATE INDEX edges_g ON edges(graph_id, src, dst)")
    return db


def timed(fn):
    t = time.perf_counter()
    r = fn()
    return time.perf_counter() - t, r


def line(name, t, base, tbase, unit=""):
    print("  %-44s %8.3f s   %-30s %8.3f s   ratio %7.3g%s" % (name, t, base, tbase, t / tbase, unit))


def bench_capped():
    print("capped search vs exact solver (distinct random graphs, cap 2n):")
    for n, p, count in ((12, 0.3, 2000), (30, 0.15, 300), (60, 0.08, 40)):
        db = connect()
        db.execute("WITH RECURSIVE k(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM k WHERE i < ?)"
                   " INSERT INTO edges SELECT k.i, g.src, g.dst FROM k, graph_random(?, ?, k.i) g"
                   " WHERE g.src > 0", (count - 1, n, p))
        ids = [r[0] for r in db.execute("SELECT DISTINCT graph_id FROM edges")]
        # the hole cut off (no row at node 0): declared, an isolated node
        r = '{"hole": 0, "mouse": 1, "cat": 2, "isolated": [0, 1, 2]}'
        tb, capped = timed(lambda: [db.execute("SELECT catmouse_bounded(?, NULL, 'edges', ?)",
                                               (i, r)).fetchone()[0] for i in ids])
        te, exact = timed(lambda: [db.execute("SELECT catmouse(?, 'edges', ?)",
                                              (i, r)).fetchone()[0] for i in ids])
        wrong = sum(a != b for a, b in zip(capped, exact))
        line("catmouse_bounded, %d graphs G(%d, %g)" % (len(ids), n, p), tb, "catmouse (exact)", te,
             "   (capped wrong on %d)" % wrong)


def python_random(n, p, seed):
    """The baseline: G(n, p) by a plain Python loop over the pairs."""
    import random
    rng = random.Random(seed)
    return [(u, v) for u in range(n) for v in range(u + 1, n) if rng.random() < p]


def bench_generator():
    print("graph_random through SQL vs a plain Python loop over the pairs:")
    for n, p in ((2000, 0.01), (5000, 0.002)):
        db = connect()
        tg, m1 = timed(lambda: db.execute("SELECT count(*) FROM graph_random(?, ?, 1)", (n, p)).fetchone()[0])
        tp, e = timed(lambda: python_random(n, p, 1))
        line("graph_random(%d, %g): %d edges" % (n, p, m1), tg, "Python: %d edges" % len(e), tp)


def bench_play():
    print("catmouse_play vs one catmouse_states query per move (solved, cached):")
    db = connect()
    # a long forced win: the cat chases the mouse round a grid with the hole cut off
    db.execute("INSERT INTO edges SELECT 1, src + 3, dst + 3 FROM graph_grid(30, 30)")
    db.execute("INSERT INTO edges VALUES (1, 1, 3), (1, 2, 900), (1, 1, 4)")
    r = '{"hole": 0, "isolated": 0}'   # the hole cut off: a declared isolated node
    db.execute("SELECT catmouse(1, 'edges', ?)", (r,)).fetchone()
    reps = 20
    tp, rows = timed(lambda: [db.execute("SELECT count(*) FROM catmouse_play(1, 'edges', ?)",
                                         (r,)).fetchone()[0] for _ in range(reps)])

    def walk():
        m, c, t, k = 1, 2, "mouse", 0
        seen = {(m, c, t)}
        while True:
            mv = db.execute("SELECT move FROM catmouse_states(1, 'edges', ?) WHERE mouse = ?"
                            " AND cat = ? AND turn = ?", (r, m, c, t)).fetchone()[0]
            if mv is None:
                return k
            m, c, t = (mv, c, "cat") if t == "mouse" else (m, mv, "mouse")
            k += 1
            if (m, c, t) in seen:
                return k
            seen.add((m, c, t))
    tw, steps = timed(lambda: [walk() for _ in range(2)])
    tw *= reps / 2
    assert rows[0] == steps[0], (rows[0], steps[0])
    line("catmouse_play, %d-move line x %d" % (rows[0], reps), tp, "states walk", tw)


if __name__ == "__main__":
    bench_capped()
    bench_generator()
    bench_play()
