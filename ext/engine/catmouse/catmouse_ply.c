/*
** catmouse_ply.c: the plies of the fast cat-and-mouse engine (see
** catmouse.h; the set-up is in catmouse.c, the loop of plies on one thread
** or two in catmouse_run.c).
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
** candidate when one of its moves (an in-arc of the changed row) leads to
** it.
**
** Each ply is two phases.  In the pass, each turn computes its new
** positions into its own layout (row x, bit y: aDone), writes their ply
** bytes and lists the word (sparse) or marks it in aNews (dense: past the
** list).  In the apply, each turn moves the new positions of the listed
** words, and of the marked ones found again by their ply bytes, into its
** transposed bitsets and marks the changed words.  One turn (the fused
** one: catmouse_int.h, CM_FUSED, chosen each ply) needs no apply: its
** pass runs after the other turn's, which has read its bitsets as of the
** last ply, so it writes each new word's plies and transposed bits at
** once (no list, no mark, no second reading of the ply bytes: 14% of a
** grid's solve on one thread); the other turn's apply comes after both
** passes (catmouse_run.c).  The fused turn is the one that decided more
** words two plies before: on a grid the fronts alternate between the
** turns, and the big one's words were all dense (100x100 grid 1.29 ->
** 1.11 s).  So the list of new positions is bounded (n/4 + 256 words a
** part, at most 0.01 bytes a position; the turns share it): a ply costs
** no memory that grows with the positions.  Before ply GG_CM_PLY_BASED
** the byte is the plies k, and a dense word's positions are found again
** by it, the ones the mover won by their children (cmWinsOf).  From then
** on the plies are in the tiers of catmouse.h (an offset from one of the
** word's two bases, set by the word's first position too late for the
** others, else the word's wide plies, else the side table): a listed word
** gets them in the pass; a dense word gets a mark (GG_CM_CODE_MARK | mover
** wins) that the apply, having found it, writes its plies over.  The
** bitsets are in bands of 512 columns (8 words, a cache line per row;
** GG_CM_BIT) and a wide pass works one band at a time over all rows, so
** its working set stays in the cache.
**
** Sparse and dense plies, thin and wide (issue 22; as direction-optimizing
** BFS does, Beamer et al., SC 2012): long games (paths, grids, cycles)
** decide a few words a ply for thousands of plies, random graphs millions
** of words in a dozen.  So the candidate rows are pushed from the changed
** rows to their predecessors (the work is the in-arcs of what changed, not
** a scan of every row), and the first nListMax words a part decides in a
** ply are listed with their positions (CmNew) and get their plies at once:
** the apply then reads the list.  Only words past the list (a dense ply)
** are marked and found again by the sweep of aNews and the ply bytes.
** And a ply after two plies of fewer than GG_CM_THIN words is thin: the
** calling thread runs it alone, every lane, row by row, with no barrier,
** while the other thread waits parked at the barrier until a wide ply (or
** the end) comes; a wide ply runs on both threads as below.
**
** Threads split the bands: lane i owns the bands b with b % nLane == i.
** In the pass a lane computes the words of its bands (of both turns); the
** new positions of word w land, in the apply, in the transposed rows
** 64w..64w+63, which are rows of the same band, so each lane applies its
** own words (and the ply blocks of its bands: bytes, bases, wide words)
** and no two lanes write the same memory in a phase.  Each
** worker thread runs one lane (or all of them if a thread could not be
** started), with a barrier between the phases.  The calling thread
** (worker 0) polls the GGStop about every GG_STOP_EVERY words.
*/
#include <string.h>
#ifdef __SSE2__
# include <emmintrin.h>
#endif
#include "alloc.h"
#include "catmouse_int.h"

/* The helpers of the inner loops: inlined (each word of a thin ply goes
** through all of them). */
#define CM_HOT inline __attribute__((always_inline))

/* Count the work of a visited row or word (64 positions): 1 + the moves
** looked at, each move one word read; poll the GGStop about every
** GG_STOP_EVERY such words, from the calling thread. */
static CM_HOT int cmStep(CmSolve *s, CmWorker *wk, uint32_t nCost){
  return gg_lanes_step(&s->lanes, &wk->poll, nCost);
}


/* The ply bytes of the new positions win|lose of row x, word w at ply k:
** the plies k themselves before GG_CM_PLY_BASED, then the mark
** GG_CM_CODE_MARK | mover wins (the apply writes their plies). */
static CM_HOT void cmMark(CmSolve *s, CmTurn *me, uint32_t x, uint32_t w,
                   uint64_t win, uint64_t lose, uint32_t k){
  uint8_t *a = GG_CM_PLYP(s->p, me->t, x, w*64);
  uint8_t c = k<GG_CM_PLY_BASED ? (uint8_t)k : GG_CM_CODE_MARK;
  uint8_t cWin = k<GG_CM_PLY_BASED ? c : c | 1;
  uint64_t b;
  for(b=win; b; b&=b-1) a[__builtin_ctzll(b)] = cWin;
  for(b=lose; b; b&=b-1) a[__builtin_ctzll(b)] = c;
}

/* Positions (x, w*64+i) for i in win|lose into the transposed bitsets;
** their rows marked changed. */
static CM_HOT void cmApplyWord(CmSolve *s, CmTurn *me, CmPart *pt, uint32_t x,
                        uint32_t w, uint64_t win, uint64_t lose){
  gg_word_apply(me->aWin, me->t, GG_CM_BIT(s->n, w*64, x>>6), me->aDirty, s->nDW, x, w,
                win, lose, 0, 0);
  pt->aRowBits[w] |= win | lose;
}

/* Decide the positions win|lose of row x, word w at ply k.  The first
** nListMax words of the owner's part in a ply are listed, with their
** plies written at once (sparse: the apply reads the list); the rest get
** a mark in their ply bytes and in aNews (dense: the apply finds them by
** a sweep of aNews and the marks). */
static CM_HOT void cmDecide(CmSolve *s, CmWorker *wk, CmTurn *me, uint32_t x, uint32_t w,
                     uint64_t win, uint64_t lose, uint32_t k, int bFused){
  CmPart *pt = &me->aPart[CM_OWNER(wk, me->t, w)];
  uint64_t *pDone = &me->aDone[GG_CM_BIT(s->n, x, w)];
  pt->nNew++;
  if( bFused ){                         /* applied at once (cm_pass; ply 0:
                                        ** cm_init_turn, before any pass) */
    if( k<GG_CM_PLY_BASED ){
      cmMark(s, me, x, w, win, lose, k);
    }else if( cm_write_plies(s, me, pt, x, w, win|lose, cm_valid(s, me, x, w), k) ){
      cmSetStop(s, GG_NOMEM);
    }
    *pDone |= win | lose;
    cmApplyWord(s, me, pt, x, w, win, lose);
    return;
  }
  if( pt->nList<s->nListMax ){
    CmNew *e = &pt->aList[pt->nList++];
    e->x = x;
    e->w = w;
    e->win = win;
    e->lose = lose;
    if( k<GG_CM_PLY_BASED ){
      cmMark(s, me, x, w, win, lose, k);      /* the code is the plies */
    }else if( cm_write_plies(s, me, pt, x, w, win|lose, cm_valid(s, me, x, w), k) ){
      cmSetStop(s, GG_NOMEM);
    }
    *pDone |= win | lose;
    return;
  }
  *pDone |= win | lose;
  pt->aNews[(uint64_t)x*s->nDW + (w>>6)] |= 1ULL<<(w&63);
  pt->nDense++;
  cmMark(s, me, x, w, win, lose, k);
}

/* Ply 0 of word w of row x of turn me (bStuck: the mover cannot move;
** pad: the bits past n of the last word). */
static void cmInitWord(CmSolve *s, CmTurn *me, uint32_t x, uint32_t w, int bStuck,
                       uint64_t pad){
  uint64_t win = 0, lose = 0, none = 0, all = ~0ULL, bHole = cm_holes(s, w);
  uint64_t bSame = (x>>6)==w ? 1ULL<<(x&63) : 0;
  if( w==s->nW-1 ) all &= ~pad;
  if( me->t==GG_CM_MOUSE ){               /* x mouse, y cat */
    none = bHole;
    if( s->aHoleE[x] ) win = all & ~bHole; /* the mouse is home */
    else if( bStuck ) lose = all & ~bHole;
    else lose = bSame;                    /* caught */
  }else{                                  /* x cat, y mouse */
    win = bSame;                          /* the cat catches the mouse */
    lose = bHole;                         /* the mouse is home */
    if( bStuck ) lose = all & ~bSame;
  }
  me->aDone[GG_CM_BIT(s->n, x, w)] |= none;
  if( win|lose ) cmDecide(s, &s->aWork[0], me, x, w, win, lose, 0, 1);   /* (no pass reads yet) */
}

/* Ply 0 for one turn: the finished positions, and the positions that are
** not positions (the cat on a hole) marked decided with no plies.  A row
** of a mover who is home or stuck is decided whole; any other row only in
** the words of the holes and of its own node (the other words decide
** nothing at ply 0: the work is the rows times the words with a hole, not
** every word).  Both turns apply theirs at once (no pass has read the
** bitsets yet), so no word of ply 0 is dense (the apply of a dense word
** recomputes which of its positions the mover wins from their children:
** cmApplyDense). */
int cm_init_turn(CmSolve *s, CmTurn *me){
  uint32_t n = s->n, nW = s->nW, x, w, i, nHoleW = 0, *aHoleW;
  uint64_t pad = (n%64) ? ~0ULL<<(n%64) : 0;   /* bits past n, last word */
  aHoleW = gg_malloc((uint64_t)nW*sizeof(uint32_t));
  if( aHoleW==0 ) return GG_NOMEM;
  for(w=0; w<nW; w++) if( cm_holes(s, w) ) aHoleW[nHoleW++] = w;
  for(x=0; x<n; x++){
    uint64_t *aDone = me->aDone;
    int bStuck = me->aOff[x+1]==me->aOff[x];   /* the mover cannot move */
    aDone[GG_CM_BIT(n, x, nW-1)] |= pad;
    if( me->t==GG_CM_CAT && s->aHoleE[x] ){
      for(w=0; w<nW; w++) aDone[GG_CM_BIT(n, x, w)] = ~0ULL;
    }else if( bStuck || s->aHoleE[x] ){
      for(w=0; w<nW; w++) cmInitWord(s, me, x, w, bStuck, pad);
    }else{
      for(i=0; i<nHoleW; i++) cmInitWord(s, me, x, aHoleW[i], 0, pad);
      if( cm_holes(s, x>>6)==0 ) cmInitWord(s, me, x, x>>6, 0, pad);
    }
    if( gg_poll(&s->setup, 2 + nHoleW) ){ gg_free(aHoleW); return GG_INTERRUPT; }
  }
  gg_free(aHoleW);
  return GG_OK;
}

/* Candidate rows of this ply for turn me: x with a move to a row changed
** in the last ply, and their candidate words.  Returns their count. */
static uint32_t cmCandidates(CmSolve *s, CmWorker *wk, CmTurn *me, CmTurn *ot){
  return gg_cand_rows(&wk->cand, s->n, s->nDW, &ot->aPart[0].dirty, sizeof(CmPart),
                      s->lanes.nLane, s->aPredOff, s->aPred, ot->aDirty, &s->lanes, &wk->poll);
}

/* Whether lane lane (of those run from it by step: 1, every lane) owns
** band of turn t in wk's deal. */
static int cmMine(const CmWorker *wk, int t, uint32_t band, int lane, int step){
  return step==1 || wk->aOwn[t][band]==lane;
}

void cm_dirty_clear(CmSolve *s, CmWorker *wk, CmTurn *me, int lane, int step){
  uint32_t nDW = s->nDW, i, d;
  int q;
  for(q=0; q<s->lanes.nLane; q++){
    const GGDirty *pd = &me->aPart[q].dirty;
    for(i=0; i<pd->nRow; i++){
      uint64_t *a = me->aDirty + (uint64_t)pd->aRow[i]*nDW;
      if( !cmMine(wk, me->t, pd->aRow[i]>>9, lane, step) ) continue;
      for(d=0; d<nDW; d++) a[d] = 0;
    }
  }
}

/* Deal the bands of turn t to the lanes for this ply (wk->aOwn[t]): by
** their candidate words in wk->cand (nCand rows; each worker has them
** all, the same), the busiest first, each to the lane with the fewest
** yet.  Counts in p->nBandMoved the bands whose lane changed (worker 0).
** Not on one thread (a thin ply, or no second thread): any deal will do
** there, and the last one stays. */
static void cmDeal(CmSolve *s, CmWorker *wk, int t, uint32_t nCand){
  uint64_t aCnt[CM_MAX_BAND], aLoad[CM_MAX_THREAD];
  uint16_t aOrd[CM_MAX_BAND];
  uint32_t nWB = s->nWB, nDW = s->nDW, i, j, d;
  int q, nLane = s->lanes.nLane;
  if( nLane==1 || s->lanes.nRun==1 ) return;   /* (one thread: no need) */
  for(i=0; i<nWB; i++) aCnt[i] = 0;
  for(i=0; i<nCand; i++){
    const uint64_t *cw = wk->cand.aCandWord + (uint64_t)wk->cand.aCandRow[i]*nDW;
    for(d=0; d<nDW; d++){
      uint64_t m = cw[d];        /* the bits of each byte (a band), counted
                                 ** in that byte (no popcount instruction
                                 ** in the baseline x86-64) */
      m = m - ((m>>1) & 0x5555555555555555ULL);
      m = (m & 0x3333333333333333ULL) + ((m>>2) & 0x3333333333333333ULL);
      m = (m + (m>>4)) & 0x0f0f0f0f0f0f0f0fULL;
      for(j=0; m; j++, m>>=8) aCnt[d*8 + j] += m & 0xff;
    }
  }
  for(i=0; i<nWB; i++){          /* the bands by their words, most first */
    for(j=i; j>0 && aCnt[aOrd[j-1]]<aCnt[i]; j--) aOrd[j] = aOrd[j-1];
    aOrd[j] = (uint16_t)i;
  }
  for(q=0; q<nLane; q++) aLoad[q] = 0;
  for(i=0; i<nWB; i++){
    uint32_t b = aOrd[i];
    int best = (int)(b % (uint32_t)nLane);
    for(q=0; q<nLane && aCnt[b]; q++) if( aLoad[q]<aLoad[best] ) best = q;
    if( wk->i==0 ) s->p->nBandMoved += wk->aOwn[t][b]!=best;
    wk->aOwn[t][b] = (uint8_t)best;
    aLoad[best] += aCnt[b];
  }
}

void cm_list_rows(CmSolve *s, CmTurn *me, int lane, int step){
  uint32_t w;
  int q;
  for(q=lane; q<s->lanes.nLane; q+=step){
    CmPart *pt = &me->aPart[q];
    pt->dirty.nRow = 0;
    for(w=0; w<s->nW; w++){
      uint64_t b = pt->aRowBits[w];
      pt->aRowBits[w] = 0;
      for(; b; b&=b-1) pt->dirty.aRow[pt->dirty.nRow++] = w*64 + (uint32_t)__builtin_ctzll(b);
    }
  }
}

/* Word w of row x of turn me at ply k, from the other turn's bitsets:
** decide what is new.  (Reading only the moves into rows changed at the
** last ply for the wins, with the AND of a loss stopped early, was
** slower on every family but the lollipop: a second loop and a read of
** aDirty a move.)  Nonzero if the solve stops. */
static CM_HOT int cmVisit(CmSolve *s, CmWorker *wk, CmTurn *me, const CmTurn *ot,
                          uint32_t x, uint32_t w, uint32_t k, int bFused){
  const uint64_t *aWinMe = ot->aWin[me->t];     /* children the mover won */
  const uint64_t *aWinOt = ot->aWin[1-me->t];   /* children the other won */
  const uint32_t *aMv = me->aMove + me->aOff[x];
  uint32_t nMv = me->aOff[x+1] - me->aOff[x], n = s->n, j;
  uint64_t open = ~me->aDone[GG_CM_BIT(n, x, w)], win = 0, lose = ~0ULL;
  if( open==0 ) return 0;
  if( cmStep(s, wk, nMv) ) return 1;
  for(j=0; j<nMv; j++){
    uint64_t iWord = GG_CM_BIT(n, aMv[j], w);
    win |= aWinMe[iWord];
    lose &= aWinOt[iWord];
  }
  win &= open;
  lose &= open & ~win;
  if( win|lose ) cmDecide(s, wk, me, x, w, win, lose, k, bFused);
  return 0;
}

/* The candidate words of row x in band (8 bits: words band*8..). */
static CM_HOT uint64_t cmBandBits(const CmSolve *s, const CmWorker *wk, uint32_t x, uint32_t band){
  return (wk->cand.aCandWord[(uint64_t)x*s->nDW + (band>>3)] >> ((band&7)*8)) & 0xff;
}

/* Candidate rows the wide pass looks ahead in a band (cmAhead). */
#ifndef CM_PASS_AHEAD
# define CM_PASS_AHEAD 8
#endif

/* The lines that the visits of row x's words (bits: the first of them) in
** band will read, asked for CM_PASS_AHEAD candidate rows before: its
** aDone line, the other turn's two lines of each move's row, and the ply
** bytes of the first word (nine in ten visits on a grid decide something
** and write them).  The pass is memory-bound (a visit's lines lie in rows
** scattered over a band of megabytes): on the 100x100 grid, one thread,
** 2.38 s before, 2.03 s after (docs/speed.md). */
static CM_HOT void cmAhead(CmSolve *s, const CmTurn *me, const CmTurn *ot, uint32_t x,
                           uint32_t band, uint64_t bits){
  const uint32_t *aMv = me->aMove + me->aOff[x];
  uint32_t nMv = me->aOff[x+1] - me->aOff[x], n = s->n, j;
  uint32_t w = band*8 + (uint32_t)__builtin_ctzll(bits);
  const GGCatMouseBlock *bk = &s->p->aBlock[me->t*s->nWB + band];
  GG_PREFETCH(&me->aDone[GG_CM_BIT(n, x, band*8)]);
  GG_PREFETCH(gg_cm_plyp(bk, x, w*64));
  if( bk->aBase ) GG_PREFETCH(gg_cm_basep(bk, n, x, w&7));
  for(j=0; j<nMv; j++){
    uint64_t iWord = GG_CM_BIT(n, aMv[j], band*8);
    GG_PREFETCH(&ot->aWin[0][iWord]);
    GG_PREFETCH(&ot->aWin[1][iWord]);
  }
}

/* The pass of ply k for turn me and the lanes lane, lane+step, ... (one
** lane: step nLane; all, on one thread: 0 and 1), run by worker wk: every
** position of this turn in their bands decided at ply k, from the other
** turn's bitsets as of ply k-1.  A wide ply goes one band at a time over
** all candidate rows, so that its working set stays in the cache; a thin
** one (bRows) row by row, with no pass over the bands for each row. */
void cm_pass(CmSolve *s, CmWorker *wk, CmTurn *me, uint32_t k, int lane, int step,
             int bRows){
  CmTurn *ot = &s->aTurn[1-me->t];
  uint32_t nDW = s->nDW, i, x, d, nCand, band;
  int q, bFused = me->t==wk->tFused;
  for(q=lane; q<s->lanes.nLane; q+=step) me->aPart[q].nNew = 0;
  nCand = cmCandidates(s, wk, me, ot);
  if( !bRows ) cmDeal(s, wk, me->t, nCand);
  if( bFused ) cm_dirty_clear(s, wk, me, lane, step);
  for(band=0; band<s->nWB && !cmStopped(s); band++){
    /* The bases come before the first plies written from them. */
    if( !cmMine(wk, me->t, band, lane, step) ) continue;
    if( k>=GG_CM_PLY_BASED && s->p->aBlock[me->t*s->nWB + band].aBase==0
     && cm_bases_band(s, wk, me, band) ){
      return;
    }
    if( bRows ) continue;
    for(i=0; i<nCand; i++){
      uint64_t bits;
      if( i+CM_PASS_AHEAD<nCand ){
        uint32_t xa = wk->cand.aCandRow[i+CM_PASS_AHEAD];
        uint64_t ba = cmBandBits(s, wk, xa, band);
        if( ba ) cmAhead(s, me, ot, xa, band, ba);
      }
      x = wk->cand.aCandRow[i];
      for(bits=cmBandBits(s, wk, x, band); bits; bits&=bits-1){
        if( cmVisit(s, wk, me, ot, x, band*8 + (uint32_t)__builtin_ctzll(bits), k, bFused) ) return;
      }
    }
  }
  for(i=0; bRows && i<nCand && !cmStopped(s); i++){
    const uint64_t *cw = wk->cand.aCandWord + (uint64_t)(x = wk->cand.aCandRow[i])*nDW;
    for(d=0; d<nDW; d++){
      uint64_t bits;
      for(bits=cw[d]; bits; bits&=bits-1){
        if( cmVisit(s, wk, me, ot, x, d*64 + (uint32_t)__builtin_ctzll(bits), k, bFused) ) return;
      }
    }
  }
}

/* Bits of the 64 ply bytes at a that are c, or with bMark c or c|1
** (*pWin: those of c|1). */
static uint64_t cmMatch(const uint8_t *a, uint8_t c, int bMark, uint64_t *pWin){
  uint64_t m = 0, win = 0;
  uint8_t mask = bMark ? 0xfe : 0xff;
  int i;
#ifdef __SSE2__
  const __m128i fe = _mm_set1_epi8((char)mask), cc = _mm_set1_epi8((char)c);
  for(i=0; i<4; i++){
    __m128i v = _mm_loadu_si128((const __m128i*)(a + 16*i));
    uint64_t e = (uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_and_si128(v, fe), cc));
    uint64_t o = (uint16_t)_mm_movemask_epi8(_mm_slli_epi16(v, 7));
    m |= e<<(16*i);
    win |= o<<(16*i);
  }
#else
  for(i=0; i<64; i++){
    m |= (uint64_t)((a[i]&mask)==c)<<i;
    win |= (uint64_t)(a[i]&1)<<i;
  }
#endif
  *pWin = win & m;
  return m;
}

/* Rows of aNews the dense apply looks ahead (their ply bytes' lines and
** decided words asked for before they are read). */
#ifndef CM_DENSE_AHEAD
# define CM_DENSE_AHEAD 1
#endif

/* Which of positions got of row x, word w of turn me (decided at ply
** k >= 1) the mover wins: those with a move to a child it wins (the other
** turn's bitsets may have gained ply k's positions since: a position lost
** at ply k has every child won by the other player, none by the mover). */
static uint64_t cmWinsOf(const CmSolve *s, const CmTurn *me, uint32_t x, uint32_t w,
                         uint64_t got){
  const uint64_t *aWinMe = s->aTurn[1-me->t].aWin[me->t];
  const uint32_t *aMv = me->aMove + me->aOff[x];
  uint32_t nMv = me->aOff[x+1] - me->aOff[x], j;
  uint64_t win = 0;
  for(j=0; j<nMv; j++) win |= aWinMe[GG_CM_BIT(s->n, aMv[j], w)];
  return win & got;
}

/* The dense words of the part: found by aNews and their ply bytes (k
** before GG_CM_PLY_BASED, the marks from then on), their plies written
** over the marks.  0, or 1 if the solve stops. */
static int cmApplyDense(CmSolve *s, CmWorker *wk, CmTurn *me, CmPart *pt, uint32_t k){
  uint32_t n = s->n, nDW = s->nDW, x, d;
  int bMark = k>=GG_CM_PLY_BASED;
  uint8_t code = bMark ? GG_CM_CODE_MARK : (uint8_t)k;
  for(x=0; x<n; x++){
    uint64_t *aNews = pt->aNews + (uint64_t)x*nDW;
    if( x+CM_DENSE_AHEAD<n ){           /* a later row's lines, asked for now */
      const uint64_t *aAhead = aNews + (uint64_t)CM_DENSE_AHEAD*nDW;
      uint32_t xa = x + CM_DENSE_AHEAD;
      for(d=0; d<nDW; d++){
        uint64_t m;
        for(m=aAhead[d]; m; m&=m-1){
          uint32_t w = d*64 + (uint32_t)__builtin_ctzll(m);
          GG_PREFETCH(GG_CM_PLYP(s->p, me->t, xa, w*64));
          GG_PREFETCH(&me->aDone[GG_CM_BIT(n, xa, w)]);
        }
      }
    }
    for(d=0; d<nDW; d++){
      uint64_t m = aNews[d];
      aNews[d] = 0;
      for(; m; m&=m-1){
        uint32_t w = d*64 + (uint32_t)__builtin_ctzll(m);
        uint64_t valid = cm_valid(s, me, x, w), win, got;
        got = cmMatch(GG_CM_PLYP(s->p, me->t, x, w*64), code, bMark, &win) & valid;
        win = bMark ? win & valid : cmWinsOf(s, me, x, w, got);
        cmApplyWord(s, me, pt, x, w, win, got & ~win);
        if( bMark && cm_write_plies(s, me, pt, x, w, got, valid & ~got, k) ){
          cmSetStop(s, GG_NOMEM);
          return 1;
        }
        if( cmStep(s, wk, 1 + (uint32_t)__builtin_popcountll(got)/8) ) return 1;
      }
    }
  }
  pt->nDense = 0;
  return 0;
}

/* The apply of ply k for turn me and one lane, run by worker wk: its new
** positions into the transposed bitsets (the listed words as listed, the
** dense ones found again, their plies over their marks); the changed
** words marked for the next ply.  (It polls too: on a dense ply it takes
** as long as the pass.) */
void cm_apply(CmSolve *s, CmWorker *wk, CmTurn *me, int iPart, uint32_t k){
  CmPart *pt = &me->aPart[iPart];
  uint32_t i;
  for(i=0; i<pt->nList; i++){
    const CmNew *e = &pt->aList[i];
    cmApplyWord(s, me, pt, e->x, e->w, e->win, e->lose);
    if( cmStep(s, wk, 1) ) return;
  }
  pt->nList = 0;
  if( pt->nDense && cmApplyDense(s, wk, me, pt, k) ) return;
}
