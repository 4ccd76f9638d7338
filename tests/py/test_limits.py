"""Limits: graphgame_limit('max_positions') refuses solves that need more
positions with SQLITE_TOOBIG and a message that names them, exactly at
the boundary; sqlite3_hard_heap_limit64 (PRAGMA hard_heap_limit) is
respected: a solve that needs more memory fails with SQLITE_NOMEM and the
connection works afterwards."""
import ctypes
import ctypes.util
import random
import sqlite3

import gg

SQLITE_TOOBIG = 18
LEET1 = [(0, 2), (0, 5), (1, 3), (2, 4), (2, 5), (3, 4), (3, 5)]   # 6 nodes: 72 positions


def code_and_message(db, sql, args=()):
    try:
        db.execute(sql, args).fetchall()
    except sqlite3.Error as e:
        return getattr(e, "sqlite_errorcode", None), str(e)
    raise AssertionError("no error from " + sql)


def test_max_positions_boundary_and_message():
    db = gg.connect()
    gg.store(db, 1, LEET1)
    assert db.execute("SELECT graphgame_limit('max_positions')").fetchone()[0] == 1000000000
    assert db.execute("SELECT graphgame_limit('max_positions', 72)").fetchone()[0] == 1000000000
    assert db.execute("SELECT catmouse(1)").fetchone()[0] == 0                 # exactly 72: fine
    # every row read, and a 7th node that the rules declare: the exact count
    assert code_and_message(db, "SELECT catmouse(1, 'edges', ?)",
                            ('{"hole": "h", "isolated": "h"}',)) == \
        (SQLITE_TOOBIG, 'graphgame: catmouse: graph 1 in table "edges" has 7 nodes and needs 98'
         ' positions (2 turns x n mouse nodes x n cat nodes, n = 7; about 14 KB at the peak), over'
         ' the limit of 72'
         ' (see graphgame_limit)')
    db2 = gg.connect()                                                          # no cache there
    gg.store(db2, 1, LEET1)
    db2.execute("SELECT graphgame_limit('max_positions', 71)")
    # the rows are read until the limit is passed: the 6th node comes with
    # the second row, so the message says "at least"
    want = ('graphgame: %s: graph 1 in table "edges" has at least 6 nodes and needs at'
            ' least 72 positions (2 turns x n mouse nodes x n cat nodes, n = 6; at least 12 KB at the'
            ' peak), over the limit of 71 (see graphgame_limit)')
    for fn, sql in [("catmouse", "SELECT catmouse(1)"),
                    ("catmouse_states", "SELECT * FROM catmouse_states(1)"),
                    ("catmouse_states",
                     "SELECT * FROM catmouse_states(1) WHERE mouse = 1 AND cat = 2"),
                    ("catmouse_play", "SELECT * FROM catmouse_play(1)"),
                    ("catmouse_dot", "SELECT catmouse_dot(1, 2)"),
                    # a declared hole that no row touches would be a 7th node: still "at least"
                    ("catmouse", "SELECT catmouse(1, 'edges', '{\"hole\": \"h\","
                                 " \"isolated\": \"h\"}')")]:
        assert code_and_message(db2, sql) == (SQLITE_TOOBIG, want % fn), sql
    json1 = gg.adjacency_json(LEET1)
    assert code_and_message(db2, "SELECT catmouse_json(?)", (json1,)) == (SQLITE_TOOBIG,
        "graphgame: catmouse_json: the adjacency list has 6 nodes and needs 72 positions"
        " (2 turns x n mouse nodes x n cat nodes, n = 6; about 13 KB at the peak), over the limit"
        " of 71"
        " (see graphgame_limit)")
    assert db2.execute("SELECT graphgame_limit('max_positions', 72)").fetchone()[0] == 71
    assert db2.execute("SELECT catmouse(1), catmouse_json(?)", (json1,)).fetchone() == (0, 0)
    # the limit is per connection
    assert db.execute("SELECT graphgame_limit('max_positions')").fetchone()[0] == 72


def test_the_read_stops_one_node_past_the_largest_graph_that_fits():
    """The node bound of a table's read (call.c's callMaxNodes, from each
    game's own formula: gg_board_max_nodes, gg_cops_max_nodes) is the
    largest n whose positions fit the limit, counted here by brute force
    (for capture_time those of one cop, whatever its k: it counts its own
    once the graph is built): the rows of a long path are read until node
    n + 1 comes, and the message says so."""
    from math import comb
    rng = random.Random(28)
    db = gg.connect()
    gg.store(db, 1, [(i, i + 1) for i in range(400)])
    games = [("SELECT catmouse(1)", lambda n: 2 * n * n),
             ("SELECT count(*) FROM race_states(1, 2)", lambda n: 2 * n * n)]
    # capture_time reads as for one cop (bReadAsK1): it counts the positions
    # of its solve, on orbits or not, once the graph is built
    games += [("SELECT capture_time(1, %d)" % k, lambda n: 2 * n * comb(n, 1))
              for k in (1, 2, 3, 4)]
    checked = 0
    for sql, positions in games:
        for _ in range(30):
            limit = rng.choice([rng.randrange(8, 300), rng.randrange(300, 10 ** 6)])
            n = 1
            while positions(n + 1) <= limit:
                n += 1
            if n + 1 > 401 or positions(1) > limit:
                continue
            db.execute("SELECT graphgame_limit('max_positions', ?)", (limit,))
            code, msg = code_and_message(db, sql)
            assert code == SQLITE_TOOBIG and " has at least %d nodes " % (n + 1) in msg, \
                (sql, limit, n, msg)
            checked += 1
    assert checked > 100, checked


def test_limit_one_refuses_every_solve_but_keeps_answers_exact():
    db = gg.connect()
    rng = random.Random(3)
    rows = gg.random_edges(rng, 9, 0.3) or [(0, 1)]
    gg.store(db, 1, rows)
    rules = gg.phantom_rules(rows)
    db.execute("SELECT graphgame_limit('max_positions', 1)")
    code, msg = code_and_message(db, "SELECT catmouse(1, 'edges', ?)", (rules,))
    assert code == SQLITE_TOOBIG and "over the limit of 1 " in msg, msg
    db.execute("SELECT graphgame_limit('max_positions', 1000)")
    assert db.execute("SELECT catmouse(1, 'edges', ?)", (rules,)).fetchone()[0] == \
        gg.catmouse_brute(rows)[(1, 2, "mouse")][0]


def test_hard_heap_limit_is_respected():
    """A solve over the heap limit fails with SQLITE_NOMEM (Python raises
    MemoryError for it); afterwards, without the limit, the same
    connection solves the same graph correctly."""
    db = gg.connect()
    rng = random.Random(5)
    n = 2500                     # 1.25e7 positions: 15 MB or more at 1.2 bytes each
    rows = [(rng.randrange(n), rng.randrange(n)) for _ in range(3 * n)] + [(0, 1), (1, 2)]
    gg.store(db, 1, rows)
    small = [(0, 1), (0, 3), (2, 3)]
    gg.store(db, 2, small)
    # The PRAGMA can only lower the limit: set and lift it through the C
    # API of the libsqlite3 that the sqlite3 module uses (process-wide).
    lib = ctypes.CDLL(ctypes.util.find_library("sqlite3") or "libsqlite3.so.0")
    lib.sqlite3_hard_heap_limit64.restype = ctypes.c_int64
    lib.sqlite3_hard_heap_limit64.argtypes = [ctypes.c_int64]
    old = lib.sqlite3_hard_heap_limit64(-1)
    try:
        lib.sqlite3_hard_heap_limit64(8000000)
        assert db.execute("PRAGMA hard_heap_limit").fetchone()[0] == 8000000
        for sql in ["SELECT catmouse(1)", "SELECT count(*) FROM catmouse_states(1)"]:
            try:
                db.execute(sql).fetchall()
                raise AssertionError("no error under the heap limit: " + sql)
            except MemoryError:
                pass
        # small solves still work under the limit
        assert db.execute("SELECT catmouse(2)").fetchone()[0] == 1
    finally:
        lib.sqlite3_hard_heap_limit64(old)
    # the limit lifted, the same connection gives the right answer
    got = db.execute("SELECT catmouse(1)").fetchone()[0]
    ref = gg.connect()
    gg.store(ref, 1, rows)
    assert got == ref.execute("SELECT catmouse(1)").fetchone()[0]
    assert db.execute("SELECT count(*) FROM catmouse_states(1)").fetchone()[0] == \
        ref.execute("SELECT count(*) FROM catmouse_states(1)").fetchone()[0]


def test_out_of_memory_says_what_the_solve_needed():
    """Under a hard heap limit the solve fails with SQLITE_NOMEM and a
    message saying how much it needed and which limit stopped it (the CLI
    shows it; Python's MemoryError drops SQLite's message)."""
    import ecosystem as eco
    sql = (".load dist/graphgame\nPRAGMA hard_heap_limit=8000000;\n"
           "CREATE TABLE edges(graph_id, src, dst);\n"
           "INSERT INTO edges SELECT 1, src, dst FROM graph_random(2500, 0.0024, 5);\n"
           "SELECT catmouse(1);\n")
    p = eco.run([eco.SQLITE3, "-batch", ":memory:"], input=sql, cwd=eco.ROOT)
    want = ('graphgame: catmouse: solving graph 1 in table "edges" needs about 18 MB at its'
            " peak (12470018 positions), and an allocation failed (SQLite's hard heap limit"
            " is 7 MB, sqlite3_hard_heap_limit64())")
    assert want in p.stderr and "(7)" in p.stderr, p.stderr


def test_limit_that_no_solve_meets_is_an_error():
    """0 positions (or fewer) would refuse every solve: an error that says
    why, and the limit stays as it was."""
    db = gg.connect()
    for bad in ("0", "-5"):
        code, msg = code_and_message(db, "SELECT graphgame_limit('max_positions', %s)" % bad, ())
        assert msg == ("graphgame: graphgame_limit: max_positions must be a positive integer"
                       " (every solve has at least one position), got %s" % bad), msg
    assert db.execute("SELECT graphgame_limit('max_positions')").fetchone()[0] == 1000000000
