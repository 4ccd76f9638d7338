"""graph6: graph6_edges against NetworkX's parser (when installed) and
against a plain decoder written here from the format's definition
(nauty's formats.txt); graph6() round trips through graph6_edges and
through NetworkX; other labels (texts, mixed) are numbered in SQLite's
order; malformed strings give errors that say where, verbatim; reading
errors are the shared ones, naming graph6."""
import random
import sqlite3

import gg


def decode(s):
    """graph6 -> (n, sorted edges), straight from the definition."""
    b = [ord(c) - 63 for c in s]
    if b[0] < 63:
        n, data = b[0], b[1:]
    else:
        n, data = (b[1] << 12) | (b[2] << 6) | b[3], b[4:]
    bits = [(x >> (5 - i)) & 1 for x in data for i in range(6)]
    edges, k = [], 0
    for j in range(1, n):
        for i in range(j):
            if bits[k]:
                edges.append((i, j))
            k += 1
    return n, edges


def encode(n, edges):
    """(n, edges) -> graph6, straight from the definition."""
    head = [n] if n <= 62 else [63, (n >> 12) & 63, (n >> 6) & 63, n & 63]
    es = {(min(a, b), max(a, b)) for a, b in edges if a != b}
    bits = [1 if (i, j) in es else 0 for j in range(1, n) for i in range(j)]
    bits += [0] * (-len(bits) % 6)
    data = [int("".join(map(str, bits[i:i + 6])), 2) for i in range(0, len(bits), 6)]
    return "".join(chr(x + 63) for x in head + data)


def edges_of(db, s):
    return db.execute("SELECT src, dst FROM graph6_edges(?)", (s,)).fetchall()


def test_parse_and_write_round_trip():
    rng = random.Random(6)
    db = gg.connect()
    try:
        import networkx as nx
    except ImportError:
        nx = None
    for gid, n in enumerate([2, 3, 5, 12, 62, 63, 64, 100, 200] + [rng.randrange(2, 80) for _ in range(60)]):
        rows = [(u, v) for v in range(n) for u in range(v) if rng.random() < rng.random()]
        rows.append((0, n - 1))                  # every node up to n-1 labelled
        rows += [(v, v) for v in range(n)]       # loops: every node present, dropped by graph6
        s = encode(n, rows)
        want = decode(s)[1]
        assert sorted(edges_of(db, s)) == sorted(want), n
        assert edges_of(db, s) == want, "graph6_edges keeps the string's order"
        if nx is not None:
            g = nx.from_graph6_bytes(s.encode())
            assert sorted(tuple(sorted(e)) for e in g.edges()) == sorted(want)
            assert nx.to_graph6_bytes(g, header=False).strip().decode() == s
        gg.store(db, gid, [(3 * a - 7, 3 * b - 7) for a, b in rows])   # labels need not be 0..n-1
        assert db.execute("SELECT graph6(?)", (gid,)).fetchone()[0] == s
    assert edges_of(db, ">>graph6<<" + encode(4, [(0, 1)]) + "\n") == [(0, 1)]
    assert edges_of(db, encode(4, [(2, 3)]) + "\r\n") == [(2, 3)]
    assert db.execute("SELECT count(*) FROM graph6_edges(NULL)").fetchone()[0] == 0


ERRORS = [
    ("", "graphgame: graph6_edges: empty string: expected the size byte at byte 0"),
    ("D Qc", "graphgame: graph6_edges: byte 1 is 0x20, not a graph6 character (63..126)"),
    ("DQ", "graphgame: graph6_edges: a graph of 5 nodes needs 2 bytes of edges after the size"
           " at byte 0, got 1"),
    ("DQcc", "graphgame: graph6_edges: a graph of 5 nodes needs 2 bytes of edges after the size"
             " at byte 0, got 3"),
    ("DQd", "graphgame: graph6_edges: byte 2, the last, has padding bits set (its low 2 bits"
            " must be 0)"),
    ("~?", "graphgame: graph6_edges: the 4-byte size header at byte 0 is cut short after 2 bytes"),
    ("~??~", "graphgame: graph6_edges: a graph of 63 nodes needs 326 bytes of edges after the size"
             " at byte 0, got 0"),
    ("~?>?", "graphgame: graph6_edges: byte 2 is 0x3e, not a graph6 character (63..126)"),
    ("~??@", "graphgame: graph6_edges: the 4-byte size header at byte 0 says 1 nodes: under 63"
             " must use the 1-byte header"),
    ("~~??????", "graphgame: graph6_edges: bytes 0-1 are an 8-byte size header: graphs over"
                 " 258047 nodes are too large"),
    (">>graph6<<", "graphgame: graph6_edges: empty string: expected the size byte at byte 10"),
    (7, "graphgame: graph6_edges: the argument must be a graph6 string, got 7"),
]


def test_malformed_strings_verbatim():
    db = gg.connect()
    for s, msg in ERRORS:
        try:
            edges_of(db, s)
        except sqlite3.Error as e:
            assert str(e) == msg, (s, str(e), msg)
        else:
            raise AssertionError("no error for %r" % (s,))
    try:
        db.execute("SELECT * FROM graph6_edges").fetchall()
    except sqlite3.Error as e:
        assert str(e) == "graphgame: graph6_edges needs an argument: graph6_edges(text)", str(e)


def test_labels_numbered_in_sqlite_order():
    """Node i of graph6() is the graph's i-th label in SQLite's order:
    integers ascending, then texts by bytes; so graph6_edges gives the
    graph back on 0..n-1 in that order."""
    rng = random.Random(66)
    db = gg.connect()
    pool = list(range(-4, 6)) + ["a", "B", "10", "2", "\u00e9", "x y", ""]
    for gid in range(1, 60):
        labels = rng.sample(pool, rng.randrange(2, len(pool)))
        rows = [(a, b) for i, a in enumerate(labels) for b in labels[i + 1:] if rng.random() < 0.4]
        rows.append((labels[0], labels[-1]))
        gg.store(db, gid, rows)
        nodes = gg.sqlite_order({x for r in rows for x in r})
        num = {x: i for i, x in enumerate(nodes)}
        s = db.execute("SELECT graph6(?)", (gid,)).fetchone()[0]
        assert s == encode(len(nodes), [(num[a], num[b]) for a, b in rows]), (rows, s)
    gg.store(db, 70, [("1", 1)])                 # '1' and 1: two nodes
    assert db.execute("SELECT graph6(70)").fetchone()[0] == encode(2, [(0, 1)])


def test_reading_errors_name_graph6():
    db = gg.connect()
    gg.store(db, 1, [(0, 1)])
    gg.store(db, 2, [(0, None)])
    for sql, msg in [
            ("SELECT graph6(9)", 'graphgame: graph6: graph 9 has no rows in table "edges"'),
            ("SELECT graph6(1, 'nope')", 'graphgame: graph6: no such table or view: "nope"'
             " (a WITH name cannot be read: use a view)"),
            ("SELECT graph6(2)", 'graphgame: graph6: graph 2 in table "edges": src and dst must'
             " be integer or text node labels, got src=0, dst=NULL")]:
        try:
            db.execute(sql).fetchall()
        except sqlite3.Error as e:
            assert str(e) == msg, (sql, str(e))
        else:
            raise AssertionError("no error: " + sql)
    assert db.execute("SELECT graph6(NULL), graph6(1, NULL)").fetchone() == (None, "A_")
