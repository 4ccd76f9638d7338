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
** cat on the hole cannot arise; they are stored as draws and not listed.
*/
#ifndef GG_CATMOUSE_H
#define GG_CATMOUSE_H
#include "graph.h"
#include "retro.h"

#define GG_CM_MOUSE 0           /* turn: the mouse moves */
#define GG_CM_CAT   1           /* turn: the cat moves */

typedef struct GGCatMouse GGCatMouse;
struct GGCatMouse {
  const GGGraph *pG;   /* the board; not owned */
  uint32_t n;          /* pG->n */
  uint32_t hole;       /* dense id of label 0 */
  uint32_t *aState;    /* 2*n*n state words (retro.h), index gg_cm_pos() */
  GGGame game;         /* this game for retro.c */
};

/* Positions needed for a graph of n nodes. */
#define GG_CM_NPOS(n) (2*(uint64_t)(n)*(uint64_t)(n))

static inline uint32_t gg_cm_pos(uint32_t n, uint32_t mouse, uint32_t cat, int turn){
  return ((uint32_t)turn*n + mouse)*n + cat;
}

/* Solve every position.  pG must outlive p.  GG_OK, GG_NOMEM, GG_TOOBIG
** or GG_INTERRUPT.  On success free with gg_cm_free(). */
int gg_cm_solve(GGCatMouse *p, const GGGraph *pG, const GGStop *pStop);
void gg_cm_free(GGCatMouse *p);

/* Value (GG_V_*), plies (-1 for a draw) and best move (dense node id of
** the mover's destination, -1 if none) of one position. */
void gg_cm_get(const GGCatMouse *p, uint32_t mouse, uint32_t cat, int turn,
               uint32_t *pValue, int64_t *pPlies, int64_t *pMove);

#endif
