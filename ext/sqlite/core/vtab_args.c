/*
** vtab_args.c: the xBestIndex logic shared by graphgame's table-valued
** functions.
**
** Each table has "slots": columns whose equality constraints it wants in
** xFilter, in argv order.  The first nPin slots are optional pins (a
** `WHERE mouse = 3` narrows the rows; an unusable one is left to SQLite);
** the rest are the function's arguments (hidden columns), which must be
** usable in the plan, or the plan is refused with SQLITE_CONSTRAINT so
** that SQLite picks a join order that supplies them.
**
** Also what every table shares: the vtab object's allocation, xOpen (a
** zeroed cursor of the size its GGVtab says), the error, and the
** xDisconnect of a vtab object that owns nothing else.
*/
#include <string.h>
#include "glue.h"
SQLITE_EXTENSION_INIT3

int gg_vtab_slots(sqlite3_index_info *pInfo, const int *aCol, int nSlot,
                  int nPin, int *pIdxNum){
  int aUse[GG_VTAB_MAX_SLOT], i, k, j, idxNum = 0;
  for(k=0; k<nSlot; k++) aUse[k] = -1;
  for(i=0; i<pInfo->nConstraint; i++){
    const struct sqlite3_index_constraint *c = &pInfo->aConstraint[i];
    if( c->op!=SQLITE_INDEX_CONSTRAINT_EQ ) continue;
    for(k=0; k<nSlot && aCol[k]!=c->iColumn; k++){}
    if( k==nSlot ) continue;
    if( !c->usable ){
      if( k<nPin ) continue;
      return SQLITE_CONSTRAINT;
    }
    if( aUse[k]<0 ) aUse[k] = i;
  }
  for(k=0, j=0; k<nSlot; k++){
    if( aUse[k]<0 ) continue;
    pInfo->aConstraintUsage[aUse[k]].argvIndex = ++j;
    pInfo->aConstraintUsage[aUse[k]].omit = 1;
    idxNum |= 1<<k;
  }
  pInfo->idxNum = idxNum;
  *pIdxNum = idxNum;
  return SQLITE_OK;
}

int gg_vtab_disconnect(sqlite3_vtab *pVtab){
  sqlite3_free(pVtab);
  return SQLITE_OK;
}

GGVtab *gg_vtab_new(sqlite3 *db, const char *zSql, size_t nByte, size_t nCursor, int *pRc){
  GGVtab *p;
  *pRc = zSql ? sqlite3_declare_vtab(db, zSql) : SQLITE_NOMEM;
  if( *pRc ) return 0;
  p = sqlite3_malloc64(nByte);
  if( p==0 ){ *pRc = SQLITE_NOMEM; return 0; }
  memset(p, 0, nByte);
  p->nCursor = nCursor;
  return p;
}

int gg_vtab_open(sqlite3_vtab *pVtab, sqlite3_vtab_cursor **ppCur){
  size_t n = ((GGVtab*)pVtab)->nCursor;
  sqlite3_vtab_cursor *pCur = sqlite3_malloc64(n);
  if( pCur==0 ) return SQLITE_NOMEM;
  memset(pCur, 0, n);
  *ppCur = pCur;
  return SQLITE_OK;
}

int gg_vtab_error(sqlite3_vtab *pVtab, int rc, char *zMsg){
  sqlite3_free(pVtab->zErrMsg);
  pVtab->zErrMsg = zMsg;
  return gg_error_rc(rc, zMsg);
}

int gg_vtab_plan(sqlite3_index_info *pInfo, const int *aCol, int nSlot, int mNeed,
                 double rCost, sqlite3_int64 nRows){
  int idxNum, rc = gg_vtab_slots(pInfo, aCol, nSlot, 0, &idxNum);
  if( rc ) return rc;
  pInfo->estimatedCost = (idxNum & mNeed)==mNeed ? rCost : 1e12;
  pInfo->estimatedRows = nRows;
  return SQLITE_OK;
}
