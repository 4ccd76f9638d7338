"""The certificates (docs/reference/certificates.md): catmouse_certificate,
race_certificate, cops_certificate and game_solve_certificate write a
proof of a start's value, and the checker written apart from the engine
(bindings/python/graphgame/check.py) verifies it.  On random and named
graphs, under random relabellings with text labels, directed and with
several holes: every certificate checks, its claim equals the value of
the brute forces of gg.py (written apart from both), and the checker's
rounds equal capture_time.  The SHA-256 of the C library agrees with
hashlib on graphs of every size.  The limit, the refusals, an interrupt.
Mutations of real certificates are rejected (test_check.py mutates
hand-made ones)."""
import hashlib
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import threading
import time

import gg

CHECK = os.path.join(gg.ROOT, "bindings", "python", "graphgame", "check.py")


def check(certs, *extra):
    """Runs the checker on the certificates (texts): (exit code, lines)."""
    with tempfile.TemporaryDirectory() as d:
        paths = []
        for i, c in enumerate(certs):
            paths.append(os.path.join(d, "c%d.cert" % i))
            with open(paths[-1], "w", encoding="utf-8") as f:
                f.write(c)
        p = subprocess.run([sys.executable, CHECK] + paths + list(extra),
                           capture_output=True, text=True, timeout=600)
    return p.returncode, p.stdout.splitlines()


def verified(certs):
    """Asserts that every certificate checks; the checker's lines."""
    rc, lines = check(certs)
    bad = [ln for ln in lines if not ln.startswith("verified:")]
    assert rc == 0 and not bad, (rc, bad[:3])
    return lines


def claim_of(cert):
    return re.search(r"^claim (.*)$", cert, re.M).group(1)


def relabel(rng, rows, start=()):
    """Rows with the labels mapped at random to integers and texts; and
    the map."""
    labels = sorted({x for r in rows for x in r} | set(start), key=repr)
    pool = [rng.randrange(-50, 50) for _ in labels] + ["n%d" % i for i in range(len(labels))]
    pool = list(dict.fromkeys(pool))
    rng.shuffle(pool)
    m = dict(zip(labels, pool))
    return [(m[a], m[b]) for a, b in rows], m


def graph_lines_sha(cert):
    """The node and edge lines of a certificate, hashed by hashlib, and
    the sha256 its graph line claims."""
    lines = cert.split("\n")
    body = "".join(ln + "\n" for ln in lines if ln.startswith(("node ", "edge ")))
    claimed = re.search(r"^graph .* sha256 ([0-9a-f]{64})$", cert, re.M).group(1)
    return hashlib.sha256(body.encode()).hexdigest(), claimed


def test_sha256_agrees_with_hashlib():
    """Graphs whose node and edge lines are 0 to a few thousand bytes
    long, across every padding case of the 64-byte blocks."""
    db = gg.connect()
    db.execute("CREATE TABLE edges(graph_id, src, dst)")
    rng = random.Random(5)
    for gid in range(60):
        n = 3 + gid % 20
        rows = gg.random_edges(rng, n, rng.random() * 0.6) + [(0, 1), (1, 2)]
        gg.store(db, gid, rows)
        cert = db.execute("SELECT race_certificate(?, 0, 1, 2)", (gid,)).fetchone()[0]
        mine, claimed = graph_lines_sha(cert)
        assert mine == claimed, gid


def catmouse_cases(rng, count, directed=False):
    """(rows, holes, mouse, cat, turn) of random graphs, relabelled."""
    out = []
    while len(out) < count:
        n = rng.randrange(3, 9)
        rows = gg.random_edges(rng, n, rng.choice([0.25, 0.4, 0.6]))
        holes = rng.sample(range(n), rng.choice([1, 1, 2]))
        m = rng.randrange(n)
        c = rng.choice([v for v in range(n) if v not in holes])
        rows, lab = relabel(rng, rows + [(0, n - 1)], range(n))
        out.append((rows, [lab[h] for h in holes], lab[m], lab[c],
                    rng.choice(["mouse", "cat"]), directed))
    return out


def test_catmouse_certificates_check_and_match_the_brute_force():
    rng = random.Random(913)
    db = gg.connect()
    certs = []
    cases = catmouse_cases(rng, 40) + catmouse_cases(rng, 20, directed=True)
    for i, (rows, holes, m, c, turn, directed) in enumerate(cases):
        gg.store(db, i, rows)
        touched = {x for r in rows for x in r}
        iso = [v for v in set(holes) | {m, c} if v not in touched]
        rules = json.dumps({"hole": holes, "mouse": m, "cat": c, "turn": turn,
                            "directed": directed, "isolated": iso})
        cert = db.execute("SELECT catmouse_certificate(?, 'edges', ?)", (i, rules)).fetchone()[0]
        outcome, _ = gg.catmouse_brute(rows, holes, directed, (m, c))[(m, c, turn)]
        assert claim_of(cert) == {1: "win 0", 2: "win 1", 0: "draw"}[outcome], (i, rows)
        certs.append(cert)
    assert {claim_of(c) for c in certs} == {"win 0", "win 1", "draw"}
    verified(certs)


def test_race_certificates_check_and_match_the_brute_force():
    rng = random.Random(6963)
    db = gg.connect()
    certs = []
    for i in range(50):
        n = rng.randrange(2, 8)
        directed = i % 3 == 2
        rows = gg.random_edges(rng, n, rng.choice([0.2, 0.4])) + [(v, v + 1) for v in range(n - 1)]
        x, y, z = (rng.randrange(n) for _ in range(3))
        rows, lab = relabel(rng, rows + [(0, n - 1)], range(n))
        x, y, z = lab[x], lab[y], lab[z]
        gg.store(db, i, rows)
        cert = db.execute("SELECT race_certificate(?, ?, ?, ?, 'edges', ?)",
                          (i, x, y, z, '{"directed": %s}' % ("true" if directed else "false"))
                          ).fetchone()[0]
        outcome, _ = gg.race_brute(rows, z, directed)[(x, y, "alice")]
        assert claim_of(cert) == {1: "win 0", 3: "win 1", 2: "draw"}[outcome], (i, rows, x, y, z)
        certs.append(cert)
    assert {claim_of(c) for c in certs} == {"win 0", "win 1", "draw"}
    verified(certs)


def test_cops_certificates_check_and_give_the_capture_time():
    """k = 1, 2, 3 on random connected graphs, plain, lazy and directed:
    the claim is a win exactly when capture_time is not NULL, and the
    checker's rounds are capture_time."""
    rng = random.Random(1983)
    db = gg.connect()
    certs, times = [], []
    for i in range(36):
        n = rng.randrange(3, 9)
        rows = gg.random_edges(rng, n, rng.choice([0.3, 0.5])) + [(v, v + 1) for v in range(n - 1)]
        rows, _ = relabel(rng, rows)
        k = 1 + i % 3
        rules = ['{}', '{"lazy": true}', '{"directed": true}'][i % 4 % 3]
        gg.store(db, i, rows)
        cert, t = db.execute("SELECT cops_certificate(?, ?, 'edges', ?), capture_time(?, ?, 'edges', ?)",
                             (i, k, rules, i, k, rules)).fetchone()
        assert claim_of(cert) == ("win 0" if t is not None else "safe 1"), (i, rows, k, rules)
        certs.append(cert)
        times.append(t)
    lines = verified(certs)
    for line, t in zip(lines, times):
        if t is None:
            assert "escapes" in line, line
        else:
            assert re.search(r"within %d rounds?\b" % t, line), (line, t)
    assert None in times and any(t for t in times)


def test_cop_number_is_certified_by_two_certificates():
    """cops_certificate(g, c) and (g, c - 1) on the Petersen graph: the
    checker says the cop number is 3."""
    db = gg.connect()
    db.execute("CREATE TABLE edges(graph_id, src, dst)")
    db.execute("INSERT INTO edges SELECT 1, src, dst FROM graph_petersen()")
    c = db.execute("SELECT cop_number(1)").fetchone()[0]
    assert c == 3
    lines = verified([db.execute("SELECT cops_certificate(1, ?)", (k,)).fetchone()[0]
                      for k in (c, c - 1)])
    assert any(re.match(r"verified: the cop number is 3\b", ln) for ln in lines), lines


def test_the_limit_on_rows_is_an_error_naming_it():
    db = gg.connect()
    db.execute("CREATE TABLE edges(graph_id, src, dst)")
    db.execute("INSERT INTO edges SELECT 1, src, dst FROM graph_petersen()")
    assert db.execute("SELECT graphgame_limit('max_certificate_rows', 100)").fetchone()[0] \
        == 10000000
    assert gg.err(db, "SELECT cops_certificate(1, 2)") == (
        "graphgame: cops_certificate: the certificate passed 101 rows, the limit of"
        " graphgame_limit('max_certificate_rows'); raise it, for example with"
        " SELECT graphgame_limit('max_certificate_rows', 404)")
    assert db.execute("SELECT graphgame_limit('max_certificate_rows', 1000)").fetchone()[0] == 100
    assert db.execute("SELECT length(cops_certificate(1, 2)) > 0").fetchone()[0] == 1
    assert gg.err(db, "SELECT graphgame_limit('max_certificate_rows', 0)") == (
        "graphgame: graphgame_limit: max_certificate_rows must be a positive integer"
        " (every certificate has a row), got 0")


def test_variants_the_checker_does_not_know_are_refused():
    db = gg.connect()
    db.execute("CREATE TABLE edges(graph_id, src, dst)")
    db.execute("INSERT INTO edges SELECT 1, src, dst FROM graph_cycle(6)")
    for key, val in (("distance", 1), ("robber_speed", 2), ("surround", "true")):
        assert gg.err(db, "SELECT cops_certificate(1, 1, 'edges', '{\"%s\": %s}')" % (key, val)) \
            == ('graphgame: cops_certificate: the rules key "%s" is not covered by certificates'
                ' (the checker knows the plain, lazy and directed games); leave it out' % key)


def test_a_start_that_is_no_position_is_an_error():
    db = gg.connect()
    db.execute("CREATE TABLE edges(graph_id, src, dst)")
    db.execute("INSERT INTO edges SELECT 1, src, dst FROM graph_cycle(6)")
    assert gg.err(db, "SELECT catmouse_certificate(1, 'edges', '{\"hole\": 2}')") == (
        "graphgame: catmouse_certificate: the start is not a position: the cat may not start"
        " on a hole")


def test_an_interrupted_certificate_leaves_the_connection_usable():
    """A draw on a cycle of 1,500 nodes with the hole cut off: each
    player's safe set holds millions of rows; sqlite3_interrupt stops the
    walk (the solve is cached first)."""
    db = gg.connect()
    db.execute("CREATE TABLE edges(graph_id, src, dst)")
    db.execute("INSERT INTO edges SELECT 1, src, dst FROM graph_cycle(1500)")
    db.execute("SELECT graphgame_limit('max_certificate_rows', 1000000000)")
    rules = '{"hole": -1, "isolated": [-1]}'
    assert db.execute("SELECT catmouse(1, 'edges', ?)", (rules,)).fetchone()[0] == 0
    t = {}

    def stop():
        time.sleep(0.2)
        t["at"] = time.time()
        db.interrupt()
    th = threading.Thread(target=stop)
    th.start()
    e = gg.err(db, "SELECT length(catmouse_certificate(1, 'edges', ?))", rules)
    took = time.time() - t.get("at", time.time())
    th.join()
    assert e is not None and e.startswith(
        "graphgame: catmouse_certificate: interrupted while writing the certificate ("), e
    assert db.execute("SELECT catmouse(1, 'edges', ?)", (rules,)).fetchone()[0] == 0
    return gg.stopped_in(took)


def test_mutated_real_certificates_are_rejected():
    """A cops win on the 5-cycle, a draw of cat and mouse: a changed move,
    a row dropped, plies raised, an edge added: each rejected, naming a
    line."""
    db = gg.connect()
    db.execute("CREATE TABLE edges(graph_id, src, dst)")
    db.execute("INSERT INTO edges SELECT 1, src, dst FROM graph_cycle(5)")
    db.executemany("INSERT INTO edges VALUES (2, ?, ?)",
                   [(0, 2), (0, 5), (1, 3), (2, 4), (2, 5), (3, 4), (3, 5)])
    cops = db.execute("SELECT cops_certificate(1, 2)").fetchone()[0]
    draw = db.execute("SELECT catmouse_certificate(2)").fetchone()[0]
    assert claim_of(cops) == "win 0" and claim_of(draw) == "draw"
    verified([cops, draw])

    def mutate(cert, pattern, repl):
        new = re.sub(pattern, repl, cert, count=1, flags=re.M)
        assert new != cert, pattern
        return new
    bad = [
        mutate(cops, r"^(cops \S+ \d+ \d+) (\S+)$", lambda m: m.group(1) + " " +
               ",".join(str((int(x) + 2) % 5) for x in m.group(2).split(","))),  # illegal move
        mutate(cops, r"^robber .*\n", ""),                                       # a reply missing
        mutate(cops, r"^(cops \S+ \d+) 1 ", r"\1 0 "),                            # plies do not fall
        mutate(cops, r"^edge 0 1$", "edge 0 2"),                                 # the graph changed
        mutate(draw, r"^claim draw$", "claim win 0"),                            # an unsupported claim
        mutate(draw, r"^(mouse (\d+) \d+ -) (\d+)$", lambda m: m.group(1) + " " +
               m.group(2)),                                                      # no such edge
    ]
    for i, cert in enumerate(bad):
        rc, lines = check([cert])
        assert rc == 1 and re.match(r"rejected: line \d+: ", lines[0]), (i, lines)


def test_game_solve_certificates_of_every_position():
    """Random games of 4 to 14 positions (ids integers or texts, extra
    turns, loops, finished positions with moves out of them): the
    certificate of every position checks, and its claim is the value of
    gg.force_win."""
    rng = random.Random(1728)
    db = gg.connect()
    certs, claims = [], []
    for g in range(25):
        n = rng.randrange(4, 15)
        ids = [rng.choice([i, "p%d" % i]) for i in range(n)]
        player = [rng.randrange(2) for _ in range(n)]
        result = [rng.choice([None] * 6 + ["win", "loss", "draw"]) for _ in range(n)]
        moves = sorted({(rng.randrange(n), rng.randrange(n)) for _ in range(rng.randrange(n, 3 * n))})
        db.execute("DROP TABLE IF EXISTS p")
        db.execute("DROP TABLE IF EXISTS m")
        db.execute("CREATE TABLE p(position, player, result)")
        db.execute("CREATE TABLE m(position, next)")
        db.executemany("INSERT INTO p VALUES (?, ?, ?)", zip(ids, player, result))
        db.executemany("INSERT INTO m VALUES (?, ?)", [(ids[a], ids[b]) for a, b in moves])
        succ = {i: [b for a, b in moves if a == i] for i in range(n)}

        def winner_at(i):
            if result[i] == "draw":
                return "draw"
            if result[i] is not None:
                return player[i] if result[i] == "win" else 1 - player[i]
            return None if succ[i] else 1 - player[i]
        best = gg.force_win(range(n), winner_at, lambda i: player[i], lambda i: succ[i], None)
        for i in range(n):
            certs.append(db.execute("SELECT game_solve_certificate('p', 'm', ?)",
                                    (ids[i],)).fetchone()[0])
            want = "win %d" % best[i][0] if i in best else "draw"
            assert claim_of(certs[-1]) == want, (g, i)
            claims.append(want)
    assert {"win 0", "win 1", "draw"} <= set(claims)
    verified(certs)


def test_game_solve_certificate_errors():
    db = gg.connect()
    db.execute("CREATE TABLE p(position, player, result)")
    db.execute("CREATE TABLE m(position, next)")
    db.execute("INSERT INTO p VALUES (1, 0, NULL), (2, 1, 'loss')")
    db.execute("INSERT INTO m VALUES (1, 2)")
    assert claim_of(db.execute("SELECT game_solve_certificate('p', 'm', 1.0)").fetchone()[0]) \
        == "win 0"
    assert gg.err(db, "SELECT game_solve_certificate('p', 'm', '1')") == (
        "graphgame: game_solve_certificate: the position '1' is not in table \"p\" (ids keep"
        " their type: 1 and '1' differ)")
    assert gg.err(db, "SELECT game_solve_certificate(NULL, 'm', 1)") == (
        "graphgame: game_solve_certificate: the positions and moves arguments name two tables,"
        " and must not be NULL")
    assert gg.err(db, "SELECT game_solve_certificate('nope', 'm', 1)").startswith("graphgame: ")


def test_every_start_of_small_graphs_and_named_graphs():
    """Every start (mouse, cat, turn) of cat and mouse and every (x, y) of
    the race on a few small random graphs, and k = c and c - 1 cops on
    named graphs: every certificate checks, its claim is the brute
    force's, and the checker names the cop number."""
    import named_graphs
    rng = random.Random(44)
    db = gg.connect()
    certs = []
    for g in range(3):
        n = 5
        rows = gg.random_edges(rng, n, 0.45) + [(v, v + 1) for v in range(n - 1)]
        gg.store(db, g, rows)
        cm = gg.catmouse_brute(rows, (0,), False, ())
        race = gg.race_brute(rows, 0)
        for (m, c, turn), (outcome, _) in sorted(cm.items()):
            cert = db.execute("SELECT catmouse_certificate(?, 'edges', ?)", (g, json.dumps(
                {"mouse": m, "cat": c, "turn": turn}))).fetchone()[0]
            assert claim_of(cert) == {1: "win 0", 2: "win 1", 0: "draw"}[outcome], (g, m, c, turn)
            certs.append(cert)
        for x in range(n):
            for y in range(n):
                cert = db.execute("SELECT race_certificate(?, ?, ?, 0)", (g, x, y)).fetchone()[0]
                assert claim_of(cert) == {1: "win 0", 3: "win 1", 2: "draw"}[
                    race[(x, y, "alice")][0]], (g, x, y)
                certs.append(cert)
    names = ["Petersen", "Heawood", "dodecahedron", "Q4", "GP(7,2)", "GP(8,3)"]
    for i, name in enumerate(names):
        gg.store(db, 100 + i, named_graphs.NAMED[name][0]())
        c = db.execute("SELECT cop_number(?)", (100 + i,)).fetchone()[0]
        certs += [db.execute("SELECT cops_certificate(?, ?)", (100 + i, k)).fetchone()[0]
                  for k in (c, c - 1)]
    lines = verified(certs)
    assert sum(ln.startswith("verified: the cop number is") for ln in lines) == len(names)


def test_cops_certificates_from_a_position_the_rules_name():
    """The rules' "cops", "robber" and "turn" name the start: a win's
    plies are the brute force's (gg.cops_brute, ordered cop tuples), an
    escape is an escape; "cops" alone starts with the robber to place."""
    rng = random.Random(4410)
    db = gg.connect()
    certs, want = [], []
    for i in range(12):
        n = rng.randrange(4, 8)
        rows = gg.random_edges(rng, n, 0.35) + [(v, v + 1) for v in range(n - 1)]
        k = 1 + i % 2
        gg.store(db, i, rows)
        brute = gg.cops_brute(rows, k)
        for _ in range(4):
            cops = [rng.randrange(n) for _ in range(k)]
            r, turn = rng.randrange(n), rng.choice(["cops", "robber"])
            rules = json.dumps({"cops": cops, "robber": r, "turn": turn})
            certs.append(db.execute("SELECT cops_certificate(?, ?, 'edges', ?)",
                                    (i, k, rules)).fetchone()[0])
            want.append(brute[(tuple(cops), r, turn)])
        certs.append(db.execute("SELECT cops_certificate(?, ?, 'edges', ?)",
                                (i, k, json.dumps({"cops": cops}))).fetchone()[0])
        want.append("place")
    lines = verified(certs)
    for line, w in zip(lines, want):
        if w == "place":
            assert "the robber to place" in line, line
        elif w is None:
            assert line.startswith("verified: the robber escapes"), (line, w)
        else:
            assert re.search(r" win.* within %d pl(y|ies)$" % w, line), (line, w)
    assert gg.err(db, "SELECT cops_certificate(0, 2, 'edges', '{\"cops\": [0]}')") == (
        'graphgame: cops_certificate: rules: "cops" must name k = 2 nodes (a node once for each'
        ' of the cops on it), got 1')
