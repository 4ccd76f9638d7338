"""The race to z (HDU 6963): race_states against the reference brute force
(gg.race_brute, value iteration) for every position, every move checked
legal and optimal, and race_game (the fast outcome) against race_states'
row (x, y, 'alice') for every start of every graph; directed graphs the
same way through the engines alone (race_check dump: the SQL layer does
not take directed graphs yet).  Also the C cross-checks of
tests/engine/race_check.c (the solve from the distances, the
word-parallel one and race_game against the queue solver on thousands of
graphs, no SQLite)."""
import os
import random
import sqlite3
import subprocess
import tempfile
import time

import gg

OUTCOMES = {1, 2, 3}


def states(db, gid, z, table="edges"):
    return {(a, b, t): (o, p, mv) for a, b, t, o, p, mv in db.execute(
        "SELECT alice, bob, turn, outcome, plies, move FROM race_states(?, ?, ?)",
        (gid, z, table))}


def games(db, gid, z, nodes, table="edges"):
    """race_game for every (x, y) of the nodes, in one query."""
    db.execute("DROP TABLE IF EXISTS temp.nodes")
    db.execute("CREATE TEMP TABLE nodes(v INTEGER)")
    db.executemany("INSERT INTO nodes VALUES (?)", [(v,) for v in nodes])
    return {(x, y): r for x, y, r in db.execute(
        "SELECT a.v, b.v, race_game(?, a.v, b.v, ?, ?) FROM nodes a, nodes b",
        (gid, z, table))}


def check_graph(db, gid, rows, z, table="edges"):
    """Every position's outcome and plies equal the brute force's, every
    move is legal and optimal, and race_game equals the (x, y, 'alice')
    row for every start.  Returns the starts' outcomes."""
    want = gg.race_brute(rows, z)
    got = states(db, gid, z, table)
    assert set(got) == set(want), "positions differ for %r z=%r" % (rows, z)
    adj = gg.adjacency(rows)
    for (a, b, t), (o, p, mv) in got.items():
        assert (o, p) == want[(a, b, t)], "graph %r z=%r position %r: got %r want %r" % (
            rows, z, (a, b, t), (o, p), want[(a, b, t)])
        finished = t == "alice" and (a == z or b == z)
        if finished:
            assert mv is None and o in OUTCOMES, (rows, z, (a, b, t), mv)
            assert p == 0, (rows, z, (a, b, t), p)      # the arrival draw too
            continue
        legal = dict(gg.race_moves(adj, z, a, b, 0 if t == "alice" else 1))
        assert mv in legal, ("illegal move", rows, z, (a, b, t), mv)
        child = want[legal[mv][:2] + (("alice", "bob")[legal[mv][2]],)]
        assert child[0] == o, ("move changes the outcome", rows, z, (a, b, t), mv)
        if o != 2:
            assert child[1] == p - 1, ("move not optimal", rows, z, (a, b, t), mv, child, p)
    fast = games(db, gid, z, sorted(adj), table)
    for (x, y), r in fast.items():
        assert r == got[(x, y, "alice")][0], "race_game(%r, %r, %r) = %r, states say %r on %r" % (
            x, y, z, r, got[(x, y, "alice")][0], rows)
    return fast


def layered_edges(rng, n):
    """A graph with node 0 alone in layer 0 and small layers above it:
    random edges between neighbouring layers and inside layers, so equal
    distances and blocking are common; self-loops and repeated rows."""
    layer = [0] + [0] * (n - 1)
    cur = 1
    for v in range(1, n):
        layer[v] = cur
        if rng.random() < 0.4:
            cur += 1
    rows = []
    for u in range(n):
        if rng.random() < 0.1:
            rows.append((u, u))
        for v in range(u + 1, n):
            d = abs(layer[u] - layer[v])
            if (d == 1 and rng.random() < 0.5) or (d == 0 and rng.random() < 0.2):
                rows.append((u, v) if rng.random() < 0.5 else (v, u))
    for v in range(1, n):
        below = [u for u in range(n) if layer[u] == layer[v] - 1]
        if rng.random() < 0.9:
            rows.append((rng.choice(below), v))
    rows.append((1, 0))                     # node 1 is always on layer 1
    rows += [r[::-1] for r in rows if rng.random() < 0.1]
    rng.shuffle(rows)
    return rows


def test_random_graphs_every_position():
    """300+ random graphs (G(n,p) with self-loops, repeated and reversed
    rows, often disconnected; and layered graphs), each with two goals z
    (node 0 and a random node): all positions and all starts, x = y and
    starts on z included."""
    rng = random.Random(6963)
    db = gg.connect()
    seen = {"alice": 0, "bob": 0, "draw": 0, "equal_alice": 0}
    for gid in range(340):
        n = rng.randint(2, 11)
        if gid % 2:
            rows = layered_edges(rng, n)
        else:
            rows = gg.random_edges(rng, n, rng.choice([0.1, 0.2, 0.3, 0.5]), 0.15, 0.2)
            rows = rows or [(0, 1)]
        gg.store(db, gid, rows)
        nodes = sorted(gg.adjacency(rows))
        for z in sorted({nodes[0], rng.choice(nodes)}):
            fast = check_graph(db, gid, rows, z)
            for r in fast.values():
                seen[{1: "alice", 2: "draw", 3: "bob"}[r]] += 1
    # the graphs exercise every outcome, often
    assert min(seen["alice"], seen["bob"], seen["draw"]) > 1000, seen


def test_equal_distances_blocking_on_layers():
    """Layered graphs where both players start on the same layer: Alice
    wins by blocking in some of them, draws in others, and race_game agrees
    with the brute force everywhere."""
    rng = random.Random(42)
    db = gg.connect()
    blocked = drawn = 0
    for gid in range(120):
        rows = layered_edges(rng, rng.randint(5, 10))
        gg.store(db, gid, rows)
        fast = check_graph(db, gid, rows, 0)
        dist = bfs(gg.adjacency(rows), 0)
        for (x, y), r in fast.items():
            if x != y and 0 < dist.get(x, -1) == dist.get(y, -2) > 1:
                blocked += r == 1
                drawn += r == 2
                assert r != 3, (rows, x, y)     # Bob never wins equal distances
    assert blocked > 50 and drawn > 50, (blocked, drawn)


def bfs(adj, z):
    dist, todo = {z: 0}, [z]
    for u in todo:
        for w in adj[u]:
            if w not in dist:
                dist[w] = dist[u] + 1
                todo.append(w)
    return dist


def test_sparse_labels_and_other_tables():
    """Negative and huge labels, the edges argument (table and view)."""
    rng = random.Random(3)
    db = gg.connect()
    db.execute("CREATE TABLE links(net, a, b)")
    db.execute("CREATE VIEW my_edges(graph_id, src, dst) AS SELECT net, a, b FROM links")
    for gid in range(40):
        n = rng.randint(2, 9)
        rows = layered_edges(rng, n) if gid % 2 else (gg.random_edges(rng, n, 0.3) or [(0, 1)])
        names = {v: rng.choice([-1, 1]) * rng.randint(0, 2**62) for v in range(n)}
        mapped = [(names[a], names[b]) for a, b in rows]
        db.executemany("INSERT INTO links VALUES (?,?,?)", [(gid, a, b) for a, b in mapped])
        z = rng.choice(sorted(gg.adjacency(mapped)))
        check_graph(db, gid, mapped, z, "my_edges")


ASAN = bool(os.environ.get("GG_PRELOAD"))   # make asan: sanitize the engines too


def race_check_exe(tmp, defines=()):
    """Build tests/engine/race_check.c into tmp (with -D defines); its path."""
    flags = ["-O2"]
    if ASAN:
        flags = ["-O1", "-g", "-fsanitize=address,undefined", "-fno-sanitize-recover=all"]
    flags += ["-D" + d for d in defines]
    exe = os.path.join(tmp, "race_check" + "".join("_" + d.split("=")[0] for d in defines))
    gg.engine_prog("tests/engine/race_check.c", exe, flags)
    return exe


def engine_dump(exe, graphs):
    """Every position of each (rows, z, directed) of graphs, solved by the
    engines without SQLite (race_check dump): a list of dicts like
    states() and, for the starts, race_game's outcome."""
    lines = []
    for rows, z, directed in graphs:
        lines.append(" ".join(str(v) for v in [int(directed), z, len(rows)] + [x for r in rows for x in r]))
    p = subprocess.run([exe, "dump"], input="\n".join(lines) + "\n", capture_output=True,
                       text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    code = {1: 1, 2: 3, 3: 2}               # GG_V_WIN0, WIN1, DRAW -> outcome
    out, cur = [], ({}, {})
    for line in p.stdout.splitlines():
        if line == "end":
            out.append(cur)
            cur = ({}, {})
            continue
        f = [int(x) for x in line.split()]
        a, b, t = f[0], f[1], ("alice", "bob")[f[2]]
        cur[0][(a, b, t)] = (code[f[3]], None if f[4] < 0 else f[4], None if f[5] < 0 else f[5])   # labels here are >= 0
        if len(f) > 6:
            cur[1][(a, b)] = code[f[6]]
    assert len(out) == len(graphs)
    return out


def check_positions(rows, z, directed, got, fast):
    """Like check_graph, on positions from engine_dump."""
    want = gg.race_brute(rows, z, directed)
    adj = gg.race_adjacency(rows, directed)
    assert set(got) == set(want)
    for (a, b, t), (o, p, mv) in got.items():
        where = (rows, z, directed, (a, b, t))
        assert (o, p) == want[(a, b, t)], (where, (o, p), want[(a, b, t)])
        if t == "alice" and (a == z or b == z):
            assert mv is None and p == 0, where
            continue
        legal = dict(gg.race_moves(adj, z, a, b, 0 if t == "alice" else 1))
        assert mv in legal, ("illegal move", where, mv)
        child = want[legal[mv][:2] + (("alice", "bob")[legal[mv][2]],)]
        assert child[0] == o, ("move changes the outcome", where, mv)
        if o != 2:
            assert child[1] == p - 1, ("move not optimal", where, mv, child)
    for (x, y), r in fast.items():
        assert r == got[(x, y, "alice")][0], ("race_game differs", rows, z, directed, x, y)


def test_directed_graphs_every_position():
    """Directed arcs (issue 12): 600 random graphs, directed (each edge an
    arc in a random direction, sometimes both) and undirected, G(n,p) and
    layered, through the engines (race_check dump): every position of
    gg_race_solve against the brute force, every move legal along the
    arcs and optimal, and gg_race_game against the start rows."""
    rng = random.Random(1212)
    graphs = []
    for i in range(600):
        n = rng.randint(2, 9)
        rows = layered_edges(rng, n) if i % 2 else (gg.random_edges(rng, n, rng.choice([0.2, 0.35, 0.6]), 0.15, 0.2) or [(0, 1)])
        directed = i % 3 != 0
        if directed:
            rows = [r[::-1] if rng.random() < 0.5 else r for r in rows]
        nodes = sorted(gg.race_adjacency(rows, directed))
        graphs.append((rows, rng.choice(nodes) if i % 4 else nodes[0], directed))
    seen = {1: 0, 2: 0, 3: 0}
    with tempfile.TemporaryDirectory() as tmp:
        dumps = engine_dump(race_check_exe(tmp), graphs)
    for (rows, z, directed), (got, fast) in zip(graphs, dumps):
        check_positions(rows, z, directed, got, fast)
        for r in fast.values():
            seen[r] += 1
    assert min(seen.values()) > 1000, seen


@gg.release
def test_kernel_choice_by_the_classes():
    """The solve from the distances gives way to the word-parallel one when
    its classes' bitsets pass GG_RACE_DIST_MAX bytes (race.h): with the
    bound lowered to 64 bytes, layered graphs (whose classes are large) on
    either side of it, directed and not, every position against the brute
    force.  (make check: a build of its own, 5 s in a fresh tree.)"""
    rng = random.Random(3535)
    graphs = []
    for i in range(200):
        n = rng.randint(4, 12)
        rows = layered_edges(rng, n)
        directed = i % 2 == 1
        if directed:
            rows = [r[::-1] if rng.random() < 0.5 else r for r in rows]
        graphs.append((rows, sorted(gg.race_adjacency(rows, directed))[0], directed))
    with tempfile.TemporaryDirectory() as tmp:
        dumps = engine_dump(race_check_exe(tmp, ["GG_RACE_DIST_MAX=64"]), graphs)
    for (rows, z, directed), (got, fast) in zip(graphs, dumps):
        check_positions(rows, z, directed, got, fast)


def test_arrival_draw_is_finished():
    """Both players on z, Alice to move: a finished position with 0 plies
    and no move; a Bob-turn position that can only reach it is a draw
    with no plies; race_play ends on it."""
    db = gg.connect()
    gg.store(db, 1, [(0, 1), (1, 2)])
    assert db.execute("SELECT outcome, plies, move FROM race_states(1, 0)"
                      " WHERE alice = 0 AND bob = 0 AND turn = 'alice'").fetchall() == [(2, 0, None)]
    assert db.execute("SELECT outcome, plies, move FROM race_states(1, 0)"
                      " WHERE alice = 0 AND bob = 1 AND turn = 'bob'").fetchall() == [(2, None, 0)]
    assert db.execute("SELECT ply, mover, alice, bob, outcome, plies, repeats FROM race_play(1, 1, 1, 0)"
                      ).fetchall() == [(1, "alice", 0, 1, 2, None, None), (2, "bob", 0, 0, 2, 0, None)]


@gg.sweep
def test_word_parallel_engine_on_large_graphs_in_c():
    """tests/engine/race_check.c big: both solves of every position, the
    word-parallel one and the default from the distances to z
    (race_dist.c, whose longest win must equal the other's), against
    gg_race_ref_solve (the queue solver) at every position, on graphs of
    up to 1,100 nodes, and four of up to 3,000 (random, grids, long paths
    and cycles, trees;
    directed and not), the word-parallel one with one thread, two, and
    the split of two run by one thread; then an interrupt of each.  Where
    the defines below lower the markers, the distances' solve gives way
    to the word-parallel one on graphs whose entries would not fit.  Again with plies from 6 on kept in
    the side table (GG_RACE_PLY_BIG=3 for two-byte entries of plies/2,
    GG_RACE_PLY_BIG8=3 for one-byte ones), as plies past 131,069 (or 509)
    are on real graphs: long wins stay exact; and with the entries' width
    forced to one byte (GG_RACE_PLY_NARROW huge: paths then need the side
    table) and to two (GG_RACE_PLY_NARROW=0); and with thin plies (one
    thread, no barrier) and plies on two lanes mixed in one solve and the
    hubs' words broadcast (GG_RACE_THIN=50, GG_CAND_HUB=3).  Make test runs
    12 graphs of up to 600 nodes, the side table's two runs and the mixed
    plies; the graphs of 3,000 nodes and the forced widths are make
    check's (gg.FULL)."""
    big = ["GG_RACE_PLY_BIG=3", "GG_RACE_PLY_BIG8=3"]
    runs = (((), ["big", "15", "8" if ASAN else "18", "1100"]),
            ((), ["big", "31", "2" if ASAN else "4", "3000"]),
            (big, ["big", "16", "6" if ASAN else "12", "600"]),
            (big, ["500", "5"]),
            (["GG_RACE_PLY_NARROW=1000000", "GG_RACE_PLY_BIG8=5"],
             ["big", "17", "6" if ASAN else "12", "500"]),
            (["GG_RACE_PLY_NARROW=0"], ["big", "18", "6" if ASAN else "12", "500"]),
            # thin plies and lanes mixed, hubs' words broadcast
            (["GG_RACE_THIN=50", "GG_CAND_HUB=3"], ["big", "19", "2" if ASAN else "4", "700"]))
    if not gg.FULL:
        runs = (((), ["big", "15", "8" if ASAN else "12", "600"]),
                (big, ["big", "16", "6", "600"]),
                (big, ["500", "5"]),
                (["GG_RACE_THIN=50", "GG_CAND_HUB=3"], ["big", "19", "2" if ASAN else "4", "700"]))
    with tempfile.TemporaryDirectory() as tmp:
        for defines, args in runs:
            p = subprocess.run([race_check_exe(tmp, defines)] + args, capture_output=True,
                               text=True, timeout=600)
            assert p.returncode == 0, (defines, args, p.stdout + p.stderr)
            if args[0] == "big":
                words = p.stdout.split()
                assert words[0] == "ok" and int(words[1]) > 10**6, p.stdout
                if not ASAN:        # (fewer graphs under the sanitizers: not every family)
                    assert int(words[-2]) > (100 if not defines else 20), p.stdout   # long wins met


def test_fast_engine_against_exhaustive_engine_in_c():
    """tests/engine/race_check.c: gg_race_game against gg_race_ref_solve on
    4000 random and layered graphs (up to 25 nodes), half of them
    directed, every z and every start; and gg_race_solve against
    gg_race_ref_solve at every position of them."""
    with tempfile.TemporaryDirectory() as tmp:
        p = subprocess.run([race_check_exe(tmp), "4000", "7"], capture_output=True, text=True,
                           timeout=300)
    assert p.returncode == 0, p.stdout + p.stderr
    assert "4000 graphs" in p.stdout, p.stdout
    # the equal-distance game was exercised, with both outcomes
    words = p.stdout.split()
    n_equal, n_alice = int(words[words.index("equal") - 2]), int(words[words.index("won") - 3])
    assert n_equal > 100000 and 0.1 < n_alice / n_equal < 0.9, p.stdout


def test_race_game_reads_the_graph_afresh():
    """Changing the edges changes the answer (no stale cache)."""
    db = gg.connect()
    gg.store(db, 1, [(0, 3), (3, 4), (3, 5)])
    assert db.execute("SELECT race_game(1, 4, 5, 0)").fetchone()[0] == 1
    gg.store(db, 1, [(5, 6), (6, 0)])       # Bob gets a second way down
    assert db.execute("SELECT race_game(1, 4, 5, 0)").fetchone()[0] == 2
    db.execute("DELETE FROM edges WHERE src = 0 AND dst = 3")   # now 4 is far
    assert db.execute("SELECT race_game(1, 4, 5, 0)").fetchone()[0] == 3


def test_interrupt_stops_a_long_layered_game():
    """sqlite3_interrupt() stops race_game inside one wide layer (two
    layers of 6,000 nodes take seconds uninterrupted): the error names the
    function and the graph, and the connection stays usable."""
    import threading
    w = 6000
    rng = random.Random(1)
    rows = [(0, i) for i in range(1, w + 1)]
    for i in range(w + 1, 2 * w + 1):
        rows += [(i, rng.randint(1, w)), (i, rng.randint(1, w))]
    rows += [(x, i) for x in (2 * w + 1, 2 * w + 2) for i in range(w + 1, 2 * w + 1)]
    db = gg.connect()
    gg.store(db, 1, rows)
    done = threading.Event()

    def pester():
        time.sleep(0.05)
        while not done.is_set():
            db.interrupt()
            time.sleep(0.01)

    th = threading.Thread(target=pester)
    th.start()
    try:
        db.execute("SELECT race_game(1, ?, ?, 0)", (2 * w + 1, 2 * w + 2)).fetchone()
        raise AssertionError("race_game was not interrupted")
    except sqlite3.OperationalError as e:
        assert str(e) == 'graphgame: race_game: interrupted while solving graph 1 in table "edges"', e
    finally:
        done.set()
        th.join()
    assert db.execute("SELECT race_game(1, 1, 2, 0)").fetchone()[0] == 2


def test_interrupt_stops_race_states():
    """sqlite3_interrupt() stops race_states' solve (n = 9000, 1.6e8
    positions, about 0.3 s uninterrupted; n = 6000 now takes 0.14 s, too
    close to the 0.1 s before the interrupt) soon after it is called
    (polled every ~65,536 steps; gg.STOP_DEADLINE tells a hang, the
    latency is the note returned): the error names the game and the
    graph, and the connection stays usable."""
    import threading
    n = 9000
    rng = random.Random(2)
    rows = [(v, rng.randrange(v)) for v in range(1, n)] + [
        (rng.randrange(n), rng.randrange(n)) for _ in range(3 * n)]
    db = gg.connect()
    db.execute("SELECT graphgame_limit('max_positions', 200000000)")
    gg.store(db, 1, rows)
    db.execute("SELECT count(*) FROM edges").fetchone()
    when = []

    def pester():
        time.sleep(0.1)
        when.append(time.perf_counter())
        db.interrupt()

    th = threading.Thread(target=pester)
    th.start()
    try:
        db.execute("SELECT count(*) FROM race_states(1, 0) WHERE alice = 1").fetchone()
        raise AssertionError("race_states was not interrupted")
    except sqlite3.OperationalError as e:
        late = time.perf_counter() - when[0]
        assert str(e) in ('graphgame: race: interrupted while solving graph 1 in table "edges"',
                          'graphgame: race_states: interrupted while solving graph 1 in table "edges"'), e
    finally:
        th.join()
    note = gg.stopped_in(late)
    gg.store(db, 2, [(0, 1), (1, 2)])
    assert db.execute("SELECT outcome FROM race_states(2, 0) WHERE alice = 2 AND bob = 1"
                      " AND turn = 'alice'").fetchone()[0] == 3
    return note
