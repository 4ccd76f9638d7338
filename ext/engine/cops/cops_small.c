/*
** cops_small.c: one or two cops on at most 64 nodes (see cops_small.h).
**
** The sets of cops.c, one 64-bit word each: Z[a][b] (the capture zone of
** the cops on a and b), C[a][b] (robber nodes where the cops, to move,
** capture within t rounds) and R[a][b] (robber to move).  One cop is the
** pair (a, a).  Per round:
**
**   R[a][b]  = Z[a][b] | {r : every move of r ends in C[a][b]}
**   C'[a][b] = C[a][b] | union of R over the cops' moves
**
** Moves of two cops factor: T[a'][b] = union over b' in N[b] of
** R[a'][b'], then C'[a][b] = union over a' in N[a] of T[a'][b]; lazy:
** R[a][b] | the R of one cop stepping.  Whole sweeps, no queues: for
** census graphs (n <= 10 or so) this beats the incremental engine.  The
** robber's moves are those of cops.h: his closed neighbourhood outside
** the zone, a path outside it for a fast robber, his free neighbours in
** the surround game (a robber forced into a surrounded node is caught on
** his move, within the same round).
*/
#include <string.h>
#include "cops_small.h"

/* The small game: the masks and the rules. */
typedef struct SmallGame SmallGame;
struct SmallGame {
  uint32_t n, k;                /* nodes, cops */
  const uint64_t *aNbr;         /* closed out-neighbourhoods */
  uint64_t aBall[64];           /* nodes within the distance (undirected) */
  uint64_t full;                /* every node */
  const GGCopsRules *pR;        /* the rules */
};

/* The capture zone of the cops on a and b. */
static uint64_t smallZone(const SmallGame *g, uint32_t a, uint32_t b){
  uint64_t m = (1ull<<a) | (1ull<<b), z = 0, c;
  uint32_t r;
  if( !g->pR->bSurround ) return g->aBall[a] | g->aBall[b];
  c = g->full;                         /* every r whose neighbours are cops */
  while( c ){
    r = (uint32_t)__builtin_ctzll(c);
    c &= c-1;
    if( (g->aNbr[r] & ~(1ull<<r) & ~m)==0 ) z |= 1ull<<r;
  }
  return z;
}

/* The robber's moves from r (not caught) against the cops m, zone z. */
static uint64_t smallMoves(const SmallGame *g, uint32_t r, uint64_t m, uint64_t z){
  uint64_t out, front;
  uint32_t s;
  if( g->pR->bSurround ) return g->aNbr[r] & ~m;
  out = front = (g->aNbr[r] & ~z) | (1ull<<r);
  for(s=1; s<g->pR->robberSpeed && front; s++){
    uint64_t next = 0, f = front;
    while( f ){ uint32_t v = (uint32_t)__builtin_ctzll(f); f &= f-1; next |= g->aNbr[v]; }
    front = next & ~z & ~out;
    out |= front;
  }
  return out;
}

/* R from C for every pair (a <= b; one cop: b = a only); Z is the zones. */
static void smallRobber(const SmallGame *g, const uint64_t *C, const uint64_t *Z, uint64_t *R){
  uint32_t a, b, n = g->n;
  for(a=0; a<n; a++){
    for(b=a; b<(g->k==1 ? a+1 : n); b++){
      uint64_t c = C[a*64+b], z = Z[a*64+b], r = z, m = ~z & g->full;
      uint64_t cops = (1ull<<a) | (1ull<<b);
      while( m ){
        uint32_t v = (uint32_t)__builtin_ctzll(m);
        m &= m-1;
        if( (smallMoves(g, v, cops, z) & ~c)==0 ) r |= 1ull<<v;
      }
      R[a*64+b] = R[b*64+a] = r;
    }
  }
}

/* Nonzero if C (with the cops' own nodes in the surround game, where the
** robber may not start) holds every node. */
static int smallFull(const SmallGame *g, uint64_t c, uint32_t a, uint32_t b){
  if( g->pR->bSurround ) c |= (1ull<<a) | (1ull<<b);
  return c==g->full;
}

/* One cop: C'[a] = C[a] | union of R[a'] over a' in N[a].  Returns the
** growth (nonzero if anything changed); *pbFull if some C is full. */
static int smallCops1(const SmallGame *g, uint64_t *C, const uint64_t *R, int *pbFull){
  uint32_t a;
  int bGrew = 0;
  for(a=0; a<g->n; a++){
    uint64_t c = C[a*65], m = g->aNbr[a];
    while( m ){
      uint32_t v = (uint32_t)__builtin_ctzll(m);
      m &= m-1;
      c |= R[v*65];
    }
    if( c!=C[a*65] ){ bGrew = 1; C[a*65] = c; }
    if( smallFull(g, c, a, a) ) *pbFull = 1;
  }
  return bGrew;
}

/* Two cops (lazy or not); as smallCops1.  T is scratch. */
static int smallCops2(const SmallGame *g, uint64_t *C, const uint64_t *R, uint64_t *T,
                      int *pbFull){
  uint32_t a, b, n = g->n;
  const uint64_t *aNbr = g->aNbr;
  int bGrew = 0;
  gg_cops_small_steps(n, aNbr, R, T);  /* T[a][b]: the second cop steps */
  for(a=0; a<n; a++){
    for(b=a; b<n; b++){
      uint64_t c = gg_cops_small_pair(aNbr, R, T, C[a*64+b], a, b, g->pR->bLazy);
      if( c!=C[a*64+b] ){ bGrew = 1; C[a*64+b] = C[b*64+a] = c; }
      if( smallFull(g, c, a, b) ) *pbFull = 1;
    }
  }
  return bGrew;
}

/* The d-balls of the undirected closed neighbourhoods. */
static void smallBalls(SmallGame *g){
  uint32_t v, i;
  for(v=0; v<g->n; v++){
    uint64_t b = 1ull<<v;
    for(i=0; i<g->pR->distance; i++){
      uint64_t x = b, nb = b;
      while( x ){ uint32_t u = (uint32_t)__builtin_ctzll(x); x &= x-1; nb |= g->aNbr[u]; }
      if( nb==b ) break;
      b = nb;
    }
    g->aBall[v] = b;
  }
}

int64_t gg_cops_small_rules(uint32_t n, const uint64_t *aNbr, uint32_t k,
                            const GGCopsRules *pR, uint64_t *aScratch){
  SmallGame g;
  uint64_t *C = aScratch, *R = C + 64*64, *Z = R + 64*64;
  uint32_t a, b;
  int64_t t;
  int bFull = 0;
  if( pR->distance==0 && pR->robberSpeed<=1 && !pR->bDirected && !pR->bSurround ){
    return gg_cops_small_plain(n, aNbr, k, pR->bLazy, aScratch);   /* the fast sweeps */
  }
  g.n = n; g.k = k; g.aNbr = aNbr; g.pR = pR;
  g.full = n==64 ? ~0ull : (1ull<<n)-1;
  smallBalls(&g);
  for(a=0; a<n; a++){
    for(b=(k==1 ? a : 0); b<(k==1 ? a+1 : n); b++){
      C[a*64+b] = Z[a*64+b] = smallZone(&g, a, b);
      if( smallFull(&g, C[a*64+b], a, b) ) bFull = 1;
    }
  }
  if( bFull ) return 0;
  for(t=1; ; t++){
    int bGrew;
    smallRobber(&g, C, Z, R);
    /* Z is free now: the two-cop sweep takes it as T, and the zones
    ** come back from C, which holds them */
    bGrew = k==1 ? smallCops1(&g, C, R, &bFull) : smallCops2(&g, C, R, Z, &bFull);
    if( bFull ) return t;
    if( !bGrew ) return -1;
    for(a=0; a<n; a++){
      for(b=(k==1 ? a : 0); b<(k==1 ? a+1 : n); b++) Z[a*64+b] = smallZone(&g, a, b);
    }
  }
}


