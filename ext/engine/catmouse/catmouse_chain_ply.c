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
** The bases (catmouse.h) stay per word of a row, j-major (gg_cm_basep:
** the 64 bases of a column write are 256 bytes); a word that becomes wide
** finds its earlier positions in both closures' bitsets (chDone) and its
** earlier plies in its tiles.
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

int ch_tiles(CmSolve *s, GGPoll *pPoll){
  uint8_t aTmp[8*512];
  uint32_t b, g, i, c;
  for(b=0; b<2*s->nWB; b++){
    GGCatMouseBlock *bk = &s->p->aBlock[b];
    uint32_t nCol = bk->nCol;
    bk->nTileRow = s->n & ~7u;
    for(g=0; g+8<=s->n; g+=8){
      uint8_t *a = bk->aPly + (uint64_t)g*nCol;
      if( !chGroupUsed(s, b, g) ) continue;   /* no ply byte to keep */
      memcpy(aTmp, a, 8*(size_t)nCol);
      for(i=0; i<8; i++){
        for(c=0; c<nCol; c+=8){
          memcpy(a + c*8 + i*8, aTmp + i*nCol + c, 8);
        }
      }
      if( gg_poll(pPoll, nCol/8) ) return GG_INTERRUPT;
    }
  }
  return GG_OK;
}

/* The decided positions of the result's word (turn t, mover x, others
** 64w..): the closure of winner t holds them in its aW row x; that of
** the other in the bits x of its aL rows 64w.. (the bitsets are set only
** with their plies written). */
static uint64_t chDone(const CmSolve *s, int t, uint32_t x, uint32_t w){
  const CmChain *me = &s->aChain[t], *ot = &s->aChain[1-t];
  uint64_t d = me->aW[GG_CM_BIT(s->n, x, w)];
  uint32_t i;
  for(i=0; i<64 && w*64+i<s->n; i++){
    d |= (ot->aL[GG_CM_BIT(s->n, w*64+i, x>>6)]>>(x & 63) & 1)<<i;
  }
  return d;
}

/* Plies k of positions got of the result's word (turn t, mover x, others
** 64w..) whose bases *pe take none of them, or that is wide: the word
** made wide (its earlier plies copied), then the plies into its wide
** word (or the side table).  0, or GG_NOMEM. */
static int chWide(CmSolve *s, int t, uint32_t x, uint32_t w, uint64_t got, uint32_t k){
  GGCatMouseBlock *bk = &s->p->aBlock[t*s->nWB + (w>>3)];
  CmPart *pt = &s->aTurn[t].aPart[0];
  uint32_t *pe = gg_cm_basep(bk, s->n, x, w&7), c0 = (w*64) & 511;
  uint16_t *aW;
  uint64_t b;
  if( !(*pe & GG_CM_WIDE) ){
    uint32_t b1 = CM_B1(*pe), b2 = CM_B2(*pe);
    if( cm_wide_new(s, bk) ) return GG_NOMEM;
    aW = gg_cm_wide(bk, bk->nWide);
    for(b=chDone(s, t, x, w) & ~got; b; b&=b-1){
      int i = __builtin_ctzll(b);
      uint8_t c = *chAt(s, bk, x, c0 + (uint32_t)i);
      if( cm_wide_put(pt, aW, x, w, i, c<128 ? b1 + c : b2 + c - 128) ) return GG_NOMEM;
    }
    *pe = GG_CM_WIDE | (uint32_t)bk->nWide++;
  }
  aW = gg_cm_wide(bk, *pe & ~GG_CM_WIDE);
  for(b=got; b; b&=b-1){
    int i = __builtin_ctzll(b);
    *chAt(s, bk, x, c0 + (uint32_t)i) = GG_CM_CODE_WIDE;
    if( cm_wide_put(pt, aW, x, w, i, k) ) return GG_NOMEM;
  }
  return GG_OK;
}

/* The byte of ply k in a word with bases *pe (catmouse.h): an offset from
** base 1 or base 2, set now if k is the word's first too late for the
** bases it has; -1 if neither can take it (the word becomes wide) or the
** word is wide. */
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

int ch_row_plies(CmSolve *s, int t, uint32_t x, uint32_t w, uint64_t got, uint32_t k){
  GGCatMouseBlock *bk = &s->p->aBlock[t*s->nWB + (w>>3)];
  int c = chCode(gg_cm_basep(bk, s->n, x, w&7), k);
  uint32_t q, c0 = (w*64) & 511;
  if( c<0 ) return chWide(s, t, x, w, got, k);
  for(q=0; q<8; q++){
    uint32_t m8 = (uint32_t)(got>>(8*q)) & 0xff;
    uint8_t *a;
    if( m8==0 ) continue;
    a = chAt(s, bk, x, c0 + 8*q);
    if( m8==0xff ){
      uint64_t v = 0x0101010101010101ULL*(uint8_t)c;
      memcpy(a, &v, 8);
    }else{
      for(; m8; m8&=m8-1) a[__builtin_ctz(m8)] = (uint8_t)c;
    }
  }
  return GG_OK;
}

int ch_col_plies(CmSolve *s, int t, uint32_t w, uint32_t y, uint64_t bits, uint32_t k){
  GGCatMouseBlock *bk = &s->p->aBlock[t*s->nWB + (y>>9)];
  uint32_t *pe = gg_cm_basep(bk, s->n, w*64, (y>>6)&7), c = y & 511, q;
  for(q=0; q<8; q++){             /* the lines it will write, asked for at once */
    if( (bits>>(8*q)) & 0xff ) GG_PREFETCH_W(chAt(s, bk, w*64 + 8*q, c));
  }
  for(q=0; q<8; q++){             /* a tile of 8 rows x at a time */
    uint32_t m8 = (uint32_t)(bits>>(8*q)) & 0xff, x0 = w*64 + 8*q;
    uint8_t *pT;
    if( m8==0 ) continue;
    pT = chAt(s, bk, x0, c);
    for(; m8; m8&=m8-1){
      uint32_t i = (uint32_t)__builtin_ctz(m8);
      int code = chCode(pe + 8*q + i, k);
      if( code<0 ){
        if( chWide(s, t, x0 + i, y>>6, 1ULL<<(y & 63), k) ) return GG_NOMEM;
      }else if( x0+8<=(s->n & ~7u) ){
        pT[8*i] = (uint8_t)code;
      }else{
        *chAt(s, bk, x0 + i, c) = (uint8_t)code;
      }
    }
  }
  return GG_OK;
}
