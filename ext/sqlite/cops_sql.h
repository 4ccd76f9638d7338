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

/* One call of a cops function or table: the graph and the rules.  The
** graph is read through edges.c (kept reads, reentry, the position limit
** while reading: mxNode from k cops, or 1 for cop_number), so its
** errors are the shared ones; zSize says how positions are counted. */
typedef struct GGCopsCall GGCopsCall;
struct GGCopsCall {
  GGGraphRef ref;        /* the graph */
  uint32_t k;            /* cops (1 for cop_number, whose k varies) */
  GGCopsRules rules;     /* the rules keys (distance, robber_speed, directed,
                         ** surround, lazy); ref.bDirected = rules.bDirected */
  char zSize[96];        /* "2 turns x C(n+k-1, k) placements of k = 2 cops x ..." */
};

/* Check the arguments (k first if pK is not NULL: a positive integer, at
** most GG_COPS_MAXK) and parse the rules with the shared parser; fill
** the reference for k cops.  0 if graph_id is NULL (no result), else
** SQLITE_OK or an error naming zFunc. */
int gg_cops_call_init(GGCopsCall *pCall, GGConn *pConn, const char *zFunc,
                      sqlite3_value *pId, sqlite3_value *pK, sqlite3_value *pTable,
                      sqlite3_value *pRules, char **pzErr);
/* Make the call one for k cops (after the rows are read: the limit
** while reading stays that of init's k). */
void gg_cops_call_k(GGCopsCall *pCall, uint32_t k);

/* Load the graph of the call and solve it fully for pCall->k cops,
** within the connection's position limit.  *pG and *pCops are filled on
** success (free both).  SQLITE_OK or an error naming the function and
** the graph. */
int gg_cops_load_solve(GGConn *pConn, GGCopsCall *pCall, GGGraph *pG, GGCops *pCops,
                       char **pzErr);

/* The cops of configuration conf as a JSON array of their labels, in
** SQLite's order of labels (integers as numbers, texts as strings);
** sqlite3_free it. */
char *gg_cops_json(const GGCops *p, const GGGraph *pG, uint64_t conf);

#endif
