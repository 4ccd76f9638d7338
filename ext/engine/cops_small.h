/*
** cops_small.h: the capture time of one or two cops on a graph of at most
** 64 nodes, with no allocation, for census queries over many small
** graphs (cop_number and capture_time call it before the general engine
** in cops.h).  Plain C.
**
** The graph is given as closed-neighbourhood masks: bit v of aNbr[u] is
** set iff u == v or u, v are adjacent.  The rules are those of cops.h.
** Exact: 0 if the cops can stand on every node, 1 if some start
** dominates the graph (the cop next to the robber steps on him, also in
** the lazy game), otherwise level-by-level retrograde analysis on
** ordered pairs (a, b) of cop nodes with a bit set of robber nodes each.
*/
#ifndef GG_COPS_SMALL_H
#define GG_COPS_SMALL_H
#include <stdint.h>

#define GG_COPS_SMALL_MAXN 64

/* Words of scratch that gg_cops_small() needs: 2*64*64 suffices always. */
#define GG_COPS_SMALL_SCRATCH (3*GG_COPS_SMALL_MAXN*GG_COPS_SMALL_MAXN)

/* Capture time in rounds of k (1 or 2) cops, or -1 if the robber escapes.
** n <= 64; aScratch holds GG_COPS_SMALL_SCRATCH words. */
int64_t gg_cops_small(uint32_t n, const uint64_t *aNbr, uint32_t k, int bLazy,
                      uint64_t *aScratch);

/* The cop number of the graph if it is 1 or 2, else 3 ("3 or more"), for
** the game or for lazy cops (cops_number.c: corners removed first); 0 for
** no nodes.  aScratch as for gg_cops_small(). */
int gg_cops_small_number(uint32_t n, const uint64_t *aNbr, int bLazy, uint64_t *aScratch);

#endif
