/*
** cache.c: the per-connection cache of solved games.
**
** Every call reads its graph afresh; the cache is keyed by the game, its
** role 0 (holes, z), its k and the rules that change the solve, and the
** whole graph content (labels and arcs, compared in full), so an
** unchanged graph is not solved again, whatever its id or table, and a
** changed graph can never get a stale answer.  An entry may keep the
** rows it was built from, so that a call reading the same rows finds it
** without building the graph.  Solved games are reference counted: a
** table cursor keeps its game alive even after the cache lets go of it.
** The road that fills it is call.c's.
*/
#include <stdlib.h>
#include <string.h>
#include "call.h"
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

/* Move entry i first, and take a reference for the caller. */
static GGSolved *cacheHit(GGConn *pConn, int i){
  GGSolved *p = pConn->aCache[i];
  for(; i>0; i--) pConn->aCache[i] = pConn->aCache[i-1];
  pConn->aCache[0] = p;
  p->nRef++;
  return p;
}

void gg_cache_put(GGConn *pConn, GGSolved *p){
  int i = GG_CACHE_ENTRIES-1;
  gg_solved_release(pConn->aCache[i]);
  p->nRef++;
  for(; i>0; i--) pConn->aCache[i] = pConn->aCache[i-1];
  pConn->aCache[0] = p;
  cacheTrim(pConn);
}

/* Whether entry p is the game of pDef for k and variant. */
static int cacheSameGame(const GGSolved *p, const GGGameDef *pDef, uint32_t k,
                         uint64_t variant){
  return p && p->pDef==pDef && p->k==k && p->variant==variant;
}

GGSolved *gg_cache_find(GGConn *pConn, const GGSolved *pKey){
  int i;
  for(i=0; i<GG_CACHE_ENTRIES; i++){
    GGSolved *p = pConn->aCache[i];
    if( cacheSameGame(p, pKey->pDef, pKey->k, pKey->variant) && p->nParam==pKey->nParam
     && memcmp(p->aParam, pKey->aParam, pKey->nParam*sizeof(uint32_t))==0
     && gg_graph_equal(&p->g, &pKey->g) ){
      return cacheHit(pConn, i);
    }
  }
  return 0;
}

/* Whether role 0 of aRole, as a set of dense ids of p's graph, is p's. */
static int cacheSameParam(const GGSolved *p, const GGRole *pRole){
  uint32_t j, k, n = 0;
  for(j=0; j<pRole->nId; j++){
    uint32_t x = pRole->aId[j];
    for(k=0; k<p->nParam && p->aParam[k]!=x; k++){}
    if( k==p->nParam ) return 0;
    for(k=0; k<j && pRole->aId[k]!=x; k++){}
    if( k==j ) n++;
  }
  return n==p->nParam;
}

GGSolved *gg_cache_find_rows(GGConn *pConn, const GGGameDef *pDef, uint32_t k,
                             uint64_t variant, const GGEdgeList *pE, GGRole *aRole, int nRole){
  int i;
  for(i=0; i<GG_CACHE_ENTRIES; i++){
    GGSolved *p = pConn->aCache[i];
    if( !cacheSameGame(p, pDef, k, variant) || p->rows.nEdge==0
     || !gg_edges_equal(&p->rows, pE) ){
      continue;
    }
    gg_roles_free(aRole, nRole);
    if( gg_roles_resolve(&p->g, aRole, nRole) ) return 0;
    if( cacheSameParam(p, &aRole[0]) ) return cacheHit(pConn, i);
  }
  return 0;
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

GGSolved *gg_solved_new(const GGGameDef *pDef, GGGraph *pG, const uint32_t *aParam,
                        uint32_t nParam, uint32_t k, uint64_t variant){
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
  p->k = k;
  p->variant = variant;
  p->g = *pG;
  memset(pG, 0, sizeof(*pG));
  p->nRef = 1;
  return p;
}
