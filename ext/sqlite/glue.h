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
#include "rules.h"

#define GG_PREFIX "graphgame: "
#define GG_DEFAULT_TABLE "edges"
#ifndef GG_DEFAULT_MAX_POSITIONS            /* the WebAssembly build sets a lower one */
# define GG_DEFAULT_MAX_POSITIONS 1000000000 /* cat and mouse: about 1.4 GB at its peak */
#endif
#define GG_CACHE_ENTRIES 4                   /* solved games kept per connection */

/* A node, or nodes, that a call names: a hole, a start, the race's goal
** (roles.c).  aLabel NULL means the default label dflt. */
typedef struct GGRole GGRole;
struct GGRole {
  const char *zRole;        /* in messages: "the hole", "x" */
  const char *zKey;         /* the rules key naming it, or NULL (an argument) */
  const GGLabel *aLabel;    /* the labels named, or NULL for the default */
  uint32_t nLabel;          /* how many */
  GGLabel dflt;             /* the default label */
  uint32_t *aId;            /* out: dense ids (nId of them); gg_roles_free() */
  uint32_t nId;             /* out: how many */
  uint32_t aIdInline[4];    /* aId's room when nId <= 4 (no allocation) */
};
#define GG_MAX_ROLE 4

/* A game as the SQL layer sees it: two players on nodes, two turns.  One
** GGGameDef is one line of graphgame.c's table of games, which registers
** its scalar function, its states table and its play table. */
typedef struct GGGameDef GGGameDef;
struct GGGameDef {
  const char *zName;               /* its scalar function: "catmouse" */
  int nArgMin, nArgMax;            /* the scalar function's argument counts */
  void (*xFunc)(sqlite3_context*, int, sqlite3_value**);   /* that function */
  const char *zStates;             /* its states table: "catmouse_states" */
  const char *zPlay;               /* its play table: "catmouse_play" */
  const char *azPlayer[2];         /* column names of the players' nodes */
  const char *azTurn[2];           /* turn names, player 0 then player 1 */
  const char *zParam;              /* a node argument of the states table, or NULL */
  const char *azPlayArg[3];        /* the play table's node arguments, or NULLs */
  int aOutcome[4];                 /* SQL code for GG_V_OPEN, WIN0, WIN1, DRAW */
  const GGRuleKey *aKey;           /* the rules keys */
  int nKey;                        /* how many */
  int iDirected;                   /* index of the "directed" key in aKey */
  const char *zSize;               /* how positions are counted, for messages */
  uint64_t (*xPositions)(uint64_t n);            /* positions for n nodes */
  /* Bytes a solve of pG needs at its peak, for the out-of-memory message;
  ** may be NULL. */
  uint64_t (*xBytes)(const GGGraph *pG);
  /* The roles of a call: role 0 is what the solve depends on (the holes,
  ** z); with bStart the start (player 0, player 1) as roles 1 and 2,
  ** else those only if named.  aArg: the node arguments (zParam, or the
  ** play's), or NULL.  Returns the number of roles; sets *piTurn. */
  int (*xRoles)(const GGRules *pRules, const GGLabel *aArg, int bStart, GGRole *aRole,
                int *piTurn);
  /* Solve every position; *ppState gets the game's result object. */
  int (*xSolve)(void **ppState, const GGGraph *pG, const uint32_t *aParam,
                uint32_t nParam, const GGStop *pStop);
  void (*xFree)(void *pState);
  /* One position: player 0 on a, player 1 on b, turn. */
  void (*xGet)(const void *pState, uint32_t a, uint32_t b, int turn,
               uint32_t *pValue, int64_t *pPlies, int64_t *pMove);
  int (*xListed)(const void *pState, uint32_t a, uint32_t b); /* row shown? */
  const char *zNotListed;          /* why an unlisted start is refused */
};

/* A solved game held by the cache and by table cursors (reference counted). */
typedef struct GGSolved GGSolved;
struct GGSolved {
  const GGGameDef *pDef;  /* which game */
  uint32_t *aParam;       /* role 0's dense ids (the holes, z), sorted */
  uint32_t nParam;        /* how many */
  GGGraph g;              /* the board, owned */
  GGEdgeList rows;        /* the rows it was built from, owned (nEdge 0 if not
                          ** kept): an unchanged read finds it without a build */
  void *pState;           /* pDef->xSolve's result */
  uint64_t nPos;          /* positions solved */
  int nRef;               /* holders: the cache and open cursors */
};

/* A prepared read of one edge table, kept for the next call (edges.c). */
#define GG_STMT_ENTRIES 4
typedef struct GGStmt GGStmt;
struct GGStmt {
  char *zTable;           /* the table as named by the call, or NULL: free */
  sqlite3_stmt *pStmt;    /* SELECT src, dst FROM <table> WHERE graph_id = ?1 */
  sqlite3_stmt *pSmall;   /* the same through graphgame_rows (small.c), or NULL */
  int bBusy;              /* being stepped (a nested call prepares its own) */
};

/* Per-connection context. */
typedef struct GGConn GGConn;
struct GGConn {
  sqlite3 *db;                           /* the connection */
  sqlite3_int64 mxPositions;             /* refuse solves bigger than this */
  GGSolved *aCache[GG_CACHE_ENTRIES];    /* most recently used first */
  GGStmt aStmt[GG_STMT_ENTRIES];         /* kept reads, most recent first */
  sqlite3_stmt *pProbe;                  /* kept interrupt probe (interrupt.c) */
  int bAnchored;                         /* the anchor table is connected */
  uint64_t *aCopsScratch;                /* gg_cops_small()'s, on first use (cops_sql.c) */
  struct GGSmallCsr *pSmallCsr;          /* gg_small_graph()'s, on first use (small.c) */
};

/* The kept reads (edges.c).  sqlite3_close() refuses a connection with
** unfinalized statements, but first disconnects its virtual tables; so
** reads are kept only while catmouse_states (the anchor) is connected,
** and its xDisconnect finalizes them (states.c). */
void gg_stmt_clear(GGConn *pConn);
/* Wait for the threads that free interrupted solves (catmouse_sql.c):
** before a connection closes, since SQLite then unloads the library. */
void gg_catmouse_free_wait(void);

/* The arguments that name a graph, and how to read it. */
typedef struct GGGraphRef GGGraphRef;
struct GGGraphRef {
  sqlite3_value *pId;     /* graph_id value (not NULL) */
  const char *zTable;     /* edge table or view; NULL means "edges" */
  const char *zFunc;      /* the function or table called, for messages */
  int bDirected;          /* rows are arcs src -> dst */
  uint32_t mxNode;        /* stop reading past this many nodes; 0: no limit */
  sqlite3_int64 mxPositions;  /* the limit behind mxNode, for messages */
  const char *zSize;      /* how positions are counted, for messages */
  uint64_t (*xPositions)(uint64_t n);  /* positions for n nodes, for messages */
  int bClosed;            /* the rows name every node (a JSON list): a named
                          ** node that is not one is an error */
  const char *zWhat;      /* the graph in messages, if not graph_id's */
  GGConn *pConn;          /* the connection, for kept reads; may be NULL */
};

/* The kept read of a table (pRef->zTable or "edges"), marked busy: the
** caller steps it, then resets it and clears bBusy.  NULL if none can be
** had (then gg_read_edges() reads, and explains any error). */
GGStmt *gg_stmt_kept(GGConn *pConn, const GGGraphRef *pRef, const char *zTable);

/* A small graph read straight from its rows (small.c): at most
** GG_SMALL_MAXN nodes, integer labels only, numbered in the order first
** seen.  The scalar functions try it first; when it cannot hold the
** graph (or the read fails) they take the general path, which reads
** again and says what is wrong. */
#define GG_SMALL_MAXN 64
#define GG_SMALL_ROWS "graphgame_rows"   /* the aggregate that reads them */
int gg_register_small_rows(sqlite3 *db, struct GGConn *pConn);
typedef struct GGSmall GGSmall;
struct GGSmall {
  uint32_t n;                    /* nodes */
  uint64_t aOut[GG_SMALL_MAXN];  /* bit v of aOut[u]: an arc u -> v (both ways
                                 ** when undirected; a self-loop u -> u) */
  int64_t aLabel[GG_SMALL_MAXN]; /* node u's label */
  uint8_t aSlot[3*GG_SMALL_MAXN];/* labels 0..63, then a hash of the others:
                                 ** u+1, or 0 for empty */
};
/* Read the graph of pRef: 1 if it is small and read, else 0. */
int gg_small_read(GGConn *pConn, const GGGraphRef *pRef, GGSmall *p);
/* The nodes of a role (its labels, or its default label, which must be a
** node of the rows; a named label no row has becomes an isolated node):
** their bits into *pMask and the first one into *pFirst.  1, or 0 if the
** general path must decide (a text label, a missing default, no room). */
int gg_small_role(GGSmall *p, const GGRole *pRole, uint64_t *pMask, uint32_t *pFirst);

/* A GGGraph of a small graph's rows for the engines that take one (no
** labels: only engines that never look at them); its arrays are in
** *pCsr, which the connection keeps (gg_small_csr(): NULL if out of
** memory). */
typedef struct GGSmallCsr GGSmallCsr;
struct GGSmallCsr {
  uint64_t aOff[GG_SMALL_MAXN+1], aInOff[GG_SMALL_MAXN+1];
  uint32_t aAdj[GG_SMALL_MAXN*GG_SMALL_MAXN], aInAdj[GG_SMALL_MAXN*GG_SMALL_MAXN];
};
GGSmallCsr *gg_small_csr(GGConn *pConn);
void gg_small_graph(const GGSmall *p, int bDirected, GGSmallCsr *pCsr, GGGraph *pG);

/* A parsed rules argument of a call (rules_sql.c).  SQLITE_OK, or an
** error naming zFunc and the key or place. */
int gg_rules_arg(const char *zFunc, sqlite3_value *pRules, const GGRuleKey *aKey,
                 int nKey, GGRules *pOut, char **pzErr);

/* Labels (roles.c, edges.c): a value as a label (1, 0 if not an integer
** or text, -1 out of memory); a label as an SQL literal; a result. */
int gg_value_label(sqlite3_value *pVal, GGLabel *pL);
char *gg_label_sql(const GGLabel *pL);
void gg_result_label(sqlite3_context *ctx, const GGGraph *pG, uint32_t u);

/* Read the graph's rows (edges.c), add the roles' nodes, build it and
** resolve the roles (roles.c).  SQLITE_OK or an error + *pzErr. */
int gg_read_edges(sqlite3 *db, const GGGraphRef *pRef, GGEdgeList *pE, char **pzErr);
int gg_build_graph(sqlite3 *db, const GGGraphRef *pRef, GGEdgeList *pE, GGGraph *pG,
                   char **pzErr);
int gg_load_graph_roles(sqlite3 *db, const GGGraphRef *pRef, GGRole *aRole, int nRole,
                        GGGraph *pG, char **pzErr);
/* The two halves of that: make the roles' labels nodes of the rows read,
** or say why not; and, once a graph is built, their dense ids. */
int gg_roles_add(const GGGraphRef *pRef, GGRole *aRole, int nRole, GGEdgeList *pE,
                 char **pzErr);
int gg_roles_resolve(const GGGraph *pG, GGRole *aRole, int nRole);
/* The same from edges already read (consumed). */
int gg_graph_with_roles(sqlite3 *db, const GGGraphRef *pRef, GGEdgeList *pE,
                        GGRole *aRole, int nRole, GGGraph *pG, char **pzErr);
void gg_roles_free(GGRole *aRole, int nRole);
/* The table name as SQL: "t" or "schema"."t" for 'schema.t'. */
char *gg_table_sql(const char *zTable);

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
  GGConn *pConn;          /* its context, whose kept probe is used; or NULL */
  sqlite3_stmt *pProbe;   /* prepared on first poll, "SELECT 1" (if not kept) */
  int bFired;             /* an interrupt was seen */
};
void gg_interrupt_init(GGInterrupt *p, GGStop *pStop, sqlite3 *db);
/* The same, using the connection's kept probe while it is anchored. */
void gg_interrupt_conn(GGInterrupt *p, GGStop *pStop, GGConn *pConn);
void gg_interrupt_done(GGInterrupt *p);

/* Solve (or find in the cache) a game on a graph (cache.c).  The graph
** is consumed; aParam (role 0's dense ids) is copied.  Messages name
** the graph zWhat, or if it is NULL the graph of pRef.  On success *ppOut
** holds a reference: gg_solved_release(). */
int gg_solve(GGConn *pConn, const GGGameDef *pDef, const char *zFunc, GGGraph *pG,
             const uint32_t *aParam, uint32_t nParam, const char *zWhat,
             const GGGraphRef *pRef, GGSolved **ppOut, char **pzErr);
/* The same, keeping pRows (the rows pG was built from; consumed) with the
** solved game for gg_call_solve's cache hits. */
int gg_solve_rows(GGConn *pConn, const GGGameDef *pDef, const char *zFunc, GGGraph *pG,
                  GGEdgeList *pRows, const uint32_t *aParam, uint32_t nParam,
                  const GGGraphRef *pRef, GGSolved **ppOut, char **pzErr);
void gg_solved_release(GGSolved *p);

/* One call of a game (cache.c): the graph, the rules and the roles, read,
** built and solved.  gg_call_init() fills the reference from the
** arguments (graph_id, edges, rules) and parses the rules; 0 if graph_id
** is NULL (no result), else SQLITE_OK or an error.  gg_call_solve()
** solves; then aRole[1..] hold the start's dense ids.  gg_call_free()
** frees what the call holds (not the solved game). */
typedef struct GGCall GGCall;
struct GGCall {
  const GGGameDef *pDef;    /* the game */
  GGGraphRef ref;           /* the graph */
  GGRules rules;            /* the rules argument */
  GGRole aRole[GG_MAX_ROLE];/* role 0: the solve's (holes, z); 1, 2: the start */
  int nRole;                /* roles used */
  int iTurn;                /* who moves first at the start: 0 or 1 */
};
int gg_call_init(GGCall *pCall, GGConn *pConn, const GGGameDef *pDef, const char *zFunc,
                 sqlite3_value *pId, sqlite3_value *pTable, sqlite3_value *pRules,
                 char **pzErr);
int gg_call_solve(GGCall *pCall, GGConn *pConn, const GGLabel *aArg, int bStart,
                  GGSolved **ppOut, char **pzErr);
void gg_call_free(GGCall *pCall);

/* "graph 7 in table \"edges\"", for messages (sqlite3_free it). */
char *gg_graph_name(const GGGraphRef *pRef);

/* Fill a GGGraphRef from (graph_id, edges) arguments; 0 if pId is NULL. */
int gg_graph_ref(GGGraphRef *pRef, const char *zFunc, sqlite3_value *pId,
                 sqlite3_value *pTable);
void gg_cache_clear(GGConn *pConn);
/* Drop cached games of more positions than the connection's limit. */
void gg_cache_limit(GGConn *pConn);

/* Map an engine return code to an SQLite one. */
int gg_sqlite_rc(int rc);

/* The games (catmouse_sql.c, race_sql.c), and their tables. */
extern const GGGameDef gg_catmouse_def;
extern const GGGameDef gg_race_def;
int gg_register_states(sqlite3 *db, GGConn *pConn, const GGGameDef *pDef);  /* states.c */
int gg_register_play(sqlite3 *db, GGConn *pConn, const GGGameDef *pDef);    /* play.c */

/* SQL functions that are not a game's, registered by graphgame.c. */
void gg_fn_catmouse_json(sqlite3_context*, int, sqlite3_value**);     /* catmouse_sql.c */
void gg_fn_limit(sqlite3_context*, int, sqlite3_value**);             /* graphgame.c */
void gg_fn_version(sqlite3_context*, int, sqlite3_value**);
void gg_fn_catmouse_bounded(sqlite3_context*, int, sqlite3_value**);  /* catmouse_bounded_sql.c */
void gg_fn_catmouse_dot(sqlite3_context*, int, sqlite3_value**);      /* catmouse_dot_sql.c */
void gg_fn_cop_number(sqlite3_context*, int, sqlite3_value**);        /* cops_sql.c */
void gg_fn_capture_time(sqlite3_context*, int, sqlite3_value**);
void gg_fn_graph6(sqlite3_context*, int, sqlite3_value**);            /* graph6_sql.c */

/* Other tables, registered by graphgame.c: the graph generators
** (graph_generators_sql.c), game_solve (game_solve_sql.c), the cops
** tables and graph6_edges. */
int gg_register_generators(sqlite3 *db, GGConn *pConn);
int gg_register_game_solve(sqlite3 *db, GGConn *pConn);
/* cops_states and cops_play (cops_vtab.c); graph6_edges (graph6_sql.c). */
int gg_register_cops(sqlite3 *db, GGConn *pConn);
int gg_register_graph6(sqlite3 *db, GGConn *pConn);

/* Messages several tables share (errors.c). */
char *gg_err_label_arg(const char *zFunc, const char *zArg, sqlite3_value *pVal);

#endif
