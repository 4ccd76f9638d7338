/*
** census_engine.c: the cop numbers of many small graphs through
** graphgame's own engine, on the input of census_textbook.c, for
** bench_census.py.  Each graph6 line is parsed by
** ext/engine/formats/graph6.c, read into bit rows (gg_graph6_rows) and
** solved by gg_cops_small_number() (ext/engine/cops/cops_number.c:
** corners removed, a cop parked on one node tried, then two cops on what
** is left): the path of cop_number() for a graph of at most 64 nodes.
**
**   census_engine [-lazy] < FILE.g6
**
** prints "graphs G cop1 A cop2 B cop3 C seconds T" as census_textbook
** does (C: graphs where two cops lose; -lazy: the lazy game, where one
** cop moves a round).  Build: make engine-prog SRC=bench/census_engine.c
** OUT=dist/bench/census_engine.
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "cops_small.h"
#include "graph6.h"

static double now(void){
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec*1e-9;
}

/* Closed neighbourhoods of a parsed graph6 graph, read as cop_number()
** reads a graph6 value of at most 64 nodes
** (ext/sqlite/sources/source_graph6.c). */
static void censusMasks(const GGGraph6 *p, uint64_t *aNbr){
  uint32_t v;
  gg_graph6_rows(p, aNbr);
  for(v=0; v<p->n; v++) aNbr[v] |= 1ull<<v;
}

int main(int argc, char **argv){
  static char line[4096];
  static uint64_t aScratch[GG_COPS_SMALL_SCRATCH];
  uint64_t aNbr[GG_COPS_SMALL_MAXN];
  long count[4] = {0, 0, 0, 0}, graphs = 0;
  int bLazy = argc>1 && strcmp(argv[1], "-lazy")==0;
  double t0 = now();
  while( fgets(line, sizeof(line), stdin) ){
    GGGraph6 g = {0, 0, 0, 0};
    char zErr[128];
    size_t len = strlen(line);
    while( len>0 && (line[len-1]=='\n' || line[len-1]=='\r') ) len--;
    if( gg_graph6_parse(&g, line, len, zErr, sizeof(zErr)) || g.n>GG_COPS_SMALL_MAXN ){
      fprintf(stderr, "census_engine: line %ld: %s\n", graphs+1,
              g.n>GG_COPS_SMALL_MAXN ? "more than 64 nodes" : zErr);
      return 1;
    }
    graphs++;
    censusMasks(&g, aNbr);
    switch( gg_cops_small_number(g.n, aNbr, bLazy, aScratch) ){   /* what cop_number runs */
      case 1: count[1]++; break;
      case 2: count[2]++; break;
      default: count[3]++; break;
    }
  }
  printf("graphs %ld cop1 %ld cop2 %ld cop3 %ld seconds %.6f\n",
         graphs, count[1], count[2], count[3], now()-t0);
  return 0;
}
