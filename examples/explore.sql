-- graphgame demo: exploring cat and mouse over thousands of random graphs.
-- Run from the repository root (`make demo` does):
--   sqlite3 -header -column :memory: < examples/explore.sql
-- Every graph comes from a generator with a seed, so the output is the
-- same on every machine; tests/py/test_explore.py checks it against
-- examples/explore.out and recomputes some of it independently.
.load dist/graphgame
.read sql/schema.sql

-- 2,700 random graphs G(n, p): 300 seeds for each of 3 sizes and 3 edge
-- probabilities.  Graph id = seed, so graph_random(nodes, p, id) rebuilds
-- any of them.  Nodes are 0..n-1: node 0 is the hole, 1 and 2 the starts.
-- graph_random leaves some nodes without an edge, so every call declares
-- the roles' nodes in its rules, '{"isolated": [0, 1, 2]}': a node that
-- no row touches is a node of the graph only when the rules declare it
-- (a named node that is not there is an error, for it is likely a typo).
CREATE TEMP TABLE rnd(id INTEGER PRIMARY KEY, nodes INTEGER, p REAL);
WITH RECURSIVE k(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM k WHERE i < 2699)
INSERT INTO rnd SELECT i, 6 + 3 * (i % 3), 0.15 * (1 + (i / 3) % 3) FROM k;
INSERT INTO edges(graph_id, src, dst)
SELECT r.id, g.src, g.dst FROM rnd r, graph_random(r.nodes, r.p, r.id) g;

-- One row per graph that has edges (a graph with no edge has no rows, so
-- it is not a graph graphgame can read; they are counted in section 1):
-- the exact outcome and length of the start, the node count n as solved
-- (labels in the rows plus 0, 1, 2) and the 2n-capped search's answer.
CREATE TEMP TABLE res AS
SELECT r.id, r.nodes, r.p, s.outcome, s.plies,
       (SELECT count(*) FROM (SELECT src FROM edges WHERE graph_id = r.id
                              UNION SELECT dst FROM edges WHERE graph_id = r.id
                              UNION VALUES (0), (1), (2))) AS n,
       catmouse_bounded(r.id, NULL, 'edges', '{"hole": 0, "mouse": 1, "cat": 2, "isolated": [0, 1, 2]}') AS capped
  FROM rnd r, catmouse_states(r.id, 'edges', '{"hole": 0, "mouse": 1, "cat": 2, "isolated": [0, 1, 2]}') s
 WHERE EXISTS (SELECT 1 FROM edges e WHERE e.graph_id = r.id)
   AND s.mouse = 1 AND s.cat = 2 AND s.turn = 'mouse';

.print "-- 1. Who wins from the start, in % of the graphs with edges of each"
.print "--    size and density.  The mouse wins more as graphs get denser"
.print "--    (more ways to the hole).  Many cat wins in sparse graphs are"
.print "--    instant: node 1 has no edge, so the mouse cannot move (stuck)."
.print "--    no_edges counts graphs left out because they have no edge at all."
SELECT r.nodes, r.p, count(*) AS graphs, count(*) - count(s.id) AS no_edges,
       printf('%.1f', 100.0 * sum(s.outcome = 1) / count(s.id)) AS mouse,
       printf('%.1f', 100.0 * sum(s.outcome = 2) / count(s.id)) AS cat,
       printf('%.1f', 100.0 * sum(s.outcome = 0) / count(s.id)) AS draw,
       printf('%.1f', 100.0 * sum(s.outcome = 2 AND s.plies = 0) / count(s.id)) AS stuck
  FROM rnd r LEFT JOIN res s USING (id)
 GROUP BY r.nodes, r.p ORDER BY r.nodes, r.p;

.print ''
.print '-- 2. The longest forced win found, and its optimal line: the winner'
.print '--    takes the quickest win, the loser delays it as long as it can.'
SELECT id, nodes, p, outcome, plies FROM res
 WHERE outcome <> 0 ORDER BY plies DESC, id LIMIT 1;
SELECT ply, mover, from_node, to_node, mouse, cat, plies
  FROM catmouse_play((SELECT id FROM res WHERE outcome <> 0 ORDER BY plies DESC, id LIMIT 1),
                     'edges', '{"hole": 0, "mouse": 1, "cat": 2, "isolated": [0, 1, 2]}');

.print ''
.print '-- 3. The capped search (catmouse_bounded) calls a game a draw when the'
.print '--    forced win takes cap plies or more.  On these random graphs the'
.print '--    wins are short, so the usual cap 2n is rarely wrong; a cap of n'
.print '--    shows the same mistake more often.'
SELECT '2n' AS cap, sum(capped <> outcome) AS wrong,
       sum(outcome <> 0 AND plies >= 2 * n) AS wins_of_cap_plies_or_more FROM res
UNION ALL
SELECT 'n', sum(catmouse_bounded(id, n, 'edges', '{"hole": 0, "mouse": 1, "cat": 2, "isolated": [0, 1, 2]}') <> outcome),
       sum(outcome <> 0 AND plies >= n) FROM res;

.print ''
.print '-- 4. Graphs that break the 2n-capped search.  Cutting the hole off'
.print '--    (no edge at node 0) leaves a pure chase, where the cat often'
.print '--    needs many moves to corner the mouse: among 2,000 such graphs'
.print '--    G(12, 0.3), these are the ones where the capped search, the'
.print '--    widely copied LeetCode 913 solution, says draw but the cat wins.'
WITH RECURSIVE k(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM k WHERE i < 1999)
INSERT INTO edges(graph_id, src, dst)
SELECT 10000 + i, g.src, g.dst FROM k, graph_random(12, 0.3, i) g WHERE g.src > 0;
SELECT graph_id AS id, catmouse(graph_id, 'edges', rules) AS exact,
       catmouse_bounded(graph_id, NULL, 'edges', rules) AS capped_2n
  FROM (SELECT DISTINCT graph_id FROM edges WHERE graph_id >= 10000),
       (SELECT '{"hole": 0, "mouse": 1, "cat": 2, "isolated": [0, 1, 2]}' AS rules)
 WHERE catmouse(graph_id, 'edges', rules) <> catmouse_bounded(graph_id, NULL, 'edges', rules)
 ORDER BY id;

.print ''
.print "-- 5. The first of them in LeetCode 913's input format (list i: the"
.print '--    neighbours of node i), how many plies the cat needs, and the'
.print '--    capped search just below and at that many plies + 1.'
WITH r(rules) AS (SELECT '{"hole": 0, "mouse": 1, "cat": 2, "isolated": [0, 1, 2]}'),
     g(id) AS (SELECT min(graph_id) FROM (SELECT DISTINCT graph_id FROM edges
                WHERE graph_id >= 10000), r
                WHERE catmouse(graph_id, 'edges', rules)
                      <> catmouse_bounded(graph_id, NULL, 'edges', rules)),
     k(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM k WHERE i < 11),
     adj(i, lst) AS (SELECT k.i, '[' || ifnull((SELECT group_concat(x, ',') FROM (
                       SELECT dst AS x FROM edges, g WHERE graph_id = g.id AND src = k.i
                       UNION SELECT src FROM edges, g WHERE graph_id = g.id AND dst = k.i
                       ORDER BY x)), '') || ']' FROM k),
     s(id, plies) AS (SELECT g.id, st.plies FROM g, r, catmouse_states(g.id, 'edges', r.rules) st
                       WHERE st.mouse = 1 AND st.cat = 2 AND st.turn = 'mouse')
SELECT s.id, (SELECT '[' || group_concat(lst, ',') || ']' FROM (SELECT lst FROM adj ORDER BY i))
         AS graph,
       s.plies AS cat_wins_in, catmouse_bounded(s.id, s.plies, 'edges', r.rules) AS capped_at_plies,
       catmouse_bounded(s.id, s.plies + 1, 'edges', r.rules) AS capped_at_plies_1
  FROM s, r;
