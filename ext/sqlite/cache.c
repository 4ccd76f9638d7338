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
#include <string.h>
#include "glue.h"
SQLITE_EXTENSION_INIT3

void gg_solved_release(GGSolved *p){
  if( p==0 || --p->nRef>0 ) return;
  if( p->pState ) p->pDef->xFree(p->pState);
  gg_graph_free(&p->g);
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
                     uint32_t param){
  int i;
  for(i=0; i<GG_CACHE_ENTRIES; i++){
    GGSolved *p = pConn->aCache[i];
    if( p && p->pDef==pDef && p->param==param && gg_graph_equal(&p->g, pG) ){
      return i;
    }
  }
  return -1;
}

int gg_solve(GGConn *pConn, const GGGameDef *pDef, GGGraph *pG, uint32_t param,
             const char *zWhat, GGSolved **ppOut, char **pzErr){
  uint64_t nPos = pDef->xPositions(pG->n);
  GGSolved *p;
  GGInterrupt intr;
  GGStop stop;
  int rc, i = cacheFind(pConn, pDef, pG, param);
  *ppOut = 0;
  if( i>=0 ){
    p = pConn->aCache[i];
    cachePut(pConn, p, i);
    p->nRef++;
    gg_graph_free(pG);
    *ppOut = p;
    return SQLITE_OK;
  }
  if( nPos>(uint64_t)pConn->mxPositions ){
    *pzErr = gg_errmsg("%s: %s has %u nodes and needs %llu positions,"
                       " over the limit of %lld (see graphgame_limit)",
                       pDef->zName, zWhat, pG->n, (unsigned long long)nPos,
                       pConn->mxPositions);
    gg_graph_free(pG);
    return gg_error_rc(SQLITE_TOOBIG, *pzErr);
  }
  p = sqlite3_malloc64(sizeof(*p));
  if( p==0 ){ gg_graph_free(pG); return SQLITE_NOMEM; }
  memset(p, 0, sizeof(*p));
  p->pDef = pDef;
  p->param = param;
  p->g = *pG;
  memset(pG, 0, sizeof(*pG));
  p->nPos = nPos;
  p->nRef = 1;
  gg_interrupt_init(&intr, &stop, pConn->db);
  rc = pDef->xSolve(&p->pState, &p->g, param, &stop);
  gg_interrupt_done(&intr);
  if( rc!=GG_OK ){
    p->pState = 0;
    gg_solved_release(p);
    if( rc==GG_TOOBIG ){
      *pzErr = gg_errmsg("%s: %s is too large to solve", pDef->zName, zWhat);
    }else if( rc==GG_INTERRUPT ){
      *pzErr = gg_errmsg("%s: interrupted while solving %s", pDef->zName, zWhat);
    }
    return gg_error_rc(gg_sqlite_rc(rc), *pzErr);
  }
  cachePut(pConn, p, -1);
  *ppOut = p;
  return SQLITE_OK;
}

char *gg_graph_name(const GGGraphRef *pRef){
  char *zId = gg_value_sql(pRef->pId);
  char *z = zId ? sqlite3_mprintf("graph %s in table \"%w\"", zId,
                                  pRef->zTable ? pRef->zTable : GG_DEFAULT_TABLE) : 0;
  sqlite3_free(zId);
  return z;
}

int gg_graph_ref(GGGraphRef *pRef, sqlite3_value *pId, sqlite3_value *pTable){
  pRef->pId = pId;
  pRef->zTable = 0;
  if( pTable && sqlite3_value_type(pTable)!=SQLITE_NULL ){
    pRef->zTable = (const char*)sqlite3_value_text(pTable);
  }
  return sqlite3_value_type(pId)!=SQLITE_NULL;
}

int gg_solve_ref(GGConn *pConn, const GGGameDef *pDef, const GGGraphRef *pRef,
                 const int64_t *piParam, GGSolved **ppOut, char **pzErr){
  GGGraph g;
  char *zWhat;
  int64_t iParam = 0;
  int rc;
  *ppOut = 0;
  rc = gg_load_graph(pConn->db, pRef, pDef->aLabel, pDef->nLabel, &g, pzErr);
  if( rc ) return rc;
  zWhat = gg_graph_name(pRef);
  if( zWhat==0 ){ gg_graph_free(&g); return SQLITE_NOMEM; }
  if( piParam ){
    iParam = gg_graph_find(&g, *piParam);
    if( iParam<0 ){
      *pzErr = gg_errmsg("%s: %s = %lld is not a node of %s", pDef->zName,
                         pDef->zParam, *piParam, zWhat);
      gg_graph_free(&g);
      sqlite3_free(zWhat);
      return gg_error_rc(SQLITE_ERROR, *pzErr);
    }
  }
  rc = gg_solve(pConn, pDef, &g, (uint32_t)iParam, zWhat, ppOut, pzErr);
  sqlite3_free(zWhat);
  return rc;
}
