/*
** graph.c: building GGGraph (see graph.h) from labelled edge lists.
**
** Labels are interned in a GGKeyMap as they come (provisional ids), then
** sorted into SQLite's order (integers ascending, then texts by bytes)
** and interned again in that order, so that a node's dense id is its
** label's rank.  Every edge becomes two arcs (one for a self-loop or a
** directed edge); arcs are sorted with an LSD radix sort on (from, to)
** and deduplicated into CSR arrays; a directed graph's in-arcs are their
** transpose.  O(n log n) for the labels, linear otherwise.  The _stop
** form polls a GGStop (common.h) so that a huge edge list can be given up
** on.
*/
#include <string.h>
#include <stdlib.h>
#include "alloc.h"
#include "graph.h"

/*
** Edge lists.
*/
static int edgesIntern(GGEdgeList *p, const GGLabel *pL, uint32_t *pId){
  int bNew;
  return gg_keymap_add(&p->labels, pL->eType, pL->iVal, pL->z, pL->nz, pId, &bNew);
}

int gg_edges_node(GGEdgeList *p, const GGLabel *pL){
  uint32_t id;
  return edgesIntern(p, pL, &id);
}

int gg_edges_add_labels(GGEdgeList *p, const GGLabel *pSrc, const GGLabel *pDst){
  uint32_t u, v;
  int rc;
  if( (rc = edgesIntern(p, pSrc, &u))!=GG_OK ) return rc;
  if( (rc = edgesIntern(p, pDst, &v))!=GG_OK ) return rc;
  if( p->nEdge==p->nAlloc ){
    uint64_t nNew = p->nAlloc ? p->nAlloc*2 : 16;
    uint32_t *aNew = gg_malloc(nNew*2*sizeof(uint32_t));
    if( aNew==0 ) return GG_NOMEM;
    if( p->nEdge ) memcpy(aNew, p->a, p->nEdge*2*sizeof(uint32_t));
    gg_free(p->a);
    p->a = aNew;
    p->nAlloc = nNew;
  }
  p->a[2*p->nEdge] = u;
  p->a[2*p->nEdge+1] = v;
  p->nEdge++;
  return GG_OK;
}

int gg_edges_add(GGEdgeList *p, int64_t src, int64_t dst){
  GGLabel a = GG_LABEL_INT(src), b = GG_LABEL_INT(dst);
  return gg_edges_add_labels(p, &a, &b);
}

void gg_edges_fit(GGEdgeList *p){
  uint32_t *aNew;
  if( p->nAlloc<=p->nEdge+16 ) return;
  aNew = gg_malloc(p->nEdge*2*sizeof(uint32_t) + 1);
  if( aNew==0 ) return;
  memcpy(aNew, p->a, p->nEdge*2*sizeof(uint32_t));
  gg_free(p->a);
  p->a = aNew;
  p->nAlloc = p->nEdge;
}

void gg_edges_free(GGEdgeList *p){
  gg_keymap_free(&p->labels);
  gg_free(p->a);
  memset(p, 0, sizeof(*p));
}

/*
** Graphs.
*/
void gg_graph_free(GGGraph *pG){
  if( pG->aInOff!=pG->aOff ) gg_free(pG->aInOff);
  if( pG->aInAdj!=pG->aAdj ) gg_free(pG->aInAdj);
  gg_keymap_free(&pG->labels);
  gg_free(pG->aOff);
  gg_free(pG->aAdj);
  memset(pG, 0, sizeof(*pG));
}

int64_t gg_graph_find_label(const GGGraph *pG, const GGLabel *pL){
  return gg_keymap_find(&pG->labels, pL->eType, pL->iVal, pL->z, pL->nz);
}

void gg_graph_label(const GGGraph *pG, uint32_t u, GGLabel *pL){
  pL->eType = gg_keymap_type(&pG->labels, u);
  pL->iVal = 0;
  pL->z = 0;
  pL->nz = 0;
  if( pL->eType==GG_KEY_INT ) pL->iVal = gg_keymap_int(&pG->labels, u);
  else pL->z = gg_keymap_text(&pG->labels, u, &pL->nz);
}

/* Sort a[0..n-1] (64-bit keys) with an LSD radix sort using scratch space
** t[], skipping the bytes in which all keys agree.  Returns the array that
** holds the result, or NULL if the poll said to give up. */
static uint64_t *graphRadixSort(uint64_t *a, uint64_t *t, uint64_t n, GGPoll *pPoll){
  uint64_t cnt[256], diff = 0, i;
  int shift;
  if( n<=64 ){                    /* small graphs: an insertion sort is cheaper */
    for(i=1; i<n; i++){
      uint64_t x = a[i], j = i;
      while( j>0 && a[j-1]>x ){ a[j] = a[j-1]; j--; }
      a[j] = x;
    }
    return a;
  }
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

/* The arc keys a[0..*pn-1] of a graph of at most 64 nodes, sorted and
** without repeats, into t (*pn set to their number): a 64 x 64 bit matrix,
** read row by row.  Linear in the arcs, however many repeat.  Returns t. */
static uint64_t *graphSortSmall(const uint64_t *a, uint64_t *t, uint64_t *pn, uint32_t nNode,
                                int shift){
  uint64_t aRow[64], i, n = 0;
  uint32_t u;
  memset(aRow, 0, sizeof(aRow));
  for(i=0; i<*pn; i++) aRow[a[i]>>shift] |= (uint64_t)1 << (a[i] & (((uint64_t)1<<shift)-1));
  for(u=0; u<nNode; u++){
    uint64_t m;
    for(m=aRow[u]; m; m&=m-1) t[n++] = ((uint64_t)u<<shift) | (uint64_t)__builtin_ctzll(m);
  }
  *pn = n;
  return t;
}

/* SQLite's order of two keys of a map: integers first, ascending; then
** texts by their bytes, a prefix first. */
static int graphLabelCmp(const GGKeyMap *m, uint32_t a, uint32_t b){
  int ta = gg_keymap_type(m, a), tb = gg_keymap_type(m, b), c;
  uint32_t na, nb;
  const char *za, *zb;
  if( ta!=tb ) return ta==GG_KEY_INT ? -1 : 1;
  if( ta==GG_KEY_INT ){
    int64_t x = gg_keymap_int(m, a), y = gg_keymap_int(m, b);
    return (x>y) - (x<y);
  }
  za = gg_keymap_text(m, a, &na);
  zb = gg_keymap_text(m, b, &nb);
  c = memcmp(za, zb, na<nb ? na : nb);
  return c ? c : (na>nb) - (na<nb);
}

/* Sort the ids a[0..n-1] by their keys in m: a bottom-up merge sort with
** scratch t[] (qsort has no context argument, and a global one would not
** be safe with threads; nor could it be polled).  Returns the array that
** holds the result, or NULL if the poll said to give up. */
static uint32_t *graphSortIds(const GGKeyMap *m, uint32_t *a, uint32_t *t, uint32_t n,
                              GGPoll *pPoll){
  uint32_t w, i;
  for(w=1; w<n; w*=2){
    for(i=0; i<n; i+=2*w){
      uint32_t lo = i, mid = i+w<n ? i+w : n, hi = i+2*w<n ? i+2*w : n;
      uint32_t x = lo, y = mid, k = lo;
      while( x<mid && y<hi ) t[k++] = graphLabelCmp(m, a[y], a[x])<0 ? a[y++] : a[x++];
      while( x<mid ) t[k++] = a[x++];
      while( y<hi ) t[k++] = a[y++];
      if( gg_poll(pPoll, 2*(uint64_t)w) ) return 0;
    }
    { uint32_t *s = a; a = t; t = s; }
    if( w>0x7fffffffu ) break;
  }
  return a;
}

/* The ids of integer labels in ascending order into aOrder: the keys
** (sign bit flipped, so that unsigned order is signed order) radix
** sorted, then each key's id found in the map.  GG_OK, GG_NOMEM or
** GG_INTERRUPT. */
static int graphSortInts(const GGKeyMap *pIn, uint32_t *aOrder, GGPoll *pPoll){
  const uint64_t flip = (uint64_t)1<<63;
  uint32_t n = pIn->n, i;
  uint64_t *a = gg_malloc(((uint64_t)n+1)*sizeof(uint64_t));
  uint64_t *t = gg_malloc(((uint64_t)n+1)*sizeof(uint64_t)), *r;
  if( a==0 || t==0 ){ gg_free(a); gg_free(t); return GG_NOMEM; }
  for(i=0; i<n; i++) a[i] = (uint64_t)gg_keymap_int(pIn, i) ^ flip;
  r = graphRadixSort(a, t, n, pPoll);
  for(i=0; r && i<n; i++){
    aOrder[i] = (uint32_t)gg_keymap_find(pIn, GG_KEY_INT, (int64_t)(r[i] ^ flip), 0, 0);
    if( (i & 0xfff)==0xfff && gg_poll(pPoll, 0x1000) ) r = 0;
  }
  gg_free(a);
  gg_free(t);
  return r ? GG_OK : GG_INTERRUPT;
}

/* aRank[provisional id] = dense id, and pG->labels in dense order. */
static int graphLabels(GGGraph *pG, const GGKeyMap *pIn, uint32_t *aRank, GGPoll *pPoll){
  uint32_t n = pIn->n, i, id;
  uint32_t *aOrder = gg_malloc(((uint64_t)n+1)*sizeof(uint32_t));
  int rc = GG_OK, bNew, bText = 0;
  if( aOrder==0 ) return GG_NOMEM;
  for(i=0; i<n; i++){
    aOrder[i] = i;
    bText |= gg_keymap_type(pIn, i)==GG_KEY_TEXT;
  }
  if( !bText ){
    rc = graphSortInts(pIn, aOrder, pPoll);
  }else{
    uint32_t *t = gg_malloc(((uint64_t)n+1)*sizeof(uint32_t)), *r;
    if( t==0 ){ gg_free(aOrder); return GG_NOMEM; }
    r = graphSortIds(pIn, aOrder, t, n, pPoll);
    if( r==0 ) rc = GG_INTERRUPT;
    else if( r!=aOrder ) memcpy(aOrder, r, (uint64_t)n*sizeof(uint32_t));
    gg_free(t);
  }
  for(i=0; rc==GG_OK && i<n; i++){
    uint32_t j = aOrder[i], nz = 0;
    const char *z = gg_keymap_type(pIn, j)==GG_KEY_TEXT ? gg_keymap_text(pIn, j, &nz) : 0;
    rc = gg_keymap_add(&pG->labels, gg_keymap_type(pIn, j), gg_keymap_int(pIn, j),
                       z, nz, &id, &bNew);
    aRank[j] = i;
    if( rc==GG_OK && (i & 0xfff)==0xfff && gg_poll(pPoll, 0x1000) ) rc = GG_INTERRUPT;
  }
  gg_free(aOrder);
  pG->n = n;
  return rc;
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

/* The fingerprint of the labels (types, values, text bytes). */
static uint64_t graphLabelHash(const GGKeyMap *m){
  uint64_t h = graphHashMix(m->n, m->nText), i;
  for(i=0; i<m->n; i++) h = graphHashMix(h, ((uint64_t)m->aKey[i]<<1) ^ m->aType[i]);
  for(i=0; i+8<=m->nText; i+=8){
    uint64_t x;
    memcpy(&x, m->zText+i, 8);
    h = graphHashMix(h, x);
  }
  for(; i<m->nText; i++) h = graphHashMix(h, (unsigned char)m->zText[i]);
  return h;
}

/* The arcs (from, to) of the edges in dense ids, sorted and deduplicated,
** into CSR form. */
static int graphArcs(GGGraph *pG, const GGEdgeList *pE, const uint32_t *aRank,
                     GGPoll *pPoll){
  uint64_t *aArc, *aTmp, *aSorted, i, nArc = 0, nUniq = 0;
  int nBit = 0, rc = GG_OK;
  while( nBit<64 && ((uint64_t)pG->n>>(nBit/2))>0 ) nBit += 2;
  nBit = nBit<2 ? 2 : nBit;       /* bits per arc key: 2 ids of nBit/2 */
  aArc = gg_malloc((pE->nEdge*2+1)*sizeof(uint64_t));
  aTmp = gg_malloc((pE->nEdge*2+1)*sizeof(uint64_t));
  pG->aOff = gg_malloc(((uint64_t)pG->n+1)*sizeof(uint64_t));
  if( aArc==0 || aTmp==0 || pG->aOff==0 ){ rc = GG_NOMEM; goto done; }
  for(i=0; i<pE->nEdge; i++){
    uint64_t u = aRank[pE->a[2*i]], v = aRank[pE->a[2*i+1]];
    aArc[nArc++] = (u<<(nBit/2)) | v;
    if( u!=v && !pE->bDirected ) aArc[nArc++] = (v<<(nBit/2)) | u;
  }
  aSorted = pG->n<=64 ? graphSortSmall(aArc, aTmp, &nArc, pG->n, nBit/2)
                      : graphRadixSort(aArc, aTmp, nArc, pPoll);
  if( aSorted==0 ){ rc = GG_INTERRUPT; goto done; }
  for(i=0; i<nArc; i++){
    if( nUniq==0 || aSorted[nUniq-1]!=aSorted[i] ) aSorted[nUniq++] = aSorted[i];
  }
  if( nUniq>=0xfffffffeu ){ rc = GG_TOOBIG; goto done; }
  pG->aAdj = gg_malloc((nUniq+1)*sizeof(uint32_t));
  if( pG->aAdj==0 ){ rc = GG_NOMEM; goto done; }
  memset(pG->aOff, 0, ((uint64_t)pG->n+1)*sizeof(uint64_t));
  pG->hash = graphHashMix(pG->hash, nUniq*2 + (uint64_t)(pE->bDirected!=0));
  for(i=0; i<nUniq; i++){
    if( (i & 0xffff)==0xffff && gg_poll(pPoll, 0x10000) ){ rc = GG_INTERRUPT; goto done; }
    pG->aAdj[i] = (uint32_t)(aSorted[i] & ((1ULL<<(nBit/2))-1));
    pG->aOff[(aSorted[i]>>(nBit/2))+1]++;
    pG->hash = graphHashMix(pG->hash, aSorted[i]);
  }
  for(i=0; i<pG->n; i++) pG->aOff[i+1] += pG->aOff[i];
  pG->nArc = nUniq;
done:
  gg_free(aArc);
  gg_free(aTmp);
  return rc;
}

int gg_graph_build_stop(GGGraph *pG, const GGEdgeList *pE, const int64_t *aExtra,
                        int nExtra, const GGStop *pStop){
  GGKeyMap all;                   /* the edges' labels and the extra ones */
  const GGKeyMap *pIn = &pE->labels;
  uint32_t *aRank = 0, id;
  GGPoll poll;
  int rc = GG_OK, i, bNew;
  memset(pG, 0, sizeof(*pG));
  memset(&all, 0, sizeof(all));
  gg_poll_init(&poll, pStop);
  if( nExtra>0 ){                 /* a copy, with the extras added at the end */
    for(id=0; rc==GG_OK && id<pE->labels.n; id++){
      uint32_t nz = 0, j;
      const char *z = gg_keymap_type(pIn, id)==GG_KEY_TEXT ? gg_keymap_text(pIn, id, &nz) : 0;
      rc = gg_keymap_add(&all, gg_keymap_type(pIn, id), gg_keymap_int(pIn, id), z, nz, &j, &bNew);
      if( rc==GG_OK && (id & 0xfff)==0xfff && gg_poll(&poll, 0x1000) ) rc = GG_INTERRUPT;
    }
    for(i=0; rc==GG_OK && i<nExtra; i++){
      rc = gg_keymap_add(&all, GG_KEY_INT, aExtra[i], 0, 0, &id, &bNew);
    }
    pIn = &all;
  }
  if( rc==GG_OK && pIn->n>=0xfffffffeu ) rc = GG_TOOBIG;
  if( rc==GG_OK && gg_poll_now(&poll) ) rc = GG_INTERRUPT;
  if( rc==GG_OK ){
    aRank = gg_malloc(((uint64_t)pIn->n+1)*sizeof(uint32_t));
    if( aRank==0 ) rc = GG_NOMEM;
  }
  if( rc==GG_OK ) rc = graphLabels(pG, pIn, aRank, &poll);
  if( rc==GG_OK && gg_poll_now(&poll) ) rc = GG_INTERRUPT;
  pG->bDirected = pE->bDirected;
  pG->hash = graphLabelHash(&pG->labels);
  if( rc==GG_OK ) rc = graphArcs(pG, pE, aRank, &poll);
  if( rc==GG_OK ) rc = graphInArcs(pG);
  gg_free(aRank);
  gg_keymap_free(&all);
  if( rc ) gg_graph_free(pG);
  return rc;
}

static int graphLabelsEqual(const GGKeyMap *a, const GGKeyMap *b){
  return a->n==b->n && a->nText==b->nText
      && memcmp(a->aType, b->aType, a->n)==0
      && memcmp(a->aKey, b->aKey, (uint64_t)a->n*sizeof(int64_t))==0
      && (a->nText==0 || memcmp(a->zText, b->zText, a->nText)==0);
}

int gg_edges_equal(const GGEdgeList *a, const GGEdgeList *b){
  return a->nEdge==b->nEdge && a->bDirected==b->bDirected
      && graphLabelsEqual(&a->labels, &b->labels)
      && (a->nEdge==0 || memcmp(a->a, b->a, a->nEdge*2*sizeof(uint32_t))==0);
}

int gg_graph_equal(const GGGraph *a, const GGGraph *b){
  return a->n==b->n && a->nArc==b->nArc && a->hash==b->hash
      && a->bDirected==b->bDirected
      && graphLabelsEqual(&a->labels, &b->labels)
      && memcmp(a->aOff, b->aOff, ((uint64_t)a->n+1)*sizeof(uint64_t))==0
      && memcmp(a->aAdj, b->aAdj, a->nArc*sizeof(uint32_t))==0;
}
