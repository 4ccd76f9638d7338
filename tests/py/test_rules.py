"""Your own graphs (issue 12): any labels, your own holes and starts, who
moves first, directed edges; checked for every position against the brute
force of gg.py, which is written apart from the engine and learns the
same rules.  Also the SQLite conventions that come with it: hidden
columns that read back, attached schemas, WITH names, the limit while
reading, and the cache after the limit is lowered."""
import json
import random
import sqlite3

import gg


def random_labels(rng, n):
    """n distinct labels, integers and texts mixed, some texts spelling
    numbers (so that 5 and '5' may both be nodes)."""
    out, seen = [], set()
    while len(out) < n:
        k = rng.random()
        if k < 0.4:
            x = rng.randint(-10**12, 10**12) if rng.random() < 0.3 else rng.randint(-5, 40)
        elif k < 0.6:
            x = str(rng.randint(0, 40))
        else:
            x = rng.choice(["Napoleon", "Valjean", "é", "a b", "x'y", "", "Z", "zz", "\u4e2d"]) \
                + str(rng.randint(0, 99))
        if x not in seen:
            seen.add(x)
            out.append(x)
    return out


def random_game(rng):
    """(rows, rules dict, holes, directed, mouse, cat, turn)."""
    n = rng.randint(2, 11)
    labels = random_labels(rng, n)
    rows = []
    for _ in range(rng.randint(1, 3 * n)):
        a, b = rng.choice(labels), rng.choice(labels)
        rows.append((a, b))
    rng.shuffle(rows)
    present = sorted({x for r in rows for x in r}, key=repr)
    twins = {str(x) for x in present if isinstance(x, int)} | \
        {int(x) for x in present if isinstance(x, str) and x.isdigit() and str(int(x)) == x}
    # named nodes may be isolated, but not a label whose other-typed twin is a
    # node (that is an error, asserted in test_errors.py)
    extra = [rng.randint(-9, 60), "lonely%d" % rng.randint(0, 9)]
    pool = present + [x for x in extra if x not in twins and x not in present]
    holes = rng.sample(pool, rng.randint(1, min(3, len(pool))))
    others = [x for x in pool if x not in holes] or ["the cat's own node"]
    mouse, cat = rng.choice(pool), rng.choice(others)
    directed = rng.random() < 0.5
    turn = rng.choice(["mouse", "cat"])
    rules = {"hole": holes if len(holes) > 1 or rng.random() < 0.5 else holes[0],
             "mouse": mouse, "cat": cat, "turn": turn, "directed": directed}
    iso = [x for x in holes + [mouse, cat] if x not in present]
    if iso:                       # declared isolated: else an error (test_lookups.py)
        rules["isolated"] = iso
    return rows, rules, holes, directed, mouse, cat, turn


def check_catmouse(db, gid, rows, rules, holes, directed, mouse, cat, turn):
    want = gg.catmouse_brute(rows, holes=holes, directed=directed, extra=(mouse, cat))
    rj = json.dumps(rules)
    got = {(m, c, t): (o, p, mv) for m, c, t, o, p, mv in db.execute(
        "SELECT mouse, cat, turn, outcome, plies, move FROM catmouse_states(?, 'edges', ?)",
        (gid, rj))}
    assert set(got) == set(want), (rows, rules)
    adj = gg.adjacency(rows, tuple(holes) + (mouse, cat), directed)
    for (m, c, t), (o, p, mv) in got.items():
        assert (o, p) == want[(m, c, t)], (rows, rules, (m, c, t), (o, p), want[(m, c, t)])
        if m in holes or m == c or p == 0:
            assert mv is None, (rows, rules, (m, c, t), mv)
            continue
        mover = m if t == "mouse" else c
        assert mv in adj[mover] and not (t == "cat" and mv in holes), (rows, rules, (m, c, t))
        child = (mv, c, "cat") if t == "mouse" else (m, mv, "mouse")
        co, cp = want[child]
        assert co == o and (o == 0 or cp == p - 1), (rows, rules, (m, c, t), mv)
    start = db.execute("SELECT catmouse(?, 'edges', ?)", (gid, rj)).fetchone()[0]
    assert start == want[(mouse, cat, turn)][0], (rows, rules)
    line = db.execute("SELECT mover, from_node, to_node, mouse, cat FROM catmouse_play(?, 'edges', ?)",
                      (gid, rj)).fetchall()
    if line:
        assert line[0][0] == turn and line[0][1] == (mouse if turn == "mouse" else cat), line
    else:
        assert want[(mouse, cat, turn)][1] == 0, (rows, rules)


def test_random_labels_roles_holes_and_directions_every_position():
    rng = random.Random(1212)
    db = gg.connect()
    db.execute("CREATE TABLE edges(graph_id, src, dst)")
    for gid in range(250):
        game = random_game(rng)
        rows, rules, holes, directed, mouse, cat, turn = game
        if cat in holes:
            continue
        db.executemany("INSERT INTO edges VALUES (?,?,?)", [(gid, a, b) for a, b in rows])
        check_catmouse(db, gid, *game)


def test_labels_come_back_with_their_type():
    db = gg.connect()
    db.execute("CREATE TABLE edges(graph_id, src, dst)")
    db.executemany("INSERT INTO edges VALUES (1,?,?)", [(0, "1"), ("1", 1), (1, 2), (2, "2")])
    got = db.execute("SELECT DISTINCT mouse, typeof(mouse) FROM catmouse_states(1) ORDER BY 1").fetchall()
    # SQLite's order: integers first, then texts; the text '1' is not 1
    assert got == [(0, "integer"), (1, "integer"), (2, "integer"), ("1", "text"), ("2", "text")], got
    assert db.execute("SELECT count(*) FROM catmouse_states(1) WHERE mouse = '1'").fetchone()[0] == 2 * 4
    assert db.execute("SELECT count(*) FROM catmouse_states(1) WHERE mouse = 1").fetchone()[0] == 2 * 4


def test_race_with_text_labels_and_isolated_named_nodes():
    """race_game and race_states on text labels, with x, y or z that no
    row touches (isolated nodes, declared in the rules), against the race
    brute force."""
    rng = random.Random(6963)
    db = gg.connect()
    db.execute("CREATE TABLE edges(graph_id, src, dst)")
    for gid in range(60):
        labels = random_labels(rng, rng.randint(2, 7))
        rows = [(rng.choice(labels), rng.choice(labels)) for _ in range(rng.randint(1, 10))]
        db.executemany("INSERT INTO edges VALUES (?,?,?)", [(gid, a, b) for a, b in rows])
        pool = labels + ["lonely"]
        pool = [p for p in pool if not (isinstance(p, str) and p.isdigit() and int(p) in labels)
                and not (isinstance(p, int) and str(p) in labels)]
        x, y, z = rng.choice(pool), rng.choice(pool), rng.choice(pool)
        # the brute force on integer names (its order of moves needs one
        # type); isolated named nodes as self-loops: staying is allowed anyway
        name = {v: i for i, v in enumerate(gg.sqlite_order(set(labels) | {x, y, z}))}
        adj = gg.adjacency(rows, (x, y, z))
        want = gg.race_brute([(name[a], name[b]) for a, b in rows]
                             + [(name[v], name[v]) for v in (x, y, z)], name[z])
        want = {(x, y, "alice"): want[(name[x], name[y], "alice")]}
        present = {v for r in rows for v in r}
        iso = json.dumps({"isolated": [v for v in (x, y, z) if v not in present]})
        got = db.execute("SELECT race_game(?, ?, ?, ?, 'edges', ?)",
                         (gid, x, y, z, iso)).fetchone()[0]
        assert got == want[(x, y, "alice")][0], (rows, x, y, z)
        n = db.execute("SELECT count(*) FROM race_states(?, ?, 'edges', ?)",
                       (gid, z, iso)).fetchone()[0]
        # the declared nodes are nodes of the graph: z, and x and y when no row has them
        assert n == 2 * len(gg.adjacency(rows, (x, y, z))) ** 2, (rows, x, y, z)


def test_hidden_columns_read_back_the_arguments():
    db = gg.connect()
    db.execute("CREATE TABLE edges(graph_id, src, dst)")
    db.executemany("INSERT INTO edges VALUES (?,?,?)", [(7, 0, 1), (7, 1, 2), (7, 2, 3), (8, 'a', 'b')])
    r = '{"hole": 3}'
    rows = db.execute("SELECT DISTINCT graph_id, edges, rules FROM catmouse_states"
                      " WHERE graph_id = 7 AND edges = 'edges' AND rules = ?", (r,)).fetchall()
    assert rows == [(7, "edges", r)], rows
    rows = db.execute("SELECT DISTINCT graph_id, z, edges, rules FROM race_states(8, 'b')").fetchall()
    assert rows == [(8, "b", None, None)], rows
    rows = db.execute("SELECT DISTINCT graph_id, x, y, z FROM race_play(7, 0, 1, 3)").fetchall()
    assert rows == [(7, 0, 1, 3)], rows
    rows = db.execute("SELECT DISTINCT n FROM graph_path(4)").fetchall()
    assert rows == [(4,)], rows
    # joins on graph_id through the hidden column
    db.execute("CREATE TABLE g(id, hole)")
    db.executemany("INSERT INTO g VALUES (?,?)", [(7, 0), (7, 3)])
    got = db.execute("SELECT g.hole, count(*) FROM g JOIN catmouse_states s ON s.graph_id = g.id"
                     " AND s.rules = json_object('hole', g.hole) WHERE s.outcome = 1"
                     " GROUP BY g.hole ORDER BY g.hole").fetchall()
    want = [(h, sum(1 for v in gg.catmouse_brute([(0, 1), (1, 2), (2, 3)], holes=(h,)).values()
                    if v[0] == 1)) for h in (0, 3)]
    assert got == want, (got, want)


def test_attached_schema_temp_shadow_and_with_names():
    db = gg.connect()
    db.execute("ATTACH ':memory:' AS aux")
    db.execute("CREATE TABLE aux.edges(graph_id, src, dst)")
    db.executemany("INSERT INTO aux.edges VALUES (1,?,?)", [(0, 1), (1, 2)])
    db.execute("CREATE TABLE main.edges(graph_id, src, dst)")
    db.executemany("INSERT INTO main.edges VALUES (1,?,?)", [(0, 2), (2, 1)])
    assert db.execute("SELECT catmouse(1, 'aux.edges')").fetchone()[0] == 1     # 1 next to the hole
    assert db.execute("SELECT catmouse(1, 'main.edges')").fetchone()[0] == 2
    assert db.execute("SELECT catmouse(1)").fetchone()[0] == 2
    db.execute("CREATE TEMP TABLE edges(graph_id, src, dst)")
    db.executemany("INSERT INTO temp.edges VALUES (1,?,?)", [(0, 1), (2, 3)])
    assert db.execute("SELECT catmouse(1)").fetchone()[0] == 1    # the temp table shadows main
    try:
        db.execute("WITH w(graph_id, src, dst) AS (VALUES (1, 0, 1)) SELECT catmouse(1, 'w')").fetchall()
    except sqlite3.Error as e:
        assert str(e) == ('graphgame: catmouse: no such table or view: "w" (a WITH name cannot'
                          ' be read: use a view)'), str(e)
    else:
        raise AssertionError("a WITH name was read")
    try:
        db.execute("SELECT catmouse(1, 'nodb.edges')").fetchall()
    except sqlite3.Error as e:
        assert str(e).startswith('graphgame: catmouse: no such table or view: "nodb.edges"'), str(e)
    else:
        raise AssertionError("no error for an unknown schema")


def test_a_view_with_endless_rows_stops_at_the_limit():
    db = gg.connect()
    db.execute("CREATE VIEW endless(graph_id, src, dst) AS WITH RECURSIVE r(i) AS"
               " (SELECT 0 UNION ALL SELECT i + 1 FROM r) SELECT 1, i, i + 1 FROM r")
    db.execute("SELECT graphgame_limit('max_positions', 20000)")
    try:
        db.execute("SELECT catmouse(1, 'endless')").fetchall()
    except sqlite3.Error as e:
        assert str(e) == ('graphgame: catmouse: graph 1 in table "endless" has at least 101 nodes'
                          ' and needs at least 20402 positions (2 turns x n mouse nodes x n cat'
                          ' nodes, n = 101; at least 152 KB at the peak), over the limit of 20000 (see graphgame_limit)'), str(e)
        assert e.sqlite_errorname == "SQLITE_TOOBIG", e.sqlite_errorname
    else:
        raise AssertionError("endless rows were read to the end")


def test_lowering_the_limit_evicts_cached_games():
    db = gg.connect()
    db.execute("CREATE TABLE edges(graph_id, src, dst)")
    db.executemany("INSERT INTO edges VALUES (1,?,?)", [(i, i + 1) for i in range(20)])
    assert db.execute("SELECT catmouse(1)").fetchone()[0] in (0, 1, 2)     # 882 positions, cached
    db.execute("SELECT graphgame_limit('max_positions', 100)")
    try:
        db.execute("SELECT catmouse(1)").fetchall()
    except sqlite3.Error as e:
        assert "over the limit of 100" in str(e), str(e)
    else:
        raise AssertionError("the cached game answered past the lowered limit")


def test_csv_into_untyped_columns_gets_a_hint():
    db = gg.connect()
    db.execute("CREATE TABLE edges(graph_id, src, dst)")       # as .import makes it: all text
    db.executemany("INSERT INTO edges VALUES ('1',?,?)", [("0", "1"), ("1", "2")])
    try:
        db.execute("SELECT catmouse('1')").fetchall()
    except sqlite3.Error as e:
        assert str(e) == ("graphgame: catmouse: the hole is node 0 by default, but no row of"
                          " graph '1' in table \"edges\" mentions node 0 (the rows have '0', a"
                          " text: 1 and '1' are different nodes; store labels as integers, see"
                          " sql/schema.sql, or CAST them); name it in the rules, e.g."
                          " '{\"hole\": \"0\"}'"), str(e)
    else:
        raise AssertionError("no error")
    # the same rows through CAST, or with the labels named as texts
    db.execute("CREATE VIEW typed AS SELECT CAST(graph_id AS INTEGER) AS graph_id,"
               " CAST(src AS INTEGER) AS src, CAST(dst AS INTEGER) AS dst FROM edges")
    a = db.execute("SELECT catmouse(1, 'typed')").fetchone()[0]
    b = db.execute("SELECT catmouse('1', 'edges', '{\"hole\": \"0\", \"mouse\": \"1\","
                   " \"cat\": \"2\"}')").fetchone()[0]
    assert a == b == gg.catmouse_brute([(0, 1), (1, 2)])[(1, 2, "mouse")][0]


def test_race_on_directed_graphs_every_position():
    """race_states with {"directed": true} against the brute force on
    random directed graphs, every position, and race_game and race_play
    agreeing with it (the engine's own check of directed graphs runs
    outside SQL, tests/engine/race_check.c)."""
    rng = random.Random(66)
    db = gg.connect()
    db.execute("CREATE TABLE edges(graph_id, src, dst)")
    rules = '{"directed": true}'
    for gid in range(80):
        n = rng.randint(2, 8)
        rows = [(rng.randrange(n), rng.randrange(n)) for _ in range(rng.randint(1, 3 * n))]
        db.executemany("INSERT INTO edges VALUES (?,?,?)", [(gid, a, b) for a, b in rows])
        z = rng.choice([a for r in rows for a in r])
        want = gg.race_brute(rows, z, directed=True)
        got = {(a, b, t): (o, p) for a, b, t, o, p in db.execute(
            "SELECT alice, bob, turn, outcome, plies FROM race_states(?, ?, 'edges', ?)",
            (gid, z, rules))}
        assert got == {k: v for k, v in want.items()}, (rows, z)
        x, y = rng.choice(list(got))[:2]
        assert db.execute("SELECT race_game(?, ?, ?, ?, 'edges', ?)", (gid, x, y, z, rules)
                          ).fetchone()[0] == want[(x, y, "alice")][0], (rows, x, y, z)
        line = db.execute("SELECT plies FROM race_play(?, ?, ?, ?, 'edges', ?)",
                          (gid, x, y, z, rules)).fetchall()
        if want[(x, y, "alice")][1] is not None and line:
            assert line[-1][0] == 0, (rows, x, y, z, line)


def test_rules_that_change_from_row_to_row():
    """A scalar call keeps its parsed rules as the statement's auxdata
    (call.c), so a census parses a constant rules text once.  Rules that
    come from a column change from row to row: each row gets its own
    answer, the same as the call alone, for each game."""
    db = gg.connect()
    rng = random.Random(913)
    rules = ['{"lazy": true}', None, '{"distance": 1}', '{}', '{"lazy": false}', '{"lazy": true}']
    db.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, g TEXT, r TEXT, adj TEXT, cm TEXT)")
    for i in range(60):
        n = rng.randrange(4, 9)
        rows = gg.random_edges(rng, n, 0.5, loops=0, repeats=0)
        adj = gg.adjacency_json(rows)
        n = len(json.loads(adj))
        hole = rng.randrange(n)
        cm = '{"hole": %d, "mouse": %d, "cat": %d}' % (hole, (hole + 1) % n, (hole + 2) % n)
        db.execute("INSERT INTO t VALUES (?, NULL, ?, ?, ?)", (i, rng.choice(rules), adj, cm))
    got = db.execute("SELECT id, cop_number(adj, 'json', r), capture_time(adj, 1, 'json', r),"
                     " catmouse(adj, 'json', cm) FROM t ORDER BY id").fetchall()
    for i, c, t, m in got:
        adj, r, cm = db.execute("SELECT adj, r, cm FROM t WHERE id = ?", (i,)).fetchone()
        alone = db.execute("SELECT cop_number(?, 'json', ?), capture_time(?, 1, 'json', ?),"
                           " catmouse(?, 'json', ?)", (adj, r, adj, r, adj, cm)).fetchone()
        assert (c, t, m) == alone, (i, r, cm, (c, t, m), alone)
    # one constant text for every row: the same answers as above, row by row
    for r in set(rules) - {None}:
        want = [db.execute("SELECT cop_number(adj, 'json', ?) FROM t WHERE id = ?", (r, i)).fetchone()[0]
                for i in range(60)]
        assert [x for (x,) in db.execute("SELECT cop_number(adj, 'json', '%s') FROM t ORDER BY id"
                                         % r)] == want, r


def test_kept_rules_are_checked_for_each_kind_of_source():
    """Constant rules are checked once (call.c), but a digraph6 value forces
    "directed", which "surround" does not combine with: a row of digraph6
    after a row of graph6 under the same rules text still gets the error."""
    db = gg.connect()
    db.execute("CREATE TABLE t(i INTEGER PRIMARY KEY, g TEXT, e TEXT)")
    db.execute("INSERT INTO t VALUES (1, 'Bw', 'graph6'), (2, '&B_o', 'digraph6')")
    q = "SELECT cop_number(g, e, '{\"surround\": true}') FROM t ORDER BY i"
    assert db.execute(q + " LIMIT 1").fetchall() == [(2,)]      # K3 on graph6 alone: fine
    try:
        db.execute(q).fetchall()
        raise AssertionError("no error for surround on a digraph6 value")
    except sqlite3.OperationalError as e:
        assert str(e) == ('graphgame: cop_number: rules: "directed" and "surround" do not combine'
                          ' (no published game plays both)'), e
