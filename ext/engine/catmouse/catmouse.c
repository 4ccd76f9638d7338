/*
** catmouse.c: the fast cat-and-mouse engine, set-up and results (see
** catmouse.h; the plies are in catmouse_ply.c, graphs of at most 64 nodes
** in catmouse_small.c).
**
** The set-up renumbers the nodes (catmouse_order.c: reverse Cuthill-McKee,
** a BFS that takes low degrees first, so that on graphs with some geometry
** the rows of a node's neighbours lie close together; for the pull on
** graphs such as grids, balls of nodes instead), builds each turn's moves
** and the in-arcs in that numbering, and allocates.  Every array
** that grows with the positions is either a bitset (1 bit per position
** and turn: under 600 MB at the largest n) or cut in blocks of one band
** (the ply bytes: n*512 bytes a block, fewer in the last), so no single
** allocation comes near the 2 GB that SQLite's allocator refuses.  Large
** arrays are zeroed in slices with a poll between them, so an interrupt
** stops the set-up fast.
** (No madvise(MADV_HUGEPAGE) any more: on this machine, with memory
** fragmented by other work, its synchronous compaction made the solve
** slower and stalled single page faults for 100+ ms.)
*/
#include <string.h>
#include <stdlib.h>
#include "alloc.h"
#include "catmouse_int.h"

/* The pages of nByte bytes at a, which are about to be written, faulted
** in by the kernel in one call (Linux: madvise(MADV_POPULATE_WRITE),
** kernels from 5.14), not a page fault at a time; elsewhere, or refused,
** nothing. */
static void cmPopulate(void *a, uint64_t nByte){
#if defined(__linux__) && defined(MADV_POPULATE_WRITE)
  long nPage = sysconf(_SC_PAGESIZE);
  uintptr_t mask = (uintptr_t)(nPage>0 ? nPage : 4096) - 1;
  uintptr_t b = ((uintptr_t)a + mask) & ~mask, e = ((uintptr_t)a + nByte) & ~mask;
  if( e>b ) madvise((void*)b, e-b, MADV_POPULATE_WRITE);
#else
  (void)a; (void)nByte;
#endif
}

static int cmCmpU32(const void *a, const void *b){
  uint32_t x = *(const uint32_t*)a, y = *(const uint32_t*)b;
  return (x>y) - (x<y);
}

/* The layout's sizes for n nodes. */
static uint32_t cmBands(uint32_t n){ return ((n+63)/64 + 7)/8; }
/* The ply columns of band b of nW words: 512, the last band's words'
** only (a whole word each: the apply reads 64 ply bytes a word). */
static uint32_t cmBandCols(uint32_t nW, uint32_t b){
  return nW - b*8<8 ? 64*(nW - b*8) : 512;
}

/* Entries of each part's sparse list (catmouse_int.h): n/4 + 256, but
** no more than 0.01 bytes a position for the four lists (24 bytes an
** entry: n^2/4800), and at least 64.  (n/2 + 1024 until the fused turn
** was chosen each ply: since then a grid's first turn has few dense
** plies either way, 70x70 2 -> 8, and the lists are 0.002 bytes a
** position of its peak less.) */
static uint32_t cmListMax(uint32_t n){
  uint64_t m = (uint64_t)n/4 + 256, mMem = (uint64_t)n*n/4800;
  if( m>mMem ) m = mMem<64 ? 64 : mMem;
  return m>GG_CM_LIST ? GG_CM_LIST : (uint32_t)m;
}

uint64_t gg_cm_bytes(uint32_t n, uint64_t nArc){
  uint64_t nB = cmBands(n), nDW = ((n+63)/64 + 63)/64;
  uint64_t nBits = GG_CM_BIT_SIZE(n, nB)*8;           /* bytes per bitset */
  uint64_t nPly = 2*nB*512*(uint64_t)n;   /* ply bytes (the last band's are fewer) */
  uint64_t nTurn = 2*(n*nDW*8 + (n+2+nArc)*4 + CM_MAX_THREAD*(uint64_t)n*4 + n);
  uint64_t nWork = CM_MAX_THREAD*((uint64_t)n*nDW*8 + 5*(uint64_t)n);
  uint64_t nSet = (uint64_t)n*(4+4+1+1) + (n+2+nArc)*4;  /* perm, inv, holes, preds */
  /* the sparse lists and aNews, which the turns share (cmTurnScratch) */
  uint64_t nList = CM_MAX_THREAD*((uint64_t)cmListMax(n)*sizeof(CmNew) + n*nDW*8);
  return nPly + 6*nBits + nTurn + nWork + nSet + nList;   /* aRes 4, aDone 2 */
}

/* The bytes of the largest block a solve on n nodes allocates: a bitset,
** a band of ply bytes, or the pull's block of a turn (cmTurnScratch; its arcs
** left out: the graph's own arrays are larger). */
static uint64_t cmLargestBlock(uint32_t n){
  uint64_t nW = ((uint64_t)n+63)/64, nDW = (nW+63)/64, nB = cmBands(n);
  uint64_t nBits = GG_CM_BIT_SIZE(n, nB)*8, nPly = (uint64_t)n*512;
  uint64_t nTurn = (n*nDW*(1+CM_MAX_THREAD) + CM_MAX_THREAD*nW)*8
                   + CM_MAX_THREAD*(uint64_t)cmListMax(n)*sizeof(CmNew)
                   + (2 + (1+CM_MAX_THREAD)*(uint64_t)n)*4;
  uint64_t m = nBits>nPly ? nBits : nPly;
  return m>nTurn ? m : nTurn;
}

uint32_t gg_cm_max_nodes(void){
  uint32_t lo = 1, hi = 1u<<20;      /* (20 steps: no need to keep it) */
  while( lo<hi ){
    uint32_t mid = lo + (hi-lo+1)/2;
    if( cmLargestBlock(mid)<=GG_ALLOC_MAX ) lo = mid; else hi = mid-1;
  }
  return lo;
}

/* Arcs as CSR in the engine's numbering: out-arcs (bIn==0) or in-arcs,
** without arcs into a hole if bCat; each list ascending. */
static int cmArcs(CmSolve *s, const uint32_t *aInv, int bIn, int bCat,
                  uint32_t *aOff, uint32_t *aTo){
  const GGGraph *pG = s->p->pG;
  const uint32_t *aPerm = s->p->aPerm;
  uint32_t x, j, nOut = 0;
  for(x=0; x<s->n; x++){
    uint32_t u = aInv[x], first = nOut;
    uint32_t nDeg = bIn ? GG_INDEG(pG, u) : GG_DEG(pG, u);
    const uint32_t *a = bIn ? GG_INNBR(pG, u) : GG_NBR(pG, u);
    aOff[x] = nOut;
    for(j=0; j<nDeg; j++){
      uint32_t to = aPerm[a[j]];
      if( bCat && s->aHoleE[to] ) continue;
      aTo[nOut++] = to;
    }
    qsort(aTo + first, nOut - first, sizeof(uint32_t), cmCmpU32);
    if( gg_poll(&s->setup, 1 + nDeg) ) return GG_INTERRUPT;
  }
  aOff[s->n] = nOut;
  return GG_OK;
}

static void cmTurnFree(CmTurn *me){
  int q;
  gg_free(me->aOff);                           /* the block of cmTurnMoves */
  gg_free(me->aDirty);                         /* the block of cmTurnScratch */
  for(q=0; q<CM_MAX_THREAD; q++) gg_free(me->aPart[q].aBig);
  memset(me, 0, sizeof(*me));
}

/* A turn's fields: who moves, its bitsets of the result. */
static void cmTurnInit(CmSolve *s, int t){
  CmTurn *me = &s->aTurn[t];
  memset(me, 0, sizeof(*me));
  me->t = t;
  me->aWin[0] = s->p->aRes[2*t];
  me->aWin[1] = s->p->aRes[2*t+1];
}

/* A turn's moves in the engine's numbering (aOff, aMove: one block); the
** cat's only for the pull (the chains take the mouse's, less the hole). */
static int cmTurnMoves(CmSolve *s, int t, const uint32_t *aInv){
  CmTurn *me = &s->aTurn[t];
  me->aOff = gg_malloc(((uint64_t)s->n + 1 + s->p->pG->nArc + 1)*4);
  if( me->aOff==0 ) return GG_NOMEM;
  me->aMove = me->aOff + s->n + 1;
  return cmArcs(s, aInv, 0, t==GG_CM_CAT, me->aOff, me->aMove);
}

/* One allocation for the pull's arrays of a turn (not when the chains
** run alone): aDirty, aRowBits and the rows changed; and, for the mouse,
** the sparse lists and the dense marks (aNews), which the cat's parts
** share: only the first turn of a ply uses them (catmouse_int.h,
** CM_FUSED), unless neither turn is fused (then each has its own). */
static int cmTurnScratch(CmSolve *s, int t){
  CmTurn *me = &s->aTurn[t];
  uint64_t n = s->n, nDirty = n*s->nDW;
  int bLists = t==GG_CM_MOUSE || CM_FUSED<0;
  uint64_t nNews = bLists ? nDirty*s->lanes.nLane : 0;
  uint64_t nU64 = nDirty + nNews + s->lanes.nLane*s->nW;          /* aDirty, aNews, aRowBits */
  uint32_t nListMax = bLists ? s->nListMax : 0;
  uint64_t nList = (uint64_t)s->lanes.nLane*nListMax;             /* aList */
  uint64_t nByte = nU64*8 + nList*sizeof(CmNew) + s->lanes.nLane*n*4;   /* aDirtyRow */
  uint32_t *a32;
  int q;
  me->aDone = s->p->aDone[t];
  me->aDirty = gg_malloc(nByte);
  if( me->aDirty==0 ) return GG_NOMEM;
  memset(me->aDirty, 0, nU64*8);
  for(q=0; q<s->lanes.nLane; q++){
    CmPart *pt = &me->aPart[q], *pMouse = &s->aTurn[GG_CM_MOUSE].aPart[q];
    pt->aRowBits = me->aDirty + nDirty + nNews + (uint64_t)q*s->nW;
    pt->aNews = bLists ? me->aDirty + nDirty*(1+q) : pMouse->aNews;
    pt->aList = bLists ? (CmNew*)(me->aDirty + nU64) + (uint64_t)q*nListMax : pMouse->aList;
  }
  a32 = (uint32_t*)((CmNew*)(me->aDirty + nU64) + nList);
  for(q=0; q<s->lanes.nLane; q++) me->aPart[q].dirty.aRow = a32 + q*n;
  return GG_OK;
}

/* A worker (its scratch, wordply.h, only for the pull). */
static void cmWorkerInit(CmSolve *s, int i){
  CmWorker *wk = &s->aWork[i];
  uint32_t b;
  wk->i = i;
  wk->s = s;
  gg_poll_init(&wk->poll, i==0 ? s->setup.pStop : 0);   /* worker 0 asks */
  for(b=0; b<s->nWB; b++){       /* the bands in turn, till the first deal */
    wk->aOwn[0][b] = wk->aOwn[1][b] = (uint8_t)(b % (uint32_t)s->lanes.nLane);
  }
}

static int cmBigCmp(const void *a, const void *b){
  const GGCatMouseBig *x = (const GGCatMouseBig*)a, *y = (const GGCatMouseBig*)b;
  uint64_t kx = (uint64_t)x->x<<32 | x->y, ky = (uint64_t)y->x<<32 | y->y;
  if( kx!=ky ) return (kx>ky) - (kx<ky);
  return (x->nPly>y->nPly) - (x->nPly<y->nPly);
}

/* Move every part's big plies into p->aBig[t], sorted by (x, y).  A
** position listed twice keeps its largest plies: the chains' wide plies
** may copy a position of a tile made wide before its own write
** (catmouse_chain_lanes.c, chWidePly), with fewer plies than that write's. */
static int cmBigMerge(CmSolve *s){
  GGCatMouse *p = s->p;
  uint64_t i;
  int t, q;
  for(t=0; t<2; t++){
    uint64_t nAll = 0;
    for(q=0; q<s->lanes.nLane; q++) nAll += s->aTurn[t].aPart[q].nBig;
    if( nAll==0 ) continue;
    p->aBig[t] = gg_malloc(nAll*sizeof(GGCatMouseBig));
    if( p->aBig[t]==0 ) return GG_NOMEM;
    for(q=0; q<s->lanes.nLane; q++){
      const CmPart *pt = &s->aTurn[t].aPart[q];
      if( pt->nBig ) memcpy(p->aBig[t]+p->nBig[t], pt->aBig, pt->nBig*sizeof(GGCatMouseBig));
      p->nBig[t] += pt->nBig;
    }
    qsort(p->aBig[t], p->nBig[t], sizeof(GGCatMouseBig), cmBigCmp);
    nAll = 0;
    for(i=0; i<p->nBig[t]; i++){
      const GGCatMouseBig *a = &p->aBig[t][i];
      if( i+1<p->nBig[t] && a[1].x==a->x && a[1].y==a->y ) continue;
      p->aBig[t][nAll++] = *a;
    }
    p->nBig[t] = nAll;
  }
  return GG_OK;
}

/* The result's arrays: aRes, the ply blocks.  One bitset a block: four in
** one passed SQLite's 2 GB a block at n = 65,536. */
static int cmAllocResult(CmSolve *s){
  GGCatMouse *p = s->p;
  uint64_t n = s->n, nBits = GG_CM_BIT_SIZE(n, s->nWB), i;
  p->aBlock = gg_malloc(2*(uint64_t)s->nWB*sizeof(GGCatMouseBlock));
  if( p->aBlock==0 ) return GG_NOMEM;
  memset(p->aBlock, 0, 2*(uint64_t)s->nWB*sizeof(GGCatMouseBlock));
  for(i=0; i<2*(uint64_t)s->nWB; i++){
    p->aBlock[i].nCol = cmBandCols(s->nW, (uint32_t)(i % s->nWB));
    p->aBlock[i].aPly = gg_malloc(n*p->aBlock[i].nCol);
    if( p->aBlock[i].aPly==0 ) return GG_NOMEM;
  }
  for(i=0; i<4; i++){
    if( (p->aRes[i] = gg_malloc(nBits*8))==0 ) return GG_NOMEM;
    if( gg_zero(p->aRes[i], nBits*8, &s->setup) ) return GG_INTERRUPT;
  }
  return GG_OK;
}

/* The pull's arrays: the cat's moves, the two aDone bitsets, the turns'
** and the workers' scratch.  Not when the chains run alone (from ply 0). */
static int cmPullInit(CmSolve *s, const uint32_t *aInv){
  GGCatMouse *p = s->p;
  uint64_t nBits = GG_CM_BIT_SIZE(s->n, s->nWB);
  int t, i, rc = cmTurnMoves(s, GG_CM_CAT, aInv);
  for(t=0; t<2 && rc==GG_OK; t++){
    if( (p->aDone[t] = gg_malloc(nBits*8))==0 ) return GG_NOMEM;
    if( gg_zero(p->aDone[t], nBits*8, &s->setup) ) return GG_INTERRUPT;
    rc = cmTurnScratch(s, t);
  }
  for(i=0; i<s->lanes.nLane && rc==GG_OK; i++){
    rc = gg_cand_init(&s->aWork[i].cand, s->n, s->nDW);
  }
  return rc;
}

/* The holes in engine numbers (aHoleE, aHoleBit). */
static void cmHoles(CmSolve *s){
  const GGCatMouse *p = s->p;
  uint32_t u;
  memset(s->aHoleBit, 0, (uint64_t)s->nW*8);
  for(u=0; u<s->n; u++){
    uint32_t x = p->aPerm[u];
    s->aHoleE[x] = p->aHole[u]!=0;
    if( p->aHole[u] ) s->aHoleBit[x>>6] |= 1ULL<<(x&63);
  }
}

/* The holes, and the in-arcs (the mouse's moves when the graph is
** undirected). */
static int cmHolesAndPreds(CmSolve *s, const uint32_t *aInv){
  const GGGraph *pG = s->p->pG;
  s->aHoleE = gg_malloc(s->n + (uint64_t)s->nW*8);
  if( s->aHoleE==0 ) return GG_NOMEM;
  s->aHoleBit = (uint64_t*)gg_malloc((uint64_t)s->nW*8);
  if( s->aHoleBit==0 ) return GG_NOMEM;
  cmHoles(s);
  if( !pG->bDirected ) return GG_OK;
  s->aPredOff = gg_malloc(((uint64_t)s->n + 2 + pG->nArc)*sizeof(uint32_t));
  if( s->aPredOff==0 ) return GG_NOMEM;
  s->aPred = s->aPredOff + s->n + 1;
  return cmArcs(s, aInv, 1, 0, s->aPredOff, s->aPred);
}

/* When the chains run alone, from ply 0 (catmouse_chain.c), which write
** nearly every ply byte, the pages of the ply blocks faulted in 16 MB at
** a time (cmPopulate), not one page fault at a time: 3 to 7% of a path's
** or a cycle's solve (docs/speed.md).
** Pages of positions that stay draws become resident too (a path of
** 10,000: 1.43 -> 1.48 bytes a position).  GG_OK or GG_INTERRUPT. */
static int cmPrefault(CmSolve *s){
  uint64_t nSlice = (uint64_t)16<<20, i;
  uint32_t b;
  if( cm_chain_from(s)!=1 ) return GG_OK;
  for(b=0; b<2*s->nWB; b++){
    const GGCatMouseBlock *bk = &s->p->aBlock[b];
    uint64_t nByte = (uint64_t)s->n*bk->nCol;
    for(i=0; i<nByte; i+=nSlice){
      cmPopulate(bk->aPly + i, nByte-i<nSlice ? nByte-i : nSlice);
      if( gg_poll_now(&s->setup) ) return GG_INTERRUPT;
    }
  }
  return GG_OK;
}

/* The numbering of the pull (catmouse_order.c), when it is not RCM: the
** chains' stencils freed (they were built on RCM), the holes and every
** arc again. */
static int cmReorder(CmSolve *s, uint32_t *aInv){
  int bNew, t, rc = cm_order_choose(s, aInv, &bNew);
  if( rc || !bNew ) return rc;
  cm_chain_free(s);
  cmHoles(s);
  if( s->p->pG->bDirected ) rc = cmArcs(s, aInv, 1, 0, s->aPredOff, s->aPred);
  for(t=0; t<2 && rc==GG_OK; t++){
    rc = cmArcs(s, aInv, 0, t==GG_CM_CAT, s->aTurn[t].aOff, s->aTurn[t].aMove);
  }
  return rc;
}

/* Fill s and p's fields for graph pG; the solve's sizes. */
static int cmSetUp(CmSolve *s, GGCatMouse *p, const GGGraph *pG,
                   const uint8_t *aHole, int nThread, const GGStop *pStop){
  uint32_t n = pG->n;
  p->pG = pG;
  p->n = n;
  p->nWord = (n+63)/64;
  p->nBand = cmBands(n);
  p->nByteNeed = gg_cm_bytes(n, pG->nArc);
  s->p = p;
  gg_poll_init(&s->setup, pStop);
  s->n = n;
  s->nW = p->nWord;
  s->nDW = (s->nW+63)/64;
  s->nWB = p->nBand;
  s->nListMax = cmListMax(n);
  s->nThread = nThread;
  s->lanes.nLane = nThread<0 ? -nThread : nThread;
  if( s->lanes.nLane<1 || s->lanes.nLane>CM_MAX_THREAD ) s->lanes.nLane = CM_MAX_THREAD;
  if( (uint32_t)s->lanes.nLane>s->nWB ) s->lanes.nLane = (int)s->nWB;   /* a band each */
  s->lanes.nRun = 1;
  p->aHole = gg_malloc(n+1);
  if( p->aHole==0 ) return GG_NOMEM;
  memcpy(p->aHole, aHole, n);
  return GG_OK;
}

/* A worker's plies (gg_lanes_run). */
static void cmRunLane(void *pArg){
  cm_run((CmWorker*)pArg);
}

/* Run the plies: a thread per lane after the first; if that fails, this
** thread runs every lane. */
static int cmRunAll(CmSolve *s, int nThread){
  uint64_t nNew, aNew[2] = {0, 0};
  int t, i;
  for(t=0; t<2; t++){           /* (ply 0 applied its words at once) */
    for(i=0; i<s->lanes.nLane; i++) aNew[t] += s->aTurn[t].aPart[i].nNew;
    cm_list_rows(s, &s->aTurn[t], 0, 1);
  }
  if( s->lanes.bStop ) return s->lanes.rc;
  nNew = aNew[0] + aNew[1];
  for(i=0; i<s->lanes.nLane; i++){
    s->aWork[i].nLast = nNew;
    s->aWork[i].bThin = nNew<GG_CM_THIN;
    s->aWork[i].tFused = CM_FUSED<0 ? -1 : CM_FUSED0;
    cm_fused_next(&s->aWork[i], aNew);
  }
  gg_lanes_run(&s->lanes, nThread, cmRunLane, &s->aWork[0], &s->aWork[1]);
  if( s->lanes.bStop ) return s->lanes.rc;
  return s->kChain ? cm_chain_run(s) : GG_OK;
}

static void cmSolveFree(CmSolve *s){
  int i;
  for(i=0; i<CM_MAX_THREAD; i++) gg_cand_free(&s->aWork[i].cand);
  cm_chain_free(s);
  cmTurnFree(&s->aTurn[0]);
  cmTurnFree(&s->aTurn[1]);
  gg_free(s->aHoleE);
  gg_free(s->aHoleBit);
  if( s->p->pG->bDirected ) gg_free(s->aPredOff);
}

int gg_cm_solve_opts(GGCatMouse *p, const GGGraph *pG, const uint8_t *aHole,
                     int nThread, int iChain, const GGStop *pStop){
  CmSolve s;
  uint32_t *aInv = 0;
  int rc, t, i, bAlone;
  memset(p, 0, sizeof(*p));
  memset(&s, 0, sizeof(s));
  if( pG->n>gg_cm_max_nodes() || pG->n==0 ) return GG_TOOBIG;
  if( pG->n<=64 && nThread==0 ) return cm_small_solve(p, pG, aHole, pStop);
  rc = cmSetUp(&s, p, pG, aHole, nThread, pStop);
  s.iChain = iChain;
  p->aPerm = gg_malloc(((uint64_t)pG->n+1)*sizeof(uint32_t));
  aInv = gg_malloc(((uint64_t)pG->n+1)*sizeof(uint32_t));
  if( rc==GG_OK && (p->aPerm==0 || aInv==0) ) rc = GG_NOMEM;
  if( rc==GG_OK ) rc = cm_order_rcm(p, aInv, pStop);
  if( rc==GG_OK && iChain!=0 ) rc = cm_order_stencil(p, aInv, pStop);
  if( rc==GG_OK ) rc = cmHolesAndPreds(&s, aInv);
  if( rc==GG_OK ) rc = cmAllocResult(&s);
  for(t=0; t<2; t++) cmTurnInit(&s, t);
  if( rc==GG_OK ) rc = cmTurnMoves(&s, GG_CM_MOUSE, aInv);
  if( rc==GG_OK && !pG->bDirected ){
    s.aPredOff = s.aTurn[GG_CM_MOUSE].aOff;   /* in-arcs are the out-arcs */
    s.aPred = s.aTurn[GG_CM_MOUSE].aMove;
  }
  for(i=0; i<s.lanes.nLane; i++) cmWorkerInit(&s, i);
  if( rc==GG_OK ) rc = cm_chain_init(&s);
  bAlone = rc==GG_OK && cm_chain_from(&s)==1;    /* the chains from ply 0 */
  if( rc==GG_OK && !bAlone ) rc = cmPullInit(&s, aInv);
  if( bAlone ){                   /* (their stencils hold the moves: ch_moves) */
    gg_free(s.aTurn[GG_CM_MOUSE].aOff);
    s.aTurn[GG_CM_MOUSE].aOff = s.aTurn[GG_CM_MOUSE].aMove = 0;
    s.aPredOff = s.aPred = 0;
  }
  if( rc==GG_OK ) rc = cmReorder(&s, aInv);
  if( rc==GG_OK ) rc = cmPrefault(&s);
  for(t=0; t<2 && rc==GG_OK && !bAlone; t++) rc = cm_init_turn(&s, &s.aTurn[t]);
  if( rc==GG_OK && gg_poll_now(&s.setup) ) rc = GG_INTERRUPT;
  if( rc==GG_OK ) rc = bAlone ? cm_chain_run(&s) : cmRunAll(&s, nThread);
  if( rc==GG_OK ) rc = cmBigMerge(&s);
  p->nPly = s.nPly;
  gg_free(aInv);
  cmSolveFree(&s);
  if( rc==GG_OK ){                 /* (after a failure: gg_cm_free's) */
    for(t=0; t<2; t++){ gg_free(p->aDone[t]); p->aDone[t] = 0; }
  }
  /* On failure the result's blocks stay for the caller's gg_cm_free(),
  ** which it calls in every case: giving gigabytes back takes a while, and
  ** the SQL layer does it on a thread of its own after an interrupt. */
  return rc;
}

int gg_cm_solve_threads(GGCatMouse *p, const GGGraph *pG, const uint8_t *aHole,
                        int nThread, const GGStop *pStop){
  return gg_cm_solve_opts(p, pG, aHole, nThread, GG_CM_CHAIN, pStop);
}

int gg_cm_solve(GGCatMouse *p, const GGGraph *pG, const uint8_t *aHole,
                const GGStop *pStop){
  return gg_cm_solve_threads(p, pG, aHole, 0, pStop);
}

void gg_cm_free(GGCatMouse *p){
  uint64_t nNeed = p->nByteNeed;
  uint32_t i;
  if( p->aBlock ){
    for(i=0; i<2*p->nBand; i++){
      const GGCatMouseBlock *bk = &p->aBlock[i];
      uint64_t c, nChunk = (bk->nWide + (1ULL<<bk->wideShift) - 1)>>bk->wideShift;
      gg_free_gently(bk->aPly, (uint64_t)p->n*bk->nCol);
      gg_free(bk->aBase);
      for(c=0; c<nChunk; c++) gg_free(bk->apWide[c]);
      gg_free(bk->apWide);
    }
  }
  gg_free(p->aBlock);
  /* 200 MB each at n = 40,000, perhaps freed on a thread of its own (alloc.h) */
  for(i=0; i<4; i++) gg_free_gently(p->aRes[i], GG_CM_BIT_SIZE(p->n, p->nBand)*8);
  for(i=0; i<2; i++) gg_free_gently(p->aDone[i], GG_CM_BIT_SIZE(p->n, p->nBand)*8);
  gg_free(p->aBig[0]);
  gg_free(p->aBig[1]);
  gg_free(p->aPerm);
  if( p->aSmall ) gg_free(p->aSmall);      /* aHole is in that block */
  else gg_free(p->aHole);
  memset(p, 0, sizeof(*p));
  p->nByteNeed = nNeed;           /* still there for the error message */
}

/* The plies of decided position (x, y) of turn t (engine numbers): the
** tiers of GGCatMouseBlock. */
static uint32_t cmPlies(const GGCatMouse *p, int t, uint32_t x, uint32_t y){
  const GGCatMouseBlock *bk = &p->aBlock[t*p->nBand + (y>>9)];
  uint8_t c = *gg_cm_plyp(bk, x, y);
  uint64_t lo = 0, hi = p->nBig[t], key = (uint64_t)x<<32 | y;
  const GGCatMouseBig *a = p->aBig[t];
  uint32_t e;
  uint16_t kWide;
  if( bk->aBase==0 ) return c;                /* the plies themselves */
  e = *gg_cm_base_at(bk, p->n, x, y);
  if( !(e & GG_CM_WIDE) ) return c<128 ? CM_B1(e) + c : CM_B2(e) + c - 128;
  kWide = gg_cm_wide(bk, e & ~GG_CM_WIDE)[gg_cm_wide_slot(bk, x, y)];
  if( kWide!=GG_CM_WIDE_BIG ) return kWide;
  while( lo<hi ){
    uint64_t mid = lo + (hi-lo)/2;
    if( ((uint64_t)a[mid].x<<32 | a[mid].y)<key ) lo = mid+1; else hi = mid;
  }
  return a[lo].nPly;       /* always there: written with GG_CM_WIDE_BIG */
}

/* The state word (retro.h) of turn t with the mover on xd, the other on
** yd (dense ids). */
static uint32_t cmWord(const GGCatMouse *p, uint32_t xd, uint32_t yd, int t){
  uint32_t x, y;
  uint64_t iWord, bit;
  if( p->aSmall ) return cm_small_word(p, xd, yd, t);
  if( p->aHole[t==GG_CM_MOUSE ? yd : xd] ) return GG_STATE(GG_V_DRAW, 0);
  x = p->aPerm[xd];
  y = p->aPerm[yd];
  iWord = GG_CM_BIT(p->n, y, x>>6);
  bit = 1ULL<<(x&63);
  if( p->aRes[2*t][iWord] & bit ){
    return GG_STATE(GG_V_WIN0, cmPlies(p, t, x, y));
  }
  if( p->aRes[2*t+1][iWord] & bit ){
    return GG_STATE(GG_V_WIN1, cmPlies(p, t, x, y));
  }
  return GG_STATE(GG_V_DRAW, 0);
}

/* A position being read, for the best-move scan's child callback. */
typedef struct CmGet CmGet;
struct CmGet {
  const GGCatMouse *p;  /* the solved game */
  uint32_t mouse, cat;  /* the position */
  int turn;             /* who moves */
};

/* The state word after the mover goes to `to` (board.h); the cat may not
** enter a hole. */
static uint32_t cmChild(const void *pCtx, uint32_t to){
  const CmGet *g = (const CmGet*)pCtx;
  if( g->turn==GG_CM_CAT ){
    return g->p->aHole[to] ? GG_BOARD_NOMOVE : cmWord(g->p, g->mouse, to, GG_CM_MOUSE);
  }
  return cmWord(g->p, g->cat, to, GG_CM_CAT);
}

void gg_cm_get(const GGCatMouse *p, uint32_t mouse, uint32_t cat, int turn,
               uint32_t *pValue, int64_t *pPlies, int64_t *pMove){
  uint32_t w = turn==GG_CM_MOUSE ? cmWord(p, mouse, cat, GG_CM_MOUSE)
                                 : cmWord(p, cat, mouse, GG_CM_CAT);
  CmGet g;
  *pValue = GG_VALUE(w);
  *pPlies = GG_VALUE(w)==GG_V_DRAW ? -1 : (int64_t)GG_COUNT(w);
  if( pMove==0 ) return;
  *pMove = -1;
  if( p->aHole[mouse] || mouse==cat || p->aHole[cat] ) return;   /* finished */
  g.p = p; g.mouse = mouse; g.cat = cat; g.turn = turn;
  *pMove = gg_board_best(p->pG, turn==GG_CM_MOUSE ? mouse : cat, 0, w, cmChild, &g);
}
