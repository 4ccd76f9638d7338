/*
** kept.c: the statements a connection keeps, and the private table that
** owns them.
**
** The reads of edge tables (the entries of gg_stmt_kept() here, a few
** tables most recent first, whose statements edges.c prepares) and the
** interrupt probe (interrupt.c) are prepared once per connection and kept.  But
** sqlite3_close() refuses to close a connection with unfinalized
** statements; it first disconnects the connection's virtual tables,
** though.  So statements are kept only while the eponymous table
** graphgame_kept is connected: gg_kept_anchor() connects it (once per
** connection, by preparing a query of it), and its xDisconnect finalizes
** them.  The table has no rows; no game is special-cased for it.
*/
#include <string.h>
#include "glue.h"
SQLITE_EXTENSION_INIT3

#define KEPT_TABLE "graphgame_kept"

/* The table: only its connection matters. */
typedef struct KeptVtab KeptVtab;
struct KeptVtab {
  GGVtab base;                /* base class (vtab_args.c), must be first */
  GGConn *pConn;              /* whose statements it owns */
};

void gg_stmt_clear(GGConn *pConn){
  int i;
  sqlite3_finalize(pConn->pProbe);
  pConn->pProbe = 0;
  for(i=0; i<GG_STMT_ENTRIES; i++){
    sqlite3_finalize(pConn->aStmt[i].pStmt);
    sqlite3_finalize(pConn->aStmt[i].pSmall);
    sqlite3_free(pConn->aStmt[i].zTable);
    memset(&pConn->aStmt[i], 0, sizeof(GGStmt));
  }
}

static int keptConnect(sqlite3 *db, void *pAux, int argc, const char *const*argv,
                       sqlite3_vtab **ppVtab, char **pzErr){
  KeptVtab *pNew;
  int rc;
  (void)argc; (void)argv; (void)pzErr;
  pNew = (KeptVtab*)gg_vtab_new(db, "CREATE TABLE x(kept INTEGER)", sizeof(*pNew),
                                sizeof(sqlite3_vtab_cursor), &rc);
  if( pNew==0 ) return rc;
  pNew->pConn = (GGConn*)pAux;
  pNew->pConn->bAnchored = 1;
  *ppVtab = &pNew->base.base;
  return SQLITE_OK;
}

/* The connection is closing (or the schema is reset): give the kept
** statements back, so that sqlite3_close() finds none. */
static int keptDisconnect(sqlite3_vtab *pVtab){
  KeptVtab *pTab = (KeptVtab*)pVtab;
  gg_stmt_clear(pTab->pConn);
  pTab->pConn->bAnchored = 0;
  sqlite3_free(pTab);
  return SQLITE_OK;
}

static int keptBestIndex(sqlite3_vtab *pVtab, sqlite3_index_info *pInfo){
  (void)pVtab;
  pInfo->estimatedCost = 1.0;
  pInfo->estimatedRows = 0;
  return SQLITE_OK;
}

static int keptClose(sqlite3_vtab_cursor *cur){
  sqlite3_free(cur);
  return SQLITE_OK;
}

static int keptFilter(sqlite3_vtab_cursor *cur, int idxNum, const char *idxStr, int argc,
                      sqlite3_value **argv){
  (void)cur; (void)idxNum; (void)idxStr; (void)argc; (void)argv;
  return SQLITE_OK;
}

static int keptNext(sqlite3_vtab_cursor *cur){ (void)cur; return SQLITE_OK; }
static int keptEof(sqlite3_vtab_cursor *cur){ (void)cur; return 1; }   /* no rows */
static int keptColumn(sqlite3_vtab_cursor *cur, sqlite3_context *ctx, int i){
  (void)cur; (void)ctx; (void)i;
  return SQLITE_OK;
}
static int keptRowid(sqlite3_vtab_cursor *cur, sqlite_int64 *pRowid){
  (void)cur;
  *pRowid = 0;
  return SQLITE_OK;
}

static sqlite3_module keptModule = GG_VTAB_MODULE(keptConnect, keptBestIndex, keptDisconnect, gg_vtab_open,
    keptClose, keptFilter, keptNext, keptEof, keptColumn, keptRowid);

/* The kept reads of zTable, moved to the front and marked busy (a new
** entry has no statements yet: edges.c prepares them); NULL when none
** can be kept (the anchor cannot be connected, a nested call is using
** it, out of memory). */
GGStmt *gg_stmt_kept(GGConn *pConn, const char *zTable){
  GGStmt tmp;
  int i;
  if( !gg_kept_anchor(pConn) ) return 0;
  for(i=0; i<GG_STMT_ENTRIES && pConn->aStmt[i].zTable; i++){
    if( strcmp(pConn->aStmt[i].zTable, zTable)==0 ) break;
  }
  if( i<GG_STMT_ENTRIES && pConn->aStmt[i].zTable ){
    if( pConn->aStmt[i].bBusy ) return 0;
  }else{
    if( i==GG_STMT_ENTRIES ){              /* full: the oldest goes, if idle */
      i = GG_STMT_ENTRIES-1;
      if( pConn->aStmt[i].bBusy ) return 0;
    }
    sqlite3_finalize(pConn->aStmt[i].pStmt);
    sqlite3_finalize(pConn->aStmt[i].pSmall);
    sqlite3_free(pConn->aStmt[i].zTable);
    memset(&pConn->aStmt[i], 0, sizeof(GGStmt));
    pConn->aStmt[i].zTable = sqlite3_mprintf("%s", zTable);
    if( pConn->aStmt[i].zTable==0 ) return 0;
  }
  tmp = pConn->aStmt[i];                   /* most recently used first */
  memmove(&pConn->aStmt[1], &pConn->aStmt[0], (size_t)i*sizeof(GGStmt));
  pConn->aStmt[0] = tmp;
  pConn->aStmt[0].bBusy = 1;
  return &pConn->aStmt[0];
}

/* Forget the kept read of zTable (its table changed under it). */
void gg_stmt_forget(GGConn *pConn, const char *zTable){
  int i;
  for(i=0; i<GG_STMT_ENTRIES; i++){
    GGStmt *k = &pConn->aStmt[i];
    if( k->zTable && !k->bBusy && strcmp(k->zTable, zTable)==0 ){
      sqlite3_finalize(k->pStmt);
      sqlite3_finalize(k->pSmall);
      sqlite3_free(k->zTable);
      memmove(k, k+1, (size_t)(GG_STMT_ENTRIES-1-i)*sizeof(GGStmt));
      memset(&pConn->aStmt[GG_STMT_ENTRIES-1], 0, sizeof(GGStmt));
      return;
    }
  }
}

int gg_kept_anchor(GGConn *pConn){
  if( !pConn->bAnchored ){                 /* preparing a query connects it */
    sqlite3_stmt *p = 0;
    sqlite3_prepare_v2(pConn->db, "SELECT 1 FROM " KEPT_TABLE " WHERE 0", -1, &p, 0);
    sqlite3_finalize(p);
  }
  return pConn->bAnchored;
}

int gg_register_kept(sqlite3 *db, GGConn *pConn){
  return sqlite3_create_module_v2(db, KEPT_TABLE, &keptModule, pConn, 0);
}
