"""Hostile input: every call gets the right answer (checked against the
brute force of gg.py or against plain SQL) or a clear error, asserted
verbatim, and no call changes the database file (its bytes are hashed
before and after).

Covers: table names with quotes, semicolons and `--`; labels of +-2^63;
a million repeated edge rows; NULLs; text where numbers belong; graph ids
that are text, real or blob; views that fail while they are read."""
import hashlib
import os
import sqlite3
import tempfile

import gg

LEET1 = [(0, 2), (0, 5), (1, 3), (2, 4), (2, 5), (3, 4), (3, 5)]   # a draw
LEET2 = [(0, 1), (0, 3), (2, 3)]                                   # mouse wins
NAMES = ['we"ird;--', "a'b", 'x; DROP TABLE edges; --', "]", "[x]", "`",
         "sp ace", "\u00e9dges \u2603", '"', "''", "--", "/*"]


class Db:
    """A database file with the extension loaded; `same()` says whether
    its bytes are those of the last `mark()`."""

    def __init__(self):
        self.dir = tempfile.TemporaryDirectory()
        self.path = os.path.join(self.dir.name, "h.db")
        self.db = gg.connect(self.path)

    def digest(self):
        with open(self.path, "rb") as f:
            return hashlib.sha256(f.read()).hexdigest()

    def mark(self):
        self.hash = self.digest()
        self.changes = self.db.total_changes

    def same(self):
        return self.digest() == self.hash and self.db.total_changes == self.changes

    def close(self):
        self.db.close()
        self.dir.cleanup()


def error_of(db, sql, args=()):
    """The error message of sql (AssertionError if it succeeds)."""
    try:
        rows = db.execute(sql, args).fetchall()
    except sqlite3.Error as e:
        return str(e)
    raise AssertionError("no error from %s %r: %r" % (sql, args, rows))


def states(db, gid, table="edges"):
    return {(m, c, t): (o, p, mv) for m, c, t, o, p, mv in db.execute(
        "SELECT mouse, cat, turn, outcome, plies, move FROM catmouse_states(?, ?)",
        (gid, table))}


def brute_states(rows):
    """The brute force's answer in the layout of states(), moves aside."""
    return {k: v for k, v in gg.catmouse_brute(rows).items()}


def check_exact(db, gid, rows, table="edges"):
    got = states(db, gid, table)
    want = brute_states(rows)
    assert {k: v[:2] for k, v in got.items()} == want, (table, rows)
    assert db.execute("SELECT catmouse(?, ?)", (gid, table)).fetchone()[0] == \
        want[(1, 2, "mouse")][0]
    return got


def test_table_names_with_quotes_semicolons_and_comments():
    h = Db()
    try:
        db = h.db
        gg.store(db, 1, LEET1)
        for name in NAMES:
            gg.store(db, 1, LEET1, table=name.replace('"', '""'))
        h.mark()
        for name in NAMES:
            real = db.execute("SELECT name FROM sqlite_schema WHERE name = ?",
                              (name,)).fetchone()
            assert real, name
            assert db.execute("SELECT catmouse(1, ?)", (name,)).fetchone()[0] == 0, name
            assert db.execute("SELECT count(*) FROM catmouse_states(1, ?)",
                              (name,)).fetchone()[0] == 60, name
        # names that would break out of quoting name no table at all
        for name, shown in [('edges" WHERE 0; --', '"edges"" WHERE 0; --"'),
                            ("edges; DROP TABLE edges", '"edges; DROP TABLE edges"'),
                            ("temp.edges", '"temp.edges"'),
                            ("nope.edges", '"nope.edges"'),
                            ("", '""')]:
            for fn, sql in [("catmouse", "SELECT catmouse(1, ?)"),
                            ("catmouse_states", "SELECT * FROM catmouse_states(1, ?)")]:
                assert error_of(db, sql, (name,)) == "graphgame: %s: no such table or view: %s" \
                    " (a WITH name cannot be read: use a view)" % (fn, shown), name
        # a schema name before the table: main.edges is the table edges
        assert db.execute("SELECT catmouse(1, 'main.edges')").fetchone()[0] == 0
        assert db.execute("SELECT count(*) FROM catmouse_states(1, 'main.edges')").fetchone()[0] == 60
        assert h.same()
        assert db.execute("SELECT count(*) FROM edges").fetchone()[0] == len(LEET1)
    finally:
        h.close()


def test_labels_at_both_ends_of_64_bits():
    lo, hi = -2**63, 2**63 - 1
    graphs = [
        [(1, lo), (lo, hi), (hi, 0), (2, lo)],
        [(1, hi), (hi, 2), (lo, 0), (lo, 1), (hi, hi)],
        [(lo, hi), (1, 0), (2, lo), (lo, lo), (hi, 1)],
    ]
    h = Db()
    try:
        db = h.db
        for gid, rows in enumerate(graphs):
            gg.store(db, gid, rows)
        h.mark()
        for gid, rows in enumerate(graphs):
            got = check_exact(db, gid, rows)
            assert {m for m, _, _ in got} >= {lo, hi}
            for (m, c, t), (o, p, mv) in got.items():
                if mv is not None:
                    assert mv in gg.adjacency(rows)[m if t == "mouse" else c]
            # equality constraints on the extreme labels pick the rows
            n = db.execute("SELECT count(*) FROM catmouse_states(?) WHERE mouse = ? AND cat = ?",
                           (gid, lo, hi)).fetchone()[0]
            assert n == 2, n
        assert h.same()
    finally:
        h.close()


def test_a_million_repeated_edge_rows():
    h = Db()
    try:
        db = h.db
        gg.store(db, 2, LEET2)
        db.execute("""INSERT INTO edges
            WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 333334)
            SELECT 7, CASE WHEN i % 2 THEN src ELSE dst END, CASE WHEN i % 2 THEN dst ELSE src END
              FROM c, (SELECT src, dst FROM edges WHERE graph_id = 2)""")
        assert db.execute("SELECT count(*) FROM edges WHERE graph_id = 7").fetchone()[0] >= 1000000
        h.mark()
        assert states(db, 7) == states(db, 2)
        assert db.execute("SELECT catmouse(7)").fetchone()[0] == 1
        assert h.same()
    finally:
        h.close()


def test_nulls():
    h = Db()
    try:
        db = h.db
        gg.store(db, 1, LEET1)
        db.execute("CREATE TABLE nulls(graph_id, src, dst)")
        db.executemany("INSERT INTO nulls VALUES (?,?,?)",
                       [(1, 0, 1), (1, None, 2), (2, 0, None), (None, 0, 1), (3, 0, 1)])
        h.mark()
        one = db.execute
        assert one("SELECT quote(catmouse(NULL)), quote(catmouse(NULL, 'nope'))").fetchone() == ("NULL", "NULL")
        assert one("SELECT count(*) FROM catmouse_states(NULL)").fetchone()[0] == 0
        assert one("SELECT catmouse(1, NULL)").fetchone()[0] == 0          # NULL table: edges
        assert one("SELECT count(*) FROM catmouse_states(1, NULL)").fetchone()[0] == 60
        assert one("SELECT quote(catmouse_json(NULL))").fetchone()[0] == "NULL"
        assert error_of(db, "SELECT catmouse(1, 'nulls')") == \
            'graphgame: catmouse: graph 1 in table "nulls": src and dst must be integer or text' \
            ' node labels, got src=NULL, dst=2'
        assert error_of(db, "SELECT * FROM catmouse_states(2, 'nulls')") == \
            'graphgame: catmouse_states: graph 2 in table "nulls": src and dst must be integer or' \
            ' text node labels, got src=0, dst=NULL'
        # rows with a NULL graph_id belong to no graph (NULL = x is never true):
        # graph 3 is its one row (0, 1), and the cat's node 2 is declared
        assert one("SELECT catmouse(3, 'nulls', '{\"cat\": 2, \"isolated\": 2}')").fetchone()[0] == \
            gg.catmouse_brute([(0, 1)])[(1, 2, "mouse")][0]
        assert {tuple(r[:3]): tuple(r[3:]) for r in one(
            "SELECT mouse, cat, turn, outcome, plies FROM catmouse_states(3, 'nulls')")} == \
            gg.catmouse_brute([(0, 1)], extra=())
        assert error_of(db, "SELECT graphgame_limit(NULL)") == \
            "graphgame: graphgame_limit: unknown limit NULL (known: 'max_positions', 'max_certificate_rows')"
        assert error_of(db, "SELECT graphgame_limit('max_positions', NULL)") == \
            "graphgame: graphgame_limit: max_positions must be a positive integer (every solve has at least one position), got NULL"
        assert one("SELECT count(*) FROM catmouse_states(1) WHERE mouse = NULL").fetchone()[0] == 0
        assert h.same()
    finally:
        h.close()


def test_text_where_numbers_belong():
    h = Db()
    try:
        db = h.db
        gg.store(db, 1, LEET1)
        db.execute("CREATE TABLE typed(graph_id INTEGER, src INTEGER, dst INTEGER)")
        db.execute("CREATE TABLE untyped(graph_id, src, dst)")
        for t in ("typed", "untyped"):
            db.executemany("INSERT INTO %s VALUES (?,?,?)" % t,
                           [(1, str(a), str(b)) for a, b in LEET2] + [(2, "x", 1), (3, "7", 1.5)])
        h.mark()
        # an INTEGER column turns '3' into 3, as SQLite does for every use
        assert db.execute("SELECT catmouse(1, 'typed')").fetchone()[0] == 1
        # an untyped column keeps '0': a text label, another node than 0; the
        # message says so, and how to name the roles
        assert error_of(db, "SELECT catmouse(1, 'untyped')") == \
            "graphgame: catmouse: the hole is node 0 by default, but no row of graph 1 in table" \
            " \"untyped\" mentions node 0 (the rows have '0', a text: 1 and '1' are different" \
            " nodes; store labels as integers, see sql/schema.sql, or CAST them); name it in the" \
            " rules, e.g. '{\"hole\": \"0\"}'"
        # ... and with the roles named as texts, the answer is that of the typed table
        assert db.execute("SELECT catmouse(1, 'untyped', ?)",
                          ('{"hole": "0", "mouse": "1", "cat": "2"}',)).fetchone()[0] == 1
        # text labels are nodes: 'x' is one, and the default hole 0 is missing
        assert error_of(db, "SELECT catmouse(2, 'typed')") == \
            "graphgame: catmouse: the hole is node 0 by default, but no row of graph 2 in table" \
            " \"typed\" mentions node 0; name it in the rules, e.g. '{\"hole\": \"x\"}'"
        assert db.execute("SELECT catmouse(2, 'typed', ?)",
                          ('{"hole": "x", "mouse": 1, "cat": 2, "isolated": [2]}',)).fetchone()[0] == \
            gg.catmouse_brute([("x", 1)], holes=("x",), extra=(1, 2))[(1, 2, "mouse")][0]
        assert error_of(db, "SELECT catmouse(3, 'typed')") == \
            "graphgame: catmouse: graph 3 in table \"typed\": src and dst must be integer or text" \
            " node labels, got src=7, dst=1.5"
        assert error_of(db, "SELECT graphgame_limit('max_positions', '100')") == \
            "graphgame: graphgame_limit: max_positions must be a positive integer (every solve has at least one position), got '100'"
        assert error_of(db, "SELECT graphgame_limit('max_positions', 1e9)") == \
            "graphgame: graphgame_limit: max_positions must be a positive integer (every solve has at least one position), got 1000000000.0"
        assert error_of(db, "SELECT graphgame_limit(7)") == \
            "graphgame: graphgame_limit: unknown limit 7 (known: 'max_positions', 'max_certificate_rows')"
        assert error_of(db, "SELECT catmouse_json(12)") == \
            "graphgame: catmouse_json: expected '[' at offset 0, found '1'"
        assert error_of(db, "SELECT catmouse_json(x'5b5d00')") == \
            "graphgame: catmouse_json: expected end of input at offset 2, found byte 0x00"
        assert error_of(db, "SELECT catmouse_json('[[\u00e9]]')") == \
            "graphgame: catmouse_json: expected a node number at offset 2, found byte 0xc3"
        # constraints on the states table compare as SQL compares an
        # INTEGER column: '1' and 1.0 mean node 1, '1x' and 1.5 nothing
        whole = db.execute("SELECT mouse, cat, turn FROM catmouse_states(1) LIMIT -1").fetchall()
        for v in ["1", 1.0, "1x", 1.5, " 1", b"1", "0x1", 2**63 * 1.0]:
            got = db.execute("SELECT count(*) FROM catmouse_states(1) WHERE mouse = ?",
                             (v,)).fetchone()[0]
            want = db.execute("SELECT count(*) FROM (SELECT mouse FROM catmouse_states(1)"
                              " LIMIT -1) WHERE mouse = ?", (v,)).fetchone()[0]
            assert got == want, (v, got, want)
        assert len(whole) == 60
        assert db.execute("SELECT count(*) FROM catmouse_states(1) WHERE turn = 0").fetchone()[0] == 0
        assert h.same()
    finally:
        h.close()


def test_graph_ids_of_every_type():
    """An id matches the rows SQL's `graph_id = ?` matches, in a typed and
    an untyped table; otherwise the error names the id as an SQL literal."""
    h = Db()
    try:
        db = h.db
        db.execute("CREATE TABLE typed(graph_id INTEGER, src INTEGER, dst INTEGER)")
        db.execute("CREATE TABLE untyped(graph_id, src, dst)")
        for t in ("typed", "untyped"):
            db.executemany("INSERT INTO %s VALUES (?,?,?)" % t, [(1, a, b) for a, b in LEET1])
            db.executemany("INSERT INTO %s VALUES (?,?,?)" % t, [("g", a, b) for a, b in LEET2])
            db.executemany("INSERT INTO %s VALUES (?,?,?)" % t, [(2.5, a, b) for a, b in LEET2])
            db.executemany("INSERT INTO %s VALUES (?,?,?)" % t, [(b"\x00\x01", a, b) for a, b in LEET2])
        h.mark()
        shown = {1: "1", "1": "'1'", 1.0: "1.0", "g": "'g'", 2.5: "2.5", b"\x00\x01": "X'0001'",
                 b"1": "X'31'", "it's": "'it''s'", 2**63 - 1: "9223372036854775807",
                 -2**63: "-9223372036854775808", 1e300: "1.0e+300"}
        for t in ("typed", "untyped"):
            for v, lit in shown.items():
                n = db.execute("SELECT count(*) FROM %s WHERE graph_id = ?" % t, (v,)).fetchone()[0]
                if n:
                    rows = [tuple(r) for r in db.execute(
                        "SELECT src, dst FROM %s WHERE graph_id = ?" % t, (v,))]
                    want = gg.catmouse_brute(rows)[(1, 2, "mouse")][0]
                    assert db.execute("SELECT catmouse(?, ?)", (v, t)).fetchone()[0] == want, (t, v)
                    assert db.execute("SELECT count(*) FROM catmouse_states(?, ?)",
                                      (v, t)).fetchone()[0] == len(gg.catmouse_brute(rows)), (t, v)
                else:
                    msg = 'graphgame: %s: graph %s has no rows in table "%s"'
                    # the id of the other type that spells the same, if it has rows
                    twin = str(v) if isinstance(v, int) else int(v) if isinstance(v, str) \
                        and v.lstrip("-").isdigit() and str(int(v)) == v else None
                    if twin is not None and db.execute(
                            "SELECT count(*) FROM %s WHERE graph_id = ?" % t, (twin,)).fetchone()[0]:
                        msg += (" (it has rows of graph %s, %s: 1 and '1' are different graph"
                                " ids; store graph ids as integers, see sql/schema.sql, or CAST"
                                " them)" % ("'%s'" % twin if isinstance(twin, str) else twin,
                                            "a text" if isinstance(twin, str)
                                            else "an integer")).replace("%", "%%")
                    assert error_of(db, "SELECT catmouse(?, ?)", (v, t)) == \
                        msg % ("catmouse", lit, t)
                    assert error_of(db, "SELECT * FROM catmouse_states(?, ?)", (v, t)) == \
                        msg % ("catmouse_states", lit, t)
        assert h.same()
    finally:
        h.close()


def test_views_that_fail_while_read():
    h = Db()
    try:
        db = h.db
        gg.store(db, 1, LEET1)
        db.executescript("""
            CREATE VIEW badjson(graph_id, src, dst) AS
              SELECT graph_id, src, CASE WHEN dst = 5 THEN json('x') ELSE dst END FROM edges;
            CREATE VIEW overflow(graph_id, src, dst) AS
              SELECT graph_id, src, CASE WHEN src = 3 THEN abs(-9223372036854775808) ELSE dst END
                FROM edges;
            CREATE TABLE gone(graph_id, src, dst);
            CREATE VIEW dangling(graph_id, src, dst) AS SELECT * FROM gone;
            DROP TABLE gone;
            CREATE VIEW twocols(graph_id, src) AS SELECT graph_id, src FROM edges;
            CREATE VIEW toobig(graph_id, src, dst) AS
              SELECT graph_id, src, CASE WHEN src = 2 THEN zeroblob(2000000000) ELSE dst END FROM edges;
        """)
        h.mark()
        cases = [
            ("badjson", 'graphgame: %s: reading table "badjson": malformed JSON'),
            ("overflow", 'graphgame: %s: reading table "overflow": integer overflow'),
            ("dangling", 'graphgame: %s: cannot read table "dangling": no such table: main.gone'),
            ("twocols", 'graphgame: %s: table "twocols" has no column dst'),
            # fails: SQLITE_TOOBIG from the view is taken for the position
            # limit's, and the call ends with "out of memory"
            ("toobig", 'graphgame: %s: reading table "toobig": string or blob too big'),
        ]
        for view, msg in cases:
            assert error_of(db, "SELECT catmouse(1, ?)", (view,)) == msg % "catmouse", view
            assert error_of(db, "SELECT count(*) FROM catmouse_states(1, ?)", (view,)) == \
                msg % "catmouse_states", view
            # the connection still works
            assert db.execute("SELECT catmouse(1)").fetchone()[0] == 0
        assert h.same()
    finally:
        h.close()


def test_read_only_connection_answers():
    """Nothing is ever written: everything works on a read-only database."""
    h = Db()
    try:
        gg.store(h.db, 1, LEET1)
        h.mark()
        ro = sqlite3.connect("file:%s?mode=ro" % h.path, uri=True, isolation_level=None)
        ro.enable_load_extension(True)
        ro.load_extension(gg.EXT)
        assert ro.execute("SELECT catmouse(1), catmouse_json('[[1,3],[0],[3],[0,2]]'),"
                          " (SELECT count(*) FROM catmouse_states(1))").fetchone() == (0, 1, 60)
        ro.close()
        assert h.same()
    finally:
        h.close()
