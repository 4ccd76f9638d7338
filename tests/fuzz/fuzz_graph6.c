/*
** fuzz_graph6.c: libFuzzer target for the graph6 parser
** (ext/engine/formats/graph6.c) and, behind it, the two cops engines.
** Plain C engines only, no SQLite.
**
**     make fuzz            # every target for FUZZ_TIME seconds (60)
**     dist/fuzz/fuzz_graph6 -max_total_time=60 dist/fuzz/corpus_graph6 tests/fuzz/seed_graph6
**
** For each input: the parser either fails with a message (non-empty, NUL
** terminated within its buffer) or accepts it; then every edge it walks
** has src < dst < n, in strictly increasing bit order, and writing the
** graph back (gg_graph6_write) gives the input again, byte for byte,
** without the optional ">>graph6<<" prefix and trailing newline (graph6
** has one spelling per graph: the header is the shortest and padding bits
** are zero).  Graphs of up to 12 nodes are then solved for one and two
** cops, lazy and not, by cops.c and cops_small.c, whose capture times must
** agree; and for one, two (and three up to 8 nodes) cops by the plain solve
** and the symmetric one (cops_seq.c), whose every position must agree.  A
** wrong answer aborts, so libFuzzer reports it like a crash.
**
** The same input is then parsed as digraph6 (gg_digraph6_parse, the
** 'digraph6' source's parser), with the same checks: every arc it walks
** is bit src*n + dst, in increasing order; the out-rows hold exactly those
** arcs; writing the digraph back (loops kept) gives the input again.
** Digraphs of up to 12 nodes are solved for one and two directed cops,
** whose fast and full solves must agree; one cop wins in one round when a
** node beats every other, and on a tournament only then (the criterion of
** docs/reference/census.md).
**
** And as sparse6 (gg_sparse6_parse, the 'sparse6' source's parser): every
** edge it walks has src <= dst < n, the walk ends, and for n <= 64 the
** bit rows hold exactly the edges walked (loops included).  Every
** sequence of pairs is a valid sparse6 body, so any input that passes the
** header check must walk cleanly to its end.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "alloc.h"
#include "cops.h"
#include "cops_small.h"
#include "graph6.h"
#include "ref.h"             /* the tests' short forms (tests/engine/ref) */

#define FZ_MAX_WRITE 3000     /* nodes up to which the round trip is checked */
#define FZ_MAX_SOLVE 12       /* nodes up to which the cops are solved */

static void fzFail(const char *zWhy, const uint8_t *a, size_t n){
  fprintf(stderr, "fuzz_graph6: %s\n  input: %.*s\n", zWhy, (int)(n>300 ? 300 : n), (const char*)a);
  abort();
}

/* The two cops engines agree on g. */
static void fzCops(const GGGraph *g, const uint8_t *a, size_t n){
  static uint64_t aScratch[GG_COPS_SMALL_SCRATCH];
  uint64_t aNbr[GG_COPS_SMALL_MAXN];
  uint32_t u, j, k;
  int bLazy;
  for(u=0; u<g->n; u++){
    aNbr[u] = 1ull<<u;
    for(j=0; j<GG_DEG(g, u); j++) aNbr[u] |= 1ull<<GG_NBR(g, u)[j];
  }
  for(k=1; k<=2; k++){
    for(bLazy=0; bLazy<2; bLazy++){
      GGCops c;
      int64_t t;
      if( gg_cops_solve(&c, g, k, bLazy, bLazy, 0) ) fzFail("cops solve failed", a, n);
      t = gg_cops_small(g->n, aNbr, k, bLazy, aScratch);
      if( t!=c.captureTime ) fzFail("cops.c and cops_small.c disagree", a, n);
      gg_cops_free(&c);
    }
  }
  for(k=1; k<=(g->n<=8 ? 3u : 2u); k++){   /* the symmetric solve, every position */
    GGCops c, s;
    GGCopsRules r;
    uint64_t conf;
    uint32_t v;
    memset(&r, 0, sizeof(r));
    r.robberSpeed = 1;
    if( gg_cops_solve_rules(&c, g, k, &r, 0, 0) ) fzFail("cops solve failed", a, n);
    r.eSolve = GG_COPS_SOLVE_SYM;
    if( gg_cops_solve_rules(&s, g, k, &r, 0, 0) ) fzFail("symmetric cops solve failed", a, n);
    if( s.captureTime!=c.captureTime ) fzFail("symmetric and plain capture times differ", a, n);
    for(conf=0; conf<c.nConf; conf++){
      for(v=0; v<g->n; v++){
        if( gg_cops_plies(&c, conf, v, GG_COPS_TURN_COPS)!=gg_cops_plies(&s, conf, v, GG_COPS_TURN_COPS) ){
          fzFail("symmetric and plain plies differ", a, n);
        }
      }
    }
    gg_cops_free(&c);
    gg_cops_free(&s);
  }
}

/* The input without the optional prefix zPre and trailing newline: its
** offset in *piBody, its end returned. */
static uint64_t fzBody(const uint8_t *a, uint64_t n, const char *zPre, uint64_t *piBody){
  uint64_t nPre = strlen(zPre);
  *piBody = n>=nPre && memcmp(a, zPre, nPre)==0 ? nPre : 0;
  if( n>*piBody && a[n-1]=='\n' ) n -= (n>*piBody+1 && a[n-2]=='\r') ? 2 : 1;
  return n;
}

/* pE (nodes 0..n-1) built into *pG (the caller frees it); writing it back
** with xWrite (xSize bytes) must give the input without zPre and the
** trailing newline. */
static void fzRoundTrip(GGGraph *pG, const GGEdgeList *pE, uint32_t n,
                        uint64_t (*xSize)(uint64_t), void (*xWrite)(const GGGraph*, char*),
                        const char *zPre, const uint8_t *a, size_t nA){
  int64_t *aExtra = malloc(n*sizeof(int64_t));
  uint64_t nBody, iBody;
  uint32_t i;
  char *zOut;
  for(i=0; i<n; i++) aExtra[i] = i;
  if( gg_graph_build(pG, pE, aExtra, (int)n) ) fzFail("graph build failed", a, nA);
  free(aExtra);
  zOut = malloc(xSize(pG->n));
  xWrite(pG, zOut);
  nBody = fzBody(a, nA, zPre, &iBody);
  if( nBody-iBody!=xSize(pG->n) || memcmp(zOut, a+iBody, nBody-iBody)!=0 ){
    fzFail("writing the graph back does not give the input", a, nA);
  }
  free(zOut);
}

/* The directed cops on g (n >= 2): fast and full solves agree; the
** dominating-node facts above.  bTourn: g is a tournament. */
static void fzDirectedCops(const GGGraph *g, int bTourn, const uint8_t *a, size_t n){
  GGCopsRules r = { 0, 1, 1, 0, 0 };
  uint32_t u, k, bDom = 0;
  for(u=0; u<g->n; u++){
    uint32_t j, d = 0;
    for(j=0; j<GG_DEG(g, u); j++) d += GG_NBR(g, u)[j]!=u;
    bDom |= d==g->n-1;
  }
  for(k=1; k<=2; k++){
    GGCops c, f;
    if( gg_cops_solve_rules(&c, g, k, &r, 0, 0) || gg_cops_solve_rules(&f, g, k, &r, 1, 0) ){
      fzFail("directed cops solve failed", a, n);
    }
    if( (c.captureTime<0)!=(f.captureTime<0) ) fzFail("fast and full directed solves disagree", a, n);
    if( k==1 && bDom && c.captureTime!=1 ) fzFail("a dominating node, and no capture in 1", a, n);
    if( k==1 && bTourn && !bDom && c.captureTime>=0 ) fzFail("a cop-win tournament without a dominating node", a, n);
    gg_cops_free(&c);
    gg_cops_free(&f);
  }
}

/* The input as digraph6. */
static void fzDigraph6(const uint8_t *aData, size_t nData){
  GGGraph6 d6;
  GGEdgeList e;
  GGGraph g;
  char zErr[200];
  uint64_t iBit = 0, nArc = 0;
  uint32_t src, dst, i, j;
  int bTourn = 1;
  memset(zErr, 'x', sizeof(zErr));
  if( gg_digraph6_parse(&d6, (const char*)aData, nData, zErr, sizeof(zErr)) ){
    if( zErr[0]==0 || memchr(zErr, 0, sizeof(zErr))==0 ) fzFail("bad digraph6 message", aData, nData);
    return;
  }
  memset(&e, 0, sizeof(e));
  e.bDirected = 1;
  while( gg_digraph6_next(&d6, &iBit, &src, &dst) ){
    if( !(src<d6.n && dst<d6.n) || iBit-1!=(uint64_t)src*d6.n+dst ) fzFail("bad arc", aData, nData);
    nArc++;
    if( d6.n<=FZ_MAX_WRITE && gg_edges_add(&e, src, dst) ) fzFail("out of memory", aData, nData);
  }
  if( d6.n<=64 ){                 /* the out-rows of the digraph6 source: the same arcs */
    uint64_t aRow[64], nBit = 0;
    gg_digraph6_rows(&d6, aRow);
    for(i=0; i<d6.n; i++) nBit += (uint64_t)__builtin_popcountll(aRow[i]);
    for(iBit=0; gg_digraph6_next(&d6, &iBit, &src, &dst); ){
      if( !((aRow[src]>>dst)&1) ) fzFail("an arc missing from the out-rows", aData, nData);
    }
    if( nBit!=nArc ) fzFail("the out-rows hold arcs the string has not", aData, nData);
    for(i=0; i<d6.n; i++) for(j=i+1; j<d6.n; j++){
      if( ((aRow[i]>>j)&1)==((aRow[j]>>i)&1) ) bTourn = 0;    /* one arc per pair */
    }
  }
  if( d6.n==0 || d6.n>FZ_MAX_WRITE ){ gg_edges_free(&e); return; }
  fzRoundTrip(&g, &e, d6.n, gg_digraph6_size, gg_digraph6_write, ">>digraph6<<", aData, nData);
  if( g.n>=2 && g.n<=FZ_MAX_SOLVE ) fzDirectedCops(&g, bTourn, aData, nData);
  gg_graph_free(&g);
  gg_edges_free(&e);
}

/* The input as sparse6. */
static void fzSparse6(const uint8_t *aData, size_t nData){
  GGGraph6 s6;
  char zErr[200];
  uint64_t iPos = 0, nEdge = 0, aRow[64], aWalk[64];
  uint32_t src, dst, u;
  memset(zErr, 'x', sizeof(zErr));
  if( gg_sparse6_parse(&s6, (const char*)aData, nData, zErr, sizeof(zErr)) ){
    if( zErr[0]==0 || memchr(zErr, 0, sizeof(zErr))==0 ) fzFail("bad error message", aData, nData);
    return;
  }
  memset(aWalk, 0, sizeof(aWalk));
  while( gg_sparse6_next(&s6, &iPos, &src, &dst) ){
    if( !(src<=dst && dst<s6.n) ) fzFail("bad sparse6 edge", aData, nData);
    if( ++nEdge > s6.nBit ) fzFail("sparse6 walk does not end", aData, nData);
    if( s6.n<=64 ){ aWalk[src] |= 1ull<<dst; aWalk[dst] |= 1ull<<src; }
  }
  if( gg_sparse6_next(&s6, &iPos, &src, &dst) ) fzFail("sparse6 edge after the end", aData, nData);
  if( s6.n<=64 ){
    gg_sparse6_rows(&s6, aRow);
    for(u=0; u<s6.n; u++){
      if( aRow[u]!=aWalk[u] ) fzFail("sparse6 bit rows differ from the walk", aData, nData);
    }
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *aData, size_t nData){
  GGGraph6 g6;
  GGEdgeList e;
  GGGraph g;
  char zErr[200];
  uint64_t iBit = 0, iPrev = 0;
  uint32_t src, dst, i;
  fzDigraph6(aData, nData);
  fzSparse6(aData, nData);
  memset(zErr, 'x', sizeof(zErr));
  if( gg_graph6_parse(&g6, (const char*)aData, nData, zErr, sizeof(zErr)) ){
    if( zErr[0]==0 || memchr(zErr, 0, sizeof(zErr))==0 ) fzFail("bad error message", aData, nData);
    return 0;
  }
  memset(&e, 0, sizeof(e));
  while( gg_graph6_next(&g6, &iBit, &src, &dst) ){
    if( !(src<dst && dst<g6.n) || (iPrev>0 && iBit<=iPrev) ) fzFail("bad edge", aData, nData);
    iPrev = iBit;
    if( g6.n<=FZ_MAX_WRITE && gg_edges_add(&e, src, dst) ) fzFail("out of memory", aData, nData);
  }
  if( g6.n<=64 ){                 /* the bit rows of the graph6 source: the same edges */
    uint64_t aRow[64];
    uint32_t u, v;
    gg_graph6_rows(&g6, aRow);
    iBit = 0;
    for(u=0; u<g6.n; u++) for(v=0; v<g6.n; v++){
      if( ((aRow[u]>>v)&1)!=((aRow[v]>>u)&1) || (u==v && ((aRow[u]>>v)&1)) ){
        fzFail("bit rows not symmetric, or a loop", aData, nData);
      }
    }
    for(u=0, v=0; gg_graph6_next(&g6, &iBit, &src, &dst); v++){
      if( !((aRow[src]>>dst)&1) ) fzFail("an edge missing from the bit rows", aData, nData);
    }
    for(i=0; i<g6.n; i++) u += (uint32_t)__builtin_popcountll(aRow[i]);
    if( u!=2*v ) fzFail("the bit rows hold edges the string has not", aData, nData);
  }
  if( g6.n==0 || g6.n>FZ_MAX_WRITE ){ gg_edges_free(&e); return 0; }
  fzRoundTrip(&g, &e, g6.n, gg_graph6_size, gg_graph6_write, ">>graph6<<", aData, nData);
  if( g.n<=FZ_MAX_SOLVE ) fzCops(&g, aData, nData);
  gg_graph_free(&g);
  gg_edges_free(&e);
  return 0;
}
