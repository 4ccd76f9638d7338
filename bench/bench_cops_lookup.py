#!/usr/bin/python3
"""Any position of a big game at hand (issue 44, section 4): Tutte's
12-cage with 5 cops through SQL, on the orbits of its 12,096 automorphisms.

1. The solve: the first lookup on a fresh connection (the cache is a
   connection's), BENCH_REPEAT runs (default 5), and the peak memory of a
   process that runs it (VmHWM, less the process before the query) beside
   the limit's estimate of it (ext/engine/cops/cops_hold.c).
2. One position's row once the game is solved: `cops_states(1, 5) WHERE
   cops = v AND robber = r AND turn = t` at random positions (the cops in
   a random order and spacing), with and without the `move` column (the
   cops' best move looks at every joint move); the target is 10 ms.
3. A play from a given position once solved: `cops_play(1, 5, 'edges',
   '{"cops": [...], "robber": r}')`, and with the robber's best answer
   chosen ('{"cops": [...]}'); the target is 10 ms plus the solve.
4. The baseline, in the same run: the scan that SQLite made before, the
   text of `cops` compared on every configuration (`cops || '' = v` keeps
   the constraint from the table), for 3 cops on the 12-cage (341,376
   configurations; 5 cops have 2.9e8, about 260 s a lookup), against the
   lookup of the same position.

Each figure is the median of its runs, with their spread (min-max).  The
load average is printed before and after: the figures mean something only
on an idle machine.
"""
import json
import os
import random
import re
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "py"))
import gg  # noqa: E402
import named_graphs as N  # noqa: E402

REPEAT = int(os.environ.get("BENCH_REPEAT", "5"))
K = 5
START = [0, 4, 26, 30, 115]          # a position of the issue: robber on 40, the cops to move


def load():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def ms(x):
    return "%.0f" % (1000 * x) if x >= 0.1 else "%.3g" % (1000 * x)


def spread_ms(ts):
    return "%s ms (%s-%s)" % (ms(statistics.median(ts)), ms(min(ts)), ms(max(ts)))


def timed(db, sql, args=()):
    t = time.perf_counter()
    rows = db.execute(sql, args).fetchall()
    return time.perf_counter() - t, rows


def fresh():
    db = gg.connect()
    gg.store(db, 1, N.NAMED["Tutte 12-cage"][0]())
    return db


def cops_json(rng, conf):
    conf = list(conf)
    rng.shuffle(conf)
    return "[" + ", ".join(str(c) for c in conf) + "]"


LOOKUP = ("SELECT * FROM cops_states(1, ?) WHERE cops = ? AND robber = ? AND turn = ?")
LOOKUP_NO_MOVE = ("SELECT cops, robber, turn, outcome, plies FROM cops_states(1, ?)"
                  " WHERE cops = ? AND robber = ? AND turn = ?")

PEAK = r"""
import sqlite3, sys
def hwm():
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
sys.path.insert(0, sys.argv[2])
import gg, named_graphs as N
db = gg.connect()
gg.store(db, 1, N.NAMED["Tutte 12-cage"][0]())
db.execute("SELECT count(*) FROM cops_states(1, 1) WHERE robber = -1").fetchall()
before = hwm()
db.execute("SELECT plies FROM cops_states(1, %s) WHERE cops = '[0,1,2,3,4]' AND robber = 40"
           " AND turn = 'cops'" % sys.argv[1]).fetchall()
print(hwm() - before)
"""


def solve():
    ts = []
    for _ in range(REPEAT):
        db = fresh()
        t, rows = timed(db, LOOKUP_NO_MOVE, (K, json.dumps(START), 40, "cops"))
        assert rows and rows[0][4] == 7, rows
        ts.append(t)
        db.close()
    peaks = [int(subprocess.run([sys.executable, "-c", PEAK, str(K), os.path.join(ROOT, "tests", "py")],
                                capture_output=True, text=True, check=True).stdout)
             for _ in range(min(REPEAT, 3))]
    db = fresh()
    db.execute("SELECT graphgame_limit('max_positions', 1000000)")
    msg = gg.err(db, LOOKUP, K, "[0,1,2,3,4]", 0, "cops")
    est = re.search(r"about (\d+) positions.*about (\d+) MB at the peak", msg)
    print("| the solve (the first lookup of a connection) | %s | peak %.1f MB (%.1f-%.1f);"
          " the limit's estimate %s MB, %s positions |" % (
              spread_ms(ts), statistics.median(peaks) / 2**20, min(peaks) / 2**20,
              max(peaks) / 2**20, est.group(2), est.group(1)), flush=True)
    return statistics.median(ts)


def lookups(db, rng):
    confs = [sorted(rng.randrange(126) for _ in range(K)) for _ in range(60)]
    for sql, what in ((LOOKUP, "one position's row, with `move`"),
                      (LOOKUP_NO_MOVE, "one position's row, without `move`")):
        ts = []
        for conf in confs:
            t, rows = timed(db, sql, (K, cops_json(rng, conf), rng.randrange(126),
                                      rng.choice(["cops", "robber"])))
            assert len(rows) == 1
            ts.append(t)
        print("| %s (60 random positions) | %s | target 10 ms: %s |" % (
            what, spread_ms(ts), "met" if statistics.median(ts) <= 0.010 else "MISSED"), flush=True)


def plays(db, rng, t_solve):
    for what, with_robber in (("a play from a given position (cops and robber)", True),
                              ("a play from the cops' start (the robber's best answer)", False)):
        ts, lens = [], []
        for _ in range(20):
            start = {"cops": [rng.randrange(126) for _ in range(K)]}
            if with_robber:
                start["robber"] = rng.randrange(126)
            t, rows = timed(db, "SELECT * FROM cops_play(1, ?, 'edges', ?)", (K, json.dumps(start)))
            ts.append(t)
            lens.append(len(rows))
        print("| %s (20 random, %d-%d rows) | %s | target 10 ms plus the solve (%.0f ms): %s |" % (
            what, min(lens), max(lens), spread_ms(ts), t_solve * 1000,
            "met" if statistics.median(ts) <= 0.010 else "MISSED"), flush=True)


def baseline(rng):
    """3 cops: the scan of every configuration by SQLite (the text of cops
    compared) against the lookup, the same positions."""
    db = fresh()
    db.execute("SELECT count(*) FROM cops_states(1, 3) WHERE cops = '[0,1,2]'").fetchall()  # the solve
    tscan, tlook = [], []
    for _ in range(REPEAT):
        conf = sorted(rng.sample(range(126), 3))
        r = rng.randrange(126)
        t1, a = timed(db, "SELECT * FROM cops_states(1, 3) WHERE cops || '' = ? AND robber = ?"
                          " AND turn = 'cops'", (json.dumps(conf).replace(" ", ""), r))
        t2, b = timed(db, LOOKUP, (3, cops_json(rng, conf), r, "cops"))
        assert a == b and len(a) == 1, (a, b)
        tscan.append(t1)
        tlook.append(t2)
    print("| baseline, 3 cops: SQLite's scan of every configuration's text | %s | the lookup %s:"
          " %.0fx |" % (spread_ms(tscan), spread_ms(tlook),
                        statistics.median(tscan) / statistics.median(tlook)), flush=True)


def main():
    rng = random.Random(44)
    print("load average before: %s (cores: %d)" % (load(), os.cpu_count()))
    print("Tutte's 12-cage (126 nodes, |Aut| 12,096), k = %d, through SQL:" % K)
    print("| what | time: median (spread) | note |")
    print("| --- | --- | --- |")
    t_solve = solve()
    db = fresh()
    db.execute(LOOKUP_NO_MOVE, (K, json.dumps(START), 40, "cops")).fetchall()     # solved once
    lookups(db, rng)
    plays(db, rng, t_solve)
    baseline(rng)
    print("load average after: %s" % load())


if __name__ == "__main__":
    main()
