/*
** edges.c: the edge table, the default source of a call's graph (call.h:
** gg_source_table; small.c is its fast reading of small graphs).
**
** A graph is the set of rows of one graph_id in a table or view with
** columns graph_id, src and dst (default name "edges").  Each row is an
** undirected edge, or with the rules' "directed": true an arc from src to
** dst.  A label is an integer or a text, as stored; 1 and '1' are
** different nodes; NULL, real and blob labels are errors that show the
** row.  The table is named as a quoted identifier; "aux.edges" (one dot)
** names the table edges of the attached schema aux.  The node limit of
** the call is checked as rows come, so a view with endless rows stops
** with SQLITE_TOOBIG.  Errors name the function, the table, the column,
** the graph id and the offending row.  The read is prepared once per
** connection and table and kept (kept.c owns the statements).
*/
#include <string.h>
#include "call.h"
SQLITE_EXTENSION_INIT3

int gg_table_why_not(sqlite3 *db, const char *zFunc, const char *zTable,
                     const char *const *azCol, int nCol, const char *zPrepErr,
                     char **pzErr){
  const char *zSep = zFunc ? ": " : "";
  const char *zDot = strchr(zTable, '.');
  sqlite3_stmt *p = 0;
  int i, rc, nRow = 0, aSeen[GG_TABLE_MAX_COL] = {0};
  if( zFunc==0 ) zFunc = "";
  rc = sqlite3_prepare_v2(db, zDot ? "SELECT name FROM pragma_table_xinfo(?1, ?2)"
                                   : "SELECT name FROM pragma_table_xinfo(?1)", -1, &p, 0);
  if( rc==SQLITE_OK ){
    if( zDot ){
      sqlite3_bind_text(p, 1, zDot+1, -1, SQLITE_STATIC);
      sqlite3_bind_text(p, 2, zTable, (int)(zDot-zTable), SQLITE_STATIC);
    }else{
      sqlite3_bind_text(p, 1, zTable, -1, SQLITE_STATIC);
    }
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
  if( rc!=SQLITE_DONE && !(zDot && nRow==0) ){    /* a view over a dropped table */
    *pzErr = gg_errmsg("%s%scannot read table \"%w\": %s", zFunc, zSep, zTable, zPrepErr);
  }else if( nRow==0 ){
    *pzErr = gg_errmsg("%s%sno such table or view: \"%w\" (a WITH name cannot be read:"
                       " use a view)", zFunc, zSep, zTable);
  }else{
    for(i=0; i<nCol && aSeen[i]; i++){}
    *pzErr = i<nCol
      ? gg_errmsg("%s%stable \"%w\" has no column %s", zFunc, zSep, zTable, azCol[i])
      : gg_errmsg("%s%scannot read table \"%w\": %s", zFunc, zSep, zTable, zPrepErr);
  }
  return *pzErr ? SQLITE_ERROR : SQLITE_NOMEM;
}

/* The error for a row whose src or dst is not an integer or a text. */
static char *edgesBadRow(const GGGraphRef *pRef, const char *zTable, sqlite3_stmt *p){
  char *zId = gg_value_sql(pRef->pId);
  char *zSrc = gg_value_sql(sqlite3_column_value(p, 0));
  char *zDst = gg_value_sql(sqlite3_column_value(p, 1));
  char *z = 0;
  if( zId && zSrc && zDst ){     /* else out of memory: no message */
    z = gg_errmsg("%s: graph %s in table \"%w\": src and dst must be integer or text"
                  " node labels, got src=%s, dst=%s", pRef->zFunc, zId, zTable, zSrc, zDst);
  }
  sqlite3_free(zId); sqlite3_free(zSrc); sqlite3_free(zDst);
  return z;
}

int gg_value_label(sqlite3_value *pVal, GGLabel *pL){
  switch( sqlite3_value_type(pVal) ){
    case SQLITE_INTEGER:
      *pL = GG_LABEL_INT(sqlite3_value_int64(pVal));
      return 1;
    case SQLITE_TEXT: {
      const char *z = (const char*)sqlite3_value_text(pVal);
      if( z==0 ) return -1;                      /* out of memory */
      *pL = GG_LABEL_TEXT(z, (uint32_t)sqlite3_value_bytes(pVal));
      return 1;
    }
    default:
      return 0;
  }
}

/* Prepare the read of zTable (flags: 0 or SQLITE_PREPARE_PERSISTENT);
** SQLITE_OK, or an error saying which table or column is missing. */
static int edgesPrepare(sqlite3 *db, const GGGraphRef *pRef, const char *zTable,
                        unsigned flags, sqlite3_stmt **pp, char **pzErr){
  char *zSql, *zName = gg_table_sql(zTable);
  int rc;
  *pp = 0;
  if( zName==0 ) return SQLITE_NOMEM;
  zSql = sqlite3_mprintf("SELECT src, dst FROM %s WHERE graph_id = ?1", zName);
  sqlite3_free(zName);
  if( zSql==0 ) return SQLITE_NOMEM;
  rc = sqlite3_prepare_v3(db, zSql, -1, flags, pp, 0);
  sqlite3_free(zSql);
  if( rc!=SQLITE_OK ){
    static const char *const azCol[] = { "graph_id", "src", "dst" };
    char *zPrepErr;
    if( rc==SQLITE_NOMEM || rc==SQLITE_INTERRUPT ) return rc;
    /* a copy: the next statement prepared replaces sqlite3_errmsg() */
    zPrepErr = sqlite3_mprintf("%s", sqlite3_errmsg(db));
    if( zPrepErr==0 ) return SQLITE_NOMEM;
    rc = gg_table_why_not(db, pRef->zFunc, zTable, azCol, 3, zPrepErr, pzErr);
    sqlite3_free(zPrepErr);
  }
  return rc;
}

/* Step p over the graph's rows into pE.  SQLITE_OK, an error with *pzErr
** for a bad row, SQLITE_TOOBIG with pRef->nSeen set for too many nodes,
** or the step's own code (no message: the caller says what it means). */
static int edgesStep(GGGraphRef *pRef, const char *zTable, sqlite3_stmt *p,
                     GGEdgeList *pE, char **pzErr){
  int rc;
  sqlite3_bind_value(p, 1, pRef->pId);
  while( (rc = sqlite3_step(p))==SQLITE_ROW ){
    GGLabel a, b;
    int ka = gg_value_label(sqlite3_column_value(p, 0), &a);
    int kb = gg_value_label(sqlite3_column_value(p, 1), &b);
    if( ka<0 || kb<0 ) return SQLITE_NOMEM;
    if( ka==0 || kb==0 ){
      *pzErr = edgesBadRow(pRef, zTable, p);
      return gg_error_rc(SQLITE_MISMATCH, *pzErr);
    }
    if( gg_edges_add_labels(pE, &a, &b) ) return SQLITE_NOMEM;
    if( pRef->mxNode && pE->labels.n>pRef->mxNode ){
      pRef->nSeen = pE->labels.n;          /* call.c says what it needs */
      return SQLITE_TOOBIG;
    }
  }
  return rc==SQLITE_DONE ? SQLITE_OK : rc;
}

/* Read the rows into pE: through a kept statement when there is one,
** else (or when the kept one fails: the table may have changed) through
** a fresh prepare, which also explains any error.  SQLITE_OK or an error
** with *pzErr. */
static int edgesRead(sqlite3 *db, GGGraphRef *pRef, const char *zTable,
                     GGEdgeList *pE, char **pzErr){
  sqlite3_stmt *p = 0;
  GGStmt *k = pRef->pConn ? gg_stmt_kept(pRef->pConn, pRef, zTable) : 0;
  int rc;
  if( k ){
    rc = edgesStep(pRef, zTable, k->pStmt, pE, pzErr);
    sqlite3_reset(k->pStmt);
    k->bBusy = 0;
    if( rc==SQLITE_OK || *pzErr || rc==SQLITE_NOMEM || rc==SQLITE_INTERRUPT
     || pRef->nSeen ) return rc;
    gg_stmt_forget(pRef->pConn, zTable);      /* a failed read: explain it afresh */
    gg_edges_free(pE);
    pE->bDirected = pRef->bDirected;
  }
  rc = edgesPrepare(db, pRef, zTable, 0, &p, pzErr);
  if( rc ) return rc;
  rc = edgesStep(pRef, zTable, p, pE, pzErr);
  if( rc!=SQLITE_OK && *pzErr==0 && rc!=SQLITE_NOMEM && rc!=SQLITE_INTERRUPT && !pRef->nSeen ){
    *pzErr = gg_errmsg_reading(db, pRef->zFunc, zTable);
  }
  sqlite3_finalize(p);
  return rc;
}

/* The source's read: the rows of pRef's graph, at least one. */
static int edgesSourceRead(GGGraphRef *pRef, GGEdgeList *pE, char **pzErr){
  const char *zTable = pRef->zTable ? pRef->zTable : GG_DEFAULT_TABLE;
  int rc;
  memset(pE, 0, sizeof(*pE));
  pE->bDirected = pRef->bDirected;
  rc = gg_reentry_enter(zTable, pzErr);
  if( rc ) return rc;
  rc = edgesRead(pRef->pConn->db, pRef, zTable, pE, pzErr);
  gg_reentry_leave();
  if( rc==SQLITE_OK && pE->nEdge==0 ){
    char *zId = gg_value_sql(pRef->pId);
    *pzErr = zId ? gg_errmsg("%s: graph %s has no rows in table \"%w\"", pRef->zFunc,
                             zId, zTable) : 0;
    sqlite3_free(zId);
    rc = SQLITE_ERROR;
  }
  if( rc ) gg_edges_free(pE);
  return rc==SQLITE_TOOBIG && pRef->nSeen ? rc : gg_error_rc(rc, *pzErr);
}

/* "graph 7 in table \"edges\"" */
static char *edgesName(const GGGraphRef *pRef){
  char *zId = gg_value_sql(pRef->pId);
  char *z = zId ? sqlite3_mprintf("graph %s in table \"%w\"", zId,
                                  pRef->zTable ? pRef->zTable : GG_DEFAULT_TABLE) : 0;
  sqlite3_free(zId);
  return z;
}

const GGSource gg_source_table = {
  .zWord = 0, .bClosed = 0,
  .xSmall = gg_small_read, .xRead = edgesSourceRead, .xName = edgesName,
};
