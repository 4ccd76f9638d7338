/*
** cops_load.c: reading small graphs fast, for census queries such as
**
**   SELECT cop_number(id), count(*) FROM graphs GROUP BY 1;
**
** over hundreds of thousands of graphs of a few nodes each.  Preparing the
** read of the edge table costs more than solving such a graph, so the
** statement is prepared once per connection and table and kept in the
** GGCopsConn; graphs of at most 64 nodes become 64-bit neighbourhood
** masks on the stack, with no GGGraph and no allocation.  Anything else
** (more nodes, no rows, a row that is not two integers, a failed read)
** returns 0 and the caller takes the general path (gg_load_graph), which
** reads the rows again and reports errors in the usual words.
**
** sqlite3_close() refuses to close a connection with unfinalized
** statements, but it first disconnects the virtual tables (so that they
** can finalize theirs, as FTS5 does).  So the statement is only cached
** once the eponymous cops_states table is connected (preparing a query
** on it connects it), and that table's xDisconnect finalizes it.
*/
#include <string.h>
#include "cops_sql.h"
SQLITE_EXTENSION_INIT3

#define LOAD_MAX_ROWS 4096         /* more rows: the general path */

void gg_cops_conn_clear(GGCopsConn *pCC){
  gg_cops_batch_clear(pCC);
  sqlite3_finalize(pCC->pStmt);
  sqlite3_free(pCC->zTable);
  pCC->pStmt = 0;
  pCC->zTable = 0;
}

/* The cached statement reading zTable, prepared if needed; NULL if it
** cannot be cached (then the general path answers). */
static sqlite3_stmt *loadStmt(GGCopsConn *pCC, const char *zTable){
  sqlite3 *db = pCC->pConn->db;
  char *zSql;
  if( pCC->pStmt && strcmp(pCC->zTable, zTable)==0 ) return pCC->pStmt;
  if( pCC->pAnchor==0 ){
    sqlite3_stmt *p = 0;
    sqlite3_prepare_v2(db, "SELECT 1 FROM cops_states WHERE 0", -1, &p, 0);
    sqlite3_finalize(p);
    if( pCC->pAnchor==0 ) return 0;
  }
  gg_cops_conn_clear(pCC);
  zSql = sqlite3_mprintf("SELECT src, dst FROM \"%w\" WHERE graph_id = ?1", zTable);
  pCC->zTable = sqlite3_mprintf("%s", zTable);
  if( zSql && pCC->zTable ){
    sqlite3_prepare_v3(db, zSql, -1, SQLITE_PREPARE_PERSISTENT, &pCC->pStmt, 0);
  }
  sqlite3_free(zSql);
  if( pCC->pStmt==0 ) gg_cops_conn_clear(pCC);
  else gg_cops_batch_prepare(pCC, zTable);
  return pCC->pStmt;
}

/* Index of label L in aL[0..*pnL-1], added if new; -1 past 64 labels. */
static int loadLabel(int64_t *aL, uint32_t *pnL, int64_t L){
  uint32_t i;
  for(i=0; i<*pnL; i++) if( aL[i]==L ) return (int)i;
  if( *pnL>=GG_COPS_SMALL_MAXN ) return -1;
  aL[(*pnL)++] = L;
  return (int)i;
}

/* The rows as label indices (aE pairs); the row count, or -1 to give up. */
static int loadRows(sqlite3_stmt *p, int64_t *aL, uint32_t *pnL, uint8_t *aE){
  int nE = 0, rc;
  while( (rc = sqlite3_step(p))==SQLITE_ROW ){
    int x, y;
    if( nE>=LOAD_MAX_ROWS || sqlite3_column_type(p, 0)!=SQLITE_INTEGER
     || sqlite3_column_type(p, 1)!=SQLITE_INTEGER ) return -1;
    x = loadLabel(aL, pnL, sqlite3_column_int64(p, 0));
    y = x<0 ? -1 : loadLabel(aL, pnL, sqlite3_column_int64(p, 1));
    if( y<0 ) return -1;
    aE[2*nE] = (uint8_t)x;
    aE[2*nE+1] = (uint8_t)y;
    nE++;
  }
  return rc==SQLITE_DONE ? nE : -1;
}

/* The rows of graph id from a batch (cops_batch.c), as loadRows. */
static int batchRows(GGCopsConn *pCC, int64_t id, int64_t *aL, uint32_t *pnL,
                     uint8_t *aE){
  const int64_t *a;
  int n = gg_cops_batch_rows(pCC, id, &a), i;
  if( n<=0 || n>LOAD_MAX_ROWS ) return -1;
  for(i=0; i<n; i++){
    int x = loadLabel(aL, pnL, a[3*i+1]);
    int y = x<0 ? -1 : loadLabel(aL, pnL, a[3*i+2]);
    if( y<0 ) return -1;
    aE[2*i] = (uint8_t)x;
    aE[2*i+1] = (uint8_t)y;
  }
  return n;
}

int gg_cops_load_small(GGCopsConn *pCC, const GGGraphRef *pRef,
                       uint32_t *pn, uint64_t *aNbr){
  const char *zTable = pRef->zTable ? pRef->zTable : GG_DEFAULT_TABLE;
  int64_t aL[GG_COPS_SMALL_MAXN], aSorted[GG_COPS_SMALL_MAXN];
  uint8_t aE[2*LOAD_MAX_ROWS], aRank[GG_COPS_SMALL_MAXN];
  uint32_t nL = 0, i, j;
  char *zErr = 0;
  sqlite3_stmt *p;
  int nE;
  if( pCC->bBusy || (p = loadStmt(pCC, zTable))==0 ) return 0;
  if( gg_reentry_enter(zTable, &zErr) ){ sqlite3_free(zErr); return 0; }
  pCC->bBusy = 1;
  nE = -1;
  if( sqlite3_value_type(pRef->pId)==SQLITE_INTEGER ){
    nE = batchRows(pCC, sqlite3_value_int64(pRef->pId), aL, &nL, aE);
  }
  if( nE<=0 ){                          /* read the one graph */
    nL = 0;
    sqlite3_bind_value(p, 1, pRef->pId);
    nE = loadRows(p, aL, &nL, aE);
    sqlite3_reset(p);
  }
  pCC->bBusy = 0;
  gg_reentry_leave();
  if( nE<=0 ) return 0;
  for(i=0; i<nL; i++){                 /* rank of each label: ascending order */
    aSorted[i] = aL[i];
    for(j=i; j>0 && aSorted[j-1]>aSorted[j]; j--){
      int64_t t = aSorted[j]; aSorted[j] = aSorted[j-1]; aSorted[j-1] = t;
    }
  }
  for(i=0; i<nL; i++){
    for(j=0; aSorted[j]!=aL[i]; j++){}
    aRank[i] = (uint8_t)j;
    aNbr[j] = 1ull<<j;
  }
  for(i=0; i<(uint32_t)nE; i++){
    uint32_t a = aRank[aE[2*i]], b = aRank[aE[2*i+1]];
    aNbr[a] |= 1ull<<b;
    aNbr[b] |= 1ull<<a;
  }
  *pn = nL;
  return 1;
}
