/*
** catmouse_chain_ply.c: the plies the chains write (catmouse_chain.c), in
** tiles of 8 x 8 bytes.
**
** The winner's move decides 64 positions of one row of the result's ply
** bytes (turn t, mover x, others 64w..: a row write); the loser's move
** decides one position in each of up to 64 rows x (a column write).  In
** the result's layout (catmouse.h: aPly[x*nCol + (y&511)]) a column write
** touches 64 cache lines.  So while the chains run, each group of 8 rows
** of a block (8*nCol bytes, the same bytes) holds its ply bytes in tiles
** of 8 rows x 8 columns, one cache line each: tile c>>3 of the group at
** byte 64*(c>>3), its row x&7 at 8*(x&7).  A column write then touches 8
** lines and a row write 8; the rows past the last whole group stay as they
** are.  ch_tiles turns every block into tiles when the chains take over
** (only the groups with a decided position: from ply 1 the hole's and
** the diagonal's; a copy of 4 KB at a time, in place), and the result
** keeps them (GGCatMouseBlock.nTileRow: gg_cm_plyp reads either layout).
**
** The bases (catmouse.h) go with the tiles: one pair a tile of 64
** positions, column-major (gg_cm_base_at), so that a column write codes
** its ply once a tile (8 times for 64 positions, not 64: the per-word
** bases of the rows cost a third of a cycle's solve, chCode per
** position) and finds its 8 bases in 32 bytes.  A tile whose plies fit
** neither base becomes wide: it finds its earlier positions in both
** closures' bitsets (chDone) and their plies in its bytes.  When the pull
** ran first, ch_tiles codes each tile's decided positions again from
** their words' bases.
*/
#include <string.h>
#include "alloc.h"
#include "catmouse_chain.h"

#if defined(__GNUC__) || defined(__clang__)
# define GG_PREFETCH_W(x) __builtin_prefetch(x, 1)
#else
# define GG_PREFETCH_W(x) ((void)0)
#endif

/* The ply byte of (x, column c = y&511) of block bk while in tiles. */
static inline uint8_t *chAt(const CmSolve *s, const GGCatMouseBlock *bk, uint32_t x, uint32_t c){
  (void)s;
  return gg_cm_plyp(bk, x, c);
}

/* Whether a group of 8 rows x from g of block b holds a decided position
** (aDone[t]: row x, bit y; with the padding and the cat's hole rows; none
** when the chains run alone). */
static int chGroupUsed(const CmSolve *s, uint32_t b, uint32_t g){
  const uint64_t *aDone = s->p->aDone[b/s->nWB];
  uint32_t band = b % s->nWB, x, w;
  uint64_t any = 0;
  if( aDone==0 ) return 0;           /* the chains alone: nothing yet */
  for(x=g; x<g+8; x++){
    for(w=band*8; w<band*8+8 && w<s->nW; w++) any |= aDone[GG_CM_BIT(s->n, x, w)];
  }
  return any!=0;
}

/* The ply of a decided position from its bases e (not wide) and its
** byte c. */
static inline uint32_t chDecode(uint32_t e, uint8_t c){
  return c<128 ? CM_B1(e) + c : CM_B2(e) + c - 128;
}

/* Position (*px, *py) of slot i of the 64 that share the bases of (x, y)
** (a tile, or a word of the rows from nTileRow on). */
static void chSlotPos(const GGCatMouseBlock *bk, uint32_t x, uint32_t y, uint32_t i,
                      uint32_t *px, uint32_t *py){
  if( x<bk->nTileRow ){
    *px = (x & ~7u) + i/8;
    *py = (y & ~7u) + i%8;
  }else{
    *px = x;
    *py = (y & ~63u) + i;
  }
}

/* Bases for a tile whose decided positions' plies are aK[i] for i in
** done (kBig: a ply in the side table): the least ply, and the least too
** late for it; *pe wide (its plies copied to a wide word) if they do not
** fit.  Its bytes a (a tile: row i/8 at 8*(i/8)) coded.  0, or 1 if out
** of memory. */
static int chTileCode(CmSolve *s, GGCatMouseBlock *bk, CmPart *pt, uint32_t *pe, uint8_t *a,
                      const uint32_t *aK, uint64_t done, uint32_t x0, uint32_t y0){
  uint32_t b1 = CM_B1_NONE, b2 = CM_B2_NONE, i;
  uint64_t b;
  int bWide = 0;
  for(b=done; b; b&=b-1){ i = (uint32_t)__builtin_ctzll(b); if( aK[i]<b1 ) b1 = aK[i]; }
  for(b=done; b; b&=b-1){
    i = (uint32_t)__builtin_ctzll(b);
    if( aK[i]-b1>=GG_CM_WIN1 && aK[i]<b2 ) b2 = aK[i];
  }
  if( done && (b1>GG_CM_BASE1_MAX || (b2!=CM_B2_NONE && !CM_B2_FITS(b1, b2))) ) bWide = 1;
  for(b=done; b && !bWide; b&=b-1){
    i = (uint32_t)__builtin_ctzll(b);
    if( aK[i]>=GG_CM_PLY_BIG || (aK[i]-b1>=GG_CM_WIN1 && aK[i]-b2>=GG_CM_WIN2) ) bWide = 1;
  }
  if( !bWide ){
    *pe = CM_BASE(b1, b2);
    for(b=done; b; b&=b-1){
      i = (uint32_t)__builtin_ctzll(b);
      a[8*(i/8) + i%8] = (uint8_t)(aK[i]-b1<GG_CM_WIN1 ? aK[i]-b1 : 128 + aK[i]-b2);
    }
    return 0;
  }
  if( cm_wide_new(s, bk) ) return 1;
  for(b=done; b; b&=b-1){
    uint16_t *aW = gg_cm_wide(bk, bk->nWide);
    i = (uint32_t)__builtin_ctzll(b);
    a[8*(i/8) + i%8] = GG_CM_CODE_WIDE;
    if( aK[i]>=GG_CM_PLY_BIG ){ aW[i] = GG_CM_WIDE_BIG; continue; }   /* (listed) */
    if( cm_wide_put(pt, aW, i, x0 + i/8, y0 + i%8, aK[i]) ) return 1;
  }
  *pe = GG_CM_WIDE | (uint32_t)bk->nWide++;
  return 0;
}

/* The plies of group g's decided positions, from the rows aTmp and the
** words' bases aOld of the pull, coded again in the tiles a of the group
** with tile bases (block b's aBase, the new layout).  0, or 1 if out of
** memory. */
static int chGroupCode(CmSolve *s, uint32_t b, uint32_t g, const uint8_t *aTmp,
                       const uint32_t *aOld){
  GGCatMouseBlock *bk = &s->p->aBlock[b];
  const uint64_t *aDone = s->p->aDone[b/s->nWB];
  uint32_t band = b % s->nWB, nCol = bk->nCol, tc, i, aK[64];
  for(tc=0; tc<nCol/8; tc++){
    uint32_t y0 = band*512 + tc*8;
    uint64_t done = 0;
    for(i=0; i<64; i++){
      uint32_t x = g + i/8, y = y0 + i%8, e = aOld[(uint64_t)((y&511)>>6)*s->n + x];
      uint8_t c = aTmp[(i/8)*nCol + tc*8 + i%8];
      if( y>=s->n || !(aDone[GG_CM_BIT(s->n, x, y>>6)]>>(y & 63) & 1) ) continue;
      done |= 1ULL<<i;
      if( !(e & GG_CM_WIDE) ){ aK[i] = chDecode(e, c); continue; }
      aK[i] = gg_cm_wide(bk, e & ~GG_CM_WIDE)[y & 63];
      if( aK[i]==GG_CM_WIDE_BIG ) aK[i] = GG_CM_PLY_BIG;       /* (in the side table) */
    }
    if( chTileCode(s, bk, &s->aTurn[b/s->nWB].aPart[0], gg_cm_base_at(bk, s->n, g, y0),
                   gg_cm_plyp(bk, g, y0), aK, done, g, y0) ) return 1;
  }
  return 0;
}

int ch_tiles(CmSolve *s, GGPoll *pPoll){
  uint8_t aTmp[8*512];
  uint32_t b, g, i, c, x;
  for(b=0; b<2*s->nWB; b++){
    GGCatMouseBlock *bk = &s->p->aBlock[b];
    uint32_t nCol = bk->nCol, *aOld = bk->aBase, *aNew = aOld;
    uint64_t nBase = (uint64_t)s->n*nCol/64;
    bk->nTileRow = s->n & ~7u;
    if( s->p->aDone[b/s->nWB] ){ /* the pull ran: its bases by words */
      aNew = gg_malloc(nBase*4);
      if( aNew==0 ){ bk->nTileRow = 0; return GG_NOMEM; }
      for(i=0; i<nBase; i++) aNew[i] = CM_BASE(CM_B1_NONE, CM_B2_NONE);
      bk->aBase = aNew;
      for(x=bk->nTileRow; x<s->n; x++){      /* the rows past the tiles keep theirs */
        for(c=0; c<nCol; c+=64) *gg_cm_base_at(bk, s->n, x, c) = aOld[(uint64_t)(c>>6)*s->n + x];
      }
    }
    for(g=0; g+8<=s->n; g+=8){
      uint8_t *a = bk->aPly + (uint64_t)g*nCol;
      if( !chGroupUsed(s, b, g) ) continue;   /* no ply byte to keep */
      memcpy(aTmp, a, 8*(size_t)nCol);
      for(i=0; i<8; i++){
        for(c=0; c<nCol; c+=8){
          memcpy(a + c*8 + i*8, aTmp + i*nCol + c, 8);
        }
      }
      if( aNew!=aOld && chGroupCode(s, b, g, aTmp, aOld) ){
        gg_free(aOld);
        return GG_NOMEM;
      }
      if( gg_poll(pPoll, nCol/8) ){
        if( aNew!=aOld ) gg_free(aOld);
        return GG_INTERRUPT;
      }
    }
    if( aNew!=aOld ) gg_free(aOld);
  }
  return GG_OK;
}

/* The decided positions of the 64 that share the bases of (x, y) of turn
** t, as slots (gg_cm_wide_slot): the closure of winner t holds them in its
** aW rows x; that of the other in the bits x of its aL rows y (the bitsets
** are set only with their plies written). */
static uint64_t chDone(const CmSolve *s, const GGCatMouseBlock *bk, int t, uint32_t x, uint32_t y){
  const CmChain *me = &s->aChain[t], *ot = &s->aChain[1-t];
  uint64_t d = 0;
  uint32_t i;
  if( x>=bk->nTileRow ){
    uint32_t w = y>>6;
    d = CH_GET(&me->aW[GG_CM_BIT(s->n, x, w)]);
    for(i=0; i<64 && w*64+i<s->n; i++){
      d |= (CH_GET(&ot->aL[GG_CM_BIT(s->n, w*64+i, x>>6)])>>(x & 63) & 1)<<i;
    }
    return d;
  }
  for(i=0; i<64; i++){
    uint32_t xs, ys;
    chSlotPos(bk, x, y, i, &xs, &ys);
    if( ys>=s->n ) continue;
    d |= ((CH_GET(&me->aW[GG_CM_BIT(s->n, xs, ys>>6)])>>(ys & 63) & 1)
          | (CH_GET(&ot->aL[GG_CM_BIT(s->n, ys, xs>>6)])>>(xs & 63) & 1))<<i;
  }
  return d;
}

/* Plies k of the positions got (slots of the 64 that share the bases of
** (x, y) of turn t) when their bases *pe take none of them, or are wide:
** the bases made wide (their earlier plies copied), then the plies into
** the wide word (or the side table of part iPart, the writer's).  A
** decided position that reads as ply k or later, or in a tile with no
** base yet, is one of this ply whose plies a wide ply writes after the
** decisions (catmouse_chain_lanes.c, chWidePly): its plies are k (its own write
** comes too).  0, or GG_NOMEM. */
static int chWide(CmSolve *s, int t, uint32_t x, uint32_t y, uint64_t got, uint32_t k, int iPart){
  GGCatMouseBlock *bk = &s->p->aBlock[t*s->nWB + (y>>9)];
  CmPart *pt = &s->aTurn[t].aPart[iPart];
  uint32_t *pe = gg_cm_base_at(bk, s->n, x, y), xs, ys;
  uint16_t *aW;
  uint64_t b;
  if( !(*pe & GG_CM_WIDE) ){
    uint32_t e = *pe;
    if( cm_wide_new(s, bk) ) return GG_NOMEM;
    aW = gg_cm_wide(bk, bk->nWide);
    for(b=chDone(s, bk, t, x, y) & ~got; b; b&=b-1){
      uint32_t i = (uint32_t)__builtin_ctzll(b);
      uint32_t kOld;
      chSlotPos(bk, x, y, i, &xs, &ys);
      kOld = chDecode(e, *chAt(s, bk, xs, ys & 511));
      if( CM_B1(e)==CM_B1_NONE || kOld>k ) kOld = k;
      if( cm_wide_put(pt, aW, i, xs, ys, kOld) ) return GG_NOMEM;
    }
    *pe = GG_CM_WIDE | (uint32_t)bk->nWide++;
  }
  aW = gg_cm_wide(bk, *pe & ~GG_CM_WIDE);
  for(b=got; b; b&=b-1){
    uint32_t i = (uint32_t)__builtin_ctzll(b);
    chSlotPos(bk, x, y, i, &xs, &ys);
    *chAt(s, bk, xs, ys & 511) = GG_CM_CODE_WIDE;
    if( cm_wide_put(pt, aW, i, xs, ys, k) ) return GG_NOMEM;
  }
  return GG_OK;
}

/* The byte of ply k in a tile or word with bases *pe (catmouse.h): an
** offset from base 1 or base 2, set now if k is the first too late for
** the bases it has; -1 if neither can take it (it becomes wide) or it is
** wide. */
static inline int chCode(uint32_t *pe, uint32_t k){
  uint32_t e = *pe, b1, b2;
  if( e & GG_CM_WIDE ) return -1;
  b1 = CM_B1(e);
  b2 = CM_B2(e);
  if( b1!=CM_B1_NONE && k-b1<GG_CM_WIN1 ) return (int)(k-b1);
  if( b2!=CM_B2_NONE && k-b2<GG_CM_WIN2 ) return (int)(128 + k-b2);
  if( b1==CM_B1_NONE && k<=GG_CM_BASE1_MAX ){ *pe = CM_BASE(k, b2); return 0; }
  if( b2==CM_B2_NONE && CM_B2_FITS(b1, k) ){ *pe = CM_BASE(b1, k); return 128; }
  return -1;
}

/* Byte c into the positions m8 of 8 consecutive bytes at a. */
static inline void chPut8(uint8_t *a, uint32_t m8, uint8_t c){
  if( m8==0xff ){
    uint64_t v = 0x0101010101010101ULL*c;
    memcpy(a, &v, 8);
  }else{
    for(; m8; m8&=m8-1) a[__builtin_ctz(m8)] = c;
  }
}

int ch_row_plies(CmSolve *s, int t, uint32_t x, uint32_t w, uint64_t got, uint32_t k, int iPart){
  GGCatMouseBlock *bk = &s->p->aBlock[t*s->nWB + (w>>3)];
  uint32_t q, c0 = (w*64) & 511;
  int c;
  if( x>=bk->nTileRow ){          /* a word of the rows past the tiles */
    c = chCode(gg_cm_base_at(bk, s->n, x, w*64), k);
    if( c<0 ) return chWide(s, t, x, w*64, got, k, iPart);
    for(q=0; q<8; q++){
      uint32_t m8 = (uint32_t)(got>>(8*q)) & 0xff;
      if( m8 ) chPut8(chAt(s, bk, x, c0 + 8*q), m8, (uint8_t)c);
    }
    return GG_OK;
  }
  for(q=0; q<8; q++){             /* 8 tiles of row x */
    uint32_t m8 = (uint32_t)(got>>(8*q)) & 0xff;
    if( m8==0 ) continue;
    c = chCode(gg_cm_base_at(bk, s->n, x, w*64 + 8*q), k);
    if( c<0 ){
      if( chWide(s, t, x, w*64 + 8*q, (uint64_t)m8<<(8*(x & 7)), k, iPart) ) return GG_NOMEM;
      continue;
    }
    chPut8(chAt(s, bk, x, c0 + 8*q), m8, (uint8_t)c);
  }
  return GG_OK;
}

int ch_col_plies(CmSolve *s, int t, uint32_t w, uint32_t y, uint64_t bits, uint32_t k, int iPart){
  GGCatMouseBlock *bk = &s->p->aBlock[t*s->nWB + (y>>9)];
  uint32_t c = y & 511, q;
  for(q=0; q<8; q++){
    if( (bits>>(8*q)) & 0xff ) GG_PREFETCH_W(chAt(s, bk, w*64 + 8*q, c));
  }
  for(q=0; q<8; q++){             /* a tile of 8 rows x at a time */
    uint32_t m8 = (uint32_t)(bits>>(8*q)) & 0xff, x0 = w*64 + 8*q, i;
    int code;
    if( m8==0 ) continue;
    if( x0+8<=bk->nTileRow ){
      uint8_t *pT = chAt(s, bk, x0, c);
      code = chCode(gg_cm_base_at(bk, s->n, x0, y), k);
      if( code<0 ){
        uint64_t got = 0;
        for(; m8; m8&=m8-1) got |= 1ULL<<(8*__builtin_ctz(m8) + (c & 7));
        if( chWide(s, t, x0, y, got, k, iPart) ) return GG_NOMEM;
        continue;
      }
      if( m8==0xff ){             /* (a whole column of the tile: no loop on bits) */
        pT[0] = pT[8] = pT[16] = pT[24] = pT[32] = pT[40] = pT[48] = pT[56] = (uint8_t)code;
        continue;
      }
      for(; m8; m8&=m8-1) pT[8*__builtin_ctz(m8)] = (uint8_t)code;
      continue;
    }
    for(; m8; m8&=m8-1){          /* the rows past the tiles */
      i = (uint32_t)__builtin_ctz(m8);
      code = chCode(gg_cm_base_at(bk, s->n, x0 + i, y), k);
      if( code<0 ){
        if( chWide(s, t, x0 + i, y, 1ULL<<(y & 63), k, iPart) ) return GG_NOMEM;
      }else{
        *chAt(s, bk, x0 + i, c) = (uint8_t)code;
      }
    }
  }
  return GG_OK;
}
