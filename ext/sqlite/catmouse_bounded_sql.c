/*
** catmouse_bounded_sql.c: the capped search in SQL, kept for comparison.
**
**   catmouse_bounded(graph_id, max_plies [, edges [, rules]])  -> 1, 2 or 0
**
** The outcome of the start (the rules of catmouse(): holes, starts, turn,
** directed; by default mouse on 1, cat on 2, mouse to move)
** by the memoised search of the widely copied LeetCode 913 solution,
** which calls any game longer than max_plies a draw (catmouse_bounded.h).  A NULL
** max_plies means that solution's cap, 2n for a graph of n nodes.  It is
** wrong whenever the exact forced win from the start takes max_plies
** plies or more: compare it with catmouse() to find such graphs.
**
** It memoises max_plies * n * n positions (2 bits each) and keeps a stack
** of up to max_plies frames, counted as 64 positions a ply; a cap costing
** more than the connection's limit (graphgame_limit('max_positions')) is
** refused with SQLITE_TOOBIG.  Results are not cached.
*/
#include <string.h>
#include "glue.h"
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
static char *boundedTooBig(const GGGraphRef *pRef, const GGGraph *pG, uint64_t cap,
                           uint64_t nPos, uint64_t nCost, sqlite3_int64 mx){
  char *zWhat = gg_graph_name(pRef), *z = 0;
  if( zWhat && nCost==UINT64_MAX ){
    z = gg_errmsg("catmouse_bounded: max_plies = %llu on %s (%u nodes) needs more"
                  " than 2^64 positions, over the limit of %lld (see graphgame_limit)",
                  (unsigned long long)cap, zWhat, pG->n, mx);
  }else if( zWhat ){
    z = gg_errmsg("catmouse_bounded: max_plies = %llu on %s (%u nodes) needs %llu"
                  " positions of memo and a stack of %llu plies (counted as %llu"
                  " positions), over the limit of %lld (see graphgame_limit)",
                  (unsigned long long)cap, zWhat, pG->n, (unsigned long long)nPos,
                  (unsigned long long)cap, (unsigned long long)nCost, mx);
  }
  sqlite3_free(zWhat);
  return z;
}

/* Search the call's start with the cap; the result or an error. */
static int boundedSearch(sqlite3_context *ctx, GGConn *pConn, GGCall *pCall, GGGraph *pG,
                         sqlite3_value *pCap, char **pzErr){
  uint64_t cap, nPos, nCost;
  uint32_t value, mouse = pCall->aRole[1].aId[0], cat = pCall->aRole[2].aId[0];
  uint8_t *aHole;
  GGInterrupt intr;
  GGStop stop;
  int rc;
  cap = sqlite3_value_type(pCap)==SQLITE_NULL ? 2*(uint64_t)pG->n
                                               : (uint64_t)sqlite3_value_int64(pCap);
  nPos = gg_capped_positions(pG->n, cap);
  nCost = gg_capped_cost(pG->n, cap);
  if( nCost>(uint64_t)pConn->mxPositions ){
    *pzErr = boundedTooBig(&pCall->ref, pG, cap, nPos, nCost, pConn->mxPositions);
    return gg_error_rc(SQLITE_TOOBIG, *pzErr);
  }
  if( (aHole = boundedHoles(pG, &pCall->aRole[0]))==0 ) return SQLITE_NOMEM;
  if( aHole[cat] ){
    sqlite3_free(aHole);
    *pzErr = gg_errmsg("catmouse_bounded: %s", gg_catmouse_def.zNotListed);
    return gg_error_rc(SQLITE_ERROR, *pzErr);
  }
  gg_interrupt_init(&intr, &stop, pConn->db);
  rc = gg_capped_solve(pG, aHole, mouse, cat, pCall->iTurn, cap, &stop, &value);
  gg_interrupt_done(&intr);
  sqlite3_free(aHole);
  if( rc==GG_INTERRUPT ){
    char *zWhat = gg_graph_name(&pCall->ref);
    *pzErr = zWhat ? gg_errmsg("catmouse_bounded: interrupted while searching %s", zWhat) : 0;
    sqlite3_free(zWhat);
    return gg_error_rc(SQLITE_INTERRUPT, *pzErr);
  }
  if( rc ) return gg_sqlite_rc(rc);
  sqlite3_result_int(ctx, gg_catmouse_def.aOutcome[value]);
  return SQLITE_OK;
}

void gg_fn_catmouse_bounded(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  GGConn *pConn = (GGConn*)sqlite3_user_data(ctx);
  GGCall call;
  GGGraph g;
  char *zErr = 0;
  int rc;
  if( sqlite3_value_type(argv[1])!=SQLITE_NULL
   && (sqlite3_value_type(argv[1])!=SQLITE_INTEGER || sqlite3_value_int64(argv[1])<0) ){
    char *zVal = gg_value_sql(argv[1]);
    gg_result_error(ctx, SQLITE_MISMATCH, (zVal ? gg_errmsg("catmouse_bounded: max_plies must"
                    " be a non-negative integer or NULL, got %s", zVal) : 0));
    sqlite3_free(zVal);
    return;
  }
  rc = gg_call_init(&call, pConn, &gg_catmouse_def, "catmouse_bounded", argv[0],
                    argc>2 ? argv[2] : 0, argc>3 ? argv[3] : 0, &zErr);
  call.ref.mxNode = 0;          /* its cost is checked against the cap below */
  if( rc==SQLITE_OK && call.ref.pId ){
    call.nRole = gg_catmouse_def.xRoles(&call.rules, 0, 1, call.aRole, &call.iTurn);
    rc = gg_load_graph_roles(pConn->db, &call.ref, call.aRole, call.nRole, &g, &zErr);
    if( rc==SQLITE_OK ){
      rc = boundedSearch(ctx, pConn, &call, &g, argv[1], &zErr);
      gg_graph_free(&g);
    }
  }
  if( rc ) gg_result_error(ctx, rc, zErr);
  gg_call_free(&call);
}
