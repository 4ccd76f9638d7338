/*
** race_ply.c: the plies of the fast race engine (the design is described
** in race.c, the rules in race.h): the pass of each ply over the
** candidate words, thin plies on one thread, wide ones on the lanes.
*/
#include <string.h>
#include "race_int.h"

#define rcSetStop(s, rc) gg_lanes_stop(&(s)->lanes, rc)
#define rcStopped(s) gg_lanes_stopped(&(s)->lanes)

/* Count the work of a visited row or word: 1 + the moves looked at
** (lanes.h). */
#define rcStep(s, wk, nCost) gg_lanes_step(&(s)->lanes, &(wk)->poll, nCost)


/* Plies k for the positions of row x, word w, in bits b; 0, or nonzero
** out of memory. */
static RC_HOT int rcSetPly(RcSolve *s, RcTurn *me, RcPart *pt, uint32_t x,
                    uint32_t w, uint64_t b, uint32_t k){
  uint64_t iRow = GG_RACE_PLY(s->n, x, w*64);
  uint32_t half = k>>1, mark = s->p->nPlyMark;
  int bWide = s->p->nPlyByte==2;
  uint8_t *a8 = gg_race_ply_at(s->p, me->t, x, w*64);
  uint16_t *a16 = (uint16_t*)a8;
  if( half<mark ){
    if( bWide ) for(; b; b&=b-1) a16[__builtin_ctzll(b)] = (uint16_t)half;
    else for(; b; b&=b-1) a8[__builtin_ctzll(b)] = (uint8_t)half;
    return 0;
  }
  for(; b; b&=b-1){
    uint32_t i = (uint32_t)__builtin_ctzll(b);
    if( gg_grow((void**)&pt->aBig, pt->nBig, &pt->nBigAlloc, sizeof(GGRaceBig)) ){
      return 1;
    }
    if( bWide ) a16[i] = (uint16_t)mark; else a8[i] = (uint8_t)mark;
    pt->aBig[pt->nBig].iPos = me->t*GG_RACE_PLY_SIZE(s->n, s->nWB) + iRow + i;
    pt->aBig[pt->nBig].nPly = k;
    pt->nBig++;
  }
  return 0;
}

/* The new positions win|lose of row x, word w into the transposed
** bitsets (rows y = 64w.., bit x) and their rows marked changed. */
static RC_HOT void rcMark(RcSolve *s, RcTurn *me, RcPart *pt, uint32_t x, uint32_t w,
                   uint64_t win, uint64_t lose){
  gg_word_apply(me->aWin, me->t, GG_RACE_BIT(s->n, w*64, x>>6), me->aDirty, s->nDW, x, w,
                win, lose, me->aRowMark, &pt->dirty);
}

/* Decide the positions win|lose of row x, word w at ply k: mark them,
** write their plies, put them in the transposed bitsets (the part of w's
** owner).  0, or nonzero out of memory. */
static RC_HOT int rcDecide(RcSolve *s, RcTurn *me, uint32_t x, uint32_t w,
                    uint64_t win, uint64_t lose, uint32_t k){
  uint64_t i = GG_RACE_BIT(s->n, x, w);
  RcPart *pt = &me->aPart[RC_OWNER(s, w)];
  me->aDone[i] |= win | lose;
  if( rcSetPly(s, me, pt, x, w, win|lose, k) ) return 1;
  rcMark(s, me, pt, x, w, win, lose);
  pt->nNew++;
  return 0;
}

/* Unmark the rows of one part marked by its turn's last ply. */
static void rcUnmark(RcSolve *s, RcTurn *me, RcPart *pt){
  uint32_t i;
  for(i=0; i<pt->dirty.nRow; i++){
    uint32_t y = pt->dirty.aRow[i];
    memset(me->aDirty + (uint64_t)y*s->nDW, 0, s->nDW*sizeof(uint64_t));
    me->aRowMark[y] = 0;
  }
  pt->dirty.nRow = 0;
  pt->nNew = 0;
}

/* Ply 0 for one turn: the bits past n marked decided; for Alice's turn
** (x Alice, y Bob) the finished positions. */
int rc_init_turn(RcSolve *s, RcTurn *me){
  uint32_t n = s->n, nW = s->nW, z = s->z, x, w;
  uint64_t pad = (n%64) ? ~0ULL<<(n%64) : 0;   /* bits past n, last word */
  uint64_t all = ~0ULL, bz = 1ULL<<(z&63);
  for(x=0; x<n; x++){
    if( gg_poll(&s->setup, 1) ) return GG_INTERRUPT;
    me->aDone[GG_RACE_BIT(n, x, nW-1)] |= pad;
    if( me->t!=GG_RACE_ALICE ) continue;
    if( x==z ){                             /* Alice is on z */
      for(w=0; w<nW; w++){
        uint64_t win = (w==nW-1 ? all & ~pad : all) & (w==z>>6 ? ~bz : all);
        if( rcDecide(s, me, x, w, win, 0, 0) ) return GG_NOMEM;
      }
      me->aDone[GG_RACE_BIT(n, x, z>>6)] |= bz;   /* the arrival draw */
    }else if( rcDecide(s, me, x, z>>6, 0, bz, 0) ){   /* Bob is on z */
      return GG_NOMEM;
    }
  }
  return GG_OK;
}

/* Candidate rows of the pass of turn me: x with a move to a row x'
** changed in the other turn ot, and their candidate words (those changed
** in some such x').  Returns their number (rows in wk->cand.aCandRow). */
static uint32_t rcCandidates(RcSolve *s, RcWorker *wk, const RcTurn *ot){
  return gg_cand_rows(&wk->cand, s->n, s->nDW, &ot->aPart[0].dirty, sizeof(RcPart),
                      s->lanes.nLane, s->aPreOff, s->aPre, ot->aDirty, &s->lanes, &wk->poll);
}

/* Word w of row x of turn me at ply k, from the other turn's transposed
** bitsets: decide what is new.  0, or nonzero out of memory. */
static RC_HOT int rcWord(RcSolve *s, RcTurn *me, const RcTurn *ot, uint32_t x,
                         uint32_t w, uint32_t k){
  const uint64_t *aWinMe = ot->aWin[me->t];     /* children the mover won */
  const uint64_t *aWinOt = ot->aWin[1-me->t];   /* children the other won */
  const uint32_t *aMv = s->aMove + s->aOff[x];
  uint32_t nMv = s->aOff[x+1] - s->aOff[x], n = s->n, j;
  uint64_t open = ~me->aDone[GG_RACE_BIT(n, x, w)], win = 0, lose = ~0ULL;
  for(j=0; j<nMv; j++){
    uint32_t to = aMv[j];
    uint64_t iWord = GG_RACE_BIT(n, to, w), mw = aWinMe[iWord], mo = aWinOt[iWord];
    if( (to>>6)==w && to!=x && to!=s->z ){   /* may not step onto y = to */
      uint64_t b = 1ULL<<(to&63);
      mw &= ~b;
      mo |= b;
    }
    win |= mw;
    lose &= mo;
  }
  win &= open;
  lose &= open & ~win;
  return (win|lose) ? rcDecide(s, me, x, w, win, lose, k) : 0;
}

/* Word w of row x at ply k, if open.  Nonzero if the solve stops. */
static RC_HOT int rcVisit(RcSolve *s, RcWorker *wk, RcTurn *me, const RcTurn *ot,
                          uint32_t x, uint32_t w, uint32_t k){
  if( ~me->aDone[GG_RACE_BIT(s->n, x, w)]==0 ) return 0;
  if( rcStep(s, wk, s->aOff[x+1] - s->aOff[x]) ) return 1;
  if( rcWord(s, me, ot, x, w, k) ){ rcSetStop(s, GG_NOMEM); return 1; }
  return 0;
}

/* Ply k for turn me and the lanes lane, lane+step, ... (one lane: step
** nLane; all, on one thread: 0 and 1), run by worker wk: every position of
** this turn in their bands decided at ply k, from the other turn's
** bitsets as of ply k-1.  A wide ply goes one band at a time over all
** candidate rows (its working set stays in the cache); a thin one
** (bRows) row by row. */
static void rcPass(RcSolve *s, RcWorker *wk, RcTurn *me, uint32_t k, int lane, int step,
                   int bRows){
  const RcTurn *ot = &s->aTurn[1-me->t];
  uint32_t nDW = s->nDW, i, d, nCand, band;
  int q;
  for(q=lane; q<s->lanes.nLane; q+=step) rcUnmark(s, me, &me->aPart[q]);
  nCand = rcCandidates(s, wk, ot);
  if( rcStopped(s) ) return;
  if( bRows ){
    for(i=0; i<nCand; i++){
      uint32_t x = wk->cand.aCandRow[i];
      const uint64_t *cw = wk->cand.aCandWord + (uint64_t)x*nDW;
      for(d=0; d<nDW; d++){
        uint64_t bits;
        for(bits=cw[d]; bits; bits&=bits-1){
          if( rcVisit(s, wk, me, ot, x, d*64 + (uint32_t)__builtin_ctzll(bits), k) ) return;
        }
      }
    }
    return;
  }
  for(band=(uint32_t)lane; band<s->nWB; band+=(uint32_t)step){
    for(i=0; i<nCand; i++){
      uint32_t x = wk->cand.aCandRow[i];
      uint64_t bits = (wk->cand.aCandWord[(uint64_t)x*nDW + (band>>3)] >> ((band&7)*8)) & 0xff;
      for(; bits; bits&=bits-1){
        if( rcVisit(s, wk, me, ot, x, band*8 + (uint32_t)__builtin_ctzll(bits), k) ) return;
      }
    }
  }
}

/* Words decided at ply k (turn k % 2) by every lane. */
static uint64_t rcNewWords(RcSolve *s, uint32_t k){
  uint64_t nNew = 0;
  int q;
  for(q=0; q<s->lanes.nLane; q++) nNew += s->aTurn[k&1].aPart[q].nNew;
  return nNew;
}

/* The words of the ply just done: is the next thin (lanes.h)? */
#define rcLast(wk, nNew) ((wk)->bThin = gg_lanes_thin(&(wk)->nLast, nNew, GG_RACE_THIN))

/* Ply k on every worker, each its lanes, with a barrier after it; 0, or 1
** if it was the last (nothing new, or stopped). */
static int rcPlyLanes(RcSolve *s, RcWorker *wk, uint32_t k){
  uint64_t nNew;
  int q;
  for(q=wk->i; q<s->lanes.nLane; q+=s->lanes.nRun){
    rcPass(s, wk, &s->aTurn[k&1], k, q, s->lanes.nLane, 0);
  }
  gg_lanes_barrier_ask(&s->lanes, wk->i, &wk->poll);   /* (never after the decision) */
  nNew = rcNewWords(s, k);
  if( rcStopped(s) || nNew==0 ) return 1;
  if( wk->i==0 ) s->nPly = k;
  /* both decided on the same nNew and stop flag: a stop set in the next
  ** ply must not be seen here by one */
  gg_lanes_barrier(&s->lanes);
  rcLast(wk, nNew);
  return 0;
}

/* The plies, as worker wk: its lanes are wk->i, wk->i + nRun, ...  Ply
** k is turn k % 2's (Bob's first: Alice's ply 0 is set up).  A thin ply
** (after two small ones) runs on worker 0 alone, every lane, no barrier;
** worker 1 waits at the barrier (parked) until worker 0 comes to a ply
** that is not thin (s->lanes.kResume) or to the end (s->lanes.bEnd). */
void rc_run(RcWorker *wk){
  RcSolve *s = wk->s;
  uint32_t k;
  int bParked = 0;               /* worker 0: worker 1 is parked */
  for(k=1; ; k++){
    int bThin = wk->bThin;
    if( bThin && wk->i!=0 ){
      if( gg_lanes_park(&s->lanes) ) return;   /* until worker 0 wakes it */
      k = s->lanes.kResume;
      wk->nLast = s->aWork[0].nLast;   /* written again only after a barrier */
      bThin = 0;
    }else if( bThin ){
      uint64_t nNew;
      if( s->lanes.nRun>1 ) bParked = 1;
      rcPass(s, wk, &s->aTurn[k&1], k, 0, 1, 1);
      nNew = rcNewWords(s, k);
      if( rcStopped(s) || nNew==0 ) break;
      s->nPly = k;
      rcLast(wk, nNew);
      continue;
    }else if( bParked ){         /* worker 0: wake worker 1 for ply k */
      bParked = 0;
      gg_lanes_wake(&s->lanes, k);
    }
    if( rcPlyLanes(s, wk, k) ) return;
  }
  if( bParked ) gg_lanes_end(&s->lanes);   /* worker 0 ends alone: let worker 1 go */
}
