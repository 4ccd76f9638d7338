/*
** small.c: a graph of at most 64 nodes as bit rows (GGSmall): one 64-bit
** row of out-neighbours per node, the labels in direct slots (0..63) or a
** small open-addressing hash.  The sources' fast reads fill them (the
** edge table's, edges.c; graph6, digraph6); call.c finds the roles'
** nodes in them (gg_small_role), sorts them into the general path's
** order, and makes a GGGraph of them on arrays the connection keeps.
*/
#include <string.h>
#include "glue.h"
SQLITE_EXTENSION_INIT3

/* The slot of label v: its node's, or the empty one where it would go.
** Labels 0..63 have slots of their own (the common case: no hashing);
** the others share a hash at most half full. */
static uint32_t smallSlot(const GGSmall *p, int64_t v){
  uint32_t i;
  if( (uint64_t)v<GG_SMALL_MAXN ) return (uint32_t)v;
  i = (uint32_t)(((uint64_t)v * 0x9E3779B97F4A7C15ull)>>57);       /* 0..127 */
  while( p->aSlot[GG_SMALL_MAXN+i] && p->aLabel[p->aSlot[GG_SMALL_MAXN+i]-1]!=v ){
    i = (i+1) & (2*GG_SMALL_MAXN-1);
  }
  return GG_SMALL_MAXN+i;
}

/* The labels 0..n-1 of gg_small_ints() written out, for a lookup. */
static void smallInts(GGSmall *p){
  uint32_t u;
  if( !p->bInts ) return;
  for(u=0; u<p->n; u++){              /* labels 0..63 have slots of their own */
    p->aLabel[u] = u;
    p->aSlot[u] = (uint8_t)(u+1);
  }
  memset(p->aSlot+p->n, 0, sizeof(p->aSlot)-p->n);   /* the rest: empty */
  p->bInts = 0;
}

/* Node of label v, added if new; -1 if there is no room. */
int gg_small_node(GGSmall *p, int64_t v){
  uint32_t h;
  smallInts(p);
  h = smallSlot(p, v);
  if( p->aSlot[h] ) return p->aSlot[h]-1;
  if( p->n==GG_SMALL_MAXN ) return -1;
  p->aLabel[p->n] = v;
  p->aOut[p->n] = 0;
  p->aSlot[h] = (uint8_t)(++p->n);
  return (int)p->n-1;
}

int gg_small_find(const GGSmall *p, int64_t v){
  uint32_t h;
  if( p->bInts ) return v>=0 && v<(int64_t)p->n ? (int)v : -1;
  h = smallSlot(p, v);
  return p->aSlot[h] ? p->aSlot[h]-1 : -1;
}

void gg_small_sort(GGSmall *p){
  uint32_t aOrder[GG_SMALL_MAXN], aNew[GG_SMALL_MAXN], u, i, n = p->n;
  uint64_t aOut[GG_SMALL_MAXN];
  int64_t aLabel[GG_SMALL_MAXN];
  if( p->bInts ) return;               /* 0..n-1: in order */
  for(u=1; u<n && p->aLabel[u-1]<p->aLabel[u]; u++){}
  if( u>=n ) return;                   /* already in order (graph6: 0..n-1) */
  for(u=0; u<n; u++){                  /* insertion sort of the nodes by label */
    uint32_t j = u;
    while( j>0 && p->aLabel[aOrder[j-1]]>p->aLabel[u] ){ aOrder[j] = aOrder[j-1]; j--; }
    aOrder[j] = u;
  }
  for(i=0; i<n; i++) aNew[aOrder[i]] = i;
  for(i=0; i<n; i++){
    uint64_t m, r = 0;
    for(m=p->aOut[aOrder[i]]; m; m&=m-1) r |= 1ull<<aNew[__builtin_ctzll(m)];
    aOut[i] = r;
    aLabel[i] = p->aLabel[aOrder[i]];
  }
  gg_small_clear(p);
  for(i=0; i<n; i++){
    uint32_t h = smallSlot(p, aLabel[i]);
    p->aLabel[i] = aLabel[i];
    p->aOut[i] = aOut[i];
    p->aSlot[h] = (uint8_t)(i+1);
  }
  p->n = n;
}

void gg_small_clear(GGSmall *p){
  p->n = 0;
  p->bInts = 0;
  memset(p->aSlot, 0, sizeof(p->aSlot));
}

void gg_small_ints(GGSmall *p, uint32_t n){
  p->n = n;
  p->bInts = 1;
}

int gg_small_role(GGSmall *p, const GGRole *pRole, uint64_t *pMask, uint32_t *pFirst){
  uint32_t j;
  smallInts(p);
  *pMask = 0;
  if( pRole->aLabel==0 ){
    uint32_t h;
    if( pRole->dflt.eType!=GG_KEY_INT ) return 0;
    h = smallSlot(p, pRole->dflt.iVal);
    if( p->aSlot[h]==0 ) return 0;             /* the general path says so */
    *pFirst = p->aSlot[h]-1;
    *pMask = 1ull<<*pFirst;
    return 1;
  }
  for(j=0; j<pRole->nLabel; j++){
    uint32_t h;
    if( pRole->aLabel[j].eType!=GG_KEY_INT ) return 0;
    h = smallSlot(p, pRole->aLabel[j].iVal);
    if( p->aSlot[h]==0 ) return 0;             /* not a node: the general path says so */
    if( j==0 ) *pFirst = p->aSlot[h]-1u;
    *pMask |= 1ull<<(p->aSlot[h]-1u);
  }
  return pRole->nLabel>0;
}

GGSmallCsr *gg_small_csr(GGConn *pConn){
  if( pConn->pSmallCsr==0 ) pConn->pSmallCsr = sqlite3_malloc64(sizeof(GGSmallCsr));
  return pConn->pSmallCsr;
}

/* Rows aRow[0..n-1] of bits as CSR arrays (ascending within a row). */
static uint64_t smallCsrOf(const uint64_t *aRow, uint32_t n, uint64_t *aOff, uint32_t *aAdj){
  uint64_t e = 0, m;
  uint32_t u;
  for(u=0; u<n; u++){
    aOff[u] = e;
    for(m=aRow[u]; m; m&=m-1) aAdj[e++] = (uint32_t)__builtin_ctzll(m);
  }
  aOff[n] = e;
  return e;
}

void gg_small_graph(const GGSmall *p, int bDirected, GGSmallCsr *pCsr, GGGraph *pG){
  memset(pG, 0, sizeof(*pG));
  pG->n = p->n;
  pG->bDirected = bDirected;
  pG->aOff = pCsr->aOff;
  pG->aAdj = pCsr->aAdj;
  pG->nArc = smallCsrOf(p->aOut, p->n, pCsr->aOff, pCsr->aAdj);
  if( bDirected ){
    uint64_t aIn[GG_SMALL_MAXN];
    uint32_t u, v;
    memset(aIn, 0, sizeof(aIn));
    for(u=0; u<p->n; u++){
      uint64_t m;
      for(m=p->aOut[u]; m; m&=m-1){ v = (uint32_t)__builtin_ctzll(m); aIn[v] |= 1ull<<u; }
    }
    smallCsrOf(aIn, p->n, pCsr->aInOff, pCsr->aInAdj);
    pG->aInOff = pCsr->aInOff;
    pG->aInAdj = pCsr->aInAdj;
  }else{
    pG->aInOff = pCsr->aOff;
    pG->aInAdj = pCsr->aAdj;
  }
}
