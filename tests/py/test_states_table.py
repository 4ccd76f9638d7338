"""The catmouse_states table as SQL sees it: the plan uses the equality
constraints, rows and catmouse() agree, and no call changes the database."""
import hashlib
import os
import random
import tempfile

import gg


def plan(db, sql):
    return " ".join(r[-1] for r in db.execute("EXPLAIN QUERY PLAN " + sql))


def test_equality_constraints_reach_the_table():
    """mouse, cat and turn constraints are passed to xFilter (idxNum bits
    0x01, 0x02, 0x04 plus the arguments) instead of being checked row by row."""
    db = gg.connect()
    gg.store(db, 1, [(0, 1), (1, 2), (2, 3)])
    p = plan(db, "SELECT * FROM catmouse_states(1) WHERE mouse = 1 AND cat = 2 AND turn = 'mouse'")
    assert "VIRTUAL TABLE INDEX 15:" in p, p       # 1|2|4 (pins) | 8 (graph id)
    p = plan(db, "SELECT * FROM catmouse_states(1) WHERE cat = 3")
    assert "VIRTUAL TABLE INDEX 10:" in p, p       # 2 (cat) | 8 (graph id)
    assert db.execute("SELECT count(*) FROM catmouse_states(1) WHERE cat = 3").fetchone()[0] == 8


def test_pinned_rows_equal_filtered_rows():
    """Rows chosen through constraints equal the same rows chosen by
    filtering a full scan (the + operator hides the constraint)."""
    rng = random.Random(5)
    db = gg.connect()
    rows = gg.random_edges(rng, 9, 0.3) + [(0, 1)]
    gg.store(db, 1, rows)
    for m in range(-1, 10):
        for t in ("mouse", "cat", "x"):
            a = db.execute("SELECT * FROM catmouse_states(1) WHERE mouse = ? AND turn = ?", (m, t)).fetchall()
            b = db.execute("SELECT * FROM catmouse_states(1) WHERE +mouse = ? AND +turn = ?", (m, t)).fetchall()
            assert sorted(a) == sorted(b), (m, t)


def test_changed_graph_is_seen_by_the_next_call():
    db = gg.connect()
    gg.store(db, 1, [(1, 0), (2, 3)])
    # the same call each time; the hole declared, so that it stays a node
    # (isolated) when its row goes
    sql = """SELECT catmouse(1, 'edges', '{"hole": 0, "isolated": 0}')"""
    assert db.execute(sql).fetchone()[0] == 1
    db.execute("DELETE FROM edges WHERE src = 1 AND dst = 0")
    db.execute("INSERT INTO edges VALUES (1, 1, 2)")
    assert db.execute(sql).fetchone()[0] == 2
    db.execute("INSERT INTO edges VALUES (1, 1, 1)")
    assert db.execute(sql).fetchone()[0] == gg.catmouse_brute(
        [(1, 2), (2, 3), (1, 1)])[(1, 2, "mouse")][0]
    db.execute("UPDATE edges SET src = 'one' WHERE src = 1 AND dst = 1")   # a text label
    assert db.execute(sql).fetchone()[0] == gg.catmouse_brute(
        [(1, 2), (2, 3), ("one", 1)])[(1, 2, "mouse")][0]


def digest(path):
    return hashlib.sha256(open(path, "rb").read()).hexdigest()


def test_no_call_changes_the_database():
    """Successful and failing calls leave the database file byte for byte
    as it was."""
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "g.db")
        db = gg.connect(path)
        db.execute("CREATE TABLE bad(graph_id, src, dst)")
        db.execute("INSERT INTO bad VALUES (1, 'x', 2)")
        gg.store(db, 1, [(0, 1), (1, 2), (2, 3), (3, 0)])
        db.close()
        before = digest(path)
        db = gg.connect(path)
        calls = ["SELECT catmouse(1)", "SELECT count(*) FROM catmouse_states(1)",
                 "SELECT catmouse(1, 'bad')", "SELECT catmouse(2)", "SELECT catmouse(1, 'nope')",
                 "SELECT catmouse_json('[[1],[0]]')", "SELECT catmouse_json('[')"]
        for sql in calls:
            try:
                db.execute(sql).fetchall()
            except Exception:
                pass
        db.close()
        assert digest(path) == before
