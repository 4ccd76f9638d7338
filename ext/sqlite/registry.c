/*
** registry.c: everything the library registers, in four tables that are
** the whole public surface (docs/reference/ is its manual):
**
**   GG_GAMES     the games: each a GGGameDef (call.h) whose functions and
**                tables (<game>_states, <game>_play) graphgame.c registers
**   GG_SOURCES   the graph sources: the edge table, and the values that
**                the edges argument names by a word ('graph6', 'json')
**   gg_aFunc[]   the functions that are no game's
**   gg_aTable[]  the other tables (the graph generators, game_solve,
**                the sources' own tables, graph6_read, and two private
**                ones: the reader of rows and the owner of the kept
**                statements)
**
** A new game is its own files and one line in GG_GAMES; a new source its
** file and one line in GG_SOURCES (docs/internals.md, the checklists).
** The lists are X-macros, so that one line both declares the definition
** and puts it in the table.  The tests' library (-DGG_TOY, `make toy`)
** adds a toy game and a toy source (tests/toy/).
*/
#include "registry.h"

#define GG_GAMES(X) \
  X(gg_catmouse_def)    /* cat and mouse: catmouse_sql.c */ \
  X(gg_race_def)        /* the race to z: race_sql.c */ \
  X(gg_cops_def)        /* cops and robbers: cops_sql.c */ \
  GG_TEST_GAMES(X)

#define GG_SOURCES(X) \
  X(gg_source_table)    /* the edge table, first: edges.c */ \
  X(gg_source_graph6)   /* 'graph6': source_graph6.c */ \
  X(gg_source_digraph6) /* 'digraph6': source_digraph6.c */ \
  X(gg_source_sparse6)  /* 'sparse6': source_sparse6.c */ \
  X(gg_source_json)     /* 'json': source_json.c */ \
  GG_TEST_SOURCES(X)

#ifdef GG_TOY
# define GG_TEST_GAMES(X)   X(gg_toy_def)          /* tests/toy/toy_sql.c */
# define GG_TEST_SOURCES(X) X(gg_source_edgelist)  /* tests/toy/source_edgelist.c */
#else
# define GG_TEST_GAMES(X)
# define GG_TEST_SOURCES(X)
#endif

#define GG_DECLARE_GAME(d)   extern const GGGameDef d;
#define GG_DECLARE_SOURCE(d) extern const GGSource d;
#define GG_ADDRESS(d)        &d,
GG_GAMES(GG_DECLARE_GAME)
GG_SOURCES(GG_DECLARE_SOURCE)

const GGGameDef *const gg_aGame[] = { GG_GAMES(GG_ADDRESS) };
const int gg_nGame = (int)(sizeof(gg_aGame)/sizeof(gg_aGame[0]));
/* the games fit a connection's slots (conn.h): else the build fails here */
typedef char ggGamesFit[sizeof(gg_aGame)/sizeof(gg_aGame[0])<=GG_MAX_GAME ? 1 : -1];

const GGSource *const gg_aSource[] = { GG_SOURCES(GG_ADDRESS) 0 };

const GGFuncTab gg_aFunc[] = {
  { "graphgame_version",0, GG_PURE,  gg_fn_version },  /* first: owns GGConn */
  { "graphgame_limit",  1, GG_SETS,  gg_fn_limit },
  { "graphgame_limit",  2, GG_SETS,  gg_fn_limit },
  { "graphgame_debug",  0, GG_READS, gg_fn_debug },                 /* debug.c */
  { "graph6",           1, GG_READS, gg_fn_graph6 },
  { "graph6",           2, GG_READS, gg_fn_graph6 },
  { "digraph6",         1, GG_READS, gg_fn_digraph6 },
  { "digraph6",         2, GG_READS, gg_fn_digraph6 },
  { "game_solve_certificate", 3, GG_READS, gg_fn_game_solve_cert },  /* game_solve_cert.c */
};
const int gg_nFunc = (int)(sizeof(gg_aFunc)/sizeof(gg_aFunc[0]));

int (*const gg_aTable[])(sqlite3*, GGConn*) = {
  gg_register_generators,
  gg_register_game_solve,
  gg_register_sources,          /* the sources' own: graph6_edges, ... (call.c) */
  gg_register_graph6_read,      /* graph6_read, a file's lines (graph6_read.c) */
  gg_register_rows,             /* graphgame_rows, the private reader of rows (rows.c) */
  gg_register_kept,             /* graphgame_kept, the kept statements' owner (kept.c) */
};
const int gg_nTable = (int)(sizeof(gg_aTable)/sizeof(gg_aTable[0]));
