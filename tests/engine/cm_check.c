/*
** cm_check.c: the fast cat-and-mouse engine (catmouse.c) against the
** reference solve on the generic engine (ref/catmouse_ref.c), position by
** position, on graphs too large for the Python brute force.  Built and
** run by tests/test_catmouse_engine.py.
**
**   cm_check SEED COUNT MAXN [long|chase]
**
** With "long", every graph has long forced wins (hundreds or thousands of
** plies, past the ply byte: the tiers of catmouse.h): paths and cycles,
** lollipops (a clique and a path), ladders (grids of 2 to 4 rows), square
** grids, spiders (legs of one length from a centre).  "chase" takes the
** same shapes and paths with their labels in order, random trees and
** random graphs, all undirected with one hole (the hole labelled 0 in
** every other graph): the graphs of the chains (catmouse_chain.c), which
** three more solves of each graph force: from ply 1, and from a random
** ply (up to the graph's longest game + 1) on one thread and on two;
** and grids numbered row by row (up to 100 columns: the stencils' offsets
** past a word, and the labels' own order, catmouse_order.c).
** For COUNT graphs made from SEED (random of several densities, grids,
** paths, cycles, stars, trees, with self-loops and isolated nodes, up to
** MAXN nodes; every other one directed, with 0 to 3 random holes), solves
** with the default (the small-graph path up to 64 nodes), one thread, two,
** and the work split of two run by one thread, and checks every
** position: the same value and plies as the reference, and a move that is
** legal and optimal by the reference's values.  Then checks that a GGStop
** that fires stops the solve with GG_INTERRUPT.  Prints "ok N positions"
** with the longest win, how often each tier of plies was used and how
** the plies ran (thin: one thread, no barrier; on lanes; dense: some words
** found again by a sweep; the most switches between thin plies and plies
** on two threads in one solve; the solves in which the chains ran), or
** the first difference, and exits non-zero on any failure.  (Set
** CM_CHECK_NO_CHAIN to skip the three solves that force the chains.)
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "alloc.h"
#include "catmouse.h"
#include "ref.h"

static uint64_t rngState;
static uint32_t rnd(uint32_t n){        /* uniform-ish in 0..n-1 */
  rngState = rngState*6364136223846793005ULL + 1442695040888963407ULL;
  return (uint32_t)((rngState>>33) % (n ? n : 1));
}

/* Edges of graph number i, on labels 0..n-1 (0 hole, 1 mouse, 2 cat). */
static int bLong;
static int bChase;     /* long games, undirected, one hole: the chains' graphs */
static void makeGraph(GGEdgeList *e, int i, uint32_t maxN){
  uint32_t n = 3 + rnd(maxN-2), u, v, k, side;
  if( bLong && i%5!=0 ){
    switch( i%5 ){
      case 1: {                     /* lollipop: a clique of k, then a path */
        uint32_t kk = 3 + rnd(8);
        for(u=0; u<kk; u++) for(v=u+1; v<kk; v++) gg_edges_add(e, (u*5+1)%n, (v*5+1)%n);
        for(u=kk-1; u+1<n; u++) gg_edges_add(e, (u*5+1)%n, ((u+1)*5+1)%n);
        if( n%5==0 ) for(u=0; u+1<n; u++) gg_edges_add(e, u, u+1);
        break;
      }
      case 2: {                     /* ladder: 2 to 4 rows, as long as fits */
        uint32_t nRow = 2 + rnd(3), nCol = n/nRow;
        for(u=0; u<nRow*nCol; u++){
          if( u%nCol+1<nCol ) gg_edges_add(e, u, u+1);
          if( u+nCol<nRow*nCol ) gg_edges_add(e, u, u+nCol);
        }
        break;
      }
      case 3: {                     /* square grid */
        side = 2; while( (side+1)*(side+1)<=n ) side++;
        for(u=0; u<side*side; u++){
          if( u%side+1<side ) gg_edges_add(e, (u*3)%(side*side), ((u+1)*3)%(side*side));
          if( u+side<side*side ) gg_edges_add(e, (u*3)%(side*side), ((u+side)*3)%(side*side));
        }
        if( (side*side)%3==0 ) gg_edges_add(e, 1, 2);
        break;
      }
      default: {                    /* spider: 3 to 5 legs from node 0 */
        uint32_t nLeg = 3 + rnd(3), len = (n-1)/nLeg, l;
        for(l=0; l<nLeg; l++){
          for(k=0; k<len; k++) gg_edges_add(e, k ? 1 + l*len + k-1 : 0, 1 + l*len + k);
        }
        break;
      }
    }
    return;
  }
  if( bChase && (i/5)%4==1 ){       /* a path with its labels in order */
    for(u=0; u+1<n; u++) gg_edges_add(e, u, u+1);
    return;
  }
  if( bChase && (i/5)%4==3 && i%2==0 ){   /* a grid numbered row by row, */
    uint32_t nCol = n>=260 ? 65 + rnd(36) : 3 + rnd(20), nRow;   /* its moves past a word */
    nRow = n/nCol<2 ? 2 : n/nCol;
    for(u=0; u<nRow*nCol; u++){
      if( u%nCol+1<nCol ) gg_edges_add(e, u, u+1);
      if( u+nCol<nRow*nCol ) gg_edges_add(e, u, u+nCol);
    }
    return;
  }
  switch( bChase ? "\4\4\5\0"[(i/5)%4] : bLong ? 4 : i % 7 ){
    case 0: case 1: {               /* random connected, average degree 2..10 */
      uint32_t deg = 2 + rnd(9);
      for(v=1; v<n; v++) gg_edges_add(e, v, rnd(v));
      for(k=0; k<(uint64_t)n*deg/2; k++) gg_edges_add(e, rnd(n), rnd(n));
      break;
    }
    case 2: {                       /* sparse random, maybe disconnected */
      for(k=0; k<n; k++) gg_edges_add(e, rnd(n), rnd(n));
      gg_edges_add(e, 0, 1); gg_edges_add(e, 2, 2);
      break;
    }
    case 3: {                       /* grid, labels shuffled by an offset */
      uint32_t off;
      side = 2; while( (side+1)*(side+1)<=n ) side++;
      n = side*side; off = rnd(n);
      for(u=0; u<n; u++){
        if( u%side+1<side ) gg_edges_add(e, (u+off)%n, (u+1+off)%n);
        if( u+side<n ) gg_edges_add(e, (u+off)%n, (u+side+off)%n);
      }
      break;
    }
    case 4: {                       /* path or cycle, long games */
      for(u=0; u+1<n; u++) gg_edges_add(e, (u*7+3)%n, ((u+1)*7+3)%n);
      if( n%7==0 ){ for(u=0; u+1<n; u++) gg_edges_add(e, u, u+1); }
      if( rnd(2) ) gg_edges_add(e, 3%n, (n-1));
      break;
    }
    case 5: {                       /* tree with some loops */
      for(v=1; v<n; v++) gg_edges_add(e, v, rnd(v));
      for(k=0; k<n/10+1; k++){ v = rnd(n); gg_edges_add(e, v, v); }
      break;
    }
    default: {                      /* dense random */
      for(u=0; u<n; u++) for(v=u; v<n; v++) if( rnd(100)<30 ) gg_edges_add(e, u, v);
      gg_edges_add(e, 1, 2);
      break;
    }
  }
}

static int nPoll;
static int stopAfter(void *pArg){ return ++nPoll >= *(int*)pArg; }

/* Compare one solve with the reference; 0 if equal. */
static int compare(const GGGraph *g, const GGCatMouse *p, const uint32_t *aRef,
                   const uint8_t *aHole, int iGraph){
  uint32_t n = g->n, m, c;
  int t;
  for(m=0; m<n; m++) for(c=0; c<n; c++) for(t=0; t<2; t++){
    uint32_t w = aRef[gg_cm_pos(n, m, c, t)], value;
    int64_t plies, move;
    gg_cm_get(p, m, c, t, &value, &plies, &move);
    if( value!=GG_VALUE(w) || plies!=(GG_VALUE(w)==GG_V_DRAW ? -1 : (int64_t)GG_COUNT(w)) ){
      printf("graph %d (n=%u) position mouse=%u cat=%u turn=%d: value %u plies %lld,"
             " reference %u %u\n", iGraph, n, m, c, t, value, (long long)plies,
             GG_VALUE(w), GG_COUNT(w));
      return 1;
    }
    if( move>=0 ){
      uint32_t from = t==GG_CM_MOUSE ? m : c, to = (uint32_t)move, child;
      child = t==GG_CM_MOUSE ? aRef[gg_cm_pos(n, to, c, GG_CM_CAT)]
                             : aRef[gg_cm_pos(n, m, to, GG_CM_MOUSE)];
      if( !gg_graph_adjacent(g, from, to) || (t==GG_CM_CAT && aHole[to])
       || !gg_retro_is_best(w, child) ){
        printf("graph %d position mouse=%u cat=%u turn=%d: bad move %u\n", iGraph, m, c, t, to);
        return 1;
      }
    }else if( !(aHole[m] || m==c || aHole[c]) && GG_VALUE(w)!=GG_V_DRAW
              && GG_COUNT(w)>0 ){
      printf("graph %d position mouse=%u cat=%u turn=%d: no move\n", iGraph, m, c, t);
      return 1;
    }
  }
  return 0;
}

int main(int argc, char **argv){
  int count, i, nThread, limit;
  uint32_t maxN;
  uint64_t nPos = 0;
  int64_t extra[3] = {0, 1, 2};
  static uint8_t aHole[1<<16];
  uint32_t nPlyMax = 0;
  uint64_t nBased = 0, nWide = 0, nBig = 0;   /* the tiers used (catmouse.h) */
  uint64_t nThin = 0, nLanes = 0, nDense = 0;  /* the kinds of plies (catmouse_ply.c) */
  uint64_t nCatFused = 0;           /* plies whose fused turn was the cat's (catmouse_run.c) */
  uint64_t nBandMoved = 0;          /* bands dealt to another lane (catmouse_run.c) */
  uint32_t nSwitchMax = 0;          /* most switches thin <-> two threads in a solve */
  uint64_t nChain = 0;              /* solves in which the chains ran (catmouse_chain.c) */
  uint64_t nBalls = 0;              /* solves numbered in balls (catmouse_order.c) */
  uint64_t nLabels = 0;             /* ... in the labels' order (the chains' stencils) */
  uint64_t nWidePly = 0;            /* the chains' plies on two threads */
  uint32_t nPlyThis = 0;            /* the graph's longest game: switch plies 1..it+1 */
  int nChainRun = getenv("CM_CHECK_NO_CHAIN") ? 0 : 3;   /* extra solves forcing the chains */
  if( argc!=4 && (argc!=5 || (strcmp(argv[4], "long") && strcmp(argv[4], "chase"))) ){
    fprintf(stderr, "usage: cm_check SEED COUNT MAXN [long|chase]\n");
    return 2;
  }
  bLong = argc==5;
  bChase = bLong && strcmp(argv[4], "chase")==0;
  rngState = strtoull(argv[1], 0, 10);
  count = atoi(argv[2]);
  maxN = (uint32_t)atoi(argv[3]);
  for(i=0; i<count; i++){
    GGEdgeList e;
    GGGraph g;
    uint32_t *aRef;
    uint32_t nHole, k;
    memset(&e, 0, sizeof(e));
    e.bDirected = bChase ? 0 : (i/7)%2;
    makeGraph(&e, i, maxN);
    if( gg_graph_build(&g, &e, extra, 3) ){
      printf("graph %d: cannot build\n", i);
      return 1;
    }
    gg_edges_free(&e);
    memset(aHole, 0, g.n);
    nHole = bChase ? 1 : rnd(4);
    for(k=0; k<nHole; k++) aHole[bChase && i%2 ? 0 : rnd(g.n)] = 1;
    if( gg_cm_ref_solve(&g, aHole, &aRef, 0) ){
      printf("graph %d: cannot solve\n", i);
      return 1;
    }
    for(nThread=-2; nThread<=2+nChainRun; nThread++){
      GGCatMouse cm;
      int nTh = nThread, iChain = GG_CM_CHAIN;
      if( nThread==-1 ) continue;
      if( nThread>2 ){               /* the chains from ply 1, or from a random ply */
        nTh = 1 + nThread%2;
        /* (not from rnd(): the graphs stay those of the seed) */
        iChain = nThread==3 ? 1
                 : 1 + (int)((gg_hash_mix((uint64_t)i<<8 | (uint64_t)nThread)) % (nPlyThis + 1));
      }
      if( gg_cm_solve_opts(&cm, &g, aHole, nTh, iChain, 0) ){ printf("graph %d: solve failed\n", i); return 1; }
      if( cm.nPlyChain ) nChain++;
      if( cm.bBalls ) nBalls++;
      if( cm.bLabels ) nLabels++;
      nWidePly += cm.nPlyWide;
      if( nThread==-2 ) nPlyThis = cm.nPly;
      if( cm.nPly>nPlyMax ) nPlyMax = cm.nPly;
      for(k=0; cm.aBlock && k<2*cm.nBand; k++){
        nBased += cm.aBlock[k].aBase!=0;
        nWide += cm.aBlock[k].nWide;
      }
      nBig += cm.nBig[0] + cm.nBig[1];
      nThin += cm.nPlyThin;
      nLanes += cm.nPly - cm.nPlyThin;
      nDense += cm.nPlyDense;
      nCatFused += cm.nPlyCatFused;
      nBandMoved += cm.nBandMoved;
      if( cm.nSwitch>nSwitchMax ) nSwitchMax = cm.nSwitch;
      if( compare(&g, &cm, aRef, aHole, i) ){
        printf("  (%s, %u holes, nThread %d, chains from ply %u)\n",
               g.bDirected ? "directed" : "undirected", nHole, nTh, cm.nPlyChain);
        return 1;
      }
      gg_cm_free(&cm);
      nPos += GG_CM_NPOS(g.n);
    }
    gg_free(aRef);
    gg_graph_free(&g);
  }
  /* A stop that fires at the first or a later poll ends the solve. */
  for(limit=1; limit<=3; limit++){
    for(nThread=-2; nThread<=2; nThread+=2){
      GGEdgeList e;
      GGGraph g;
      GGCatMouse cm;
      GGStop stop;
      int rc;
      memset(&e, 0, sizeof(e));
      for(i=1; i<600; i++) gg_edges_add(&e, i, (i*37)%i), gg_edges_add(&e, i, (i*13+5)%600);
      gg_graph_build(&g, &e, extra, 3);
      gg_edges_free(&e);
      nPoll = 0;
      stop.xStop = stopAfter;
      stop.pArg = &limit;
      memset(aHole, 0, g.n);
      aHole[0] = 1;
      rc = gg_cm_solve_threads(&cm, &g, aHole, nThread, &stop);
      gg_cm_free(&cm);               /* in every case; it keeps nByteNeed */
      if( rc!=GG_INTERRUPT || cm.aRes[0]!=0 || cm.nByteNeed==0 ){
        printf("stop after %d polls, %d threads: rc=%d\n", limit, nThread, rc);
        return 1;
      }
      gg_graph_free(&g);
    }
  }
  printf("ok %llu positions, longest forced win %u plies; blocks with bases %llu,"
         " wide words %llu, side table %llu; thin plies %llu, plies on lanes %llu,"
         " dense plies %llu, most switches in a solve %u; chains in %llu solves;"
         " balls in %llu solves; labels' order in %llu solves; chains' plies on two"
         " threads %llu; the cat's turn fused in %llu plies;"
         " bands moved to another lane %llu times\n",
         (unsigned long long)nPos, nPlyMax,
         (unsigned long long)nBased, (unsigned long long)nWide, (unsigned long long)nBig,
         (unsigned long long)nThin, (unsigned long long)nLanes, (unsigned long long)nDense,
         nSwitchMax, (unsigned long long)nChain, (unsigned long long)nBalls,
         (unsigned long long)nLabels, (unsigned long long)nWidePly,
         (unsigned long long)nCatFused, (unsigned long long)nBandMoved);
  return 0;
}
