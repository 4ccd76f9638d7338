-- Cat and mouse through the sqlite3 CLI: one small graph per rule, and
-- every error with its message.  Setup (run before each case):
CREATE TABLE edges(graph_id INTEGER, src INTEGER, dst INTEGER);
-- 1: the LeetCode example 1 (a draw)
INSERT INTO edges SELECT 1, a.key, b.value
  FROM json_each('[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]') a, json_each(a.value) b;
-- 2: LeetCode example 2 (the mouse wins)
INSERT INTO edges VALUES (2,0,1),(2,0,3),(2,2,3);
-- 3: the hole next to the cat, which may not use it: 1-0, 2-0, 2-3
INSERT INTO edges VALUES (3,1,3),(3,3,0),(3,2,0),(3,2,4),(3,4,3);
-- 4: the cat's only neighbour is the hole: it has no legal move
INSERT INTO edges VALUES (4,2,0),(4,1,3);
-- 5: self-loops only: both can stay forever
INSERT INTO edges VALUES (5,1,1),(5,2,2),(5,0,3);
-- 6: graph 1 again with repeated and reversed rows
INSERT INTO edges SELECT 6, src, dst FROM edges WHERE graph_id = 1;
INSERT INTO edges SELECT 6, dst, src FROM edges WHERE graph_id = 1;
INSERT INTO edges SELECT 6, src, dst FROM edges WHERE graph_id = 1;
-- 7: sparse and negative labels around a path 1 - -5 - 1000000000000 - 0
INSERT INTO edges VALUES (7,1,-5),(7,-5,1000000000000),(7,1000000000000,0),(7,2,-5);
-- 8: the start nodes have no edges
INSERT INTO edges VALUES (8,0,3),(8,3,4);
-- bad rows
CREATE TABLE bad(graph_id, src, dst);
INSERT INTO bad VALUES (1,0,1),(1,NULL,2),(2,'x',1),(3,1.5,2);
CREATE TABLE nodst(graph_id, src, target);
CREATE VIEW renamed(graph_id, src, dst) AS SELECT graph_id, src, dst FROM edges;

-- case: LeetCode example 1 is a draw
SELECT catmouse(1);
-- => 0

-- case: LeetCode example 1 as JSON
SELECT catmouse_json('[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]');
-- => 0

-- case: LeetCode example 2: the mouse wins
SELECT catmouse(2), catmouse_json('[[1,3],[0],[3],[0,2]]');
-- => 1|1

-- case: the start row of the states agrees with catmouse()
SELECT outcome, plies FROM catmouse_states(2) WHERE mouse = 1 AND cat = 2 AND turn = 'mouse';
-- => 1|1

-- case: LeetCode example 1 has 60 positions (6 mice x 5 cats x 2 turns)
SELECT count(*), sum(outcome = 1), sum(outcome = 2), sum(outcome = 0) FROM catmouse_states(1);
-- => 60|27|28|5

-- case: a draw has NULL plies and a move that keeps the draw
SELECT s.move, t.outcome FROM catmouse_states(1) s
  JOIN catmouse_states(1) t ON t.mouse = s.move AND t.cat = s.cat AND t.turn = 'cat'
 WHERE s.mouse = 1 AND s.cat = 2 AND s.turn = 'mouse' AND s.plies IS NULL;
-- => 3|0

-- case: the cat may not enter the hole next to it; the mouse walks in
SELECT catmouse(3), plies, move FROM catmouse_states(3) WHERE mouse = 1 AND cat = 2 AND turn = 'mouse';
-- => 1|3|3

-- case: positions with the cat in the hole are not listed
SELECT count(*) FROM catmouse_states(3) WHERE cat = 0;
-- => 0

-- case: a cat with no legal move loses at once (0 plies, no move)
SELECT outcome, plies, move FROM catmouse_states(4) WHERE mouse = 3 AND cat = 2 AND turn = 'cat';
-- => 1|0|

-- case: ... so the mouse wins graph 4 in one ply
SELECT catmouse(4), plies FROM catmouse_states(4) WHERE mouse = 1 AND cat = 2 AND turn = 'mouse';
-- => 1|1

-- case: self-loops are moves that stay: both stay forever, a draw
SELECT catmouse(5), move FROM catmouse_states(5) WHERE mouse = 1 AND cat = 2 AND turn = 'mouse';
-- => 0|1

-- case: repeated and reversed rows are folded into one edge
SELECT count(*) FROM (SELECT * FROM catmouse_states(6) EXCEPT SELECT * FROM catmouse_states(1));
-- => 0

-- case: sparse and negative labels are reported as given
SELECT mouse, cat, outcome, plies, move FROM catmouse_states(7) WHERE turn = 'mouse' AND mouse = 1 AND cat = 2;
-- => 1|2|2|2|-5

-- case: label equality constraints on labels that are not nodes give no rows
SELECT count(*) FROM catmouse_states(7) WHERE mouse = 3;
-- => 0

-- case: start nodes without edges exist when the rules declare them isolated; a mouse with no move loses at once
SELECT catmouse(8, 'edges', '{"isolated": [1, 2]}'), plies, move FROM catmouse_states(8, 'edges', '{"isolated": [1, 2]}') WHERE mouse = 1 AND cat = 2 AND turn = 'mouse';
-- => 2|0|

-- case: error: a named start that no row touches is not an isolated node unless declared
SELECT catmouse(8, 'edges', '{"mouse": 1, "cat": 2}');
-- => Error: graphgame: catmouse: the mouse's start 1 is not a node of graph 8 in table "edges" (no row touches it; an isolated node is declared in the rules: '{"isolated": [1]}')

-- case: error: a default start that no row mentions is not played on
SELECT catmouse(8);
-- => Error: graphgame: catmouse: the mouse's start is node 1 by default, but no row of graph 8 in table "edges" mentions node 1; name it in the rules, e.g. '{"mouse": 0}'

-- case: turn names other than 'mouse' and 'cat' match nothing
SELECT count(*) FROM catmouse_states(1) WHERE turn = 'dog';
-- => 0

-- case: a view maps other column names
SELECT catmouse(1, 'renamed'), count(*) FROM catmouse_states(1, 'renamed');
-- => 0|60

-- case: a NULL graph id gives NULL and no rows
SELECT quote(catmouse(NULL)), (SELECT count(*) FROM catmouse_states(NULL));
-- => NULL|0

-- case: error: no such table
SELECT catmouse(1, 'nope');
-- => Error: graphgame: catmouse: no such table or view: "nope" (a WITH name cannot be read: use a view)

-- case: error: a required column is missing
SELECT catmouse(1, 'nodst');
-- => Error: graphgame: catmouse: table "nodst" has no column dst

-- case: error: a NULL src names the graph and the row
SELECT catmouse(1, 'bad');
-- => Error: graphgame: catmouse: graph 1 in table "bad": src and dst must be integer or text node labels, got src=NULL, dst=2

-- case: error: text labels are nodes, and the default hole 0 is not one of them
SELECT catmouse(2, 'bad');
-- => Error: graphgame: catmouse: the hole is node 0 by default, but no row of graph 2 in table "bad" mentions node 0; name it in the rules, e.g. '{"hole": "x"}'

-- case: error: a real where a node belongs
SELECT * FROM catmouse_states(3, 'bad');
-- => Error: graphgame: catmouse_states: graph 3 in table "bad": src and dst must be integer or text node labels, got src=1.5, dst=2

-- case: error: a graph id with no rows
SELECT catmouse(99);
-- => Error: graphgame: catmouse: graph 99 has no rows in table "edges"

-- case: error: a text graph id with no rows is named as text
SELECT catmouse('g1');
-- => Error: graphgame: catmouse: graph 'g1' has no rows in table "edges"

-- case: error: a graph over the memory limit says how many positions it needs
SELECT graphgame_limit('max_positions', 50);
SELECT catmouse(1);
-- => 1000000000
-- => Error: graphgame: catmouse: graph 1 in table "edges" has at least 6 nodes and needs at least 72 positions (2 turns x n mouse nodes x n cat nodes, n = 6; at least 12 KB at the peak), over the limit of 50 (see graphgame_limit)

-- case: error: the states table needs a graph id
SELECT * FROM catmouse_states;
-- => Error: graphgame: catmouse_states needs arguments: catmouse_states(graph_id [, edges [, rules]])

-- case: error: malformed JSON says where
SELECT catmouse_json('[[1,2],[0],[0');
-- => Error: graphgame: catmouse_json: expected ',' or ']' at offset 13 (end of input)

-- case: error: JSON neighbour out of range names the node
SELECT catmouse_json('[[1],[0,7],[]]');
-- => Error: graphgame: catmouse_json: node 1 lists neighbour 7, but there are only 3 nodes

-- case: error: JSON with a fraction
SELECT catmouse_json('[[1.5]]');
-- => Error: graphgame: catmouse_json: node numbers must be integers, at offset 2

-- case: error: JSON with a trailing comma names the missing node's list
SELECT catmouse_json('[[1],[0],]');
-- => Error: graphgame: catmouse_json: expected '[' to open the list of node 2 at offset 9, found ']'
