/*
** glue.h: what the SQLite layer of graphgame shares between its files.
**
** Internals only; the user's manual is README.md and the header comment
** of each *_sql.c file, states.c and play.c.  Every error message starts with
** GG_PREFIX.  Every function and table gets the connection's GGConn as
** its user data: the solve limit and the cache of solved games.
*/
#ifndef GG_GLUE_H
#define GG_GLUE_H
#include <sqlite3ext.h>
#include "graph.h"
#include "retro.h"

#define GG_PREFIX "graphgame: "
#define GG_DEFAULT_TABLE "edges"
#define GG_DEFAULT_MAX_POSITIONS 300000000   /* about 0.9 GB while solving cat and mouse */
#define GG_CACHE_ENTRIES 4                   /* solved games kept per connection */

/* A game as the SQL layer sees it: two players on nodes, two turns. */
typedef struct GGGameDef GGGameDef;
struct GGGameDef {
  const char *zName;               /* game name in messages: "catmouse" */
  const char *zStates;             /* its states table: "catmouse_states" */
  const char *azPlayer[2];         /* column names of the players' nodes */
  const char *azTurn[2];           /* turn names, player 0 then player 1 */
  const char *zParam;              /* name of a node parameter, or NULL */
  int aOutcome[4];                 /* SQL code for GG_V_OPEN, WIN0, WIN1, DRAW */
  int nLabel;                      /* labels that must be nodes (aLabel) */
  int64_t aLabel[3];               /* e.g. the hole and the starts */
  uint64_t (*xPositions)(uint64_t n);            /* positions for n nodes */
  /* Solve every position; *ppState gets the game's result object. */
  int (*xSolve)(void **ppState, const GGGraph *pG, uint32_t param,
                const GGStop *pStop);
  void (*xFree)(void *pState);
  /* One position: player 0 on a, player 1 on b, turn. */
  void (*xGet)(const void *pState, uint32_t a, uint32_t b, int turn,
               uint32_t *pValue, int64_t *pPlies, int64_t *pMove);
  int (*xListed)(const void *pState, uint32_t a, uint32_t b); /* row shown? */
};

/* A solved game held by the cache and by table cursors (reference counted). */
typedef struct GGSolved GGSolved;
struct GGSolved {
  const GGGameDef *pDef;  /* which game */
  uint32_t param;         /* game parameter (dense id of the race's z) */
  GGGraph g;              /* the board, owned */
  void *pState;           /* pDef->xSolve's result */
  uint64_t nPos;          /* positions solved */
  int nRef;               /* holders: the cache and open cursors */
};

/* Per-connection context. */
typedef struct GGConn GGConn;
struct GGConn {
  sqlite3 *db;                           /* the connection */
  sqlite3_int64 mxPositions;             /* refuse solves bigger than this */
  GGSolved *aCache[GG_CACHE_ENTRIES];    /* most recently used first */
};

/* The arguments that name a graph. */
typedef struct GGGraphRef GGGraphRef;
struct GGGraphRef {
  sqlite3_value *pId;     /* graph_id value (not NULL) */
  const char *zTable;     /* edge table or view; NULL means "edges" */
};

/* Errors: *pzErr gets a sqlite3_malloc'ed message with GG_PREFIX. */
char *gg_errmsg(const char *zFormat, ...);
char *gg_value_sql(sqlite3_value *p);   /* value as an SQL literal */
/* After a failed step reading zTable: "[zFunc: ]reading table ...: why",
** or the inner message as it is if it is one of ours (a nested call). */
char *gg_errmsg_reading(sqlite3 *db, const char *zFunc, const char *zTable);
void gg_result_error(sqlite3_context *ctx, int rc, char *zErr);
int gg_error_rc(int rc, const char *zErr);  /* error, no message: NOMEM */

/* After a failed prepare of a read of zTable: say which table or column
** (of azCol) is missing, as "[zFunc: ]...".  zPrepErr is a copy of the
** prepare's message.  SQLITE_ERROR with *pzErr, or SQLITE_NOMEM or
** SQLITE_INTERRUPT if finding out failed for that reason (edges.c). */
#define GG_TABLE_MAX_COL 4
int gg_table_why_not(sqlite3 *db, const char *zFunc, const char *zTable,
                     const char *const *azCol, int nCol, const char *zPrepErr,
                     char **pzErr);

/* Read the graph's edges (edges.c).  SQLITE_OK or an error + *pzErr. */
int gg_load_graph(sqlite3 *db, const GGGraphRef *pRef, const int64_t *aExtra,
                  int nExtra, GGGraph *pG, char **pzErr);

/* Reads of tables that may call graphgame again (reentry.c): at most
** GG_MAX_NESTING at once on a thread.  enter: SQLITE_OK, or an error
** naming zTable; every successful enter is paired with a leave. */
#define GG_MAX_NESTING 8
int gg_reentry_enter(const char *zTable, char **pzErr);
void gg_reentry_leave(void);

/* xBestIndex helper (vtab_args.c): pass the equality constraints on the
** columns aCol[0..nSlot-1] to xFilter in that order; slots below nPin are
** optional, the others are required arguments.  idxNum gets bit k for
** slot k.  SQLITE_OK, or SQLITE_CONSTRAINT if an argument is unusable. */
#define GG_VTAB_MAX_SLOT 8
int gg_vtab_slots(sqlite3_index_info *pInfo, const int *aCol, int nSlot,
                  int nPin, int *pIdxNum);
/* xDisconnect of a vtab object that owns nothing but itself. */
int gg_vtab_disconnect(sqlite3_vtab *pVtab);

/* Polls sqlite3_interrupt() during a long solve (interrupt.c). */
typedef struct GGInterrupt GGInterrupt;
struct GGInterrupt {
  sqlite3 *db;            /* connection to watch */
  sqlite3_stmt *pProbe;   /* prepared on first poll, "SELECT 1" */
  int bFired;             /* an interrupt was seen */
};
void gg_interrupt_init(GGInterrupt *p, GGStop *pStop, sqlite3 *db);
void gg_interrupt_done(GGInterrupt *p);

/* Solve (or find in the cache) a game on a graph (cache.c).  The graph
** is consumed.  On success *ppOut holds a reference: gg_solved_release(). */
int gg_solve(GGConn *pConn, const GGGameDef *pDef, GGGraph *pG, uint32_t param,
             const char *zWhat, GGSolved **ppOut, char **pzErr);
void gg_solved_release(GGSolved *p);

/* Load the graph named by pRef (with pDef->aLabel as nodes), resolve the
** node parameter (label *piParam, if not NULL) and solve.  The message
** names the graph, the table and the parameter. */
int gg_solve_ref(GGConn *pConn, const GGGameDef *pDef, const GGGraphRef *pRef,
                 const int64_t *piParam, GGSolved **ppOut, char **pzErr);

/* "graph 7 in table \"edges\"", for messages (sqlite3_free it). */
char *gg_graph_name(const GGGraphRef *pRef);

/* Fill a GGGraphRef from (graph_id, edges) arguments; 0 if pId is NULL. */
int gg_graph_ref(GGGraphRef *pRef, sqlite3_value *pId, sqlite3_value *pTable);
void gg_cache_clear(GGConn *pConn);

/* Map an engine return code to an SQLite one. */
int gg_sqlite_rc(int rc);

/* The games (catmouse_sql.c, race_sql.c). */
extern const GGGameDef gg_catmouse_def;
extern const GGGameDef gg_race_def;

/* SQL functions, registered by the table in graphgame.c. */
void gg_fn_catmouse(sqlite3_context*, int, sqlite3_value**);
void gg_fn_catmouse_json(sqlite3_context*, int, sqlite3_value**);
void gg_fn_race_game(sqlite3_context*, int, sqlite3_value**);
void gg_fn_limit(sqlite3_context*, int, sqlite3_value**);
void gg_fn_version(sqlite3_context*, int, sqlite3_value**);
void gg_fn_catmouse_bounded(sqlite3_context*, int, sqlite3_value**);   /* catmouse_bounded_sql.c */
void gg_fn_catmouse_dot(sqlite3_context*, int, sqlite3_value**);       /* catmouse_dot_sql.c */

/* Cops and robbers (cops_sql.c; cops_states, cops_play: cops_vtab.c). */
void gg_fn_cop_number(sqlite3_context*, int, sqlite3_value**);
void gg_fn_capture_time(sqlite3_context*, int, sqlite3_value**);
int gg_register_cops(sqlite3 *db, GGConn *pConn);
/* graph6(graph_id [, edges]) and the graph6_edges table (graph6_sql.c). */
void gg_fn_graph6(sqlite3_context*, int, sqlite3_value**);
int gg_register_graph6(sqlite3 *db);

/* The states table of a game, as an eponymous virtual table (states.c). */
int gg_register_states(sqlite3 *db, GGConn *pConn, const GGGameDef *pDef);

/* The graph generators graph_path(), graph_random(), ... (graph_generators_sql.c). */
int gg_register_generators(sqlite3 *db);

/* The play-out tables catmouse_play, ... (play.c). */
int gg_register_plays(sqlite3 *db, GGConn *pConn);

/* game_solve(positions, moves), an eponymous virtual table (game_solve_sql.c). */
int gg_register_game_solve(sqlite3 *db, GGConn *pConn);

#endif
