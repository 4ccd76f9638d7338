/*
** graph_generators.h: deterministic graph generators.  Plain C, no SQLite.
**
** Every generator yields the edges of one undirected graph on the nodes
** 0..n-1, each edge once with src < dst, in a fixed order:
**
**   gg_gen_path(n)            0-1, 1-2, ..., (n-2)-(n-1)
**   gg_gen_cycle(n)           the path plus 0-(n-1); n >= 3
**   gg_gen_grid(rows, cols)   node r*cols + c; per node, its right then
**                             its lower neighbour
**   gg_gen_complete(n)        every pair, (0,1), (0,2), ..., (n-2,n-1)
**   gg_gen_tree(n, seed)      a uniformly random labelled tree (decoded
**                             from a random Pruefer sequence), sorted
**   gg_gen_petersen()         outer 5-cycle 0..4, spokes i-(i+5), inner
**                             pentagram (5+i)-(5+(i+2)%5)
**   gg_gen_random(n, p, seed) G(n, p): pair (u,v), u < v, in the order of
**                             gg_gen_complete, is kept when the next
**                             64-bit draw is below p * 2^64 (every pair
**                             when p = 1)
**
** The random numbers are splitmix64 from the 64-bit seed, and integers
** below k are drawn by rejection (no modulo bias), so the output depends
** on nothing but the arguments: the same on every platform and build.
** The sizes are bounded by the GG_GEN_MAX_* limits below (the init
** functions return GG_TOOBIG beyond them; the SQL layer checks first and
** says why).
*/
#ifndef GG_GRAPHGEN_H
#define GG_GRAPHGEN_H
#include <stdint.h>
#include "graph.h"

#define GG_GEN_MAX_NODES 1000000      /* path, cycle, grid, tree */
#define GG_GEN_MAX_DENSE 10000        /* complete, random: n^2/2 pairs */

typedef struct GGGen GGGen;
struct GGGen {
  int eKind;          /* GEN_* in graph_generators.c */
  int64_t n;          /* nodes */
  int64_t nCol;       /* grid: columns */
  uint64_t thr;       /* random: keep a pair when its draw < thr */
  int bAll;           /* random: p = 1, keep every pair */
  uint64_t rng;       /* splitmix64 state */
  int64_t u, v;       /* cursor: the next pair, node or step */
  int64_t *aEdge;     /* tree, petersen: the edges (2 labels each) */
  int64_t nEdge;      /* edges in aEdge */
};

/* Start a generator.  GG_OK, GG_NOMEM, or GG_TOOBIG for sizes out of
** range.  gg_gen_free() it afterwards in every case. */
int gg_gen_path(GGGen *p, int64_t n);
int gg_gen_cycle(GGGen *p, int64_t n);
int gg_gen_grid(GGGen *p, int64_t nRow, int64_t nCol);
int gg_gen_complete(GGGen *p, int64_t n);
int gg_gen_tree(GGGen *p, int64_t n, int64_t seed);
int gg_gen_petersen(GGGen *p);
int gg_gen_random(GGGen *p, int64_t n, double prob, int64_t seed);

/* The next edge: 1 and *pSrc < *pDst, or 0 when there are no more. */
int gg_gen_next(GGGen *p, int64_t *pSrc, int64_t *pDst);
void gg_gen_free(GGGen *p);

/* The PRNG: the next splitmix64 output, and a uniform integer below k>0. */
uint64_t gg_splitmix64(uint64_t *pState);
uint64_t gg_rand_below(uint64_t *pState, uint64_t k);

#endif
