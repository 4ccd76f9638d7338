/*
** cops_sql.c: cops and robbers, the game definition and its scalar
** functions cop_number() and capture_time().  The manual is
** docs/reference/cops.md; the engines are ext/engine/cops/cops.c (k cops) and
** cops_small.c (1 or 2 cops on at most 64 nodes, no allocation); the road
** of a call is call.c.  The game declares its k (an argument of
** capture_time and the tables; cop_number tries k = 1, 2, ...), and its
** positions for the generic tables cops_states and cops_play
** (cops_positions.c).  Both scalar
** functions use the engine's fast mode: the solve stops at the first
** round in which some start catches every robber.  A small graph is read
** once into bit rows: k <= 2 on its masks (cop_number removes corners
** first, cops_number.c), and if the answer is 3 or more, the engine goes
** on from k = 3 on the same rows.  The rules keys are the variants of
** the literature (distance, robber_speed, directed, surround, lazy:
** cops.h, and docs/reference/cops.md for the papers); keys that do not
** combine are an error naming both.
*/
#include <string.h>
#include "cops_sql.h"
SQLITE_EXTENSION_INIT3

static const GGRuleKey aCopsKey[] = {
  { .zKey = "distance", .eKind = GG_RULE_INT, .iMin = 0, .iMax = GG_COPS_MAXSPEED },
  { .zKey = "robber_speed", .eKind = GG_RULE_INT, .iMin = 1, .iMax = GG_COPS_MAXSPEED },
  { .zKey = "surround", .eKind = GG_RULE_BOOL },
  { .zKey = "lazy", .eKind = GG_RULE_BOOL },
  { .zKey = "symmetry", .eKind = GG_RULE_BOOL },
  { .zKey = "sequential", .eKind = GG_RULE_BOOL },
};
#define COPS_KEY_DISTANCE 0
#define COPS_KEY_SPEED    1
#define COPS_KEY_SURROUND 2
#define COPS_KEY_LAZY     3
#define COPS_KEY_SYM      4
#define COPS_KEY_SEQ      5
#define COPS_NKEY         6

/* The variant word of the cache key: distance, speed, then the flags. */
#define COPS_V_DIRECTED (1ull<<32)
#define COPS_V_SURROUND (1ull<<33)
#define COPS_V_LAZY     (1ull<<34)
#define COPS_V_NOSYM    (1ull<<35)   /* "symmetry": false */
#define COPS_V_SEQ      (1ull<<36)   /* "sequential": true */
#define COPS_V_NOSEQ    (1ull<<37)   /* "sequential": false */
#define COPS_V_SOLVE    (COPS_V_NOSYM|COPS_V_SEQ|COPS_V_NOSEQ)

/* An integer key of the rules (in range: the parser checks), or def. */
static uint32_t copsIntKey(const GGRules *pRules, int iKey, uint32_t def){
  const GGRuleVal *v = &pRules->aVal[iKey];
  return v->bSet ? (uint32_t)v->iVal : def;
}

static uint64_t copsVariant(const GGRules *pRules){
  return (uint64_t)copsIntKey(pRules, COPS_KEY_DISTANCE, 0)
       | (uint64_t)copsIntKey(pRules, COPS_KEY_SPEED, 1)<<16
       | (gg_rules_directed(pRules, COPS_NKEY)->bTrue ? COPS_V_DIRECTED : 0)
       | (pRules->aVal[COPS_KEY_SURROUND].bTrue ? COPS_V_SURROUND : 0)
       | (pRules->aVal[COPS_KEY_LAZY].bTrue ? COPS_V_LAZY : 0)
       | (pRules->aVal[COPS_KEY_SYM].bSet && !pRules->aVal[COPS_KEY_SYM].bTrue ? COPS_V_NOSYM : 0)
       | (pRules->aVal[COPS_KEY_SEQ].bSet ? (pRules->aVal[COPS_KEY_SEQ].bTrue ? COPS_V_SEQ
                                                                               : COPS_V_NOSEQ) : 0);
}

/* The engine's rules from a variant word. */
static GGCopsRules copsRulesOf(uint64_t variant){
  GGCopsRules r;
  r.distance = (uint32_t)(variant & 0xffff);
  r.robberSpeed = (uint32_t)((variant>>16) & 0xffff);
  r.bDirected = (variant & COPS_V_DIRECTED)!=0;
  r.bSurround = (variant & COPS_V_SURROUND)!=0;
  r.bLazy = (variant & COPS_V_LAZY)!=0;
  if( variant & COPS_V_NOSEQ ) r.eSolve = GG_COPS_SOLVE_PLAIN;
  else if( variant & COPS_V_NOSYM ) r.eSolve = variant & COPS_V_SEQ ? GG_COPS_SOLVE_SEQ
                                                                   : GG_COPS_SOLVE_PLAIN;
  else r.eSolve = variant & COPS_V_SEQ ? GG_COPS_SOLVE_SYM : GG_COPS_SOLVE_AUTO;
  return r;
}

/* The plain or lazy game, where removing corners keeps the cop number. */
static int copsPlain(uint64_t variant){
  return (variant & ~(COPS_V_LAZY|COPS_V_SOLVE))==(1ull<<16);
}

int gg_cops_check(GGCall *pCall, char **pzErr){
  const char *zFunc = pCall->pFunc->zName, *zA, *zB;
  GGCopsRules r;
  r = copsRulesOf(copsVariant(&pCall->rules));
  if( gg_cops_rules_check(&r, &zA, &zB) ){
    *pzErr = gg_errmsg("%s: rules: \"%s\" and \"%s\" do not combine (no published game"
                       " plays both)", zFunc, zA, zB);
    return gg_error_rc(SQLITE_ERROR, *pzErr);
  }
  return SQLITE_OK;
}

static uint64_t copsPositions(uint64_t n, uint32_t k){ return gg_cops_positions(n, k); }

/* Bytes of a solve at its peak (cops.c): 2 a (configuration, robber)
** for the rounds, and five bit sets of robber nodes a configuration. */
static uint64_t copsBytes(const GGGraph *pG, uint32_t k){
  uint64_t n = pG->n, nPos = gg_cops_positions(n, k);
  if( n==0 || nPos==UINT64_MAX ) return 0;
  return nPos/(2*n) * (2*n + 5*8*((n+63)/64));
}

static void copsSize(uint32_t k, char *zBuf, int nBuf){
  sqlite3_snprintf(nBuf, zBuf, "2 turns x C(n+k-1, k) placements of k = %u cop%s x n robber"
                   " nodes", k, k==1 ? "" : "s");
}

static int copsRoles(const GGRules *pRules, const GGLabel *aArg, int nArg, int bStart,
                     GGRole *aRole, int *piTurn){
  (void)pRules; (void)aArg; (void)nArg; (void)bStart; (void)aRole;
  *piTurn = GG_COPS_TURN_COPS;
  return 0;                     /* the cops and the robber choose their starts */
}

/* Every position, for the tables (cops_positions.c). */
static int copsSolve(void **ppState, const GGGraph *pG, const GGSolveArgs *pArgs,
                     const GGStop *pStop){
  GGCops *p = sqlite3_malloc64(sizeof(*p));
  int rc;
  *ppState = 0;
  if( p==0 ) return GG_NOMEM;
  GGCopsRules r = copsRulesOf(pArgs->variant);
  rc = gg_cops_solve_rules(p, pG, pArgs->k, &r, 0, pStop);
  if( rc ){ gg_cops_free(p); sqlite3_free(p); return rc; }
  *ppState = p;
  return GG_OK;
}

static void copsFree(void *pState){
  gg_cops_free((GGCops*)pState);
  sqlite3_free(pState);
}

/* The scratch of the small solves (cops_small.h: gg_cops_small_rules,
** gg_cops_small_number), kept by the connection; NULL if out
** of memory. */
static uint64_t *copsScratch(GGCall *pCall){
  return (uint64_t*)gg_call_scratch(pCall);
}

/* Whether the call is cop_number's (else capture_time's). */
static int copsIsNumber(const GGCall *pCall);

/* The small graph's bit rows: k <= 2 on its closed-neighbourhood masks.
** If cop_number needs 3 cops or more, the engine goes on from k = 3 on
** the same rows (GG_SMALL_GRAPH); over the limit, the general path reads
** the rows again and says so. */
static int copsSmall(sqlite3_context *ctx, GGCall *pCall, const GGSmall *s){
  int bNumber = copsIsNumber(pCall);
  uint64_t variant = copsVariant(&pCall->rules);
  GGCopsRules r = copsRulesOf(variant);
  uint64_t aNbr[GG_SMALL_MAXN], *aScratch;
  uint32_t k, u;
  int64_t t = -1;
  if( !bNumber && pCall->k>2 ) return GG_SMALL_GRAPH;
  if( (aScratch = copsScratch(pCall))==0 ) return GG_SMALL_NO;
  for(u=0; u<s->n; u++) aNbr[u] = s->aOut[u] | (1ull<<u);
  if( bNumber && copsPlain(variant)
   && gg_cops_positions(s->n, 2)<=(uint64_t)pCall->pConn->mxPositions ){
    int c = gg_cops_small_number(s->n, aNbr, r.bLazy, aScratch);   /* corners first */
    if( c==3 ){ pCall->k = 3; return GG_SMALL_GRAPH; }
    sqlite3_result_int64(ctx, c);
    return GG_SMALL_DONE;
  }
  for(k=bNumber ? 1 : pCall->k; k<=2 && t<0; k++){
    if( gg_cops_positions(s->n, k)>(uint64_t)pCall->pConn->mxPositions ) return GG_SMALL_NO;
    t = gg_cops_small_rules(s->n, aNbr, k, &r, aScratch);
    if( !bNumber ) break;
  }
  if( bNumber && t<0 ){
    pCall->k = 3;
    return GG_SMALL_GRAPH;
  }
  if( bNumber ) sqlite3_result_int64(ctx, k-1);
  else if( t>=0 ) sqlite3_result_int64(ctx, t);
  return GG_SMALL_DONE;
}

/* The states of k cops one at a time for nPos positions of the full game:
** about 2^(k-1) a position, over the order of the group on orbits. */
static double copsSeqStates(double nPos, double order, uint32_t k){
  return nPos/order*(double)(1u<<(k-1));
}

/* The capture time of pCall->k cops on the call's graph (-1: the robber
** escapes), within the limit: on masks while k <= 2 and the graph is
** small, else by the engine's fast mode. */

static int copsTime(GGCall *pCall, const uint64_t *aNbr, const GGStop *pStop, int64_t *pT,
                    char **pzErr){
  const GGGraph *pG = &pCall->g;
  GGCopsRules r = copsRulesOf(copsVariant(&pCall->rules));
  GGCops cops;
  double nPos = (double)gg_call_positions(pCall, pG->n), order = 1;
  double mx = (double)pCall->pConn->mxPositions;
  int rc, eKind = GG_COPS_SOLVE_PLAIN;
  /* capture_time read the graph as for one cop (bReadAsK1): when no group
  ** the solve on orbits takes could bring the count under the limit,
  ** say so before nauty is asked */
  if( nPos>mx && copsSeqStates(nPos, GG_COPS_SYM_MAXELT, pCall->k)>mx ){
    return gg_call_over_limit(pCall, pG, pG->n, pzErr);
  }
  if( !(aNbr && pCall->k<=2) ){
    rc = gg_cops_solve_kind(pG, pCall->k, &r, &eKind, &order);
    if( rc ) return gg_call_engine_error(pCall, rc, pzErr);
    if( eKind!=GG_COPS_SOLVE_SYM ) order = 1;
    if( eKind!=GG_COPS_SOLVE_PLAIN ) nPos = copsSeqStates(nPos, order, pCall->k);
  }
  if( nPos>mx ){
    if( gg_call_positions(pCall, pG->n)>(uint64_t)pCall->pConn->mxPositions ){
      return gg_call_over_limit(pCall, pG, pG->n, pzErr);
    }
    r.eSolve = GG_COPS_SOLVE_PLAIN;     /* the plain solve fits where one at a time does not */
  }
  if( aNbr && pCall->k<=2 ){
    uint64_t *aScratch = copsScratch(pCall);
    if( aScratch==0 ) return SQLITE_NOMEM;
    *pT = gg_cops_small_rules(pG->n, aNbr, pCall->k, &r, aScratch);
    return SQLITE_OK;
  }
  rc = gg_cops_solve_rules(&cops, pG, pCall->k, &r, 1, pStop);
  *pT = cops.captureTime;
  gg_cops_free(&cops);
  return rc ? gg_call_engine_error(pCall, rc, pzErr) : SQLITE_OK;
}

/* cop_number() and capture_time() on the built graph. */
static int copsRun(sqlite3_context *ctx, GGCall *pCall, const GGStop *pStop, char **pzErr){
  const GGGraph *pG = &pCall->g;
  uint64_t aNbr[GG_COPS_SMALL_MAXN];
  int bNumber = copsIsNumber(pCall), bMasks = pG->n<=GG_COPS_SMALL_MAXN;
  int64_t t = -1;
  int rc;
  uint32_t u, j;
  for(u=0; bMasks && u<pG->n; u++){
    aNbr[u] = 1ull<<u;
    for(j=0; j<GG_DEG(pG, u); j++) aNbr[u] |= 1ull<<GG_NBR(pG, u)[j];
  }
  /* k = n always wins (a cop on every node), so cop_number ends */
  for(;;){
    rc = copsTime(pCall, bMasks ? aNbr : 0, pStop, &t, pzErr);
    if( rc || !bNumber || t>=0 ) break;
    pCall->k++;
  }
  if( rc ) return rc;
  if( bNumber ) sqlite3_result_int64(ctx, pCall->k);
  else if( t>=0 ) sqlite3_result_int64(ctx, t);
  return SQLITE_OK;
}

static const GGFuncDef copsNumberFunc = {
  .zName = "cop_number", .nArgMin = 1, .nArgMax = 3, .bSource = 1,
  .xCheck = gg_cops_check, .xSmall = copsSmall, .xRun = copsRun,
};

static const GGFuncDef copsTimeFunc = {
  .zName = "capture_time", .nArgMin = 2, .nArgMax = 4,
  .azArg = { "k" }, .aArgKind = { GG_ARG_K }, .bSource = 1, .bReadAsK1 = 1,
  .xCheck = gg_cops_check, .xSmall = copsSmall, .xRun = copsRun,
};

static int copsIsNumber(const GGCall *pCall){
  return pCall->pFunc==&copsNumberFunc;
}

static const GGFuncDef *const apCopsFunc[] = {
  &copsNumberFunc, &copsTimeFunc, &gg_cops_cert_func, 0
};

const GGGameDef gg_cops_def = {
  .zName = "cops", .apFunc = apCopsFunc,
  .zStates = "cops_states", .zPlay = "cops_play",
  .azPlayer = { "cops", "robber" }, .azTurn = { "cops", "robber" },
  .zParam = "k", .eParam = GG_ARG_K, .azPlayArg = { "k" },
  .aOutcome = { 0, 1, 0, 0 },   /* open (unused), a capture, (none), an escape */
  .aKey = aCopsKey, .nKey = COPS_NKEY,
  .mxK = GG_COPS_MAXK, .nScratch = GG_COPS_SMALL_SCRATCH*sizeof(uint64_t),
  .xPositions = copsPositions, .xLimitNodes = gg_cops_max_nodes, .xSize = copsSize, .xBytes = copsBytes, .xVariant = copsVariant,
  .xRoles = copsRoles, .xSolve = copsSolve, .xFree = copsFree,
  .xGet = gg_cops_get, .xCount0 = gg_cops_count0,
  .xResult0 = gg_cops_result_conf, .xChoose = gg_cops_choose, .xTableCheck = gg_cops_check,
  .pCert = &gg_cops_cert_def,
};
