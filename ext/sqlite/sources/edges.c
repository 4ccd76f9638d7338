/*
** edges.c: the edge table, the default source of a call's graph (call.h:
** gg_source_table), and the one place that builds its SQL.
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
**
** Its fast read (xSmall) of a census's thousands of small graphs: a graph
** of at most 64 nodes with integer labels goes straight into bit rows
** (GGSmall, small.c), with the labels in direct slots or a small hash: no
** edge list, no label sort, no allocation, nodes numbered in the order
** first seen.  It is one step of a second kept statement,
**
**   SELECT graphgame_rows(?1, src, dst) FROM <table> WHERE graph_id = ?2
**
** whose private aggregate (rows.c) takes each row inside SQLite's scan.
** It gives up (returns 0) on anything it does not handle: a text or other
** label, more than 64 nodes or than the call's node limit, no rows, no
** kept statement, a failed step.  The caller then takes the general
** path, which reads the rows again and gives the answer or the error
** that names what is wrong; so the fast read has no messages of its own.
*/
#include <string.h>
#include "call.h"
SQLITE_EXTENSION_INIT3

int gg_table_why_not(sqlite3 *db, const char *zFunc, const char *zTable,
                     const char *const *azCol, int nCol, const char *zPrepErr,
                     const char *zWord, char **pzErr){
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
  }else if( nRow==0 && zWord ){
    *pzErr = gg_errmsg("%s%sno such table or view: \"%w\" (did you mean the source '%s'?)",
                       zFunc, zSep, zTable, zWord);
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

char *gg_table_sql(const char *zTable){
  const char *zDot = strchr(zTable, '.');
  char *zSchema, *z;
  if( zDot==0 ) return sqlite3_mprintf("\"%w\"", zTable);
  zSchema = sqlite3_mprintf("%.*s", (int)(zDot-zTable), zTable);
  z = zSchema ? sqlite3_mprintf("\"%w\".\"%w\"", zSchema, zDot+1) : 0;
  sqlite3_free(zSchema);
  return z;
}

/* Prepare a read of zTable (flags: 0 or SQLITE_PREPARE_PERSISTENT): the
** rows "SELECT src, dst FROM <table> WHERE graph_id = ?1", or with bRows
** the same through graphgame_rows (?1 the read, ?2 the graph id). */
static int edgesPrepareSql(sqlite3 *db, const char *zTable, int bRows, unsigned flags,
                           sqlite3_stmt **pp){
  char *zName = gg_table_sql(zTable);
  char *zSql = zName==0 ? 0 : bRows
    ? sqlite3_mprintf("SELECT " GG_ROWS "(?1, src, dst) FROM %s WHERE graph_id = ?2", zName)
    : sqlite3_mprintf("SELECT src, dst FROM %s WHERE graph_id = ?1", zName);
  int rc = zSql ? sqlite3_prepare_v3(db, zSql, -1, flags, pp, 0) : SQLITE_NOMEM;
  sqlite3_free(zSql);
  sqlite3_free(zName);
  return rc;
}

/* Prepare the plain read of zTable; SQLITE_OK, or an error saying which
** table or column is missing. */
static int edgesPrepare(sqlite3 *db, const GGGraphRef *pRef, const char *zTable,
                        sqlite3_stmt **pp, char **pzErr){
  int rc;
  *pp = 0;
  rc = edgesPrepareSql(db, zTable, 0, 0, pp);
  if( rc!=SQLITE_OK ){
    static const char *const azCol[] = { "graph_id", "src", "dst" };
    char *zPrepErr;
    if( rc==SQLITE_NOMEM || rc==SQLITE_INTERRUPT ) return rc;
    /* a copy: the next statement prepared replaces sqlite3_errmsg() */
    zPrepErr = sqlite3_mprintf("%s", sqlite3_errmsg(db));
    if( zPrepErr==0 ) return SQLITE_NOMEM;
    rc = gg_table_why_not(db, pRef->zFunc, zTable, azCol, 3, zPrepErr,
                          gg_source_near(zTable), pzErr);
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

/* The kept reads of zTable (busy: the caller clears bBusy), with the
** plain read (bRows 0) or the graphgame_rows read (1) prepared; NULL if
** it cannot be had (then the plain path prepares again and says why). */
static GGStmt *edgesKept(GGConn *pConn, const char *zTable, int bRows){
  GGStmt *k = gg_stmt_kept(pConn, zTable);
  sqlite3_stmt **pp;
  if( k==0 ) return 0;
  pp = bRows ? &k->pSmall : &k->pStmt;
  if( *pp==0 && edgesPrepareSql(pConn->db, zTable, bRows, SQLITE_PREPARE_PERSISTENT, pp) ){
    sqlite3_finalize(*pp);
    *pp = 0;
    k->bBusy = 0;
    if( k->pStmt==0 && k->pSmall==0 ) gg_stmt_forget(pConn, zTable);
    return 0;
  }
  return k;
}

/* Read the rows into pE: through a kept statement when there is one,
** else (or when the kept one fails: the table may have changed) through
** a fresh prepare, which also explains any error.  SQLITE_OK or an error
** with *pzErr. */
static int edgesRead(sqlite3 *db, GGGraphRef *pRef, const char *zTable,
                     GGEdgeList *pE, char **pzErr){
  sqlite3_stmt *p = 0;
  GGStmt *k = pRef->pConn ? edgesKept(pRef->pConn, zTable, 0) : 0;
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
  rc = edgesPrepare(db, pRef, zTable, &p, pzErr);
  if( rc ) return rc;
  rc = edgesStep(pRef, zTable, p, pE, pzErr);
  if( rc!=SQLITE_OK && *pzErr==0 && rc!=SQLITE_NOMEM && rc!=SQLITE_INTERRUPT && !pRef->nSeen ){
    *pzErr = gg_errmsg_reading(db, pRef->zFunc, zTable);
  }
  sqlite3_finalize(p);
  return rc;
}

/* For a graph id with no rows: " (the table has graph '1', a text: ...)"
** when the table has rows under the id of the other type that spells the
** same (1 and '1', as a .import into an untyped table stores), else "". */
static char *edgesIdTwin(sqlite3 *db, const GGGraphRef *pRef, const char *zTable){
  GGLabel id, twin;
  char zBuf[24], *zName = gg_table_sql(zTable), *zSql, *zTwin, *z;
  sqlite3_stmt *p = 0;
  int bHas = 0;
  if( zName==0 ) return 0;
  zSql = sqlite3_mprintf("SELECT 1 FROM %s WHERE graph_id = ?1 LIMIT 1", zName);
  sqlite3_free(zName);
  if( zSql==0 ) return 0;
  if( gg_value_label(pRef->pId, &id)==1 && gg_label_twin(&id, &twin, zBuf)
   && sqlite3_prepare_v2(db, zSql, -1, &p, 0)==SQLITE_OK ){
    if( twin.eType==GG_KEY_INT ) sqlite3_bind_int64(p, 1, twin.iVal);
    else sqlite3_bind_text(p, 1, twin.z, (int)twin.nz, SQLITE_STATIC);
    bHas = sqlite3_step(p)==SQLITE_ROW;
  }
  sqlite3_finalize(p);
  sqlite3_free(zSql);
  if( !bHas ) return sqlite3_mprintf("");
  zTwin = gg_label_sql(&twin);
  z = zTwin ? sqlite3_mprintf(" (it has rows of graph %s, %s: 1 and '1' are different graph"
                              " ids; store graph ids as integers, see sql/schema.sql, or"
                              " CAST them)", zTwin,
                              twin.eType==GG_KEY_INT ? "an integer" : "a text") : 0;
  sqlite3_free(zTwin);
  return z;
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
    char *zId = gg_value_sql(pRef->pId), *zHint = edgesIdTwin(pRef->pConn->db, pRef, zTable);
    *pzErr = zId && zHint ? gg_errmsg("%s: graph %s has no rows in table \"%w\"%s",
                                      pRef->zFunc, zId, zTable, zHint) : 0;
    sqlite3_free(zId);
    sqlite3_free(zHint);
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

/* A small read in progress, handed to graphgame_rows as ?1. */
typedef struct EdgesSmall EdgesSmall;
struct EdgesSmall {
  GGRows base;         /* the read through graphgame_rows, first */
  GGSmall *p;          /* the graph being read */
  uint32_t mxNode;     /* give up past this many nodes */
  int bDirected;       /* rows are arcs */
  int nRow;            /* rows taken */
};

/* One row (src, dst) into the bit rows (GGRows.xRow).  A row it cannot
** take stops the scan with an error code, and the caller takes the
** general path. */
static int edgesSmallRow(GGRows *pRows, sqlite3_value **apCol){
  EdgesSmall *r = (EdgesSmall*)pRows;
  int a, b;
  if( sqlite3_value_type(apCol[0])!=SQLITE_INTEGER
   || sqlite3_value_type(apCol[1])!=SQLITE_INTEGER ){
    return SQLITE_MISMATCH;
  }
  a = gg_small_node(r->p, sqlite3_value_int64(apCol[0]));
  b = a<0 ? -1 : gg_small_node(r->p, sqlite3_value_int64(apCol[1]));
  if( b<0 || r->p->n>r->mxNode ) return SQLITE_TOOBIG;
  r->p->aOut[a] |= 1ull<<b;
  if( !r->bDirected ) r->p->aOut[b] |= 1ull<<a;
  r->nRow++;
  return SQLITE_OK;
}

/* Run the small read of the graph's rows into p: 1 if all were taken. */
static int edgesSmallStep(const GGGraphRef *pRef, sqlite3_stmt *pStmt, GGSmall *p){
  EdgesSmall r;
  int rc;
  r.base.nCol = 2;
  r.base.xRow = edgesSmallRow;
  r.p = p;
  r.mxNode = pRef->mxNode && pRef->mxNode<GG_SMALL_MAXN ? pRef->mxNode : GG_SMALL_MAXN;
  r.bDirected = pRef->bDirected;
  r.nRow = 0;
  rc = gg_rows_bind(pStmt, &r.base);
  if( rc==SQLITE_OK ) rc = sqlite3_bind_value(pStmt, 2, pRef->pId);
  if( rc==SQLITE_OK ) rc = sqlite3_step(pStmt);    /* the whole scan: one row */
  sqlite3_reset(pStmt);
  sqlite3_bind_null(pStmt, 1);                      /* r is on this stack */
  return rc==SQLITE_ROW && r.nRow>0;               /* else the general path explains */
}

/* The source's fast read (xSmall): 1 if the graph is small and read. */
static int edgesSourceSmall(const GGGraphRef *pRef, GGSmall *p){
  const char *zTable = pRef->zTable ? pRef->zTable : GG_DEFAULT_TABLE;
  char *zErr = 0;
  GGStmt *k;
  int bOk = 0;
  gg_small_clear(p);
  if( gg_reentry_enter(zTable, &zErr) ){ sqlite3_free(zErr); return 0; }
  k = edgesKept(pRef->pConn, zTable, 1);
  if( k ){
    bOk = edgesSmallStep(pRef, k->pSmall, p);
    k->bBusy = 0;
  }
  gg_reentry_leave();
  return bOk;
}

const GGSource gg_source_table = {
  .zWord = 0, .bClosed = 0,
  .xSmall = edgesSourceSmall, .xRead = edgesSourceRead, .xName = edgesName,
};
