"""Cat and mouse: the extension against the reference brute force (gg.py)
on random and hand-made graphs, for every position."""
import json
import os
import random

import gg

DATA = os.path.join(gg.ROOT, "tests", "data")


def states(db, gid, table="edges", rules=None):
    return {(m, c, t): (o, p, mv) for m, c, t, o, p, mv in db.execute(
        "SELECT mouse, cat, turn, outcome, plies, move FROM catmouse_states(?, ?, ?)",
        (gid, table, rules))}


def check_graph(db, gid, rows):
    """Every position's outcome and plies equal the brute force's, every
    move is legal and optimal, and catmouse() agrees with the states."""
    want = gg.catmouse_brute(rows)
    rules = gg.phantom_rules(rows)      # the default roles a row lacks are named
    got = states(db, gid, rules=rules)
    assert set(got) == set(want), "positions differ for %r" % rows
    adj = gg.adjacency(rows, (0, 1, 2))
    for (m, c, t), (o, p, mv) in got.items():
        assert (o, p) == want[(m, c, t)], "graph %r position %r: got %r want %r" % (
            rows, (m, c, t), (o, p), want[(m, c, t)])
        finished = m == 0 or m == c or (p == 0)
        if finished:
            assert mv is None, (rows, (m, c, t), mv)
            continue
        mover = m if t == "mouse" else c
        assert mv in adj[mover] and not (t == "cat" and mv == 0), (rows, (m, c, t), mv)
        child = (mv, c, "cat") if t == "mouse" else (m, mv, "mouse")
        co, cp = want[child]
        assert co == o, (rows, (m, c, t), mv)
        if o != 0:
            assert cp == p - 1, (rows, (m, c, t), mv, cp, p)
    start = db.execute("SELECT catmouse(?, 'edges', ?)", (gid, rules)).fetchone()[0]
    assert start == got[(1, 2, "mouse")][0]


def test_random_graphs_every_position():
    rng = random.Random(913)
    db = gg.connect()
    for gid in range(500):
        n = rng.randint(3, 16)
        rows = gg.random_edges(rng, n, rng.choice([0.1, 0.2, 0.3, 0.5, 0.8]))
        if not rows:
            rows = [(0, 1)]
        gg.store(db, gid, rows)
        check_graph(db, gid, rows)


def test_relabelled_graphs_keep_their_answers():
    """Sparse and negative labels: relabel nodes 3.. and compare."""
    rng = random.Random(7)
    db = gg.connect()
    for gid in range(60):
        n = rng.randint(3, 12)
        rows = gg.random_edges(rng, n, 0.3) or [(0, 1)]
        names = {0: 0, 1: 1, 2: 2}
        for v in range(3, n):
            names[v] = rng.choice([-1, 1]) * rng.randint(3, 2**62)
        mapped = [(names[a], names[b]) for a, b in rows]
        gg.store(db, gid, mapped)
        check_graph(db, gid, mapped)


def test_capped_search_regressions():
    """Graphs where the 2n-capped search is wrong: the exact answer (the
    brute force) differs from it, and the extension gives the exact one."""
    cases = json.load(open(os.path.join(DATA, "capped_counterexamples.json")))
    assert len(cases) >= 2
    db = gg.connect()
    for adj in cases:
        rows = [(i, j) for i, lst in enumerate(adj) for j in lst]
        exact = gg.catmouse_brute(rows)[(1, 2, "mouse")][0]
        assert gg.catmouse_capped(rows) != exact, adj
        assert db.execute("SELECT catmouse_json(?)", (json.dumps(adj),)).fetchone()[0] == exact


def test_search_for_capped_search_failures():
    """Search random graphs for new disagreements with the capped search.
    Graphs with the hole cut off (no edge at node 0) make the cat chase the
    mouse down, which can take 2n plies or more, so some are found; each
    one must be a graph where the extension matches the brute force.
    (tests/tools/find_capped.py runs a longer search that feeds the regressions.)"""
    rng = random.Random(2024)
    db = gg.connect()
    found = 0
    for _ in range(1500):
        n = rng.randint(10, 12)
        rows = [r for r in gg.random_edges(rng, n, rng.choice([0.2, 0.3]), 0, 0)
                if r[0] != r[1] and 0 not in r]
        if not rows:
            continue
        exact = db.execute("SELECT catmouse_json(?)", (gg.adjacency_json(rows),)).fetchone()[0]
        if gg.catmouse_capped(rows) != exact:
            found += 1
            assert gg.catmouse_brute(rows)[(1, 2, "mouse")][0] == exact, rows
    assert found > 0, "no graph broke the capped search"


def test_json_agrees_with_table():
    rng = random.Random(11)
    db = gg.connect()
    for gid in range(100):
        n = rng.randint(3, 14)
        rows = [r for r in gg.random_edges(rng, n, 0.3) if True] or [(0, 1)]
        gg.store(db, gid, rows)
        a = db.execute("SELECT catmouse(?, 'edges', ?)", (gid, gg.phantom_rules(rows))).fetchone()[0]
        b = db.execute("SELECT catmouse_json(?)", (gg.adjacency_json(rows),)).fetchone()[0]
        assert a == b, rows


@gg.sweep
def test_chains_alone_with_movers_stuck():
    """Graphs of more than 64 nodes that the fast engine's chains take from
    ply 0 alone (catmouse_chain.c, chStart: no pull runs), with the cases
    ply 0 decides besides the hole and the capture: a cat whose only move is
    into the hole (leaf 1 on hole 0), and node 2 isolated (the mouse there
    cannot move, nor the cat).  A path, a cycle and a ladder, labels in
    order and shuffled (make test: the path in order and the cycle
    shuffled): every position against the brute force."""
    rng = random.Random(35)
    db = gg.connect()
    shapes = {"path": [(i, i + 1) for i in range(3, 79)] + [(0, 3)],
              "cycle": [(i, i + 1) for i in range(3, 79)] + [(79, 3), (0, 3)],
              "ladder": [(i, i + 2) for i in range(3, 77)] + [(i, i + 1) for i in range(3, 79, 2)]
              + [(0, 3)]}
    for gid, (name, rows) in enumerate(sorted(shapes.items())):
        rows = rows + [(1, 0)]
        for shuffle in (False, True):
            if not gg.FULL and (name, shuffle) not in (("path", False), ("cycle", True)):
                continue
            if shuffle:
                nodes = sorted({x for r in rows for x in r} - {0, 1, 2})
                perm = dict(zip(nodes, rng.sample(nodes, len(nodes))))
                rows = [(perm.get(a, a), perm.get(b, b)) for a, b in rows]
                rng.shuffle(rows)
            gg.store(db, 2 * gid + shuffle, rows)
            check_graph(db, 2 * gid + shuffle, rows)
