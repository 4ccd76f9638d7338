#!/usr/bin/python3
"""bench_calls.py: the cost of one call against the cost of reading its rows
(issue 14), every ratio measured in the same process and run.

`make bench` runs this.  Each figure is the median CPU time (this process:
the extension runs in it) of BENCH_REPEAT runs (default 5), of one SQL
statement on a database in memory, with the extension loaded:

  small graphs   10,000 random graphs of 3 to 20 nodes, edge probability
                 0.3, one graph id each, an index on edges(graph_id, src, dst):
                   read       SELECT count(*) FROM graphs g, edges e
                              WHERE e.graph_id = g.id
                   subquery   SQL's own read of each graph's src and dst, for
                              scale: SELECT sum((SELECT sum(src + dst) FROM
                              edges e WHERE e.graph_id = g.id)) FROM graphs g
                   catmouse   SELECT sum(catmouse(id)) FROM graphs
                   rules      the same with a rules argument, a hole per graph
                              (other games: catmouse stops when the start is
                              decided, so their cost differs), and with a
                              rules argument naming the default hole 0 (the
                              same games: the cost of the argument itself)
                   states     SELECT sum(s.outcome) FROM graphs g, catmouse_states(g.id) s
                   scan       the same rows from a plain table
  race games     10,000 race games in the contest's shape (bench_race.py):
                   read       SELECT count(*) FROM games g, edges e ...
                   race_game  SELECT sum(race_game(graph_id, x, y, z)) FROM games
  cached graph   one random graph of n nodes (degree 8), solved once:
                   read       SELECT count(*) FROM edges WHERE graph_id = 1
                   again      SELECT catmouse(1), answered from the cache

and prints each ratio next to the issue's target.  The textbook
comparison of the small graphs is in bench_catmouse.py.
"""
import os
import random
import sqlite3
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
EXT = os.environ.get("GG_EXT", os.path.join(ROOT, "dist", "graphgame"))   # GG_EXT: another build, to compare
REPEAT = int(os.environ.get("BENCH_REPEAT", "5"))
sys.path.insert(0, HERE)
import bench_race  # noqa: E402  (the contest's games)


def connect():
    db = sqlite3.connect(":memory:", isolation_level=None)
    db.enable_load_extension(True)
    db.load_extension(EXT)
    db.enable_load_extension(False)
    return db


def cpu(db, sql):
    """Median CPU seconds of the statement (and its first row)."""
    times, row = [], None
    for _ in range(REPEAT):
        t = time.process_time()
        row = db.execute(sql).fetchone()
        times.append(time.process_time() - t)
    return statistics.median(times), row


def small_graphs(db):
    rng = random.Random(14)
    db.execute("CREATE TABLE graphs(id INTEGER PRIMARY KEY, hole INTEGER)")
    db.execute("CREATE TABLE edges(graph_id INTEGER, src INTEGER, dst INTEGER)")
    for g in range(1, 10001):
        n = rng.randint(3, 20)
        rows = [(u, v) for u in range(n) for v in range(u + 1, n) if rng.random() < 0.3]
        rows += [(0, 0), (1, 1), (2, 2)]        # the default roles are nodes
        holes = [0] + [v for v in range(3, n) if any(v in r for r in rows)]   # nodes of the rows
        db.execute("INSERT INTO graphs VALUES (?, ?)", (g, rng.choice(holes)))
        db.executemany("INSERT INTO edges VALUES (?,?,?)", [(g, a, b) for a, b in rows])
    db.execute("CREATE INDEX edges_graph ON edges(graph_id, src, dst)")


def line(name, t, base_name, tb, target):
    print("  %-46s %7.3f s   %-10s %7.3f s   ratio %5.2f   (target %s)"
          % (name, t, base_name, tb, t / tb, target))


def bench_small():
    print("10,000 small graphs (3-20 nodes, p = 0.3), CPU time, median of %d:" % REPEAT)
    db = connect()
    small_graphs(db)
    t_read, _ = cpu(db, "SELECT count(*) FROM graphs g, edges e WHERE e.graph_id = g.id")
    t_sub, _ = cpu(db, "SELECT sum((SELECT sum(src + dst) FROM edges e WHERE e.graph_id = g.id))"
                       " FROM graphs g")
    t_cm, r1 = cpu(db, "SELECT sum(catmouse(id)) FROM graphs")
    t_rules, r2 = cpu(db, "SELECT sum(catmouse(id, 'edges', json_object('hole', hole))) FROM graphs")
    t_same, r5 = cpu(db, "SELECT sum(catmouse(id, 'edges', json_object('hole', 0))) FROM graphs")
    assert r5 == r1, (r5, r1)
    line("SELECT catmouse(id) FROM graphs", t_cm, "read", t_read, "<= 3")
    line("  (SQL's own read of src, dst graph by graph)", t_sub, "read", t_read, "none")
    line("  catmouse against that read", t_cm, "subquery", t_sub, "none")
    line("... with a rules argument (a hole per graph)", t_rules, "no rules", t_cm, "<= 1.10")
    line("... with a rules argument naming hole 0 (the same games)", t_same, "no rules", t_cm,
         "<= 1.10")
    db.execute("CREATE TABLE st AS SELECT s.* FROM graphs g, catmouse_states(g.id) s")
    t_st, r3 = cpu(db, "SELECT sum(s.outcome) FROM graphs g, catmouse_states(g.id) s")
    t_scan, r4 = cpu(db, "SELECT sum(outcome) FROM st")
    assert r3 == r4, (r3, r4)
    line("catmouse_states over all graphs (%d rows)" % db.execute(
        "SELECT count(*) FROM st").fetchone()[0], t_st, "scan", t_scan, "<= 3")


def bench_race_games():
    print("10,000 race games in the contest's shape:")
    db = connect()
    bench_race.build(db, random.Random(6963))
    t_read, _ = cpu(db, "SELECT count(*) FROM games g, edges e WHERE e.graph_id = g.graph_id")
    t_race, _ = cpu(db, "SELECT sum(race_game(graph_id, x, y, z)) FROM games")
    line("SELECT race_game(graph_id, x, y, z) FROM games", t_race, "read", t_read, "<= 3")


def bench_cached():
    print("a repeated call on an unchanged graph (answered from the cache):")
    for n in (1000, 10000):
        db = connect()
        db.execute("CREATE TABLE edges(graph_id INTEGER, src INTEGER, dst INTEGER)")
        rng = random.Random(n)
        rows = [(v, rng.randrange(v)) for v in range(1, n)]
        rows += [(rng.randrange(n), rng.randrange(n)) for _ in range(n * 3)]
        db.executemany("INSERT INTO edges VALUES (1,?,?)", rows)
        db.execute("CREATE INDEX edges_graph ON edges(graph_id, src, dst)")
        db.execute("SELECT graphgame_limit('max_positions', 1000000000)")
        db.execute("SELECT catmouse(1)").fetchone()          # solved once
        t_read, _ = cpu(db, "SELECT count(*), sum(src), sum(dst) FROM edges WHERE graph_id = 1")
        t_again, _ = cpu(db, "SELECT catmouse(1)")
        line("catmouse(1) again, n = %d, %d rows" % (n, len(rows)), t_again, "read", t_read,
             "<= 1.5")


if __name__ == "__main__":
    bench_small()
    bench_race_games()
    bench_cached()
