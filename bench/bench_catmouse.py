#!/usr/bin/python3
"""bench_catmouse.py: cat and mouse through SQL against the textbook solver.

`make bench` runs this.  For each case it writes one graph (or many) both
as an SQLite database and as an edge-list file, then runs, in fresh
processes and interleaved, `SELECT catmouse(...)` through Python's sqlite3
with the extension, and the baselines of this folder on the file:

  textbook913.c  the textbook LeetCode 913 solver (queue of decided
                 positions, int counter per position, flat array);
                 on random graphs and on the long games of issue 22
                 (grids, paths, a cycle, a random tree, a lollipop, a
                 ladder);
  capped913.c    the memoised 2n-capped search (graphs of <= 200 nodes).

Each time includes reading the edges (SQL rows, or the file).  Printed per
case: medians of the extension's and the baseline's time, their ratio
(baseline / extension), the peak memory of each in bytes per position
X, and the capped
search's time where it runs.  The outcomes of the start must agree.  Then
the repeated-call case: the same call again on the unchanged graph (the
per-connection cache answers), next to the time to read the edge rows
alone, and once more after one edge changed (solved again).

Environment: BENCH_REPEAT (runs per case, default 3), BENCH_ONLY (run
only cases whose name contains this text), BENCH_MAXN (skip random graphs
larger than this), CC.

BENCH_HUGE_PATH=1 runs only a path of 45,000 nodes (BENCH_HUGE_N) through
the chains instead: plies past 65,535, its solve's time and peak, and the
positions of BENCH_SAMPLES mouse nodes checked against their children.

BENCH_HUGE=1 runs only the scale cases instead (slow: about ten minutes,
19 GB; run it alone on the machine): random graphs of average degree 8
with n = 40,000 (3.2e9 positions) and n = 80,000 (1.28e10, past 2^32),
BENCH_HUGE_N="40000,80000" by default.  For each n, in fresh processes,
with the position limit raised: catmouse(1) solved once through SQL, its
time and peak memory per position, then every position of BENCH_SAMPLES
(default 3) random mouse nodes in catmouse_states checked against their
children (local consistency: outcome and plies follow from the
children's by the rules; 2n positions a node); then race_states(1, 0)
solved once, its rows with Alice on node 1 read (time, peak), and every
position of BENCH_SAMPLES random Alice nodes checked against its children
the same way.  Then the ratios of the largest n to the
first (time, and bytes a position), and sqlite3_interrupt of the
largest n's cat-and-mouse solve at a few moments: how long it took to
stop, and the process's resident memory after (the solve's memory given
back).
"""
import json
import os
import random
import resource
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
EXT = os.path.join(ROOT, "dist", "graphgame")
REPEAT = int(os.environ.get("BENCH_REPEAT", "3"))
ONLY = os.environ.get("BENCH_ONLY", "")
MAXN = int(os.environ.get("BENCH_MAXN", "10000"))
PEAKRUN = None          # bench/peakrun.c, built by build()


# ---------------------------------------------------------------- graphs
def random_connected(n, deg, seed):
    """Random connected graph on 0..n-1 with n*deg/2 edges: a random tree
    plus uniform random extra edges."""
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
    edges = list(edges)
    rng.shuffle(edges)
    return edges


def complete(n):
    return [(u, v) for u in range(n) for v in range(u + 1, n)]


def grid(side, seed):
    """side x side grid with node labels shuffled (so that the hole and the
    starts land anywhere)."""
    rng = random.Random(seed)
    lab = list(range(side * side))
    rng.shuffle(lab)
    out = []
    for r in range(side):
        for c in range(side):
            u = r * side + c
            if c + 1 < side:
                out.append((lab[u], lab[u + 1]))
            if r + 1 < side:
                out.append((lab[u], lab[u + side]))
    return out


def path(n, seed):
    """Path of n nodes with node labels shuffled: forced wins of up to 2n
    plies."""
    rng = random.Random(seed)
    lab = list(range(n))
    rng.shuffle(lab)
    return [(lab[i], lab[i + 1]) for i in range(n - 1)]


def shuffled(edges, n, seed):
    """The edges with the labels 0..n-1 shuffled."""
    rng = random.Random(seed)
    lab = list(range(n))
    rng.shuffle(lab)
    return [(lab[u], lab[v]) for u, v in edges]


def cycle(n, seed):
    return shuffled([(i, (i + 1) % n) for i in range(n)], n, seed)


def random_tree(n, seed):
    """A random recursive tree: node i hangs from a uniform earlier one."""
    rng = random.Random(seed)
    return shuffled([(i, rng.randrange(i)) for i in range(1, n)], n, seed)


def lollipop(k, m, seed):
    """A clique of k nodes with a path of m more hanging from one of them."""
    edges = [(u, v) for u in range(k) for v in range(u + 1, k)]
    edges += [(k - 1 + i, k + i) for i in range(m)]
    return shuffled(edges, k + m, seed)


def ladder(m, seed):
    """Two paths of m nodes with rungs between them (a 2 x m grid)."""
    edges = [(i, i + 1) for i in range(m - 1)] + [(m + i, m + i + 1) for i in range(m - 1)]
    edges += [(i, m + i) for i in range(m)]
    return shuffled(edges, 2 * m, seed)


def in_order(kind, *a):
    """The families as users make them: labels in the generators' order
    (graph_path, graph_cycle, graph_grid row-major; the ladder is
    graph_grid(2, m); the tree hangs node i from an earlier one; the
    lollipop's clique is 0..k-1 with the path from k-1 on), so that the
    hole is node 0 (an end, a corner, a clique's node) and the mouse and
    the cat start on 1 and 2."""
    if kind == "path":
        return [(i, i + 1) for i in range(a[0] - 1)]
    if kind == "cycle":
        return [(i, (i + 1) % a[0]) for i in range(a[0])]
    if kind == "grid":
        r, c = a
        return [(u, u + 1) for u in range(r * c) if (u + 1) % c] + \
            [(u, u + c) for u in range(r * c - c)]
    if kind == "tree":
        rng = random.Random(a[1])
        return [(i, rng.randrange(i)) for i in range(1, a[0])]
    k, m = a                                   # lollipop
    return [(u, v) for u in range(k) for v in range(u + 1, k)] + \
        [(k - 1 + i, k + i) for i in range(m)]


def long_games():
    """The families of long forced wins (issues 22 and 26): (name, edges,
    n), labels shuffled (the hole and the starts anywhere), then the same
    families with their labels in order (issue 46: in_order); the odd
    cycle is not bipartite."""
    return [("grid 70x70", grid(70, 70), 4900), ("grid 100x100", grid(100, 100), 10000),
            ("path n=3000", path(3000, 3000), 3000), ("path n=10000", path(10000, 10000), 10000),
            ("cycle n=3000", cycle(3000, 3), 3000), ("cycle n=2999", cycle(2999, 3), 2999),
            ("tree n=5000", random_tree(5000, 5), 5000),
            ("lollipop 300+2700", lollipop(300, 2700, 7), 3000),
            ("ladder 2x1500", ladder(1500, 9), 3000)] + \
        [(name + " in order", in_order(*spec), n) for name, spec, n in ORDERED]


# (name, in_order's arguments, n): the table of issue 46, run as whole
# processes too (process_pair)
ORDERED = [("path n=3000", ("path", 3000), 3000), ("path n=10000", ("path", 10000), 10000),
           ("cycle n=3000", ("cycle", 3000), 3000), ("cycle n=2999", ("cycle", 2999), 2999),
           ("ladder 2x1500", ("grid", 2, 1500), 3000),
           ("grid 70x70", ("grid", 70, 70), 4900), ("grid 100x100", ("grid", 100, 100), 10000),
           ("tree n=5000", ("tree", 5000, 5), 5000),
           ("lollipop 300+2700", ("lollipop", 300, 2700), 3000)]


def small_graphs(count, maxn, seed):
    """count random graphs of 3..maxn nodes, each with every label used."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        n = rng.randint(3, maxn)
        p = rng.choice([0.15, 0.25, 0.4])
        lab = list(range(n))
        rng.shuffle(lab)                         # hole and starts anywhere
        edges = [(rng.randrange(v), v) for v in range(1, n)]   # connected
        edges += [(u, v) for u in range(n) for v in range(u + 1, n)
                  if rng.random() < p]
        out.append(sorted(set((lab[u], lab[v]) for u, v in edges)))
    return out


# ---------------------------------------------------------------- runs
def peak_bytes():
    """This process's peak resident memory (VmHWM: unlike ru_maxrss it does
    not count the parent's memory from before exec)."""
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
    return 0


def cpu_seconds(who):
    ru = resource.getrusage(who)
    return ru.ru_utime + ru.ru_stime


def child_main(db_path, sql, repeat_case):
    """Inside a fresh process: time sql, print JSON."""
    db = sqlite3.connect(db_path, isolation_level=None)
    db.enable_load_extension(True)
    db.load_extension(EXT)
    db.execute("SELECT count(*) FROM edges").fetchone()   # warm the page cache
    before = peak_bytes()
    cpu = cpu_seconds(resource.RUSAGE_SELF)
    t = time.perf_counter()
    result = db.execute(sql).fetchall()
    out = {"seconds": time.perf_counter() - t, "result": result,
           "cpu": cpu_seconds(resource.RUSAGE_SELF) - cpu}
    out["peak_bytes"] = peak_bytes() - before
    if repeat_case:
        t = time.perf_counter()
        again = db.execute(sql).fetchall()
        out["again"] = time.perf_counter() - t
        assert again == result
        t = time.perf_counter()
        db.execute("SELECT src, dst FROM edges WHERE graph_id = 1").fetchall()
        out["edges"] = time.perf_counter() - t
        db.execute("BEGIN")      # rolled back: the file stays as it was
        db.execute("INSERT INTO edges VALUES (1, 1, -1)")   # a new node: the graph changes
        t = time.perf_counter()
        db.execute(sql).fetchall()
        out["changed"] = time.perf_counter() - t
        db.execute("ROLLBACK")
    print(json.dumps(out))


# ---------------------------------------------------------------- huge
HUGE_NS = [int(x) for x in os.environ.get("BENCH_HUGE_N", "40000,80000").split(",")]


def huge_connect(db_path, n):
    db = sqlite3.connect(db_path, isolation_level=None)
    db.enable_load_extension(True)
    db.load_extension(EXT)
    db.execute("SELECT graphgame_limit('max_positions', ?)", (2 * n * n + 1,))
    return db


def resident_bytes():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def value_of(kids, me, them, draw):
    """A position's (outcome, plies) from its children's, the mover's code
    me, the other's them: the nearest win, else the farthest loss (no
    move at all: lost now), else a draw."""
    wins = [k for o, k in kids if o == me]
    if wins:
        return (me, 1 + min(wins))
    if all(o == them for o, _ in kids):
        return (them, 1 + max([k for _, k in kids], default=-1))
    return (draw, None)


def rows_around(db, sql, args, xs, first):
    """{(x, y, turn): (outcome, plies)} for each x of xs, from the rows
    of sql (columns: the other player, turn, outcome, plies) with args +
    (x,); turn 0 is the player named first."""
    got = {}
    for x in set(xs):
        for y, t, o, k in db.execute(sql, tuple(args) + (x,)):
            got[(x, y, 0 if t == first else 1)] = (o, k)
    return got


def huge_check(db, adj, nodes, seed):
    """Local consistency on catmouse_states(1) (hole 0): for `nodes` random
    mouse nodes m, every position with the mouse on m (both turns, every
    cat) against its children, by the rules: the nearest win, the farthest
    loss, else a draw.  The children have the mouse on m or on a
    neighbour of m, so the rows of those mouse nodes (read with an
    equality constraint on mouse) are all it takes.  Returns the number of
    positions checked."""
    rng = random.Random(seed)
    n = len(adj)
    checked = 0
    for _ in range(nodes):
        m = rng.randrange(1, n)
        got = rows_around(db, "SELECT cat, turn, outcome, plies FROM catmouse_states(1)"
                          " WHERE mouse = ?", (), [m] + adj[m], "mouse")
        for c in range(1, n):
            for t in (0, 1):
                out, plies = got[(m, c, t)]
                checked += 1
                if m == c:
                    assert (out, plies) == (2, 0), (m, c, t, out, plies)
                    continue
                if t == 0:
                    kids = [got[(x, c, 1)] for x in adj[m]]
                else:
                    kids = [got[(m, x, 0)] for x in adj[c] if x != 0]
                want = value_of(kids, *((1, 2) if t == 0 else (2, 1)), draw=0)
                assert (out, plies) == want, (m, c, t, out, plies, want, kids)
    return checked


def race_check(db, adj, nodes, seed, z=0):
    """Local consistency on race_states(1, z): for `nodes` random Alice
    nodes x, every position with Alice on x (both turns, every Bob)
    against its children, by the rules (race_moves in tests/py/gg.py): a
    mover stays or steps to a neighbour, onto the other's node only if it
    is z; an Alice-turn position with a player on z is finished (both:
    the arrival draw, plies 0); else the nearest win, the farthest loss,
    or a draw.  Bob's moves keep Alice on x; Alice's reach the rows of her
    neighbours, read with an equality constraint on alice.  Returns the
    number of positions checked."""
    rng = random.Random(seed)
    n = len(adj)
    checked = 0
    for _ in range(nodes):
        x = rng.randrange(n)
        got = rows_around(db, "SELECT bob, turn, outcome, plies FROM race_states(1, ?)"
                          " WHERE alice = ?", (z,), [x] + adj[x], "alice")
        for b in range(n):
            for t in (0, 1):
                out, plies = got[(x, b, t)]
                checked += 1
                if t == 0 and (x == z or b == z):
                    want = (2, 0) if x == b == z else ((1, 0) if x == z else (3, 0))
                    assert (out, plies) == want, (x, b, t, out, plies, want)
                    continue
                mover, other = (x, b) if t == 0 else (b, x)
                tos = [v for v in [mover] + adj[mover] if v == mover or v != other or v == z]
                kids = [got[(v, b, 1)] if t == 0 else got[(x, v, 0)] for v in tos]
                want = value_of(kids, *((1, 3) if t == 0 else (3, 1)), draw=2)
                assert (out, plies) == want, (x, b, t, out, plies, want, kids)
    return checked


def huge_adjacency(db):
    """Node -> its neighbours, of graph 1 in the table edges."""
    adj = {}
    for u, v in db.execute("SELECT src, dst FROM edges WHERE graph_id = 1"):
        adj.setdefault(u, []).append(v)
        adj.setdefault(v, []).append(u)
    return adj


def huge_child(db_path, mode, n):
    """In a fresh process: solve (and check), the race, or measure
    interrupts."""
    db = huge_connect(db_path, n)
    if mode == "race":
        before = peak_bytes()
        t = time.perf_counter()
        # the solve, and one mouse node's rows (all of them would be 1e10 rows)
        r = db.execute("SELECT count(*), count(DISTINCT bob) FROM race_states(1, 0)"
                       " WHERE alice = 1").fetchone()
        sec = time.perf_counter() - t
        peak = peak_bytes() - before
        t = time.perf_counter()
        looked = race_check(db, huge_adjacency(db), int(os.environ.get("BENCH_SAMPLES", "3")), 16)
        print(json.dumps({"seconds": sec, "peak_bytes": peak, "rows": r[0], "bobs": r[1],
                          "checked": looked, "check_s": time.perf_counter() - t}))
        return
    adj = huge_adjacency(db)
    if mode == "solve":
        before = peak_bytes()
        t = time.perf_counter()
        r = db.execute("SELECT catmouse(1)").fetchone()[0]
        sec = time.perf_counter() - t
        peak = peak_bytes() - before
        t = time.perf_counter()
        looked = huge_check(db, adj, int(os.environ.get("BENCH_SAMPLES", "3")), 15)
        print(json.dumps({"seconds": sec, "peak_bytes": peak, "result": r,
                          "checked": looked, "check_s": time.perf_counter() - t}))
        return
    import threading
    lat = []
    rss = []
    sqls = [("SELECT catmouse(1)", d) for d in (0.05, 0.5, 3.0, 12.0)] + \
        [("SELECT count(*) FROM race_states(1, 0) WHERE alice = 1", d) for d in (0.5, 6.0)]
    for sql, delay in sqls:
        stamp = {}

        def fire():
            time.sleep(delay)
            stamp["t"] = time.perf_counter()
            db.interrupt()
        th = threading.Thread(target=fire)
        th.start()
        try:
            db.execute(sql).fetchone()
            lat.append(None)
        except sqlite3.OperationalError:
            lat.append(time.perf_counter() - stamp["t"])
        th.join()
        time.sleep(2)               # the freeing thread gives the pages back
        rss.append(resident_bytes())
    print(json.dumps({"latency": lat, "rss": rss}))


def huge_path():
    """BENCH_HUGE_PATH=1: a path of BENCH_HUGE_N nodes (default 45,000),
    labels shuffled, through the chains (ext/engine/catmouse/catmouse_chain.c):
    forced wins past 65,535 plies (the side table of catmouse.h), solved
    once, its time and peak, and every position of BENCH_SAMPLES random
    mouse nodes checked against their children."""
    workdir = tempfile.mkdtemp(prefix="gg_bench_huge")
    me = os.path.abspath(__file__)
    try:
        for n in [int(x) for x in os.environ.get("BENCH_HUGE_N", "45000").split(",")]:
            db_path, _ = write_case(workdir, {1: path(n, n)})
            res = json.loads(run([sys.executable, me, "--huge", db_path, "solve", str(n)]))
            print("path n=%d: %d positions, catmouse(1) = %d in %.1f s, peak %.0f MB = %.3f"
                  " bytes per position; %d positions checked against their children in"
                  " %.1f s: ok" % (n, 2 * n * n, res["result"], res["seconds"],
                                   res["peak_bytes"] / 1e6, res["peak_bytes"] / (2 * n * n),
                                   res["checked"], res["check_s"]))
            sys.stdout.flush()
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def huge_main():
    workdir = tempfile.mkdtemp(prefix="gg_bench_huge")
    me = os.path.abspath(__file__)
    got = {}
    try:
        for n in HUGE_NS:
            db_path, _ = write_case(workdir, {1: random_connected(n, 8, n)})
            npos = 2 * n * n
            res = json.loads(run([sys.executable, me, "--huge", db_path, "solve", str(n)]))
            print("random n=%d deg 8: %d positions, catmouse(1) = %d in %.1f s, peak %.0f MB"
                  " = %.3f bytes per position" % (n, npos, res["result"], res["seconds"],
                                                   res["peak_bytes"] / 1e6,
                                                   res["peak_bytes"] / npos))
            print("  local consistency: %d positions (every position of %s random mouse"
                  " nodes) checked against their children in %.1f s: ok" % (
                      res["checked"], os.environ.get("BENCH_SAMPLES", "3"), res["check_s"]))
            sys.stdout.flush()
            race = json.loads(run([sys.executable, me, "--huge", db_path, "race", str(n)]))
            assert race["rows"] == 2 * n and race["bobs"] == n, race    # 2n positions
            print("  race_states(1, 0) WHERE alice = 1: %d rows in %.1f s, peak %.0f MB = %.3f bytes per"
                  " position" % (race["rows"], race["seconds"], race["peak_bytes"] / 1e6,
                                 race["peak_bytes"] / npos))
            print("  local consistency: %d positions of race_states (every position of %s random"
                  " Alice nodes) checked against their children in %.1f s: ok" % (
                      race["checked"], os.environ.get("BENCH_SAMPLES", "3"), race["check_s"]))
            sys.stdout.flush()
            got[n] = (res, race, npos)
        if len(HUGE_NS) > 1:
            a, b = HUGE_NS[0], HUGE_NS[-1]
            for i, name in ((0, "catmouse"), (1, "race_states")):
                ra, rb = got[a][i], got[b][i]
                print("%s n=%d / n=%d: %.2fx the positions, %.2fx the time, bytes per"
                      " position %.3f / %.3f" % (
                          name, b, a, got[b][2] / got[a][2], rb["seconds"] / ra["seconds"],
                          rb["peak_bytes"] / got[b][2], ra["peak_bytes"] / got[a][2]))
        n = HUGE_NS[-1]
        res = json.loads(run([sys.executable, me, "--huge", db_path, "interrupt", str(n)]))
        print("n=%d: sqlite3_interrupt of catmouse after 0.05, 0.5, 3, 12 s, then of"
              " race_states after 0.5, 6 s: stopped in %s ms; resident 2 s after: %s MB" % (
                  n, ", ".join("-" if x is None else "%.1f" % (x * 1e3) for x in res["latency"]),
                  ", ".join("%.0f" % (x / 1e6) for x in res["rss"])))
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def run(argv):
    p = subprocess.run(argv, stdout=subprocess.PIPE, text=True)
    if p.returncode != 0:
        raise SystemExit("failed: %s" % " ".join(argv))
    return p.stdout


def run_ext(db_path, sql, repeat_case=False):
    argv = [sys.executable, os.path.abspath(__file__), "--child", db_path, sql]
    if repeat_case:
        argv.append("--repeat")
    return json.loads(run(argv))


def run_proc(argv):
    """A whole process, through peakrun.c: (its stdout, wall seconds from
    fork to exit, its peak resident bytes)."""
    p = subprocess.run([PEAKRUN] + argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True)
    if p.returncode != 0:
        raise SystemExit("failed: %s\n%s" % (" ".join(argv), p.stderr))
    w = p.stderr.split()
    return p.stdout, float(w[w.index("seconds") + 1]), int(w[w.index("peak_kb") + 1]) * 1024


# The query of issue 46, through the sqlite3 CLI: the full solve, then the
# start's row.
CLI_SQL = ("SELECT outcome FROM catmouse_states(1) WHERE mouse = 1 AND cat = 2"
           " AND turn = 'mouse'")


def run_cli(db_path):
    """The sqlite3 CLI as a whole process: (outcome, seconds, peak bytes)."""
    out, sec, peak = run_proc([os.environ.get("SQLITE3", "sqlite3"), db_path,
                               ".load " + EXT, CLI_SQL])
    return int(out.split()[-1]), sec, peak


def run_base(prog, path, idle_bytes=0):
    """(seconds, peak bytes over idle, start outcome counts, CPU seconds of
    the whole process, wall seconds of the whole process) of a
    baseline."""
    cpu = cpu_seconds(resource.RUSAGE_CHILDREN)
    out, wall, _ = run_proc([prog, path])
    w = out.split()
    cpu = cpu_seconds(resource.RUSAGE_CHILDREN) - cpu
    counts = {"mouse": int(w[3]), "cat": int(w[5]), "draw": int(w[7])}
    return float(w[9]), max(int(w[11]) * 1024 - idle_bytes, 0), counts, cpu, wall


def write_case(workdir, graphs):
    """graphs: {gid: edge list}.  Writes db and edge file; returns paths."""
    db_path = os.path.join(workdir, "g.db")
    txt_path = os.path.join(workdir, "g.txt")
    for p in (db_path, txt_path):
        if os.path.exists(p):
            os.remove(p)
    db = sqlite3.connect(db_path, isolation_level=None)
    db.executescript(open(os.path.join(ROOT, "sql", "schema.sql")).read())
    db.execute("BEGIN")
    db.executemany("INSERT INTO graphs(id) VALUES (?)", [(g,) for g in graphs])
    db.executemany("INSERT INTO edges VALUES (?,?,?)",
                   [(g, u, v) for g, e in graphs.items() for u, v in e])
    db.execute("COMMIT")
    db.close()
    with open(txt_path, "w") as f:
        for g, e in graphs.items():
            f.write("".join("%d %d %d\n" % (g, u, v) for u, v in e))
    return db_path, txt_path


def build(workdir):
    cc = os.environ.get("CC", "gcc")
    progs = {}
    global PEAKRUN
    PEAKRUN = os.path.join(workdir, "peakrun")
    subprocess.run([cc, "-O2", "-o", PEAKRUN, os.path.join(HERE, "peakrun.c")], check=True)
    for name in ("textbook913", "capped913"):
        out = os.path.join(workdir, name)
        subprocess.run([cc, "-O2", "-o", out, os.path.join(HERE, name + ".c")], check=True)
        progs[name] = out
    tiny = os.path.join(workdir, "tiny.txt")
    with open(tiny, "w") as f:
        f.write("1 0 1\n1 1 2\n")
    idle = {k: run_base(p, tiny)[1] for k, p in progs.items()}
    tiny_db, _ = write_case(workdir, {1: [(0, 1), (1, 2)]})
    idle["cli"] = min(run_cli(tiny_db)[2] for _ in range(3))
    return progs, idle


def med(xs):
    return statistics.median(xs) if xs else None


def fmt_s(x):
    return "-" if x is None else ("%.3f" % x if x < 100 else "%.0f" % x)


def main():
    if not os.path.exists(EXT + ".so"):
        raise SystemExit("build the extension first: make")
    workdir = tempfile.mkdtemp(prefix="gg_bench")
    try:
        progs, idle = build(workdir)
        cases = [("complete K200", {1: complete(200)}, 200, True)]
        for n in (1000, 2000, 5000, 10000):
            if n <= MAXN:
                cases.append(("random n=%d deg 8" % n, {1: random_connected(n, 8, n)}, n, False))
        for name, edges, n in long_games():
            if n <= MAXN:
                cases.append((name, {1: edges}, n, False))
        smalls = small_graphs(10000, 20, 20)
        cases.append(("10000 graphs <=20 nodes", {i + 1: e for i, e in enumerate(smalls)},
                      None, True))
        print("cat and mouse: medians of %d runs; time includes reading the edges;"
              " ratio = textbook / extension;\ncpu ratio: the same for CPU time"
              " (both threads of the extension; steadier on a busy machine)" % REPEAT)
        print("peak memory: the rise of each process's peak resident memory over an idle"
              " run, in MB and in bytes per position")
        head = "%-30s %11s %9s %9s %7s %7s %8s %8s %8s %8s %9s %8s" % (
            "case", "positions", "ext s", "textbk s", "ratio", "cpu rt", "ext MB", "txt MB",
            "ext B/p", "txt B/p", "capped s", "cap MB")
        print(head)
        print("-" * len(head))
        repeat_line = None
        procs = []
        for name, graphs, n, with_capped in cases:
            if ONLY and ONLY not in name:
                continue
            db_path, txt_path = write_case(workdir, graphs)
            many = len(graphs) > 1
            # MATERIALIZED: a flattened subquery would call catmouse() three
            # times a graph, once for each sum
            sql = ("WITH c AS MATERIALIZED (SELECT catmouse(id) AS r FROM graphs)"
                   " SELECT sum(r=1), sum(r=2), sum(r=0) FROM c") if many else "SELECT catmouse(1)"
            npos = 2 * n * n if n else sum(
                2 * (max(max(e) for e in g) + 1) ** 2 for g in graphs.values())
            ext_t, ext_m, base_t, base_m, cap_t, cap_m, again = [], [], [], [], [], [], []
            ext_c, base_c = [], []
            proc_e, proc_m, proc_b = [], [], []
            for r in range(REPEAT):
                res = run_ext(db_path, sql, repeat_case=(name == "random n=10000 deg 8"))
                ext_t.append(res["seconds"])
                ext_m.append(res["peak_bytes"])
                ext_c.append(res["cpu"])
                if "again" in res:
                    again.append(res)
                if name.endswith(" in order"):
                    cli = run_cli(db_path)
                    proc_e.append(cli[1])
                    proc_m.append(max(cli[2] - idle["cli"], 0))
                t, m, counts, c, wall = run_base(progs["textbook913"], txt_path,
                                                 idle["textbook913"])
                proc_b.append(wall)
                base_t.append(t)
                base_c.append(c)
                base_m.append(m)
                want = [counts["mouse"], counts["cat"], counts["draw"]] if many else \
                    [1 if counts["mouse"] else 2 if counts["cat"] else 0]
                if list(res["result"][0]) != want or (proc_e and cli[0] != want[0]):
                    raise SystemExit("%s: extension says %r, textbook %r" % (
                        name, res["result"][0], want))
                if with_capped:
                    ct, cm = run_base(progs["capped913"], txt_path, idle["capped913"])[:2]
                    cap_t.append(ct)
                    cap_m.append(cm)
            e, b = med(ext_t), med(base_t)
            mb = lambda x: "%.1f" % (x / 1e6)
            print("%-30s %11d %9s %9s %6.1fx %6.1fx %8s %8s %8s %8s %9s %8s" % (
                name, npos, fmt_s(e), fmt_s(b), b / e, med(base_c) / max(med(ext_c), 1e-6),
                mb(med(ext_m)), mb(med(base_m)),
                "%.2f" % (med(ext_m) / npos), "%.2f" % (med(base_m) / npos),
                fmt_s(med(cap_t)) if cap_t else "-", mb(med(cap_m)) if cap_m else "-"))
            sys.stdout.flush()
            if proc_e:
                pe, pb = med(proc_e), med(proc_b)
                procs.append("%-30s %11d %9s %9s %6.1fx %6.1fx-%.1fx %8.2f" % (
                    name, npos, fmt_s(pe), fmt_s(pb), pb / pe, min(proc_b) / max(proc_e),
                    max(proc_b) / min(proc_e), med(proc_m) / npos))
            if again:
                repeat_line = (med([a["again"] for a in again]),
                               med([a["edges"] for a in again]),
                               med([a["changed"] for a in again]), e)
        if procs:
            print()
            print("whole processes, labels in order (hole 0, mouse 1, cat 2): the sqlite3 CLI"
                  " with .load and\n  %s\nagainst textbook913 FILE; wall time from fork to exit,"
                  " medians of %d; the range:\nthe worst and the best pairing of runs; bytes: the"
                  " CLI's peak resident memory over\nthe same CLI on a graph of 3 nodes, a"
                  " position" % (CLI_SQL, REPEAT))
            head = "%-30s %11s %9s %9s %7s %13s %8s" % (
                "case", "positions", "cli s", "textbk s", "ratio", "range", "cli B/p")
            print(head)
            print("-" * len(head))
            for line in procs:
                print(line)
        if repeat_line:
            a, ed, ch, first = repeat_line
            print()
            print("repeated call, n=10000: first %.3f s, again %.4f s (reading the edge rows"
                  " alone: %.4f s, %.1fx), after one edge changed %.3f s (solved again)"
                  % (first, a, ed, a / ed, ch))
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        child_main(sys.argv[2], sys.argv[3], "--repeat" in sys.argv)
    elif len(sys.argv) > 1 and sys.argv[1] == "--huge":
        huge_child(sys.argv[2], sys.argv[3], int(sys.argv[4]))
    elif os.environ.get("BENCH_HUGE_PATH"):
        huge_path()
    elif os.environ.get("BENCH_HUGE"):
        huge_main()
    else:
        main()
