#!/usr/bin/python3
"""Cops and robbers: graphgame's engine against the textbook solver, and
the census of every connected graph on 9 nodes through SQL.

1. Each variant (plain, distance 1, robber speed 2, both, directed,
   surround, lazy, lazy at distance 1; issue 23), two cops on a 20x20 grid
   and on a random graph of 300 nodes with average degree 6 (seed 1; for
   `directed` each edge oriented at random, a third of them both ways,
   seed 7): bench/cops_engine.c (ext/engine/cops/cops.c, a full solve keeping
   every position's plies) against bench/textbook_cops.c (ordered cop
   tuples, a queue of decided positions, a counter per robber position,
   extended to each variant), both built here, run in turn in this run.
   Prints both times, the ratio (the goal is >= 5), the capture times
   (must agree) and bytes per position from each one's peak memory.

1b. Issue 22's families, the plain game: two cops on a path of 300, a
   cycle of 300, grids of 20x20 and 30x30 (the textbook needs about 10 GB
   and several minutes there; BENCH_COPS30=0 skips it), the same way.

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


def run(prog, path, k, rules=()):
    out = subprocess.run([os.path.join(OUT, prog), path, str(k)] + list(rules),
                         capture_output=True, text=True, check=True).stdout.split()
    d = dict(zip(out[::2], out[1::2]))
    return int(d["positions"]), int(d["capture_time"]), float(d["seconds"]), int(d["peak_kb"])


def path_graph(n):
    return n, [(i, i + 1) for i in range(n - 1)]


def cycle_graph(n):
    return n, [(i, (i + 1) % n) for i in range(n)]


def oriented(graph, seed):
    """Each edge as an arc of random direction, a third of them both ways."""
    n, es = graph
    rng, out = random.Random(seed), []
    for a, b in es:
        if rng.random() < 0.5:
            a, b = b, a
        out.append((a, b))
        if rng.random() < 0.3:
            out.append((b, a))
    return n, out


VARIANTS = [("plain", ()), ("distance 1", ("distance=1",)), ("speed 2", ("speed=2",)),
            ("distance 1 speed 2", ("distance=1", "speed=2")), ("directed", ("directed",)),
            ("surround", ("surround",)), ("lazy", ("lazy",)),
            ("lazy distance 1", ("lazy", "distance=1"))]


def compare(label, graph, rules, file_name):
    """One line: the engine (best of REPEAT) against the textbook; the ratio."""
    path = os.path.join(OUT, file_name)
    write_graph(path, *graph)
    gp, gt, gs, gkb = min((run("cops_engine", path, 2, rules) for _ in range(REPEAT)),
                          key=lambda r: r[2])
    tp, tt, ts, tkb = run("textbook_cops", path, 2, rules)
    assert gt == tt, (label, rules, gt, tt)
    ratio = ts / max(gs, 1e-9)
    print("%-34s %9.3fs %9.3fs %6.1fx %6s %10.2f %10.2f" % (
        label, gs, ts, ratio, gt if gt >= 0 else "-", gkb * 1024.0 / gp, tkb * 1024.0 / tp))
    sys.stdout.flush()
    return ratio


def header(title):
    print("%-34s %10s %10s %7s %6s %10s %10s" % (title, "graphgame", "textbook", "ratio",
                                               "time", "B/pos gg", "B/pos tb"))


def engine_part():
    build()
    header("2 cops, variant on graph")
    ok = True
    graphs = (("20x20 grid", grid(20)), ("random n=300", random_graph(300, 6, 1)))
    for vname, rules in VARIANTS:
        for gname, graph in graphs:
            if "directed" in rules:
                graph = oriented(graph, 7)
            ratio = compare("%s, %s" % (vname, gname), graph, rules,
                            "cops_%s.txt" % gname.split()[0].replace("=", ""))
            ok = ok and ratio >= 5
    print("engine >= 5x the textbook solver on every variant: %s" % ("yes" if ok else "NO"))
    header("2 cops, plain (issue 22)")
    ok = True
    families = [("path of 300", path_graph(300)), ("cycle of 300", cycle_graph(300))]
    if os.environ.get("BENCH_COPS30", "1") != "0":
        families.append(("30x30 grid", grid(30)))
    for gname, graph in families:
        ok = compare(gname, graph, (), "cops_family.txt") >= 5 and ok
    print("(the 20x20 grid: the plain line above)")
    print("engine >= 5x the textbook solver on every family: %s" % ("yes" if ok else "NO"))


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
