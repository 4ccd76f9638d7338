/*
** catmouse_bounded_sql.c: the capped search in SQL, kept for comparison.
**
**   catmouse_bounded(graph_id, max_plies [, edges])  -> 1, 2 or 0
**
** The outcome of the standard start (mouse on 1, cat on 2, mouse to move)
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

void gg_fn_catmouse_bounded(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  static const int64_t aLabel[3] = { 0, 1, 2 };
  GGConn *pConn = (GGConn*)sqlite3_user_data(ctx);
  GGGraphRef ref;
  GGGraph g;
  GGInterrupt intr;
  GGStop stop;
  char *zErr = 0, *zWhat;
  uint64_t cap, nPos, nCost;
  uint32_t value;
  int rc;
  if( !gg_graph_ref(&ref, argv[0], argc>2 ? argv[2] : 0) ) return;
  if( sqlite3_value_type(argv[1])!=SQLITE_NULL
   && (sqlite3_value_type(argv[1])!=SQLITE_INTEGER || sqlite3_value_int64(argv[1])<0) ){
    char *zVal = gg_value_sql(argv[1]);
    gg_result_error(ctx, SQLITE_MISMATCH, (zVal ? gg_errmsg("catmouse_bounded: max_plies must"
                    " be a non-negative integer or NULL, got %s", zVal) : 0));
    sqlite3_free(zVal);
    return;
  }
  rc = gg_load_graph(pConn->db, &ref, aLabel, 3, &g, &zErr);
  if( rc ){ gg_result_error(ctx, rc, zErr); return; }
  cap = sqlite3_value_type(argv[1])==SQLITE_NULL ? 2*(uint64_t)g.n
                                                  : (uint64_t)sqlite3_value_int64(argv[1]);
  nPos = gg_capped_positions(g.n, cap);
  nCost = gg_capped_cost(g.n, cap);
  if( nCost>(uint64_t)pConn->mxPositions ){
    zWhat = gg_graph_name(&ref);
    if( zWhat && nCost==UINT64_MAX ){
      zErr = gg_errmsg("catmouse_bounded: max_plies = %llu on %s (%u nodes) needs more"
                       " than 2^64 positions, over the limit of %lld (see graphgame_limit)",
                       (unsigned long long)cap, zWhat, g.n, pConn->mxPositions);
    }else if( zWhat ){
      zErr = gg_errmsg("catmouse_bounded: max_plies = %llu on %s (%u nodes) needs %llu"
                       " positions of memo and a stack of %llu plies (counted as %llu"
                       " positions), over the limit of %lld (see graphgame_limit)",
                       (unsigned long long)cap, zWhat, g.n, (unsigned long long)nPos,
                       (unsigned long long)cap, (unsigned long long)nCost,
                       pConn->mxPositions);
    }
    gg_result_error(ctx, zErr ? SQLITE_TOOBIG : SQLITE_NOMEM, zErr);
    sqlite3_free(zWhat);
    gg_graph_free(&g);
    return;
  }
  gg_interrupt_init(&intr, &stop, pConn->db);
  rc = gg_capped_solve(&g, (uint32_t)gg_graph_find(&g, 0), (uint32_t)gg_graph_find(&g, 1),
                       (uint32_t)gg_graph_find(&g, 2), cap, &stop, &value);
  gg_interrupt_done(&intr);
  gg_graph_free(&g);
  if( rc==GG_INTERRUPT ){
    zWhat = gg_graph_name(&ref);
    gg_result_error(ctx, zWhat ? SQLITE_INTERRUPT : SQLITE_NOMEM, zWhat==0 ? 0 :
        gg_errmsg("catmouse_bounded: interrupted while searching %s", zWhat));
    sqlite3_free(zWhat);
  }else if( rc ){
    gg_result_error(ctx, gg_sqlite_rc(rc), 0);
  }else{
    sqlite3_result_int(ctx, gg_catmouse_def.aOutcome[value]);
  }
}
