-- graphgame demo: tic-tac-toe generated in SQL and solved by game_solve.
-- A board is 9 characters, row by row: 'x', 'o' or '.' (empty); x moves
-- first, so x (player 0) is to move when the counts of x and o are equal.
.load dist/graphgame

-- Every board reachable from the empty one.  Play stops at a line of three.
CREATE TEMP TABLE ttt_line(p, q, r);     -- the 8 lines, by cell number
INSERT INTO ttt_line VALUES (1,2,3), (4,5,6), (7,8,9), (1,4,7), (2,5,8),
                            (3,6,9), (1,5,9), (3,5,7);

CREATE TEMP TABLE ttt_positions AS
WITH RECURSIVE
  cell(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM cell WHERE i < 9),
  board(b) AS (
    SELECT '.........'
    UNION
    SELECT substr(b, 1, i - 1)
           || CASE WHEN length(replace(b, '.', '')) % 2 = 0 THEN 'x' ELSE 'o' END
           || substr(b, i + 1)
      FROM board, cell
     WHERE substr(b, i, 1) = '.'
       AND NOT EXISTS (SELECT 1 FROM ttt_line WHERE substr(b, p, 1) <> '.'
                         AND substr(b, p, 1) = substr(b, q, 1)
                         AND substr(b, q, 1) = substr(b, r, 1)))
SELECT b AS position,
       length(replace(b, '.', '')) % 2 AS player,    -- 0: x to move, 1: o
       CASE WHEN EXISTS (SELECT 1 FROM ttt_line WHERE substr(b, p, 1) <> '.'
                           AND substr(b, p, 1) = substr(b, q, 1)
                           AND substr(b, q, 1) = substr(b, r, 1))
              THEN 'loss'                            -- the last move made a line
            WHEN instr(b, '.') = 0 THEN 'draw' END AS result
  FROM board;

-- One move per empty cell of every board still in play.
CREATE TEMP TABLE ttt_moves AS
WITH RECURSIVE cell(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM cell WHERE i < 9)
SELECT position,
       substr(position, 1, i - 1) || CASE WHEN player = 0 THEN 'x' ELSE 'o' END
         || substr(position, i + 1) AS next
  FROM ttt_positions, cell
 WHERE result IS NULL AND substr(position, i, 1) = '.';

.print '-- How many boards and moves:'
SELECT (SELECT count(*) FROM ttt_positions) AS boards,
       (SELECT count(*) FROM ttt_moves) AS moves;

.print '-- The empty board: a draw.'
SELECT outcome, plies, move FROM game_solve('ttt_positions', 'ttt_moves')
 WHERE position = '.........';

.print '-- After x takes a corner, o must take the centre:'
SELECT position, outcome, move FROM game_solve('ttt_positions', 'ttt_moves')
 WHERE position = 'x........';

.print '-- Boards where the player to move wins, by plies left:'
SELECT plies, count(*) AS boards FROM game_solve('ttt_positions', 'ttt_moves')
 WHERE outcome = 'win' GROUP BY plies ORDER BY plies;

.print '-- Outcomes over all boards:'
SELECT outcome, count(*) AS boards FROM game_solve('ttt_positions', 'ttt_moves')
 GROUP BY outcome ORDER BY outcome;
