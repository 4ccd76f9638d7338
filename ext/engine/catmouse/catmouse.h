/*
** catmouse.h: the cat-and-mouse game (LeetCode 913, generalised) on a
** GGGraph.
**
** Positions are (mouse node, cat node, turn) over the graph's dense ids.
** The caller names the holes: aHole has pG->n bytes, nonzero for a hole
** (any number of them, none included; the engine copies it).  Player 0 is
** the mouse, player 1 the cat.  Each move follows one out-arc (on an
** undirected graph every edge is two arcs; a self-loop is a move that
** stays); the cat may not enter a hole.  The mouse on a hole wins for the
** mouse, the cat on the mouse's node wins for the cat, a player with no
** move loses at once.  Positions with the cat on a hole cannot arise; they
** are reported as draws and not listed.
**
** gg_cm_solve() is the fast engine (catmouse.c: set-up and results;
** catmouse_ply.c: the plies; word-parallel bitsets, one layer of plies at
** a time, both cores).  The plain formulation on the generic retrograde
** solver, gg_cm_ref_solve(), is the reference it is checked against; it
** lives in the tests only (tests/engine/ref/).  Both give, for every
** position, the value under optimal play and the plies to the end when the
** winner hurries and the loser delays.
**
** Memory per position (P = 2n^2 positions):
**   kept with the result   1 byte of plies + 2 bits of result  = 1.25 B
**   during the solve only  1 bit "decided" in the mover's layout = 0.125 B
**   so the peak is about 1.375 bytes per position, plus O(n) arrays and
**   the columns padded to a multiple of 512.  Games with plies of 126 or
**   more (long forced wins: grids, paths, cycles) add 4 bytes per word of
**   64 positions for the bases of their ply bytes (0.0625 B a position),
**   2 bytes per position of the few words whose plies do not fit two
**   bases, and 12 bytes per position of 65,535 plies or more in such a
**   word (see GGCatMouseBlock).  No single allocation grows with P beyond
**   a bitset (one a block: P/16 bytes, 800 MB at n = 80,000; at most
**   2 GB, SQLite's largest block: gg_cm_max_nodes()): the plies are allocated one band of 512 columns at a
**   time.  p->nByteNeed (or gg_cm_bytes() before the call) says how much
**   a solve needs.
** Measured (random graph, average degree 8; peak resident memory through
** SQL, bench/bench_catmouse.py): n=5000 1.45 B/position, n=10000 1.43,
** n=40000 (3.2e9 positions) 4485 MB = 1.40 B/position in 32 s on the
** shared 2-core machine (BENCH_HUGE=1); n=80000 (1.28e10 positions, past
** 2^32) 17,810 MB = 1.39 B/position in 138 s.  Before: 3.2 B/position.  Long
** forced wins: grid 70x70 1.49 B/position, grid 100x100 1.49, path of
** 3000 nodes 1.48 (before the bases and wide words: 10.7 and 41 on the
** first and the last).
*/
#ifndef GG_CATMOUSE_H
#define GG_CATMOUSE_H
#include "board.h"

#define GG_CM_MOUSE 0           /* turn: the mouse moves */
#define GG_CM_CAT   1           /* turn: the cat moves */

/* A position of 65,535 plies or more (GG_CM_PLY_BIG) in a wide word. */
typedef struct GGCatMouseBig GGCatMouseBig;
struct GGCatMouseBig {
  uint32_t x, y;       /* mover's node, other player's node (engine numbers) */
  uint32_t nPly;       /* its plies, >= GG_CM_PLY_BIG */
};

/* The plies of one turn and one band of 512 columns (other player's nodes
** y, engine numbers), for every mover's node x.  Word (x, j) is the 64
** positions (x, y) with y>>6 = band*8 + j.
**
**   aPly[x*nCol + (y&511)]  the ply byte of (x, y) (or, for x under
**       nTileRow, in a tile of 8x8: gg_cm_plyp).  While aBase is 0 (no
**       ply of the solve has reached GG_CM_PLY_BASED) it is the plies.
**       Otherwise, with e = *gg_cm_base_at(block, n, x, y) (the bases
**       of a word, aBase[j*n + x]; or, for x under nTileRow, of a tile):
**       if e has GG_CM_WIDE, the plies are gg_cm_wide(block, e &
**       ~GG_CM_WIDE)[gg_cm_wide_slot(block, x, y)] (GG_CM_WIDE_BIG
**       there: see the side table); else a byte c < 128 is base 1 + c
**       and a byte c in 128..251 base 2 + c - 128, where base 1 is
**       e & 0x3ffff and base 2 base 1 + ((e >> 18) & 0x1fff) (a base 2
**       needs a base 1 and lies at most 8190 plies after it).
**
** A position's plies are its ply of decision, so a word's first base is
** the ply of its first decided position (0 for every word decided before
** GG_CM_PLY_BASED), its second base that of its first position too late
** for the first; a word with a position too late for both becomes wide
** (its plies copied into 64 uint16_t).  So most words of a long game cost
** 1 byte a position and 4 bytes of bases, and plies are exact at any
** length. */
typedef struct GGCatMouseBlock GGCatMouseBlock;
struct GGCatMouseBlock {
  uint8_t *aPly;       /* n*nCol ply bytes */
  uint32_t nCol;       /* columns of a row: 512, or in the last band its
                       ** words' (64 a word) */
  uint32_t nTileRow;   /* rows x below it keep their bytes in tiles of 8x8
                       ** (the chains: catmouse_chain_ply.c), or 0 */
  uint32_t *aBase;     /* n*nCol/64 bases, or 0: of words, word (x, j) at
                       ** j*n + x (the pull's); or, with nTileRow, of tiles
                       ** of 8x8 (the chains': a loser's move writes one
                       ** position of each of 64 rows x, 8 tiles, 8 bases):
                       ** gg_cm_base_at */
  uint16_t **apWide;   /* wide words of 64 plies, in chunks of
                       ** 1<<wideShift words (no copy as they grow) */
  uint64_t nWide;      /* wide words */
  uint64_t nChunkAlloc; /* entries of apWide */
  uint32_t wideShift;  /* log2 of the words of a chunk */
};

/* The 64 plies of wide word i of block bk. */
static inline uint16_t *gg_cm_wide(const GGCatMouseBlock *bk, uint64_t i){
  return bk->apWide[i>>bk->wideShift] + (i & ((1ULL<<bk->wideShift) - 1))*64;
}

/* A solved game.  A position of turn t with the mover on node x and the
** other player on node y (engine numbers, aPerm[dense id]) is decided iff
** bit x of row y of aRes[2t] (won by the mouse) or aRes[2t+1] (won by the
** cat) is set; undecided positions are draws.  Its plies are in block
** aBlock[t*nBand + (y>>9)] (GGCatMouseBlock), or in aBig[t] (sorted by
** (x, y)) when its wide entry says GG_CM_WIDE_BIG.  Rows of the bitsets
** are stored in bands of 512 columns (GG_CM_BIT).  Use gg_cm_get(). */
typedef struct GGCatMouse GGCatMouse;
struct GGCatMouse {
  const GGGraph *pG;   /* the board; not owned */
  uint32_t n;          /* pG->n */
  uint8_t *aHole;      /* aHole[dense id]: nonzero for a hole (a copy) */
  uint32_t *aPerm;     /* aPerm[dense id]: the engine's number of the node */
  uint32_t nWord;      /* 64-bit words per bitset row: ceil(n/64) */
  uint32_t nBand;      /* bands of 8 words (512 columns): ceil(nWord/8) */
  uint32_t nPly;       /* plies of the longest forced win */
  uint32_t nPlyThin;   /* plies run by one thread with no barrier (thin) */
  uint32_t nPlyDense;  /* plies whose new words did not all fit the sparse
                       ** lists (found again by a sweep of their marks) */
  uint32_t nSwitch;    /* changes between thin plies and plies on lanes */
  uint32_t nPlyCatFused; /* plies in which the cat's turn was the fused one
                       ** (catmouse_int.h, CM_FUSED), the others the mouse's */
  uint32_t nBandMoved; /* bands dealt to another lane than at the ply
                       ** before (catmouse_int.h, CM_OWNER) */
  uint32_t nPlyChain;  /* the ply from which the chains ran (catmouse_chain.c),
                       ** or 0: the pull ran every ply */
  uint32_t bBalls;     /* the nodes were numbered in balls, not by reverse
                       ** Cuthill-McKee (catmouse_order.c) */
  uint32_t bLabels;    /* the nodes kept their labels' order (the chains'
                       ** stencils: catmouse_order.c) */
  uint32_t nPlyWide;   /* the chains' plies on two threads (catmouse_chain.c) */
  uint64_t *aRes[4];   /* 4 bitsets of GG_CM_BIT_SIZE words (a block each):
                       ** [2*turn + winner] */
  GGCatMouseBlock *aBlock; /* 2*nBand blocks of plies: [turn*nBand + band] */
  GGCatMouseBig *aBig[2];  /* per turn: wide positions of GG_CM_PLY_BIG plies or more */
  uint64_t nBig[2];    /* entries in aBig[t] */
  uint64_t nByteNeed;  /* bytes the solve needs at its peak (estimate; the
                       ** bases, wide words and big plies of long games not
                       ** counted); set by gg_cm_solve*() even
                       ** when it fails, e.g. for the GG_NOMEM message */
  uint64_t *aSmall;    /* the small-graph path's block (n <= 64), or 0 */
  uint64_t *aDone[2];  /* during the solve only: each turn's decided
                       ** positions, row x, bit y (a bitset a block; freed
                       ** at its end, after a failure by gg_cm_free(),
                       ** which may run on a thread of its own) */
};

/* Word j of row r of a bitset of n rows, and its size in words. */
#define GG_CM_BIT(n, r, j) ((((uint64_t)((j)>>3)*(n) + (r))<<3) + ((j)&7))
#define GG_CM_BIT_SIZE(n, nBand) ((uint64_t)(nBand)*(n)*8)
/* The ply byte of turn t, mover x, other y. */
#define GG_CM_PLYP(p, t, x, y) gg_cm_plyp(&(p)->aBlock[(t)*(p)->nBand + ((y)>>9)], x, y)
static inline uint8_t *gg_cm_plyp(const GGCatMouseBlock *bk, uint32_t x, uint32_t y){
  uint32_t c = y & 511;
  if( x>=bk->nTileRow ) return bk->aPly + (uint64_t)x*bk->nCol + c;
  return bk->aPly + (uint64_t)(x & ~7u)*bk->nCol + (c>>3)*64 + (x&7)*8 + (c&7);
}
/* The bases of word (x, j) of a block of a board of n nodes, in the
** pull's layout (nTileRow 0). */
static inline uint32_t *gg_cm_basep(const GGCatMouseBlock *bk, uint32_t n, uint32_t x, uint32_t j){
  return bk->aBase + (uint64_t)j*n + x;
}
/* The bases of position (x, y) in either layout: a word's (x, (y&511)>>6)
** in the pull's; in tiles, a tile's (rows x&~7.., columns (y&511)&~7..),
** column-major (the 8 tiles of a column write are 32 bytes), then the
** words of the rows from nTileRow on. */
static inline uint32_t *gg_cm_base_at(const GGCatMouseBlock *bk, uint32_t n, uint32_t x, uint32_t y){
  uint32_t c = y & 511, nT = bk->nTileRow;
  if( nT==0 ) return gg_cm_basep(bk, n, x, c>>6);
  if( x<nT ) return bk->aBase + (uint64_t)(c>>3)*(nT>>3) + (x>>3);
  return bk->aBase + (uint64_t)(nT>>3)*(bk->nCol>>3) + (uint64_t)(x - nT)*(bk->nCol>>6) + (c>>6);
}
/* The slot of position (x, y) in the wide word of its bases (the 64
** positions that share them: a word of a row, or a tile). */
static inline uint32_t gg_cm_wide_slot(const GGCatMouseBlock *bk, uint32_t x, uint32_t y){
  return x<bk->nTileRow ? (x & 7)*8 + (y & 7) : (y & 63);
}

/* The tiers of plies (GGCatMouseBlock).  Smaller values than these
** defaults test each tier on small games (tests/py/test_catmouse_engine.py):
** plies from GG_CM_PLY_BASED on (at most 126 and GG_CM_WIN1) are coded
** from a base; a byte holds a base-1 offset under GG_CM_WIN1 (at most 128) or a
** base-2 offset under GG_CM_WIN2 (at most 124); base 1 is at most
** GG_CM_BASE1_MAX (262142: every ply of a board of at most 131,071
** nodes), base 2 at most GG_CM_BASE2_MAX and 8190 after base 1; plies
** of a wide word from GG_CM_PLY_BIG on (at most 65535) are in the side
** table.  (Base 1 was 15 bits and base 2 16: from ply 65,535 on every
** word was wide and every position in the side table, 12 bytes, so a path
** of 45,000 nodes took 6 bytes a position.) */
#ifndef GG_CM_PLY_BASED
# define GG_CM_PLY_BASED 126
#endif
#ifndef GG_CM_WIN1
# define GG_CM_WIN1 128
#endif
#ifndef GG_CM_WIN2
# define GG_CM_WIN2 124
#endif
#ifndef GG_CM_BASE1_MAX
# define GG_CM_BASE1_MAX 0x3fffe
#endif
#ifndef GG_CM_BASE2_MAX
# define GG_CM_BASE2_MAX 0x7fffffff
#endif
#ifndef GG_CM_PLY_BIG
# define GG_CM_PLY_BIG 65535
#endif
#define GG_CM_WIDE      0x80000000u  /* aBase entry: a wide word, its slot */
#define GG_CM_WIDE_BIG  0xffff       /* wide entry: see the side table */
#define GG_CM_CODE_MARK 0xfc   /* ply byte during a ply: decided in it, lost
                               ** (0xfd: won); no plies */
#define GG_CM_CODE_WIDE 0xff   /* ply byte of a wide word (not read) */

/* Positions needed for a graph of n nodes. */
#define GG_CM_NPOS GG_BOARD_NPOS

/* Bytes gg_cm_solve() needs at its peak for n nodes and nArc arcs (the
** tiers of long games not counted). */
uint64_t gg_cm_bytes(uint32_t n, uint64_t nArc);

/* The most nodes gg_cm_solve() takes (131,071): the largest n whose
** largest block (one bitset, n * ceil(n/512) * 64 bytes) fits in one
** allocation of SQLite (GG_ALLOC_MAX).  Positions are counted in 64 bits
** (2n^2: 3.4e10 there); indexes of words in a bitset and of bytes in a
** band stay under 2^32 (1.7e8 words there). */
uint32_t gg_cm_max_nodes(void);

/* Solve every position.  pG must outlive p; aHole (pG->n bytes) need not.
** GG_OK, GG_NOMEM (p->nByteNeed says how much was needed), GG_TOOBIG (no
** nodes, or more than gg_cm_max_nodes()) or GG_INTERRUPT.  Free with gg_cm_free() in every case.  nThread is the
** number of threads, 1 or 2, 0 for the default (2; fewer on graphs of at
** most 512 nodes), or -2 for the work split of 2 run by this thread alone
** (what happens when a thread cannot be started; for tests).  With
** nThread 0, graphs of at most 64 nodes take a path of their own
** (catmouse_small.c: one word per row, no threads, no renumbering, one
** allocation); 1, 2 and -2 always run the general engine.  pStop is
** polled from the calling thread only. */
int gg_cm_solve(GGCatMouse *p, const GGGraph *pG, const uint8_t *aHole,
                const GGStop *pStop);
int gg_cm_solve_threads(GGCatMouse *p, const GGGraph *pG, const uint8_t *aHole,
                        int nThread, const GGStop *pStop);
void gg_cm_free(GGCatMouse *p);

/* The same with the kernel chosen (catmouse_chain.c): iChain
** GG_CM_CHAIN_AUTO (what gg_cm_solve_threads() passes: GG_CM_CHAIN,
** which tests may set at build time) lets the engine choose; 0 runs the
** pull on every ply; k >= 1 switches from the pull to the chains before
** ply k, when the graph suits them (undirected, one hole; else the pull
** runs every ply).  Results are the same, position by position. */
#define GG_CM_CHAIN_AUTO (-1)
#ifndef GG_CM_CHAIN
# define GG_CM_CHAIN GG_CM_CHAIN_AUTO
#endif
int gg_cm_solve_opts(GGCatMouse *p, const GGGraph *pG, const uint8_t *aHole,
                     int nThread, int iChain, const GGStop *pStop);

/* The same small-graph solve (pG->n <= 64, pG->bDirected or not) into
** the caller's block of gg_cm_small_bytes(n) bytes (8-aligned), with no
** allocation and no stop (at most 8192 positions: it is quick); it cannot
** fail.  p lives in the block: never give it to gg_cm_free(). */
uint64_t gg_cm_small_bytes(uint32_t n);
void gg_cm_solve_small_in(GGCatMouse *p, const GGGraph *pG, const uint8_t *aHole,
                          uint64_t *aBlock);

/* Nonzero if dense id u is a hole. */
static inline int gg_cm_is_hole(const GGCatMouse *p, uint32_t u){
  return p->aHole[u]!=0;
}

/* Value (GG_V_*), plies (-1 for a draw) and best move (dense node id of
** the mover's destination, -1 if none) of one position: the first of the
** mover's out-neighbours, in ascending id order, that is optimal.  pMove
** may be NULL: no move is looked for (the cheaper read). */
void gg_cm_get(const GGCatMouse *p, uint32_t mouse, uint32_t cat, int turn,
               uint32_t *pValue, int64_t *pPlies, int64_t *pMove);

/* The value (GG_V_*) of one start on a graph of n <= 64 nodes given as
** rows of bits: bit v of aOut[u] is a move u -> v (a self-loop: staying),
** bit u of hole a hole.  The cat's start must not be a hole.  Allocates
** nothing (about 4 KB of stack) and cannot fail (catmouse_small.c). */
uint32_t gg_cm_small_outcome(uint32_t n, const uint64_t *aOut, uint64_t hole,
                             uint32_t mouse, uint32_t cat, int turn);

#endif
