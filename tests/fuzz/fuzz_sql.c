/*
** fuzz_sql.c: libFuzzer target for the SQL surface of graphgame: random
** calls of every function and table (the statements of tests/c/surface.h)
** over random edge tables.  The extension is linked in (-DSQLITE_CORE).
**
**     make fuzz
**     dist/fuzz/fuzz_sql -max_total_time=60 dist/fuzz/corpus_sql tests/fuzz/seed_sql
**
** The input is decoded as:
**
**   byte 0          number of edge rows (mod 48)
**   3 bytes a row   graph id (1..4; bit 7: stored as text), src, dst.  A
**                   node byte below 240 is a label -4..19; 240..255 are
**                   NULL, 'x', 1.5, +-2^63-ish extremes, a blob, '7', ...
**   then calls      a statement byte (index into aSurface[]), an argument
**                   byte (low 3 bits the graph id, next 3 the table) and,
**                   for statements with :json, a length byte and that many
**                   bytes of JSON text.  At most 24 calls.
**
** The rows go to the typed table "edges" and to an untyped table whose
** name needs quoting; a view fails when it reads dst = 5.  Each input runs
** on a fresh connection with max_positions at 200000.  Checks: no crash,
** leak or undefined behaviour (the sanitizers), every error message starts
** with "graphgame: ", and every SURF_TRUE invariant holds.
*/
#include <stdint.h>
#define GG_LINKED 1
#include "harness.h"
#include "surface.h"

static void fzsFail(const char *zWhy, const char *zSql, const char *zDetail){
  fprintf(stderr, "fuzz_sql: %s\n  statement: %s\n  %s\n", zWhy, zSql, zDetail ? zDetail : "");
  abort();
}

/* Bind byte b as a node value. */
static void fzsBindNode(sqlite3_stmt *p, int i, uint8_t b){
  switch( b<240 ? 0 : b-239 ){
    case 0:  sqlite3_bind_int64(p, i, (int)(b%24) - 4); break;
    case 1:  sqlite3_bind_null(p, i); break;
    case 2:  sqlite3_bind_text(p, i, "x", -1, SQLITE_STATIC); break;
    case 3:  sqlite3_bind_double(p, i, 1.5); break;
    case 4:  sqlite3_bind_int64(p, i, INT64_MAX); break;
    case 5:  sqlite3_bind_int64(p, i, INT64_MIN); break;
    case 6:  sqlite3_bind_blob(p, i, "\0", 1, SQLITE_STATIC); break;
    case 7:  sqlite3_bind_text(p, i, "7", -1, SQLITE_STATIC); break;
    case 8:  sqlite3_bind_double(p, i, 2.0); break;
    case 9:  sqlite3_bind_int64(p, i, INT64_MAX-1); break;
    case 10: sqlite3_bind_int64(p, i, INT64_MIN+1); break;
    default: sqlite3_bind_int64(p, i, 1000 + b); break;
  }
}

static const char *const azTable[8] = {
  "edges", SURF_WEIRD, "errview", "nope", 0, "edges", SURF_WEIRD, "bad"
};

int LLVMFuzzerTestOneInput(const uint8_t *aData, size_t nData){
  sqlite3 *db = 0;
  sqlite3_stmt *pIns[2] = {0, 0};
  char *zErr = 0;
  size_t i = 0, nRow, r;
  int nCall = 0;           /* at most 24 calls an input: keeps runs fast */
  if( nData==0 ) return 0;
  sqlite3_open(":memory:", &db);
  if( h_load(db, 0, &zErr)!=SQLITE_OK ) fzsFail("cannot load", "", zErr);
  h_exec(db, "CREATE TABLE edges(graph_id INTEGER, src INTEGER, dst INTEGER);"
             "CREATE TABLE \"we\"\"ird;--\"(graph_id, src, dst);"
             "CREATE VIEW errview(graph_id, src, dst) AS SELECT graph_id, src,"
             " CASE WHEN dst = 5 THEN json('x') ELSE dst END FROM edges;"
             "CREATE TABLE bad(graph_id, src, dst);"
             "INSERT INTO bad VALUES (1,0,1),(1,NULL,2),(2,'x',1);"
             "SELECT graphgame_limit('max_positions', 200000);");
  sqlite3_prepare_v2(db, "INSERT INTO edges VALUES (?1, ?2, ?3)", -1, &pIns[0], 0);
  sqlite3_prepare_v2(db, "INSERT INTO \"we\"\"ird;--\" VALUES (?1, ?2, ?3)", -1, &pIns[1], 0);
  nRow = aData[i++] % 48;
  for(r=0; r<nRow && i+3<=nData; r++, i+=3){
    int k;
    for(k=0; k<2; k++){
      char zId[8];
      if( aData[i] & 0x80 ){
        snprintf(zId, sizeof(zId), "%d", 1 + (aData[i] & 3));
        sqlite3_bind_text(pIns[k], 1, zId, -1, SQLITE_TRANSIENT);
      }else{
        sqlite3_bind_int(pIns[k], 1, 1 + (aData[i] & 3));
      }
      fzsBindNode(pIns[k], 2, aData[i+1]);
      fzsBindNode(pIns[k], 3, aData[i+2]);
      sqlite3_step(pIns[k]);
      sqlite3_reset(pIns[k]);
    }
  }
  sqlite3_finalize(pIns[0]);
  sqlite3_finalize(pIns[1]);
  while( i+2<=nData && nCall++<24 ){
    const SurfSql *pS = &aSurface[aData[i] % SURF_N];
    uint8_t arg = aData[i+1];
    HArgs a;
    HStr out = {0, 0, 0};
    sqlite3_stmt *p = 0;
    int rc, nRowOut = 0;
    i += 2;
    memset(&a, 0, sizeof(a));
    switch( arg & 7 ){
      case 0: case 1: case 2: case 3:
        a.eGraphType = SQLITE_INTEGER; a.iGraph = 1 + (arg & 3); break;
      case 4: a.eGraphType = SQLITE_TEXT; a.zText = "2"; break;
      case 5: a.eGraphType = SQLITE_FLOAT; a.rGraph = 1.0; break;
      case 6: a.eGraphType = SQLITE_BLOB; a.zText = "\x01"; break;
      default: a.eGraphType = SQLITE_NULL; break;
    }
    a.zEdges = azTable[(arg>>3) & 7];
    if( strstr(pS->zSql, ":json") && i<nData ){
      size_t n = aData[i++] % 64;
      if( n>nData-i ) n = nData-i;
      a.zJson = (const char*)&aData[i];
      a.nJson = (int)n;
      i += n;
    }
    rc = sqlite3_prepare_v2(db, pS->zSql, -1, &p, 0);
    if( rc!=SQLITE_OK ) fzsFail("cannot prepare", pS->zSql, sqlite3_errmsg(db));
    h_bind(p, &a);
    while( (rc = sqlite3_step(p))==SQLITE_ROW ){
      nRowOut++;
      if( (pS->flags & SURF_TRUE)
       && (sqlite3_column_type(p, 0)!=SQLITE_INTEGER || sqlite3_column_int(p, 0)!=1) ){
        fzsFail("an invariant does not hold", pS->zSql, (const char*)sqlite3_column_text(p, 0));
      }
    }
    if( rc!=SQLITE_DONE ){
      const char *zMsg = sqlite3_errmsg(db);
      if( strncmp(zMsg, "graphgame: ", 11)!=0 ) fzsFail("an error not from graphgame", pS->zSql, zMsg);
    }else if( (pS->flags & SURF_TRUE) && nRowOut!=1 ){
      fzsFail("an invariant returned no row", pS->zSql, "");
    }
    sqlite3_finalize(p);
    h_str_free(&out);
  }
  sqlite3_close(db);
  return 0;
}
