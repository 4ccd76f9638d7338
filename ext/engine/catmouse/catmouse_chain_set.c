/*
** catmouse_chain_set.c: the set-up of the chains (catmouse_chain.c) and
** the choice between them and the pull: the loser's moves of each closure
** as a stencil of offsets and an index of the other nodes, built from the
** turns' moves in the engine's numbering (reverse Cuthill-McKee), and the
** ply from which the chains run.
*/
#include <string.h>
#include "alloc.h"
#include "catmouse_chain.h"

/* Whether move j of aMv is the loser's in closure h: the cat never moves
** into the hole. */
#define chMove(s, h, aMv, j) ((h)->q==GG_CM_CAT || !(s)->aHoleE[(aMv)[j]])

/* Build closure h's stencil from the loser's moves, the mouse's moves
** aOff/aMv less the moves into the hole when the cat loses (chMove): the
** (at most CH_ND) most frequent offsets under 64; aExact, aHas, aNexPred;
** the (word, mask) pairs of the moves of the nodes not exact, by node and
** by word.  GG_OK, GG_NOMEM or GG_INTERRUPT. */
static int chStencilBuild(CmSolve *s, CmChain *h, const uint32_t *aOff, const uint32_t *aMv){
  uint32_t n = s->n, nW = s->nW, x, j, w, nPair = 0, *aFill;
  uint64_t *aCnt = gg_malloc((2*CH_DMAX + 1)*sizeof(uint64_t));
  int q, i;
  if( aCnt==0 ) return GG_NOMEM;
  memset(aCnt, 0, (2*CH_DMAX + 1)*sizeof(uint64_t));
  for(x=0; x<n; x++){
    for(j=aOff[x]; j<aOff[x+1]; j++){
      int64_t d = (int64_t)aMv[j] - (int64_t)x;
      if( d>=-CH_DMAX && d<=CH_DMAX && d!=0 && chMove(s, h, aMv, j) ) aCnt[d+CH_DMAX]++;
    }
  }
  for(q=0; q<CH_ND; q++){
    int best = -1;
    for(i=0; i<2*CH_DMAX+1; i++) if( aCnt[i] && (best<0 || aCnt[i]>aCnt[best]) ) best = i;
    if( best<0 ) break;
    h->aD[h->nD++] = best-CH_DMAX;
    if( best-CH_DMAX<h->dMin ) h->dMin = best-CH_DMAX;
    if( best-CH_DMAX>h->dMax ) h->dMax = best-CH_DMAX;
    aCnt[best] = 0;
  }
  gg_free(aCnt);
  h->aHas = gg_malloc(((uint64_t)h->nD + 2)*nW*8);
  h->aCovOff = gg_malloc(((uint64_t)n + 1 + nW + 1)*4);
  if( h->aHas==0 || h->aCovOff==0 ) return GG_NOMEM;
  memset(h->aHas, 0, ((uint64_t)h->nD + 2)*nW*8);
  h->aExact = h->aHas + (uint64_t)h->nD*nW;
  h->aNexPred = h->aExact + nW;
  h->aIxOff = h->aCovOff + n + 1;
  for(x=0; x<n; x++){
    int bExact = 1;
    uint32_t lastW = ~0u;
    h->aCovOff[x] = nPair;
    for(j=aOff[x]; j<aOff[x+1]; j++){
      int64_t d = (int64_t)aMv[j] - (int64_t)x;
      int hit = -1;
      if( !chMove(s, h, aMv, j) ) continue;
      for(q=0; q<h->nD; q++) if( h->aD[q]==d ) hit = q;
      if( hit<0 ) bExact = 0;
      else h->aHas[(uint64_t)hit*nW + (x>>6)] |= 1ULL<<(x & 63);
    }
    if( bExact ){
      h->aExact[x>>6] |= 1ULL<<(x & 63);
      continue;
    }
    h->nNotExact++;
    for(j=aOff[x]; j<aOff[x+1]; j++){   /* (ascending: cmArcs) */
      uint32_t y = aMv[j];
      if( !chMove(s, h, aMv, j) ) continue;
      h->aNexPred[y>>6] |= 1ULL<<(y & 63);
      if( (y>>6)!=lastW ){ lastW = y>>6; nPair++; }
    }
    if( gg_poll(&s->setup, 1 + aOff[x+1] - aOff[x]) ) return GG_INTERRUPT;
  }
  h->aCovOff[n] = nPair;
  h->aCovW = gg_malloc((uint64_t)nPair*8 + 8);
  h->aCovM = gg_malloc((uint64_t)nPair*16 + 16);
  aFill = gg_malloc((uint64_t)nW*4 + 4);
  if( h->aCovW==0 || h->aCovM==0 || aFill==0 ){ gg_free(aFill); return GG_NOMEM; }
  h->aIxNode = h->aCovW + nPair;
  h->aIxMask = h->aCovM + nPair;
  memset(h->aIxOff, 0, ((uint64_t)nW + 1)*4);
  memset(aFill, 0, (uint64_t)nW*4);
  for(x=0; x<n; x++){
    uint32_t at = h->aCovOff[x], lastW = ~0u;
    if( h->aExact[x>>6]>>(x & 63) & 1 ) continue;
    for(j=aOff[x]; j<aOff[x+1]; j++){
      uint32_t y = aMv[j];
      if( !chMove(s, h, aMv, j) ) continue;
      if( (y>>6)!=lastW ){
        lastW = y>>6;
        h->aCovW[at] = y>>6;
        h->aCovM[at] = 0;
        h->aIxOff[(y>>6)+1]++;
        at++;
      }
      h->aCovM[at-1] |= 1ULL<<(y & 63);
    }
  }
  for(w=0; w<nW; w++) h->aIxOff[w+1] += h->aIxOff[w];
  for(x=0; x<n; x++){
    if( h->aExact[x>>6]>>(x & 63) & 1 ) continue;
    for(j=h->aCovOff[x]; j<h->aCovOff[x+1]; j++){
      uint32_t at = h->aIxOff[h->aCovW[j]] + aFill[h->aCovW[j]]++;
      h->aIxNode[at] = x;
      h->aIxMask[at] = h->aCovM[j];
    }
  }
  gg_free(aFill);
  return GG_OK;
}

int cm_chain_init(CmSolve *s){
  const CmTurn *pMouse = &s->aTurn[GG_CM_MOUSE];
  uint32_t x, nHole = 0, nMax = 0;
  int q, rc;
  if( s->iChain==0 || s->p->pG->bDirected || s->n>=(1u<<17) ) return GG_OK;   /* (ChEnt's rows) */
  for(x=0; x<s->n; x++) nHole += s->aHoleE[x]!=0;
  if( nHole!=1 ) return GG_OK;       /* several holes, or none: the pull */
  s->aChain = gg_malloc(2*sizeof(CmChain));
  if( s->aChain==0 ) return GG_NOMEM;
  memset(s->aChain, 0, 2*sizeof(CmChain));
  s->aChain[0].aLog[0].bLog = s->aChain[0].aLog[1].bLog = 1;
  for(q=0; q<2; q++){            /* (undirected: the mouse's moves serve both) */
    CmChain *h = &s->aChain[q];
    h->q = q;
    rc = chStencilBuild(s, h, pMouse->aOff, pMouse->aMove);
    if( rc ) return rc;
  }
  for(x=0; x<s->n; x++){
    if( pMouse->aOff[x+1] - pMouse->aOff[x]>nMax ) nMax = pMouse->aOff[x+1] - pMouse->aOff[x];
  }
  for(q=0; q<2; q++){            /* each closure its own: a wide ply runs both at once */
    CmChain *h = &s->aChain[q];
    h->aMv = gg_malloc(((uint64_t)nMax + 1)*4);
    h->aSlot = gg_malloc((uint64_t)s->n*2*sizeof(ChSlot));
    if( h->aMv==0 || h->aSlot==0 ) return GG_NOMEM;
    memset(h->aSlot, 0, (uint64_t)s->n*2*sizeof(ChSlot));
  }
  /* The choice (docs/speed.md): the chains from the first ply when the
  ** stencils cover nine nodes in ten; else the pull. */
  if( s->iChain==GG_CM_CHAIN_AUTO ){
    uint64_t nNot = s->aChain[0].nNotExact + s->aChain[1].nNotExact;
    s->kChainAuto = nNot*10<=2*(uint64_t)s->n ? 1 : 0;
  }
  return GG_OK;
}

uint32_t ch_moves(const CmSolve *s, uint32_t x, uint32_t *aOut){
  const CmChain *h = &s->aChain[GG_CM_CAT];
  uint32_t nOut = 0, j;
  int q;
  if( h->aExact[x>>6]>>(x & 63) & 1 ){
    for(q=0; q<h->nD; q++){
      if( h->aHas[(uint64_t)q*s->nW + (x>>6)]>>(x & 63) & 1 ) aOut[nOut++] = x + h->aD[q];
    }
    return nOut;
  }
  for(j=h->aCovOff[x]; j<h->aCovOff[x+1]; j++){
    uint64_t m;
    for(m=h->aCovM[j]; m; m&=m-1) aOut[nOut++] = h->aCovW[j]*64 + (uint32_t)__builtin_ctzll(m);
  }
  return nOut;
}

uint32_t cm_chain_from(const CmSolve *s){
  if( s->aChain==0 ) return 0;
  return s->iChain>0 ? (uint32_t)s->iChain : s->kChainAuto;
}

int cm_chain_now(const CmSolve *s, const CmWorker *wk, uint32_t k){
  uint32_t k0 = cm_chain_from(s);
  (void)wk;
  return k0 && k>=k0;
}

/* A list's chunks freed. */
static void chListFree(ChList *l){
  uint64_t i;
  for(i=0; i<l->nChunk; i++){
    gg_free(l->ap[i]);
    if( l->bLog ) gg_free(l->aKq[i]);
  }
  gg_free(l->ap);
  gg_free(l->aKq);
}

void cm_chain_free(CmSolve *s){
  int q, i;
  if( s->aChain==0 ) return;
  for(q=0; q<2; q++){
    CmChain *h = &s->aChain[q];
    for(i=0; i<2; i++){
      chListFree(&h->aLW[i]);
      chListFree(&h->aLL[i]);
      chListFree(&h->aLog[i]);
    }
    gg_free(h->aSlot);
    gg_free(h->aMv);
    gg_free(h->aHas);
    gg_free(h->aCovOff);
    gg_free(h->aCovW);
    gg_free(h->aCovM);
  }
  gg_free(s->aChain);
  s->aChain = 0;
}
