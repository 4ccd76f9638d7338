/*
** errors.c: error messages of the SQL layer.  Every message starts with
** GG_PREFIX and names the thing at fault; values are shown as SQL literals.
** The messages that several files give are built here only: a value that
** is not a node label, over the position limit ("see graphgame_limit"),
** interrupted ("interrupted while"), an engine's failure (over its own
** limit on nodes, or out of memory, with the positions and the bytes the
** solve needs and the limit that stopped it), a table called without its
** arguments ("needs arguments"), a private reader called from SQL
** ("cannot be called from SQL"), a table of too many positions.
*/
#include <stdarg.h>
#include <string.h>
#include "glue.h"
SQLITE_EXTENSION_INIT3

char *gg_errmsg(const char *zFormat, ...){
  va_list ap;
  char *zBody, *zMsg;
  va_start(ap, zFormat);
  zBody = sqlite3_vmprintf(zFormat, ap);
  va_end(ap);
  if( zBody==0 ) return 0;
  zMsg = sqlite3_mprintf("%s%s", GG_PREFIX, zBody);
  sqlite3_free(zBody);
  return zMsg;
}

char *gg_value_sql(sqlite3_value *p){
  switch( sqlite3_value_type(p) ){
    case SQLITE_NULL:    return sqlite3_mprintf("NULL");
    case SQLITE_INTEGER: return sqlite3_mprintf("%lld", sqlite3_value_int64(p));
    case SQLITE_FLOAT:   return sqlite3_mprintf("%!.15g", sqlite3_value_double(p));
    case SQLITE_TEXT:    return sqlite3_mprintf("%Q", (const char*)sqlite3_value_text(p));
    default: {
      const unsigned char *a = sqlite3_value_blob(p);
      int n = sqlite3_value_bytes(p), i;
      char *z = sqlite3_malloc64(2*(sqlite3_uint64)n + 4);
      if( z==0 ) return 0;
      z[0] = 'X'; z[1] = '\'';
      for(i=0; i<n; i++){
        z[2+2*i] = "0123456789ABCDEF"[a[i]>>4];
        z[3+2*i] = "0123456789ABCDEF"[a[i]&15];
      }
      z[2+2*n] = '\''; z[3+2*n] = 0;
      return z;
    }
  }
}

/* An error whose message could not be allocated is out of memory (an
** interrupt needs no message). */
int gg_error_rc(int rc, const char *zErr){
  if( rc==SQLITE_OK || rc==SQLITE_INTERRUPT || zErr ) return rc;
  return SQLITE_NOMEM;
}

void gg_result_error(sqlite3_context *ctx, int rc, char *zErr){
  if( rc==SQLITE_INTERRUPT && zErr==0 ){
    sqlite3_result_error(ctx, "interrupted", -1);    /* as SQLite says it */
    sqlite3_result_error_code(ctx, SQLITE_INTERRUPT);
  }else if( zErr==0 ){
    /* no message: it could not be allocated (see gg_error_rc) */
    sqlite3_result_error_nomem(ctx);
  }else{
    sqlite3_result_error(ctx, zErr, -1);
    sqlite3_result_error_code(ctx, rc);
  }
  sqlite3_free(zErr);
}

int gg_sqlite_rc(int rc){
  switch( rc ){
    case GG_OK:        return SQLITE_OK;
    case GG_TOOBIG:    return SQLITE_TOOBIG;
    case GG_INTERRUPT: return SQLITE_INTERRUPT;
    case GG_NOTNODE:   return SQLITE_ERROR;    /* (the SQL layer names nodes first) */
    default:           return SQLITE_NOMEM;
  }
}

char *gg_errmsg_reading(sqlite3 *db, const char *zFunc, const char *zTable){
  const char *zInner = sqlite3_errmsg(db);
  if( strncmp(zInner, GG_PREFIX, sizeof(GG_PREFIX)-1)==0 ){
    return sqlite3_mprintf("%s", zInner);     /* ours already: pass it on */
  }
  return gg_errmsg("%s%sreading table \"%w\": %s", zFunc ? zFunc : "",
                   zFunc ? ": " : "", zTable, zInner);
}

char *gg_err_label_arg(const char *zFunc, const char *zArg, sqlite3_value *pVal){
  char *zVal = gg_value_sql(pVal);
  char *z = zVal ? gg_errmsg("%s: %s must be a node label (an integer or a text), got %s",
                             zFunc, zArg, zVal) : 0;
  sqlite3_free(zVal);
  return z;
}

char *gg_err_limit(sqlite3_int64 mx, const char *zFunc, const char *zFormat, ...){
  va_list ap;
  char *zBody, *z;
  va_start(ap, zFormat);
  zBody = sqlite3_vmprintf(zFormat, ap);
  va_end(ap);
  z = zBody ? gg_errmsg("%s: %s, over the limit of %lld (see graphgame_limit)", zFunc,
                        zBody, mx) : 0;
  sqlite3_free(zBody);
  return z;
}

/* Bytes in MB, rounded up. */
static unsigned long long errorsMB(uint64_t nByte){
  return (unsigned long long)((nByte + (1<<20) - 1)>>20);
}

/* Bytes for a message, rounded up: "3 KB" under a megabyte, else "19093 MB". */
static void errorsBytes(char *zBuf, int nBuf, uint64_t nByte){
  if( nByte<(1<<20) ){
    sqlite3_snprintf(nBuf, zBuf, "%llu KB", (unsigned long long)((nByte + 1023)>>10));
  }else{
    sqlite3_snprintf(nBuf, zBuf, "%llu MB", errorsMB(nByte));
  }
}

char *gg_err_positions(const char *zFunc, const char *zWhat, int eHow, uint32_t n,
                       uint64_t nPos, uint64_t nByte, const char *zSize, sqlite3_int64 mx){
  int bAtLeast = eHow==GG_ERR_AT_LEAST;
  const char *zAt = bAtLeast ? "at least " : "";
  const char *zHow = bAtLeast ? "at least " : eHow==GG_ERR_ABOUT ? "about " : "";
  char zPos[40], zMem[80] = "";
  if( nPos==UINT64_MAX ) memcpy(zPos, "more than 2^64", 15);
  else sqlite3_snprintf(sizeof(zPos), zPos, "%llu", (unsigned long long)nPos);
  if( nByte ){
    char zB[40];
    errorsBytes(zB, (int)sizeof(zB), nByte);
    sqlite3_snprintf(sizeof(zMem), zMem, "; %s%s%s at the peak", zAt, bAtLeast ? "" : "about ", zB);
  }
  return gg_err_limit(mx, zFunc, "%s has %s%u nodes and needs %s%s positions (%s, n = %u%s)",
                      zWhat, zAt, n, zHow, zPos, zSize, n, zMem);
}

char *gg_err_interrupted(const char *zFunc, const char *zFormat, ...){
  va_list ap;
  char *zBody, *z;
  va_start(ap, zFormat);
  zBody = sqlite3_vmprintf(zFormat, ap);
  va_end(ap);
  z = zBody ? gg_errmsg("%s: interrupted while %s", zFunc, zBody) : 0;
  sqlite3_free(zBody);
  return z;
}

/* When a solve runs out of memory: what it needed, and which limit
** stopped it (SQLite's heap limits, else the machine's memory). */
static char *errorsNoMem(const char *zFunc, const char *zWhat, const GGNeed *pNeed){
  uint64_t nByte = pNeed->nByte;
  char zPos[48] = "";
  sqlite3_int64 mxHard = -1, mxSoft = sqlite3_soft_heap_limit64(-1);
  char *zLimit, *z;
#if SQLITE_VERSION_NUMBER>=3031000
  if( sqlite3_libversion_number()>=3031000 ) mxHard = sqlite3_hard_heap_limit64(-1);
#endif
  if( mxHard>0 ){
    zLimit = sqlite3_mprintf("SQLite's hard heap limit is %lld MB, sqlite3_hard_heap_limit64()",
                             mxHard>>20);
  }else if( mxSoft>0 ){
    zLimit = sqlite3_mprintf("SQLite's soft heap limit is %lld MB, or the machine's memory",
                             mxSoft>>20);
  }else{
    zLimit = sqlite3_mprintf("the machine's memory; SQLite has no heap limit");
  }
  if( pNeed->nPos ){
    sqlite3_snprintf(sizeof(zPos), zPos, " (%llu positions)", (unsigned long long)pNeed->nPos);
  }
  z = zLimit ? gg_errmsg("%s: solving %s needs about %llu MB at its peak%s, and an allocation"
                         " failed (%s)", zFunc, zWhat, errorsMB(nByte), zPos, zLimit) : 0;
  sqlite3_free(zLimit);
  return z;
}

char *gg_err_engine(int rc, const char *zFunc, const char *zSearching, const char *zWhat,
                    const char *zFor, const GGNeed *pNeed){
  if( rc==GG_NOMEM && pNeed && pNeed->nByte ) return errorsNoMem(zFunc, zWhat, pNeed);
  if( rc==GG_TOOBIG && pNeed && pNeed->nMaxNode && pNeed->n>pNeed->nMaxNode ){
    return gg_errmsg("%s: %s is too large to solve: %u nodes need %llu positions, about"
                     " %llu MB at the peak, and the engine takes at most %u nodes (%s)",
                     zFunc, zWhat, pNeed->n, (unsigned long long)pNeed->nPos,
                     errorsMB(pNeed->nByte), pNeed->nMaxNode, pNeed->zMaxNode);
  }
  if( rc==GG_TOOBIG ) return gg_errmsg("%s: %s is too large to solve%s", zFunc, zWhat, zFor);
  if( rc==GG_INTERRUPT ) return gg_err_interrupted(zFunc, "%s %s%s", zSearching, zWhat, zFor);
  return 0;
}

char *gg_err_needs(const char *zTable, int bOne, const char *zArgs){
  return gg_errmsg("%s needs %s: %s(%s)", zTable, bOne ? "an argument" : "arguments",
                   zTable, zArgs);
}

char *gg_err_needs_graph(const char *zTable, const char *zNodes){
  char *zArgs = sqlite3_mprintf("graph_id%s%s [, edges [, rules]]", zNodes ? ", " : "",
                                zNodes ? zNodes : "");
  char *zMsg = zArgs ? gg_err_needs(zTable, 0, zArgs) : 0;
  sqlite3_free(zArgs);
  return zMsg;
}

void gg_err_not_from_sql(sqlite3_context *ctx, const char *zReader, const char *zHow){
  char *zMsg = gg_errmsg("%s is how %s; it cannot be called from SQL", zReader, zHow);
  if( zMsg==0 ){ sqlite3_result_error_nomem(ctx); return; }
  sqlite3_result_error(ctx, zMsg, -1);
  sqlite3_free(zMsg);
}

char *gg_err_too_many_positions(const char *zFunc, const char *zTable){
  return gg_errmsg("%s: table \"%w\" has too many positions", zFunc, zTable);
}
