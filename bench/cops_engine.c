/*
** cops_engine.c: graphgame's cops engine (ext/engine/cops/cops.c) alone, on
** the input of textbook_cops.c, for bench_cops.py.  A full solve (every
** position's plies kept), then the capture time from the table.
**
**   cops_engine FILE K [distance=D] [speed=S] [directed] [surround] [lazy]
**
** (the rules as textbook_cops.c takes them; FILE's rows are arcs with
** `directed`)
** prints "positions P capture_time T seconds S peak_kb K".
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "cops.h"
#include "ref.h"             /* the tests' short forms (tests/engine/ref) */
#include "peak.h"

int main(int argc, char **argv){
  FILE *f;
  GGEdgeList e;
  GGGraph g;
  GGCops cops;
  GGCopsRules rules;
  int n, u, v, i;
  memset(&e, 0, sizeof(e));
  memset(&rules, 0, sizeof(rules));
  rules.robberSpeed = 1;
  for(i=3; i<argc; i++){
    if( strncmp(argv[i], "distance=", 9)==0 ) rules.distance = (uint32_t)atoi(argv[i]+9);
    else if( strncmp(argv[i], "speed=", 6)==0 ) rules.robberSpeed = (uint32_t)atoi(argv[i]+6);
    else if( strcmp(argv[i], "directed")==0 ) rules.bDirected = 1;
    else if( strcmp(argv[i], "surround")==0 ) rules.bSurround = 1;
    else if( strcmp(argv[i], "lazy")==0 ) rules.bLazy = 1;
    else{ fprintf(stderr, "unknown rule %s\n", argv[i]); return 1; }
  }
  e.bDirected = rules.bDirected;
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
    if( gg_cops_solve_rules(&cops, &g, (uint32_t)atoi(argv[2]), &rules, 0, 0) ){ fprintf(stderr, "solve failed\n"); return 1; }
    printf("positions %llu capture_time %lld seconds %.3f peak_kb %ld\n",
           (unsigned long long)gg_cops_positions(g.n, cops.k), (long long)cops.captureTime,
           (double)(clock()-t0)/CLOCKS_PER_SEC, peakKb());
  }
  return 0;
}
