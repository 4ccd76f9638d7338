/*
** wordply.c: the candidate rows of a ply, for the word-parallel engines
** (see wordply.h), and the growing arrays of their side tables.
*/
#include <string.h>
#include <stdlib.h>
#include "alloc.h"
#include "wordply.h"

int gg_grow(void **pa, uint64_t n, uint64_t *pnAlloc, uint64_t sz){
  if( n==*pnAlloc ){
    uint64_t nNew = *pnAlloc ? *pnAlloc*2 : (sz<16384 ? 16384/sz : 1);
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

/* Tile (R, C) of a, rows past n as 0, into t; or t back into it. */
static void wpTileGet(const uint64_t *a, uint32_t n, uint32_t R, uint32_t C, uint64_t *t){
  uint32_t i;
  for(i=0; i<64; i++) t[i] = 64*R+i<n ? a[WP_BIT(n, 64*R+i, C)] : 0;
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
      wpTileGet(a, n, R, C, t1);
      wpTranspose64(t1);
      if( C>R ){
        wpTileGet(a, n, C, R, t2);
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
  return GG_OK;
}

void gg_cand_free(GGCand *p){
  gg_free(p->aCandWord);
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

uint32_t gg_cand_rows(GGCand *p, uint32_t n, uint32_t nDW, const GGDirty *aDirty, int nLane,
                      const uint32_t *aPredOff, const uint32_t *aPred,
                      const uint64_t *aDirtyBits,
                      int (*xStep)(void *pCtx, uint32_t nCost), void *pCtx){
  uint32_t i, x, j, d, nCand = 0;
  int q;
  /* Pushed from each changed row to its predecessors: the work is the
  ** in-arcs of the changed rows, not the moves of every candidate. */
  for(q=0; q<nLane; q++){
    for(i=0; i<aDirty[q].nRow; i++){
      uint32_t y = aDirty[q].aRow[i];
      const uint64_t *a = aDirtyBits + (uint64_t)y*nDW;
      if( xStep(pCtx, (aPredOff[y+1] - aPredOff[y])*nDW) ){
        wpUnmark(p, nCand);
        return 0;
      }
      for(j=aPredOff[y]; j<aPredOff[y+1]; j++){
        uint64_t *cw = p->aCandWord + (uint64_t)(x = aPred[j])*nDW;
        if( !p->aCand[x] ){
          p->aCand[x] = 1;
          p->aCandRow[nCand++] = x;
          for(d=0; d<nDW; d++) cw[d] = a[d];
        }else{
          for(d=0; d<nDW; d++) cw[d] |= a[d];
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
