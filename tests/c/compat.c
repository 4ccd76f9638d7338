/*
** compat.c: graphgame on older SQLite versions.
**
**     dist/ctests/compat [extension]
**
** The extension supports SQLite 3.30.0 and newer.  With no old SQLite at
** hand, this harness plays one: it takes the real sqlite3_api_routines
** (captured by an automatic extension), copies it, makes
** libversion_number() and libversion() report another version, and calls
** the built extension's sqlite3_graphgame_init() with the copy:
**
**   - 3.29.0: loading fails with a message that names both versions;
**   - 3.30.0: loading works and the functions and tables answer, with
**     every entry of the routines that SQLite 3.30 does not have replaced
**     by a trap (so using a newer API without a guard is caught), and
**     sqlite3_vtab_config(SQLITE_VTAB_INNOCUOUS), new in 3.31, never called;
**   - the real version, through the copy: loading works.
*/
#include <dlfcn.h>
#include <stddef.h>
#define SQLITE_CORE 1      /* sqlite3ext.h: the struct only, no macros */
#include <sqlite3ext.h>
#include "harness.h"

typedef int (*InitFn)(sqlite3*, char**, const sqlite3_api_routines*);

static const sqlite3_api_routines *pReal = 0;  /* SQLite's own routines */
static int iFakeVersion = 0;                     /* what the copy reports */
static char zFakeVersion[32];
static int nInnocuous = 0;                       /* vtab_config INNOCUOUS calls */

static int compatCapture(sqlite3 *db, char **pzErr, const sqlite3_api_routines *pApi){
  (void)db; (void)pzErr;
  pReal = pApi;
  return SQLITE_OK;
}

static int compatVersionNumber(void){ return iFakeVersion; }
static const char *compatVersion(void){ return zFakeVersion; }

static int compatVtabConfig(sqlite3 *db, int op, ...){
  if( op==SQLITE_VTAB_INNOCUOUS ){
    nInnocuous++;
    if( iFakeVersion<3031000 ) return SQLITE_MISUSE;   /* as 3.30 does */
  }
  return pReal->vtab_config(db, op);
}

static void compatTrap(void){
  printf("FAIL compat: no API newer than the oldest supported SQLite: the extension"
         " called an entry of sqlite3_api_routines that SQLite 3.30 does not have\n");
  printf("%d passed, %d failed\n", hNPass, hNFail + 1);
  exit(1);
}

/* A copy of the routines as a SQLite of version iVersion would have them. */
static void compatRoutines(sqlite3_api_routines *p, int iVersion){
  *p = *pReal;
  iFakeVersion = iVersion;
  snprintf(zFakeVersion, sizeof(zFakeVersion), "%d.%d.%d", iVersion/1000000,
           (iVersion/1000)%1000, iVersion%1000);
  p->libversion_number = compatVersionNumber;
  p->libversion = compatVersion;
  p->vtab_config = compatVtabConfig;
  if( iVersion<3031000 ){
    /* Everything from hard_heap_limit64 (3.31.0) on is newer than 3.30. */
    void (**a)(void) = (void(**)(void))((char*)p + offsetof(sqlite3_api_routines,
                                                             hard_heap_limit64));
    size_t i, n = (sizeof(*p) - offsetof(sqlite3_api_routines, hard_heap_limit64))
                  / sizeof(void*);
    for(i=0; i<n; i++) a[i] = compatTrap;
  }
}

int main(int argc, char **argv){
  const char *zExt = argc>1 ? argv[1] : "dist/graphgame";
  char zPath[4096];
  void *h;
  InitFn xInit;
  sqlite3 *db = 0;
  sqlite3_api_routines api;
  char *zErr = 0;
  int rc;
  HStr out = {0, 0, 0};
  HArgs a;
  memset(&a, 0, sizeof(a));

  snprintf(zPath, sizeof(zPath), "%s.so", zExt);
  h = dlopen(zPath, RTLD_NOW|RTLD_LOCAL);
  xInit = h ? (InitFn)dlsym(h, "sqlite3_graphgame_init") : 0;
  if( xInit==0 ){
    fprintf(stderr, "compat: cannot load %s: %s\n", zPath, dlerror());
    return 2;
  }
  sqlite3_auto_extension((void(*)(void))compatCapture);
  sqlite3_open(":memory:", &db);
  sqlite3_close(db);
  sqlite3_cancel_auto_extension((void(*)(void))compatCapture);
  if( pReal==0 ){ fprintf(stderr, "compat: no routines\n"); return 2; }

  /* Too old. */
  compatRoutines(&api, 3029000);
  sqlite3_open(":memory:", &db);
  rc = xInit(db, &zErr, &api);
  h_case(rc==SQLITE_ERROR && zErr
         && strcmp(zErr, "graphgame: needs SQLite 3.30.0 or newer, this is 3.29.0")==0,
         "compat: SQLite 3.29.0 is refused with a message that says so",
         "rc=%d, message %s", rc, zErr ? zErr : "(none)");
  sqlite3_free(zErr);
  zErr = 0;
  h_run(db, "SELECT count(*) FROM pragma_function_list WHERE name LIKE 'catmouse%'", &a, &out);
  h_case(strcmp(out.z, "0\nrc=0 ")==0, "compat: nothing is registered when refused",
         "got %s", out.z);
  out.n = 0;
  sqlite3_close(db);

  /* The oldest supported. */
  compatRoutines(&api, 3030000);
  nInnocuous = 0;
  sqlite3_open(":memory:", &db);
  rc = xInit(db, &zErr, &api);
  h_case(rc==SQLITE_OK, "compat: SQLite 3.30.0 loads it", "rc=%d %s", rc, zErr ? zErr : "");
  sqlite3_free(zErr);
  zErr = 0;
  h_exec(db, "CREATE TABLE edges(graph_id, src, dst);"
             "INSERT INTO edges VALUES (2,0,1),(2,0,3),(2,2,3);");
  h_run(db, "SELECT catmouse(2), catmouse_json('[[1,3],[0],[3],[0,2]]'),"
            " (SELECT count(*) FROM catmouse_states(2)), graphgame_version() IS NOT NULL,"
            " graphgame_limit('max_positions') > 0, race_game(2, 1, 2, 0),"
            " (SELECT count(*) FROM race_states(2, 0)), (SELECT count(*) FROM catmouse_play(2)),"
            " (SELECT count(*) FROM graph_petersen()), catmouse_bounded(2, NULL),"
            " length(catmouse_dot(2, 2)) > 0", &a, &out);
  h_case(strcmp(out.z, "1|1|24|1|1|1|32|1|15|1|1\nrc=0 ")==0 && nInnocuous==0,
         "compat: on SQLite 3.30.0 every function and table works without newer APIs",
         "got %s; SQLITE_VTAB_INNOCUOUS used %d times", out.z, nInnocuous);
  out.n = 0;
  /* The tables' plans with constraints (xBestIndex asks sqlite3_vtab_in,
  ** new in 3.38, of an = on outcome or plies and of an IN list of places:
  ** a real SQLite 3.30.1 crashed on the first, tests/py/test_old_sqlite.py),
  ** and graph6_edges, which is SQLITE_VTAB_INNOCUOUS from 3.31 on only. */
  h_run(db, "SELECT (SELECT count(*) FROM catmouse_states(2) WHERE turn = 'mouse' AND outcome = 1),"
            " (SELECT count(*) FROM catmouse_states(2) WHERE outcome IN (1, 2)),"
            " (SELECT count(*) FROM catmouse_states(2) WHERE plies > 0 AND mouse <> 1),"
            " (SELECT count(*) FROM race_states(2, 0) WHERE outcome = 1 AND plies >= 0),"
            " (SELECT count(*) FROM cops_states(2, 1) WHERE cops IN ('[1]', '[2]')),"
            " (SELECT count(*) FROM graph6_edges('Dhc')), (SELECT count(*) FROM digraph6_edges('&BP?'))",
        &a, &out);
  h_case(strcmp(out.z, "8|24|6|8|16|5|2\nrc=0 ")==0 && nInnocuous==0,
         "compat: on SQLite 3.30.0 the tables' constraints, IN lists and graph6 tables work without newer APIs",
         "got %s; SQLITE_VTAB_INNOCUOUS used %d times", out.z, nInnocuous);
  out.n = 0;
  sqlite3_close(db);

  /* This SQLite, through the copied routines. */
  compatRoutines(&api, sqlite3_libversion_number());
  sqlite3_open(":memory:", &db);
  rc = xInit(db, &zErr, &api);
  sqlite3_free(zErr);
  zErr = 0;
  h_run(db, "SELECT catmouse_json('[[1,3],[0],[3],[0,2]]'), count(*) FROM graph_petersen()",
        &a, &out);
  h_case(rc==SQLITE_OK && strcmp(out.z, "1|15\nrc=0 ")==0,
         "compat: this SQLite loads it through the same routines", "rc=%d, got %s", rc, out.z);
  sqlite3_close(db);
  h_str_free(&out);
  return h_finish();
}
