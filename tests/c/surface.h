/*
** surface.h: the whole public surface of graphgame as a table of SQL
** statements, for the harnesses that must reach every function and table:
** tests/c/oom.c (every allocation failing in turn), tests/c/threads.c
** (many connections at once) and tests/fuzz/fuzz_sql.c (random calls).
**
** WHEN YOU ADD A FUNCTION OR A TABLE, ADD LINES TO aSurface[] BELOW.
** oom.c fails, naming it, if the extension registers a name that no
** statement here mentions.
**
** Statements take named parameters, bound when present:
**     :graph   a graph id (any type)
**     :edges   an edge table or view name (NULL means "edges")
**     :json    a JSON adjacency list
** A statement flagged SURF_TRUE is an invariant: whenever it succeeds it
** returns exactly one row whose only column is 1.
**
** SURF_SETUP makes the tables the statements run on: graphs 1 (LeetCode
** 913 example 1, a draw), 2 (12 nodes, with self-loop and repeated rows)
** and 3 (labels at both ends of the 64-bit range) in "edges"; graph 1 again
** in a table whose name has a quote, a semicolon and "--"; a view that
** fails while it is being read; a table with a NULL and a text node; a
** table of text labels ("named", graphs 1 and 2, with the twins 1 and
** '1'); a small game as rows for game_solve (gpos; its moves gmov, the
** last out of source order, and gmovs, grouped by source); a cycle of 200
** nodes ("ring", graph 1: cat and mouse in plies past the ply byte, with
** the bases and wide words of catmouse.h).  Rules are written into the
** statements.
** aSurfArgs[] lists argument sets that, with the statements, reach both
** answers and every kind of error.
*/
#ifndef GG_SURFACE_H
#define GG_SURFACE_H

#define SURF_TRUE 1     /* invariant: a successful run returns one row, 1 */

typedef struct SurfSql SurfSql;
struct SurfSql {
  const char *zSql;     /* the statement */
  int flags;            /* SURF_TRUE or 0 */
};

static const SurfSql aSurface[] = {
  /* graphgame.c */
  { "SELECT graphgame_version()", 0 },
  { "SELECT graphgame_limit('max_positions')", 0 },
  { "SELECT graphgame_limit('max_positions', 100000), graphgame_limit('max_positions')", 0 },
  { "SELECT graphgame_limit(:edges)", 0 },
  /* debug.c */
  { "SELECT graphgame_debug() LIKE 'version: %'", SURF_TRUE },
  /* catmouse_sql.c */
  { "SELECT catmouse(:graph)", 0 },
  { "SELECT catmouse(:graph, :edges)", 0 },
  { "SELECT catmouse_json(:json)", 0 },
  /* rules: several holes, starts, the cat first, arcs; named nodes no row
  ** touches (isolated); malformed and unknown rules */
  { "SELECT catmouse(:graph, :edges, '{\"hole\": [0, 5], \"mouse\": 3, \"cat\": 4,"
    " \"turn\": \"cat\"}')", 0 },
  { "SELECT catmouse(:graph, :edges, '{\"directed\": true}'),"
    " catmouse(:graph, :edges, json_object('hole', 'h', 'mouse', 'm', 'cat', 2))", 0 },
  { "SELECT catmouse(:graph, :edges, json_object('hole', 'h', 'mouse', 'm', 'cat', 2,"
    " 'isolated', json_array('h', 'm', 2)))", 0 },
  /* a typo: the error's nearest labels; a graph id of the other type */
  { "SELECT catmouse(:graph, 'named', '{\"hole\": \"valjan\", \"mouse\": \"Cosete\"}'),"
    " race_game(:graph, 'Cosette', 'x', 'Napolean', 'named')", 0 },
  { "SELECT catmouse(:graph, :edges, '{\"hole\": '), catmouse(:graph, :edges, '{\"mice\": 1}')", 0 },
  { "SELECT catmouse_json(:json, '{\"hole\": 1, \"mouse\": 0, \"directed\": true}')", 0 },
  /* text labels (an untyped table "named") */
  { "SELECT catmouse(:graph, 'named', '{\"hole\": \"Napoleon\", \"mouse\": \"Myriel\","
    " \"cat\": \"Cosette\"}'),"
    " catmouse(:graph, 'named', '{\"hole\": \"1\", \"cat\": \"Javert\"}')", 0 },
  { "SELECT count(*), group_concat(mouse), group_concat(move) FROM catmouse_states(:graph,"
    " 'named', '{\"hole\": [\"Napoleon\", \"Valjean\"], \"directed\": true}')", 0 },
  /* catmouse_states (states.c) */
  { "SELECT count(*), sum(outcome), total(plies), total(move)"
    " FROM catmouse_states(:graph, :edges)", 0 },
  { "SELECT * FROM catmouse_states(:graph, :edges)"
    " WHERE mouse = 1 AND cat = 2 AND turn = 'mouse'", 0 },
  { "SELECT mouse, outcome FROM catmouse_states"
    " WHERE graph_id = :graph AND edges = ifnull(:edges, 'edges') AND cat = 2"
    " AND turn = 'cat'", 0 },
  { "SELECT count(*) FROM catmouse_states", 0 },
  { "SELECT count(*), sum(outcome), total(move) FROM catmouse_states(:graph, :edges,"
    " '{\"hole\": 3, \"directed\": true}')", 0 },
  { "SELECT mouse, outcome, rules FROM catmouse_states WHERE graph_id = :graph"
    " AND edges = ifnull(:edges, 'edges') AND rules = '{\"hole\": 5}' AND cat = 'x'", 0 },
  /* invariants across functions (and the cache: the same game twice) */
  { "SELECT catmouse(:graph, :edges) IS (SELECT outcome FROM"
    " catmouse_states(:graph, :edges) WHERE mouse = 1 AND cat = 2 AND turn = 'mouse')",
    SURF_TRUE },
  { "SELECT (SELECT sum(outcome*1000+ifnull(plies,0)) FROM catmouse_states(:graph, :edges))"
    " IS (SELECT sum(outcome*1000+ifnull(plies,0)) FROM catmouse_states(:graph, :edges))",
    SURF_TRUE },
  { "SELECT catmouse_json(:json) IS catmouse_json(:json)", SURF_TRUE },
  { "SELECT catmouse(:graph, :edges, '{\"mouse\": 3, \"cat\": 4, \"turn\": \"cat\"}')"
    " IS (SELECT outcome FROM catmouse_states(:graph, :edges, '{\"mouse\": 3, \"cat\": 4}')"
    " WHERE mouse = 3 AND cat = 4 AND turn = 'cat')", SURF_TRUE },
  /* a long game: plies of up to 395 in the tiers of catmouse.h */
  { "SELECT catmouse(:graph, 'ring'), (SELECT count(*) || ' ' || total(plies) FROM"
    " catmouse_states(:graph, 'ring') WHERE mouse = 7)", 0 },
  /* catmouse_play (play.c) */
  { "SELECT count(*), total(ply), total(to_node), total(outcome), total(plies),"
    " total(repeats) FROM catmouse_play(:graph)", 0 },
  { "SELECT * FROM catmouse_play(:graph, :edges, '{\"mouse\": 1, \"cat\": 2}')", 0 },
  /* (the same rules on both sides: the named starts are nodes of both) */
  { "SELECT (SELECT outcome FROM catmouse_play(:graph, :edges, '{\"mouse\": 1, \"cat\": 2}')"
    " WHERE ply = 1) IS (SELECT outcome FROM catmouse_states(:graph, :edges,"
    " '{\"mouse\": 1, \"cat\": 2}') WHERE mouse = 1 AND cat = 2 AND turn = 'mouse'"
    " AND plies IS NOT 0)", SURF_TRUE },
  { "SELECT * FROM catmouse_play(:graph, :edges, '{\"mouse\": 3, \"cat\": \"c\","
    " \"turn\": \"cat\", \"directed\": true}')", 0 },
  { "SELECT * FROM catmouse_play(:graph, 'named', '{\"hole\": \"Napoleon\","
    " \"mouse\": \"Myriel\", \"cat\": \"Cosette\"}')", 0 },
  /* catmouse_bounded (catmouse_bounded_sql.c), catmouse_dot (catmouse_dot_sql.c) */
  { "SELECT catmouse_bounded(:graph, NULL, :edges), catmouse_bounded(:graph, 3)", 0 },
  { "SELECT length(catmouse_dot(:graph, 2, :edges)), length(catmouse_dot(:graph, 2))", 0 },
  { "SELECT catmouse_bounded(:graph, 6, :edges, '{\"hole\": 1, \"mouse\": 0, \"cat\": 2,"
    " \"turn\": \"cat\"}'), catmouse_bounded(:graph, NULL, :edges, '{\"directed\": true}')", 0 },
  { "SELECT catmouse_dot(:graph, 'c', :edges, '{\"hole\": \"h\", \"isolated\": [\"h\", \"c\"]}'),"
    " catmouse_dot(:graph, 'Cosette', 'named', '{\"hole\": \"Napoleon\"}')", 0 },
  /* race (race_sql.c, states.c, play.c) */
  { "SELECT race_game(:graph, 1, 2, 0), race_game(:graph, 2, 1, 0, :edges)", 0 },
  { "SELECT count(*), sum(outcome), total(plies), total(move)"
    " FROM race_states(:graph, 0, :edges)", 0 },
  { "SELECT * FROM race_play(:graph, 1, 2, 0, :edges)", 0 },
  { "SELECT race_game(:graph, 'x', 2, 0, :edges, '{\"directed\": true}'),"
    " race_game(:graph, 'Myriel', 'Cosette', 'Valjean', 'named')", 0 },
  { "SELECT count(*), sum(outcome), total(move) FROM race_states(:graph, 'z', :edges,"
    " '{\"directed\": true}')", 0 },
  { "SELECT * FROM race_play(:graph, 1, 2, 'z', :edges, '{\"directed\": false}')", 0 },
  /* (race_game names x and y, so they are nodes even where no row has
  ** them; race_states names only z: compare where both have the start) */
  { "SELECT NOT EXISTS (SELECT 1 FROM race_states(:graph, 0, :edges) WHERE alice = 1"
    " AND bob = 2) OR race_game(:graph, 1, 2, 0, :edges) IS (SELECT outcome FROM"
    " race_states(:graph, 0, :edges) WHERE alice = 1 AND bob = 2 AND turn = 'alice')",
    SURF_TRUE },
  /* the generators (graph_generators_sql.c) */
  { "SELECT count(*), total(src), total(dst) FROM graph_path(:graph)", 0 },
  { "SELECT count(*), total(src), total(dst) FROM graph_cycle(:graph)", 0 },
  { "SELECT count(*), total(src), total(dst) FROM graph_grid(:graph, 3)", 0 },
  { "SELECT count(*), total(src), total(dst) FROM graph_complete(:graph)", 0 },
  { "SELECT count(*), total(src), total(dst) FROM graph_tree(:graph, 7)", 0 },
  { "SELECT count(*), total(src), total(dst) FROM graph_petersen()", 0 },
  { "SELECT count(*), total(src), total(dst) FROM graph_random(:graph, 0.5, 9)", 0 },
  /* game_solve (game_solve_sql.c) */
  { "SELECT count(*), group_concat(position||outcome||ifnull(plies,'-')||ifnull(move,'-'))"
    " FROM game_solve('gpos', 'gmov')", 0 },
  { "SELECT count(*), group_concat(position||outcome||ifnull(plies,'-')||ifnull(move,'-'))"
    " FROM game_solve('gpos', 'gmovs')", 0 },
  { "SELECT * FROM game_solve(:edges, 'gmov') WHERE position = :graph", 0 },
  { "SELECT outcome, count(*), group_concat(move) FROM game_solve('gpos', 'gmov') GROUP BY 1", 0 },
  { "SELECT group_concat(position) FROM (SELECT position FROM game_solve('gpos', 'gmov')"
    " ORDER BY outcome DESC)", 0 },
  /* certificates (certificate.c, certificate_text.c, cops_cert.c,
  ** game_solve_cert.c): every game, a draw's two sections, the cops' win
  ** and escape, a lazy and a directed game, the refusals, the limit */
  { "SELECT length(catmouse_certificate(:graph)), length(catmouse_certificate(:graph, :edges,"
    " '{\"hole\": [0, 5], \"mouse\": 3, \"cat\": 4, \"turn\": \"cat\"}'))", 0 },
  { "SELECT length(catmouse_certificate(:graph, 'named', '{\"hole\": \"Napoleon\","
    " \"mouse\": \"Myriel\", \"cat\": \"Cosette\"}')), length(catmouse_certificate(:json,"
    " 'json'))", 0 },
  { "SELECT length(race_certificate(:graph, 1, 2, 0, :edges)), length(race_certificate(:graph,"
    " 2, 1, 0, :edges, '{\"directed\": true}'))", 0 },
  { "SELECT length(cops_certificate(:graph, 1, :edges)), length(cops_certificate(:graph, 2,"
    " :edges, '{\"lazy\": true}')), length(cops_certificate(:graph, 1, :edges,"
    " '{\"directed\": true}'))", 0 },
  { "SELECT cops_certificate(:graph, 1, :edges, '{\"distance\": 1}')", 0 },
  { "SELECT graphgame_limit('max_certificate_rows', 5), length(cops_certificate(:graph, 1)),"
    " graphgame_limit('max_certificate_rows', 10000000)", 0 },
  { "SELECT length(game_solve_certificate('gpos', 'gmov', 'start')), length(game_solve_certificate("
    "'gpos', 'gmovs', :graph)), game_solve_certificate(:edges, 'gmov', 1)", 0 },
  /* the owner of the kept statements (kept.c): no rows */
  { "SELECT count(*) FROM graphgame_kept", 0 },
  /* the private reader of rows (rows.c): an error when called from SQL */
  { "SELECT graphgame_rows(:graph, 1, 2), graphgame_rows(), count(*) FROM edges", 0 },
  /* cops and robbers (cops_sql.c, cops_positions.c): rules, text labels */
  { "SELECT cop_number(:graph), cop_number(:graph, :edges),"
    " cop_number(:graph, :edges, '{\"lazy\": true}')", 0 },
  { "SELECT capture_time(:graph, 1), capture_time(:graph, 3, :edges, '{}'),"
    " capture_time(:graph, 2, :edges, :json)", 0 },
  { "SELECT cop_number(:graph, :edges, '{\"lazy\": 1}'),"
    " capture_time(:graph, 2, :edges, '{\"hole\": 0}')", 0 },
  { "SELECT cop_number(:graph, 'named'), capture_time(:graph, 2, 'named', '{\"lazy\": true}')", 0 },
  { "SELECT count(*), sum(outcome), total(plies), total(length(move)), total(length(cops))"
    " FROM cops_states(:graph, 2, :edges)", 0 },
  { "SELECT * FROM cops_states(:graph, 1, :edges, '{\"lazy\": false}')"
    " WHERE robber = 1 AND turn = 'robber'", 0 },
  { "SELECT cops, robber, move, graph_id, k, edges, rules FROM cops_states(:graph, 2, 'named')"
    " WHERE robber = 'Myriel'", 0 },
  { "SELECT count(*), total(ply), total(length(to_node)), total(plies), total(repeats)"
    " FROM cops_play(:graph, 1, :edges)", 0 },
  { "SELECT group_concat(cops || robber || to_node) FROM cops_play(:graph, 2, 'named',"
    " '{\"lazy\": true}')", 0 },
  /* any position at hand (states_place.c, play.c's starts, cops_hold.c): the
  ** cops in any order, an IN list taken whole, `<>`, a start of cops_play */
  { "SELECT count(*), total(plies), total(length(move)) FROM cops_states(:graph, 2, :edges)"
    " WHERE cops IN ('[1, 0]', ' [0,1]', '[2,2]', :json) AND robber = 1", 0 },
  { "SELECT count(*) FROM cops_states(:graph, 1, 'named') WHERE cops = '[\"Myriel\"]'"
    " AND robber <> 1 AND cops <> '[1]'", 0 },
  { "SELECT group_concat(cops || robber || to_node) FROM cops_play(:graph, 2, :edges,"
    " '{\"cops\": [1, 0], \"turn\": \"robber\"}')", 0 },
  { "SELECT count(*) FROM cops_play(:graph, 1, 'named', '{\"cops\": [\"Myriel\"],"
    " \"robber\": 1}')", 0 },
  /* the symmetric solve, one cop at a time (cops_seq.c, cops_aut.c): the
  ** ring's 400 automorphisms, and the plain solve */
  { "SELECT cop_number(1, 'ring'), capture_time(1, 2, 'ring', '{\"sequential\": true}'),"
    " cop_number(:graph, :edges, '{\"symmetry\": false}')", 0 },
  { "SELECT count(*), total(plies), total(length(move)) FROM cops_states(:graph, 2, :edges,"
    " '{\"sequential\": true}')", 0 },
  /* the cops variants: every key, pairs that combine, pairs that do not */
  { "SELECT cop_number(:graph, :edges, '{\"distance\": 1}'),"
    " capture_time(:graph, 2, :edges, '{\"robber_speed\": 2, \"distance\": 1}'),"
    " capture_time(:graph, 3, :edges, '{\"surround\": true}')", 0 },
  { "SELECT cop_number(:graph, :edges, '{\"directed\": true}'),"
    " capture_time(:graph, 1, 'named', '{\"distance\": 2, \"lazy\": true}')", 0 },
  { "SELECT cop_number(:graph, :edges, '{\"surround\": true, \"lazy\": true}')", 0 },
  { "SELECT capture_time(:graph, 2, :edges, '{\"distance\": -1}')", 0 },
  { "SELECT count(*), sum(outcome), total(plies), total(length(move))"
    " FROM cops_states(:graph, 2, :edges, '{\"surround\": true}')", 0 },
  { "SELECT count(*), sum(outcome), total(plies), total(length(move))"
    " FROM cops_states(:graph, 2, :edges, '{\"robber_speed\": 3}')", 0 },
  { "SELECT count(*), total(plies) FROM cops_states(:graph, 1, :edges, '{\"directed\": true}')", 0 },
  { "SELECT group_concat(cops || robber || to_node) FROM cops_play(:graph, 2, 'named',"
    " '{\"surround\": true}')", 0 },
  /* the integer keys: the ends of their ranges, out of range, not integers;
  ** :json as the rules (the fuzzer's bytes: any key, any value) */
  { "SELECT cop_number(:graph, :edges, '{\"distance\": 65535}'),"
    " cop_number(:graph, :edges, '{\"distance\": 1.5}')", 0 },
  { "SELECT capture_time(:graph, 1, :edges, '{\"robber_speed\": 65535}'),"
    " capture_time(:graph, 1, :edges, '{\"robber_speed\": 0}')", 0 },
  { "SELECT cop_number(:graph, :edges, :json),"
    " (SELECT count(*) FROM cops_states(:graph, 1, :edges, :json))", 0 },
  /* the variants' published bounds: c_1 <= c (Bonato et al. 2010), a
  ** robber of speed 2 needs no fewer cops (Fomin et al. 2010), lazy cops
  ** no fewer than free ones; capture at distance 1 no later than plain
  ** capture; every variant's states agree with their outcome */
  { "SELECT coalesce(cop_number(:graph, :edges, '{\"distance\": 1}')"
    " <= cop_number(:graph, :edges), 1)", SURF_TRUE },
  { "SELECT coalesce(cop_number(:graph, :edges, '{\"robber_speed\": 2}')"
    " >= cop_number(:graph, :edges), 1)", SURF_TRUE },
  { "SELECT coalesce(cop_number(:graph, :edges, '{\"lazy\": true, \"distance\": 1}')"
    " >= cop_number(:graph, :edges, '{\"distance\": 1}'), 1)", SURF_TRUE },
  { "SELECT CASE WHEN capture_time(:graph, 2, :edges) IS NULL THEN 1 ELSE"
    " coalesce(capture_time(:graph, 2, :edges, '{\"distance\": 1}')"
    " <= capture_time(:graph, 2, :edges), 0) END", SURF_TRUE },
  { "SELECT count(*) = 0 FROM cops_states(:graph, 2, :edges,"
    " '{\"robber_speed\": 2, \"distance\": 1}') WHERE outcome IS NOT (plies IS NOT NULL)"
    " OR (coalesce(plies, -1) = 0) IS NOT (move IS NULL)", SURF_TRUE },
  { "SELECT count(*) = 0 FROM cops_states(:graph, 1, :edges, '{\"surround\": true}')"
    " WHERE outcome IS NOT (plies IS NOT NULL) OR (coalesce(plies, -1) = 0) IS NOT (move IS NULL)", SURF_TRUE },
  /* (a NULL graph id gives NULL from both: coalesce makes it "no cop wins") */
  { "SELECT coalesce(cop_number(:graph, :edges) = 1, 0) IS (capture_time(:graph, 1, :edges) IS NOT NULL)",
    SURF_TRUE },
  { "SELECT capture_time(:graph, 2, :edges) IS (SELECT max(plies) FROM cops_play(:graph, 2, :edges)"
    " WHERE ply = 2) / 2 + (SELECT max(plies) FROM cops_play(:graph, 2, :edges) WHERE ply = 2) % 2",
    SURF_TRUE },
  /* graphs as values (source_graph6.c, source_json.c): every kind of
  ** function and table; :json is also malformed graph6 */
  { "SELECT cop_number(graph6(:graph, :edges), 'graph6'), capture_time(graph6(:graph), 2,"
    " 'graph6', '{\"lazy\": true}'), catmouse(graph6(:graph), 'graph6', '{\"hole\": 0,"
    " \"mouse\": 1, \"cat\": 2}'), race_game(graph6(:graph), 1, 2, 0, 'graph6')", 0 },
  { "SELECT cop_number(:json, 'graph6'), catmouse(:json, 'json'), race_game(:json, 1, 0, 2,"
    " 'json'), cop_number(:json, 'json'), capture_time(:json, 3, 'json')", 0 },
  { "SELECT count(*), sum(outcome), total(plies) FROM catmouse_states(:json, 'json',"
    " '{\"hole\": 1, \"mouse\": 0}')", 0 },
  { "SELECT count(*), sum(outcome), total(plies) FROM race_states(graph6(:graph, :edges), 0,"
    " 'graph6')", 0 },
  { "SELECT count(*), total(length(cops)) FROM cops_states(graph6(:graph), 2, 'graph6'),"
    " (SELECT count(*) FROM cops_play(:json, 1, 'json'))", 0 },
  { "SELECT catmouse_bounded(:json, NULL, 'json'), length(catmouse_dot(:json, 1, 'json')),"
    " (SELECT count(*) FROM catmouse_play(graph6(:graph), 'graph6'))", 0 },
  /* (a graph6 value and the same graph in an edge table: the same cop
  ** number and capture times; graph6() renumbers nodes and drops loops,
  ** which change neither) */
  { "SELECT cop_number(graph6(:graph, :edges), 'graph6') IS cop_number(:graph, :edges)"
    " AND capture_time(graph6(:graph, :edges), 2, 'graph6') IS capture_time(:graph, 2, :edges)",
    SURF_TRUE },
  { "SELECT catmouse(:json, 'json') IS catmouse_json(:json)", SURF_TRUE },
  /* digraph6 values (source_digraph6.c): directed, every kind of function
  ** and table; :json is malformed digraph6 */
  { "SELECT cop_number(digraph6(:graph, :edges), 'digraph6'), capture_time(digraph6(:graph), 2,"
    " 'digraph6'), catmouse(digraph6(:graph), 'digraph6', '{\"hole\": 0, \"mouse\": 1,"
    " \"cat\": 2}'), race_game(digraph6(:graph), 1, 2, 0, 'digraph6'), cop_number(:json,"
    " 'digraph6')", 0 },
  { "SELECT count(*), total(length(cops)), total(plies) FROM cops_states(digraph6(:graph, :edges),"
    " 2, 'digraph6'), (SELECT count(*) FROM catmouse_play(digraph6(:graph), 'digraph6'))", 0 },
  { "SELECT count(*), sum(outcome) FROM race_states(digraph6(:graph, :edges), 0, 'digraph6',"
    " '{\"directed\": true}'), (SELECT count(*) FROM cops_play(digraph6(:graph), 1, 'digraph6'))", 0 },
  /* (the rows as arcs: a digraph6 value, and the table with "directed") */
  { "SELECT cop_number(digraph6(:graph, :edges), 'digraph6') IS cop_number(:graph, :edges,"
    " '{\"directed\": true}') AND capture_time(digraph6(:graph, :edges), 2, 'digraph6') IS"
    " capture_time(:graph, 2, :edges, '{\"directed\": true}')", SURF_TRUE },
  /* sparse6 values (source_sparse6.c): loops and a repeated edge, every
  ** kind of function and table; :json is malformed sparse6 */
  { "SELECT cop_number(':EA?cimC', 'sparse6'), capture_time(':K`EOxs_Utxgr@V', 2, 'sparse6'),"
    " catmouse(':EA?cimC', 'sparse6', '{\"hole\": 0, \"mouse\": 1, \"cat\": 2}'),"
    " race_game(':K`EOxs_Utxgr@V', 1, 2, 0, 'sparse6'), cop_number(:json, 'sparse6')", 0 },
  { "SELECT count(*), total(src), total(dst) FROM sparse6_edges(':EA?cimC'),"
    " (SELECT count(*) FROM catmouse_states(':K`EOxs_Utxgr@V', 'sparse6')),"
    " (SELECT count(*) FROM cops_play(':EA?cimC', 1, 'sparse6'))", 0 },
  /* (a sparse6 value and its graph6: the same cop number) */
  { "SELECT cop_number(':K`EOxs_Utxgr@V', 'sparse6') = cop_number(graph6(':K`EOxs_Utxgr@V',"
    " 'sparse6'), 'graph6')", SURF_TRUE },
  /* graph6_read (graph6_read.c): a file of graph6, sparse6 and digraph6
  ** lines (a header, a blank line, CRLF); a missing file */
  { "SELECT count(*), sum(line), total(cop_number(g, CASE substr(g, 1, 1) WHEN '&' THEN"
    " 'digraph6' WHEN ':' THEN 'sparse6' ELSE 'graph6' END)) FROM"
    " graph6_read('tests/data/graphs.g6')", 0 },
  { "SELECT count(*) FROM graph6_read(:edges)", 0 },
  { "SELECT count(*) = 5 AND sum(line) = 19 FROM graph6_read('tests/data/graphs.g6')", SURF_TRUE },
  /* graph6 (graph6_sql.c) */
  { "SELECT graph6(:graph), graph6(:graph, :edges), graph6(:graph, 'named')", 0 },
  { "SELECT count(*), total(src), total(dst) FROM graph6_edges(graph6(:graph, :edges))", 0 },
  { "SELECT count(*), total(src), total(dst) FROM graph6_edges(:json)", 0 },
  /* digraph6 (graph6_sql.c) */
  { "SELECT digraph6(:graph), digraph6(:graph, :edges), digraph6(:graph, 'named'),"
    " digraph6(graph6(:graph), 'graph6')", 0 },
  { "SELECT count(*), total(src), total(dst) FROM digraph6_edges(digraph6(:graph, :edges))", 0 },
  { "SELECT count(*), total(src), total(dst) FROM digraph6_edges(:json)", 0 },
};
#define SURF_N ((int)(sizeof(aSurface)/sizeof(aSurface[0])))

#define SURF_WEIRD "we\"ird;--"      /* a table name to be quoted */

static const char SURF_SETUP[] =
  "CREATE TABLE edges(graph_id INTEGER, src INTEGER, dst INTEGER);"
  "INSERT INTO edges VALUES (1,0,2),(1,0,5),(1,1,3),(1,2,4),(1,2,5),(1,3,4),(1,3,5);"
  "INSERT INTO edges VALUES (2,8,5),(2,0,10),(2,7,2),(2,7,5),(2,7,7),(2,9,6),"
  "(2,0,6),(2,7,3),(2,7,1),(2,1,10),(2,10,11),(2,11,0),(2,7,9),(2,8,4),(2,1,8),"
  "(2,1,2),(2,6,1),(2,7,4),(2,9,10),(2,3,4),(2,7,2),(2,10,1),(2,3,5),(2,11,9),"
  "(2,5,6),(2,10,4);"
  "INSERT INTO edges VALUES (3,1,-9223372036854775808),"
  "(3,-9223372036854775808,9223372036854775807),(3,9223372036854775807,0),(3,2,1);"
  "CREATE TABLE \"we\"\"ird;--\"(graph_id, src, dst);"
  "INSERT INTO \"we\"\"ird;--\" SELECT * FROM edges WHERE graph_id = 1;"
  "CREATE VIEW errview(graph_id, src, dst) AS SELECT graph_id, src,"
  " CASE WHEN dst = 5 THEN json('x') ELSE dst END FROM edges;"
  "CREATE TABLE bad(graph_id, src, dst);"
  "INSERT INTO bad VALUES (1,0,1),(1,NULL,2),(2,'x',1);"
  "CREATE TABLE named(graph_id, src, dst);"
  "INSERT INTO named VALUES (1,'Myriel','Napoleon'),(1,'Valjean','Myriel'),"
  "(1,'Cosette','Valjean'),(1,'Javert','Valjean'),(1,'Javert','Cosette'),(1,'1',1),"
  "(2,'Valjean','Napoleon'),(2,'Cosette','Valjean'),(2,'Myriel','Cosette');"
  "CREATE TABLE gpos(position, player, result);"
  "CREATE TABLE gmov(position, next);"
  "INSERT INTO gpos VALUES ('start',0,NULL),('left',1,NULL),('right',1,NULL),"
  "('trap',0,'loss'),('loop',0,NULL),(1,0,NULL),(2,1,'win');"
  "INSERT INTO gmov VALUES ('start','left'),('start','right'),('left','trap'),"
  "('left','loop'),('right','loop'),(1,2),(1,'start'),('loop','right');"
  "CREATE TABLE gmovs AS SELECT gmov.* FROM gmov JOIN gpos USING(position)"
  " ORDER BY gpos.rowid;"
  "CREATE TABLE ring(graph_id, src, dst);"
  "WITH RECURSIVE r(i) AS (SELECT 0 UNION ALL SELECT i+1 FROM r WHERE i<199)"
  " INSERT INTO ring SELECT 1, i, (i+1)%200 FROM r;";

static const HArgs aSurfArgs[] = {
  /* type, int id, text id, real id, edges, json, json bytes */
  { SQLITE_INTEGER, 1, 0, 0, 0, "[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]", -1 },
  { SQLITE_INTEGER, 2, 0, 0, "edges", "[[1,3],[0],[3],[0,2]]", -1 },
  { SQLITE_INTEGER, 3, 0, 0, "edges", "[[1],[0,2],[1]]", -1 },
  { SQLITE_TEXT, 0, "1", 0, SURF_WEIRD, "[[1,2],[0],[0", -1 },
  { SQLITE_FLOAT, 0, 0, 1.0, "errview", "[[1],[0,7],[]]", -1 },
  { SQLITE_INTEGER, 1, 0, 0, "bad", "[[1.5]]", -1 },
  { SQLITE_INTEGER, 1, 0, 0, "nope", "", -1 },
  { SQLITE_BLOB, 0, "\x01", 0, "edges", 0, -1 },
  { SQLITE_NULL, 0, 0, 0, 0, 0, -1 },
  { SQLITE_TEXT, 0, "2", 0, "max_positions", 0, -1 },
  { SQLITE_TEXT, 0, "left", 0, "gpos", 0, -1 },
};
#define SURF_NARGS ((int)(sizeof(aSurfArgs)/sizeof(aSurfArgs[0])))

#endif
