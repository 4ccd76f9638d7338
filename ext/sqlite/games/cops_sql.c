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
** combine are an error naming both.  The keys "cops", "robber" and "turn"
** name a start of cops_play (cops_positions.c reads it).  The limit
** counts what the solve will hold (cops_hold.c): on the orbits of the
** group, far fewer positions than the full game (copsHold).
*/
#include <string.h>
#include "cops_sql.h"
SQLITE_EXTENSION_INIT3

static const char *const azCopsTurn[] = { "cops", "robber", 0 };
static const GGRuleKey aCopsKey[] = {
  { .zKey = "distance", .eKind = GG_RULE_INT, .iMin = 0, .iMax = GG_COPS_MAXSPEED },
  { .zKey = "robber_speed", .eKind = GG_RULE_INT, .iMin = 1, .iMax = GG_COPS_MAXSPEED },
  { .zKey = "surround", .eKind = GG_RULE_BOOL },
  { .zKey = "lazy", .eKind = GG_RULE_BOOL },
  { .zKey = "symmetry", .eKind = GG_RULE_BOOL },
  { .zKey = "sequential", .eKind = GG_RULE_BOOL },
  { .zKey = "cops", .eKind = GG_RULE_LABELS, .iMin = 1 },
  { .zKey = "robber", .eKind = GG_RULE_LABEL },
  { .zKey = "turn", .eKind = GG_RULE_WORD, .azWord = azCopsTurn },
};
#define COPS_KEY_DISTANCE 0
#define COPS_KEY_SPEED    1
#define COPS_KEY_SURROUND 2
#define COPS_KEY_LAZY     3
#define COPS_KEY_SYM      4
#define COPS_KEY_SEQ      5
#define COPS_KEY_COPS     6      /* a start: the cops' nodes, */
#define COPS_KEY_ROBBER   7      /* the robber's, */
#define COPS_KEY_TURN     8      /* who moves first ("cops") */
#define COPS_NKEY         9

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

extern const GGGameDef gg_cops_def;     /* below */

/* The keys that name a start ("cops", "robber", "turn"): refused by the
** functions that play every start (a message that says where they go),
** and "robber" or "turn" without "cops" (the cops choose first). */
static int copsStartCheck(GGCall *pCall, char **pzErr){
  const char *zFunc = pCall->pFunc->zName;
  const GGRuleVal *aV = pCall->rules.aVal;
  int i;
  for(i=COPS_KEY_COPS; i<=COPS_KEY_TURN; i++){
    if( !aV[i].bSet ) continue;
    if( strcmp(zFunc, gg_cops_def.zStates)==0 ){
      *pzErr = gg_errmsg("%s: rules: \"%s\" names a start, and %s lists every position: pick"
                         " one with WHERE cops = '[0,3]' AND robber = 5 AND turn = 'cops'",
                         zFunc, aCopsKey[i].zKey, zFunc);
    }else if( strcmp(zFunc, "cop_number")==0 || strcmp(zFunc, "capture_time")==0 ){
      *pzErr = gg_errmsg("%s: rules: \"%s\" names a start, and %s plays from the cops' best"
                         " one; cops_play plays from a start the rules name", zFunc,
                         aCopsKey[i].zKey, zFunc);
    }else if( !aV[COPS_KEY_COPS].bSet ){
      *pzErr = gg_errmsg("%s: rules: \"%s\" needs \"cops\" (the cops choose their start"
                         " first): name it too, e.g. '{\"cops\": [0, 3], \"%s\": %s}'", zFunc,
                         aCopsKey[i].zKey, aCopsKey[i].zKey, i==COPS_KEY_TURN ? "\"robber\"" : "5");
    }else{
      continue;
    }
    return gg_error_rc(SQLITE_ERROR, *pzErr);
  }
  return SQLITE_OK;
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
  return copsStartCheck(pCall, pzErr);
}

static uint64_t copsPositions(uint64_t n, uint32_t k){ return gg_cops_positions(n, k); }

/* Bytes of the plain solve of every position at its peak (cops.c, as
** cops_hold.c counts them): 2 a (configuration, robber) for the plies,
** five bit sets of robber nodes, three list entries and a flag a
** configuration. */
static uint64_t copsBytes(const GGGraph *pG, uint32_t k){
  GGCopsRules r;
  GGCopsHold h;
  memset(&r, 0, sizeof(r));
  r.robberSpeed = 1;
  if( gg_cops_hold_kind(pG, k, &r, GG_COPS_SOLVE_PLAIN, 1, 0, &h) ) return 0;
  return h.nByte;
}

static void copsSize(uint32_t k, char *zBuf, int nBuf){
  sqlite3_snprintf(nBuf, zBuf, "2 turns x C(n+k-1, k) placements of k = %u cop%s x n robber"
                   " nodes", k, k==1 ? "" : "s");
}

/* The cops and the robber choose their starts, unless the rules name
** them (cops_play): then role 0 names no node (the solve depends on
** none), role 1 is the cops' nodes and role 2 the robber's (call.h:
** xAnswer). */
static int copsRoles(const GGRules *pRules, const GGLabel *aArg, int nArg, int bStart,
                     GGRole *aRole, int *piTurn){
  static const GGLabel none = { GG_KEY_INT, 0, 0, 0 };
  const GGRuleVal *pTurn = &pRules->aVal[COPS_KEY_TURN];
  (void)aArg; (void)nArg; (void)bStart;
  *piTurn = pTurn->bSet ? pTurn->iWord : GG_COPS_TURN_COPS;
  if( !pRules->aVal[COPS_KEY_COPS].bSet ) return 0;
  gg_role_key(&aRole[0], pRules, aCopsKey, COPS_KEY_COPS, "nothing", 0);
  aRole[0].aLabel = &none;                       /* no labels, no default */
  aRole[0].nLabel = 0;
  aRole[0].zKey = 0;
  gg_role_key(&aRole[1], pRules, aCopsKey, COPS_KEY_COPS, "the cops' start", 0);
  if( !pRules->aVal[COPS_KEY_ROBBER].bSet ) return 2;
  gg_role_key(&aRole[2], pRules, aCopsKey, COPS_KEY_ROBBER, "the robber's start", 0);
  return 3;
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

/* How the positions of hold h are counted, for the limit's message. */
static void copsHoldSize(uint32_t k, const GGCopsHold *h, uint32_t n, GGHold *pHold){
  double nState = n ? (double)h->nPos/n : 0;       /* the robber's turn included */
  if( h->eKind==GG_COPS_SOLVE_PLAIN ){
    copsSize(k, pHold->zSize, (int)sizeof(pHold->zSize));
  }else if( h->eKind==GG_COPS_SOLVE_SEQ ){
    sqlite3_snprintf((int)sizeof(pHold->zSize), pHold->zSize, "k = %u cops moving one at a"
                     " time: %.0f states between their single moves and of the robber's turn"
                     " x n robber nodes", k, nState);
  }else{
    sqlite3_snprintf((int)sizeof(pHold->zSize), pHold->zSize, "k = %u cops moving one at a"
                     " time, up to the %.0f automorphisms of the graph: about %.0f states"
                     " between their single moves and of the robber's turn x n robber nodes",
                     k, h->order, nState);
  }
}

/* What the solve of k cops on pG that *pVariant takes will hold (bFast:
** the solve that stops at the capture time), cops_hold.c; nauty is asked
** for the group's order when the rules allow a solve on orbits, so that
** a message over the limit counts what that solve would keep.  When it is
** over the limit mx and the plain solve (the same answers) is not,
** *pVariant takes that one.  GG_OK or GG_NOMEM. */
static int copsHold(const GGGraph *pG, uint32_t k, uint64_t *pVariant, uint64_t mx, int bFast,
                    GGHold *pHold){
  GGCopsRules r = copsRulesOf(*pVariant);
  GGCopsHold plain, h;
  int rc = gg_cops_hold_kind(pG, k, &r, GG_COPS_SOLVE_PLAIN, 1, bFast, &plain);
  h = plain;
  if( rc==GG_OK && r.eSolve!=GG_COPS_SOLVE_PLAIN ){
    rc = gg_cops_hold(pG, k, &r, bFast, &h);
    if( rc==GG_OK && h.nPos>mx && plain.nPos<=mx ){
      h = plain;                        /* the plain solve fits where the other does not */
      *pVariant = (*pVariant & ~COPS_V_SOLVE) | COPS_V_NOSEQ;
    }
  }
  if( rc ) return rc;
  memset(pHold, 0, sizeof(*pHold));
  pHold->nPos = h.nPos;
  pHold->nByte = h.nByte;
  pHold->bAbout = h.eKind==GG_COPS_SOLVE_SYM;
  copsHoldSize(k, &h, pG->n, pHold);
  return GG_OK;
}

/* The tables' hold (GGGameDef.xHold): the solve of every position. */
static int copsTableHold(const GGGraph *pG, uint32_t k, uint64_t *pVariant, uint64_t mx,
                         GGHold *pHold){
  return copsHold(pG, k, pVariant, mx, 0, pHold);
}

/* The capture time of pCall->k cops on the call's graph (-1: the robber
** escapes), within the limit: on masks while k <= 2 and the graph is
** small, else by the engine's fast mode. */
static int copsTime(GGCall *pCall, const uint64_t *aNbr, const GGStop *pStop, int64_t *pT,
                    char **pzErr){
  const GGGraph *pG = &pCall->g;
  uint64_t variant = copsVariant(&pCall->rules), mx = (uint64_t)pCall->pConn->mxPositions;
  GGCopsRules r = copsRulesOf(variant);
  GGCops cops;
  GGHold hold;
  int rc;
  if( aNbr && pCall->k<=2 ){            /* on masks: no allocation */
    uint64_t *aScratch = copsScratch(pCall);
    if( gg_call_positions(pCall, pG->n)>mx ) return gg_call_over_limit(pCall, pG, pG->n, pzErr);
    if( aScratch==0 ) return SQLITE_NOMEM;
    *pT = gg_cops_small_rules(pG->n, aNbr, pCall->k, &r, aScratch);
    return SQLITE_OK;
  }
  rc = copsHold(pG, pCall->k, &variant, mx, 1, &hold);
  if( rc ) return gg_call_engine_error(pCall, rc, pzErr);
  if( hold.nPos>mx ) return gg_call_over_limit_hold(pCall, pG, &hold, pzErr);
  r = copsRulesOf(variant);
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
  .xHold = copsTableHold,
  .xRoles = copsRoles, .xSolve = copsSolve, .xFree = copsFree,
  .xGet = gg_cops_get, .xCount0 = gg_cops_count0,
  .xResult0 = gg_cops_result_conf, .xChoose = gg_cops_choose, .xTableCheck = gg_cops_check,
  .xPlace0Nodes = gg_cops_place_nodes, .xAnswer = gg_cops_answer,
  .pCert = &gg_cops_cert_def,
};
