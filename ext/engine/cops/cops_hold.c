/*
** cops_hold.c: what a solve of cops and robbers will hold, before it runs
** (cops_hold.h): the positions it keeps and the bytes at its peak, for
** each of the three solves of cops.h.
**
**   PLAIN  every configuration, C(n+k-1, k) of them, both turns: 2 bytes a
**          (configuration, robber node) for the plies (not kept by the
**          solve that stops at the capture time), five bit sets of robber
**          nodes, three list entries and a flag a configuration (cops.c).
**   SEQ    the cops one at a time on every configuration (cops_seq.c with
**          the trivial group): layer i (i cops moved) keeps every pair of
**          an i-multiset A and a (k-i)-multiset B, C(n+i-1, i) C(n+k-i-1,
**          k-i) states, a bit set of robber nodes and a stamp each.
**   SYM    the same on orbits of the group: the states that the moves reach,
**          over the group's order.  A state (A, B) of layer i is reached
**          when the i cops that moved are the least of the configuration:
**          they came from nodes at most m = min(B), so A is any i-multiset
**          of N[{0..m}].  With u_m = |N[{0..m}]| (the nodes whose least
**          closed in-neighbour is at most m) and C(n-m+k-i-2, k-i-1)
**          multisets B of least node m, layer i reaches
**
**            R_i = sum over m of C(n-m+k-i-2, k-i-1) C(u_m+i-1, i)
**
**          states, counted exactly for the trivial group; the orbits of
**          the configurations are about C(n+k-1, k) / |Aut|, and those of
**          each layer about R_i / |Aut| (most states have no symmetry of
**          their own).  Each state keeps its key, a slot of the hash table
**          (a power of two at least twice the states), its bit set, stamp,
**          offset and successors (one a node of the mover's closed
**          neighbourhood: the mean degree + 1), and the group its elements
**          (16 bits a node).
**
** The bytes are those written (resident): the arrays that double as they
** grow are counted at their use.  docs/reference/cops.md compares them
** with the peaks measured (tests/py/test_cops_lookup.py checks them).
*/
#include <string.h>
#include "alloc.h"
#include "cops_hold.h"

/* C(x, i) for a count x >= 0, in floating point (0 when x < i). */
static double holdBinom(double x, uint32_t i){
  double c = 1;
  uint32_t j;
  if( x<(double)i ) return 0;
  for(j=0; j<i; j++) c = c*(x-j)/(j+1);
  return c;
}

/* The square root of x >= 0 (Newton's steps: the library links no libm). */
static double holdSqrt(double x){
  double r = x>1 ? x : 1;
  int i;
  if( x<=0 ) return 0;
  for(i=0; i<200 && r*r>x*(1+1e-12); i++) r = (r + x/r)/2;
  return r;
}

/* A count x >= 0 rounded up to an integer, UINT64_MAX past 2^64. */
static uint64_t holdCeil(double x){
  uint64_t u;
  if( x>=18446744073709551615.0 ) return UINT64_MAX;
  u = (uint64_t)x;
  return (double)u<x ? u+1 : u;
}

/* The least power of two at least x, and at least lo. */
static double holdPow2(double x, double lo){
  double p = lo;
  while( p<x ) p *= 2;
  return p;
}

/* The states that layer i (0 < i < k) reaches, R_i above, with aCount[m]
** the nodes whose least closed in-neighbour is m. */
static double holdReached(uint32_t n, uint32_t k, uint32_t i, const uint32_t *aCount){
  double r = 0, u = 0;
  uint32_t m;
  for(m=0; m<n; m++){
    u += aCount[m];
    r += holdBinom((double)(n-m+k-i-2), k-i-1)*holdBinom(u+i-1, i);
  }
  return r;
}

int gg_cops_hold_kind(const GGGraph *pG, uint32_t k, const GGCopsRules *pR, int eKind,
                      double order, int bFast, GGCopsHold *pHold){
  uint32_t n = pG->n, nW = (n+63)/64, i, v, j;
  double nConf = holdBinom((double)n+k-1, k), rPos, rByte, d = n ? (double)pG->nArc/n : 0;
  double rPlies = bFast ? 0 : 2.0*n;        /* the plies of a configuration's robber nodes */
  memset(pHold, 0, sizeof(*pHold));
  if( eKind==GG_COPS_SOLVE_SYM && order<2 ) eKind = GG_COPS_SOLVE_SEQ;  /* dense layers */
  pHold->eKind = eKind;
  pHold->order = eKind==GG_COPS_SOLVE_SYM && order>1 ? order : 1;
  (void)pR;
  /* (what every solve sets up, the graph's bit sets and lists, a few words
  ** a node, is left out: the positions' arrays are the peak) */
  rByte = 0;
  if( eKind==GG_COPS_SOLVE_PLAIN ){
    pHold->rState = nConf;
    rPos = nConf*n*2;
    rByte += nConf*(rPlies + 40.0*nW + 25);
  }else if( eKind==GG_COPS_SOLVE_SEQ ){
    double s = nConf;                       /* every key of every layer */
    for(i=1; i<k; i++) s += holdBinom((double)n+i-1, i)*holdBinom((double)n+k-i-1, k-i);
    pHold->rState = s;
    rPos = (s + nConf)*n;
    rByte += s*(8.0*nW + 4) + nConf*(8.0*nW + 4 + rPlies);
  }else{
    double g = pHold->order, s0 = nConf/g, rLayer = 0, rHash = 0;
    uint32_t *aCount = gg_malloc(((uint64_t)n+1)*sizeof(uint32_t));
    if( aCount==0 ) return GG_NOMEM;
    memset(aCount, 0, ((uint64_t)n+1)*sizeof(uint32_t));
    for(v=0; v<n; v++){                     /* each node's least closed in-neighbour */
      uint32_t lo = v;
      const uint32_t *a = pR->bDirected && pG->bDirected ? GG_INNBR(pG, v) : GG_NBR(pG, v);
      uint32_t nA = pR->bDirected && pG->bDirected ? GG_INDEG(pG, v) : GG_DEG(pG, v);
      for(j=0; j<nA; j++) if( a[j]<lo ) lo = a[j];
      aCount[lo]++;
    }
    for(i=0; i<k; i++){
      double s = i==0 ? s0 : holdSqrt(holdReached(n, k, i, aCount)
                                  *holdBinom((double)n+i-1, i)*holdBinom((double)n+k-i-1, k-i))/g;
      if( s<1 ) s = 1;
      rLayer += s;
      rHash += 4*holdPow2(2*s+2, 1024);
    }
    gg_free(aCount);
    pHold->rState = rLayer;
    rPos = (rLayer + s0)*n;
    rByte += rLayer*(8 + 8.0*nW + 4 + 8 + 8*(d+1)) + rHash + s0*(8.0*nW + 4 + rPlies);
    rByte += g*(2.0*n + 8) + 4*holdPow2(2*g, 2);     /* the elements, their hash */
  }
  pHold->nPos = holdCeil(rPos);
  pHold->nByte = holdCeil(rByte);
  return GG_OK;
}

int gg_cops_hold(const GGGraph *pG, uint32_t k, const GGCopsRules *pR, int bFast,
                 GGCopsHold *pHold){
  int eKind = GG_COPS_SOLVE_PLAIN, rc = GG_OK;
  double order = 1;
  if( pR->eSolve!=GG_COPS_SOLVE_PLAIN ) rc = gg_cops_solve_kind(pG, k, pR, &eKind, &order);
  if( rc ) return rc;
  return gg_cops_hold_kind(pG, k, pR, eKind, order, bFast, pHold);
}
