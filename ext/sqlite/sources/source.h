/*
** source.h: the graph a call names (GGGraphRef), as the graph sources
** read it (call.h: GGSource), and the helpers of table reads: a table's
** name as SQL and why a read cannot be prepared (edges.c).
*/
#ifndef GG_SOURCE_H
#define GG_SOURCE_H
#include "conn.h"

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

/* The table name as SQL: "t" or "schema"."t" for 'schema.t'. */
char *gg_table_sql(const char *zTable);

/* After a failed prepare of a read of zTable: say which table or column
** (of azCol) is missing, as "[zFunc: ]...".  zPrepErr is a copy of the
** prepare's message; zWord, or NULL, a source's word that a missing
** table's name resembles ("did you mean the source 'graph6'?").  SQLITE_ERROR with *pzErr, or SQLITE_NOMEM or
** SQLITE_INTERRUPT if finding out failed for that reason (edges.c). */
#define GG_TABLE_MAX_COL 4
int gg_table_why_not(sqlite3 *db, const char *zFunc, const char *zTable,
                     const char *const *azCol, int nCol, const char *zPrepErr,
                     const char *zWord, char **pzErr);

#endif
