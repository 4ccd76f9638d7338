-- graphgame demo: the race to z (HDU 6963) on a small graph.
.load dist/graphgame
.read sql/schema.sql
-- 4 and 5 reach z = 0 only through 3; 6 hangs below 5.
INSERT INTO graphs(id, name) VALUES (10, 'race: one way down');
INSERT INTO edges(graph_id, src, dst) VALUES (10,0,3),(10,3,4),(10,3,5),(10,5,6),(10,6,6);

.print '-- Who wins (1 Alice, 2 draw, 3 Bob) from a few starts, goal 0?'
WITH starts(x, y) AS (VALUES (4, 5), (5, 5), (3, 3), (6, 4), (0, 4))
SELECT x, y, race_game(10, x, y, 0) AS outcome FROM starts;

.print '-- The game from (4, 5), move by move:'
WITH RECURSIVE line(alice, bob, turn, outcome, plies, move) AS (
  SELECT * FROM race_states(10, 0) WHERE alice = 4 AND bob = 5 AND turn = 'alice'
  UNION ALL
  SELECT s.* FROM line l, race_states(10, 0) s
   WHERE l.move IS NOT NULL
     AND s.turn = CASE WHEN l.turn = 'alice' THEN 'bob' ELSE 'alice' END
     AND s.alice = CASE WHEN l.turn = 'alice' THEN l.move ELSE l.alice END
     AND s.bob = CASE WHEN l.turn = 'bob' THEN l.move ELSE l.bob END
)
SELECT * FROM line;

.print '-- Starts (Alice to move) by outcome, for every goal z:'
SELECT z.v AS z, sum(s.outcome = 1) AS alice, sum(s.outcome = 2) AS draw,
       sum(s.outcome = 3) AS bob
  FROM (SELECT src AS v FROM edges WHERE graph_id = 10
        UNION SELECT dst FROM edges WHERE graph_id = 10) z,
       race_states(10, z.v) s
 WHERE s.turn = 'alice' GROUP BY z.v;
