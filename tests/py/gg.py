"""Shared helpers of the Python tests: connections with the extension
loaded, random graphs, and the reference solvers.

The reference solvers are written separately from the extension, as
plainly as possible: value iteration over explicit positions, with no
queue and no counters, so that they share no idea with the engine beyond
the rules themselves.
"""
import glob
import hashlib
import json
import os
import random
import shutil
import sqlite3
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXT = os.environ.get("GG_EXT", os.path.join(ROOT, "dist", "graphgame"))
# The suite being run (tests/run.py; tests/README.md): "test" for `make
# test` (the quick suite; the long sweeps at a small size), "all" for `make
# check` (every case, the sweeps at full size), "check" for the release
# cases and the sweeps only.  A sweep sizes itself by FULL (GG_FULL=1, or
# any suite but "test").
SUITE = os.environ.get("GG_SUITE", "test")
FULL = SUITE != "test" or os.environ.get("GG_FULL") == "1"


# How long a cancelled call (sqlite3_interrupt) may take to stop before a
# test calls it hung: a deadline that only a hang misses, on a machine
# busy with other work too.  graphgame's promise is 100 ms; that is
# measured by bench/bench_interrupt.py (`make bench`), on a quiet machine,
# not asserted here.  The cases return the latency they measured, which
# tests/run.py prints on their line.
STOP_DEADLINE = 5.0


def stopped_in(seconds, what="stopped"):
    """Assert that an interrupted call stopped within STOP_DEADLINE; the
    latency as a note for the case's line."""
    assert seconds < STOP_DEADLINE, "%s %.3f s after sqlite3_interrupt: over the %.0f s" \
        " deadline, a hang" % (what, seconds, STOP_DEADLINE)
    return "%s %.1f ms after sqlite3_interrupt" % (what, seconds * 1e3)


def sweep(fn):
    """Mark a case that runs in every suite: small in `make test`, at full
    size (gg.FULL) in `make check`."""
    fn.gg_suite = "both"
    return fn


def release(fn):
    """Mark a case that `make test` leaves to `make check` (GG_SUITE=all
    or check)."""
    fn.gg_suite = "check"
    return fn


def engine_prog(src, out, flags=("-O2",)):
    """Build a standalone C program on every engine file (the Makefile's
    engine-prog target: no list of engine files is kept here) and copy it
    to out.  Each build is kept in dist/progs/, one per source and flags,
    and made again only when a source, a header or the Makefile is newer,
    so the tests that share a program compile it once."""
    key = hashlib.sha1(("%s %s" % (src, " ".join(flags))).encode()).hexdigest()[:12]
    prog = os.path.join(ROOT, "dist", "progs", "%s-%s" % (os.path.basename(src).split(".")[0], key))
    inputs = [os.path.join(ROOT, src), os.path.join(ROOT, "Makefile")] + \
        glob.glob(os.path.join(ROOT, "ext", "engine", "*", "*.[ch]")) + \
        glob.glob(os.path.join(ROOT, "tests", "engine", "ref", "*.[ch]"))
    if not os.path.exists(prog) or os.path.getmtime(prog) < max(os.path.getmtime(f) for f in inputs):
        tmp = "%s.%d.tmp" % (prog, os.getpid())
        subprocess.run(["make", "-s", "--no-print-directory", "-j%d" % (os.cpu_count() or 2),
                        "engine-prog", "SRC=" + src,
                        "OUT=" + tmp, "PROG_FLAGS=" + " ".join(flags)], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
        os.replace(tmp, prog)
    shutil.copy2(prog, out)


def connect(path=":memory:"):
    db = sqlite3.connect(path, isolation_level=None)
    db.enable_load_extension(True)
    db.load_extension(EXT)
    db.enable_load_extension(False)
    return db


def random_edges(rng, n, p, loops=0.1, repeats=0.1):
    """Random undirected edge rows on labels 0..n-1 (with self-loops,
    repeated and reversed rows)."""
    rows = []
    for u in range(n):
        for v in range(u, n):
            if u == v:
                if rng.random() < loops:
                    rows.append((u, u))
            elif rng.random() < p:
                rows.append((u, v) if rng.random() < 0.5 else (v, u))
    for r in list(rows):
        if rng.random() < repeats:
            rows.append(r if rng.random() < 0.5 else (r[1], r[0]))
    rng.shuffle(rows)
    return rows


def store(db, gid, rows, table="edges"):
    db.execute('CREATE TABLE IF NOT EXISTS "%s"(graph_id, src, dst)' % table)
    db.executemany('INSERT INTO "%s" VALUES (?,?,?)' % table,
                   [(gid, a, b) for a, b in rows])


def rows_of(db, sql, *args):
    """A query's rows in a fixed order (sorted by repr)."""
    return sorted(db.execute(sql, args).fetchall(), key=repr)


def answer(db, sql, *args):
    """A query's rows, or "error: " and the message after the function's
    name (so that two sources of one graph compare equal)."""
    try:
        return db.execute(sql, args).fetchall()
    except Exception as e:
        return "error: " + str(e).split(": ", 2)[-1]


def err(db, sql, *args):
    """The message of a query that must fail, or None if it ran."""
    try:
        db.execute(sql, args).fetchall()
    except Exception as e:
        return str(e)
    return None


def adjacency(rows, extra=(), directed=False):
    """Node -> set of successors, from edge rows (an arc per row when
    directed, else both ways)."""
    adj = {v: set() for v in extra}
    for a, b in rows:
        adj.setdefault(a, set()).add(b)
        adj.setdefault(b, set())
        if not directed:
            adj[b].add(a)
    return adj


def phantom_rules(rows, roles=(("hole", 0), ("mouse", 1), ("cat", 2))):
    """Rules JSON naming the default roles that no row mentions and
    declaring them isolated nodes: the graph the versions before the rules
    argument played on (they made 0, 1 and 2 nodes of every graph)."""
    present = {x for r in rows for x in r}
    rules = {k: v for k, v in roles if v not in present}
    if rules:
        rules["isolated"] = sorted(set(rules.values()), key=str)
    return json.dumps(rules)


def sqlite_order(labels):
    """Labels in SQLite's order: integers ascending, then texts by bytes."""
    ints = sorted(x for x in labels if isinstance(x, int))
    texts = sorted((x for x in labels if isinstance(x, str)), key=lambda t: t.encode())
    return ints + texts


def force_win(positions, winner_at, mover, moves, player):
    """Plain value iteration.  For player P, W_P[k] = positions where P can
    force a win within k plies.  Returns {pos: (winner, plies)} for the
    positions somebody can force; the rest are draws."""
    best = {}
    for P in (0, 1):
        won = {p for p in positions if winner_at(p) == P}
        level = {p: 0 for p in won}
        k = 0
        while True:
            k += 1
            new = set(won)
            for p in positions:
                if p in won or winner_at(p) is not None:
                    continue
                nxt = moves(p)
                if mover(p) == P:
                    ok = any(c in won for c in nxt)
                else:
                    ok = all(c in won for c in nxt)
                if ok:
                    new.add(p)
                    level.setdefault(p, k)
            if new == won:
                break
            won = new
        for p in won:
            best[p] = (P, level[p])
    return best


def catmouse_brute(rows, holes=(0,), directed=False, extra=(0, 1, 2)):
    """{(mouse, cat, turn): (outcome, plies)} by value iteration; turn is
    'mouse' or 'cat', outcome 1 mouse, 2 cat, 0 draw, plies None for a
    draw.  Any labels; several holes; arcs only when directed; the nodes
    are the rows' labels and `extra`."""
    adj = adjacency(rows, tuple(extra) + tuple(holes), directed)
    holes = set(holes)
    nodes = list(adj)
    positions = [(m, c, t) for m in nodes for c in nodes if c not in holes for t in (0, 1)]

    def moves(p):
        m, c, t = p
        if t == 0:
            return [(x, c, 1) for x in adj[m]]
        return [(m, x, 0) for x in adj[c] if x not in holes]

    def winner_at(p):
        m, c, t = p
        if m in holes:
            return 0
        if m == c:
            return 1
        if not moves(p):
            return 1 - t        # no legal move: the mover loses
        return None

    best = force_win(positions, winner_at, lambda p: p[2], moves, None)
    out = {}
    for (m, c, t) in positions:
        w = best.get((m, c, t))
        out[(m, c, ("mouse", "cat")[t])] = (w[0] + 1, w[1]) if w else (0, None)
    return out


def catmouse_capped(rows, cap=None):
    """The widely copied memoised search that calls any game longer than
    `cap` plies (default 2n) a draw.  Outcome of the standard start."""
    import functools
    adj = adjacency(rows, (0, 1, 2))
    n = len(adj)
    cap = 2 * n if cap is None else cap

    @functools.lru_cache(maxsize=None)
    def dfs(k, m, c):
        if k >= cap:
            return 0
        if m == 0:
            return 1
        if m == c:
            return 2
        draw = False
        if k % 2 == 0:
            for x in sorted(adj[m]):
                r = dfs(k + 1, x, c)
                if r == 1:
                    return 1
                draw = draw or r == 0
            return 0 if draw else 2
        for x in sorted(adj[c]):
            if x == 0:
                continue
            r = dfs(k + 1, m, x)
            if r == 2:
                return 2
            draw = draw or r == 0
        return 0 if draw else 1

    return dfs(0, 1, 2)


def adjacency_json(rows):
    """LeetCode-style JSON text for rows on labels 0..n-1."""
    adj = adjacency(rows, (0, 1, 2))
    n = max(adj) + 1
    return "[" + ",".join("[" + ",".join(str(x) for x in sorted(adj.get(i, ()))) + "]"
                          for i in range(n)) + "]"


def race_moves(adj, z, a, b, t):
    """The race's legal moves from (alice a, bob b, turn t: 0 Alice, 1 Bob)
    as (destination, next position); staying is always allowed, stepping
    onto the other player's node only if it is z."""
    mover, other = (a, b) if t == 0 else (b, a)
    out = []
    for to in sqlite_order({mover} | adj[mover]):
        if to == mover or to != other or to == z:
            out.append((to, (to, b, 1) if t == 0 else (a, to, 0)))
    return out


def race_adjacency(rows, directed=False):
    """Node -> set of the nodes a race player may step to from it: the
    neighbours, or with directed=True the heads of the arcs src -> dst
    out of it.  Every node of a row is a node."""
    if not directed:
        return adjacency(rows)
    adj = {}
    for a, b in rows:
        adj.setdefault(a, set()).add(b)
        adj.setdefault(b, set())
    return adj


def race_brute(rows, z, directed=False):
    """{(alice, bob, turn): (outcome, plies)} for the race to z (HDU 6963)
    by value iteration; turn is 'alice' or 'bob', outcome 1 Alice wins,
    2 draw, 3 Bob wins, plies None for a draw, except 0 for the arrival
    draw (both on z, Alice to move).  An Alice-turn position with a
    player on z is finished (scored at the end of the last turn, or at
    the start); Bob-turn positions never are.  With directed=True the
    rows are arcs, followed from src to dst only."""
    adj = race_adjacency(rows, directed)
    nodes = sqlite_order(adj)
    positions = [(a, b, t) for a in nodes for b in nodes for t in (0, 1)]

    def winner_at(p):
        a, b, t = p
        if t == 1 or (a != z and b != z):
            return None
        if a == z and b == z:
            return "draw"               # finished, nobody won
        return 0 if a == z else 1

    def moves(p):
        return [q for _, q in race_moves(adj, z, *p)]

    best = force_win(positions, winner_at, lambda p: p[2], moves, None)
    out = {}
    for (a, b, t) in positions:
        w = best.get((a, b, t))
        arrived = t == 0 and a == b == z        # the arrival draw: finished
        out[(a, b, ("alice", "bob")[t])] = ((1, 3)[w[0]], w[1]) if w else (2, 0 if arrived else None)
    return out


def cops_brute(rows, k, lazy=False):
    """Cops and robbers by plain value iteration over ORDERED cop tuples
    (not multisets), written apart from the engine; labels are integers
    or texts.  Returns
    {(cops_tuple, robber, turn): plies or None}, turn 'cops' or 'robber';
    plies 0 at a capture, None when the robber escapes.  Starting from
    "never" everywhere, round i makes exact every position the cops win
    within i plies (the least fixed point: the cops hurry, the robber
    delays)."""
    import itertools
    adj = adjacency(rows)
    nodes = sqlite_order(adj)
    closed = {v: sqlite_order(adj[v] | {v}) for v in nodes}
    tuples = list(itertools.product(nodes, repeat=k))

    def cop_moves(c):
        if lazy:
            out = {c}
            for i in range(k):
                for v in closed[c[i]]:
                    out.add(c[:i] + (v,) + c[i + 1:])
            return out
        return set(itertools.product(*[closed[x] for x in c]))

    moves = {c: cop_moves(c) for c in tuples}
    val = {(c, r, t): None for c in tuples for r in nodes for t in ("cops", "robber")}
    while True:
        new = {}
        for (c, r, t) in val:
            if r in c:
                new[(c, r, t)] = 0
            elif t == "cops":
                vs = [val[(d, r, "robber")] for d in moves[c]]
                vs = [x for x in vs if x is not None]
                new[(c, r, t)] = min(vs) + 1 if vs else None
            else:
                vs = [val[(c, s, "cops")] for s in closed[r]]
                new[(c, r, t)] = None if None in vs else max(vs) + 1
        if new == val:
            return val
        val = new


def cops_capture_time(val, nodes, k):
    """Capture time (rounds) from a brute-force table: the cops' best start
    against the robber's best reply; None if the robber escapes."""
    import itertools
    best = None
    for c in itertools.combinations_with_replacement(sqlite_order(nodes), k):
        worst = 0
        for r in nodes:
            p = val[(c, r, "cops")]
            if p is None:
                worst = None
                break
            worst = max(worst, (p + 1) // 2)
        if worst is not None and (best is None or worst < best):
            best = worst
    return best


def cops_variant_rules(distance=0, robber_speed=1, directed=False, surround=False,
                       lazy=False):
    """The rules of a cops variant as a dict (the brute force's keywords)."""
    return dict(distance=distance, robber_speed=robber_speed, directed=directed,
                surround=surround, lazy=lazy)


def cops_variant_game(rows, k, distance=0, robber_speed=1, directed=False,
                      surround=False, lazy=False):
    """The moves of a cops variant, spelled out plainly from the rules of
    docs/reference/cops.md, written apart from the engine: (nodes, caught,
    robber_moves, cop_moves, start_ok) over ORDERED cop tuples.
      caught(c, r)        the robber on r is caught with the cops on c
      robber_moves(c, r)  his moves (nodes), r included when he may stay
      cop_moves(c)        the cops' next tuples
      start_ok(c, r)      r is a start the robber may take
    """
    import itertools
    succ = adjacency(rows, directed=directed)
    nodes = sqlite_order(succ)
    nbr = {v: succ[v] - {v} for v in nodes}         # loops change nothing
    und = {v: set() for v in nodes}                 # distances: undirected
    for a, b in rows:
        if a != b:
            und[a].add(b)
            und[b].add(a)

    def ball(v):
        seen, front = {v}, {v}
        for _ in range(distance):
            front = {w for u in front for w in und[u]} - seen
            seen |= front
        return seen
    balls = {v: ball(v) for v in nodes}

    def caught(c, r):
        if surround:
            return all(v in c for v in nbr[r])
        return any(r in balls[x] for x in c)

    def robber_moves(c, r):
        if surround:
            return {v for v in nbr[r] | {r} if v not in c}
        out, front = {r}, {r}
        for _ in range(robber_speed):
            front = {w for u in front for w in nbr[u] if not caught(c, w)} - out
            out |= front
        return out

    def cop_moves(c):
        closed = [sorted(nbr[x] | {x}, key=str) for x in c]
        if lazy:
            out = {c}
            for i in range(k):
                for v in closed[i]:
                    out.add(c[:i] + (v,) + c[i + 1:])
            return out
        return set(itertools.product(*closed))

    def start_ok(c, r):
        return not (surround and r in c)
    return nodes, caught, robber_moves, cop_moves, start_ok


def cops_variant_brute(rows, k, **rules):
    """Every position of a cops variant (cops_variant_game's rules) by
    plain value iteration over ORDERED cop tuples: {(cops_tuple, robber,
    turn): plies or None}, plies 0 when caught, None when the robber
    escapes.  From "never" everywhere, sweep i makes exact every position
    decided within i plies (the least fixed point: the cops hurry, the
    robber delays)."""
    import itertools
    nodes, caught, robber_moves, cop_moves, _ = cops_variant_game(rows, k, **rules)
    tuples = list(itertools.product(nodes, repeat=k))
    cm = {c: cop_moves(c) for c in tuples}
    rm = {(c, r): robber_moves(c, r) for c in tuples for r in nodes}
    cap = {(c, r): caught(c, r) for c in tuples for r in nodes}
    val = {(c, r, t): None for c in tuples for r in nodes for t in ("cops", "robber")}
    while True:
        new = {}
        for (c, r, t) in val:
            if cap[(c, r)]:
                new[(c, r, t)] = 0
            elif t == "cops":
                vs = [val[(d, r, "robber")] for d in cm[c]]
                vs = [x for x in vs if x is not None]
                new[(c, r, t)] = min(vs) + 1 if vs else None
            else:
                vs = [val[(c, s, "cops")] for s in rm[(c, r)]]
                new[(c, r, t)] = None if None in vs else max(vs) + 1
        if new == val:
            return val
        val = new


def cops_variant_time(val, rows, k, **rules):
    """Capture time (rounds: a capture in ply p is in round ceil(p/2)) of
    a brute-force table: the cops' best start against the robber's best
    start; None if the robber escapes.  A start of the cops that leaves
    the robber no start wins at once."""
    import itertools
    nodes, _, _, _, start_ok = cops_variant_game(rows, k, **rules)
    best = None
    for c in itertools.combinations_with_replacement(nodes, k):
        worst = 0
        for r in nodes:
            if not start_ok(c, r):
                continue
            p = val[(c, r, "cops")]
            if p is None:
                worst = None
                break
            worst = max(worst, (p + 1) // 2)
        if worst is not None and (best is None or worst < best):
            best = worst
    return best


def girth(edges):
    """The length of a shortest cycle of the rows edges, or None if they
    have none."""
    adj = adjacency(edges)
    best = None
    for s in adj:                       # BFS from every node
        dist, par, todo = {s: 0}, {s: None}, [s]
        for x in todo:
            for y in adj[x]:
                if y not in dist:
                    dist[y], par[y] = dist[x] + 1, x
                    todo.append(y)
                elif par[x] != y:
                    c = dist[x] + dist[y] + 1
                    best = c if best is None else min(best, c)
    return best
