"""digraph6 (issue 23): nauty's directed format, the 'digraph6' source,
digraph6_edges and digraph6().  The decoder and encoder below are written
here from the format's definition (nauty's formats.txt), apart from the
extension's; every line nauty's gentourng -z and directg write for n <= 5
is decoded by both and the two must agree.  Every game function and table
on a digraph6 value is compared, every position, with the same arcs in an
edge table with '{"directed": true}' on random digraphs (loops included:
a loop is the row (i, i) of an edge table), and the cop number of the
tournaments on n <= 6 nodes with the brute force gg.cops_variant_brute.
Errors are verbatim."""
import itertools
import json
import random
import shutil
import subprocess

import gg


def decode(s):
    """digraph6 -> (n, arcs in row order), from the definition: '&', N(n),
    then x(i, j) row by row, six bits a byte plus 63."""
    assert s[0] == "&"
    b = [ord(c) - 63 for c in s[1:]]
    if b[0] < 63:
        n, data = b[0], b[1:]
    else:
        n, data = (b[1] << 12) | (b[2] << 6) | b[3], b[4:]
    bits = [(x >> (5 - i)) & 1 for x in data for i in range(6)]
    return n, [(i, j) for i in range(n) for j in range(n) if bits[i * n + j]]


def encode(n, arcs):
    """(n, arcs) -> digraph6, from the definition."""
    head = [n] if n <= 62 else [63, (n >> 12) & 63, (n >> 6) & 63, n & 63]
    have = set(arcs)
    bits = [1 if (i, j) in have else 0 for i in range(n) for j in range(n)]
    bits += [0] * (-len(bits) % 6)
    data = [int("".join(map(str, bits[k:k + 6])), 2) for k in range(0, len(bits), 6)]
    return "&" + "".join(chr(x + 63) for x in head + data)


def random_digraph(rng, n, p, loops=0.15):
    """Arcs of a random digraph on 0..n-1, each ordered pair with chance p,
    loops with chance `loops`; a node no arc touches gets a loop, so that
    an edge table of the arcs has all n nodes."""
    arcs = {(u, v) for u in range(n) for v in range(n)
            if (u == v and rng.random() < loops) or (u != v and rng.random() < p)}
    for u in range(n):
        if not any(u in a for a in arcs):
            arcs.add((u, u))
    return sorted(arcs)


def tournament(rng, n):
    return [(u, v) if rng.random() < 0.5 else (v, u) for u in range(n) for v in range(u + 1, n)]


DIRECTED = '{"directed": true}'


def test_the_nauty_test_vector():
    """formats.txt: n = 5 with arcs 0->2, 0->4, 3->1, 3->4 is "&DI?AO?"."""
    db = gg.connect()
    arcs = [(0, 2), (0, 4), (3, 1), (3, 4)]
    assert encode(5, arcs) == "&DI?AO?" and decode("&DI?AO?") == (5, arcs)
    for s in ("&DI?AO?", ">>digraph6<<&DI?AO?", "&DI?AO?\n", "&DI?AO?\r\n"):
        assert db.execute("SELECT src, dst FROM digraph6_edges(?)", (s,)).fetchall() == arcs
    assert db.execute("SELECT digraph6, count(*) FROM digraph6_edges('&DI?AO?')").fetchone() == \
        ("&DI?AO?", 4)
    gg.store(db, 1, arcs + [(2, 2)], "e")       # node 2 is a sink: a loop names it
    assert db.execute("SELECT digraph6(1, 'e')").fetchone() == (encode(5, arcs + [(2, 2)]),)
    gg.store(db, 2, arcs, "e")
    assert db.execute("SELECT digraph6(2, 'e'), digraph6('&DI?AO?', 'digraph6')").fetchone() == \
        ("&DI?AO?", "&DI?AO?")


def test_parse_and_write_round_trip():
    """Random digraphs with loops, the 1- and 4-byte size headers: the
    table's rows in row order, and digraph6() of the rows gives the string
    back; graph6 values become digraph6 with each edge both ways."""
    rng = random.Random(2301)
    db = gg.connect()
    for gid, n in enumerate([1, 2, 3, 5, 12, 62, 63, 64, 70, 130] +
                            [rng.randrange(1, 70) for _ in range(40)]):
        arcs = random_digraph(rng, n, rng.random() * 0.5)
        s = encode(n, arcs)
        assert db.execute("SELECT src, dst FROM digraph6_edges(?)", (s,)).fetchall() == arcs, n
        gg.store(db, gid, arcs, "e")
        assert db.execute("SELECT digraph6(?, 'e'), digraph6(?, 'digraph6')", (gid, s)).fetchone() \
            == (s, s), n
    from test_graph6 import encode as g6_encode
    for n in (2, 7, 40):
        edges = [(u, v) for v in range(n) for u in range(v) if rng.random() < 0.3]
        both = sorted(set(edges) | {(v, u) for u, v in edges})
        assert db.execute("SELECT digraph6(?, 'graph6')", (g6_encode(n, edges),)).fetchone() == \
            (encode(n, both),)


def nauty_lines(cmd):
    return subprocess.run(cmd, shell=True, check=True, capture_output=True,
                          text=True).stdout.split()


def test_every_line_of_gentourng_and_directg_for_n_up_to_5():
    """Every digraph6 line nauty writes for n <= 5 (the tournaments of
    gentourng -z, every orientation of every graph by directg, with arcs
    both ways), decoded here and by digraph6_edges: the same arcs; and
    digraph6() of the value writes the line again."""
    if shutil.which("nauty-gentourng") is None:
        print("# no nauty: skipped")
        return
    lines = []
    for n in range(1, 6):
        t = nauty_lines("nauty-gentourng -qz %d" % n)
        assert len(t) == [1, 1, 2, 4, 12][n - 1], n          # OEIS A000568
        lines += t
        lines += nauty_lines("nauty-geng -q %d | nauty-directg -q" % n)
    assert len(lines) > 9000
    db = gg.connect()
    db.execute("CREATE TABLE d(g TEXT)")
    db.executemany("INSERT INTO d VALUES (?)", [(s,) for s in lines])
    got = {}
    for i, a, b in db.execute("SELECT d.rowid, e.src, e.dst FROM d, digraph6_edges(d.g) e"):
        got.setdefault(i, []).append((a, b))
    for i, s in enumerate(lines, 1):
        assert got.get(i, []) == decode(s)[1], s
    assert db.execute("SELECT count(*) FROM d WHERE digraph6(g, 'digraph6') IS NOT g").fetchone() \
        == (0,)


def test_networkx_if_it_reads_digraph6():
    """NetworkX has no digraph6 reader (3.x has graph6 and sparse6 only);
    if one appears, it must read what digraph6() writes."""
    try:
        import networkx as nx
    except ImportError:
        return
    reader = getattr(nx, "from_digraph6_bytes", None)
    if reader is None:
        print("# NetworkX %s has no digraph6: skipped" % nx.__version__)
        return
    db = gg.connect()
    rng = random.Random(2302)
    for n in (3, 8, 20):
        arcs = random_digraph(rng, n, 0.3, loops=0)
        g = reader(encode(n, arcs).encode())
        assert sorted(g.edges()) == arcs


def setup(rng, n, arcs=None):
    db = gg.connect()
    arcs = random_digraph(rng, n, rng.choice((0.2, 0.35, 0.5))) if arcs is None else arcs
    gg.store(db, 1, arcs, "e")
    return db, arcs, encode(n, arcs)


SIZES = [3, 4, 5, 6, 7, 8] * 3 + [11]


def test_cops_every_position_as_the_edge_table():
    """cop_number, capture_time (k = 1, 2) and cops_states (k = 1, 2),
    cops_play: a digraph6 value and its arcs in an edge table with
    "directed": true."""
    rng = random.Random(2303)
    for trial, n in enumerate(SIZES):
        db, arcs, val = setup(rng, n, tournament(rng, n) if trial % 3 == 0 else None)
        for q in ("SELECT cop_number(%s)", "SELECT capture_time(%s)"):
            for k in ((), (1,), (2,)) if "capture" in q else ((),):
                mine = q % ", ".join(["?"] + ["?"] * len(k) + ["'digraph6'"])
                theirs = q % ", ".join(["1"] + ["?"] * len(k) + ["'e'", "?"])
                if "capture" in q and not k:
                    continue
                assert gg.answer(db, mine, val, *k) == gg.answer(db, theirs, *k, DIRECTED), (trial, q, k)
        for k in (1, 2):
            want = gg.rows_of(db, "SELECT cops, robber, turn, outcome, plies FROM"
                           " cops_states(1, ?, 'e', ?)", k, DIRECTED)
            got = gg.rows_of(db, "SELECT cops, robber, turn, outcome, plies FROM"
                          " cops_states(?, ?, 'digraph6')", val, k)
            assert got == want and len(got) == 2 * n * (n if k == 1 else n * (n + 1) // 2), \
                (trial, k)
        assert gg.answer(db, "SELECT ply, mover, cops, robber, outcome, plies FROM"
                      " cops_play(?, 2, 'digraph6')", val) == \
            gg.answer(db, "SELECT ply, mover, cops, robber, outcome, plies FROM"
                   " cops_play(1, 2, 'e', ?)", DIRECTED)
        # "directed": true is accepted, and changes nothing
        assert gg.answer(db, "SELECT cop_number(?, 'digraph6', ?)", val, DIRECTED) == \
            gg.answer(db, "SELECT cop_number(?, 'digraph6')", val)


def test_catmouse_and_race_every_position_as_the_edge_table():
    rng = random.Random(2304)
    for trial, n in enumerate(SIZES):
        db, arcs, val = setup(rng, n)
        h, m, c = rng.sample(range(n), 3)
        for rules in (None, '{"hole": %d, "mouse": %d, "cat": %d}' % (h, m, c)):
            r = dict(json.loads(rules or "{}"), directed=True)
            want = gg.rows_of(db, "SELECT mouse, cat, turn, outcome, plies, move FROM"
                           " catmouse_states(1, 'e', ?)", json.dumps(r))
            got = gg.rows_of(db, "SELECT mouse, cat, turn, outcome, plies, move FROM"
                          " catmouse_states(?, 'digraph6', ?)", val, rules)
            assert got == want, (trial, rules)
            for q in ("SELECT catmouse({g}, {e}, ?)", "SELECT catmouse_bounded({g}, 3, {e}, ?)",
                      "SELECT ply, mover, from_node, to_node, outcome FROM"
                      " catmouse_play({g}, {e}, ?)"):
                assert gg.answer(db, q.format(g="?", e="'digraph6'"), val, rules) == \
                    gg.answer(db, q.format(g="1", e="'e'"), json.dumps(r)), (trial, q, rules)
        z = rng.randrange(n)
        want = gg.rows_of(db, "SELECT alice, bob, turn, outcome, plies, move FROM"
                       " race_states(1, ?, 'e', ?)", z, DIRECTED)
        got = gg.rows_of(db, "SELECT alice, bob, turn, outcome, plies, move FROM"
                      " race_states(?, ?, 'digraph6')", val, z)
        assert got == want, trial
        for x in range(n):
            y = rng.randrange(n)
            assert gg.answer(db, "SELECT race_game(?, ?, ?, ?, 'digraph6')", val, x, y, z) == \
                gg.answer(db, "SELECT race_game(1, ?, ?, ?, 'e', ?)", x, y, z, DIRECTED)


def test_over_64_nodes_take_the_general_path():
    rng = random.Random(2305)
    n = 70
    arcs = sorted({(i, (i + 1) % n) for i in range(n)} | {((i + 1) % n, i) for i in range(0, n, 2)}
                  | {(rng.randrange(n), rng.randrange(n)) for _ in range(30)})
    db, arcs, val = setup(rng, n, arcs)
    assert val[1] == "~"
    for q, args in (("SELECT cop_number(%s)", ()), ("SELECT capture_time(%s)", (2,))):
        assert gg.answer(db, q % ", ".join(["?"] * (1 + len(args)) + ["'digraph6'"]), val, *args) == \
            gg.answer(db, q % ", ".join(["1"] + ["?"] * len(args) + ["'e'", "?"]), *args, DIRECTED)
    assert gg.answer(db, "SELECT race_game(?, 1, 2, 0, 'digraph6')", val) == \
        gg.answer(db, "SELECT race_game(1, 1, 2, 0, 'e', ?)", DIRECTED)


def brute_cop_number(n, arcs):
    rows = arcs + [(u, u) for u in range(n)]
    k = 1
    while gg.cops_variant_time(gg.cops_variant_brute(rows, k, directed=True), rows, k,
                               directed=True) is None:
        k += 1
    return k


def dominating(n, arcs):
    out = {u: {v for a, v in arcs if a == u} for u in range(n)}
    return any(len(out[u] - {u}) == n - 1 for u in range(n))


def test_tournaments_cop_number_against_the_brute_force():
    """Every tournament on n <= 6 nodes (gentourng -z; random ones without
    nauty): cop_number against the brute force; and a tournament is
    cop-win exactly when it has a dominating vertex (docs/reference/census.md)."""
    db = gg.connect()
    rng = random.Random(2306)
    cases = []
    if shutil.which("nauty-gentourng"):
        for n in range(1, 7):
            cases += nauty_lines("nauty-gentourng -qz %d" % n)
        assert len(cases) == 1 + 1 + 2 + 4 + 12 + 56       # OEIS A000568
    else:
        cases += [encode(6, tournament(rng, 6)) for _ in range(12)]
    seen = set()
    for s in cases:
        n, arcs = decode(s)
        k = brute_cop_number(n, arcs)
        seen.add(k)
        assert db.execute("SELECT cop_number(?, 'digraph6')", (s,)).fetchone() == (k,), s
        assert (k == 1) == dominating(n, arcs), s
    assert seen == {1, 2}


def test_loops_change_nothing_but_in_cat_and_mouse():
    """A loop x(i, i) is an arc i -> i: the cops and the race allow staying
    anyway; in cat and mouse it is a move that stays, as in an edge table."""
    rng = random.Random(2307)
    db = gg.connect()
    for trial in range(10):
        n = rng.randrange(3, 8)
        arcs = [a for a in random_digraph(rng, n, 0.4, loops=0) if a[0] != a[1]]
        looped = sorted(set(arcs) | {(u, u) for u in range(n)})
        a, b = encode(n, arcs), encode(n, looped)
        for q in ("SELECT * FROM cops_states(?, 2, 'digraph6')",
                  "SELECT * FROM race_states(?, 0, 'digraph6')"):
            assert gg.rows_of(db, q, a) == gg.rows_of(db, q, b), (trial, q)
        gg.store(db, trial, looped, "e")
        assert gg.rows_of(db, "SELECT * FROM catmouse_states(?, 'digraph6')", b) == \
            gg.rows_of(db, "SELECT * FROM catmouse_states(?, 'e', ?)", trial, DIRECTED)


def test_errors_verbatim():
    db = gg.connect()
    cases = [
        ("SELECT * FROM digraph6_edges('&D I?AO?')",
         "graphgame: digraph6_edges: byte 2 is 0x20, not a digraph6 character (63..126)"),
        ("SELECT * FROM digraph6_edges('&DI?AO')",
         "graphgame: digraph6_edges: a digraph of 5 nodes needs 5 bytes of arcs after the size"
         " at byte 1, got 4"),
        ("SELECT * FROM digraph6_edges('&DI?AO??')",
         "graphgame: digraph6_edges: a digraph of 5 nodes needs 5 bytes of arcs after the size"
         " at byte 1, got 6"),
        ("SELECT * FROM digraph6_edges('&DI?AO@')",
         "graphgame: digraph6_edges: byte 6, the last, has padding bits set (its low 5 bits"
         " must be 0)"),
        ("SELECT * FROM digraph6_edges('DI?AO?')",
         "graphgame: digraph6_edges: byte 0 is 0x44, not '&', which starts a digraph6 string"
         " (a graph6 one?)"),
        ("SELECT * FROM digraph6_edges('')",
         "graphgame: digraph6_edges: empty string: expected '&' at byte 0"),
        ("SELECT * FROM digraph6_edges('&')",
         "graphgame: digraph6_edges: the string ends after the '&' at byte 0: expected the size"
         " byte"),
        ("SELECT * FROM digraph6_edges('&~??E')",
         "graphgame: digraph6_edges: the 4-byte size header at byte 1 says 6 nodes: under 63"
         " must use the 1-byte header"),
        ("SELECT * FROM digraph6_edges(3)",
         "graphgame: digraph6_edges: the argument must be a digraph6 string, got 3"),
        ("SELECT * FROM digraph6_edges",
         "graphgame: digraph6_edges needs an argument: digraph6_edges(text)"),
        # a graph6 value given as digraph6, and the other way round
        ("SELECT cop_number('IheA@GUAo', 'digraph6')",
         "graphgame: cop_number: byte 0 is 0x49, not '&', which starts a digraph6 string"
         " (a graph6 one?)"),
        ("SELECT cop_number('&DI?AO?', 'graph6')",
         "graphgame: cop_number: byte 0 is 0x26 ('&'), which starts a digraph6 string, not a"
         " graph6 one"),
        ("SELECT * FROM graph6_edges('&DI?AO?')",
         "graphgame: graph6_edges: byte 0 is 0x26 ('&'), which starts a digraph6 string, not a"
         " graph6 one"),
        ("SELECT * FROM cops_states('&DI?AO', 1, 'digraph6')",
         "graphgame: cops_states: a digraph of 5 nodes needs 5 bytes of arcs after the size at"
         " byte 1, got 4"),
        ("SELECT race_game('&DI?AO?', 1, 2, 7, 'digraph6')",
         "graphgame: race_game: z 7 is not a node of the digraph6 value '&DI?AO?'"),
        ("SELECT catmouse('&DI?AO?', 'digraph6', '{\"hole\": 9}')",
         "graphgame: catmouse: the hole 9 is not a node of the digraph6 value '&DI?AO?'"),
        # the rules' "directed": a digraph6 value is directed
        ("SELECT cop_number('&DI?AO?', 'digraph6', '{\"directed\": false}')",
         "graphgame: cop_number: rules: \"directed\" is false, but a digraph6 value is a"
         " directed graph (leave the key out, or make it true)"),
        ("SELECT * FROM race_states('&DI?AO?', 0, 'digraph6', '{\"directed\": false}')",
         "graphgame: race_states: rules: \"directed\" is false, but a digraph6 value is a"
         " directed graph (leave the key out, or make it true)"),
        ("SELECT capture_time('&DI?AO?', 1, 'digraph6', '{\"surround\": true}')",
         "graphgame: capture_time: rules: \"directed\" and \"surround\" do not combine (no"
         " published game plays both)"),
        ("SELECT graph6('&DI?AO?', 'digraph6')",
         "graphgame: graph6: the digraph6 value '&DI?AO?' is a directed graph, and graph6"
         " stores undirected ones: digraph6() writes its arcs"),
    ]
    for sql, want in cases:
        assert gg.err(db, sql) == want, (sql, gg.err(db, sql))
    assert db.execute("SELECT cop_number(NULL, 'digraph6'), count(*) FROM digraph6_edges(NULL)"
                      ).fetchone() == (None, 0)
    assert db.execute("SELECT cop_number(CAST('&DI?AO?' AS BLOB), 'digraph6')").fetchone() == (2,)
    gg.store(db, 1, [(0, 1), (1, 0)], "digraph6")
    assert db.execute("SELECT cop_number(1, 'main.digraph6')").fetchone() == (1,)
