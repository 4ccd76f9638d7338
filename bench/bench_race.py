#!/usr/bin/python3
"""Race to z (HDU 6963) at the contest's limits, through SQL.

Builds one in-memory database holding the contest's worst input shape:
10,000 games, each n <= 1000, total n <= 100,000, total m <= 200,000,
with repeated edges and self-loops.  The heavy part is games with
n = 1000 where x and y have equal distances to z on wide shortest-path
layers (the case that needs the layered game); the rest are small random
games.  Then it times

    SELECT race_game(graph_id, x, y, z) FROM games

next to the contest's 2-second limit, plus two baselines measured in the
same run:

  - reading each game's edge rows only (the floor any SQL function pays);
  - the exhaustive solver (race_states) on a subset of the games, against
    race_game on the same subset: the ratio is what not solving every
    position buys.  The subset's answers must agree.

Then race_states (every position) against catmouse on the same graphs
(random connected, average degree 8, n = 1000, 3000 and 5000; a 55x55
grid; a path of 3000 nodes with z at one end, the longest games), each in
fresh processes, interleaved, medians of BENCH_REPEAT (3) runs: the time
of the SQL call (reading the edges included, the same for both) and the
rise of the process's peak resident memory, in bytes per position (both
games have 2n^2 positions).

Then (issue 22) race_states against bench/textbook_race.c, a queue and
counters, on random graphs and the long games of bench_catmouse.py.

Usage: bench/bench_race.py [seed]   (run by `make bench`)
Environment: BENCH_ONLY=states (only the second part), BENCH_ONLY=textbook
(only the third; BENCH_CASE=text: only cases whose name has it),
BENCH_REPEAT.
"""
import json
import os
import random
import resource
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXT = os.environ.get("GG_EXT", os.path.join(ROOT, "dist", "graphgame"))

N_GAMES = 10000
MAX_N, TOTAL_N, TOTAL_M = 1000, 100000, 200000
CONTEST_LIMIT = 2.0


def connect():
    db = sqlite3.connect(":memory:", isolation_level=None)
    db.enable_load_extension(True)
    db.load_extension(EXT)
    db.enable_load_extension(False)
    return db


def layered_game(rng, n, widths, m, single=None):
    """n nodes: z, then layers of the given widths (the rest on the top
    layer); every node has one edge down, then random edges between
    neighbouring layers, inside layers, self-loops and repeated rows up to
    m rows (nodes on layer `single` keep their one edge down).  Labels
    are shuffled.  x and y are on the top layer (equal distances),
    sometimes the same node."""
    layer = [0]
    for i, w in enumerate(widths):
        layer += [i + 1] * w
    layer += [len(widths) + 1] * (n - len(layer))
    by_layer = {}
    for v, l in enumerate(layer):
        by_layer.setdefault(l, []).append(v)
    top = max(by_layer)
    rows = [(v, rng.choice(by_layer[layer[v] - 1])) for v in range(1, n)]
    while len(rows) < m:
        r = rng.random()
        if r < 0.05:
            v = rng.randrange(n)
            rows.append((v, v))                         # self-loop
        elif r < 0.10:
            a, b = rng.choice(rows)
            rows.append((b, a))                         # repeated, reversed
        else:
            v = rng.randrange(1, n)
            same = r < 0.25 or layer[v] == single
            pool = by_layer[layer[v]] if same else by_layer[layer[v] - 1]
            rows.append((v, rng.choice(pool)))
    label = list(range(n))
    rng.shuffle(label)
    x = rng.choice(by_layer[top])
    y = x if rng.random() < 0.1 else rng.choice(by_layer[top])
    return [(label[a], label[b]) for a, b in rows], label[x], label[y], label[0]


def small_game(rng, n, m):
    """A random small game: m rows on n labels (loops, repeats, often
    disconnected); x, y, z random nodes of it."""
    rows = []
    for _ in range(m):
        a, b = rng.randrange(n), rng.randrange(n)
        rows.append((a, b))
    nodes = sorted({v for r in rows for v in r})
    return rows, rng.choice(nodes), rng.choice(nodes), rng.choice(nodes)


def build(db, rng):
    """The games table and the edges; returns (total n, total m, heavy ids)."""
    db.execute("CREATE TABLE edges(graph_id INTEGER, src INTEGER, dst INTEGER)")
    db.execute("CREATE TABLE games(graph_id INTEGER PRIMARY KEY, x, y, z, n, m, kind)")
    heavy = []
    # 60 games of n = 1000 and 2,500 rows (60,000 nodes, 150,000 rows):
    # 9 layers of ~100; 2 layers of ~450; 9 layers of ~110 with one narrow
    # layer of 1 to 3 nodes low down, the layer above it with one edge
    # down per node, so that blocking wins are common.  The
    # other 9,940 games share the rest.
    for i in range(60):
        if i % 3 == 0:
            heavy.append(("layers100", 1000, [100 + rng.randrange(-5, 6) for _ in range(9)], 2500, None))
        elif i % 3 == 1:
            heavy.append(("layers450", 1000, [450, 449], 2500, None))
        else:
            w = [110 + rng.randrange(-5, 6) for _ in range(9)]
            k = rng.randrange(0, 3)
            w[k] = rng.choice([1, 2, 3])
            heavy.append(("narrow", 1000, w, 2500, k + 2))
    n_left = TOTAL_N - sum(h[1] for h in heavy)
    m_left = TOTAL_M - sum(h[3] for h in heavy)
    n_small = N_GAMES - len(heavy)
    tot_n = tot_m = 0
    gid = 0
    games = []
    for kind, n, widths, m, single in heavy:
        rows, x, y, z = layered_game(rng, n, widths, m, single)
        games.append((gid, rows, x, y, z, kind))
        gid += 1
    for i in range(n_small):
        n = max(2, min(n_left // (n_small - i), 12) + rng.randrange(-2, 3))
        m = max(1, min(m_left // (n_small - i) + rng.randrange(-2, 3), 3 * n,
                       m_left - (n_small - i - 1)))
        rows, x, y, z = small_game(rng, n, m)
        n_left -= len({v for r in rows for v in r})
        m_left -= len(rows)
        games.append((gid, rows, x, y, z, "small"))
        gid += 1
    rng.shuffle(games)
    for gid, rows, x, y, z, kind in games:
        n = len({v for r in rows for v in r})
        assert n <= MAX_N
        tot_n += n
        tot_m += len(rows)
        db.executemany("INSERT INTO edges VALUES (?,?,?)", [(gid, a, b) for a, b in rows])
        db.execute("INSERT INTO games VALUES (?,?,?,?,?,?,?)", (gid, x, y, z, n, len(rows), kind))
    db.execute("CREATE INDEX edges_graph ON edges(graph_id, src, dst)")
    db.execute("ANALYZE")
    assert len(games) == N_GAMES and tot_n <= TOTAL_N and tot_m <= TOTAL_M, (tot_n, tot_m)
    return tot_n, tot_m


def timed(db, sql, args=()):
    t = time.perf_counter()
    rows = db.execute(sql, args).fetchall()
    return time.perf_counter() - t, rows


# ------------------------------------------- race_states against catmouse
STATES_SQL = {
    "race_states": "SELECT count(*) FROM race_states(1, 0) WHERE alice = 1 AND bob = 2"
                   " AND turn = 'alice'",
    "race_start": "SELECT outcome FROM race_states(1, 0) WHERE alice = 1 AND bob = 2"
                  " AND turn = 'alice'",
    "catmouse": "SELECT catmouse(1)",
}


def random_connected(n, deg, seed):
    """A random tree on 0..n-1 (labels shuffled) plus uniform random extra
    edges, n*deg/2 edges in all."""
    rng = random.Random(seed)
    perm = list(range(n))
    rng.shuffle(perm)
    edges = set()
    for i in range(1, n):
        u, v = perm[i], perm[rng.randrange(i)]
        edges.add((min(u, v), max(u, v)))
    while len(edges) < n * deg // 2:
        u, v = rng.randrange(n), rng.randrange(n)
        if u != v:
            edges.add((min(u, v), max(u, v)))
    return sorted(edges)


def grid(side):
    """A side x side grid on 0..side^2-1."""
    return [(v, v + d) for v in range(side * side) for d in (1, side)
            if (d == side and v + side < side * side) or (d == 1 and v % side + 1 < side)]


def path(n):
    """A path 0 - 1 - ... - n-1 with the cat and mouse's start nodes 1 and
    2 swapped to the far end, so both games are long."""
    lab = list(range(n))
    lab[1], lab[n - 2] = lab[n - 2], lab[1]
    lab[2], lab[n - 1] = lab[n - 1], lab[2]
    return [(lab[v], lab[v + 1]) for v in range(n - 1)]


def peak_bytes():
    """This process's peak resident memory (VmHWM)."""
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
    return 0


def states_child(db_path, game):
    """In a fresh process: time one game's SQL on graph 1, print JSON."""
    db = sqlite3.connect(db_path, isolation_level=None)
    db.enable_load_extension(True)
    db.load_extension(EXT)
    db.execute("SELECT graphgame_limit('max_positions', 2000000000)")
    db.execute("SELECT count(*) FROM edges").fetchone()     # warm the page cache
    before = peak_bytes()
    ru = resource.getrusage(resource.RUSAGE_SELF)
    t = time.perf_counter()
    result = db.execute(STATES_SQL[game]).fetchall()
    sec = time.perf_counter() - t
    ru2 = resource.getrusage(resource.RUSAGE_SELF)
    cpu = ru2.ru_utime + ru2.ru_stime - ru.ru_utime - ru.ru_stime
    print(json.dumps({"seconds": sec, "cpu": cpu, "peak": peak_bytes() - before,
                      "result": result}))


def states_run(db_path, game):
    p = subprocess.run([sys.executable, os.path.abspath(__file__), "--child", db_path, game],
                       stdout=subprocess.PIPE, text=True, check=True)
    return json.loads(p.stdout)


def states_vs_catmouse():
    repeat = int(os.environ.get("BENCH_REPEAT", "3"))
    print("race_states against catmouse on the same graphs (random connected of average"
          " degree 8, a grid, a path; z = hole = 0):\nmedians of %d fresh processes each, interleaved;"
          " time of the SQL call, edges read included;\npeak = rise of peak resident"
          " memory, bytes per position (2n^2 positions each)" % repeat)
    head = "%-12s %11s %9s %9s %7s %9s %9s %8s %8s" % (
        "graph", "positions", "race s", "cm s", "ratio", "race cpu", "cm cpu", "race B/p", "cm B/p")
    print(head)
    print("-" * len(head))
    with tempfile.TemporaryDirectory(prefix="gg_bench_race") as tmp:
        cases = [("n=%d" % n, random_connected(n, 8, n)) for n in (1000, 3000, 5000)]
        cases += [("grid 55x55", grid(55)), ("path 3000", path(3000))]
        for name, edges in cases:
            n = len({v for e in edges for v in e})
            db_path = os.path.join(tmp, "g%d.db" % len(edges))
            db = sqlite3.connect(db_path, isolation_level=None)
            db.execute("CREATE TABLE edges(graph_id INTEGER, src INTEGER, dst INTEGER)")
            db.execute("BEGIN")
            db.executemany("INSERT INTO edges VALUES (1,?,?)", edges)
            db.execute("COMMIT")
            db.close()
            res = {"race_states": [], "catmouse": []}
            for _ in range(repeat):
                for game in res:
                    res[game].append(states_run(db_path, game))
            npos = 2 * n * n
            med = {g: {k: statistics.median(r[k] for r in rs) for k in ("seconds", "cpu", "peak")}
                   for g, rs in res.items()}
            r, c = med["race_states"], med["catmouse"]
            print("%-12s %11d %9.3f %9.3f %7.2f %9.3f %9.3f %8.2f %8.2f" % (
                name, npos, r["seconds"], c["seconds"], r["seconds"] / c["seconds"], r["cpu"],
                c["cpu"], r["peak"] / npos, c["peak"] / npos))
    print("ratio = race_states / catmouse (the target: at most 2)")


def states_vs_textbook():
    """race_states (every position) against bench/textbook_race.c (a queue
    and counters) on the families of issue 22 and random graphs, in fresh
    processes, interleaved: medians, ratio = textbook / race_states, and
    the start's outcome must agree."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import bench_catmouse as bc
    repeat = int(os.environ.get("BENCH_REPEAT", "3"))
    print("race_states against the textbook race solver (bench/textbook_race.c) on the same"
          " edges, z = 0: medians of %d runs;\ntime of the SQL call or of the program (edges"
          " read included); ratio = textbook / race_states" % repeat)
    head = "%-20s %11s %9s %9s %7s %8s %8s" % ("graph", "positions", "race s", "textbk s",
                                              "ratio", "race B/p", "txt B/p")
    print(head)
    print("-" * len(head))
    with tempfile.TemporaryDirectory(prefix="gg_bench_race_tb") as tmp:
        prog = os.path.join(tmp, "textbook_race")
        subprocess.run([os.environ.get("CC", "gcc"), "-O2", "-o", prog,
                        os.path.join(ROOT, "bench", "textbook_race.c")], check=True)
        cases = [("random n=%d deg 8" % n, random_connected(n, 8, n), n) for n in (1000, 3000, 5000)]
        cases += bc.long_games()
        for name, edges, n in cases:
            if ONLY_CASE and ONLY_CASE not in name:
                continue
            db_path = os.path.join(tmp, "g.db")
            if os.path.exists(db_path):
                os.remove(db_path)
            db = sqlite3.connect(db_path, isolation_level=None)
            db.execute("CREATE TABLE edges(graph_id INTEGER, src INTEGER, dst INTEGER)")
            db.execute("BEGIN")
            db.executemany("INSERT INTO edges VALUES (1,?,?)", edges)
            db.execute("COMMIT")
            db.close()
            txt = os.path.join(tmp, "g.txt")
            with open(txt, "w") as f:
                f.write("".join("1 %d %d\n" % e for e in edges))
            ext_t, ext_m, tb_t, tb_m = [], [], [], []
            for _ in range(repeat):
                r = states_run(db_path, "race_start")
                ext_t.append(r["seconds"])
                ext_m.append(r["peak"])
                w = subprocess.run([prog, txt], stdout=subprocess.PIPE, text=True,
                                   check=True).stdout.split()
                tb_t.append(float(w[9]))
                tb_m.append(int(w[11]) * 1024)
                want = {1: 1, 2: 3, 0: 2}[int(w[13])]
                if r["result"][0][0] != want:
                    raise SystemExit("%s: race_states says %r, textbook %r" % (
                        name, r["result"][0][0], want))
            npos = 2 * n * n
            e, b = statistics.median(ext_t), statistics.median(tb_t)
            print("%-20s %11d %9.3f %9.3f %6.1fx %8.2f %8.2f" % (
                name, npos, e, b, b / e, statistics.median(ext_m) / npos,
                statistics.median(tb_m) / npos))
            sys.stdout.flush()


ONLY_CASE = os.environ.get("BENCH_CASE", "")


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        return states_child(sys.argv[2], sys.argv[3])
    if os.environ.get("BENCH_ONLY") == "textbook":
        return states_vs_textbook()
    if os.environ.get("BENCH_ONLY") == "states":
        return states_vs_catmouse()
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 6963
    rng = random.Random(seed)
    db = connect()
    t0 = time.perf_counter()
    tot_n, tot_m = build(db, rng)
    print("race_game at the contest's limits (seed %d): %d games, total n = %d,"
          " total m = %d rows (built in %.1f s)" % (seed, N_GAMES, tot_n, tot_m,
                                                  time.perf_counter() - t0))
    kinds = db.execute("SELECT kind, count(*), max(n), sum(m) FROM games GROUP BY kind").fetchall()
    for k, c, n, m in kinds:
        print("  %-10s %5d games, n <= %4d, %6d rows" % (k, c, n, m))

    runs = [timed(db, "SELECT graph_id, race_game(graph_id, x, y, z) FROM games")
            for _ in range(3)]
    t_all, res = min(runs)
    t_worst = max(r[0] for r in runs)
    t_read, _ = timed(db, "SELECT (SELECT count(*) FROM edges e WHERE e.graph_id = g.graph_id)"
                          " FROM games g")
    outcome = dict(res)
    print()
    print("%-52s %8.3f s   (contest limit %.1f s: %s; worst of 3 runs %.3f s)" % (
        "SELECT race_game(...) FROM games  (all 10,000)", t_all, CONTEST_LIMIT,
        "within" if t_worst < CONTEST_LIMIT else "OVER", t_worst))
    for kind in [k[0] for k in kinds]:
        t, _ = timed(db, "SELECT race_game(graph_id, x, y, z) FROM games WHERE kind = ?", (kind,))
        print("%-52s %8.3f s" % ("  of which %s games" % kind, t))
    print("%-52s %8.3f s   (race_game / reading = %.2f)" % (
        "baseline: reading every game's edge rows only", t_read, t_all / t_read))
    split = db.execute("SELECT kind, sum(o = 1), sum(o = 2), sum(o = 3) FROM"
                       " (SELECT kind, race_game(graph_id, x, y, z) AS o FROM games)"
                       " GROUP BY kind").fetchall()
    for kind, a, d, b in split:
        print("  outcomes of %-10s Alice %5d, draw %5d, Bob %5d" % (kind, a, d, b))

    # Baseline: the exhaustive solver on a subset (every heavy kind, and
    # 300 small games), against race_game on the same subset.
    ids = [r[0] for r in db.execute(
        "SELECT graph_id FROM (SELECT graph_id, kind, row_number() OVER"
        " (PARTITION BY kind ORDER BY graph_id) AS k FROM games)"
        " WHERE (kind = 'small' AND k <= 300) OR (kind <> 'small' AND k <= 3)")]
    db.execute("CREATE TEMP TABLE subset AS SELECT * FROM games WHERE graph_id IN (%s)"
               % ",".join(map(str, ids)))
    db.execute("SELECT graphgame_limit('max_positions', 10000000)")
    t_fast, fast = timed(db, "SELECT graph_id, race_game(graph_id, x, y, z) FROM subset")
    t_full, full = timed(db, "SELECT g.graph_id, s.outcome, (SELECT count(*) FROM"
                             " race_states(g.graph_id, g.z)) FROM subset g JOIN"
                             " race_states(g.graph_id, g.z) s ON s.alice = g.x AND"
                             " s.bob = g.y AND s.turn = 'alice'")
    assert sorted(fast) == sorted((g, o) for g, o, _ in full), "race_game disagrees with race_states"
    n_pos = sum(c for _, _, c in full)
    print()
    print("subset: %d games (3 of each heavy kind, 300 small), %d positions in all" % (len(ids), n_pos))
    print("%-52s %8.3f s" % ("  race_game on the subset", t_fast))
    print("%-52s %8.3f s   (exhaustive / race_game = %.0f)" % (
        "  baseline: race_states (every position) on it", t_full, t_full / t_fast))
    print("  the subset's answers agree")
    print()
    states_vs_catmouse()
    print()
    states_vs_textbook()


if __name__ == "__main__":
    main()
