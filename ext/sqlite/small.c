/*
** small.c: reading a small graph straight into bit rows, for the scalar
** functions' fast path.
**
** catmouse(), race_game(), cop_number() and capture_time() over a
** census of thousands of small graphs spend most of their time per call,
** not solving.  For a graph of at most 64 nodes with integer labels this
** reads the rows through the connection's kept statement (edges.c) into
** one 64-bit row of out-neighbours per node, with the labels in a small
** open-addressing hash: no edge list, no label sort, no allocation.  The
** nodes are numbered in the order first seen, which no outcome depends on.
**
** It gives up (returns 0) on anything it does not handle: a text or
** other label, more than 64 nodes or than the call's node limit, no rows,
** no kept statement, a failed step.  The caller then takes the general
** path, which reads the rows again and gives the answer or the error
** that names what is wrong; so this path never has messages of its own.
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

/* Node of label v, added if new; -1 if there is no room. */
static int smallNode(GGSmall *p, int64_t v){
  uint32_t h = smallSlot(p, v);
  if( p->aSlot[h] ) return p->aSlot[h]-1;
  if( p->n==GG_SMALL_MAXN ) return -1;
  p->aLabel[p->n] = v;
  p->aOut[p->n] = 0;
  p->aSlot[h] = (uint8_t)(++p->n);
  return (int)p->n-1;
}

/* Step the kept read over the rows into p: 1 if all were read. */
static int smallStep(const GGGraphRef *pRef, sqlite3_stmt *pStmt, GGSmall *p){
  uint32_t mxNode = pRef->mxNode && pRef->mxNode<GG_SMALL_MAXN ? pRef->mxNode : GG_SMALL_MAXN;
  int nRow = 0, a, b, rc;
  sqlite3_bind_value(pStmt, 1, pRef->pId);
  while( (rc = sqlite3_step(pStmt))==SQLITE_ROW ){
    /* the values, not sqlite3_column_int64(): each column_ call takes the
    ** connection's mutex */
    sqlite3_value *pSrc = sqlite3_column_value(pStmt, 0);
    sqlite3_value *pDst = sqlite3_column_value(pStmt, 1);
    if( sqlite3_value_type(pSrc)!=SQLITE_INTEGER
     || sqlite3_value_type(pDst)!=SQLITE_INTEGER ) return 0;
    a = smallNode(p, sqlite3_value_int64(pSrc));
    b = a<0 ? -1 : smallNode(p, sqlite3_value_int64(pDst));
    if( b<0 || p->n>mxNode ) return 0;
    p->aOut[a] |= 1ull<<b;
    if( !pRef->bDirected ) p->aOut[b] |= 1ull<<a;
    nRow++;
  }
  return rc==SQLITE_DONE && nRow>0;    /* else the general path explains */
}

int gg_small_read(GGConn *pConn, const GGGraphRef *pRef, GGSmall *p){
  const char *zTable = pRef->zTable ? pRef->zTable : GG_DEFAULT_TABLE;
  char *zErr = 0;
  GGStmt *k;
  int bOk;
  p->n = 0;
  memset(p->aSlot, 0, sizeof(p->aSlot));
  if( gg_reentry_enter(zTable, &zErr) ){ sqlite3_free(zErr); return 0; }
  k = gg_stmt_kept(pConn, pRef, zTable);
  bOk = k && smallStep(pRef, k->pStmt, p);
  if( k ){
    sqlite3_reset(k->pStmt);
    k->bBusy = 0;
  }
  gg_reentry_leave();
  return bOk;
}

int gg_small_role(GGSmall *p, const GGRole *pRole, uint64_t *pMask, uint32_t *pFirst){
  uint32_t j;
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
    int u;
    if( pRole->aLabel[j].eType!=GG_KEY_INT ) return 0;
    u = smallNode(p, pRole->aLabel[j].iVal);     /* no text label: no type twin */
    if( u<0 ) return 0;
    if( j==0 ) *pFirst = (uint32_t)u;
    *pMask |= 1ull<<u;
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
