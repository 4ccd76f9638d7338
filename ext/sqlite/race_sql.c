/*
** race_sql.c: the race to z (HDU 6963) in SQL.
**
**   race_game(graph_id, x, y, z [, edges [, rules]])  -> 1 Alice wins, 2 draw, 3 Bob
**       The outcome when Alice starts on x, Bob on y, Alice moves first
**       and both race to z.  The graph is the rows of graph_id in the
**       table or view `edges` (columns graph_id, src, dst).  x, y and z
**       are node labels (integers or texts); one that no row touches is
**       an isolated node.  rules: {"directed": true} makes each row an arc
**       src -> dst.  Fast: one breadth-first search from z, plus, for
**       equal distances, a small game on the shortest-path layers
**       (ext/engine/race.c); it does not solve every position.  A NULL
**       graph_id gives NULL.
**
** Every position for one z is listed by race_states(graph_id, z [, edges
** [, rules]]) and the optimal line by race_play(graph_id, x, y, z [,
** edges [, rules]]) (states.c, play.c), described by gg_race_def below;
** the row (x, y, 'alice') of race_states always has race_game's outcome.
*/
#include <string.h>
#include "glue.h"
#include "race.h"
SQLITE_EXTENSION_INIT3

static const GGRuleKey aRaceKey[] = {
  { "directed", GG_RULE_BOOL, 0 },
};

static uint64_t racesqlPositions(uint64_t n){ return GG_RACE_NPOS(n); }

static void racesqlRole(GGRole *r, const char *zRole, const GGLabel *pL){
  memset(r, 0, sizeof(*r));
  r->zRole = zRole;
  r->aLabel = pL;
  r->nLabel = 1;
}

/* aArg: z for race_states; x, y, z for race_play and race_game (bStart). */
static int racesqlRoles(const GGRules *pRules, const GGLabel *aArg, int bStart,
                        GGRole *aRole, int *piTurn){
  (void)pRules;
  *piTurn = GG_RACE_ALICE;
  if( !bStart ){
    racesqlRole(&aRole[0], "z", &aArg[0]);
    return 1;
  }
  racesqlRole(&aRole[0], "z", &aArg[2]);
  racesqlRole(&aRole[1], "x", &aArg[0]);
  racesqlRole(&aRole[2], "y", &aArg[1]);
  return 3;
}

static int racesqlSolve(void **ppState, const GGGraph *pG, const uint32_t *aParam,
                        uint32_t nParam, const GGStop *pStop){
  GGRace *p = sqlite3_malloc64(sizeof(*p));
  int rc;
  (void)nParam;
  *ppState = 0;
  if( p==0 ) return GG_NOMEM;
  rc = gg_race_solve(p, pG, aParam[0], pStop);
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

void gg_fn_race_game(sqlite3_context*, int, sqlite3_value**);

const GGGameDef gg_race_def = {
  .zName = "race_game", .nArgMin = 4, .nArgMax = 6, .xFunc = gg_fn_race_game,
  .zStates = "race_states", .zPlay = "race_play",
  .azPlayer = { "alice", "bob" }, .azTurn = { "alice", "bob" },
  .zParam = "z", .azPlayArg = { "x", "y", "z" },
  .aOutcome = { 0, 1, 3, 2 },   /* open (unused), Alice wins, Bob wins, draw */
  .aKey = aRaceKey, .nKey = 1, .iDirected = 0,
  .zSize = "2 turns x n Alice nodes x n Bob nodes",
  .xPositions = racesqlPositions, .xRoles = racesqlRoles, .xSolve = racesqlSolve,
  .xFree = racesqlFree, .xGet = racesqlGet, .xListed = racesqlListed,
  .zNotListed = "",
};

/* The error for a layered game over the connection's position limit. */
static char *racesqlTooBig(const GGGraphRef *pRef, uint64_t nPos, sqlite3_int64 mx){
  char *zWhat = gg_graph_name(pRef);
  char *z = (zWhat ? gg_errmsg("race_game: %s needs %llu positions for this start"
                      " (pairs of nodes on one shortest-path layer, for both turns),"
                      " over the limit of %lld (see graphgame_limit)", zWhat,
                      (unsigned long long)nPos, mx) : 0);
  sqlite3_free(zWhat);
  return z;
}

/* x, y, z of race_game as labels; else an error naming the argument. */
static int racesqlArgs(sqlite3_value **argv, GGLabel *aArg, char **pzErr){
  static const char *azArg[] = { "x", "y", "z" };
  int i, k;
  for(i=0; i<3; i++){
    k = gg_value_label(argv[1+i], &aArg[i]);
    if( k<0 ) return SQLITE_NOMEM;
    if( k==0 ){
      *pzErr = gg_err_label_arg("race_game", azArg[i], argv[1+i]);
      return gg_error_rc(SQLITE_MISMATCH, *pzErr);
    }
  }
  return SQLITE_OK;
}

/* The fast path of race_game() (small.c): a small graph read into bit
** rows and handed to the engine as a graph of the connection's arrays.
** 1 if it gave the result; 0 if the general path must (an error to name,
** out of memory, an interrupt). */
static int racesqlSmall(sqlite3_context *ctx, GGConn *pConn, GGCall *pCall,
                        const GGLabel *aArg){
  GGSmall s;
  GGSmallCsr *pCsr;
  GGGraph g;
  uint64_t m;
  uint32_t aId[3], value = GG_V_DRAW;
  uint64_t nPos = 0;
  int i;
  if( (pCsr = gg_small_csr(pConn))==0 || !gg_small_read(pConn, &pCall->ref, &s) ) return 0;
  pCall->nRole = racesqlRoles(&pCall->rules, aArg, 1, pCall->aRole, &pCall->iTurn);
  for(i=0; i<3; i++) if( !gg_small_role(&s, &pCall->aRole[i], &m, &aId[i]) ) return 0;
  gg_small_graph(&s, pCall->ref.bDirected, pCsr, &g);
  if( gg_race_game(&g, aId[1], aId[2], aId[0], (uint64_t)pConn->mxPositions, 0, &value,
                   &nPos)!=GG_OK ){
    return 0;
  }
  sqlite3_result_int(ctx, gg_race_def.aOutcome[value]);
  return 1;
}

void gg_fn_race_game(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  GGConn *pConn = (GGConn*)sqlite3_user_data(ctx);
  GGCall call;
  GGGraph g;
  GGLabel aArg[3];
  uint32_t value = GG_V_DRAW;
  uint64_t nPos = 0;
  char *zErr = 0;
  int rc = gg_call_init(&call, pConn, &gg_race_def, "race_game", argv[0],
                        argc>4 ? argv[4] : 0, argc>5 ? argv[5] : 0, &zErr);
  memset(&g, 0, sizeof(g));
  call.ref.mxNode = 0;          /* the fast path does not solve every position */
  if( rc==SQLITE_OK && call.ref.pId ) rc = racesqlArgs(argv, aArg, &zErr);
  if( rc==SQLITE_OK && call.ref.pId && racesqlSmall(ctx, pConn, &call, aArg) ){
    gg_call_free(&call);
    return;
  }
  if( rc==SQLITE_OK && call.ref.pId ){
    call.nRole = racesqlRoles(&call.rules, aArg, 1, call.aRole, &call.iTurn);
    rc = gg_load_graph_roles(pConn->db, &call.ref, call.aRole, call.nRole, &g, &zErr);
  }
  if( rc==SQLITE_OK && call.ref.pId ){
    GGInterrupt intr;
    GGStop stop;
    gg_interrupt_conn(&intr, &stop, pConn);
    rc = gg_race_game(&g, call.aRole[1].aId[0], call.aRole[2].aId[0], call.aRole[0].aId[0],
                      (uint64_t)pConn->mxPositions, &stop, &value, &nPos);
    gg_interrupt_done(&intr);
    if( rc==GG_TOOBIG ){
      zErr = racesqlTooBig(&call.ref, nPos, pConn->mxPositions);
    }else if( rc==GG_INTERRUPT ){
      char *zWhat = gg_graph_name(&call.ref);
      zErr = (zWhat ? gg_errmsg("race_game: interrupted while solving %s", zWhat) : 0);
      sqlite3_free(zWhat);
    }
    rc = gg_error_rc(gg_sqlite_rc(rc), zErr);
    if( rc==SQLITE_OK ) sqlite3_result_int(ctx, gg_race_def.aOutcome[value]);
  }
  if( rc ) gg_result_error(ctx, rc, zErr);
  gg_graph_free(&g);
  gg_call_free(&call);
}
