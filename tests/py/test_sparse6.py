"""sparse6 (issue 27): nauty's format for sparse graphs, the 'sparse6'
source and sparse6_edges.  The decoder and encoder below are written here
from the format's definition (nauty's formats.txt), apart from the
extension's; every line geng -s writes for n <= 7 is decoded by both (and
by NetworkX when it is there), and must agree with the graph6 line geng
writes for the same graph.  Every game function and table on a sparse6
value is compared, every position, with the same rows in an edge table on
random multigraphs with loops (a loop is the row (i, i); a repeated edge
is one edge).  Errors are verbatim."""
import random
import shutil
import subprocess

import gg


def width(n):
    """nauty's k: the bits of n - 1 (0 for n <= 1)."""
    return max(n - 1, 0).bit_length()


def size_bytes(n):
    return [n] if n <= 62 else [63, (n >> 12) & 63, (n >> 6) & 63, n & 63]


def decode(s):
    """sparse6 -> (n, edges as they come, x <= v), from the definition."""
    assert s[0] == ":"
    b = [ord(c) - 63 for c in s[1:]]
    n, data = (b[0], b[1:]) if b[0] < 63 else ((b[1] << 12) | (b[2] << 6) | b[3], b[4:])
    bits = [(x >> (5 - i)) & 1 for x in data for i in range(6)]
    k, v, i, edges = width(n), 0, 0, []
    while i + 1 + k <= len(bits):
        v += bits[i]
        x = int("".join(map(str, bits[i + 1:i + 1 + k])) or "0", 2)
        i += 1 + k
        if v >= n or x >= n:
            break
        if x > v:
            v = x
        else:
            edges.append((x, v))
    return n, edges


def encode(n, edges):
    """(n, edges) -> sparse6, from the definition: edges sorted by their
    larger end, repeats and loops kept; the padding rule for n = 2, 4, 8,
    16 (a 0 bit first when the last edge's end is n - 2)."""
    k, v, bits = width(n), 0, []

    def put(b, x):
        bits.append(b)
        bits.extend(int(c) for c in format(x, "0%db" % k) if k)

    for c, a in sorted((max(e), min(e)) for e in edges):
        if c == v:
            put(0, a)
        elif c == v + 1:
            put(1, a)
            v = c
        else:
            put(1, c)
            v = c
            put(0, a)
    pad = -len(bits) % 6
    if k < 6 and n == 1 << k and pad >= k + 1 and v == n - 2:
        bits += [0] + [1] * (pad - 1)
    else:
        bits += [1] * pad
    data = [int("".join(map(str, bits[j:j + 6])), 2) for j in range(0, len(bits), 6)]
    return ":" + "".join(chr(x + 63) for x in size_bytes(n) + data)


def random_multigraph(rng, n, p, loops=0.15, repeats=0.15):
    """Edges (x <= v) of a random graph on 0..n-1 with loops and repeats,
    in sparse6's order (by v, then x); a node no edge touches gets a loop,
    so that an edge table has it."""
    edges = [(u, v) for v in range(n) for u in range(v + 1)
             if (u == v and rng.random() < loops) or (u != v and rng.random() < p)]
    edges += [e for e in edges if rng.random() < repeats]
    for u in range(n):
        if not any(u in e for e in edges):
            edges.append((u, u))
    return sorted(edges, key=lambda e: (e[1], e[0]))


def test_the_nauty_test_vector_and_round_trips():
    """formats.txt: n = 7 with the edges 0-1 0-2 1-2 5-6 is ":Fa@x^"; the
    encoder here and sparse6_edges agree on random multigraphs, the 1- and
    4-byte size headers, and the padding rule's cases n = 2, 4, 8, 16."""
    db = gg.connect()
    want = [(0, 1), (0, 2), (1, 2), (5, 6)]
    assert decode(":Fa@x^") == (7, want) and encode(7, want) == ":Fa@x^"
    for s in (":Fa@x^", ">>sparse6<<:Fa@x^", ":Fa@x^\n", ":Fa@x^\r\n"):
        assert db.execute("SELECT src, dst FROM sparse6_edges(?)", (s,)).fetchall() == want
    assert db.execute("SELECT sparse6, count(*) FROM sparse6_edges(':Fa@x^')").fetchone() == \
        (":Fa@x^", 4)
    rng = random.Random(2701)
    for n in [1, 2, 3, 4, 8, 16, 62, 63, 64, 70, 130] + [rng.randrange(1, 80) for _ in range(60)]:
        edges = random_multigraph(rng, n, rng.random() * 0.3)
        s = encode(n, edges)
        assert decode(s) == (n, edges), n
        assert db.execute("SELECT src, dst FROM sparse6_edges(?)", (s,)).fetchall() == edges, n
    # n = 4: the last edge ends at node 2 and three bits pad; all 1-bits
    # would read as a loop at node 3, the 0 bit of the rule stops it
    s = encode(4, [(0, 2)])
    assert decode(s) == (4, [(0, 2)])
    assert db.execute("SELECT src, dst FROM sparse6_edges(?)", (s,)).fetchall() == [(0, 2)]


def nauty_lines(cmd):
    return subprocess.run(cmd, shell=True, check=True, capture_output=True,
                          text=True).stdout.split()


def test_every_line_of_geng_s_for_n_up_to_7():
    """Every sparse6 line geng -s writes for n <= 7 (1,252 graphs): the
    decoder here, sparse6_edges and NetworkX read the same edges, which are
    the edges of the graph6 line geng writes for the same graph."""
    if shutil.which("nauty-geng") is None:
        print("# no nauty: skipped")
        return
    s6, g6 = [], []
    for n in range(1, 8):
        s6 += nauty_lines("nauty-geng -qs %d" % n)
        g6 += nauty_lines("nauty-geng -q %d" % n)
    assert len(s6) == len(g6) == 1 + 2 + 4 + 11 + 34 + 156 + 1044     # OEIS A000088
    db = gg.connect()
    db.execute("CREATE TABLE s(s6 TEXT, g6 TEXT)")
    db.executemany("INSERT INTO s VALUES (?, ?)", list(zip(s6, g6)))
    mine, theirs = {}, {}
    for i, a, b in db.execute("SELECT s.rowid, e.src, e.dst FROM s, sparse6_edges(s.s6) e"):
        mine.setdefault(i, set()).add((a, b))
    for i, a, b in db.execute("SELECT s.rowid, e.src, e.dst FROM s, graph6_edges(s.g6) e"):
        theirs.setdefault(i, set()).add((a, b))
    try:
        import networkx as nx
    except ImportError:
        nx = None
    for i, (s, g) in enumerate(zip(s6, g6), 1):
        n, edges = decode(s)
        assert mine.get(i, set()) == set(edges) == theirs.get(i, set()), s
        if nx:
            assert {tuple(sorted(e)) for e in nx.from_sparse6_bytes(s.encode()).edges()} == \
                set(edges), s
    # the game functions read both lines as the same graph
    assert db.execute("SELECT count(*) FROM s WHERE cop_number(s6, 'sparse6') IS NOT"
                      " cop_number(g6, 'graph6') OR capture_time(s6, 1, 'sparse6') IS NOT"
                      " capture_time(g6, 1, 'graph6')").fetchone() == (0,)


def setup(rng, n, edges=None):
    db = gg.connect()
    edges = random_multigraph(rng, n, rng.choice((0.2, 0.35, 0.5))) if edges is None else edges
    gg.store(db, 1, edges, "e")
    return db, edges, encode(n, edges)


SIZES = [3, 4, 5, 6, 7, 8] * 3 + [11, 16]


def test_every_game_every_position_as_the_edge_table():
    """Cat and mouse (states, play, the scalar, the capped search), the
    race (states, race_game) and cops and robbers (states, play, cop
    number, capture time): a sparse6 value with loops and repeated edges,
    and its edges as rows of an edge table."""
    rng = random.Random(2702)
    for trial, n in enumerate(SIZES):
        db, edges, val = setup(rng, n)
        h, m, c = rng.sample(range(n), 3)
        for rules in (None, '{"hole": %d, "mouse": %d, "cat": %d}' % (h, m, c)):
            assert gg.rows_of(db, "SELECT * FROM catmouse_states(?, 'sparse6', ?)", val, rules) == \
                gg.rows_of(db, "SELECT * FROM catmouse_states(1, 'e', ?)", rules), (trial, rules)
            for q in ("SELECT catmouse({g}, {e}, ?)", "SELECT catmouse_bounded({g}, 3, {e}, ?)",
                      "SELECT ply, mover, from_node, to_node, outcome FROM"
                      " catmouse_play({g}, {e}, ?)"):
                assert gg.answer(db, q.format(g="?", e="'sparse6'"), val, rules) == \
                    gg.answer(db, q.format(g="1", e="'e'"), rules), (trial, q, rules)
        z = rng.randrange(n)
        assert gg.rows_of(db, "SELECT * FROM race_states(?, ?, 'sparse6')", val, z) == \
            gg.rows_of(db, "SELECT * FROM race_states(1, ?, 'e')", z), trial
        x, y = rng.randrange(n), rng.randrange(n)
        assert gg.answer(db, "SELECT race_game(?, ?, ?, ?, 'sparse6')", val, x, y, z) == \
            gg.answer(db, "SELECT race_game(1, ?, ?, ?, 'e')", x, y, z)
        for k in (1, 2):
            assert gg.rows_of(db, "SELECT * FROM cops_states(?, ?, 'sparse6')", val, k) == \
                gg.rows_of(db, "SELECT * FROM cops_states(1, ?, 'e')", k), (trial, k)
            assert gg.answer(db, "SELECT capture_time(?, ?, 'sparse6')", val, k) == \
                gg.answer(db, "SELECT capture_time(1, ?, 'e')", k)
        assert gg.answer(db, "SELECT cop_number(?, 'sparse6'), cop_number(?, 'sparse6',"
                      " '{\"lazy\": true}')", val, val) == \
            gg.answer(db, "SELECT cop_number(1, 'e'), cop_number(1, 'e', '{\"lazy\": true}')")
        assert gg.answer(db, "SELECT * FROM cops_play(?, 2, 'sparse6')", val) == \
            gg.answer(db, "SELECT * FROM cops_play(1, 2, 'e')")


def test_loops_and_repeats():
    """A loop is a move that stays: it changes cat and mouse (a player must
    move) and nothing in the race or the cops (staying is allowed there); a
    repeated edge is one edge (the brute force of gg.py on the rows)."""
    rng = random.Random(2703)
    db = gg.connect()
    changed = 0
    for trial in range(12):
        n = rng.randrange(3, 8)
        plain = [e for e in random_multigraph(rng, n, 0.4, loops=0, repeats=0) if e[0] != e[1]]
        if len({x for e in plain for x in e}) < n:
            continue
        looped = sorted(plain + plain[:2] + [(u, u) for u in range(n)])
        a, b = encode(n, plain), encode(n, looped)
        for q in ("SELECT * FROM cops_states(?, 2, 'sparse6')",
                  "SELECT * FROM race_states(?, 0, 'sparse6')"):
            assert gg.rows_of(db, q, a) == gg.rows_of(db, q, b), (trial, q)
        want = gg.catmouse_brute(looped)
        got = {(m, c, t): (o, p) for m, c, t, o, p in db.execute(
            "SELECT mouse, cat, turn, outcome, plies FROM catmouse_states(?, 'sparse6')", (b,))}
        assert got == want, trial
        changed += gg.rows_of(db, "SELECT * FROM catmouse_states(?, 'sparse6')", a) != \
            gg.rows_of(db, "SELECT * FROM catmouse_states(?, 'sparse6')", b)
    assert changed > 0


def test_over_64_nodes_take_the_general_path():
    rng = random.Random(2704)
    n = 90
    edges = sorted({(i, i + 1) for i in range(n - 1)} |
                   {tuple(sorted(rng.sample(range(n), 2))) for _ in range(40)})
    db, edges, val = setup(rng, n, edges)
    assert val[1] == "~"
    for q, args in (("SELECT cop_number(%s)", ()), ("SELECT capture_time(%s)", (2,))):
        assert gg.answer(db, q % ", ".join(["?"] * (1 + len(args)) + ["'sparse6'"]), val, *args) == \
            gg.answer(db, q % ", ".join(["1"] + ["?"] * len(args) + ["'e'"]), *args)
    assert gg.answer(db, "SELECT catmouse(?, 'sparse6')", val) == gg.answer(db, "SELECT catmouse(1, 'e')")
    assert gg.answer(db, "SELECT race_game(?, 1, 2, 0, 'sparse6')", val) == \
        gg.answer(db, "SELECT race_game(1, 1, 2, 0, 'e')")


def test_errors_verbatim():
    db = gg.connect()
    cases = [
        ("SELECT * FROM sparse6_edges(':F a@x^')",
         "graphgame: sparse6_edges: byte 2 is 0x20, not a sparse6 character (63..126)"),
        ("SELECT * FROM sparse6_edges('Fa@x^')",
         "graphgame: sparse6_edges: byte 0 is 0x46, not ':', which starts a sparse6 string"
         " (a graph6 one?)"),
        ("SELECT * FROM sparse6_edges('&DI?AO?')",
         "graphgame: sparse6_edges: byte 0 is 0x26, not ':', which starts a sparse6 string"
         " (a digraph6 one?)"),
        ("SELECT * FROM sparse6_edges(';Fa@x^')",
         "graphgame: sparse6_edges: byte 0 is ';', which starts an incremental sparse6 line"
         " (a change to the line before), not a graph"),
        ("SELECT * FROM sparse6_edges('')",
         "graphgame: sparse6_edges: empty string: expected ':' at byte 0"),
        ("SELECT * FROM sparse6_edges(':')",
         "graphgame: sparse6_edges: the string ends after the ':' at byte 0: expected the size"
         " byte"),
        ("SELECT * FROM sparse6_edges(':~~??????')",
         "graphgame: sparse6_edges: bytes 1-2 are an 8-byte size header: graphs over 258047"
         " nodes are too large"),
        ("SELECT * FROM sparse6_edges(':~?')",
         "graphgame: sparse6_edges: the 4-byte size header at byte 1 is cut short after 2 bytes"),
        ("SELECT * FROM sparse6_edges(3)",
         "graphgame: sparse6_edges: the argument must be a sparse6 string, got 3"),
        ("SELECT * FROM sparse6_edges",
         "graphgame: sparse6_edges needs an argument: sparse6_edges(text)"),
        ("SELECT cop_number('IheA@GUAo', 'sparse6')",
         "graphgame: cop_number: byte 0 is 0x49, not ':', which starts a sparse6 string"
         " (a graph6 one?)"),
        ("SELECT cop_number(':Fa@x^', 'graph6')",
         "graphgame: cop_number: byte 0 is 0x3a, not a graph6 character (63..126)"),
        ("SELECT catmouse(':Fa@x^', 'sparse6', '{\"hole\": 9}')",
         "graphgame: catmouse: the hole 9 is not a node of the sparse6 value ':Fa@x^'"),
        ("SELECT race_game(':Fa@x^', 1, 2, 7, 'sparse6')",
         "graphgame: race_game: z 7 is not a node of the sparse6 value ':Fa@x^'"),
        ("SELECT * FROM cops_states(':F a', 1, 'sparse6')",
         "graphgame: cops_states: byte 2 is 0x20, not a sparse6 character (63..126)"),
    ]
    for sql, want in cases:
        assert gg.err(db, sql) == want, (sql, gg.err(db, sql))
    assert db.execute("SELECT cop_number(NULL, 'sparse6'), count(*) FROM sparse6_edges(NULL)"
                      ).fetchone() == (None, 0)
    assert db.execute("SELECT cop_number(CAST(':Fa@x^' AS BLOB), 'sparse6'),"
                      " cop_number(':Fa@x^', 'sparse6')").fetchone() == (4, 4)   # 3 parts, one a K3
    # "directed": each edge is two arcs, as for graph6
    assert gg.answer(db, "SELECT cop_number(':Fa@x^', 'sparse6', '{\"directed\": true}')") == \
        gg.answer(db, "SELECT cop_number(':Fa@x^', 'sparse6')")
