"""game_solve(positions, moves): the extension against a brute force
written here, on many random games and on games with known answers
(tic-tac-toe, subtraction games in closed form, cat and mouse as rows).

The brute force is plain value iteration over the explicit game: for each
player P, the set of positions where P can force a win within k plies,
for k = 0, 1, 2, ... until it stops growing.  No queue, no counters.
"""
import os
import random
import sqlite3
import re
import threading
from functools import lru_cache

import gg

OUTCOMES = ("win", "loss", "draw")


def brute(pos, moves):
    """pos: {id: (player, result)}; moves: (a, b) pairs.  Returns
    {id: (outcome for the player to move, plies or None)}."""
    succ = {p: set() for p in pos}
    for a, b in moves:
        if pos[a][1] is None:          # moves out of finished positions do not count
            succ[a].add(b)

    def finished(p):
        """(True, winner or None) at a finished position, else (False, None)."""
        player, result = pos[p]
        if result == "win":
            return True, player
        if result == "loss":
            return True, 1 - player
        if result == "draw":
            return True, None
        if not succ[p]:
            return True, 1 - player    # no move: the mover loses at once
        return False, None

    level = []
    for P in (0, 1):
        won = {p: 0 for p in pos if finished(p) == (True, P)}
        k = 0
        while True:
            k += 1
            new = {}
            for p in pos:
                if p in won or finished(p)[0]:
                    continue
                if pos[p][0] == P:
                    ok = any(c in won for c in succ[p])
                else:
                    ok = all(c in won for c in succ[p])
                if ok:
                    new[p] = k
            if not new:
                break
            won.update(new)
        level.append(won)
    out = {}
    for p, (player, _) in pos.items():
        if p in level[player]:
            out[p] = ("win", level[player][p])
        elif p in level[1 - player]:
            out[p] = ("loss", level[1 - player][p])
        else:
            out[p] = ("draw", None)
    return out, succ


def store_game(db, pos, moves, ptab="positions", mtab="moves", order=None):
    db.execute('DROP TABLE IF EXISTS "%s"' % ptab)
    db.execute('DROP TABLE IF EXISTS "%s"' % mtab)
    db.execute('CREATE TABLE "%s"(position, player, result)' % ptab)
    db.execute('CREATE TABLE "%s"(position, next)' % mtab)
    order = order or list(pos)
    db.executemany('INSERT INTO "%s" VALUES (?,?,?)' % ptab,
                   [(p, pos[p][0], pos[p][1]) for p in order])
    db.executemany('INSERT INTO "%s" VALUES (?,?)' % mtab, moves)


def solve(db, ptab="positions", mtab="moves"):
    return db.execute("SELECT position, outcome, plies, move FROM game_solve(?, ?)",
                      (ptab, mtab)).fetchall()


def check_game(db, pos, moves, order=None, what=""):
    """Every position's outcome and plies equal the brute force's; every
    move is legal and optimal; rows come in table order with their types."""
    store_game(db, pos, moves, order=order)
    want, succ = brute(pos, moves)
    rows = solve(db)
    order = order or list(pos)
    got_ids = [r[0] for r in rows]
    assert got_ids == order and [type(x) for x in got_ids] == [type(x) for x in order], (
        what, got_ids, order)
    got = {r[0]: r[1:] for r in rows}
    for p, (o, k, mv) in got.items():
        assert (o, k) == want[p], "%s position %r: got %r want %r\npos=%r\nmoves=%r" % (
            what, p, (o, k), want[p], pos, moves)
        player, result = pos[p]
        if result is not None or not succ[p]:
            assert mv is None, (what, p, mv)
            continue
        assert mv in succ[p] and type(mv) is type(next(c for c in succ[p] if c == mv)), (
            what, p, mv, succ[p])
        co, ck = want[mv]
        same = pos[mv][0] == player
        if o == "draw":
            assert co == "draw", (what, p, mv)
        else:
            mine = (co == o) if same else (co != o and co != "draw")
            assert mine and ck == k - 1, (what, p, o, k, mv, co, ck)


def random_ids(rng, n):
    style = rng.choice(["int", "text", "mixed", "wide"])
    ids = []
    seen = set()
    while len(ids) < n:
        kind = style if style != "mixed" else rng.choice(["int", "text"])
        if kind == "int":
            v = rng.randint(-3, 3 * n)
        elif kind == "wide":
            v = rng.choice([-1, 1]) * rng.randint(0, 2**63 - 1)
        else:
            v = rng.choice(["p%d" % rng.randint(0, 3 * n), str(rng.randint(0, 3 * n)),
                            "", "é%d" % rng.randint(0, 9), "a b\"'%d" % rng.randint(0, 9)])
        key = (type(v), v)
        if key not in seen:
            seen.add(key)
            ids.append(v)
    return ids


def random_game(rng):
    n = rng.randint(1, 24)
    ids = random_ids(rng, n)
    p_result = rng.choice([0.0, 0.1, 0.25, 0.5])
    pos = {}
    for p in ids:
        result = rng.choice(OUTCOMES) if rng.random() < p_result else None
        pos[p] = (rng.randint(0, 1), result)
    moves = []
    deg_choices = rng.choice([[0, 1, 1, 2], [1, 2, 3], [0, 1, 2, 3, 4, 6], [1]])
    for p in ids:
        for _ in range(rng.choice(deg_choices)):
            moves.append((p, p if rng.random() < 0.1 else rng.choice(ids)))
    for m in list(moves):
        if rng.random() < 0.1:
            moves.append(m)                 # repeated rows count once
    rng.shuffle(moves)
    order = list(ids)
    rng.shuffle(order)
    return pos, moves, order


def test_random_games_every_position():
    rng = random.Random(7)
    db = gg.connect()
    for i in range(600):
        pos, moves, order = random_game(rng)
        check_game(db, pos, moves, order, "game %d" % i)


def test_random_games_with_only_extra_turns_or_only_alternation():
    """The same player always, or the other always: both extremes."""
    rng = random.Random(11)
    db = gg.connect()
    for i in range(200):
        pos, moves, order = random_game(rng)
        if i % 2:
            pos = {p: (0, r) for p, (_, r) in pos.items()}
        else:
            # a bipartite game: moves only from player 0 to 1 and back
            moves = [(a, b) for a, b in moves if pos[a][0] != pos[b][0]]
        check_game(db, pos, moves, order, "game %d" % i)


def test_draw_cycles_and_long_plies():
    """A long path ending in a loss, with a cycle hanging off it."""
    db = gg.connect()
    n = 300
    pos = {i: (i % 2, None) for i in range(n)}
    moves = [(i, i + 1) for i in range(n - 1)]     # n-1 has no move: loses
    moves += [(100, 101), (101, 100), (50, 50)]
    check_game(db, pos, moves)
    got = {r[0]: r[1:3] for r in solve(db)}
    assert got[n - 1] == ("loss", 0) and got[200] == ("win", 99), got
    assert got[102] == ("win", 197) and got[101] == ("draw", None) == got[0], got


# --- subtraction games: take 1..k from n; the mover loses iff n % (k+1) == 0

SUBTRACTION_SQL = """
DROP TABLE IF EXISTS sub_positions;
DROP TABLE IF EXISTS sub_moves;
CREATE TABLE sub_positions AS
WITH RECURSIVE heap(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM heap WHERE n < :N),
     turn(t) AS (VALUES (0), (1))
SELECT 2 * n + t AS position, t AS player, NULL AS result FROM heap, turn;
CREATE TABLE sub_moves AS
WITH RECURSIVE take(j) AS (SELECT 1 UNION ALL SELECT j + 1 FROM take WHERE j < :k)
SELECT position, position - 2 * j + iif(player = 0, 1, -1) AS next
  FROM sub_positions, take WHERE position / 2 >= j;
"""


def test_subtraction_games_closed_form():
    db = gg.connect()
    N = 120
    for k in range(1, 8):
        for stmt in SUBTRACTION_SQL.split(";"):
            if stmt.strip():
                db.execute(stmt, {"N": N, "k": k} if ":" in stmt else {})
        rows = solve(db, "sub_positions", "sub_moves")
        assert len(rows) == 2 * (N + 1)
        for p, o, plies, mv in rows:
            n, t = divmod(p, 2)
            m, r = divmod(n, k + 1)
            if r == 0:
                assert (o, plies) == ("loss", 2 * m), (k, n, o, plies)
                if n == 0:
                    assert mv is None
                else:
                    assert 1 <= n - mv // 2 <= k and mv % 2 == 1 - t, (k, n, mv)
            else:
                assert (o, plies, mv) == ("win", 2 * m + 1, 2 * (n - r) + 1 - t), (
                    k, n, o, plies, mv)


# --- tic-tac-toe: the example file, against a minimax written here

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8),
         (0, 4, 8), (2, 4, 6)]


def ttt_line(b):
    return any(b[p] != "." and b[p] == b[q] == b[r] for p, q, r in LINES)


def ttt_children(b):
    mark = "x" if b.count("x") == b.count("o") else "o"
    return [b[:i] + mark + b[i + 1:] for i in range(9) if b[i] == "."]


@lru_cache(maxsize=None)
def ttt_value(b):
    """(outcome, plies) for the player to move: the winner hurries, the
    loser delays."""
    if ttt_line(b):
        return ("loss", 0)
    if "." not in b:
        return ("draw", None)
    kids = [ttt_value(c) for c in ttt_children(b)]
    wins = [k for o, k in kids if o == "loss"]
    if wins:
        return ("win", min(wins) + 1)
    if any(o == "draw" for o, _ in kids):
        return ("draw", None)
    return ("loss", max(k for _, k in kids) + 1)


def run_example(db, name):
    """Run the SQL of examples/<name> (dot-commands left out)."""
    path = os.path.join(gg.ROOT, "examples", name)
    text = "\n".join(l for l in open(path, encoding="utf-8").read().splitlines()
                     if not l.startswith("."))
    db.executescript(text)


def test_tictactoe_example():
    db = gg.connect()
    run_example(db, "tictactoe.sql")
    boards, stack = set(), ["........."]
    while stack:
        b = stack.pop()
        if b in boards:
            continue
        boards.add(b)
        if not ttt_line(b):
            stack.extend(ttt_children(b))
    rows = solve(db, "ttt_positions", "ttt_moves")
    got = {r[0]: r[1:] for r in rows}
    assert len(rows) == len(got) == len(boards) == 5478
    assert got["........."][:2] == ("draw", None)
    for b, (o, k, mv) in got.items():
        assert (o, k) == ttt_value(b), (b, o, k, ttt_value(b))
        if ttt_line(b) or "." not in b:
            assert mv is None, (b, mv)
            continue
        assert mv in ttt_children(b), (b, mv)
        co, ck = ttt_value(mv)
        if o == "draw":
            assert co == "draw", (b, mv)
        else:
            assert co != o and co != "draw" and ck == k - 1, (b, mv)


# --- cat and mouse as positions and moves, built from an edges table in SQL

CATMOUSE_SQL = """
DROP TABLE IF EXISTS cm_adj;
DROP TABLE IF EXISTS cm_state;
DROP VIEW IF EXISTS cm_positions;
DROP VIEW IF EXISTS cm_moves;
CREATE TABLE cm_adj AS
  SELECT src AS a, dst AS b FROM edges WHERE graph_id = :g
  UNION SELECT dst, src FROM edges WHERE graph_id = :g;
CREATE TABLE cm_state AS
  WITH node(v) AS (SELECT a FROM cm_adj UNION VALUES (0), (1), (2)),
       turn(t) AS (VALUES (0), (1))
  SELECT m.v AS m, c.v AS c, t FROM node m, node c, turn WHERE c.v <> 0;
CREATE VIEW cm_positions(position, player, result) AS
  SELECT m || ' ' || c || ' ' || t, t,
         CASE WHEN m = 0 THEN iif(t = 0, 'win', 'loss')
              WHEN m = c THEN iif(t = 1, 'win', 'loss') END
    FROM cm_state;
CREATE VIEW cm_moves(position, next) AS
  SELECT m || ' ' || c || ' 0', b || ' ' || c || ' 1'
    FROM cm_state JOIN cm_adj ON a = m WHERE t = 0
  UNION ALL
  SELECT m || ' ' || c || ' 1', m || ' ' || b || ' 0'
    FROM cm_state JOIN cm_adj ON a = c WHERE t = 1 AND b <> 0;
"""


def test_catmouse_as_rows_matches_catmouse_states():
    rng = random.Random(913)
    db = gg.connect()
    for gid in range(120):
        n = rng.randint(3, 10)
        rows = gg.random_edges(rng, n, rng.choice([0.2, 0.3, 0.5])) or [(0, 1)]
        gg.store(db, gid, rows)
        for stmt in CATMOUSE_SQL.split(";"):
            if stmt.strip():
                db.execute(stmt, {"g": gid} if ":g" in stmt else {})
        want = {}
        # the SQL above makes 0, 1 and 2 nodes: name those the rows lack
        for m, c, turn, o, plies in db.execute(
                "SELECT mouse, cat, turn, outcome, plies FROM catmouse_states(?, 'edges', ?)",
                (gid, gg.phantom_rules(rows))):
            want["%d %d %d" % (m, c, turn == "cat")] = (o, plies)
        got = {}
        for p, o, plies, _ in solve(db, "cm_positions", "cm_moves"):
            t = int(p.split()[2])
            code = 0 if o == "draw" else (1 + t if o == "win" else 2 - t)
            got[p] = (code, plies)
        assert got == want, (gid, rows, {p for p in got if got[p] != want.get(p)})


def example_results(db, name):
    """Run examples/<name> statement by statement (dot-commands left out):
    the rows of each statement that returns any columns, in order."""
    path = os.path.join(gg.ROOT, "examples", name)
    out, stmt = [], ""
    for line in open(path, encoding="utf-8").read().splitlines():
        if line.startswith("."):
            continue
        stmt += line + "\n"
        if sqlite3.complete_statement(stmt):
            cur = db.execute(stmt)
            rows = cur.fetchall()
            if cur.description:
                out.append(rows)
            stmt = ""
    assert not stmt.strip(), stmt
    return out


def test_game_solve_example():
    """examples/game_solve.sql: its checks print 0 disagreements, its
    losing piles are the closed form's, and its games, solved again here,
    agree with the closed form and with catmouse_states."""
    db = gg.connect()
    piles, sub_bad, start, cm = example_results(db, "game_solve.sql")
    assert piles == [(" ".join(str(n) for n in range(41) if n % 4 == 0),)]
    assert sub_bad == [(0,)]
    assert start == [("1 2 0", "draw", None, start[0][3])]
    assert cm == [(60, 60, 60, 0)]
    for p, o, plies, _ in solve(db, "sub_positions", "sub_moves"):
        n = int(p.split("/")[0])
        assert (o, plies) == (("loss" if n % 4 == 0 else "win"), 2 * (n // 4) + (n % 4 != 0))
    want = {}
    for m, c, turn, o, plies in db.execute(
            "SELECT mouse, cat, turn, outcome, plies FROM catmouse_states(1, 'cm_edges')"):
        want["%d %d %d" % (m, c, turn == "cat")] = (o, plies)
    got = {}
    for p, o, plies, _ in solve(db, "cm_positions", "cm_moves"):
        t = int(p.split()[2])
        got[p] = (0 if o == "draw" else (1 + t if o == "win" else 2 - t), plies)
    assert got == want and len(got) == 60


# --- statements, limits, interrupts

def test_each_statement_reads_each_table_once():
    """A join with game_solve on the inner side solves it once per cursor:
    the positions are read twice in all (one per cursor), not per row."""
    rng = random.Random(5)
    db = gg.connect()
    pos, moves, order = random_game(rng)
    while len(pos) < 15:
        pos, moves, order = random_game(rng)
    store_game(db, pos, moves, order=order)
    calls = [0]

    def seen(x):
        calls[0] += 1
        return x
    db.create_function("seen", 1, seen)
    db.execute("CREATE VIEW counted(position, player, result) AS"
               " SELECT position, seen(player), result FROM positions")
    rows = db.execute(
        "SELECT s.position, t.outcome, t.plies FROM game_solve('counted', 'moves') s"
        " JOIN game_solve('counted', 'moves') t ON t.position = s.move").fetchall()
    assert calls[0] == 2 * len(pos), (calls[0], len(pos))
    want, _ = brute(pos, moves)
    for p, o, k in rows:
        assert o == "draw" or k == want[p][1] - 1, (p, o, k)


def test_limit_counts_every_position():
    db = gg.connect()
    pos = {i: (i % 2, None) for i in range(10)}
    store_game(db, pos, [(i, i + 1) for i in range(9)])
    db.execute("SELECT graphgame_limit('max_positions', 10)")
    assert len(solve(db)) == 10
    db.execute("SELECT graphgame_limit('max_positions', 9)")
    try:
        solve(db)
    except Exception as e:
        assert str(e) == ('graphgame: game_solve: table "positions" has 10 positions,'
                          ' over the limit of 9 (see graphgame_limit)'), str(e)
    else:
        raise AssertionError("no error over the limit")


def test_interrupt_stops_a_solve():
    db = gg.connect()
    db.executescript("""
      CREATE TABLE positions AS
        WITH RECURSIVE c(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM c WHERE i < 399999)
        SELECT i AS position, i % 2 AS player, iif(i % 97 = 0, 'loss', NULL) AS result FROM c;
      CREATE TABLE moves AS
        SELECT position, (position * 7 + j * 1009) % 400000 AS next
          FROM positions, (SELECT 1 AS j UNION ALL SELECT 2 UNION ALL SELECT 3);
    """)
    done = threading.Event()

    def nag():
        while not done.is_set():
            db.interrupt()
            done.wait(0.002)
    t = threading.Thread(target=nag)
    t.start()
    try:
        db.execute("SELECT count(*) FROM game_solve('positions', 'moves')").fetchall()
    except Exception as e:
        assert re.search("interrupt", str(e)), str(e)
    else:
        raise AssertionError("not interrupted")
    finally:
        done.set()
        t.join()
    n = db.execute("SELECT count(*), sum(outcome = 'draw') >= 0"
                   " FROM game_solve('positions', 'moves')").fetchone()
    assert n == (400000, 1)


def test_the_reader_cannot_be_called_from_sql():
    """graphgame_rows, through which game_solve reads its tables, takes
    rows only from graphgame's own statements (its first argument is a
    pointer bound by the reader, which SQL cannot write); from SQL it
    fails, whatever its arguments."""
    db = gg.connect()
    store_game(db, {1: (0, None), 2: (1, 'loss')}, [(1, 2)])
    want = ("graphgame: graphgame_rows is how graphgame reads tables;"
            " it cannot be called from SQL")
    for sql in ("SELECT graphgame_rows()", "SELECT graphgame_rows(1, 2, 3)",
                "SELECT graphgame_rows(NULL, position, player, result) FROM positions",
                "SELECT graphgame_rows(x'00', position, next) FROM moves"):
        try:
            db.execute(sql).fetchall()
        except sqlite3.Error as e:
            assert str(e) == want, (sql, str(e))
        else:
            raise AssertionError("no error: " + sql)
    assert db.execute("SELECT graphgame_rows(1) FROM positions WHERE 0").fetchall() == [(None,)]
    assert solve(db) == [(1, "win", 1, 2), (2, "loss", 0, None)], solve(db)


def test_moves_grouped_by_source_and_not():
    """Moves that come grouped by ascending source (in the positions'
    table order) are kept as targets and counts; the first move out of
    that order turns them into pairs.  Every case solves as the brute
    force says: sorted, sorted but for one move anywhere, sorted with
    sources skipped, and shuffled."""
    rng = random.Random(15)
    db = gg.connect()
    for i in range(150):
        pos, moves, order = random_game(rng)
        rank = {(type(p), p): k for k, p in enumerate(order)}
        by_source = sorted(moves, key=lambda m: rank[(type(m[0]), m[0])])
        cases = [by_source, list(reversed(by_source)), moves]
        if len(by_source) > 1:
            k = rng.randrange(len(by_source))
            late = by_source[:k] + by_source[k + 1:] + [by_source[k]]
            j = rng.randrange(len(by_source) - 1)
            swapped = list(by_source)
            swapped[j], swapped[j + 1] = swapped[j + 1], swapped[j]
            cases += [late, swapped]
        for c in cases:
            check_game(db, pos, c, order=order, what="game %d" % i)


def test_big_moves_by_source_cross_blocks():
    """Moves by source over several blocks (131,072 targets each), then
    one out of order at the end (all of them turned into pairs) or none:
    the same rows as the same moves shuffled."""
    db = gg.connect()
    db.executescript("""
      CREATE TABLE positions AS
        WITH RECURSIVE c(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM c WHERE i < 99999)
        SELECT i AS position, i % 2 AS player, iif(i % 89 = 0, 'loss', NULL) AS result FROM c;
      CREATE TABLE sorted AS
        SELECT position, (position * 7919 + j * 104729) % 100000 AS next
          FROM positions, (SELECT 1 AS j UNION ALL SELECT 2 UNION ALL SELECT 3)
          ORDER BY position, j;
      CREATE TABLE late AS SELECT * FROM sorted WHERE rowid > 1 UNION ALL
        SELECT * FROM sorted WHERE rowid = 1;
      CREATE TABLE shuffled AS SELECT * FROM sorted ORDER BY random();
    """)
    q = "SELECT position, outcome, plies, move FROM game_solve('positions', ?)"
    want = db.execute(q, ("shuffled",)).fetchall()
    assert len(want) == 100000 and len({r[1] for r in want}) == 3, len(want)
    for t in ("sorted", "late"):
        assert db.execute(q, (t,)).fetchall() == want, t


def test_rows_by_outcome_come_in_order_without_a_sorter():
    """A scan ordered or grouped by outcome alone gets its rows in that
    order from the table (no temporary B-tree in the plan): the same rows
    as the plain scan, in table order within each outcome, both ways;
    with the move column too, and with other orders left to SQLite."""
    rng = random.Random(46)
    db = gg.connect()
    q = "SELECT position, outcome, plies, move FROM game_solve('positions', 'moves')"
    for i in range(150):
        pos, moves, order = random_game(rng)
        store_game(db, pos, moves, order=order)
        plain = db.execute(q).fetchall()
        rank = {o: j for j, o in enumerate(("draw", "loss", "win"))}
        for desc in ("", " DESC"):
            got = db.execute(q + " ORDER BY outcome" + desc).fetchall()
            want = sorted(plain, key=lambda r: rank[r[1]], reverse=bool(desc))
            if desc:                      # table order within an outcome, still
                want = [r for o in ("win", "loss", "draw") for r in plain if r[1] == o]
            assert got == want, (i, desc, got, want)
        counts = db.execute("SELECT outcome, count(*), sum(plies) FROM game_solve('positions',"
                            " 'moves') GROUP BY outcome").fetchall()
        want = [(o, sum(r[1] == o for r in plain),
                 sum(r[2] for r in plain if r[1] == o) if o != "draw" else None)
                for o in ("draw", "loss", "win") if any(r[1] == o for r in plain)]
        assert counts == want, (i, counts, want)
        both = db.execute(q + " ORDER BY outcome, plies DESC").fetchall()
        assert both == sorted(plain, key=lambda r: (rank[r[1]], -(r[2] or 0))), i
    for sql in (q + " ORDER BY outcome", q + " ORDER BY outcome DESC",
                "SELECT outcome, count(*) FROM game_solve('positions', 'moves') GROUP BY 1"):
        plan = " ".join(str(r[-1]) for r in db.execute("EXPLAIN QUERY PLAN " + sql))
        assert "TEMP B-TREE" not in plan, (sql, plan)
    plan = " ".join(str(r[-1]) for r in db.execute("EXPLAIN QUERY PLAN " + q + " ORDER BY plies"))
    assert "TEMP B-TREE" in plan, plan        # other orders: SQLite's sorter
