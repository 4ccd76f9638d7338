/*
** cache.c: solving games, with a small per-connection cache of results.
**
** Every call reads the edge rows afresh; the cache is keyed by the game,
** its parameter and the whole graph content (labels and arcs, compared in
** full), so an unchanged graph is not solved again, whatever its id or
** table, and a changed graph can never get a stale answer.  Solved games
** are reference counted: a table cursor keeps its game alive even after
** the cache lets go of it.
*/
#include <stdlib.h>
#include <string.h>
#include "glue.h"
SQLITE_EXTENSION_INIT3

void gg_solved_release(GGSolved *p){
  if( p==0 || --p->nRef>0 ) return;
  if( p->pState ) p->pDef->xFree(p->pState);
  gg_graph_free(&p->g);
  gg_edges_free(&p->rows);
  sqlite3_free(p);
}

void gg_cache_clear(GGConn *pConn){
  int i;
  for(i=0; i<GG_CACHE_ENTRIES; i++){
    gg_solved_release(pConn->aCache[i]);
    pConn->aCache[i] = 0;
  }
}

/* Keep the positions held by the cache within the solve limit (the
** newest entry always stays). */
static void cacheTrim(GGConn *pConn){
  uint64_t nTotal = 0;
  int i;
  for(i=0; i<GG_CACHE_ENTRIES; i++){
    GGSolved *p = pConn->aCache[i];
    if( p==0 ) continue;
    nTotal += p->nPos;
    if( i>0 && nTotal>(uint64_t)pConn->mxPositions ){
      gg_solved_release(p);
      pConn->aCache[i] = 0;
    }
  }
}

/* Put p first in the cache (the cache takes its own reference). */
static void cachePut(GGConn *pConn, GGSolved *p, int iFrom){
  int i;
  if( iFrom<0 ){
    iFrom = GG_CACHE_ENTRIES-1;
    gg_solved_release(pConn->aCache[iFrom]);
    p->nRef++;
  }
  for(i=iFrom; i>0; i--) pConn->aCache[i] = pConn->aCache[i-1];
  pConn->aCache[0] = p;
  cacheTrim(pConn);
}

static int cacheFind(GGConn *pConn, const GGGameDef *pDef, const GGGraph *pG,
                     const uint32_t *aParam, uint32_t nParam){
  int i;
  for(i=0; i<GG_CACHE_ENTRIES; i++){
    GGSolved *p = pConn->aCache[i];
    if( p && p->pDef==pDef && p->nParam==nParam
     && memcmp(p->aParam, aParam, nParam*sizeof(uint32_t))==0 && gg_graph_equal(&p->g, pG) ){
      return i;
    }
  }
  return -1;
}

void gg_cache_limit(GGConn *pConn){
  int i, j;
  for(i=j=0; i<GG_CACHE_ENTRIES; i++){
    GGSolved *p = pConn->aCache[i];
    pConn->aCache[i] = 0;
    if( p && p->nPos>(uint64_t)pConn->mxPositions ){
      gg_solved_release(p);
    }else{
      pConn->aCache[j++] = p;
    }
  }
}

static int cacheCmpU32(const void *a, const void *b){
  uint32_t x = *(const uint32_t*)a, y = *(const uint32_t*)b;
  return (x>y) - (x<y);
}

/* A new GGSolved for the game, owning the graph and a sorted copy of
** aParam without repeats; NULL if out of memory (the graph is freed). */
static GGSolved *cacheNew(const GGGameDef *pDef, GGGraph *pG, const uint32_t *aParam,
                          uint32_t nParam){
  GGSolved *p = sqlite3_malloc64(sizeof(*p) + ((uint64_t)nParam+1)*sizeof(uint32_t));
  uint32_t i, n = 0;
  if( p==0 ){ gg_graph_free(pG); return 0; }
  memset(p, 0, sizeof(*p));
  p->aParam = (uint32_t*)&p[1];
  if( nParam ) memcpy(p->aParam, aParam, nParam*sizeof(uint32_t));
  qsort(p->aParam, nParam, sizeof(uint32_t), cacheCmpU32);
  for(i=0; i<nParam; i++) if( n==0 || p->aParam[n-1]!=p->aParam[i] ) p->aParam[n++] = p->aParam[i];
  p->nParam = n;
  p->pDef = pDef;
  p->g = *pG;
  memset(pG, 0, sizeof(*pG));
  p->nRef = 1;
  return p;
}

static int cacheSolve(GGConn*, const GGGameDef*, const char*, GGGraph*, GGEdgeList*,
                      const uint32_t*, uint32_t, const char*, const GGGraphRef*,
                      GGSolved**, char**);

/* The message when a solve runs out of memory: what it needed, and which
** limit stopped it (SQLite's heap limits, else the machine's memory).  NULL
** if even the message cannot be had. */
static char *cacheNoMem(const char *zFunc, const char *zWhat, uint64_t nByte){
  sqlite3_int64 mxHard = -1, mxSoft = sqlite3_soft_heap_limit64(-1);
  char *zLimit, *z;
#if SQLITE_VERSION_NUMBER>=3031000
  if( sqlite3_libversion_number()>=3031000 ) mxHard = sqlite3_hard_heap_limit64(-1);
#endif
  if( mxHard>0 ){
    zLimit = sqlite3_mprintf("SQLite's hard heap limit is %lld MB, sqlite3_hard_heap_limit64()",
                             mxHard>>20);
  }else if( mxSoft>0 ){
    zLimit = sqlite3_mprintf("SQLite's soft heap limit is %lld MB, or the machine's memory",
                             mxSoft>>20);
  }else{
    zLimit = sqlite3_mprintf("the machine's memory; SQLite has no heap limit");
  }
  z = zLimit ? gg_errmsg("%s: solving %s needs about %llu MB at its peak, and an allocation"
                         " failed (%s)", zFunc, zWhat, (unsigned long long)((nByte+(1<<20)-1)>>20),
                         zLimit) : 0;
  sqlite3_free(zLimit);
  return z;
}

int gg_solve(GGConn *pConn, const GGGameDef *pDef, const char *zFunc, GGGraph *pG,
             const uint32_t *aParam, uint32_t nParam, const char *zWhat0,
             const GGGraphRef *pRef, GGSolved **ppOut, char **pzErr){
  return cacheSolve(pConn, pDef, zFunc, pG, 0, aParam, nParam, zWhat0, pRef, ppOut, pzErr);
}

int gg_solve_rows(GGConn *pConn, const GGGameDef *pDef, const char *zFunc, GGGraph *pG,
                  GGEdgeList *pRows, const uint32_t *aParam, uint32_t nParam,
                  const GGGraphRef *pRef, GGSolved **ppOut, char **pzErr){
  return cacheSolve(pConn, pDef, zFunc, pG, pRows, aParam, nParam, 0, pRef, ppOut, pzErr);
}

static int cacheSolve(GGConn *pConn, const GGGameDef *pDef, const char *zFunc, GGGraph *pG,
                      GGEdgeList *pRows, const uint32_t *aParam, uint32_t nParam,
                      const char *zWhat0, const GGGraphRef *pRef, GGSolved **ppOut,
                      char **pzErr){
  char *zWhat = 0;
  uint64_t nPos = pDef->xPositions(pG->n);
  GGSolved *p;
  GGInterrupt intr;
  GGStop stop;
  int rc, i;
  *ppOut = 0;
  p = cacheNew(pDef, pG, aParam, nParam);
  if( p==0 ){ if( pRows ) gg_edges_free(pRows); return SQLITE_NOMEM; }
  if( pRows ){                  /* kept for hits without a build (no index needed) */
    gg_keymap_unindex(&pRows->labels);
    p->rows = *pRows;
    memset(pRows, 0, sizeof(*pRows));
  }
  i = cacheFind(pConn, pDef, &p->g, p->aParam, p->nParam);
  if( i>=0 ){
    gg_solved_release(p);
    p = pConn->aCache[i];
    cachePut(pConn, p, i);
    p->nRef++;
    *ppOut = p;
    return SQLITE_OK;
  }
  if( nPos>(uint64_t)pConn->mxPositions ){
    zWhat = zWhat0 ? sqlite3_mprintf("%s", zWhat0) : gg_graph_name(pRef);
    *pzErr = zWhat==0 ? 0 : gg_errmsg("%s: %s has %u nodes and needs %llu positions (%s, n = %u),"
                       " over the limit of %lld (see graphgame_limit)",
                       zFunc, zWhat, p->g.n, (unsigned long long)nPos, pDef->zSize,
                       p->g.n, pConn->mxPositions);
    sqlite3_free(zWhat);
    gg_solved_release(p);
    return gg_error_rc(SQLITE_TOOBIG, *pzErr);
  }
  p->nPos = nPos;
  gg_interrupt_conn(&intr, &stop, pConn);
  rc = pDef->xSolve(&p->pState, &p->g, p->aParam, p->nParam, &stop);
  gg_interrupt_done(&intr);
  if( rc!=GG_OK ){
    uint64_t nByte = rc==GG_NOMEM && pDef->xBytes ? pDef->xBytes(&p->g) : 0;
    p->pState = 0;
    gg_solved_release(p);
    zWhat = zWhat0 ? sqlite3_mprintf("%s", zWhat0) : gg_graph_name(pRef);
    if( zWhat==0 ){
      rc = GG_NOMEM;
    }else if( nByte ){
      *pzErr = cacheNoMem(zFunc, zWhat, nByte);
    }else if( rc==GG_TOOBIG ){
      *pzErr = gg_errmsg("%s: %s is too large to solve", zFunc, zWhat);
    }else if( rc==GG_INTERRUPT ){
      *pzErr = gg_errmsg("%s: interrupted while solving %s", zFunc, zWhat);
    }
    sqlite3_free(zWhat);
    return gg_error_rc(gg_sqlite_rc(rc), *pzErr);
  }
  cachePut(pConn, p, -1);
  *ppOut = p;
  return SQLITE_OK;
}

char *gg_graph_name(const GGGraphRef *pRef){
  char *zId;
  if( pRef->zWhat ) return sqlite3_mprintf("%s", pRef->zWhat);
  zId = gg_value_sql(pRef->pId);
  char *z = zId ? sqlite3_mprintf("graph %s in table \"%w\"", zId,
                                  pRef->zTable ? pRef->zTable : GG_DEFAULT_TABLE) : 0;
  sqlite3_free(zId);
  return z;
}

int gg_graph_ref(GGGraphRef *pRef, const char *zFunc, sqlite3_value *pId,
                 sqlite3_value *pTable){
  memset(pRef, 0, sizeof(*pRef));
  pRef->pId = pId;
  pRef->zFunc = zFunc;
  if( pTable && sqlite3_value_type(pTable)!=SQLITE_NULL ){
    pRef->zTable = (const char*)sqlite3_value_text(pTable);
  }
  return sqlite3_value_type(pId)!=SQLITE_NULL;
}

/* The most nodes whose positions fit the limit. */
static uint32_t cacheMaxNodes(const GGGameDef *pDef, sqlite3_int64 mx){
  uint64_t lo = 0, hi = 0xfffffffdu;
  while( lo<hi ){
    uint64_t mid = lo + (hi-lo+1)/2;
    if( pDef->xPositions(mid)<=(uint64_t)mx ) lo = mid; else hi = mid-1;
  }
  return lo==0 ? 1 : (uint32_t)lo;
}

int gg_call_init(GGCall *pCall, GGConn *pConn, const GGGameDef *pDef, const char *zFunc,
                 sqlite3_value *pId, sqlite3_value *pTable, sqlite3_value *pRules,
                 char **pzErr){
  int rc;
  memset(pCall, 0, sizeof(*pCall));
  pCall->pDef = pDef;
  if( !gg_graph_ref(&pCall->ref, zFunc, pId, pTable) ){
    pCall->ref.pId = 0;         /* a NULL graph_id: no result, no rows */
    return SQLITE_OK;
  }
  rc = gg_rules_arg(zFunc, pRules, pDef->aKey, pDef->nKey, &pCall->rules, pzErr);
  if( rc ) return rc;
  if( pDef->iDirected>=0 ) pCall->ref.bDirected = pCall->rules.aVal[pDef->iDirected].bTrue;
  pCall->ref.mxPositions = pConn->mxPositions;
  pCall->ref.pConn = pConn;
  pCall->ref.mxNode = cacheMaxNodes(pDef, pConn->mxPositions);
  pCall->ref.zSize = pDef->zSize;
  pCall->ref.xPositions = pDef->xPositions;
  return SQLITE_OK;
}

/* The cached game of the same rows (as read, roles added) and role 0,
** with the call's roles resolved against its graph; -1 if none. */
static int cacheFindRows(GGConn *pConn, GGCall *pCall, const GGEdgeList *pE){
  int i;
  for(i=0; i<GG_CACHE_ENTRIES; i++){
    GGSolved *p = pConn->aCache[i];
    uint32_t j, k, n = 0;
    if( p==0 || p->pDef!=pCall->pDef || p->rows.nEdge==0 || !gg_edges_equal(&p->rows, pE) ){
      continue;
    }
    gg_roles_free(pCall->aRole, pCall->nRole);
    if( gg_roles_resolve(&p->g, pCall->aRole, pCall->nRole) ) return -1;
    for(j=0; j<pCall->aRole[0].nId; j++){          /* role 0 as a set, against aParam */
      uint32_t x = pCall->aRole[0].aId[j];
      for(k=0; k<p->nParam && p->aParam[k]!=x; k++){}
      if( k==p->nParam ) break;
      for(k=0; k<j && pCall->aRole[0].aId[k]!=x; k++){}
      if( k==j ) n++;
    }
    if( j==pCall->aRole[0].nId && n==p->nParam ) return i;
  }
  return -1;
}

int gg_call_solve(GGCall *pCall, GGConn *pConn, const GGLabel *aArg, int bStart,
                  GGSolved **ppOut, char **pzErr){
  const GGGameDef *pDef = pCall->pDef;
  GGEdgeList e;
  GGGraph g;
  int rc, i;
  *ppOut = 0;
  pCall->nRole = pDef->xRoles(&pCall->rules, aArg, bStart, pCall->aRole, &pCall->iTurn);
  rc = gg_read_edges(pConn->db, &pCall->ref, &e, pzErr);
  if( rc ) return rc;
  rc = gg_roles_add(&pCall->ref, pCall->aRole, pCall->nRole, &e, pzErr);
  if( rc ){ gg_edges_free(&e); return rc; }
  i = cacheFindRows(pConn, pCall, &e);
  if( i>=0 ){                   /* the same rows as a solved game: no build */
    GGSolved *p = pConn->aCache[i];
    gg_edges_free(&e);
    cachePut(pConn, p, i);
    p->nRef++;
    *ppOut = p;
    return SQLITE_OK;
  }
  rc = gg_build_graph(pConn->db, &pCall->ref, &e, &g, pzErr);
  if( rc==SQLITE_OK ){
    gg_roles_free(pCall->aRole, pCall->nRole);
    rc = gg_roles_resolve(&g, pCall->aRole, pCall->nRole);
    if( rc ) gg_graph_free(&g);
  }
  if( rc ){ gg_edges_free(&e); return gg_error_rc(rc, *pzErr); }
  /* the graph is named only for a message (gg_solve) */
  return gg_solve_rows(pConn, pDef, pCall->ref.zFunc, &g, &e, pCall->aRole[0].aId,
                       pCall->aRole[0].nId, &pCall->ref, ppOut, pzErr);
}

void gg_call_free(GGCall *pCall){
  gg_roles_free(pCall->aRole, pCall->nRole);
  gg_rules_free(&pCall->rules);
}
