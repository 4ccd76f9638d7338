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

int gg_table_why_not(sqlite3 *db, const char *zFunc, const char *zTable,
                     const char *const *azCol, int nCol, const char *zPrepErr,
                     char **pzErr){
  const char *zSep = zFunc ? ": " : "";
  sqlite3_stmt *p = 0;
  int i, rc, nRow = 0, aSeen[GG_TABLE_MAX_COL] = {0};
  if( zFunc==0 ) zFunc = "";
  rc = sqlite3_prepare_v2(db, "SELECT name FROM pragma_table_xinfo(?1)", -1, &p, 0);
  if( rc==SQLITE_OK ){
    sqlite3_bind_text(p, 1, zTable, -1, SQLITE_STATIC);
    while( (rc = sqlite3_step(p))==SQLITE_ROW ){
      const char *zName = (const char*)sqlite3_column_text(p, 0);
      if( zName==0 ){ rc = SQLITE_NOMEM; break; }
      nRow++;
      for(i=0; i<nCol; i++){
        if( sqlite3_stricmp(zName, azCol[i])==0 ) aSeen[i] = 1;
      }
    }
    sqlite3_finalize(p);
  }
  if( rc==SQLITE_NOMEM || rc==SQLITE_INTERRUPT ) return rc;
  if( rc!=SQLITE_DONE ){        /* e.g. a view over a dropped table */
    *pzErr = gg_errmsg("%s%scannot read table \"%w\": %s", zFunc, zSep, zTable, zPrepErr);
  }else if( nRow==0 ){
    *pzErr = gg_errmsg("%s%sno such table or view: \"%w\"", zFunc, zSep, zTable);
  }else{
    for(i=0; i<nCol && aSeen[i]; i++){}
    *pzErr = i<nCol
      ? gg_errmsg("%s%stable \"%w\" has no column %s", zFunc, zSep, zTable, azCol[i])
      : gg_errmsg("%s%scannot read table \"%w\": %s", zFunc, zSep, zTable, zPrepErr);
  }
  return *pzErr ? SQLITE_ERROR : SQLITE_NOMEM;
}

/* The error for a row whose src or dst is not an integer. */
static char *edgesBadRow(const GGGraphRef *pRef, const char *zTable, sqlite3_stmt *p){
  char *zId = gg_value_sql(pRef->pId);
  char *zSrc = gg_value_sql(sqlite3_column_value(p, 0));
  char *zDst = gg_value_sql(sqlite3_column_value(p, 1));
  char *z = 0;
  if( zId && zSrc && zDst ){     /* else out of memory: no message */
    z = gg_errmsg("graph %s in table \"%w\": src and dst must be integers,"
                  " got src=%s, dst=%s", zId, zTable, zSrc, zDst);
  }
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
    char *zPrepErr;
    if( rc==SQLITE_NOMEM || rc==SQLITE_INTERRUPT ) return rc;
    /* a copy: the next statement prepared replaces sqlite3_errmsg() */
    zPrepErr = sqlite3_mprintf("%s", sqlite3_errmsg(db));
    if( zPrepErr==0 ) return SQLITE_NOMEM;
    static const char *const azCol[] = { "graph_id", "src", "dst" };
    rc = gg_table_why_not(db, 0, zTable, azCol, 3, zPrepErr, pzErr);
    sqlite3_free(zPrepErr);
    return rc;
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
    *pzErr = gg_errmsg_reading(db, 0, zTable);
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
  rc = gg_reentry_enter(zTable, pzErr);
  if( rc ) return rc;
  rc = edgesRead(db, pRef, zTable, &e, pzErr);
  gg_reentry_leave();
  if( rc==SQLITE_OK && e.nEdge==0 ){
    char *zId = gg_value_sql(pRef->pId);
    *pzErr = zId ? gg_errmsg("graph %s has no rows in table \"%w\"", zId, zTable) : 0;
    sqlite3_free(zId);
    rc = SQLITE_ERROR;
  }
  if( rc==SQLITE_OK ){
    GGInterrupt intr;           /* a big graph takes a while to build */
    GGStop stop;
    gg_interrupt_init(&intr, &stop, db);
    rc = gg_graph_build_stop(pG, &e, aExtra, nExtra, &stop);
    gg_interrupt_done(&intr);
    if( rc==GG_TOOBIG ){
      *pzErr = gg_errmsg("graph in table \"%w\" has too many nodes", zTable);
    }
    rc = gg_sqlite_rc(rc);
  }
  gg_edges_free(&e);
  return gg_error_rc(rc, *pzErr);
}
