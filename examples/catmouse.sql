-- graphgame demo: cat and mouse on the LeetCode 913 examples.
.load dist/graphgame
.read sql/schema.sql
CREATE TEMP TABLE adjacency(graph_id INTEGER, json TEXT);
INSERT INTO adjacency VALUES
  (1, '[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]'),
  (2, '[[1,3],[0],[3],[0,2]]');
INSERT INTO graphs(id, name) VALUES (1, 'LeetCode example 1'), (2, 'LeetCode example 2');
.read sql/import_json.sql

.print '-- Who wins from the start (1 mouse, 2 cat, 0 draw)?'
SELECT g.id, g.name, catmouse(g.id) AS outcome FROM graphs g;

.print '-- The same from the JSON text directly:'
SELECT catmouse_json('[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]') AS outcome;

.print '-- Every position of graph 2 where the mouse is to move and wins:'
SELECT mouse, cat, plies, move FROM catmouse_states(2)
 WHERE turn = 'mouse' AND outcome = 1 ORDER BY plies DESC, mouse, cat;

.print '-- How positions of graph 1 split, by whose turn it is:'
SELECT turn, sum(outcome = 1) AS mouse_wins, sum(outcome = 2) AS cat_wins,
       sum(outcome = 0) AS draws
  FROM catmouse_states(1) GROUP BY turn;
