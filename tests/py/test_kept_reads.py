"""Kept reads (issue 14): the statement that reads an edge table is
prepared once per connection and table and reused.  A schema change
between two calls must give the right answer or the right error, never a
stale statement or a crash; a connection with kept reads must still
close."""
import sqlite3

import ecosystem as eco
import gg


def answer(db, sql):
    try:
        return db.execute(sql).fetchall()
    except sqlite3.Error as e:
        return str(e)


def test_schema_changes_between_calls():
    db = gg.connect()
    db.execute("CREATE TABLE edges(graph_id, src, dst)")
    db.executemany("INSERT INTO edges VALUES (1,?,?)", [(0, 2), (2, 1)])
    assert answer(db, "SELECT catmouse(1)") == [(2,)]
    # dropped and made again with other columns
    db.execute("DROP TABLE edges")
    db.execute("CREATE TABLE edges(graph_id, a, b)")
    assert answer(db, "SELECT catmouse(1)") == 'graphgame: catmouse: table "edges" has no column src'
    # made again with the right columns and other rows
    db.execute("DROP TABLE edges")
    db.execute("CREATE TABLE edges(graph_id, src, dst)")
    db.executemany("INSERT INTO edges VALUES (1,?,?)", [(0, 1), (2, 3)])
    assert answer(db, "SELECT catmouse(1)") == [(1,)]
    # renamed away: the name is gone; renamed back: it answers again
    db.execute("ALTER TABLE edges RENAME TO e2")
    assert answer(db, "SELECT catmouse(1)") == ('graphgame: catmouse: no such table or view:'
                                              ' "edges" (a WITH name cannot be read: use a view)')
    assert answer(db, "SELECT catmouse(1, 'e2')") == [(1,)]
    db.execute("ALTER TABLE e2 RENAME TO edges")
    assert answer(db, "SELECT catmouse(1)") == [(1,)]
    # a column renamed under the kept statement
    db.execute("ALTER TABLE edges RENAME COLUMN dst TO target")
    assert answer(db, "SELECT catmouse(1)") == 'graphgame: catmouse: table "edges" has no column dst'
    db.execute("ALTER TABLE edges RENAME COLUMN target TO dst")
    # a view in place of the table, and a temp table shadowing it
    db.execute("ALTER TABLE edges RENAME TO base")
    db.execute("CREATE VIEW edges AS SELECT graph_id, dst AS src, src AS dst FROM base")
    assert answer(db, "SELECT catmouse(1)") == [(1,)]
    db.execute("CREATE TEMP TABLE edges(graph_id, src, dst)")
    db.executemany("INSERT INTO temp.edges VALUES (1,?,?)", [(0, 2), (2, 1)])
    assert answer(db, "SELECT catmouse(1)") == [(2,)]


def test_many_tables_and_every_game_through_kept_reads():
    """More tables than reads are kept, each answer against the brute
    force, in a loop that reuses and evicts kept statements."""
    db = gg.connect()
    graphs = {"t%d" % i: [(0, 1 + i % 3), (1 + i % 3, 3), (3, 1), (2, 4), (4, 0)] for i in range(7)}
    for name, rows in graphs.items():
        db.execute('CREATE TABLE "%s"(graph_id, src, dst)' % name)
        db.executemany('INSERT INTO "%s" VALUES (1,?,?)' % name, rows)
    for _ in range(3):
        for name, rows in graphs.items():
            want = gg.catmouse_brute(rows)[(1, 2, "mouse")][0]
            assert answer(db, "SELECT catmouse(1, '%s')" % name) == [(want,)], name
            n = answer(db, "SELECT count(*) FROM race_states(1, 0, '%s')" % name)
            assert n == [(2 * 5 * 5,)], (name, n)


def test_the_cli_closes_a_connection_with_kept_reads():
    """sqlite3_close() refuses to close while a statement is unfinalized;
    the CLI prints an error if it cannot close (and a leak shows under
    make asan and make valgrind)."""
    sql = (".load dist/graphgame\nCREATE TABLE edges(graph_id, src, dst);\n"
           "INSERT INTO edges VALUES (1,0,2),(1,2,1);\nSELECT catmouse(1);\n"
           "SELECT race_game(1, 1, 2, 0);\n")
    p = eco.run([eco.SQLITE3, "-batch", ":memory:"], input=sql, cwd=eco.ROOT, leaks=True)
    assert p.returncode == 0 and p.stdout.split() == ["2", "3"] and p.stderr == "", (p.stdout, p.stderr)
