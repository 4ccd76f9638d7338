/*
** cops_strategy_check.c: a certificate for a cops' win found by the
** symmetric solve, checked against the rules alone.  The cops follow the
** solve's table from its best start (a joint move to a position whose
** plies are one fewer); the robber tries every start and every move.
** Every joint move and robber move is listed from the graph itself (the
** plain game's moves, cops_conf.c), captures are tested on the nodes, and
** the table is only a potential: it must fall by one at each cops' move,
** and by at least one at each robber's move, down to a capture.  So if the
** check passes, k cops win within the capture time whatever the table's
** origin (docs/reference/cops.md: Tutte's 12-cage with 5 cops).
**
**   cops_strategy_check FILE K      FILE: n, then edge rows "u v"
** Prints "ok capture_time T cops_positions P" or "FAIL ...", exit 1.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cops_int.h"
#include "ref.h"             /* the tests' short forms (tests/engine/ref) */

static GGCops cops;
static const GGGraph *pGraph;
static uint64_t *aMoves;
static uint64_t nChecked;
static uint64_t *aSeen;      /* a hash set of the cops' positions checked: conf*n + r + 1 */
#define SEEN_SLOTS (1u<<24)

/* Nonzero if (conf, r) was seen; else it is added. */
static int seen(uint64_t conf, uint32_t r){
  uint64_t key = conf*cops.n + r + 1, s = gg_hash_mix(key) & (SEEN_SLOTS-1);
  while( aSeen[s] ){
    if( aSeen[s]==key ) return 1;
    s = (s+1) & (SEEN_SLOTS-1);
  }
  if( nChecked>=SEEN_SLOTS/2 ){ printf("FAIL too many positions to check\n"); exit(1); }
  aSeen[s] = key;
  return 0;
}

static int isCop(const uint32_t *aCop, uint32_t r){
  uint32_t i;
  for(i=0; i<cops.k; i++) if( aCop[i]==r ) return 1;
  return 0;
}

static void fail(const char *zWhy, uint64_t conf, uint32_t r, int64_t p){
  printf("FAIL %s: conf %llu robber %u plies %lld\n", zWhy, (unsigned long long)conf, r,
         (long long)p);
  exit(1);
}

static void checkRobber(uint64_t conf, uint32_t r, int64_t q);

/* The cops to move at (conf, r), the table saying p plies. */
static void checkCops(uint64_t conf, uint32_t r, int64_t p){
  uint32_t aCop[GG_COPS_MAXK], nMove, m;
  gg_cops_unrank(&cops, conf, aCop);
  if( isCop(aCop, r) ) return;                    /* caught */
  if( seen(conf, r) ) return;
  if( p<1 ) fail("a position not caught has no plies left", conf, r, p);
  nMove = gg_cops_moves(&cops, aCop, 0, aMoves);  /* the plain game's joint moves */
  for(m=0; m<nMove; m++){
    if( gg_cops_plies(&cops, aMoves[m], r, GG_COPS_TURN_ROBBER)==p-1 ) break;
  }
  if( m==nMove ) fail("no joint move to one ply fewer", conf, r, p);
  nChecked++;
  checkRobber(aMoves[m], r, p-1);
}

/* The robber to move at (conf, r), the table saying q plies. */
static void checkRobber(uint64_t conf, uint32_t r, int64_t q){
  uint32_t aCop[GG_COPS_MAXK], j;
  gg_cops_unrank(&cops, conf, aCop);
  if( isCop(aCop, r) ) return;
  if( q<1 ) fail("the robber is free with no plies left", conf, r, q);
  for(j=0; j<=GG_DEG(pGraph, r); j++){            /* stay, or every neighbour */
    uint32_t v = j==0 ? r : GG_NBR(pGraph, r)[j-1];
    int64_t t;
    if( isCop(aCop, v) ) continue;                 /* onto a cop: caught */
    t = gg_cops_plies(&cops, conf, v, GG_COPS_TURN_COPS);
    if( t<0 || t>q-1 ) fail("a robber's move does not lower the plies", conf, v, t);
    checkCops(conf, v, t);
  }
}

int main(int argc, char **argv){
  FILE *f;
  GGEdgeList e;
  GGGraph g;
  GGCopsRules rules;
  int n, u, v, i;
  int64_t mx = 0;
  memset(&e, 0, sizeof(e));
  memset(&rules, 0, sizeof(rules));
  rules.robberSpeed = 1;
  rules.eSolve = GG_COPS_SOLVE_SYM;
  if( argc<3 || (f = fopen(argv[1], "r"))==0 ){
    fprintf(stderr, "usage: cops_strategy_check FILE K\n");
    return 2;
  }
  if( fscanf(f, "%d", &n)!=1 ) return 2;
  while( fscanf(f, "%d %d", &u, &v)==2 ) gg_edges_add(&e, u, v);
  fclose(f);
  {
    int64_t *aExtra = malloc(n*sizeof(int64_t));
    for(i=0; i<n; i++) aExtra[i] = i;
    if( gg_graph_build(&g, &e, aExtra, n) ) return 2;
  }
  pGraph = &g;
  if( gg_cops_solve_rules(&cops, &g, (uint32_t)atoi(argv[2]), &rules, 0, 0) ) return 2;
  if( cops.captureTime<0 ){ printf("ok the robber escapes: nothing to certify\n"); return 0; }
  aMoves = malloc(gg_cops_max_moves(&cops)*sizeof(uint64_t));
  aSeen = calloc(SEEN_SLOTS, sizeof(uint64_t));
  if( aMoves==0 || aSeen==0 ){ fprintf(stderr, "cops_strategy_check: out of memory\n"); return 2; }
  for(i=0; i<n; i++){                              /* every start of the robber */
    int64_t t = gg_cops_plies(&cops, cops.bestConf, (uint32_t)i, GG_COPS_TURN_COPS);
    if( t<0 ) fail("the best start lets the robber escape", cops.bestConf, (uint32_t)i, t);
    if( t>mx ) mx = t;
    checkCops(cops.bestConf, (uint32_t)i, t);
  }
  if( (mx+1)/2!=cops.captureTime ) fail("the capture time is not the start's", cops.bestConf, 0, mx);
  printf("ok capture_time %lld cops_positions %llu\n", (long long)cops.captureTime,
         (unsigned long long)nChecked);
  return 0;
}
