/*
** race_check.c: the race engines against each other in plain C, no SQLite.
** tests/py/test_race.py builds and runs it; by hand:
**
**   make engine-prog SRC=tests/engine/race_check.c OUT=dist/race_check
**   dist/race_check [graphs [seed]]      the small check below
**   dist/race_check big SEED COUNT MAXN  the large check below
**   dist/race_check dump < graphs        every position, for the brute force
**
** The small check: on many random graphs of up to 25 nodes, undirected and
** directed, for every z: gg_race_solve() (the default: from the distances
** to z, race_dist.c) against gg_race_ref_solve() (the generic retrograde solver) at every
** position (value, plies and move), and gg_race_game() (the fast outcome
** of one start) against them for every start (x, y).  Graph families:
** G(n,p) with self-loops and repeated edges (often disconnected), and
** layered graphs (z, then layers with random edges between neighbouring
** layers and inside layers) where equal distances and blocking are
** common; a directed graph keeps each edge as an arc in a random
** direction, sometimes both.  Prints the number of graphs and starts
** checked, how many had equal distances and how many of those Alice won;
** exits 1 at the first disagreement, printing the graph.
**
** The large check: COUNT graphs of up to MAXN nodes (random connected of
** average degree 2..10, sparse random, grids, long paths and cycles,
** trees; directed or not), a random z (and node 0) each, solved from the
** distances (its longest win equal to the word-parallel one's) and
** word-parallel with one thread, two, and the work split of two run by
** one thread, every position against the reference; then a GGStop that
** fires ends each solve with GG_INTERRUPT.  Prints "ok N positions,
** longest win P plies".
**
** The dump: reads graphs from stdin, one a line, "D z m u1 v1 ... um vm"
** (D 1 for directed; labels are integers), and prints for each every
** position "alice bob turn value plies move" by label (turn 0 Alice, 1
** Bob; value as GG_V_*; plies -1 for a draw; move -1 for none), followed
** on Alice's rows by race_game's value of that start, then "end".
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "alloc.h"
#include "graph.h"
#include "retro.h"
#include "race.h"
#include "ref.h"

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

/* Every position of the word-parallel solve (nThread as for
** gg_race_solve_threads; 0: the default kernel, from the distances to z
** when it fits, race_dist.c) against the reference aRef, and no win longer
** than 2d+1 plies for d the longest finite distance to z (the bound that
** picks one-byte plies).  0 if so, else 1 after printing the first
** difference. */
static int checkPositions(const GGGraph *pG, uint32_t z, const uint32_t *aRef,
                          int nThread, uint32_t *pnPly){
  GGRace R;
  uint32_t a, b, dMax, *aDist = malloc(2*(pG->n + 1)*sizeof(uint32_t));
  int t;
  dMax = gg_race_distances(pG, z, aDist, aDist + pG->n + 1);
  free(aDist);
  if( (nThread ? gg_race_solve_threads(&R, pG, z, nThread, 0) : gg_race_solve(&R, pG, z, 0)) ){
    fprintf(stderr, "solve failed\n");
    exit(2);
  }
  if( nThread==0 ){                   /* the longest win as the word-parallel solve finds it */
    GGRace W;
    if( gg_race_solve_threads(&W, pG, z, 1, 0) ){ fprintf(stderr, "solve failed\n"); exit(2); }
    if( W.nPly!=R.nPly ){
      printf("n=%u z=%u: longest win %u plies from the distances, %u word-parallel\n", pG->n, z,
             R.nPly, W.nPly);
      gg_race_free(&W);
      gg_race_free(&R);
      return 1;
    }
    gg_race_free(&W);
  }
  if( R.nPly>2*dMax+1 ){
    printf("n=%u z=%u: a win of %u plies, longest distance %u\n", pG->n, z, R.nPly, dMax);
    gg_race_free(&R);
    return 1;
  }
  for(a=0; a<pG->n; a++) for(b=0; b<pG->n; b++) for(t=0; t<2; t++){
    uint32_t v0, v1;
    int64_t p0, p1, m0, m1;
    gg_race_ref_get(pG, z, aRef, a, b, t, &v0, &p0, &m0);
    gg_race_get(&R, a, b, t, &v1, &p1, &m1);
    if( v0!=v1 || p0!=p1 || m0!=m1 ){
      printf("MISMATCH n=%u z=%u threads=%d position alice=%u bob=%u turn=%d:"
             " value %u plies %lld move %lld, reference %u %lld %lld\n", pG->n, z,
             nThread, a, b, t, v1, (long long)p1, (long long)m1, v0, (long long)p0,
             (long long)m0);
      gg_race_free(&R);
      return 1;
    }
  }
  if( pnPly && R.nPly>*pnPly ) *pnPly = R.nPly;
  gg_race_free(&R);
  return 0;
}

/* Every start of one graph and goal: the fast outcome against the
** exhaustive one, and every position of both exhaustive solvers.  0, or
** 1 after printing a disagreement. */
static int checkStarts(long g, const GGEdgeList *pE, const GGGraph *pG, uint32_t z,
                       uint64_t *pnStart, uint64_t *pnEqual, uint64_t *pnAlice){
  uint32_t x, y, *aRef;
  if( gg_race_ref_solve(pG, z, &aRef, 0) ){ fprintf(stderr, "solve failed\n"); exit(2); }
  if( checkPositions(pG, z, aRef, 1, 0) ){
    checkPrintGraph(g, pE);
    gg_free(aRef);
    return 1;
  }
  for(x=0; x<pG->n; x++) for(y=0; y<pG->n; y++){
    uint32_t want, got;
    int64_t plies, move;
    uint64_t nPos;
    gg_race_ref_get(pG, z, aRef, x, y, GG_RACE_ALICE, &want, &plies, &move);
    if( gg_race_game(pG, x, y, z, (uint64_t)-1, 0, &got, &nPos) ){
      fprintf(stderr, "fast solve failed\n"); exit(2);
    }
    (*pnStart)++;
    if( nPos>0 ){ (*pnEqual)++; if( got==GG_V_WIN0 ) (*pnAlice)++; }
    if( got!=want ){
      printf("MISMATCH x=%lld y=%lld z=%lld fast=%u exhaustive=%u\n",
             (long long)gg_keymap_int(&pG->labels, x), (long long)gg_keymap_int(&pG->labels, y),
             (long long)gg_keymap_int(&pG->labels, z), got, want);
      checkPrintGraph(g, pE);
      gg_free(aRef);
      return 1;
    }
  }
  gg_free(aRef);
  return 0;
}

static int checkMain(long nGraph){
  uint64_t nStart = 0, nEqual = 0, nAlice = 0;
  long g;
  for(g=0; g<nGraph; g++){
    GGEdgeList e;
    memset(&e, 0, sizeof(e));
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

/* Large graph number i, on labels 0..n-1, into pE (bDirected set). */
static void bigGraph(GGEdgeList *pE, int i, uint32_t maxN){
  uint32_t n = 3 + rng(maxN-2), u, v, k, side;
  switch( i % 6 ){
    case 0: case 1: {               /* random connected, average degree 2..10 */
      uint32_t deg = 2 + rng(9);
      for(v=1; v<n; v++) checkEdge(pE, v, rng(v));
      for(k=0; k<(uint64_t)n*deg/2; k++) checkEdge(pE, rng(n), rng(n));
      break;
    }
    case 2: {                       /* sparse random, maybe disconnected */
      for(k=0; k<n; k++) checkEdge(pE, rng(n), rng(n));
      gg_edges_add(pE, 0, 1);
      break;
    }
    case 3: {                       /* grid, labels shifted */
      uint32_t off;
      side = 2; while( (side+1)*(side+1)<=n ) side++;
      n = side*side; off = rng(n);
      for(u=0; u<n; u++){
        if( u%side+1<side ) checkEdge(pE, (u+off)%n, (u+1+off)%n);
        if( u+side<n ) checkEdge(pE, (u+off)%n, (u+side+off)%n);
      }
      break;
    }
    case 4: {                       /* path or cycle: long games */
      for(u=0; u+1<n; u++){
        if( pE->bDirected && rng(4) ) gg_edges_add(pE, u+1, u);  /* mostly down */
        else checkEdge(pE, u, u+1);
      }
      if( rng(2) ) checkEdge(pE, 0, n-1);
      break;
    }
    default: {                      /* tree with some loops */
      for(v=1; v<n; v++) checkEdge(pE, v, rng(v));
      for(k=0; k<n/10+1; k++){ v = rng(n); gg_edges_add(pE, v, v); }
      break;
    }
  }
}

static int nPoll;
static int stopAfter(void *pArg){ return ++nPoll >= *(int*)pArg; }

/* A GGStop that fires at the first poll, or a later one, stops a solve. */
static int bigInterrupt(void){
  GGEdgeList e;
    memset(&e, 0, sizeof(e));
  GGGraph G;
  int limit, rc;
  uint32_t v;
  for(v=1; v<2000; v++) gg_edges_add(&e, v, v-1);
  if( gg_graph_build(&G, &e, 0, 0) ) return 1;
  for(limit=1; limit<=64; limit*=4){
    GGStop stop = { stopAfter, &limit };
    GGRace R;
    nPoll = 0;
    rc = gg_race_solve_threads(&R, &G, 0, 1, &stop);
    if( rc!=GG_INTERRUPT ){ printf("stop after %d polls: rc %d\n", limit, rc); return 1; }
    if( limit==1 ){                   /* the distances' kernel polls every 64K words */
      nPoll = 0;
      rc = gg_race_solve(&R, &G, 0, &stop);
      if( rc!=GG_INTERRUPT ){ printf("distances: stop at the first poll: rc %d\n", rc); return 1; }
    }
  }
  gg_graph_free(&G);
  gg_edges_free(&e);
  return 0;
}

static int bigMain(uint64_t seed, int count, uint32_t maxN){
  uint64_t nPos = 0;
  uint32_t nPly = 0;
  int i, nThread;
  rngState ^= seed*0x9e3779b97f4a7c15ULL;
  for(i=0; i<count; i++){
    GGEdgeList e;
    memset(&e, 0, sizeof(e));
    GGGraph G;
    uint32_t aZ[2], iz;
    e.bDirected = (i/6) % 2;
    bigGraph(&e, i, maxN);
    if( gg_graph_build(&G, &e, 0, 0) ) return 2;
    aZ[0] = rng(G.n);
    aZ[1] = 0;
    for(iz=0; iz<(i%3==0 ? 2u : 1u); iz++){
      uint32_t *aRef;
      if( gg_race_ref_solve(&G, aZ[iz], &aRef, 0) ) return 2;
      for(nThread=-2; nThread<=2; nThread++){
        if( nThread==-1 ) continue;        /* 0: the distances' kernel */
        if( checkPositions(&G, aZ[iz], aRef, nThread, &nPly) ){
          printf("graph %d (%s, family %d)\n", i, e.bDirected ? "directed" : "undirected", i%6);
          return 1;
        }
        nPos += GG_RACE_NPOS(G.n);
      }
      gg_free(aRef);
    }
    gg_graph_free(&G);
    gg_edges_free(&e);
  }
  if( bigInterrupt() ) return 1;
  printf("ok %llu positions, longest win %u plies\n", (unsigned long long)nPos, nPly);
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
    printf("%lld %lld %d %u %lld %lld", (long long)gg_keymap_int(&pG->labels, a),
           (long long)gg_keymap_int(&pG->labels, b), t, v, (long long)plies,
           move<0 ? -1LL : (long long)gg_keymap_int(&pG->labels, move));
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
    GGEdgeList e;
    memset(&e, 0, sizeof(e));
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
  if( argc>4 && argv[1][0]=='b' ){
    return bigMain(strtoull(argv[2], 0, 10), atoi(argv[3]), (uint32_t)atoi(argv[4]));
  }
  if( argc>2 ) rngState ^= (uint64_t)atoll(argv[2])*0x9e3779b97f4a7c15ULL;
  return checkMain(argc>1 ? atol(argv[1]) : 2000);
}
