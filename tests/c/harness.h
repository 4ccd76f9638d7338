/*
** harness.h: what the C test harnesses in tests/c share.
**
** Each harness is one program that prints one line per test case,
**
**     ok   <name>
**     FAIL <name>: <why>
**
** and ends with "N passed, N failed"; it exits non-zero on any failure.
** tests/run.py runs the harnesses built by the Makefile and counts each
** line as a case of `make test`.
**
** Also here: a monotonic clock, an exact digest of what a statement did
** (rows, result code and message, as text) to compare runs, and how a
** harness gets the extension onto a connection: linked in (the sources
** compiled with -DSQLITE_CORE, then sqlite3_graphgame_init is called
** directly) or loaded from the built .so.
*/
#ifndef GG_HARNESS_H
#define GG_HARNESS_H
#include <sqlite3.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define H_FN static __attribute__((unused))   /* not every harness uses all */

static int hNPass = 0;     /* cases passed */
static int hNFail = 0;     /* cases failed */

/* Report one case: ok when bOk, else FAIL with a printf-style reason. */
H_FN void h_case(int bOk, const char *zName, const char *zFmt, ...){
  if( bOk ){
    hNPass++;
    printf("ok   %s\n", zName);
  }else{
    va_list ap;
    hNFail++;
    printf("FAIL %s: ", zName);
    va_start(ap, zFmt);
    vprintf(zFmt, ap);
    va_end(ap);
    printf("\n");
  }
  fflush(stdout);
}

/* The last line; the exit code of the harness. */
H_FN int h_finish(void){
  printf("%d passed, %d failed\n", hNPass, hNFail);
  fflush(stdout);
  return hNFail ? 1 : 0;
}

H_FN double h_now_ms(void){
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec*1e3 + t.tv_nsec/1e6;
}

/* A growable text buffer in plain malloc memory (not SQLite's, so that
** the harnesses' own bookkeeping never disturbs allocation counts). */
typedef struct HStr HStr;
struct HStr {
  char *z;       /* text, NUL-terminated */
  size_t n;      /* bytes used */
  size_t nAlloc; /* bytes allocated */
};

H_FN void h_str_add(HStr *p, const char *zFmt, ...){
  va_list ap;
  int n;
  va_start(ap, zFmt);
  n = vsnprintf(0, 0, zFmt, ap);
  va_end(ap);
  if( p->n + n + 1 > p->nAlloc ){
    p->nAlloc = (p->n + n + 1)*2;
    p->z = realloc(p->z, p->nAlloc);
    if( p->z==0 ){ fprintf(stderr, "harness: out of memory\n"); exit(2); }
  }
  va_start(ap, zFmt);
  vsnprintf(p->z + p->n, p->nAlloc - p->n, zFmt, ap);
  va_end(ap);
  p->n += n;
}

H_FN void h_str_free(HStr *p){
  free(p->z);
  memset(p, 0, sizeof(*p));
}

/* Named parameters of the statements in surface.h. */
typedef struct HArgs HArgs;
struct HArgs {
  int eGraphType;        /* SQLITE_INTEGER, SQLITE_TEXT, ... of :graph */
  sqlite3_int64 iGraph;  /* :graph as an integer */
  const char *zText;     /* :graph as text or blob (eGraphType TEXT/BLOB) */
  double rGraph;         /* :graph as a real */
  const char *zEdges;    /* :edges, or NULL */
  const char *zJson;     /* :json, or NULL */
  int nJson;             /* bytes of zJson, or -1 */
};

/* Bind the parameters the statement has.  Returns an SQLite code. */
H_FN int h_bind(sqlite3_stmt *p, const HArgs *a){
  int i, rc = SQLITE_OK;
  if( (i = sqlite3_bind_parameter_index(p, ":graph"))>0 ){
    switch( a->eGraphType ){
      case SQLITE_INTEGER: rc = sqlite3_bind_int64(p, i, a->iGraph); break;
      case SQLITE_FLOAT:   rc = sqlite3_bind_double(p, i, a->rGraph); break;
      case SQLITE_TEXT:    rc = sqlite3_bind_text(p, i, a->zText, -1, SQLITE_STATIC); break;
      case SQLITE_BLOB:    rc = sqlite3_bind_blob(p, i, a->zText, (int)strlen(a->zText), SQLITE_STATIC); break;
      default:             rc = sqlite3_bind_null(p, i); break;
    }
  }
  if( rc==SQLITE_OK && (i = sqlite3_bind_parameter_index(p, ":edges"))>0 ){
    rc = a->zEdges ? sqlite3_bind_text(p, i, a->zEdges, -1, SQLITE_STATIC)
                   : sqlite3_bind_null(p, i);
  }
  if( rc==SQLITE_OK && (i = sqlite3_bind_parameter_index(p, ":json"))>0 ){
    rc = a->zJson ? sqlite3_bind_text(p, i, a->zJson, a->nJson, SQLITE_STATIC)
                  : sqlite3_bind_null(p, i);
  }
  return rc;
}

/* If set, h_run calls this once the statement is prepared and bound. */
static void (*h_xAfterPrepare)(void) = 0;

/* Run zSql with the arguments; append every row and then "rc=N msg" to
** pOut.  Returns the final SQLite code (SQLITE_DONE on success). */
H_FN int h_run(sqlite3 *db, const char *zSql, const HArgs *a, HStr *pOut){
  sqlite3_stmt *p = 0;
  int rc = sqlite3_prepare_v2(db, zSql, -1, &p, 0);
  if( rc==SQLITE_OK && p ) rc = h_bind(p, a);
  if( rc==SQLITE_OK && p && h_xAfterPrepare ) h_xAfterPrepare();
  if( rc==SQLITE_OK && p ){
    while( (rc = sqlite3_step(p))==SQLITE_ROW ){
      int i;
      for(i=0; i<sqlite3_column_count(p); i++){
        const unsigned char *z = sqlite3_column_text(p, i);
        h_str_add(pOut, "%s%s", i ? "|" : "", z ? (const char*)z : "NULL");
      }
      h_str_add(pOut, "\n");
    }
  }
  h_str_add(pOut, "rc=%d %s", rc==SQLITE_DONE ? 0 : rc,
            rc==SQLITE_DONE ? "" : sqlite3_errmsg(db));
  sqlite3_finalize(p);
  return rc;
}

/* Run SQL that must work (setup).  Exits the harness if it does not. */
H_FN void h_exec(sqlite3 *db, const char *zSql){
  char *zErr = 0;
  if( sqlite3_exec(db, zSql, 0, 0, &zErr)!=SQLITE_OK ){
    fprintf(stderr, "harness: setup failed: %s\n  in: %.200s\n", zErr, zSql);
    exit(2);
  }
}

/* Put the extension on a connection: linked in, or the .so at zPath. */
#ifdef GG_LINKED
int sqlite3_graphgame_init(sqlite3*, char**, const sqlite3_api_routines*);
H_FN int h_load(sqlite3 *db, const char *zPath, char **pzErr){
  (void)zPath;
  return sqlite3_graphgame_init(db, pzErr, 0);
}
#else
H_FN int h_load(sqlite3 *db, const char *zPath, char **pzErr){
  int rc;
  sqlite3_enable_load_extension(db, 1);
  rc = sqlite3_load_extension(db, zPath, 0, pzErr);
  sqlite3_enable_load_extension(db, 0);
  return rc;
}
#endif

#endif
