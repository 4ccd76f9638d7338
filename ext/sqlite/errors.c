/*
** errors.c: error messages of the SQL layer.  Every message starts with
** GG_PREFIX and names the thing at fault; values are shown as SQL literals.
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
