/*
** race_game.c: the value of one start of the race to z without solving
** every position: gg_race_game() (see race.h for the argument).
**
** For equal distances k it keeps the nodes A[j] that Alice can reach
** from x by stepping down (along arcs) to layer j (distance j), and B[j]
** likewise for Bob from y.  Bottom-up for j = 1..k, with bit
** matrices:
**
**   W[j](u,v)   u in A[j], v in B[j], Alice to move: Alice wins.
**               W[0](z,z) = 0 (both arrive together: a draw).
**   E[j](u',v)  u' in A[j-1] (Alice just stepped there), v in B[j], Bob
**               to move: Bob escapes, i.e. some down-neighbour v' of v
**               with v' != u' (or v' = z) has W[j-1](u',v') = 0.
**   W[j](u,v) = some down-neighbour u' of u has E[j](u',v) = 0.
**
** Row u' of E is the OR, over the v' with W[j-1](u',v') = 0, of the set
** of v in B[j] adjacent to v' (bit rows "Up": the tails of the arcs into v'); row u of W is the OR of
** the complements of the rows E(u') of u's down-neighbours.  The cost
** per layer is about |A[j-1]|*|B[j-1]|*|B[j]|/64 word operations.
*/
#include <string.h>
#include "alloc.h"
#include "race.h"

#define RACE_INF 0xffffffffu     /* distance of a node that cannot reach z */

uint32_t gg_race_distances(const GGGraph *pG, uint32_t z, uint32_t *aDist,
                           uint32_t *aQueue){
  uint32_t head = 0, tail = 0, i;
  for(i=0; i<pG->n; i++) aDist[i] = RACE_INF;
  aDist[z] = 0;
  aQueue[tail++] = z;
  while( head<tail ){
    uint32_t u = aQueue[head++], j;
    for(j=0; j<GG_INDEG(pG, u); j++){
      uint32_t w = GG_INNBR(pG, u)[j];
      if( aDist[w]==RACE_INF ){
        aDist[w] = aDist[u] + 1;
        aQueue[tail++] = w;
      }
    }
  }
  return aDist[aQueue[tail-1]];       /* the last node found is the farthest */
}

/* The nodes one player reaches by stepping down from `start` (layer k):
** layer j is aList[aOff[j] .. aOff[j]+aCnt[j]-1], and aIdx[u] is u's
** index within its layer (RACE_INF if u is in no layer). */
typedef struct RaceLayers RaceLayers;
struct RaceLayers {
  uint32_t *aList;     /* nodes, layer k first */
  uint32_t *aOff;      /* aOff[j]: start of layer j in aList */
  uint32_t *aCnt;      /* aCnt[j]: nodes in layer j */
  uint32_t *aIdx;      /* aIdx[u]: index of u within its layer */
};

static void raceLayersBuild(const GGGraph *pG, const uint32_t *aDist,
                            uint32_t start, uint32_t k, RaceLayers *p){
  uint32_t tail = 0, j, i, e;
  for(i=0; i<pG->n; i++) p->aIdx[i] = RACE_INF;
  p->aOff[k] = 0;
  p->aCnt[k] = 1;
  p->aIdx[start] = 0;
  p->aList[tail++] = start;
  for(j=k; j>0; j--){
    p->aOff[j-1] = tail;
    for(i=0; i<p->aCnt[j]; i++){
      uint32_t u = p->aList[p->aOff[j]+i];
      for(e=0; e<GG_DEG(pG, u); e++){
        uint32_t w = GG_NBR(pG, u)[e];
        if( aDist[w]==j-1 && p->aIdx[w]==RACE_INF ){
          p->aIdx[w] = tail - p->aOff[j-1];
          p->aList[tail++] = w;
        }
      }
    }
    p->aCnt[j-1] = tail - p->aOff[j-1];
  }
}

#define RACE_WORDS(nBit) (((uint64_t)(nBit)+63)/64)
#define RACE_MASK(nBit, i) \
  ((uint64_t)(i)+1<RACE_WORDS(nBit) || ((nBit)&63)==0 ? ~(uint64_t)0 \
   : (((uint64_t)1<<((nBit)&63))-1))

static uint64_t *raceBits(uint64_t nWord){
  uint64_t *a = gg_malloc(nWord*sizeof(uint64_t) + 1);
  if( a ) memset(a, 0, nWord*sizeof(uint64_t));
  return a;
}

/* One layer of the bottom-up solve: from pW0 = W[j-1] (rows A[j-1],
** columns B[j-1]) compute *ppW1 = W[j] (rows A[j], columns B[j]). */
static int raceLayerStep(const GGGraph *pG, const uint32_t *aDist,
                         const RaceLayers *pA, const RaceLayers *pB, uint32_t j,
                         const uint64_t *pW0, uint64_t **ppW1, GGPoll *pPoll){
  uint32_t nA0 = pA->aCnt[j-1], nB0 = pB->aCnt[j-1];
  uint32_t nA1 = pA->aCnt[j], nB1 = pB->aCnt[j], i, e;
  uint64_t wB0 = RACE_WORDS(nB0), wB1 = RACE_WORDS(nB1), x;
  int rc = GG_OK;
  uint64_t *aUp = raceBits((uint64_t)nB0*wB1);
  uint64_t *aEsc = raceBits((uint64_t)nA0*wB1);
  uint64_t *aW = raceBits((uint64_t)nA1*wB1);
  *ppW1 = 0;
  if( aUp==0 || aEsc==0 || aW==0 ){
    gg_free(aUp); gg_free(aEsc); gg_free(aW);
    return GG_NOMEM;
  }
  /* Up(v'): the v in B[j] with v' as a down-neighbour. */
  for(i=0; i<nB1; i++){
    uint32_t v = pB->aList[pB->aOff[j]+i];
    for(e=0; e<GG_DEG(pG, v); e++){
      uint32_t w = GG_NBR(pG, v)[e];
      if( aDist[w]==j-1 ) aUp[pB->aIdx[w]*wB1 + i/64] |= (uint64_t)1<<(i%64);
    }
  }
  /* E(u', .) = OR of Up(v') over the v' != u' (unless v' is z) that are
  ** not Alice wins. */
  for(i=0; i<nA0; i++){
    uint32_t u = pA->aList[pA->aOff[j-1]+i];
    uint64_t skip = (j>1 && pB->aIdx[u]!=RACE_INF) ? pB->aIdx[u] : (uint64_t)-1;
    uint64_t *pEsc = &aEsc[(uint64_t)i*wB1];
    for(x=0; x<wB0; x++){
      uint64_t m = ~pW0[(uint64_t)i*wB0 + x] & RACE_MASK(nB0, x);
      if( skip/64==x ) m &= ~((uint64_t)1<<(skip%64));
      while( m ){
        uint64_t iv = x*64 + (uint64_t)__builtin_ctzll(m), y;
        const uint64_t *pUp = &aUp[iv*wB1];
        m &= m-1;
        for(y=0; y<wB1; y++) pEsc[y] |= pUp[y];
      }
    }
    if( gg_poll(pPoll, wB0 + (uint64_t)nB0*wB1) ){ rc = GG_INTERRUPT; goto done; }
  }
  /* W(u, .) = OR of the complements of E(u') over u's down-neighbours. */
  for(i=0; i<nA1; i++){
    uint32_t u = pA->aList[pA->aOff[j]+i];
    if( gg_poll(pPoll, (uint64_t)GG_DEG(pG, u)*wB1) ){ rc = GG_INTERRUPT; goto done; }
    uint64_t *pRow = &aW[(uint64_t)i*wB1];
    for(e=0; e<GG_DEG(pG, u); e++){
      uint32_t w = GG_NBR(pG, u)[e];
      const uint64_t *pEsc;
      if( aDist[w]!=j-1 ) continue;
      pEsc = &aEsc[(uint64_t)pA->aIdx[w]*wB1];
      for(x=0; x<wB1; x++) pRow[x] |= ~pEsc[x] & RACE_MASK(nB1, x);
    }
  }
done:
  gg_free(aUp);
  gg_free(aEsc);
  if( rc ){ gg_free(aW); aW = 0; }
  *ppW1 = aW;
  return rc;
}

/* Equal finite distances k >= 1: Alice wins (GG_V_WIN0) or it is a draw. */
static int raceLayered(const GGGraph *pG, const uint32_t *aDist, uint32_t x,
                       uint32_t y, uint32_t k, uint64_t mxPos,
                       const GGStop *pStop, uint32_t *pValue, uint64_t *pnPos){
  uint64_t n = pG->n, nPos = 0;
  GGPoll poll;
  uint32_t *aMem = gg_malloc((4*n + 6*((uint64_t)k+1))*sizeof(uint32_t));
  uint64_t *pW = 0;
  RaceLayers A, B;
  uint32_t j;
  int rc = GG_OK;
  if( aMem==0 ) return GG_NOMEM;
  A.aList = aMem;        A.aIdx = aMem + n;
  B.aList = aMem + 2*n;  B.aIdx = aMem + 3*n;
  A.aOff = aMem + 4*n;   A.aCnt = A.aOff + (k+1);
  B.aOff = A.aCnt + (k+1);  B.aCnt = B.aOff + (k+1);
  raceLayersBuild(pG, aDist, x, k, &A);
  raceLayersBuild(pG, aDist, y, k, &B);
  for(j=0; j<=k; j++){
    nPos += (uint64_t)A.aCnt[j]*B.aCnt[j];                 /* Alice to move */
    if( j>0 ) nPos += (uint64_t)A.aCnt[j-1]*B.aCnt[j];     /* Bob to move */
  }
  *pnPos = nPos;
  if( nPos>mxPos ){ gg_free(aMem); return GG_TOOBIG; }
  gg_poll_init(&poll, pStop);
  pW = raceBits(1);                      /* W[0](z,z) = 0: a draw */
  if( pW==0 ) rc = GG_NOMEM;
  for(j=1; rc==GG_OK && j<=k; j++){
    uint64_t *pNext = 0;
    rc = raceLayerStep(pG, aDist, &A, &B, j, pW, &pNext, &poll);
    gg_free(pW);
    pW = pNext;
  }
  if( rc==GG_OK ) *pValue = (pW[0] & 1) ? GG_V_WIN0 : GG_V_DRAW;
  gg_free(pW);
  gg_free(aMem);
  return rc;
}

int gg_race_game(const GGGraph *pG, uint32_t x, uint32_t y, uint32_t z,
                 uint64_t mxPos, const GGStop *pStop, uint32_t *pValue,
                 uint64_t *pnPos){
  uint32_t *aDist, *aQueue, dx, dy;
  int rc = GG_OK;
  *pnPos = 0;
  if( x==z || y==z ){                      /* scored at once */
    *pValue = x!=z ? GG_V_WIN1 : y!=z ? GG_V_WIN0 : GG_V_DRAW;
    return GG_OK;
  }
  aDist = gg_malloc((uint64_t)pG->n*sizeof(uint32_t));
  aQueue = gg_malloc((uint64_t)pG->n*sizeof(uint32_t));
  if( aDist==0 || aQueue==0 ){
    gg_free(aDist);
    gg_free(aQueue);
    return GG_NOMEM;
  }
  gg_race_distances(pG, z, aDist, aQueue);
  gg_free(aQueue);
  dx = aDist[x];
  dy = aDist[y];
  if( dx<dy ){
    *pValue = GG_V_WIN0;                   /* also: only Alice reaches z */
  }else if( dy<dx ){
    *pValue = GG_V_WIN1;
  }else if( dx==RACE_INF ){
    *pValue = GG_V_DRAW;                   /* nobody ever reaches z */
  }else{
    rc = raceLayered(pG, aDist, x, y, dx, mxPos, pStop, pValue, pnPos);
  }
  gg_free(aDist);
  return rc;
}
