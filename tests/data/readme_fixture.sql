-- The database every example of the manual (README.md, docs/**/*.md)
-- starts from (tests/py/test_readme.py):
-- the recommended schema, and graphs 1 and 2 = LeetCode 913 examples 1 and
-- 2, imported from their JSON adjacency lists.  Run from the repository
-- root (the .read paths are relative):  sqlite3 games.db < tests/data/readme_fixture.sql
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
-- A small game for game_solve: take 1 or 2 from a pile of 0..6; position
-- 2*n + p is pile n with player p to move; an empty pile is a loss.
CREATE TABLE nim_positions AS
  WITH RECURSIVE k(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM k WHERE n < 6)
  SELECT 2*n + p AS position, p AS player, CASE WHEN n = 0 THEN 'loss' END AS result
    FROM k, (SELECT 0 AS p UNION ALL SELECT 1);
CREATE TABLE nim_moves AS
  SELECT a.position, b.position AS next FROM nim_positions a, nim_positions b
   WHERE b.player = 1 - a.player AND a.position/2 - b.position/2 IN (1, 2);
