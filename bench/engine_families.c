/*
** engine_families.c: the engine-only time of a full cat-and-mouse or race
** solve of one graph read from an edge file, for profiling with perf
** (bench_catmouse.py and bench_race.py time the same through SQL).
**
**   make engine-prog SRC=bench/engine_families.c OUT=dist/engine/engine_families
**   dist/engine/engine_families cm|race FILE [THREADS [CHAIN]]   (CHAIN: the kernel)
**
** FILE holds lines "graph_id src dst" (the first graph is used); node 0
** is the hole (cat and mouse) or z (the race).  Prints the seconds of the
** solve, the longest forced win and the start's value (mouse 1, cat 2).
** CHAIN (cat and mouse): the kernel (gg_cm_solve_opts: -1 the engine's
** choice, 0 the pull alone, k the chains from ply k); its peak memory.
** The race: CHAIN is gg_race_solve_kernel's (0 the engine's choice, the
** distances when they fit; 1 the word-parallel solve).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "alloc.h"
#include "catmouse.h"
#include "race.h"
#include "ref.h"             /* the tests' short forms (tests/engine/ref) */
#include "peak.h"

static double efNow(void){
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec*1e-9;
}

int main(int argc, char **argv){
  GGEdgeList e;
  GGGraph g;
  long gid, u, v, first = -1;
  int nThread = argc>3 ? atoi(argv[3]) : 0;
  int iChain = argc>4 ? atoi(argv[4]) : GG_CM_CHAIN;
  FILE *f = argc>2 ? fopen(argv[2], "r") : 0;
  double t;
  if( f==0 ){ fprintf(stderr, "usage: engine_families cm|race FILE [THREADS [KERNEL]]\n"); return 1; }
  memset(&e, 0, sizeof(e));
  while( fscanf(f, "%ld %ld %ld", &gid, &u, &v)==3 ){
    if( first<0 ) first = gid;
    if( gid!=first ) break;
    if( gg_edges_add(&e, u, v) ) return 2;
  }
  fclose(f);
  if( gg_graph_build(&g, &e, 0, 0) ) return 2;
  if( strcmp(argv[1], "cm")==0 ){
    GGCatMouse cm;
    uint8_t *aHole = calloc(g.n, 1);
    uint32_t val;
    int64_t k, mv;
    uint64_t nWide;
    int64_t h = gg_graph_find(&g, 0);
    if( h>=0 ) aHole[h] = 1;
    t = efNow();
    if( gg_cm_solve_opts(&cm, &g, aHole, nThread, iChain, 0) ){ printf("solve failed\n"); return 2; }
    t = efNow() - t;
    gg_cm_get(&cm, (uint32_t)gg_graph_find(&g, 1), (uint32_t)gg_graph_find(&g, 2),
              GG_CM_MOUSE, &val, &k, &mv);
    for(k=0, nWide=0; k<2*cm.nBand; k++) nWide += cm.aBlock[k].nWide;
    printf("cm n=%u seconds %.4f plies %u start %u thin %u dense %u switches %u chains %u"
           " balls %u labels %u wide plies %u peak %.3f B/position wide %.1f MB\n", g.n, t,
           cm.nPly, val, cm.nPlyThin, cm.nPlyDense, cm.nSwitch, cm.nPlyChain, cm.bBalls,
           cm.bLabels, cm.nPlyWide,
           peakKb()*1024.0/(double)GG_CM_NPOS(g.n), nWide*128.0/1e6);
    gg_cm_free(&cm);
    free(aHole);
  }else{
    GGRace r;
    uint32_t val;
    int64_t k, mv;
    t = efNow();
    if( gg_race_solve_kernel(&r, &g, (uint32_t)gg_graph_find(&g, 0), nThread, 0, 1,
                             argc>4 ? atoi(argv[4]) : GG_RACE_AUTO) ){
      printf("solve failed\n");
      return 2;
    }
    t = efNow() - t;
    gg_race_get(&r, (uint32_t)gg_graph_find(&g, 1), (uint32_t)gg_graph_find(&g, 2),
                GG_RACE_ALICE, &val, &k, &mv);
    printf("race n=%u seconds %.4f plies %u start %u\n", g.n, t, r.nPly, val);
    gg_race_free(&r);
  }
  gg_graph_free(&g);
  gg_edges_free(&e);
  return 0;
}
