/*
** graph6_sql.c: graph6_edges(text), a graph6 string's edges as rows, and
** graph6(graph_id [, edges]), a graph of an edge table as graph6 (node i
** is the i-th label in SQLite's order); and the same for digraph6:
** digraph6_edges(text), its arcs (loops included), and digraph6(graph_id
** [, edges]), which reads the rows as arcs.  One table module and one
** writer serve both, on the format's GGNauty (nauty_sql.h).  The formats
** are ext/engine/formats/graph6.c; graphs as values in the game functions are
** source_graph6.c and source_digraph6.c.  The manual:
** docs/reference/graphs.md.
*/
#include <string.h>
#include "nauty_sql.h"
#include "registry.h"       /* graph6() and digraph6(), as the registry lists them */
SQLITE_EXTENSION_INIT3

#define G6_SRC 0
#define G6_DST 1
#define G6_ARG 2

typedef struct G6Vtab G6Vtab;
struct G6Vtab {
  GGVtab base;                /* base class (vtab_args.c), must be first */
  const GGNauty *pFmt;        /* graph6 or digraph6 */
};

typedef struct G6Cursor G6Cursor;
struct G6Cursor {
  sqlite3_vtab_cursor base;   /* base class, must be first */
  const GGNauty *pFmt;        /* the table's format */
  sqlite3_value *pArg;        /* the string (a copy: the rows point into it) */
  GGGraph6 g6;                /* the parsed string */
  uint64_t iBit;              /* the walk's cursor (xNext): where the next edge is looked for */
  uint32_t src, dst;          /* the current edge */
  int64_t iRow;               /* rowid */
  int bEof;                   /* no current edge */
};

static int g6Connect(sqlite3 *db, void *pAux, int argc, const char *const*argv,
                     sqlite3_vtab **ppVtab, char **pzErr){
  const GGNauty *pFmt = (const GGNauty*)pAux;
  G6Vtab *pNew;
  char *zSql = sqlite3_mprintf("CREATE TABLE x(src INTEGER, dst INTEGER, %s HIDDEN)",
                               pFmt->zName);
  int rc;
  (void)argc; (void)argv; (void)pzErr;
  pNew = (G6Vtab*)gg_vtab_new(db, zSql, sizeof(*pNew), sizeof(G6Cursor), &rc);
  sqlite3_free(zSql);
  if( pNew==0 ) return rc;
  pNew->pFmt = pFmt;
  /* Innocuous: it reads nothing but its argument.  New in 3.31.0; 3.30
  ** answers SQLITE_MISUSE (and logs it), and has no trusted_schema. */
#ifdef SQLITE_VTAB_INNOCUOUS
  if( sqlite3_libversion_number()>=3031000 ) sqlite3_vtab_config(db, SQLITE_VTAB_INNOCUOUS);
#endif
  *ppVtab = &pNew->base.base;
  return SQLITE_OK;
}

static int g6Close(sqlite3_vtab_cursor *cur){
  sqlite3_value_free(((G6Cursor*)cur)->pArg);
  sqlite3_free(cur);
  return SQLITE_OK;
}

static int g6Next(sqlite3_vtab_cursor *cur){
  G6Cursor *pCur = (G6Cursor*)cur;
  pCur->bEof = !pCur->pFmt->xNext(&pCur->g6, &pCur->iBit, &pCur->src, &pCur->dst);
  pCur->iRow++;
  return SQLITE_OK;
}

static int g6Filter(sqlite3_vtab_cursor *cur, int idxNum, const char *idxStr,
                    int argc, sqlite3_value **argv){
  G6Cursor *pCur = (G6Cursor*)cur;
  const char *zName = (pCur->pFmt = ((G6Vtab*)cur->pVtab)->pFmt)->zName;
  char zErr[200];
  const char *z;
  int eType;
  (void)idxStr; (void)argc;
  sqlite3_value_free(pCur->pArg);
  pCur->pArg = 0;
  pCur->bEof = 1;
  pCur->iRow = 0;
  if( idxNum==0 ){
    char *zTable = sqlite3_mprintf("%s_edges", zName);
    int rc = gg_vtab_error(cur->pVtab, SQLITE_ERROR, zTable ? gg_err_needs(zTable, 1, "text") : 0);
    sqlite3_free(zTable);
    return rc;
  }
  eType = sqlite3_value_type(argv[0]);
  if( eType==SQLITE_NULL ) return SQLITE_OK;
  if( eType!=SQLITE_TEXT && eType!=SQLITE_BLOB ){
    char *zVal = gg_value_sql(argv[0]);
    int rc = gg_vtab_error(cur->pVtab, SQLITE_MISMATCH, zVal ? gg_errmsg("%s_edges: the"
                     " argument must be a %s string, got %s", zName, zName, zVal) : 0);
    sqlite3_free(zVal);
    return rc;
  }
  pCur->pArg = sqlite3_value_dup(argv[0]);
  if( pCur->pArg==0 ) return SQLITE_NOMEM;
  z = eType==SQLITE_TEXT ? (const char*)sqlite3_value_text(pCur->pArg)
                         : (const char*)sqlite3_value_blob(pCur->pArg);
  if( z==0 && sqlite3_value_bytes(pCur->pArg)>0 ) return SQLITE_NOMEM;
  if( pCur->pFmt->xParse(&pCur->g6, z ? z : "", (uint64_t)sqlite3_value_bytes(pCur->pArg),
                         zErr, sizeof(zErr)) ){
    return gg_vtab_error(cur->pVtab, SQLITE_ERROR, gg_errmsg("%s_edges: %s", zName, zErr));
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
  (void)pVtab;
  return gg_vtab_plan(pInfo, aCol, 1, 1, 100.0, 100);
}

static sqlite3_module g6Module = GG_VTAB_MODULE(g6Connect, g6BestIndex, gg_vtab_disconnect, gg_vtab_open,
    g6Close, g6Filter, g6Next, g6Eof, g6Column, g6Rowid);

int gg_nauty_tables(sqlite3 *db, const GGSource *pSource){
  const GGNauty *f = (const GGNauty*)pSource->pAux;
  char *zName = sqlite3_mprintf("%s_edges", f->zName);
  int rc = zName ? sqlite3_create_module_v2(db, zName, &g6Module, (void*)f, 0) : SQLITE_NOMEM;
  sqlite3_free(zName);
  return rc;
}

/* graph6(graph_id [, edges]), digraph6(graph_id [, edges]) */
static const GGFuncDef g6Func = { .zName = "graph6", .bSource = 1 };
static const GGFuncDef dg6Func = { .zName = "digraph6", .bSource = 1 };

/* The writer of format f (function pFunc): the graph as its string. */
static void g6Write(sqlite3_context *ctx, int argc, sqlite3_value **argv, const GGNauty *f,
                    const GGFuncDef *pFunc){
  GGConn *pConn = (GGConn*)sqlite3_user_data(ctx);
  GGCall call;
  char *zErr = 0, *z, *zWhat;
  uint64_t nByte;
  int rc;
  if( sqlite3_value_type(argv[0])==SQLITE_NULL ) return;
  rc = gg_call_read_graph(&call, pConn, pFunc, argv[0], argc>1 ? argv[1] : 0, f->bDirected,
                          &zErr);
  nByte = rc ? 0 : f->xSize(call.g.n);
  zWhat = rc==SQLITE_OK && (nByte==0 || (call.g.bDirected && !f->bDirected))
        ? gg_call_name(&call) : 0;
  if( zWhat && nByte==0 ){
    zErr = gg_errmsg("%s: %s has %u nodes, over %s's %u (4-byte header)", f->zName, zWhat,
                     call.g.n, f->zName, GG_GRAPH6_MAXN);
    rc = gg_error_rc(SQLITE_TOOBIG, zErr);
  }else if( zWhat ){
    zErr = gg_errmsg("%s: %s is a directed graph, and graph6 stores undirected ones:"
                     " digraph6() writes its arcs", f->zName, zWhat);
    rc = gg_error_rc(SQLITE_ERROR, zErr);
  }
  sqlite3_free(zWhat);
  z = rc ? 0 : sqlite3_malloc64(nByte+1);
  if( rc==SQLITE_OK && z==0 ) rc = SQLITE_NOMEM;
  if( rc ){
    gg_call_free(&call);
    gg_result_error(ctx, rc, zErr);
    return;
  }
  f->xWrite(&call.g, z);
  z[nByte] = 0;
  gg_call_free(&call);
  sqlite3_result_text64(ctx, z, nByte, sqlite3_free, SQLITE_UTF8);
}

void gg_fn_graph6(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  g6Write(ctx, argc, argv, &gg_nauty_graph6, &g6Func);
}

void gg_fn_digraph6(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  g6Write(ctx, argc, argv, &gg_nauty_digraph6, &dg6Func);
}
