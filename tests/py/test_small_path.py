"""The scalar functions' fast path for small graphs (issue 14; small.c,
gg_cm_small_outcome in catmouse_small.c, the masks of cops_small.c).

catmouse(), cop_number() and capture_time() read a graph of at most 64
integer-labelled nodes straight into bit rows and solve only what they
return; anything else takes the general path.  Every answer here is
checked three ways: against the brute forces of gg.py, and against the
same call on the same graph with text labels (a view that casts them),
which the fast path never takes.  The graphs: random ones with loops,
repeats, large and negative labels (the hash of small.c, not only its
direct slots), several holes, named isolated nodes, both turns,
directed rows; and the edges of the path: 64 nodes (fast) and 65
(general).  Errors must be those of the general path, word for word.
"""
import json
import random
import sqlite3

import gg

# labels: small (direct slots), big and negative (hashed), mixed
LABELINGS = (
    lambda v: v,
    lambda v: v * 1000003 + 10**12,
    lambda v: -v - 7 if v % 2 else v,
)


def answer(db, sql, args=()):
    try:
        return db.execute(sql, args).fetchone()[0]
    except sqlite3.Error as e:
        return "error: " + str(e)


def setup():
    db = gg.connect()
    db.execute("CREATE TABLE edges(graph_id, src, dst)")
    db.execute("CREATE INDEX edges_graph ON edges(graph_id, src, dst)")
    db.execute("CREATE VIEW tedges AS SELECT graph_id, CAST(src AS TEXT) AS src,"
               " CAST(dst AS TEXT) AS dst FROM edges")
    return db


def text_rules(rules):
    """The same rules with every label as text (for the view tedges)."""
    out = {}
    for k, v in rules.items():
        if k in ("turn", "directed", "lazy"):
            out[k] = v
        elif isinstance(v, list):
            out[k] = [str(x) for x in v]
        else:
            out[k] = str(v)
    return out


def test_catmouse_every_start_against_brute_force_and_the_general_path():
    rng = random.Random(1414)
    db = setup()
    checked = 0
    for gid in range(1, 161):
        n = rng.randint(1, 12)
        lab = LABELINGS[gid % len(LABELINGS)]
        directed = gid % 4 == 0
        rows = [(lab(a), lab(b)) for a, b in gg.random_edges(rng, n, rng.choice((0.2, 0.4, 0.7)))]
        if not rows:
            rows = [(lab(0), lab(0))]
        db.executemany("INSERT INTO edges VALUES (?,?,?)", [(gid, a, b) for a, b in rows])
        nodes = sorted({x for r in rows for x in r})
        holes = rng.sample(nodes, min(len(nodes), rng.randint(1, 3)))   # "hole": [] is an error
        if rng.random() < 0.3:
            holes.append(lab(n + 5))              # a named node no row has
        brute = gg.catmouse_brute(rows, holes=holes, directed=directed, extra=())
        for _ in range(4):
            mouse, cat = rng.choice(nodes), rng.choice(nodes)
            if rng.random() < 0.2:
                mouse = lab(n + 9)                # an isolated start
            if cat in holes:
                continue
            turn = rng.choice(("mouse", "cat"))
            rules = {"hole": holes, "mouse": mouse, "cat": cat, "turn": turn}
            if directed:
                rules["directed"] = True
            iso = [x for x in holes + [mouse] if x not in nodes]
            if iso:                               # declared: else an error (test_lookups.py)
                rules["isolated"] = iso
            if mouse == lab(n + 9):
                b2 = gg.catmouse_brute(rows, holes=holes, directed=directed, extra=(mouse,))
                want = b2[(mouse, cat, turn)][0]
            else:
                want = brute[(mouse, cat, turn)][0]
            fast = answer(db, "SELECT catmouse(?, 'edges', ?)", (gid, json.dumps(rules)))
            slow = answer(db, "SELECT catmouse(?, 'tedges', ?)", (gid, json.dumps(text_rules(rules))))
            assert fast == want == slow, (gid, rows, rules, fast, want, slow)
            checked += 1
    assert checked > 340


def test_catmouse_default_roles_and_the_64_node_edge():
    db = setup()
    for gid, n in ((1, 64), (2, 65), (3, 40)):
        rows = [(v, v + 1) for v in range(n - 1)] + [(n - 1, 0)]    # a cycle 0..n-1
        db.executemany("INSERT INTO edges VALUES (?,?,?)", [(gid, a, b) for a, b in rows])
        brute = gg.catmouse_brute(rows)
        want = brute[(1, 2, "mouse")][0]
        assert answer(db, "SELECT catmouse(?)", (gid,)) == want
        assert answer(db, "SELECT catmouse(?, 'tedges', '{\"hole\":\"0\",\"mouse\":\"1\","
                          "\"cat\":\"2\"}')", (gid,)) == want
        states = db.execute("SELECT outcome FROM catmouse_states(?) WHERE mouse = 1 AND cat = 2"
                            " AND turn = 'mouse'", (gid,)).fetchone()[0]
        assert states == want


def test_errors_are_those_of_the_general_path():
    db = setup()
    db.executemany("INSERT INTO edges VALUES (1,?,?)", [(1, 2), (2, 3)])
    db.executemany("INSERT INTO edges VALUES (2,?,?)", [(0, 1), (1, 2)])
    assert answer(db, "SELECT catmouse(1)") == (
        "error: graphgame: catmouse: the hole is node 0 by default, but no row of graph 1 in"
        " table \"edges\" mentions node 0; name it in the rules, e.g. '{\"hole\": 1}'")
    assert answer(db, "SELECT catmouse(2, 'edges', '{\"hole\": [0, 2]}')") == (
        "error: graphgame: catmouse: the cat's start 2 is a hole: the cat may not start on a hole")
    assert answer(db, "SELECT catmouse(3)") == (
        "error: graphgame: catmouse: graph 3 has no rows in table \"edges\"")
    db.execute("SELECT graphgame_limit('max_positions', 10)")
    assert answer(db, "SELECT catmouse(2)").startswith(
        "error: graphgame: catmouse: graph 2 in table \"edges\" has at least 3 nodes and needs"
        " at least 18 positions (2 turns x n mouse nodes x n cat nodes, n = 3; at least")
    assert answer(db, "SELECT cop_number(2)").startswith(
        "error: graphgame: cop_number: graph 2 in table \"edges\" has at least 3 nodes and needs"
        " at least 18 positions")


def test_cop_number_and_capture_time_against_brute_force():
    rng = random.Random(1313)
    db = setup()
    for gid in range(1, 61):
        n = rng.randint(1, 7)
        lab = LABELINGS[gid % len(LABELINGS)]
        rows = [(lab(a), lab(b)) for a, b in gg.random_edges(rng, n, rng.choice((0.3, 0.5)))]
        if gid % 2 or not rows:
            rows += [(lab(v), lab(v)) for v in range(n)]     # every node a node
        db.executemany("INSERT INTO edges VALUES (?,?,?)", [(gid, a, b) for a, b in rows])
        nodes = {x for r in rows for x in r}
        lazy = gid % 3 == 0
        rules = json.dumps({"lazy": lazy})
        times = {}
        for k in (1, 2):
            val = gg.cops_brute(rows, k, lazy)
            times[k] = gg.cops_capture_time(val, nodes, k)
            for table in ("edges", "tedges"):
                got = answer(db, "SELECT capture_time(?, ?, ?, ?)", (gid, k, table, rules))
                assert got == times[k], (gid, rows, k, table, got, times[k])
        want = 1 if times[1] is not None else 2 if times[2] is not None else None
        if want is None:
            continue                              # three cops: the general engine
        for table in ("edges", "tedges"):
            assert answer(db, "SELECT cop_number(?, ?, ?)", (gid, table, rules)) == want


def test_three_cops_fall_back_to_the_engine():
    db = setup()
    petersen = [(i, (i + 1) % 5) for i in range(5)] + [(i, i + 5) for i in range(5)] \
        + [(5 + i, 5 + (i + 2) % 5) for i in range(5)]
    db.executemany("INSERT INTO edges VALUES (1,?,?)", petersen)
    assert answer(db, "SELECT cop_number(1)") == 3
    assert answer(db, "SELECT cop_number(1, 'tedges')") == 3
    assert answer(db, "SELECT capture_time(1, 2)") is None


def test_race_game_against_brute_force_and_the_general_path():
    rng = random.Random(6963)
    db = setup()
    checked = 0
    for gid in range(1, 101):
        n = rng.randint(2, 10)
        lab = LABELINGS[gid % len(LABELINGS)]
        directed = gid % 3 == 0
        rows = [(lab(a), lab(b)) for a, b in gg.random_edges(rng, n, rng.choice((0.2, 0.35, 0.6)))]
        if not rows:
            rows = [(lab(0), lab(1))]
        db.executemany("INSERT INTO edges VALUES (?,?,?)", [(gid, a, b) for a, b in rows])
        nodes = sorted({x for r in rows for x in r})
        rules = json.dumps({"directed": directed})
        for z in rng.sample(nodes, min(3, len(nodes))):
            brute = gg.race_brute(rows, z, directed)
            for _ in range(4):
                x, y = rng.choice(nodes), rng.choice(nodes)
                want = brute[(x, y, "alice")][0]
                fast = answer(db, "SELECT race_game(?, ?, ?, ?, 'edges', ?)", (gid, x, y, z, rules))
                slow = answer(db, "SELECT race_game(?, ?, ?, ?, 'tedges', ?)",
                              (gid, str(x), str(y), str(z), rules))
                assert fast == want == slow, (gid, rows, x, y, z, directed, fast, want, slow)
                checked += 1
        # a start no row has, declared isolated: the same on both paths
        iso = lab(n + 3)
        assert answer(db, "SELECT race_game(?, ?, ?, ?, 'edges', ?)",
                      (gid, iso, nodes[0], nodes[-1], json.dumps({"isolated": [iso]}))) == \
            answer(db, "SELECT race_game(?, ?, ?, ?, 'tedges', ?)",
                   (gid, str(iso), str(nodes[0]), str(nodes[-1]),
                    json.dumps({"isolated": [str(iso)]})))
    assert checked > 800


def test_the_reader_cannot_be_called_from_sql():
    db = setup()
    db.executemany("INSERT INTO edges VALUES (1,?,?)", [(0, 1), (1, 2)])
    want = ("graphgame: graphgame_rows is how graphgame reads tables;"
            " it cannot be called from SQL")
    for sql in ("SELECT graphgame_rows()", "SELECT graphgame_rows(1, 2, 3)",
                "SELECT graphgame_rows(NULL, src, dst) FROM edges",
                "SELECT graphgame_rows(x'00', src, dst) FROM edges"):
        assert answer(db, sql) == "error: " + want, sql
    assert db.execute("SELECT graphgame_rows(1) FROM edges WHERE 0").fetchall() == [(None,)]
    # in a view or a trigger it is refused (DIRECTONLY), and the games still answer
    db.execute("CREATE VIEW v AS SELECT graphgame_rows(1, src, dst) AS r FROM edges")
    assert "unsafe use of graphgame_rows" in answer(db, "SELECT * FROM v")
    assert answer(db, "SELECT catmouse(1)") == gg.catmouse_brute([(0, 1), (1, 2)])[(1, 2, "mouse")][0]
