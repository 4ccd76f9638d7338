/*
** retro.h: retrograde analysis of finite two-player games with draws.
**
** A game is a set of positions 0..nPos-1; each has a player to move (0 or
** 1) and a set of moves to other positions.  The caller describes the game
** through a GGGame (callbacks for the player, the predecessors and the
** successors of a position) and fills one 32-bit state word per position:
**
**     GG_STATE(GG_V_WIN0, 0)    finished: player 0 has won
**     GG_STATE(GG_V_WIN1, 0)    finished: player 1 has won
**     GG_STATE(GG_V_DRAW, 0)    finished as a draw, or not a position
**     GG_STATE(GG_V_OPEN, k)    the game goes on; k moves lead on (k>0)
**
** (A position with no moves that is not finished is a loss for the player
** to move; the caller marks it finished, won by the other player.)
**
** gg_retro_solve() works backwards from the won positions with a FIFO
** queue, counting each open position's moves that are not yet known to
** lose, so the time is linear in the number of (position, move) pairs.
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

typedef struct GGGame GGGame;
struct GGGame {
  uint32_t nPos;                  /* positions are 0..nPos-1 */
  uint32_t nMaxMove;              /* most predecessors or successors of one */
  void *pCtx;                     /* first argument of the callbacks */
  int (*xPlayer)(void *pCtx, uint32_t pos);               /* 0 or 1 */
  uint32_t (*xPred)(void *pCtx, uint32_t pos, uint32_t *aOut);
  uint32_t (*xSucc)(void *pCtx, uint32_t pos, uint32_t *aOut);
};

/* Solve in place.  GG_OK, GG_NOMEM, or GG_INTERRUPT if pStop said so. */
int gg_retro_solve(const GGGame *pGame, uint32_t *aState, const GGStop *pStop);

/* Nonzero if a move from a position with state word w to one with state
** word c is optimal: the nearest win, the farthest loss, or a drawing move. */
static inline int gg_retro_is_best(uint32_t w, uint32_t c){
  uint32_t v = GG_VALUE(w);
  return v==GG_V_DRAW ? GG_VALUE(c)==GG_V_DRAW
                      : (GG_VALUE(c)==v && GG_COUNT(c)+1==GG_COUNT(w));
}

/* The optimal successor of pos after gg_retro_solve(): the nearest win, the
** farthest loss, or a move that keeps a draw.  Returns 0 and sets *pNext,
** or returns -1 if pos is finished.  aBuf holds pGame->nMaxMove entries. */
int gg_retro_best(const GGGame *pGame, const uint32_t *aState, uint32_t pos,
                  uint32_t *aBuf, uint32_t *pNext);

#endif
