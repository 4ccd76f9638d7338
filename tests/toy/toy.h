/*
** toy.h: the toy game's engine (toy.c), built only into the tests'
** library (`make toy`).  Plain C on arrays, no SQLite, as every engine.
**
** The game: each player has a token on a node; the player to move moves
** his own token along an arc; a player who cannot move loses.  On the arcs
** i -> i-1 and i -> i-2 it is "take 1 or 2 tokens from your own pile".
** A position is (x's node a, y's node b, turn); x is player 0.
*/
#ifndef GG_TOY_H
#define GG_TOY_H
#include "graph.h"
#include "retro.h"

typedef struct GGToy GGToy;

/* Solve every position of the board pG (kept, not copied): GG_OK with
** *pp, GG_NOMEM or GG_INTERRUPT (nothing left allocated). */
int gg_toy_solve(GGToy **pp, const GGGraph *pG, const GGStop *pStop);
void gg_toy_free(GGToy *p);
/* Position (a, b, turn): its value (GG_V_*), plies (-1 for a draw) and,
** if pMove is not NULL, the best move (-1 at the end of the game): the
** lowest child that keeps the value with one ply less. */
void gg_toy_get(const GGToy *p, uint32_t a, uint32_t b, int turn, uint32_t *pValue,
                int64_t *pPlies, int64_t *pMove);

#endif
