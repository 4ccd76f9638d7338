-- graphgame demo: LeetCode 1728 "Cat and Mouse II", solved exactly by
-- game_solve.  A grid of '#' walls, '.' floor, 'C' cat, 'M' mouse and 'F'
-- food; the mouse moves first; a move jumps 0 to mouse_jump (cat_jump)
-- cells in one of the four directions, never through a wall or off the
-- grid (jump 0 stays put; either may jump over the other).  The cat wins
-- by landing on the mouse or reaching the food first, the mouse by
-- reaching the food first.
--
-- LeetCode adds "the cat wins if the mouse cannot get to the food within
-- 1000 turns".  Here the game is solved as the infinite game it is: a
-- position that neither player can force is a draw (game_solve's 'draw').
-- LeetCode's answer, "can the mouse win?", is true exactly when the mouse
-- wins from the start; a draw and a cat win are both false.  The two
-- differ only where the mouse's fastest forced win needs more than 1000
-- turns; the longest here takes 75 plies.
--
-- The widely copied solutions search a capped game instead: they give up
-- after 70-odd plies (72, 74 and 78 in accepted solutions reported in
-- LeetCode-Feedback issues 7385, 24500 and 40117) and answer false when the
-- mouse's fastest forced win is longer.  game_solve's plies is that
-- fastest win (the mouse hurries, the cat delays), so a search capped at N
-- plies answers true exactly when the mouse wins in at most N plies; the
-- last games below are grids where such caps answer false.
--
-- Everything below the input tables is views: the positions and moves
-- follow whatever grids and jumps lc_game and lc_grid hold, so the same SQL
-- solves any grid (tests/py/test_leetcode1728.py fills them with random
-- grids and checks every position against a brute force).
.load dist/graphgame

-- The input: one row per game (its jumps, and LeetCode's published answer
-- where there is one) and one row per line of its grid, top to bottom.
CREATE TABLE lc_game(game INTEGER PRIMARY KEY, name TEXT, cat_jump INTEGER,
                     mouse_jump INTEGER, published TEXT);
CREATE TABLE lc_grid(game INTEGER, r INTEGER, line TEXT, PRIMARY KEY (game, r));
INSERT INTO lc_game VALUES
  (1, 'LeetCode example 1', 1, 2, 'true'),
  (2, 'LeetCode example 2', 1, 4, 'true'),
  (3, 'LeetCode example 3', 1, 3, 'false'),
  (4, 'LeetCode example 4', 2, 5, 'false'),
  (5, 'LeetCode example 5', 3, 1, 'true'),
  (6, 'LeetCode-Feedback 7385', 1, 1, NULL),
  (7, 'LeetCode-Feedback 24500', 1, 1, NULL);
INSERT INTO lc_grid VALUES
  (1, 0, '####F'), (1, 1, '#C...'), (1, 2, 'M....'),
  (2, 0, 'M.C...F'),
  (3, 0, 'M.C...F'),
  (4, 0, 'C...#'), (4, 1, '...#F'), (4, 2, '....#'), (4, 3, 'M....'),
  (5, 0, '.M...'), (5, 1, '..#..'), (5, 2, '#..#.'), (5, 3, 'C#.#.'), (5, 4, '...#F'),
  (6, 0, 'CM......'), (6, 1, '#######.'), (6, 2, '........'), (6, 3, '.#######'),
  (6, 4, '........'), (6, 5, '#######.'), (6, 6, 'F.#...#.'), (6, 7, '#...#...'),
  (7, 0, 'C#......'), (7, 1, 'M..####.'), (7, 2, '###.....'), (7, 3, '....####'),
  (7, 4, '.####...'), (7, 5, '......#.'), (7, 6, '#######.'), (7, 7, 'F.......');

-- The rules.  Every cell that is not a wall, with its character (rows r
-- and columns c from 0), one column at a time by a recursive CTE.
CREATE VIEW lc_cell(game, r, c, ch) AS
WITH RECURSIVE col(game, r, c, line) AS (
  SELECT game, r, 0, line FROM lc_grid
  UNION ALL
  SELECT game, r, c + 1, line FROM col WHERE c + 1 < length(line))
SELECT game, r, c, substr(line, c + 1, 1) FROM col
 WHERE substr(line, c + 1, 1) <> '#';

-- Where each animal (0 the mouse, 1 the cat) can jump from each cell: a
-- ray in each direction grows one cell at a time while the next cell is on
-- the grid, not a wall, and within the jump; every cell of a ray,
-- staying put included, is one move.
CREATE VIEW lc_jump(game, who, r, c, r2, c2) AS
WITH RECURSIVE
  animal(who) AS (VALUES (0), (1)),
  dir(dr, dc) AS (VALUES (-1, 0), (1, 0), (0, -1), (0, 1)),
  ray(game, who, jump, r, c, dr, dc, k, r2, c2) AS (
    SELECT x.game, a.who, CASE WHEN a.who = 0 THEN g.mouse_jump ELSE g.cat_jump END, x.r, x.c,
           d.dr, d.dc, 0, x.r, x.c
      FROM lc_cell x JOIN lc_game g ON g.game = x.game, animal a, dir d
    UNION ALL
    SELECT ray.game, who, jump, ray.r, ray.c, dr, dc, k + 1, r2 + dr, c2 + dc
      FROM ray JOIN lc_grid y ON y.game = ray.game AND y.r = r2 + dr
     WHERE k < jump AND c2 + dc >= 0
       AND substr(y.line, c2 + dc + 1, 1) NOT IN ('', '#'))
SELECT DISTINCT game, who, r, c, r2, c2 FROM ray;

-- A position: the mouse's cell, the cat's cell, and whose turn it is
-- (player 0 the mouse, 1 the cat), as text 'game Mr,c Cr,c mover'.  The
-- game is over once the cat is on the mouse or the food (the cat has won)
-- or the mouse is on the food (the mouse has won); result is said for the
-- player to move.
CREATE VIEW lc_state(position, game, mouse_r, mouse_c, cat_r, cat_c, player, result) AS
WITH turn(p, name) AS (VALUES (0, 'mouse'), (1, 'cat'))
SELECT m.game || ' M' || m.r || ',' || m.c || ' C' || k.r || ',' || k.c || ' ' || t.name,
       m.game, m.r, m.c, k.r, k.c, t.p,
       CASE WHEN (m.r = k.r AND m.c = k.c) OR k.ch = 'F' THEN CASE WHEN t.p = 1 THEN 'win' ELSE 'loss' END
            WHEN m.ch = 'F' THEN CASE WHEN t.p = 0 THEN 'win' ELSE 'loss' END END
  FROM lc_cell m JOIN lc_cell k ON k.game = m.game, turn t;

CREATE VIEW lc_positions(position, player, result) AS
  SELECT position, player, result FROM lc_state;

-- A move: the animal to move jumps, and the other one is to move next.
CREATE VIEW lc_moves(position, next) AS
SELECT s.position,
       s.game || ' M' || j.r2 || ',' || j.c2 || ' C' || s.cat_r || ',' || s.cat_c || ' cat'
  FROM lc_state s JOIN lc_jump j
    ON j.game = s.game AND j.who = 0 AND j.r = s.mouse_r AND j.c = s.mouse_c
 WHERE s.player = 0 AND s.result IS NULL
UNION ALL
SELECT s.position,
       s.game || ' M' || s.mouse_r || ',' || s.mouse_c || ' C' || j.r2 || ',' || j.c2 || ' mouse'
  FROM lc_state s JOIN lc_jump j
    ON j.game = s.game AND j.who = 1 AND j.r = s.cat_r AND j.c = s.cat_c
 WHERE s.player = 1 AND s.result IS NULL;

-- Solve every game at once (they share no position), and name the winner.
CREATE TEMP TABLE lc_solved AS
SELECT s.position, s.game, s.mouse_r, s.mouse_c, s.cat_r, s.cat_c, s.player,
       g.outcome, g.plies, g.move,
       CASE WHEN g.outcome = 'draw' THEN 'draw'
            WHEN (g.outcome = 'win') = (s.player = 0) THEN 'mouse' ELSE 'cat' END AS winner
  FROM game_solve('lc_positions', 'lc_moves') g JOIN lc_state s USING (position);

-- The start: the mouse on 'M', the cat on 'C', the mouse to move.
CREATE TEMP VIEW lc_start AS
SELECT x.* FROM lc_solved x
  JOIN lc_cell m ON m.game = x.game AND m.ch = 'M'
  JOIN lc_cell k ON k.game = x.game AND k.ch = 'C'
 WHERE x.position = x.game || ' M' || m.r || ',' || m.c || ' C' || k.r || ',' || k.c || ' mouse';

.print "-- Who wins each grid from the start, in how many plies, and LeetCode's"
.print "-- answer (true only when the mouse wins).  cap_72, cap_74: what a search"
.print "-- that gives up after 72 or 74 plies answers."
SELECT g.game, g.name, g.cat_jump, g.mouse_jump, s.winner, s.plies,
       CASE WHEN s.winner = 'mouse' THEN 'true' ELSE 'false' END AS leetcode,
       coalesce(g.published, '') AS published,
       CASE WHEN s.winner = 'mouse' AND s.plies <= 72 THEN 'true' ELSE 'false' END AS cap_72,
       CASE WHEN s.winner = 'mouse' AND s.plies <= 74 THEN 'true' ELSE 'false' END AS cap_74
  FROM lc_game g JOIN lc_start s USING (game) ORDER BY g.game;

.print "-- Example 4 is a draw: walls shut the food off from both and the cat"
.print "-- cannot corner the mouse, so neither can win; LeetCode's 1000-turn rule"
.print "-- gives it to the cat (false)."

.print "-- Game 7 (LeetCode-Feedback 24500): the mouse runs the whole snake with"
.print "-- the cat at its heels and eats after 75 plies; a search capped at 74"
.print "-- says the mouse cannot.  The mouse's cells along optimal play:"
WITH RECURSIVE line(n, cell, move) AS (
  SELECT 0, mouse_r || ',' || mouse_c, move FROM lc_start WHERE game = 7
  UNION ALL
  SELECT n + 1, x.mouse_r || ',' || x.mouse_c, x.move
    FROM line JOIN lc_solved x ON x.position = line.move)
SELECT group_concat(cell, ' ') AS mouse_path
  FROM (SELECT cell FROM line WHERE n % 2 = 0 OR move IS NULL ORDER BY n);

.print "-- Positions by winner over all seven grids:"
SELECT winner, count(*) AS positions FROM lc_solved GROUP BY winner ORDER BY winner;
