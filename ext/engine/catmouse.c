/*
** catmouse.c: the fast cat-and-mouse engine (see catmouse.h).
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
** candidate when one of its moves leads to a changed row.
**
** Each ply is two phases.  In the pass, each turn computes its new
** positions into its own layout (row x, bit y: aDone, aWin), writes their
** plies, and lists them (aPend).  In the apply, each turn moves its listed
** positions into its transposed bitsets and marks the changed words.  The
** bitsets are stored in bands of 512 columns (8 words, a cache line per
** row; GG_CM_BIT) and the pass works one band at a time over all rows,
** so its working set (the band of the other turn's transposed bitsets)
** stays in the cache; one listed word lands in 64 consecutive lines.
**
** Threads split the bands: lane i owns the bands b with b % nLane == i.
** In the pass a lane computes the words of its bands (of both turns); the
** new positions of word w land, in the apply, in the transposed rows
** 64w..64w+63, which are rows of the same band, so each lane applies its
** own list and no two lanes write the same memory in a phase.  Each
** worker thread runs one lane (or all of them if a thread could not be
** started), with a barrier between the phases.  The calling thread
** (worker 0) polls the GGStop about every GG_STOP_EVERY positions.
**
** Nodes are renumbered first (cmOrder: reverse Cuthill-McKee, a BFS that
** takes low degrees first), so that on graphs with some geometry (grids,
** roads) the rows of a node's neighbours lie close together.
**
** Memory per position: 2 bytes of plies (plies of 65535 or more go to a
** sorted side table, aBig), 2 bits of result (decided, mover wins), and
** during the solve 2 bits of transposed bitsets plus the list of one
** ply's new words.
*/
#include <string.h>
#include <stdlib.h>
#include <pthread.h>
#ifdef __linux__
# include <sys/mman.h>
#endif
#include "alloc.h"
#include "barrier.h"
#include "catmouse.h"

/* One ply's new positions in one word of the own layout. */
typedef struct CmPend CmPend;
struct CmPend {
  uint32_t x;          /* row: the mover's node */
  uint32_t w;          /* word: bits are the other player's nodes w*64.. */
  uint64_t win;        /* newly won by the mover */
  uint64_t lose;       /* newly lost by the mover */
};

#define CM_MAX_THREAD 2

/* One lane's share of one turn: what it found in its bands. */
typedef struct CmPart CmPart;
struct CmPart {
  CmPend *aPend;       /* this ply's new positions */
  uint64_t nPend;      /* entries in aPend */
  uint64_t nPendAlloc; /* entries that fit in aPend */
  GGCatMouseBig *aBig; /* positions with plies >= GG_CM_PLY_BIG */
  uint64_t nBig;       /* entries in aBig */
  uint64_t nBigAlloc;  /* entries that fit in aBig */
  uint32_t *aDirtyRow; /* transposed rows (of its bands) marked in aDirty */
  uint32_t nDirtyRow;  /* entries in aDirtyRow */
};

/* The solve's data for one turn. */
typedef struct CmTurn CmTurn;
struct CmTurn {
  int t;               /* GG_CM_MOUSE or GG_CM_CAT: who moves */
  uint32_t *aOff;      /* mover's moves from x: aMove[aOff[x]..aOff[x+1]-1] */
  uint32_t *aMove;     /* (the cat's moves skip the hole) */
  uint64_t *aDone;     /* decided positions: row x, bit y (into GGCatMouse) */
  uint64_t *aWinOwn;   /* won by the mover: row x, bit y (into GGCatMouse) */
  uint16_t *aPly;      /* plies: GG_CM_PLY(x, y) (into GGCatMouse) */
  uint64_t *aWin[2];   /* aWin[q]: won by player q; row y, bit x */
  uint64_t *aDirty;    /* nDW words per row y: words of aWin[*] rows changed */
  uint8_t *aRowMark;   /* aRowMark[y]: y is in its part's aDirtyRow */
  CmPart aPart[CM_MAX_THREAD];  /* per lane */
};

/* One thread's scratch. */
typedef struct CmWorker CmWorker;
struct CmWorker {
  int i;               /* 0: the calling thread */
  struct CmSolve *s;   /* the solve */
  uint8_t *aCand;      /* rows x to visit */
  uint32_t *aCandRow;  /* those rows, ascending */
  uint64_t *aCandWord; /* nDW words per candidate row: its words to visit */
  GGPoll poll;         /* rows and words visited; asks the GGStop (worker 0) */
};

/* The whole solve. */
typedef struct CmSolve CmSolve;
struct CmSolve {
  GGCatMouse *p;       /* the result being filled */
  GGPoll setup;        /* polls the GGStop during the set-up (calling thread) */
  uint32_t n;          /* nodes */
  uint32_t nW;         /* words per row: ceil(n/64) */
  uint32_t nDW;        /* words per row of aDirty: ceil(nW/64) */
  uint32_t nWB;        /* bands: ceil(nW/8) */
  uint32_t nPly;       /* last ply that decided something */
  uint32_t hole;       /* the hole, renumbered */
  int nLane;           /* lanes, 1..CM_MAX_THREAD */
  int nRun;            /* worker threads running the lanes, 1 or nLane */
  int bStop;           /* set (atomically) to stop every worker */
  int rc;              /* GG_NOMEM or GG_INTERRUPT once stopped */
  GGBarrier bar;       /* between the phases when nRun>1 */
  CmTurn aTurn[2];     /* the mouse's turn and the cat's */
  CmWorker aWork[CM_MAX_THREAD];  /* the workers */
};

/* The lane that owns word w (and transposed rows 64w..64w+63). */
#define CM_OWNER(s, w) ((int)(((w)>>3) % (uint32_t)(s)->nLane))

static void cmSetStop(CmSolve *s, int rc){
  if( __atomic_exchange_n(&s->bStop, 1, __ATOMIC_ACQ_REL)==0 ) s->rc = rc;
}
static int cmStopped(CmSolve *s){
  return __atomic_load_n(&s->bStop, __ATOMIC_ACQUIRE);
}

/* Count the work of a visited row or word (64 positions): 1 + the moves
** looked at, each move one word (64 positions) read; poll the GGStop about
** every GG_STOP_EVERY such words, from the calling thread.  (Counting a
** word as one step whatever its moves left polls 100+ ms apart on dense
** graphs, past the 100 ms that an interrupt must take at most.) */
static int cmStep(CmSolve *s, CmWorker *wk, uint32_t nCost){
  if( gg_poll(&wk->poll, 1 + nCost) ) cmSetStop(s, GG_INTERRUPT);
  return wk->poll.nWork==0 && cmStopped(s);   /* looked at after each poll */
}


/* Sort a[0..n-1] ascending (64-bit keys). */
static int cmCmpU64(const void *a, const void *b){
  uint64_t x = *(const uint64_t*)a, y = *(const uint64_t*)b;
  return (x>y) - (x<y);
}

/* Ask for transparent huge pages for a large array (Linux): fewer page
** faults and TLB misses.  Only the whole 2 MB pages inside the block. */
static void cmHuge(void *p, uint64_t nByte){
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  uintptr_t lo = ((uintptr_t)p + 0x1fffff) & ~(uintptr_t)0x1fffff;
  uintptr_t hi = ((uintptr_t)p + nByte) & ~(uintptr_t)0x1fffff;
  if( hi>lo ) madvise((void*)lo, hi-lo, MADV_HUGEPAGE);
#else
  (void)p; (void)nByte;
#endif
}

/* Make room for one more entry in a growing array; 0 on success. */
static int cmGrow(void **pa, uint64_t n, uint64_t *pnAlloc, uint64_t sz){
  if( n==*pnAlloc ){
    uint64_t nNew = *pnAlloc ? *pnAlloc*2 : 1024;
    void *aNew = gg_malloc(nNew*sz);
    if( aNew==0 ) return 1;
    if( n ) memcpy(aNew, *pa, n*sz);
    gg_free(*pa);
    *pa = aNew;
    *pnAlloc = nNew;
  }
  return 0;
}

/* Plies k for the positions of row x, word w, in bits b. */
static int cmSetPly(CmSolve *s, CmTurn *me, CmPart *pt, uint32_t x,
                    uint32_t w, uint64_t b, uint32_t k){
  uint64_t iRow = GG_CM_PLY(s->n, x, w*64);
  uint16_t *aPly = me->aPly + iRow;
  if( k<GG_CM_PLY_BIG ){
    for(; b; b&=b-1) aPly[__builtin_ctzll(b)] = (uint16_t)k;
    return 0;
  }
  for(; b; b&=b-1){
    uint32_t i = (uint32_t)__builtin_ctzll(b);
    if( cmGrow((void**)&pt->aBig, pt->nBig, &pt->nBigAlloc, sizeof(GGCatMouseBig)) ){
      return 1;
    }
    aPly[i] = GG_CM_PLY_BIG;
    pt->aBig[pt->nBig].iPos = (uint64_t)(me->aPly - s->p->aPly) + iRow + i;
    pt->aBig[pt->nBig].nPly = k;
    pt->nBig++;
  }
  return 0;
}

/* Decide the positions win|lose of row x, word w at ply k: mark them,
** write their plies, list them in the part of w's owner.  0, or nonzero
** out of memory. */
static int cmDecide(CmSolve *s, CmTurn *me, uint32_t x, uint32_t w,
                    uint64_t win, uint64_t lose, uint32_t k){
  uint64_t i = GG_CM_BIT(s->n, x, w);
  CmPart *pt = &me->aPart[CM_OWNER(s, w)];
  CmPend *pe;
  me->aDone[i] |= win | lose;
  me->aWinOwn[i] |= win;
  if( cmSetPly(s, me, pt, x, w, win|lose, k) ) return 1;
  if( cmGrow((void**)&pt->aPend, pt->nPend, &pt->nPendAlloc, sizeof(CmPend)) ) return 1;
  pe = &pt->aPend[pt->nPend++];
  pe->x = x;
  pe->w = w;
  pe->win = win;
  pe->lose = lose;
  return 0;
}

/* Ply 0 for one turn: the finished positions, and the positions that are
** not positions (the cat on the hole) marked decided with no plies. */
static int cmInitTurn(CmSolve *s, CmTurn *me){
  uint32_t n = s->n, nW = s->nW, hole = s->hole, x, w;
  uint64_t pad = (n%64) ? ~0ULL<<(n%64) : 0;   /* bits past n, last word */
  for(x=0; x<n; x++){
    uint64_t *aDone = me->aDone;
    int bStuck = me->aOff[x+1]==me->aOff[x];   /* the mover cannot move */
    if( gg_poll(&s->setup, 1 + nW) ) return GG_INTERRUPT;
    aDone[GG_CM_BIT(n, x, nW-1)] |= pad;
    if( me->t==GG_CM_CAT && x==hole ){
      for(w=0; w<nW; w++) aDone[GG_CM_BIT(n, x, w)] = ~0ULL;
      continue;
    }
    for(w=0; w<nW; w++){
      uint64_t win = 0, lose = 0, none = 0, all = ~0ULL;
      uint64_t bHole = (hole>>6)==w ? 1ULL<<(hole&63) : 0;
      uint64_t bSame = (x>>6)==w ? 1ULL<<(x&63) : 0;
      if( w==nW-1 ) all &= ~pad;
      if( me->t==GG_CM_MOUSE ){               /* x mouse, y cat */
        none = bHole;
        if( x==hole ) win = all & ~bHole;     /* the mouse is home */
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

/* The pass of ply k for turn me and one lane, run by worker wk: every
** position of this turn in the lane's bands decided at ply k, from the
** other turn's bitsets as of ply k-1. */
static void cmPass(CmSolve *s, CmWorker *wk, CmTurn *me, uint32_t k, int lane){
  CmTurn *ot = &s->aTurn[1-me->t];
  const CmTurn *pAll = &s->aTurn[GG_CM_MOUSE];  /* the mouse goes anywhere */
  const uint64_t *aWinMe = ot->aWin[me->t];     /* children the mover won */
  const uint64_t *aWinOt = ot->aWin[1-me->t];   /* children the other won */
  uint32_t n = s->n, nDW = s->nDW, i, x, j, nCand = 0, band;
  int q;
  me->aPart[lane].nPend = 0;
  /* Candidate rows: x with a move to a changed row x' (x' a neighbour),
  ** and their candidate words: those changed in some x'. */
  for(q=0; q<s->nLane; q++){
    const CmPart *pt = &ot->aPart[q];
    for(i=0; i<pt->nDirtyRow; i++){
      uint32_t y = pt->aDirtyRow[i];
      for(j=pAll->aOff[y]; j<pAll->aOff[y+1]; j++) wk->aCand[pAll->aMove[j]] = 1;
    }
  }
  for(x=0; x<n; x++){
    uint64_t *cw = wk->aCandWord + (uint64_t)nCand*nDW, any = 0;
    uint32_t d;
    if( !wk->aCand[x] ) continue;
    wk->aCand[x] = 0;
    if( cmStep(s, wk, (me->aOff[x+1] - me->aOff[x])*nDW) ) return;
    for(d=0; d<nDW; d++) cw[d] = 0;
    for(j=me->aOff[x]; j<me->aOff[x+1]; j++){
      const uint64_t *a = ot->aDirty + (uint64_t)me->aMove[j]*nDW;
      for(d=0; d<nDW; d++) cw[d] |= a[d];
    }
    for(d=0; d<nDW; d++) any |= cw[d];
    if( any ) wk->aCandRow[nCand++] = x;
  }
  /* One band of words at a time, over all candidate rows. */
  for(band=(uint32_t)lane; band<s->nWB; band+=(uint32_t)s->nLane){
    for(i=0; i<nCand; i++){
      const uint32_t *aMv;
      uint32_t nMv;
      uint64_t bits = (wk->aCandWord[(uint64_t)i*nDW + (band>>3)] >> ((band&7)*8)) & 0xff;
      if( bits==0 ) continue;
      x = wk->aCandRow[i];
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

/* The apply of ply k for turn me and one lane: its new positions into
** the transposed bitsets; the changed words marked for the next ply. */
static void cmApply(CmSolve *s, CmTurn *me, int iPart){
  CmPart *pt = &me->aPart[iPart];
  uint32_t n = s->n, nDW = s->nDW, i;
  uint64_t e;
  for(i=0; i<pt->nDirtyRow; i++){
    uint32_t y = pt->aDirtyRow[i];
    memset(me->aDirty + (uint64_t)y*nDW, 0, nDW*sizeof(uint64_t));
    me->aRowMark[y] = 0;
  }
  pt->nDirtyRow = 0;
  for(e=0; e<pt->nPend; e++){
    const CmPend *pe = &pt->aPend[e];
    uint32_t xw = pe->x>>6, q;
    uint64_t xbit = 1ULL<<(pe->x&63), dbit = 1ULL<<(xw&63);
    uint64_t iTile = GG_CM_BIT(n, pe->w*64, xw);    /* row y = w*64 */
    for(q=0; q<2; q++){
      uint64_t *aTile = me->aWin[q==0 ? me->t : 1-me->t] + iTile, b;
      for(b = q==0 ? pe->win : pe->lose; b; b&=b-1){
        uint32_t iy = (uint32_t)__builtin_ctzll(b), y = pe->w*64 + iy;
        aTile[iy*8] |= xbit;
        me->aDirty[(uint64_t)y*nDW + (xw>>6)] |= dbit;
        if( !me->aRowMark[y] ){
          me->aRowMark[y] = 1;
          pt->aDirtyRow[pt->nDirtyRow++] = y;
        }
      }
    }
  }
}

static void cmBarrier(CmSolve *s){
  if( s->nRun>1 ) gg_barrier_wait(&s->bar);
}

/* The plies, as worker wk: its lanes are wk->i, wk->i + nRun, ... */
static void cmRun(CmWorker *wk){
  CmSolve *s = wk->s;
  uint32_t k;
  int t, q;
  for(k=1; ; k++){
    uint64_t nNew = 0;
    for(q=wk->i; q<s->nLane; q+=s->nRun){
      cmPass(s, wk, &s->aTurn[0], k, q);
      cmPass(s, wk, &s->aTurn[1], k, q);
    }
    cmBarrier(s);
    for(t=0; t<2; t++) for(q=0; q<s->nLane; q++) nNew += s->aTurn[t].aPart[q].nPend;
    if( cmStopped(s) || nNew==0 ) break;
    if( wk->i==0 ) s->nPly = k;
    for(q=wk->i; q<s->nLane; q+=s->nRun){
      cmApply(s, &s->aTurn[0], q);
      cmApply(s, &s->aTurn[1], q);
    }
    cmBarrier(s);
  }
}

static void *cmThread(void *pArg){
  cmRun((CmWorker*)pArg);
  return 0;
}

/* The moves of one turn's mover as CSR in the engine's numbering: the
** graph's arcs, without the arcs into the hole for the cat; each list
** ascending. */
static int cmCmpU32(const void *a, const void *b){
  uint32_t x = *(const uint32_t*)a, y = *(const uint32_t*)b;
  return (x>y) - (x<y);
}
static int cmMoves(CmSolve *s, CmTurn *me, const uint32_t *aInv){
  const GGGraph *pG = s->p->pG;
  const uint32_t *aPerm = s->p->aPerm;
  uint32_t x, j, nOut = 0;
  for(x=0; x<s->n; x++){
    uint32_t u = aInv[x], first = nOut;
    me->aOff[x] = nOut;
    for(j=0; j<GG_DEG(pG, u); j++){
      uint32_t to = aPerm[GG_NBR(pG, u)[j]];
      if( me->t==GG_CM_CAT && to==s->hole ) continue;
      me->aMove[nOut++] = to;
    }
    /* sorted (an insertion sort here was quadratic in the degree) */
    qsort(me->aMove + first, nOut - first, sizeof(uint32_t), cmCmpU32);
    if( gg_poll(&s->setup, 1 + GG_DEG(pG, u)) ) return GG_INTERRUPT;
  }
  me->aOff[s->n] = nOut;
  return GG_OK;
}

/* Number the nodes by reverse Cuthill-McKee: breadth first from a node
** of least degree (then from the first node not reached, for each other
** component), neighbours in order of degree; the order reversed.  Sets
** p->aPerm and aInv (its inverse). */
static int cmOrder(GGCatMouse *p, uint32_t *aInv, const GGStop *pStop){
  const GGGraph *pG = p->pG;
  uint32_t n = p->n, nDone = 0, head = 0, start = 0, i, j;
  uint8_t *aSeen = gg_malloc(n+1);
  uint64_t *aKey = gg_malloc(((uint64_t)n+1)*sizeof(uint64_t));  /* (degree, order) */
  GGPoll poll;
  gg_poll_init(&poll, pStop);
  if( aSeen==0 || aKey==0 ){ gg_free(aSeen); gg_free(aKey); return GG_NOMEM; }
  memset(aSeen, 0, n);
  while( nDone<n ){
    uint32_t best;
    while( aSeen[start] ) start++;
    best = start;
    for(i=0; nDone==0 && i<n; i++){
      if( GG_DEG(pG, i)<GG_DEG(pG, best) ) best = i;
    }
    aSeen[best] = 1;
    aInv[nDone++] = best;
    while( head<nDone ){
      uint32_t u = aInv[head++], first = nDone;
      for(j=0; j<GG_DEG(pG, u); j++){
        uint32_t v = GG_NBR(pG, u)[j];
        if( aSeen[v] ) continue;
        aSeen[v] = 1;
        aInv[nDone++] = v;
      }
      /* the new nodes by degree, ties in neighbour order (a stable sort;
      ** an insertion sort here was quadratic in the degree) */
      if( nDone-first>1 ){
        for(i=first; i<nDone; i++){
          aKey[i-first] = ((uint64_t)GG_DEG(pG, aInv[i])<<32) | (i-first);
        }
        qsort(aKey, nDone-first, sizeof(uint64_t), cmCmpU64);
        for(i=first; i<nDone; i++) aKey[i-first] = aInv[first + (uint32_t)aKey[i-first]];
        for(i=first; i<nDone; i++) aInv[i] = (uint32_t)aKey[i-first];
      }
      if( gg_poll(&poll, 1 + GG_DEG(pG, u)) ){
        gg_free(aSeen); gg_free(aKey); return GG_INTERRUPT;
      }
    }
  }
  gg_free(aSeen);
  gg_free(aKey);
  for(i=0; i<n/2; i++){ uint32_t t = aInv[i]; aInv[i] = aInv[n-1-i]; aInv[n-1-i] = t; }
  for(i=0; i<n; i++) p->aPerm[aInv[i]] = i;
  return GG_OK;
}

static void cmTurnFree(CmSolve *s, CmTurn *me){
  int q;
  gg_free(me->aWin[0]);                        /* the block of cmTurnInit */
  for(q=0; q<CM_MAX_THREAD; q++){
    gg_free(me->aPart[q].aPend);
    gg_free(me->aPart[q].aBig);
  }
  memset(me, 0, sizeof(*me));
  (void)s;
}

/* One allocation for the arrays of a turn. */
static int cmTurnInit(CmSolve *s, int t, const uint32_t *aInv){
  CmTurn *me = &s->aTurn[t];
  GGCatMouse *p = s->p;
  uint64_t n = s->n, nBits = GG_CM_BIT_SIZE(n, s->nWB), nDirty = n*s->nDW;
  uint64_t nU64 = 2*nBits + nDirty;              /* aWin[2], aDirty */
  uint64_t nU32 = n + 1 + p->pG->nArc + 1 + s->nLane*n;  /* aOff, aMove, aDirtyRow */
  uint64_t nByte = nU64*8 + nU32*4 + n;          /* aRowMark */
  uint32_t *a32;
  int q;
  memset(me, 0, sizeof(*me));
  me->t = t;
  me->aDone = p->aDone + t*nBits;
  me->aWinOwn = p->aWin + t*nBits;
  me->aPly = p->aPly + t*GG_CM_PLY_SIZE(n, s->nWB);
  me->aWin[0] = gg_malloc(nByte);
  if( me->aWin[0]==0 ) return GG_NOMEM;
  cmHuge(me->aWin[0], nByte);
  memset(me->aWin[0], 0, nU64*8);                /* aWin[2], aDirty */
  me->aWin[1] = me->aWin[0] + nBits;
  me->aDirty = me->aWin[1] + nBits;
  me->aOff = (uint32_t*)(me->aDirty + nDirty);
  me->aMove = me->aOff + n + 1;
  a32 = me->aMove + p->pG->nArc + 1;
  for(q=0; q<s->nLane; q++) me->aPart[q].aDirtyRow = a32 + q*n;
  me->aRowMark = (uint8_t*)(a32 + s->nLane*n);
  memset(me->aRowMark, 0, n);
  return cmMoves(s, me, aInv);
}

/* One allocation for a worker's scratch. */
static int cmWorkerInit(CmSolve *s, int i){
  CmWorker *wk = &s->aWork[i];
  uint64_t n = s->n;
  uint8_t *a = gg_malloc(n*s->nDW*8 + n*4 + n);
  if( a==0 ) return GG_NOMEM;
  wk->i = i;
  wk->s = s;
  gg_poll_init(&wk->poll, i==0 ? s->setup.pStop : 0);   /* worker 0 asks */
  wk->aCandWord = (uint64_t*)a;
  wk->aCandRow = (uint32_t*)(wk->aCandWord + n*s->nDW);
  wk->aCand = (uint8_t*)(wk->aCandRow + n);
  memset(wk->aCand, 0, n);
  return GG_OK;
}

static int cmBigCmp(const void *a, const void *b){
  uint64_t x = ((const GGCatMouseBig*)a)->iPos, y = ((const GGCatMouseBig*)b)->iPos;
  return (x>y) - (x<y);
}

/* Move every part's big plies into p->aBig, sorted. */
static int cmBigMerge(CmSolve *s){
  GGCatMouse *p = s->p;
  uint64_t nAll = 0;
  int t, q;
  for(t=0; t<2; t++) for(q=0; q<s->nLane; q++) nAll += s->aTurn[t].aPart[q].nBig;
  if( nAll==0 ) return GG_OK;
  p->aBig = gg_malloc(nAll*sizeof(GGCatMouseBig));
  if( p->aBig==0 ) return GG_NOMEM;
  for(t=0; t<2; t++) for(q=0; q<s->nLane; q++){
    const CmPart *pt = &s->aTurn[t].aPart[q];
    if( pt->nBig ) memcpy(p->aBig+p->nBig, pt->aBig, pt->nBig*sizeof(GGCatMouseBig));
    p->nBig += pt->nBig;
  }
  qsort(p->aBig, p->nBig, sizeof(GGCatMouseBig), cmBigCmp);
  return GG_OK;
}

int gg_cm_solve_threads(GGCatMouse *p, const GGGraph *pG, const uint8_t *aHole,
                        int nThread, const GGStop *pStop){
  CmSolve s;
  uint32_t n = pG->n;
  int64_t hole = -1;
  uint64_t nBitWords;
  uint32_t *aInv = 0;
  pthread_t aTh[CM_MAX_THREAD];
  int rc = GG_OK, t, i;
  memset(p, 0, sizeof(*p));
  memset(&s, 0, sizeof(s));
  for(i=0; hole<0 && (uint32_t)i<n; i++) if( aHole[i] ) hole = i;   /* (one hole, for now) */
  if( hole<0 || GG_CM_NPOS(n)>=0xffffffffu ) return GG_TOOBIG;
  p->pG = pG;
  p->n = n;
  p->hole = (uint32_t)hole;
  p->nWord = (n+63)/64;
  s.p = p;
  gg_poll_init(&s.setup, pStop);
  s.n = n;
  s.nW = p->nWord;
  s.nDW = (s.nW+63)/64;
  s.nWB = (s.nW+7)/8;
  p->nBand = s.nWB;
  s.nLane = nThread<0 ? -nThread : nThread;
  if( s.nLane<1 || s.nLane>CM_MAX_THREAD ) s.nLane = CM_MAX_THREAD;
  if( (uint32_t)s.nLane>s.nWB ) s.nLane = (int)s.nWB;   /* a band each */
  s.nRun = 1;
  nBitWords = 2*GG_CM_BIT_SIZE(n, s.nWB);
  p->aPerm = gg_malloc(((uint64_t)n+1)*sizeof(uint32_t));
  aInv = gg_malloc(((uint64_t)n+1)*sizeof(uint32_t));
  if( p->aPerm==0 || aInv==0 ){ rc = GG_NOMEM; goto done; }
  if( (rc = cmOrder(p, aInv, pStop))!=GG_OK ) goto done;
  if( gg_poll_now(&s.setup) ){ rc = GG_INTERRUPT; goto done; }
  s.hole = p->aPerm[p->hole];
  p->aPly = gg_malloc(2*GG_CM_PLY_SIZE(n, s.nWB)*sizeof(uint16_t));
  p->aDone = gg_malloc(2*nBitWords*sizeof(uint64_t));
  if( p->aPly==0 || p->aDone==0 ){ rc = GG_NOMEM; goto done; }
  p->aWin = p->aDone + nBitWords;
  cmHuge(p->aPly, 2*GG_CM_PLY_SIZE(n, s.nWB)*sizeof(uint16_t));
  cmHuge(p->aDone, 2*nBitWords*sizeof(uint64_t));
  memset(p->aDone, 0, 2*nBitWords*sizeof(uint64_t));
  if( gg_poll_now(&s.setup) ){ rc = GG_INTERRUPT; goto done; }
  for(t=0; t<2 && rc==GG_OK; t++) rc = cmTurnInit(&s, t, aInv);
  for(i=0; i<s.nLane && rc==GG_OK; i++) rc = cmWorkerInit(&s, i);
  for(t=0; t<2 && rc==GG_OK; t++) rc = cmInitTurn(&s, &s.aTurn[t]);
  if( rc==GG_OK && gg_poll_now(&s.setup) ) rc = GG_INTERRUPT;
  if( rc ) goto done;
  for(t=0; t<2; t++) for(i=0; i<s.nLane; i++) cmApply(&s, &s.aTurn[t], i);
  /* Start a thread per lane after the first; if that fails, this thread
  ** runs every lane. */
  if( s.nLane==2 && nThread>=0 && gg_barrier_init(&s.bar, 2)==0 ){
    s.nRun = 2;
    if( pthread_create(&aTh[1], 0, cmThread, &s.aWork[1]) ){
      s.nRun = 1;
      gg_barrier_destroy(&s.bar);
    }
  }
  cmRun(&s.aWork[0]);
  if( s.nRun==2 ){
    pthread_join(aTh[1], 0);
    gg_barrier_destroy(&s.bar);
  }
  if( cmStopped(&s) ) rc = s.rc;
  if( rc==GG_OK ) rc = cmBigMerge(&s);
  p->nPly = s.nPly;
done:
  gg_free(aInv);
  for(i=0; i<CM_MAX_THREAD; i++) gg_free(s.aWork[i].aCandWord);
  cmTurnFree(&s, &s.aTurn[0]);
  cmTurnFree(&s, &s.aTurn[1]);
  if( rc ) gg_cm_free(p);
  return rc;
}

int gg_cm_solve(GGCatMouse *p, const GGGraph *pG, const uint8_t *aHole,
                const GGStop *pStop){
  return gg_cm_solve_threads(p, pG, aHole, 0, pStop);
}

void gg_cm_free(GGCatMouse *p){
  gg_free(p->aPly);
  gg_free(p->aDone);              /* aWin is in the same block */
  gg_free(p->aBig);
  gg_free(p->aPerm);
  p->aPerm = 0;
  p->aPly = 0;
  p->aDone = 0;
  p->aWin = 0;
  p->aBig = 0;
  p->nBig = 0;
}

/* The plies of a decided position. */
static uint32_t cmPlies(const GGCatMouse *p, uint64_t iPos){
  uint64_t lo = 0, hi = p->nBig;
  if( p->aPly[iPos]<GG_CM_PLY_BIG ) return p->aPly[iPos];
  while( lo<hi ){
    uint64_t mid = lo + (hi-lo)/2;
    if( p->aBig[mid].iPos<iPos ) lo = mid+1; else hi = mid;
  }
  return p->aBig[lo].nPly;     /* always there: written with the marker */
}

/* The state word (retro.h) of turn t with the mover on x, the other on y
** (dense ids). */
static uint32_t cmWord(const GGCatMouse *p, uint32_t xd, uint32_t yd, int t){
  uint32_t x = p->aPerm[xd], y = p->aPerm[yd];
  uint64_t iWord = t*GG_CM_BIT_SIZE(p->n, p->nBand) + GG_CM_BIT(p->n, x, y>>6);
  uint64_t bit = 1ULL<<(y&63);
  if( (p->aDone[iWord] & bit)==0 || (t==GG_CM_MOUSE ? yd : xd)==p->hole ){
    return GG_STATE(GG_V_DRAW, 0);
  }
  return GG_STATE((p->aWin[iWord] & bit) ? t+1 : 2-t, cmPlies(p, t*GG_CM_PLY_SIZE(p->n, p->nBand) + GG_CM_PLY(p->n, x, y)));
}

void gg_cm_get(const GGCatMouse *p, uint32_t mouse, uint32_t cat, int turn,
               uint32_t *pValue, int64_t *pPlies, int64_t *pMove){
  const GGGraph *pG = p->pG;
  uint32_t w = turn==GG_CM_MOUSE ? cmWord(p, mouse, cat, GG_CM_MOUSE)
                                 : cmWord(p, cat, mouse, GG_CM_CAT);
  uint32_t from = turn==GG_CM_MOUSE ? mouse : cat, j;
  *pValue = GG_VALUE(w);
  *pPlies = GG_VALUE(w)==GG_V_DRAW ? -1 : (int64_t)GG_COUNT(w);
  *pMove = -1;
  if( mouse==p->hole || mouse==cat || cat==p->hole ) return;   /* finished */
  for(j=0; j<GG_DEG(pG, from); j++){
    uint32_t to = GG_NBR(pG, from)[j], c;
    if( turn==GG_CM_CAT && to==p->hole ) continue;
    c = turn==GG_CM_MOUSE ? cmWord(p, cat, to, GG_CM_CAT)
                          : cmWord(p, mouse, to, GG_CM_MOUSE);
    if( gg_retro_is_best(w, c) ){ *pMove = to; return; }
  }
}
