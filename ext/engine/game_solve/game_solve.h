/*
** game_solve.h: a two-player game given explicitly, as positions and moves.
**
** Positions are dense ids 0..nPos-1.  Each has a player to move (0 or 1)
** and a result: GG_EX_GOING while the game goes on, or GG_EX_WIN,
** GG_EX_LOSS, GG_EX_DRAW at a finished position, from the point of view
** of the player to move.  A move goes from one position to another (or to
** itself); the next position may have the same player to move (an extra
** turn).  Rules:
**
**   - moves out of finished positions are ignored;
**   - a player with no move at a position that goes on loses at once
**     (that position counts as finished, 0 plies);
**   - repeated moves count once;
**   - where neither side can force a win it is a draw;
**   - the winner hurries and the loser delays (retro.h).
**
** Usage (plain C, no SQLite):
**
**   GGMoveList m;  GGExplicit g;
**   memset(&m, 0, sizeof(m));
**   gg_movelist_add(&m, 0, 1); ...                 one call per move
**   aKind = gg_malloc(nPos); aKind[i] = GG_EX_KIND(player, result);
**   gg_explicit_build(&g, nPos, aKind, &m);       takes aKind, empties m
**   gg_explicit_solve(&g, pStop);
**   gg_explicit_value(&g, pos, &outcome, &plies);
**   gg_explicit_moves(&g, pos, 1, &move);
**   gg_explicit_free(&g);
**
** Memory: the moves are kept as CSR arrays of 32-bit ids, once by
** successor and once by predecessor (8 bytes per move), plus 9 bytes per
** position (offsets of both arrays, the kind byte), the solver's two
** words per position (the state word and the optimal move) and its queue
** (12 bytes per position).  While building, the move list (8 bytes per
** move, or 4 if they came grouped by ascending source with nSource set;
** in blocks freed as they are used) and one successor array (4 bytes per
** move) exist together: 12 bytes per move (or 8).  The transpose by
** buckets adds at most 2.75 bytes per move to the 8 of the two lists, or
** is not used; so the peak is 12 bytes per move, or 10.75 when the moves
** came by source.
**
** The solve (game_solve_run.c) is the retrograde analysis of the tests'
** generic solver (tests/engine/ref/retro.c) written out for these arrays: no callbacks, and the lists and state
** words that the queue will reach soon are prefetched.
*/
#ifndef GG_EXPLICIT_H
#define GG_EXPLICIT_H
#include <stdint.h>
#include "graph.h"
#include "retro.h"

#define GG_EX_GOING 0     /* result: the game goes on */
#define GG_EX_WIN   1     /* finished: the player to move has won */
#define GG_EX_LOSS  2     /* finished: the player to move has lost */
#define GG_EX_DRAW  3     /* finished as a draw */

/* One byte per position: the player to move and the result. */
#define GG_EX_KIND(player, result) ((uint8_t)((player) | ((result)<<1)))
#define GG_EX_PLAYER(k) ((k) & 1)
#define GG_EX_RESULT(k) (((k)>>1) & 3)

/* An entry of a predecessor list: the position, with its player to move
** in the top bit (ids are below 2^30), so the solve need not look it up. */
#define GG_EX_PRED_ID(x)     ((x) & 0x7fffffffu)
#define GG_EX_PRED_PLAYER(x) ((x) >> 31)

/* Successor lists up to this long lose their repeats by sorting (so they
** are ascending); longer ones by a mark per position (linear, whatever the
** length; their order stays as given). */
#define GG_EX_SORT_MAX 32

/* Most positions and moves of one game. */
#define GG_EX_MAX_POS  GG_COUNT_MAX      /* plies and move counts fit */
#define GG_EX_MAX_MOVE 0xffffffffu       /* offsets are 32-bit */

#define GG_MOVE_BLOCK 65536               /* moves per block of a GGMoveList */

/* Moves being collected, by dense id, in blocks of 2*GG_MOVE_BLOCK ids.
** A user who knows the number of positions may set nSource to it before
** the first move: while the moves come grouped by source in ascending
** order (the usual order of a moves table), only their targets are kept
** (4 bytes a move, not 8), and the counts by source in aCount, which
** become the game's successor offsets.  The first move out of that order
** turns the list into pairs; the game built is the same either way. */
typedef struct GGMoveList GGMoveList;
struct GGMoveList {
  uint32_t **apBlock;     /* block i: from, to, from, to, ... (pairs) or
                          ** to, to, ... (by source) */
  uint64_t nBlockAlloc;   /* entries allocated in apBlock */
  uint64_t nMove;         /* moves held */
  uint32_t nSource;       /* set by the user: sources are below it, or 0 */
  int bBySource;          /* blocks hold targets only, sources ascending */
  uint32_t iLast;         /* by source: the source of the last move */
  uint32_t *aCount;       /* by source: aCount[s+1] = moves from s (nSource+1) */
};

/* Append one move.  GG_OK, GG_NOMEM, or GG_TOOBIG past GG_EX_MAX_MOVE. */
int gg_movelist_add(GGMoveList *p, uint32_t from, uint32_t to);
void gg_movelist_free(GGMoveList *p);

typedef struct GGExplicit GGExplicit;
struct GGExplicit {
  uint32_t nPos;          /* positions 0..nPos-1 */
  uint64_t nMove;         /* distinct moves out of positions that go on */
  uint8_t *aKind;         /* GG_EX_KIND() of each position; owned */
  uint32_t *aSuccOff;     /* successors of i: aSucc[aSuccOff[i]..aSuccOff[i+1]-1] */
  uint32_t *aSucc;        /* ... no repeats; ascending if short (GG_EX_SORT_MAX) */
  uint32_t *aPredOff;     /* predecessors of i: aPred[aPredOff[i]..aPredOff[i+1]-1] */
  uint32_t *aPred;        /* ... ascending, no repeats; GG_EX_PRED_* */
  uint32_t *aState;       /* or NULL; 2 words per position: its state word
                          ** (retro.h), then, once solved, the optimal move
                          ** of a won position that goes on */
};

/* Build the game from nPos positions (aKind, gg_malloc'ed: the game takes
** it in every case) and the moves in *pMoves (emptied in every case).
** Every id in the moves must be below nPos.  GG_OK, GG_NOMEM or
** GG_TOOBIG (more than GG_EX_MAX_POS positions). */
int gg_explicit_build(GGExplicit *p, uint32_t nPos, uint8_t *aKind,
                      GGMoveList *pMoves);

/* Solve every position.  GG_OK, GG_NOMEM or GG_INTERRUPT. */
int gg_explicit_solve(GGExplicit *p, const GGStop *pStop);

/* After solving: outcome for the player to move (GG_EX_WIN, GG_EX_LOSS or
** GG_EX_DRAW) and plies (-1 for a draw). */
void gg_explicit_value(const GGExplicit *p, uint32_t pos, int *pOutcome,
                       int64_t *pPlies);

/* The optimal next positions of positions from..from+n-1 into
** aMove[0..n-1] (-1 at a finished position): the nearest win, the
** farthest loss, or a move that keeps the draw; the lowest such id. */
void gg_explicit_moves(const GGExplicit *p, uint32_t from, uint32_t n,
                       int64_t *aMove);

void gg_explicit_free(GGExplicit *p);

#endif
