-- Tables that read themselves through graphgame: a clear error, not a
-- stack overflow.  Setup:
CREATE TABLE edges(graph_id, src, dst);
INSERT INTO edges VALUES (1, 1, 2), (1, 2, 0);
CREATE VIEW rec(graph_id, src, dst) AS SELECT 1, catmouse(1, 'rec'), 0;
CREATE VIEW rec_states(graph_id, src, dst) AS
  SELECT 1, (SELECT count(*) FROM catmouse_states(1, 'rec_states')), 0;
CREATE TABLE gm(position, next);
CREATE VIEW gp(position, player, result) AS
  SELECT 1, 0, (SELECT outcome FROM game_solve('gp', 'gm'));
-- a view that calls graphgame on another table, nested once: fine
CREATE VIEW twice(graph_id, src, dst) AS SELECT 1, catmouse(1) + 10, 0;

-- case: catmouse on a view that calls catmouse on itself
SELECT catmouse(1, 'rec');
-- => Error: graphgame: table "rec" reads itself through graphgame (8 reads nested)

-- case: catmouse_states on a view that reads itself
SELECT count(*) FROM catmouse_states(1, 'rec_states');
-- => Error: graphgame: table "rec_states" reads itself through graphgame (8 reads nested)

-- case: game_solve on positions that solve themselves
SELECT * FROM game_solve('gp', 'gm');
-- => Error: graphgame: table "gp" reads itself through graphgame (8 reads nested)

-- case: the connection stays usable afterwards (the count is released)
SELECT catmouse(1, 'rec') IS NULL;
-- => Error: graphgame: table "rec" reads itself through graphgame (8 reads nested)

-- case: ... and answers the next call
SELECT count(*) FROM catmouse_states(1, 'rec_states');
SELECT catmouse(1, 'twice', '{"mouse": 1, "cat": 2, "isolated": [1, 2]}') IN (0, 1, 2), catmouse(1);
-- => 1|2
-- => Error: graphgame: table "rec_states" reads itself through graphgame (8 reads nested)

-- case: one level of nesting through another table is allowed (its rows: 0 and 11 or 12)
SELECT count(*) FROM catmouse_states(1, 'twice');
-- => 4
