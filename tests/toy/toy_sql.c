/*
** toy_sql.c: a toy game, built only into the tests' library
** (dist/toy/graphgame.so, `make toy`: -DGG_TOY), never into the shipped
** one.  It follows docs/internals.md's checklist for adding a game once,
** to keep that checklist true: an engine of a few lines and its
** GGGameDef, whose generic tables toy_states and toy_play
** tests/py/test_toy.py checks against a brute force.
**
** The game: each player has a token on a node; the player to move moves
** his own token along an arc; a player who cannot move loses.  On the arcs
** i -> i-1 and i -> i-2 it is "take 1 or 2 tokens from your own pile".
** Rules keys "x" and "y" name the starts of toy_play (default 0 and 1).
*/
#include <string.h>
#include "call.h"
#include "board.h"
SQLITE_EXTENSION_INIT3

/* The engine: a retrograde solve of the 2 n^2 positions (a, b, turn). */
typedef struct Toy Toy;
struct Toy {
  uint32_t n;
  const GGGraph *pG;         /* the board (the cached solve owns it) */
  uint32_t *aState;          /* per position: GG_STATE(value, plies) */
};

#define TOY_POS(n, a, b, t) ((((uint64_t)(t)*(n) + (a))*(n)) + (b))

/* The node of the player to move. */
static uint32_t toyMover(const Toy *p, uint64_t pos, uint32_t *pA, uint32_t *pB, int *pT){
  *pB = (uint32_t)(pos % p->n);
  *pA = (uint32_t)((pos / p->n) % p->n);
  *pT = (int)(pos / ((uint64_t)p->n*p->n));
  return *pT ? *pB : *pA;
}

static int toySolve(void **ppState, const GGGraph *pG, const GGSolveArgs *pArgs,
                    const GGStop *pStop){
  uint64_t nPos = 2*(uint64_t)pG->n*pG->n, pos, head = 0, tail = 0;
  Toy *p = sqlite3_malloc64(sizeof(*p));
  uint32_t *aCnt = sqlite3_malloc64(nPos*sizeof(uint32_t)+1);
  uint64_t *aQueue = sqlite3_malloc64(nPos*sizeof(uint64_t)+1);
  (void)pArgs; (void)pStop;
  *ppState = 0;
  if( p ) p->aState = sqlite3_malloc64(nPos*sizeof(uint32_t)+1);
  if( p==0 || aCnt==0 || aQueue==0 || p->aState==0 ){
    if( p ) sqlite3_free(p->aState);
    sqlite3_free(p); sqlite3_free(aCnt); sqlite3_free(aQueue);
    return GG_NOMEM;
  }
  p->n = pG->n;
  p->pG = pG;
  for(pos=0; pos<nPos; pos++){
    uint32_t a, b, u = 0;
    int t;
    u = toyMover(p, pos, &a, &b, &t);
    aCnt[pos] = GG_DEG(pG, u);
    p->aState[pos] = GG_STATE(GG_V_OPEN, 0);
    if( aCnt[pos]==0 ){                          /* stuck: the mover loses */
      p->aState[pos] = GG_STATE(t ? GG_V_WIN0 : GG_V_WIN1, 0);
      aQueue[tail++] = pos;
    }
  }
  while( head<tail ){
    uint64_t c = aQueue[head++];
    uint32_t a, b, v = GG_VALUE(p->aState[c]), k = GG_COUNT(p->aState[c]), j, u;
    int t;
    toyMover(p, c, &a, &b, &t);
    u = t ? a : b;                               /* the previous mover's node */
    for(j=0; j<GG_INDEG(pG, u); j++){
      uint32_t w = GG_INNBR(pG, u)[j];
      uint64_t q = t ? TOY_POS(p->n, w, b, 0) : TOY_POS(p->n, a, w, 1);
      uint32_t vMover = t ? GG_V_WIN0 : GG_V_WIN1;   /* q's mover winning */
      if( GG_VALUE(p->aState[q])!=GG_V_OPEN ) continue;      /* decided */
      if( v==vMover || --aCnt[q]==0 ){
        p->aState[q] = GG_STATE(v, k+1);
        aQueue[tail++] = q;
      }
    }
  }
  for(pos=0; pos<nPos; pos++){                  /* never decided: a draw */
    if( GG_VALUE(p->aState[pos])==GG_V_OPEN ) p->aState[pos] = GG_STATE(GG_V_DRAW, 0);
  }
  sqlite3_free(aCnt);
  sqlite3_free(aQueue);
  *ppState = p;
  return GG_OK;
}

static void toyFree(void *pState){
  sqlite3_free(((Toy*)pState)->aState);
  sqlite3_free(pState);
}

/* Value, plies (-1 for a draw) and the best move: the lowest child that
** keeps the value with one ply less (a draw: a drawn child). */
static int toyGet(const void *pState, uint64_t a64, uint32_t b, int turn,
                  uint32_t *pValue, int64_t *pPlies, int64_t *pMove){
  const Toy *p = (const Toy*)pState;
  uint32_t a = (uint32_t)a64, w = p->aState[TOY_POS(p->n, a, b, turn)], u = turn ? b : a, j;
  *pValue = GG_VALUE(w);
  *pPlies = *pValue==GG_V_DRAW ? -1 : (int64_t)GG_COUNT(w);
  if( pMove==0 ) return GG_OK;
  *pMove = -1;
  for(j=0; j<GG_DEG(p->pG, u); j++){
    uint32_t to = GG_NBR(p->pG, u)[j];
    uint32_t c = p->aState[turn ? TOY_POS(p->n, a, to, 0) : TOY_POS(p->n, to, b, 1)];
    if( GG_VALUE(c)==*pValue
     && (*pValue==GG_V_DRAW || GG_COUNT(c)+1==GG_COUNT(w)) ){ *pMove = to; return GG_OK; }
  }
  return GG_OK;
}

static const GGRuleKey aToyKey[] = {
  { .zKey = "x", .eKind = GG_RULE_LABEL },
  { .zKey = "y", .eKind = GG_RULE_LABEL },
  { .zKey = "directed", .eKind = GG_RULE_BOOL },
};

static uint64_t toyPositions(uint64_t n, uint32_t k){ (void)k; return 2*n*n; }
static uint64_t toyMaxNodes(uint64_t mx, uint32_t k){ (void)k; return gg_board_max_nodes(mx); }
static void toySize(uint32_t k, char *zBuf, int nBuf){
  (void)k;
  sqlite3_snprintf(nBuf, zBuf, "2 turns x n x nodes x n y nodes");
}

static void toyRole(const GGRules *pRules, int iKey, const char *zRole, int64_t dflt,
                    GGRole *r){
  memset(r, 0, sizeof(*r));
  r->zRole = zRole;
  r->zKey = aToyKey[iKey].zKey;
  if( pRules->aVal[iKey].bSet ){
    r->aLabel = pRules->aVal[iKey].aLabel;
    r->nLabel = pRules->aVal[iKey].nLabel;
  }
  r->dflt = GG_LABEL_INT(dflt);
}

/* Role 0 (what the solve depends on) names no node; the starts x, y. */
static int toyRoles(const GGRules *pRules, const GGLabel *aArg, int nArg, int bStart,
                    GGRole *aRole, int *piTurn){
  static const GGLabel none = { GG_KEY_INT, 0, 0, 0 };
  (void)aArg; (void)nArg;
  memset(&aRole[0], 0, sizeof(GGRole));
  aRole[0].zRole = "nothing";
  aRole[0].aLabel = &none;                       /* no labels, no default */
  *piTurn = 0;
  if( !bStart ) return 1;
  toyRole(pRules, 0, "x's start", 0, &aRole[1]);
  toyRole(pRules, 1, "y's start", 1, &aRole[2]);
  return 3;
}

static const GGFuncDef *const apToyFunc[] = { 0 };

const GGGameDef gg_toy_def = {
  .zName = "toy", .apFunc = apToyFunc,
  .zStates = "toy_states", .zPlay = "toy_play",
  .azPlayer = { "x", "y" }, .azTurn = { "x", "y" },
  .aOutcome = { 0, 1, 2, 0 },   /* open (unused), x wins, y wins, draw */
  .aKey = aToyKey, .nKey = 3, .iDirected = 2,
  .xPositions = toyPositions, .xLimitNodes = toyMaxNodes, .xSize = toySize,
  .xRoles = toyRoles, .xSolve = toySolve, .xFree = toyFree, .xGet = toyGet,
};
