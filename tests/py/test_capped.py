"""catmouse_bounded(): the capped memoised search, against the Python
copy of the same search (gg.catmouse_capped) for many caps, against the
exact solver (it must be wrong exactly where the forced win is too
long), on the known counterexamples, and with caps that are huge or too
big for the limit."""
import json
import os
import random
import sqlite3

import gg

DATA = os.path.join(gg.ROOT, "tests", "data")


def start(db, gid, rules=None):
    return db.execute("SELECT outcome, plies FROM catmouse_states(?, 'edges', ?) WHERE mouse = 1"
                      " AND cat = 2 AND turn = 'mouse'", (gid, rules)).fetchone()


def bounded(db, gid, cap, rules=None):
    return db.execute("SELECT catmouse_bounded(?, ?, 'edges', ?)", (gid, cap, rules)).fetchone()[0]


def exact(db, gid, rules=None, table="edges"):
    return db.execute("SELECT catmouse(?, ?, ?)", (gid, table, rules)).fetchone()[0]


def test_matches_python_capped_search():
    rng = random.Random(5)
    db = gg.connect()
    for gid in range(250):
        n = rng.randint(3, 11)
        rows = gg.random_edges(rng, n, rng.choice([0.15, 0.25, 0.4, 0.7])) or [(0, 1)]
        gg.store(db, gid, rows)
        rules = gg.phantom_rules(rows)      # 0, 1 and 2 are nodes, as in catmouse_capped
        nn = len(gg.adjacency(rows, (0, 1, 2)))
        for cap in sorted({0, 1, 2, 3, 5, nn, 2 * nn, 3 * nn, rng.randint(0, 4 * nn)}):
            assert bounded(db, gid, cap, rules) == gg.catmouse_capped(rows, cap), (rows, cap)
        assert bounded(db, gid, None, rules) == gg.catmouse_capped(rows), rows


def test_wrong_exactly_when_the_win_is_long():
    """capped(K) = the exact outcome if the exact game is a draw or a win in
    fewer than K plies, else a draw."""
    rng = random.Random(6)
    db = gg.connect()
    for gid in range(200):
        n = rng.randint(3, 14)
        rows = gg.random_edges(rng, n, rng.choice([0.15, 0.25, 0.4])) or [(0, 1)]
        gg.store(db, gid, rows)
        rules = gg.phantom_rules(rows)
        outcome, plies = start(db, gid, rules)
        for cap in (0, 1, 2, 4, 7, 10, 16, 25, 40):
            want = outcome if outcome == 0 or plies < cap else 0
            assert bounded(db, gid, cap, rules) == want, (rows, cap, outcome, plies)


def test_known_counterexamples_disagree_with_catmouse():
    cases = json.load(open(os.path.join(DATA, "capped_counterexamples.json")))
    db = gg.connect()
    for gid, adj in enumerate(cases):
        rows = [(i, j) for i, lst in enumerate(adj) for j in lst]
        gg.store(db, gid, rows)
        rules = gg.phantom_rules(rows)
        want = exact(db, gid, rules)
        capped = bounded(db, gid, None, rules)
        assert capped == gg.catmouse_capped(rows), adj
        assert capped != want, adj
        assert want == gg.catmouse_brute(rows)[(1, 2, "mouse")][0]
        # a cap past the length of the forced win gives the exact answer
        plies = start(db, gid, rules)[1]
        assert bounded(db, gid, plies, rules) == 0 and bounded(db, gid, plies + 1, rules) == want


def test_huge_caps_do_not_overflow_the_stack():
    """The search is iterative: a drawn graph drives it to the full depth."""
    db = gg.connect()
    gg.store(db, 1, [(1, 1), (2, 2), (0, 3)])          # both stay forever: a draw
    assert bounded(db, 1, 3_000_000) == 0
    gg.store(db, 2, [(1, 3), (3, 4), (4, 1), (2, 4), (2, 3), (0, 5)])   # cat chases, draw?
    assert bounded(db, 2, 1_000_000) == db.execute("SELECT catmouse(2)").fetchone()[0]
    gg.store(db, 3, [(0, 2), (0, 5), (1, 3), (1, 4), (2, 5), (3, 4), (3, 5)])
    assert bounded(db, 3, 2_000_000) == db.execute("SELECT catmouse(3)").fetchone()[0]


def test_errors():
    db = gg.connect()
    gg.store(db, 1, [(0, 1), (1, 2), (2, 3)])
    cases = [
        ("SELECT catmouse_bounded(1, -1)",
         "graphgame: catmouse_bounded: max_plies must be a non-negative integer or NULL, got -1"),
        ("SELECT catmouse_bounded(1, 2.5)",
         "graphgame: catmouse_bounded: max_plies must be a non-negative integer or NULL, got 2.5"),
        ("SELECT catmouse_bounded(1, '8')",
         "graphgame: catmouse_bounded: max_plies must be a non-negative integer or NULL, got '8'"),
        ("SELECT catmouse_bounded(9, 8)",
         "graphgame: catmouse_bounded: graph 9 has no rows in table \"edges\""),
        ("SELECT catmouse_bounded(1, 8, 'nope')",
         "graphgame: catmouse_bounded: no such table or view: \"nope\""
         " (a WITH name cannot be read: use a view)"),
        ("SELECT catmouse_bounded(1, 9223372036854775807)",
         "graphgame: catmouse_bounded: max_plies = 9223372036854775807 on graph 1 in table"
         " \"edges\" (4 nodes) needs more than 2^64 positions, over the limit of 1000000000"
         " (see graphgame_limit)"),
    ]
    for sql, msg in cases:
        try:
            db.execute(sql).fetchone()
        except sqlite3.Error as e:
            assert str(e) == msg, (sql, str(e))
        else:
            raise AssertionError("no error for " + sql)
    db.execute("SELECT graphgame_limit('max_positions', 864)")
    assert bounded(db, 1, 10) == 1             # 10 * 16 = 160 positions + 64 * 11 for the stack
    try:
        bounded(db, 1, 11)
    except sqlite3.Error as e:
        assert str(e) == ("graphgame: catmouse_bounded: max_plies = 11 on graph 1 in table"
                          " \"edges\" (4 nodes) needs 176 positions of memo and a stack of 11"
                          " plies (counted as 944 positions), over the limit of 864"
                          " (see graphgame_limit)"), str(e)
        assert e.sqlite_errorcode == sqlite3.SQLITE_TOOBIG
    else:
        raise AssertionError("no error")
    assert db.execute("SELECT catmouse_bounded(NULL, 5)").fetchone()[0] is None


def test_interrupt_stops_a_long_search():
    """A drawn chase on the 10-cube (hole cut off: an isolated node 0 that
    the rules declare): the search visits every (ply, mouse, cat) up to
    the cap; sqlite3_interrupt() stops it."""
    import threading
    db = gg.connect()
    rows = []
    for x in range(1024):
        for k in range(10):
            if not x & (1 << k):
                rows.append((x, x | (1 << k)))
    lab = lambda v: 1 if v == 0 else 2 if v == 1023 else v + 3
    gg.store(db, 1, [(lab(a), lab(b)) for a, b in rows])
    rules = '{"hole": 0, "isolated": [0]}'
    timer = threading.Timer(0.3, db.interrupt)
    timer.start()
    try:
        bounded(db, 1, 250, rules)
    except sqlite3.Error as e:
        assert str(e) == ("graphgame: catmouse_bounded: interrupted while searching"
                          " graph 1 in table \"edges\""), str(e)
        assert e.sqlite_errorcode == sqlite3.SQLITE_INTERRUPT
    else:
        raise AssertionError("not interrupted")
    finally:
        timer.cancel()
    assert bounded(db, 1, 3, rules) == 0   # the connection still works


def test_cap_of_all_positions_is_exact():
    """A forced win never repeats a position: cap 2n^2 always agrees."""
    rng = random.Random(9)
    db = gg.connect()
    for gid in range(80):
        rows = gg.random_edges(rng, rng.randint(3, 12), rng.choice([0.15, 0.3])) or [(0, 1)]
        gg.store(db, gid, rows)
        rules = gg.phantom_rules(rows)
        n = len(gg.adjacency(rows, (0, 1, 2)))
        assert bounded(db, gid, 2 * n * n, rules) == exact(db, gid, rules)
    cases = json.load(open(os.path.join(DATA, "capped_counterexamples.json")))
    for i, adj in enumerate(cases):
        rows = [(a, b) for a, lst in enumerate(adj) for b in lst]
        gg.store(db, i, rows, table="cx")
        rules = gg.phantom_rules(rows)
        want = exact(db, i, rules, "cx")
        assert db.execute("SELECT catmouse_bounded(?, ?, 'cx', ?)",
                          (i, 2 * len(adj) ** 2, rules)).fetchone()[0] == want


def test_rules_any_labels_holes_arcs_and_first_movers():
    """With the rules: text and integer labels, 1 to 3 holes, arcs, the cat
    moving first.  capped(K) is the brute force's outcome when that is a
    draw or a win in fewer than K plies, else a draw."""
    rng = random.Random(12)
    db = gg.connect()
    for gid in range(150):
        n = rng.randint(3, 9)
        # ("12" and no 12: a text label that differs from a node only by type is an error)
        names = rng.sample([i - 3 for i in range(12)] + ["a", "B", "x y", "'q'", "12", "\u00e9"], n)
        rows = [(names[a], names[b]) for a, b in
                gg.random_edges(rng, n, rng.choice([0.2, 0.4, 0.7])) or [(0, 1)]]
        directed = rng.random() < 0.5
        holes = rng.sample(names, rng.randint(1, min(3, n - 1)))
        m = rng.choice(names)
        c = rng.choice([x for x in names if x not in holes])
        turn = rng.choice(["mouse", "cat"])
        gg.store(db, gid, rows)
        rules = json.dumps({"hole": holes if len(holes) > 1 or rng.random() < 0.5 else holes[0],
                            "mouse": m, "cat": c, "turn": turn, "directed": directed,
                            "isolated": holes + [m, c]})     # those no row has
        outcome, plies = gg.catmouse_brute(rows, holes, directed, extra=(m, c))[(m, c, turn)]
        for cap in (0, 1, 2, 3, 5, 8, 13, 2 * n * n):
            want = outcome if outcome == 0 or plies < cap else 0
            assert bounded(db, gid, cap, rules) == want, (rows, rules, cap, outcome, plies)
