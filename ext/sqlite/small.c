/*
** small.c: reading a small graph of an edge table straight into bit rows,
** the fast read of the table source (edges.c) for the scalar functions.
**
** catmouse(), race_game(), cop_number() and capture_time() over a
** census of thousands of small graphs spend most of their time per call,
** not solving.  For a graph of at most 64 nodes with integer labels this
** reads the rows into one 64-bit row of out-neighbours per node, with the
** labels in direct slots (0..63) or a small open-addressing hash: no edge
** list, no label sort, no allocation.  The nodes are numbered in the order
** first seen, which no outcome depends on.  The read is one step of a
** kept statement (next to the general path's, edges.c):
**
**   SELECT graphgame_rows(?1, src, dst) FROM <table> WHERE graph_id = ?2
**
** whose aggregate graphgame_rows takes each row inside SQLite's scan; ?1
** is the read itself, bound with sqlite3_bind_pointer(), which no SQL can
** forge, so from SQL the aggregate only fails (registered DIRECTONLY).
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
int gg_small_node(GGSmall *p, int64_t v){
  uint32_t h = smallSlot(p, v);
  if( p->aSlot[h] ) return p->aSlot[h]-1;
  if( p->n==GG_SMALL_MAXN ) return -1;
  p->aLabel[p->n] = v;
  p->aOut[p->n] = 0;
  p->aSlot[h] = (uint8_t)(++p->n);
  return (int)p->n-1;
}

/* A read in progress, handed to graphgame_rows as ?1. */
typedef struct SmallRead SmallRead;
struct SmallRead {
  GGSmall *p;          /* the graph being read */
  uint32_t mxNode;     /* give up past this many nodes */
  int bDirected;       /* rows are arcs */
  int nRow;            /* rows taken */
};
#define SMALL_READ_TYPE "graphgame_small"

/* xStep of graphgame_rows(read, src, dst): one row of the graph, inside
** SQLite's scan (no step and no column calls, each taking the
** connection's mutex, per row).  A row it cannot take stops the scan
** with an error code, and the caller takes the general path. */
static void smallRowsStep(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  SmallRead *r = argc==3 ? (SmallRead*)sqlite3_value_pointer(argv[0], SMALL_READ_TYPE) : 0;
  int a, b;
  if( r==0 ){
    gg_err_not_from_sql(ctx, GG_SMALL_ROWS, "the scalar functions read small graphs");
    return;
  }
  if( sqlite3_value_type(argv[1])!=SQLITE_INTEGER
   || sqlite3_value_type(argv[2])!=SQLITE_INTEGER ){
    sqlite3_result_error_code(ctx, SQLITE_MISMATCH);
    return;
  }
  a = gg_small_node(r->p, sqlite3_value_int64(argv[1]));
  b = a<0 ? -1 : gg_small_node(r->p, sqlite3_value_int64(argv[2]));
  if( b<0 || r->p->n>r->mxNode ){
    sqlite3_result_error_code(ctx, SQLITE_TOOBIG);
    return;
  }
  r->p->aOut[a] |= 1ull<<b;
  if( !r->bDirected ) r->p->aOut[b] |= 1ull<<a;
  r->nRow++;
}

static void smallRowsFinal(sqlite3_context *ctx){
  (void)ctx;                        /* NULL: the rows went to the read */
}

int gg_register_small_rows(sqlite3 *db, GGConn *pConn){
  (void)pConn;
  return sqlite3_create_function_v2(db, GG_SMALL_ROWS, -1, SQLITE_UTF8|SQLITE_DIRECTONLY,
                                    0, 0, smallRowsStep, smallRowsFinal, 0);
}

/* The kept "SELECT graphgame_rows(?1, src, dst) FROM t WHERE graph_id =
** ?2" of kept read k, prepared on first use; NULL if it cannot be. */
static sqlite3_stmt *smallStmt(GGConn *pConn, GGStmt *k){
  if( k->pSmall==0 ){
    char *zName = gg_table_sql(k->zTable);
    char *zSql = zName ? sqlite3_mprintf("SELECT " GG_SMALL_ROWS "(?1, src, dst) FROM %s"
                                         " WHERE graph_id = ?2", zName) : 0;
    if( zSql ){
      sqlite3_prepare_v3(pConn->db, zSql, -1, SQLITE_PREPARE_PERSISTENT, &k->pSmall, 0);
    }
    sqlite3_free(zSql);
    sqlite3_free(zName);
  }
  return k->pSmall;
}

/* Run the read of the graph's rows into p: 1 if all were taken. */
static int smallStep(const GGGraphRef *pRef, sqlite3_stmt *pStmt, GGSmall *p){
  SmallRead r;
  int rc;
  r.p = p;
  r.mxNode = pRef->mxNode && pRef->mxNode<GG_SMALL_MAXN ? pRef->mxNode : GG_SMALL_MAXN;
  r.bDirected = pRef->bDirected;
  r.nRow = 0;
  rc = sqlite3_bind_pointer(pStmt, 1, &r, SMALL_READ_TYPE, 0);
  if( rc==SQLITE_OK ) rc = sqlite3_bind_value(pStmt, 2, pRef->pId);
  if( rc==SQLITE_OK ) rc = sqlite3_step(pStmt);    /* the whole scan: one row */
  sqlite3_reset(pStmt);
  sqlite3_bind_null(pStmt, 1);                      /* r is on this stack */
  return rc==SQLITE_ROW && r.nRow>0;               /* else the general path explains */
}

int gg_small_find(const GGSmall *p, int64_t v){
  uint32_t h = smallSlot(p, v);
  return p->aSlot[h] ? p->aSlot[h]-1 : -1;
}

void gg_small_sort(GGSmall *p){
  uint32_t aOrder[GG_SMALL_MAXN], aNew[GG_SMALL_MAXN], u, i, n = p->n;
  uint64_t aOut[GG_SMALL_MAXN];
  int64_t aLabel[GG_SMALL_MAXN];
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
  memset(p->aSlot, 0, sizeof(p->aSlot));
}

void gg_small_ints(GGSmall *p, uint32_t n){
  uint32_t u;
  for(u=0; u<n; u++){                 /* labels 0..63 have slots of their own */
    p->aLabel[u] = u;
    p->aSlot[u] = (uint8_t)(u+1);
  }
  memset(p->aSlot+n, 0, sizeof(p->aSlot)-n);   /* the rest: empty */
  p->n = n;
}

int gg_small_read(const GGGraphRef *pRef, GGSmall *p){
  const char *zTable = pRef->zTable ? pRef->zTable : GG_DEFAULT_TABLE;
  GGConn *pConn = pRef->pConn;
  char *zErr = 0;
  sqlite3_stmt *pStmt;
  GGStmt *k;
  int bOk = 0;
  gg_small_clear(p);
  if( gg_reentry_enter(zTable, &zErr) ){ sqlite3_free(zErr); return 0; }
  k = gg_stmt_kept(pConn, pRef, zTable);
  if( k ){
    if( (pStmt = smallStmt(pConn, k))!=0 ) bOk = smallStep(pRef, pStmt, p);
    k->bBusy = 0;
  }
  gg_reentry_leave();
  return bOk;
}

int gg_small_role(GGSmall *p, const GGRole *pRole, int bClosed, uint64_t *pMask,
                  uint32_t *pFirst){
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
    if( bClosed && p->aSlot[smallSlot(p, pRole->aLabel[j].iVal)]==0 ) return 0;
    u = gg_small_node(p, pRole->aLabel[j].iVal);     /* no text label: no type twin */
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
