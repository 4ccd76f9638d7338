/*
** race_check.c: the race engines against each other in plain C, no SQLite.
** tests/py/test_race.py builds and runs it; by hand:
**
**   make engine-prog SRC=tests/engine/race_check.c OUT=dist/race_check
**   dist/race_check [graphs [seed]]      the check below
**   dist/race_check dump < graphs        every position, for the brute force
**
** The check: on many random graphs, undirected and directed, for every z,
** gg_race_game() (the fast outcome of one start) against gg_race_solve()
** (every position, retrograde) for every start (x, y).  Graph families:
** G(n,p) with self-loops and repeated edges (often disconnected), and
** layered graphs (z, then layers with random edges between neighbouring
** layers and inside layers) where equal distances and blocking are
** common; a directed graph keeps each edge as an arc in a random
** direction, sometimes both.  Prints the number of graphs and starts
** checked, how many had equal distances and how many of those Alice won;
** exits 1 at the first disagreement, printing the graph.
**
** The dump: reads graphs from stdin, one a line, "D z m u1 v1 ... um vm"
** (D 1 for directed; labels are integers), and prints for each every
** position "alice bob turn value plies move" by label (turn 0 Alice, 1
** Bob; value as GG_V_*; plies -1 for a draw; move -1 for none), followed
** on Alice's rows by race_game's value of that start, then "end".
*/
#include <stdio.h>
#include <stdlib.h>
#include "graph.h"
#include "retro.h"
#include "race.h"

static uint64_t rngState = 88172645463325252ULL;
static uint32_t rng(uint32_t n){            /* uniform-ish in 0..n-1 */
  rngState ^= rngState<<13; rngState ^= rngState>>7; rngState ^= rngState<<17;
  return (uint32_t)(rngState % n);
}

/* Add edge u-v; for a directed list, as an arc in a random direction,
** sometimes both. */
static void checkEdge(GGEdgeList *pE, uint32_t u, uint32_t v){
  if( pE->bDirected && rng(2) ){ uint32_t t = u; u = v; v = t; }
  gg_edges_add(pE, u, v);
  if( pE->bDirected && rng(5)==0 ) gg_edges_add(pE, v, u);
}

/* A random graph on labels 0..n-1 into pE. */
static void checkRandomGraph(GGEdgeList *pE, uint32_t n){
  uint32_t u, v;
  if( rng(2)==0 ){
    uint32_t pct = 5 + rng(50);
    for(u=0; u<n; u++){
      if( rng(8)==0 ) gg_edges_add(pE, u, u);
      for(v=u+1; v<n; v++){
        if( rng(100)<pct ){
          checkEdge(pE, u, v);
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
          checkEdge(pE, u, v);
        }
      }
    }
    /* make sure every layer above 0 has a way down (mostly); directed:
    ** mostly as an arc down */
    for(v=1; v<n; v++){
      if( rng(10)>0 ){
        for(u=0; u<n; u++) if( aLayer[u]+1==aLayer[v] ){
          if( pE->bDirected && rng(4) ) gg_edges_add(pE, v, u);
          else checkEdge(pE, u, v);
          break;
        }
      }
    }
  }
  if( pE->nEdge==0 ) gg_edges_add(pE, 0, n>1 ? 1 : 0);
}

static void checkPrintGraph(long g, const GGEdgeList *pE){
  uint64_t i;
  printf("graph %ld (%s):", g, pE->bDirected ? "directed" : "undirected");
  for(i=0; i<pE->nEdge; i++) printf(" %lld-%lld", (long long)pE->a[2*i], (long long)pE->a[2*i+1]);
  printf("\n");
}

/* Every start of one graph and goal: the fast outcome against the
** exhaustive one.  0, or 1 after printing a disagreement. */
static int checkStarts(long g, const GGEdgeList *pE, const GGGraph *pG, uint32_t z,
                       uint64_t *pnStart, uint64_t *pnEqual, uint64_t *pnAlice){
  GGRace R;
  uint32_t x, y;
  if( gg_race_solve(&R, pG, z, 0) ){ fprintf(stderr, "solve failed\n"); exit(2); }
  for(x=0; x<pG->n; x++) for(y=0; y<pG->n; y++){
    uint32_t want, got;
    int64_t plies, move;
    uint64_t nPos;
    gg_race_get(&R, x, y, GG_RACE_ALICE, &want, &plies, &move);
    if( gg_race_game(pG, x, y, z, (uint64_t)-1, 0, &got, &nPos) ){
      fprintf(stderr, "fast solve failed\n"); exit(2);
    }
    (*pnStart)++;
    if( nPos>0 ){ (*pnEqual)++; if( got==GG_V_WIN0 ) (*pnAlice)++; }
    if( got!=want ){
      printf("MISMATCH x=%lld y=%lld z=%lld fast=%u exhaustive=%u\n",
             (long long)pG->aLabel[x], (long long)pG->aLabel[y],
             (long long)pG->aLabel[z], got, want);
      checkPrintGraph(g, pE);
      gg_race_free(&R);
      return 1;
    }
  }
  gg_race_free(&R);
  return 0;
}

static int checkMain(long nGraph){
  uint64_t nStart = 0, nEqual = 0, nAlice = 0;
  long g;
  for(g=0; g<nGraph; g++){
    GGEdgeList e = {0, 0, 0, 0};
    GGGraph G;
    uint32_t n = 2 + rng(g<nGraph/2 ? 9 : 24), z;
    e.bDirected = (int)(g & 1);
    checkRandomGraph(&e, n);
    if( gg_graph_build(&G, &e, 0, 0) ){ fprintf(stderr, "build failed\n"); return 2; }
    for(z=0; z<G.n; z++){
      if( checkStarts(g, &e, &G, z, &nStart, &nEqual, &nAlice) ) return 1;
    }
    gg_graph_free(&G);
    gg_edges_free(&e);
  }
  printf("%ld graphs, %llu starts agree; %llu with equal distances, %llu of them won by Alice\n",
         nGraph, (unsigned long long)nStart, (unsigned long long)nEqual,
         (unsigned long long)nAlice);
  return 0;
}

/* One graph of the dump: every position and every start's race_game. */
static void dumpGraph(const GGGraph *pG, uint32_t z){
  GGRace R;
  uint32_t a, b;
  int t;
  if( gg_race_solve(&R, pG, z, 0) ){ fprintf(stderr, "solve failed\n"); exit(2); }
  for(a=0; a<pG->n; a++) for(b=0; b<pG->n; b++) for(t=0; t<2; t++){
    uint32_t v, vFast;
    int64_t plies, move;
    uint64_t nPos;
    gg_race_get(&R, a, b, t, &v, &plies, &move);
    printf("%lld %lld %d %u %lld %lld", (long long)pG->aLabel[a],
           (long long)pG->aLabel[b], t, v, (long long)plies,
           move<0 ? -1LL : (long long)pG->aLabel[move]);
    if( t==GG_RACE_ALICE ){
      if( gg_race_game(pG, a, b, z, (uint64_t)-1, 0, &vFast, &nPos) ) exit(2);
      printf(" %u", vFast);
    }
    printf("\n");
  }
  printf("end\n");
  gg_race_free(&R);
}

static int dumpMain(void){
  int d;
  long long zl, m, i;
  while( scanf("%d %lld %lld", &d, &zl, &m)==3 ){
    GGEdgeList e = {0, 0, 0, 0};
    GGGraph G;
    int64_t z;
    e.bDirected = d;
    for(i=0; i<m; i++){
      long long u, v;
      if( scanf("%lld %lld", &u, &v)!=2 ) return 2;
      gg_edges_add(&e, u, v);
    }
    if( gg_graph_build(&G, &e, 0, 0) ) return 2;
    z = gg_graph_find(&G, zl);
    if( z<0 ) return 2;
    dumpGraph(&G, (uint32_t)z);
    fflush(stdout);
    gg_graph_free(&G);
    gg_edges_free(&e);
  }
  return 0;
}

int main(int argc, char **argv){
  if( argc>1 && argv[1][0]=='d' ) return dumpMain();
  if( argc>2 ) rngState ^= (uint64_t)atoll(argv[2])*0x9e3779b97f4a7c15ULL;
  return checkMain(argc>1 ? atol(argv[1]) : 2000);
}
