/*
** graphgame.c: the extension's entry point, and the two functions of the
** library itself.
**
**   .load dist/graphgame          -- sqlite3 CLI
**   SELECT load_extension('dist/graphgame');
**
** The entry point registers the tables of registry.c, the whole public
** surface: each game's functions (each a GGFuncDef, run by call.c) and
** tables (<game>_states and <game>_play), the functions that are no
** game's and the other tables.  Each connection gets one GGConn (limits,
** the cache of solved games, the kept statements), freed when the
** connection closes.
**
**   graphgame_version()                      -> '0.1.0' (the file VERSION)
**   graphgame_limit('max_positions' [, N])   -> the limit before the call;
**       with N, sets it.  Solves needing more positions fail with
**       SQLITE_TOOBIG.  The default allows 1e9 positions (about 1.4 GB for
**       cat and mouse at its peak: n = 22,360).
**   graphgame_limit('max_certificate_rows' [, N])  -> the same for the
**       rows of one certificate (default 1e7).
*/
#include <string.h>
#include "registry.h"
SQLITE_EXTENSION_INIT1

/* The version is defined once, in the file VERSION; the Makefile passes
** it in as -DGG_VERSION='"x.y.z"'.  A build that bypasses the Makefile
** says so instead of claiming a version. */
#ifndef GG_VERSION
# define GG_VERSION "unknown (built without the Makefile)"
#endif
#define GG_MIN_SQLITE 3030000      /* oldest SQLite supported: 3.30.0 */

void gg_fn_version(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  (void)argc; (void)argv;
  sqlite3_result_text(ctx, GG_VERSION, -1, SQLITE_STATIC);
}

/* The limits of graphgame_limit(): name, field of GGConn, what a value
** must be. */
static const struct GGLimitDef {
  const char *zName;             /* its SQL name */
  size_t iOff;                   /* offset of its sqlite3_int64 in GGConn */
  const char *zWhy;              /* why it must be positive */
} aGGLimit[] = {
  { "max_positions", offsetof(GGConn, mxPositions), "every solve has at least one position" },
  { "max_certificate_rows", offsetof(GGConn, mxCertRows), "every certificate has a row" },
};
#define GG_NLIMIT ((int)(sizeof(aGGLimit)/sizeof(aGGLimit[0])))

void gg_fn_limit(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  GGConn *pConn = (GGConn*)sqlite3_user_data(ctx);
  const char *zName = (const char*)sqlite3_value_text(argv[0]);
  sqlite3_int64 *pLimit, iOld;
  int i;
  for(i=0; zName && i<GG_NLIMIT && strcmp(zName, aGGLimit[i].zName)!=0; i++){}
  if( zName==0 || i==GG_NLIMIT ){
    char *zVal = gg_value_sql(argv[0]);
    gg_result_error(ctx, SQLITE_ERROR, zVal==0 ? 0 :
        gg_errmsg("graphgame_limit: unknown limit %s (known: 'max_positions',"
                  " 'max_certificate_rows')", zVal));
    sqlite3_free(zVal);
    return;
  }
  pLimit = (sqlite3_int64*)((char*)pConn + aGGLimit[i].iOff);
  iOld = *pLimit;
  if( argc>1 ){
    if( sqlite3_value_type(argv[1])!=SQLITE_INTEGER || sqlite3_value_int64(argv[1])<1 ){
      char *zVal = gg_value_sql(argv[1]);      /* 0 would refuse everything */
      gg_result_error(ctx, SQLITE_MISMATCH, zVal==0 ? 0 :
          gg_errmsg("graphgame_limit: %s must be a positive integer (%s), got %s",
                    aGGLimit[i].zName, aGGLimit[i].zWhy, zVal));
      sqlite3_free(zVal);
      return;
    }
    *pLimit = sqlite3_value_int64(argv[1]);
    if( i==0 ) gg_cache_limit(pConn);      /* as on a fresh connection */
  }
  sqlite3_result_int64(ctx, iOld);
}

/* The game functions of every game: aReg's entries. */
static int ggCountFuncs(void){
  int i, j, n = 0;
  for(i=0; i<gg_nGame; i++){
    for(j=0; gg_aGame[i]->apFunc && gg_aGame[i]->apFunc[j]; j++) n++;
  }
  return n;
}

/* The functions and the tables of one game. */
static int ggRegisterGame(sqlite3 *db, GGConn *pConn, const GGGameDef *pDef){
  int rc = SQLITE_OK, i, n;
  GGGameSlot *pSlot;
  pSlot = &pConn->aGame[pConn->nGame++];
  pSlot->pDef = pDef;
  for(i=0; rc==SQLITE_OK && pDef->apFunc && pDef->apFunc[i]; i++){
    const GGFuncDef *f = pDef->apFunc[i];
    GGFuncReg *r;
    r = &pConn->aReg[pConn->nReg++];
    r->pConn = pConn;
    r->pDef = pDef;
    r->pFunc = f;
    r->pSlot = pSlot;
    for(n=f->nArgMin; rc==SQLITE_OK && n<=f->nArgMax; n++){
      rc = sqlite3_create_function_v2(db, f->zName, n, f->bPure ? GG_PURE : GG_READS, r,
                                      gg_call_scalar, 0, 0, 0);
    }
  }
  if( rc==SQLITE_OK ) rc = gg_register_states(db, pConn, pDef);
  if( rc==SQLITE_OK ) rc = gg_register_play(db, pConn, pDef);
  return rc;
}

/* Frees a connection's GGConn, after each game's close hook, and waits
** for the threads freeing interrupted solves (free_later.c): SQLite may
** unload the library next. */
static void ggConnFree(void *p){
  GGConn *pConn = (GGConn*)p;
  int i;
  for(i=0; i<pConn->nGame; i++){
    if( pConn->aGame[i].pDef->xClose ) pConn->aGame[i].pDef->xClose();
    sqlite3_free(pConn->aGame[i].pScratch);
  }
  gg_free_wait();
  gg_cache_clear((GGConn*)p);
  gg_stmt_clear((GGConn*)p);       /* (already done by the anchor's xDisconnect) */
  sqlite3_free(((GGConn*)p)->pSmallCsr);
  sqlite3_free(((GGConn*)p)->aReg);
  sqlite3_free(p);
}

/* The one exported symbol: a DLL export on Windows (MSVC, MinGW), the
** default visibility elsewhere (GCC and Clang build with -fvisibility=hidden). */
#if defined(_WIN32) || defined(__CYGWIN__)
# define GG_EXPORT __declspec(dllexport)
#elif defined(__GNUC__)
# define GG_EXPORT __attribute__((visibility("default")))
#else
# define GG_EXPORT
#endif

GG_EXPORT int sqlite3_graphgame_init(sqlite3 *db, char **pzErrMsg,
                                     const sqlite3_api_routines *pApi){
  GGConn *pConn;
  int rc = SQLITE_OK, i;
  SQLITE_EXTENSION_INIT2(pApi);
  if( sqlite3_libversion_number()<GG_MIN_SQLITE ){
    *pzErrMsg = sqlite3_mprintf(GG_PREFIX "needs SQLite 3.30.0 or newer, this is %s",
                                sqlite3_libversion());
    return SQLITE_ERROR;
  }
  pConn = sqlite3_malloc64(sizeof(*pConn));
  if( pConn==0 ) return SQLITE_NOMEM;
  memset(pConn, 0, sizeof(*pConn));
  pConn->db = db;
  pConn->mxPositions = GG_DEFAULT_MAX_POSITIONS;
  pConn->mxCertRows = GG_DEFAULT_MAX_CERT_ROWS;
  pConn->aReg = sqlite3_malloc64((sqlite3_uint64)ggCountFuncs()*sizeof(GGFuncReg));
  if( pConn->aReg==0 ){ sqlite3_free(pConn); return SQLITE_NOMEM; }
  /* The first function owns the connection context: SQLite calls
  ** ggConnFree when the connection closes (or if registration fails). */
  for(i=0; rc==SQLITE_OK && i<gg_nFunc; i++){
    rc = sqlite3_create_function_v2(db, gg_aFunc[i].zName, gg_aFunc[i].nArg,
                                    gg_aFunc[i].flags, pConn, gg_aFunc[i].xFunc,
                                    0, 0, i==0 ? ggConnFree : 0);
  }
  for(i=0; rc==SQLITE_OK && i<gg_nGame; i++){
    rc = ggRegisterGame(db, pConn, gg_aGame[i]);
  }
  for(i=0; rc==SQLITE_OK && i<gg_nTable; i++){
    rc = gg_aTable[i](db, pConn);
  }
  return rc;
}
