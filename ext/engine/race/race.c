/*
** race.c: the fast race engine, every position (see race.h for the rules
** and the contract); the same design as catmouse.c, for the race's rules.
** This file sets up and frees; the plies are in race_ply.c, what the two
** share in race_int.h.
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
** after each ply.  Long games (paths, cycles, grids) decide a few words a
** ply for thousands of plies: a ply after two of fewer than GG_RACE_THIN
** words is thin, run by the calling thread alone, every lane, with no
** barrier, while the other thread waits parked; the candidate rows are
** pushed from the changed rows (wordply.c), so a thin ply costs what it
** changed.  The calling thread (worker 0) polls the GGStop about
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
#include "alloc.h"
#include "race_int.h"

/* A worker's plies (gg_lanes_run). */
static void rcRunLane(void *pArg){
  rc_run((RcWorker*)pArg);
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
** (transposed until rcWinsOwn), the other player's a block of their own
** (one bitset a block), the rest one allocation. */
static int rcTurnInit(RcSolve *s, int t){
  RcTurn *me = &s->aTurn[t];
  GGRace *p = s->p;
  uint64_t n = s->n, nBits = GG_RACE_BIT_SIZE(n, s->nWB), nDirty = n*s->nDW;
  uint64_t nU64 = nDirty;                        /* aDirty */
  uint64_t nByte = nU64*8 + s->lanes.nLane*n*4 + n;    /* aDirtyRow, aRowMark */
  uint32_t *a32;
  int q;
  memset(me, 0, sizeof(*me));
  me->t = t;
  me->aDone = p->aDone[t];
  me->aWin[t] = p->aWin[t];
  me->aWin[1-t] = p->aScratch[t] = gg_malloc(nBits*8);
  if( me->aWin[1-t]==0 ) return GG_NOMEM;
  if( gg_zero(me->aWin[1-t], nBits*8, &s->setup) ) return GG_INTERRUPT;
  me->aBlock = gg_malloc(nByte);
  if( me->aBlock==0 ) return GG_NOMEM;
  memset(me->aBlock, 0, nU64*8);
  me->aDirty = me->aBlock;
  a32 = (uint32_t*)(me->aDirty + nDirty);
  for(q=0; q<s->lanes.nLane; q++) me->aPart[q].dirty.aRow = a32 + q*n;
  me->aRowMark = (uint8_t*)(a32 + s->lanes.nLane*n);
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
  for(t=0; t<2; t++) for(q=0; q<s->lanes.nLane; q++) nAll += s->aTurn[t].aPart[q].nBig;
  if( nAll==0 ) return GG_OK;
  p->aBig = gg_malloc(nAll*sizeof(GGRaceBig));
  if( p->aBig==0 ) return GG_NOMEM;
  for(t=0; t<2; t++) for(q=0; q<s->lanes.nLane; q++){
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
  uint64_t n = s->n, nBits = GG_RACE_BIT_SIZE(n, s->nWB);
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
  for(i=0; i<4; i++){        /* one bitset a block (SQLite's 2 GB a block) */
    uint64_t **pa = i<2 ? &p->aDone[i] : &p->aWin[i-2];
    if( (*pa = gg_malloc(nBits*sizeof(uint64_t)))==0 ) return GG_NOMEM;
    if( gg_zero(*pa, nBits*sizeof(uint64_t), &s->setup) ) return GG_INTERRUPT;
  }
  for(t=0; t<2; t++) if( (rc = rcTurnInit(s, t))!=GG_OK ) return rc;
  for(i=0; i<s->lanes.nLane; i++) if( (rc = rcWorkerInit(s, i))!=GG_OK ) return rc;
  for(t=0; t<2; t++) if( (rc = rc_init_turn(s, &s->aTurn[t]))!=GG_OK ) return rc;
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

/* The bytes of a turn's block (rcTurnInit), and of the largest block: a
** bitset, a band of plies (2 bytes an entry) or that. */
static uint64_t rcTurnBlock(uint32_t n){
  uint64_t nW = ((uint64_t)n+63)/64, nDW = (nW+63)/64;
  return n*nDW*8 + RC_MAX_THREAD*(uint64_t)n*4 + n;
}
static uint64_t rcLargestBlock(uint32_t n){
  uint64_t nW = ((uint64_t)n+63)/64, nB = (nW+7)/8;
  uint64_t nBits = GG_RACE_BIT_SIZE(n, nB)*8, nPly = (uint64_t)n*512*2, m = rcTurnBlock(n);
  if( nPly>m ) m = nPly;
  return nBits>m ? nBits : m;
}

uint32_t gg_race_max_nodes(void){
  uint32_t lo = 1, hi = 1u<<20;
  while( lo<hi ){
    uint32_t mid = lo + (hi-lo+1)/2;
    if( rcLargestBlock(mid)<=GG_ALLOC_MAX ) lo = mid; else hi = mid-1;
  }
  return lo;
}

uint64_t gg_race_bytes(uint32_t n, uint64_t nArc){
  uint64_t nW = ((uint64_t)n+63)/64, nDW = (nW+63)/64, nB = (nW+7)/8;
  uint64_t nBits = GG_RACE_BIT_SIZE(n, nB)*8;              /* bytes a bitset */
  uint64_t nPly = 2*(uint64_t)n*n;                          /* 1-byte plies */
  uint64_t nTurn = 2*rcTurnBlock(n);                        /* aDirty, rows */
  uint64_t nWork = RC_MAX_THREAD*((uint64_t)n*nDW*8 + 5*(uint64_t)n);
  uint64_t nSet = (uint64_t)n*(4+4+4) + 2*(2*(uint64_t)n + 1 + nArc)*4;
  return nPly + 6*nBits + nTurn + nWork + nSet;   /* aDone 2, aWin 2, other's wins 2 */
}

/* The solve; on failure p is freed if bFree, else kept for the caller. */
/* The word-parallel solve (gg_race_solve_kernel's GG_RACE_WORDS). */
static int rcSolveWords(GGRace *p, const GGGraph *pG, uint32_t z, int nThread,
                        const GGStop *pStop, int bFree){
  RcSolve s;
  uint32_t n = pG->n;
  int rc, i;
  memset(p, 0, sizeof(*p));
  memset(&s, 0, sizeof(s));
  if( z>=n ) return GG_NOTNODE;                 /* the goal is not a node */
  if( n>gg_race_max_nodes() ) return GG_TOOBIG;
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
  s.lanes.nLane = nThread<0 ? -nThread : nThread;
  if( s.lanes.nLane<1 || s.lanes.nLane>RC_MAX_THREAD ) s.lanes.nLane = RC_MAX_THREAD;
  if( (uint32_t)s.lanes.nLane>s.nWB ) s.lanes.nLane = (int)s.nWB;   /* a band each */
  s.lanes.nRun = 1;
  rc = rcSetup(&s);
  if( rc==GG_OK ){
    /* a thread per lane after the first; if that cannot be started,
    ** this thread runs every lane */
    gg_lanes_run(&s.lanes, nThread, rcRunLane, &s.aWork[0], &s.aWork[1]);
    if( gg_lanes_stopped(&s.lanes) ) rc = s.lanes.rc;   /* set by the workers */
  }
  if( rc==GG_OK ) rc = rcWinsOwn(&s);
  if( rc==GG_OK ) rc = rcBigMerge(&s);
  p->nPly = s.nPly;
  for(i=0; i<RC_MAX_THREAD; i++) gg_cand_free(&s.aWork[i].cand);
  rcTurnFree(&s.aTurn[0]);
  rcTurnFree(&s.aTurn[1]);
  gg_free(s.aOff);
  if( rc==GG_OK ){
    for(i=0; i<2; i++){ gg_free(p->aScratch[i]); p->aScratch[i] = 0; }
  }else if( bFree ){
    gg_race_free(p);
  }
  return rc;
}

int gg_race_solve_kernel(GGRace *p, const GGGraph *pG, uint32_t z, int nThread,
                         const GGStop *pStop, int bFree, int iKernel){
  if( iKernel!=GG_RACE_WORDS && z<pG->n && pG->n<=gg_race_max_nodes() ){
    int rc = gg_race_solve_dist(p, pG, z, pStop);
    if( rc!=GG_RACE_NOT_DIST ){
      if( rc!=GG_OK && bFree ) gg_race_free(p);
      return rc;
    }                                   /* (nothing of p's allocated) */
  }
  return rcSolveWords(p, pG, z, nThread, pStop, bFree);
}

int gg_race_solve_opts(GGRace *p, const GGGraph *pG, uint32_t z, int nThread,
                       const GGStop *pStop, int bFree){
  return gg_race_solve_kernel(p, pG, z, nThread, pStop, bFree, GG_RACE_AUTO);
}

int gg_race_solve_kept(GGRace *p, const GGGraph *pG, uint32_t z, const GGStop *pStop){
  return gg_race_solve_opts(p, pG, z, 0, pStop, 0);
}
