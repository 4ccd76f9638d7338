/*
** race.c: the fast race engine, every position (see race.h for the rules
** and the contract); the same design as catmouse.c, for the race's rules.
**
** Value iteration by plies, 64 positions per machine word.  A position of
** turn t (0 Alice, 1 Bob) has the mover (player t) on node x and the other
** player on node y.  For each turn and player there is a bitset of the
** positions of that turn won by that player, stored transposed: one row
** per node of the player NOT to move, one bit per node of the mover.  A
** position (x, y) of turn t has the children (x', y) of the other turn,
** for x' among the mover's moves from x: x itself (staying) and the heads
** of the arcs out of x; a move x -> x' != x is illegal for the one bit
** y = x' unless x' is z (no stepping onto the other player).  So
**
**     the mover wins within k plies  iff  OR  over x' of row x' of
**         "other turn, won by player t" has bit y   (within k-1 plies)
**     the mover loses within k plies iff  AND over x' of row x' of
**         "other turn, won by the other player" has bit y
**
** with bit x' masked out of the OR (and set in the AND) for x' != x, z;
** one word op settles 64 positions (x, y..y+63).  Ply k computes every
** position first decided at ply k from the bitsets of ply k-1; its plies
** are then exactly those of the FIFO retrograde solve (the nearest win,
** the farthest loss).  Only words whose inputs changed are visited: the
** last ply marks the changed words of each row (aDirty), and a row x is
** a candidate when one of its moves leads to a changed row: x is x' or a
** tail of an arc into x' (the reversed moves, aPre).
**
** Ply 0: Alice's positions with Alice on z are won by her, those with
** Bob on z lost; (z, z) is the arrival draw, marked decided and not won,
** so it never counts as a won child.  Bob's positions are never finished.
**
** Every finished position is one of Alice's and every move changes the
** turn, so Alice's positions are decided at even plies and Bob's at odd
** ones: ply k is a pass over turn k % 2 alone, reading only the other
** turn's bitsets.  So a position decided at ply k goes at once into its
** own layout (row x, bit y: aDone, aWin, its plies) and into its turn's
** transposed bitsets, with the changed words marked; no list of new
** positions is kept (catmouse.c, where both turns move in each ply, needs
** one).  The bitsets are stored in bands of 512 columns (8 words, a cache
** line per row; GG_RACE_BIT) and the pass works one band at a time over
** all rows.
**
** Threads split the bands: lane i owns the bands b with b % nLane == i.
** A lane computes the words w of its bands; their new positions land in
** the transposed rows 64w..64w+63, which are rows of the same band, so no
** two lanes write the same memory in a ply.  Each worker thread runs one
** lane (or all of them if a thread could not be started), with a barrier
** after each ply.  The calling thread (worker 0) polls the GGStop about
** every GG_STOP_EVERY words of work.
**
** Memory per position: plies/2 in 1 byte, or 2 bytes if some node is 254
** or more steps from z (race.h; larger values go to a sorted side table,
** aBig), 2 bits of result (decided, mover wins), and during the solve 1
** bit more: the transposed bitsets are the wins of the mover (their own
** turn's) and of the other player, and the first of the two is the
** result's "mover wins", transposed, so it is kept only that way and
** turned into the result's layout in place after the last ply
** (rcWinsOwn, gg_bits_transpose).
**
** Nodes are numbered breadth first from z (rcOrder), so that the 64 nodes
** of a word are at about the same distance from z and their positions
** are decided in nearby plies: a word is visited in fewer plies.
*/
#include <string.h>
#include <stdlib.h>
#include <pthread.h>
#include "alloc.h"
#include "barrier.h"
#include "race.h"
#include "wordply.h"

#define RC_MAX_THREAD 2

/* One lane's share of one turn: what it found in its bands. */
typedef struct RcPart RcPart;
struct RcPart {
  uint64_t nNew;       /* words with new positions in the last ply */
  GGRaceBig *aBig;     /* positions whose plies are not in aPly */
  uint64_t nBig;       /* entries in aBig */
  uint64_t nBigAlloc;  /* entries that fit in aBig */
  uint32_t *aDirtyRow; /* transposed rows (of its bands) marked in aDirty
                       ** by the last ply of this turn */
  uint32_t nDirtyRow;  /* entries in aDirtyRow */
};

/* The solve's data for one turn. */
typedef struct RcTurn RcTurn;
struct RcTurn {
  int t;               /* GG_RACE_ALICE or GG_RACE_BOB: who moves */
  uint64_t *aDone;     /* decided positions: row x, bit y (into GGRace) */
  uint64_t *aWin[2];   /* aWin[q]: won by player q; row y, bit x.  aWin[t]
                       ** is GGRace's aWin of this turn, transposed after
                       ** the solve; aWin[1-t] is in aBlock */
  uint64_t *aBlock;    /* the turn's own arrays (rcTurnInit) */
  uint64_t *aDirty;    /* nDW words per row y: words of aWin[*] rows changed */
  uint8_t *aRowMark;   /* aRowMark[y]: y is in its part's aDirtyRow */
  RcPart aPart[RC_MAX_THREAD];  /* per lane */
};

/* One thread's scratch. */
typedef struct RcWorker RcWorker;
struct RcWorker {
  int i;               /* 0: the calling thread */
  struct RcSolve *s;   /* the solve */
  GGCand cand;         /* rows to visit and their words (wordply.h) */
  GGPoll poll;         /* rows and words visited; asks the GGStop (worker 0) */
  uint64_t nLast;      /* words decided in the last ply */
  int bThin;           /* this and the ply before decided under GG_RACE_THIN
                       ** words: the next runs on worker 0 alone */
};

/* The whole solve. */
typedef struct RcSolve RcSolve;
struct RcSolve {
  GGRace *p;           /* the result being filled */
  GGPoll setup;        /* polls the GGStop during the set-up (calling thread) */
  uint32_t n;          /* nodes */
  uint32_t z;          /* the goal */
  uint32_t nW;         /* words per row: ceil(n/64) */
  uint32_t nDW;        /* words per row of aDirty: ceil(nW/64) */
  uint32_t nWB;        /* bands: ceil(nW/8) */
  uint32_t nPly;       /* last ply that decided something */
  uint32_t *aOff;      /* moves from x: aMove[aOff[x]..aOff[x+1]-1], x first */
  uint32_t *aMove;     /*   (staying, then the heads of arcs out of x) */
  uint32_t *aPreOff;   /* moves into x: aPre[aPreOff[x]..], x first; the */
  uint32_t *aPre;      /*   same arrays as aOff/aMove if undirected */
  int nLane;           /* lanes, 1..RC_MAX_THREAD */
  int nRun;            /* worker threads running the lanes, 1 or nLane */
  int bStop;           /* set (atomically) to stop every worker */
  int rc;              /* GG_NOMEM or GG_INTERRUPT once stopped */
  GGBarrier bar;       /* between the phases when nRun>1 */
  uint32_t kResume;    /* the ply worker 0 wakes the parked worker 1 for */
  int bEnd;            /* ... or set: the solve is over */
  RcTurn aTurn[2];     /* Alice's turn and Bob's */
  RcWorker aWork[RC_MAX_THREAD];  /* the workers */
};

/* The lane that owns word w (and transposed rows 64w..64w+63). */
#define RC_OWNER(s, w) ((int)(((w)>>3) % (uint32_t)(s)->nLane))

/* Words decided in a ply under which the next runs on one thread, with no
** barrier (as in catmouse_ply.c); tests lower it. */
#ifndef GG_RACE_THIN
# define GG_RACE_THIN 8192
#endif

/* The helpers of the inner loops: inlined (each word of a thin ply goes
** through all of them). */
#define RC_HOT inline __attribute__((always_inline))

static void rcSetStop(RcSolve *s, int rc){
  if( __atomic_exchange_n(&s->bStop, 1, __ATOMIC_ACQ_REL)==0 ) s->rc = rc;
}
static int rcStopped(RcSolve *s){
  return __atomic_load_n(&s->bStop, __ATOMIC_ACQUIRE);
}

/* Count the work of a visited row or word: 1 + the moves looked at; poll
** the GGStop about every GG_STOP_EVERY of them, from the calling thread. */
static RC_HOT int rcStep(RcSolve *s, RcWorker *wk, uint32_t nCost){
  if( gg_poll(&wk->poll, 1 + nCost) ) rcSetStop(s, GG_INTERRUPT);
  return wk->poll.nWork==0 && rcStopped(s);   /* looked at after each poll */
}


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
  uint32_t xw = x>>6, nDW = s->nDW, q;
  uint64_t xbit = 1ULL<<(x&63), dbit = 1ULL<<(xw&63);
  uint64_t iTile = GG_RACE_BIT(s->n, w*64, xw);    /* row y = w*64 */
  for(q=0; q<2; q++){
    uint64_t *aTile = me->aWin[q==0 ? me->t : 1-me->t] + iTile, b;
    for(b = q==0 ? win : lose; b; b&=b-1){
      uint32_t iy = (uint32_t)__builtin_ctzll(b), y = w*64 + iy;
      aTile[iy*8] |= xbit;
      me->aDirty[(uint64_t)y*nDW + (xw>>6)] |= dbit;
      if( !me->aRowMark[y] ){
        me->aRowMark[y] = 1;
        pt->aDirtyRow[pt->nDirtyRow++] = y;
      }
    }
  }
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
  for(i=0; i<pt->nDirtyRow; i++){
    uint32_t y = pt->aDirtyRow[i];
    memset(me->aDirty + (uint64_t)y*s->nDW, 0, s->nDW*sizeof(uint64_t));
    me->aRowMark[y] = 0;
  }
  pt->nDirtyRow = 0;
  pt->nNew = 0;
}

/* Ply 0 for one turn: the bits past n marked decided; for Alice's turn
** (x Alice, y Bob) the finished positions. */
static int rcInitTurn(RcSolve *s, RcTurn *me){
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

/* xStep of gg_cand_rows(): the worker's poll (wordply.h). */
typedef struct RcStepCtx RcStepCtx;
struct RcStepCtx { RcSolve *s; RcWorker *wk; };
static int rcCandStep(void *pCtx, uint32_t nCost){
  RcStepCtx *c = (RcStepCtx*)pCtx;
  return rcStep(c->s, c->wk, nCost);
}

/* Candidate rows of the pass of turn me: x with a move to a row x'
** changed in the other turn ot, and their candidate words (those changed
** in some such x').  Returns their number (rows in wk->cand.aCandRow). */
static uint32_t rcCandidates(RcSolve *s, RcWorker *wk, const RcTurn *ot){
  GGDirty aDirty[RC_MAX_THREAD];
  RcStepCtx c;
  int q;
  for(q=0; q<s->nLane; q++){
    aDirty[q].aRow = ot->aPart[q].aDirtyRow;
    aDirty[q].nRow = ot->aPart[q].nDirtyRow;
  }
  c.s = s;
  c.wk = wk;
  return gg_cand_rows(&wk->cand, s->n, s->nDW, aDirty, s->nLane, s->aPreOff, s->aPre,
                      ot->aDirty, rcCandStep, &c);
}

/* Word w of row x of turn me at ply k, from the other turn's transposed
** bitsets: decide what is new.  An open position won nothing from children
** decided before ply k-1, so its new wins come from the moves into rows
** that changed at ply k-1 (the other turn's aDirty) alone; its loss needs
** every child, and the AND stops once no open position is left in it.
** 0, or nonzero out of memory. */
static RC_HOT int rcWord(RcSolve *s, RcTurn *me, const RcTurn *ot, uint32_t x,
                         uint32_t w, uint32_t k){
  const uint64_t *aWinMe = ot->aWin[me->t];     /* children the mover won */
  const uint64_t *aWinOt = ot->aWin[1-me->t];   /* children the other won */
  const uint64_t *aDirtyOt = ot->aDirty + (w>>6);
  const uint32_t *aMv = s->aMove + s->aOff[x];
  uint32_t nMv = s->aOff[x+1] - s->aOff[x], n = s->n, nDW = s->nDW, j;
  uint64_t open = ~me->aDone[GG_RACE_BIT(n, x, w)], win = 0, lose = ~0ULL;
  uint64_t dbit = 1ULL<<(w&63);
  for(j=0; j<nMv; j++){
    uint32_t to = aMv[j];
    uint64_t mw;
    if( !(aDirtyOt[(uint64_t)to*nDW] & dbit) ) continue;
    mw = aWinMe[GG_RACE_BIT(n, to, w)];
    if( (to>>6)==w && to!=x && to!=s->z ) mw &= ~(1ULL<<(to&63));  /* may not step onto y = to */
    win |= mw;
  }
  win &= open;
  for(j=0; j<nMv && (lose & open & ~win); j++){
    uint32_t to = aMv[j];
    uint64_t mo = aWinOt[GG_RACE_BIT(n, to, w)];
    if( (to>>6)==w && to!=x && to!=s->z ) mo |= 1ULL<<(to&63);
    lose &= mo;
  }
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
** bitsets as of ply k-1.  One lane goes one band at a time over all
** candidate rows (a dense ply's working set stays in the cache); all
** lanes (a thin ply) go row by row. */
static void rcPass(RcSolve *s, RcWorker *wk, RcTurn *me, uint32_t k, int lane, int step){
  const RcTurn *ot = &s->aTurn[1-me->t];
  uint32_t nDW = s->nDW, i, d, nCand, band;
  int q;
  for(q=lane; q<s->nLane; q+=step) rcUnmark(s, me, &me->aPart[q]);
  nCand = rcCandidates(s, wk, ot);
  if( rcStopped(s) ) return;
  if( step==1 ){
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

static void rcBarrier(RcSolve *s){
  if( s->nRun>1 ) gg_barrier_wait(&s->bar);
}

/* Worker 0's poll while it waits at the barrier after a pass. */
static void rcBarrierPoll(void *pArg){
  RcWorker *wk = (RcWorker*)pArg;
  if( gg_poll_now(&wk->poll) ) rcSetStop(wk->s, GG_INTERRUPT);
}

/* The barrier after a pass: worker 0 keeps asking the GGStop while the
** other lane finishes a big ply.  Both decide after it, on the same flag
** (never at the barrier after the decision). */
static void rcBarrierAsk(RcSolve *s, RcWorker *wk){
  if( s->nRun<=1 ) return;
  if( wk->i==0 ) gg_barrier_wait_poll(&s->bar, rcBarrierPoll, wk);
  else gg_barrier_wait(&s->bar);
}

/* Words decided at ply k (turn k % 2) by every lane. */
static uint64_t rcNewWords(RcSolve *s, uint32_t k){
  uint64_t nNew = 0;
  int q;
  for(q=0; q<s->nLane; q++) nNew += s->aTurn[k&1].aPart[q].nNew;
  return nNew;
}

/* The words of the ply just done: the next is thin if neither this ply
** nor the one before decided GG_RACE_THIN words. */
static void rcLast(RcWorker *wk, uint64_t nNew){
  wk->bThin = nNew<GG_RACE_THIN && wk->nLast<GG_RACE_THIN;
  wk->nLast = nNew;
}

/* Ply k on every worker, each its lanes, with a barrier after it; 0, or 1
** if it was the last (nothing new, or stopped). */
static int rcPlyLanes(RcSolve *s, RcWorker *wk, uint32_t k){
  uint64_t nNew;
  int q;
  for(q=wk->i; q<s->nLane; q+=s->nRun) rcPass(s, wk, &s->aTurn[k&1], k, q, s->nLane);
  rcBarrierAsk(s, wk);
  nNew = rcNewWords(s, k);
  if( rcStopped(s) || nNew==0 ) return 1;
  if( wk->i==0 ) s->nPly = k;
  rcBarrier(s);     /* both decided on the same nNew and stop flag: a stop
                    ** set in the next ply must not be seen here by one */
  rcLast(wk, nNew);
  return 0;
}

/* The plies, as worker wk: its lanes are wk->i, wk->i + nRun, ...  Ply
** k is turn k % 2's (Bob's first: Alice's ply 0 is set up).  A thin ply
** (after two small ones) runs on worker 0 alone, every lane, no barrier;
** worker 1 waits at the barrier (parked) until worker 0 comes to a ply
** that is not thin (s->kResume) or to the end (s->bEnd). */
static void rcRun(RcWorker *wk){
  RcSolve *s = wk->s;
  uint32_t k;
  int bParked = 0;               /* worker 0: worker 1 is parked */
  for(k=1; ; k++){
    int bThin = wk->bThin;
    if( bThin && wk->i!=0 ){
      gg_barrier_wait(&s->bar);  /* parked until worker 0 wakes it */
      if( s->bEnd ) return;
      k = s->kResume;
      wk->nLast = s->aWork[0].nLast;   /* written again only after a barrier */
      bThin = 0;
    }else if( bThin ){
      uint64_t nNew;
      if( s->nRun>1 ) bParked = 1;
      rcPass(s, wk, &s->aTurn[k&1], k, 0, 1);
      nNew = rcNewWords(s, k);
      if( rcStopped(s) || nNew==0 ) break;
      s->nPly = k;
      rcLast(wk, nNew);
      continue;
    }else if( bParked ){         /* worker 0: wake worker 1 for ply k */
      s->kResume = k;
      bParked = 0;
      gg_barrier_wait(&s->bar);
    }
    if( rcPlyLanes(s, wk, k) ) return;
  }
  if( bParked ){                 /* worker 0 ends alone: let worker 1 go */
    s->bEnd = 1;
    gg_barrier_wait(&s->bar);
  }
}

static void *rcThread(void *pArg){
  rcRun((RcWorker*)pArg);
  return 0;
}

/* The moves as CSR into aOff/aMove (n+1 and n + arcs entries): for each
** x, x itself, then the arcs' heads (in = 0) or tails (in = 1) but x. */
static int rcMoves(RcSolve *s, int in, const uint32_t *aInv, uint32_t *aOff,
                   uint32_t *aMove){
  const GGGraph *pG = s->p->pG;
  const uint32_t *aPerm = s->p->aPerm;
  uint32_t x, j, nOut = 0;
  for(x=0; x<s->n; x++){
    uint32_t u = aInv[x], d = in ? GG_INDEG(pG, u) : GG_DEG(pG, u);
    const uint32_t *a = in ? GG_INNBR(pG, u) : GG_NBR(pG, u);
    aOff[x] = nOut;
    aMove[nOut++] = x;
    for(j=0; j<d; j++) if( a[j]!=u ) aMove[nOut++] = aPerm[a[j]];
    if( gg_poll(&s->setup, 1 + d) ) return GG_INTERRUPT;
  }
  aOff[s->n] = nOut;
  return GG_OK;
}

/* One allocation for the moves both ways (one way if undirected), in the
** engine's numbering (aInv: its inverse). */
static int rcMovesInit(RcSolve *s, const uint32_t *aInv){
  const GGGraph *pG = s->p->pG;
  uint64_t nOne = (uint64_t)s->n + 1 + s->n + pG->nArc;
  int rc;
  s->aOff = gg_malloc((pG->bDirected ? 2 : 1)*nOne*sizeof(uint32_t));
  if( s->aOff==0 ) return GG_NOMEM;
  s->aMove = s->aOff + s->n + 1;
  rc = rcMoves(s, 0, aInv, s->aOff, s->aMove);
  if( rc || !pG->bDirected ){
    s->aPreOff = s->aOff;
    s->aPre = s->aMove;
    return rc;
  }
  s->aPreOff = s->aOff + nOne;
  s->aPre = s->aPreOff + s->n + 1;
  return rcMoves(s, 1, aInv, s->aPreOff, s->aPre);
}

static void rcTurnFree(RcTurn *me){
  int q;
  gg_free(me->aBlock);
  for(q=0; q<RC_MAX_THREAD; q++) gg_free(me->aPart[q].aBig);
  memset(me, 0, sizeof(*me));
}

/* The arrays of a turn: the wins of the mover are the result's aWin
** (transposed until rcWinsOwn), the rest one allocation. */
static int rcTurnInit(RcSolve *s, int t){
  RcTurn *me = &s->aTurn[t];
  GGRace *p = s->p;
  uint64_t n = s->n, nBits = GG_RACE_BIT_SIZE(n, s->nWB), nDirty = n*s->nDW;
  uint64_t nU64 = nBits + nDirty;                /* aWin[1-t], aDirty */
  uint64_t nByte = nU64*8 + s->nLane*n*4 + n;    /* aDirtyRow, aRowMark */
  uint32_t *a32;
  int q;
  memset(me, 0, sizeof(*me));
  me->t = t;
  me->aDone = p->aDone + t*nBits;
  me->aWin[t] = p->aWin + t*nBits;
  me->aBlock = gg_malloc(nByte);
  if( me->aBlock==0 ) return GG_NOMEM;
  memset(me->aBlock, 0, nU64*8);
  me->aWin[1-t] = me->aBlock;
  me->aDirty = me->aBlock + nBits;
  a32 = (uint32_t*)(me->aDirty + nDirty);
  for(q=0; q<s->nLane; q++) me->aPart[q].aDirtyRow = a32 + q*n;
  me->aRowMark = (uint8_t*)(a32 + s->nLane*n);
  memset(me->aRowMark, 0, n);
  return GG_OK;
}

/* A worker's scratch (wordply.h). */
static int rcWorkerInit(RcSolve *s, int i){
  RcWorker *wk = &s->aWork[i];
  wk->i = i;
  wk->s = s;
  gg_poll_init(&wk->poll, i==0 ? s->setup.pStop : 0);   /* worker 0 asks */
  return gg_cand_init(&wk->cand, s->n, s->nDW);
}

static int rcBigCmp(const void *a, const void *b){
  uint64_t x = ((const GGRaceBig*)a)->iPos, y = ((const GGRaceBig*)b)->iPos;
  return (x>y) - (x<y);
}

/* Move every part's big plies into p->aBig, sorted. */
static int rcBigMerge(RcSolve *s){
  GGRace *p = s->p;
  uint64_t nAll = 0;
  int t, q;
  for(t=0; t<2; t++) for(q=0; q<s->nLane; q++) nAll += s->aTurn[t].aPart[q].nBig;
  if( nAll==0 ) return GG_OK;
  p->aBig = gg_malloc(nAll*sizeof(GGRaceBig));
  if( p->aBig==0 ) return GG_NOMEM;
  for(t=0; t<2; t++) for(q=0; q<s->nLane; q++){
    const RcPart *pt = &s->aTurn[t].aPart[q];
    if( pt->nBig ) memcpy(p->aBig+p->nBig, pt->aBig, pt->nBig*sizeof(GGRaceBig));
    p->nBig += pt->nBig;
  }
  qsort(p->aBig, p->nBig, sizeof(GGRaceBig), rcBigCmp);
  return GG_OK;
}

/* From one BFS to z: the engine's numbering, breadth first from z (so
** the 64 nodes of a word have about the same distance, and their
** positions are decided in nearby plies: fewer visits per word), the
** nodes that cannot reach z last; aInv (n entries) gets its inverse.
** And the width of the plies entries: one byte if no win can be longer
** than 2*GG_RACE_PLY_BIG8 - 1 plies, by the longest finite distance. */
static int rcOrder(RcSolve *s, uint32_t *aInv){
  GGRace *p = s->p;
  static const uint64_t mxNarrow = GG_RACE_PLY_NARROW;
  uint32_t *aDist = gg_malloc(((uint64_t)s->n + 1)*sizeof(uint32_t)), dMax, v, i;
  if( aDist==0 ) return GG_NOMEM;
  dMax = gg_race_distances(p->pG, p->z, aDist, aInv);
  for(i=0, v=0; v<s->n; v++) i += aDist[v]!=0xffffffffu;     /* reached */
  for(v=0; v<s->n; v++) if( aDist[v]==0xffffffffu ) aInv[i++] = v;
  for(i=0; i<s->n; i++) p->aPerm[aInv[i]] = i;
  gg_free(aDist);
  s->z = p->aPerm[p->z];                                    /* 0 */
  p->nPlyByte = dMax<mxNarrow ? 1 : 2;
  p->nPlyMark = p->nPlyByte==1 ? GG_RACE_PLY_BIG8 : GG_RACE_PLY_BIG;
  return gg_poll(&s->setup, s->n + p->pG->nArc) ? GG_INTERRUPT : GG_OK;
}

/* The arrays of the result and of the solve, and ply 0. */
static int rcSetup(RcSolve *s){
  GGRace *p = s->p;
  uint64_t n = s->n, nBitWords = 2*GG_RACE_BIT_SIZE(n, s->nWB);
  int rc, t, i;
  uint32_t *aInv = gg_malloc((n + 1)*sizeof(uint32_t));
  p->aPerm = gg_malloc((n + 1)*sizeof(uint32_t));
  if( aInv==0 || p->aPerm==0 ){ gg_free(aInv); return GG_NOMEM; }
  rc = rcOrder(s, aInv);
  if( rc==GG_OK ) rc = rcMovesInit(s, aInv);
  gg_free(aInv);
  if( rc ) return rc;
  p->apPly = gg_malloc(2*(uint64_t)s->nWB*sizeof(uint8_t*));
  if( p->apPly==0 ) return GG_NOMEM;
  memset(p->apPly, 0, 2*(uint64_t)s->nWB*sizeof(uint8_t*));
  p->nPlyLast = s->n - 512*(s->nWB-1);
  for(i=0; i<2*(int)s->nWB; i++){
    uint64_t nCol = (uint32_t)i%s->nWB==s->nWB-1 ? p->nPlyLast : 512;
    if( (p->apPly[i] = gg_malloc(n*nCol*p->nPlyByte))==0 ) return GG_NOMEM;
  }
  p->aDone = gg_malloc(2*nBitWords*sizeof(uint64_t));
  if( p->aDone==0 ) return GG_NOMEM;
  p->aWin = p->aDone + nBitWords;
  memset(p->aDone, 0, 2*nBitWords*sizeof(uint64_t));
  if( gg_poll_now(&s->setup) ) return GG_INTERRUPT;
  for(t=0; t<2; t++) if( (rc = rcTurnInit(s, t))!=GG_OK ) return rc;
  for(i=0; i<s->nLane; i++) if( (rc = rcWorkerInit(s, i))!=GG_OK ) return rc;
  for(t=0; t<2; t++) if( (rc = rcInitTurn(s, &s->aTurn[t]))!=GG_OK ) return rc;
  return gg_poll_now(&s->setup) ? GG_INTERRUPT : GG_OK;
}

/* After the solve: each turn's wins of the mover, kept transposed (row y,
** bit x) for the solve, turned into the result's layout (row x, bit y)
** in place; the result needs no array of its own for them. */
static int rcWinsOwn(RcSolve *s){
  int t;
  for(t=0; t<2; t++){
    if( gg_bits_transpose(s->aTurn[t].aWin[t], s->n, &s->setup) ) return GG_INTERRUPT;
  }
  return GG_OK;
}

/* Run the plies: a thread per lane after the first; if that cannot be
** started, this thread runs every lane. */
static void rcSolveAll(RcSolve *s, int nThread){
  pthread_t th;
  if( s->nLane==2 && nThread>=0 && gg_barrier_init(&s->bar, 2)==0 ){
    s->nRun = 2;
    if( pthread_create(&th, 0, rcThread, &s->aWork[1]) ){
      s->nRun = 1;
      gg_barrier_destroy(&s->bar);
    }
  }
  rcRun(&s->aWork[0]);
  if( s->nRun==2 ){
    pthread_join(th, 0);
    gg_barrier_destroy(&s->bar);
  }
}

int gg_race_solve_threads(GGRace *p, const GGGraph *pG, uint32_t z, int nThread,
                          const GGStop *pStop){
  RcSolve s;
  uint32_t n = pG->n;
  int rc, i;
  memset(p, 0, sizeof(*p));
  memset(&s, 0, sizeof(s));
  if( z>=n ) return GG_NOTNODE;                 /* the goal is not a node */
  if( GG_RACE_NPOS(n)>=0xffffffffu ) return GG_TOOBIG;
  p->pG = pG;
  p->n = n;
  p->z = z;
  p->nWord = (n+63)/64;
  s.p = p;
  gg_poll_init(&s.setup, pStop);
  s.n = n;
  s.z = z;
  s.nW = p->nWord;
  s.nDW = (s.nW+63)/64;
  s.nWB = (s.nW+7)/8;
  p->nBand = s.nWB;
  s.nLane = nThread<0 ? -nThread : nThread;
  if( s.nLane<1 || s.nLane>RC_MAX_THREAD ) s.nLane = RC_MAX_THREAD;
  if( (uint32_t)s.nLane>s.nWB ) s.nLane = (int)s.nWB;   /* a band each */
  s.nRun = 1;
  rc = rcSetup(&s);
  if( rc==GG_OK ){
    rcSolveAll(&s, nThread);
    if( rcStopped(&s) ) rc = s.rc;
  }
  if( rc==GG_OK ) rc = rcWinsOwn(&s);
  if( rc==GG_OK ) rc = rcBigMerge(&s);
  p->nPly = s.nPly;
  for(i=0; i<RC_MAX_THREAD; i++) gg_cand_free(&s.aWork[i].cand);
  rcTurnFree(&s.aTurn[0]);
  rcTurnFree(&s.aTurn[1]);
  gg_free(s.aOff);
  if( rc ) gg_race_free(p);
  return rc;
}

int gg_race_solve(GGRace *p, const GGGraph *pG, uint32_t z, const GGStop *pStop){
  return gg_race_solve_threads(p, pG, z, 0, pStop);
}
