/*
** catmouse_bounded_sql.c: catmouse_bounded(), the capped memoised search
** of the widely copied LeetCode 913 solution, kept for comparison: it
** calls any game longer than max_plies a draw (NULL: its cap, 2n), so it
** is wrong whenever the exact forced win takes max_plies plies or more.
** Its memo and stack are counted against the position limit.  The manual
** is docs/reference/catmouse.md; the search is
** ext/engine/catmouse/catmouse_bounded.c; the road of a call is call.c.
*/
#include <string.h>
#include "catmouse_sql.h"
#include "catmouse_bounded.h"
SQLITE_EXTENSION_INIT3

/* The holes of a call as n bytes. */
static uint8_t *boundedHoles(const GGGraph *pG, const GGRole *pHole){
  uint8_t *a = sqlite3_malloc64((uint64_t)pG->n + 1);
  uint32_t i;
  if( a==0 ) return 0;
  memset(a, 0, (uint64_t)pG->n + 1);
  for(i=0; i<pHole->nId; i++) a[pHole->aId[i]] = 1;
  return a;
}

/* The error for a cap costing more than the limit. */
static char *boundedTooBig(const GGCall *pCall, uint64_t cap, uint64_t nPos, uint64_t nCost){
  char *zWhat = gg_call_name(pCall), *z = 0;
  sqlite3_int64 mx = pCall->pConn->mxPositions;
  if( zWhat && nCost==UINT64_MAX ){
    z = gg_err_limit(mx, "catmouse_bounded", "max_plies = %llu on %s (%u nodes) needs more"
                     " than 2^64 positions", (unsigned long long)cap, zWhat, pCall->g.n);
  }else if( zWhat ){
    z = gg_err_limit(mx, "catmouse_bounded", "max_plies = %llu on %s (%u nodes) needs %llu"
                     " positions of memo and a stack of %llu plies (counted as %llu"
                     " positions)", (unsigned long long)cap, zWhat, pCall->g.n,
                     (unsigned long long)nPos, (unsigned long long)cap, (unsigned long long)nCost);
  }
  sqlite3_free(zWhat);
  return z;
}

/* Search the call's start with the cap; the result or an error. */
static int boundedRun(sqlite3_context *ctx, GGCall *pCall, const GGStop *pStop, char **pzErr){
  const GGGraph *pG = &pCall->g;
  sqlite3_value *pCap = pCall->apArg[0];
  uint64_t cap, nPos, nCost;
  uint32_t value, mouse = pCall->aRole[1].aId[0], cat = pCall->aRole[2].aId[0];
  uint8_t *aHole;
  int rc;
  cap = sqlite3_value_type(pCap)==SQLITE_NULL ? 2*(uint64_t)pG->n
                                               : (uint64_t)sqlite3_value_int64(pCap);
  nPos = gg_capped_positions(pG->n, cap);
  nCost = gg_capped_cost(pG->n, cap);
  if( nCost>(uint64_t)pCall->pConn->mxPositions ){
    *pzErr = boundedTooBig(pCall, cap, nPos, nCost);
    return gg_error_rc(SQLITE_TOOBIG, *pzErr);
  }
  if( (aHole = boundedHoles(pG, &pCall->aRole[0]))==0 ) return SQLITE_NOMEM;
  if( aHole[cat] ){
    sqlite3_free(aHole);
    *pzErr = gg_errmsg("catmouse_bounded: %s", gg_catmouse_def.zNotListed);
    return gg_error_rc(SQLITE_ERROR, *pzErr);
  }
  rc = gg_capped_solve(pG, aHole, mouse, cat, pCall->iTurn, cap, pStop, &value);
  sqlite3_free(aHole);
  /* memory: the memo (4 positions a byte) and the stack (its cost) */
  if( rc ) return gg_call_engine_error_need(pCall, rc, nPos, (nPos+3)/4 + (nCost-nPos)/4, pzErr);
  sqlite3_result_int(ctx, gg_catmouse_def.aOutcome[value]);
  return SQLITE_OK;
}

const GGFuncDef gg_catmouse_bounded_func = {
  .zName = "catmouse_bounded", .nArgMin = 2, .nArgMax = 4,
  .azArg = { "max_plies" }, .aArgKind = { GG_ARG_CAP }, .bSource = 1, .bStart = 1,
  .bNoReadLimit = 1, .zSearching = "searching", .xRun = boundedRun,
};
