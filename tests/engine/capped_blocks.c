/*
** capped_blocks.c: catmouse_bounded's memo cut in blocks, forced at small
** n.  The memo of the capped search (catmouse_bounded.c) is cut in
** blocks of 2^CAP_BLOCK_LOG positions (2^32 by default: one block below
** n = 1,291 with the default cap).  This file compiles the engine a second
** time with blocks of 8 positions (2 bytes), under other names, so that
** every search of a small board crosses blocks as a memo past 2^32
** positions does, and compares its value with the engine as built (one
** block; tests/py/test_capped.py checks that one against gg.py's copy of
** the search) for every start (mouse, cat, turn) of random graphs, with
** holes, directed or not, and caps from 0 to 3n.
**
**   capped_blocks SEED COUNT    prints "ok N starts" or the first difference
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ref.h"             /* gg_graph_build, the tests' short form */

#define CAP_BLOCK_LOG 3
#define gg_capped_positions capblk_positions
#define gg_capped_cost capblk_cost
#define gg_capped_solve capblk_solve
#include "../../ext/engine/catmouse/catmouse_bounded.c"
#undef gg_capped_positions
#undef gg_capped_cost
#undef gg_capped_solve

int gg_capped_solve(const GGGraph *pG, const uint8_t *aHole, uint32_t mouse,
                    uint32_t cat, int turn, uint64_t cap, const GGStop *pStop,
                    uint32_t *pValue);

static uint64_t rng;
static uint32_t rnd(uint32_t m){
  rng = rng*6364136223846793005ULL + 1442695040888963407ULL;
  return (uint32_t)((rng>>33) % m);
}

int main(int argc, char **argv){
  int count, i;
  uint64_t nStart = 0, nBlocks = 0;
  if( argc!=3 ){ fprintf(stderr, "usage: capped_blocks SEED COUNT\n"); return 2; }
  rng = strtoull(argv[1], 0, 10);
  count = atoi(argv[2]);
  for(i=0; i<count; i++){
    GGEdgeList e;
    GGGraph g;
    uint8_t aHole[16];
    uint32_t n = 2 + rnd(9), k, m, c, nEdge = rnd(3*n);
    uint64_t aCap[5];
    int t, ic;
    memset(&e, 0, sizeof(e));
    e.bDirected = rnd(2);
    for(k=0; k<n; k++) gg_edges_add(&e, k, k);          /* every node, as a self-loop ... */
    for(k=0; k<nEdge; k++) gg_edges_add(&e, rnd(n), rnd(n));
    if( gg_graph_build(&g, &e, 0, 0) ){ printf("graph %d: cannot build\n", i); return 1; }
    gg_edges_free(&e);
    memset(aHole, 0, sizeof(aHole));
    for(k=rnd(3); k>0; k--) aHole[rnd(g.n)] = 1;
    aCap[0] = rnd(3); aCap[1] = n; aCap[2] = 2*n; aCap[3] = 3*n; aCap[4] = rnd(4*n);
    for(ic=0; ic<5; ic++){
      nBlocks += (capblk_positions(g.n, aCap[ic]) + 7)/8;
      for(m=0; m<g.n; m++) for(c=0; c<g.n; c++) for(t=0; t<2; t++){
        uint32_t v1 = 99, v2 = 98;
        int rc1, rc2;
        if( aHole[c] ) continue;                     /* the cat never stands on a hole */
        rc1 = gg_capped_solve(&g, aHole, m, c, t, aCap[ic], 0, &v1);
        rc2 = capblk_solve(&g, aHole, m, c, t, aCap[ic], 0, &v2);
        nStart++;
        if( rc1 || rc2 || v1!=v2 ){
          printf("graph %d (n=%u) mouse=%u cat=%u turn=%d cap=%llu: one block %d (rc %d),"
                 " blocks of 8 positions %d (rc %d)\n", i, g.n, m, c, t,
                 (unsigned long long)aCap[ic], (int)v1, rc1, (int)v2, rc2);
          return 1;
        }
      }
    }
    gg_graph_free(&g);
  }
  printf("ok %llu starts, %llu memo blocks\n", (unsigned long long)nStart,
         (unsigned long long)nBlocks);
  return 0;
}
