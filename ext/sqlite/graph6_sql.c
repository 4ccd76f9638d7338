/*
** graph6_sql.c: graph6_edges(text), a graph6 string's edges as rows, and
** graph6(graph_id [, edges]), a graph of an edge table as graph6 (node i
** is the i-th label in SQLite's order).  The format is ext/engine/graph6.c;
** graphs as graph6 values in the game functions are source_graph6.c.
** The manual: docs/reference/graphs.md.
*/
#include <string.h>
#include "call.h"
#include "graph6.h"
SQLITE_EXTENSION_INIT3

#define G6_SRC 0
#define G6_DST 1
#define G6_ARG 2

typedef struct G6Cursor G6Cursor;
struct G6Cursor {
  sqlite3_vtab_cursor base;   /* base class, must be first */
  sqlite3_value *pArg;        /* the string (a copy: the rows point into it) */
  GGGraph6 g6;                /* the parsed string */
  uint64_t iBit;              /* where the next edge search starts */
  uint32_t src, dst;          /* the current edge */
  int64_t iRow;               /* rowid */
  int bEof;                   /* no current edge */
};

static int g6Connect(sqlite3 *db, void *pAux, int argc, const char *const*argv,
                     sqlite3_vtab **ppVtab, char **pzErr){
  sqlite3_vtab *pNew;
  int rc = sqlite3_declare_vtab(db, "CREATE TABLE x(src INTEGER, dst INTEGER,"
                                    " graph6 HIDDEN)");
  (void)pAux; (void)argc; (void)argv; (void)pzErr;
  if( rc ) return rc;
  pNew = sqlite3_malloc64(sizeof(*pNew));
  if( pNew==0 ) return SQLITE_NOMEM;
  memset(pNew, 0, sizeof(*pNew));
  sqlite3_vtab_config(db, SQLITE_VTAB_INNOCUOUS);   /* reads nothing but its argument */
  *ppVtab = pNew;
  return SQLITE_OK;
}

static int g6Open(sqlite3_vtab *pVtab, sqlite3_vtab_cursor **ppCur){
  G6Cursor *pCur = sqlite3_malloc64(sizeof(*pCur));
  (void)pVtab;
  if( pCur==0 ) return SQLITE_NOMEM;
  memset(pCur, 0, sizeof(*pCur));
  pCur->bEof = 1;
  *ppCur = &pCur->base;
  return SQLITE_OK;
}

static int g6Close(sqlite3_vtab_cursor *cur){
  sqlite3_value_free(((G6Cursor*)cur)->pArg);
  sqlite3_free(cur);
  return SQLITE_OK;
}

static int g6Next(sqlite3_vtab_cursor *cur){
  G6Cursor *pCur = (G6Cursor*)cur;
  pCur->bEof = !gg_graph6_next(&pCur->g6, &pCur->iBit, &pCur->src, &pCur->dst);
  pCur->iRow++;
  return SQLITE_OK;
}

static int g6Error(sqlite3_vtab_cursor *cur, int rc, char *zMsg){
  sqlite3_free(cur->pVtab->zErrMsg);
  cur->pVtab->zErrMsg = zMsg;
  return gg_error_rc(rc, zMsg);
}

static int g6Filter(sqlite3_vtab_cursor *cur, int idxNum, const char *idxStr,
                    int argc, sqlite3_value **argv){
  G6Cursor *pCur = (G6Cursor*)cur;
  char zErr[200];
  const char *z;
  int eType;
  (void)idxStr; (void)argc;
  sqlite3_value_free(pCur->pArg);
  pCur->pArg = 0;
  pCur->bEof = 1;
  pCur->iRow = 0;
  if( idxNum==0 ){
    return g6Error(cur, SQLITE_ERROR, gg_errmsg("graph6_edges needs an argument:"
                   " graph6_edges(text)"));
  }
  eType = sqlite3_value_type(argv[0]);
  if( eType==SQLITE_NULL ) return SQLITE_OK;
  if( eType!=SQLITE_TEXT && eType!=SQLITE_BLOB ){
    char *zVal = gg_value_sql(argv[0]);
    int rc = g6Error(cur, SQLITE_MISMATCH, zVal ? gg_errmsg("graph6_edges: the"
                     " argument must be a graph6 string, got %s", zVal) : 0);
    sqlite3_free(zVal);
    return rc;
  }
  pCur->pArg = sqlite3_value_dup(argv[0]);
  if( pCur->pArg==0 ) return SQLITE_NOMEM;
  z = eType==SQLITE_TEXT ? (const char*)sqlite3_value_text(pCur->pArg)
                         : (const char*)sqlite3_value_blob(pCur->pArg);
  if( z==0 && sqlite3_value_bytes(pCur->pArg)>0 ) return SQLITE_NOMEM;
  if( gg_graph6_parse(&pCur->g6, z ? z : "", (uint64_t)sqlite3_value_bytes(pCur->pArg),
                      zErr, sizeof(zErr)) ){
    return g6Error(cur, SQLITE_ERROR, gg_errmsg("graph6_edges: %s", zErr));
  }
  pCur->iBit = 0;
  pCur->iRow = 0;
  return g6Next(cur);
}

static int g6Eof(sqlite3_vtab_cursor *cur){
  return ((G6Cursor*)cur)->bEof;
}

static int g6Column(sqlite3_vtab_cursor *cur, sqlite3_context *ctx, int iCol){
  G6Cursor *pCur = (G6Cursor*)cur;
  if( iCol==G6_SRC ) sqlite3_result_int64(ctx, pCur->src);
  else if( iCol==G6_DST ) sqlite3_result_int64(ctx, pCur->dst);
  else sqlite3_result_value(ctx, pCur->pArg);
  return SQLITE_OK;
}

static int g6Rowid(sqlite3_vtab_cursor *cur, sqlite_int64 *pRowid){
  *pRowid = ((G6Cursor*)cur)->iRow;
  return SQLITE_OK;
}

static int g6BestIndex(sqlite3_vtab *pVtab, sqlite3_index_info *pInfo){
  static const int aCol[1] = { G6_ARG };
  int idxNum, rc = gg_vtab_slots(pInfo, aCol, 1, 0, &idxNum);
  (void)pVtab;
  if( rc ) return rc;
  pInfo->estimatedCost = idxNum ? 100.0 : 1e12;
  pInfo->estimatedRows = 100;
  return SQLITE_OK;
}

static sqlite3_module g6Module = {
  0,               /* iVersion */
  0,               /* xCreate: eponymous only */
  g6Connect,       /* xConnect */
  g6BestIndex,     /* xBestIndex */
  gg_vtab_disconnect,  /* xDisconnect */
  0,               /* xDestroy */
  g6Open,          /* xOpen */
  g6Close,         /* xClose */
  g6Filter,        /* xFilter */
  g6Next,          /* xNext */
  g6Eof,           /* xEof */
  g6Column,        /* xColumn */
  g6Rowid,         /* xRowid */
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0      /* no writes, transactions, ... */
};

int gg_register_graph6(sqlite3 *db, GGConn *pConn){
  (void)pConn;
  return sqlite3_create_module_v2(db, "graph6_edges", &g6Module, 0, 0);
}

/* graph6(graph_id [, edges]) */
static const GGFuncDef g6Func = { .zName = "graph6", .bSource = 1 };

void gg_fn_graph6(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  GGConn *pConn = (GGConn*)sqlite3_user_data(ctx);
  GGCall call;
  char *zErr = 0, *z;
  uint64_t nByte;
  int rc;
  if( sqlite3_value_type(argv[0])==SQLITE_NULL ) return;
  rc = gg_call_read_graph(&call, pConn, &g6Func, argv[0], argc>1 ? argv[1] : 0, &zErr);
  nByte = rc ? 0 : gg_graph6_size(call.g.n);
  if( rc==SQLITE_OK && nByte==0 ){
    char *zWhat = gg_call_name(&call);
    zErr = zWhat ? gg_errmsg("graph6: %s has %u nodes, over graph6's %u (4-byte header)",
                             zWhat, call.g.n, GG_GRAPH6_MAXN) : 0;
    sqlite3_free(zWhat);
    rc = gg_error_rc(SQLITE_TOOBIG, zErr);
  }
  z = rc ? 0 : sqlite3_malloc64(nByte+1);
  if( rc==SQLITE_OK && z==0 ) rc = SQLITE_NOMEM;
  if( rc ){
    gg_call_free(&call);
    gg_result_error(ctx, rc, zErr);
    return;
  }
  gg_graph6_write(&call.g, z);
  z[nByte] = 0;
  gg_call_free(&call);
  sqlite3_result_text64(ctx, z, nByte, sqlite3_free, SQLITE_UTF8);
}
