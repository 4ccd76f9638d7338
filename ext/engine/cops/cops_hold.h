/*
** cops_hold.h: what a solve of cops and robbers will hold, known before it
** runs (cops_hold.c): which solve gg_cops_solve_rules() takes, the
** positions it keeps and the bytes at its peak.  The SQL layer's limit
** (graphgame_limit) and its messages count these, so that a solve on the
** orbits of the group is judged by what it keeps, not by the full game.
** Plain C, no SQLite.
*/
#ifndef GG_COPS_HOLD_H
#define GG_COPS_HOLD_H
#include "cops.h"

typedef struct GGCopsHold GGCopsHold;
struct GGCopsHold {
  int eKind;             /* GG_COPS_SOLVE_PLAIN, _SEQ or _SYM: the solve taken */
  double order;          /* the order of the group it uses (1: none) */
  double rState;         /* configurations (plain), or states of the k layers
                         ** between single moves, up to the group */
  uint64_t nPos;         /* positions kept: rState times robber nodes (twice
                         ** for the configurations: both turns); UINT64_MAX
                         ** past 2^64 */
  uint64_t nByte;        /* bytes at the peak (resident: what is written) */
};

/* The hold of the solve of eKind with a group of the given order (1 but
** for _SYM), without asking nauty; bFast: the solve that stops at the
** capture time (cop_number, capture_time), which keeps no plies.  GG_OK,
** or GG_NOMEM (a count of n words). */
int gg_cops_hold_kind(const GGGraph *pG, uint32_t k, const GGCopsRules *pR, int eKind,
                      double order, int bFast, GGCopsHold *pHold);
/* The same for the solve that gg_cops_solve_rules() takes on pG (nauty is
** asked for the group's order: gg_cops_solve_kind). */
int gg_cops_hold(const GGGraph *pG, uint32_t k, const GGCopsRules *pR, int bFast,
                 GGCopsHold *pHold);

#endif
