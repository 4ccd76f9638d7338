"""catmouse_play(): every line is legal, optimal by the brute force
(gg.catmouse_brute), ends where it should (a finished game, or the first
repeated position of a draw, marked by `repeats`), and follows the
`move` column of catmouse_states."""
import random
import sqlite3

import gg

COLS = "ply, mover, from_node, to_node, mouse, cat, outcome, plies, repeats"


def play(db, gid, *args):
    q = "SELECT %s FROM catmouse_play(%s)" % (COLS, ", ".join("?" * (1 + len(args))))
    return [tuple(r) for r in db.execute(q, (gid,) + args)]


def check_line(rows, m, c, line, brute):
    """Check one line from (m, c, mouse to move) against the brute force."""
    adj = gg.adjacency(rows, (0, 1, 2))
    pos = (m, c, "mouse")
    outcome, plies = brute[pos]
    seen = {pos: 0}
    if m == 0 or m == c or plies == 0:
        assert line == [], (rows, pos, line)
        return
    for i, (ply, mover, frm, to, lm, lc, o, p, rep) in enumerate(line):
        assert ply == i + 1 and mover == pos[2]
        if mover == "mouse":
            assert frm == pos[0] and to in adj[frm]
            nxt = (to, pos[1], "cat")
        else:
            assert frm == pos[1] and to in adj[frm] and to != 0
            nxt = (pos[0], to, "mouse")
        assert (lm, lc) == nxt[:2]
        assert (o, p) == brute[nxt], (rows, nxt)
        assert o == outcome                      # optimal moves keep the value
        if outcome != 0:
            assert p == plies - ply              # the winner hurries, the loser delays
        last = i == len(line) - 1
        if nxt in seen:
            assert last and outcome == 0 and rep == seen[nxt], (rows, line)
        else:
            assert rep is None
            seen[nxt] = ply
        pos = nxt
    if outcome != 0:
        assert line[-1][7] == 0                  # ends with the game
    else:
        assert line and line[-1][8] is not None  # ends with a repetition


def test_random_graphs_and_starts():
    rng = random.Random(41)
    db = gg.connect()
    for gid in range(150):
        n = rng.randint(3, 10)
        rows = gg.random_edges(rng, n, rng.choice([0.2, 0.3, 0.5, 0.8])) or [(0, 1)]
        gg.store(db, gid, rows)
        brute = gg.catmouse_brute(rows)
        nodes = sorted(gg.adjacency(rows, (0, 1, 2)))
        check_line(rows, 1, 2, play(db, gid), brute)
        assert play(db, gid) == play(db, gid, 1, 2) == play(db, gid, None, None)
        for _ in range(6):
            m, c = rng.choice(nodes), rng.choice([x for x in nodes if x != 0])
            check_line(rows, m, c, play(db, gid, m, c), brute)


def test_line_follows_the_states_table():
    rng = random.Random(3)
    db = gg.connect()
    for gid in range(60):
        rows = gg.random_edges(rng, rng.randint(3, 12), 0.3) or [(0, 1)]
        gg.store(db, gid, rows)
        line = play(db, gid)
        m, c, t = 1, 2, "mouse"
        for r in line:
            mv = db.execute("SELECT move FROM catmouse_states(?) WHERE mouse = ? AND cat = ?"
                            " AND turn = ?", (gid, m, c, t)).fetchone()[0]
            assert r[3] == mv
            m, c, t = r[4], r[5], ("cat" if t == "mouse" else "mouse")


def test_hand_made_lines():
    db = gg.connect()
    gg.store(db, 1, [(0, 1), (0, 3), (2, 3)])            # LeetCode example 2: mouse wins
    assert play(db, 1) == [(1, "mouse", 1, 0, 0, 2, 1, 0, None)]
    gg.store(db, 2, [(1, 1), (2, 2), (0, 3)])            # both stay: a draw at once
    assert play(db, 2) == [(1, "mouse", 1, 1, 1, 2, 0, None, None),
                           (2, "cat", 2, 2, 1, 2, 0, None, 0)]
    gg.store(db, 3, [(2, 1)])                            # the cat next to the mouse
    assert play(db, 3) == [(1, "mouse", 1, 2, 2, 2, 2, 0, None)]
    gg.store(db, 4, [(0, 3), (3, 4)])                    # the mouse cannot move: over
    assert play(db, 4) == []
    # labels are reported as given, any table name, negative labels
    gg.store(db, 5, [(1, -5), (-5, 10**12), (10**12, 0), (2, -5)], table="other edges")
    line = play(db, 5, 1, 2, "other edges")
    assert {r[3] for r in line} <= {1, 2, -5, 10**12, 0} and line, line
    check_line([(1, -5), (-5, 10**12), (10**12, 0), (2, -5)], 1, 2, line,
               gg.catmouse_brute([(1, -5), (-5, 10**12), (10**12, 0), (2, -5)]))


def test_errors():
    db = gg.connect()
    gg.store(db, 1, [(0, 1), (1, 2), (2, 3)])
    cases = [
        ("SELECT * FROM catmouse_play()",
         "graphgame: catmouse_play needs arguments: catmouse_play(graph_id [, mouse, cat [, edges]])"),
        ("SELECT * FROM catmouse_play(1, 3)",
         "graphgame: catmouse_play: give both mouse and cat, or neither"),
        ("SELECT * FROM catmouse_play(1, NULL, 3)",
         "graphgame: catmouse_play: give both mouse and cat, or neither"),
        ("SELECT * FROM catmouse_play(1, 9, 3)",
         "graphgame: catmouse_play: mouse = 9 is not a node of graph 1 in table \"edges\""),
        ("SELECT * FROM catmouse_play(1, 3, -4)",
         "graphgame: catmouse_play: cat = -4 is not a node of graph 1 in table \"edges\""),
        ("SELECT * FROM catmouse_play(1, 3, 0)",
         "graphgame: catmouse_play: mouse = 3, cat = 0 is not a position: the cat may not be on the hole (node 0)"),
        ("SELECT * FROM catmouse_play(1, 'edges', 3)",
         "graphgame: catmouse_play: mouse must be an integer node label, got 'edges'"),
        ("SELECT * FROM catmouse_play(1, 3, 1.5)",
         "graphgame: catmouse_play: cat must be an integer node label, got 1.5"),
        ("SELECT * FROM catmouse_play(7)", "graphgame: graph 7 has no rows in table \"edges\""),
        ("SELECT * FROM catmouse_play(1, 1, 2, 'nope')", "graphgame: no such table or view: \"nope\""),
    ]
    for sql, msg in cases:
        try:
            db.execute(sql).fetchall()
        except sqlite3.Error as e:
            assert str(e) == msg, (sql, str(e))
        else:
            raise AssertionError("no error for " + sql)
    assert db.execute("SELECT * FROM catmouse_play(NULL)").fetchall() == []
    db.execute("SELECT graphgame_limit('max_positions', 10)")
    gg.store(db, 2, [(0, 1), (1, 2), (2, 4)])            # not in the cache
    try:
        db.execute("SELECT * FROM catmouse_play(2)").fetchall()
    except sqlite3.Error as e:
        assert e.sqlite_errorcode == sqlite3.SQLITE_TOOBIG and "over the limit of 10" in str(e)
    else:
        raise AssertionError("no error")
