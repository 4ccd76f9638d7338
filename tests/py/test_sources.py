"""Graphs as values (issue 21): the edges argument 'graph6' makes the first
argument a graph6 string, 'json' a LeetCode adjacency list.  Every game
function and table is compared, every position, with the same graph in
an edge table on random graphs (small ones take the bit-row path, graphs
of more than 64 nodes the general one), and with the brute forces where
isolated nodes make the edge table a different graph.  The graph6
encoder below is written from the format's description (nauty's
formats.txt), apart from the extension's."""
import json
import random

import gg

MOUSE_HOLE = '{"hole": %d, "mouse": %d, "cat": %d}'


def g6_encode(n, edges):
    """graph6 of a graph on nodes 0..n-1 (n <= 62): N(n), then x(i, j) for
    i < j, column by column, six bits a byte plus 63."""
    assert n <= 62
    have = {(min(a, b), max(a, b)) for a, b in edges if a != b}
    bits = [1 if (i, j) in have else 0 for j in range(1, n) for i in range(j)]
    bits += [0] * (-len(bits) % 6)
    out = chr(n + 63)
    for k in range(0, len(bits), 6):
        out += chr(63 + int("".join(map(str, bits[k:k + 6])), 2))
    return out


def g6_encode_big(n, edges):
    """graph6 with the 4-byte size header (63 <= n <= 258047)."""
    have = {(min(a, b), max(a, b)) for a, b in edges if a != b}
    bits = [1 if (i, j) in have else 0 for j in range(1, n) for i in range(j)]
    bits += [0] * (-len(bits) % 6)
    out = chr(126) + "".join(chr(63 + ((n >> s) & 63)) for s in (12, 6, 0))
    for k in range(0, len(bits), 6):
        out += chr(63 + int("".join(map(str, bits[k:k + 6])), 2))
    return out


def adj_json(n, edges):
    adj = [set() for _ in range(n)]
    for a, b in edges:
        adj[a].add(b)
        adj[b].add(a)
    return json.dumps([sorted(s) for s in adj])


def random_graph(rng, n, p, isolated=False):
    """Edges (u < v) of a random graph on 0..n-1; unless isolated, every
    node gets an edge."""
    edges = {(u, v) for v in range(n) for u in range(v) if rng.random() < p}
    if not isolated:
        for u in range(n):
            if not any(u in e for e in edges):
                v = rng.choice([x for x in range(n) if x != u])
                edges.add((min(u, v), max(u, v)))
    return sorted(edges)


def connected_graph(rng, n, extra):
    """Edges of a random connected graph on 0..n-1: a random tree and
    about `extra` more edges (few cops suffice, so the solves stay small)."""
    order = list(range(n))
    rng.shuffle(order)
    edges = {tuple(sorted((order[i], order[rng.randrange(i)]))) for i in range(1, n)}
    for _ in range(extra if n > 1 else 0):
        u, v = rng.sample(range(n), 2)
        edges.add((min(u, v), max(u, v)))
    return sorted(edges)


def answer(db, sql, *args):
    try:
        return db.execute(sql, args).fetchall()
    except Exception as e:       # the message, without the value's name
        return "error"


def setup(rng, n, p, isolated=False, edges=None):
    db = gg.connect()
    edges = random_graph(rng, n, p, isolated) if edges is None else edges
    # an isolated node as a loop: the same game for the race and the cops
    loops = [(u, u) for u in range(n) if not any(u in e for e in edges)]
    gg.store(db, 1, edges + loops, "e")
    return db, edges


GRAPH_SIZES = [3, 4, 5, 6, 7, 8, 9] * 3 + [12]


def test_graph6_and_json_catmouse_every_position_as_the_edge_table():
    rng = random.Random(2101)
    for trial, n in enumerate(GRAPH_SIZES):
        db, edges = setup(rng, n, rng.choice((0.25, 0.4, 0.6)))
        for fmt, val in (("graph6", g6_encode(n, edges)), ("json", adj_json(n, edges))):
            h, m, c = rng.sample(range(n), 3)
            for rules in (None, MOUSE_HOLE % (h, m, c), '{"hole": [%d, %d], "turn": "cat"}'
                          % (h, m)):
                want = gg.rows_of(db, "SELECT mouse, cat, turn, outcome, plies, move FROM"
                               " catmouse_states(1, 'e', ?)", rules)
                got = gg.rows_of(db, "SELECT mouse, cat, turn, outcome, plies, move FROM"
                              " catmouse_states(?, ?, ?)", val, fmt, rules)
                assert got == want, (trial, fmt, rules)
                for q in ("SELECT catmouse(%s, ?)", "SELECT catmouse_bounded(%s, NULL, ?)",
                          "SELECT catmouse_bounded(%s, 3, ?)",
                          "SELECT ply, mover, from_node, to_node, outcome, plies FROM"
                          " catmouse_play(%s, ?)"):
                    assert answer(db, q % "?, ?", val, fmt, rules) == \
                        answer(db, q % "1, 'e'", rules), (trial, fmt, rules, q)
            if fmt == "json":
                assert answer(db, "SELECT catmouse_json(?)", val) == answer(db, "SELECT catmouse(1, 'e')")
            else:       # graph6 is undirected: "directed" makes each edge two arcs
                q = ("SELECT mouse, cat, turn, outcome, plies, move FROM catmouse_states(?,"
                     " 'graph6', ?)")
                assert gg.rows_of(db, q, val, '{"directed": true}') == gg.rows_of(db, q, val, None)
            dot = answer(db, "SELECT catmouse_dot(?, ?, ?)", val, c, fmt)
            want = answer(db, "SELECT catmouse_dot(1, ?, 'e')", c)
            strip = lambda r: r if isinstance(r, str) else [l for l in r[0][0].split("\n")
                                                            if "label=\"cat and mouse" not in l]
            assert strip(dot) == strip(want), (trial, fmt)


def test_graph6_and_json_race_every_position_as_the_edge_table():
    rng = random.Random(2102)
    for trial, n in enumerate(GRAPH_SIZES):
        db, edges = setup(rng, n, rng.choice((0.2, 0.4)), isolated=True)
        z = rng.randrange(n)
        for fmt, val in (("graph6", g6_encode(n, edges)), ("json", adj_json(n, edges))):
            want = gg.rows_of(db, "SELECT alice, bob, turn, outcome, plies, move FROM"
                           " race_states(1, ?, 'e')", z)
            got = gg.rows_of(db, "SELECT alice, bob, turn, outcome, plies, move FROM"
                          " race_states(?, ?, ?)", val, z, fmt)
            assert got == want, (trial, fmt)
            for x in range(n):
                y = rng.randrange(n)
                assert answer(db, "SELECT race_game(?, ?, ?, ?, ?)", val, x, y, z, fmt) == \
                    answer(db, "SELECT race_game(1, ?, ?, ?, 'e')", x, y, z), (trial, fmt, x, y)
                assert answer(db, "SELECT * FROM race_play(?, ?, ?, ?, ?)", val, x, y, z, fmt)[:1] \
                    != "error"


def test_graph6_and_json_cops_every_position_as_the_edge_table():
    rng = random.Random(2103)
    for trial, n in enumerate(GRAPH_SIZES[:14]):
        db, edges = setup(rng, n, 0, edges=connected_graph(rng, n, rng.randrange(n)))
        for fmt, val in (("graph6", g6_encode(n, edges)), ("json", adj_json(n, edges))):
            for rules in (None, '{"lazy": true}'):
                for q in ("SELECT cop_number(%s, ?)", "SELECT capture_time(%s, 1, ?)",
                          "SELECT capture_time(%s, 2, ?)", "SELECT capture_time(%s, 3, ?)"):
                    a, b = q.split("(%s, ")
                    mine = "%s(?, %s" % (a, b.replace("?)", "?, ?)"))
                    theirs = "%s(1, %s" % (a, b.replace("?)", "'e', ?)"))
                    assert answer(db, mine, val, fmt, rules) == answer(db, theirs, rules), \
                        (trial, fmt, q, rules)
                for k in (1, 2):
                    want = gg.rows_of(db, "SELECT * FROM cops_states(1, ?, 'e', ?)", k, rules)
                    got = gg.rows_of(db, "SELECT * FROM cops_states(?, ?, ?, ?)", val, k, fmt, rules)
                    strip = lambda rows: [r[:6] for r in rows]
                    assert strip(got) == strip(want), (trial, fmt, k, rules)
                want = gg.rows_of(db, "SELECT ply, mover, from_node, to_node, cops, robber, outcome,"
                               " plies FROM cops_play(1, 2, 'e', ?)", rules)
                got = gg.rows_of(db, "SELECT ply, mover, from_node, to_node, cops, robber, outcome,"
                              " plies FROM cops_play(?, 2, ?, ?)", val, fmt, rules)
                assert got == want


def test_graphs_over_64_nodes_take_the_general_path():
    """70 and 90 nodes: the 4-byte header, read into an edge list."""
    rng = random.Random(2104)
    for n in (70, 90):
        db, edges = setup(rng, n, 0, edges=connected_graph(rng, n, 4))
        val = g6_encode_big(n, edges)
        assert answer(db, "SELECT cop_number(?, 'graph6')", val) == answer(db, "SELECT cop_number(1, 'e')")
        assert answer(db, "SELECT capture_time(?, 2, 'graph6')", val) == \
            answer(db, "SELECT capture_time(1, 2, 'e')")
        for x, y, z in ((1, 2, 0), (5, 9, 3)):
            assert answer(db, "SELECT race_game(?, ?, ?, ?, 'graph6')", val, x, y, z) == \
                answer(db, "SELECT race_game(1, ?, ?, ?, 'e')", x, y, z)
    db, edges = setup(rng, 70, 0.06)
    val = g6_encode_big(70, edges)
    assert gg.rows_of(db, "SELECT mouse, cat, turn, outcome, plies FROM catmouse_states(?, 'graph6')"
                   " WHERE mouse < 10", val) == \
        gg.rows_of(db, "SELECT mouse, cat, turn, outcome, plies FROM catmouse_states(1, 'e')"
                " WHERE mouse < 10")


def test_isolated_nodes_are_nodes_against_the_brute_force():
    """graph6 stores n: nodes no edge touches are nodes of the game."""
    rng = random.Random(2105)
    db = gg.connect()
    for trial in range(30):
        n = rng.randrange(3, 8)
        edges = random_graph(rng, n, 0.3, isolated=True)
        val = g6_encode(n, edges)
        brute = gg.catmouse_brute(edges, holes=(0,), extra=range(n))
        got = {(m, c, t): (o, p) for m, c, t, o, p in db.execute(
            "SELECT mouse, cat, turn, outcome, plies FROM catmouse_states(?, 'graph6')", (val,))}
        assert got == brute, (trial, val)
        z = rng.randrange(n)
        rbrute = gg.race_brute(edges + [(u, u) for u in range(n)], z)
        rgot = {(a, b, t): (o, p) for a, b, t, o, p in db.execute(
            "SELECT alice, bob, turn, outcome, plies FROM race_states(?, ?, 'graph6')", (val, z))}
        assert rgot == rbrute, (trial, val, z)
        k = len({frozenset(c) for c in components(n, edges)})    # a cop a component at least
        cbrute = gg.cops_brute(edges + [(u, u) for u in range(n)], 1)
        want = gg.cops_capture_time(cbrute, list(range(n)), 1)
        assert db.execute("SELECT capture_time(?, 1, 'graph6')", (val,)).fetchone()[0] == want
        assert db.execute("SELECT cop_number(?, 'graph6') >= ?", (val, k)).fetchone() == (1,)


def test_cop_number_of_graph6_against_the_brute_force():
    """The census path (bit rows, k <= 2 on masks, k = 3 on the same rows)
    against the plain value iteration, and the Petersen graph (3 cops)."""
    rng = random.Random(2106)
    db = gg.connect()
    for trial in range(60):
        n = rng.randrange(1, 8)
        edges = connected_graph(rng, n, rng.randrange(n + 1))
        rows = edges + [(u, u) for u in range(n)]
        k = 1
        while gg.cops_capture_time(gg.cops_brute(rows, k), list(range(n)), k) is None:
            k += 1
        assert db.execute("SELECT cop_number(?, 'graph6')", (g6_encode(n, edges),)).fetchone() == (k,)
    assert db.execute("SELECT cop_number('IheA@GUAo', 'graph6')").fetchone() == (3,)


def components(n, edges):
    comp = {u: {u} for u in range(n)}
    for a, b in edges:
        if comp[a] is not comp[b]:
            merged = comp[a] | comp[b]
            for x in merged:
                comp[x] = merged
    return list(comp.values())


def test_errors_name_the_function_and_the_byte():
    db = gg.connect()
    assert gg.err(db, "SELECT cop_number('DQ!', 'graph6')") == \
        "graphgame: cop_number: byte 2 is 0x21, not a graph6 character (63..126)"
    assert gg.err(db, "SELECT catmouse('D', 'graph6')") == \
        "graphgame: catmouse: a graph of 5 nodes needs 2 bytes of edges after the size at byte 0, got 0"
    assert gg.err(db, "SELECT * FROM cops_states('Dh', 1, 'graph6')") == \
        "graphgame: cops_states: a graph of 5 nodes needs 2 bytes of edges after the size at byte 0, got 1"
    assert gg.err(db, "SELECT catmouse('DQc', 'graph6', '{\"hole\": 9}')") == \
        "graphgame: catmouse: the hole 9 is not a node of the graph6 value 'DQc'"
    assert gg.err(db, "SELECT race_game('DQc', 1, 2, 7, 'graph6')") == \
        "graphgame: race_game: z 7 is not a node of the graph6 value 'DQc'"
    assert gg.err(db, "SELECT catmouse('[[1],[0]', 'json')").startswith("graphgame: catmouse: ")
    assert gg.err(db, "SELECT catmouse('[[1],[0,2],[1]]', 'json', '{\"hole\": 5}')") == \
        "graphgame: catmouse: the hole 5 is not a node of the adjacency list"
    db.execute("SELECT graphgame_limit('max_positions', 100)")
    assert gg.err(db, "SELECT cop_number('IheA@GUAo', 'graph6')") == (
        "graphgame: cop_number: the graph6 value 'IheA@GUAo' has 10 nodes and needs 200 positions"
        " (2 turns x C(n+k-1, k) placements of k = 1 cop x n robber nodes, n = 10; about 1 KB at"
        " the peak), over the limit of 100 (see graphgame_limit)")
    long = g6_encode(60, [(i, i + 1) for i in range(59)])
    msg = gg.err(db, "SELECT catmouse(?, 'graph6')", long)
    assert msg.startswith("graphgame: catmouse: the graph6 value '%s...' has 60 nodes" % long[:40]), msg


def test_null_values_and_tables_named_like_a_source():
    """A NULL graph gives NULL (and no rows); a table named graph6 or json
    is still reachable with its schema."""
    db = gg.connect()
    assert db.execute("SELECT cop_number(NULL, 'graph6'), catmouse(NULL, 'json')").fetchone() == (None, None)
    assert db.execute("SELECT count(*) FROM cops_states(NULL, 1, 'graph6')").fetchone() == (0,)
    gg.store(db, 1, [(0, 1), (1, 2), (2, 0)], "graph6")
    gg.store(db, 1, [(0, 1), (1, 2), (2, 3), (3, 0)], "json")
    assert db.execute("SELECT cop_number(1, 'main.graph6'), cop_number(1, 'main.json')").fetchone() == (1, 2)
    assert db.execute("SELECT cop_number('Bw', 'graph6')").fetchone() == (1,)     # K3
    # a blob is read as its bytes
    assert db.execute("SELECT cop_number(CAST('Bw' AS BLOB), 'graph6')").fetchone() == (1,)


def test_networkx_graph6_bytes():
    """What a NetworkX user passes: nx.to_graph6_bytes(G, header=False)."""
    import networkx as nx
    db = gg.connect()
    for G, k in ((nx.petersen_graph(), 3), (nx.cycle_graph(7), 2), (nx.star_graph(5), 1),
                 (nx.grid_2d_graph(3, 3), 2)):
        g6 = nx.to_graph6_bytes(G, header=False).strip()
        assert db.execute("SELECT cop_number(?, 'graph6')", (g6,)).fetchone() == (k,), G
