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
-- no neighbours get no rows: declare them in the rules, e.g.
-- '{"isolated": [0]}' for a hole that no edge reaches (an isolated node
-- that no role names cannot matter to cat and mouse).
--
-- All or nothing: malformed JSON stops the import with SQLite's
-- "malformed JSON", and anything but an array of arrays of integers stops
-- it with the message of the trigger below; no row is imported then.
CREATE TEMP TABLE IF NOT EXISTS gg_import(graph_id, src, dst);
DELETE FROM gg_import;
CREATE TEMP TRIGGER IF NOT EXISTS gg_import_check BEFORE INSERT ON gg_import
  WHEN NEW.src IS NULL OR NEW.dst IS NULL
BEGIN
  SELECT RAISE(ABORT, 'import_json: an adjacency list must be a JSON array of arrays of integers');
END;
INSERT INTO gg_import
SELECT a.graph_id,
       CASE WHEN json_type(a.json) = 'array' AND n.type = 'array' THEN CAST(n.key AS INTEGER) END,
       CASE WHEN m.type = 'integer' THEN m.value END
  FROM adjacency a, json_each(a.json) n, json_each(n.value) m;
INSERT INTO edges(graph_id, src, dst) SELECT graph_id, src, dst FROM gg_import;
DROP TABLE gg_import;
