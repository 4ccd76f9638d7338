/*
** cops_batch.c: the rows of many small graphs in one read, for census
** queries (cop_number or capture_time over every graph of a table).
**
** Running a statement costs more than solving a graph of ten nodes, and
** SQLite says nothing to a function when the statement calling it ends,
** so a statement cannot be kept open from one call to the next (it would
** hold a read transaction after the caller's statement is done).  So one
** read takes the rows of the asked graph and of the graphs after it, in
** graph_id order, up to BATCH_ROWS rows:
**
**     SELECT graph_id, src, dst FROM "t" WHERE graph_id >= ?1 ORDER BY graph_id
**
** and is reset at once; later calls for graphs in that range take their
** rows from the copy.  The copy is used only while it is exactly what a
** fresh read would give:
**
**   - the table is an ordinary table in main or temp, not a view or a
**     virtual table (whose rows could depend on anything):
**     sqlite3_table_column_metadata and the schema's CREATE statement;
**   - the read used an index (no sort): SQLITE_STMTSTATUS_SORT;
**   - this connection changed nothing since (sqlite3_total_changes) and
**     runs no statement that writes (sqlite3_stmt_readonly of every busy
**     statement: a running INSERT's rows are not counted yet);
**   - no other connection committed to main since (its data version,
**     SQLITE_FCNTL_DATA_VERSION); temp tables belong to this connection;
**   - the id and every graph_id, src and dst read are integers.
**
** Anything else answers -1 and the caller reads the one graph.
*/
#include <string.h>
#include "cops_sql.h"
SQLITE_EXTENSION_INIT3

#define BATCH_ROWS 8192            /* rows per batch */

void gg_cops_batch_clear(GGCopsConn *pCC){
  sqlite3_finalize(pCC->pBatch);
  sqlite3_free(pCC->aBatch);
  pCC->pBatch = 0;
  pCC->aBatch = 0;
  pCC->nBatch = 0;
  pCC->bBatchOff = 0;
}

/* Nonzero unless zTable in schema zDb is an ordinary table (not virtual). */
static int batchVirtual(sqlite3 *db, const char *zDb, const char *zTable){
  sqlite3_stmt *p = 0;
  char *zSql = sqlite3_mprintf("SELECT sql NOT LIKE 'CREATE VIRTUAL%%' FROM \"%w\".sqlite_master"
                               " WHERE type = 'table' AND name = ?1", zDb);
  int bOrdinary = 0;
  if( zSql && sqlite3_prepare_v2(db, zSql, -1, &p, 0)==SQLITE_OK ){
    sqlite3_bind_text(p, 1, zTable, -1, SQLITE_STATIC);
    bOrdinary = sqlite3_step(p)==SQLITE_ROW && sqlite3_column_int(p, 0)==1;
  }
  sqlite3_finalize(p);
  sqlite3_free(zSql);
  return !bOrdinary;
}

/* Prepare the batch read of zTable (after loadStmt's read of one graph);
** SQLITE_OK even when batches are off for it. */
int gg_cops_batch_prepare(GGCopsConn *pCC, const char *zTable){
  sqlite3 *db = pCC->pConn->db;
  char *zSql;
  gg_cops_batch_clear(pCC);
  pCC->bBatchOff = 1;
  if( sqlite3_libversion_number()<3026000 ) return SQLITE_OK;   /* no data version */
#ifndef SQLITE_CORE
  /* an SQLite built without SQLITE_ENABLE_COLUMN_METADATA leaves it NULL */
  if( sqlite3_api->table_column_metadata==0 ) return SQLITE_OK;
#endif
  pCC->bTemp = sqlite3_table_column_metadata(db, "temp", zTable, "graph_id",
                                             0, 0, 0, 0, 0)==SQLITE_OK;
  if( !pCC->bTemp && sqlite3_table_column_metadata(db, "main", zTable, "graph_id",
                                                   0, 0, 0, 0, 0)!=SQLITE_OK ){
    return SQLITE_OK;               /* a view, attached, or missing */
  }
  if( batchVirtual(db, pCC->bTemp ? "temp" : "main", zTable) ) return SQLITE_OK;
  pCC->aBatch = sqlite3_malloc64(3*(BATCH_ROWS+1)*sizeof(int64_t));  /* +1: the cut row */
  zSql = sqlite3_mprintf("SELECT graph_id, src, dst FROM \"%w\" WHERE graph_id >= ?1"
                         " ORDER BY graph_id", zTable);
  if( zSql && pCC->aBatch ){
    sqlite3_prepare_v3(db, zSql, -1, SQLITE_PREPARE_PERSISTENT, &pCC->pBatch, 0);
  }
  sqlite3_free(zSql);
  if( pCC->pBatch ) pCC->bBatchOff = 0;
  return SQLITE_OK;
}

/* Nonzero if the copy may differ from the table now. */
static int batchStale(GGCopsConn *pCC){
  sqlite3 *db = pCC->pConn->db;
  sqlite3_stmt *p = 0;
  unsigned int v = 0;
  if( sqlite3_total_changes(db)!=pCC->nChange ) return 1;
  while( (p = sqlite3_next_stmt(db, p))!=0 ){
    if( sqlite3_stmt_busy(p) && !sqlite3_stmt_readonly(p) ) return 1;
  }
  if( pCC->bTemp ) return 0;
  if( sqlite3_file_control(db, "main", SQLITE_FCNTL_DATA_VERSION, &v)!=SQLITE_OK ) return 1;
  return v!=pCC->iVersion;
}

/* Read a batch from graph id on.  0 on success. */
static int batchRead(GGCopsConn *pCC, int64_t id){
  sqlite3 *db = pCC->pConn->db;
  sqlite3_stmt *p = pCC->pBatch;
  int rc, n = 0, bCut = 0;
  pCC->nBatch = 0;
  pCC->iBatchLo = id;
  pCC->iBatchHi = id-1;                 /* nothing complete yet */
  pCC->nChange = sqlite3_total_changes(db);
  if( !pCC->bTemp && sqlite3_file_control(db, "main", SQLITE_FCNTL_DATA_VERSION,
                                          &pCC->iVersion)!=SQLITE_OK ) return 1;
  sqlite3_bind_int64(p, 1, id);
  while( (rc = sqlite3_step(p))==SQLITE_ROW ){
    int64_t *a = &pCC->aBatch[3*n];
    if( n==BATCH_ROWS || sqlite3_column_type(p, 0)!=SQLITE_INTEGER
     || sqlite3_column_type(p, 1)!=SQLITE_INTEGER
     || sqlite3_column_type(p, 2)!=SQLITE_INTEGER ){
      if( n<BATCH_ROWS && sqlite3_column_type(p, 0)==SQLITE_INTEGER ){
        a[0] = sqlite3_column_int64(p, 0);     /* its graph is not complete */
      }else{
        a[0] = n ? a[-3] : id;
      }
      bCut = 1;
      break;
    }
    a[0] = sqlite3_column_int64(p, 0);
    a[1] = sqlite3_column_int64(p, 1);
    a[2] = sqlite3_column_int64(p, 2);
    n++;
  }
  if( sqlite3_stmt_status(p, SQLITE_STMTSTATUS_SORT, 1)>0 ) pCC->bBatchOff = 1;
  sqlite3_reset(p);
  if( pCC->bBatchOff || (!bCut && rc!=SQLITE_DONE) ) return 1;
  pCC->nBatch = n;
  pCC->iBatchPos = 0;
  /* complete: every graph before the cut one, or all of them at the end */
  pCC->iBatchHi = bCut ? pCC->aBatch[3*n]-1 : INT64_MAX;
  return 0;
}

int gg_cops_batch_rows(GGCopsConn *pCC, int64_t id, const int64_t **paRow){
  int i, j;
  if( pCC->bBatchOff || pCC->pBatch==0 ) return -1;
  if( pCC->nBatch==0 || id<pCC->iBatchLo || id>pCC->iBatchHi || batchStale(pCC) ){
    if( batchRead(pCC, id) || id>pCC->iBatchHi ) return -1;
  }
  i = pCC->iBatchPos;                   /* ids asked in order: scan on */
  if( i>=pCC->nBatch || pCC->aBatch[3*i]>id ) i = 0;
  while( i<pCC->nBatch && pCC->aBatch[3*i]<id ) i++;
  for(j=i; j<pCC->nBatch && pCC->aBatch[3*j]==id; j++){}
  pCC->iBatchPos = i;
  *paRow = &pCC->aBatch[3*i];
  return j-i;
}
