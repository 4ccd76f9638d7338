#!/usr/bin/python3
"""Cops and robbers on the orbits of a graph's automorphisms, the cops
moving one at a time (ext/engine/cops/cops_seq.c; issue 37), engine alone
(bench/cops_sym_engine.c, built here).

1. The named graphs of tests/py/named_graphs.py: |Aut| (nauty), the cop
   number c (k = 1, 2, ... until the cops win, the solve that stops at
   the capture time), the capture time with c cops, the positions of the
   full game for k = c before symmetry and the positions kept after it
   (the states between single cop moves included), and the time (median
   of BENCH_REPEAT runs, default 3, and their spread) and peak memory of
   the solve for k = c.  The table of docs/reference/cops.md.

2. Against the plain solve (cops.c's joint moves, the same program) where
   it fits, for k = 3 or as said: vertex-transitive graphs (the goal
   is >= 10x), and random graphs with a trivial group, where the default
   asks nauty, then takes the plain solve or, on denser graphs, the cops
   one at a time without symmetry (the goal is never more than 10%
   slower).  Two solves: cop_number's (it stops at the capture time) and
   the tables' (every position's plies, `full`).  Each time is the median
   of BENCH_REPEAT processes of the median of IN_PROCESS solves in one
   process: a process's first solve loads nauty's library (dlopen), which
   a session pays once, and on the smallest graphs that would be most of
   the figure.

The load average is printed before and after: the figures mean something
only on an idle machine.  BENCH_ONLY=named or plain runs one part;
BENCH_BIG=1 adds Tutte's 12-cage and the Hoffman-Singleton graph to part 1
(seconds each) and the 12-cage with 4 cops to part 2 (the plain solve: a
minute and a gigabyte or more).
"""
import os
import random
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "dist", "bench")
REPEAT = int(os.environ.get("BENCH_REPEAT", "3"))
ONLY = os.environ.get("BENCH_ONLY", "")
BIG = os.environ.get("BENCH_BIG") == "1"
sys.path.insert(0, os.path.join(ROOT, "tests", "py"))
import named_graphs as N  # noqa: E402

PROG = os.path.join(OUT, "cops_sym_engine")
BIG_ONES = ("Tutte 12-cage", "Hoffman-Singleton", "Biggs-Smith", "Foster")


def build():
    os.makedirs(OUT, exist_ok=True)
    subprocess.run(["make", "-s", "--no-print-directory", "engine-prog",
                    "SRC=bench/cops_sym_engine.c", "OUT=" + PROG], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)


def write_graph(name, rows, n):
    path = os.path.join(OUT, "sym_%s.txt" % "".join(c if c.isalnum() else "_" for c in name))
    with open(path, "w") as f:
        f.write("%d\n" % n + "".join("%d %d\n" % r for r in rows))
    return path


def run(path, k, *words):
    """The program's lines as dicts (one a k)."""
    out = subprocess.run([PROG, path, str(k)] + list(words), capture_output=True, text=True,
                         check=True).stdout
    res = []
    for line in out.splitlines():
        if line.startswith("k "):
            w = line.split()
            res.append({w[i]: float(w[i + 1]) for i in range(0, len(w), 2)})
    return res


IN_PROCESS = 11


def timed(path, k, *words):
    """BENCH_REPEAT runs of one k: the last run's figures, the times."""
    runs = [run(path, k, *words)[-1] for _ in range(REPEAT)]
    return runs[-1], [r["seconds"] for r in runs]


def spread(ts):
    return "%.4f (%.4f-%.4f)" % (statistics.median(ts), min(ts), max(ts))


def spread_ms(ts):
    return "%.3g (%.3g-%.3g)" % tuple(1000 * x for x in (statistics.median(ts), min(ts), max(ts)))


def load():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def named():
    print("| graph | n | \\|Aut\\| | c | capture time | positions (k = c) | after symmetry |"
          " seconds: median (spread) | peak MB |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for name, (make, n, m, d, g, aut) in N.NAMED.items():
        if name in BIG_ONES and not BIG:
            continue
        path = write_graph(name, make(), n)
        lines = run(path, 1, "sym", "number")
        c = int(lines[-1]["k"])
        last, ts = timed(path, c, "sym")
        assert int(last["order"]) == aut, (name, last["order"], aut)
        print("| %s | %d | %d | %d | %d | %.3g | %.3g | %s | %.0f |" % (
            name, n, aut, c, last["capture_time"], last["raw"], last["positions"], spread(ts),
            last["peak_kb"] / 1024), flush=True)


def random_graph(rng, n, p):
    rows = {(rng.randrange(v), v) for v in range(1, n)}
    rows |= {(a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < p}
    return sorted(rows)


def plain():
    cases = [(name, N.NAMED[name][0](), N.NAMED[name][1], 3) for name in
             ("Petersen", "Heawood", "dodecahedron", "Tutte-Coxeter", "Q4", "Q5")]
    if BIG:
        cases.append(("Tutte 12-cage", N.NAMED["Tutte 12-cage"][0](), 126, 4))
    rng = random.Random(37)
    for n, p, k in ((60, 0.08, 2), (40, 0.1, 3), (25, 0.2, 3), (100, 0.2, 2), (40, 0.3, 3),
                    (400, 0.005, 2)):
        cases.append(("random n=%d p=%.2f" % (n, p), random_graph(rng, n, p), n, k))
    print("| graph | k | \\|Aut\\| | solve | plain ms | default ms | ratio | plain MB | default MB |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for name, rows, n, k in cases:
        path = write_graph(name, rows, n)
        for solve in ("cop_number", "full"):
            words = ["repeat", str(IN_PROCESS)] + (["full"] if solve == "full" else [])
            a, ta = timed(path, k, "plain", *words)
            b, tb = timed(path, k, "auto", *words)
            assert a["capture_time"] == b["capture_time"], name
            print("| %s | %d | %d | %s | %s | %s | %.1fx | %.0f | %.0f |" % (
                name, k, b["order"], solve, spread_ms(ta), spread_ms(tb),
                statistics.median(ta) / max(statistics.median(tb), 1e-6),
                a["peak_kb"] / 1024, b["peak_kb"] / 1024), flush=True)


def main():
    build()
    print("load average before: %s (cores: %d)" % (load(), os.cpu_count()))
    if ONLY in ("", "named"):
        named()
    if ONLY in ("", "plain"):
        plain()
    print("load average after: %s" % load())


if __name__ == "__main__":
    main()
