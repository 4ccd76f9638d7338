/*
** retro.h: the state word of retrograde analysis of finite two-player
** games with draws, which every engine's results use.
**
** A game is a set of positions 0..nPos-1; each has a player to move (0 or
** 1) and a set of moves to other positions.  Each position has one 32-bit
** state word:
**
**     GG_STATE(GG_V_WIN0, 0)    finished: player 0 has won
**     GG_STATE(GG_V_WIN1, 0)    finished: player 1 has won
**     GG_STATE(GG_V_DRAW, 0)    finished as a draw, or not a position
**     GG_STATE(GG_V_OPEN, k)    the game goes on; k moves lead on (k>0)
**
** (A position with no moves that is not finished is a loss for the player
** to move; the caller marks it finished, won by the other player.)
**
** A solve works backwards from the won positions with a FIFO queue,
** counting each open position's moves that are not yet known to lose, so
** the time is linear in the number of (position, move) pairs (the generic
** solver over callbacks, the reference of the tests, is
** tests/engine/ref/retro.c; game_solve_run.c is the same loop on arrays).
** Afterwards every state word holds the value under optimal play and, for
** wins, the number of plies to the end when the winner hurries and the
** loser delays: a position is decided by its first winning child (the
** nearest) or by its last losing child (the farthest).  Open positions
** left over are draws.  No step bound anywhere.
*/
#ifndef GG_RETRO_H
#define GG_RETRO_H
#include "common.h"

#define GG_V_OPEN 0u          /* not decided yet */
#define GG_V_WIN0 1u          /* player 0 wins */
#define GG_V_WIN1 2u          /* player 1 wins */
#define GG_V_DRAW 3u          /* nobody can force a win */
#define GG_COUNT_MAX 0x3fffffffu
#define GG_STATE(v,k) (((uint32_t)(v)<<30) | (uint32_t)(k))
#define GG_VALUE(w)   ((uint32_t)(w)>>30)
#define GG_COUNT(w)   ((uint32_t)(w) & GG_COUNT_MAX)   /* moves or plies */

/* Nonzero if a move from a position with state word w to one with state
** word c is optimal: the nearest win, the farthest loss, or a drawing move. */
static inline int gg_retro_is_best(uint32_t w, uint32_t c){
  uint32_t v = GG_VALUE(w);
  return v==GG_V_DRAW ? GG_VALUE(c)==GG_V_DRAW
                      : (GG_VALUE(c)==v && GG_COUNT(c)+1==GG_COUNT(w));
}

#endif
