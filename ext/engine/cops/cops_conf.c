/*
** cops_conf.c: the configurations of k cops (multisets of nodes), shared
** by the solve (cops.c) and the reading of positions (cops_query.c): how
** many there are, their rank in the combinatorial number system and back,
** and the moves of one (every cop steps or stays; lazy: at most one).
*/
#include <string.h>
#include "alloc.h"
#include "board.h"
#include "cops_int.h"

uint64_t gg_cops_positions(uint64_t n, uint32_t k){
  uint64_t c = 1, i;          /* C(n+k-1, k), exactly, i steps at a time */
  if( n==0 ) return 0;
  if( k<=2 && n<(1u<<20) ) return k==1 ? 2*n*n : n*n*(n+1);   /* no overflow: no divisions */
  for(i=1; i<=k; i++){
    uint64_t m = n-1+i;       /* c = C(n-1+i, i) = c * (n-1+i) / i */
    if( c > UINT64_MAX/m ) return UINT64_MAX;
    c = c*m/i;
  }
  if( c > UINT64_MAX/(2*n) ) return UINT64_MAX;
  return c*n*2;
}

uint64_t gg_cops_max_nodes(uint64_t mx, uint32_t k){
  uint64_t f = 1, n;          /* 2 n C(n+k-1, k) >= 2 n^(k+1) / k! */
  uint32_t i;
  for(i=2; i<=k; i++) f = f > UINT64_MAX/i ? UINT64_MAX : f*i;      /* k!, capped */
  n = gg_root(mx/2 > UINT64_MAX/f ? UINT64_MAX : mx/2*f, k+1);
  while( n>0 && gg_cops_positions(n, k)>mx ) n--;
  while( gg_cops_positions(n+1, k)<=mx ) n++;     /* only if the root was capped */
  return n;
}

uint64_t gg_cops_binom(const GGCops *p, uint32_t i, uint32_t v){
  return p->aBinom[(uint64_t)i*(p->n+p->k) + v];
}

uint64_t gg_cops_rank(const GGCops *p, const uint32_t *aCop){
  uint64_t r = 0;
  uint32_t i;
  for(i=0; i<p->k; i++) r += gg_cops_binom(p, i+1, aCop[i]+i);
  return r;
}

void gg_cops_unrank(const GGCops *p, uint64_t conf, uint32_t *aCop){
  uint32_t i = p->k;
  while( i-- > 0 ){
    uint32_t lo = i, hi = p->n-1+i;     /* largest d in [lo,hi] with C(d,i+1) <= conf */
    while( lo<hi ){
      uint32_t mid = lo + (hi-lo+1)/2;
      if( gg_cops_binom(p, i+1, mid)<=conf ) lo = mid; else hi = mid-1;
    }
    aCop[i] = lo - i;
    conf -= gg_cops_binom(p, i+1, lo);
  }
}

/* Node j of v's closed out- (bIn: in-) neighbourhood: 0 is v itself,
** then its neighbours. */
static uint32_t copsStep(const GGCops *p, uint32_t v, uint32_t j, int bIn){
  if( j==0 ) return v;
  return bIn ? p->aIn[p->aInOff[v]+j-1] : p->aAdj[p->aAdjOff[v]+j-1];
}

static uint32_t copsDeg(const GGCops *p, uint32_t v, int bIn){
  return bIn ? p->aInOff[v+1]-p->aInOff[v] : p->aAdjOff[v+1]-p->aAdjOff[v];
}

/* Lazy moves: stay, or one cop (one of each node) to a neighbour. */
static uint32_t copsMovesLazy(const GGCops *p, const uint32_t *aCop, int bIn,
                              uint64_t *aOut){
  uint32_t t[GG_COPS_MAXK], i, j, nOut = 0;
  aOut[nOut++] = gg_cops_rank(p, aCop);
  for(i=0; i<p->k; i++){
    if( i>0 && aCop[i]==aCop[i-1] ) continue;
    for(j=1; j<=copsDeg(p, aCop[i], bIn); j++){
      memcpy(t, aCop, p->k*sizeof(t[0]));
      t[i] = copsStep(p, aCop[i], j, bIn);
      gg_sort_short(t, p->k);
      aOut[nOut++] = gg_cops_rank(p, t);
    }
  }
  return nOut;
}

/* Every cop to a node of its closed neighbourhood, all staying first.
** Cops sharing a node pick choices in nondecreasing order (the other
** orders give the same multisets). */
static uint32_t copsMovesAll(const GGCops *p, const uint32_t *aCop, int bIn,
                             uint64_t *aOut){
  uint32_t idx[GG_COPS_MAXK], t[GG_COPS_MAXK], i, nOut = 0, k = p->k;
  memset(idx, 0, sizeof(idx));
  for(;;){
    for(i=0; i<k; i++) t[i] = copsStep(p, aCop[i], idx[i], bIn);
    gg_sort_short(t, k);
    aOut[nOut++] = gg_cops_rank(p, t);
    for(i=0; i<k; i++){                 /* odometer, cop 0 fastest */
      if( ++idx[i]<=copsDeg(p, aCop[i], bIn) ) break;
      idx[i] = 0;
    }
    if( i==k ) return nOut;
    while( i-- > 0 ){                   /* restart lower digits at their floor */
      idx[i] = (i+1<k && aCop[i]==aCop[i+1]) ? idx[i+1] : 0;
    }
  }
}

uint32_t gg_cops_moves(const GGCops *p, const uint32_t *aCop, int bIn, uint64_t *aOut){
  return p->bLazy ? copsMovesLazy(p, aCop, bIn, aOut) : copsMovesAll(p, aCop, bIn, aOut);
}

uint64_t gg_cops_max_moves(const GGCops *p){
  uint32_t v, mx = 0, i;
  uint64_t m = 1;
  for(v=0; v<p->n; v++){
    if( copsDeg(p, v, 0)>mx ) mx = copsDeg(p, v, 0);
    if( copsDeg(p, v, 1)>mx ) mx = copsDeg(p, v, 1);
  }
  if( p->bLazy ) return 1 + (uint64_t)p->k*mx;
  for(i=0; i<p->k; i++){
    m *= (uint64_t)mx+1;
    if( m>COPS_MAX_MOVES ) return 0;
  }
  return m;
}

