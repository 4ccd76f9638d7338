/*
** cm_small_engine.c: the engine-only cost of cat and mouse on many small
** graphs (issue 14's case: 10,000 random graphs of 3 to 20 nodes, edge
** probability 0.3, connected by a random tree; labels shuffled, so the
** hole and the starts land anywhere), with the small-graph path
** (gg_cm_solve, n <= 64) and with the general engine on one thread.
**
**   make engine-prog SRC=bench/cm_small_engine.c OUT=dist/engine/cm_small_engine
**   dist/engine/cm_small_engine [COUNT [MAXN [ROUNDS]]]
**
** Prints, per path, the best of ROUNDS rounds: microseconds per graph for
** the solve (gg_cm_solve_threads + gg_cm_free; the graphs are built
** beforehand), and the outcome counts of the standard start, which must
** agree.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "alloc.h"
#include "catmouse.h"
#include "ref.h"             /* the tests' short forms (tests/engine/ref) */

static uint64_t rngState = 14;
static uint32_t rnd(uint32_t n){
  rngState = rngState*6364136223846793005ULL + 1442695040888963407ULL;
  return (uint32_t)((rngState>>33) % n);
}

static double now(void){
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec*1e-9;
}

/* One round over every graph with nThread; counts[3] of the start's outcomes. */
static double benchRound(const GGGraph *aG, uint8_t **aHole, int nGraph, int nThread,
                         int *aCount){
  double t = now();
  int i;
  memset(aCount, 0, 3*sizeof(int));
  for(i=0; i<nGraph; i++){
    GGCatMouse cm;
    uint32_t v;
    int64_t k, mv;
    if( gg_cm_solve_threads(&cm, &aG[i], aHole[i], nThread, 0) ){
      printf("solve failed\n");
      exit(1);
    }
    gg_cm_get(&cm, (uint32_t)gg_graph_find(&aG[i], 1), (uint32_t)gg_graph_find(&aG[i], 2),
              GG_CM_MOUSE, &v, &k, &mv);
    aCount[v==GG_V_WIN0 ? 0 : v==GG_V_WIN1 ? 1 : 2]++;
    gg_cm_free(&cm);
  }
  return now() - t;
}

int main(int argc, char **argv){
  int nGraph = argc>1 ? atoi(argv[1]) : 10000;
  uint32_t maxN = argc>2 ? (uint32_t)atoi(argv[2]) : 20;
  int nRound = argc>3 ? atoi(argv[3]) : 5, i, r, p;
  GGGraph *aG = malloc(sizeof(GGGraph)*(size_t)nGraph);
  uint8_t **aHole = malloc(sizeof(uint8_t*)*(size_t)nGraph);
  int64_t extra[3] = {0, 1, 2};
  static const int aThread[2] = {0, 1};
  static const char *azName[2] = {"small-graph path", "general engine, 1 thread"};
  for(i=0; i<nGraph; i++){
    GGEdgeList e;
    uint32_t n = 3 + rnd(maxN-2), u, v, lab[64];
    memset(&e, 0, sizeof(e));
    for(v=0; v<n; v++) lab[v] = v;
    for(v=n-1; v>0; v--){ u = rnd(v+1); uint32_t t = lab[u]; lab[u] = lab[v]; lab[v] = t; }
    for(v=1; v<n; v++) gg_edges_add(&e, lab[rnd(v)], lab[v]);
    for(u=0; u<n; u++) for(v=u+1; v<n; v++) if( rnd(1000)<300 ) gg_edges_add(&e, lab[u], lab[v]);
    if( gg_graph_build(&aG[i], &e, extra, 3) ) return 1;
    gg_edges_free(&e);
    aHole[i] = calloc(aG[i].n, 1);
    aHole[i][gg_graph_find(&aG[i], 0)] = 1;
  }
  for(p=0; p<2; p++){
    double best = 1e9;
    int aCount[3];
    for(r=0; r<nRound; r++){
      double t = benchRound(aG, aHole, nGraph, aThread[p], aCount);
      if( t<best ) best = t;
    }
    printf("%-26s %8.2f us per graph (%d graphs of 3..%u nodes): mouse %d cat %d draw %d\n",
           azName[p], best*1e6/nGraph, nGraph, maxN, aCount[0], aCount[1], aCount[2]);
  }
  for(i=0; i<nGraph; i++){ gg_graph_free(&aG[i]); free(aHole[i]); }
  free(aG);
  free(aHole);
  return 0;
}
