/*
** catmouse_chain.c: the second kernel of the fast cat-and-mouse engine,
** for long chases (paths, cycles, ladders, lollipops, grids numbered row
** by row): the two closures in winner-row bitsets ("chains").  The pull
** (catmouse_ply.c) runs the first plies, or none; from ply s->kChain on
** (chosen in cm_chain_init, or set by the caller: gg_cm_solve_opts) the
** chains run the rest, on an undirected graph with one hole, on one
** thread or two (catmouse_chain_lanes.c).
**
** Two facts (docs/speed.md, "Two closures"):
**  1. A position the mouse wins is, with the mouse to move, 1 + the least
**     plies of its children the mouse wins, and with the cat to move,
**     1 + the most plies of its children, all of which the mouse wins: it
**     depends on positions of the same winner only.  So "won by the
**     mouse" and "won by the cat" are two breadth-first closures, each
**     with no "decided" bitset and no step of the other.
**  2. In each closure keep the bitsets with rows = the winner's node and
**     bits = the loser's: a long chase's front of a ply is then a few
**     dense words of a row, not one bit in each of many words.
**
** For the closure of winner q (the mouse's: q = GG_CM_MOUSE):
**   aW  the winner's turn, won by q: row = q's node, bit = the other's
**       (the transpose of the result's aRes[3q]);
**   aL  the loser's turn, won by q: the same layout (the result's
**       aRes[2(1-q) + q] as it is).
** Ply k, from the words that changed at ply k-1 (lists of (row, word,
** bits)), (b) first, since it reads aW as ply k-1 left it:
**   (a) the winner's move crosses rows: each changed word of aL is ORed
**       into the rows of the winner's moves into its row, less aW, and
**       the new bits set in aW at once (no bitset of candidates: a word
**       reached twice finds the first one's bits set);
**   (b) the loser's move runs along the bits of one row: bit x of aL's row
**       r is set when every loser's move x -> x' has bit x' of aW's row r.
**       In the engine's reverse Cuthill-McKee order most moves are a few
**       offsets (a path: +-1; a cycle or a ladder: +-1, +-2): a stencil of
**       up to 8 offsets tests 64 nodes at once (catmouse_chain_set.c); the
**       nodes with other moves (a clique's) are found through an index by
**       the words of their moves and tested by the (word, mask) pairs of
**       their moves, each once (a node lost is in aL).
** Each new position's plies are written at once, in the result's blocks
** (catmouse.h: the bases are given to every band when the chains take
** over; the bytes in tiles of 8 x 8 from then on: catmouse_chain_ply.c),
** so a bit set in the bitsets always has its plies written: a word that
** becomes wide finds its earlier positions in both closures' bitsets.
** The closures run ply by ply side by side, so each word's plies come in
** order, as the bases want.
**
** The switch is exact: the first ply of the chains takes every word of
** aW and aL as changed (a word whose inputs did not change decides
** nothing new), and their bitsets are the pull's (aRes[0] and aRes[3]
** transposed in place, gg_bits_transpose, and back at the end).  The
** pull's aDone bitsets are freed.
** The set-up of the stencils and the choice of the ply are in
** catmouse_chain_set.c.
*/
#include <string.h>
#include "alloc.h"
#include "catmouse_chain.h"

/* Word j of row r of a bitset (0 outside the row). */
static inline uint64_t chWord(const CmSolve *s, const uint64_t *a, uint32_t r, int64_t j){
  return j<0 || j>=(int64_t)s->nW ? 0 : a[GG_CM_BIT(s->n, r, (uint32_t)j)];
}
/* The bits of word w that are positions: not the hole, not past n, not
** row r's own node (the cat on the mouse: decided at ply 0). */
static inline uint64_t chValid(const CmSolve *s, uint32_t r, uint32_t w){
  uint64_t v = ~s->aHoleBit[w];
  if( w==s->nW-1 && (s->n & 63) ) v &= ~0ULL>>(64 - (s->n & 63));
  if( (r>>6)==w ) v &= ~(1ULL<<(r & 63));
  return v;
}

int ch_chunk(ChList *l){
  uint64_t nKq = l->nChunkAlloc;   /* (aKq's room, the same as ap's) */
  ChEnt *a;
  uint32_t *aKq = 0;
  if( gg_grow_from((void**)&l->ap, l->nChunk, &l->nChunkAlloc, sizeof(ChEnt*), 16) ){
    return GG_NOMEM;
  }
  if( l->bLog && gg_grow_from((void**)&l->aKq, l->nChunk, &nKq, sizeof(uint32_t*), 16) ){
    return GG_NOMEM;
  }
  a = gg_malloc(CH_CHUNK*sizeof(ChEnt));
  if( l->bLog ) aKq = gg_malloc(CH_CHUNK*sizeof(uint32_t));
  if( a==0 || (l->bLog && aKq==0) ){ gg_free(a); gg_free(aKq); return GG_NOMEM; }
  l->ap[l->nChunk] = a;
  if( l->bLog ) l->aKq[l->nChunk] = aKq;
  l->nChunk++;
  return GG_OK;
}


/* New positions nb of aL's word (r, w) at ply k: set, their plies
** written (the loser moves: one position of each of 64 result words), and
** listed for the next ply. */
static int chLoss(CmSolve *s, CmChain *h, ChList *pNext, uint32_t r, uint32_t w,
                  uint64_t nb, uint32_t k){
  CH_SET(&h->aL[GG_CM_BIT(s->n, r, w)], nb);
  if( !h->bDefer && ch_col_plies(s, 1-h->q, w, r, nb, k, 0) ) return GG_NOMEM;
  return ch_push(pNext, r, w, nb);
}

/* Whether every loser's move of non-exact node x is set in row r of aW. */
static int chCovered(const CmSolve *s, const CmChain *h, uint32_t r, uint32_t x){
  uint32_t j;
  for(j=h->aCovOff[x]; j<h->aCovOff[x+1]; j++){
    uint64_t m = h->aCovM[j];
    if( (h->aW[GG_CM_BIT(s->n, r, h->aCovW[j])] & m)!=m ) return 0;
  }
  return 1;
}

/* The exact nodes of word ww whose loser's moves are all set in row r of
** aW (the stencil). */
static inline uint64_t chStencil(const CmSolve *s, const CmChain *h, uint32_t r, uint32_t ww){
  uint64_t ok = h->aExact[ww], lo, mid, hi;
  int q;
  if( h->dMin<=-64 || h->dMax>=64 ){      /* offsets past a word: two words each */
    for(q=0; q<h->nD && ok; q++){
      int64_t b = (int64_t)ww*64 + h->aD[q], j = b>=0 ? b/64 : -((-b + 63)/64);
      int sh = (int)(b - j*64);
      uint64_t v = chWord(s, h->aW, r, j);
      if( sh ) v = (v>>sh) | (chWord(s, h->aW, r, j+1)<<(64-sh));
      ok &= v | ~h->aHas[(uint64_t)q*s->nW + ww];
    }
    return ok;
  }
  lo = chWord(s, h->aW, r, (int64_t)ww-1);
  mid = chWord(s, h->aW, r, ww);
  hi = chWord(s, h->aW, r, (int64_t)ww+1);
  for(q=0; q<h->nD && ok; q++){
    int d = h->aD[q];
    uint64_t sh = d>0 ? (mid>>d) | (hi<<(64-d)) : (mid<<(-d)) | (lo>>(64+d));
    ok &= sh | ~h->aHas[(uint64_t)q*s->nW + ww];
  }
  return ok;
}

/* The new words of aW (listed in (a)) applied, their plies written (the
** winner moves: a row of a result word). */
static int chApplyWins(CmSolve *s, CmChain *h, const ChList *pNew, uint32_t k, GGPoll *pPoll){
  uint64_t i;
  for(i=0; i<pNew->n; i++){
    const ChEnt *e = ch_ent(pNew, i);
    h->aW[GG_CM_BIT(s->n, CH_R(e), CH_W(e))] |= e->b;
    if( ch_row_plies(s, h->q, CH_R(e), CH_W(e), e->b, k, 0) ) return GG_NOMEM;
    if( gg_poll(pPoll, 1) ) return GG_INTERRUPT;
  }
  return GG_OK;
}

/* Is row r one of the closure's (the cat is never on the hole)? */
static inline int chRow(const CmSolve *s, const CmChain *h, uint32_t r){
  return h->q==GG_CM_MOUSE || !s->aHoleE[r];
}

/* The loser's move of closure h at ply k through the index: the nodes
** not exact with a move into the bits d0 of aW's word (r, w) that changed
** at ply k-1, each tested by its moves (once: a node lost is in aL).  The
** index lists a word's nodes in ascending order, so the losses of one
** word of row r are pushed together. */
static int chLossIndex(CmSolve *s, CmChain *h, ChList *pNext, uint32_t r, uint32_t w,
                       uint64_t d0, uint32_t k){
  uint32_t j, ww = ~0u;
  uint64_t nb = 0, c = 0;
  for(j=h->aIxOff[w]; j<h->aIxOff[w+1]; j++){
    uint32_t x = h->aIxNode[j];
    if( (d0 & h->aIxMask[j])==0 ) continue;
    if( (x>>6)!=ww ){
      if( nb && chLoss(s, h, pNext, r, ww, nb, k) ) return GG_NOMEM;
      ww = x>>6;
      nb = 0;
      c = ~h->aL[GG_CM_BIT(s->n, r, ww)] & chValid(s, r, ww);
    }
    if( (c>>(x & 63) & 1) && chCovered(s, h, r, x) ){
      nb |= 1ULL<<(x & 63);
      c &= ~(1ULL<<(x & 63));
    }
  }
  if( nb && chLoss(s, h, pNext, r, ww, nb, k) ) return GG_NOMEM;
  return GG_OK;
}

/* A stamp for the slots (ChSlot) of one ply of one closure, never 0; the
** slots cleared when the stamps wrap. */
static uint32_t chStamp(CmSolve *s, CmChain *h){
  if( ++h->stamp==0 ){
    memset(h->aSlot, 0, (uint64_t)s->n*2*sizeof(ChSlot));
    h->stamp = 1;
  }
  return h->stamp;
}

/* Ply k of closure h from the lists of ply k-1 (cur), into the other
** pair of lists.  The loser's move (b) first: it reads aW as ply k-1 left
** it; then the winner's move (a), which sets its new words in aW at once
** (a word reached twice finds its bits set the second time). */
int ch_ply1(CmSolve *s, CmChain *h, int cur, uint32_t k, GGPoll *pPoll){
  ChList *pLWc = &h->aLW[cur], *pLLc = &h->aLL[cur];
  ChList *pLWn = &h->aLW[cur^1], *pLLn = &h->aLL[cur^1];
  uint64_t i;
  uint32_t st = chStamp(s, h), *aMv = h->aMv;
  pLWn->n = 0;
  pLLn->n = 0;
  /* (b) the loser's move: from the changed words of aW, by the stencil
  ** in the words they reach, and through the index for the others */
  for(i=0; i<pLWc->n; i++){
    const ChEnt *e = ch_ent(pLWc, i);
    uint32_t r = CH_R(e), w = CH_W(e), lo = w, hi = w, ww;
    uint64_t d0 = e->b;
    if( i+4<pLWc->n ){             /* (the rows 4 entries on) */
      const ChEnt *e4 = ch_ent(pLWc, i+4);
      uint64_t iw4 = GG_CM_BIT(s->n, CH_R(e4), CH_W(e4));
      GG_PREFETCH(&h->aW[iw4]);
      GG_PREFETCH(&h->aL[iw4]);
    }
    if( (d0 & h->aNexPred[w]) && chLossIndex(s, h, pLLn, r, w, d0, k) ) return GG_NOMEM;
    if( h->dMax>=64 || h->dMin<=-64 ){     /* (offsets past a word) */
      lo = w>(uint32_t)((h->dMax + 63)/64) ? w - (uint32_t)((h->dMax + 63)/64) : 0;
      hi = w + (uint32_t)((63 - h->dMin)/64);
      if( hi>=s->nW ) hi = s->nW-1;
    }else{
      if( h->dMax>0 && w>0 && (d0 & (~0ULL>>(64-h->dMax))) ) lo = w-1;
      if( h->dMin<0 && w+1<s->nW && (d0>>(64+h->dMin)) ) hi = w+1;
    }
    for(ww=lo; ww<=hi; ww++){
      uint64_t iw = GG_CM_BIT(s->n, r, ww);
      uint64_t nb = chStencil(s, h, r, ww) & ~h->aL[iw] & chValid(s, r, ww);
      if( nb && chLoss(s, h, pLLn, r, ww, nb, k) ) return GG_NOMEM;
    }
    if( gg_lanes_step(&s->lanes, pPoll, 1 + hi - lo) ) return GG_INTERRUPT;
  }
  /* (a) the winner's move: each changed word of aL into the rows of the
  ** winner's moves into its row, less what aW has; a word listed at this
  ** ply and reached again gets the new bits in the same entry */
  for(i=0; i<pLLc->n; i++){
    const ChEnt *e = ch_ent(pLLc, i);
    uint32_t rp = CH_R(e), w = CH_W(e), j, nMv = ch_moves(s, rp, aMv);
    uint64_t b = e->b;
    for(j=0; j<nMv; j++){
      uint32_t r = aMv[j];
      uint64_t iw = GG_CM_BIT(s->n, r, w), nw = b & ~h->aW[iw];
      ChSlot *sl;
      if( nw==0 || (nw &= chValid(s, r, w))==0 || !chRow(s, h, r) ) continue;
      sl = &h->aSlot[2*(uint64_t)r + (w & 1)];
      CH_SET(&h->aW[iw], nw);
      if( !h->bDefer && ch_row_plies(s, h->q, r, w, nw, k, 0) ) return GG_NOMEM;
      if( sl->stamp==st && sl->w==w ){
        ch_ent(pLWn, sl->i)->b |= nw;
        continue;
      }
      sl->stamp = st;
      sl->w = w;
      sl->i = pLWn->n;
      if( ch_push(pLWn, r, w, nw) ) return GG_NOMEM;
    }
    if( gg_lanes_step(&s->lanes, pPoll, 1 + nMv) ) return GG_INTERRUPT;
  }
  return GG_OK;
}

/* The first ply k of closure h after the pull: every word taken as
** changed, so (a) is a pull over every row and (b) the stencil over every
** word and the test of every non-exact node; into lists [cur^1]. */
static int chPlyAll(CmSolve *s, CmChain *h, int cur, uint32_t k, GGPoll *pPoll){
  ChList *pLWn = &h->aLW[cur^1], *pLLn = &h->aLL[cur^1];
  uint32_t r, w, j, x, *aMv = h->aMv;
  pLWn->n = 0;
  pLLn->n = 0;
  for(r=0; r<s->n; r++){
    uint32_t nMv;
    if( !chRow(s, h, r) ) continue;
    nMv = ch_moves(s, r, aMv);
    for(w=0; w<s->nW; w++){
      uint64_t acc = 0, nw;
      for(j=0; j<nMv; j++) acc |= h->aL[GG_CM_BIT(s->n, aMv[j], w)];
      nw = acc & ~h->aW[GG_CM_BIT(s->n, r, w)] & chValid(s, r, w);
      if( nw && ch_push(pLWn, r, w, nw) ) return GG_NOMEM;
    }
    if( gg_poll(pPoll, (uint64_t)s->nW*(1 + nMv)) ) return GG_INTERRUPT;
  }
  for(r=0; r<s->n; r++){
    if( !chRow(s, h, r) ) continue;
    for(w=0; w<s->nW; w++){
      uint64_t iw = GG_CM_BIT(s->n, r, w);
      uint64_t nb = chStencil(s, h, r, w) & ~h->aL[iw] & chValid(s, r, w);
      if( nb && chLoss(s, h, pLLn, r, w, nb, k) ) return GG_NOMEM;
    }
    for(w=0; w<s->nW && h->nNotExact; w++){     /* the nodes not exact */
      uint64_t iw = GG_CM_BIT(s->n, r, w), c, nb = 0;
      for(c = ~h->aExact[w] & chValid(s, r, w) & ~h->aL[iw]; c; c&=c-1){
        x = w*64 + (uint32_t)__builtin_ctzll(c);
        nb |= (uint64_t)chCovered(s, h, r, x)<<(x & 63);
      }
      if( nb && chLoss(s, h, pLLn, r, w, nb, k) ) return GG_NOMEM;
    }
    if( gg_poll(pPoll, (uint64_t)s->nW*(1 + h->nD) + h->nNotExact) ) return GG_INTERRUPT;
  }
  return chApplyWins(s, h, pLWn, k, pPoll);
}

/* The first ply's lists when the positions decided so far lie in few
** words (the chains from ply 1: the hole's rows and the diagonal): every
** non-zero word of aW and aL as changed, into lists [cur].  1 if done, 0
** if there are more than GG_CM_CHAIN_SEED * n of them (then chPlyAll),
** -1 out of memory, -2 stopped. */
static int chSeed(CmSolve *s, CmChain *h, int cur, GGPoll *pPoll){
  uint64_t nMax = GG_CM_CHAIN_SEED*(uint64_t)s->n;
  uint32_t r, w;
  int i;
  h->aLW[cur].n = 0;
  h->aLL[cur].n = 0;
  for(r=0; r<s->n; r++){
    if( !chRow(s, h, r) ) continue;
    for(w=0; w<s->nW; w++){
      uint64_t iw = GG_CM_BIT(s->n, r, w);
      for(i=0; i<2; i++){
        ChList *l = i ? &h->aLL[cur] : &h->aLW[cur];
        uint64_t b = (i ? h->aL : h->aW)[iw];
        if( b==0 ) continue;
        if( l->n>=nMax ) return 0;
        if( ch_push(l, r, w, b) ) return -1;
      }
    }
    if( gg_poll(pPoll, s->nW) ) return -2;
  }
  return 1;
}

/* The switch: every band given its bases and its bytes in tiles, aRes[0]
** and aRes[3] (the winner's turn of each closure) transposed into rows of
** the winner, the pull's aDone bitsets freed. */
static int chSwitch(CmSolve *s, GGPoll *pPoll){
  GGCatMouse *p = s->p;
  uint64_t nBits = GG_CM_BIT_SIZE(s->n, s->nWB)*8;
  int q;
  if( cm_bases_all(s, &s->aWork[0]) ) return s->lanes.bStop ? s->lanes.rc : GG_INTERRUPT;
  if( ch_tiles(s, pPoll) ) return GG_INTERRUPT;
  for(q=0; q<2; q++){
    CmChain *h = &s->aChain[q];
    gg_free_gently(p->aDone[q], nBits);
    p->aDone[q] = 0;
    h->aW = p->aRes[3*q];
    h->aL = p->aRes[2*(1-q) + q];
    if( gg_bits_transpose(h->aW, s->n, pPoll) ) return GG_INTERRUPT;
  }
  return GG_OK;
}

/* Winner's new bits nw of aW's word (r, w) at ply k: set, their plies
** written (a row of a result word), listed. */
static int chWin(CmSolve *s, CmChain *h, ChList *pNext, uint32_t r, uint32_t w,
                 uint64_t nw, uint32_t k){
  h->aW[GG_CM_BIT(s->n, r, w)] |= nw;
  if( ch_row_plies(s, h->q, r, w, nw, k, 0) ) return GG_NOMEM;
  return ch_push(pNext, r, w, nw);
}

/* Column c of every row of closure h's aL not yet set, at ply 0 (a mover
** with no move loses: the cat's c, or the mouse's c). */
static int chStuck(CmSolve *s, CmChain *h, ChList *pNext, uint32_t c){
  uint32_t r, w = c>>6;
  uint64_t bit = 1ULL<<(c & 63);
  for(r=0; r<s->n; r++){
    if( !chRow(s, h, r) || !(chValid(s, r, w) & bit & ~h->aL[GG_CM_BIT(s->n, r, w)]) ) continue;
    if( chLoss(s, h, pNext, r, w, bit, 0) ) return GG_NOMEM;
  }
  return GG_OK;
}

/* The chains alone, from ply 0 (no pull ran: cm_chain_from is 1): every
** band's bases unset and its bytes in tiles (nothing is decided yet), and
** ply 0 into lists [1], as the pull's cm_init_turn decides it: the mouse
** in the hole wins, the cat on the mouse wins, a mover with no move
** loses. */
static int chStart(CmSolve *s, GGPoll *pPoll){
  CmChain *hm = &s->aChain[GG_CM_MOUSE], *hc = &s->aChain[GG_CM_CAT];
  uint32_t x, w;
  int q;
  if( cm_bases_all(s, &s->aWork[0]) ) return s->lanes.bStop ? s->lanes.rc : GG_INTERRUPT;
  if( ch_tiles(s, pPoll) ) return GG_INTERRUPT;
  for(q=0; q<2; q++){            /* (all 0: their own transposes) */
    s->aChain[q].aW = s->p->aRes[3*q];
    s->aChain[q].aL = s->p->aRes[2*(1-q) + q];
    s->aChain[q].aLW[1].n = s->aChain[q].aLL[1].n = 0;
  }
  for(x=0; x<s->n; x++){
    if( s->aHoleE[x] ){          /* the mouse home, either to move */
      for(w=0; w<s->nW; w++){
        uint64_t v = chValid(s, x, w);
        if( v && (chWin(s, hm, &hm->aLW[1], x, w, v, 0) || chLoss(s, hm, &hm->aLL[1], x, w, v, 0)) ){
          return GG_NOMEM;
        }
      }
    }else{                       /* the cat on the mouse, either to move */
      uint64_t bit = 1ULL<<(x & 63);
      if( chWin(s, hc, &hc->aLW[1], x, x>>6, bit, 0) ) return GG_NOMEM;
      if( chLoss(s, hc, &hc->aLL[1], x, x>>6, bit, 0) ) return GG_NOMEM;
    }
    if( gg_poll(pPoll, s->nW) ) return GG_INTERRUPT;
  }
  for(x=0; x<s->n; x++){
    uint32_t j, nCat = 0, nMv = ch_moves(s, x, s->aChain[0].aMv);
    if( s->aHoleE[x] ) continue;
    for(j=0; j<nMv; j++) nCat += !s->aHoleE[s->aChain[0].aMv[j]];
    if( nCat==0 && chStuck(s, hm, &hm->aLL[1], x) ) return GG_NOMEM;
    if( nMv==0 && chStuck(s, hc, &hc->aLL[1], x) ) return GG_NOMEM;
    if( gg_poll(pPoll, 1 + nMv) ) return GG_INTERRUPT;
  }
  return GG_OK;
}

int ch_first(CmSolve *s){
  GGPoll *pPoll = &s->aWork[0].poll;
  uint32_t k = s->kChain;
  int cur = 0, q, rc;
  if( k==0 ){                    /* alone: ply 0 into lists [1] */
    s->p->nPlyChain = 1;
    if( (rc = chStart(s, pPoll))!=GG_OK ) return rc;
  }else{
    s->p->nPlyChain = k;
    if( (rc = chSwitch(s, pPoll))!=GG_OK ) return rc;
    for(q=0; q<2; q++){          /* ply k: every word as changed */
      CmChain *h = &s->aChain[q];
      int bSeed = chSeed(s, h, cur, pPoll);
      if( bSeed<0 ) return bSeed==-1 ? GG_NOMEM : GG_INTERRUPT;
      rc = bSeed ? ch_ply1(s, h, cur, k, pPoll) : chPlyAll(s, h, cur, k, pPoll);
      if( rc!=GG_OK ) return rc;
    }
  }
  s->aChain[0].kNext = k;
  s->aChain[0].cur = cur;
  return GG_OK;
}
