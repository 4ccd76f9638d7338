"""catmouse_play(): every line is legal, optimal by the brute force
(gg.catmouse_brute), ends where it should (a finished game, or the first
repeated position of a draw, marked by `repeats`), and follows the
`move` column of catmouse_states."""
import json
import random
import sqlite3

import gg

COLS = "ply, mover, from_node, to_node, mouse, cat, outcome, plies, repeats"


def play(db, gid, *args):
    """catmouse_play(gid, *args): args are the edge table and the rules."""
    q = "SELECT %s FROM catmouse_play(%s)" % (COLS, ", ".join("?" * (1 + len(args))))
    return [tuple(r) for r in db.execute(q, (gid,) + args)]


def rules(rows, **roles):
    """The rules JSON of a start: the given roles, plus the default roles
    the rows lack named as isolated nodes (the old phantom nodes)."""
    r = json.loads(gg.phantom_rules(rows))
    r.update(roles)
    return json.dumps(r)


def check_line(rows, m, c, line, brute, holes=(0,), directed=False, turn="mouse"):
    """Check one line from (m, c, turn) against the brute force."""
    adj = gg.adjacency(rows, (0, 1, 2, m, c) + tuple(holes), directed)
    pos = (m, c, turn)
    outcome, plies = brute[pos]
    seen = {pos: 0}
    if m in holes or m == c or plies == 0:
        assert line == [], (rows, holes, directed, pos, brute[pos], line)
        return
    for i, (ply, mover, frm, to, lm, lc, o, p, rep) in enumerate(line):
        assert ply == i + 1 and mover == pos[2]
        if mover == "mouse":
            assert frm == pos[0] and to in adj[frm]
            nxt = (to, pos[1], "cat")
        else:
            assert frm == pos[1] and to in adj[frm] and to not in holes
            nxt = (pos[0], to, "mouse")
        assert (lm, lc) == nxt[:2]
        assert (o, p) == brute[nxt], (rows, holes, directed, pos, nxt, (o, p), brute[nxt])
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
        line = play(db, gid, "edges", rules(rows))
        check_line(rows, 1, 2, line, brute)
        assert line == play(db, gid, "edges", rules(rows, mouse=1, cat=2, turn="mouse"))
        if rules(rows) == "{}":                 # 0, 1 and 2 are in the rows: the defaults do
            assert line == play(db, gid) == play(db, gid, "edges") \
                == play(db, gid, "edges", None) == play(db, gid, None, "{}")
        for _ in range(6):
            m, c = rng.choice(nodes), rng.choice([x for x in nodes if x != 0])
            check_line(rows, m, c, play(db, gid, "edges", rules(rows, mouse=m, cat=c)), brute)


def lines_on_any_labels(seed, max_holes, arcs):
    """Random text and integer labels, 1 to max_holes holes, arcs (if
    `arcs`), the cat moving first: every line checked against the brute
    force."""
    rng = random.Random(seed)
    db = gg.connect()
    for gid in range(120):
        n = rng.randint(3, 9)
        # ("12" and no 12: a text label that differs from a node only by type is an error)
        names = rng.sample([i - 3 for i in range(12)] + ["a", "B", "x y", "'q'", "12", "\u00e9"], n)
        rows = [(names[a], names[b]) for a, b in
                gg.random_edges(rng, n, rng.choice([0.2, 0.4, 0.7])) or [(0, 1)]]
        directed = arcs and rng.random() < 0.5
        holes = rng.sample(names, rng.randint(1, min(max_holes, n - 1)))
        m = rng.choice(names)
        c = rng.choice([x for x in names if x not in holes])
        turn = rng.choice(["mouse", "cat"])
        gg.store(db, gid, rows)
        r = {"hole": holes if len(holes) > 1 or rng.random() < 0.5 else holes[0],
             "mouse": m, "cat": c, "turn": turn, "directed": directed,
             "isolated": holes + [m, c]}                # those no row has
        brute = gg.catmouse_brute(rows, holes, directed, extra=(m, c))
        line = play(db, gid, "edges", json.dumps(r))
        check_line(rows, m, c, line, brute, holes, directed, turn)


def test_any_labels_and_first_movers():
    lines_on_any_labels(42, 1, False)


def test_several_holes_and_arcs():
    """Fails until the engine plays several holes (it uses the first node
    that is a hole) and arcs (a cat's move along an arc into the mouse's
    node is not seen)."""
    lines_on_any_labels(43, 3, True)


def test_line_follows_the_states_table():
    rng = random.Random(3)
    db = gg.connect()
    for gid in range(60):
        rows = gg.random_edges(rng, rng.randint(3, 12), 0.3) or [(0, 1)]
        gg.store(db, gid, rows)
        line = play(db, gid, "edges", rules(rows))
        m, c, t = 1, 2, "mouse"
        for r in line:
            mv = db.execute("SELECT move FROM catmouse_states(?, 'edges', ?) WHERE mouse = ?"
                            " AND cat = ? AND turn = ?", (gid, rules(rows), m, c, t)).fetchone()[0]
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
    assert play(db, 3, "edges", '{"hole": 0, "isolated": 0}') == [(1, "mouse", 1, 2, 2, 2, 2, 0, None)]
    gg.store(db, 4, [(0, 3), (3, 4)])                    # the mouse cannot move: over
    assert play(db, 4, "edges", '{"mouse": 1, "cat": 2, "isolated": [1, 2]}') == []
    # the cat moves first, and catches the mouse next to it
    assert play(db, 3, "edges", '{"hole": 0, "turn": "cat", "isolated": 0}') == \
        [(1, "cat", 2, 1, 1, 1, 2, 0, None)]
    # labels are reported as given, with their type: 1 and '1' are different nodes
    gg.store(db, 6, [("1", "0"), (1, "1"), (2, 1)])
    assert play(db, 6, "edges", '{"hole": "0", "mouse": "1", "cat": 2}') == \
        [(1, "mouse", "1", "0", "0", 2, 1, 0, None)]
    # labels are reported as given, any table name, negative labels
    gg.store(db, 5, [(1, -5), (-5, 10**12), (10**12, 0), (2, -5)], table="other edges")
    line = play(db, 5, "other edges")
    assert {r[3] for r in line} <= {1, 2, -5, 10**12, 0} and line, line
    check_line([(1, -5), (-5, 10**12), (10**12, 0), (2, -5)], 1, 2, line,
               gg.catmouse_brute([(1, -5), (-5, 10**12), (10**12, 0), (2, -5)]))


def test_errors():
    db = gg.connect()
    gg.store(db, 1, [(0, 1), (1, 2), (2, 3)])
    cases = [
        ("SELECT * FROM catmouse_play()",
         "graphgame: catmouse_play needs arguments: catmouse_play(graph_id [, edges [, rules]])"),
        # the old form (mouse and cat before the table) is gone: 3 is a table name now
        ("SELECT * FROM catmouse_play(1, 3)",
         "graphgame: catmouse_play: no such table or view: \"3\" (a WITH name cannot be read: use a view)"),
        ("SELECT * FROM catmouse_play(1, 3, 2)",
         "graphgame: catmouse_play: rules must be a JSON object (text), got 2"),
        ("SELECT * FROM catmouse_play(1, 'edges', '{\"mouse\": 3, \"cat\": 0}')",
         "graphgame: catmouse_play: the start mouse = 3, cat = 0 is not a position: the cat may not start on a hole"),
        ("SELECT * FROM catmouse_play(1, 'edges', '{\"mouse\": 3, \"cat\": 1.5}')",
         "graphgame: catmouse_play: rules: \"cat\" must be a node label (an integer or a string), got 1.5"),
        ("SELECT * FROM catmouse_play(1, 'edges', '{\"mouse\": null, \"cat\": 3}')",
         "graphgame: catmouse_play: rules: \"mouse\" must be a node label (an integer or a string), got null"),
        ("SELECT * FROM catmouse_play(1, 'edges', '{\"mouse\": 2, \"cat\": \"3\"}')",
         "graphgame: catmouse_play: the cat's start '3' is not a node of graph 1 in table \"edges\""
         " (the rows have 3, an integer: 1 and '1' are different nodes; store labels as integers,"
         " see sql/schema.sql, or CAST them)"),
        ("SELECT * FROM catmouse_play(1, 'edges', '{\"mouse\": 3, \"turn\": \"dog\"}')",
         "graphgame: catmouse_play: rules: \"turn\" must be \"mouse\" or \"cat\", got \"dog\""),
        ("SELECT * FROM catmouse_play(1, 'edges', '{\"mice\": 1}')",
         "graphgame: catmouse_play: rules: unknown key \"mice\" (known keys: hole, mouse, cat,"
         " turn, directed, isolated)"),
        ("SELECT * FROM catmouse_play(7)",
         "graphgame: catmouse_play: graph 7 has no rows in table \"edges\""),
        ("SELECT * FROM catmouse_play(1, 'nope')",
         "graphgame: catmouse_play: no such table or view: \"nope\" (a WITH name cannot be read: use a view)"),
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
        db.execute("SELECT * FROM catmouse_play(2, 'edges', '{\"mouse\": \"a\"}')").fetchall()
    except sqlite3.Error as e:
        assert e.sqlite_errorcode == sqlite3.SQLITE_TOOBIG and "over the limit of 10" in str(e)
    else:
        raise AssertionError("no error")


# ---- race_play -------------------------------------------------------------

RCOLS = "ply, mover, from_node, to_node, alice, bob, outcome, plies, repeats"


def race_play(db, gid, x, y, z, rules=None):
    return [tuple(r) for r in db.execute(
        "SELECT %s FROM race_play(?, ?, ?, ?, 'edges', ?)" % RCOLS, (gid, x, y, z, rules))]


def check_race_line(rows, x, y, z, line, brute):
    adj = gg.adjacency(rows)
    pos = (x, y, "alice")
    outcome, plies = brute[pos]
    seen = {pos: 0}
    if x == z or y == z:
        assert line == [], (rows, pos, line)
        return
    assert line, (rows, pos)
    for i, (ply, mover, frm, to, la, lb, o, p, rep) in enumerate(line):
        t = 0 if pos[2] == "alice" else 1
        assert ply == i + 1 and mover == pos[2]
        assert frm == pos[t]
        legal = dict(gg.race_moves(adj, z, pos[0], pos[1], t))
        assert to in legal, (rows, pos, to)
        nxt = legal[to]
        nxt = (nxt[0], nxt[1], ("alice", "bob")[nxt[2]])
        assert (la, lb) == nxt[:2]
        assert (o, p) == brute[nxt] and o == outcome, (rows, nxt)
        if outcome != 2:
            assert p == plies - ply
        last = i == len(line) - 1
        if nxt in seen:
            assert last and outcome == 2 and rep == seen[nxt], (rows, line)
        else:
            assert rep is None
            seen[nxt] = ply
        pos = nxt
    last = line[-1]
    if outcome != 2:
        assert last[7] == 0
    else:                       # a draw: both reached z together, or a repetition
        assert (last[4] == last[5] == z and last[1] == "bob") != (last[8] is not None), line


def test_race_random_graphs_and_starts():
    rng = random.Random(77)
    db = gg.connect()
    for gid in range(150):
        n = rng.randint(2, 9)
        rows = gg.random_edges(rng, n, rng.choice([0.2, 0.35, 0.6])) or [(0, 1)]
        gg.store(db, gid, rows)
        nodes = sorted(gg.adjacency(rows))
        for z in rng.sample(nodes, min(2, len(nodes))):
            brute = gg.race_brute(rows, z)
            for _ in range(5):
                x, y = rng.choice(nodes), rng.choice(nodes)
                check_race_line(rows, x, y, z, race_play(db, gid, x, y, z), brute)


def test_race_line_follows_the_states_table():
    rng = random.Random(78)
    db = gg.connect()
    for gid in range(40):
        rows = gg.random_edges(rng, rng.randint(2, 10), 0.3) or [(0, 1)]
        gg.store(db, gid, rows)
        nodes = sorted(gg.adjacency(rows))
        x, y, z = rng.choice(nodes), rng.choice(nodes), rng.choice(nodes)
        a, b, t = x, y, "alice"
        for r in race_play(db, gid, x, y, z):
            mv = db.execute("SELECT move FROM race_states(?, ?) WHERE alice = ? AND bob = ?"
                            " AND turn = ?", (gid, z, a, b, t)).fetchone()[0]
            assert r[3] == mv
            a, b, t = r[4], r[5], ("bob" if t == "alice" else "alice")
        start = db.execute("SELECT race_game(?, ?, ?, ?)", (gid, x, y, z)).fetchone()[0]
        line = race_play(db, gid, x, y, z)
        assert not line or line[0][6] == start


def test_race_errors():
    db = gg.connect()
    gg.store(db, 10, [(0, 3), (3, 4), (3, 5), (5, 6)])
    cases = [
        ("SELECT * FROM race_play(10, 4, 4)",
         "graphgame: race_play needs arguments: race_play(graph_id, x, y, z [, edges [, rules]])"),
        ("SELECT * FROM race_play(10)",
         "graphgame: race_play needs arguments: race_play(graph_id, x, y, z [, edges [, rules]])"),
        ("SELECT * FROM race_play(10, NULL, 4, 0)",
         "graphgame: race_play: x must be a node label (an integer or a text), got NULL"),
        ("SELECT * FROM race_play(10, 4, 4, 0.5)",
         "graphgame: race_play: z must be a node label (an integer or a text), got 0.5"),
        ("SELECT * FROM race_play(10, 4, '4', 0)",
         "graphgame: race_play: y '4' is not a node of graph 10 in table \"edges\" (the rows have 4,"
         " an integer: 1 and '1' are different nodes; store labels as integers, see"
         " sql/schema.sql, or CAST them)"),
        ("SELECT * FROM race_play(10, 4, 4, 0, 'edges', '{\"hole\": 1}')",
         "graphgame: race_play: rules: unknown key \"hole\" (known keys: directed, isolated)"),
        ("SELECT * FROM race_play(10, 4, 4, 0, 'edges', '{\"directed\": 1}')",
         "graphgame: race_play: rules: \"directed\" must be true or false, got 1"),
        ("SELECT * FROM race_play(11, 4, 4, 0)",
         "graphgame: race_play: graph 11 has no rows in table \"edges\""),
        ("SELECT * FROM race_play(10, 4, 4, 0, 'nope')",
         "graphgame: race_play: no such table or view: \"nope\" (a WITH name cannot be read: use a view)"),
    ]
    for sql, msg in cases:
        try:
            db.execute(sql).fetchall()
        except sqlite3.Error as e:
            assert str(e) == msg, (sql, str(e))
        else:
            raise AssertionError("no error for " + sql)
    assert db.execute("SELECT * FROM race_play(NULL, 4, 4, 0)").fetchall() == []
    assert race_play(db, 10, 0, 4, 0) == []            # a start on z is over
    # x, y or z that no row touches, declared isolated (a self-loop row adds
    # nothing to the race, where staying is always allowed: the brute force's
    # graph), and text labels are nodes too
    # graph 12: graph 10 with text labels
    name = {0: "z", 3: "c", 4: "d", 5: "e", 6: "f"}
    gg.store(db, 12, [(name[a], name[b]) for a, b in [(0, 3), (3, 4), (3, 5), (5, 6)]])
    for gid, x, y, z in [(10, 9, 4, 0), (10, 4, 9, 0), (10, 4, 4, 9), (10, 9, 9, 0),
                         (12, "d", "b", "z"), (12, "b", "f", "z"), (12, "d", "d", "b"),
                         (12, "d", "f", "e")]:
        rows = [(a, b) for a, b in db.execute("SELECT src, dst FROM edges WHERE graph_id = ?",
                                             (gid,))]
        rows += [(v, v) for v in (x, y, z)]
        brute = gg.race_brute(rows, z)
        iso = json.dumps({"isolated": [x, y, z]})
        check_race_line(rows, x, y, z, race_play(db, gid, x, y, z, rules=iso), brute)
        assert db.execute("SELECT race_game(?, ?, ?, ?, 'edges', ?)",
                          (gid, x, y, z, iso)).fetchone()[0] == brute[(x, y, "alice")][0], \
            (gid, x, y, z)
