-- graphgame: import LeetCode-style JSON adjacency lists into edges.
-- List i holds the neighbours of node i.  Put the lists in a staging
-- table, then run this script (it uses SQLite's own JSON functions):
--
--   CREATE TEMP TABLE adjacency(graph_id INTEGER, json TEXT);
--   INSERT INTO adjacency VALUES (1, '[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]');
--   .read sql/import_json.sql
--
-- Each undirected edge appears in both lists; the extension folds the two
-- rows into one edge, so they are imported as they are.  Nodes listed with
-- no neighbours get no rows: nodes 0, 1 and 2 always exist for cat and
-- mouse, other isolated nodes cannot matter to it.
INSERT INTO edges(graph_id, src, dst)
SELECT a.graph_id, CAST(n.key AS INTEGER), m.value
  FROM adjacency a, json_each(a.json) n, json_each(n.value) m
 WHERE json_valid(a.json);
