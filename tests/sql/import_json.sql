-- sql/import_json.sql: LeetCode adjacency lists into edges, all or nothing.
.read sql/schema.sql
CREATE TEMP TABLE adjacency(graph_id INTEGER, json TEXT);

-- case: two lists are imported, one row per listed neighbour
INSERT INTO adjacency VALUES (1, '[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]'), (2, '[[1,3],[0],[3],[0,2]]');
.read sql/import_json.sql
SELECT graph_id, count(*) FROM edges GROUP BY graph_id;
SELECT catmouse(1), catmouse(2);
-- => 1|14
-- => 2|6
-- => 0|1

-- case: malformed JSON imports nothing
INSERT INTO adjacency VALUES (1, '[[1],[0]]'), (2, '[[1],[0');
.read sql/import_json.sql
SELECT count(*) FROM edges;
-- => 0
-- => Error: malformed JSON

-- case: a flat list is refused, nothing imported
INSERT INTO adjacency VALUES (1, '[[1],[0]]'), (2, '[1,2]');
.read sql/import_json.sql
SELECT count(*) FROM edges;
-- => 0
-- => Error: import_json: an adjacency list must be a JSON array of arrays of integers

-- case: an object is refused
INSERT INTO adjacency VALUES (3, '{"a":[1]}');
.read sql/import_json.sql
SELECT count(*) FROM edges;
-- => 0
-- => Error: import_json: an adjacency list must be a JSON array of arrays of integers

-- case: a text neighbour is refused
INSERT INTO adjacency VALUES (3, '[[1],["0"]]');
.read sql/import_json.sql
SELECT count(*) FROM edges;
-- => 0
-- => Error: import_json: an adjacency list must be a JSON array of arrays of integers
