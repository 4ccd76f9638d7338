/*
** call.h: the road of one call of a game, and what a game and a graph
** source declare to travel it.
**
** Every game function and table (the scalars, the <game>_states and
** <game>_play tables; registry.c lists the games) is a GGFuncDef of a
** GGGameDef, and call.c drives it, in order:
**
**   1. the arguments: graph, node arguments, k, the source (edges), rules
**   2. the roles: the nodes the call names (roles.c)
**   3. the graph, from its source: small bit rows first (GGSmall), else
**      labelled rows (GGEdgeList), built into a GGGraph
**   4. the position limit (graphgame_limit)
**   5. the cache of solved games (cache.c)
**   6. the solve, with sqlite3_interrupt polled (interrupt.c)
**   7. the result: the function's xResult, or the table's rows
**
** A new game is an engine, a GGGameDef and one line in registry.c's
** GG_GAMES; a new graph source is one file defining a GGSource, and one
** line in registry.c's GG_SOURCES.  docs/internals.md draws the road.
*/
#ifndef GG_CALL_H
#define GG_CALL_H
#include "glue.h"

typedef struct GGCall GGCall;
typedef struct GGFuncDef GGFuncDef;
typedef struct GGCertDef GGCertDef;     /* a game's certificates (certificate.h) */

/* Where a call's graph comes from: an edge table (edges.c, with its fast
** read of small graphs into small.c's bit rows), or a value (a source
** file each).  The
** `edges` argument picks it: a table name, or a source's word. */
typedef struct GGSource GGSource;
struct GGSource {
  const char *zWord;      /* the edges argument that picks it ("graph6"), or
                          ** NULL for the edge table */
  int bClosed;            /* it names every node: a named label that is not
                          ** one is an error, not an isolated node */
  int bDirected;          /* its graphs are directed (digraph6): the rules'
                          ** "directed" is true, and false is an error */
  const void *pAux;       /* the functions' own data (graph6, digraph6: the
                          ** format, nauty_sql.h) */
  /* Bit rows of a graph of at most GG_SMALL_MAXN integer-labelled nodes:
  ** 1 if read, 0 if the general read must say what it is (no messages). */
  int (*xSmall)(const GGGraphRef *pRef, GGSmall *p);
  /* The labelled rows into *pE (zeroed first).  SQLITE_OK or an error
  ** with *pzErr; SQLITE_TOOBIG with no message when more than
  ** pRef->mxNode nodes came (pRef->nSeen: how many), for call.c to say. */
  int (*xRead)(GGGraphRef *pRef, GGEdgeList *pE, char **pzErr);
  /* The graph in messages: "graph 7 in table \"edges\"". */
  char *(*xName)(const GGGraphRef *pRef);
  /* The source's own tables, or NULL (nauty's formats: <word>_edges,
  ** graph6_sql.c), registered with the library's (gg_register_sources). */
  int (*xTables)(sqlite3 *db, const GGSource *pSource);
};

/* What an engine's solve is given. */
typedef struct GGSolveArgs GGSolveArgs;
struct GGSolveArgs {
  const uint32_t *aParam;   /* role 0's dense ids (holes, z), sorted, no repeats */
  uint32_t nParam;          /* how many */
  uint32_t k;               /* the game's k (the number of a player's tokens), or 0 */
  uint64_t variant;         /* the rules that change the solve (xVariant) */
};

/* What a solve will hold, for the limit and its messages (GGGameDef's
** xHold, call_limit.c). */
typedef struct GGHold GGHold;
struct GGHold {
  uint64_t nPos;                   /* positions it keeps, UINT64_MAX past 2^64 */
  uint64_t nByte;                  /* bytes at its peak, 0: not known */
  int bAbout;                      /* nPos is an estimate ("about") */
  char zSize[200];                 /* how nPos is counted, for messages */
};

/* A game on the nodes of a graph: one line of registry.c's GG_GAMES.
** Written with designated initializers, a field left out (zero) takes
** the common case: two players on the nodes (a board of 2 n^2 positions),
** the outcome codes 1, 2 and 0 for a draw, no k, no per-connection
** scratch, no small path, every pair a position, no functions of its
** own.  A simple game gives its names, its rules keys, its roles and its
** engine (tests/toy/toy_sql.c). */
struct GGGameDef {
  const char *zName;               /* the game's SQL name */
  const GGFuncDef *const *apFunc;  /* its SQL functions, NULL-terminated, or NULL */
  /* Its tables, the generic <game>_states (states.c) and <game>_play
  ** (play.c), are described by the fields below. */
  const char *zStates;             /* its states table: "<name>_states" */
  const char *zPlay;               /* its play table: "<name>_play" */
  const char *azPlayer[2];         /* column names of the players' nodes */
  const char *azTurn[2];           /* turn names, player 0 then player 1 */
  const char *zParam;              /* an argument of the states table, or NULL */
  int eParam;                      /* its GG_ARG_* (0: GG_ARG_NODE); a play
                                   ** argument of the same name is of it too */
  const char *azPlayArg[3];        /* the play table's arguments (nodes of the
                                   ** start, or zParam), or NULLs */
  int aOutcome[4];                 /* SQL code for GG_V_OPEN, WIN0, WIN1, DRAW;
                                   ** all 0: { 0, 1, 2, 0 } (gg_outcome) */
  const GGRuleKey *aKey;           /* the rules keys */
  int nKey;                        /* how many */
  uint32_t mxK;                    /* the largest k of a k argument (the
                                   ** positions depend on it), or 0: no k */
  /* Positions for n nodes (and k), UINT64_MAX on overflow; and how they
  ** are counted, for messages ("2 turns x n mouse nodes x n cat nodes").
  ** NULL: a board's, 2 n^2, "2 turns x n <player 0> nodes x n <player 1>
  ** nodes" (call.c). */
  uint64_t (*xPositions)(uint64_t n, uint32_t k);
  void (*xSize)(uint32_t k, char *zBuf, int nBuf);
  /* The most nodes n with xPositions(n, k) <= mx, computed directly;
  ** NULL: a board's (gg_board_max_nodes). */
  uint64_t (*xLimitNodes)(uint64_t mx, uint32_t k);
  /* Bytes a solve of pG needs at its peak, for the messages of the limit
  ** and of a failed allocation; may be NULL. */
  uint64_t (*xBytes)(const GGGraph *pG, uint32_t k);
  /* What the solve of every position of the built graph pG will hold when
  ** it is not xPositions's count and xBytes's (cops: on the orbits of the
  ** group): the limit mx and its messages count it (call_limit.c), and
  ** every function of the game reads a table as for k = 1 (the count
  ** needs the graph: call.c's callMaxNodes).  It may
  ** set *pVariant to a solve of the same answers that fits mx when the
  ** one it counted does not (and count that one).  GG_OK or GG_NOMEM;
  ** may be NULL. */
  int (*xHold)(const GGGraph *pG, uint32_t k, uint64_t *pVariant, uint64_t mx,
               GGHold *pHold);
  /* The most nodes its engine takes, and why (for the message of a
  ** larger graph); may be NULL. */
  uint32_t (*xMaxNodes)(void);
  const char *zMaxNodes;
/* zMaxNodes of the word-parallel engines (one n^2 bitset a block). */
#define GG_SQL_MAX_NODES_WHY "one bitset of its positions, n^2/8 bytes, must fit in one" \
  " allocation of SQLite, under 2 GB"
  /* The rules that change the solve other than role 0 (a variant of the
  ** moves), as a word of the cache key; NULL: none. */
  uint64_t (*xVariant)(const GGRules *pRules);
  /* The roles of a call: role 0 is what the solve depends on (the holes,
  ** z); with bStart the start (player 0, player 1) as roles 1 and 2,
  ** else those only if named.  aArg: the node arguments.  Returns the
  ** number of roles; sets *piTurn. */
  int (*xRoles)(const GGRules *pRules, const GGLabel *aArg, int nArg, int bStart,
                GGRole *aRole, int *piTurn);
  /* Solve every position; *ppState gets the game's result object.  On
  ** failure the engine has freed what it allocated. */
  int (*xSolve)(void **ppState, const GGGraph *pG, const GGSolveArgs *pArgs,
                const GGStop *pStop);
  void (*xFree)(void *pState);
  /* One position: player 0 on a, player 1 on b, turn (generic tables);
  ** pMove may be NULL (no best move looked for), and it is -1 at the end
  ** of the game.  GG_OK, or GG_NOMEM (only when a move is looked for). */
  int (*xGet)(const void *pState, uint64_t a, uint32_t b, int turn,
              uint32_t *pValue, int64_t *pPlies, int64_t *pMove);
  /* Whether (a, b) is a position, shown as a row; NULL: every one is. */
  int (*xListed)(const void *pState, uint64_t a, uint32_t b);
  /* Player 0's places when they are not the nodes 0..n-1 (k tokens:
  ** their configurations), all NULL when they are: how many; one as its SQL
  ** value (a move of player 0 is one too); and the start when the
  ** players choose it, shown by the play table as two rows that place
  ** them (the best place, then the other player's best answer). */
  uint64_t (*xCount0)(const void *pState, const GGGraph *pG);
  void (*xResult0)(sqlite3_context *ctx, const void *pState, const GGGraph *pG, uint64_t a);
  void (*xChoose)(const void *pState, uint64_t *pA, uint32_t *pB);
  /* When player 0's place is a multiset of nodes (the cops' configuration):
  ** the place of the nodes aId[0..nId) (dense ids in any order, repeats
  ** kept), 1 with *pA, or 0 if they are no place (not as many as k).  The
  ** states table then picks the rows of an equality on player 0's column
  ** (a JSON array of labels, in any order: states.c), and the play table
  ** starts from the place its rules name (role 1, play.c).  NULL: SQLite
  ** tests such an equality on every row. */
  int (*xPlace0Nodes)(const void *pState, const uint32_t *aId, uint32_t nId, uint64_t *pA);
  /* With xChoose: player 1's best start against player 0 on a, `turn` to
  ** move (the play table when its rules name player 0's place only).  Such
  ** a game's xRoles gives role 1, player 0's place, and role 2, player 1's
  ** node, only when the rules name them, role 2 only with role 1. */
  uint32_t (*xAnswer)(const void *pState, uint64_t a, int turn);
  /* The check of the rules by the game's tables, as a GGFuncDef's
  ** xCheck; may be NULL. */
  int (*xTableCheck)(GGCall *pCall, char **pzErr);
  /* The states table's path for a graph of at most GG_SMALL_MAXN nodes
  ** (gg_call_small): the bytes of the block (8-aligned) that a solve of n
  ** nodes needs, and the solve into it, which allocates nothing, makes no
  ** cache entry and cannot fail; the state it returns lives in the block
  ** (for xGet and xListed; never xFree'd).  NULL: the general path. */
  uint64_t (*xSmallBytes)(uint32_t n);
  void *(*xSmallSolve)(uint64_t *aBlock, const GGGraph *pG, const GGSolveArgs *pArgs);
  const char *zNotListed;          /* why an unlisted start is refused */
  /* Bytes of scratch that the game's functions keep per connection
  ** (gg_call_scratch), or 0. */
  uint64_t nScratch;
  /* Run when a connection closes, before SQLite may unload the library
  ** (a game's own threads end here); may be NULL. */
  void (*xClose)(void);
  /* Its certificates (<game>_certificate, certificate.c): the moves and
  ** the words the certificate's text needs; NULL: none. */
  const GGCertDef *pCert;
};

/* The SQL code of outcome v (GG_V_*) of a game (aOutcome, or its default). */
static inline int gg_outcome(const GGGameDef *pDef, uint32_t v){
  if( pDef->aOutcome[1] | pDef->aOutcome[2] | pDef->aOutcome[3] ) return pDef->aOutcome[v];
  return v==GG_V_WIN0 ? 1 : v==GG_V_WIN1 ? 2 : 0;
}

/* The kinds of argument between graph_id and edges. */
#define GG_ARG_NODE      1   /* a node label (a start or a goal given as an argument) */
#define GG_ARG_NODE_NULL 2   /* a node label; NULL gives NULL */
#define GG_ARG_K         3   /* the game's k: an integer 1..GGGameDef.mxK */
#define GG_ARG_CAP       4   /* a non-negative integer or NULL (max_plies) */
#define GG_MAX_ARG       3

/* xSmall's answers. */
#define GG_SMALL_DONE  1     /* it gave the result */
#define GG_SMALL_NO    0     /* read the graph again on the general path */
#define GG_SMALL_GRAPH 2     /* go on with the small graph as a GGGraph (no
                             ** labels: for results that show none) */

/* One SQL function of a game (the tables use a GGFuncDef too, with no
** SQL registration: zName is the table's name). */
struct GGFuncDef {
  const char *zName;               /* SQL name, in messages */
  int nArgMin, nArgMax;            /* SQL argument counts; 0: a table */
  const char *azArg[GG_MAX_ARG];   /* the arguments after graph_id, before edges */
  int aArgKind[GG_MAX_ARG];        /* their GG_ARG_* */
  int bSource;                     /* an edges argument follows them */
  const char *zSourceWord;         /* the source is fixed (a function of one source's values) */
  int bStart;                      /* the call names a start (roles 1, 2) */
  int bNoReadLimit;                /* reads any graph: the limit is its own */
  int bReadAsK1;                   /* the read stops as for k = 1: the function
                                   ** checks its own count of positions once the
                                   ** graph is built (a solve on orbits) */
  int bPure;                       /* reads nothing but its arguments (GG_PURE) */
  const char *zSearching;          /* "solving", or "searching" (messages) */
  /* After the rules, if any are given: an error of the function's own, or
  ** SQLITE_OK.  It judges the rules alone (a census's constant rules are
  ** checked once, call.c). */
  int (*xCheck)(GGCall *pCall, char **pzErr);
  /* The result from a small graph's bit rows: GG_SMALL_*. */
  int (*xSmall)(sqlite3_context *ctx, GGCall *pCall, const GGSmall *pS);
  /* Its own limit check and solve on the built graph instead of the
  ** cached full solve, setting the result: SQLITE_OK or an error (the
  ** engine's GG_* code with *pzErr NULL: call.c says it). */
  int (*xRun)(sqlite3_context *ctx, GGCall *pCall, const GGStop *pStop, char **pzErr);
  /* The result from the cached full solve. */
  void (*xResult)(sqlite3_context *ctx, GGCall *pCall, const GGSolved *p);
};

/* A call in progress. */
struct GGCall {
  /* Set or zeroed field by field by gg_call_init() (a field added here
  ** must be set there): */
  GGConn *pConn;                   /* the connection */
  const GGGameDef *pDef;           /* the game */
  const GGFuncDef *pFunc;          /* the function or table called */
  sqlite3_context *pCtx;           /* a scalar call's context (its rules are
                                   ** kept as the statement's auxdata), or NULL */
  GGGraphRef ref;                  /* the graph */
  uint32_t k;                      /* the game's k, or 0 */
  int bRulesKept;                  /* rules belong to the auxdata: not freed */
  int nRole;                       /* roles used */
  int iTurn;                       /* who moves first at the start: 0 or 1 */
  int bSmallGraph;                 /* g is a small graph's (not freed) */
  GGGameSlot *pSlot;               /* the game's slot in pConn, or NULL: found
                                   ** when needed (gg_call_scratch) */
  /* Set as they are read, so that a census's call clears no more than it
  ** uses (gg_call_init): */
  GGGraph g;                       /* the graph, for xRun (owned, or the
                                   ** connection's arrays if bSmallGraph):
                                   ** until it is built, n and aOff are 0 */
  GGRules rules;                   /* the rules argument */
  GGLabel aArg[GG_MAX_ARG];        /* the node arguments */
  sqlite3_value *apArg[GG_MAX_ARG];/* every argument between graph_id and edges */
  GGRole aRole[GG_MAX_ROLE];       /* role 0: the solve's (holes, z); 1, 2: the start */
  GGSmall small;                   /* its bit rows (the source fills them) */
};

/* The arguments of a call: apArg[0] graph_id (or the graph itself),
** then the pFunc's arguments, then edges and rules (NULL if absent). */
#define GG_CALL_NULL (-1)            /* gg_call_init(): a NULL result */
int gg_call_init(GGCall *pCall, GGConn *pConn, const GGGameDef *pDef,
                 const GGFuncDef *pFunc, sqlite3_value **apArg, int nArg, char **pzErr);
/* The solved game of the call (every position), through the cache.
** SQLITE_OK with *ppOut (gg_solved_release() it) or an error. */
int gg_call_solve(GGCall *pCall, GGSolved **ppOut, char **pzErr);
/* The built graph of the call with its roles (the call owns it). */
int gg_call_graph(GGCall *pCall, char **pzErr);
void gg_call_free(GGCall *pCall);
/* Steps 2 to 4 for a graph of at most GG_SMALL_MAXN nodes, after
** gg_call_init(): its bit rows into *pS (nodes in label order), built
** into *pG on *pCsr's arrays (no labels: pS has them), role 0's dense ids
** into aParam (GG_SMALL_MAXN slots, ascending) and *pnParam.  1 if done;
** 0 if the call must take gg_call_solve() (a big graph, a role other than
** role 0, a text label, the limit, an error to be named). */
int gg_call_small(GGCall *pCall, GGSmall *pS, GGSmallCsr *pCsr, GGGraph *pG,
                  uint32_t *aParam, uint32_t *pnParam);
/* Steps 1 and 3 only, for a function that reads a graph but plays no
** game (graph6(), digraph6()): the graph of (pId, pEdges) into pCall->g,
** a table's rows as arcs if bArcs (a directed source's always are). */
int gg_call_read_graph(GGCall *pCall, GGConn *pConn, const GGFuncDef *pFunc,
                       sqlite3_value *pId, sqlite3_value *pEdges, int bArcs, char **pzErr);
/* A scalar function's whole road: its xFunc (user data: GGFuncReg). */
void gg_call_scalar(sqlite3_context *ctx, int argc, sqlite3_value **argv);
/* For xRun: the message of an engine's failure rc (GG_*) solving the
** call's graph, and its SQLite code. */
int gg_call_engine_error(const GGCall *pCall, int rc, char **pzErr);
/* The same with what the solve needed: positions and bytes (out of
** memory). */
int gg_call_engine_error_need(const GGCall *pCall, int rc, uint64_t nPos, uint64_t nByte,
                              char **pzErr);
/* The graph's name for messages (the source's xName). */
char *gg_call_name(const GGCall *pCall);
/* Positions for the call's k on n nodes, and the limit message with the
** positions and the bytes of the solve of pG (NULL: a graph still being
** read, of at least n nodes: "at least", the bytes of n bare nodes)
** (call_limit.c). */
uint64_t gg_call_positions(const GGCall *pCall, uint32_t n);
int gg_call_over_limit(const GGCall *pCall, const GGGraph *pG, uint32_t n, char **pzErr);
/* The limit message of the solve of pG that holds *pHold (call_limit.c). */
int gg_call_over_limit_hold(const GGCall *pCall, const GGGraph *pG, const GGHold *pHold,
                            char **pzErr);
/* What the solve of every position of pG will hold (the game's xHold, or
** xPositions and xBytes), into *pHold, and *pVariant the solve to take:
** SQLITE_OK, or SQLITE_TOOBIG over the limit with its message, or
** SQLITE_NOMEM (call_limit.c). */
int gg_call_hold(const GGCall *pCall, const GGGraph *pG, uint64_t *pVariant, GGHold *pHold,
                 char **pzErr);

/* The call's game's scratch of pDef->nScratch bytes on its connection,
** allocated on first use (freed when the connection closes); NULL if out
** of memory. */
void *gg_call_scratch(GGCall *pCall);

/* xFree(p) for a failed solve of nPos positions: on a thread of its own
** after an interrupt of a large one (sqlite3_interrupt must return within
** 100 ms; freeing gigabytes takes longer), else at once; and the wait for
** those threads when a connection closes (free_later.c). */
void gg_free_later(void (*xFree)(void*), void *p, uint64_t nPos, int rc);
void gg_free_wait(void);

/* What a registered function gets as user data. */
typedef struct GGFuncReg GGFuncReg;
struct GGFuncReg {
  GGConn *pConn;                   /* the connection */
  const GGGameDef *pDef;           /* the game */
  const GGFuncDef *pFunc;          /* the function */
  GGGameSlot *pSlot;               /* the game's slot in pConn (its scratch) */
};

/* The module data of a game's table (states.c, play.c):
** gg_table_aux() makes one (NULL if out of memory) for the table zName,
** which takes an edges argument; the caller adds the other arguments and
** gives it to sqlite3_create_module_v2() with sqlite3_free. */
typedef struct GGTableAux GGTableAux;
struct GGTableAux {
  GGConn *pConn;              /* the connection's context */
  const GGGameDef *pDef;      /* the game */
  GGFuncDef func;             /* the table as call.c sees it */
};
GGTableAux *gg_table_aux(GGConn *pConn, const GGGameDef *pDef, const char *zName);
int gg_register_states(sqlite3 *db, GGConn *pConn, const GGGameDef *pDef);  /* states.c */
int gg_register_play(sqlite3 *db, GGConn *pConn, const GGGameDef *pDef);    /* play.c */
/* The positions seen along a line of play, with the ply of each (play.c,
** for every _play table): gg_play_seen() sets *pOld to the ply at which
** position key (< 2^64 - 1) stood, or -1, and inserts it with iPly if it
** was absent; SQLITE_OK or SQLITE_NOMEM.  Zeroed to start; freed after. */
typedef struct GGPlaySeen GGPlaySeen;
struct GGPlaySeen {
  uint64_t *aKey;             /* position+1, 0 for an empty slot */
  int64_t *aPly;              /* ply after which it stood */
  uint64_t nSlot, nUsed;      /* table size (a power of two), entries */
};
int gg_play_seen(GGPlaySeen *p, uint64_t key, int64_t iPly, int64_t *pOld);
void gg_play_seen_free(GGPlaySeen *p);

/* The word of the source that zTable spells up to case and blanks
** ("GRAPH6", "graph6 "), or NULL: for the message of a missing table. */
const char *gg_source_near(const char *zTable);
/* The tables of every source that has its own (call.c). */
int gg_register_sources(sqlite3 *db, GGConn *pConn);

#endif
