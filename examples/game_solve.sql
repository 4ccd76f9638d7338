-- graphgame demo: games built as rows in SQL and solved by game_solve.
--   1. a subtraction game, checked against its closed form;
--   2. cat and mouse written as positions and moves, checked against
--      catmouse_states.
.load dist/graphgame

-- 1. The subtraction game: a pile of n counters; a move takes 1, 2 or 3
-- (k = 3); whoever cannot move (n = 0) loses.  Known: the player to move
-- loses iff n mod (k+1) = 0, in 2*(n div (k+1)) plies, and otherwise
-- wins in 2*(n div (k+1)) + 1.  A position is the pile and whose turn it
-- is, as text 'n/p'.  No position needs a result: at n = 0 the player to
-- move has no move, and so loses.
CREATE TEMP TABLE sub_positions AS
WITH RECURSIVE pile(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM pile WHERE n < 40),
  turn(p) AS (VALUES (0), (1))
SELECT n || '/' || p AS position, p AS player, NULL AS result, n AS pile
  FROM pile, turn;
CREATE TEMP TABLE sub_moves AS
WITH take(t) AS (VALUES (1), (2), (3))
SELECT position, (pile - t) || '/' || (1 - player) AS next
  FROM sub_positions, take WHERE t <= pile;

.print '-- Subtraction game (take 1 to 3): the losing piles, player 0 to move'
SELECT group_concat(p.pile, ' ') AS losing_piles
  FROM game_solve('sub_positions', 'sub_moves') s JOIN sub_positions p USING (position)
 WHERE p.player = 0 AND s.outcome = 'loss';

.print '-- Positions where game_solve and the closed form disagree (expect 0)'
SELECT count(*) AS sub_disagreements
  FROM game_solve('sub_positions', 'sub_moves') s JOIN sub_positions p USING (position)
 WHERE s.outcome <> CASE WHEN p.pile % 4 = 0 THEN 'loss' ELSE 'win' END
    OR s.plies <> 2 * (p.pile / 4) + (p.pile % 4 <> 0);

-- 2. Cat and mouse (LeetCode 913) on example 1's graph, node 0 the hole.
-- A position is 'mouse cat turn' with turn 0 for the mouse, 1 for the
-- cat.  The mouse wins on reaching the hole, the cat on reaching the
-- mouse; the cat may not enter the hole.
CREATE TEMP TABLE cm_edges(graph_id, src, dst);
INSERT INTO cm_edges VALUES (1,0,2), (1,0,5), (1,1,3), (1,2,4), (1,2,5),
                            (1,3,4), (1,3,5);
CREATE TEMP TABLE cm_adj AS                 -- both directions
  SELECT src AS a, dst AS b FROM cm_edges UNION SELECT dst, src FROM cm_edges;
CREATE TEMP TABLE cm_state AS               -- every mouse, cat (not 0), turn
  WITH node(v) AS (SELECT DISTINCT a FROM cm_adj), turn(t) AS (VALUES (0), (1))
  SELECT m.v AS m, c.v AS c, t FROM node m, node c, turn WHERE c.v <> 0;
CREATE TEMP VIEW cm_positions(position, player, result) AS
  SELECT m || ' ' || c || ' ' || t, t,
         CASE WHEN m = 0 THEN CASE WHEN t = 0 THEN 'win' ELSE 'loss' END      -- mouse home
              WHEN m = c THEN CASE WHEN t = 1 THEN 'win' ELSE 'loss' END END  -- caught
    FROM cm_state;
CREATE TEMP VIEW cm_moves(position, next) AS
  SELECT m || ' ' || c || ' 0', b || ' ' || c || ' 1'        -- the mouse moves
    FROM cm_state JOIN cm_adj ON a = m WHERE t = 0
  UNION ALL
  SELECT m || ' ' || c || ' 1', m || ' ' || b || ' 0'        -- the cat moves
    FROM cm_state JOIN cm_adj ON a = c WHERE t = 1 AND b <> 0;

.print '-- Cat and mouse as rows: the start (mouse 1, cat 2, mouse to move)'
SELECT position, outcome, plies, move
  FROM game_solve('cm_positions', 'cm_moves') WHERE position = '1 2 0';

.print '-- Positions where game_solve and catmouse_states disagree (expect 0;'
.print '-- both list the same positions)'
SELECT count(*) AS both_list,
       (SELECT count(*) FROM catmouse_states(1, 'cm_edges')) AS catmouse_states,
       (SELECT count(*) FROM cm_positions) AS game_solve,
       sum(s.outcome IS NOT CASE WHEN g.outcome = 'draw' THEN 0
                                 WHEN (g.outcome = 'win') = (s.turn = 'mouse') THEN 1 ELSE 2 END
           OR s.plies IS NOT g.plies) AS cm_disagreements
  FROM catmouse_states(1, 'cm_edges') s
  JOIN game_solve('cm_positions', 'cm_moves') g
    ON g.position = s.mouse || ' ' || s.cat || ' ' || (s.turn = 'cat');
