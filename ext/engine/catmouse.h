/*
** catmouse.h: the cat-and-mouse game (LeetCode 913, exact) on a GGGraph.
**
** Positions are (mouse node, cat node, turn) over the graph's dense ids.
** Node with label 0 is the hole, label 1 the mouse's start, label 2 the
** cat's; the graph must contain all three.  Player 0 is the mouse, player
** 1 the cat.  The mouse moves first.  Each move follows one edge (a
** self-loop is a move that stays); the cat may not enter the hole.  The
** mouse on the hole wins for the mouse, the cat on the mouse's node wins
** for the cat, a player with no move loses at once.  Positions with the
** cat on the hole cannot arise; they are reported as draws and not listed.
**
** gg_cm_solve() is the fast engine of catmouse.c (word-parallel bitsets,
** one layer of plies at a time, both cores); gg_cm_ref_solve() is the
** plain formulation on the generic engine retro.c (catmouse_ref.c), kept
** as the reference the fast one is checked against.  Both give, for every
** position, the value under optimal play and the plies to the end when
** the winner hurries and the loser delays.
*/
#ifndef GG_CATMOUSE_H
#define GG_CATMOUSE_H
#include "graph.h"
#include "retro.h"

#define GG_CM_MOUSE 0           /* turn: the mouse moves */
#define GG_CM_CAT   1           /* turn: the cat moves */

/* A solved game.  A position of turn t with the mover on node x and the
** other player on node y is bit y of row x in turn t's bitsets: aDone
** once decided, aWin if then the mover wins; its plies are entry (x, y)
** of turn t's aPly, or in aBig when they do not fit 16 bits.  Undecided
** positions are draws; their aPly entries are not written.  Rows are
** stored in bands of 512 columns (GG_CM_BIT, GG_CM_PLY), so that work on
** one band of all rows stays in a small part of memory.  Nodes x and y are
** the engine's own numbering, aPerm[dense id], in which neighbours get
** nearby numbers.  Use gg_cm_get(). */
typedef struct GGCatMouseBig GGCatMouseBig;
struct GGCatMouseBig {
  uint64_t iPos;       /* index into aPly */
  uint32_t nPly;       /* its plies, >= GG_CM_PLY_BIG */
};
typedef struct GGCatMouse GGCatMouse;
struct GGCatMouse {
  const GGGraph *pG;   /* the board; not owned */
  uint32_t n;          /* pG->n */
  uint32_t hole;       /* dense id of label 0 */
  uint32_t *aPerm;     /* aPerm[dense id]: the engine's number of the node */
  uint32_t nWord;      /* 64-bit words per bitset row: ceil(n/64) */
  uint32_t nBand;      /* bands of 8 words (512 columns): ceil(nWord/8) */
  uint32_t nPly;       /* plies of the longest forced win */
  uint16_t *aPly;      /* 2 turns of GG_CM_PLY_SIZE; GG_CM_PLY_BIG: see aBig */
  uint64_t *aDone;     /* 2 turns of GG_CM_BIT_SIZE words: decided */
  uint64_t *aWin;      /* 2 turns of GG_CM_BIT_SIZE words: won by the mover */
  GGCatMouseBig *aBig; /* positions of GG_CM_PLY_BIG plies or more, by iPos */
  uint64_t nBig;       /* entries in aBig */
};

/* Word j of row r of a bitset of n rows, and its size in words; entry
** (x, y) of plies, and their size. */
#define GG_CM_BIT(n, r, j) ((((uint64_t)((j)>>3)*(n) + (r))<<3) + ((j)&7))
#define GG_CM_BIT_SIZE(n, nBand) ((uint64_t)(nBand)*(n)*8)
#define GG_CM_PLY(n, x, y) ((((uint64_t)((y)>>9)*(n) + (x))<<9) + ((y)&511))
#define GG_CM_PLY_SIZE(n, nBand) ((uint64_t)(nBand)*(n)*512)

/* Plies from this on are kept in aBig (a smaller value tests that path). */
#ifndef GG_CM_PLY_BIG
# define GG_CM_PLY_BIG 0xffff
#endif

/* Positions needed for a graph of n nodes. */
#define GG_CM_NPOS(n) (2*(uint64_t)(n)*(uint64_t)(n))

/* Solve every position.  pG must outlive p.  GG_OK, GG_NOMEM, GG_TOOBIG
** or GG_INTERRUPT.  On success free with gg_cm_free().  nThread is the
** number of threads, 1 or 2, 0 for the default (2; fewer on graphs of at
** most 512 nodes), or -2 for the work split of 2 run by this thread alone
** (what happens when a thread cannot be started; for tests).  pStop is
** polled from the calling thread only. */
int gg_cm_solve(GGCatMouse *p, const GGGraph *pG, const uint8_t *aHole,
                const GGStop *pStop);
int gg_cm_solve_threads(GGCatMouse *p, const GGGraph *pG, const uint8_t *aHole,
                        int nThread, const GGStop *pStop);
/* Nonzero if dense id u is a hole. */
static inline int gg_cm_is_hole(const GGCatMouse *p, uint32_t u){
  return u==p->hole;
}
void gg_cm_free(GGCatMouse *p);

/* Value (GG_V_*), plies (-1 for a draw) and best move (dense node id of
** the mover's destination, -1 if none) of one position: the first of the
** mover's neighbours, in ascending id order, that is optimal. */
void gg_cm_get(const GGCatMouse *p, uint32_t mouse, uint32_t cat, int turn,
               uint32_t *pValue, int64_t *pPlies, int64_t *pMove);

/* The reference: position index of gg_cm_ref_solve()'s state words. */
static inline uint32_t gg_cm_pos(uint32_t n, uint32_t mouse, uint32_t cat, int turn){
  return ((uint32_t)turn*n + mouse)*n + cat;
}

/* The reference solve (catmouse_ref.c): *paState gets GG_CM_NPOS(n)
** state words (gg_free them), draws and non-positions as GG_V_DRAW. */
int gg_cm_ref_solve(const GGGraph *pG, const uint8_t *aHole, uint32_t **paState,
                    const GGStop *pStop);

#endif
