/*
** wordply.h: what the word-parallel engines share (cat and mouse in
** catmouse_ply.c, the race in race.c).  Plain C.
**
** Both solve by plies, 64 positions a machine word, and visit at each ply
** only the rows with a move into a row that changed at the last one.  A
** GGCand is one worker's scratch for that: a mark per row, the marked rows
** in order, and for each the words of its changed successors.
*/
#ifndef GG_WORDPLY_H
#define GG_WORDPLY_H
#include "lanes.h"

typedef struct GGCand GGCand;
struct GGCand {
  uint8_t *aCand;      /* aCand[x]: row x is to be visited */
  uint32_t *aCandRow;  /* those rows, ascending */
  uint64_t *aCandWord; /* nDW words per row x: the words of candidate row x to visit */
  int bHubDone;        /* aHubPred was built (at the first gg_cand_rows) */
  uint32_t *aHubPred;  /* the rows with a move into a hub, ascending, or 0 */
  uint32_t nHubPred;   /* entries in aHubPred */
  uint64_t *aHubBits;  /* nDW words: the OR of the changed hubs' words */
};

/* Rows with this many in-arcs or more are hubs (a clique's rows): when
** many change at once, their predecessors get the OR of their words. */
#ifndef GG_CAND_HUB
# define GG_CAND_HUB 64
#endif

/* The rows of one lane that changed in the other turn's last ply. */
typedef struct GGDirty GGDirty;
struct GGDirty {
  uint32_t *aRow;        /* the rows */
  uint32_t nRow;         /* how many */
};

/* The apply of the new positions win | lose of row x, word w, whose mover
** is t: into the transposed bitsets aWin[t] (won by the mover) and
** aWin[1-t] (lost: won by the other), whose tile of rows y = 64w.. and
** word x>>6 is at iTile (a row's words 8 apart), and each row y's word of
** x marked changed in aDirty (nDW words a row).  With aRowMark (the race),
** a row not yet marked is marked and listed in *pDirty; cat and mouse
** passes NULL and lists its rows from bits of its own.  Inlined: a thin
** ply applies every word through it. */
static inline __attribute__((always_inline)) void gg_word_apply(
    uint64_t *const *aWin, int t, uint64_t iTile, uint64_t *aDirty, uint32_t nDW,
    uint32_t x, uint32_t w, uint64_t win, uint64_t lose, uint8_t *aRowMark, GGDirty *pDirty){
  uint32_t xw = x>>6, q;
  uint64_t xbit = 1ULL<<(x&63), dbit = 1ULL<<(xw&63);
  for(q=0; q<2; q++){
    uint64_t *aTile = aWin[q==0 ? t : 1-t] + iTile, b;
    for(b = q==0 ? win : lose; b; b&=b-1){
      uint32_t iy = (uint32_t)__builtin_ctzll(b), y = w*64 + iy;
      aTile[iy*8] |= xbit;
      aDirty[(uint64_t)y*nDW + (xw>>6)] |= dbit;
      if( aRowMark && !aRowMark[y] ){
        aRowMark[y] = 1;
        pDirty->aRow[pDirty->nRow++] = y;
      }
    }
  }
}

/* Make room for one more entry of sz bytes in a growing array *pa of n
** entries (*pnAlloc allocated: 16 KB of entries at first, doubled when
** full).  0, or 1 if out of
** memory (the array is then as it was). */
int gg_grow(void **pa, uint64_t n, uint64_t *pnAlloc, uint64_t sz);
/* The same with nFirst entries at first (a small table of pointers). */
int gg_grow_from(void **pa, uint64_t n, uint64_t *pnAlloc, uint64_t sz, uint64_t nFirst);

/* Transpose in place the bit matrix of n rows and n columns in the two
** engines' layout of bitsets (bands of 8 words: word j of row r is
** a[((j>>3)*n + r)*8 + (j&7)], bit c%64 of word c/64 is column c), by
** tiles of 64 x 64 bits.  Bits of columns n and up must be 0 (they stay
** so; words past the last column are not touched).  pPoll is told the
** work; GG_OK, or GG_INTERRUPT if it said stop (the matrix is then
** half done). */
int gg_bits_transpose(uint64_t *a, uint32_t n, GGPoll *pPoll);

/* One allocation for n rows of nDW words.  GG_OK or GG_NOMEM. */
int gg_cand_init(GGCand *p, uint32_t n, uint32_t nDW);
void gg_cand_free(GGCand *p);

/* The candidate rows of a ply: every x with a move into a row y that
** changed (the nLane lists from aDirty, one each szLane bytes: the
** engines' parts, each holding its GGDirty; each changed row's predecessors
** aPred[aPredOff[y]..] are marked), with, for each, the OR of its changed
** successors' changed-word bits (aDirtyBits, nDW words a row) in
** p->aCandWord[x*nDW..] (indexed by the row, not by its rank).  The work
** is the in-arcs of the changed rows (pushed), plus a sort of the rows
** when they are few or a scan of the n marks when not, so a thin ply
** costs what it changed; when the changed hubs have more in-arcs than
** twice the rows with a move into some hub, those rows get the OR of the
** hubs' changed words instead (a superset, which the engines allow: a
** word whose inputs did not change decides nothing).  The work of each
** changed row goes to the thread's pPoll (gg_lanes_step), and a stop
** ends the scan (then 0 is returned).  Returns the number of candidate
** rows, ascending in p->aCandRow. */
uint32_t gg_cand_rows(GGCand *p, uint32_t n, uint32_t nDW, const GGDirty *aDirty,
                      size_t szLane, int nLane, const uint32_t *aPredOff,
                      const uint32_t *aPred, const uint64_t *aDirtyBits, GGLanes *pLanes,
                      GGPoll *pPoll);

#endif
