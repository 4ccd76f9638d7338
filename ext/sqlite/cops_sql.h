/*
** cops_sql.h: what cops_sql.c (the scalar functions) shares with
** cops_vtab.c (cops_states, cops_play).  Internals; the manual is the
** header comment of cops_sql.c and README.md.
*/
#ifndef GG_COPS_SQL_H
#define GG_COPS_SQL_H
#include "glue.h"
#include "cops.h"

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
