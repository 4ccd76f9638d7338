"""The graph generators: shapes (nodes, edges, degrees, connectivity,
girth), determinism per seed, an independent re-implementation of the
random recipes in Python (splitmix64, rejection sampling, Pruefer
decoding), and argument errors."""
import collections
import random
import sqlite3

import gg

MASK = (1 << 64) - 1


def splitmix64(state):
    """(new state, output), as in graph_generators.c."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def rand_below(state, k):
    lo = (1 << 64) % k
    while True:
        state, r = splitmix64(state)
        if r >= lo:
            return state, r % k


def ref_random(n, p, seed):
    state = seed & MASK
    thr = int(p * 2 ** 64)
    out = []
    for u in range(n):
        for v in range(u + 1, n):
            if p >= 1:
                out.append((u, v))
                continue
            state, r = splitmix64(state)
            if r < thr:
                out.append((u, v))
    return out


def ref_tree(n, seed):
    """Pruefer decoding with a heap of leaves (the textbook method, not the
    leaf pointer of graph_generators.c)."""
    import heapq
    if n < 2:
        return []
    state = seed & MASK
    seq = []
    for _ in range(n - 2):
        state, x = rand_below(state, n)
        seq.append(x)
    deg = [1] * n
    for x in seq:
        deg[x] += 1
    leaves = [i for i in range(n) if deg[i] == 1]
    heapq.heapify(leaves)
    edges = []
    for x in seq:
        leaf = heapq.heappop(leaves)
        edges.append((min(leaf, x), max(leaf, x)))
        deg[x] -= 1
        if deg[x] == 1:
            heapq.heappush(leaves, x)
    a, b = sorted(leaves)
    edges.append((a, b))
    return sorted(edges)


def rows(db, sql, *args):
    return [tuple(r) for r in db.execute(sql, args)]


def degrees(edges):
    d = collections.Counter()
    for a, b in edges:
        d[a] += 1
        d[b] += 1
    return d


def connected(n, edges):
    adj = gg.adjacency(edges, range(n))
    seen, todo = {0}, [0]
    while todo:
        for y in adj[todo.pop()]:
            if y not in seen:
                seen.add(y)
                todo.append(y)
    return len(seen) == n


def test_simple_edges_src_below_dst():
    db = gg.connect()
    for sql in ("graph_path(7)", "graph_cycle(7)", "graph_grid(4, 5)", "graph_complete(6)",
                "graph_tree(30, 5)", "graph_petersen()", "graph_random(20, 0.4, 9)"):
        e = rows(db, "SELECT src, dst FROM %s" % sql)
        assert all(a < b for a, b in e), sql
        assert len(set(e)) == len(e), sql


def test_path_cycle_complete_shapes():
    db = gg.connect()
    for n in range(0, 12):
        p = rows(db, "SELECT src, dst FROM graph_path(?)", n)
        assert p == [(i, i + 1) for i in range(n - 1)], (n, p)
        k = rows(db, "SELECT src, dst FROM graph_complete(?)", n)
        assert k == [(u, v) for u in range(n) for v in range(u + 1, n)], n
        if n >= 3:
            c = rows(db, "SELECT src, dst FROM graph_cycle(?)", n)
            assert len(c) == n and set(degrees(c).values()) == {2} and connected(n, c), n
            assert gg.girth(c) == n


def test_grid_shape():
    db = gg.connect()
    for r in range(0, 6):
        for c in range(0, 6):
            e = rows(db, "SELECT src, dst FROM graph_grid(?, ?)", r, c)
            want = set()
            for i in range(r):
                for j in range(c):
                    if j + 1 < c:
                        want.add((i * c + j, i * c + j + 1))
                    if i + 1 < r:
                        want.add((i * c + j, (i + 1) * c + j))
            assert set(e) == want and len(e) == r * (c - 1) + c * (r - 1) if r and c else e == [], (r, c)
            if r >= 2 and c >= 2:
                d = degrees(e)
                assert sorted(d.values()).count(2) == 4       # the corners
                assert max(d.values()) == (4 if min(r, c) >= 3 else 3 if max(r, c) >= 3 else 2)
                assert gg.girth(e) == 4


def test_petersen_properties():
    db = gg.connect()
    e = rows(db, "SELECT src, dst FROM graph_petersen()")
    nodes = {x for ed in e for x in ed}
    assert nodes == set(range(10)) and len(e) == 15
    assert set(degrees(e).values()) == {3}
    assert gg.girth(e) == 5
    assert connected(10, e)
    # diameter 2: any two non-adjacent nodes have exactly one common neighbour
    adj = gg.adjacency(e)
    for u in range(10):
        for v in range(u + 1, 10):
            common = len(adj[u] & adj[v])
            assert common == (0 if v in adj[u] else 1), (u, v)


def test_trees_are_trees_and_match_reference():
    db = gg.connect()
    rng = random.Random(4)
    for n in list(range(0, 12)) + [rng.randint(12, 400) for _ in range(30)]:
        seed = rng.randint(-2 ** 63, 2 ** 63 - 1)
        e = rows(db, "SELECT src, dst FROM graph_tree(?, ?)", n, seed)
        assert len(e) == max(n - 1, 0), (n, seed)
        if n >= 1:
            assert connected(n, e), (n, seed)
        assert e == ref_tree(n, seed), (n, seed)


def test_random_trees_are_uniform_enough():
    """All 16 labelled trees on 4 nodes appear, each about 1/16 of the time."""
    db = gg.connect()
    count = collections.Counter(
        tuple(rows(db, "SELECT src, dst FROM graph_tree(4, ?)", s)) for s in range(3200))
    assert len(count) == 16
    assert min(count.values()) > 120 and max(count.values()) < 280, count


def test_random_graphs_match_reference():
    db = gg.connect()
    rng = random.Random(17)
    for _ in range(60):
        n = rng.randint(0, 40)
        p = rng.choice([0, 0.1, 0.25, 0.5, 0.9, 1, rng.random()])
        seed = rng.randint(-2 ** 63, 2 ** 63 - 1)
        e = rows(db, "SELECT src, dst FROM graph_random(?, ?, ?)", n, p, seed)
        assert e == ref_random(n, p, seed), (n, p, seed)


def test_random_density_and_seeds():
    db = gg.connect()
    m = db.execute("SELECT count(*) FROM graph_random(400, 0.3, 1)").fetchone()[0]
    pairs = 400 * 399 // 2
    assert abs(m - 0.3 * pairs) < 5 * (0.3 * 0.7 * pairs) ** 0.5, m
    a = rows(db, "SELECT * FROM graph_random(30, 0.5, 7)")
    assert a == rows(db, "SELECT * FROM graph_random(30, 0.5, 7)")
    assert a != rows(db, "SELECT * FROM graph_random(30, 0.5, 8)")
    t = rows(db, "SELECT * FROM graph_tree(30, 7)")
    assert t == rows(db, "SELECT * FROM graph_tree(30, 7)")
    assert t != rows(db, "SELECT * FROM graph_tree(30, 8)")
    # a fresh connection gives the same rows
    assert a == rows(gg.connect(), "SELECT * FROM graph_random(30, 0.5, 7)")


def test_insert_and_solve_generated_graphs():
    """Generated rows go straight into edges, one graph per row of a driver
    table (a join with the table-valued function), and can be solved."""
    db = gg.connect()
    db.execute("CREATE TABLE edges(graph_id, src, dst)")
    db.execute("CREATE TABLE spec(id, n, p)")
    db.executemany("INSERT INTO spec VALUES (?,?,?)", [(i, 5 + i % 6, 0.3) for i in range(40)])
    db.execute("INSERT INTO edges SELECT s.id, r.src, r.dst FROM spec s, graph_random(s.n, s.p, s.id) r")
    for i, n, p in db.execute("SELECT * FROM spec").fetchall():
        e = rows(db, "SELECT src, dst FROM edges WHERE graph_id = ? ORDER BY rowid", i)
        assert e == ref_random(n, p, i)
        if e:
            want = gg.catmouse_brute(e)[(1, 2, "mouse")][0]      # 0, 1 and 2 are nodes
            assert db.execute("SELECT catmouse(?, 'edges', ?)",
                              (i, gg.phantom_rules(e))).fetchone()[0] == want


def test_argument_errors():
    db = gg.connect()
    cases = [
        ("graph_path(-1)", "graphgame: graph_path: n must be from 0 to 1000000, got -1"),
        ("graph_path(1000001)", "graphgame: graph_path: n must be from 0 to 1000000, got 1000001"),
        ("graph_path('5')", "graphgame: graph_path: n must be an integer, got '5'"),
        ("graph_path(2.5)", "graphgame: graph_path: n must be an integer, got 2.5"),
        ("graph_cycle(2)", "graphgame: graph_cycle: n must be from 3 to 1000000, got 2"),
        ("graph_grid(-1, 3)", "graphgame: graph_grid: rows must be from 0 to 1000000, got -1"),
        ("graph_grid(3, 2000000)", "graphgame: graph_grid: cols must be from 0 to 1000000, got 2000000"),
        ("graph_grid(2000, 2000)", "graphgame: graph_grid: rows * cols must be at most 1000000, got 2000 * 2000"),
        ("graph_complete(10001)", "graphgame: graph_complete: n must be from 0 to 10000, got 10001"),
        ("graph_tree(5, 'x')", "graphgame: graph_tree: seed must be an integer, got 'x'"),
        ("graph_random(10, 1.5, 1)", "graphgame: graph_random: edge_probability must be a number from 0 to 1, got 1.5"),
        ("graph_random(10, -0.1, 1)", "graphgame: graph_random: edge_probability must be a number from 0 to 1, got -0.1"),
        ("graph_random(10, X'00', 1)", "graphgame: graph_random: edge_probability must be a number from 0 to 1, got X'00'"),
        ("graph_random(20000, 0.5, 1)", "graphgame: graph_random: nodes must be from 0 to 10000, got 20000"),
        ("graph_random(10, 0.5)", "graphgame: graph_random needs arguments: graph_random(nodes, edge_probability, seed)"),
        ("graph_grid(3)", "graphgame: graph_grid needs arguments: graph_grid(rows, cols)"),
    ]
    for sql, msg in cases:
        try:
            db.execute("SELECT * FROM " + sql).fetchall()
        except sqlite3.Error as e:
            assert str(e) == msg, (sql, str(e))
        else:
            raise AssertionError("no error for " + sql)
    # NULL arguments give no rows, like NULL graph ids
    for sql in ("graph_path(NULL)", "graph_grid(3, NULL)", "graph_random(5, NULL, 1)"):
        assert rows(db, "SELECT * FROM " + sql) == [], sql
