/*
** catmouse_sql.c: cat and mouse in SQL.
**
**   catmouse(graph_id [, edges])   -> 1 mouse wins, 2 cat wins, 0 draw
**       The outcome from the standard start: mouse on node 1, cat on node
**       2, mouse to move, hole at node 0.  The graph is the rows of
**       graph_id in the table or view `edges` (columns graph_id, src, dst).
**       A NULL graph_id gives NULL.
**
**   catmouse_json(adjacency)       -> 1, 2 or 0
**       The same for a LeetCode-style JSON adjacency list, e.g.
**       catmouse_json('[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]') = 0.
**
** Every position is listed by the catmouse_states table (states.c),
** which is described by gg_catmouse_def below.  The game itself is in
** catmouse.c; the rules are in README.md.
*/
#include <string.h>
#include "glue.h"
#include "catmouse.h"
#include "adjjson.h"
SQLITE_EXTENSION_INIT3

static uint64_t cmsqlPositions(uint64_t n){ return GG_CM_NPOS(n); }

static int cmsqlSolve(void **ppState, const GGGraph *pG, uint32_t param,
                      const GGStop *pStop){
  GGCatMouse *p = sqlite3_malloc64(sizeof(*p));
  uint8_t *aHole = sqlite3_malloc64(pG->n + 1);    /* the hole: label 0 */
  int64_t hole = gg_graph_find(pG, 0);
  int rc;
  (void)param;
  *ppState = 0;
  if( p==0 || aHole==0 ){ sqlite3_free(p); sqlite3_free(aHole); return GG_NOMEM; }
  memset(aHole, 0, pG->n + 1);
  if( hole>=0 ) aHole[hole] = 1;
  rc = gg_cm_solve(p, pG, aHole, pStop);
  sqlite3_free(aHole);
  if( rc ){ gg_cm_free(p); sqlite3_free(p); return rc; }
  *ppState = p;
  return GG_OK;
}

static void cmsqlFree(void *pState){
  gg_cm_free((GGCatMouse*)pState);
  sqlite3_free(pState);
}

static void cmsqlGet(const void *pState, uint32_t a, uint32_t b, int turn,
                     uint32_t *pValue, int64_t *pPlies, int64_t *pMove){
  gg_cm_get((const GGCatMouse*)pState, a, b, turn, pValue, pPlies, pMove);
}

static int cmsqlListed(const void *pState, uint32_t a, uint32_t b){
  (void)a;
  return !gg_cm_is_hole((const GGCatMouse*)pState, b);
}

const GGGameDef gg_catmouse_def = {
  "catmouse", "catmouse_states", { "mouse", "cat" }, { "mouse", "cat" }, 0,
  { 0, 1, 2, 0 },               /* open (unused), mouse wins, cat wins, draw */
  3, { 0, 1, 2 },               /* the hole and the starts always exist */
  cmsqlPositions, cmsqlSolve, cmsqlFree, cmsqlGet, cmsqlListed
};

/* The outcome of the standard start of a solved game. */
static int cmsqlStartOutcome(const GGSolved *p){
  uint32_t value;
  int64_t plies, move;
  gg_cm_get((const GGCatMouse*)p->pState, (uint32_t)gg_graph_find(&p->g, 1),
            (uint32_t)gg_graph_find(&p->g, 2), GG_CM_MOUSE, &value, &plies, &move);
  return gg_catmouse_def.aOutcome[value];
}

void gg_fn_catmouse(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  GGConn *pConn = (GGConn*)sqlite3_user_data(ctx);
  GGGraphRef ref;
  GGSolved *p = 0;
  char *zErr = 0;
  int rc;
  if( !gg_graph_ref(&ref, argv[0], argc>1 ? argv[1] : 0) ) return;
  rc = gg_solve_ref(pConn, &gg_catmouse_def, &ref, 0, &p, &zErr);
  if( rc ){ gg_result_error(ctx, rc, zErr); return; }
  sqlite3_result_int(ctx, cmsqlStartOutcome(p));
  gg_solved_release(p);
}

/* Build the graph of a JSON adjacency list: nodes 0..n-1 and 0, 1, 2. */
static int cmsqlJsonGraph(sqlite3 *db, const char *z, int nZ, GGGraph *pG,
                          char **pzErr){
  GGEdgeList e;
  int64_t nNode = 0, i, *aNode;
  char zMsg[200];
  int rc;
  memset(&e, 0, sizeof(e));
  rc = gg_adjjson_parse(z, (uint64_t)nZ, &e, &nNode, zMsg);
  if( rc<0 ){
    *pzErr = gg_errmsg("catmouse_json: %s", zMsg);
    gg_edges_free(&e);
    return SQLITE_ERROR;
  }
  if( rc==GG_OK ){
    if( nNode<3 ) nNode = 3;
    aNode = sqlite3_malloc64((uint64_t)nNode*sizeof(int64_t));
    if( aNode==0 ){
      rc = GG_NOMEM;
    }else{
      GGInterrupt intr;
      GGStop stop;
      for(i=0; i<nNode; i++) aNode[i] = i;
      gg_interrupt_init(&intr, &stop, db);
      rc = gg_graph_build_stop(pG, &e, aNode, (int)nNode, &stop);
      gg_interrupt_done(&intr);
      sqlite3_free(aNode);
    }
  }
  gg_edges_free(&e);
  return gg_sqlite_rc(rc);
}

void gg_fn_catmouse_json(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  GGConn *pConn = (GGConn*)sqlite3_user_data(ctx);
  const char *z = (const char*)sqlite3_value_text(argv[0]);
  GGGraph g;
  GGSolved *p = 0;
  char *zErr = 0;
  int rc;
  (void)argc;
  if( sqlite3_value_type(argv[0])==SQLITE_NULL ) return;
  if( z==0 ){ sqlite3_result_error_nomem(ctx); return; }
  rc = cmsqlJsonGraph(sqlite3_context_db_handle(ctx), z, sqlite3_value_bytes(argv[0]),
                      &g, &zErr);
  if( rc==SQLITE_OK ){
    rc = gg_solve(pConn, &gg_catmouse_def, &g, 0, "the adjacency list", &p, &zErr);
  }
  if( rc ){ gg_result_error(ctx, rc, zErr); return; }
  sqlite3_result_int(ctx, cmsqlStartOutcome(p));
  gg_solved_release(p);
}
