-- The database every README example starts from (tests/test_readme.py):
-- the recommended schema, and graphs 1 and 2 = LeetCode 913 examples 1 and
-- 2, imported from their JSON adjacency lists.  Run from the repository
-- root (the .read paths are relative):  sqlite3 demo.db < tests/readme_fixture.sql
.read sql/schema.sql
INSERT INTO graphs(id, name, note) VALUES
  (1, 'LeetCode example 1', 'LeetCode 913 example 1: a draw'),
  (2, 'LeetCode example 2', 'LeetCode 913 example 2: the mouse wins');
CREATE TEMP TABLE adjacency(graph_id INTEGER, json TEXT);
INSERT INTO adjacency VALUES
  (1, '[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]'),
  (2, '[[1,3],[0],[3],[0,2]]');
.read sql/import_json.sql
DROP TABLE adjacency;
