#!/usr/bin/python3
"""Cops and robbers: graphgame's engine against the textbook solver, and
the census of every connected graph on 9 nodes through SQL.

1. Two cops on a 20x20 grid and on a random graph of 300 nodes with
   average degree 6 (seed 1): bench/cops_engine.c (ext/engine/cops.c, a
   full solve keeping every position's plies) against
   bench/textbook_cops.c (ordered cop tuples, a queue of decided positions,
   a counter per position), both built here, run in turn in this run.
   Prints both times, the ratio (must be >= 5), the capture times (must
   agree) and bytes per position from each one's peak memory.

2. The census: `nauty-geng -c 9` (261,080 graphs), loaded once into
   dist/bench/census9c.db through graph6_edges (one graph id each, edges
   indexed by graph_id; kept for the next run), then

       SELECT count(*) FROM graphs g, edges e WHERE e.graph_id = g.id
       SELECT cop_number(id), count(*) FROM graphs GROUP BY 1

   timed in the same run (best of BENCH_REPEAT, default 3, CPU time of
   this process); prints the counts and the ratio (the goal is <= 3).

Usage: bench/bench_cops.py   (run by `make bench`; BENCH_ONLY=engine or
census runs one part)
"""
import os
import random
import resource
import shutil
import sqlite3
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXT = os.environ.get("GG_EXT", os.path.join(ROOT, "dist", "graphgame"))
OUT = os.path.join(ROOT, "dist", "bench")
REPEAT = int(os.environ.get("BENCH_REPEAT", "3"))
ONLY = os.environ.get("BENCH_ONLY", "")


def build():
    os.makedirs(OUT, exist_ok=True)
    subprocess.run(["make", "-s", "--no-print-directory", "engine-prog", "SRC=bench/cops_engine.c",
                    "OUT=" + os.path.join(OUT, "cops_engine")], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    subprocess.run(["cc", "-O2", "-o", os.path.join(OUT, "textbook_cops"),
                    os.path.join(ROOT, "bench", "textbook_cops.c")], check=True)


def write_graph(path, n, edges):
    with open(path, "w") as f:
        f.write("%d\n" % n)
        f.writelines("%d %d\n" % e for e in edges)


def grid(n):
    es = [(i * n + j, i * n + j + 1) for i in range(n) for j in range(n - 1)]
    return n * n, es + [(i * n + j, (i + 1) * n + j) for i in range(n - 1) for j in range(n)]


def random_graph(n, deg, seed):
    rng, es = random.Random(seed), set()
    while len(es) < n * deg // 2:
        a, b = rng.randrange(n), rng.randrange(n)
        if a != b:
            es.add((min(a, b), max(a, b)))
    return n, sorted(es)


def run(prog, path, k):
    out = subprocess.run([os.path.join(OUT, prog), path, str(k)], capture_output=True,
                         text=True, check=True).stdout.split()
    d = dict(zip(out[::2], out[1::2]))
    return int(d["positions"]), int(d["capture_time"]), float(d["seconds"]), int(d["peak_kb"])


def engine_part():
    build()
    print("%-28s %10s %10s %7s %6s %10s %10s" % ("2 cops", "graphgame", "textbook", "ratio",
                                               "time", "B/pos gg", "B/pos tb"))
    ok = True
    for name, (n, es) in (("20x20 grid", grid(20)), ("random n=300 deg 6", random_graph(300, 6, 1))):
        path = os.path.join(OUT, "cops_%s.txt" % name.split()[0])
        write_graph(path, n, es)
        gp, gt, gs, gkb = min((run("cops_engine", path, 2) for _ in range(REPEAT)), key=lambda r: r[2])
        tp, tt, ts, tkb = run("textbook_cops", path, 2)
        assert gt == tt, (name, gt, tt)
        ratio = ts / max(gs, 1e-9)
        ok = ok and ratio >= 5
        print("%-28s %9.3fs %9.3fs %6.1fx %6s %10.2f %10.2f" % (
            name, gs, ts, ratio, gt if gt >= 0 else "-", gkb * 1024.0 / gp, tkb * 1024.0 / tp))
    print("engine >= 5x the textbook solver on both: %s" % ("yes" if ok else "NO"))


def census_db():
    path = os.path.join(OUT, "census9c.db")
    if os.path.exists(path):
        return path
    if not shutil.which("nauty-geng"):
        return None
    os.makedirs(OUT, exist_ok=True)
    g6 = subprocess.run(["nauty-geng", "-cq", "9"], capture_output=True, text=True, check=True).stdout
    db = sqlite3.connect(path + ".tmp", isolation_level=None)
    db.enable_load_extension(True)
    db.load_extension(EXT)
    db.execute("CREATE TABLE graphs(id INTEGER PRIMARY KEY, g6 TEXT)")
    db.execute("BEGIN")
    db.executemany("INSERT INTO graphs(g6) VALUES (?)", [(s,) for s in g6.split()])
    db.execute("CREATE TABLE edges(graph_id INTEGER, src INTEGER, dst INTEGER)")
    db.execute("INSERT INTO edges SELECT g.id, e.src, e.dst FROM graphs g, graph6_edges(g.g6) e")
    db.execute("CREATE INDEX edges_graph ON edges(graph_id, src, dst)")
    db.execute("COMMIT")
    db.close()
    os.rename(path + ".tmp", path)
    return path


def cpu():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def timed(db, sql):
    best, rows = None, None
    for _ in range(REPEAT):
        t = cpu()
        rows = db.execute(sql).fetchall()
        t = cpu() - t
        best = t if best is None or t < best else best
    return best, rows


def census_part():
    path = census_db()
    if path is None:
        print("census: skipped (no nauty-geng)")
        return
    db = sqlite3.connect(path, isolation_level=None)
    db.enable_load_extension(True)
    db.load_extension(EXT)
    tr, rows = timed(db, "SELECT count(*) FROM graphs g, edges e WHERE e.graph_id = g.id")
    ts, _ = timed(db, "SELECT sum((SELECT sum(src + dst) FROM edges e WHERE e.graph_id = g.id))"
                      " FROM graphs g")
    tc, counts = timed(db, "SELECT cop_number(id), count(*) FROM graphs GROUP BY 1")
    print("census of %d connected graphs on 9 nodes (%d edge rows)" % (
        sum(c for _, c in counts), rows[0][0]))
    for k, c in counts:
        print("  cop number %d: %d graphs" % (k, c))
    print("read the rows %.3fs, cop_number %.3fs: %.1fx (goal <= 3x)" % (tr, tc, tc / tr))
    print("  (SQL's own read of src, dst graph by graph, a subquery: %.3fs, %.1fx the read;"
          " cop_number %.1fx that)" % (ts, ts / tr, tc / ts))


if __name__ == "__main__":
    if ONLY in ("", "engine"):
        engine_part()
    if ONLY in ("", "census"):
        census_part()
    sys.exit(0)
