/*
** catmouse_ply.c: the plies of the fast cat-and-mouse engine (see
** catmouse.h; the set-up is in catmouse.c).
**
** Value iteration by plies, 64 positions per machine word.  A position of
** turn t has the mover (player t) on node x and the other player on node
** y.  For each turn and player there is a bitset of the positions of that
** turn won by that player, stored transposed: one row per node of the
** player NOT to move, one bit per node of the mover.  Then for a position
** (x, y) of turn t, whose children are the positions (x', y) of the other
** turn for x' among the mover's moves from x,
**
**     the mover wins within k plies  iff  OR  over x' of row x' of
**         "other turn, won by player t" has bit y   (within k-1 plies)
**     the mover loses within k plies iff  AND over x' of row x' of
**         "other turn, won by the other player" has bit y
**
** so one word op settles 64 positions (x, y..y+63).  Ply k computes every
** position first decided at ply k from the bitsets of ply k-1; its plies
** are then exactly those of the FIFO retrograde solve (the nearest win,
** the farthest loss).  Only words whose inputs changed are visited: the
** last ply marks the changed words of each row (aDirty), and a row is a
** candidate when one of its moves (an in-arc of the changed row) leads to
** it.
**
** Each ply is two phases.  In the pass, each turn computes its new
** positions into its own layout (row x, bit y: aDone), writes their ply
** bytes (plies<<1 | mover wins) and marks the word in aNews.  In the
** apply, each turn finds the new positions of each marked word again by
** their ply byte (the code of ply k), moves them into its transposed
** bitsets and marks the changed words.  So no list of new positions is
** kept: a ply costs no memory.  Plies of GG_CM_PLY_BIG or more get the
** byte GG_CM_CODE_BIG and an entry in the lane's side table, which the
** apply reads directly.  The bitsets are in bands of 512 columns (8 words,
** a cache line per row; GG_CM_BIT) and the pass works one band at a time
** over all rows, so its working set stays in the cache.
**
** Threads split the bands: lane i owns the bands b with b % nLane == i.
** In the pass a lane computes the words of its bands (of both turns); the
** new positions of word w land, in the apply, in the transposed rows
** 64w..64w+63, which are rows of the same band, so each lane applies its
** own words and no two lanes write the same memory in a phase.  Each
** worker thread runs one lane (or all of them if a thread could not be
** started), with a barrier between the phases.  The calling thread
** (worker 0) polls the GGStop about every GG_STOP_EVERY words.
*/
#include <string.h>
#ifdef __SSE2__
# include <emmintrin.h>
#endif
#include "alloc.h"
#include "catmouse_int.h"

static void cmSetStop(CmSolve *s, int rc){
  if( __atomic_exchange_n(&s->bStop, 1, __ATOMIC_ACQ_REL)==0 ) s->rc = rc;
}
static int cmStopped(CmSolve *s){
  return __atomic_load_n(&s->bStop, __ATOMIC_ACQUIRE);
}

/* Count the work of a visited row or word (64 positions): 1 + the moves
** looked at, each move one word read; poll the GGStop about every
** GG_STOP_EVERY such words, from the calling thread. */
static int cmStep(CmSolve *s, CmWorker *wk, uint32_t nCost){
  if( gg_poll(&wk->poll, 1 + nCost) ) cmSetStop(s, GG_INTERRUPT);
  return wk->poll.nWork==0 && cmStopped(s);   /* looked at after each poll */
}


/* Ply bytes for the positions of row x, word w, in bits win|lose. */
static int cmSetPly(CmSolve *s, CmTurn *me, CmPart *pt, uint32_t x,
                    uint32_t w, uint64_t win, uint64_t lose, uint32_t k){
  uint8_t *a = GG_CM_PLYP(s->p, me->t, x, w*64);
  uint64_t b;
  if( k<GG_CM_PLY_BIG ){
    uint8_t cw = (uint8_t)(k<<1 | 1), cl = (uint8_t)(k<<1);
    for(b=win; b; b&=b-1) a[__builtin_ctzll(b)] = cw;
    for(b=lose; b; b&=b-1) a[__builtin_ctzll(b)] = cl;
    return 0;
  }
  for(b=win|lose; b; b&=b-1){
    uint32_t i = (uint32_t)__builtin_ctzll(b);
    GGCatMouseBig *e;
    if( gg_grow((void**)&pt->aBig, pt->nBig, &pt->nBigAlloc, sizeof(GGCatMouseBig)) ){
      return 1;
    }
    a[i] = GG_CM_CODE_BIG;
    e = &pt->aBig[pt->nBig++];
    e->x = x;
    e->y = w*64 + i;
    e->nPly = k;
    e->bWin = (win>>i)&1;
  }
  return 0;
}

/* Decide the positions win|lose of row x, word w at ply k: mark them,
** write their plies, mark the word in its owner's aNews.  0, or nonzero
** out of memory. */
static int cmDecide(CmSolve *s, CmTurn *me, uint32_t x, uint32_t w,
                    uint64_t win, uint64_t lose, uint32_t k){
  CmPart *pt = &me->aPart[CM_OWNER(s, w)];
  me->aDone[GG_CM_BIT(s->n, x, w)] |= win | lose;
  pt->aNews[(uint64_t)x*s->nDW + (w>>6)] |= 1ULL<<(w&63);
  pt->nNew++;
  return cmSetPly(s, me, pt, x, w, win, lose, k);
}

/* The hole bits of word w (engine numbers). */
static uint64_t cmHoles(const CmSolve *s, uint32_t w){
  return s->aHoleBit[w];
}

/* Ply 0 for one turn: the finished positions, and the positions that are
** not positions (the cat on a hole) marked decided with no plies. */
int cm_init_turn(CmSolve *s, CmTurn *me){
  uint32_t n = s->n, nW = s->nW, x, w;
  uint64_t pad = (n%64) ? ~0ULL<<(n%64) : 0;   /* bits past n, last word */
  for(x=0; x<n; x++){
    uint64_t *aDone = me->aDone;
    int bStuck = me->aOff[x+1]==me->aOff[x];   /* the mover cannot move */
    if( gg_poll(&s->setup, 1 + nW) ) return GG_INTERRUPT;
    aDone[GG_CM_BIT(n, x, nW-1)] |= pad;
    if( me->t==GG_CM_CAT && s->aHoleE[x] ){
      for(w=0; w<nW; w++) aDone[GG_CM_BIT(n, x, w)] = ~0ULL;
      continue;
    }
    for(w=0; w<nW; w++){
      uint64_t win = 0, lose = 0, none = 0, all = ~0ULL, bHole = cmHoles(s, w);
      uint64_t bSame = (x>>6)==w ? 1ULL<<(x&63) : 0;
      if( w==nW-1 ) all &= ~pad;
      if( me->t==GG_CM_MOUSE ){               /* x mouse, y cat */
        none = bHole;
        if( s->aHoleE[x] ) win = all & ~bHole; /* the mouse is home */
        else if( bStuck ) lose = all & ~bHole;
        else lose = bSame;                    /* caught */
      }else{                                  /* x cat, y mouse */
        win = bSame;                          /* the cat catches the mouse */
        lose = bHole;                         /* the mouse is home */
        if( bStuck ) lose = all & ~bSame;
      }
      aDone[GG_CM_BIT(n, x, w)] |= none;
      if( (win|lose) && cmDecide(s, me, x, w, win, lose, 0) ) return GG_NOMEM;
    }
  }
  return GG_OK;
}

/* xStep of gg_cand_rows(): the worker's poll (wordply.h). */
typedef struct CmStepCtx CmStepCtx;
struct CmStepCtx { CmSolve *s; CmWorker *wk; };
static int cmCandStep(void *pCtx, uint32_t nCost){
  CmStepCtx *c = (CmStepCtx*)pCtx;
  return cmStep(c->s, c->wk, nCost);
}

/* Candidate rows of this ply for turn me: x with a move to a row changed
** in the last ply, and their candidate words.  Returns their count. */
static uint32_t cmCandidates(CmSolve *s, CmWorker *wk, CmTurn *me, CmTurn *ot){
  GGDirty aDirty[CM_MAX_THREAD];
  CmStepCtx c;
  int q;
  for(q=0; q<s->nLane; q++){
    aDirty[q].aRow = ot->aPart[q].aDirtyRow;
    aDirty[q].nRow = ot->aPart[q].nDirtyRow;
  }
  c.s = s;
  c.wk = wk;
  return gg_cand_rows(&wk->cand, s->n, s->nDW, aDirty, s->nLane, s->aPredOff, s->aPred,
                      me->aOff, me->aMove, ot->aDirty, cmCandStep, &c);
}

/* The pass of ply k for turn me and one lane, run by worker wk: every
** position of this turn in the lane's bands decided at ply k, from the
** other turn's bitsets as of ply k-1. */
static void cmPass(CmSolve *s, CmWorker *wk, CmTurn *me, uint32_t k, int lane){
  CmTurn *ot = &s->aTurn[1-me->t];
  const uint64_t *aWinMe = ot->aWin[me->t];     /* children the mover won */
  const uint64_t *aWinOt = ot->aWin[1-me->t];   /* children the other won */
  uint32_t n = s->n, nDW = s->nDW, i, x, j, nCand, band;
  me->aPart[lane].nNew = 0;
  me->aPart[lane].iBigPly = me->aPart[lane].nBig;
  nCand = cmCandidates(s, wk, me, ot);
  /* One band of words at a time, over all candidate rows. */
  for(band=(uint32_t)lane; band<s->nWB && !cmStopped(s); band+=(uint32_t)s->nLane){
    for(i=0; i<nCand; i++){
      const uint32_t *aMv;
      uint32_t nMv;
      uint64_t bits = (wk->cand.aCandWord[(uint64_t)i*nDW + (band>>3)] >> ((band&7)*8)) & 0xff;
      if( bits==0 ) continue;
      x = wk->cand.aCandRow[i];
      aMv = me->aMove + me->aOff[x];
      nMv = me->aOff[x+1] - me->aOff[x];
      for(; bits; bits&=bits-1){
        uint32_t w = band*8 + (uint32_t)__builtin_ctzll(bits);
        uint64_t open = ~me->aDone[GG_CM_BIT(n, x, w)], win = 0, lose = ~0ULL;
        if( open==0 ) continue;
        if( cmStep(s, wk, nMv) ) return;
        for(j=0; j<nMv; j++){
          uint64_t iWord = GG_CM_BIT(n, aMv[j], w);
          win |= aWinMe[iWord];
          lose &= aWinOt[iWord];
        }
        win &= open;
        lose &= open & ~win;
        if( (win|lose) && cmDecide(s, me, x, w, win, lose, k) ){
          cmSetStop(s, GG_NOMEM);
          return;
        }
      }
    }
  }
}

/* Bits of the 64 ply bytes at a whose code is c or c|1 (*pWin: those
** of c|1). */
static uint64_t cmMatch(const uint8_t *a, uint8_t c, uint64_t *pWin){
  uint64_t m = 0, win = 0;
  int i;
#ifdef __SSE2__
  const __m128i fe = _mm_set1_epi8((char)0xfe), cc = _mm_set1_epi8((char)c);
  for(i=0; i<4; i++){
    __m128i v = _mm_loadu_si128((const __m128i*)(a + 16*i));
    uint64_t e = (uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_and_si128(v, fe), cc));
    uint64_t o = (uint16_t)_mm_movemask_epi8(_mm_slli_epi16(v, 7));
    m |= e<<(16*i);
    win |= o<<(16*i);
  }
#else
  for(i=0; i<64; i++){
    m |= (uint64_t)((a[i]&0xfe)==c)<<i;
    win |= (uint64_t)(a[i]&1)<<i;
  }
#endif
  *pWin = win & m;
  return m;
}

/* Positions (x, w*64+i) for i in win|lose into the transposed bitsets;
** their rows marked changed. */
static void cmApplyWord(CmSolve *s, CmTurn *me, CmPart *pt, uint32_t x,
                        uint32_t w, uint64_t win, uint64_t lose){
  uint32_t xw = x>>6, q, nDW = s->nDW;
  uint64_t xbit = 1ULL<<(x&63), dbit = 1ULL<<(xw&63);
  uint64_t iTile = GG_CM_BIT(s->n, w*64, xw);    /* row y = w*64 */
  for(q=0; q<2; q++){
    uint64_t *aTile = me->aWin[q==0 ? me->t : 1-me->t] + iTile, b;
    for(b = q==0 ? win : lose; b; b&=b-1){
      uint32_t iy = (uint32_t)__builtin_ctzll(b), y = w*64 + iy;
      aTile[iy*8] |= xbit;
      me->aDirty[(uint64_t)y*nDW + (xw>>6)] |= dbit;
    }
  }
  pt->aRowBits[w] |= win | lose;
}

/* The rows marked in aRowBits, listed in aDirtyRow; aRowBits cleared. */
static void cmListRows(CmSolve *s, CmPart *pt){
  uint32_t w;
  for(w=0; w<s->nW; w++){
    uint64_t b = pt->aRowBits[w];
    pt->aRowBits[w] = 0;
    for(; b; b&=b-1) pt->aDirtyRow[pt->nDirtyRow++] = w*64 + (uint32_t)__builtin_ctzll(b);
  }
}

/* The apply of ply k for turn me and one lane, run by worker wk: its new
** positions into the transposed bitsets; the changed words marked for the
** next ply.  (It polls too: on a dense ply it takes as long as the pass.) */
void cm_apply(CmSolve *s, CmWorker *wk, CmTurn *me, int iPart, uint32_t k){
  CmPart *pt = &me->aPart[iPart];
  uint32_t n = s->n, nDW = s->nDW, i, x, d;
  uint64_t e, pad = (n%64) ? ~0ULL<<(n%64) : 0;
  for(i=0; i<pt->nDirtyRow; i++){
    uint32_t y = pt->aDirtyRow[i];
    memset(me->aDirty + (uint64_t)y*nDW, 0, nDW*sizeof(uint64_t));
  }
  pt->nDirtyRow = 0;
  for(e=pt->iBigPly; e<pt->nBig; e++){
    const GGCatMouseBig *b = &pt->aBig[e];
    uint64_t bit = 1ULL<<(b->y&63);
    cmApplyWord(s, me, pt, b->x, b->y>>6, b->bWin ? bit : 0, b->bWin ? 0 : bit);
    if( cmStep(s, wk, 0) ) return;
  }
  for(x=0; x<n && pt->nNew; x++){
    uint64_t *aNews = pt->aNews + (uint64_t)x*nDW;
    for(d=0; d<nDW; d++){
      uint64_t m = aNews[d];
      aNews[d] = 0;
      for(; m && k<GG_CM_PLY_BIG; m&=m-1){
        uint32_t w = d*64 + (uint32_t)__builtin_ctzll(m);
        uint64_t valid = me->aDone[GG_CM_BIT(n, x, w)], win, got;
        if( w==s->nW-1 ) valid &= ~pad;
        if( me->t==GG_CM_MOUSE ) valid &= ~cmHoles(s, w);
        got = cmMatch(GG_CM_PLYP(s->p, me->t, x, w*64), (uint8_t)(k<<1), &win) & valid;
        win &= valid;
        cmApplyWord(s, me, pt, x, w, win, got & ~win);
        if( cmStep(s, wk, 1 + (uint32_t)__builtin_popcountll(got)/8) ) return;
      }
    }
  }
  cmListRows(s, pt);
}

static void cmBarrier(CmSolve *s){
  if( s->nRun>1 ) gg_barrier_wait(&s->bar);
}

/* The plies, as worker wk: its lanes are wk->i, wk->i + nRun, ... */
void cm_run(CmWorker *wk){
  CmSolve *s = wk->s;
  uint32_t k;
  int t, q, bDone;
  for(k=1; ; k++){
    uint64_t nNew = 0;
    for(q=wk->i; q<s->nLane; q+=s->nRun){
      cmPass(s, wk, &s->aTurn[0], k, q);
      cmPass(s, wk, &s->aTurn[1], k, q);
    }
    cmBarrier(s);
    for(t=0; t<2; t++) for(q=0; q<s->nLane; q++) nNew += s->aTurn[t].aPart[q].nNew;
    bDone = cmStopped(s) || nNew==0;
    /* Every worker has decided before any applies: worker 0 polls in the
    ** apply and may set the stop flag, which a worker still deciding would
    ** see and leave, while worker 0 waited for it at the next barrier. */
    cmBarrier(s);
    if( bDone ) break;
    if( wk->i==0 ) s->nPly = k;
    for(q=wk->i; q<s->nLane; q+=s->nRun){
      cm_apply(s, wk, &s->aTurn[0], q, k);
      cm_apply(s, wk, &s->aTurn[1], q, k);
    }
    cmBarrier(s);
  }
}
