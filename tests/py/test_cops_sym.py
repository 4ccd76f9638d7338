"""Cops and robbers solved with the cops moving one at a time and on the
orbits of the graph's automorphism group (ext/engine/cops/cops_seq.c,
cops_aut.c): every position against the plain solve (the rules'
"symmetry": false) and the brute force gg.cops_brute; the engine's check
(tests/engine/cops_sym_check.c) on many graphs with symmetry under random
relabellings (circulants, generalized Petersen graphs, products of cycles
and paths, Cayley graphs of small groups, geng's graphs), also directed
and at a distance; the named graphs built from their definitions
(named_graphs.py: order, size, degree, girth) and published cop numbers."""
import itertools
import json
import os
import random
import sqlite3
import subprocess
import tempfile

import gg
import named_graphs as N

PLAIN = json.dumps({"symmetry": False})
SEQ = json.dumps({"symmetry": False, "sequential": True})
SYM = json.dumps({"sequential": True})


def all_states(db, gid, k, rules):
    return db.execute("SELECT cops, robber, turn, outcome, plies, move FROM"
                      " cops_states(?, ?, 'edges', ?) ORDER BY cops, robber, turn",
                      (gid, k, rules)).fetchall()


def one(db, sql, *args):
    return db.execute(sql, args).fetchone()[0]


def relabel(rng, rows, n):
    """The same graph with its nodes 0..n-1 permuted at random."""
    p = list(range(n))
    rng.shuffle(p)
    return [(p[a], p[b]) for a, b in rows]


def random_connected(rng, n, p):
    rows = gg.random_edges(rng, n, p)
    for v in range(1, n):
        rows.append((rng.randrange(v), v))
    return rows


def test_one_at_a_time_every_row():
    """The cops one at a time, no symmetry: every cops_states row (plies,
    outcome and move) equals the plain solve's, and the plies the brute
    force's, on random graphs for k = 1, 2, 3; capture_time and
    cop_number too."""
    rng = random.Random(37)
    db = gg.connect()
    gid = 0
    for k, sizes, count in ((1, range(1, 11), 60), (2, range(2, 9), 40), (3, range(2, 7), 20)):
        for i in range(count):
            n = rng.choice(list(sizes))
            rows = (random_connected(rng, n, rng.random()) if i % 3 else
                    gg.random_edges(rng, n, 0.4)) or [(0, 0)]
            gid += 1
            gg.store(db, gid, rows)
            plain = all_states(db, gid, k, PLAIN)
            assert all_states(db, gid, k, SEQ) == plain, (rows, k)
            want = gg.cops_brute(rows, k)
            for c, r, t, o, p, mv in plain:
                assert want[(tuple(json.loads(c)), r, t)] == p
            for rules in (PLAIN, SEQ, SYM):
                assert gg.answer(db, "SELECT capture_time(?, ?, 'edges', ?)", gid, k, rules) == \
                    gg.answer(db, "SELECT capture_time(?, ?, 'edges', ?)", gid, k, PLAIN)
            assert gg.answer(db, "SELECT cop_number(?, 'edges', ?)", gid, SEQ) == \
                gg.answer(db, "SELECT cop_number(?, 'edges', ?)", gid, PLAIN)


def symmetric_family(rng):
    """A random graph with symmetry: (name, rows on 0..n-1, n)."""
    kind = rng.randrange(7)
    if kind == 0:
        n = rng.randrange(4, 16)
        jumps = rng.sample(range(1, n // 2 + 1), rng.randrange(1, min(3, n // 2) + 1))
        return "circulant(%d,%r)" % (n, jumps), N.circulant(n, jumps), n
    if kind == 1:
        n = rng.randrange(3, 9)
        k = rng.randrange(1, (n + 1) // 2)
        return "GP(%d,%d)" % (n, k), N.gp(n, k), 2 * n
    if kind == 2:
        a, b = rng.randrange(2, 5), rng.randrange(3, 5)
        return "C%d x C%d" % (a + 1, b), N.product(N.cycle(a + 1), a + 1, N.cycle(b), b), (a + 1) * b
    if kind == 3:
        a, b = rng.randrange(2, 5), rng.randrange(2, 5)
        return "P%d x P%d" % (a, b), N.product(N.path(a), a, N.path(b), b), a * b
    if kind == 4:
        a, b = rng.randrange(2, 5), rng.randrange(3, 6)
        return "P%d x C%d" % (a, b), N.product(N.path(a), a, N.cycle(b), b), a * b
    if kind == 5:
        m = rng.randrange(3, 8)
        els, mul = N.dihedral(m)
        gens = rng.choice([[(1, 0), (0, 1)], [(0, 1), (1, 1)], [(2 % m, 0), (0, 1)]])
        if m % 2 == 0 and gens[0] == (2 % m, 0):
            gens = [(1, 0), (0, 1)]             # r^2 and s generate D_m for odd m only
        return "Cay(D%d,%r)" % (m, gens), N.cayley(els, mul, gens), 2 * m
    m = rng.choice([3, 4])
    els, mul = N.symmetric_group(m)
    t = tuple([1, 0] + list(range(2, m)))
    c = tuple(list(range(1, m)) + [0])
    s = tuple([0, 2, 1] + list(range(3, m)))
    u = tuple(list(range(m - 2)) + [m - 1, m - 2])
    gens = rng.choice([[t, c], [c, s], [t, s, u] if m == 4 else [t, s]])  # each generates S_m
    return "Cay(S%d)" % m, N.cayley(els, mul, gens), len(els)


def geng_graphs(n, count, rng):
    """A sample of geng's connected graphs of n nodes (most small ones have
    a non-trivial group: twins, a reflection)."""
    out = subprocess.run(["nauty-geng", "-cq", str(n)], capture_output=True, text=True,
                         check=True).stdout.split()
    return [(g, n) for g in rng.sample(out, min(count, len(out)))]


def run_check(cases):
    """tests/engine/cops_sym_check on cases (k, mode, rules, rows, n)."""
    with tempfile.TemporaryDirectory() as d:
        prog = os.path.join(d, "check")
        gg.engine_prog("tests/engine/cops_sym_check.c", prog)
        path = os.path.join(d, "graphs.txt")
        with open(path, "w") as f:
            for k, mode, rules, rows, n in cases:
                f.write("%d %s %s %d\n" % (k, mode, rules, n))
                f.write("".join("%d %d\n" % e for e in rows) + "end\n")
        r = subprocess.run([prog, path], capture_output=True, text=True)
    lines = r.stdout.splitlines()
    bad = [(c[:3], c[3], line) for c, line in zip(cases, lines) if not line.startswith("ok")]
    assert r.returncode == 0 and not bad and len(lines) == len(cases), (bad[:3], r.stderr)
    return lines


@gg.sweep
def test_engine_every_position_on_symmetric_graphs():
    """The symmetric solve and the one-at-a-time solve against the plain
    one on every position (both turns), the capture time and the start,
    on random relabellings of graphs with symmetry, k = 1, 2, 3; directed
    circulants; distance 1."""
    rng = random.Random(2025)
    cases = []
    count = 600 if gg.FULL else 200
    for i in range(count):
        name, rows, n = symmetric_family(rng)
        k = 1 + i % 3
        if k == 3 and n > 14:
            k = 2
        rows = relabel(rng, rows, n)
        cases.append((k, "sym", "plain", rows, n))
        if i % 4 == 0:
            cases.append((k, "seq", "plain", rows, n))
        if i % 5 == 0:
            cases.append((min(k, 2), "sym", "distance=1", rows, n))
    for i in range(count // 4):                         # directed circulants
        n = rng.randrange(3, 12)
        jumps = rng.sample(range(1, n), rng.randrange(1, min(3, n - 1) + 1))
        rows = [(v, (v + j) % n) for v in range(n) for j in jumps]
        cases.append((1 + i % 2, "sym", "directed", relabel(rng, rows, n), n))
    import networkx as nx
    for g6, n in geng_graphs(7, 60 if gg.FULL else 25, rng):
        rows = list(nx.from_graph6_bytes(g6.encode()).edges())
        for k in (1, 2, 3):
            cases.append((k, "sym", "plain", relabel(rng, rows, n), n))
    lines = run_check(cases)
    assert sum(1 for x in lines if " order 1 " not in x) > len(cases) // 2


def test_states_equal_plain_on_symmetric_graphs():
    """cops_states (every row: outcome, plies, move), cop_number and
    capture_time with the symmetric solve (the default) equal the plain
    solve's on relabelled symmetric graphs, integer and text labels."""
    rng = random.Random(77)
    db = gg.connect()
    for gid in range(1, 61):
        name, rows, n = symmetric_family(rng)
        rows = relabel(rng, rows, n)
        if gid % 3 == 0:
            names = ["n%02d" % v for v in range(n)]
            rng.shuffle(names)
            rows = [(names[a], names[b]) for a, b in rows]
        gg.store(db, gid, rows)
        k = 1 + gid % 3 if n <= 12 else 1 + gid % 2
        assert all_states(db, gid, k, SYM) == all_states(db, gid, k, PLAIN), (name, k)
        assert all_states(db, gid, k, None) == all_states(db, gid, k, PLAIN), (name, k)
        for rules in (None, SYM):
            assert gg.answer(db, "SELECT cop_number(?, 'edges', ?)", gid, rules) == \
                gg.answer(db, "SELECT cop_number(?, 'edges', ?)", gid, PLAIN), name
            for kk in (1, 2, 3):
                assert gg.answer(db, "SELECT capture_time(?, ?, 'edges', ?)", gid, kk, rules) == \
                    gg.answer(db, "SELECT capture_time(?, ?, 'edges', ?)", gid, kk, PLAIN), \
                    (name, kk)
        # cops_play: an optimal line as long as the plain solve's (its start
        # may be another of the same orbit's or another optimal one)
        play = db.execute("SELECT ply, outcome, plies, repeats FROM cops_play(?, ?, 'edges', ?)",
                          (gid, k, SYM)).fetchall()
        want = db.execute("SELECT ply, outcome, plies, repeats FROM cops_play(?, ?, 'edges', ?)",
                          (gid, k, PLAIN)).fetchall()
        assert play[0][1:3] == want[0][1:3], (name, play, want)
        if want[0][1] == 1:
            assert len(play) == len(want), (name, play, want)
            assert [x[2] for x in play] == list(range(len(play) - 1, -1, -1)), (name, play)


def test_groups_element_by_element():
    """The groups the symmetric solve enumerates (tests/engine/aut_check.c):
    every element an automorphism, none twice, each inverse right, as many
    as nauty's order and, up to 16 nodes, as a backtracking count; built
    from nauty's chain of stabilizers and, in a second build, from the
    closure of its generators.  On the named graphs up to 64 nodes,
    relabelled symmetric families, directed circulants and geng's graphs
    with a group."""
    rng = random.Random(4137)
    cases = []
    for name, (make, n, m, d, g, aut) in N.NAMED.items():
        if n <= 64:
            cases.append((0, relabel(rng, make(), n), n))
    for _ in range(150):
        name, rows, n = symmetric_family(rng)
        cases.append((0, relabel(rng, rows, n), n))
    for _ in range(40):
        n = rng.randrange(3, 13)
        jumps = rng.sample(range(1, n), rng.randrange(1, min(3, n - 1) + 1))
        cases.append((1, relabel(rng, [(v, (v + j) % n) for v in range(n) for j in jumps], n), n))
    import networkx as nx
    for g6, n in geng_graphs(7, 40, rng):
        cases.append((0, relabel(rng, list(nx.from_graph6_bytes(g6.encode()).edges()), n), n))
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "graphs.txt")
        with open(path, "w") as f:
            for directed, rows, n in cases:
                f.write("%d %d\n%send\n" % (directed, n, "".join("%d %d\n" % e for e in rows)))
        for flags, want_chain in ((("-O2",), True), (("-O2", "-DGG_AUT_CHAIN=0"), False)):
            prog = os.path.join(d, "check")
            gg.engine_prog("tests/engine/aut_check.c", prog, flags)
            r = subprocess.run([prog, path], capture_output=True, text=True)
            lines = r.stdout.splitlines()
            bad = [(c, line) for c, line in zip(cases, lines) if not line.startswith("ok")]
            assert r.returncode == 0 and not bad and len(lines) == len(cases), (flags, bad[:2])
            big = [x for x in lines if not x.startswith("ok order 1 ")]
            assert len(big) > len(cases) // 2, flags
            # the chain serves every group with a generator; the closure, when asked
            assert all(x.endswith("chain %d" % want_chain) for x in big), (flags, big[:3])


def test_named_graphs_from_their_definitions():
    """Order, size, regularity and girth of each named graph."""
    for name, (make, n, m, d, g, aut) in N.NAMED.items():
        rows = make()
        adj = gg.adjacency(rows)
        assert len(adj) == n and len(rows) == m, (name, len(adj), len(rows))
        assert {len(adj[v] - {v}) for v in adj} == {d}, name
        assert gg.girth(rows) == g, name


def test_published_cop_numbers():
    """Petersen 3 (the smallest 3-cop-win graph: Baird et al. 2014),
    Robertson 4 (the smallest 4-cop-win graph: Turcotte and Yvon 2021);
    every GP(n, k) has c <= 4 (Ball et al. 2015); girth >= 5 gives c >= the
    least degree (Aigner and Fromme 1984); Q_d has ceil((d+1)/2)
    (Maamoun and Meyniel 1987)."""
    db = gg.connect()
    want = {"Petersen": 3, "Robertson": 4, "dodecahedron": 3, "Heawood": 3, "Q4": 3, "Q5": 3}
    for gid, (name, c) in enumerate(want.items(), 1):
        gg.store(db, gid, N.NAMED[name][0]())
        assert one(db, "SELECT cop_number(?)", gid) == c, name
    gid = 100
    for n in range(3, 13):
        for k in range(1, (n + 1) // 2):
            gid += 1
            rows = N.gp(n, k)
            gg.store(db, gid, rows)
            c = one(db, "SELECT cop_number(?)", gid)
            assert c <= 4, (n, k, c)
            if gg.girth(rows) >= 5:
                assert c >= 3, (n, k, c)


@gg.sweep
def test_the_famous_ones():
    """The Hoffman-Singleton graph: c = 7 (at least 7 by Aigner and Fromme,
    and 7 cops on a dominating set win in one round); Q6: 4; Tutte's
    12-cage: 5 (4 lose: 2.2e9 positions by brute force, issue 37).  Both
    read a table as for one cop and count the positions of the solve they
    take once the group is known, so the default limit (1e9) takes
    Hoffman-Singleton's 7 cops (2.3e10 positions, 5.0e6 after symmetry)."""
    db = gg.connect()
    cases = [("Hoffman-Singleton", 7, 1), ("Q6", 4, None)]
    if gg.FULL:
        cases.append(("Tutte 12-cage", 5, 5))
    for gid, (name, c, t) in enumerate(cases, 1):
        gg.store(db, gid, N.NAMED[name][0]())
        assert one(db, "SELECT cop_number(?)", gid) == c, name
        if t is not None:
            assert one(db, "SELECT capture_time(?, ?)", gid, c) == t, name
    # over the limit even on orbits: the error, and no group is asked for
    # where none (of at most 2^20 elements) could bring the count under it
    db.execute("SELECT graphgame_limit('max_positions', 1000000)")
    for k in (7, 12):
        try:
            one(db, "SELECT capture_time(1, ?)", k)
            raise AssertionError("capture_time(1, %d) under a limit of 1e6" % k)
        except sqlite3.Error as e:
            assert "over the limit of 1000000 " in str(e), str(e)
    # 7 cops win in one round: they dominate, as these 7 nodes do
    adj = gg.adjacency(N.hoffman_singleton())
    assert set().union(*({v} | adj[v] for v in (0, 2, 26, 31, 36, 41, 46))) == set(adj)


def test_cops_wins_certified_by_the_rules():
    """tests/engine/cops_strategy_check.c: the cops' strategy of the
    symmetric solve, from its best start, checked against the plain
    game's moves alone (the table only a potential that falls to a
    capture), for c cops on named graphs; Tutte's 12-cage with 5 cops in
    make check (2 s)."""
    cases = [("Petersen", 3), ("Robertson", 4), ("dodecahedron", 3), ("Q5", 3), ("Q6", 4),
             ("Foster", 4), ("Biggs-Smith", 4), ("Nauru GP(12,5)", 3)]
    if gg.FULL:
        cases.append(("Tutte 12-cage", 5))
    with tempfile.TemporaryDirectory() as d:
        prog = os.path.join(d, "check")
        gg.engine_prog("tests/engine/cops_strategy_check.c", prog)
        for name, k in cases:
            make, n = N.NAMED[name][0], N.NAMED[name][1]
            path = os.path.join(d, "g.txt")
            with open(path, "w") as f:
                f.write("%d\n" % n + "".join("%d %d\n" % e for e in make()))
            r = subprocess.run([prog, path, str(k)], capture_output=True, text=True)
            assert r.returncode == 0 and r.stdout.startswith("ok capture_time"), \
                (name, k, r.stdout, r.stderr)
