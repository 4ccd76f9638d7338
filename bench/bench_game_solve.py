#!/usr/bin/python3
"""game_solve at scale: 10^6 positions / 5*10^6 moves and 10^7 / 5*10^7.

For each size the tables are generated in SQL (a recursive CTE) into a
temporary database file, then a fresh process opens it and measures:

  scan     plain SELECTs that read the same columns of both tables
           (the baseline: what reading the rows costs SQLite alone)
  solve    SELECT ... FROM game_solve('positions', 'moves') over every row:
           reading, building, solving and listing every position
  engine   solve - scan: mapping ids, building the CSR arrays, the
           retrograde solve and producing the rows
  MB       growth of the process's peak RSS during the solve

Times are CPU seconds of the measuring process (single-threaded), so that
other work on the machine disturbs them less; `wall` is the solve's
elapsed time.

A baseline without SQLite: game_solve_engine.c (compiled here) runs the
same engine steps on the same game generated in memory, timing each step;
the SQL run minus it is what reading the rows through SQLite costs.

Linearity: the time per move of the large case over that of the small
case (1.0 is perfectly linear; once the arrays outgrow the CPU caches each
random access costs more, so large cases are somewhat slower per move).

Environment: GG_EXT (extension without suffix), GG_BENCH_SCALE (multiply
the sizes, e.g. 0.1 for a quick run), TMPDIR (where the databases go).
"""
import json
import os
import resource
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXT = os.environ.get("GG_EXT", os.path.join(ROOT, "dist", "graphgame"))
SCALE = float(os.environ.get("GG_BENCH_SCALE", "1"))
SIZES = [(int(10**6 * SCALE), int(5 * 10**6 * SCALE)),
         (int(10**7 * SCALE), int(5 * 10**7 * SCALE))]

# Every position gets exactly m/n moves to pseudo-random positions; the
# player is a hash bit; about 4% of the positions are finished.
GENERATE = """
PRAGMA journal_mode = OFF;
PRAGMA synchronous = OFF;
PRAGMA cache_size = -262144;
CREATE TABLE positions(position INTEGER, player INTEGER, result TEXT);
WITH RECURSIVE c(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM c WHERE i < {n} - 1)
INSERT INTO positions
  SELECT i, (i * 2654435761 >> 13) & 1,
         CASE WHEN i % 61 = 0 THEN 'loss' WHEN i % 67 = 1 THEN 'win'
              WHEN i % 71 = 2 THEN 'draw' END
    FROM c;
CREATE TABLE k(j INTEGER);
WITH RECURSIVE c(j) AS (SELECT 1 UNION ALL SELECT j + 1 FROM c WHERE j < {d})
INSERT INTO k SELECT j FROM c;
CREATE TABLE moves(position INTEGER, next INTEGER);
INSERT INTO moves
  SELECT position, (position * 1103515245 + j * 2654435761 + 12345) % {n}
    FROM positions CROSS JOIN k;
"""


def connect(path):
    db = sqlite3.connect(path, isolation_level=None)
    db.enable_load_extension(True)
    db.load_extension(EXT)
    return db


def timed(db, sql):
    """CPU seconds of this process (the machine may be shared) and the row."""
    t = time.process_time()
    row = db.execute(sql).fetchone()
    return time.process_time() - t, row


def peak_kb():
    """Peak RSS of this process in KB.  VmHWM starts afresh at exec; Linux
    carries ru_maxrss over from the parent (the generator, here)."""
    try:
        for line in open("/proc/self/status"):
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def measure(path, what):
    """Run in a fresh process: print the measurements as JSON."""
    db = connect(path)
    scan_p = "SELECT count(*), sum(player), count(result) FROM positions"
    scan_m = "SELECT count(*), sum(position), sum(next) FROM moves"
    timed(db, scan_p)                       # warm the OS file cache
    timed(db, scan_m)
    if what == "scan":
        t_p, _ = timed(db, scan_p)
        t_m, row = timed(db, scan_m)
        print(json.dumps({"scan": t_p + t_m, "moves": row[0]}))
        return
    rss0 = peak_kb()
    t_wall = time.perf_counter()
    t_solve, res = timed(db, "SELECT count(*), sum(outcome = 'win'), sum(outcome = 'loss'),"
                             " sum(outcome = 'draw'), max(plies), count(move)"
                             " FROM game_solve('positions', 'moves')")
    t_wall = time.perf_counter() - t_wall
    print(json.dumps({"solve": t_solve, "wall": t_wall, "result": list(res),
                      "peak_kb": peak_kb() - rss0}))


def child(path, what):
    out = subprocess.run([sys.executable, os.path.abspath(__file__), "--measure", what, path],
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def build_engine(tmp):
    """Compile the SQLite-free engine program (game_solve_engine.c)."""
    exe = os.path.join(tmp, "game_solve_engine")
    src = [os.path.join(ROOT, "bench", "game_solve_engine.c")] + [
        os.path.join(ROOT, "ext", f) for f in
        ("explicit.c", "keymap.c", "retro.c", "alloc_libc.c")]
    subprocess.run([os.environ.get("CC", "gcc"), "-O2", "-I", os.path.join(ROOT, "ext"),
                    "-o", exe] + src, check=True)
    return exe


def run_engine(exe, n, m):
    out = subprocess.run([exe, str(n), str(m // n)], capture_output=True, text=True,
                         check=True)
    return json.loads(out.stdout)


def run_size(n, m, tmp):
    path = os.path.join(tmp, "game_%d.db" % n)
    t = time.perf_counter()
    db = sqlite3.connect(path, isolation_level=None)
    db.executescript(GENERATE.format(n=n, d=m // n))
    db.close()
    r = {"generate": time.perf_counter() - t, "positions": n}
    r.update(child(path, "scan"))
    r.update(child(path, "solve"))
    os.remove(path)
    return r


def main():
    tmp = tempfile.mkdtemp(prefix="gg_bench_")
    try:
        exe = build_engine(tmp)
        rows = [run_size(n, m, tmp) for n, m in SIZES]
        engines = [run_engine(exe, n, m) for n, m in SIZES]
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("game_solve(positions, moves) on a random game, %d moves per position;"
          " CPU seconds" % (SIZES[0][1] // SIZES[0][0]))
    print("%11s %11s %7s %7s %7s %10s %8s %10s %7s %7s" % (
        "positions", "moves", "gen", "scan", "solve", "solve-scan", "ns/move",
        "solve/scan", "wall", "MB"))
    for r in rows:
        r["ns_per_move"] = r["solve"] / r["moves"] * 1e9
        print("%11d %11d %7.1f %7.2f %7.2f %10.2f %8.1f %10.2f %7.2f %7.0f" % (
            r["positions"], r["moves"], r["generate"], r["scan"], r["solve"],
            r["solve"] - r["scan"], r["ns_per_move"], r["solve"] / r["scan"], r["wall"],
            r["peak_kb"] / 1024))
    for r in rows:
        cnt, win, loss, draw, maxp, nmove = r["result"]
        print("  %d positions: %d win, %d loss, %d draw; longest %s plies; %d with a move;"
              " peak memory %.1f bytes per move" % (cnt, win, loss, draw, maxp, nmove,
                                                    r["peak_kb"] * 1024 / r["moves"]))
    print()
    print("the same game in C without SQLite (game_solve_engine.c), CPU seconds per step;"
          " 'reading' = SQL solve - engine total")
    print("%11s %7s %7s %7s %7s %7s %7s %8s %7s %7s" % (
        "positions", "map ids", "moves", "build", "solve", "rows", "total",
        "ns/move", "reading", "MB"))
    for r, e in zip(rows, engines):
        assert e["result"] == r["result"], (e["result"], r["result"])
        e["total"] = e["map"] + e["moves"] + e["build"] + e["solve"] + e["rows"]
        e["ns_per_move"] = e["total"] / e["n_moves"] * 1e9
        print("%11d %7.2f %7.2f %7.2f %7.2f %7.2f %7.2f %8.1f %7.2f %7.0f" % (
            r["positions"], e["map"], e["moves"], e["build"], e["solve"], e["rows"],
            e["total"], e["ns_per_move"], r["solve"] - e["total"], e["peak_kb"] / 1024))
    print("  (outcome counts equal the SQL runs')")
    print()
    small, large = rows
    es, el = engines

    def per_move(x, key):
        return x[key] / x["moves" if "scan" in x else "n_moves"]
    print("linearity, time per move of the large case / the small case (1.00 = linear):")
    print("  SQL solve %.2f, plain scan %.2f, engine alone %.2f (map %.2f, moves %.2f,"
          " build %.2f, solve %.2f, rows %.2f)" % (
              per_move(large, "solve") / per_move(small, "solve"),
              per_move(large, "scan") / per_move(small, "scan"),
              el["total"] / el["n_moves"] / (es["total"] / es["n_moves"]),
              *[(el[k] / el["n_moves"]) / max(es[k] / es["n_moves"], 1e-12)
                for k in ("map", "moves", "build", "solve", "rows")]))


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--measure":
        measure(sys.argv[3], sys.argv[2])
    else:
        main()
