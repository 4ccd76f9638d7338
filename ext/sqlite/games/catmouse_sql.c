/*
** catmouse_sql.c: cat and mouse, the game definition and its scalar
** functions catmouse() and catmouse_json().  The manual is
** docs/reference/catmouse.md; the engine is
** ext/engine/catmouse/catmouse.c; the road of a call is call.c.
** catmouse_states and catmouse_play are the generic tables (states.c,
** play.c) of gg_catmouse_def below; catmouse_bounded and catmouse_dot
** have files of their own.
*/
#include <string.h>
#include "catmouse_sql.h"
#include "catmouse.h"
#include "certificate.h"
SQLITE_EXTENSION_INIT3

#define CM_KEY_HOLE     0
#define CM_KEY_MOUSE    1
#define CM_KEY_CAT      2
#define CM_KEY_TURN     3
static const char *const azCmTurn[] = { "mouse", "cat", 0 };
static const GGRuleKey aCmKey[] = {
  { .zKey = "hole", .eKind = GG_RULE_LABELS, .iMin = 1 },
  { .zKey = "mouse", .eKind = GG_RULE_LABEL },
  { .zKey = "cat", .eKind = GG_RULE_LABEL },
  { .zKey = "turn", .eKind = GG_RULE_WORD, .azWord = azCmTurn },
};

static uint64_t cmsqlBytes(const GGGraph *pG, uint32_t k){
  (void)k;
  return gg_cm_bytes(pG->n, pG->nArc);
}

/* aArg: catmouse_dot's cat (nArg 1), named "cat" after the other roles. */
static int cmsqlRoles(const GGRules *pRules, const GGLabel *aArg, int nArg, int bStart,
                      GGRole *aRole, int *piTurn){
  int nRole = 1;
  gg_role_key(&aRole[0], pRules, aCmKey, CM_KEY_HOLE, "the hole", 0);
  if( bStart || pRules->aVal[CM_KEY_MOUSE].bSet ){
    gg_role_key(&aRole[nRole++], pRules, aCmKey, CM_KEY_MOUSE, "the mouse's start", 1);
  }
  if( bStart || pRules->aVal[CM_KEY_CAT].bSet ){
    gg_role_key(&aRole[nRole++], pRules, aCmKey, CM_KEY_CAT, "the cat's start", 2);
  }
  if( nArg==1 ){
    memset(&aRole[nRole], 0, sizeof(GGRole));
    aRole[nRole].zRole = "cat";
    aRole[nRole].aLabel = &aArg[0];
    aRole[nRole].nLabel = 1;
    nRole++;
  }
  *piTurn = pRules->aVal[CM_KEY_TURN].bSet ? pRules->aVal[CM_KEY_TURN].iWord : GG_CM_MOUSE;
  return nRole;
}

static void cmsqlFreeState(void *pArg){
  gg_cm_free((GGCatMouse*)pArg);
  sqlite3_free(pArg);
}

static int cmsqlSolve(void **ppState, const GGGraph *pG, const GGSolveArgs *pArgs,
                      const GGStop *pStop){
  GGCatMouse *p = sqlite3_malloc64(sizeof(*p));
  uint8_t *aHole = sqlite3_malloc64((uint64_t)pG->n + 1);
  uint32_t i;
  int rc;
  *ppState = 0;
  if( p==0 || aHole==0 ){ sqlite3_free(p); sqlite3_free(aHole); return GG_NOMEM; }
  memset(aHole, 0, (uint64_t)pG->n + 1);
  for(i=0; i<pArgs->nParam; i++) aHole[pArgs->aParam[i]] = 1;
  rc = gg_cm_solve(p, pG, aHole, pStop);
  sqlite3_free(aHole);
  if( rc ){ gg_free_later(cmsqlFreeState, p, GG_CM_NPOS(pG->n), rc); return rc; }
  *ppState = p;
  return GG_OK;
}

/* The states table's small path: the GGCatMouse, the holes as bytes and
** the engine's block, one after the other in the cursor's block. */
#define CM_SMALL_HEAD (((sizeof(GGCatMouse) + 7)/8 + GG_SMALL_MAXN/8)*8)
static uint64_t cmsqlSmallBytes(uint32_t n){
  return CM_SMALL_HEAD + gg_cm_small_bytes(n);
}

static void *cmsqlSmallSolve(uint64_t *aBlock, const GGGraph *pG, const GGSolveArgs *pArgs){
  GGCatMouse *p = (GGCatMouse*)aBlock;
  uint8_t *aHole = (uint8_t*)aBlock + (CM_SMALL_HEAD - GG_SMALL_MAXN);
  uint32_t i;
  memset(aHole, 0, pG->n);
  for(i=0; i<pArgs->nParam; i++) aHole[pArgs->aParam[i]] = 1;
  gg_cm_solve_small_in(p, pG, aHole, aBlock + CM_SMALL_HEAD/8);
  return p;
}

static void cmsqlFree(void *pState){
  gg_cm_free((GGCatMouse*)pState);
  sqlite3_free(pState);
}

static int cmsqlGet(const void *pState, uint64_t a, uint32_t b, int turn,
                    uint32_t *pValue, int64_t *pPlies, int64_t *pMove){
  gg_cm_get((const GGCatMouse*)pState, (uint32_t)a, b, turn, pValue, pPlies, pMove);
  return GG_OK;
}

static int cmsqlListed(const void *pState, uint64_t a, uint32_t b){
  (void)a;
  return !gg_cm_is_hole((const GGCatMouse*)pState, b);
}

/* The outcome of the call's start in a solved game, or an error if the
** start is not a position (the cat on a hole). */
static void cmsqlResult(sqlite3_context *ctx, GGCall *pCall, const GGSolved *p){
  uint32_t value, mouse = pCall->aRole[1].aId[0], cat = pCall->aRole[2].aId[0];
  int64_t plies, move;
  if( !cmsqlListed(p->pState, mouse, cat) ){
    GGLabel L;
    char *zL;
    gg_graph_label(&p->g, cat, &L);
    zL = gg_label_sql(&L);
    gg_result_error(ctx, SQLITE_ERROR, zL ? gg_errmsg("%s: the cat's start %s is a hole: %s",
                    pCall->pFunc->zName, zL, gg_catmouse_def.zNotListed) : 0);
    sqlite3_free(zL);
    return;
  }
  gg_cm_get((const GGCatMouse*)p->pState, mouse, cat, pCall->iTurn, &value, &plies, &move);
  sqlite3_result_int(ctx, gg_catmouse_def.aOutcome[value]);
}

/* The small graph's start only, solved in place (no cache, no graph, no
** allocation); the general path says what is wrong, if anything is. */
static int cmsqlSmall(sqlite3_context *ctx, GGCall *pCall, const GGSmall *pS){
  GGSmall *s = (GGSmall*)pS;
  uint64_t hole, m;
  uint32_t u, mouse, cat;
  if( !gg_small_role(s, &pCall->aRole[0], &hole, &u)
   || !gg_small_role(s, &pCall->aRole[1], &m, &mouse)
   || !gg_small_role(s, &pCall->aRole[2], &m, &cat)
   || ((hole>>cat)&1)                       /* an error, named there */
   || GG_CM_NPOS(s->n)>(uint64_t)pCall->pConn->mxPositions ){
    return GG_SMALL_NO;
  }
  sqlite3_result_int(ctx, gg_catmouse_def.aOutcome[
      gg_cm_small_outcome(s->n, s->aOut, hole, mouse, cat, pCall->iTurn)]);
  return GG_SMALL_DONE;
}

static const GGFuncDef cmsqlFunc = {
  .zName = "catmouse", .nArgMin = 1, .nArgMax = 3, .bSource = 1, .bStart = 1,
  .xSmall = cmsqlSmall, .xResult = cmsqlResult,
};

static const GGFuncDef cmsqlJsonFunc = {
  .zName = "catmouse_json", .nArgMin = 1, .nArgMax = 2, .zSourceWord = "json", .bStart = 1,
  .bPure = 1,
  .xResult = cmsqlResult,
};

/* The certificates: the mouse goes anywhere it can, the cat not into a
** hole (certificate.c walks the out-neighbours). */
static int cmsqlCertAllowed(const GGSolved *p, uint32_t a, uint32_t b, int turn, uint32_t to){
  (void)a; (void)b;
  return turn==0 || !gg_cm_is_hole((const GGCatMouse*)p->pState, to);
}

static const GGCertDef cmsqlCert = {
  .zGame = "catmouse", .xAllowed = cmsqlCertAllowed, .zParam = "hole",
};

static const GGFuncDef cmsqlCertFunc = {
  .zName = "catmouse_certificate", .nArgMin = 1, .nArgMax = 3, .bSource = 1, .bStart = 1,
  .xResult = gg_cert_result,
};

static const GGFuncDef *const apCmFunc[] = {
  &cmsqlFunc, &cmsqlJsonFunc, &gg_catmouse_bounded_func, &gg_catmouse_dot_func,
  &cmsqlCertFunc, 0
};

const GGGameDef gg_catmouse_def = {
  .zName = "catmouse", .apFunc = apCmFunc,
  .zStates = "catmouse_states", .zPlay = "catmouse_play",
  .azPlayer = { "mouse", "cat" }, .azTurn = { "mouse", "cat" },
  .zParam = 0, .azPlayArg = { 0, 0, 0 },
  .aOutcome = { 0, 1, 2, 0 },   /* open (unused), mouse wins, cat wins, draw */
  .aKey = aCmKey, .nKey = (int)(sizeof(aCmKey)/sizeof(aCmKey[0])),
  .xBytes = cmsqlBytes,
  .xMaxNodes = gg_cm_max_nodes, .zMaxNodes = GG_SQL_MAX_NODES_WHY,
  .xRoles = cmsqlRoles, .xSolve = cmsqlSolve,
  .xFree = cmsqlFree, .xGet = cmsqlGet, .xListed = cmsqlListed,
  .xSmallBytes = cmsqlSmallBytes, .xSmallSolve = cmsqlSmallSolve,
  .zNotListed = "the cat may not start on a hole",
  .pCert = &cmsqlCert,
};
