/*
** rows.c: graphgame_rows, the private aggregate through which graphgame
** reads a table's rows inside SQLite's scan (the edge table's small
** graphs, edges.c; game_solve's two tables, game_solve_read.c):
**
**   SELECT graphgame_rows(?1, src, dst) FROM "edges" WHERE graph_id = ?2
**   SELECT graphgame_rows(?1, position, player, result) FROM "positions"
**
** A table then costs one sqlite3_step() instead of a step and a
** sqlite3_column_value() per column for every row (each takes the
** connection's mutex and re-enters the VDBE).  ?1 is the read itself (a
** GGRows), bound with sqlite3_bind_pointer(), which no SQL can forge:
** called from SQL, the aggregate fails (and it is DIRECTONLY).  The
** reader's xRow takes each row; an error code from it stops the scan.
*/
#include "glue.h"
SQLITE_EXTENSION_INIT3

/* xStep: one row.  The read is taken from ?1 at the first row and kept
** in the aggregate's context (sqlite3_value_pointer compares type
** strings: too dear for every row). */
static void rowsStep(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  GGRows **ppRead = (GGRows**)sqlite3_aggregate_context(ctx, sizeof(GGRows*));
  GGRows *r;
  int rc;
  if( ppRead==0 ){
    sqlite3_result_error_nomem(ctx);
    return;
  }
  if( (r = *ppRead)==0 ){
    r = argc>0 ? (GGRows*)sqlite3_value_pointer(argv[0], GG_ROWS) : 0;
    if( r==0 || argc!=1+r->nCol ){
      gg_err_not_from_sql(ctx, GG_ROWS, "graphgame reads tables");
      return;
    }
    *ppRead = r;
  }
  if( r->rc ) return;
  rc = r->xRow(r, argv+1);
  if( rc ){
    r->rc = rc;
    sqlite3_result_error_code(ctx, rc);
  }
}

static void rowsFinal(sqlite3_context *ctx){
  (void)ctx;                        /* NULL: the rows went to the read */
}

int gg_register_rows(sqlite3 *db, GGConn *pConn){
  (void)pConn;
  return sqlite3_create_function_v2(db, GG_ROWS, -1, SQLITE_UTF8|SQLITE_DIRECTONLY,
                                    0, 0, rowsStep, rowsFinal, 0);
}

int gg_rows_bind(sqlite3_stmt *pStmt, GGRows *r){
  r->rc = 0;
  return sqlite3_bind_pointer(pStmt, 1, r, GG_ROWS, 0);
}
