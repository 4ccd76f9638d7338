/*
** catmouse_tiers.c: the tiers of the pull's ply bytes from ply
** GG_CM_PLY_BASED on (catmouse.h, GGCatMouseBlock; docs/plies.md): the
** bases of a band, given when its plies reach that ply; the offset of new
** positions from a word's bases; the wide words and the side table of the
** words whose plies do not fit two bases.  (The chains write theirs in
** catmouse_chain_ply.c.)
*/
#include "alloc.h"
#include "catmouse_int.h"

int cm_bases_band(CmSolve *s, CmWorker *wk, CmTurn *me, uint32_t band){
  GGCatMouseBlock *bk = &s->p->aBlock[me->t*s->nWB + band];
  uint32_t n = s->n, nJ = bk->nCol/64, x, j;   /* (the last band's words only) */
  bk->aBase = gg_malloc((uint64_t)n*nJ*sizeof(uint32_t));
  if( bk->aBase==0 ){ cmSetStop(s, GG_NOMEM); return 1; }
  for(x=0; x<n; x++){
    int bNone = me->t==GG_CM_CAT && s->aHoleE[x];
    for(j=0; j<nJ; j++){
      uint32_t w = band*8 + j;
      int bOld = !bNone && me->aDone && cm_valid(s, me, x, w)!=0;
      *gg_cm_basep(bk, n, x, j) = CM_BASE(bOld ? 0 : CM_B1_NONE, CM_B2_NONE);
    }
    if( gg_lanes_step(&s->lanes, &wk->poll, nJ) ) return 1;
  }
  return 0;
}

int cm_bases_all(CmSolve *s, CmWorker *wk){
  uint32_t band;
  int t;
  for(t=0; t<2; t++) for(band=0; band<s->nWB; band++){
    if( s->p->aBlock[t*s->nWB + band].aBase==0 && cm_bases_band(s, wk, &s->aTurn[t], band) ){
      return 1;
    }
  }
  return 0;
}

/* Room in block bk for wide word nWide: a new chunk when the last is
** full (chunks of about n/16 words, 16 to 1024: the words of a long game
** grow with n, and a chunk is never copied).  0, or 1 if out of memory. */
int cm_wide_new(CmSolve *s, GGCatMouseBlock *bk){
  uint64_t nChunk;
  if( bk->nWide==0 ){
    bk->wideShift = 4;
    while( bk->wideShift<10 && (1u<<(bk->wideShift+1))<=s->n/16 ) bk->wideShift++;
  }
  if( bk->nWide & ((1ULL<<bk->wideShift) - 1) ) return 0;
  nChunk = bk->nWide>>bk->wideShift;
  if( gg_grow_from((void**)&bk->apWide, nChunk, &bk->nChunkAlloc, sizeof(uint16_t*), 8) ){
    return 1;                                /* (8 chunks at first, then doubled) */
  }
  bk->apWide[nChunk] = gg_malloc((64*sizeof(uint16_t))<<bk->wideShift);
  return bk->apWide[nChunk]==0;
}

/* Plies k of position (x, y) into slot i of its wide word aW; from
** GG_CM_PLY_BIG on in the side table.  0, or 1 if out of memory. */
int cm_wide_put(CmPart *pt, uint16_t *aW, uint32_t i, uint32_t x, uint32_t y, uint32_t k){
  GGCatMouseBig *pBig;
  if( k<GG_CM_PLY_BIG ){
    aW[i] = (uint16_t)k;
    return 0;
  }
  aW[i] = GG_CM_WIDE_BIG;
  if( gg_grow((void**)&pt->aBig, pt->nBig, &pt->nBigAlloc, sizeof(GGCatMouseBig)) ) return 1;
  pBig = &pt->aBig[pt->nBig++];
  pBig->x = x;
  pBig->y = y;
  pBig->nPly = k;
  return 0;
}

/* Write plies k (from GG_CM_PLY_BASED on) over the marks of positions got
** of row x, word w, whose earlier positions are old (catmouse.h): an
** offset from a base (set now if these are the word's first too late for
** the bases it has), or, if neither base can take them, the word becomes
** wide: its earlier plies are copied into a wide word.  0, or 1 if out of
** memory. */
int cm_write_plies(CmSolve *s, CmTurn *me, CmPart *pt, uint32_t x, uint32_t w,
                   uint64_t got, uint64_t old, uint32_t k){
  GGCatMouseBlock *bk = &s->p->aBlock[me->t*s->nWB + (w>>3)];
  uint8_t *a = gg_cm_plyp(bk, x, w*64), c = 0;
  uint32_t *pe = gg_cm_basep(bk, s->n, x, w&7), e, b1, b2;
  uint16_t *aW;
  uint64_t b;
  e = *pe;
  if( !(e & GG_CM_WIDE) ){
    b1 = CM_B1(e);
    b2 = CM_B2(e);
    if( b1!=CM_B1_NONE && k-b1<GG_CM_WIN1 ){
      c = (uint8_t)(k-b1);
    }else if( b2!=CM_B2_NONE && k-b2<GG_CM_WIN2 ){
      c = (uint8_t)(128 + k-b2);
    }else if( b1==CM_B1_NONE && k<=GG_CM_BASE1_MAX ){
      *pe = CM_BASE(k, b2);
    }else if( b2==CM_B2_NONE && CM_B2_FITS(b1, k) ){
      *pe = CM_BASE(b1, k);
      c = 128;
    }else{                                     /* the word becomes wide */
      if( cm_wide_new(s, bk) ) return 1;
      aW = gg_cm_wide(bk, bk->nWide);
      for(b=old; b; b&=b-1){
        int i = __builtin_ctzll(b);
        uint32_t kOld = a[i]<128 ? b1 + a[i] : b2 + a[i] - 128;
        if( cm_wide_put(pt, aW, (uint32_t)i, x, w*64 + (uint32_t)i, kOld) ) return 1;
      }
      *pe = GG_CM_WIDE | (uint32_t)bk->nWide++;
    }
    if( !(*pe & GG_CM_WIDE) ){
      for(b=got; b; b&=b-1) a[__builtin_ctzll(b)] = c;
      return 0;
    }
  }
  aW = gg_cm_wide(bk, *pe & ~GG_CM_WIDE);
  for(b=got; b; b&=b-1){
    int i = __builtin_ctzll(b);
    a[i] = GG_CM_CODE_WIDE;
    if( cm_wide_put(pt, aW, (uint32_t)i, x, w*64 + (uint32_t)i, k) ) return 1;
  }
  return 0;
}

