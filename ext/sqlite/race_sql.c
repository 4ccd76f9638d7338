/*
** race_sql.c: the race to z (HDU 6963) in SQL.
**
**   race_game(graph_id, x, y, z [, edges])   -> 1 Alice wins, 2 draw, 3 Bob
**       The outcome when Alice starts on x, Bob on y, Alice moves first
**       and both race to z.  The graph is the rows of graph_id in the
**       table or view `edges` (columns graph_id, src, dst).  Fast: one
**       breadth-first search from z, plus, for equal distances, a small
**       game on the shortest-path layers (race.c); it does not solve every
**       position.  A NULL graph_id gives NULL.  x, y and z must be integer
**       labels of nodes of the graph.
**
** Every position for one z is listed by the race_states(graph_id, z
** [, edges]) table (states.c), described by gg_race_def below; its
** row (x, y, 'alice') always has race_game's outcome.  The game itself is
** in race.c; the rules are in README.md.
*/
#include <string.h>
#include "glue.h"
#include "race.h"
SQLITE_EXTENSION_INIT3

static uint64_t racesqlPositions(uint64_t n){ return GG_RACE_NPOS(n); }

static int racesqlSolve(void **ppState, const GGGraph *pG, uint32_t param,
                        const GGStop *pStop){
  GGRace *p = sqlite3_malloc64(sizeof(*p));
  int rc;
  *ppState = 0;
  if( p==0 ) return GG_NOMEM;
  rc = gg_race_solve(p, pG, param, pStop);
  if( rc ){ sqlite3_free(p); return rc; }
  *ppState = p;
  return GG_OK;
}

static void racesqlFree(void *pState){
  gg_race_free((GGRace*)pState);
  sqlite3_free(pState);
}

static void racesqlGet(const void *pState, uint32_t a, uint32_t b, int turn,
                       uint32_t *pValue, int64_t *pPlies, int64_t *pMove){
  gg_race_get((const GGRace*)pState, a, b, turn, pValue, pPlies, pMove);
}

static int racesqlListed(const void *pState, uint32_t a, uint32_t b){
  (void)pState; (void)a; (void)b;
  return 1;                     /* every (alice, bob, turn) is a position */
}

const GGGameDef gg_race_def = {
  "race", "race_states", { "alice", "bob" }, { "alice", "bob" }, "z",
  { 0, 1, 3, 2 },               /* open (unused), Alice wins, Bob wins, draw */
  0, { 0, 0, 0 },               /* no labels must exist */
  racesqlPositions, racesqlSolve, racesqlFree, racesqlGet, racesqlListed
};

/* Argument i (x, y or z) as an integer label into *piLabel; else an error. */
static int racesqlLabel(sqlite3_value *pVal, const char *zArg, int64_t *piLabel,
                        char **pzErr){
  if( sqlite3_value_type(pVal)!=SQLITE_INTEGER ){
    char *zVal = gg_value_sql(pVal);
    *pzErr = (zVal ? gg_errmsg("race_game: %s must be an integer node label, got %s",
                       zArg, zVal) : 0);
    sqlite3_free(zVal);
    return SQLITE_MISMATCH;
  }
  *piLabel = sqlite3_value_int64(pVal);
  return SQLITE_OK;
}

/* Map the labels of x, y, z to dense ids in aId; else an error naming the
** first one that is not a node of the graph. */
static int racesqlNodes(const GGGraph *pG, const GGGraphRef *pRef,
                        const int64_t *aLabel, uint32_t *aId, char **pzErr){
  static const char *azArg[] = { "x", "y", "z" };
  int i;
  for(i=0; i<3; i++){
    int64_t id = gg_graph_find(pG, aLabel[i]);
    if( id<0 ){
      char *zWhat = gg_graph_name(pRef);
      if( zWhat==0 ) return SQLITE_NOMEM;
      *pzErr = gg_errmsg("race_game: %s = %lld is not a node of %s",
                         azArg[i], aLabel[i], zWhat);
      sqlite3_free(zWhat);
      return SQLITE_ERROR;
    }
    aId[i] = (uint32_t)id;
  }
  return SQLITE_OK;
}

/* The error for a layered game over the connection's position limit. */
static char *racesqlTooBig(const GGGraphRef *pRef, const int64_t *aLabel,
                           uint64_t nPos, sqlite3_int64 mx){
  char *zWhat = gg_graph_name(pRef);
  char *z = (zWhat ? gg_errmsg("race_game: %s needs %llu positions for x = %lld,"
                      " y = %lld, z = %lld, over the limit of %lld"
                      " (see graphgame_limit)", zWhat,
                      (unsigned long long)nPos, aLabel[0], aLabel[1],
                      aLabel[2], mx) : 0);
  sqlite3_free(zWhat);
  return z;
}

void gg_fn_race_game(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  static const char *azArg[] = { "x", "y", "z" };
  GGConn *pConn = (GGConn*)sqlite3_user_data(ctx);
  GGGraphRef ref;
  GGGraph g;
  GGInterrupt intr;
  GGStop stop;
  int64_t aLabel[3];
  uint32_t aId[3], value = GG_V_DRAW;
  uint64_t nPos = 0;
  char *zErr = 0;
  int i, rc = SQLITE_OK;
  if( !gg_graph_ref(&ref, argv[0], argc>4 ? argv[4] : 0) ) return;
  for(i=0; rc==SQLITE_OK && i<3; i++){
    rc = racesqlLabel(argv[1+i], azArg[i], &aLabel[i], &zErr);
  }
  if( rc ){ gg_result_error(ctx, rc, zErr); return; }
  rc = gg_load_graph(pConn->db, &ref, 0, 0, &g, &zErr);
  if( rc ){ gg_result_error(ctx, rc, zErr); return; }
  rc = racesqlNodes(&g, &ref, aLabel, aId, &zErr);
  if( rc==SQLITE_OK ){
    gg_interrupt_init(&intr, &stop, pConn->db);
    rc = gg_race_game(&g, aId[0], aId[1], aId[2], (uint64_t)pConn->mxPositions,
                      &stop, &value, &nPos);
    gg_interrupt_done(&intr);
    if( rc==GG_TOOBIG ){
      zErr = racesqlTooBig(&ref, aLabel, nPos, pConn->mxPositions);
    }else if( rc==GG_INTERRUPT ){
      char *zWhat = gg_graph_name(&ref);
      zErr = (zWhat ? gg_errmsg("race_game: interrupted while solving %s", zWhat) : 0);
      sqlite3_free(zWhat);
    }
    rc = gg_sqlite_rc(rc);
  }
  gg_graph_free(&g);
  if( rc ){ gg_result_error(ctx, rc, zErr); return; }
  sqlite3_result_int(ctx, gg_race_def.aOutcome[value]);
}
