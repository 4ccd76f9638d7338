/*
** edges.c: reading one graph's edges from a table or view.
**
** A graph is the set of rows of one graph_id in a table or view with
** columns graph_id, src and dst (default name "edges").  Each row is an
** undirected edge between two integer labels.  The table name is always
** quoted as an identifier.  Errors name the table, the column, the graph
** id and the offending row.
*/
#include <string.h>
#include "glue.h"
SQLITE_EXTENSION_INIT3

/* After a failed prepare: say which table or column is missing.  zPrepErr
** is copied first: sqlite3_errmsg()'s buffer changes with the next call. */
static char *edgesWhyNot(sqlite3 *db, const char *zTable, const char *zPrepErr){
  static const char *azCol[] = { "graph_id", "src", "dst" };
  sqlite3_stmt *p = 0;
  char *zWhy = sqlite3_mprintf("%s", zPrepErr);
  char *zMsg = 0;
  int i, rc, nRow = 0, aSeen[3] = {0,0,0};
  if( zWhy==0 ) return 0;
  if( sqlite3_prepare_v2(db, "SELECT name FROM pragma_table_xinfo(?1)", -1, &p, 0) ){
    zMsg = gg_errmsg("cannot read table \"%w\": %s", zTable, zWhy);
    sqlite3_free(zWhy);
    return zMsg;
  }
  sqlite3_bind_text(p, 1, zTable, -1, SQLITE_STATIC);
  while( (rc = sqlite3_step(p))==SQLITE_ROW ){
    const char *zName = (const char*)sqlite3_column_text(p, 0);
    nRow++;
    for(i=0; i<3; i++){
      if( zName && sqlite3_stricmp(zName, azCol[i])==0 ) aSeen[i] = 1;
    }
  }
  sqlite3_finalize(p);
  /* A view that exists but cannot be read (it names a dropped table, say)
  ** fails here too: report the prepare error, not a missing table. */
  if( rc==SQLITE_DONE && nRow==0 ){
    zMsg = gg_errmsg("no such table or view: \"%w\"", zTable);
  }
  for(i=0; rc==SQLITE_DONE && zMsg==0 && i<3; i++){
    if( !aSeen[i] ) zMsg = gg_errmsg("table \"%w\" has no column %s", zTable, azCol[i]);
  }
  if( zMsg==0 ) zMsg = gg_errmsg("cannot read table \"%w\": %s", zTable, zWhy);
  sqlite3_free(zWhy);
  return zMsg;
}

/* The error for a row whose src or dst is not an integer. */
static char *edgesBadRow(const GGGraphRef *pRef, const char *zTable, sqlite3_stmt *p){
  char *zId = gg_value_sql(pRef->pId);
  char *zSrc = gg_value_sql(sqlite3_column_value(p, 0));
  char *zDst = gg_value_sql(sqlite3_column_value(p, 1));
  char *z = gg_errmsg("graph %s in table \"%w\": src and dst must be integers,"
                      " got src=%s, dst=%s", zId ? zId : "?", zTable,
                      zSrc ? zSrc : "?", zDst ? zDst : "?");
  sqlite3_free(zId); sqlite3_free(zSrc); sqlite3_free(zDst);
  return z;
}

/* Read the edge rows into pE.  SQLITE_OK or an error with *pzErr. */
static int edgesRead(sqlite3 *db, const GGGraphRef *pRef, const char *zTable,
                     GGEdgeList *pE, char **pzErr){
  sqlite3_stmt *p = 0;
  char *zSql;
  int rc;
  zSql = sqlite3_mprintf("SELECT src, dst FROM \"%w\" WHERE graph_id = ?1", zTable);
  if( zSql==0 ) return SQLITE_NOMEM;
  rc = sqlite3_prepare_v2(db, zSql, -1, &p, 0);
  sqlite3_free(zSql);
  if( rc!=SQLITE_OK ){
    if( rc==SQLITE_NOMEM || rc==SQLITE_INTERRUPT ) return rc;
    *pzErr = edgesWhyNot(db, zTable, sqlite3_errmsg(db));
    return SQLITE_ERROR;
  }
  sqlite3_bind_value(p, 1, pRef->pId);
  while( (rc = sqlite3_step(p))==SQLITE_ROW ){
    if( sqlite3_column_type(p, 0)!=SQLITE_INTEGER
     || sqlite3_column_type(p, 1)!=SQLITE_INTEGER ){
      *pzErr = edgesBadRow(pRef, zTable, p);
      rc = SQLITE_MISMATCH;
      break;
    }
    if( gg_edges_add(pE, sqlite3_column_int64(p, 0), sqlite3_column_int64(p, 1)) ){
      rc = SQLITE_NOMEM;
      break;
    }
  }
  if( rc==SQLITE_DONE ){
    rc = SQLITE_OK;
  }else if( rc!=SQLITE_MISMATCH && rc!=SQLITE_NOMEM && rc!=SQLITE_INTERRUPT ){
    *pzErr = gg_errmsg("reading table \"%w\": %s", zTable, sqlite3_errmsg(db));
  }
  sqlite3_finalize(p);
  return rc;
}

int gg_load_graph(sqlite3 *db, const GGGraphRef *pRef, const int64_t *aExtra,
                  int nExtra, GGGraph *pG, char **pzErr){
  const char *zTable = pRef->zTable ? pRef->zTable : GG_DEFAULT_TABLE;
  GGEdgeList e;
  int rc;
  memset(&e, 0, sizeof(e));
  memset(pG, 0, sizeof(*pG));
  rc = edgesRead(db, pRef, zTable, &e, pzErr);
  if( rc==SQLITE_OK && e.nEdge==0 ){
    char *zId = gg_value_sql(pRef->pId);
    *pzErr = gg_errmsg("graph %s has no rows in table \"%w\"", zId ? zId : "?", zTable);
    sqlite3_free(zId);
    rc = SQLITE_ERROR;
  }
  if( rc==SQLITE_OK ){
    rc = gg_graph_build(pG, &e, aExtra, nExtra);
    if( rc==GG_TOOBIG ){
      *pzErr = gg_errmsg("graph in table \"%w\" has too many nodes", zTable);
    }
    rc = gg_sqlite_rc(rc);
  }
  gg_edges_free(&e);
  return rc;
}
