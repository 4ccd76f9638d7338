"""Cops and robbers: cops_states against the brute force gg.cops_brute
(value iteration over ordered cop tuples, so the multiset reduction is
checked too) on every position of random graphs for k = 1, 2, 3, lazy and
not; every move legal and optimal; integer and text labels returned as
given, in SQLite's order in the cops arrays, robber pins by label;
capture_time and cop_number against the brute force; one cop wins exactly
on dismantlable graphs (every connected graph on up to 7 nodes from
nauty's geng, and random larger ones); known values from the literature;
cops_play; errors verbatim (the shared rules parser's, the shared reading
limit's); answers follow changes of the table between calls."""
import itertools
import json
import random
import shutil
import sqlite3
import subprocess

import gg


def states(db, gid, k, rules=None):
    return {(tuple(json.loads(c)), r, t): (o, p, mv) for c, r, t, o, p, mv in db.execute(
        "SELECT cops, robber, turn, outcome, plies, move FROM cops_states(?, ?, 'edges', ?)",
        (gid, k, rules))}


def reachable(adj, frm, to, lazy):
    """Nonzero if the cops on the multiset frm can move to the multiset to."""
    closed = {v: adj[v] | {v} for v in adj}
    for perm in set(itertools.permutations(to)):
        moved = sum(1 for a, b in zip(frm, perm) if a != b)
        if all(b in closed[a] for a, b in zip(frm, perm)) and (not lazy or moved <= 1):
            return True
    return False


def check_states(db, gid, rows, k, lazy):
    """Every position of the engine equals the brute force's (at every
    ordering of the cops), and every move is legal and optimal."""
    want = gg.cops_brute(rows, k, lazy)
    got = states(db, gid, k, json.dumps({"lazy": lazy}))
    adj = gg.adjacency(rows)
    nodes = gg.sqlite_order(adj)
    assert len(got) == len(list(itertools.combinations_with_replacement(nodes, k))) * len(nodes) * 2
    for (c, r, t), (o, p, mv) in got.items():
        assert list(c) == gg.sqlite_order(c), c
        for perm in set(itertools.permutations(c)):
            assert want[(perm, r, t)] == p, ("graph %r k=%d lazy=%r position %r %r %r:"
                                             " got %r want %r" % (rows, k, lazy, c, r, t, p,
                                                                  want[(perm, r, t)]))
        assert o == (p is not None), (c, r, t, o, p)
        if p == 0:
            assert mv is None and r in c, (c, r, t, mv)
            continue
        if t == "cops":
            to = tuple(json.loads(mv))
            assert reachable(adj, c, to, lazy), ("illegal cops move", rows, c, r, to)
            child = want[(to, r, "robber")]
        else:
            assert mv == r or mv in adj[r], ("illegal robber move", rows, c, r, mv)
            child = want[(c, mv, "cops")]
        if p is None:
            assert child is None, ("the move lets the robber be caught", rows, c, r, t, mv)
        elif t == "cops" or p is not None:
            assert child == p - 1, ("move not optimal", rows, k, lazy, c, r, t, mv, child, p)


def random_connected(rng, n, p):
    """Random edge rows on 0..n-1 with a random spanning tree, so connected."""
    rows = gg.random_edges(rng, n, p)
    for v in range(1, n):
        rows.append((rng.randrange(v), v))
    return rows or [(0, 0)]


def relabel(rng, rows):
    """The same graph on scattered labels (negative and large ones too)."""
    labels = rng.sample(range(-50, 1000), len({x for e in rows for x in e}))
    m = dict(zip(sorted({x for e in rows for x in e}), labels))
    return [(m[a], m[b]) for a, b in rows]


# Text labels, some spelling integers of the graph ('1' and 1 are
# different nodes), some needing JSON escapes in the cops arrays.
TEXTS = ["a", "b", "Zed", "1", "2", "-3", "it's", 'say "hi"', "back\\slash", "tab\tnl\n",
         "\u00e9t\u00e9", "\u2603", "", " "]


def relabel_mixed(rng, rows):
    """The same graph on a random mix of integer and text labels."""
    old = sorted({x for e in rows for x in e})
    pool = rng.sample(TEXTS, min(len(TEXTS), len(old) // 2 + 1)) + rng.sample(range(-5, 9), 10)
    m = dict(zip(old, rng.sample(pool, len(old))))
    return [(m[a], m[b]) for a, b in rows]


def test_every_position_against_brute_force():
    """Random graphs (connected or not), k = 1, 2, 3, lazy and not."""
    rng = random.Random(13)
    db = gg.connect()
    gid = 0
    for k, sizes, count in ((1, range(1, 10), 80), (2, range(2, 8), 50), (3, range(2, 7), 20)):
        for i in range(count):
            n = rng.choice(list(sizes))
            rows = random_connected(rng, n, rng.random()) if i % 3 else gg.random_edges(rng, n, 0.4)
            if not rows:
                rows = [(0, 0)]
            rows = relabel(rng, rows)
            gid += 1
            gg.store(db, gid, rows)
            for lazy in (False, True):
                check_states(db, gid, rows, k, lazy)


def test_text_and_mixed_labels():
    """Every position on graphs with integer and text labels, k = 1, 2,
    lazy and not; robber and move values keep their type; the cops
    arrays are in SQLite's order (integers, then texts by bytes), texts
    as JSON strings; pins on the robber find text labels, and '1' is not
    1."""
    rng = random.Random(1213)
    db = gg.connect()
    for gid in range(1, 41):
        n = rng.randrange(1, 9)
        rows = relabel_mixed(rng, random_connected(rng, n, rng.random() * 0.6) if gid % 3
                             else (gg.random_edges(rng, n, 0.4) or [(0, 0)]))
        gg.store(db, gid, rows)
        k = 1 + gid % 2
        check_states(db, gid, rows, k, gid % 4 == 0)
        nodes = gg.sqlite_order(gg.adjacency(rows))
        for r in rng.sample(nodes, min(3, len(nodes))):
            got = db.execute("SELECT robber, turn FROM cops_states(?, ?) WHERE robber = ?"
                             " AND turn = 'robber'", (gid, k, r)).fetchall()
            assert len(got) == len(list(itertools.combinations_with_replacement(nodes, k)))
            assert all(type(x) is type(r) and x == r for x, _ in got), (r, got)
        twins = [x for x in nodes if isinstance(x, str) and x.lstrip("-").isdigit()
                 and int(x) not in nodes]
        for x in twins:                         # '1' is a node, 1 is not: no rows
            assert db.execute("SELECT count(*) FROM cops_states(?, ?) WHERE robber = ?",
                              (gid, k, int(x))).fetchone()[0] == 0
        want = gg.cops_capture_time(gg.cops_brute(rows, k), nodes, k)
        assert db.execute("SELECT capture_time(?, ?)", (gid, k)).fetchone()[0] == want, rows
        line = db.execute("SELECT mover, to_node, robber FROM cops_play(?, ?)", (gid, k)).fetchall()
        for mover, to, robber in line:
            assert robber is None or robber in nodes, (rows, line)
            if mover == "robber":
                assert to in nodes and type(to) is type([x for x in nodes if x == to][0])
            else:
                assert all(c in nodes for c in json.loads(to))
    gg.store(db, 99, [(1, "1"), ("1", "b"), ("b", 2)])    # a path: 1 - '1' - 'b' - 2
    # SQLite's order: 1, 2, '1', 'b'; either cop may step onto the robber
    got = db.execute("SELECT cops, robber, move, plies FROM cops_states(99, 2) WHERE robber = 'b'"
                     " AND turn = 'cops' AND cops = '[2,\"1\"]'").fetchall()
    assert got in ([('[2,"1"]', "b", '["1","b"]', 1)], [('[2,"1"]', "b", '[2,"b"]', 1)]), got
    # graph6 numbers the nodes in that order: edges 0-2, 2-3, 1-3
    assert db.execute("SELECT cop_number(99), capture_time(99, 1), graph6(99)").fetchone() == (1, 2, "CR")
    assert db.execute("SELECT src, dst FROM graph6_edges('CR')").fetchall() == [(0, 2), (1, 3), (2, 3)]


def test_capture_time_and_cop_number_against_brute_force():
    rng = random.Random(1984)
    db = gg.connect()
    for gid in range(1, 40):
        n = rng.randrange(1, 8)
        rows = relabel(rng, random_connected(rng, n, rng.random() * 0.6) if gid % 4 else
                       (gg.random_edges(rng, n, 0.3) or [(0, 0)]))
        gg.store(db, gid, rows)
        nodes = sorted(gg.adjacency(rows))
        for lazy in (False, True):
            rules = json.dumps({"lazy": lazy})
            first = None
            for k in (1, 2, 3):
                want = gg.cops_capture_time(gg.cops_brute(rows, k, lazy), nodes, k)
                got = db.execute("SELECT capture_time(?, ?, 'edges', ?)", (gid, k, rules)).fetchone()[0]
                assert got == want, (rows, k, lazy, got, want)
                if want is not None and first is None:
                    first = k
            if first is not None:
                assert db.execute("SELECT cop_number(?, 'edges', ?)", (gid, rules)).fetchone()[0] == first


def dismantlable(adj):
    """Reduce by removing a node whose closed neighbourhood lies inside
    another node's (Nowakowski & Winkler 1983; Quilliot 1978: one cop
    wins exactly on these graphs)."""
    adj = {v: set(s) - {v} for v, s in adj.items()}
    while len(adj) > 1:
        for u in adj:
            cu = adj[u] | {u}
            if any(cu <= adj[w] | {w} for w in adj[u]):
                for w in adj[u]:
                    adj[w].discard(u)
                del adj[u]
                break
        else:
            return False
    return True


def geng(n):
    out = subprocess.run(["nauty-geng", "-cq", str(n)], capture_output=True, text=True, check=True)
    return out.stdout.split()


def test_one_cop_exactly_on_dismantlable_graphs():
    """Every connected graph on up to 7 nodes (geng -c, through
    graph6_edges), and random larger graphs."""
    db = gg.connect()
    db.execute("CREATE TABLE g6(id INTEGER PRIMARY KEY, g TEXT)")
    if shutil.which("nauty-geng"):
        for n in range(2, 8):
            db.executemany("INSERT INTO g6(g) VALUES (?)", [(s,) for s in geng(n)])
    db.execute("CREATE TABLE edges(graph_id, src, dst)")
    db.execute("INSERT INTO edges SELECT id, e.src, e.dst FROM g6, graph6_edges(g6.g) e")
    count = db.execute("SELECT count(*) FROM g6").fetchone()[0]
    assert count == 1 + 2 + 6 + 21 + 112 + 853 or not shutil.which("nauty-geng"), count
    rng = random.Random(7)
    for gid in range(count + 1, count + 200):
        gg.store(db, gid, random_connected(rng, rng.randrange(8, 16), rng.random() * 0.4))
    for gid, rows in itertools.groupby(db.execute(
            "SELECT graph_id, src, dst FROM edges ORDER BY graph_id"), key=lambda r: r[0]):
        adj = gg.adjacency([(a, b) for _, a, b in rows])
        one = db.execute("SELECT cop_number(?) = 1", (gid,)).fetchone()[0]
        assert bool(one) == dismantlable(adj), (gid, adj)


def store_named(db, gid, rows):
    gg.store(db, gid, rows)
    return gid


def test_known_values():
    """Literature values, each also small enough to rest on the brute force
    above where it is cheap:
    - Trees need one cop and the capture time of a tree is its radius
      (Bonato & Nowakowski, "The Game of Cops and Robbers on Graphs", AMS
      2011, ch. 8; Bonato, Golovach, Hahn, Kratochvil 2009).
    - Chordal graphs need one cop (they are dismantlable: a simplicial
      node is dominated; Nowakowski & Winkler 1983).
    - Cycles of length n >= 4 need two cops (Aigner & Fromme 1984); their
      capture time with two cops is checked against the brute force up to
      n = 9 rather than against a remembered formula.
    - The Petersen graph needs three cops (Aigner & Fromme 1984: graphs of
      girth >= 5 need at least the minimum degree).
    - The m x n grid needs two cops (Aigner & Fromme 1984: planar graphs
      need at most 3; Maamoun & Meyniel 1987 for products of trees), and
      two cops capture on it in floor((m+n)/2) - 1 rounds (Mehrabian,
      "The capture time of grids", Discrete Math. 2011).
    """
    db = gg.connect()
    rng = random.Random(2011)
    gid = 0
    for _ in range(30):                          # random trees: 1 cop, radius rounds
        n = rng.randrange(1, 25)
        rows = [(rng.randrange(v), v) for v in range(1, n)] or [(0, 0)]
        gid = store_named(db, gid + 1, rows)
        adj = gg.adjacency(rows)
        radius = min(max(bfs(adj, v).values()) for v in adj)
        assert db.execute("SELECT cop_number(?), capture_time(?, 1)", (gid, gid)).fetchone() == (1, radius)
    for _ in range(30):                          # random chordal graphs: 1 cop
        n = rng.randrange(2, 20)
        rows, cliques = [(0, 0)], [[0]]
        for v in range(1, n):
            base = rng.choice(cliques)
            part = rng.sample(base, rng.randrange(1, len(base) + 1))
            rows += [(u, v) for u in part]
            cliques.append(part + [v])
        gid = store_named(db, gid + 1, rows)
        assert db.execute("SELECT cop_number(?)", (gid,)).fetchone()[0] == 1
    for n in range(3, 30):                       # cycles
        rows = [(i, (i + 1) % n) for i in range(n)]
        gid = store_named(db, gid + 1, rows)
        want = 1 if n == 3 else 2
        assert db.execute("SELECT cop_number(?)", (gid,)).fetchone()[0] == want, n
        if n <= 9:
            brute = gg.cops_capture_time(gg.cops_brute(rows, 2), range(n), 2)
            assert db.execute("SELECT capture_time(?, 2)", (gid,)).fetchone()[0] == brute
    outer = [(i, (i + 1) % 5) for i in range(5)]
    inner = [(5 + i, 5 + (i + 2) % 5) for i in range(5)]
    gid = store_named(db, gid + 1, outer + inner + [(i, i + 5) for i in range(5)])
    assert db.execute("SELECT cop_number(?)", (gid,)).fetchone()[0] == 3
    # Random cubic graphs of girth >= 5 need 3 cops (Aigner & Fromme again),
    # lazy ones too (never fewer than cops who all move): a test of the
    # census shortcuts, which prove 2 and must never do it here.
    found = 0
    while found < 12:
        n = rng.randrange(10, 23, 2)
        rows = random_cubic(rng, n)
        if rows is None or gg.girth(rows) < 5:
            continue
        found += 1
        gid = store_named(db, gid + 1, rows)
        got = db.execute("SELECT cop_number(?), cop_number(?, 'edges', '{\"lazy\": true}')",
                         (gid, gid)).fetchone()
        assert got[0] == 3 and got[1] >= 3, (rows, got)
    for m, n in ((2, 2), (2, 5), (3, 3), (3, 4), (4, 4), (5, 7), (8, 8), (10, 10)):
        rows = [(i * n + j, i * n + j + 1) for i in range(m) for j in range(n - 1)]
        rows += [(i * n + j, (i + 1) * n + j) for i in range(m - 1) for j in range(n)]
        gid = store_named(db, gid + 1, rows)
        got = db.execute("SELECT cop_number(?), capture_time(?, 2)", (gid, gid)).fetchone()
        assert got == (2, (m + n) // 2 - 1), (m, n, got)
        if m * n <= 9:
            assert got[1] == gg.cops_capture_time(gg.cops_brute(rows, 2), range(m * n), 2)


def random_cubic(rng, n):
    """A random simple 3-regular graph on n nodes (the pairing model), or
    None if the pairing made a loop or a double edge."""
    pts = [v for v in range(n) for _ in range(3)]
    rng.shuffle(pts)
    rows = {(min(a, b), max(a, b)) for a, b in zip(pts[::2], pts[1::2])}
    if len(rows) < 3 * n // 2 or any(a == b for a, b in rows):
        return None
    return sorted(rows)


def bfs(adj, s):
    dist, todo = {s: 0}, [s]
    for u in todo:
        for v in adj[u]:
            if v not in dist:
                dist[v] = dist[u] + 1
                todo.append(v)
    return dist


def test_play_follows_the_states():
    """cops_play: the starts, then moves that the states call optimal; the
    line's length is the capture time; an escaping line ends at a repeat."""
    rng = random.Random(5)
    db = gg.connect()
    for gid in range(1, 30):
        rows = relabel(rng, random_connected(rng, rng.randrange(1, 8), rng.random() * 0.7))
        gg.store(db, gid, rows)
        for k in (1, 2):
            want = gg.cops_brute(rows, k)
            nodes = sorted(gg.adjacency(rows))
            ct = gg.cops_capture_time(want, nodes, k)
            line = db.execute("SELECT ply, mover, from_node, to_node, cops, robber, outcome,"
                              " plies, repeats FROM cops_play(?, ?)", (gid, k)).fetchall()
            assert [r[0] for r in line] == list(range(1, len(line) + 1))
            assert line[0][1:4] == ("cops", None, line[0][4])
            assert line[1][1:3] == ("robber", None) and line[1][3] == line[1][5]
            for r in line[1:]:
                c = tuple(json.loads(r[4]))
                assert r[7] == want[(c, r[5], "robber" if r[1] == "cops" else "cops")], (rows, r)
            if ct is None:
                assert all(r[6] == 0 for r in line) and line[-1][8] is not None
            else:
                assert line[-1][7] == 0 and all(r[6] == 1 for r in line)
                assert (len(line) - 2 + 1) // 2 == ct, (rows, k, line, ct)


ERRORS = [
    ("SELECT capture_time(1, 0)", "graphgame: capture_time: k must be an integer from 1 to 32, got 0"),
    ("SELECT capture_time(1, 'x')", "graphgame: capture_time: k must be an integer from 1 to 32, got 'x'"),
    # the shared rules parser (rules.c, rules_sql.c)
    ("SELECT cop_number(1, 'edges', '{\"lazy\": 1}')",
     "graphgame: cop_number: rules: \"lazy\" must be true or false, got 1"),
    ("SELECT cop_number(1, 'edges', '{\"lazy\": true, \"fast\": 2}')",
     "graphgame: cop_number: rules: unknown key \"fast\" (known keys: distance, robber_speed, surround, lazy, symmetry, sequential, cops, robber, turn, directed, isolated)"),
    ("SELECT cop_number(1, 'edges', '{\"lazy\": true, \"lazy\": false}')",
     "graphgame: cop_number: rules: key \"lazy\" given twice"),
    ("SELECT cop_number(1, 'edges', '[1]')",
     "graphgame: cop_number: rules: must be a JSON object such as '{\"distance\": ...}'"),
    ("SELECT cop_number(1, 'edges', '{\"lazy\": true')",
     "graphgame: cop_number: rules: malformed JSON at byte 14: expected , or }"),
    ("SELECT cop_number(1, 'edges', 3)",
     "graphgame: cop_number: rules must be a JSON object (text), got 3"),
    ("SELECT capture_time(1, 2, 'edges', '{\"hole\": 0}')",
     "graphgame: capture_time: rules: unknown key \"hole\" (known keys: distance, robber_speed, surround, lazy, symmetry, sequential, cops, robber, turn, directed, isolated)"),
    ("SELECT * FROM cops_states(1, 1, 'edges', '{\"speed\": 2}')",
     "graphgame: cops_states: rules: unknown key \"speed\" (known keys: distance, robber_speed, surround, lazy, symmetry, sequential, cops, robber, turn, directed, isolated)"),
    ("SELECT * FROM cops_play(1, 1, 'edges', '{\"lazy\": null}')",
     "graphgame: cops_play: rules: \"lazy\" must be true or false, got null"),
    ("SELECT * FROM cops_states(1)",
     "graphgame: cops_states needs arguments: cops_states(graph_id, k [, edges [, rules]])"),
    ("SELECT * FROM cops_play(1, -1)",
     "graphgame: cops_play: k must be an integer from 1 to 32, got -1"),
    # the shared reading (edges.c)
    ("SELECT capture_time(9, 1)", "graphgame: capture_time: graph 9 has no rows in table \"edges\""),
    ("SELECT cop_number(1, 'nope')", "graphgame: cop_number: no such table or view: \"nope\""
     " (a WITH name cannot be read: use a view)"),
    ("SELECT * FROM cops_play(4, 1)", "graphgame: cops_play: graph 4 in table \"edges\": src and"
     " dst must be integer or text node labels, got src=0, dst=1.5"),
    # the tables read as for one cop, then count the solve they take (a
    # path: the plain one) ...
    ("SELECT * FROM cops_states(2, 4)",
     "graphgame: cops_states: graph 2 in table \"edges\" has 30 nodes and needs 2455200"
     " positions (2 turns x C(n+k-1, k) placements of k = 4 cops x n robber nodes, n = 30;"
     " about 5 MB at the peak), over the limit of 1000000 (see graphgame_limit)"),
    # ... and for the next k of cop_number, once every row is read
    ("SELECT cop_number(3, 'edges', '{\"symmetry\": false}')",
     "graphgame: cop_number: graph 3 in table \"edges\" has 10 nodes and needs 4400 positions"
     " (2 turns x C(n+k-1, k) placements of k = 3 cops x n robber nodes, n = 10; about 14 KB at"
     " the peak), over the limit of 4000 (see graphgame_limit)"),
]


def test_errors_verbatim():
    db = gg.connect()
    gg.store(db, 1, [(0, 1), (1, 2)])
    gg.store(db, 2, [(i, i + 1) for i in range(29)])
    outer = [(i, (i + 1) % 5) for i in range(5)]
    inner = [(5 + i, 5 + (i + 2) % 5) for i in range(5)]
    gg.store(db, 3, outer + inner + [(i, i + 5) for i in range(5)])
    gg.store(db, 4, [(0, 1.5)])
    for sql, msg in ERRORS:
        db.execute("SELECT graphgame_limit('max_positions', ?)",
                   (4000 if "cop_number(3" in sql else 1000000,))
        try:
            db.execute(sql).fetchall()
        except sqlite3.Error as e:
            assert str(e) == msg, (sql, str(e), msg)
        else:
            raise AssertionError("no error: " + sql)
    db.execute("SELECT graphgame_limit('max_positions', 10000)")
    assert db.execute("SELECT cop_number(3, NULL, '{}'), cop_number(NULL)").fetchone() == (3, None)


def test_hidden_columns_and_a_clean_close():
    """The hidden columns read back the arguments as given; and the sqlite3
    CLI, which closes with sqlite3_close() (that refuses to close while a
    statement is unfinalized), closes cleanly after the cops functions
    used the connection's kept reads (edges.c)."""
    db = gg.connect()
    gg.store(db, 4, [(0, 1), (1, 2)])
    row = db.execute("SELECT graph_id, k, edges, rules FROM cops_states(4, 1, 'edges', '{}')"
                     " LIMIT 1").fetchone()
    assert row == (4, 1, "edges", "{}"), row
    row = db.execute("SELECT graph_id, k, edges, rules FROM cops_play(4, 2) LIMIT 1").fetchone()
    assert row == (4, 2, None, None), row
    sql = (".load %s\nCREATE TABLE edges(graph_id, src, dst);"
           "INSERT INTO edges VALUES (1,0,1),(1,1,2),(2,0,1);"
           "SELECT cop_number(1), capture_time(2, 1), cop_number(1, 'edges');\n" % gg.EXT)
    p = subprocess.run(["sqlite3", "-batch", ":memory:"], input=sql, capture_output=True, text=True)
    assert (p.returncode, p.stdout, p.stderr) == (0, "1|1|1\n", ""), (p.returncode, p.stdout, p.stderr)


def test_census_reads_see_every_change():
    """Rows added, changed or removed between two calls of one running
    query, by this connection, must show in the next answers; views, temp
    tables and tables without an index answer the same as a fresh read;
    a temp table made by CREATE TABLE AS (which counts no changes) that
    shadows the table, and tables renamed into its place, are read as
    they are (an earlier batched read answered from a stale copy then)."""
    db = gg.connect()
    db.execute("CREATE TABLE graphs(id INTEGER PRIMARY KEY)")
    db.executemany("INSERT INTO graphs VALUES (?)", [(i,) for i in range(1, 301)])
    path = [(0, 1), (1, 2), (2, 3)]
    cycle = [(0, 1), (1, 2), (2, 3), (3, 0)]          # 2 cops, and 1 cannot win
    for i in range(1, 301):
        gg.store(db, i, path)
    db.execute("CREATE INDEX edges_graph ON edges(graph_id)")
    cur = db.execute("SELECT id, cop_number(id), capture_time(id, 1) FROM graphs ORDER BY id")
    got = []
    for i in range(1, 301):
        got.append(cur.fetchone())
        # graphs a few ids ahead: Python's cursor computes the next row early
        if i == 10:     # graph 15, read in the same batch as 10, becomes a 4-cycle
            db.execute("INSERT INTO edges VALUES (15, 3, 0)")
        if i == 20:     # graph 25 becomes a triangle
            db.execute("UPDATE edges SET dst = 0 WHERE graph_id = 25 AND src = 2")
        if i == 30:     # graph 35 becomes a 4-cycle again, other rows
            db.execute("DELETE FROM edges WHERE graph_id = 35")
            db.executemany("INSERT INTO edges VALUES (35, ?, ?)", cycle)
    want = [(i, 1, 2) for i in range(1, 301)]
    want[14] = want[34] = (15, 2, None)
    want[34] = (35, 2, None)
    want[24] = (25, 1, 1)
    assert got == want, [(g, w) for g, w in zip(got, want) if g != w]
    db.execute("CREATE VIEW vedges AS SELECT graph_id, src, dst FROM edges")
    db.execute("CREATE TEMP TABLE tedges AS SELECT * FROM edges")
    db.execute("CREATE TABLE nedges AS SELECT * FROM edges")
    for t in ("vedges", "tedges", "nedges"):
        rows = db.execute("SELECT id, cop_number(id, ?) FROM graphs", (t,)).fetchall()
        assert rows == db.execute("SELECT id, cop_number(id) FROM graphs").fetchall(), t
    cur = db.execute("SELECT id, cop_number(id, 'tedges') FROM graphs ORDER BY id")
    assert cur.fetchone() == (1, 1)
    db.execute("INSERT INTO tedges VALUES (9, 3, 0)")
    assert [cur.fetchone() for _ in range(2, 10)][-1] == (9, 2)
    db = gg.connect()
    gg.store(db, 1, [(0, 1), (1, 2), (2, 3)])                       # a path: 1 cop
    gg.store(db, 2, [(0, 1), (1, 2), (2, 3), (3, 0)])               # a 4-cycle: 2 cops
    db.execute("CREATE INDEX edges_graph ON edges(graph_id)")
    assert db.execute("SELECT cop_number(1), cop_number(2)").fetchone() == (1, 2)
    db.execute("CREATE TEMP TABLE edges AS SELECT graph_id, src, dst FROM main.edges"
               " WHERE graph_id = 1 UNION ALL SELECT 2, 0, 1")
    assert db.execute("SELECT cop_number(1), cop_number(2), capture_time(2, 1)").fetchone() == (1, 1, 1)
    db.execute("DROP TABLE temp.edges")
    assert db.execute("SELECT cop_number(1), cop_number(2)").fetchone() == (1, 2)
    db.execute("ALTER TABLE edges RENAME TO old")
    db.execute("CREATE TABLE edges AS SELECT * FROM old WHERE graph_id = 1 UNION ALL SELECT 2, 0, 1")
    assert db.execute("SELECT cop_number(1), cop_number(2), graph6(2)").fetchone() == (1, 1, "A_")
