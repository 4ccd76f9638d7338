/*
** race_check.c: gg_race_game() (the fast outcome) against gg_race_solve()
** (every position, retrograde) on many random graphs, for every z and
** every start (x, y), in plain C with no SQLite.  tests/py/test_race.py
** builds and runs it; by hand:
**
**   make engine-prog SRC=tests/engine/race_check.c OUT=dist/race_check
**   dist/race_check [graphs [seed]]
**
** Graph families: G(n,p) with self-loops and repeated edges (often
** disconnected), and layered graphs (z, then layers with random edges
** between neighbouring layers and inside layers) where equal distances
** and blocking are common.  Prints the number of graphs and starts
** checked, how many had equal distances and how many of those Alice won;
** exits 1 at the first disagreement, printing the graph.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "graph.h"
#include "retro.h"
#include "race.h"

static uint64_t rngState = 88172645463325252ULL;
static uint32_t rng(uint32_t n){            /* uniform-ish in 0..n-1 */
  rngState ^= rngState<<13; rngState ^= rngState>>7; rngState ^= rngState<<17;
  return (uint32_t)(rngState % n);
}

/* A random graph on labels 0..n-1 into pE. */
static void randomGraph(GGEdgeList *pE, uint32_t n){
  uint32_t u, v;
  if( rng(2)==0 ){
    uint32_t pct = 5 + rng(50);
    for(u=0; u<n; u++){
      if( rng(8)==0 ) gg_edges_add(pE, u, u);
      for(v=u+1; v<n; v++){
        if( rng(100)<pct ){
          gg_edges_add(pE, u, v);
          if( rng(6)==0 ) gg_edges_add(pE, v, u);
        }
      }
    }
  }else{
    /* layers: node 0 alone, then widths 1..4 */
    uint32_t aLayer[64], nL = 0, i = 1, pIn = rng(40), pDown = 30 + rng(60);
    aLayer[0] = 0;
    while( i<n ){ aLayer[i] = nL + 1; i++; if( rng(3)==0 || (i>1 && rng(4)==0) ) nL++; }
    for(u=0; u<n; u++){
      if( rng(10)==0 ) gg_edges_add(pE, u, u);
      for(v=u+1; v<n; v++){
        uint32_t d = aLayer[v]>aLayer[u] ? aLayer[v]-aLayer[u] : aLayer[u]-aLayer[v];
        if( (d==1 && rng(100)<pDown) || (d==0 && rng(100)<pIn) || (d>1 && rng(100)<2) ){
          gg_edges_add(pE, u, v);
        }
      }
    }
    /* make sure every layer above 0 has a way down (mostly) */
    for(v=1; v<n; v++){
      if( rng(10)>0 ){
        for(u=0; u<n; u++) if( aLayer[u]+1==aLayer[v] ){ gg_edges_add(pE, u, v); break; }
      }
    }
  }
  if( pE->nEdge==0 ) gg_edges_add(pE, 0, n>1 ? 1 : 0);
}

int main(int argc, char **argv){
  long nGraph = argc>1 ? atol(argv[1]) : 2000, g;
  uint64_t nStart = 0, nEqual = 0, nAliceEqual = 0;
  if( argc>2 ) rngState ^= (uint64_t)atoll(argv[2])*0x9e3779b97f4a7c15ULL;
  for(g=0; g<nGraph; g++){
    GGEdgeList e;
    GGGraph G;
    uint32_t n = 2 + rng(g<nGraph/2 ? 9 : 24), z, x, y;
    memset(&e, 0, sizeof(e));
    randomGraph(&e, n);
    if( gg_graph_build(&G, &e, 0, 0) ){ fprintf(stderr, "build failed\n"); return 2; }
    for(z=0; z<G.n; z++){
      GGRace R;
      if( gg_race_solve(&R, &G, z, 0) ){ fprintf(stderr, "solve failed\n"); return 2; }
      for(x=0; x<G.n; x++) for(y=0; y<G.n; y++){
        uint32_t want, got, vFast;
        int64_t plies, move;
        uint64_t nPos;
        gg_race_get(&R, x, y, GG_RACE_ALICE, &want, &plies, &move);
        if( gg_race_game(&G, x, y, z, (uint64_t)-1, 0, &vFast, &nPos) ){
          fprintf(stderr, "fast solve failed\n"); return 2;
        }
        got = vFast;
        nStart++;
        if( nPos>0 ){ nEqual++; if( got==GG_V_WIN0 ) nAliceEqual++; }
        if( got!=want ){
          uint64_t i;
          printf("MISMATCH graph %ld: x=%lld y=%lld z=%lld fast=%u exhaustive=%u\nedges:",
                 g, (long long)gg_keymap_int(&G.labels, x), (long long)gg_keymap_int(&G.labels, y),
                 (long long)gg_keymap_int(&G.labels, z), got, want);
          /* e.a holds the edge list's provisional label ids: print the labels */
          for(i=0; i<e.nEdge; i++) printf(" %lld-%lld", (long long)gg_keymap_int(&e.labels, e.a[2*i]),
                                          (long long)gg_keymap_int(&e.labels, e.a[2*i+1]));
          printf("\n");
          return 1;
        }
      }
      gg_race_free(&R);
    }
    gg_graph_free(&G);
    gg_edges_free(&e);
  }
  printf("%ld graphs, %llu starts agree; %llu with equal distances, %llu of them won by Alice\n",
         nGraph, (unsigned long long)nStart, (unsigned long long)nEqual,
         (unsigned long long)nAliceEqual);
  return 0;
}
