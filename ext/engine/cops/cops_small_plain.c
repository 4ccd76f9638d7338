/*
** cops_small_plain.c: one or two cops on at most 64 nodes in the plain
** game and the lazy one (see cops_small.h): the census's inner loop.
** cops_small.c plays every variant (capture zones, a fast robber, arcs,
** surrounding) with a zone per pair of cops and the robber's moves
** computed per position; here the zone is the cops' nodes and the
** robber's moves are his closed neighbourhood, so a level is a few ORs a
** pair, about three times faster on census graphs.  gg_cops_small_rules()
** comes here whenever the rules allow.
**
** The sets, one 64-bit word each: C[a][b] (robber nodes where the cops on
** a and b, to move, capture within t rounds) and R[a][b] (robber to
** move).  One cop is the pair (a, a).  Per level:
**
**   R[a][b]  = {a, b} | {r in C[a][b] : N[r] inside C[a][b]}
**   C'[a][b] = C[a][b] | union of R over the cops' moves
**
** Moves of two cops factor: T[a'][b] = union over b' in N[b] of
** R[a'][b'], then C'[a][b] = union over a' in N[a] of T[a'][b]; lazy:
** R[a][b] | the R of one cop stepping.
*/
#include <string.h>
#include "cops_small.h"

/* Nonzero if some start of k cops has every node within one step. */
static int plainDominates(uint32_t n, const uint64_t *aNbr, uint32_t k, uint64_t full){
  uint32_t a, b;
  for(a=0; a<n; a++){
    if( aNbr[a]==full ) return 1;
    if( k<2 ) continue;
    for(b=a+1; b<n; b++) if( (aNbr[a]|aNbr[b])==full ) return 1;
  }
  return 0;
}

/* R from C for every pair (a <= b; one cop: b = a only). */
static void plainRobber(uint32_t n, const uint64_t *aNbr, uint32_t k,
                        const uint64_t *C, uint64_t *R){
  uint32_t a, b;
  for(a=0; a<n; a++){
    for(b=a; b<(k==1 ? a+1 : n); b++){
      uint64_t c = C[a*64+b], r = (1ull<<a) | (1ull<<b), m = c & ~r;
      while( m ){
        uint32_t v = (uint32_t)__builtin_ctzll(m);
        m &= m-1;
        if( (aNbr[v] & ~c)==0 ) r |= 1ull<<v;
      }
      R[a*64+b] = R[b*64+a] = r;
    }
  }
}

/* One cop: C'[a] = C[a] | union of R[a'] over a' in N[a].  Returns the
** growth (nonzero if anything changed); *pbFull if some C is full. */
static int plainCops1(uint32_t n, const uint64_t *aNbr, uint64_t *C, const uint64_t *R,
                      uint64_t full, int *pbFull){
  uint32_t a;
  int bGrew = 0;
  for(a=0; a<n; a++){
    uint64_t c = C[a*65], m = aNbr[a];
    while( m ){
      uint32_t v = (uint32_t)__builtin_ctzll(m);
      m &= m-1;
      c |= R[v*65];
    }
    if( c!=C[a*65] ){ bGrew = 1; C[a*65] = c; }
    if( c==full ) *pbFull = 1;
  }
  return bGrew;
}

/* Two cops (lazy or not); as plainCops1.  T is scratch. */
static int plainCops2(uint32_t n, const uint64_t *aNbr, int bLazy, uint64_t *C,
                      const uint64_t *R, uint64_t *T, uint64_t full, int *pbFull){
  uint32_t a, b;
  int bGrew = 0;
  gg_cops_small_steps(n, aNbr, R, T);  /* T[a][b]: the second cop steps */
  for(a=0; a<n; a++){
    for(b=a; b<n; b++){
      uint64_t c = gg_cops_small_pair(aNbr, R, T, C[a*64+b], a, b, bLazy);
      if( c!=C[a*64+b] ){ bGrew = 1; C[a*64+b] = C[b*64+a] = c; }
      if( c==full ) *pbFull = 1;
    }
  }
  return bGrew;
}

int64_t gg_cops_small_plain(uint32_t n, const uint64_t *aNbr, uint32_t k, int bLazy,
                            uint64_t *aScratch){
  uint64_t full = n==64 ? ~0ull : (1ull<<n)-1;
  uint64_t *C = aScratch, *R = C + 64*64, *T = R + 64*64;
  uint32_t a, b;
  int64_t t;
  if( k>=n ) return 0;                 /* a cop on every node */
  if( plainDominates(n, aNbr, k, full) ) return 1;
  if( k==1 && !gg_cops_small_copwin(n, aNbr) ) return -1;   /* not dismantlable */
  for(a=0; a<n; a++){
    for(b=0; b<n; b++) C[a*64+b] = (1ull<<a) | (1ull<<b);
  }
  for(t=1; ; t++){
    int bFull = 0, bGrew;
    plainRobber(n, aNbr, k, C, R);
    bGrew = k==1 ? plainCops1(n, aNbr, C, R, full, &bFull)
                 : plainCops2(n, aNbr, bLazy, C, R, T, full, &bFull);
    if( bFull ) return t;
    if( !bGrew ) return -1;
  }
}
