-- game_solve through the sqlite3 CLI: one small game per rule, and every
-- error with its message.  Setup (run before each case):
CREATE TABLE g(position, player, result);
CREATE TABLE gm(position, next);
-- a chain with text ids; the repeated move counts once
INSERT INTO g VALUES ('a',0,NULL),('b',1,NULL),('c',0,NULL);
INSERT INTO gm VALUES ('a','b'),('b','c'),('a','b');
-- nearest win: 10 can win in 1 (at 11) or in 3 (via 12)
INSERT INTO g VALUES (10,0,NULL),(11,1,'loss'),(12,1,NULL),(13,0,NULL),(14,1,'loss');
INSERT INTO gm VALUES (10,12),(10,11),(12,13),(13,14);
-- farthest loss: 20 loses at once at 21, or in 2 plies via 22
INSERT INTO g VALUES (20,0,NULL),(21,1,'win'),(22,1,NULL),(23,0,NULL);
INSERT INTO gm VALUES (20,21),(20,22),(22,23);
-- a cycle 30 <-> 31 that both prefer to the losing way out
INSERT INTO g VALUES (30,0,NULL),(31,1,NULL),(32,0,'win'),(33,1,'win');
INSERT INTO gm VALUES (30,33),(30,31),(31,32),(31,30);
-- a self-move: 40 can stay forever
INSERT INTO g VALUES (40,0,NULL),(41,1,'win');
INSERT INTO gm VALUES (40,41),(40,40);
-- a finished draw (its move is ignored) and a move into it
INSERT INTO g VALUES (50,1,'draw'),(51,0,NULL),(52,0,NULL);
INSERT INTO gm VALUES (50,51),(52,50);
-- extra turns: 60 -> 61 keeps player 0; 71 -> 72 keeps player 1
INSERT INTO g VALUES (60,0,NULL),(61,0,NULL),(62,1,NULL);
INSERT INTO gm VALUES (60,61),(61,62);
INSERT INTO g VALUES (70,0,NULL),(71,1,NULL),(72,1,NULL),(73,0,'win');
INSERT INTO gm VALUES (70,71),(71,72),(72,73);
-- 1 and '1' are different positions
INSERT INTO g VALUES (1,0,NULL),('1',1,NULL);
INSERT INTO gm VALUES (1,'1'),('1',1),('1','c');
-- views map other names: take 1 or 2 from a heap of 0..3; ids 'heap/turn'
CREATE TABLE nim(heap INTEGER PRIMARY KEY);
INSERT INTO nim VALUES (0),(1),(2),(3);
CREATE TABLE turns(turn INTEGER);
INSERT INTO turns VALUES (0),(1);
CREATE VIEW nim_positions(position, player, result) AS
  SELECT heap || '/' || turn, turn, NULL FROM nim, turns;
CREATE VIEW nim_moves(position, next) AS
  SELECT a.heap || '/' || turn, b.heap || '/' || (1 - turn) FROM nim a, turns
    JOIN nim b ON b.heap = a.heap - 1 OR b.heap = a.heap - 2;
-- bad tables
CREATE TABLE dup(position, player, result);
INSERT INTO dup VALUES (1,0,NULL),(2,1,NULL),(1,1,NULL);
CREATE TABLE duptext(position, player, result);
INSERT INTO duptext VALUES ('x',0,NULL),(1,0,NULL),('x',1,NULL);
CREATE TABLE badplayer(position, player, result);
INSERT INTO badplayer VALUES (1,0,NULL),(2,2,NULL);
CREATE TABLE textplayer(position, player, result);
INSERT INTO textplayer VALUES ('p','1',NULL);
CREATE TABLE nullplayer(position, player, result);
INSERT INTO nullplayer VALUES ('p',NULL,NULL);
CREATE TABLE realplayer(position, player, result);
INSERT INTO realplayer VALUES (7,0.0,NULL);
CREATE TABLE negplayer(position, player, result);
INSERT INTO negplayer VALUES (7,-1,NULL);
CREATE TABLE badresult(position, player, result);
INSERT INTO badresult VALUES (1,0,'win'),(2,1,'won');
CREATE TABLE capresult(position, player, result);
INSERT INTO capresult VALUES (1,0,'Win');
CREATE TABLE intresult(position, player, result);
INSERT INTO intresult VALUES (1,0,1);
CREATE TABLE nullpos(position, player, result);
INSERT INTO nullpos VALUES (1,0,NULL),(NULL,0,NULL);
CREATE TABLE realpos(position, player, result);
INSERT INTO realpos VALUES (1.5,0,NULL);
CREATE TABLE blobpos(position, player, result);
INSERT INTO blobpos VALUES (x'01ff',0,NULL);
CREATE TABLE badfrom(position, next);
INSERT INTO badfrom VALUES ('a','b'),(99,10);
CREATE TABLE badto(position, next);
INSERT INTO badto VALUES (10,11),(10,'zz');
CREATE TABLE nullto(position, next);
INSERT INTO nullto VALUES (10,NULL);
CREATE TABLE typeto(position, next);
INSERT INTO typeto VALUES (10,'11');
CREATE TABLE typefrom(position, next);
INSERT INTO typefrom VALUES (10,11),('10',11);
CREATE TABLE zeroto(position, next);
INSERT INTO zeroto VALUES (10,'011');
CREATE TABLE tp(position, player, result);
INSERT INTO tp VALUES ('5',0,NULL),('6',1,NULL),('-7',1,NULL);
CREATE TABLE tpints(position, next);
INSERT INTO tpints VALUES ('5','6'),(5,6);
CREATE TABLE tpmixed(position, next);
INSERT INTO tpmixed VALUES ('5','6'),('5',-7);
CREATE TABLE tpnone(position, next);
INSERT INTO tpnone VALUES ('5',8);
CREATE TABLE noplayer(position, turn, result);
CREATE TABLE noresult(position, player);
CREATE TABLE nonext(position, dst);
CREATE TABLE noposition(pos, next);

-- case: a chain: the mover at b wins in 1, a loses in 2, c has no move and loses
SELECT * FROM game_solve('g', 'gm') WHERE position IN ('a', 'b', 'c');
-- => a|loss|2|b
-- => b|win|1|c
-- => c|loss|0|

-- case: the winner hurries: the win in 1, not the win in 3
SELECT position, outcome, plies, move FROM game_solve('g', 'gm') WHERE position IN (10, 12, 13) ORDER BY position;
-- => 10|win|1|11
-- => 12|loss|2|13
-- => 13|win|1|14

-- case: finished positions: plies 0, no move, outcome for the player to move
SELECT position, outcome, plies, quote(move) FROM game_solve('g', 'gm') WHERE position IN (11, 14, 21) ORDER BY position;
-- => 11|loss|0|NULL
-- => 14|loss|0|NULL
-- => 21|win|0|NULL

-- case: the loser delays: 2 plies via 22, not 0 at 21
SELECT position, outcome, plies, move FROM game_solve('g', 'gm') WHERE position IN (20, 22, 23) ORDER BY position;
-- => 20|loss|2|22
-- => 22|win|1|23
-- => 23|loss|0|

-- case: a cycle both sides prefer to losing is a draw, with moves that keep it
SELECT position, outcome, quote(plies), move FROM game_solve('g', 'gm') WHERE position IN (30, 31) ORDER BY position;
-- => 30|draw|NULL|31
-- => 31|draw|NULL|30

-- case: a self-move keeps a draw
SELECT outcome, quote(plies), move FROM game_solve('g', 'gm') WHERE position = 40;
-- => draw|NULL|40

-- case: a finished draw has no plies and no move; its own move rows are ignored
SELECT position, outcome, quote(plies), quote(move) FROM game_solve('g', 'gm') WHERE position IN (50, 51, 52) ORDER BY position;
-- => 50|draw|NULL|NULL
-- => 51|loss|0|NULL
-- => 52|draw|NULL|50

-- case: extra turns: a move may keep the same player to move
SELECT position, outcome, plies, move FROM game_solve('g', 'gm') WHERE position BETWEEN 60 AND 73 ORDER BY position;
-- => 60|win|2|61
-- => 61|win|1|62
-- => 62|loss|0|
-- => 70|win|3|71
-- => 71|loss|2|72
-- => 72|loss|1|73
-- => 73|win|0|

-- case: 1 and '1' are different positions, reported with their own types
SELECT typeof(position), outcome, plies, typeof(move), move FROM game_solve('g', 'gm') WHERE position IN (1, '1') ORDER BY 1;
-- => integer|loss|2|text|1
-- => text|win|1|text|c

-- case: a real equal to an integer id finds it, as = does
SELECT position, outcome FROM game_solve('g', 'gm') WHERE position = 10.0;
-- => 10|win

-- case: an id that is not a position gives no row
SELECT count(*) FROM game_solve('g', 'gm') WHERE position IN (10.5, 'zz', x'00', 999);
-- => 0

-- case: one row per position, in table order
SELECT group_concat(position, ' ') FROM game_solve('g', 'gm');
-- => a b c 10 11 12 13 14 20 21 22 23 30 31 32 33 40 41 50 51 52 60 61 62 70 71 72 73 1 1

-- case: the move joins back to its row: along a win, plies fall by one
SELECT s.position, s.plies, t.position, t.outcome, t.plies FROM game_solve('g', 'gm') s
  JOIN game_solve('g', 'gm') t ON t.position = s.move
 WHERE s.position IN (70, 71, 72) ORDER BY s.position;
-- => 70|3|71|loss|2
-- => 71|2|72|loss|1
-- => 72|1|73|win|0

-- case: views map other column names; of two optimal moves the first listed is given
SELECT position, outcome, plies, quote(move) FROM game_solve('nim_positions', 'nim_moves')
 WHERE position GLOB '*/0';
-- => 0/0|loss|0|NULL
-- => 1/0|win|1|'0/1'
-- => 2/0|win|1|'0/1'
-- => 3/0|loss|2|'1/1'

-- case: empty tables give no rows
CREATE TABLE ep(position, player, result);
CREATE TABLE em(position, next);
SELECT count(*) FROM game_solve('ep', 'em');
-- => 0

-- case: positions without moves: each loses at once (or keeps its result)
CREATE TABLE ep(position, player, result);
INSERT INTO ep VALUES (1,0,NULL),(2,1,'win'),(3,0,'draw');
CREATE TABLE em(position, next);
SELECT position, outcome, quote(plies) FROM game_solve('ep', 'em');
-- => 1|loss|0
-- => 2|win|0
-- => 3|draw|NULL

-- case: a temp table and a name that needs quoting
CREATE TEMP TABLE "my ""moves"""(position, next);
INSERT INTO "my ""moves""" SELECT * FROM gm;
SELECT outcome, plies FROM game_solve('g', 'my "moves"') WHERE position = 'a';
-- => loss|2

-- case: a changed table is read afresh
SELECT plies FROM game_solve('g', 'gm') WHERE position = 10;
DELETE FROM gm WHERE position = 10 AND next = 11;
SELECT plies FROM game_solve('g', 'gm') WHERE position = 10;
-- => 1
-- => 3

-- case: error: no such positions table
SELECT * FROM game_solve('nope', 'gm');
-- => Error: graphgame: game_solve: no such table or view: "nope" (a WITH name cannot be read: use a view)

-- case: error: no such moves table
SELECT * FROM game_solve('g', 'nomoves');
-- => Error: graphgame: game_solve: no such table or view: "nomoves" (a WITH name cannot be read: use a view)

-- case: error: positions without player
SELECT * FROM game_solve('noplayer', 'gm');
-- => Error: graphgame: game_solve: table "noplayer" has no column player

-- case: error: positions without result
SELECT * FROM game_solve('noresult', 'gm');
-- => Error: graphgame: game_solve: table "noresult" has no column result

-- case: error: moves without next
SELECT * FROM game_solve('g', 'nonext');
-- => Error: graphgame: game_solve: table "nonext" has no column next

-- case: error: moves without position
SELECT * FROM game_solve('g', 'noposition');
-- => Error: graphgame: game_solve: table "noposition" has no column position

-- case: error: a position listed twice
SELECT * FROM game_solve('dup', 'gm');
-- => Error: graphgame: game_solve: position 1 is listed twice in table "dup"

-- case: error: a text position listed twice
SELECT * FROM game_solve('duptext', 'gm');
-- => Error: graphgame: game_solve: position 'x' is listed twice in table "duptext"

-- case: error: player 2
SELECT * FROM game_solve('badplayer', 'gm');
-- => Error: graphgame: game_solve: position 2 in table "badplayer" has player 2; the players are 0 and 1

-- case: error: player -1
SELECT * FROM game_solve('negplayer', 'gm');
-- => Error: graphgame: game_solve: position 7 in table "negplayer" has player -1; the players are 0 and 1

-- case: error: player as text
SELECT * FROM game_solve('textplayer', 'gm');
-- => Error: graphgame: game_solve: position 'p' in table "textplayer" has player '1'; the players are 0 and 1

-- case: error: player NULL
SELECT * FROM game_solve('nullplayer', 'gm');
-- => Error: graphgame: game_solve: position 'p' in table "nullplayer" has player NULL; the players are 0 and 1

-- case: error: player as a real
SELECT * FROM game_solve('realplayer', 'gm');
-- => Error: graphgame: game_solve: position 7 in table "realplayer" has player 0.0; the players are 0 and 1

-- case: error: an unknown result word
SELECT * FROM game_solve('badresult', 'gm');
-- => Error: graphgame: game_solve: position 2 in table "badresult" has result 'won'; results are NULL, 'win', 'loss' and 'draw'

-- case: error: result words are lower case
SELECT * FROM game_solve('capresult', 'gm');
-- => Error: graphgame: game_solve: position 1 in table "capresult" has result 'Win'; results are NULL, 'win', 'loss' and 'draw'

-- case: error: a number as a result
SELECT * FROM game_solve('intresult', 'gm');
-- => Error: graphgame: game_solve: position 1 in table "intresult" has result 1; results are NULL, 'win', 'loss' and 'draw'

-- case: error: a NULL position
SELECT * FROM game_solve('nullpos', 'gm');
-- => Error: graphgame: game_solve: table "nullpos" has position NULL; positions must be integers or text

-- case: error: a real position
SELECT * FROM game_solve('realpos', 'gm');
-- => Error: graphgame: game_solve: table "realpos" has position 1.5; positions must be integers or text

-- case: error: a blob position
SELECT * FROM game_solve('blobpos', 'gm');
-- => Error: graphgame: game_solve: table "blobpos" has position X'01FF'; positions must be integers or text

-- case: error: a move from an unknown position
SELECT * FROM game_solve('g', 'badfrom');
-- => Error: graphgame: game_solve: move 99 -> 10 in table "badfrom": 99 is not a position in table "g"

-- case: error: a move to an unknown position
SELECT * FROM game_solve('g', 'badto');
-- => Error: graphgame: game_solve: move 10 -> 'zz' in table "badto": 'zz' is not a position in table "g"

-- case: error: a move to NULL
SELECT * FROM game_solve('g', 'nullto');
-- => Error: graphgame: game_solve: move 10 -> NULL in table "nullto": NULL is not a position in table "g"

-- case: error: a move to '11' when the position is 11
SELECT * FROM game_solve('g', 'typeto');
-- => Error: graphgame: game_solve: move 10 -> '11' in table "typeto": '11' is not a position in table "g" (ids 11 and '11' differ: integer and text)

-- case: error: a move from '10' when the position is 10
SELECT * FROM game_solve('g', 'typefrom');
-- => Error: graphgame: game_solve: move '10' -> 11 in table "typefrom": '10' is not a position in table "g" (ids 10 and '10' differ: integer and text)

-- case: error: '011' is not 11 and gets no hint
SELECT * FROM game_solve('g', 'zeroto');
-- => Error: graphgame: game_solve: move 10 -> '011' in table "zeroto": '011' is not a position in table "g"

-- case: error: a move from 5 when the position is '5' (both ends integers)
SELECT * FROM game_solve('tp', 'tpints');
-- => Error: graphgame: game_solve: move 5 -> 6 in table "tpints": 5 is not a position in table "tp" (ids 5 and '5' differ: integer and text)

-- case: error: a move to -7 when the position is '-7'
SELECT * FROM game_solve('tp', 'tpmixed');
-- => Error: graphgame: game_solve: move '5' -> -7 in table "tpmixed": -7 is not a position in table "tp" (ids -7 and '-7' differ: integer and text)

-- case: error: a move to 8 with text ids but no '8' gets no hint
SELECT * FROM game_solve('tp', 'tpnone');
-- => Error: graphgame: game_solve: move '5' -> 8 in table "tpnone": 8 is not a position in table "tp"

-- case: error: no arguments
SELECT * FROM game_solve;
-- => Error: graphgame: game_solve needs arguments: game_solve(positions, moves)

-- case: error: one argument
SELECT * FROM game_solve('g');
-- => Error: graphgame: game_solve needs arguments: game_solve(positions, moves)

-- case: error: a NULL argument
SELECT * FROM game_solve('g', NULL);
-- => Error: graphgame: game_solve needs arguments: game_solve(positions, moves)

-- case: error: over the position limit, with the count
SELECT graphgame_limit('max_positions', 3);
SELECT count(*) FROM game_solve('nim_positions', 'nim_moves');
SELECT graphgame_limit('max_positions', 8);
SELECT count(*) FROM game_solve('nim_positions', 'nim_moves');
-- => 1000000000
-- => 3
-- => 8
-- => Error: graphgame: game_solve: table "nim_positions" has 8 positions, over the limit of 3 (see graphgame_limit)

-- case: errors leave the database as it was
SELECT * FROM game_solve('g', 'badto');
SELECT count(*), (SELECT count(*) FROM gm) FROM g;
-- => 30|26
-- => Error: graphgame: game_solve: move 10 -> 'zz' in table "badto": 'zz' is not a position in table "g"
