/*
** cops_small.h: the capture time of one or two cops on a graph of at most
** 64 nodes, with no allocation, for census queries over many small
** graphs (cop_number and capture_time call it before the general engine
** in cops.h).  Plain C.
**
** The graph is given as closed out-neighbourhood masks: bit v of aNbr[u]
** is set iff u == v or there is an arc (an edge) u -> v.  The rules are
** those of cops.h, every variant (GGCopsRules; distance and robber speed
** are read as undirected, as cops.h allows them).  Exact: 0 if some start
** catches every robber start at once, otherwise round-by-round retrograde
** analysis on ordered pairs (a, b) of cop nodes with a bit set of robber
** nodes each.
*/
#ifndef GG_COPS_SMALL_H
#define GG_COPS_SMALL_H
#include <stdint.h>
#include "cops.h"

#define GG_COPS_SMALL_MAXN 64

/* Words of scratch that the solves of this file need. */
#define GG_COPS_SMALL_SCRATCH (3*GG_COPS_SMALL_MAXN*GG_COPS_SMALL_MAXN)

/* Capture time in rounds of k (1 or 2) cops, or -1 if the robber escapes.
** n <= 64; aScratch holds GG_COPS_SMALL_SCRATCH words.  The _rules form
** plays any variant (rules that combine: gg_cops_rules_check()). */
int64_t gg_cops_small_rules(uint32_t n, const uint64_t *aNbr, uint32_t k,
                            const GGCopsRules *pR, uint64_t *aScratch);

/* The same in the plain game (bLazy: or the lazy one), by the faster
** sweeps of cops_small_plain.c; gg_cops_small_rules() calls it when the
** rules are those. */
int64_t gg_cops_small_plain(uint32_t n, const uint64_t *aNbr, uint32_t k, int bLazy,
                            uint64_t *aScratch);

/* The nodes of the mask alive left once every corner of the graph they
** induce is removed (cops_dismantle.c). */
uint64_t gg_cops_dismantle(uint64_t alive, const uint64_t *aNbr);

/* Nonzero if one cop wins, in the game and for lazy cops alike (one cop
** is never lazy): the graph dismantles to one node (cops_dismantle.c). */
int gg_cops_small_copwin(uint32_t n, const uint64_t *aNbr);

/* The cop number of the graph if it is 1 or 2, else 3 ("3 or more"), for
** the game or for lazy cops (cops_number.c: corners removed first); 0 for
** no nodes.  aScratch as for gg_cops_small(). */
int gg_cops_small_number(uint32_t n, const uint64_t *aNbr, int bLazy, uint64_t *aScratch);

/* One level of two cops' moves on the 64x64 sets of both solvers
** (cops_small.c, cops_small_plain.c): T[a][b], the union of R[a][b'] over
** the second cop's moves b' in aNbr[b] (for a, b < n); then the new C of
** the pair (a, b) from its old c: the union of T[a'][b] over the first
** cop's moves a' (lazy: only one cop moves, R[a'][b] or T[a][b]). */
static inline void gg_cops_small_steps(uint32_t n, const uint64_t *aNbr, const uint64_t *R,
                                       uint64_t *T){
  uint32_t a, b;
  for(a=0; a<n; a++){
    for(b=0; b<n; b++){
      uint64_t t = 0, m = aNbr[b];
      for(; m; m&=m-1) t |= R[a*64 + (uint32_t)__builtin_ctzll(m)];
      T[a*64+b] = t;
    }
  }
}
static inline uint64_t gg_cops_small_pair(const uint64_t *aNbr, const uint64_t *R,
                                          const uint64_t *T, uint64_t c, uint32_t a,
                                          uint32_t b, int bLazy){
  uint64_t m = aNbr[a];
  if( bLazy ){
    c |= T[a*64+b];                    /* the second cop steps (or none) */
    for(; m; m&=m-1) c |= R[(uint32_t)__builtin_ctzll(m)*64 + b];
  }else{
    for(; m; m&=m-1) c |= T[(uint32_t)__builtin_ctzll(m)*64 + b];
  }
  return c;
}

#endif
