/*
** race_sql.c: the race to z (HDU 6963), the game definition and its
** scalar function race_game(), whose fast path (one breadth-first search
** from z, plus a small game on the shortest-path layers) does not solve
** every position.  The manual is docs/reference/race.md; the engine is
** ext/engine/race/race.c; the road of a call is call.c.  race_states and
** race_play are the generic tables (states.c, play.c) of gg_race_def.
*/
#include <string.h>
#include "call.h"
#include "race.h"
#include "certificate.h"
SQLITE_EXTENSION_INIT3

extern const GGGameDef gg_race_def;   /* below; its results read its outcome codes */


static uint64_t racesqlBytes(const GGGraph *pG, uint32_t k){
  (void)k;
  return gg_race_bytes(pG->n, pG->nArc);
}
static void racesqlSize(uint32_t k, char *zBuf, int nBuf){
  (void)k;
  sqlite3_snprintf(nBuf, zBuf, "2 turns x n Alice nodes x n Bob nodes");
}

static void racesqlRole(GGRole *r, const char *zRole, const GGLabel *pL){
  memset(r, 0, sizeof(*r));
  r->zRole = zRole;
  r->aLabel = pL;
  r->nLabel = 1;
}

/* aArg: z for race_states; x, y, z for race_play and race_game (bStart). */
static int racesqlRoles(const GGRules *pRules, const GGLabel *aArg, int nArg, int bStart,
                        GGRole *aRole, int *piTurn){
  (void)pRules; (void)nArg;
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

static void racesqlFree(void *pState){
  gg_race_free((GGRace*)pState);
  sqlite3_free(pState);
}

static int racesqlSolve(void **ppState, const GGGraph *pG, const GGSolveArgs *pArgs,
                        const GGStop *pStop){
  GGRace *p = sqlite3_malloc64(sizeof(*p));
  int rc;
  *ppState = 0;
  if( p==0 ) return GG_NOMEM;
  rc = gg_race_solve_kept(p, pG, pArgs->aParam[0], pStop);
  if( rc ){ gg_free_later(racesqlFree, p, GG_RACE_NPOS(pG->n), rc); return rc; }
  *ppState = p;
  return GG_OK;
}

static int racesqlGet(const void *pState, uint64_t a, uint32_t b, int turn,
                      uint32_t *pValue, int64_t *pPlies, int64_t *pMove){
  gg_race_get((const GGRace*)pState, (uint32_t)a, b, turn, pValue, pPlies, pMove);
  return GG_OK;
}

/* race_game on a small graph: its bit rows as a graph of the
** connection's arrays.  The general path says what is wrong, if anything
** is (a missing node, an interrupt, over the limit). */
static int racesqlSmall(sqlite3_context *ctx, GGCall *pCall, const GGSmall *pS){
  GGSmall *s = (GGSmall*)pS;
  GGSmallCsr *pCsr = gg_small_csr(pCall->pConn);
  GGGraph g;
  uint64_t m, nPos = 0;
  uint32_t aId[3], value = GG_V_DRAW;
  int i;
  if( pCsr==0 ) return GG_SMALL_NO;
  for(i=0; i<3; i++) if( !gg_small_role(s, &pCall->aRole[i], &m, &aId[i]) ) return GG_SMALL_NO;
  gg_small_graph(s, pCall->ref.bDirected, pCsr, &g);
  if( gg_race_game(&g, aId[1], aId[2], aId[0], (uint64_t)pCall->pConn->mxPositions, 0, &value,
                   &nPos)!=GG_OK ){
    return GG_SMALL_NO;
  }
  sqlite3_result_int(ctx, gg_race_def.aOutcome[value]);
  return GG_SMALL_DONE;
}

/* race_game on the built graph: the engine checks the limit itself, on
** the positions of this start's layered game. */
static int racesqlRun(sqlite3_context *ctx, GGCall *pCall, const GGStop *pStop,
                      char **pzErr){
  uint32_t value = GG_V_DRAW;
  uint64_t nPos = 0;
  int rc = gg_race_game(&pCall->g, pCall->aRole[1].aId[0], pCall->aRole[2].aId[0],
                        pCall->aRole[0].aId[0], (uint64_t)pCall->pConn->mxPositions, pStop,
                        &value, &nPos);
  if( rc==GG_TOOBIG ){
    char *zWhat = gg_call_name(pCall);
    *pzErr = zWhat ? gg_err_limit(pCall->pConn->mxPositions, "race_game", "%s needs %llu"
                         " positions for this start (pairs of nodes on one shortest-path"
                         " layer, for both turns)", zWhat, (unsigned long long)nPos) : 0;
    sqlite3_free(zWhat);
    return gg_error_rc(SQLITE_TOOBIG, *pzErr);
  }
  if( rc ) return gg_call_engine_error(pCall, rc, pzErr);
  sqlite3_result_int(ctx, gg_race_def.aOutcome[value]);
  return SQLITE_OK;
}

static const GGFuncDef racesqlFunc = {
  .zName = "race_game", .nArgMin = 4, .nArgMax = 6,
  .azArg = { "x", "y", "z" }, .aArgKind = { GG_ARG_NODE, GG_ARG_NODE, GG_ARG_NODE },
  .bSource = 1, .bStart = 1, .bNoReadLimit = 1,
  .xSmall = racesqlSmall, .xRun = racesqlRun,
};

/* The certificates: the mover stays, or steps anywhere but onto the
** other player, unless that is z. */
static int racesqlCertAllowed(const GGSolved *p, uint32_t a, uint32_t b, int turn,
                              uint32_t to){
  uint32_t from = turn==0 ? a : b, other = turn==0 ? b : a;
  return to==from || to!=other || to==p->aParam[0];
}

static const GGCertDef racesqlCert = {
  .zGame = "race", .bStay = 1, .xAllowed = racesqlCertAllowed, .zParam = "goal",
};

static const GGFuncDef racesqlCertFunc = {
  .zName = "race_certificate", .nArgMin = 4, .nArgMax = 6,
  .azArg = { "x", "y", "z" }, .aArgKind = { GG_ARG_NODE, GG_ARG_NODE, GG_ARG_NODE },
  .bSource = 1, .bStart = 1, .xResult = gg_cert_result,
};

static const GGFuncDef *const apRaceFunc[] = { &racesqlFunc, &racesqlCertFunc, 0 };

const GGGameDef gg_race_def = {
  .zName = "race", .apFunc = apRaceFunc,
  .zStates = "race_states", .zPlay = "race_play",
  .azPlayer = { "alice", "bob" }, .azTurn = { "alice", "bob" },
  .zParam = "z", .azPlayArg = { "x", "y", "z" },
  .aOutcome = { 0, 1, 3, 2 },   /* open (unused), Alice wins, Bob wins, draw */
  .xSize = racesqlSize, .xBytes = racesqlBytes,
  .xMaxNodes = gg_race_max_nodes, .zMaxNodes = GG_SQL_MAX_NODES_WHY,
  .xRoles = racesqlRoles, .xSolve = racesqlSolve,
  .xFree = racesqlFree, .xGet = racesqlGet,   /* every (alice, bob, turn) is listed */
  .pCert = &racesqlCert,
};
