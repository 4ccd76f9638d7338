/*
** cops_engine.c: graphgame's cops engine (ext/engine/cops.c) alone, on
** the input of textbook_cops.c, for bench_cops.py.  A full solve (every
** position's plies kept), then the capture time from the table.
**
**   cops_engine FILE K
**
** prints "positions P capture_time T seconds S peak_kb K".
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "cops.h"

static long peakKb(void){
  FILE *f = fopen("/proc/self/status", "r");
  char line[256];
  long kb = -1;
  while( f && fgets(line, sizeof(line), f) ){
    if( strncmp(line, "VmHWM:", 6)==0 ) kb = atol(line+6);
  }
  if( f ) fclose(f);
  return kb;
}

int main(int argc, char **argv){
  FILE *f;
  GGEdgeList e;
  GGGraph g;
  GGCops cops;
  int n, u, v, i;
  memset(&e, 0, sizeof(e));
  if( argc<3 || (f = fopen(argv[1], "r"))==0 ){ fprintf(stderr, "usage: cops_engine FILE K\n"); return 1; }
  if( fscanf(f, "%d", &n)!=1 ) return 1;
  while( fscanf(f, "%d %d", &u, &v)==2 ) gg_edges_add(&e, u, v);
  fclose(f);
  {
    int64_t *aExtra = malloc(n*sizeof(int64_t));
    clock_t t0;
    for(i=0; i<n; i++) aExtra[i] = i;
    t0 = clock();
    if( gg_graph_build(&g, &e, aExtra, n) ) return 1;
    if( gg_cops_solve(&cops, &g, (uint32_t)atoi(argv[2]), 0, 0, 0) ){ fprintf(stderr, "solve failed\n"); return 1; }
    printf("positions %llu capture_time %lld seconds %.3f peak_kb %ld\n",
           (unsigned long long)gg_cops_positions(g.n, cops.k), (long long)cops.captureTime,
           (double)(clock()-t0)/CLOCKS_PER_SEC, peakKb());
  }
  return 0;
}
