/*
** ref.h: the reference solvers of the tests, and what only the tests use.
**
** None of this is in the library: the Makefile's engine-prog target (the C
** checks of tests/engine/, built by the Python tests) and the fuzz targets
** and their replays (tests/fuzz/) compile the .c files here next to the
** engine.  The reference solvers are the plain formulation of each game on
** the generic retrograde solver (retro.c here: a GGGame of callbacks, one
** state word of ext/engine/core/retro.h per position, a FIFO queue).  They are
** slow but short and plainly right, and the fast engines are checked
** against them on every position (tests/engine/cm_check.c, race_check.c,
** tests/fuzz/fuzz_adjjson.c).
*/
#ifndef GG_REF_H
#define GG_REF_H
#include "graph.h"
#include "retro.h"
#include "board.h"
#include "catmouse.h"
#include "race.h"
#include "cops.h"
#include "cops_small.h"
#include "game_solve.h"

/* Short forms of engine calls, for the tests and benches only
** (shortcuts.c): the plain or lazy cops game; its small solve (k <= 2, at
** most 64 nodes); the dense id of an integer label, or -1; a build that
** polls nothing; a solved position's outcome, plies and optimal move. */
int gg_cops_solve(GGCops *p, const GGGraph *pG, uint32_t k, int bLazy,
                  int bFast, const GGStop *pStop);
int64_t gg_cops_small(uint32_t n, const uint64_t *aNbr, uint32_t k, int bLazy,
                      uint64_t *aScratch);
int64_t gg_graph_find(const GGGraph *pG, int64_t L);
int gg_graph_build(GGGraph *pG, const GGEdgeList *pE, const int64_t *aExtra, int nExtra);
void gg_explicit_get(const GGExplicit *p, uint32_t pos, int *pOutcome, int64_t *pPlies,
                     int64_t *pMove);
/* The race solved with the default threads, or nThread, freeing what it
** allocated on failure. */
int gg_race_solve(GGRace *p, const GGGraph *pG, uint32_t z, const GGStop *pStop);
int gg_race_solve_threads(GGRace *p, const GGGraph *pG, uint32_t z, int nThread,
                          const GGStop *pStop);

/* A game for gg_retro_solve(): positions, whose move it is, and the lists
** of predecessors and successors of a position. */
typedef struct GGGame GGGame;
struct GGGame {
  uint32_t nPos;                  /* positions are 0..nPos-1 */
  uint32_t nMaxMove;              /* most predecessors or successors of one */
  void *pCtx;                     /* first argument of the callbacks */
  int (*xPlayer)(void *pCtx, uint32_t pos);               /* 0 or 1 */
  uint32_t (*xPred)(void *pCtx, uint32_t pos, uint32_t *aOut);
  uint32_t (*xSucc)(void *pCtx, uint32_t pos, uint32_t *aOut);
};

/* Solve in place (retro.c): aState holds the finished positions' words
** and GG_STATE(GG_V_OPEN, moves) for the others on entry, every value and
** plies on return.  GG_OK, GG_NOMEM, or GG_INTERRUPT if pStop said so. */
int gg_retro_solve(const GGGame *pGame, uint32_t *aState, const GGStop *pStop);

/* Cat and mouse (catmouse_ref.c): *paState gets GG_CM_NPOS(n) state words
** at gg_cm_pos(n, mouse, cat, turn) (gg_free them), draws and
** non-positions as GG_V_DRAW. */
#define gg_cm_pos gg_board_pos
int gg_cm_ref_solve(const GGGraph *pG, const uint8_t *aHole, uint32_t **paState,
                    const GGStop *pStop);

/* The race to z (race_ref.c): *paState gets GG_RACE_NPOS(n) state words at
** gg_race_pos(n, alice, bob, turn) (gg_free them), undecided positions as
** GG_V_DRAW.  gg_race_ref_get() reads one position as gg_race_get() does. */
#define gg_race_pos gg_board_pos
int gg_race_ref_solve(const GGGraph *pG, uint32_t z, uint32_t **paState,
                      const GGStop *pStop);
void gg_race_ref_get(const GGGraph *pG, uint32_t z, const uint32_t *aState,
                     uint32_t alice, uint32_t bob, int turn, uint32_t *pValue,
                     int64_t *pPlies, int64_t *pMove);

/* Nonzero if there is an arc u -> v (a binary search of u's sorted
** out-list). */
static inline int gg_graph_adjacent(const GGGraph *pG, uint32_t u, uint32_t v){
  const uint32_t *a = GG_NBR(pG, u);
  uint32_t lo = 0, hi = GG_DEG(pG, u);
  while( lo<hi ){
    uint32_t mid = lo + (hi-lo)/2;
    if( a[mid]<v ) lo = mid+1; else hi = mid;
  }
  return lo<GG_DEG(pG, u) && a[lo]==v;
}

#endif
