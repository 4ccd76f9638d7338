/*
** graph_generators.c: the graph generators of graph_generators.h.
**
** Path, cycle, grid, complete and random graphs are streamed from a
** cursor (u, v) in O(1) memory; the tree and the Petersen graph are built
** into an edge array first.  Random trees decode a uniformly random
** Pruefer sequence with the linear-time leaf pointer method.
*/
#include <string.h>
#include <stdlib.h>
#include <math.h>
#include "alloc.h"
#include "graph_generators.h"

#define GEN_PATH     0
#define GEN_CYCLE    1
#define GEN_GRID     2
#define GEN_COMPLETE 3
#define GEN_LIST     4     /* tree, petersen: aEdge[] */
#define GEN_RANDOM   5

uint64_t gg_splitmix64(uint64_t *pState){
  return gg_hash_mix(*pState += 0x9e3779b97f4a7c15ull);
}

uint64_t gg_rand_below(uint64_t *pState, uint64_t k){
  uint64_t lo = (0 - k) % k;     /* 2^64 mod k: draws below it are biased */
  uint64_t r;
  do{ r = gg_splitmix64(pState); }while( r<lo );
  return r % k;
}

static void genStart(GGGen *p, int eKind, int64_t n){
  memset(p, 0, sizeof(*p));
  p->eKind = eKind;
  p->n = n;
}

int gg_gen_path(GGGen *p, int64_t n){
  genStart(p, GEN_PATH, n);
  return n<0 || n>GG_GEN_MAX_NODES ? GG_TOOBIG : GG_OK;
}

int gg_gen_cycle(GGGen *p, int64_t n){
  genStart(p, GEN_CYCLE, n);
  return n<3 || n>GG_GEN_MAX_NODES ? GG_TOOBIG : GG_OK;
}

int gg_gen_grid(GGGen *p, int64_t nRow, int64_t nCol){
  genStart(p, GEN_GRID, 0);
  if( nRow<0 || nCol<0 || nRow>GG_GEN_MAX_NODES || nCol>GG_GEN_MAX_NODES
   || nRow*nCol>GG_GEN_MAX_NODES ) return GG_TOOBIG;
  p->n = nRow*nCol;
  p->nCol = nCol;
  return GG_OK;
}

int gg_gen_complete(GGGen *p, int64_t n){
  genStart(p, GEN_COMPLETE, n);
  p->v = 1;
  return n<0 || n>GG_GEN_MAX_DENSE ? GG_TOOBIG : GG_OK;
}

int gg_gen_random(GGGen *p, int64_t n, double prob, int64_t seed){
  genStart(p, GEN_RANDOM, n);
  p->v = 1;
  p->rng = (uint64_t)seed;
  if( n<0 || n>GG_GEN_MAX_DENSE || !(prob>=0.0 && prob<=1.0) ) return GG_TOOBIG;
  if( prob>=1.0 ){
    p->bAll = 1;
  }else{
    p->thr = (uint64_t)ldexp(prob, 64);   /* exact: a power-of-two scaling */
  }
  return GG_OK;
}

static int genCmpEdge(const void *a, const void *b){
  const int64_t *x = (const int64_t*)a, *y = (const int64_t*)b;
  if( x[0]!=y[0] ) return x[0]<y[0] ? -1 : 1;
  return x[1]<y[1] ? -1 : x[1]>y[1];
}

/* Store edge i as (min, max). */
static void genPut(GGGen *p, int64_t i, int64_t a, int64_t b){
  p->aEdge[2*i] = a<b ? a : b;
  p->aEdge[2*i+1] = a<b ? b : a;
}

int gg_gen_tree(GGGen *p, int64_t n, int64_t seed){
  uint32_t *aSeq, *aDeg;
  int64_t i, ptr, leaf;
  genStart(p, GEN_LIST, n);
  p->rng = (uint64_t)seed;
  if( n<0 || n>GG_GEN_MAX_NODES ) return GG_TOOBIG;
  if( n<2 ) return GG_OK;
  p->aEdge = gg_malloc((uint64_t)(n-1)*2*sizeof(int64_t));
  aSeq = gg_malloc((uint64_t)n*sizeof(uint32_t));
  aDeg = gg_malloc((uint64_t)n*sizeof(uint32_t));
  if( p->aEdge==0 || aSeq==0 || aDeg==0 ){
    gg_free(aSeq);
    gg_free(aDeg);
    return GG_NOMEM;
  }
  for(i=0; i<n; i++) aDeg[i] = 1;
  for(i=0; i<n-2; i++){
    aSeq[i] = (uint32_t)gg_rand_below(&p->rng, (uint64_t)n);
    aDeg[aSeq[i]]++;
  }
  for(ptr=0; aDeg[ptr]!=1; ptr++){}
  leaf = ptr;
  for(i=0; i<n-2; i++){
    uint32_t x = aSeq[i];
    genPut(p, i, leaf, x);
    if( --aDeg[x]==1 && x<ptr ){
      leaf = x;
    }else{
      for(ptr++; aDeg[ptr]!=1; ptr++){}
      leaf = ptr;
    }
  }
  genPut(p, n-2, leaf, n-1);
  p->nEdge = n-1;
  qsort(p->aEdge, (size_t)p->nEdge, 2*sizeof(int64_t), genCmpEdge);
  gg_free(aSeq);
  gg_free(aDeg);
  return GG_OK;
}

int gg_gen_petersen(GGGen *p){
  int64_t i;
  genStart(p, GEN_LIST, 10);
  p->aEdge = gg_malloc(15*2*sizeof(int64_t));
  if( p->aEdge==0 ) return GG_NOMEM;
  for(i=0; i<5; i++){
    genPut(p, 3*i, i, (i+1)%5);              /* outer cycle */
    genPut(p, 3*i+1, i, i+5);                /* spoke */
    genPut(p, 3*i+2, 5+i, 5+(i+2)%5);        /* inner pentagram */
  }
  p->nEdge = 15;
  qsort(p->aEdge, 15, 2*sizeof(int64_t), genCmpEdge);
  return GG_OK;
}

/* The next pair (u, v) with u < v of the n nodes, in row order. */
static int genNextPair(GGGen *p, int64_t *pSrc, int64_t *pDst){
  if( p->v>=p->n ){
    p->u++;
    p->v = p->u+1;
    if( p->v>=p->n ) return 0;
  }
  *pSrc = p->u;
  *pDst = p->v++;
  return 1;
}

int gg_gen_next(GGGen *p, int64_t *pSrc, int64_t *pDst){
  switch( p->eKind ){
    case GEN_PATH:
    case GEN_CYCLE:
      if( p->u+1<p->n ){
        *pSrc = p->u;
        *pDst = ++p->u;
        return 1;
      }
      if( p->eKind==GEN_CYCLE && p->u+1==p->n ){
        p->u++;
        *pSrc = 0;
        *pDst = p->n-1;
        return 1;
      }
      return 0;
    case GEN_GRID:
      while( p->u<p->n ){
        int64_t u = p->u, phase = p->v++;
        if( p->v==2 ){ p->v = 0; p->u++; }
        if( phase==0 && (u+1)%p->nCol!=0 ){ *pSrc = u; *pDst = u+1; return 1; }
        if( phase==1 && u+p->nCol<p->n ){ *pSrc = u; *pDst = u+p->nCol; return 1; }
      }
      return 0;
    case GEN_COMPLETE:
      return genNextPair(p, pSrc, pDst);
    case GEN_RANDOM:
      while( genNextPair(p, pSrc, pDst) ){
        if( p->bAll || gg_splitmix64(&p->rng)<p->thr ) return 1;
      }
      return 0;
    default:     /* GEN_LIST */
      if( p->u>=p->nEdge ) return 0;
      *pSrc = p->aEdge[2*p->u];
      *pDst = p->aEdge[2*p->u+1];
      p->u++;
      return 1;
  }
}

void gg_gen_free(GGGen *p){
  gg_free(p->aEdge);
  p->aEdge = 0;
}
