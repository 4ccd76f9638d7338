/*
** wordply.c: the candidate rows of a ply, for the word-parallel engines
** (see wordply.h), and the growing arrays of their side tables.
*/
#include <string.h>
#include <stdlib.h>
#include "alloc.h"
#include "wordply.h"

int gg_grow(void **pa, uint64_t n, uint64_t *pnAlloc, uint64_t sz){
  return gg_grow_from(pa, n, pnAlloc, sz, sz<16384 ? 16384/sz : 1);
}

int gg_grow_from(void **pa, uint64_t n, uint64_t *pnAlloc, uint64_t sz, uint64_t nFirst){
  if( n==*pnAlloc ){
    uint64_t nNew = *pnAlloc ? *pnAlloc*2 : nFirst;
    void *aNew = gg_malloc(nNew*sz);
    if( aNew==0 ) return 1;
    if( n ) memcpy(aNew, *pa, n*sz);
    gg_free(*pa);
    *pa = aNew;
    *pnAlloc = nNew;
  }
  return 0;
}

/* Transpose the 64 x 64 bits of t (word r bit c <-> word c bit r): swap
** the off-diagonal halves, then quarters, ... (Hacker's Delight 7-3). */
static void wpTranspose64(uint64_t *t){
  uint64_t m = 0x00000000ffffffffULL, x;
  uint32_t j, k;
  for(j=32; j; j>>=1, m ^= m<<j){
    for(k=0; k<64; k = ((k|j)+1) & ~j){
      x = ((t[k]>>j) ^ t[k|j]) & m;
      t[k] ^= x<<j;
      t[k|j] ^= x;
    }
  }
}

/* Word j of row r in the banded layout. */
#define WP_BIT(n, r, j) ((((uint64_t)((j)>>3)*(n) + (r))<<3) + ((j)&7))

/* Tile (R, C) of a, rows past n as 0, into t (the OR of its words is
** returned); or t back into it. */
static uint64_t wpTileGet(const uint64_t *a, uint32_t n, uint32_t R, uint32_t C, uint64_t *t){
  uint64_t any = 0;
  uint32_t i;
  for(i=0; i<64; i++){
    t[i] = 64*R+i<n ? a[WP_BIT(n, 64*R+i, C)] : 0;
    any |= t[i];
  }
  return any;
}
static void wpTilePut(uint64_t *a, uint32_t n, uint32_t R, uint32_t C, const uint64_t *t){
  uint32_t i;
  for(i=0; i<64 && 64*R+i<n; i++) a[WP_BIT(n, 64*R+i, C)] = t[i];
}

int gg_bits_transpose(uint64_t *a, uint32_t n, GGPoll *pPoll){
  uint32_t nW = (n+63)/64, R, C;
  uint64_t t1[64], t2[64];
  for(R=0; R<nW; R++){
    for(C=R; C<nW; C++){
      uint64_t any = wpTileGet(a, n, R, C, t1);
      if( C>R ) any |= wpTileGet(a, n, C, R, t2);
      if( any==0 ){                 /* (both tiles empty: nothing moves) */
        if( gg_poll(pPoll, 16) ) return GG_INTERRUPT;
        continue;
      }
      wpTranspose64(t1);
      if( C>R ){
        wpTranspose64(t2);
        wpTilePut(a, n, R, C, t2);
      }
      wpTilePut(a, n, C, R, t1);
      if( gg_poll(pPoll, 64) ) return GG_INTERRUPT;
    }
  }
  return GG_OK;
}

int gg_cand_init(GGCand *p, uint32_t n, uint32_t nDW){
  uint8_t *a = gg_malloc((uint64_t)n*nDW*8 + (uint64_t)n*4 + n + 1);
  if( a==0 ) return GG_NOMEM;
  p->aCandWord = (uint64_t*)a;
  p->aCandRow = (uint32_t*)(p->aCandWord + (uint64_t)n*nDW);
  p->aCand = (uint8_t*)(p->aCandRow + n);
  memset(p->aCand, 0, n);
  p->bHubDone = 0;
  p->aHubPred = 0;
  p->nHubPred = 0;
  p->aHubBits = 0;
  return GG_OK;
}

void gg_cand_free(GGCand *p){
  gg_free(p->aCandWord);
  gg_free(p->aHubBits);     /* the block that holds aHubPred too */
  memset(p, 0, sizeof(*p));
}

static int wpCmpU32(const void *a, const void *b){
  uint32_t x = *(const uint32_t*)a, y = *(const uint32_t*)b;
  return (x>y) - (x<y);
}

/* Unmark the candidate rows of aCandRow[0..nCand-1]. */
static void wpUnmark(GGCand *p, uint32_t nCand){
  uint32_t i;
  for(i=0; i<nCand; i++) p->aCand[p->aCandRow[i]] = 0;
}

/* Row x a candidate, with the word bits a[0..nDW-1] ORed into its own;
** returns the new count. */
static inline uint32_t wpPush(GGCand *p, uint32_t nDW, uint32_t x, const uint64_t *a, uint32_t nCand){
  uint64_t *cw = p->aCandWord + (uint64_t)x*nDW;
  uint32_t d;
  if( !p->aCand[x] ){
    p->aCand[x] = 1;
    p->aCandRow[nCand++] = x;
    for(d=0; d<nDW; d++) cw[d] = a[d];
  }else{
    for(d=0; d<nDW; d++) cw[d] |= a[d];
  }
  return nCand;
}

/* The predecessors of the hubs (rows of GG_CAND_HUB in-arcs or more), once
** per solve: aHub (0 if none, or out of memory: then no broadcast). */
static void wpHubs(GGCand *p, uint32_t n, uint32_t nDW, const uint32_t *aPredOff,
                   const uint32_t *aPred){
  uint32_t y, j, x, nHub = 0;
  p->bHubDone = 1;
  for(y=0; y<n; y++){
    if( aPredOff[y+1] - aPredOff[y]<GG_CAND_HUB ) continue;
    for(j=aPredOff[y]; j<aPredOff[y+1]; j++) p->aCand[aPred[j]] = 1;
    nHub++;
  }
  if( nHub==0 ) return;
  for(x=0; x<n; x++) p->nHubPred += p->aCand[x];
  /* One block: the nDW words first (8-byte aligned), the rows after. */
  p->aHubBits = gg_malloc((uint64_t)nDW*8 + (uint64_t)p->nHubPred*sizeof(uint32_t));
  p->aHubPred = p->aHubBits ? (uint32_t*)(p->aHubBits + nDW) : 0;
  p->nHubPred = 0;
  for(x=0; x<n; x++){
    if( p->aCand[x] && p->aHubPred ) p->aHubPred[p->nHubPred++] = x;
    p->aCand[x] = 0;
  }
}

/* Lane q's changed rows (gg_cand_rows: one GGDirty each szLane bytes). */
static const GGDirty *wpLane(const GGDirty *aDirty, size_t szLane, int q){
  return (const GGDirty*)((const char*)aDirty + (size_t)q*szLane);
}

uint32_t gg_cand_rows(GGCand *p, uint32_t n, uint32_t nDW, const GGDirty *aDirty,
                      size_t szLane, int nLane, const uint32_t *aPredOff,
                      const uint32_t *aPred, const uint64_t *aDirtyBits, GGLanes *pLanes,
                      GGPoll *pPoll){
  uint32_t i, x, j, d, nCand = 0;
  uint64_t nHubWork = 0;     /* in-arcs of the changed hubs, left for later */
  int q, bHub;
  if( !p->bHubDone ) wpHubs(p, n, nDW, aPredOff, aPred);
  bHub = p->aHubPred!=0;
  /* Pushed from each changed row to its predecessors: the work is the
  ** in-arcs of the changed rows, not the moves of every candidate. */
  for(q=0; q<nLane; q++){
    const GGDirty *pD = wpLane(aDirty, szLane, q);
    for(i=0; i<pD->nRow; i++){
      uint32_t y = pD->aRow[i], nIn = aPredOff[y+1] - aPredOff[y];
      if( bHub && nIn>=GG_CAND_HUB ){ nHubWork += nIn; continue; }
      if( gg_lanes_step(pLanes, pPoll, nIn*nDW) ){
        wpUnmark(p, nCand);
        return 0;
      }
      for(j=aPredOff[y]; j<aPredOff[y+1]; j++){
        nCand = wpPush(p, nDW, aPred[j], aDirtyBits + (uint64_t)y*nDW, nCand);
      }
    }
  }
  /* Changed hubs (a clique's rows): pushed one by one, or, if that is
  ** more work than twice their predecessors, the OR of their changed words
  ** given to every predecessor of a hub (a superset: a candidate word that
  ** did not change decides nothing). */
  if( nHubWork && nHubWork>2*(uint64_t)p->nHubPred ){
    for(d=0; d<nDW; d++) p->aHubBits[d] = 0;
    for(q=0; q<nLane; q++){
      const GGDirty *pD = wpLane(aDirty, szLane, q);
      for(i=0; i<pD->nRow; i++){
        uint32_t y = pD->aRow[i];
        if( aPredOff[y+1] - aPredOff[y]<GG_CAND_HUB ) continue;
        for(d=0; d<nDW; d++) p->aHubBits[d] |= aDirtyBits[(uint64_t)y*nDW + d];
      }
    }
    if( gg_lanes_step(pLanes, pPoll, p->nHubPred*nDW) ){
      wpUnmark(p, nCand);
      return 0;
    }
    for(i=0; i<p->nHubPred; i++) nCand = wpPush(p, nDW, p->aHubPred[i], p->aHubBits, nCand);
  }else if( nHubWork ){
    for(q=0; q<nLane; q++){
      const GGDirty *pD = wpLane(aDirty, szLane, q);
      for(i=0; i<pD->nRow; i++){
        uint32_t y = pD->aRow[i], nIn = aPredOff[y+1] - aPredOff[y];
        if( nIn<GG_CAND_HUB ) continue;
        if( gg_lanes_step(pLanes, pPoll, nIn*nDW) ){
          wpUnmark(p, nCand);
          return 0;
        }
        for(j=aPredOff[y]; j<aPredOff[y+1]; j++){
          nCand = wpPush(p, nDW, aPred[j], aDirtyBits + (uint64_t)y*nDW, nCand);
        }
      }
    }
  }
  /* Ascending: sorted when few, else found again by a scan. */
  if( nCand<=n/16 ){
    qsort(p->aCandRow, nCand, sizeof(uint32_t), wpCmpU32);
    wpUnmark(p, nCand);
  }else{
    nCand = 0;
    for(x=0; x<n; x++){
      if( p->aCand[x] ){ p->aCand[x] = 0; p->aCandRow[nCand++] = x; }
    }
  }
  return nCand;
}
