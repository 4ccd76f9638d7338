/*
** race_result.c: reading a race solved by race.c (gg_race_solve): one
** position's value, plies and best move (gg_race_get), and freeing it.
** The layout of the result is described in race.h (GGRace).  Also the
** choice of the best move from the children's state words, shared with
** the reference (gg_race_best_move).
*/
#include "alloc.h"
#include "race.h"

/* Large blocks are given back gently (alloc.h): a solve interrupted at
** n = 80,000 is freed on a thread of its own while the caller goes on. */
void gg_race_free(GGRace *p){
  uint64_t nBits = GG_RACE_BIT_SIZE(p->n, p->nBand)*8;
  uint32_t i;
  gg_free(p->aPerm);
  p->aPerm = 0;
  for(i=0; p->apPly && i<2*p->nBand; i++){
    uint64_t nCol = i%p->nBand==p->nBand-1 ? p->nPlyLast : 512;
    gg_free_gently(p->apPly[i], (uint64_t)p->n*nCol*p->nPlyByte);
  }
  gg_free(p->apPly);
  for(i=0; i<2; i++){
    gg_free_gently(p->aDone[i], nBits);
    gg_free_gently(p->aWin[i], nBits);
    gg_free_gently(p->aScratch[i], nBits);
    p->aScratch[i] = 0;
  }
  gg_free(p->aBig);
  p->apPly = 0;
  p->aDone[0] = p->aDone[1] = 0;
  p->aWin[0] = p->aWin[1] = 0;
  p->aBig = 0;
  p->nBig = 0;
}

/* The plies of the decided position (x, y) of turn t. */
static uint32_t rresPlies(const GGRace *p, int t, uint32_t x, uint32_t y){
  const uint8_t *a = gg_race_ply_at(p, t, x, y);
  uint64_t lo = 0, hi = p->nBig;
  uint64_t iPos = t*GG_RACE_PLY_SIZE(p->n, p->nBand) + GG_RACE_PLY(p->n, x, y);
  uint32_t half = p->nPlyByte==2 ? *(const uint16_t*)a : *a;
  if( half<p->nPlyMark ) return 2*half + (uint32_t)t;
  while( lo<hi ){
    uint64_t mid = lo + (hi-lo)/2;
    if( p->aBig[mid].iPos<iPos ) lo = mid+1; else hi = mid;
  }
  return p->aBig[lo].nPly;     /* always there: written with the marker */
}

/* The state word (retro.h) of a position (dense ids), for
** gg_race_best_move(). */
static uint32_t rresWord(const void *pCtx, uint32_t a, uint32_t b, int t){
  const GGRace *p = (const GGRace*)pCtx;
  uint32_t x = p->aPerm[t==GG_RACE_ALICE ? a : b], y = p->aPerm[t==GG_RACE_ALICE ? b : a];
  uint64_t iWord = GG_RACE_BIT(p->n, x, y>>6);
  uint64_t bit = 1ULL<<(y&63);
  if( (p->aDone[t][iWord] & bit)==0 || (t==GG_RACE_ALICE && a==p->z && b==p->z) ){
    return GG_STATE(GG_V_DRAW, 0);
  }
  return GG_STATE((p->aWin[t][iWord] & bit) ? t+1 : 2-t,
                  rresPlies(p, t, x, y));
}

void gg_race_get(const GGRace *p, uint32_t alice, uint32_t bob, int turn,
                 uint32_t *pValue, int64_t *pPlies, int64_t *pMove){
  uint32_t w = rresWord(p, alice, bob, turn);
  *pValue = GG_VALUE(w);
  *pPlies = GG_VALUE(w)==GG_V_DRAW ? -1 : (int64_t)GG_COUNT(w);
  if( turn==GG_RACE_ALICE && (alice==p->z || bob==p->z) ) *pPlies = 0;  /* finished */
  if( pMove ) *pMove = gg_race_best_move(p->pG, p->z, alice, bob, turn, w, rresWord, p);
}

/* A position being read, for the best-move scan's child callback. */
typedef struct RresMove RresMove;
struct RresMove {
  uint32_t z, alice, bob;  /* the goal and the position */
  int turn;                /* who moves */
  uint32_t (*xWord)(const void*, uint32_t, uint32_t, int);  /* the solve's words */
  const void *pCtx;        /* their first argument */
};

/* The state word after the mover goes to `to` (board.h): staying is always
** allowed; a step onto the other player only if it is z. */
static uint32_t rresChild(const void *pCtx, uint32_t to){
  const RresMove *m = (const RresMove*)pCtx;
  uint32_t from = m->turn==GG_RACE_ALICE ? m->alice : m->bob;
  uint32_t other = m->turn==GG_RACE_ALICE ? m->bob : m->alice;
  if( to!=from && to==other && to!=m->z ) return GG_BOARD_NOMOVE;
  return m->turn==GG_RACE_ALICE ? m->xWord(m->pCtx, to, m->bob, GG_RACE_BOB)
                                : m->xWord(m->pCtx, m->alice, to, GG_RACE_ALICE);
}

int64_t gg_race_best_move(const GGGraph *pG, uint32_t z, uint32_t alice,
                          uint32_t bob, int turn, uint32_t w,
                          uint32_t (*xWord)(const void*, uint32_t, uint32_t, int),
                          const void *pCtx){
  RresMove m;
  if( turn==GG_RACE_ALICE && (alice==z || bob==z) ) return -1;   /* finished */
  m.z = z; m.alice = alice; m.bob = bob; m.turn = turn; m.xWord = xWord; m.pCtx = pCtx;
  return gg_board_best(pG, turn==GG_RACE_ALICE ? alice : bob, 1, w, rresChild, &m);
}
