/*
** race.h: the race to z (HDU 6963 "I love playing games") on a GGGraph.
**
** Alice starts on x, Bob on y; both want to reach z.  Each turn Alice
** moves, then Bob; a move stays put or follows one edge (a self-loop is a
** way of staying); on a directed graph (pG->bDirected) an edge is an arc
** and is followed from its src to its dst only.  A move may not end on the vertex the other player
** occupies unless that vertex is z; staying is always allowed.  The turn
** is scored after Bob's move: only Alice on z wins for Alice, only Bob on
** z wins for Bob, both on z is a draw.  A start with either player on z
** is scored at once.  Nobody ever reaching z is a draw.  Player 0 is
** Alice, player 1 is Bob.
**
** Two solvers, both plain C with no SQLite:
**
**   gg_race_solve()  every position (alice node, bob node, turn) for a
**                    fixed z, by retrograde analysis (retro.c): the value,
**                    the plies under optimal play and the best move.
**
**   gg_race_game()   the value of one start (x, y) without solving every
**                    position.  With distances d to z from one BFS:
**                    d(x) < d(y) Alice wins, d(y) < d(x) Bob wins (the
**                    nearer player walks a shortest path and can never be
**                    blocked; the farther one must lose a layer to block),
**                    both unreachable is a draw.  Equal distances k are
**                    never won by Bob: Alice wins iff she can block Bob in
**                    the small game on the shortest-path layers, where
**                    both must step down one layer per turn (a player who
**                    does not falls behind and loses) and Bob loses when
**                    Alice stands on his only way down.  That game is
**                    solved bottom-up, layer by layer, only on the nodes
**                    that x and y can reach going down, with bit sets.
**                    On a directed graph d is the distance along arcs (a
**                    BFS over the in-arcs from z) and "down" follows arcs;
**                    the argument holds as it is, since it only uses that
**                    d(u) <= d(v) + 1 for every arc u -> v and that every
**                    node with 0 < d < inf has an arc down.
*/
#ifndef GG_RACE_H
#define GG_RACE_H
#include "graph.h"
#include "retro.h"

#define GG_RACE_ALICE 0         /* turn: Alice moves */
#define GG_RACE_BOB   1         /* turn: Bob moves (mid-turn, after Alice) */

typedef struct GGRace GGRace;
struct GGRace {
  const GGGraph *pG;   /* the board; not owned */
  uint32_t n;          /* pG->n */
  uint32_t z;          /* dense id of the goal */
  uint32_t *aState;    /* 2*n*n state words (retro.h), index gg_race_pos() */
  GGGame game;         /* this game for retro.c */
};

/* Positions needed for a graph of n nodes. */
#define GG_RACE_NPOS(n) (2*(uint64_t)(n)*(uint64_t)(n))

static inline uint32_t gg_race_pos(uint32_t n, uint32_t alice, uint32_t bob, int turn){
  return ((uint32_t)turn*n + alice)*n + bob;
}

/* Solve every position for goal z (a dense id).  pG must outlive p.
** GG_OK, GG_NOMEM, GG_TOOBIG or GG_INTERRUPT.  On success free with
** gg_race_free(). */
int gg_race_solve(GGRace *p, const GGGraph *pG, uint32_t z, const GGStop *pStop);
void gg_race_free(GGRace *p);

/* Value (GG_V_*), plies (-1 for a draw, except 0 for the arrival draw:
** both on z, Alice to move, a finished position) and best move (dense id
** of the mover's destination, possibly its own node; -1 at a finished
** position) of one position.  Staying is tried first, then neighbours
** (out-neighbours) ascending. */
void gg_race_get(const GGRace *p, uint32_t alice, uint32_t bob, int turn,
                 uint32_t *pValue, int64_t *pPlies, int64_t *pMove);

/* The value (GG_V_WIN0 Alice, GG_V_WIN1 Bob, GG_V_DRAW) of the start
** (x, y), Alice to move, goal z; all dense ids.  If equal distances need
** the layered game and it has more than mxPos positions (pairs of nodes
** of one layer, counted for both turns), returns GG_TOOBIG and sets
** *pnPos to the count.  GG_OK, GG_NOMEM, GG_TOOBIG or GG_INTERRUPT. */
int gg_race_game(const GGGraph *pG, uint32_t x, uint32_t y, uint32_t z,
                 uint64_t mxPos, const GGStop *pStop, uint32_t *pValue,
                 uint64_t *pnPos);

#endif
