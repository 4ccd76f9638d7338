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
** positions into its own layout (row x, bit y: aDone), writes their state
** words, and lists them (aPend).  In the apply, each turn moves its listed
** positions into its transposed bitsets and marks the changed words.  The
** two turns touch disjoint memory in each phase, so with two threads each
** turn gets a core, with a barrier after each phase.  The calling thread
** polls the GGStop at each ply and about every GG_STOP_EVERY positions.
**
** Memory: 4 bytes per position of state words, plus 6 bitsets of n*n bits
** (decided, won-by-each-player transposed, per turn), plus the list of one
** ply's changed words.  The transposed bitsets and the lists are freed
** once solved.
*/
#include <string.h>
#include <pthread.h>
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
  uint32_t *aState;    /* state words: x*n + y (into GGCatMouse) */
  uint64_t *aWin[2];   /* aWin[q]: won by player q; row y, bit x */
  uint64_t *aDirty;    /* nDW words per row y: words of aWin[*] rows changed */
  uint32_t *aDirtyRow; /* rows y with a bit in aDirty */
  uint32_t nDirtyRow;  /* entries in aDirtyRow */
  uint8_t *aRowMark;   /* aRowMark[y]: y is in aDirtyRow */
  uint8_t *aCand;      /* scratch of the pass: rows x to visit */
  CmPend *aPend;       /* this ply's new positions */
  uint64_t nPend;      /* entries in aPend */
  uint64_t nPendAlloc; /* entries that fit in aPend */
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
  uint32_t nPly;       /* last ply that decided something */
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

/* Count a visited word (64 positions); poll the GGStop about every
** GG_STOP_EVERY positions and at each ply, from the calling thread (the
** thread of the mouse's turn, or the only one). */
#define CM_STOP_EVERY (GG_STOP_EVERY/64)
static int cmStep(CmSolve *s, CmTurn *me){
  if( (++me->nStep % CM_STOP_EVERY)!=0 ) return 0;
  if( (me->t==GG_CM_MOUSE || s->nThread==1) && s->pStop
   && s->pStop->xStop(s->pStop->pArg) ){
    cmSetStop(s, GG_INTERRUPT);
  }
  return cmStopped(s);
}

/* Append a pending word; 0 on success, nonzero out of memory. */
static int cmPendAdd(CmTurn *me, uint32_t x, uint32_t w, uint64_t win, uint64_t lose){
  if( me->nPend==me->nPendAlloc ){
    uint64_t nNew = me->nPendAlloc ? me->nPendAlloc*2 : 1024;
    CmPend *aNew = gg_malloc(nNew*sizeof(CmPend));
    if( aNew==0 ) return 1;
    if( me->nPend ) memcpy(aNew, me->aPend, me->nPend*sizeof(CmPend));
    gg_free(me->aPend);
    me->aPend = aNew;
    me->nPendAlloc = nNew;
  }
  me->aPend[me->nPend].x = x;
  me->aPend[me->nPend].w = w;
  me->aPend[me->nPend].win = win;
  me->aPend[me->nPend].lose = lose;
  me->nPend++;
  return 0;
}

/* Decide the positions win|lose of row x, word w at ply k: mark them,
** write their state words, list them.  0, or nonzero out of memory. */
static int cmDecide(CmSolve *s, CmTurn *me, uint32_t x, uint32_t w,
                    uint64_t win, uint64_t lose, uint32_t k){
  uint32_t *aState = me->aState + (uint64_t)x*s->n + (uint64_t)w*64;
  uint32_t vWin = GG_STATE(me->t+1, k), vLose = GG_STATE(2-me->t, k);
  uint64_t b;
  me->aDone[(uint64_t)x*s->nW + w] |= win | lose;
  for(b=win; b; b&=b-1) aState[__builtin_ctzll(b)] = vWin;
  for(b=lose; b; b&=b-1) aState[__builtin_ctzll(b)] = vLose;
  return cmPendAdd(me, x, w, win, lose);
}

/* Ply 0 for one turn: the finished positions, and the positions that are
** not positions (the cat on the hole) marked decided with no state. */
static int cmInitTurn(CmSolve *s, CmTurn *me){
  uint32_t n = s->n, nW = s->nW, hole = s->p->hole, x, w;
  uint64_t pad = (n%64) ? ~0ULL<<(n%64) : 0;   /* bits past n, last word */
  for(x=0; x<n; x++){
    uint64_t *aDone = me->aDone + (uint64_t)x*nW;
    int bStuck = me->aOff[x+1]==me->aOff[x];   /* the mover cannot move */
    aDone[nW-1] |= pad;
    if( me->t==GG_CM_CAT && x==hole ){
      for(w=0; w<nW; w++) aDone[w] = ~0ULL;
      continue;
    }
    for(w=0; w<nW; w++){
      uint64_t win = 0, lose = 0, none = 0, all = ~0ULL;
      uint64_t bHole = (hole>>6)==w ? 1ULL<<(hole&63) : 0;
      uint64_t bSame = (x>>6)==w ? 1ULL<<(x&63) : 0;
      if( w==nW-1 ) all &= ~pad;
      if( me->t==GG_CM_MOUSE ){               /* x mouse, y cat */
        none = bHole;
        if( x==hole ) win = all & ~bHole;
        else if( bStuck ) lose = all & ~bHole;
        else lose = bSame;
      }else{                                  /* x cat, y mouse */
        win = bSame;                          /* the cat catches the mouse */
        lose = bHole;                         /* the mouse is home */
        if( bStuck ) lose = all & ~bSame;
      }
      aDone[w] |= none;
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
  const GGGraph *pG = s->p->pG;
  uint32_t n = s->n, nW = s->nW, nDW = s->nDW, i, x, j;
  uint64_t cw[64];                              /* nDW <= 64 (n < 2^18) */
  me->nPend = 0;
  me->nStep = CM_STOP_EVERY-1;                  /* poll at the start */
  if( cmStep(s, me) ) return;
  /* Candidate rows: x with a move to a changed row x' (x' a neighbour). */
  for(i=0; i<ot->nDirtyRow; i++){
    uint32_t y = ot->aDirtyRow[i];
    for(j=0; j<GG_DEG(pG, y); j++) me->aCand[GG_NBR(pG, y)[j]] = 1;
  }
  for(x=0; x<n; x++){
    const uint32_t *aMv;
    uint32_t nMv, d;
    if( !me->aCand[x] ) continue;
    me->aCand[x] = 0;
    if( cmStopped(s) ) return;
    aMv = me->aMove + me->aOff[x];
    nMv = me->aOff[x+1] - me->aOff[x];
    if( nMv==0 ) continue;
    for(d=0; d<nDW; d++) cw[d] = 0;
    for(j=0; j<nMv; j++){
      const uint64_t *a = ot->aDirty + (uint64_t)aMv[j]*nDW;
      for(d=0; d<nDW; d++) cw[d] |= a[d];
    }
    for(d=0; d<nDW; d++){
      uint64_t bits;
      for(bits=cw[d]; bits; bits&=bits-1){
        uint32_t w = d*64 + (uint32_t)__builtin_ctzll(bits);
        uint64_t open = ~me->aDone[(uint64_t)x*nW + w], win = 0, lose = ~0ULL;
        if( open==0 ) continue;
        if( cmStep(s, me) ) return;
        for(j=0; j<nMv; j++){
          uint64_t iRow = (uint64_t)aMv[j]*nW + w;
          win |= aWinMe[iRow];
          lose &= aWinOt[iRow];
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
  uint32_t nW = s->nW, nDW = s->nDW, i;
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
    for(q=0; q<2; q++){
      uint64_t *aWin = me->aWin[q==0 ? me->t : 1-me->t], b;
      for(b = q==0 ? pe->win : pe->lose; b; b&=b-1){
        uint32_t y = pe->w*64 + (uint32_t)__builtin_ctzll(b);
        aWin[(uint64_t)y*nW + xw] |= xbit;
        me->aDirty[(uint64_t)y*nDW + (xw>>6)] |= dbit;
        if( !me->aRowMark[y] ){
          me->aRowMark[y] = 1;
          me->aDirtyRow[me->nDirtyRow++] = y;
        }
      }
    }
  }
}

/* The plies of one turn, on its own thread or alone. */
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

/* The moves of one turn's mover as CSR: the graph's arcs, without the
** arcs into the hole for the cat. */
static int cmMoves(CmSolve *s, CmTurn *me){
  const GGGraph *pG = s->p->pG;
  uint32_t x, j, nOut = 0;
  me->aOff = gg_malloc(((uint64_t)s->n+1)*sizeof(uint32_t));
  me->aMove = gg_malloc((pG->nArc+1)*sizeof(uint32_t));
  if( me->aOff==0 || me->aMove==0 ) return GG_NOMEM;
  for(x=0; x<s->n; x++){
    me->aOff[x] = nOut;
    for(j=0; j<GG_DEG(pG, x); j++){
      uint32_t to = GG_NBR(pG, x)[j];
      if( me->t==GG_CM_CAT && to==s->p->hole ) continue;
      me->aMove[nOut++] = to;
    }
  }
  me->aOff[s->n] = nOut;
  return GG_OK;
}

static void cmTurnFree(CmTurn *me){
  gg_free(me->aOff);
  gg_free(me->aMove);
  gg_free(me->aWin[0]);
  gg_free(me->aWin[1]);
  gg_free(me->aDirty);
  gg_free(me->aDirtyRow);
  gg_free(me->aRowMark);
  gg_free(me->aCand);
  gg_free(me->aPend);
  memset(me, 0, sizeof(*me));
}

static int cmTurnInit(CmSolve *s, int t){
  CmTurn *me = &s->aTurn[t];
  GGCatMouse *p = s->p;
  uint64_t nBits = (uint64_t)s->n*s->nW*sizeof(uint64_t);
  memset(me, 0, sizeof(*me));
  me->t = t;
  me->aDone = p->aDone + (uint64_t)t*s->n*s->nW;
  me->aState = p->aState + (uint64_t)t*s->n*s->n;
  me->aWin[0] = gg_malloc(nBits);
  me->aWin[1] = gg_malloc(nBits);
  me->aDirty = gg_malloc((uint64_t)s->n*s->nDW*sizeof(uint64_t));
  me->aDirtyRow = gg_malloc((uint64_t)s->n*sizeof(uint32_t));
  me->aRowMark = gg_malloc(s->n);
  me->aCand = gg_malloc(s->n);
  if( !me->aWin[0] || !me->aWin[1] || !me->aDirty || !me->aDirtyRow
   || !me->aRowMark || !me->aCand ){
    return GG_NOMEM;
  }
  memset(me->aWin[0], 0, nBits);
  memset(me->aWin[1], 0, nBits);
  memset(me->aDirty, 0, (uint64_t)s->n*s->nDW*sizeof(uint64_t));
  memset(me->aRowMark, 0, s->n);
  memset(me->aCand, 0, s->n);
  return cmMoves(s, me);
}

int gg_cm_solve_threads(GGCatMouse *p, const GGGraph *pG, int nThread,
                        const GGStop *pStop){
  CmSolve s;
  uint32_t n = pG->n;
  int64_t hole = gg_graph_find(pG, 0);
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
  s.nThread = nThread==1 || nThread==2 ? nThread : (n>=256 ? 2 : 1);
  p->aState = gg_malloc(GG_CM_NPOS(n)*sizeof(uint32_t));
  p->aDone = gg_malloc(2*(uint64_t)n*s.nW*sizeof(uint64_t));
  if( p->aState==0 || p->aDone==0 ){ rc = GG_NOMEM; goto done; }
  memset(p->aDone, 0, 2*(uint64_t)n*s.nW*sizeof(uint64_t));
  for(t=0; t<2 && rc==GG_OK; t++) rc = cmTurnInit(&s, t);
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
  p->nPly = s.nPly;
done:
  cmTurnFree(&s.aTurn[0]);
  cmTurnFree(&s.aTurn[1]);
  if( rc ) gg_cm_free(p);
  return rc;
}

int gg_cm_solve(GGCatMouse *p, const GGGraph *pG, const GGStop *pStop){
  return gg_cm_solve_threads(p, pG, 0, pStop);
}

void gg_cm_free(GGCatMouse *p){
  gg_free(p->aState);
  gg_free(p->aDone);
  p->aState = 0;
  p->aDone = 0;
}

/* The state word of turn t with the mover on x and the other on y. */
static uint32_t cmWord(const GGCatMouse *p, uint32_t x, uint32_t y, int t){
  uint64_t iRow = (uint64_t)t*p->n + x;
  if( ((p->aDone[iRow*p->nWord + (y>>6)]>>(y&63)) & 1)==0
   || (t==GG_CM_MOUSE ? y : x)==p->hole ){
    return GG_STATE(GG_V_DRAW, 0);
  }
  return p->aState[iRow*p->n + y];
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
