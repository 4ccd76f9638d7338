"""The constraints that catmouse_states and race_states test inside the
table (states.c): `player <> v`, and outcome and plies compared with a
value (=, <>, <, <=, >, >=).  Rows that fail them are never produced, so
each is checked here against the unfiltered rows filtered in Python, and
against SQLite's own test of the same constraint (the + operator hides it
from the table), on random graphs, every position, values of every type.
Also: the small-graph path (at most 64 nodes, integer labels) gives the
rows of the general path, in the same order."""
import random

import gg

COLS = ("mouse", "cat", "turn", "outcome", "plies", "move")
OPS = ("=", "<>", "<", "<=", ">", ">=")
# values of every type: integers, reals (integral or not), NULL, texts
# that SQLite's numeric affinity turns into numbers (or not), a blob
VALUES = (-1, 0, 1, 2, 3, 5, 16, 10 ** 18, 2.5, 3.0, None, "3", "2.5", "1e1", "abc", "",
          b"\x01")


def plan(db, sql, args=()):
    return " ".join(r[-1] for r in db.execute("EXPLAIN QUERY PLAN " + sql, args))


def as_number(v):
    """v as SQLite compares it with an INTEGER column: a number, or None
    for a value above every number (a text that is not one, a blob)."""
    if isinstance(v, str):
        try:
            return float(v)
        except ValueError:
            return None
    if isinstance(v, bytes):
        return None
    return v


def passes(x, op, v):
    """Python's `x op v` for an integer column value x (None: NULL)."""
    if x is None or v is None:
        return False
    n = as_number(v)
    if n is None:                   # a text or a blob: above every number
        return op in ("<>", "<", "<=")
    return {"=": x == n, "<>": x != n, "<": x < n, "<=": x <= n, ">": x > n, ">=": x >= n}[op]


def label_ne(label, v):
    """`player <> v` as the table tests it, which is SQLite's for these
    values: a label equals only a value of its own type (an integral real
    equals the integer)."""
    if v is None:
        return False
    if isinstance(label, int) and isinstance(v, (int, float)):
        return label != v
    return label != v if type(label) is type(v) else True


def rows_of(db, where="", args=(), src="catmouse_states(1, 'edges', ?)", rules='{"hole": 0}'):
    sql = "SELECT %s FROM %s%s" % (", ".join(COLS), src, " WHERE " + where if where else "")
    return db.execute(sql, (rules,) + tuple(args)).fetchall()


def sqlite_rows(db, where, args, rules):
    """The rows as SQLite filters them itself: the constraint is on a
    subquery's columns (which keep the table's affinities), and the LIMIT
    keeps SQLite from pushing it down into the table."""
    sql = ("SELECT * FROM (SELECT %s FROM catmouse_states(1, 'edges', ?) LIMIT -1) WHERE %s"
           % (", ".join(COLS), where))
    return db.execute(sql, (rules,) + tuple(args)).fetchall()


def check_graph(db, rules, rng):
    full = rows_of(db, rules=rules)
    assert full
    for col in ("outcome", "plies"):
        i = COLS.index(col)
        for op in OPS:
            for v in VALUES:
                got = rows_of(db, "%s %s ?" % (col, op), (v,), rules=rules)
                want = [r for r in full if passes(r[i], op, v)]
                assert got == want, (rules, col, op, v)
                # SQLite's own test of the same constraint, on the column of a
                # subquery that the LIMIT keeps the constraint out of
                assert got == sqlite_rows(db, "%s %s ?" % (col, op), (v,), rules), (col, op, v)
    labels = sorted({r[0] for r in full}, key=lambda x: (isinstance(x, str), x))
    for col in ("mouse", "cat"):
        i = COLS.index(col)
        for v in list(labels) + [-7, 1.0, 2.5, None, "x", "0"]:
            got = rows_of(db, "%s <> ?" % col, (v,), rules=rules)
            assert got == [r for r in full if label_ne(r[i], v)], (rules, col, v)
            assert got == sqlite_rows(db, "%s <> ?" % col, (v,), rules), (col, v)
    for _ in range(30):                 # several at once, with pins
        m, c = rng.choice(labels), rng.choice(labels)
        lo, hi = rng.randrange(-1, 6), rng.randrange(0, 12)
        where = "mouse <> ? AND cat <> ? AND plies >= ? AND plies < ? AND outcome <> 0 AND turn = ?"
        args = (m, c, lo, hi, rng.choice(("mouse", "cat")))
        got = rows_of(db, where, args, rules=rules)
        want = [r for r in full if label_ne(r[0], m) and label_ne(r[1], c) and passes(r[4], ">=", lo)
                and passes(r[4], "<", hi) and r[3] != 0 and r[2] == args[4]]
        assert got == want, (rules, args)


def test_constraints_reach_the_table():
    """outcome <> 0, plies >= ? and mouse <> h.h are passed to xFilter
    (listed in idxStr, two letters each), mouse <> cat is not (SQLite
    passes no constraint between two columns of the table)."""
    db = gg.connect()
    gg.store(db, 1, [(0, 1), (1, 2), (2, 3)])
    db.execute("CREATE TABLE h(h INTEGER)")
    db.execute("INSERT INTO h VALUES (0), (1)")
    sql = ("SELECT count(*) FROM h, catmouse_states(1, 'edges', json_object('hole', h.h)) s "
           "WHERE s.outcome <> 0 AND s.plies >= ? AND s.mouse <> h.h AND s.mouse <> s.cat")
    p = plan(db, sql, (2,))
    assert "VIRTUAL TABLE INDEX 56:" in p and "d!" in p and "e}" in p and "a!" in p, p
    got = db.execute(sql, (2,)).fetchone()[0]
    want = db.execute(sql.replace("s.outcome", "+s.outcome").replace("s.plies", "+s.plies")
                      .replace("s.mouse <> h.h", "+s.mouse <> h.h"), (2,)).fetchone()[0]
    assert got == want and got > 0
    for where in ("plies IS NULL AND mouse < 3", "outcome IN (1, 2)"):
        p = plan(db, "SELECT * FROM catmouse_states(1) WHERE " + where)
        assert "INDEX 8:" in p and "INDEX 8:d" not in p and "INDEX 8:a" not in p, p  # SQLite's
        got = db.execute("SELECT * FROM catmouse_states(1) WHERE " + where).fetchall()
        assert got == db.execute("SELECT * FROM (SELECT * FROM catmouse_states(1) LIMIT -1) WHERE "
                                 + where).fetchall()


def test_filtered_rows_equal_rows_filtered_in_python():
    """Random graphs, every position: each constraint, with values of every
    type, gives exactly the unfiltered rows that pass it, in their order;
    small graphs (the small path), a text-labelled one and one of 70
    nodes (the general path)."""
    rng = random.Random(21)
    db = gg.connect()
    graphs = []
    for gid in range(1, 7):
        n = rng.randrange(3, 9)
        graphs.append((gid, gg.random_edges(rng, n, rng.choice((0.3, 0.5))) + [(0, 1)], n))
    text = [("n%d" % a, "n%d" % b) for a, b in gg.random_edges(rng, 6, 0.5)] + [("n0", "n1")]
    graphs.append((7, text, 0))
    graphs.append((8, [(i, i + 1) for i in range(69)] + [(0, 5), (3, 40)], 70))
    for gid, rows, n in graphs:
        db.execute("DELETE FROM edges") if gid > 1 else None
        gg.store(db, 1, rows)
        hole = "n0" if gid == 7 else rng.randrange(max(n, 1))
        holes = [hole] if gid != 3 else [hole, (hole + 1) % n]
        check_graph(db, '{"hole": %s, "isolated": %s}' % ((str(holes).replace("'", '"'),) * 2),
                    rng)


def test_race_states_constraints():
    """race_states (no small path) tests the same constraints."""
    rng = random.Random(8)
    db = gg.connect()
    gg.store(db, 1, gg.random_edges(rng, 6, 0.4) + [(0, 1)])
    full = db.execute("SELECT * FROM race_states(1, 0)").fetchall()
    for op in OPS:
        for v in (0, 1, 3, 2.5, None, "2", "x"):
            got = db.execute("SELECT * FROM race_states(1, 0) WHERE plies %s ?" % op, (v,)).fetchall()
            assert got == [r for r in full if passes(r[4], op, v)], (op, v)
            got = db.execute("SELECT * FROM race_states(1, 0) WHERE outcome %s ?" % op, (v,)).fetchall()
            assert got == [r for r in full if passes(r[3], op, v)], (op, v)
    for v in (0, 1, 2, 9, None):
        got = db.execute("SELECT * FROM race_states(1, 0) WHERE alice <> ?", (v,)).fetchall()
        assert got == [r for r in full if label_ne(r[0], v)], v


def test_small_path_rows_equal_the_general_path():
    """The same graph with integer labels (read into bit rows, solved into
    the cursor's block) and with text labels of the same order (the general
    path, cached): the same rows, moves and rowids, in the same order; and
    the small path's rows agree with the brute force on every position,
    with labels that are not 0..n-1 and not in order of first appearance."""
    rng = random.Random(3)
    db = gg.connect()
    db.execute("CREATE TABLE edges(graph_id, src, dst)")
    for trial in range(8):
        n = rng.randrange(3, 10)
        rows = gg.random_edges(rng, n, 0.45) + [(0, 1)]
        db.execute("DELETE FROM edges")
        gg.store(db, 1, rows)
        gg.store(db, 2, [(str(a), str(b)) for a, b in rows])
        hole = rng.randrange(n)
        sql = "SELECT rowid, %s FROM catmouse_states(?, 'edges', ?)" % ", ".join(COLS)
        a = db.execute(sql, (1, '{"hole": %d, "isolated": %d}' % (hole, hole))).fetchall()
        b = db.execute(sql, (2, '{"hole": "%d", "isolated": "%d"}' % (hole, hole))).fetchall()
        back = [tuple(int(x) if i in (1, 2, 6) and x is not None else x for i, x in enumerate(r))
                for r in b]
        assert a == back, trial
        # labels scattered and large: the small path sorts them
        perm = rng.sample(range(-50, 1000), n)
        lab = [(perm[x], perm[y]) for x, y in rows]
        db.execute("DELETE FROM edges WHERE graph_id = 3")
        gg.store(db, 3, lab)
        got = db.execute("SELECT mouse, cat, turn, outcome, plies FROM catmouse_states(3, 'edges', ?)",
                         ('{"hole": %d, "isolated": %d}' % (perm[hole], perm[hole]),)).fetchall()
        want = gg.catmouse_brute(lab, holes=(perm[hole],), extra=())
        assert {(m, c, t): (o, p) for m, c, t, o, p in got} == want, trial
        order = [(m, c) for m, c, t, o, p in got if t == "mouse"]
        assert order == sorted(order), trial


def test_cops_states_constraints():
    """cops_states is the same generic table on configurations: `robber <>
    v`, outcome and plies compared with a value are tested inside it and
    give the unfiltered rows that pass them, in order; `cops = v` and
    `cops <> v` are the table's too (v a JSON array of labels in any order:
    tests/py/test_cops_lookup.py), its other comparisons are left to
    SQLite; on the column's own text every one gives the rows of SQLite's
    own test of them; the rowid is the position's key + 1."""
    rng = random.Random(12)
    db = gg.connect()
    gg.store(db, 1, gg.random_edges(rng, 6, 0.45) + [(0, 1), (2, 3)])
    for k in (1, 2):
        q = "SELECT * FROM cops_states(1, %d)" % k
        full = db.execute(q).fetchall()
        assert len(full) == 2 * 6 * (6 if k == 1 else 21)
        for col, i in (("plies", 4), ("outcome", 3)):
            for op in OPS:
                for v in (0, 1, 3, 2.5, None, "2", "x"):
                    got = db.execute(q + " WHERE %s %s ?" % (col, op), (v,)).fetchall()
                    assert got == [r for r in full if passes(r[i], op, v)], (k, col, op, v)
        for v in (0, 3, 5, 9, None, "1", 2.0):
            got = db.execute(q + " WHERE robber <> ?", (v,)).fetchall()
            assert got == [r for r in full if label_ne(r[1], v)], (k, v)
        p = plan(db, q + " WHERE robber <> 1 AND plies > 0 AND cops <> '[0]'")
        assert "b!" in p and "e>" in p and "a!" in p, p
        conf = full[len(full) // 2][0]
        for op in ("=", "<>", "<", ">="):
            got = db.execute(q + " WHERE cops %s ?" % op, (conf,)).fetchall()
            want = db.execute("SELECT * FROM (%s LIMIT -1) WHERE cops %s ?" % (q, op), (conf,)).fetchall()
            assert got == want and (op != "=" or len(got) == 12), (k, op)
        n = 6
        confs = []
        for r in full:
            if r[0] not in confs:
                confs.append(r[0])
        nodes = sorted({r[1] for r in full})
        for rowid, c, rob, t in db.execute("SELECT rowid, cops, robber, turn FROM cops_states(1, ?)", (k,)):
            assert rowid == (confs.index(c) * n + nodes.index(rob)) * 2 + (t == "robber") + 1
