/*
** conn.h: a connection's context, GGConn (made by graphgame.c when the
** extension is loaded, freed when the connection closes), and the
** statements it keeps (kept.c).  Internals; the road of a call is call.h.
*/
#ifndef GG_CONN_H
#define GG_CONN_H
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
#define GG_DEFAULT_MAX_CERT_ROWS 10000000   /* rows of one certificate (certificate.c) */
#define GG_CACHE_ENTRIES 4                   /* solved games kept per connection */

typedef struct GGGameDef GGGameDef;          /* a game (call.h) */
typedef struct GGSolved GGSolved;            /* a solved game (cache.h) */

/* A prepared read of one edge table, kept for the next call (edges.c). */
#define GG_STMT_ENTRIES 4
typedef struct GGStmt GGStmt;
struct GGStmt {
  char *zTable;           /* the table as named by the call, or NULL: free */
  sqlite3_stmt *pStmt;    /* SELECT src, dst FROM <table> WHERE graph_id = ?1 */
  sqlite3_stmt *pSmall;   /* the same through graphgame_rows (the small read), or NULL */
  int bBusy;              /* being stepped (a nested call prepares its own) */
};

/* A game registered on a connection, and its scratch (call.h:
** gg_call_scratch).  graphgame.c's aGame[] may hold GG_MAX_GAME games:
** more is a compile-time error there. */
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
  sqlite3_int64 mxCertRows;              /* refuse certificates longer than this */
  GGSolved *aCache[GG_CACHE_ENTRIES];    /* most recently used first */
  GGStmt aStmt[GG_STMT_ENTRIES];         /* kept reads, most recent first */
  sqlite3_stmt *pProbe;                  /* kept interrupt probe (interrupt.c) */
  int bAnchored;                         /* graphgame_kept is connected (kept.c) */
  GGGameSlot aGame[GG_MAX_GAME];         /* the games registered (graphgame.c) */
  int nGame;                             /* entries used in aGame */
  struct GGSmallCsr *pSmallCsr;          /* gg_small_graph()'s, on first use (small.c) */
  struct GGFuncReg *aReg;                /* the game functions' user data (graphgame.c),
                                         ** one per function of every game */
  int nReg;                              /* entries used in aReg */
};

/* The statements kept per connection (kept.c).  sqlite3_close() refuses
** a connection with unfinalized statements, but first disconnects its
** virtual tables; so statements are kept only while the private table
** graphgame_kept is connected, and its xDisconnect finalizes them.
** gg_kept_anchor(): 1 if it is connected (connecting it if need be). */
int gg_kept_anchor(GGConn *pConn);
void gg_stmt_clear(GGConn *pConn);
int gg_register_kept(sqlite3 *db, GGConn *pConn);

/* The kept reads of zTable, marked busy: the caller (edges.c) prepares
** what it needs, steps it, resets it and clears bBusy.  NULL if none can
** be had (then edges.c prepares a read of its own, which explains any
** error). */
GGStmt *gg_stmt_kept(GGConn *pConn, const char *zTable);
/* Forget the kept read of zTable (its table changed under it). */
void gg_stmt_forget(GGConn *pConn, const char *zTable);

#endif
