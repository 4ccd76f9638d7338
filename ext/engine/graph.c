/*
** graph.c: building GGGraph (see graph.h) from labelled edge lists.
**
** Labels are radix sorted and deduplicated into aLabel[]; every edge
** becomes two arcs (one for a self-loop; one for a directed edge), arcs
** are sorted with an LSD radix sort on (from, to) and deduplicated into
** CSR arrays; a directed graph's in-arcs are their transpose.  O(m log n)
** for the label mapping, linear otherwise.  gg_graph_build_stop() polls a
** GGStop (common.h) so that a huge edge list can be given up on.
*/
#include <string.h>
#include <stdlib.h>
#include "alloc.h"
#include "graph.h"

int gg_edges_add(GGEdgeList *p, int64_t src, int64_t dst){
  if( p->nEdge==p->nAlloc ){
    uint64_t nNew = p->nAlloc ? p->nAlloc*2 : 64;
    int64_t *aNew = gg_malloc(nNew*2*sizeof(int64_t));
    if( aNew==0 ) return GG_NOMEM;
    if( p->nEdge ) memcpy(aNew, p->a, p->nEdge*2*sizeof(int64_t));
    gg_free(p->a);
    p->a = aNew;
    p->nAlloc = nNew;
  }
  p->a[2*p->nEdge] = src;
  p->a[2*p->nEdge+1] = dst;
  p->nEdge++;
  return GG_OK;
}

void gg_edges_free(GGEdgeList *p){
  gg_free(p->a);
  memset(p, 0, sizeof(*p));
}

void gg_graph_free(GGGraph *pG){
  if( pG->aInOff!=pG->aOff ) gg_free(pG->aInOff);
  if( pG->aInAdj!=pG->aAdj ) gg_free(pG->aInAdj);
  gg_free(pG->aLabel);
  gg_free(pG->aOff);
  gg_free(pG->aAdj);
  memset(pG, 0, sizeof(*pG));
}

int64_t gg_graph_find(const GGGraph *pG, int64_t L){
  uint32_t lo = 0, hi = pG->n;
  while( lo<hi ){
    uint32_t mid = lo + (hi-lo)/2;
    if( pG->aLabel[mid]<L ) lo = mid+1; else hi = mid;
  }
  return (lo<pG->n && pG->aLabel[lo]==L) ? (int64_t)lo : -1;
}

int gg_graph_adjacent(const GGGraph *pG, uint32_t u, uint32_t v){
  const uint32_t *a = GG_NBR(pG, u);
  uint32_t lo = 0, hi = GG_DEG(pG, u);
  while( lo<hi ){
    uint32_t mid = lo + (hi-lo)/2;
    if( a[mid]<v ) lo = mid+1; else hi = mid;
  }
  return lo<GG_DEG(pG, u) && a[lo]==v;
}

/* Sort a[0..n-1] (64-bit keys) with an LSD radix sort using scratch space
** t[], skipping the bytes in which all keys agree.  Returns the array that
** holds the result, or NULL if pStop said to give up. */
static uint64_t *graphRadixSort(uint64_t *a, uint64_t *t, uint64_t n,
                                GGPoll *pPoll){
  uint64_t cnt[256], diff = 0, i;
  int shift;
  for(i=0; i<n; i++) diff |= a[i] ^ a[0];
  for(shift=0; shift<64; shift+=8){
    uint64_t sum = 0;
    if( ((diff>>shift) & 0xff)==0 ) continue;
    if( gg_poll(pPoll, GG_STOP_EVERY) ) return 0;
    memset(cnt, 0, sizeof(cnt));
    for(i=0; i<n; i++) cnt[(a[i]>>shift)&0xff]++;
    for(i=0; i<256; i++){ uint64_t c = cnt[i]; cnt[i] = sum; sum += c; }
    for(i=0; i<n; i++){
      if( (i & 0xffff)==0xffff && gg_poll(pPoll, 0x10000) ) return 0;
      t[cnt[(a[i]>>shift)&0xff]++] = a[i];
    }
    { uint64_t *x = a; a = t; t = x; }
  }
  return a;
}

/* Fill pG->aLabel from the edges and the extra labels (sorted as
** unsigned keys with the sign bit flipped, which orders them as int64). */
static int graphLabels(GGGraph *pG, const GGEdgeList *pE, const int64_t *aExtra,
                       int nExtra, GGPoll *pPoll){
  const uint64_t flip = (uint64_t)1<<63;
  uint64_t nAll = pE->nEdge*2 + (uint64_t)nExtra, i, n = 0;
  uint64_t *a = gg_malloc(nAll*sizeof(uint64_t));
  uint64_t *t = gg_malloc(nAll*sizeof(uint64_t));
  uint64_t *s;
  if( a==0 || t==0 ){ gg_free(a); gg_free(t); return GG_NOMEM; }
  for(i=0; i<pE->nEdge*2; i++) a[i] = (uint64_t)pE->a[i] ^ flip;
  for(i=0; i<(uint64_t)nExtra; i++) a[pE->nEdge*2+i] = (uint64_t)aExtra[i] ^ flip;
  s = graphRadixSort(a, t, nAll, pPoll);
  if( s==0 ){ gg_free(a); gg_free(t); return GG_INTERRUPT; }
  gg_free(s==a ? t : a);
  for(i=0; i<nAll; i++){
    if( n==0 || s[n-1]!=s[i] ) s[n++] = s[i];
  }
  if( gg_poll(pPoll, GG_STOP_EVERY) ){ gg_free(s); return GG_INTERRUPT; }
  if( n>=0xfffffffe ){ gg_free(s); return GG_TOOBIG; }
  for(i=0; i<n; i++) s[i] ^= flip;
  pG->aLabel = (int64_t*)s;
  pG->n = (uint32_t)n;
  return GG_OK;
}

/* The in-arcs: the arcs themselves if undirected, else their transpose
** (a counting sort by target, so each list comes out ascending). */
static int graphInArcs(GGGraph *pG){
  uint32_t u, n = pG->n;
  uint64_t j, *aPos;
  if( !pG->bDirected ){
    pG->aInOff = pG->aOff;
    pG->aInAdj = pG->aAdj;
    return GG_OK;
  }
  pG->aInOff = gg_malloc(((uint64_t)n+1)*sizeof(uint64_t));
  pG->aInAdj = gg_malloc((pG->nArc+1)*sizeof(uint32_t));
  aPos = gg_malloc(((uint64_t)n+1)*sizeof(uint64_t));
  if( pG->aInOff==0 || pG->aInAdj==0 || aPos==0 ){ gg_free(aPos); return GG_NOMEM; }
  memset(pG->aInOff, 0, ((uint64_t)n+1)*sizeof(uint64_t));
  for(j=0; j<pG->nArc; j++) pG->aInOff[pG->aAdj[j]+1]++;
  for(u=0; u<n; u++) pG->aInOff[u+1] += pG->aInOff[u];
  memcpy(aPos, pG->aInOff, ((uint64_t)n+1)*sizeof(uint64_t));
  for(u=0; u<n; u++){
    for(j=pG->aOff[u]; j<pG->aOff[u+1]; j++) pG->aInAdj[aPos[pG->aAdj[j]]++] = u;
  }
  gg_free(aPos);
  return GG_OK;
}

static uint64_t graphHashMix(uint64_t h, uint64_t x){
  h ^= x + 0x9e3779b97f4a7c15ULL + (h<<6) + (h>>2);
  h *= 0xff51afd7ed558ccdULL;
  return h ^ (h>>33);
}

int gg_graph_build(GGGraph *pG, const GGEdgeList *pE,
                   const int64_t *aExtra, int nExtra){
  return gg_graph_build_stop(pG, pE, aExtra, nExtra, 0);
}

int gg_graph_build_stop(GGGraph *pG, const GGEdgeList *pE, const int64_t *aExtra,
                        int nExtra, const GGStop *pStop){
  uint64_t *aArc = 0, *aTmp = 0, *aSorted, i, nArc = 0, nUniq = 0;
  GGPoll poll;
  int nBit = 0, rc;
  memset(pG, 0, sizeof(*pG));
  gg_poll_init(&poll, pStop);
  rc = graphLabels(pG, pE, aExtra, nExtra, &poll);
  if( rc ) return rc;
  while( nBit<64 && ((uint64_t)pG->n>>(nBit/2))>0 ) nBit += 2;
  nBit = nBit<2 ? 2 : nBit;       /* bits per arc key: 2 ids of nBit/2 */
  aArc = gg_malloc((pE->nEdge*2+1)*sizeof(uint64_t));
  aTmp = gg_malloc((pE->nEdge*2+1)*sizeof(uint64_t));
  pG->aOff = gg_malloc(((uint64_t)pG->n+1)*sizeof(uint64_t));
  if( aArc==0 || aTmp==0 || pG->aOff==0 ){ rc = GG_NOMEM; goto done; }
  for(i=0; i<pE->nEdge; i++){
    uint64_t u, v;
    if( (i & 0xfff)==0xfff && gg_poll(&poll, GG_STOP_EVERY) ){
      rc = GG_INTERRUPT;        /* finding labels is slow: poll often */
      goto done;
    }
    u = (uint64_t)gg_graph_find(pG, pE->a[2*i]);
    v = (uint64_t)gg_graph_find(pG, pE->a[2*i+1]);
    aArc[nArc++] = (u<<(nBit/2)) | v;
    if( u!=v && !pE->bDirected ) aArc[nArc++] = (v<<(nBit/2)) | u;
  }
  aSorted = graphRadixSort(aArc, aTmp, nArc, &poll);
  if( aSorted==0 ){ rc = GG_INTERRUPT; goto done; }
  for(i=0; i<nArc; i++){
    if( nUniq==0 || aSorted[nUniq-1]!=aSorted[i] ) aSorted[nUniq++] = aSorted[i];
  }
  if( gg_poll(&poll, GG_STOP_EVERY) ){ rc = GG_INTERRUPT; goto done; }
  pG->aAdj = gg_malloc((nUniq+1)*sizeof(uint32_t));
  if( pG->aAdj==0 ){ rc = GG_NOMEM; goto done; }
  memset(pG->aOff, 0, ((uint64_t)pG->n+1)*sizeof(uint64_t));
  pG->bDirected = pE->bDirected;
  pG->hash = graphHashMix(pG->n, nUniq*2 + (uint64_t)(pE->bDirected!=0));
  for(i=0; i<pG->n; i++) pG->hash = graphHashMix(pG->hash, (uint64_t)pG->aLabel[i]);
  for(i=0; i<nUniq; i++){
    uint64_t u = aSorted[i]>>(nBit/2);
    if( (i & 0xffff)==0xffff && gg_poll(&poll, 0x10000) ){
      rc = GG_INTERRUPT;
      goto done;
    }
    pG->aAdj[i] = (uint32_t)(aSorted[i] & ((1ULL<<(nBit/2))-1));
    pG->aOff[u+1]++;
    pG->hash = graphHashMix(pG->hash, aSorted[i]);
  }
  for(i=0; i<pG->n; i++) pG->aOff[i+1] += pG->aOff[i];
  pG->nArc = nUniq;
  rc = graphInArcs(pG);
done:
  gg_free(aArc);
  gg_free(aTmp);
  if( rc ) gg_graph_free(pG);
  return rc;
}

int gg_graph_equal(const GGGraph *a, const GGGraph *b){
  return a->n==b->n && a->nArc==b->nArc && a->hash==b->hash
      && a->bDirected==b->bDirected
      && memcmp(a->aLabel, b->aLabel, a->n*sizeof(int64_t))==0
      && memcmp(a->aOff, b->aOff, ((uint64_t)a->n+1)*sizeof(uint64_t))==0
      && memcmp(a->aAdj, b->aAdj, a->nArc*sizeof(uint32_t))==0;
}

int gg_graph_copy(GGGraph *pDst, const GGGraph *pSrc){
  memset(pDst, 0, sizeof(*pDst));
  pDst->aLabel = gg_malloc(pSrc->n*sizeof(int64_t) + 1);
  pDst->aOff = gg_malloc(((uint64_t)pSrc->n+1)*sizeof(uint64_t));
  pDst->aAdj = gg_malloc(pSrc->nArc*sizeof(uint32_t) + 1);
  if( !pDst->aLabel || !pDst->aOff || !pDst->aAdj ){
    gg_graph_free(pDst);
    return GG_NOMEM;
  }
  pDst->n = pSrc->n;
  pDst->nArc = pSrc->nArc;
  pDst->bDirected = pSrc->bDirected;
  pDst->hash = pSrc->hash;
  memcpy(pDst->aLabel, pSrc->aLabel, pSrc->n*sizeof(int64_t));
  memcpy(pDst->aOff, pSrc->aOff, ((uint64_t)pSrc->n+1)*sizeof(uint64_t));
  memcpy(pDst->aAdj, pSrc->aAdj, pSrc->nArc*sizeof(uint32_t));
  if( graphInArcs(pDst) ){ gg_graph_free(pDst); return GG_NOMEM; }
  return GG_OK;
}
