/*
** catmouse_order.c: the numbering of the nodes in the fast cat-and-mouse
** engine (catmouse.c renumbers with it before anything is built).
**
** A word of a bitset holds 64 positions (x, y..y+63): one mover's node
** and 64 consecutive numbers of the other player's.  The pull decides at
** each ply the positions whose children were decided at the last one, so
** it does the least work when the 64 nodes of a word tend to be decided
** at the same ply, that is when they lie at about the same distance from
** most nodes.  Two numberings:
**
**   reverse Cuthill-McKee (cm_order_rcm): a BFS that takes low degrees
**     first, reversed.  A word is a piece of one BFS level: on a tree or
**     a random graph, nodes at one depth are at about one distance from
**     most nodes (25 positions decided a visited word on a random tree of
**     5,000 nodes); and the chains' stencils need it (catmouse_chain.c).
**   balls (cmBalls): the RCM order cut into balls of GG_CM_BALL nodes,
**     each grown breadth first among the nodes not yet numbered from the
**     first of them in the RCM order.  On a grid a BFS level is a long
**     diagonal whose ends are far from any node; a ball is compact (4.1
**     positions a visited word on the 100x100 grid with RCM, 7.4 with
**     balls).
**
**   the labels' own order (cm_order_stencil): when the chains may run (one
**     hole, no arcs) and their stencils cover the moves in the labels'
**     order but not in RCM's, as a grid numbered row by row (its moves
**     +-1 and +-cols) against RCM's diagonals.
**
** The choice (cm_order_choose), when the pull runs every ply (the chains
** do not take over: they need RCM): the numbering whose words have the
** smaller spread (largest minus least distance, averaged over the words)
** of the distances from GG_CM_ORDER_SRC sample nodes, balls only when
** theirs is under 4/5 of RCM's.  Measured (docs/speed.md, "The
** numbering"): grids 100x100 59.9 against 17.1 (balls), a random tree
** 2.9 against 7.5 (RCM), random graphs 3.1 both (RCM kept).
*/
#include <string.h>
#include <stdlib.h>
#include "alloc.h"
#include "catmouse_chain.h"      /* (the stencils' sizes) */

#ifndef GG_CM_BALL              /* nodes of a ball */
# define GG_CM_BALL 128
#endif
#ifndef GG_CM_ORDER_SRC         /* sample nodes of the spread */
# define GG_CM_ORDER_SRC 8
#endif
#ifndef GG_CM_ORDER_MIN         /* fewer nodes than this: RCM (a small solve) */
# define GG_CM_ORDER_MIN 1024
#endif
#ifndef GG_CM_LABELS_MIN        /* ... and not the labels' order (tests lower it) */
# define GG_CM_LABELS_MIN 1024
#endif

static int cmoCmpU64(const void *a, const void *b){
  uint64_t x = *(const uint64_t*)a, y = *(const uint64_t*)b;
  return (x>y) - (x<y);
}

int cm_order_rcm(GGCatMouse *p, uint32_t *aInv, const GGStop *pStop){
  const GGGraph *pG = p->pG;
  uint32_t n = p->n, nDone = 0, head = 0, start = 0, i, j;
  uint8_t *aSeen = gg_malloc(n+1);
  uint64_t *aKey = gg_malloc(((uint64_t)n+1)*sizeof(uint64_t));  /* (degree, order) */
  GGPoll poll;
  gg_poll_init(&poll, pStop);
  if( aSeen==0 || aKey==0 ){ gg_free(aSeen); gg_free(aKey); return GG_NOMEM; }
  memset(aSeen, 0, n);
  while( nDone<n ){
    uint32_t best;
    while( aSeen[start] ) start++;
    best = start;
    for(i=0; nDone==0 && i<n; i++){
      if( GG_DEG(pG, i)<GG_DEG(pG, best) ) best = i;
    }
    aSeen[best] = 1;
    aInv[nDone++] = best;
    while( head<nDone ){
      uint32_t u = aInv[head++], first = nDone;
      for(j=0; j<GG_DEG(pG, u); j++){
        uint32_t v = GG_NBR(pG, u)[j];
        if( aSeen[v] ) continue;
        aSeen[v] = 1;
        aInv[nDone++] = v;
      }
      if( nDone-first>1 ){            /* by degree, stable */
        for(i=first; i<nDone; i++){
          aKey[i-first] = ((uint64_t)GG_DEG(pG, aInv[i])<<32) | (i-first);
        }
        qsort(aKey, nDone-first, sizeof(uint64_t), cmoCmpU64);
        for(i=first; i<nDone; i++) aKey[i-first] = aInv[first + (uint32_t)aKey[i-first]];
        for(i=first; i<nDone; i++) aInv[i] = (uint32_t)aKey[i-first];
      }
      if( gg_poll(&poll, 1 + GG_DEG(pG, u)) ){
        gg_free(aSeen); gg_free(aKey); return GG_INTERRUPT;
      }
    }
  }
  gg_free(aSeen);
  gg_free(aKey);
  for(i=0; i<n/2; i++){ uint32_t t = aInv[i]; aInv[i] = aInv[n-1-i]; aInv[n-1-i] = t; }
  for(i=0; i<n; i++) p->aPerm[aInv[i]] = i;
  return GG_OK;
}

/* The balls' numbering from the RCM one aRcm (nodes in order) into aOut:
** ball after ball of GG_CM_BALL nodes (the last fewer), each grown
** breadth first among the nodes not numbered yet from the first such
** node of aRcm, and grown again from the next if it runs out (a pocket).
** aMark (n bytes) and aQ (n) are scratch. */
static int cmBalls(CmSolve *s, const uint32_t *aRcm, uint32_t *aOut, uint8_t *aMark,
                   uint32_t *aQ){
  const GGGraph *pG = s->p->pG;
  uint32_t n = s->n, nOut = 0, r = 0, j;
  memset(aMark, 0, n);
  while( nOut<n ){
    uint32_t nBall = 0;
    while( nBall<GG_CM_BALL && nOut<n ){
      uint32_t head = 0, tail = 0;
      while( aMark[aRcm[r]] ) r++;
      aQ[tail++] = aRcm[r];
      aMark[aRcm[r]] = 1;
      while( head<tail && nBall<GG_CM_BALL ){
        uint32_t u = aQ[head++];
        aOut[nOut++] = u;
        nBall++;
        for(j=0; j<GG_DEG(pG, u); j++){
          uint32_t v = GG_NBR(pG, u)[j];
          if( aMark[v] ) continue;
          aMark[v] = 1;
          aQ[tail++] = v;
        }
        if( gg_poll(&s->setup, 1 + GG_DEG(pG, u)) ) return GG_INTERRUPT;
      }
      while( head<tail ) aMark[aQ[head++]] = 0;   /* queued, not taken */
    }
  }
  return GG_OK;
}

/* Distances from node src along out-arcs into aDist (UINT32_MAX: not
** reached); aQ is scratch. */
static int cmDistances(CmSolve *s, uint32_t src, uint32_t *aDist, uint32_t *aQ){
  const GGGraph *pG = s->p->pG;
  uint32_t head = 0, tail = 0, j;
  memset(aDist, 0xff, (uint64_t)s->n*sizeof(uint32_t));
  aDist[src] = 0;
  aQ[tail++] = src;
  while( head<tail ){
    uint32_t u = aQ[head++];
    for(j=0; j<GG_DEG(pG, u); j++){
      uint32_t v = GG_NBR(pG, u)[j];
      if( aDist[v]!=UINT32_MAX ) continue;
      aDist[v] = aDist[u] + 1;
      aQ[tail++] = v;
    }
    if( gg_poll(&s->setup, 1 + GG_DEG(pG, u)) ) return GG_INTERRUPT;
  }
  return GG_OK;
}

/* The sum over the words of order aOrd (nodes in order) of the spread of
** the distances aDist of their reached nodes. */
static uint64_t cmSpread(const CmSolve *s, const uint32_t *aOrd, const uint32_t *aDist){
  uint64_t nSum = 0;
  uint32_t i, j;
  for(i=0; i<s->n; i+=64){
    uint32_t lo = UINT32_MAX, hi = 0;
    for(j=i; j<i+64 && j<s->n; j++){
      uint32_t d = aDist[aOrd[j]];
      if( d==UINT32_MAX ) continue;
      if( d<lo ) lo = d;
      if( d>hi ) hi = d;
    }
    if( lo!=UINT32_MAX ) nSum += hi - lo;
  }
  return nSum;
}

int cm_order_choose(CmSolve *s, uint32_t *aInv, int *pbNew){
  uint32_t n = s->n, i;
  uint64_t nRcm = 0, nBall = 0;
  uint32_t *aBall, *aQ, *aDist;
  uint8_t *aMark;
  int rc;
  *pbNew = 0;
  if( GG_CM_ORDER==1 || (GG_CM_ORDER==0 && n<GG_CM_ORDER_MIN) ) return GG_OK;
  if( cm_chain_from(s) ) return GG_OK;  /* the chains: RCM */
  aBall = gg_malloc((uint64_t)n*3*sizeof(uint32_t) + n);
  if( aBall==0 ) return GG_NOMEM;
  aQ = aBall + n;
  aDist = aQ + n;
  aMark = (uint8_t*)(aDist + n);
  rc = cmBalls(s, aInv, aBall, aMark, aQ);
  for(i=0; i<GG_CM_ORDER_SRC && rc==GG_OK && GG_CM_ORDER==0; i++){
    rc = cmDistances(s, aInv[(uint32_t)(((2*(uint64_t)i + 1)*n)/(2*GG_CM_ORDER_SRC))], aDist, aQ);
    nRcm += cmSpread(s, aInv, aDist);
    nBall += cmSpread(s, aBall, aDist);
  }
  if( rc==GG_OK && (GG_CM_ORDER==2 || nBall*5<nRcm*4) ){
    memcpy(aInv, aBall, (uint64_t)n*sizeof(uint32_t));
    for(i=0; i<n; i++) s->p->aPerm[aInv[i]] = i;
    *pbNew = 1;
    s->p->bBalls = 1;
  }
  gg_free(aBall);
  return rc;
}

/* The nodes of pG whose moves do not all lie among the CH_ND most
** frequent offsets (up to CH_DMAX) in the numbering aNum (dense id ->
** number), at most nMax + 1 (counting stops there); aCnt has room for
** 2*CH_DMAX + 1 counters.  The chains' stencils (catmouse_chain_set.c)
** take the offsets the same way.  ~0u if stopped (pPoll). */
static uint32_t cmoStencilMiss(const GGGraph *pG, const uint32_t *aNum, uint64_t *aCnt,
                               uint32_t nMax, GGPoll *pPoll){
  int64_t aTop[CH_ND];
  uint32_t u, j, nMiss = 0;
  int q, i, nTop = 0;
  memset(aCnt, 0, (2*CH_DMAX + 1)*sizeof(uint64_t));
  for(u=0; u<pG->n; u++){
    for(j=0; j<GG_DEG(pG, u); j++){
      int64_t d = (int64_t)aNum[GG_NBR(pG, u)[j]] - aNum[u];
      if( d>=-CH_DMAX && d<=CH_DMAX ) aCnt[d + CH_DMAX]++;
    }
    if( gg_poll(pPoll, 1 + GG_DEG(pG, u)) ) return ~0u;
  }
  for(q=0; q<CH_ND; q++){
    int best = -1;
    for(i=0; i<2*CH_DMAX+1; i++) if( aCnt[i] && (best<0 || aCnt[i]>aCnt[best]) ) best = i;
    if( best<0 ) break;
    aTop[nTop++] = best - CH_DMAX;
    aCnt[best] = 0;
  }
  for(u=0; u<pG->n && nMiss<=nMax; u++){
    for(j=0; j<GG_DEG(pG, u); j++){
      int64_t d = (int64_t)aNum[GG_NBR(pG, u)[j]] - aNum[u];
      for(q=0; q<nTop && aTop[q]!=d; q++){}
      if( q==nTop ){ nMiss++; break; }
    }
    if( gg_poll(pPoll, 1 + GG_DEG(pG, u)) ) return ~0u;
  }
  return nMiss;
}

int cm_order_stencil(GGCatMouse *p, uint32_t *aInv, const GGStop *pStop){
  const GGGraph *pG = p->pG;
  uint32_t n = p->n, i, nHole = 0, nMax = n/10, nRcm, nId = ~0u;
  uint64_t *aCnt;
  uint32_t *aId;
  GGPoll poll;
  gg_poll_init(&poll, pStop);
  for(i=0; i<n; i++) nHole += p->aHole[i]!=0;
  if( pG->bDirected || nHole!=1 || n<GG_CM_LABELS_MIN ) return GG_OK;
  aCnt = gg_malloc((2*CH_DMAX + 1)*sizeof(uint64_t) + (uint64_t)n*4);
  if( aCnt==0 ) return GG_NOMEM;
  aId = (uint32_t*)(aCnt + 2*CH_DMAX + 1);
  for(i=0; i<n; i++) aId[i] = i;
  nRcm = cmoStencilMiss(pG, p->aPerm, aCnt, nMax, &poll);
  if( nRcm!=~0u && nRcm>nMax ) nId = cmoStencilMiss(pG, aId, aCnt, nMax, &poll);
  if( nId<=nMax ){
    p->bLabels = 1;
    memcpy(p->aPerm, aId, (uint64_t)n*4);
    memcpy(aInv, aId, (uint64_t)n*4);
  }
  gg_free(aCnt);
  return nRcm==~0u || (nRcm>nMax && nId==~0u) ? GG_INTERRUPT : GG_OK;
}
