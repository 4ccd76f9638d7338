"""The variants of cops and robbers (rules keys distance, robber_speed,
directed, surround, lazy; docs/reference/cops.md settles their rules):
cops_states against the brute force gg.cops_variant_brute (value
iteration over ordered cop tuples, written apart from the engine) on
every position of random graphs, directed and undirected, k = 1, 2, 3:
outcome, plies, and that every move is legal and optimal; capture_time
and cop_number (the small-graph path for k <= 2, the engine beyond)
against the brute force; published values; keys that do not combine.
GG_FULL=1 runs a bigger sweep."""
import itertools
import json
import os
import random

import gg

FULL = os.environ.get("GG_FULL") == "1"

# the variants played, as rules objects (every pair of keys that combine)
VARIANTS = [
    {},
    {"distance": 1},
    {"distance": 2},
    {"robber_speed": 2},
    {"robber_speed": 3},
    {"distance": 1, "robber_speed": 2},
    {"distance": 1, "lazy": True},
    {"directed": True},
    {"surround": True},
    {"lazy": True},
]


def brute_rules(rules):
    return gg.cops_variant_rules(**rules)


def random_rows(rng, n, p, directed):
    """Random rows on 0..n-1, connected when undirected (a random spanning
    tree first); arcs when directed, with some arcs both ways."""
    rows = []
    order = list(range(n))
    rng.shuffle(order)
    for i in range(1, n):
        a, b = order[i], order[rng.randrange(i)]
        rows.append((a, b) if rng.random() < 0.5 else (b, a))
    rows += gg.random_edges(rng, n, p)
    if directed:
        rows += [(b, a) for a, b in rows if rng.random() < 0.2]
    return rows


def states(db, gid, k, rules):
    return {(tuple(json.loads(c)), r, t): (o, p, mv) for c, r, t, o, p, mv in db.execute(
        "SELECT cops, robber, turn, outcome, plies, move FROM cops_states(?, ?, 'edges', ?)",
        (gid, k, json.dumps(rules)))}


def check_states(db, gid, rows, k, rules):
    """Every position of the engine equals the brute force's (at every
    ordering of the cops); every move is legal and optimal."""
    br = brute_rules(rules)
    want = gg.cops_variant_brute(rows, k, **br)
    nodes, caught, robber_moves, cop_moves, _ = gg.cops_variant_game(rows, k, **br)
    got = states(db, gid, k, rules)
    assert len(got) == len(list(itertools.combinations_with_replacement(nodes, k))) * len(nodes) * 2
    what = "rows %r k=%d rules %r" % (rows, k, rules)
    for (c, r, t), (o, p, mv) in got.items():
        for perm in set(itertools.permutations(c)):
            assert want[(perm, r, t)] == p, (what, c, r, t, p, want[(perm, r, t)])
        assert o == (p is not None), (what, c, r, t, o, p)
        if p == 0:
            assert mv is None and caught(c, r), (what, c, r, t, mv)
            continue
        if t == "cops":
            to = tuple(json.loads(mv))
            legal = {tuple(sorted(d)) for d in cop_moves(c)}
            assert tuple(sorted(to)) in legal, ("illegal cops move", what, c, r, to)
            child = want[(to, r, "robber")]
        else:
            assert mv in robber_moves(c, r), ("illegal robber move", what, c, r, mv)
            child = want[(c, mv, "cops")]
        if p is None:
            assert child is None, ("the move lets the robber be caught", what, c, r, t, mv)
        else:
            assert child == p - 1, ("move not optimal", what, c, r, t, mv, child, p)


def test_every_position_against_brute_force():
    rng = random.Random(23)
    db = gg.connect()
    gid = 0
    for rules in VARIANTS:
        for k, sizes in ((1, (2, 4, 6, 7)), (2, (3, 5, 6) + ((7,) if FULL else ())),
                         (3, (3, 4, 5) + ((6,) if FULL else ()))):
            for n in sizes:
                for _ in range(6 if FULL else 2):
                    rows = random_rows(rng, n, rng.choice((0.2, 0.4)), rules.get("directed"))
                    gid += 1
                    gg.store(db, gid, rows)
                    check_states(db, gid, rows, k, rules)


def test_capture_time_and_cop_number_against_brute_force():
    """k = 1, 2 go through the small-graph path, k = 3 through the engine
    (its fast mode); text labels take the general path for every k."""
    rng = random.Random(2023)
    db = gg.connect()
    gid = 0
    for rules in VARIANTS:
        for _ in range(10 if FULL else 4):
            n = rng.randrange(3, 8)
            rows = random_rows(rng, n, 0.3, rules.get("directed"))
            br = brute_rules(rules)
            times = {}
            for k in (1, 2, 3):
                want = gg.cops_variant_time(gg.cops_variant_brute(rows, k, **br), rows, k, **br)
                times[k] = want
                for lab in (lambda v: v, lambda v: "v%d" % v):
                    gid += 1
                    gg.store(db, gid, [(lab(a), lab(b)) for a, b in rows])
                    got = db.execute("SELECT capture_time(?, ?, 'edges', ?)",
                                     (gid, k, json.dumps(rules))).fetchone()[0]
                    assert got == want, (rows, k, rules, got, want)
            number = db.execute("SELECT cop_number(?, 'edges', ?)",
                                (gid, json.dumps(rules))).fetchone()[0]
            least = min([k for k in (1, 2, 3) if times[k] is not None] or [None])
            if least is not None:
                assert number == least, (rows, rules, number, times)
            else:
                assert number > 3, (rows, rules, number)


def test_capture_time_on_grids_and_the_petersen_graph():
    """Graphs where the variants differ (a fast robber needs more cops on a
    grid, the Petersen graph has three cops in the plain game): capture
    time of k = 1, 2 (the small-graph path) and 3 (the engine) against the
    brute force, for every variant; directed: each edge one way, some both."""
    db = gg.connect()
    rng = random.Random(8)
    gid = 0
    for rows in (grid(3, 3), grid(3, 4), petersen()):
        for rules in VARIANTS:
            use = rows
            if rules.get("directed"):
                use = [(a, b) if rng.random() < 0.5 else (b, a) for a, b in rows]
                use += [(b, a) for a, b in use if rng.random() < 0.3]
            br = brute_rules(rules)
            gid += 1
            gg.store(db, gid, use)
            for k in (1, 2) + ((3,) if FULL else ()):
                want = gg.cops_variant_time(gg.cops_variant_brute(use, k, **br), use, k, **br)
                got = db.execute("SELECT capture_time(?, ?, 'edges', ?)",
                                 (gid, k, json.dumps(rules))).fetchone()[0]
                assert got == want, (use, k, rules, got, want)


def cop_number(db, rows, rules=None, directed=None):
    db.execute("DELETE FROM edges WHERE graph_id = 0")
    gg.store(db, 0, rows)
    return db.execute("SELECT cop_number(0, 'edges', ?)",
                      (None if rules is None else json.dumps(rules),)).fetchone()[0]


def cycle(n):
    return [(i, (i + 1) % n) for i in range(n)]


def path(n):
    return [(i, i + 1) for i in range(n - 1)]


def grid(a, b):
    return ([(i * b + j, i * b + j + 1) for i in range(a) for j in range(b - 1)]
            + [(i * b + j, (i + 1) * b + j) for i in range(a - 1) for j in range(b)])


def petersen():
    return ([(i, (i + 1) % 5) for i in range(5)] + [(i, i + 5) for i in range(5)]
            + [(5 + i, 5 + (i + 2) % 5) for i in range(5)])


def complete(n):
    return [(i, j) for i in range(n) for j in range(i + 1, n)]


def random_tree(rng, n):
    return [(i, rng.randrange(i)) for i in range(1, n)]


def test_published_values():
    db = gg.connect()
    gg.store(db, -1, [(0, 1)])
    rng = random.Random(5)
    # Distance: Bonato, Chiniforooshan and Pralat, "Cops and Robbers from a
    # distance" (TCS 2010): c_d(G) <= c(G), so c_d of every tree is 1; on
    # the cycle C_n one cop wins at distance d iff n <= 2d + 3 (the robber
    # keeps to the far side, d + 2 edges away on both sides, exactly when
    # n >= 2d + 4), so c_d(C_n) = 1 for n <= 2d + 3 and 2 beyond.
    for d in (1, 2, 3):
        for n in range(3, 2 * d + 8):
            assert cop_number(db, cycle(n), {"distance": d}) == (1 if n <= 2 * d + 3 else 2), (n, d)
        for n in (5, 9, 14):
            assert cop_number(db, random_tree(rng, n), {"distance": d}) == 1
    # grids: c(P_m x P_n) = 2 (Maamoun and Meyniel 1987), and c_d <= c
    # with c_d = 1 once one cop's d-ball plus one step covers the grid
    for a, b in ((3, 3), (4, 5), (5, 5)):
        assert cop_number(db, grid(a, b), {"distance": 0}) == 2
        assert cop_number(db, grid(a, b), {"distance": a + b}) == 1
    # Fast robber: Fomin, Golovach, Kratochvil, Nisse and Suchan, "Pursuing
    # a fast robber on a graph" (TCS 2010): the robber may not pass a cop,
    # so one cop catches a robber of any speed on a tree (a path too); two
    # cops on a cycle of 4 or more nodes (one cop loses already at speed
    # 1, two close in from both sides)
    for s in (2, 3, 5):
        for n in (4, 7, 12):
            assert cop_number(db, path(n), {"robber_speed": s}) == 1
            assert cop_number(db, random_tree(rng, n), {"robber_speed": s}) == 1
            assert cop_number(db, cycle(n), {"robber_speed": s}) == 2
    # the 2 x n grid (a ladder): two cops, at every speed (Fomin et al.'s
    # bound c_s >= c; two cops sweep a ladder column by column)
    for s in (2, 4):
        assert cop_number(db, grid(2, 6), {"robber_speed": s}) == 2
    # Directed: Hamidoune (1987) and Khatri et al., "A study of cops and
    # robbers in oriented graphs" (2018) play along arcs, staying allowed:
    # on the directed cycle of n >= 3 nodes one cop loses (the robber steps
    # ahead of her forever) and two win; a transitive tournament is
    # cop-win (a cop on its source reaches every node in one step)
    for n in (3, 4, 7):
        assert cop_number(db, cycle(n), {"directed": True}) == 2
        assert cop_number(db, [(i, j) for i in range(n) for j in range(i + 1, n)],
                          {"directed": True}) == 1
    # the directed 2-cycle is an edge: one cop
    assert cop_number(db, [(0, 1), (1, 0)], {"directed": True}) == 1
    # Surround: Burgess, Cameron, Clarke, Danziger, Finbow, Jones and Pike,
    # "Cops that surround a robber" (DAM 2020): sigma(C_n) = 2, sigma(K_n)
    # = n - 1, and sigma(G) >= the minimum degree (the robber stays on a
    # node of least degree until it is surrounded), which is 3 on the
    # 3-regular Petersen graph (the paper treats the generalised Petersen
    # graphs); three cops surround there under graphgame's rules
    for n in range(3, 10):
        assert cop_number(db, cycle(n), {"surround": True}) == 2
    # (K_9 needs 8 cops, whose 9^8 joint moves are more than the engine
    # lists: its start wins at once, which the fast mode sees first)
    for n in range(2, 10):
        assert cop_number(db, complete(n), {"surround": True}) == n - 1
    assert cop_number(db, petersen(), {"surround": True}) == 3
    # Lazy: on the Petersen graph c = 3 (a classic) and lazy cops need no
    # fewer
    assert cop_number(db, petersen()) == 3
    assert cop_number(db, petersen(), {"lazy": True}) >= 3


def test_surround_forced_moves_and_starts():
    """In the surround game a cop may step onto the robber, who must
    leave; he may be forced into a surrounded node on his own move (a
    capture on an even ply from the cops' turn), and he may not start on
    a cop (cops_play's start)."""
    db = gg.connect()
    rows = path(4)
    gg.store(db, 1, rows)
    got = states(db, 1, 2, {"surround": True})
    want = gg.cops_variant_brute(rows, 2, **brute_rules({"surround": True}))
    assert any(p is not None and p > 0 and p % 2 == 0 for (c, r, t), p in want.items()
               if t == "cops"), "no even ply from the cops' turn: the test shows nothing"
    for key, (o, p, mv) in got.items():
        assert p == want[key]
    line = db.execute("SELECT robber, cops FROM cops_play(1, 2, 'edges', '{\"surround\": true}')"
                      " WHERE ply = 2").fetchone()
    assert line[0] not in json.loads(line[1]), line


def test_keys_that_do_not_combine_and_bad_values():
    """Keys that no paper combines, and values out of a key's kind: the
    whole message, verbatim, from every function and table that takes
    the cops' rules."""
    db = gg.connect()
    gg.store(db, 1, cycle(4))
    comb = ' do not combine (no published game plays both)'
    rng = "must be an integer from %d to 65535, got "
    bad = [
        ({"surround": True, "lazy": True}, '"surround" and "lazy"' + comb),
        ({"surround": True, "distance": 1}, '"distance" and "surround"' + comb),
        ({"surround": True, "robber_speed": 2}, '"robber_speed" and "surround"' + comb),
        ({"directed": True, "robber_speed": 2}, '"robber_speed" and "directed"' + comb),
        ({"lazy": True, "robber_speed": 2}, '"robber_speed" and "lazy"' + comb),
        ({"directed": True, "lazy": True}, '"directed" and "lazy"' + comb),
        ({"directed": True, "distance": 1}, '"distance" and "directed"' + comb),
        ({"directed": True, "surround": True}, '"directed" and "surround"' + comb),
        ({"distance": 1, "robber_speed": 2, "lazy": True}, '"robber_speed" and "lazy"' + comb),
        ({"distance": 1.5}, '"distance" ' + rng % 0 + '1.5'),
        ({"distance": 2.0}, '"distance" ' + rng % 0 + '2.0'),
        ({"distance": -1}, '"distance" ' + rng % 0 + '-1'),
        ({"distance": 65536}, '"distance" ' + rng % 0 + '65536'),
        ({"distance": 2 ** 70}, '"distance" ' + rng % 0 + str(2 ** 70)),
        ({"distance": "far"}, '"distance" ' + rng % 0 + '"far"'),
        ({"distance": [1]}, '"distance" ' + rng % 0 + '[1]'),
        ({"robber_speed": 0}, '"robber_speed" ' + rng % 1 + '0'),
        ({"robber_speed": -2}, '"robber_speed" ' + rng % 1 + '-2'),
        ({"robber_speed": 2.5}, '"robber_speed" ' + rng % 1 + '2.5'),
        ({"robber_speed": 70000}, '"robber_speed" ' + rng % 1 + '70000'),
        ({"robber_speed": None}, '"robber_speed" ' + rng % 1 + 'null'),
        ({"robber_speed": True}, '"robber_speed" ' + rng % 1 + 'true'),
    ]
    for rules, msg in bad:
        for name, sql in (("cop_number", "SELECT cop_number(1, 'edges', ?)"),
                          ("capture_time", "SELECT capture_time(1, 2, 'edges', ?)"),
                          ("cops_states", "SELECT count(*) FROM cops_states(1, 2, 'edges', ?)"),
                          ("cops_play", "SELECT count(*) FROM cops_play(1, 2, 'edges', ?)")):
            try:
                db.execute(sql, (json.dumps(rules),)).fetchall()
            except Exception as e:           # sqlite3.OperationalError and kin
                want = "graphgame: %s: rules: %s" % (name, msg)
                assert str(e) == want, (rules, str(e), want)
            else:
                raise AssertionError("no error for %r" % (rules,))
    # the ends of the ranges are values, and "false" keys combine with anything
    assert db.execute("SELECT cop_number(1, 'edges', '{\"distance\": 65535}'),"
                      " cop_number(1, 'edges', '{\"robber_speed\": 65535}')").fetchone() == (1, 2)
    assert db.execute("SELECT cop_number(1, 'edges', '{\"surround\": true, \"lazy\": false,"
                      " \"distance\": 0, \"robber_speed\": 1}')").fetchone()[0] == 2


def test_play_follows_the_states():
    """cops_play for every variant: the starts are the best ones (the
    capture time), each move is the one cops_states gives, plies fall by
    one a move, a won line ends at a capture, an escaping one at a repeat."""
    rng = random.Random(77)
    db = gg.connect()
    gid = 0
    for rules in VARIANTS:
        for _ in range(3):
            rows = random_rows(rng, rng.randrange(3, 7), 0.3, rules.get("directed"))
            gid += 1
            gg.store(db, gid, rows)
            for k in (1, 2):
                st = states(db, gid, k, rules)
                line = db.execute(
                    "SELECT ply, mover, cops, robber, outcome, plies, repeats, to_node"
                    " FROM cops_play(?, ?, 'edges', ?) ORDER BY ply",
                    (gid, k, json.dumps(rules))).fetchall()
                ct = db.execute("SELECT capture_time(?, ?, 'edges', ?)",
                                (gid, k, json.dumps(rules))).fetchone()[0]
                first = line[1]
                c, r = tuple(json.loads(first[2])), first[3]
                assert not (rules.get("surround") and r in c), (rows, rules, line)
                p = st[(c, r, "cops")][1]
                assert (None if p is None else (p + 1) // 2) == ct, (rows, k, rules, line, ct)
                for a, b in zip(line[1:], line[2:]):
                    turn = "cops" if b[1] == "cops" else "robber"
                    c, r = tuple(json.loads(a[2])), a[3]
                    o, p, mv = st[(c, r, turn)]
                    got_to = json.loads(b[7]) if turn == "cops" else b[7]
                    want_to = json.loads(mv) if turn == "cops" else mv
                    assert got_to == want_to, (rows, k, rules, a, b, mv)
                    if p is not None:
                        assert b[5] == p - 1, (rows, k, rules, a, b)
                last = line[-1]
                assert (last[5] == 0) if last[4] else (last[6] is not None), (rows, rules, line)
