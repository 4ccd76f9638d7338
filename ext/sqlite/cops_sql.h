/*
** cops_sql.h: what cops_sql.c (the scalar functions) shares with
** cops_vtab.c (cops_states, cops_play).  Internals; the manual is the
** header comment of cops_sql.c and README.md.
*/
#ifndef GG_COPS_SQL_H
#define GG_COPS_SQL_H
#include "glue.h"
#include "cops.h"
#include "cops_small.h"

/* The cops functions' per-connection context: the user data of
** cop_number, capture_time, cops_states and cops_play. */
typedef struct GGCopsConn GGCopsConn;
struct GGCopsConn {
  GGConn *pConn;            /* the connection's context (limits) */
  sqlite3_stmt *pStmt;      /* cached read of one edge table, or NULL */
  char *zTable;             /* the table pStmt reads */
  int bBusy;                /* pStmt is being stepped: a nested call must not */
  sqlite3_stmt *pBatch;     /* zTable's rows of graph_id >= ?1 by graph_id */
  int bBatchOff;            /* no batches from zTable (a view, no index, ...) */
  int64_t *aBatch;          /* rows of the last batch: graph_id, src, dst */
  int nBatch;               /* rows in aBatch */
  int iBatchPos;            /* first row of the graph last asked for */
  int64_t iBatchLo;         /* graphs with ids in [iBatchLo, iBatchHi] */
  int64_t iBatchHi;         /*   have all their rows in aBatch */
  sqlite3_int64 nChange;    /* sqlite3_total_changes() when it was read */
  unsigned int iVersion;    /* main's data version then (other connections) */
  int bTemp;                /* zTable is a temp table (no other writer) */
  void *pAnchor;            /* the connected cops_states table; its xDisconnect,
                            ** which sqlite3_close runs before its check for
                            ** unfinalized statements, finalizes pStmt */
  uint64_t aScratch[GG_COPS_SMALL_SCRATCH];   /* for gg_cops_small() */
};

/* Read graph pRef through the cached statement if it has at most 64
** nodes: 1 and the closed-neighbourhood masks in aNbr (64 words), *pn;
** 0 if the general path must answer (bigger graph, no rows, any error:
** that path reads again and reports it). (cops_load.c) */
int gg_cops_load_small(GGCopsConn *pCC, const GGGraphRef *pRef,
                       uint32_t *pn, uint64_t *aNbr);
/* The rows of integer graph id from a batch of consecutive graphs
** (cops_batch.c): the count, *paRow pointing at triples (graph_id, src,
** dst); -1 if batches cannot answer (then read the one graph). */
int gg_cops_batch_rows(GGCopsConn *pCC, int64_t id, const int64_t **paRow);
int gg_cops_batch_prepare(GGCopsConn *pCC, const char *zTable);
void gg_cops_batch_clear(GGCopsConn *pCC);

/* Finalize the cached statement (xDisconnect of the anchor, and errors). */
void gg_cops_conn_clear(GGCopsConn *pCC);

/* The arguments of a cops function after checking. */
typedef struct GGCopsArgs GGCopsArgs;
struct GGCopsArgs {
  GGGraphRef ref;        /* the graph */
  uint32_t k;            /* cops (0 for cop_number) */
  int bLazy;             /* rules {"lazy": true} */
};

/* Parse rules (NULL, '{}', '{"lazy": true}') into *pbLazy; errors name
** zFunc, the key, and list the known keys.  SQLITE_OK or an error. */
int gg_cops_rules(const char *zFunc, sqlite3_value *pRules, int *pbLazy,
                  char **pzErr);

/* Check k (a positive integer, at most GG_COPS_MAXK). */
int gg_cops_k(const char *zFunc, sqlite3_value *pK, uint32_t *pk, char **pzErr);

/* Load the graph of pArgs and solve it fully for pArgs->k cops, within
** the connection's position limit.  *pG and *pCops are filled on
** success (free both).  SQLITE_OK or an error naming zFunc and the graph. */
int gg_cops_load_solve(GGConn *pConn, const char *zFunc, const GGCopsArgs *pArgs,
                       GGGraph *pG, GGCops *pCops, char **pzErr);

/* The cops of configuration conf as a JSON array of labels (sqlite3_free). */
char *gg_cops_json(const GGCops *p, const GGGraph *pG, uint64_t conf);

#endif
