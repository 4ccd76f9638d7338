/*
** cops.c: cops and robbers (see cops.h for the rules and the contract).
**
** Retrograde analysis, one level per round, on bit sets of robber nodes.
** For each configuration M of the cops (a multiset, numbered by rank):
**
**   Cw[M]   robber nodes r where the cops, to move, capture within t
**           rounds (level t); Cw_0[M] = the nodes of M
**   Rw[M]   robber nodes r where the robber, to move, is captured within
**           t rounds: r in M, or every r' in N[r] is in Cw[M]
**   Cw_t[M] = Cw_{t-1}[M] | the union of Rw_{t-1}[M'] over the cops'
**           moves M -> M'
**
** Levels are synchronous, so a node entering Cw[M] at level t is
** captured in exactly t rounds: the cops hurry, the robber delays.  Work
** is incremental: only configurations whose Cw grew get their Rw
** recomputed, and only for robber nodes next to the new Cw nodes (aNew);
** only the growth of Rw (aDR) is pushed to the configurations one move
** away (moves are symmetric on an undirected graph).  The cost is about
** (positions won) * (degree) word operations plus (Rw growths) *
** (moves) * nWord; memory is 2 bytes per (M, r) for aRound plus four bit
** sets per configuration.
*/
#include <string.h>
#include "alloc.h"
#include "cops.h"

#define COPS_MAX_MOVES (1u<<24)   /* most moves of one configuration */

/* Scratch of one solve, carved from one allocation. */
typedef struct CopsWork CopsWork;
struct CopsWork {
  uint64_t *aCw;       /* [conf*nWord]: Cw (see the header comment) */
  uint64_t *aRw;       /* [conf*nWord]: Rw */
  uint64_t *aNew;      /* [conf*nWord]: Cw nodes not yet seen by Rw */
  uint64_t *aDR;       /* [conf*nWord]: Rw growth not yet pushed */
  uint64_t *aListA;    /* configurations whose Cw grew */
  uint64_t *aListB;    /* configurations whose Rw grew */
  uint8_t *aFlag;      /* [conf]: on aListA */
  uint64_t *aMove;     /* moves of one configuration (ranks) */
  uint64_t *aFull;     /* bit set of all nodes */
  uint64_t *aCand;     /* nWord: candidate robber nodes */
  void *pBlock;        /* the one allocation */
};

uint64_t gg_cops_positions(uint64_t n, uint32_t k){
  uint64_t c = 1, i;          /* C(n+k-1, k), exactly, i steps at a time */
  if( n==0 ) return 0;
  for(i=1; i<=k; i++){
    uint64_t m = n-1+i;       /* c = C(n-1+i, i) = c * (n-1+i) / i */
    if( c > UINT64_MAX/m ) return UINT64_MAX;
    c = c*m/i;
  }
  if( c > UINT64_MAX/(2*n) ) return UINT64_MAX;
  return c*n*2;
}

static uint64_t copsBinom(const GGCops *p, uint32_t i, uint32_t v){
  return p->aBinom[(uint64_t)i*(p->n+p->k) + v];
}

uint64_t gg_cops_rank(const GGCops *p, const uint32_t *aCop){
  uint64_t r = 0;
  uint32_t i;
  for(i=0; i<p->k; i++) r += copsBinom(p, i+1, aCop[i]+i);
  return r;
}

void gg_cops_unrank(const GGCops *p, uint64_t conf, uint32_t *aCop){
  uint32_t i = p->k;
  while( i-- > 0 ){
    uint32_t lo = i, hi = p->n-1+i;     /* largest d in [lo,hi] with C(d,i+1) <= conf */
    while( lo<hi ){
      uint32_t mid = lo + (hi-lo+1)/2;
      if( copsBinom(p, i+1, mid)<=conf ) lo = mid; else hi = mid-1;
    }
    aCop[i] = lo - i;
    conf -= copsBinom(p, i+1, lo);
  }
}

/* Sort a few nodes ascending (insertion sort). */
static void copsSort(uint32_t *a, uint32_t k){
  uint32_t i, j;
  for(i=1; i<k; i++){
    uint32_t x = a[i];
    for(j=i; j>0 && a[j-1]>x; j--) a[j] = a[j-1];
    a[j] = x;
  }
}

/* Node j of v's closed neighbourhood: 0 is v itself, then its neighbours. */
static uint32_t copsStep(const GGCops *p, uint32_t v, uint32_t j){
  return j==0 ? v : p->aAdj[p->aAdjOff[v]+j-1];
}

static uint32_t copsDeg(const GGCops *p, uint32_t v){
  return p->aAdjOff[v+1]-p->aAdjOff[v];
}

/* Lazy moves: stay, or one cop (one of each node) to a neighbour. */
static uint32_t copsMovesLazy(const GGCops *p, const uint32_t *aCop, uint64_t *aOut){
  uint32_t t[GG_COPS_MAXK], i, j, nOut = 0;
  aOut[nOut++] = gg_cops_rank(p, aCop);
  for(i=0; i<p->k; i++){
    if( i>0 && aCop[i]==aCop[i-1] ) continue;
    for(j=1; j<=copsDeg(p, aCop[i]); j++){
      memcpy(t, aCop, p->k*sizeof(t[0]));
      t[i] = copsStep(p, aCop[i], j);
      copsSort(t, p->k);
      aOut[nOut++] = gg_cops_rank(p, t);
    }
  }
  return nOut;
}

/* Every cop to a node of its closed neighbourhood, all staying first.
** Cops sharing a node pick choices in nondecreasing order (the other
** orders give the same multisets). */
static uint32_t copsMovesAll(const GGCops *p, const uint32_t *aCop, uint64_t *aOut){
  uint32_t idx[GG_COPS_MAXK], t[GG_COPS_MAXK], i, nOut = 0, k = p->k;
  memset(idx, 0, sizeof(idx));
  for(;;){
    for(i=0; i<k; i++) t[i] = copsStep(p, aCop[i], idx[i]);
    copsSort(t, k);
    aOut[nOut++] = gg_cops_rank(p, t);
    for(i=0; i<k; i++){                 /* odometer, cop 0 fastest */
      if( ++idx[i]<=copsDeg(p, aCop[i]) ) break;
      idx[i] = 0;
    }
    if( i==k ) return nOut;
    while( i-- > 0 ){                   /* restart lower digits at their floor */
      idx[i] = (i+1<k && aCop[i]==aCop[i+1]) ? idx[i+1] : 0;
    }
  }
}

/* Moves of the configuration aCop, written to aOut; the count. */
static uint32_t copsMoves(const GGCops *p, const uint32_t *aCop, uint64_t *aOut){
  return p->bLazy ? copsMovesLazy(p, aCop, aOut) : copsMovesAll(p, aCop, aOut);
}

/* Most moves of one configuration, or 0 if over COPS_MAX_MOVES. */
static uint64_t copsMaxMoves(const GGCops *p){
  uint32_t v, mx = 0, i;
  uint64_t m = 1;
  for(v=0; v<p->n; v++) if( copsDeg(p, v)>mx ) mx = copsDeg(p, v);
  if( p->bLazy ) return 1 + (uint64_t)p->k*mx;
  for(i=0; i<p->k; i++){
    m *= (uint64_t)mx+1;
    if( m>COPS_MAX_MOVES ) return 0;
  }
  return m;
}

/* The graph as neighbour lists without loops and closed-neighbourhood
** bit sets; the binomial table.  Into p->pBlock-free allocations. */
static int copsSetup(GGCops *p, const GGGraph *pG){
  uint32_t v, i, n = p->n, nAdj = 0;
  uint64_t nB = (uint64_t)(p->k+1)*(n+p->k);
  p->aAdjOff = gg_malloc((n+1)*sizeof(uint32_t));
  p->aAdj = gg_malloc((pG->nArc+1)*sizeof(uint32_t));
  p->aNbr = gg_malloc((uint64_t)n*p->nWord*8);
  p->aBinom = gg_malloc(nB*8);
  if( !p->aAdjOff || !p->aAdj || !p->aNbr || !p->aBinom ) return GG_NOMEM;
  memset(p->aNbr, 0, (uint64_t)n*p->nWord*8);
  for(v=0; v<n; v++){
    const uint32_t *a = GG_NBR(pG, v);
    p->aAdjOff[v] = nAdj;
    p->aNbr[(uint64_t)v*p->nWord + v/64] |= 1ull<<(v%64);
    for(i=0; i<GG_DEG(pG, v); i++){
      if( a[i]==v ) continue;
      p->aAdj[nAdj++] = a[i];
      p->aNbr[(uint64_t)v*p->nWord + a[i]/64] |= 1ull<<(a[i]%64);
    }
  }
  p->aAdjOff[n] = nAdj;
  for(i=0; i<=p->k; i++){               /* C(v, i), saturating */
    for(v=0; v<n+p->k; v++){
      uint64_t c;
      if( i==0 ) c = 1;
      else if( v==0 ) c = 0;
      else{
        uint64_t a = p->aBinom[(uint64_t)(i-1)*(n+p->k)+v-1];
        uint64_t b = p->aBinom[(uint64_t)i*(n+p->k)+v-1];
        c = (a+b<a) ? UINT64_MAX : a+b;
      }
      p->aBinom[(uint64_t)i*(n+p->k)+v] = c;
    }
  }
  p->nConf = copsBinom(p, p->k, n+p->k-1);
  return GG_OK;
}

/* Carve the scratch of one solve from one allocation. */
static int copsWorkAlloc(GGCops *p, CopsWork *w, uint64_t nMaxMove){
  uint64_t nSet = p->nConf*p->nWord, nByte;
  nByte = (4*nSet + 2*p->nConf + nMaxMove + 2*p->nWord)*8 + p->nConf;
  w->pBlock = gg_malloc(nByte);
  if( w->pBlock==0 ) return GG_NOMEM;
  memset(w->pBlock, 0, nByte);
  w->aCw = (uint64_t*)w->pBlock;
  w->aRw = w->aCw + nSet;
  w->aNew = w->aRw + nSet;
  w->aDR = w->aNew + nSet;
  w->aListA = w->aDR + nSet;
  w->aListB = w->aListA + p->nConf;
  w->aMove = w->aListB + p->nConf;
  w->aFull = w->aMove + nMaxMove;
  w->aCand = w->aFull + p->nWord;
  w->aFlag = (uint8_t*)(w->aCand + p->nWord);
  return GG_OK;
}

/* Nonzero if the set a (nWord words) holds every node. */
static int copsIsFull(const GGCops *p, const CopsWork *w, const uint64_t *a){
  uint32_t i;
  for(i=0; i<p->nWord; i++) if( a[i]!=w->aFull[i] ) return 0;
  return 1;
}

/* Level 0: Cw = the cops' own nodes, all configurations on aListA. */
static void copsLevel0(GGCops *p, CopsWork *w){
  uint32_t aCop[GG_COPS_MAXK], i;
  uint64_t conf;
  for(i=0; i<p->n; i++) w->aFull[i/64] |= 1ull<<(i%64);
  for(conf=0; conf<p->nConf; conf++){
    uint64_t *cw = &w->aCw[conf*p->nWord];
    gg_cops_unrank(p, conf, aCop);
    for(i=0; i<p->k; i++){
      cw[aCop[i]/64] |= 1ull<<(aCop[i]%64);
      if( p->aRound ) p->aRound[conf*p->n + aCop[i]] = 0;
    }
    memcpy(&w->aNew[conf*p->nWord], cw, p->nWord*8);
    w->aListA[conf] = conf;
    w->aFlag[conf] = 1;
    if( p->captureTime<0 && copsIsFull(p, w, cw) ){
      p->captureTime = 0;
      p->bestConf = conf;
    }
  }
}

/* Rw growth of one configuration from its new Cw nodes, into aDR (and
** Rw); at level 0 the cops' own nodes too.  Returns the work done. */
static uint64_t copsGrowR(GGCops *p, CopsWork *w, uint64_t conf, int bLevel0){
  uint32_t nW = p->nWord, i, j;
  uint64_t *cw = &w->aCw[conf*nW], *rw = &w->aRw[conf*nW];
  uint64_t *nw = &w->aNew[conf*nW], *dr = &w->aDR[conf*nW], *cand = w->aCand;
  uint64_t nStep = nW;
  memset(cand, 0, nW*8);
  for(i=0; i<nW; i++){
    uint64_t m = nw[i];
    while( m ){                 /* candidates: neighbours of new Cw nodes */
      uint32_t v = i*64 + (uint32_t)__builtin_ctzll(m);
      const uint64_t *nb = &p->aNbr[(uint64_t)v*nW];
      m &= m-1;
      for(j=0; j<nW; j++) cand[j] |= nb[j];
      nStep += nW;
    }
    nw[i] = 0;
  }
  for(i=0; i<nW; i++){
    uint64_t m = cand[i] & ~rw[i] & cw[i];   /* r itself must be in Cw */
    uint64_t d = bLevel0 ? cw[i] : 0;        /* robber on a cop: captured */
    while( m ){
      uint32_t r = i*64 + (uint32_t)__builtin_ctzll(m);
      const uint64_t *nb = &p->aNbr[(uint64_t)r*nW];
      m &= m-1;
      for(j=0; j<nW && (nb[j] & ~cw[j])==0; j++){}
      if( j==nW ) d |= 1ull<<(r%64);
      nStep += nW;
    }
    d &= ~rw[i];
    dr[i] = d;
    rw[i] |= d;
  }
  return nStep;
}

/* Nonzero if the set a is empty. */
static int copsIsEmpty(const uint64_t *a, uint32_t nW){
  uint32_t i;
  for(i=0; i<nW; i++) if( a[i] ) return 0;
  return 1;
}

/* Push the Rw growth of confB to every configuration one move away, at
** level t: their Cw grows, they go on aListB... on *pnA. */
static uint64_t copsPush(GGCops *p, CopsWork *w, uint64_t confB, uint32_t t,
                         uint64_t *pnA){
  uint32_t aCop[GG_COPS_MAXK], nMove, m, i, nW = p->nWord;
  const uint64_t *dr = &w->aDR[confB*nW];
  gg_cops_unrank(p, confB, aCop);
  nMove = copsMoves(p, aCop, w->aMove);
  for(m=0; m<nMove; m++){
    uint64_t conf = w->aMove[m];
    uint64_t *cw = &w->aCw[conf*nW], *nw = &w->aNew[conf*nW];
    int bGrew = 0;
    for(i=0; i<nW; i++){
      uint64_t nb = dr[i] & ~cw[i];
      if( nb==0 ) continue;
      bGrew = 1;
      cw[i] |= nb;
      nw[i] |= nb;
      if( p->aRound ){
        uint16_t *aR = &p->aRound[conf*p->n + i*64];
        while( nb ){ aR[__builtin_ctzll(nb)] = (uint16_t)t; nb &= nb-1; }
      }
    }
    if( !bGrew ) continue;
    if( !w->aFlag[conf] ){
      w->aFlag[conf] = 1;
      w->aListA[(*pnA)++] = conf;
    }
    if( p->captureTime<0 && copsIsFull(p, w, cw) ){
      p->captureTime = t;
      p->bestConf = conf;
    }
  }
  return (uint64_t)nMove*nW;
}

/* The levels, until nothing grows (or, with bFast, a capture time). */
static int copsLevels(GGCops *p, CopsWork *w, int bFast, const GGStop *pStop){
  GGPoll poll;
  uint64_t nA = p->nConf, nB, j;
  uint32_t t = 0;
  gg_poll_init(&poll, pStop);
  while( nA>0 && !(bFast && p->captureTime>=0) ){
    nB = 0;
    for(j=0; j<nA; j++){
      uint64_t conf = w->aListA[j];
      w->aFlag[conf] = 0;
      if( gg_poll(&poll, copsGrowR(p, w, conf, t==0)) ) return GG_INTERRUPT;
      if( !copsIsEmpty(&w->aDR[conf*p->nWord], p->nWord) ) w->aListB[nB++] = conf;
    }
    if( ++t>=GG_COPS_NEVER ) return GG_TOOBIG;
    nA = 0;
    for(j=0; j<nB && !(bFast && p->captureTime>=0); j++){
      if( gg_poll(&poll, copsPush(p, w, w->aListB[j], t, &nA)) ) return GG_INTERRUPT;
    }
  }
  return GG_OK;
}

int gg_cops_solve(GGCops *p, const GGGraph *pG, uint32_t k, int bLazy,
                  int bFast, const GGStop *pStop){
  CopsWork w;
  uint64_t nPos, nMaxMove;
  int rc;
  memset(p, 0, sizeof(*p));
  memset(&w, 0, sizeof(w));
  p->n = pG->n;
  p->k = k;
  p->bLazy = bLazy;
  p->captureTime = -1;
  p->nWord = (pG->n+63)/64;
  nPos = gg_cops_positions(pG->n, k);
  if( k<1 || k>GG_COPS_MAXK || pG->n==0 || nPos==UINT64_MAX ) return GG_TOOBIG;
  rc = copsSetup(p, pG);
  if( rc ) return rc;
  nMaxMove = copsMaxMoves(p);
  if( nMaxMove==0 ) return GG_TOOBIG;
  if( !bFast ){
    p->aRound = gg_malloc(p->nConf*p->n*sizeof(uint16_t));
    if( p->aRound==0 ) return GG_NOMEM;
    memset(p->aRound, 0xff, p->nConf*p->n*sizeof(uint16_t));
  }
  rc = copsWorkAlloc(p, &w, nMaxMove);
  if( rc==GG_OK ){
    copsLevel0(p, &w);
    rc = copsLevels(p, &w, bFast, pStop);
  }
  gg_free(w.pBlock);
  return rc;
}

void gg_cops_free(GGCops *p){
  gg_free(p->aNbr);
  gg_free(p->aAdjOff);
  gg_free(p->aAdj);
  gg_free(p->aBinom);
  gg_free(p->aRound);
  memset(p, 0, sizeof(*p));
}

/* Nonzero if a cop of configuration conf stands on r. */
static int copsOn(const GGCops *p, uint64_t conf, uint32_t r){
  uint32_t aCop[GG_COPS_MAXK], i;
  gg_cops_unrank(p, conf, aCop);
  for(i=0; i<p->k; i++) if( aCop[i]==r ) return 1;
  return 0;
}

/* Plies with the cops to move, given that no cop is on r. */
static int64_t copsPliesCops(const GGCops *p, uint64_t conf, uint32_t r){
  uint16_t t = p->aRound[conf*p->n + r];
  return t==GG_COPS_NEVER ? -1 : t==0 ? 0 : 2*(int64_t)t-1;
}

int64_t gg_cops_plies(const GGCops *p, uint64_t conf, uint32_t r, int turn){
  uint32_t j;
  int64_t mx = 0;
  if( copsOn(p, conf, r) ) return 0;
  if( turn==GG_COPS_TURN_COPS ) return copsPliesCops(p, conf, r);
  for(j=0; j<=copsDeg(p, r); j++){
    int64_t q = copsPliesCops(p, conf, copsStep(p, r, j));
    if( q<0 ) return -1;
    if( q>mx ) mx = q;
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
  aMove = gg_malloc(copsMaxMoves(p)*sizeof(uint64_t));
  if( aMove==0 ) return GG_NOMEM;
  gg_cops_unrank(p, conf, aCop);
  nMove = copsMoves(p, aCop, aMove);
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
  int64_t want;
  uint32_t j;
  if( copsOn(p, conf, r) ) return -1;
  if( turn==GG_COPS_TURN_COPS ) return copsBestCops(p, conf, r, pNext);
  want = gg_cops_plies(p, conf, r, GG_COPS_TURN_ROBBER);
  for(j=0; j<=copsDeg(p, r); j++){
    uint32_t v = copsStep(p, r, j);
    int64_t q = copsOn(p, conf, v) ? 0 : copsPliesCops(p, conf, v);
    if( want<0 ? q<0 : q==want-1 ){ *pNext = v; return 0; }
  }
  *pNext = r;
  return 0;
}
