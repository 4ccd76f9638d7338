/*
** cops_query.c: cops and robbers, the answers from a solve (plies and
** optimal moves of any position), the variants' capture zones and robber
** moves that the solve shares, and which rules combine (see cops.h).
*/
#include <string.h>
#include "alloc.h"
#include "cops_int.h"

int gg_cops_rules_check(const GGCopsRules *pR, const char **pzA, const char **pzB){
  /* the pairs no paper defines; distance with robber_speed (Chalopin et
  ** al. 2014) and lazy with distance are played */
  struct { int b; const char *z; } a[5];
  int i, j;
  static const int aOk[5][5] = {
    /* distance, robber_speed, directed, surround, lazy */
    { 1, 1, 0, 0, 1 },
    { 1, 1, 0, 0, 0 },
    { 0, 0, 1, 0, 0 },
    { 0, 0, 0, 1, 0 },
    { 1, 0, 0, 0, 1 },
  };
  a[0].b = pR->distance>0;     a[0].z = "distance";
  a[1].b = pR->robberSpeed>1;  a[1].z = "robber_speed";
  a[2].b = pR->bDirected;      a[2].z = "directed";
  a[3].b = pR->bSurround;      a[3].z = "surround";
  a[4].b = pR->bLazy;          a[4].z = "lazy";
  for(i=0; i<5; i++){
    for(j=i+1; j<5; j++){
      if( a[i].b && a[j].b && !aOk[i][j] ){ *pzA = a[i].z; *pzB = a[j].z; return 1; }
    }
  }
  *pzA = *pzB = 0;
  return 0;
}

void gg_cops_zone(const GGCops *p, uint64_t conf, uint32_t *aCop, uint64_t *mM,
                  uint64_t *aCap){
  uint32_t i, j, nW = p->nWord;
  gg_cops_unrank(p, conf, aCop);
  memset(mM, 0, nW*8);
  for(i=0; i<p->k; i++) COPS_SET(mM, aCop[i]);
  if( p->rules.bSurround ){
    /* r is surrounded if N(r) holds cops only: r is a cop's neighbour
    ** (or a cop's node), or isolated */
    memcpy(aCap, p->aIso, nW*8);
    for(i=0; i<p->k; i++){
      const uint64_t *nb = &p->aNbr[(uint64_t)aCop[i]*nW];
      if( i>0 && aCop[i]==aCop[i-1] ) continue;
      for(j=0; j<nW; j++){
        uint64_t m = nb[j] & ~aCap[j];
        while( m ){
          uint32_t r = j*64 + (uint32_t)__builtin_ctzll(m), x;
          const uint64_t *nr = &p->aNbr[(uint64_t)r*nW];
          m &= m-1;
          for(x=0; x<nW; x++){
            uint64_t own = x==r/64 ? 1ull<<(r%64) : 0;
            if( nr[x] & ~own & ~mM[x] ) break;
          }
          if( x==nW ) COPS_SET(aCap, r);
        }
      }
    }
  }else if( p->aBall ){
    memset(aCap, 0, nW*8);
    for(i=0; i<p->k; i++){
      const uint64_t *b = &p->aBall[(uint64_t)aCop[i]*nW];
      for(j=0; j<nW; j++) aCap[j] |= b[j];
    }
  }else{
    memcpy(aCap, mM, nW*8);
  }
}

uint64_t gg_cops_robber_moves(const GGCops *p, const uint64_t *mM, const uint64_t *aCap,
                              uint32_t r, uint64_t *aOut, uint64_t *aTmp){
  uint32_t nW = p->nWord, i, j, s;
  uint64_t nStep = nW;
  const uint64_t *nb = &p->aNbr[(uint64_t)r*nW];
  uint64_t *front = aTmp, *next = aTmp + nW;
  if( p->rules.bSurround ){                   /* not onto a cop, nor stay on one */
    for(i=0; i<nW; i++) aOut[i] = nb[i] & ~mM[i];
    return nStep;
  }
  for(i=0; i<nW; i++) aOut[i] = front[i] = nb[i] & ~aCap[i];
  COPS_SET(aOut, r);
  for(s=1; s<p->rules.robberSpeed; s++){      /* a path outside the zone */
    int bAny = 0;
    memset(next, 0, nW*8);
    for(i=0; i<nW; i++){
      uint64_t m = front[i];
      while( m ){
        const uint64_t *a = &p->aNbr[(uint64_t)(i*64 + __builtin_ctzll(m))*nW];
        m &= m-1;
        for(j=0; j<nW; j++) next[j] |= a[j];
        nStep += nW;
      }
    }
    for(i=0; i<nW; i++){
      next[i] &= ~aCap[i] & ~aOut[i];
      aOut[i] |= next[i];
      front[i] = next[i];
      if( next[i] ) bAny = 1;
    }
    if( !bAny ) break;
  }
  return nStep;
}

/* The query scratch of a solve (see GGCops.aQuery): cops' nodes, zone,
** moves, two frontiers. */
#define Q_M(p)    ((p)->aQuery)
#define Q_CAP(p)  ((p)->aQuery + (p)->nWord)
#define Q_MV(p)   ((p)->aQuery + 2*(p)->nWord)
#define Q_TMP(p)  ((p)->aQuery + 3*(p)->nWord)

int gg_cops_captured(const GGCops *p, uint64_t conf, uint32_t r){
  uint32_t aCop[GG_COPS_MAXK];
  gg_cops_zone(p, conf, aCop, Q_M(p), Q_CAP(p));
  return (int)COPS_HAS(Q_CAP(p), r);
}

int gg_cops_start_ok(const GGCops *p, uint64_t conf, uint32_t r){
  uint32_t aCop[GG_COPS_MAXK], i;
  if( !p->rules.bSurround ) return 1;
  gg_cops_unrank(p, conf, aCop);
  for(i=0; i<p->k; i++) if( aCop[i]==r ) return 0;
  return 1;
}

/* Plies with the cops to move at a node v outside the zone; -1: never. */
static int64_t copsPliesCops(const GGCops *p, uint64_t conf, uint32_t v){
  uint16_t t;
  if( p->pSeq ) return gg_cops_seq_round(p, conf, v);
  t = p->aRound[conf*p->n + v];
  return t==GG_COPS_NEVER ? -1 : (int64_t)t;
}

/* Plies of the robber's move to v (the zone of conf in Q_CAP). */
static int64_t copsPliesAfter(const GGCops *p, uint64_t conf, uint32_t v){
  return COPS_HAS(Q_CAP(p), v) ? 0 : copsPliesCops(p, conf, v);
}

int64_t gg_cops_plies(const GGCops *p, uint64_t conf, uint32_t r, int turn){
  uint32_t aCop[GG_COPS_MAXK], i;
  int64_t mx = 0;
  gg_cops_zone(p, conf, aCop, Q_M(p), Q_CAP(p));
  if( COPS_HAS(Q_CAP(p), r) ) return 0;
  if( turn==GG_COPS_TURN_COPS ) return copsPliesCops(p, conf, r);
  gg_cops_robber_moves(p, Q_M(p), Q_CAP(p), r, Q_MV(p), Q_TMP(p));
  for(i=0; i<p->nWord; i++){
    uint64_t m = Q_MV(p)[i];
    while( m ){
      int64_t q = copsPliesAfter(p, conf, i*64 + (uint32_t)__builtin_ctzll(m));
      m &= m-1;
      if( q<0 ) return -1;
      if( q>mx ) mx = q;
    }
  }
  return mx+1;
}

/* The cops' optimal move (see gg_cops_best). */
static int copsBestCops(const GGCops *p, uint64_t conf, uint32_t r, uint64_t *pNext){
  int64_t want = gg_cops_plies(p, conf, r, GG_COPS_TURN_COPS);
  uint32_t aCop[GG_COPS_MAXK], nMove, m;
  uint64_t *aMove;
  *pNext = conf;
  if( want<0 ) return 0;
  aMove = gg_malloc(gg_cops_max_moves(p)*sizeof(uint64_t));
  if( aMove==0 ) return GG_NOMEM;
  gg_cops_unrank(p, conf, aCop);
  nMove = gg_cops_moves(p, aCop, 0, aMove);
  for(m=0; m<nMove; m++){
    if( gg_cops_plies(p, aMove[m], r, GG_COPS_TURN_ROBBER)==want-1 ){
      *pNext = aMove[m];
      break;
    }
  }
  gg_free(aMove);
  return 0;
}

int gg_cops_best(const GGCops *p, uint64_t conf, uint32_t r, int turn,
                 uint64_t *pNext){
  int64_t want, q;
  uint32_t i;
  if( gg_cops_captured(p, conf, r) ) return -1;
  if( turn==GG_COPS_TURN_COPS ) return copsBestCops(p, conf, r, pNext);
  want = gg_cops_plies(p, conf, r, GG_COPS_TURN_ROBBER);   /* leaves the zone and moves */
  *pNext = r;
  if( COPS_HAS(Q_MV(p), r) ){                               /* staying first */
    q = copsPliesAfter(p, conf, r);
    if( want<0 ? q<0 : q==want-1 ) return 0;
  }
  for(i=0; i<p->nWord; i++){
    uint64_t m = Q_MV(p)[i];
    while( m ){
      uint32_t v = i*64 + (uint32_t)__builtin_ctzll(m);
      m &= m-1;
      q = copsPliesAfter(p, conf, v);
      if( want<0 ? q<0 : q==want-1 ){ *pNext = v; return 0; }
    }
  }
  return 0;
}
