/*
** catmouse_small.c: cat and mouse on graphs of at most 64 nodes (see
** catmouse.h), the path that makes tiny graphs cheap.
**
** Every row of positions is one machine word: for turn t and mover node
** x, bit y of D[t][x] says (x, y) is decided and bit y of R[t][x] that the
** mover then wins.  The transposed bitsets W[t][q][y] (bit x: position
** (x, y) of turn t won by player q) give the children's values, and ply k
** decides from them, as catmouse_ply.c does, every position first decided
** at ply k.  No renumbering, no threads, no dirty tracking (a ply looks at
** every open row), and one allocation: the words, the 16-bit plies
** (under 8192 positions, so plies fit) and the copy of the holes; or
** none, in the caller's block (gg_cm_solve_small_in, for the states
** table's small graphs).
**
** gg_cm_small_outcome() is the same game for one start only, with no
** plies and no allocation (the words are on the stack): it sweeps the
** rows deciding what it can from what is decided so far, in place, and
** stops as soon as the start is decided or a sweep decides nothing.  The
** decided positions only ever grow, and each is decided from decided
** children, so it reaches the same fixed point as the plies do: the same
** outcome for every position.  catmouse(graph_id) on a small graph uses it.
*/
#include <string.h>
#include "alloc.h"
#include "catmouse_int.h"

/* The block's parts, for n nodes. */
typedef struct CmSmall CmSmall;
struct CmSmall {
  uint32_t n;
  uint64_t all;        /* the n valid bits of a row */
  uint64_t hole;       /* the holes as a row */
  uint64_t *D, *R;     /* [t*n + x] */
  uint64_t *W;         /* [(t*2 + q)*n + y] */
  uint16_t *aPly;      /* [(t*n + x)*n + y] */
  uint64_t aMv[2][64]; /* aMv[t][x]: the moves of turn t's mover from x, a row */
  uint64_t aChg[2];    /* rows y of W[t][*] changed in the last ply */
};
#define CMS_WORDS(n) (8*(uint64_t)(n))   /* D, R and W */

static void cmsMap(CmSmall *c, uint64_t *a, uint32_t n){
  c->n = n;
  c->D = a;
  c->R = a + 2*n;
  c->W = a + 4*n;
  c->aPly = (uint16_t*)(a + 8*n);
}

/* Decide bits win|lose of row x of turn t at ply k. */
static void cmsDecide(CmSmall *c, int t, uint32_t x, uint64_t win, uint64_t lose,
                      uint32_t k){
  uint32_t n = c->n;
  uint64_t b;
  c->D[t*n + x] |= win | lose;
  c->R[t*n + x] |= win;
  for(b=win|lose; b; b&=b-1){
    uint32_t y = (uint32_t)__builtin_ctzll(b);
    int q = ((win>>y)&1) ? t : 1-t;
    if( c->aPly ) c->aPly[((uint32_t)t*n + x)*n + y] = (uint16_t)k;
    c->W[((uint32_t)t*2 + (uint32_t)q)*n + y] |= 1ULL<<x;
  }
  c->aChg[t] |= win | lose;
}

/* Moves of the mover of turn t from x, as a row (cat: not into holes). */
static uint64_t cmsMoves(const GGGraph *pG, const CmSmall *c, int t, uint32_t x){
  uint64_t m = 0;
  uint32_t j;
  for(j=0; j<GG_DEG(pG, x); j++) m |= 1ULL<<GG_NBR(pG, x)[j];
  return t==GG_CM_CAT ? m & ~c->hole : m;
}

/* The rows valid bits and holes of c for n nodes. */
static void cmsMasks(CmSmall *c, uint32_t n, uint64_t hole){
  c->all = n==64 ? ~0ULL : (1ULL<<n) - 1;
  c->hole = hole;
}

/* Ply 0, with c->aMv filled in. */
static void cmsInit(CmSmall *c){
  uint32_t x;
  int t;
  c->aChg[0] = c->aChg[1] = 0;
  for(t=0; t<2; t++) for(x=0; x<c->n; x++){
    uint64_t bx = 1ULL<<x, win = 0, lose = 0, bHole = (c->hole>>x)&1;
    int bStuck = c->aMv[t][x]==0;
    if( t==GG_CM_MOUSE ){                  /* x mouse, y cat */
      c->D[x] |= c->hole;                  /* not positions */
      if( bHole ) win = c->all & ~c->hole;
      else if( bStuck ) lose = c->all & ~c->hole;
      else lose = bx;
    }else if( bHole ){
      c->D[c->n + x] = c->all;
      continue;
    }else{                                 /* x cat, y mouse */
      win = bx;
      lose = c->hole;
      if( bStuck ) lose = c->all & ~bx;
    }
    cmsDecide(c, t, x, win, lose, 0);
  }
}

/* Plies 1..: returns the last ply that decided something, or -1 if
** pStop said to stop.  A row is looked at when one of its moves leads to
** a row changed in the last ply. */
static int64_t cmsRun(CmSmall *c, GGPoll *pPoll){
  uint64_t aNew[2][2][64];                 /* [t][win, lose][x] */
  uint32_t k, x, n = c->n;
  int t;
  for(k=1; ; k++){
    uint64_t any = 0, aChg[2];
    aChg[0] = c->aChg[0];
    aChg[1] = c->aChg[1];
    c->aChg[0] = c->aChg[1] = 0;
    for(t=0; t<2; t++) for(x=0; x<n; x++){
      uint64_t open = c->all & ~c->D[t*n + x], win = 0, lose = ~0ULL, m;
      const uint64_t *aMe = c->W + ((uint32_t)(1-t)*2 + (uint32_t)t)*n;
      const uint64_t *aOt = c->W + ((uint32_t)(1-t)*2 + (uint32_t)(1-t))*n;
      aNew[t][0][x] = aNew[t][1][x] = 0;
      if( open==0 || (c->aMv[t][x] & aChg[1-t])==0 ) continue;
      for(m=c->aMv[t][x]; m; m&=m-1){
        uint32_t to = (uint32_t)__builtin_ctzll(m);
        win |= aMe[to];
        lose &= aOt[to];
      }
      aNew[t][0][x] = win & open;
      aNew[t][1][x] = lose & open & ~win;
      any |= aNew[t][0][x] | aNew[t][1][x];
    }
    if( any==0 ) return k-1;
    for(t=0; t<2; t++) for(x=0; x<n; x++){
      if( aNew[t][0][x] | aNew[t][1][x] ) cmsDecide(c, t, x, aNew[t][0][x], aNew[t][1][x], k);
    }
    if( gg_poll(pPoll, 2*n) ) return -1;
  }
}

/* The bytes of a small solve's block for n nodes: the words, the plies
** (16 bits each), the copy of the holes. */
uint64_t gg_cm_small_bytes(uint32_t n){
  return (8*(uint64_t)n + (2*(uint64_t)n*n*2 + 7)/8)*8 + n;
}

/* Solve into the block aBlock of gg_cm_small_bytes(n) bytes. */
static int cmsSolveIn(GGCatMouse *p, const GGGraph *pG, const uint8_t *aHole,
                      uint64_t *aBlock, const GGStop *pStop){
  uint32_t n = pG->n, x;
  uint64_t nByte = gg_cm_small_bytes(n);
  CmSmall c;
  GGPoll poll;
  int64_t nPly;
  p->pG = pG;
  p->n = n;
  p->nWord = p->nBand = 1;
  p->nByteNeed = nByte;
  p->aSmall = aBlock;
  memset(aBlock, 0, 8*(uint64_t)n*8);
  p->aHole = (uint8_t*)aBlock + (nByte - n);
  memcpy(p->aHole, aHole, n);
  cmsMap(&c, aBlock, n);
  cmsMasks(&c, n, 0);
  for(x=0; x<n; x++) if( aHole[x] ) c.hole |= 1ULL<<x;
  gg_poll_init(&poll, pStop);
  for(x=0; x<n; x++){
    c.aMv[GG_CM_MOUSE][x] = cmsMoves(pG, &c, GG_CM_MOUSE, x);
    c.aMv[GG_CM_CAT][x] = cmsMoves(pG, &c, GG_CM_CAT, x);
  }
  cmsInit(&c);
  nPly = cmsRun(&c, &poll);
  if( nPly<0 ) return GG_INTERRUPT;      /* gg_cm_free(), by the caller as on the big path */
  p->nPly = (uint32_t)nPly;
  return GG_OK;
}

int cm_small_solve(GGCatMouse *p, const GGGraph *pG, const uint8_t *aHole,
                   const GGStop *pStop){
  uint64_t *aBlock = gg_malloc(gg_cm_small_bytes(pG->n));
  p->nByteNeed = gg_cm_small_bytes(pG->n);
  if( aBlock==0 ) return GG_NOMEM;
  return cmsSolveIn(p, pG, aHole, aBlock, pStop);
}

void gg_cm_solve_small_in(GGCatMouse *p, const GGGraph *pG, const uint8_t *aHole,
                          uint64_t *aBlock){
  memset(p, 0, sizeof(*p));
  cmsSolveIn(p, pG, aHole, aBlock, 0);     /* no stop: cannot fail */
}

uint32_t cm_small_word(const GGCatMouse *p, uint32_t x, uint32_t y, int t){
  uint32_t n = p->n;
  CmSmall c;
  if( p->aHole[t==GG_CM_MOUSE ? y : x] ) return GG_STATE(GG_V_DRAW, 0);
  cmsMap(&c, p->aSmall, n);
  if( ((c.D[(uint32_t)t*n + x]>>y)&1)==0 ) return GG_STATE(GG_V_DRAW, 0);
  return GG_STATE(((c.R[(uint32_t)t*n + x]>>y)&1) ? (uint32_t)t+1 : 2-(uint32_t)t,
                  c.aPly[((uint32_t)t*n + x)*n + y]);
}

/* Sweep the rows, deciding in place, until the position (t0, x0, y0) is
** decided or a sweep decides nothing.  A row is looked at only when one
** of its moves leads to a row of W changed since it was last looked at:
** in the sweep before (aPrev) or in this one so far (c->aChg). */
static void cmsSettle(CmSmall *c, int t0, uint32_t x0, uint32_t y0){
  uint32_t x, n = c->n;
  int t;
  uint64_t aPrev[2];
  for(;;){
    aPrev[0] = c->aChg[0];
    aPrev[1] = c->aChg[1];
    if( (aPrev[0]|aPrev[1])==0 ) return;
    c->aChg[0] = c->aChg[1] = 0;
    for(t=0; t<2; t++) for(x=0; x<n; x++){
      uint64_t open = c->all & ~c->D[t*n + x], win = 0, lose = ~0ULL, m;
      const uint64_t *aMe = c->W + ((uint32_t)(1-t)*2 + (uint32_t)t)*n;
      const uint64_t *aOt = c->W + ((uint32_t)(1-t)*2 + (uint32_t)(1-t))*n;
      if( open==0 || (c->aMv[t][x] & (aPrev[1-t]|c->aChg[1-t]))==0 ) continue;
      for(m=c->aMv[t][x]; m; m&=m-1){
        uint32_t to = (uint32_t)__builtin_ctzll(m);
        win |= aMe[to];
        lose &= aOt[to];
      }
      win &= open;
      lose &= open & ~win;
      if( (win|lose)==0 ) continue;
      cmsDecide(c, t, x, win, lose, 0);
      if( (c->D[(uint32_t)t0*n + x0]>>y0)&1 ) return;
    }
  }
}

uint32_t gg_cm_small_outcome(uint32_t n, const uint64_t *aOut, uint64_t hole,
                             uint32_t mouse, uint32_t cat, int turn){
  uint64_t aWord[CMS_WORDS(64)];
  uint32_t x, y, t0 = (uint32_t)turn;
  CmSmall c;
  memset(aWord, 0, CMS_WORDS(n)*sizeof(uint64_t));
  cmsMap(&c, aWord, n);
  c.aPly = 0;
  cmsMasks(&c, n, hole);
  for(x=0; x<n; x++){
    c.aMv[GG_CM_MOUSE][x] = aOut[x];
    c.aMv[GG_CM_CAT][x] = aOut[x] & ~hole;
  }
  cmsInit(&c);
  x = turn==GG_CM_MOUSE ? mouse : cat;
  y = turn==GG_CM_MOUSE ? cat : mouse;
  if( ((c.D[t0*n + x]>>y)&1)==0 ) cmsSettle(&c, turn, x, y);
  if( ((c.D[t0*n + x]>>y)&1)==0 ) return GG_V_DRAW;
  return ((c.R[t0*n + x]>>y)&1) ? t0+1 : 2-t0;
}
