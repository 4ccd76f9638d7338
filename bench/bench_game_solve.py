#!/usr/bin/python3
"""game_solve at scale: 10^5 to 10^7 positions, 5 moves each.

Every size is the same kind of game, so that time per move can be
compared across sizes: each position has exactly 5 moves, each to a
uniformly random position (a hash of the move's number, modulo the number
of positions); the player to move is a hash bit; the same share of the
positions (about 4.5%) are finished.  The share of wins, losses and draws
is about the same at every size (printed), and the longest win grows only
slowly (like the logarithm of the size, as in any random graph).

For each size the tables are generated in SQL into a temporary database
file, then a fresh process opens it and measures:

  read     plain SELECTs that read the same columns of both tables
           (the baseline: what reading the rows costs SQLite alone)
  solve    the rest: mapping ids, building the arrays, the retrograde
           solve and listing every position (total - read)
  total    SELECT ... FROM game_solve('positions', 'moves') over every row
  x read   total over read: the ratio issue 15 asks to be at most 2.5
  ns/move  total per move
  MB       growth of the process's peak RSS during the call

Times are CPU seconds of the measuring process (single-threaded), so that
other work on the machine disturbs them less.

A baseline without SQLite: game_solve_engine.c (compiled here) runs the
same engine steps on the same game generated in memory, timing each step.

Linearity: time per move at each size over that at the smallest size
(1.00 is perfectly linear), and over that at the previous size (step).  The algorithm touches each move a constant
number of times; what grows is the cost of each touch, once the arrays
(hash table, CSR lists, state words) outgrow the CPU caches and almost
every access to a random position is a cache (and TLB) miss.

First, the case of issue 46 alone: 2,000,000 positions and 10,000,000
moves in tables p and m, `SELECT outcome, count(*) FROM game_solve('p',
'm') GROUP BY 1` against SQLite's read of both tables' columns, CPU
seconds in one process, BENCH_REPEAT times (default 5) interleaved, the
cache emptied between: the median ratio and each run's.

Environment: GG_EXT (extension without suffix), GG_BENCH_SCALE (multiply
the sizes, e.g. 0.1 for a quick run; the issue's case runs only at 1),
BENCH_ISSUE=1 (the issue's case alone), BENCH_REPEAT, TMPDIR (where the
databases go).
"""
import json
import os
import resource
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXT = os.environ.get("GG_EXT", os.path.join(ROOT, "dist", "graphgame"))
SCALE = float(os.environ.get("GG_BENCH_SCALE", "1"))
DEGREE = 5
SIZES = [(n, DEGREE * n) for n in
         (max(1000, int(x * SCALE)) for x in (10**5, 3 * 10**5, 10**6, 3 * 10**6, 10**7))]


def _square(e):
    """One round of the hash (game_solve_engine.c's ggHash); every value
    stays below 2^63."""
    return "((({e}) * ({e}) + 12345) % 2147483647)".format(e=e)


# Move j of position i goes to position hash(i*d + j) * n >> 31, the hash
# squaring a linear congruence twice modulo the prime 2^31 - 1 (as random
# as the game needs: in-degrees and repeated moves as in a uniformly
# random game); the player is a hash bit; about 4.5% of the positions are
# finished.
HASH = _square(_square("(((position * {d} + j) * 48271 + 11) % 2147483647)"))
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
WITH RECURSIVE c(j) AS (SELECT 0 UNION ALL SELECT j + 1 FROM c WHERE j < {d} - 1)
INSERT INTO k SELECT j FROM c;
CREATE TABLE moves(position INTEGER, next INTEGER);
INSERT INTO moves
  SELECT position, HASH * {n} >> 31
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


# The case of issue 46: 2,000,000 positions and 10,000,000 moves in
# tables named p and m, the query that counts the outcomes, against
# SQLite's read of both tables' columns; CPU seconds of one process, each
# repeated, medians.
ISSUE_N = 2000000
ISSUE_SQL = "SELECT outcome, count(*) FROM game_solve('p', 'm') GROUP BY 1"
ISSUE_READ = ("SELECT count(*), sum(position), sum(player), count(result) FROM p",
              "SELECT count(*), sum(position), sum(next) FROM m")


def measure_issue(path, repeat):
    """In a fresh process: the read and the query of issue 46, `repeat`
    times each, interleaved; prints JSON."""
    db = connect(path)
    for q in ISSUE_READ:
        timed(db, q)                        # warm the OS file cache
    reads, solves, walls, wreads, rows = [], [], [], [], None
    for _ in range(repeat):
        w = time.perf_counter()
        reads.append(sum(timed(db, q)[0] for q in ISSUE_READ))
        wreads.append(time.perf_counter() - w)
        db.execute("SELECT graphgame_limit('max_positions', 1)")    # empties the cache
        db.execute("SELECT graphgame_limit('max_positions', 1000000000)")
        t, w = time.process_time(), time.perf_counter()
        rows = db.execute(ISSUE_SQL).fetchall()
        solves.append(time.process_time() - t)
        walls.append(time.perf_counter() - w)
    print(json.dumps({"read": reads, "solve": solves, "rows": rows, "wall": walls,
                      "wall_read": wreads}))


def issue_case(tmp, repeat):
    """Issue 46's game_solve case: (read CPU seconds, query's, ratios,
    the outcome counts)."""
    path = os.path.join(tmp, "game_issue.db")
    db = sqlite3.connect(path, isolation_level=None)
    db.executescript(GENERATE.replace("HASH", HASH).format(n=ISSUE_N, d=DEGREE) +
                     "ALTER TABLE positions RENAME TO p; ALTER TABLE moves RENAME TO m;")
    db.close()
    out = subprocess.run([sys.executable, os.path.abspath(__file__), "--issue", str(repeat),
                          path], capture_output=True, text=True, check=True)
    os.remove(path)
    return json.loads(out.stdout)


def child(path, what):
    out = subprocess.run([sys.executable, os.path.abspath(__file__), "--measure", what, path],
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def build_engine(tmp):
    """Compile the SQLite-free engine program (game_solve_engine.c)."""
    exe = os.path.join(tmp, "game_solve_engine")
    subprocess.run(["make", "-s", "--no-print-directory", "engine-prog",
                    "SRC=bench/game_solve_engine.c", "OUT=" + exe], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    return exe


def run_engine(exe, n, m):
    out = subprocess.run([exe, str(n), str(m // n)], capture_output=True, text=True,
                         check=True)
    return json.loads(out.stdout)


def run_size(n, m, tmp):
    path = os.path.join(tmp, "game_%d.db" % n)
    t = time.perf_counter()
    db = sqlite3.connect(path, isolation_level=None)
    db.executescript(GENERATE.replace("HASH", HASH).format(n=n, d=m // n))
    db.close()
    r = {"generate": time.perf_counter() - t, "positions": n}
    r.update(child(path, "scan"))
    r.update(child(path, "solve"))
    os.remove(path)
    return r


def print_issue(r):
    ratios = [s / rd for s, rd in zip(r["solve"], r["read"])]
    rd, sv = statistics.median(r["read"]), statistics.median(r["solve"])
    print("%d positions, %d moves: %s" % (ISSUE_N, ISSUE_N * DEGREE, ISSUE_SQL))
    print("  %.2f s of CPU against %.2f s for SQLite to read both tables' columns: %.2fx"
          " (median of %d; each run's ratio, in order, %s)" % (
              sv, rd, sv / rd, len(ratios), ", ".join("%.2f" % x for x in ratios)))
    print("  wall time: %.2f s against %.2f s: %.2fx (each run's ratio %s)" % (
        statistics.median(r["wall"]), statistics.median(r["wall_read"]),
        statistics.median(r["wall"]) / statistics.median(r["wall_read"]),
        ", ".join("%.2f" % (s / rd) for s, rd in zip(r["wall"], r["wall_read"]))))
    print("  outcomes: %s" % ", ".join("%s %d" % (o, c) for o, c in r["rows"]))
    print()


def main():
    tmp = tempfile.mkdtemp(prefix="gg_bench_")
    try:
        if SCALE == 1 or os.environ.get("BENCH_ISSUE"):
            print_issue(issue_case(tmp, int(os.environ.get("BENCH_REPEAT", "5"))))
        if os.environ.get("BENCH_ISSUE"):
            return
        exe = build_engine(tmp)
        rows, engines = [], []
        for n, m in SIZES:
            rows.append(run_size(n, m, tmp))
            engines.append(run_engine(exe, n, m))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("game_solve(positions, moves) on random games, %d moves per position to"
          " uniformly random positions; CPU seconds" % DEGREE)
    print("%11s %11s %7s %7s %7s %7s %7s %8s %7s %7s %7s %7s" % (
        "positions", "moves", "gen", "read", "solve", "total", "x read", "ns/move", "linear",
        "step", "read-ln", "MB"))
    base = rows[0]["solve"] / rows[0]["moves"]
    rbase = rows[0]["scan"] / rows[0]["moves"]
    prev = base
    for r in rows:
        r["ns_per_move"] = r["solve"] / r["moves"] * 1e9
        print("%11d %11d %7.1f %7.2f %7.2f %7.2f %7.2f %8.1f %7.2f %7.2f %7.2f %7.0f" % (
            r["positions"], r["moves"], r["generate"], r["scan"], r["solve"] - r["scan"],
            r["solve"], r["solve"] / r["scan"], r["ns_per_move"], r["solve"] / r["moves"] / base,
            r["solve"] / r["moves"] / prev, r["scan"] / r["moves"] / rbase,
            r["peak_kb"] / 1024))
        prev = r["solve"] / r["moves"]
    print("  read = plain SELECTs of the same columns (SQLite alone); solve = total - read;"
          " x read = total / read;")
    print("  linear = ns/move over the smallest size's (1.00 = linear); step = over the"
          " previous size's;")
    print("  read-ln = the same as linear for the plain SELECTs")
    for r in rows:
        cnt, win, loss, draw, maxp, nmove = r["result"]
        print("  %9d positions: win %.1f%%, loss %.1f%%, draw %.1f%%; longest %s plies;"
              " peak %.1f bytes per move" % (cnt, 100.0 * win / cnt, 100.0 * loss / cnt,
                                             100.0 * draw / cnt, maxp,
                                             r["peak_kb"] * 1024 / r["moves"]))
    print()
    print("the same games in C without SQLite (game_solve_engine.c), CPU seconds per step")
    print("%11s %7s %7s %7s %7s %7s %7s %8s %7s %7s" % (
        "positions", "map ids", "moves", "build", "solve", "rows", "total",
        "ns/move", "linear", "MB"))
    ebase = None
    for r, e in zip(rows, engines):
        assert e["result"] == r["result"], (e["result"], r["result"])
        e["total"] = e["map"] + e["moves"] + e["build"] + e["solve"] + e["rows"]
        e["ns_per_move"] = e["total"] / e["n_moves"] * 1e9
        ebase = ebase or e["ns_per_move"]
        print("%11d %7.2f %7.2f %7.2f %7.2f %7.2f %7.2f %8.1f %7.2f %7.0f" % (
            r["positions"], e["map"], e["moves"], e["build"], e["solve"], e["rows"],
            e["total"], e["ns_per_move"], e["ns_per_move"] / ebase, e["peak_kb"] / 1024))
    print("  (outcome counts equal the SQL runs')")
    print()
    small, large = rows[0], rows[-1]
    print("what this shows: the game is the same at every size (the shares above), and the"
          " work per move is")
    print("  constant by construction: each move is read once, looked up once, placed by a"
          " gather and one")
    print("  transpose by buckets, and visited a constant number of times by the solve"
          " (no comparison")
    print("  sort, nothing that depends on the game's depth).  The time per move still grows"
          " %.2fx from" % (large["solve"] / large["moves"] / base))
    print("  %d to %d positions (the engine alone: %.2fx), because random accesses to the hash"
          " table," % (small["positions"], large["positions"],
                       engines[-1]["ns_per_move"] / engines[0]["ns_per_move"]))
    print("  the CSR arrays and the state words stop hitting the CPU caches and the TLB as the"
          " arrays grow")
    print("  (%.0f MB at the largest size); the steps that scatter (moves, build, solve) are"
          " the ones" % (large["peak_kb"] / 1024))
    print("  that slow down.  SQLite's own sequential read grows %.2fx over the same range." % (
        large["scan"] / large["moves"] / rbase))


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--measure":
        measure(sys.argv[3], sys.argv[2])
    elif len(sys.argv) == 4 and sys.argv[1] == "--issue":
        measure_issue(sys.argv[3], int(sys.argv[2]))
    else:
        main()
