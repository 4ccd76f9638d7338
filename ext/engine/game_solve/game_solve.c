/*
** game_solve.c: building an explicit game (see game_solve.h); the solve
** and the answers are game_solve_run.c.
**
** Building is linear in the moves: the moves as given go to successor
** lists by source (their blocks are freed as they are used; moves usually
** come grouped by source, so this pass writes almost in order, and a list
** that came grouped by ascending source holds only the targets and the
** counts, so it is one copy); each list
** loses its repeats where it lies (a short list by an insertion sort, a
** long one against a mark per position); and one transpose makes the
** predecessor lists, ascending by source.  The transpose goes by buckets
** of targets, so that it never scatters over the whole arrays; a game
** whose moves go mostly to a few positions uses the plain counting-sort
** transpose (which prefetches the counters and the places it will write
** a few moves ahead) instead.
*/
#include <string.h>
#include "alloc.h"
#include "game_solve.h"

/* Room for the ids of entry k of a list of blocks (2*GG_MOVE_BLOCK ids
** each, k counted in ids): the block exists.  GG_OK or GG_NOMEM. */
static int exBlockRoom(GGMoveList *p, uint64_t k){
  uint64_t b = k / (2*GG_MOVE_BLOCK);
  if( k % (2*GG_MOVE_BLOCK) ) return GG_OK;
  if( b==p->nBlockAlloc ){
    uint64_t nNew = p->nBlockAlloc ? p->nBlockAlloc*2 : 16;
    uint32_t **apNew = gg_malloc(nNew*sizeof(uint32_t*));
    if( apNew==0 ) return GG_NOMEM;
    memset(apNew, 0, nNew*sizeof(uint32_t*));
    if( b ) memcpy(apNew, p->apBlock, b*sizeof(uint32_t*));
    gg_free(p->apBlock);
    p->apBlock = apNew;
    p->nBlockAlloc = nNew;
  }
  p->apBlock[b] = gg_malloc(2*GG_MOVE_BLOCK*sizeof(uint32_t));
  return p->apBlock[b] ? GG_OK : GG_NOMEM;
}

/* A list by source becomes pairs: the moves so far, rebuilt with their
** sources from the counts into new blocks, each old block freed once
** read.  GG_OK, or GG_NOMEM with the list emptied (the caller's read has
** failed then). */
static int exToPairs(GGMoveList *p){
  GGMoveList q;
  uint64_t k, nLeft;
  uint32_t s = 0, *aOld;
  memset(&q, 0, sizeof(q));
  nLeft = p->nMove ? p->aCount[1] : 0;
  for(k=0; k<p->nMove; k++){
    aOld = p->apBlock[k/(2*GG_MOVE_BLOCK)];
    while( nLeft==0 ) nLeft = p->aCount[++s + 1];   /* the source of move k */
    nLeft--;
    if( exBlockRoom(&q, 2*k) ){
      gg_movelist_free(&q);
      gg_movelist_free(p);
      return GG_NOMEM;
    }
    q.apBlock[k/GG_MOVE_BLOCK][2*(k%GG_MOVE_BLOCK)] = s;
    q.apBlock[k/GG_MOVE_BLOCK][2*(k%GG_MOVE_BLOCK)+1] = aOld[k%(2*GG_MOVE_BLOCK)];
    if( k%(2*GG_MOVE_BLOCK)==2*GG_MOVE_BLOCK-1 ){
      gg_free(aOld);
      p->apBlock[k/(2*GG_MOVE_BLOCK)] = 0;
    }
  }
  q.nMove = p->nMove;
  gg_movelist_free(p);
  *p = q;
  return GG_OK;
}

int gg_movelist_add(GGMoveList *p, uint32_t from, uint32_t to){
  uint64_t k = p->nMove;
  if( k>=GG_EX_MAX_MOVE ) return GG_TOOBIG;
  if( k==0 && p->nSource && !p->bBySource ){        /* the first move */
    p->aCount = gg_malloc(((uint64_t)p->nSource+1)*sizeof(uint32_t));
    if( p->aCount ){
      memset(p->aCount, 0, ((uint64_t)p->nSource+1)*sizeof(uint32_t));
      p->bBySource = 1;
      p->iLast = 0;
    }                                 /* else pairs, which need no counts */
  }
  if( p->bBySource && (from<p->iLast || from>=p->nSource) ){
    if( exToPairs(p) ) return GG_NOMEM;
  }
  if( p->bBySource ){
    if( exBlockRoom(p, k) ) return GG_NOMEM;
    p->apBlock[k/(2*GG_MOVE_BLOCK)][k%(2*GG_MOVE_BLOCK)] = to;
    p->aCount[from+1]++;
    p->iLast = from;
  }else{
    if( exBlockRoom(p, 2*k) ) return GG_NOMEM;
    p->apBlock[k/GG_MOVE_BLOCK][2*(k%GG_MOVE_BLOCK)] = from;
    p->apBlock[k/GG_MOVE_BLOCK][2*(k%GG_MOVE_BLOCK)+1] = to;
  }
  p->nMove++;
  return GG_OK;
}

void gg_movelist_free(GGMoveList *p){
  uint64_t b;
  for(b=0; b<p->nBlockAlloc; b++) gg_free(p->apBlock[b]);
  gg_free(p->apBlock);
  gg_free(p->aCount);
  memset(p, 0, sizeof(*p));
}

/* aOff[1..n] holds counts: make aOff[i] the start of list i. */
static void exPrefix(uint32_t *aOff, uint32_t n){
  uint32_t i;
  aOff[0] = 0;
  for(i=0; i<n; i++) aOff[i+1] += aOff[i];
}

/* After filling with aOff[i]++ as the cursor, aOff[i] is the end of list
** i: shift it back to being the start. */
static void exUnshift(uint32_t *aOff, uint32_t n){
  uint32_t i;
  for(i=n; i>0; i--) aOff[i] = aOff[i-1];
  aOff[0] = 0;
}

/* How far ahead (in moves) the transpose prefetches. */
#define EX_SCATTER_AHEAD 16

/* Count the entries of each target list into aOutOff[t+1]. */
static void exCountTargets(uint32_t n, uint32_t nArc, const uint32_t *aIn,
                           uint32_t *aOutOff){
  uint32_t j;
  memset(aOutOff, 0, ((uint64_t)n+1)*sizeof(uint32_t));
  for(j=0; j<nArc; j++){
    if( (uint64_t)j+EX_SCATTER_AHEAD<nArc ) GG_PREFETCH(&aOutOff[aIn[j+EX_SCATTER_AHEAD]+1]);
    aOutOff[aIn[j]+1]++;
  }
}

/* Lists by source -> lists by target, both CSR over n positions.  aOutOff
** has n+1 entries; the output lists come out ascending, each source with
** its player (GG_EX_PRED_*, from aKind). */
static void exTranspose(uint32_t n, const uint32_t *aInOff, const uint32_t *aIn,
                        const uint8_t *aKind, uint32_t *aOutOff, uint32_t *aOut){
  uint32_t i = 0, j, nArc = aInOff[n], src = 0;
  const uint32_t d = EX_SCATTER_AHEAD;
  exCountTargets(n, nArc, aIn, aOutOff);
  exPrefix(aOutOff, n);
  for(j=0; j<nArc; j++){
    while( aInOff[i+1]<=j ) i++;                /* the source of entry j */
    src = i | (uint32_t)GG_EX_PLAYER(aKind[i])<<31;
    if( (uint64_t)j+2*d<nArc ) GG_PREFETCH(&aOutOff[aIn[j+2*d]]);
    if( (uint64_t)j+d<nArc ) GG_PREFETCH(&aOut[aOutOff[aIn[j+d]]]);
    aOut[aOutOff[aIn[j]]++] = src;
  }
  exUnshift(aOutOff, n);
}

/* The transpose by buckets of targets (at most 2^EX_BUCKET_BITS of
** them).  In each of EX_ROUNDS rounds, a group of buckets holding about
** 1/EX_ROUNDS of the moves: the moves into them are put in source order,
** one write stream per bucket, their sources straight into the bucket's
** range of aPred and their targets into a temporary array; then each
** bucket's lists are counted and placed within its own range, which fits
** in the CPU's caches.  Every pass is sequential but the last, and that
** one stays within one bucket.  The result is exTranspose's. */
#define EX_BUCKET_BITS 10
#define EX_ROUNDS 2

/* The bucket after the last of the round that starts with bucket b0: as
** many buckets as fit in nMax moves, and at least one. */
static uint32_t exRoundEnd(const uint32_t *aStart, uint32_t nB, uint32_t b0,
                           uint32_t nMax){
  uint32_t b1 = b0+1;
  while( b1<nB && aStart[b1+1]-aStart[b0]<=nMax ) b1++;
  return b1;
}

/* Put the moves into buckets b0..b1-1 in place, bucket by bucket, in
** source order: sources (with players) in aPred, targets in aT. */
static void exRadixPartition(GGExplicit *p, uint32_t shift, uint32_t b0,
                             uint32_t b1, const uint32_t *aStart, uint32_t *aCur,
                             uint32_t *aT){
  uint32_t i, j, b, base = aStart[b0];
  for(b=b0; b<b1; b++) aCur[b] = aStart[b];
  for(i=0; i<p->nPos; i++){
    uint32_t src = i | (uint32_t)GG_EX_PLAYER(p->aKind[i])<<31;
    for(j=p->aSuccOff[i]; j<p->aSuccOff[i+1]; j++){
      uint32_t t = p->aSucc[j];
      b = t>>shift;
      if( b>=b0 && b<b1 ){
        uint32_t k = aCur[b]++;
        aT[k-base] = t;
        p->aPred[k] = src;
      }
    }
  }
}

/* Sort bucket b's range of aPred (aPred[from..to-1], targets aT[0..])
** by target, through aTmp; aPredOff[t] is left at the end of list t. */
static void exRadixBucket(GGExplicit *p, uint32_t b, uint32_t shift, uint32_t from,
                          uint32_t to, const uint32_t *aT, uint32_t *aTmp){
  uint64_t tb = (uint64_t)b<<shift, te = ((uint64_t)b+1)<<shift, t;
  uint32_t k, n = to-from, run = from, *aOff = p->aPredOff;
  if( te>p->nPos ) te = p->nPos;
  memcpy(aTmp, p->aPred+from, (uint64_t)n*sizeof(uint32_t));
  for(t=tb; t<te; t++) aOff[t] = 0;
  for(k=0; k<n; k++) aOff[aT[k]]++;
  for(t=tb; t<te; t++){
    uint32_t c = aOff[t];
    aOff[t] = run;
    run += c;
  }
  for(k=0; k<n; k++) p->aPred[aOff[aT[k]]++] = aTmp[k];
}

/* The sizes of the biggest round and the biggest bucket. */
static void exRadixSizes(const uint32_t *aStart, uint32_t nB, uint32_t nMax,
                         uint32_t *pnRound, uint32_t *pnBucket){
  uint32_t b0, b1, b;
  *pnRound = *pnBucket = 0;
  for(b0=0; b0<nB; b0=b1){
    b1 = exRoundEnd(aStart, nB, b0, nMax);
    if( aStart[b1]-aStart[b0]>*pnRound ) *pnRound = aStart[b1]-aStart[b0];
  }
  for(b=0; b<nB; b++){
    if( aStart[b+1]-aStart[b]>*pnBucket ) *pnBucket = aStart[b+1]-aStart[b];
  }
}

/* The predecessor lists by buckets.  GG_OK, or else (GG_NOMEM if its
** arrays do not fit, GG_TOOBIG if the moves are too unevenly spread for
** its temporary arrays to stay small) nothing is done and exTranspose
** must do it. */
static int exTransposeRadix(GGExplicit *p){
  uint32_t n = p->nPos, nArc = (uint32_t)p->nMove, shift = 0, nB, b, b0, b1;
  uint32_t nMax = nArc/EX_ROUNDS + 1, nRound, nBucket, *aStart, *aT;
  if( n==0 ) return GG_TOOBIG;
  while( ((n-1)>>shift)>=(1u<<EX_BUCKET_BITS) ) shift++;
  nB = ((n-1)>>shift) + 1;
  aStart = gg_malloc(2*((uint64_t)nB+1)*sizeof(uint32_t));
  if( aStart==0 ) return GG_NOMEM;
  memset(aStart, 0, ((uint64_t)nB+1)*sizeof(uint32_t));
  for(b=0; b<nArc; b++) aStart[(p->aSucc[b]>>shift)+1]++;
  for(b=0; b<nB; b++) aStart[b+1] += aStart[b];
  exRadixSizes(aStart, nB, nMax, &nRound, &nBucket);
  aT = nRound<=nMax+nMax/4 && nBucket<=nArc/16+64
       ? gg_malloc(((uint64_t)nRound+nBucket+1)*sizeof(uint32_t)) : 0;
  if( aT==0 ){
    gg_free(aStart);
    return GG_TOOBIG;
  }
  for(b0=0; b0<nB; b0=b1){
    b1 = exRoundEnd(aStart, nB, b0, nMax);
    exRadixPartition(p, shift, b0, b1, aStart, aStart+nB+1, aT);
    for(b=b0; b<b1; b++){
      exRadixBucket(p, b, shift, aStart[b], aStart[b+1], aT+(aStart[b]-aStart[b0]),
                    aT+nRound);
    }
  }
  exUnshift(p->aPredOff, n);
  gg_free(aT);
  gg_free(aStart);
  return GG_OK;
}

/* Copy list a[start..end-1] of position i, without repeats, to a[*pw...]
** (*pw <= start).  aMark: for long lists, the list that last saw each
** target (i+1), allocated on first need. */
static int exDedupList(GGExplicit *p, uint32_t *a, uint32_t i, uint32_t start,
                       uint32_t end, uint32_t **paMark, uint32_t *pw){
  uint32_t j, w = *pw, first = w;
  if( end-start<=GG_EX_SORT_MAX ){
    gg_sort_short(a+start, end-start);      /* at most GG_EX_SORT_MAX */
    for(j=start; j<end; j++){
      if( w==first || a[w-1]!=a[j] ) a[w++] = a[j];
    }
  }else{
    if( *paMark==0 ){
      *paMark = gg_malloc(((uint64_t)p->nPos+1)*sizeof(uint32_t));
      if( *paMark==0 ) return GG_NOMEM;
      memset(*paMark, 0, ((uint64_t)p->nPos+1)*sizeof(uint32_t));
    }
    for(j=start; j<end; j++){
      uint32_t t = a[j];
      if( (*paMark)[t]!=i+1 ){ (*paMark)[t] = i+1; a[w++] = t; }
    }
  }
  *pw = w;
  return GG_OK;
}

/* Drop repeats from each successor list in place, fixing the offsets. */
static int exDedupSucc(GGExplicit *p, uint32_t *a){
  uint32_t i, w = 0, start = 0, *aMark = 0;
  int rc = GG_OK;
  for(i=0; i<p->nPos && rc==GG_OK; i++){
    uint32_t end = p->aSuccOff[i+1];
    p->aSuccOff[i] = w;
    rc = exDedupList(p, a, i, start, end, &aMark, &w);
    start = end;
  }
  p->aSuccOff[p->nPos] = w;
  gg_free(aMark);
  return rc;
}

/* exGather for a list by source: its counts become p->aSuccOff (those
** of finished positions 0), the targets of the positions that go on are
** copied out in order, the blocks freed as they are passed. */
static int exGatherBySource(GGExplicit *p, GGMoveList *pM, uint32_t **paSucc){
  const uint64_t mask = 2*GG_MOVE_BLOCK-1;
  uint32_t *aOff = pM->aCount, *aSucc, s, j;
  uint64_t k = 0, w = 0, nKept = 0;
  pM->aCount = 0;
  p->aSuccOff = aOff;
  for(s=0; s<p->nPos; s++){
    if( GG_EX_RESULT(p->aKind[s])==GG_EX_GOING ) nKept += aOff[s+1];
  }
  *paSucc = aSucc = gg_malloc((nKept+1)*sizeof(uint32_t));
  if( aSucc==0 ) return GG_NOMEM;
  for(s=0; s<p->nPos; s++){
    int bKeep = GG_EX_RESULT(p->aKind[s])==GG_EX_GOING;
    for(j=aOff[s+1]; j>0; j--, k++){
      uint32_t *a = pM->apBlock[k/(2*GG_MOVE_BLOCK)];
      if( bKeep ) aSucc[w++] = a[k&mask];
      if( (k&mask)==mask ){
        gg_free(a);
        pM->apBlock[k/(2*GG_MOVE_BLOCK)] = 0;
      }
    }
    if( !bKeep ) aOff[s+1] = 0;
  }
  exPrefix(aOff, p->nPos);
  return GG_OK;
}

/* The moves out of positions that go on, as successor lists (in input
** order, repeats kept) in p->aSuccOff and *paSucc.  Frees the move list's
** blocks as it goes. */
static int exGather(GGExplicit *p, GGMoveList *pM, uint32_t **paSucc){
  uint64_t k, nKept = 0;
  uint32_t *aSucc;
  if( pM->bBySource && pM->nSource==p->nPos ) return exGatherBySource(p, pM, paSucc);
  if( pM->bBySource && exToPairs(pM) ) return GG_NOMEM;  /* counted for another size */
  p->aSuccOff = gg_malloc(((uint64_t)p->nPos+1)*sizeof(uint32_t));
  if( p->aSuccOff==0 ) return GG_NOMEM;
  memset(p->aSuccOff, 0, ((uint64_t)p->nPos+1)*sizeof(uint32_t));
  for(k=0; k<pM->nMove; k++){
    const uint32_t *a = &pM->apBlock[k/GG_MOVE_BLOCK][2*(k%GG_MOVE_BLOCK)];
    if( GG_EX_RESULT(p->aKind[a[0]])==GG_EX_GOING ){
      p->aSuccOff[a[0]+1]++;
      nKept++;
    }
  }
  exPrefix(p->aSuccOff, p->nPos);
  *paSucc = aSucc = gg_malloc((nKept+1)*sizeof(uint32_t));
  if( aSucc==0 ) return GG_NOMEM;
  for(k=0; k<pM->nMove; k++){
    uint64_t b = k/GG_MOVE_BLOCK;
    const uint32_t *a = &pM->apBlock[b][2*(k%GG_MOVE_BLOCK)];
    if( GG_EX_RESULT(p->aKind[a[0]])==GG_EX_GOING ) aSucc[p->aSuccOff[a[0]]++] = a[1];
    if( k%GG_MOVE_BLOCK==GG_MOVE_BLOCK-1 || k+1==pM->nMove ){
      gg_free(pM->apBlock[b]);
      pM->apBlock[b] = 0;
    }
  }
  exUnshift(p->aSuccOff, p->nPos);
  return GG_OK;
}

int gg_explicit_build(GGExplicit *p, uint32_t nPos, uint8_t *aKind,
                      GGMoveList *pMoves){
  int rc = GG_NOMEM;
  memset(p, 0, sizeof(*p));
  p->nPos = nPos;
  p->aKind = aKind;
  if( nPos>GG_EX_MAX_POS ){ rc = GG_TOOBIG; goto fail; }
  p->aPredOff = gg_malloc(((uint64_t)nPos+1)*sizeof(uint32_t));
  if( aKind==0 || p->aPredOff==0 ) goto fail;
  if( exGather(p, pMoves, &p->aSucc) ) goto fail;
  gg_movelist_free(pMoves);
  if( exDedupSucc(p, p->aSucc) ) goto fail;
  p->nMove = p->aSuccOff[nPos];
  p->aPred = gg_malloc((p->nMove+1)*sizeof(uint32_t));
  if( p->aPred==0 ) goto fail;
  if( exTransposeRadix(p)!=GG_OK ){
    exTranspose(nPos, p->aSuccOff, p->aSucc, aKind, p->aPredOff, p->aPred);
  }
  return GG_OK;
fail:
  gg_movelist_free(pMoves);
  gg_explicit_free(p);
  return rc;
}

void gg_explicit_free(GGExplicit *p){
  gg_free(p->aKind);
  gg_free(p->aSuccOff);
  gg_free(p->aSucc);
  gg_free(p->aPredOff);
  gg_free(p->aPred);
  gg_free(p->aState);
  memset(p, 0, sizeof(*p));
}
