/*
** rows.h: graphgame_rows, the private aggregate through which graphgame
** reads a table's rows inside SQLite's scan (rows.c).
*/
#ifndef GG_ROWS_H
#define GG_ROWS_H
#include "conn.h"

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

#endif
