/* sqlrun_core.c: tests/tools/sqlrun.c in a program with graphgame compiled
 * in, from the amalgamation (dist/amalgamation/graphgame.c with
 * -DSQLITE_CORE, linked with SQLite's sqlite3.c: mk/amalgamation.mk,
 * tests/py/test_amalgamation.py).  Nothing is loaded: graphgame is in
 * every connection because main() registers its entry point with
 * sqlite3_auto_extension() before the first open, as graphgame.h tells an
 * application to; built with -DSQLRUN_EXTRA_INIT it does not, and SQLite
 * registers it itself (sqlite3.c built with
 * -DSQLITE_EXTRA_INIT=sqlite3_graphgame_extra_init).
 *
 * The scripts' ".load X" (and -load LIB) then only check that graphgame
 * is in the connection already (graphgame_version() answers), so a
 * script runs unchanged; sqlite3_load_extension() is never called.
 *
 *     sqlrun-core [-load LIB] [-steps] FILE.sql...   (as sqlrun) */
#include <stdio.h>
#include "sqlite3.h"
#include "graphgame.h"

static int coreLoaded(sqlite3 *db, const char *zFile, const char *zProc, char **pzErr);
#define sqlite3_load_extension coreLoaded
#define main sqlrunMain
#include "sqlrun.c"
#undef main
#undef sqlite3_load_extension

static int coreLoaded(sqlite3 *pDb, const char *zFile, const char *zProc, char **pzErr){
  sqlite3_stmt *st = 0;
  int rc = sqlite3_prepare_v2(pDb, "SELECT graphgame_version()", -1, &st, 0);
  (void)zFile; (void)zProc;
  if( rc==SQLITE_OK && sqlite3_step(st)==SQLITE_ROW ){
    sqlite3_finalize(st);
    return SQLITE_OK;
  }
  sqlite3_finalize(st);
  *pzErr = sqlite3_mprintf("graphgame is not compiled into this program's connections (%s)",
                           sqlite3_errmsg(pDb));
  return SQLITE_ERROR;
}

int main(int argc, char **argv){
#ifndef SQLRUN_EXTRA_INIT
  int rc = sqlite3_auto_extension((void(*)(void))sqlite3_graphgame_init);
  if( rc!=SQLITE_OK ){
    fprintf(stderr, "sqlrun-core: sqlite3_auto_extension: %d\n", rc);
    return 2;
  }
#endif
  return sqlrunMain(argc, argv);
}
