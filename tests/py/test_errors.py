"""Every error the extension raises starts with `graphgame: `, names what
is at fault, is asserted here verbatim with its result code, and leaves
the database as it was.  The messages shown in the error tables of
README.md and the reference (docs/reference/*.md) must be among them, word
for word.

(SQLite's own errors keep SQLite's words: a wrong number of arguments,
"no such function" when the extension is not loaded.)
"""
import glob
import os
import re
import sqlite3

import ecosystem as eco
import gg

SETUP = """
CREATE TABLE bad(graph_id, src, dst);
INSERT INTO bad VALUES (1,0,1),(1,NULL,2),(2,'x',1),(3,1.5,2),(4,x'01',2);
CREATE TABLE nodst(graph_id, src, target);
CREATE TABLE t(graph_id, src, target);
CREATE TABLE [odd "name"](graph_id, src, dst);
CREATE VIEW brokenview AS SELECT graph_id, src, dst FROM gone;
CREATE TABLE gone(x);
DROP TABLE gone;
CREATE TABLE positions(position, player, result);
INSERT INTO positions VALUES (1,0,NULL),(2,1,NULL),(10,0,NULL),(11,1,'win');
CREATE TABLE moves(position, next);
INSERT INTO moves VALUES (1,2),(10,11);
CREATE TABLE no_player(position, turn, result);
CREATE TABLE dup_positions(position, player, result);
INSERT INTO dup_positions VALUES (1,0,NULL),(2,1,NULL),(1,1,NULL);
CREATE TABLE real_positions(position, player, result);
INSERT INTO real_positions VALUES (1.5,0,NULL);
CREATE TABLE bad_players(position, player, result);
INSERT INTO bad_players VALUES (1,0,NULL),(2,2,NULL);
CREATE TABLE bad_results(position, player, result);
INSERT INTO bad_results VALUES (1,0,'win'),(2,1,'won');
CREATE TABLE bad_moves(position, next);
INSERT INTO bad_moves VALUES (10,11),(10,'zz');
CREATE TABLE text_moves(position, next);
INSERT INTO text_moves VALUES (1,'2');
"""

# (SQL, result code, message).  A row with a limit first sets it.
CASES = [
    # graph6_read (docs/reference/graphs.md): paths from the repository's root
    ("SELECT * FROM graph6_read('tests/data/bad.g6')", 'SQLITE_ERROR',
     "graphgame: graph6_read: line 3 of 'tests/data/bad.g6': byte 1 is 0x20, not a graph6"
     " character (63..126)"),
    ("SELECT * FROM graph6_read('none.g6')", 'SQLITE_CANTOPEN',
     "graphgame: graph6_read: cannot open 'none.g6': No such file or directory"),
    ("SELECT * FROM graph6_read('dist')", 'SQLITE_CANTOPEN',
     "graphgame: graph6_read: cannot read 'dist': it is a directory"),
    ("SELECT * FROM graph6_read(7)", 'SQLITE_MISMATCH',
     "graphgame: graph6_read: the path must be a text, got 7"),
    ("SELECT * FROM graph6_read", 'SQLITE_ERROR',
     "graphgame: graph6_read needs an argument: graph6_read(path), or graph6_read('-') for"
     " standard input"),
    ("SELECT catmouse(1, 'nope')", 'SQLITE_ERROR',
     'graphgame: catmouse: no such table or view: "nope" (a WITH name cannot be read: use a view)'),
    ('SELECT catmouse(1, 42)', 'SQLITE_ERROR',
     'graphgame: catmouse: no such table or view: "42" (a WITH name cannot be read: use a view)'),
    ("SELECT catmouse(1, '')", 'SQLITE_ERROR',
     'graphgame: catmouse: no such table or view: "" (a WITH name cannot be read: use a view)'),
    ("SELECT catmouse(1, 'nope.edges')", 'SQLITE_ERROR',
     'graphgame: catmouse: no such table or view: "nope.edges" (a WITH name cannot be read: use a view)'),
    ("SELECT catmouse(1, 'nodst')", 'SQLITE_ERROR',
     'graphgame: catmouse: table "nodst" has no column dst'),
    ("SELECT catmouse(1, 't')", 'SQLITE_ERROR',
     'graphgame: catmouse: table "t" has no column dst'),
    ("SELECT catmouse(1, 'brokenview')", 'SQLITE_ERROR',
     'graphgame: catmouse: cannot read table "brokenview": no such table: main.gone'),
    ("SELECT catmouse(1, 'bad')", 'SQLITE_MISMATCH',
     'graphgame: catmouse: graph 1 in table "bad": src and dst must be integer or text node labels, got src=NULL, dst=2'),
    ("SELECT catmouse(2, 'bad')", 'SQLITE_ERROR',
     'graphgame: catmouse: the hole is node 0 by default, but no row of graph 2 in table "bad" mentions node 0; name it in the rules, e.g. \'{"hole": "x"}\''),
    ("SELECT catmouse(3, 'bad')", 'SQLITE_MISMATCH',
     'graphgame: catmouse: graph 3 in table "bad": src and dst must be integer or text node labels, got src=1.5, dst=2'),
    ("SELECT catmouse(4, 'bad')", 'SQLITE_MISMATCH',
     'graphgame: catmouse: graph 4 in table "bad": src and dst must be integer or text node labels, got src=X\'01\', dst=2'),
    ('SELECT catmouse(99)', 'SQLITE_ERROR',
     'graphgame: catmouse: graph 99 has no rows in table "edges"'),
    ("SELECT catmouse('g1')", 'SQLITE_ERROR',
     'graphgame: catmouse: graph \'g1\' has no rows in table "edges"'),
    ('SELECT catmouse(1.5)', 'SQLITE_ERROR',
     'graphgame: catmouse: graph 1.5 has no rows in table "edges"'),
    ('SELECT catmouse(1, \'odd "name"\')', 'SQLITE_ERROR',
     'graphgame: catmouse: graph 1 has no rows in table "odd ""name"""'),
    ('SELECT * FROM catmouse_states(99)', 'SQLITE_ERROR',
     'graphgame: catmouse_states: graph 99 has no rows in table "edges"'),
    ("SELECT * FROM catmouse_states(1, 'nope')", 'SQLITE_ERROR',
     'graphgame: catmouse_states: no such table or view: "nope" (a WITH name cannot be read: use a view)'),
    ("SELECT * FROM catmouse_states(1, 'nodst')", 'SQLITE_ERROR',
     'graphgame: catmouse_states: table "nodst" has no column dst'),
    ('SELECT * FROM catmouse_states', 'SQLITE_ERROR',
     'graphgame: catmouse_states needs arguments: catmouse_states(graph_id [, edges [, rules]])'),
    ('SELECT * FROM catmouse_states WHERE mouse = 1', 'SQLITE_ERROR',
     'graphgame: catmouse_states needs arguments: catmouse_states(graph_id [, edges [, rules]])'),
    ("SELECT catmouse_json('[[1],[0]')", 'SQLITE_ERROR',
     "graphgame: catmouse_json: expected ',' or ']' at offset 8 (end of input)"),
    ("SELECT catmouse_json('[[1,7],[0],[]]')", 'SQLITE_ERROR',
     'graphgame: catmouse_json: node 0 lists neighbour 7, but there are only 3 nodes'),
    ('SELECT catmouse_json(\'[["a"]]\')', 'SQLITE_ERROR',
     'graphgame: catmouse_json: expected a node number at offset 2, found \'"\''),
    ('SELECT catmouse_json(42)', 'SQLITE_ERROR',
     "graphgame: catmouse_json: expected '[' at offset 0, found '4'"),
    ("SELECT catmouse_json('')", 'SQLITE_ERROR',
     "graphgame: catmouse_json: expected '[' at offset 0 (end of input)"),
    ("SELECT catmouse_json('{}')", 'SQLITE_ERROR',
     "graphgame: catmouse_json: expected '[' at offset 0, found '{'"),
    ("SELECT catmouse_json('[[1],[0],[-1]]')", 'SQLITE_ERROR',
     'graphgame: catmouse_json: negative node at offset 10'),
    ("SELECT graphgame_limit('nope')", 'SQLITE_ERROR',
     "graphgame: graphgame_limit: unknown limit 'nope' (known: 'max_positions', 'max_certificate_rows')"),
    ('SELECT graphgame_limit(NULL)', 'SQLITE_ERROR',
     "graphgame: graphgame_limit: unknown limit NULL (known: 'max_positions', 'max_certificate_rows')"),
    ("SELECT graphgame_limit('max_positions', -1)", 'SQLITE_MISMATCH',
     'graphgame: graphgame_limit: max_positions must be a positive integer (every solve has at least one position), got -1'),
    ("SELECT graphgame_limit('max_positions', 'x')", 'SQLITE_MISMATCH',
     "graphgame: graphgame_limit: max_positions must be a positive integer (every solve has at least one position), got 'x'"),
    ("SELECT graphgame_limit('max_positions', 1.5)", 'SQLITE_MISMATCH',
     'graphgame: graphgame_limit: max_positions must be a positive integer (every solve has at least one position), got 1.5'),
    ("SELECT graphgame_limit('max_positions', NULL)", 'SQLITE_MISMATCH',
     'graphgame: graphgame_limit: max_positions must be a positive integer (every solve has at least one position), got NULL'),
    ('limit 50: SELECT catmouse(1)', 'SQLITE_TOOBIG',
     'graphgame: catmouse: graph 1 in table "edges" has at least 6 nodes and needs at least 72 positions (2 turns x n mouse nodes x n cat nodes, n = 6; at least 12 KB at the peak), over the limit of 50 (see graphgame_limit)'),
    ('limit 50: SELECT count(*) FROM catmouse_states(1)', 'SQLITE_TOOBIG',
     'graphgame: catmouse_states: graph 1 in table "edges" has at least 6 nodes and needs at least 72 positions (2 turns x n mouse nodes x n cat nodes, n = 6; at least 12 KB at the peak), over the limit of 50 (see graphgame_limit)'),
    ("limit 10: SELECT catmouse_json('[[1,3],[0],[3],[0,2]]')", 'SQLITE_TOOBIG',
     'graphgame: catmouse_json: the adjacency list has 4 nodes and needs 32 positions (2 turns x n mouse nodes x n cat nodes, n = 4; about 9 KB at the peak), over the limit of 10 (see graphgame_limit)'),
    ("SELECT race_game(1, '1', 2, 0)", 'SQLITE_ERROR',
     'graphgame: race_game: x \'1\' is not a node of graph 1 in table "edges" (the rows have 1, an integer: 1 and \'1\' are different nodes; store labels as integers, see sql/schema.sql, or CAST them)'),
    ("SELECT race_game(1, 1, 2, x'00')", 'SQLITE_MISMATCH',
     "graphgame: race_game: z must be a node label (an integer or a text), got X'00'"),
    ("SELECT * FROM race_states(1, '0')", 'SQLITE_ERROR',
     'graphgame: race_states: z \'0\' is not a node of graph 1 in table "edges" (the rows have 0, an integer: 1 and \'1\' are different nodes; store labels as integers, see sql/schema.sql, or CAST them)'),
    ('SELECT * FROM race_states(99, 0)', 'SQLITE_ERROR',
     'graphgame: race_states: graph 99 has no rows in table "edges"'),
    ("SELECT * FROM game_solve('nope', 'moves')", 'SQLITE_ERROR',
     'graphgame: game_solve: no such table or view: "nope" (a WITH name cannot be read: use a view)'),
    ("SELECT * FROM game_solve('no_player', 'moves')", 'SQLITE_ERROR',
     'graphgame: game_solve: table "no_player" has no column player'),
    ("SELECT * FROM game_solve('dup_positions', 'moves')", 'SQLITE_CONSTRAINT',
     'graphgame: game_solve: position 1 is listed twice in table "dup_positions"'),
    ("SELECT * FROM game_solve('real_positions', 'moves')", 'SQLITE_MISMATCH',
     'graphgame: game_solve: table "real_positions" has position 1.5; positions must be integers or text'),
    ("SELECT * FROM game_solve('bad_players', 'moves')", 'SQLITE_MISMATCH',
     'graphgame: game_solve: position 2 in table "bad_players" has player 2; the players are 0 and 1'),
    ("SELECT * FROM game_solve('bad_results', 'moves')", 'SQLITE_MISMATCH',
     'graphgame: game_solve: position 2 in table "bad_results" has result \'won\'; results are NULL, \'win\', \'loss\' and \'draw\''),
    ("SELECT * FROM game_solve('positions', 'bad_moves')", 'SQLITE_ERROR',
     'graphgame: game_solve: move 10 -> \'zz\' in table "bad_moves": \'zz\' is not a position in table "positions"'),
    ("SELECT * FROM game_solve('positions', 'text_moves')", 'SQLITE_ERROR',
     'graphgame: game_solve: move 1 -> \'2\' in table "text_moves": \'2\' is not a position in table "positions" (ids 2 and \'2\' differ: integer and text)'),
    ("SELECT * FROM game_solve('positions')", 'SQLITE_ERROR',
     'graphgame: game_solve needs arguments: game_solve(positions, moves)'),
    ("limit 3: SELECT * FROM game_solve('positions', 'moves')", 'SQLITE_TOOBIG',
     'graphgame: game_solve: table "positions" has 4 positions, over the limit of 3 (see graphgame_limit)'),
    ('SELECT catmouse(1, \'edges\', \'{"hole": [0, 1.5]}\')', 'SQLITE_ERROR',
     'graphgame: catmouse: rules: "hole" must be a node label (an integer or a string) or an array of node labels, got 1.5'),
    ('SELECT catmouse(1, \'edges\', \'{"holes": 5}\')', 'SQLITE_ERROR',
     'graphgame: catmouse: rules: unknown key "holes" (known keys: hole, mouse, cat, turn, directed, isolated)'),
    ('SELECT catmouse(1, \'edges\', \'{"turn": "dog"}\')', 'SQLITE_ERROR',
     'graphgame: catmouse: rules: "turn" must be "mouse" or "cat", got "dog"'),
    ('SELECT catmouse(1, \'edges\', \'{"directed": 1}\')', 'SQLITE_ERROR',
     'graphgame: catmouse: rules: "directed" must be true or false, got 1'),
    ('SELECT catmouse(1, \'edges\', \'{"mouse": [1]}\')', 'SQLITE_ERROR',
     'graphgame: catmouse: rules: "mouse" must be a node label (an integer or a string), got [1]'),
    ('SELECT catmouse(1, \'edges\', \'{"hole": 0, "hole": 1}\')', 'SQLITE_ERROR',
     'graphgame: catmouse: rules: key "hole" given twice'),
    ('SELECT catmouse(1, \'edges\', \'{"hole": 0,}\')', 'SQLITE_ERROR',
     'graphgame: catmouse: rules: malformed JSON at byte 12: expected a string key'),
    ("SELECT catmouse(1, 'edges', '[0]')", 'SQLITE_ERROR',
     'graphgame: catmouse: rules: must be a JSON object such as \'{"hole": ...}\''),
    ("SELECT catmouse(1, 'edges', 5)", 'SQLITE_MISMATCH',
     'graphgame: catmouse: rules must be a JSON object (text), got 5'),
    ('SELECT catmouse(1, \'edges\', \'{"cat": 0}\')', 'SQLITE_ERROR',
     "graphgame: catmouse: the cat's start 0 is a hole: the cat may not start on a hole"),
    ('SELECT catmouse(1, \'edges\', \'{"hole": "0"}\')', 'SQLITE_ERROR',
     'graphgame: catmouse: the hole \'0\' is not a node of graph 1 in table "edges" (the rows have 0, an integer: 1 and \'1\' are different nodes; store labels as integers, see sql/schema.sql, or CAST them)'),
    ('SELECT * FROM race_states(1, 0, \'edges\', \'{"lazy": true}\')', 'SQLITE_ERROR',
     'graphgame: race_states: rules: unknown key "lazy" (known keys: directed, isolated)'),
    ('SELECT * FROM catmouse_play(1, \'edges\', \'{"cat": 0}\')', 'SQLITE_ERROR',
     'graphgame: catmouse_play: the start mouse = 1, cat = 0 is not a position: the cat may not start on a hole'),
]


def _db():
    db = gg.connect()
    p = eco.run([eco.SQLITE3, "-batch", "-bail", ":memory:"],
                input=".read tests/data/readme_fixture.sql\n.dump\n")
    db.executescript(p.stdout)
    db.executescript(SETUP)
    return db


def _dump(db):
    return list(db.iterdump())


def _error(db, case):
    """(code name, message) of a case, or (None, rows) if it did not fail."""
    sql = case
    m = re.match(r"^limit (\d+): (.*)$", case)
    if m:
        db.execute("SELECT graphgame_limit('max_positions', ?)", (int(m.group(1)),))
        sql = m.group(2)
    try:
        rows = db.execute(sql).fetchall()
        return None, rows
    except sqlite3.Error as e:
        return e.sqlite_errorname, str(e)
    finally:
        if m:
            db.execute("SELECT graphgame_limit('max_positions', 1000000000)")


def test_every_error_verbatim_and_database_unchanged():
    bad = []
    for sql, code, msg in CASES:
        db = _db()                   # fresh: no cached solve hides a limit
        before, changes = _dump(db), db.total_changes
        got = _error(db, sql)
        if got != (code, msg):
            bad.append("%s\n    expected %s %s\n    got      %s %s" % ((sql, code, msg) + got))
        if _dump(db) != before or db.total_changes != changes:
            bad.append("%s changed the database" % sql)
        db.close()
    if bad:
        raise AssertionError("\n".join(bad))


def test_every_error_has_the_prefix():
    """Independently of the list above: whatever the extension says starts
    with the prefix."""
    db = _db()
    msgs = [_error(db, sql) for sql, _, _ in CASES]
    wrong = [m for code, m in msgs if code is None or not m.startswith("graphgame: ")]
    assert not wrong and len(msgs) >= 30, wrong


def test_readme_error_table_is_what_the_extension_says():
    pages = ["README.md"] + sorted(glob.glob(os.path.join(eco.ROOT, "docs", "reference", "*.md")))
    text = "\n".join(open(os.path.join(eco.ROOT, p), encoding="utf-8").read() for p in pages)
    shown = re.findall(r"^\|[^|\n]*\| `(graphgame: [^`]*)`", text, re.M)
    assert len(shown) >= 5, shown
    said = {msg for _, _, msg in CASES}
    missing = [m for m in shown if m not in said]
    assert not missing, "the manual shows messages the extension does not give:\n" + "\n".join(missing)
