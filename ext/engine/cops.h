/*
** cops.h: cops and robbers on an undirected GGGraph, for any number k of
** cops.  Plain C, no SQLite.
**
** The game.  The k cops choose start nodes (several may share one), then
** the robber chooses his.  In each round every cop moves to a neighbour
** or stays, then the robber moves to a neighbour or stays.  The cops win
** as soon as a cop stands on the robber's node (also at the robber's
** start); the robber wins by escaping forever.  Lazy variant: in each
** round at most one cop moves.  Arcs are read as undirected edges; loops
** change nothing, since staying is always allowed.
**
** Positions.  The cops are interchangeable, so a position is a multiset
** of cop nodes (a "configuration"), the robber's node and the turn.
** Configurations are numbered 0..nConf-1 (nConf = C(n+k-1, k)) by the
** combinatorial number system: the sorted nodes c1 <= ... <= ck get the
** rank sum C(ci + i - 1, i).  gg_cops_rank()/gg_cops_unrank() convert.
**
** Solving.  gg_cops_solve() decides every position exactly (retrograde
** analysis, level by level) and keeps one 16-bit word per (configuration,
** robber node): the round in which the cops, to move, capture under
** optimal play (0: already captured), or GG_COPS_NEVER.  Everything else
** (robber-turn plies, optimal moves) is derived on demand:
**
**   plies, cops to move    2t-1 if captured in round t, 0 if captured now
**   plies, robber to move  1 + the largest plies of his moves
**
** With bFast set, the solve stops at the first round in which some
** configuration captures every robber start (that round is the capture
** time) and aRound is not kept: enough for the cop number and the
** capture time, and much cheaper on small graphs.
*/
#ifndef GG_COPS_H
#define GG_COPS_H
#include "graph.h"

#define GG_COPS_NEVER   0xffffu   /* aRound: the robber escapes */
#define GG_COPS_MAXK    32        /* most cops */
#define GG_COPS_TURN_COPS   0     /* the cops move */
#define GG_COPS_TURN_ROBBER 1     /* the robber moves */

typedef struct GGCops GGCops;
struct GGCops {
  uint32_t n;            /* nodes */
  uint32_t k;            /* cops */
  int bLazy;             /* at most one cop moves per round */
  uint32_t nWord;        /* 64-bit words in a bit set of nodes */
  uint64_t nConf;        /* configurations: C(n+k-1, k) */
  uint64_t *aNbr;        /* aNbr[v*nWord..]: closed neighbourhood of v */
  uint32_t *aAdjOff;     /* neighbours of v (v excluded): aAdj[aAdjOff[v]..] */
  uint32_t *aAdj;        /*   ascending */
  uint64_t *aBinom;      /* aBinom[i*(n+k)+v] = C(v, i), i <= k */
  uint16_t *aRound;      /* [conf*n + r]: capture round, cops to move; or NULL */
  int64_t captureTime;   /* rounds from the best start, -1: the robber wins */
  uint64_t bestConf;     /* a configuration achieving captureTime */
};

/* Positions for n nodes and k cops: C(n+k-1, k)*n*2, or UINT64_MAX on
** overflow. */
uint64_t gg_cops_positions(uint64_t n, uint32_t k);

/* Solve.  pG is read only during the call.  GG_OK, GG_NOMEM, GG_TOOBIG
** (k out of range, too many positions for memory indices, or a capture
** taking more than 65534 rounds) or GG_INTERRUPT.  Free with
** gg_cops_free() (also after an error). */
int gg_cops_solve(GGCops *p, const GGGraph *pG, uint32_t k, int bLazy,
                  int bFast, const GGStop *pStop);
void gg_cops_free(GGCops *p);

/* Rank of the sorted cop nodes aCop[0..k-1]; and back. */
uint64_t gg_cops_rank(const GGCops *p, const uint32_t *aCop);
void gg_cops_unrank(const GGCops *p, uint64_t conf, uint32_t *aCop);

/* Plies left under optimal play from (conf, robber r, turn), -1 if the
** robber escapes.  Needs a full solve (aRound). */
int64_t gg_cops_plies(const GGCops *p, uint64_t conf, uint32_t r, int turn);

/* An optimal move from a position that is not a capture (plies > 0 or
** -1): the cops' next configuration (*pNext = rank) or the robber's next
** node (*pNext = node).  The nearest capture for the cops, the farthest
** for the robber, a move that keeps escaping for an escaping robber; the
** cops stay when the robber escapes whatever they do.  Moves are tried
** staying first.  Returns 0, -1 at a capture, or GG_NOMEM. */
int gg_cops_best(const GGCops *p, uint64_t conf, uint32_t r, int turn,
                 uint64_t *pNext);

#endif
