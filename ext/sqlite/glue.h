/*
** glue.h: what the SQLite layer of graphgame shares between its files.
**
** Internals only; the user's manual is docs/reference/.
** Every error message starts with GG_PREFIX.  Every function and table
** reaches the connection's GGConn: the solve limit, the cache of solved
** games and the kept statements.  The road of a call is call.h.
*/
#ifndef GG_GLUE_H
#define GG_GLUE_H
#include <stddef.h>
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

typedef struct GGGameDef GGGameDef;          /* a game (call.h) */

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

/* A solved game held by the cache and by table cursors (reference counted). */
typedef struct GGSolved GGSolved;
struct GGSolved {
  const GGGameDef *pDef;  /* which game */
  uint32_t *aParam;       /* role 0's dense ids (the holes, z), sorted */
  uint32_t nParam;        /* how many */
  uint32_t k;             /* the game's k (cops), or 0 */
  uint64_t variant;       /* the rules that change the solve (GGGameDef.xVariant) */
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

/* A game registered on a connection, and its scratch (call.h:
** gg_conn_scratch). */
#define GG_MAX_GAME 8
typedef struct GGGameSlot GGGameSlot;
struct GGGameSlot {
  const GGGameDef *pDef;  /* the game */
  void *pScratch;         /* its pDef->nScratch bytes, on first use, or NULL */
};

/* Per-connection context. */
typedef struct GGConn GGConn;
struct GGConn {
  sqlite3 *db;                           /* the connection */
  sqlite3_int64 mxPositions;             /* refuse solves bigger than this */
  GGSolved *aCache[GG_CACHE_ENTRIES];    /* most recently used first */
  GGStmt aStmt[GG_STMT_ENTRIES];         /* kept reads, most recent first */
  sqlite3_stmt *pProbe;                  /* kept interrupt probe (interrupt.c) */
  int bAnchored;                         /* graphgame_kept is connected (kept.c) */
  GGGameSlot aGame[GG_MAX_GAME];         /* the games registered (graphgame.c) */
  int nGame;                             /* entries used in aGame */
  struct GGSmallCsr *pSmallCsr;          /* gg_small_graph()'s, on first use (small.c) */
  struct GGFuncReg *aReg;                /* the game functions' user data (graphgame.c) */
  int nReg;                              /* entries used in aReg */
};
#define GG_MAX_FUNC 16                   /* game functions, at most (aReg's size) */

/* The statements kept per connection (kept.c).  sqlite3_close() refuses
** a connection with unfinalized statements, but first disconnects its
** virtual tables; so statements are kept only while the private table
** graphgame_kept is connected, and its xDisconnect finalizes them.
** gg_kept_anchor(): 1 if it is connected (connecting it if need be). */
int gg_kept_anchor(GGConn *pConn);
void gg_stmt_clear(GGConn *pConn);
int gg_register_kept(sqlite3 *db, GGConn *pConn);

/* The graph a call names, and how to read it (call.h: GGSource). */
typedef struct GGSource GGSource;
typedef struct GGGraphRef GGGraphRef;
struct GGGraphRef {
  const GGSource *pSource;/* where it comes from */
  sqlite3_value *pId;     /* graph_id, or the graph itself (not NULL) */
  const char *zTable;     /* edge table or view (table source); NULL: "edges" */
  const char *zFunc;      /* the function or table called, for messages */
  int bDirected;          /* rows are arcs src -> dst */
  uint32_t mxNode;        /* stop reading past this many nodes; 0: no limit */
  uint32_t nSeen;         /* out: nodes read when it stopped (SQLITE_TOOBIG) */
  GGConn *pConn;          /* the connection, for kept reads */
};

/* The kept read of a table (pRef->zTable or "edges"), marked busy: the
** caller steps it, then resets it and clears bBusy.  NULL if none can be
** had (then gg_read_edges() reads, and explains any error). */
GGStmt *gg_stmt_kept(GGConn *pConn, const char *zTable);
/* Forget the kept read of zTable (its table changed under it). */
void gg_stmt_forget(GGConn *pConn, const char *zTable);

/* A small graph read straight from its rows (small.c): at most
** GG_SMALL_MAXN nodes, integer labels only, numbered in the order first
** seen.  The scalar functions try it first; when it cannot hold the
** graph (or the read fails) they take the general path, which reads
** again and says what is wrong. */
#define GG_SMALL_MAXN 64
typedef struct GGSmall GGSmall;
struct GGSmall {
  uint32_t n;                    /* nodes */
  uint64_t aOut[GG_SMALL_MAXN];  /* bit v of aOut[u]: an arc u -> v (both ways
                                 ** when undirected; a self-loop u -> u) */
  int64_t aLabel[GG_SMALL_MAXN]; /* node u's label */
  uint8_t aSlot[3*GG_SMALL_MAXN];/* labels 0..63, then a hash of the others:
                                 ** u+1, or 0 for empty */
};
/* The node of label v in p, added if new; -1 if there is no room (small.c). */
int gg_small_node(GGSmall *p, int64_t v);
void gg_small_clear(GGSmall *p);
/* The node of label v in p, or -1 if none (small.c). */
int gg_small_find(const GGSmall *p, int64_t v);
/* Renumber p's nodes in ascending label order, the dense ids of the
** general path (a built GGGraph): the states table's rows come in the
** same order either way. */
void gg_small_sort(GGSmall *p);
/* p as n nodes labelled 0..n-1 (n <= GG_SMALL_MAXN), no arcs yet: for
** sources that fill aOut themselves. */
void gg_small_ints(GGSmall *p, uint32_t n);
/* The nodes of a role (its labels, or its default label, which must be a
** node of the rows; a named label no row has becomes an isolated node,
** unless bClosed: the source names every node): their bits into *pMask
** and the first one into *pFirst.  1, or 0 if the general path must
** decide (a text label, a missing node, no room). */
int gg_small_role(GGSmall *p, const GGRole *pRole, int bClosed, uint64_t *pMask,
                  uint32_t *pFirst);

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

/* The roles of a call (roles.c): make their labels nodes of the rows
** read (an isolated node for a label no row has), or say why not; once
** the graph is built, their dense ids; free those. */
int gg_roles_add(const GGGraphRef *pRef, GGRole *aRole, int nRole, GGEdgeList *pE,
                 char **pzErr);
int gg_roles_resolve(const GGGraph *pG, GGRole *aRole, int nRole);
void gg_roles_free(GGRole *aRole, int nRole);

/* A read of a table's rows through the private aggregate graphgame_rows
** (rows.c): "SELECT graphgame_rows(?1, <nCol columns>) FROM ...", with
** the read bound as ?1 by gg_rows_bind(); xRow takes each row's columns
** and returns SQLITE_OK, or an error code that stops the scan (kept in
** rc).  Readers embed it first in their own read. */
#define GG_ROWS "graphgame_rows"
typedef struct GGRows GGRows;
struct GGRows {
  int nCol;                                    /* columns after ?1 */
  int (*xRow)(GGRows *r, sqlite3_value **apCol);
  int rc;                                      /* the code that stopped the scan, or 0 */
};
int gg_register_rows(sqlite3 *db, GGConn *pConn);
int gg_rows_bind(sqlite3_stmt *pStmt, GGRows *r);

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
/* Every table's vtab object begins with a GGVtab: its xOpen is
** gg_vtab_open, which gives a zeroed cursor of nCursor bytes. */
typedef struct GGVtab GGVtab;
struct GGVtab {
  sqlite3_vtab base;      /* base class, must be first */
  size_t nCursor;         /* bytes of its cursor (sqlite3_vtab_cursor first) */
};
/* A zeroed vtab object of nByte bytes (a GGVtab first) whose cursors
** have nCursor bytes; NULL if out of memory. */
GGVtab *gg_vtab_new(size_t nByte, size_t nCursor);
int gg_vtab_open(sqlite3_vtab *pVtab, sqlite3_vtab_cursor **ppCur);
/* The table's error: zMsg (owned; NULL: out of memory) into the vtab;
** returns rc, or SQLITE_NOMEM for a lost message (gg_error_rc). */
int gg_vtab_error(sqlite3_vtab *pVtab, int rc, char *zMsg);
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

/* Map an engine return code to an SQLite one. */
int gg_sqlite_rc(int rc);

/* Other tables, registered by graphgame.c: the graph generators
** (graph_generators_sql.c), game_solve (game_solve_sql.c), graph6_edges and
** digraph6_edges (graph6_sql.c). */
int gg_register_generators(sqlite3 *db, GGConn *pConn);
int gg_register_game_solve(sqlite3 *db, GGConn *pConn);
int gg_register_graph6(sqlite3 *db, GGConn *pConn);
void gg_fn_graph6(sqlite3_context*, int, sqlite3_value**);            /* graph6_sql.c */
void gg_fn_digraph6(sqlite3_context*, int, sqlite3_value**);          /* graph6_sql.c */
void gg_fn_limit(sqlite3_context*, int, sqlite3_value**);             /* graphgame.c */
void gg_fn_version(sqlite3_context*, int, sqlite3_value**);

/* The cache of solved games (cache.c).  gg_cache_find_rows(): the
** entry solved from the same rows (roles added) for role 0 of aRole,
** with aRole resolved against its graph; gg_cache_find(): the entry of
** the same graph; both take a reference, NULL if none.  gg_cache_put()
** keeps a new solve (the cache takes its own reference). */
GGSolved *gg_solved_new(const GGGameDef *pDef, GGGraph *pG, const uint32_t *aParam,
                        uint32_t nParam, uint32_t k, uint64_t variant);
void gg_solved_release(GGSolved *p);
GGSolved *gg_cache_find_rows(GGConn *pConn, const GGGameDef *pDef, uint32_t k,
                             uint64_t variant, const GGEdgeList *pE, GGRole *aRole, int nRole);
GGSolved *gg_cache_find(GGConn *pConn, const GGSolved *pKey);
void gg_cache_put(GGConn *pConn, GGSolved *p);
void gg_cache_clear(GGConn *pConn);
/* Drop cached games of more positions than the connection's limit. */
void gg_cache_limit(GGConn *pConn);

/* Messages several files share (errors.c). */
char *gg_err_label_arg(const char *zFunc, const char *zArg, sqlite3_value *pVal);
/* "<zFunc>: <body>, over the limit of <mx>", and where to raise it. */
char *gg_err_limit(sqlite3_int64 mx, const char *zFunc, const char *zFormat, ...);
/* "<zFunc>: <what> has [at least ]n nodes and needs [at least ]<nPos>
** positions (<zSize>, n = n), over the limit of ...". */
char *gg_err_positions(const char *zFunc, const char *zWhat, int bAtLeast, uint32_t n,
                       uint64_t nPos, const char *zSize, sqlite3_int64 mx);
/* The message of an interrupt of zFunc during <body>. */
char *gg_err_interrupted(const char *zFunc, const char *zFormat, ...);
/* "<zTable> needs arguments: <zTable>(<zArgs>)" ("an argument" if bOne),
** and the same for a game's table: (graph_id[, zNodes] [, edges [, rules]]). */
char *gg_err_needs(const char *zTable, int bOne, const char *zArgs);
char *gg_err_needs_graph(const char *zTable, const char *zNodes);
/* The error of a private reader zReader called from SQL: "<zReader> is
** how <zHow>; it cannot be called from SQL". */
void gg_err_not_from_sql(sqlite3_context *ctx, const char *zReader, const char *zHow);
/* "<zFunc>: table "<zTable>" has too many positions". */
char *gg_err_too_many_positions(const char *zFunc, const char *zTable);
/* The message of an engine's failure (GG_TOOBIG, GG_INTERRUPT, GG_NOMEM
** with the bytes it needed if nByte) solving zWhat; zFor: "" or " for k = 2". */
char *gg_err_engine(int rc, const char *zFunc, const char *zSearching, const char *zWhat,
                    const char *zFor, uint64_t nByte);

#endif
