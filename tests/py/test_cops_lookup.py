"""Any position of a game of cops and robbers at hand (issue 44, section 4):
cops_states' row of `cops = v AND robber = r AND turn = t` picked directly
(v a JSON array of labels in any order and spacing: states.c's stPlace0,
cops_positions.c's gg_cops_place_nodes) against the row of the full scan,
on random and named graphs under random relabellings; cops_play from the
position the rules name ("cops", "robber", "turn") against the brute force
gg.cops_brute, move by move; the errors verbatim; interrupted and
over-limit lookups; and the limit's estimate of what the solve will hold
(ext/engine/cops/cops_hold.c) against the peak measured in a process of
its own, on Tutte's 12-cage and on graphs whose group is trivial."""
import itertools
import json
import math
import os
import random
import re
import sqlite3
import subprocess
import sys
import threading
import time

import gg
import named_graphs as N

ASAN = bool(os.environ.get("GG_PRELOAD"))   # make asan: the sanitizers' memory is no peak of ours


def relabelled(rng, rows, n, texts):
    """The graph of rows on 0..n-1 with random labels: distinct integers, or
    (texts) a mix with texts that need escaping in JSON."""
    pool = ["a", "B", 'say "hi"', "back\\slash", "\u00e9t\u00e9", "tab\tx", "7", "-3", "\u65e5"]
    labels = rng.sample(range(-50, 1000), n)
    if texts:
        for i in rng.sample(range(n), min(n, rng.randint(1, len(pool)))):
            labels[i] = pool.pop(rng.randrange(len(pool)))
    return [(labels[a], labels[b]) for a, b in rows], labels


def json_of(rng, labels):
    """A JSON array of labels in a random order, with random spacing and
    escaping."""
    labels = list(labels)
    rng.shuffle(labels)
    sp = lambda: rng.choice(["", " ", "  ", "\n", "\t "])        # noqa: E731
    items = [json.dumps(x, ensure_ascii=rng.random() < 0.5) for x in labels]
    return sp() + "[" + sp() + (sp() + "," + sp()).join(items) + sp() + "]" + sp()


def scan(db, gid, k, rules=None):
    """Every row of cops_states, by (the cops as a sorted tuple, robber, turn)."""
    out = {}
    for row in db.execute("SELECT * FROM cops_states(?, ?, 'edges', ?)", (gid, k, rules)):
        out[(tuple(json.loads(row[0])), row[1], row[2])] = row
    return out


def check_lookups(db, rng, gid, k, labels, tries, rules=None):
    rows = scan(db, gid, k, rules)
    confs = sorted({key[0] for key in rows}, key=repr)
    q = "SELECT * FROM cops_states(?, ?, 'edges', ?) WHERE cops = ? AND robber = ? AND turn = ?"
    for _ in range(tries):
        conf = rng.choice(confs)
        r = rng.choice(labels)
        t = rng.choice(["cops", "robber"])
        got = db.execute(q, (gid, k, rules, json_of(rng, conf), r, t)).fetchall()
        assert got == [rows[(conf, r, t)]], (gid, k, conf, r, t, got)
    # only the cops pinned: the configuration's rows, in the scan's order
    conf = rng.choice(confs)
    got = db.execute("SELECT * FROM cops_states(?, ?, 'edges', ?) WHERE cops = ?",
                     (gid, k, rules, json_of(rng, conf))).fetchall()
    assert got == [row for key, row in rows.items() if key[0] == conf], (gid, k, conf)
    # IN (each place once, however many values name it), and a join whose
    # other table holds the values: each its row
    some = [rng.choice(confs) for _ in range(3)]
    r = rng.choice(labels)
    got = db.execute("SELECT * FROM cops_states(?, ?, 'edges', ?) WHERE cops IN (?, ?, ?)"
                     " AND robber = ? AND turn = 'robber'",
                     [gid, k, rules] + [json_of(rng, c) for c in some] + [r]).fetchall()
    assert sorted(got, key=repr) == sorted({rows[(c, r, "robber")] for c in some}, key=repr)
    db.execute("DROP TABLE IF EXISTS temp.want")
    db.execute("CREATE TEMP TABLE want(c)")
    db.executemany("INSERT INTO want VALUES (?)", [(json_of(rng, c),) for c in some])
    got = db.execute("SELECT s.* FROM want JOIN cops_states(?, ?, 'edges', ?) s ON s.cops = want.c"
                     " AND s.robber = ? AND s.turn = 'cops'", (gid, k, rules, r)).fetchall()
    assert sorted(got, key=repr) == sorted([rows[(c, r, "cops")] for c in some], key=repr)
    # `cops <> v`: every row of the other configurations
    conf = rng.choice(confs)
    got = db.execute("SELECT count(*) FROM cops_states(?, ?, 'edges', ?) WHERE cops <> ?",
                     (gid, k, rules, json_of(rng, conf))).fetchone()[0]
    assert got == len(rows) - 2 * len(labels), (gid, k, conf)
    # a label that is no node, or not k of them: no row (a WHERE that matches nothing)
    bad = [list(confs[0]) + [confs[0][0]], list(confs[0])[:-1], list(confs[0])[:-1] + [10**6],
           list(confs[0])[:-1] + ["no such node"]]
    for v in bad:
        assert db.execute(q, (gid, k, rules, json.dumps(v), labels[0], "cops")).fetchall() == [], v


def test_the_lookup_is_the_scanned_row():
    """Random graphs (integer and text labels, random relabellings) and named
    graphs (the symmetric solve), k = 1..3, both turns: the row of `cops =
    v AND robber = r AND turn = t` is the scan's, for v in any order and
    spacing; IN lists and joins too; `cops <>` excludes the multiset; labels
    that are no nodes or arrays of the wrong length give no row."""
    rng = random.Random(44)
    db = gg.connect()
    gid = 0
    for trial in range(10):
        n = rng.randint(3, 7)
        rows, labels = relabelled(rng, gg.random_edges(rng, n, 0.4) + [(0, 1)], n, trial % 2 == 1)
        used = sorted({x for r in rows for x in r}, key=repr)
        gid += 1
        gg.store(db, gid, rows)
        for k in (1, 2, 3):
            check_lookups(db, rng, gid, k, used, 12)
        check_lookups(db, rng, gid, 2, used, 6, json.dumps({"symmetry": False}))
    for name in ("Petersen", "Heawood", "Tutte-Coxeter", "Tutte 12-cage"):
        make, n = N.NAMED[name][0], N.NAMED[name][1]
        rows, labels = relabelled(rng, make(), n, name == "Heawood")
        gid += 1
        gg.store(db, gid, rows)
        for k in (1, 2, 3):
            if math.comb(n + k - 1, k) * n * 2 <= 60000:
                check_lookups(db, rng, gid, k, labels, 8)
                continue
            # too many rows to scan (the 12-cage with 3 cops: 86 million): the
            # lookup against the rows of the configuration alone
            for _ in range(4):
                conf = [rng.choice(labels) for _ in range(k)]
                canon = db.execute("SELECT * FROM cops_states(?, ?) WHERE cops = ?",
                                   (gid, k, json.dumps(conf))).fetchall()
                assert len(canon) == 2 * n and len({r[0] for r in canon}) == 1, canon[:2]
                assert sorted(json.loads(canon[0][0]), key=repr) == sorted(conf, key=repr)
                r = rng.choice(canon)
                got = db.execute("SELECT * FROM cops_states(?, ?) WHERE cops = ? AND robber = ?"
                                 " AND turn = ?", (gid, k, json_of(rng, conf), r[1], r[2])).fetchall()
                assert got == [r], (got, r)


def closed_nbr(rows):
    adj = gg.adjacency(rows)
    return {v: adj[v] | {v} for v in adj}


def legal_cops_move(nbr, before, after):
    return any(all(a in nbr[b] for b, a in zip(before, p)) for p in itertools.permutations(after))


def check_play(db, gid, rows, k, val, start, nbr):
    """cops_play from start (rules "cops", maybe "robber" and "turn")
    against the brute force: the robber's start (when chosen) his best
    answer, every move legal and optimal, plies the brute force's."""
    nodes = gg.sqlite_order(nbr)
    turn = start.get("turn", "cops")
    conf = tuple(gg.sqlite_order(start["cops"]))
    got = db.execute("SELECT ply, mover, from_node, to_node, cops, robber, outcome, plies, repeats"
                     " FROM cops_play(?, ?, 'edges', ?)", (gid, k, json.dumps(start))).fetchall()
    i = 0
    if "robber" in start:
        r = start["robber"]
    else:                                       # the robber's best answer
        ply, mover, frm, to, c, rob, outcome, plies, rep = got[0]
        assert (ply, mover, frm, json.loads(c), rep) == (1, "robber", None, list(conf), None), got[0]
        vals = [val[(conf, x, turn)] for x in nodes]
        best = None if None in vals else max(vals)
        r = to
        assert rob == r and val[(conf, r, turn)] == best and plies == best, (start, got[0], best)
        assert outcome == (0 if best is None else 1)
        i = 1
    pos = (conf, r, turn)
    seen = {pos: i}
    for row in got[i:]:
        ply, mover, frm, to, c, rob, outcome, plies, rep = row
        assert ply == i + 1 and mover == pos[2], (start, row)
        if mover == "cops":
            frm_l, to_l = json.loads(frm), json.loads(to)
            assert tuple(frm_l) == pos[0] and json.loads(c) == to_l, (start, row)
            assert legal_cops_move(nbr, frm_l, to_l), (start, row)
            nxt = (tuple(to_l), pos[1], "robber")
        else:
            assert frm == pos[1] and to in nbr[frm] and rob == to, (start, row)
            nxt = (pos[0], to, "cops")
        before, after = val[pos], val[nxt]
        if before is None:
            assert after is None, (start, row)          # escaping stays escaping
            if mover == "cops":
                assert nxt[0] == pos[0], (start, row)   # the cops stay
        else:
            assert after == before - 1, (start, row, before, after)
        assert plies == after and outcome == (0 if after is None else 1), (start, row)
        i += 1
        assert rep == seen.get(nxt), (start, row)
        seen.setdefault(nxt, i)
        pos = nxt
    assert val[pos] == 0 or (val[pos] is None and len(got) > 0 and got[-1][8] is not None) \
        or (len(got) == 0 and val[pos] == 0), (start, got)


def test_play_from_a_given_position_is_legal_and_optimal():
    """cops_play from the rules' "cops" (any order, repeats), with or
    without "robber", either "turn": move by move against gg.cops_brute on
    small random graphs (integer and text labels), k = 1..3."""
    rng = random.Random(4401)
    db = gg.connect()
    for trial in range(14):
        k = 1 + trial % 3
        n = rng.randint(3, 6 if k < 3 else 5)
        rows, labels = relabelled(rng, gg.random_edges(rng, n, 0.45) + [(0, 1)], n, trial % 2 == 0)
        gid = trial + 1
        gg.store(db, gid, rows)
        val = gg.cops_brute(rows, k)
        val = {(tuple(gg.sqlite_order(c)), r, t): v for (c, r, t), v in val.items()}
        nbr = closed_nbr(rows)
        nodes = gg.sqlite_order(nbr)
        for _ in range(6):
            start = {"cops": [rng.choice(nodes) for _ in range(k)]}
            if rng.random() < 0.5:
                start["robber"] = rng.choice(nodes)
            if rng.random() < 0.5:
                start["turn"] = rng.choice(["cops", "robber"])
            check_play(db, gid, rows, k, val, start, nbr)


ERRORS = [
    ("SELECT * FROM cops_states(1, 2) WHERE cops = '[0,1'",
     "graphgame: cops_states: cops = '[0,1' is not a JSON array of node labels: malformed JSON"
     " at byte 5: expected , or ]"),
    ("SELECT * FROM cops_states(1, 2) WHERE cops = '[0, 1] x'",
     "graphgame: cops_states: cops = '[0, 1] x' is not a JSON array of node labels: malformed"
     " JSON at byte 8: text after the array"),
    ("SELECT * FROM cops_states(1, 1) WHERE cops = '2'",
     "graphgame: cops_states: cops = '2' is not a JSON array of node labels: not an array"
     " (write '[2]')"),
    ("SELECT * FROM cops_states(1, 1) WHERE cops = 2",
     "graphgame: cops_states: cops = 2 is not a JSON array of node labels: an integer, not a"
     " text (write '[2]')"),
    ("SELECT * FROM cops_states(1, 2) WHERE cops = '[0, 1.5]' AND robber = 1",
     "graphgame: cops_states: cops = '[0, 1.5]' is not a JSON array of node labels: element 2"
     " is not a node label (an integer or a string), got 1.5"),
    ("SELECT * FROM cops_states(1, 2) WHERE cops <> '{\"a\": 1}'",
     "graphgame: cops_states: cops = '{\"a\": 1}' is not a JSON array of node labels: not an"
     " array"),
    ("SELECT * FROM cops_states(1, 2) WHERE cops = x'5b305d'",
     "graphgame: cops_states: cops = X'5B305D' is not a JSON array of node labels: a blob, not"
     " a text"),
    ("SELECT * FROM cops_play(1, 2, 'edges', '{\"cops\": [0]}')",
     "graphgame: cops_play: rules: \"cops\" must name k = 2 nodes (a node once for each of the"
     " cops on it), got 1"),
    ("SELECT * FROM cops_play(1, 1, 'edges', '{\"cops\": [9]}')",
     "graphgame: cops_play: the cops' start 9 is not a node of graph 1 in table \"edges\" (no row"
     " touches it; an isolated node is declared in the rules: '{\"isolated\": [9]}')"),
    ("SELECT * FROM cops_play(2, 1, 'edges', '{\"cops\": [\"javert\"]}')",
     "graphgame: cops_play: the cops' start 'javert' is not a node of graph 2 in table \"edges\""
     " (did you mean 'Javert'?)"),
    ("SELECT * FROM cops_play(1, 1, 'edges', '{\"cops\": [0], \"robber\": \"1\"}')",
     "graphgame: cops_play: the robber's start '1' is not a node of graph 1 in table \"edges\""
     " (the rows have 1, an integer: 1 and '1' are different nodes; store labels as integers,"
     " see sql/schema.sql, or CAST them)"),
    ("SELECT * FROM cops_play(1, 1, 'edges', '{\"robber\": 1}')",
     "graphgame: cops_play: rules: \"robber\" needs \"cops\" (the cops choose their start first):"
     " name it too, e.g. '{\"cops\": [0, 3], \"robber\": 5}'"),
    ("SELECT * FROM cops_play(1, 1, 'edges', '{\"turn\": \"robber\"}')",
     "graphgame: cops_play: rules: \"turn\" needs \"cops\" (the cops choose their start first):"
     " name it too, e.g. '{\"cops\": [0, 3], \"turn\": \"robber\"}'"),
    ("SELECT * FROM cops_play(1, 1, 'edges', '{\"cops\": [0], \"turn\": \"thief\"}')",
     "graphgame: cops_play: rules: \"turn\" must be \"cops\" or \"robber\", got \"thief\""),
    ("SELECT * FROM cops_play(1, 1, 'edges', '{\"cops\": []}')",
     "graphgame: cops_play: rules: \"cops\" must name at least 1 node, got []"),
    ("SELECT * FROM cops_states(1, 1, 'edges', '{\"cops\": [0]}')",
     "graphgame: cops_states: rules: \"cops\" names a start, and cops_states lists every"
     " position: pick one with WHERE cops = '[0,3]' AND robber = 5 AND turn = 'cops'"),
    ("SELECT cop_number(1, 'edges', '{\"robber\": 0}')",
     "graphgame: cop_number: rules: \"robber\" names a start, and cop_number plays from the"
     " cops' best one; cops_play plays from a start the rules name"),
    ("SELECT capture_time(1, 1, 'edges', '{\"turn\": \"cops\"}')",
     "graphgame: capture_time: rules: \"turn\" names a start, and capture_time plays from the"
     " cops' best one; cops_play plays from a start the rules name"),
    # the limit counts what the solve keeps: Tutte's 12-cage, 4 cops on orbits
    ("SELECT * FROM cops_states(3, 4) WHERE cops = '[0,1,2,3]'",
     "graphgame: cops_states: graph 3 in table \"edges\" has 126 nodes and needs about 1225596"
     " positions (k = 4 cops moving one at a time, up to the 12096 automorphisms of the graph:"
     " about 9727 states between their single moves and of the robber's turn x n robber nodes,"
     " n = 126; about 5 MB at the peak), over the limit of 40000 (see graphgame_limit)"),
    ("SELECT * FROM cops_play(3, 4, 'edges', '{\"cops\": [0, 1, 2, 3]}')",
     "graphgame: cops_play: graph 3 in table \"edges\" has 126 nodes and needs about 1225596"
     " positions (k = 4 cops moving one at a time, up to the 12096 automorphisms of the graph:"
     " about 9727 states between their single moves and of the robber's turn x n robber nodes,"
     " n = 126; about 5 MB at the peak), over the limit of 40000 (see graphgame_limit)"),
    # and the plain solve's when the group is trivial, the full game
    ("SELECT * FROM cops_states(1, 3)",
     "graphgame: cops_states: graph 1 in table \"edges\" has 3 nodes and needs 60 positions (2"
     " turns x C(n+k-1, k) placements of k = 3 cops x n robber nodes, n = 3; about 1 KB at the"
     " peak), over the limit of 40 (see graphgame_limit)"),
]


def test_errors_verbatim():
    """A value of `cops` that is no JSON array of labels is an error naming
    the column and the value; a start of cops_play that is wrong names the
    key and the fix; the limit's message counts the solve on orbits."""
    db = gg.connect()
    gg.store(db, 1, [(0, 1), (1, 2)])
    gg.store(db, 2, [("Javert", "Valjean"), ("Valjean", "Cosette")])
    gg.store(db, 3, N.NAMED["Tutte 12-cage"][0]())
    for sql, msg in ERRORS:
        db.execute("SELECT graphgame_limit('max_positions', ?)",
                   (40000 if "(3, 4" in sql else 40 if "(1, 3)" in sql else 10**9,))
        assert gg.err(db, sql) == msg, (sql, gg.err(db, sql), msg)
    db.execute("SELECT graphgame_limit('max_positions', 1000000000)")
    assert db.execute("SELECT count(*) FROM cops_states(1, 2) WHERE cops = NULL").fetchone()[0] == 0
    rows = [db.execute("SELECT * FROM cops_states(3, 3) WHERE cops = ? AND robber = 5"
                       " AND turn = 'cops'", (v,)).fetchall() for v in ("[2,1,0]", "[0, 2, 1]")]
    assert rows[0] == rows[1] and len(rows[0]) == 1 and rows[0][0][0] == "[0,1,2]", rows


def cage(db, gid=1):
    make, n = N.NAMED["Tutte 12-cage"][0], N.NAMED["Tutte 12-cage"][1]
    gg.store(db, gid, make())
    return n


def test_over_limit_and_interrupted_lookups_leave_the_connection_usable():
    """Tutte's 12-cage with 5 cops: over the limit, the lookup's error says
    what the solve on orbits would keep, and the same lookup answers once
    the limit is raised; an interrupted solve stops with the message of an
    interrupt, and the connection answers the next lookup (its row the same
    as cops_play's from that position)."""
    db = gg.connect()
    cage(db)
    q = ("SELECT plies, move FROM cops_states(1, 5) WHERE cops = ' [115, 30, 26, 4, 0]'"
         " AND robber = 40 AND turn = 'cops'")
    db.execute("SELECT graphgame_limit('max_positions', 10000000)")
    msg = gg.err(db, q)
    assert re.fullmatch(r'graphgame: cops_states: graph 1 in table "edges" has 126 nodes and needs'
                        r' about (\d+) positions \(k = 5 cops moving one at a time, up to the 12096'
                        r' automorphisms of the graph: about \d+ states between their single moves'
                        r' and of the robber\'s turn x n robber nodes, n = 126; about (\d+) MB at the'
                        r' peak\), over the limit of 10000000 \(see graphgame_limit\)', msg), msg
    pos = int(re.search(r"about (\d+) positions", msg).group(1))
    assert 2e7 < pos < 1e8, msg          # the solve keeps 5.55e7 (the full game: 7.2e10)
    db.execute("SELECT graphgame_limit('max_positions', 1000000000)")
    done = threading.Event()
    stop = {}

    def pester():
        time.sleep(0.1)
        stop["t"] = time.time()
        while not done.is_set():
            db.interrupt()
            time.sleep(0.005)

    th = threading.Thread(target=pester)
    th.start()
    try:
        msg = gg.err(db, q)
        stopped = time.time() - stop.get("t", time.time())
    finally:
        done.set()
        th.join()
    if msg is not None:            # (a machine fast enough may finish first)
        assert msg == 'graphgame: cops_states: interrupted while solving graph 1 in table "edges"' \
            ' for k = 5', msg
    assert db.execute("SELECT capture_time(1, 1)").fetchone()[0] is None
    row = db.execute(q).fetchone()
    assert row[0] == 7, row
    line = db.execute("SELECT ply, to_node, plies FROM cops_play(1, 5, 'edges',"
                      " '{\"cops\": [0, 4, 26, 30, 115], \"robber\": 40}')").fetchall()
    assert line[0] == (1, row[1], 6) and line[-1][2] == 0 and len(line) == 7, line
    return gg.stopped_in(stopped) if msg is not None else "the solve ended before the interrupt"


# The peak of one solve, measured in a process of its own: VmHWM after the
# query less VmHWM before it (the graph read, the extension loaded).
PEAK = r"""
import sqlite3, sys, json
def hwm():
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
db = sqlite3.connect(":memory:")
db.enable_load_extension(True)
db.load_extension(sys.argv[1])
rows, k, query = json.loads(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
db.execute("CREATE TABLE edges(graph_id, src, dst)")
db.executemany("INSERT INTO edges VALUES (1, ?, ?)", rows)
db.execute("SELECT count(*) FROM cops_states(1, 1) WHERE robber = -1").fetchall()
before = hwm()
db.execute(query).fetchall()
print(hwm() - before)
"""


def peak_and_estimate(rows, k, query):
    """The bytes measured at the peak of the query's solve, and the limit
    message's estimate (bytes: MB rounded up) of the same solve."""
    out = subprocess.run([sys.executable, "-c", PEAK, gg.EXT, json.dumps(rows), str(k), query],
                         capture_output=True, text=True, check=True).stdout
    db = gg.connect()
    gg.store(db, 1, rows)
    n = len({x for r in rows for x in r})
    db.execute("SELECT graphgame_limit('max_positions', ?)", (2 * n * n,))   # one cop's game
    msg = gg.err(db, "SELECT * FROM cops_states(1, ?)", k)
    m = re.search(r"about (\d+) (MB|KB) at the peak", msg)
    est = int(m.group(1)) << (20 if m.group(2) == "MB" else 10)
    return int(out), est, msg


def test_the_estimate_is_within_2x_of_the_measured_peak():
    """The limit's count of bytes at the peak (cops_hold.c) against the
    peak measured (VmHWM of a process that runs the solve), within a
    factor of 2: Tutte's 12-cage with 5 cops (on orbits), and two graphs
    whose group is trivial (the plain solve, and the cops one at a time).
    The memory is measured; no time is asserted (nor, under the
    sanitizers of `make asan`, the memory)."""
    notes = []
    rng = random.Random(7)
    cases = [("Tutte's 12-cage, k = 5", N.NAMED["Tutte 12-cage"][0](), 5, "12096 automorphisms")]
    # a path through every node and random chords: no symmetry (nauty says so)
    sparse = [(i, i + 1) for i in range(399)] + gg.random_edges(rng, 400, 0.004, 0, 0)
    dense = [(i, i + 1) for i in range(39)] + gg.random_edges(rng, 40, 0.1, 0, 0)
    cases.append(("a random graph of 400 nodes, k = 2 (plain)", sparse, 2, "placements"))
    cases.append(("a random graph of 40 nodes, k = 4 (one at a time)", dense, 4,
                  "one at a time: "))
    for what, rows, k, solve in cases:
        node = rows[0][0]
        peak, est, msg = peak_and_estimate(rows, k, "SELECT count(*) FROM cops_states(1, %d)"
                                           " WHERE robber = %d AND turn = 'cops' AND cops = '%s'"
                                           % (k, node, json.dumps([node] * k)))
        assert solve in msg, (what, msg)       # the solve meant
        if solve != "12096 automorphisms":     # the group is trivial: on orbits, dense layers
            db = gg.connect()
            gg.store(db, 1, rows)
            n = len({x for r in rows for x in r})
            db.execute("SELECT graphgame_limit('max_positions', ?)", (2 * n * n,))
            seq = gg.err(db, "SELECT * FROM cops_states(1, 2, 'edges', '{\"sequential\": true}')")
            assert "one at a time: " in seq and "automorphisms" not in seq, seq
        assert ASAN or est / 2 <= peak <= est * 2, (what, peak, est, msg)
        notes.append("%s: estimate %.1f MB, peak %.1f MB" % (what, est / 2**20, peak / 2**20))
    return "; ".join(notes)
