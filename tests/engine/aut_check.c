/*
** aut_check.c: the automorphism groups that the cops' symmetric solve
** enumerates (ext/engine/cops/cops_aut.c), checked element by element
** against a count of its own.  Run by tests/py/test_cops_sym.py, built
** twice: as is (nauty's chain of stabilizers) and with -DGG_AUT_CHAIN=0
** (the closure of the generators).
**
**   aut_check FILE      FILE: "D n" (D: 1 directed, 0 not), then edge rows
**                       "u v" on 0..n-1, and a line "end", a graph after
**                       another
**
** For each graph: every element is a permutation that keeps the arcs,
** element 0 is the identity, no two are equal, gg_aut_inv gives each one's inverse,
** and their number is both nauty's order and the number of automorphisms
** found here by backtracking (for n <= 16: each node's image tried in turn,
** the arcs to and from the nodes placed so far kept).  Prints one line a
** graph, "ok order N chain C" or "BAD ...", and exits 1 on any BAD.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cops_aut.h"
#include "ref.h"             /* the tests' short forms (tests/engine/ref) */

#define AC_MAXN 16

static int acN;                         /* nodes of the graph counted */
static unsigned char acAdj[AC_MAXN][AC_MAXN];   /* arcs u -> v */

/* Automorphisms extending the images aImg[0..u-1] (aUsed: images taken). */
static unsigned long acCount(int u, int *aImg, int *aUsed){
  unsigned long nAll = 0;
  int v, w;
  if( u==acN ) return 1;
  for(v=0; v<acN; v++){
    int bOk = !aUsed[v];
    for(w=0; w<u && bOk; w++){
      bOk = acAdj[u][w]==acAdj[v][aImg[w]] && acAdj[w][u]==acAdj[aImg[w]][v];
    }
    if( !bOk || acAdj[u][u]!=acAdj[v][v] ) continue;
    aImg[u] = v; aUsed[v] = 1;
    nAll += acCount(u+1, aImg, aUsed);
    aUsed[v] = 0;
  }
  return nAll;
}

/* qsort's order of two permutations of acSortN nodes. */
static uint32_t acSortN;
static int acCmp(const void *a, const void *b){
  return memcmp(a, b, acSortN*sizeof(uint16_t));
}

/* Check one graph's group; 0 if good (a line printed either way). */
static int acCheck(const GGGraph *g, int bDirected){
  GGAut a;
  uint32_t n = g->n, e, x, j;
  int rc = gg_aut_build(&a, g, bDirected, 1, 1u<<20), bBad = 0;
  char zWhy[200] = "";
  uint16_t *aCopy;
  if( rc ){ printf("BAD build rc %d\n", rc); gg_aut_free(&a); return 1; }
  if( a.nElt!=(uint32_t)(a.order+0.5) ) snprintf(zWhy, sizeof(zWhy), "nElt %u order %.0f", a.nElt, a.order);
  for(x=0; x<n && !zWhy[0]; x++){
    if( gg_aut_map(&a, 0, x)!=x ) snprintf(zWhy, sizeof(zWhy), "element 0 moves %u", x);
  }
  for(e=0; e<a.nElt && !zWhy[0]; e++){
    uint32_t aSeen[65536/32];
    memset(aSeen, 0, sizeof(aSeen));
    for(x=0; x<n; x++){
      uint32_t y = gg_aut_map(&a, e, x);
      if( y>=n || (aSeen[y/32]>>(y%32) & 1) ){ snprintf(zWhy, sizeof(zWhy), "element %u not a permutation", e); break; }
      aSeen[y/32] |= 1u<<(y%32);
      if( gg_aut_map(&a, gg_aut_inv(&a, e), y)!=x ){ snprintf(zWhy, sizeof(zWhy), "the inverse of %u", e); break; }
      for(j=0; j<GG_DEG(g, x); j++){
        uint32_t v = GG_NBR(g, x)[j], yv = gg_aut_map(&a, e, v), i;
        int bFound = 0;
        for(i=0; i<GG_DEG(g, y) && !bFound; i++) bFound = GG_NBR(g, y)[i]==yv;
        if( !bFound ){ snprintf(zWhy, sizeof(zWhy), "element %u breaks arc %u-%u", e, x, v); break; }
      }
      if( zWhy[0] ) break;
    }
  }
  aCopy = malloc((size_t)a.nElt*n*sizeof(uint16_t) + 1);
  if( !zWhy[0] && aCopy ){
    memcpy(aCopy, a.aPerm, (size_t)a.nElt*n*sizeof(uint16_t));
    acSortN = n;
    qsort(aCopy, a.nElt, n*sizeof(uint16_t), acCmp);
    for(e=1; e<a.nElt; e++){
      if( memcmp(aCopy + (size_t)(e-1)*n, aCopy + (size_t)e*n, n*sizeof(uint16_t))==0 ){
        snprintf(zWhy, sizeof(zWhy), "two equal elements");
        break;
      }
    }
  }
  free(aCopy);
  if( !zWhy[0] && n<=AC_MAXN ){
    int aImg[AC_MAXN], aUsed[AC_MAXN];
    unsigned long nBrute;
    memset(acAdj, 0, sizeof(acAdj));
    memset(aUsed, 0, sizeof(aUsed));
    acN = (int)n;
    for(x=0; x<n; x++){
      for(j=0; j<GG_DEG(g, x); j++){
        uint32_t v = GG_NBR(g, x)[j];
        acAdj[x][v] = 1;
        if( !bDirected ) acAdj[v][x] = 1;
      }
    }
    nBrute = acCount(0, aImg, aUsed);
    if( nBrute!=a.nElt ) snprintf(zWhy, sizeof(zWhy), "nElt %u brute force %lu", a.nElt, nBrute);
  }
  if( zWhy[0] ){ printf("BAD %s\n", zWhy); bBad = 1; }
  else printf("ok order %u chain %d\n", a.nElt, a.nBase>0);
  gg_aut_free(&a);
  return bBad;
}

int main(int argc, char **argv){
  FILE *f = argc>1 ? fopen(argv[1], "r") : 0;
  int nBad = 0, d, n;
  if( f==0 ){ fprintf(stderr, "usage: aut_check FILE\n"); return 2; }
  while( fscanf(f, "%d %d", &d, &n)==2 ){
    GGEdgeList e;
    GGGraph g;
    int u, v, i;
    int64_t *aExtra = malloc((n+1)*sizeof(int64_t));
    memset(&e, 0, sizeof(e));
    e.bDirected = d!=0;
    while( fscanf(f, "%d %d", &u, &v)==2 ) gg_edges_add(&e, u, v);
    if( fscanf(f, " end")!=0 ){}
    for(i=0; i<n; i++) aExtra[i] = i;        /* every node, in order */
    if( aExtra==0 || gg_graph_build(&g, &e, aExtra, n) ){ fprintf(stderr, "aut_check: build\n"); return 2; }
    nBad += acCheck(&g, d!=0);
    gg_graph_free(&g);
    gg_edges_free(&e);
    free(aExtra);
  }
  fclose(f);
  return nBad ? 1 : 0;
}
