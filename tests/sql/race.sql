-- The race to z through the sqlite3 CLI: one small graph per rule, and
-- every error with its message.  Setup (run before each case):
CREATE TABLE edges(graph_id INTEGER, src INTEGER, dst INTEGER);
-- 1: blocking: 4 and 5 both reach z = 0 only through 3
INSERT INTO edges VALUES (1,0,3),(1,3,4),(1,3,5);
-- 2: graph 1 plus a second way down for 5: 5 - 6 - 0
INSERT INTO edges VALUES (2,0,3),(2,3,4),(2,3,5),(2,5,6),(2,6,0);
-- 3: a path 0 - 2 - 1 (same start vertex 1: Alice blocks)
INSERT INTO edges VALUES (3,0,2),(3,2,1);
-- 4: a square 0 - 2 - 1 - 3 - 0 (same start vertex 1: two ways down)
INSERT INTO edges VALUES (4,0,2),(4,2,1),(4,1,3),(4,3,0);
-- 5: z = 0 unreachable (alone with a self-loop); 1 - 2
INSERT INTO edges VALUES (5,0,0),(5,1,2);
-- 6: two parts: 0 - 1 and 2 - 3
INSERT INTO edges VALUES (6,0,1),(6,2,3);
-- 7: a path 0 - 1 - 2 - 3
INSERT INTO edges VALUES (7,0,1),(7,1,2),(7,2,3);
-- 8: graph 2 with repeated and reversed rows and self-loops
INSERT INTO edges SELECT 8, src, dst FROM edges WHERE graph_id = 2;
INSERT INTO edges SELECT 8, dst, src FROM edges WHERE graph_id = 2;
INSERT INTO edges VALUES (8,3,3),(8,0,0),(8,5,5),(8,5,3);
CREATE TABLE bad(graph_id, src, dst);
INSERT INTO bad VALUES (1,0,1),(1,NULL,2);
CREATE VIEW renamed(graph_id, src, dst) AS SELECT graph_id, src, dst FROM edges;

-- case: blocking: Alice steps onto Bob's only way down and wins
SELECT race_game(1, 4, 5, 0), race_game(1, 5, 4, 0);
-- => 1|1

-- case: blocking: the start row of the states, 4 plies, Alice moves to 3
SELECT outcome, plies, move FROM race_states(1, 0) WHERE alice = 4 AND bob = 5 AND turn = 'alice';
-- => 1|4|3

-- case: blocking: a blocked Bob can only stay (the move is his own node)
SELECT outcome, plies, move FROM race_states(1, 0) WHERE alice = 3 AND bob = 5 AND turn = 'bob';
-- => 1|3|5

-- case: no blocking when Bob has a second way down: a draw
SELECT race_game(2, 4, 5, 0), outcome, quote(plies) FROM race_states(2, 0) WHERE alice = 4 AND bob = 5 AND turn = 'alice';
-- => 2|2|NULL

-- case: equal distance 1: both step onto z in the same turn, a draw
SELECT race_game(1, 3, 3, 0), race_game(7, 1, 1, 0);
-- => 2|2

-- case: same start vertex two steps away with one way down: Alice blocks
SELECT race_game(1, 4, 4, 0);
-- => 1

-- case: same start vertex: Alice steps down and Bob may not follow
SELECT race_game(3, 1, 1, 0), plies, move FROM race_states(3, 0) WHERE alice = 1 AND bob = 1 AND turn = 'alice';
-- => 1|4|2

-- case: same start vertex with two ways down: a draw
SELECT race_game(4, 1, 1, 0);
-- => 2

-- case: staying is always allowed: on one vertex, z unreachable, both stay
SELECT race_game(5, 1, 1, 0), turn, outcome, move FROM race_states(5, 0) WHERE alice = 1 AND bob = 1;
-- => 2|alice|2|1
-- => 2|bob|2|1

-- case: start on z is scored at once: only Alice, only Bob, both
SELECT race_game(1, 0, 4, 0), race_game(1, 4, 0, 0), race_game(1, 0, 0, 0);
-- => 1|3|2

-- case: finished rows have 0 plies (the arrival draw too) and no move
SELECT alice, bob, outcome, quote(plies), quote(move) FROM race_states(1, 0) WHERE turn = 'alice' AND (alice = 0 OR bob = 0) AND alice IN (0, 4) AND bob IN (0, 4);
-- => 0|0|2|0|NULL
-- => 0|4|1|0|NULL
-- => 4|0|3|0|NULL

-- case: mid-turn with Alice on z: Bob may still step onto z for a draw
SELECT outcome, quote(plies), move FROM race_states(7, 0) WHERE alice = 0 AND bob = 1 AND turn = 'bob';
-- => 2|NULL|0

-- case: mid-turn with Bob on z: he stays and wins when the turn is scored
SELECT outcome, plies, move FROM race_states(7, 0) WHERE alice = 2 AND bob = 0 AND turn = 'bob';
-- => 3|1|0

-- case: the nearer player wins even moving second (Bob one step nearer)
SELECT race_game(7, 3, 2, 0), plies FROM race_states(7, 0) WHERE alice = 3 AND bob = 2 AND turn = 'alice';
-- => 3|4

-- case: the nearer player wins (Alice nearer)
SELECT race_game(7, 1, 3, 0), plies FROM race_states(7, 0) WHERE alice = 1 AND bob = 3 AND turn = 'alice';
-- => 1|2

-- case: unreachable z: only Alice reaches it, only Bob, nobody
SELECT race_game(6, 1, 2, 0), race_game(6, 2, 1, 0), race_game(6, 2, 3, 0), race_game(5, 1, 2, 0);
-- => 1|3|2|2

-- case: every (alice, bob, turn) is a row, both players on one node included
SELECT count(*), sum(alice = bob), sum(turn = 'alice') FROM race_states(1, 0);
-- => 32|8|16

-- case: race_game equals the row (x, y, 'alice') for every start of graph 2
SELECT count(*), sum(outcome = race_game(2, alice, bob, 0)) FROM race_states(2, 0) WHERE turn = 'alice';
-- => 25|25

-- case: repeated and reversed rows and self-loops are folded
SELECT count(*) FROM (SELECT * FROM race_states(8, 0) EXCEPT SELECT * FROM race_states(2, 0));
-- => 0

-- case: z is a parameter: a different goal, different answers
SELECT race_game(7, 0, 3, 0), race_game(7, 0, 3, 3), race_game(7, 1, 2, 3);
-- => 1|3|3

-- case: a view maps other column names
SELECT race_game(1, 4, 5, 0, 'renamed'), count(*) FROM race_states(1, 0, 'renamed');
-- => 1|32

-- case: constraints on labels that are not nodes give no rows
SELECT count(*) FROM race_states(1, 0) WHERE alice = 99 OR turn = 'carol';
-- => 0

-- case: a NULL graph id gives NULL and no rows
SELECT quote(race_game(NULL, 1, 2, 0)), quote(race_game(NULL, 'x', 2, 0)), (SELECT count(*) FROM race_states(NULL, 0));
-- => NULL|NULL|0

-- case: unequal distances need no positions: fine under the smallest limit
SELECT graphgame_limit('max_positions', 1);
SELECT race_game(7, 3, 2, 0), race_game(6, 2, 3, 0);
-- => 1000000000
-- => 3|2

-- case: error: a limit of 0 positions, which no solve meets
SELECT graphgame_limit('max_positions', 0);
-- => Error: graphgame: graphgame_limit: max_positions must be a positive integer (every solve has at least one position), got 0

-- case: an x that the rules declare isolated (Bob wins)
SELECT race_game(1, 9, 5, 0, 'edges', '{"isolated": 9}');
-- => 3

-- case: a y that the rules declare isolated (Alice wins)
SELECT race_game(1, 4, -7, 0, 'edges', '{"isolated": [-7]}');
-- => 1

-- case: a z that the rules declare isolated: nobody gets there (a draw)
SELECT race_game(1, 4, 5, 6, 'renamed', '{"isolated": [6]}');
-- => 2

-- case: a text x is a node of its own, isolated here
SELECT race_game(1, 'a', 5, 0, 'edges', '{"isolated": ["a"]}');
-- => 3

-- case: error: an x that no row touches and the rules do not declare
SELECT race_game(1, 9, 5, 0);
-- => Error: graphgame: race_game: x 9 is not a node of graph 1 in table "edges" (no row touches it; an isolated node is declared in the rules: '{"isolated": [9]}')

-- case: error: a z that no row touches, in a view
SELECT race_game(1, 4, 5, 6, 'renamed');
-- => Error: graphgame: race_game: z 6 is not a node of graph 1 in table "renamed" (no row touches it; an isolated node is declared in the rules: '{"isolated": [6]}')

-- case: error: a text x that no row touches
SELECT race_game(1, 'a', 5, 0);
-- => Error: graphgame: race_game: x 'a' is not a node of graph 1 in table "edges" (no row touches it; an isolated node is declared in the rules: '{"isolated": ["a"]}')

-- case: error: y is a real
SELECT race_game(1, 4, 5.5, 0);
-- => Error: graphgame: race_game: y must be a node label (an integer or a text), got 5.5

-- case: error: z is NULL
SELECT race_game(1, 4, 5, NULL);
-- => Error: graphgame: race_game: z must be a node label (an integer or a text), got NULL

-- case: race_states with a z that the rules declare isolated: nobody reaches it
SELECT count(*), sum(outcome = 2), count(DISTINCT alice) FROM race_states(1, 9, 'edges', '{"isolated": 9}') WHERE alice <> 9 AND bob <> 9;
-- => 32|32|4

-- case: race_states with a text z: a node of its own
SELECT count(*), count(DISTINCT alice), sum(alice = 'q') FROM race_states(1, 'q', 'edges', '{"isolated": "q"}');
-- => 50|5|10

-- case: error: race_states with a z that no row touches
SELECT count(*) FROM race_states(1, 9);
-- => Error: graphgame: race_states: z 9 is not a node of graph 1 in table "edges" (no row touches it; an isolated node is declared in the rules: '{"isolated": [9]}')

-- case: error: race_states without z
SELECT * FROM race_states(1);
-- => Error: graphgame: race_states needs arguments: race_states(graph_id, z [, edges [, rules]])

-- case: error: race_states without arguments
SELECT * FROM race_states;
-- => Error: graphgame: race_states needs arguments: race_states(graph_id, z [, edges [, rules]])

-- case: error: a graph id with no rows
SELECT race_game(99, 1, 2, 0);
-- => Error: graphgame: race_game: graph 99 has no rows in table "edges"

-- case: error: no such table
SELECT race_game(1, 4, 5, 0, 'nope');
-- => Error: graphgame: race_game: no such table or view: "nope" (a WITH name cannot be read: use a view)

-- case: error: a NULL src names the graph and the row
SELECT race_game(1, 0, 1, 0, 'bad');
-- => Error: graphgame: race_game: graph 1 in table "bad": src and dst must be integer or text node labels, got src=NULL, dst=2

-- case: error: race_states over the position limit says how many it needs
SELECT graphgame_limit('max_positions', 31);
SELECT count(*) FROM race_states(1, 0);
-- => 1000000000
-- => Error: graphgame: race_states: graph 1 in table "edges" has at least 4 nodes and needs at least 32 positions (2 turns x n Alice nodes x n Bob nodes, n = 4; at least 2 KB at the peak), over the limit of 31 (see graphgame_limit)

-- case: error: race_game's layered game over the position limit
SELECT graphgame_limit('max_positions', 4);
SELECT race_game(1, 4, 5, 0);
-- => 1000000000
-- => Error: graphgame: race_game: graph 1 in table "edges" needs 5 positions for this start (pairs of nodes on one shortest-path layer, for both turns), over the limit of 4 (see graphgame_limit)

-- case: race_game's layered game at the position limit
SELECT graphgame_limit('max_positions', 5);
SELECT race_game(1, 4, 5, 0);
-- => 1000000000
-- => 1
