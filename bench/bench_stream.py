#!/usr/bin/python3
"""The census at geng's pace (issue 27): geng's lines streamed into SQL by
graph6_read, against geng writing the same lines to /dev/null.

On the 11,716,571 connected graphs on 10 nodes (BENCH_N=9 for a quick
look), each a wall time, best of BENCH_REPEAT (default 2):

1. geng alone: `nauty-geng -cq 10 > /dev/null`, the baseline of 2.
2. the pipe: `nauty-geng -cq 10 | sqlite3 :memory: ".load dist/graphgame"
   "SELECT cop_number(g, 'graph6'), count(*) FROM graph6_read('-') GROUP
   BY 1"`.  Target: at most 2x geng alone.  (For comparison: the same
   through the CLI's `.import` into a table, as before graph6_read.)
3. the query's own cost: the same query over graph6_read of a file of the
   lines (dist/bench/g10.g6), against `SELECT length(g), count(*) ...
   GROUP BY 1` over the same rows.  Target: at most 2x.
4. examples/census.sh -s 16 -j 2 -c 10 with the query of 2, against
   geng's own 16 shards to /dev/null on GNU parallel -j 2.  Target: at
   most 2.5x.  Peak memory: the largest resident size of any process of
   the census (GNU time's %M over the whole run), which does not grow
   with the census (n = 11: docs/reference/census.md).
5. with BENCH_N11=1 only (about 10 minutes, both cores): the census of
   the 1,006,700,565 connected graphs on 11 nodes, cop number only,
   census.sh -s 256 -j 2.  Target: at most 10 minutes.

Every answer must equal the others.  Run it while nothing else heavy runs.

Usage: bench/bench_stream.py   (run by `make bench`)
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time

from bench_census import EXT, OUT, ROOT, graphs_file

REPEAT = int(os.environ.get("BENCH_REPEAT", "2"))
N = int(os.environ.get("BENCH_N", "10"))
COPS = "SELECT cop_number(g, 'graph6'), count(*) FROM %s GROUP BY 1"
CENSUS = os.path.join(ROOT, "examples", "census.sh")


def timed(cmd):
    """(best wall seconds of REPEAT runs, stdout, peak KB) of a shell command."""
    best, out, peak = None, None, 0
    for _ in range(REPEAT):
        t0 = time.monotonic()
        p = subprocess.run(["/usr/bin/time", "-f", "%M", "bash", "-c", cmd],
                           capture_output=True, text=True)
        t = time.monotonic() - t0
        if p.returncode:
            sys.exit("bench_stream: failed: %s\n%s" % (cmd, p.stderr))
        peak = max(peak, int(p.stderr.strip().splitlines()[-1]))
        best, out = (t, p.stdout) if best is None or t < best else (best, out)
    return best, out, peak


def sql(*args, stdin=""):
    """The sqlite3 CLI on :memory: with the extension and these arguments."""
    return "%s sqlite3 :memory: '.load %s' %s" % (stdin, EXT, " ".join('"%s"' % a for a in args))


def census(n, shards, out):
    """census.sh from scratch (its shards removed first: a second run would
    resume a finished census)."""
    return "rm -rf %s.shards; %s -o %s -s %d -j 2 -c %d -q \"%s\" 2>/dev/null" % (
        out, CENSUS, out, shards, n, COPS % "g6")


def row(name, t, base, target=None, extra=""):
    print("%-58s %7.2f s  %5.2fx%s%s" % (name, t, t / base,
          "  (target <= %gx: %s)" % (target, "met" if t / base <= target else "NOT met")
          if target else "", extra))


def main():
    if shutil.which("nauty-geng") is None or shutil.which("parallel") is None:
        print("bench_stream: needs nauty-geng and GNU parallel (tests/tools/deps.sh)")
        return
    g6 = graphs_file(N)
    print("bench_stream: %d connected graphs on %d nodes, best of %d" % (
        sum(1 for _ in open(g6)), N, REPEAT))
    geng, _, _ = timed("nauty-geng -cq %d > /dev/null" % N)
    row("geng alone, to /dev/null", geng, geng)
    pipe, a, peak = timed(sql(COPS % "graph6_read('-')", stdin="nauty-geng -cq %d |" % N))
    row("geng | sqlite3 ... graph6_read('-')", pipe, geng, 2, "  %d MB peak" % (peak // 1024))
    imp, b, _ = timed(sql("CREATE TABLE g6(g TEXT)", ".import --csv /dev/stdin g6", COPS % "g6",
                          stdin="nauty-geng -cq %d |" % N))
    row("geng | sqlite3 with .import, then the query (before)", imp, geng)
    assert a == b, (a, b)
    length, _, _ = timed(sql("SELECT length(g), count(*) FROM graph6_read('%s') GROUP BY 1" % g6))
    cops, c, _ = timed(sql(COPS % ("graph6_read('%s')" % g6)))
    print()
    row("length(g) over graph6_read(file), GROUP BY", length, length)
    row("cop_number(g, 'graph6') over graph6_read(file), GROUP BY", cops, length, 2)
    assert c == a
    shards, _, _ = timed("seq 0 15 | parallel -j 2 'nauty-geng -cq %d {}/16 > /dev/null'" % N)
    tmp = tempfile.mkdtemp()
    try:
        out = os.path.join(tmp, "c.db")
        cen, d, peak = timed(census(N, 16, out))
        print()
        row("geng's 16 shards to /dev/null, parallel -j 2", shards, shards)
        row("examples/census.sh -s 16 -j 2", cen, shards, 2.5, "  %d MB peak" % (peak // 1024))
        assert d.split() == a.split(), (d, a)
        if os.environ.get("BENCH_N11"):
            t0 = time.monotonic()
            p = subprocess.run(["/usr/bin/time", "-f", "%M", "bash", "-c", census(11, 256, out)],
                               capture_output=True, text=True)
            t = time.monotonic() - t0
            print("census.sh -s 256 -j 2 -c 11, cop number: %.0f s (target <= 600 s), %d MB"
                  " peak\n%s" % (t, int(p.stderr.split()[-1]) // 1024, p.stdout))
    finally:
        shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
