/*
** catmouse_bounded.h: the capped memoised search for cat and mouse, kept for
** comparison.  Plain C, no SQLite.  It is WRONG on purpose.
**
** This is the search of the widely copied LeetCode 913 solution: a
** depth-first search over (ply k, mouse, cat), memoised, that calls any
** position reached at ply k >= cap a draw (the usual cap is 2n for n
** nodes).  The first mover moves at even plies, the other at odd ones; the rules
** are otherwise those of catmouse.h (the cat may not enter the hole, a
** player with no move loses).  A start at ply 0 is valued
**
**     cap reached (k >= cap)      draw, checked first
**     mouse on the hole           the mouse wins
**     cat on the mouse            the cat wins
**     otherwise                   the mover wins if some move wins for it,
**                                 else a draw if some move draws, else
**                                 the other player wins
**
** Its answer is the exact one exactly when the exact game is a draw or a
** win in fewer than cap plies (under optimal play, catmouse.h); a win
** that takes cap plies or more comes out as a draw.  So it is wrong on
** every graph whose forced win from the start takes 2n plies or more.
** (A forced win never repeats a position, so cap = 2n^2 would be exact.)
**
** The memo holds 2 bits for each of cap*n*n positions; the search runs
** on an explicit stack of at most cap+1 frames, so no cap can overflow
** the C stack.
*/
#ifndef GG_CAPPED_H
#define GG_CAPPED_H
#include "graph.h"
#include "retro.h"

/* Positions memoised for a cap on a graph of n nodes: cap*n*n (saturates
** at UINT64_MAX). */
uint64_t gg_capped_positions(uint64_t n, uint64_t cap);

/* What a search costs, in positions of the memo: the memo plus its stack
** of up to cap+1 frames of 8 bytes, counted twice (the copy made while it
** grows), at 4 positions a byte: 64 positions a ply.  Saturates. */
#define GG_CAPPED_STACK_COST 64
uint64_t gg_capped_cost(uint64_t n, uint64_t cap);

/* Value the position (mouse, cat, `turn` to move: 0 the mouse, 1 the
** cat) at ply 0, the holes being the u with aHole[u] nonzero.  Moves
** follow out-arcs, so directed graphs work as they are.  *pValue gets GG_V_WIN0 (mouse), GG_V_WIN1 (cat) or
** GG_V_DRAW.  GG_OK, GG_NOMEM, GG_TOOBIG (memo larger than memory can
** address) or GG_INTERRUPT. */
int gg_capped_solve(const GGGraph *pG, const uint8_t *aHole, uint32_t mouse,
                    uint32_t cat, int turn, uint64_t cap, const GGStop *pStop,
                    uint32_t *pValue);

#endif
