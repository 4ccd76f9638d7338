/*
** graphgame.c: the extension's entry point and its registration table.
**
**   .load dist/graphgame          -- sqlite3 CLI
**   SELECT load_extension('dist/graphgame');
**
** Three tables below are the whole public surface (docs/reference/ is its
** manual): aGame[], one line per game, registers its SQL functions (each
** a GGFuncDef, run by call.c) and its tables (<game>_states and
** <game>_play, or the game's own); aFunc[] the functions that are no
** game's; aTable[] the other tables (the graph generators, game_solve,
** the sources' own tables: graph6_edges, digraph6_edges, sparse6_edges;
** graph6_read, and two private ones: the reader of rows and the
** owner of the kept statements).
** Each connection gets one GGConn (limits, the cache of solved games, the
** kept statements), freed when the connection closes.
**
**   graphgame_version()                      -> '0.1.0' (the file VERSION)
**   graphgame_limit('max_positions' [, N])   -> the limit before the call;
**       with N, sets it.  Solves needing more positions fail with
**       SQLITE_TOOBIG.  The default allows 1e9 positions (about 1.4 GB for
**       cat and mouse at its peak: n = 22,360).
*/
#include <string.h>
#include "call.h"
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

void gg_fn_limit(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  GGConn *pConn = (GGConn*)sqlite3_user_data(ctx);
  const char *zName = (const char*)sqlite3_value_text(argv[0]);
  sqlite3_int64 iOld = pConn->mxPositions;
  if( zName==0 || strcmp(zName, "max_positions")!=0 ){
    char *zVal = gg_value_sql(argv[0]);
    gg_result_error(ctx, SQLITE_ERROR, zVal==0 ? 0 :
        gg_errmsg("graphgame_limit: unknown limit %s (known: 'max_positions')", zVal));
    sqlite3_free(zVal);
    return;
  }
  if( argc>1 ){
    if( sqlite3_value_type(argv[1])!=SQLITE_INTEGER || sqlite3_value_int64(argv[1])<1 ){
      char *zVal = gg_value_sql(argv[1]);      /* 0 would refuse every solve */
      gg_result_error(ctx, SQLITE_MISMATCH, zVal==0 ? 0 :
          gg_errmsg("graphgame_limit: max_positions must be a positive integer"
                    " (every solve has at least one position), got %s", zVal));
      sqlite3_free(zVal);
      return;
    }
    pConn->mxPositions = sqlite3_value_int64(argv[1]);
    gg_cache_limit(pConn);      /* as on a fresh connection */
  }
  sqlite3_result_int64(ctx, iOld);
}

/* Flags, chosen per function (docs/reference/conventions.md, "SQLite conventions"):
**
**   GG_PURE   the result depends on the arguments only: DETERMINISTIC (so
**             allowed in indexes, CHECK and generated columns) and
**             INNOCUOUS (allowed in views and triggers even with
**             PRAGMA trusted_schema=OFF).
**   GG_READS  reads tables named by its arguments and changes nothing.  Not
**             DETERMINISTIC: the answer follows the rows.  Not INNOCUOUS:
**             it can read any table of the connection (temp and attached
**             ones too), its errors reveal which tables and columns exist,
**             and a solve can take seconds and gigabytes; a schema the
**             application does not trust must not do that on its behalf.
**             So views and triggers may use it when trusted_schema=ON (the
**             default), not when it is OFF.  The <game>_states tables are
**             the same (they do not declare SQLITE_VTAB_INNOCUOUS).
**   GG_SETS   changes a setting of the connection: DIRECTONLY, never from
**             a view, trigger or schema, whatever trusted_schema says.
*/
#define GG_PURE  (SQLITE_UTF8|SQLITE_DETERMINISTIC|SQLITE_INNOCUOUS)
#define GG_READS (SQLITE_UTF8)
#define GG_SETS  (SQLITE_UTF8|SQLITE_DIRECTONLY)

static const struct {
  const char *zName;     /* SQL name */
  int nArg;              /* number of arguments */
  int flags;             /* SQLITE_UTF8 | ... */
  void (*xFunc)(sqlite3_context*, int, sqlite3_value**);
} aFunc[] = {
  { "graphgame_version",0, GG_PURE,  gg_fn_version },  /* first: owns GGConn */
  { "graphgame_limit",  1, GG_SETS,  gg_fn_limit },
  { "graphgame_limit",  2, GG_SETS,  gg_fn_limit },
  { "graph6",           1, GG_READS, gg_fn_graph6 },
  { "graph6",           2, GG_READS, gg_fn_graph6 },
  { "digraph6",         1, GG_READS, gg_fn_digraph6 },
  { "digraph6",         2, GG_READS, gg_fn_digraph6 },
};

/* The games: each line registers the game's SQL functions (GG_READS, or
** GG_PURE for one that reads nothing but its arguments) and its tables
** (none INNOCUOUS: they read tables, like GG_READS). */
static const GGGameDef *const aGame[] = {
  &gg_catmouse_def,
  &gg_race_def,
  &gg_cops_def,
#ifdef GG_TOY
  &gg_toy_def,                  /* a toy game, in the tests' library only (make toy) */
#endif
};

/* aGame[] fits a connection's slots (conn.h): else the build fails here. */
typedef char ggGamesFit[sizeof(aGame)/sizeof(aGame[0])<=GG_MAX_GAME ? 1 : -1];

/* The game functions of every game: aReg's entries. */
static int ggCountFuncs(void){
  size_t i;
  int n = 0, j;
  for(i=0; i<sizeof(aGame)/sizeof(aGame[0]); i++){
    for(j=0; aGame[i]->apFunc[j]; j++) n++;
  }
  return n;
}

/* The other tables. */
static int (*const aTable[])(sqlite3*, GGConn*) = {
  gg_register_generators,
  gg_register_game_solve,
  gg_register_sources,          /* the sources' own: graph6_edges, ... (call.c) */
  gg_register_graph6_read,      /* graph6_read, a file's lines (graph6_read.c) */
  gg_register_rows,             /* graphgame_rows, the private reader of rows (rows.c) */
  gg_register_kept,             /* graphgame_kept, the kept statements' owner (kept.c) */
};

/* The functions and the tables of one game. */
static int ggRegisterGame(sqlite3 *db, GGConn *pConn, const GGGameDef *pDef){
  int rc = SQLITE_OK, i, n;
  GGGameSlot *pSlot;
  pSlot = &pConn->aGame[pConn->nGame++];
  pSlot->pDef = pDef;
  for(i=0; rc==SQLITE_OK && pDef->apFunc[i]; i++){
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
  int rc = SQLITE_OK;
  size_t i;
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
  pConn->aReg = sqlite3_malloc64((sqlite3_uint64)ggCountFuncs()*sizeof(GGFuncReg));
  if( pConn->aReg==0 ){ sqlite3_free(pConn); return SQLITE_NOMEM; }
  /* The first function owns the connection context: SQLite calls
  ** ggConnFree when the connection closes (or if registration fails). */
  for(i=0; rc==SQLITE_OK && i<sizeof(aFunc)/sizeof(aFunc[0]); i++){
    rc = sqlite3_create_function_v2(db, aFunc[i].zName, aFunc[i].nArg,
                                    aFunc[i].flags, pConn, aFunc[i].xFunc,
                                    0, 0, i==0 ? ggConnFree : 0);
  }
  for(i=0; rc==SQLITE_OK && i<sizeof(aGame)/sizeof(aGame[0]); i++){
    rc = ggRegisterGame(db, pConn, aGame[i]);
  }
  for(i=0; rc==SQLITE_OK && i<sizeof(aTable)/sizeof(aTable[0]); i++){
    rc = aTable[i](db, pConn);
  }
  return rc;
}
