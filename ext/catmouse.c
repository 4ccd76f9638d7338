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
** stays in the cache; one listed word lands in 64 consecutive lines.  The
** two turns touch disjoint memory in each phase, so with two threads each
** turn gets a core, with a barrier after each phase.  The calling thread
** polls the GGStop about every GG_STOP_EVERY positions visited.
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
#include "catmouse.h"

/* One ply's new positions in one word of the own layout. */
typedef struct CmPend CmPend;
struct CmPend {
  uint32_t x;          /* row: the mover's node */
  uint32_t w;          /* word: bits are the other player's nodes w*64.. */
  uint64_t win;        /* newly won by the mover */
  uint64_t lose;       /* newly lost by the mover */
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
  uint32_t *aDirtyRow; /* rows y with a bit in aDirty */
  uint32_t nDirtyRow;  /* entries in aDirtyRow */
  uint8_t *aRowMark;   /* aRowMark[y]: y is in aDirtyRow */
  uint8_t *aCand;      /* scratch of the pass: rows x to visit */
  uint32_t *aCandRow;  /* scratch of the pass: those rows, ascending */
  uint64_t *aCandWord; /* scratch of the pass: nDW words per row: words */
  CmPend *aPend;       /* this ply's new positions */
  uint64_t nPend;      /* entries in aPend */
  uint64_t nPendAlloc; /* entries that fit in aPend */
  GGCatMouseBig *aBig; /* positions with plies >= GG_CM_PLY_BIG */
  uint64_t nBig;       /* entries in aBig */
  uint64_t nBigAlloc;  /* entries that fit in aBig */
  uint64_t nStep;      /* words visited, for polling */
};

/* The whole solve. */
typedef struct CmSolve CmSolve;
struct CmSolve {
  GGCatMouse *p;       /* the result being filled */
  const GGStop *pStop; /* polled by the calling thread */
  uint32_t n;          /* nodes */
  uint32_t nW;         /* words per row: ceil(n/64) */
  uint32_t nDW;        /* words per row of aDirty: ceil(nW/64) */
  uint32_t nWB;        /* bands: ceil(nW/8) */
  uint32_t nPly;       /* last ply that decided something */
  uint32_t hole;       /* the hole, renumbered */
  int nThread;         /* 1 or 2 */
  int bStop;           /* set (atomically) to stop both threads */
  int rc;              /* GG_NOMEM or GG_INTERRUPT once stopped */
  pthread_barrier_t bar;  /* between the phases when nThread==2 */
  CmTurn aTurn[2];     /* the mouse's turn and the cat's */
};


static void cmSetStop(CmSolve *s, int rc){
  if( __atomic_exchange_n(&s->bStop, 1, __ATOMIC_ACQ_REL)==0 ) s->rc = rc;
}
static int cmStopped(CmSolve *s){
  return __atomic_load_n(&s->bStop, __ATOMIC_ACQUIRE);
}

/* Count a visited row or word (64 positions); poll the GGStop about
** every GG_STOP_EVERY positions, from the calling thread (the thread of
** the mouse's turn, or the only one). */
#define CM_STOP_EVERY (GG_STOP_EVERY/64)
static int cmStep(CmSolve *s, CmTurn *me){
  if( (++me->nStep % CM_STOP_EVERY)!=0 ) return 0;
  if( (me->t==GG_CM_MOUSE || s->nThread==1) && s->pStop
   && s->pStop->xStop(s->pStop->pArg) ){
    cmSetStop(s, GG_INTERRUPT);
  }
  return cmStopped(s);
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
static int cmSetPly(CmSolve *s, CmTurn *me, uint32_t x, uint32_t w,
                    uint64_t b, uint32_t k){
  uint64_t iRow = GG_CM_PLY(s->n, x, w*64);
  uint16_t *aPly = me->aPly + iRow;
  if( k<GG_CM_PLY_BIG ){
    for(; b; b&=b-1) aPly[__builtin_ctzll(b)] = (uint16_t)k;
    return 0;
  }
  for(; b; b&=b-1){
    uint32_t i = (uint32_t)__builtin_ctzll(b);
    if( cmGrow((void**)&me->aBig, me->nBig, &me->nBigAlloc, sizeof(GGCatMouseBig)) ){
      return 1;
    }
    aPly[i] = GG_CM_PLY_BIG;
    me->aBig[me->nBig].iPos = (uint64_t)(me->aPly - s->p->aPly) + iRow + i;
    me->aBig[me->nBig].nPly = k;
    me->nBig++;
  }
  return 0;
}

/* Decide the positions win|lose of row x, word w at ply k: mark them,
** write their plies, list them.  0, or nonzero out of memory. */
static int cmDecide(CmSolve *s, CmTurn *me, uint32_t x, uint32_t w,
                    uint64_t win, uint64_t lose, uint32_t k){
  uint64_t i = GG_CM_BIT(s->n, x, w);
  CmPend *pe;
  me->aDone[i] |= win | lose;
  me->aWinOwn[i] |= win;
  if( cmSetPly(s, me, x, w, win|lose, k) ) return 1;
  if( cmGrow((void**)&me->aPend, me->nPend, &me->nPendAlloc, sizeof(CmPend)) ) return 1;
  pe = &me->aPend[me->nPend++];
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

/* The pass of ply k for turn me: every position of this turn decided at
** ply k, from the other turn's bitsets as of ply k-1. */
static void cmPass(CmSolve *s, CmTurn *me, uint32_t k){
  CmTurn *ot = &s->aTurn[1-me->t];
  const uint64_t *aWinMe = ot->aWin[me->t];     /* children the mover won */
  const uint64_t *aWinOt = ot->aWin[1-me->t];   /* children the other won */
  const CmTurn *pAll = &s->aTurn[GG_CM_MOUSE];  /* the mouse goes anywhere */
  uint32_t n = s->n, nDW = s->nDW, i, x, j, nCand = 0, band;
  me->nPend = 0;
  /* Candidate rows: x with a move to a changed row x' (x' a neighbour),
  ** and their candidate words: those changed in some x'. */
  for(i=0; i<ot->nDirtyRow; i++){
    uint32_t y = ot->aDirtyRow[i];
    for(j=pAll->aOff[y]; j<pAll->aOff[y+1]; j++) me->aCand[pAll->aMove[j]] = 1;
  }
  for(x=0; x<n; x++){
    uint64_t *cw = me->aCandWord + (uint64_t)nCand*nDW, any = 0;
    uint32_t d;
    if( !me->aCand[x] ) continue;
    me->aCand[x] = 0;
    if( cmStep(s, me) ) return;
    for(d=0; d<nDW; d++) cw[d] = 0;
    for(j=me->aOff[x]; j<me->aOff[x+1]; j++){
      const uint64_t *a = ot->aDirty + (uint64_t)me->aMove[j]*nDW;
      for(d=0; d<nDW; d++) cw[d] |= a[d];
    }
    for(d=0; d<nDW; d++) any |= cw[d];
    if( any ) me->aCandRow[nCand++] = x;
  }
  /* One band of words at a time, over all candidate rows. */
  for(band=0; band<s->nWB; band++){
    for(i=0; i<nCand; i++){
      const uint32_t *aMv;
      uint32_t nMv;
      uint64_t bits = (me->aCandWord[(uint64_t)i*nDW + (band>>3)] >> ((band&7)*8)) & 0xff;
      if( bits==0 ) continue;
      x = me->aCandRow[i];
      aMv = me->aMove + me->aOff[x];
      nMv = me->aOff[x+1] - me->aOff[x];
      for(; bits; bits&=bits-1){
        uint32_t w = band*8 + (uint32_t)__builtin_ctzll(bits);
        uint64_t open = ~me->aDone[GG_CM_BIT(n, x, w)], win = 0, lose = ~0ULL;
        if( open==0 ) continue;
        if( cmStep(s, me) ) return;
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

/* The apply of ply k for turn me: its new positions into its transposed
** bitsets; the changed words marked for the next ply. */
static void cmApply(CmSolve *s, CmTurn *me){
  uint32_t n = s->n, nDW = s->nDW, i;
  uint64_t e;
  for(i=0; i<me->nDirtyRow; i++){
    uint32_t y = me->aDirtyRow[i];
    memset(me->aDirty + (uint64_t)y*nDW, 0, nDW*sizeof(uint64_t));
    me->aRowMark[y] = 0;
  }
  me->nDirtyRow = 0;
  for(e=0; e<me->nPend; e++){
    const CmPend *pe = &me->aPend[e];
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
          me->aDirtyRow[me->nDirtyRow++] = y;
        }
      }
    }
  }
}

/* The plies of one turn, on its own thread. */
static void cmRunTurn(CmSolve *s, CmTurn *me){
  uint32_t k;
  for(k=1; ; k++){
    cmPass(s, me, k);
    pthread_barrier_wait(&s->bar);
    if( cmStopped(s) || (s->aTurn[0].nPend==0 && s->aTurn[1].nPend==0) ) break;
    if( me->t==GG_CM_MOUSE ) s->nPly = k;
    cmApply(s, me);
    pthread_barrier_wait(&s->bar);
  }
}

static void *cmThread(void *pArg){
  CmSolve *s = (CmSolve*)pArg;
  cmRunTurn(s, &s->aTurn[GG_CM_CAT]);
  return 0;
}

/* All the plies, on one thread. */
static void cmRunAlone(CmSolve *s){
  uint32_t k;
  for(k=1; ; k++){
    cmPass(s, &s->aTurn[0], k);
    cmPass(s, &s->aTurn[1], k);
    if( cmStopped(s) || (s->aTurn[0].nPend==0 && s->aTurn[1].nPend==0) ) break;
    s->nPly = k;
    cmApply(s, &s->aTurn[0]);
    cmApply(s, &s->aTurn[1]);
  }
}

/* The moves of one turn's mover as CSR in the engine's numbering: the
** graph's arcs, without the arcs into the hole for the cat; each list
** ascending. */
static int cmMoves(CmSolve *s, CmTurn *me, const uint32_t *aInv){
  const GGGraph *pG = s->p->pG;
  const uint32_t *aPerm = s->p->aPerm;
  uint32_t x, j, nOut = 0;
  for(x=0; x<s->n; x++){
    uint32_t u = aInv[x], first = nOut, i;
    me->aOff[x] = nOut;
    for(j=0; j<GG_DEG(pG, u); j++){
      uint32_t to = aPerm[GG_NBR(pG, u)[j]];
      if( me->t==GG_CM_CAT && to==s->hole ) continue;
      for(i=nOut++; i>first && me->aMove[i-1]>to; i--) me->aMove[i] = me->aMove[i-1];
      me->aMove[i] = to;
    }
  }
  me->aOff[s->n] = nOut;
  return GG_OK;
}

/* Number the nodes by reverse Cuthill-McKee: breadth first from a node
** of least degree (then from the first node not reached, for each other
** component), neighbours in order of degree; the order reversed.  Sets
** p->aPerm and aInv (its inverse). */
static int cmOrder(GGCatMouse *p, uint32_t *aInv){
  const GGGraph *pG = p->pG;
  uint32_t n = p->n, nDone = 0, head = 0, start = 0, i, j;
  uint8_t *aSeen = gg_malloc(n+1);
  if( aSeen==0 ) return GG_NOMEM;
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
        for(i=nDone++; i>first && GG_DEG(pG, aInv[i-1])>GG_DEG(pG, v); i--) aInv[i] = aInv[i-1];
        aInv[i] = v;
      }
    }
  }
  gg_free(aSeen);
  for(i=0; i<n/2; i++){ uint32_t t = aInv[i]; aInv[i] = aInv[n-1-i]; aInv[n-1-i] = t; }
  for(i=0; i<n; i++) p->aPerm[aInv[i]] = i;
  return GG_OK;
}

static void cmTurnFree(CmTurn *me){
  gg_free(me->aWin[0]);                        /* the block of cmTurnInit */
  gg_free(me->aPend);
  gg_free(me->aBig);
  memset(me, 0, sizeof(*me));
}

static int cmTurnInit(CmSolve *s, int t, const uint32_t *aInv){
  CmTurn *me = &s->aTurn[t];
  GGCatMouse *p = s->p;
  uint64_t n = s->n, nBits = GG_CM_BIT_SIZE(n, s->nWB), nDirty = n*s->nDW;
  uint64_t nU64 = 2*nBits + 2*nDirty;            /* aWin[2], aDirty, aCandWord */
  uint64_t nU32 = 3*n + 1 + p->pG->nArc + 1;     /* aDirtyRow, aCandRow, aOff, aMove */
  uint64_t nByte = nU64*8 + nU32*4 + 2*n;        /* aRowMark, aCand */
  uint8_t *a;
  memset(me, 0, sizeof(*me));
  me->t = t;
  me->aDone = p->aDone + t*GG_CM_BIT_SIZE(s->n, s->nWB);
  me->aWinOwn = p->aWin + t*GG_CM_BIT_SIZE(s->n, s->nWB);
  me->aPly = p->aPly + t*GG_CM_PLY_SIZE(s->n, s->nWB);
  a = gg_malloc(nByte);
  if( a==0 ) return GG_NOMEM;
  cmHuge(a, nByte);
  memset(a, 0, 2*nBits*8 + nDirty*8);            /* aWin[2], aDirty */
  me->aWin[0] = (uint64_t*)a;
  me->aWin[1] = me->aWin[0] + nBits;
  me->aDirty = me->aWin[1] + nBits;
  me->aCandWord = me->aDirty + nDirty;
  me->aDirtyRow = (uint32_t*)(me->aCandWord + nDirty);
  me->aCandRow = me->aDirtyRow + n;
  me->aOff = me->aCandRow + n;
  me->aMove = me->aOff + n + 1;
  me->aRowMark = (uint8_t*)(me->aMove + p->pG->nArc + 1);
  me->aCand = me->aRowMark + n;
  memset(me->aRowMark, 0, 2*n);                  /* aRowMark, aCand */
  return cmMoves(s, me, aInv);
}

static int cmBigCmp(const void *a, const void *b){
  uint64_t x = ((const GGCatMouseBig*)a)->iPos, y = ((const GGCatMouseBig*)b)->iPos;
  return (x>y) - (x<y);
}

/* Move both turns' big plies into p->aBig, sorted. */
static int cmBigMerge(CmSolve *s){
  GGCatMouse *p = s->p;
  uint64_t n0 = s->aTurn[0].nBig, n1 = s->aTurn[1].nBig;
  if( n0+n1==0 ) return GG_OK;
  p->aBig = gg_malloc((n0+n1)*sizeof(GGCatMouseBig));
  if( p->aBig==0 ) return GG_NOMEM;
  if( n0 ) memcpy(p->aBig, s->aTurn[0].aBig, n0*sizeof(GGCatMouseBig));
  if( n1 ) memcpy(p->aBig+n0, s->aTurn[1].aBig, n1*sizeof(GGCatMouseBig));
  p->nBig = n0+n1;
  qsort(p->aBig, p->nBig, sizeof(GGCatMouseBig), cmBigCmp);
  return GG_OK;
}

int gg_cm_solve_threads(GGCatMouse *p, const GGGraph *pG, int nThread,
                        const GGStop *pStop){
  CmSolve s;
  uint32_t n = pG->n;
  int64_t hole = gg_graph_find(pG, 0);
  uint64_t nBitWords;
  uint32_t *aInv = 0;
  int rc = GG_OK, t;
  memset(p, 0, sizeof(*p));
  memset(&s, 0, sizeof(s));
  if( hole<0 || GG_CM_NPOS(n)>=0xffffffffu ) return GG_TOOBIG;
  p->pG = pG;
  p->n = n;
  p->hole = (uint32_t)hole;
  p->nWord = (n+63)/64;
  s.p = p;
  s.pStop = pStop;
  s.n = n;
  s.nW = p->nWord;
  s.nDW = (s.nW+63)/64;
  s.nWB = (s.nW+7)/8;
  p->nBand = s.nWB;
  s.nThread = nThread==1 || nThread==2 ? nThread : (n>=256 ? 2 : 1);
  nBitWords = 2*GG_CM_BIT_SIZE(n, s.nWB);
  p->aPerm = gg_malloc(((uint64_t)n+1)*sizeof(uint32_t));
  aInv = gg_malloc(((uint64_t)n+1)*sizeof(uint32_t));
  if( p->aPerm==0 || aInv==0 || cmOrder(p, aInv) ){ rc = GG_NOMEM; goto done; }
  s.hole = p->aPerm[p->hole];
  p->aPly = gg_malloc(2*GG_CM_PLY_SIZE(n, s.nWB)*sizeof(uint16_t));
  p->aDone = gg_malloc(nBitWords*sizeof(uint64_t));
  p->aWin = gg_malloc(nBitWords*sizeof(uint64_t));
  if( p->aPly==0 || p->aDone==0 || p->aWin==0 ){ rc = GG_NOMEM; goto done; }
  cmHuge(p->aPly, 2*GG_CM_PLY_SIZE(n, s.nWB)*sizeof(uint16_t));
  cmHuge(p->aDone, nBitWords*sizeof(uint64_t));
  cmHuge(p->aWin, nBitWords*sizeof(uint64_t));
  memset(p->aDone, 0, nBitWords*sizeof(uint64_t));
  memset(p->aWin, 0, nBitWords*sizeof(uint64_t));
  for(t=0; t<2 && rc==GG_OK; t++) rc = cmTurnInit(&s, t, aInv);
  for(t=0; t<2 && rc==GG_OK; t++) rc = cmInitTurn(&s, &s.aTurn[t]);
  if( rc ) goto done;
  cmApply(&s, &s.aTurn[0]);
  cmApply(&s, &s.aTurn[1]);
  if( s.nThread==2 ){
    pthread_t th;
    if( pthread_barrier_init(&s.bar, 0, 2) ){
      s.nThread = 1;
    }else if( pthread_create(&th, 0, cmThread, &s) ){
      pthread_barrier_destroy(&s.bar);
      s.nThread = 1;
    }else{
      cmRunTurn(&s, &s.aTurn[GG_CM_MOUSE]);
      pthread_join(th, 0);
      pthread_barrier_destroy(&s.bar);
    }
  }
  if( s.nThread==1 ) cmRunAlone(&s);
  if( cmStopped(&s) ) rc = s.rc;
  if( rc==GG_OK ) rc = cmBigMerge(&s);
  p->nPly = s.nPly;
done:
  gg_free(aInv);
  cmTurnFree(&s.aTurn[0]);
  cmTurnFree(&s.aTurn[1]);
  if( rc ) gg_cm_free(p);
  return rc;
}

int gg_cm_solve(GGCatMouse *p, const GGGraph *pG, const GGStop *pStop){
  return gg_cm_solve_threads(p, pG, 0, pStop);
}

void gg_cm_free(GGCatMouse *p){
  gg_free(p->aPly);
  gg_free(p->aDone);
  gg_free(p->aWin);
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
