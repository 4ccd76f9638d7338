/*
** oom.c: graphgame when memory runs out.
**
** Installs an allocator (SQLITE_CONFIG_MALLOC, before sqlite3_initialize)
** that fails the N-th allocation from a chosen moment, and runs every
** statement of surface.h with every argument set, for N = 1, 2, 3, ...
** until a run sees no failure (past N = 200, about 50 N per tenfold:
** oomStep).  Four modes: the failure is transient (one
** allocation fails) or persistent (every one from the N-th on fails), on
** a fresh connection (cold) or one that has run the statement once (warm:
** the solved game is in the connection's cache); in the cold transient
** mode the allocations of sqlite3_prepare count too (xConnect and
** xBestIndex run there).  Every run must end with
** exactly the answer of a run without failures or with SQLITE_NOMEM and
** "out of memory" (or a solve's message saying what it needed); then the
** connection must still give right answers;
** when it is closed every allocation made since it was opened must have
** been freed (counted here; LeakSanitizer checks the rest at exit).
** Loading the extension is run the same way.
**
** The extension is linked in (built from ext/ with -DSQLITE_CORE) so that
** AddressSanitizer sees its code; the Makefile builds this as
** dist/ctests/oom with -fsanitize=address,undefined.
**
** Also checks that surface.h names every function and table the extension
** registers (compared with a connection without it).
**
** `make test` runs a brief subset (OOM_BRIEF=1: one mode, one argument
** set, every statement), `make check` a quick one (two modes, six argument
** sets); `make oom` (OOM_FULL=1) runs everything, as CI does.
**
** Debugging: OOM_ONLY=text runs only the statements containing text;
** OOM_TRACE=N prints a backtrace where allocation N fails.
**
** Sharding: OOM_SHARD=i/n runs the statements whose number is i modulo n
** (and, in shard 0, the coverage and loading checks), so that `make oom`
** runs two processes at once, one a core.
*/
#define GG_LINKED 1
#include <execinfo.h>
#include <unistd.h>
#include "harness.h"
#include "surface.h"

static sqlite3_mem_methods oomOrig;   /* the real allocator */
static long oomNOut = 0;              /* allocations not yet freed */
static int oomArmed = 0;              /* counting allocations? */
static long oomNCall = 0;             /* allocations since armed */
static long oomFailAt = 0;            /* fail the allocation with this number */
static int oomPersist = 0;            /* ... and every later one */
static long oomNFail = 0;             /* failures injected since armed */

static int oomShouldFail(void){
  if( !oomArmed ) return 0;
  oomNCall++;
  if( oomNCall==oomFailAt || (oomPersist && oomNCall>oomFailAt) ){
    oomNFail++;
    if( getenv("OOM_TRACE") && atol(getenv("OOM_TRACE"))==oomFailAt ){
      void *a[40];   /* debugging: where does allocation OOM_TRACE fail? */
      backtrace_symbols_fd(a, backtrace(a, 40), 2);
    }
    return 1;
  }
  return 0;
}

static void *oomMalloc(int n){
  void *p;
  if( oomShouldFail() ) return 0;
  p = oomOrig.xMalloc(n);
  if( p ) oomNOut++;
  return p;
}

static void oomFree(void *p){
  if( p ) oomNOut--;
  oomOrig.xFree(p);
}

static void *oomRealloc(void *p, int n){
  if( oomShouldFail() ) return 0;
  return oomOrig.xRealloc(p, n);
}

static void oomArm(long nAt, int bPersist){
  oomNCall = 0;
  oomNFail = 0;
  oomFailAt = nAt;
  oomPersist = bPersist;
  oomArmed = 1;
}
static void oomArmNow(void){ oomArmed = 1; }

/* The modes: cold/warm, transient/persistent, and whether allocations
** made while the statement is prepared count (they are SQLite's own, but
** for the tables they include the extension's xConnect and xBestIndex). */
static const struct { int bWarm, bPersist, bPrepare, bQuick; } aMode[] = {
  { 0, 0, 1, 1 },    /* cold, transient, from prepare on */
  { 0, 1, 0, 0 },    /* cold, persistent, from the first step on */
  { 1, 0, 0, 0 },    /* warm, transient, from the first step on */
  { 1, 1, 0, 1 },    /* warm, persistent, from the first step on */
};
#define OOM_NMODE ((int)(sizeof(aMode)/sizeof(aMode[0])))

/* The quick run (`make test`) uses the modes marked bQuick and these
** argument sets of surface.h: a graph, the quoted table with a text id and
** bad JSON, the failing view, a missing table, a blob id, game_solve's
** tables.  The brief run (`make test`, OOM_BRIEF=1) the first mode and
** the first argument set only.  The full run (`make oom`, OOM_FULL=1) uses
** everything. */
static const int aQuickArg[] = { 0, 3, 4, 6, 7, 10 };
static int oomFull = 0;
static int oomBrief = 0;


static unsigned char *oomImage = 0;   /* SURF_SETUP's database, serialized */
static sqlite3_int64 oomNImage = 0;   /* its size */

/* A connection with the extension on a read-only copy of the setup
** database (deserializing is much faster than running SURF_SETUP). */
static sqlite3 *oomOpen(void){
  sqlite3 *db = 0;
  char *zErr = 0;
  if( sqlite3_open(":memory:", &db)!=SQLITE_OK ){
    fprintf(stderr, "oom: cannot open a database\n");
    exit(2);
  }
  if( h_load(db, 0, &zErr)!=SQLITE_OK ){
    fprintf(stderr, "oom: cannot load the extension: %s\n", zErr);
    exit(2);
  }
  if( oomImage==0 ){
    h_exec(db, SURF_SETUP);
    oomImage = sqlite3_serialize(db, "main", &oomNImage, 0);
    if( oomImage==0 ){ fprintf(stderr, "oom: cannot serialize\n"); exit(2); }
  }else if( sqlite3_deserialize(db, "main", oomImage, oomNImage, oomNImage,
                                SQLITE_DESERIALIZE_READONLY)!=SQLITE_OK ){
    fprintf(stderr, "oom: cannot deserialize: %s\n", sqlite3_errmsg(db));
    exit(2);
  }
  h_exec(db, "SELECT count(*) FROM sqlite_schema");   /* read the schema now */
  return db;
}

/* What a correct connection answers after a failure. */
#define OOM_PROBE "SELECT catmouse_json('[[1,3],[0],[3],[0,2]]')"
#define OOM_PROBE_WANT "1\nrc=0 "

/* The digest of statement iStmt on argument set iArg, on a fresh
** connection, run once (cold) or twice (warm: the second run's). */
static void oomReference(int iStmt, int iArg, int bWarm, HStr *pOut){
  sqlite3 *db = oomOpen();
  if( bWarm ){
    HStr x = {0, 0, 0};
    h_run(db, aSurface[iStmt].zSql, &aSurfArgs[iArg], &x);
    h_str_free(&x);
  }
  h_run(db, aSurface[iStmt].zSql, &aSurfArgs[iArg], pOut);
  sqlite3_close(db);
}

/* SQLite itself may lose an error message to a failed allocation (it
** copies the message to the connection as a "benign" allocation) and
** then reports the same code with its generic text: 1 if that is what
** happened. */
static int oomSameButMessage(const HStr *pGot, const char *zRef, int bFired){
  const char *zCode = strrchr(zRef, '\n'), *zColon;
  int rc;
  char zWant[1000];
  zCode = zCode ? zCode+1 : zRef;
  if( !bFired || sscanf(zCode, "rc=%d", &rc)!=1 || rc==0 ) return 0;
  if( strlen(pGot->z)<(size_t)(zCode-zRef) || memcmp(pGot->z, zRef, zCode-zRef)!=0 ) return 0;
  /* the whole message is generic ... */
  snprintf(zWant, sizeof(zWant), "rc=%d %s", rc, sqlite3_errstr(rc));
  if( strcmp(pGot->z + (zCode-zRef), zWant)==0 ) return 1;
  /* ... or the part after the last ": " (an inner statement's message) */
  zColon = strrchr(zCode, ':');
  if( zColon==0 ) return 0;
  snprintf(zWant, sizeof(zWant), "%.*s %s", (int)(zColon+1-zCode), zCode, sqlite3_errstr(rc));
  return strcmp(pGot->z + (zCode-zRef), zWant)==0;
}

/* One run with allocation nAt failing.  Returns 1 if a failure was
** injected, 0 if the run completed without one, -1 after reporting a
** problem in *pzWhy (a static string or a malloc'ed description). */
static int oomOnce(int iStmt, int iArg, int bWarm, int bPersist, int bPrepare, long nAt,
                   const char *zRef, const char *zRefWarm, HStr *pWhy){
  const char *zSql = aSurface[iStmt].zSql;
  const HArgs *a = &aSurfArgs[iArg];
  long nBase = oomNOut;
  HStr got = {0, 0, 0}, again = {0, 0, 0}, probe = {0, 0, 0};
  sqlite3 *db = oomOpen();
  int rc, bFired, bad = 0;
  if( bWarm ){
    h_run(db, zSql, a, &again);
    h_str_free(&again);
  }
  oomArm(nAt, bPersist);
  if( !bPrepare ){
    oomArmed = 0;
    h_xAfterPrepare = oomArmNow;
  }
  rc = h_run(db, zSql, a, &got);
  h_xAfterPrepare = 0;
  oomArmed = 0;
  bFired = oomNFail>0;
  if( strcmp(got.z, bWarm ? zRefWarm : zRef)!=0 && !oomSameButMessage(&got,
                                                   bWarm ? zRefWarm : zRef, bFired) ){
    const char *zTail = strstr(got.z, "rc=7 ");
    /* SQLITE_NOMEM says "out of memory", or (a solve's own message) what
    ** the solve needed: "graphgame: <function>: solving ... an allocation
    ** failed (...)" */
    int bNoMemText = zTail!=0 && (strcmp(zTail, "rc=7 out of memory")==0
        || (strncmp(zTail, "rc=7 graphgame: ", 16)==0 && strstr(zTail, "an allocation failed (")!=0
            && strchr(zTail, '\n')==0));
    if( !bFired || rc!=SQLITE_NOMEM || !bNoMemText ){
      h_str_add(pWhy, "allocation %ld failing (%s, %s): got\n    %s\n  want\n    %s",
                nAt, bPersist ? "persistent" : "transient", bWarm ? "warm" : "cold",
                got.z, bWarm ? zRefWarm : zRef);
      bad = 1;
    }
  }
  if( !bad ){
    h_run(db, zSql, a, &again);
    h_run(db, OOM_PROBE, a, &probe);
    if( (strcmp(again.z, zRef)!=0 && strcmp(again.z, zRefWarm)!=0)
     || strcmp(probe.z, OOM_PROBE_WANT)!=0 ){
      h_str_add(pWhy, "after allocation %ld failed (%s, %s) the connection answers\n"
                "    %s\n    %s\n  want\n    %s\n    %s", nAt,
                bPersist ? "persistent" : "transient", bWarm ? "warm" : "cold",
                again.z, probe.z, zRef, OOM_PROBE_WANT);
      bad = 1;
    }
  }
  if( sqlite3_close(db)!=SQLITE_OK ){
    h_str_add(pWhy, "sqlite3_close failed after allocation %ld failed", nAt);
    bad = 1;
  }else if( !bad && oomNOut!=nBase ){
    h_str_add(pWhy, "%ld allocations leaked with allocation %ld failing (%s, %s)",
              oomNOut - nBase, nAt, bPersist ? "persistent" : "transient",
              bWarm ? "warm" : "cold");
    bad = 1;
  }
  h_str_free(&got);
  h_str_free(&again);
  h_str_free(&probe);
  return bad ? -1 : bFired;
}

/* The allocations tried: every one of the first OOM_EVERY, then about 50
** per tenfold beyond (each 5% further on), so a table of thousands of
** rows (each row's allocations alike) costs seconds, not hours; the first
** allocations (the rules, the read, the solve, the first rows) are all
** tried, and the run still goes on until one sees no failure.  With 1000
** every one, `make oom` took 17 minutes, too long for CI's 90. */
#define OOM_EVERY 200
static long oomStep(long nAt){
  return nAt<OOM_EVERY ? 1 : nAt/20;
}

/* Every argument set and mode of one statement, N = 1, 2, ... each. */
static void oomStatement(int iStmt, long *pnRun){
  HStr why = {0, 0, 0};
  char zName[200];
  int iArg, mode, bad = 0;
  int nArgs = !strchr(aSurface[iStmt].zSql, ':') ? 1 :
              oomFull ? SURF_NARGS : oomBrief ? 1 : (int)(sizeof(aQuickArg)/sizeof(aQuickArg[0]));
  int k;
  for(k=0; k<nArgs && !bad; k++){
    HStr ref = {0, 0, 0}, refWarm = {0, 0, 0};
    iArg = oomFull || nArgs==1 ? k : aQuickArg[k];
    oomReference(iStmt, iArg, 0, &ref);
    oomReference(iStmt, iArg, 1, &refWarm);
    for(mode=0; mode<OOM_NMODE && !bad; mode++){
      long nAt;
      if( !oomFull && !aMode[mode].bQuick ) continue;
      if( !oomFull && oomBrief && mode>0 ) continue;
      for(nAt=1; nAt<1000000; nAt+=oomStep(nAt)){
        int rc = oomOnce(iStmt, iArg, aMode[mode].bWarm, aMode[mode].bPersist,
                         aMode[mode].bPrepare, nAt, ref.z, refWarm.z, &why);
        (*pnRun)++;
        if( rc<0 ){ bad = 1; break; }
        if( rc==0 ) break;
      }
      if( nAt>=1000000 ){
        h_str_add(&why, "still failing after %ld allocations", nAt);
        bad = 1;
      }
    }
    if( bad ){
      HStr w2 = {0, 0, 0};
      h_str_add(&w2, "arguments #%d: %s", iArg, why.z);
      h_str_free(&why);
      why = w2;
    }
    h_str_free(&ref);
    h_str_free(&refWarm);
  }
  snprintf(zName, sizeof(zName), "oom: %.150s", aSurface[iStmt].zSql);
  h_case(!bad, zName, "%s", why.z ? why.z : "");
  h_str_free(&why);
}

/* Loading the extension with allocation N failing. */
static void oomLoad(long *pnRun){
  HStr why = {0, 0, 0};
  int bPersist, bad = 0;
  for(bPersist=0; bPersist<2 && !bad; bPersist++){
    long nAt;
    for(nAt=1; nAt<100000 && !bad; nAt++){
      sqlite3 *db = 0;
      char *zErr = 0;
      long nBase = oomNOut;
      int rc, bFired;
      HStr probe = {0, 0, 0};
      sqlite3_open(":memory:", &db);
      oomArm(nAt, bPersist);
      rc = sqlite3_graphgame_init(db, &zErr, 0);
      oomArmed = 0;
      bFired = oomNFail>0;
      (*pnRun)++;
      if( rc!=SQLITE_OK && rc!=SQLITE_NOMEM ){
        h_str_add(&why, "allocation %ld failing: init returned %d (%s)", nAt, rc,
                  zErr ? zErr : "");
        bad = 1;
      }
      sqlite3_free(zErr);
      h_run(db, rc==SQLITE_OK ? "SELECT catmouse_json('[[1,3],[0],[3],[0,2]]')"
                              : "SELECT 1", 0, &probe);
      if( strcmp(probe.z, "1\nrc=0 ")!=0 ){
        h_str_add(&why, "after allocation %ld failed in init: %s", nAt, probe.z);
        bad = 1;
      }
      h_str_free(&probe);
      if( sqlite3_close(db)!=SQLITE_OK || oomNOut!=nBase ){
        h_str_add(&why, "allocation %ld failing in init: %ld leaked", nAt, oomNOut - nBase);
        bad = 1;
      }
      if( !bFired ) break;
    }
  }
  h_case(!bad, "oom: loading the extension", "%s", why.z ? why.z : "");
  h_str_free(&why);
}

/* Every name in zList ("a\nb\n") that no statement of aSurface mentions. */
static void oomCoverage(void){
  static const char *azQuery[2] = {
    "SELECT group_concat(name, char(10)) FROM (SELECT DISTINCT name FROM pragma_function_list"
    " EXCEPT SELECT name FROM bare.names WHERE kind = 'f' ORDER BY 1)",
    "SELECT group_concat(name, char(10)) FROM (SELECT DISTINCT name FROM pragma_module_list"
    " EXCEPT SELECT name FROM bare.names WHERE kind = 'm' ORDER BY 1)",
  };
  sqlite3 *bare = 0, *db = oomOpen();
  HStr missing = {0, 0, 0};
  int k, nName = 0;
  sqlite3_open(":memory:", &bare);
  h_exec(db, "ATTACH ':memory:' AS bare;"
             "CREATE TABLE bare.names(kind, name)");
  {
    /* the names a connection without the extension has */
    sqlite3_stmt *pIns = 0, *pSel = 0;
    sqlite3_prepare_v2(db, "INSERT INTO bare.names VALUES (?1, ?2)", -1, &pIns, 0);
    sqlite3_prepare_v2(bare, "SELECT 'f', name FROM pragma_function_list"
                       " UNION SELECT 'm', name FROM pragma_module_list", -1, &pSel, 0);
    while( sqlite3_step(pSel)==SQLITE_ROW ){
      sqlite3_bind_value(pIns, 1, sqlite3_column_value(pSel, 0));
      sqlite3_bind_value(pIns, 2, sqlite3_column_value(pSel, 1));
      sqlite3_step(pIns);
      sqlite3_reset(pIns);
    }
    sqlite3_finalize(pIns);
    sqlite3_finalize(pSel);
  }
  for(k=0; k<2; k++){
    sqlite3_stmt *p = 0;
    const char *zList;
    sqlite3_prepare_v2(db, azQuery[k], -1, &p, 0);
    if( sqlite3_step(p)==SQLITE_ROW && (zList = (const char*)sqlite3_column_text(p, 0))!=0 ){
      char *zCopy = strdup(zList), *zName, *zSave = 0;
      for(zName=strtok_r(zCopy, "\n", &zSave); zName; zName=strtok_r(0, "\n", &zSave)){
        int i, bFound = 0;
        size_t n = strlen(zName);
        nName++;
        for(i=0; i<SURF_N && !bFound; i++){
          const char *z = aSurface[i].zSql;
          while( (z = strstr(z, zName))!=0 ){
            char cBefore = z==aSurface[i].zSql ? ' ' : z[-1], cAfter = z[n];
            if( !(cBefore=='_' || (cBefore>='a' && cBefore<='z'))
             && !(cAfter=='_' || (cAfter>='a' && cAfter<='z')) ){ bFound = 1; break; }
            z += n;
          }
        }
        if( !bFound ) h_str_add(&missing, " %s", zName);
      }
      free(zCopy);
    }
    sqlite3_finalize(p);
  }
  sqlite3_close(bare);
  sqlite3_close(db);
  h_case(missing.n==0 && nName>=5, "oom: surface.h exercises every function and table",
         "no statement of tests/c/surface.h uses:%s (add lines to aSurface[])",
         missing.z ? missing.z : " (no names found)");
  h_str_free(&missing);
}

/* The message of a solve whose allocation fails (fault injection: the
** N-th allocation of the statement), verbatim: the positions and
** the memory it needs, and that the machine's memory stopped it.  N
** grows until the failure lands in the solve (before, the read fails). */
static void oomMessages(void){
  static const struct { const char *zSql, *zWant; } aCase[] = {
    { "SELECT catmouse(1)", "graphgame: catmouse: solving graph 1 in table \"edges\" needs"
      " about 1 MB at its peak (80000 positions), and an allocation failed (the machine's"
      " memory; SQLite has no heap limit)" },
    { "SELECT count(*) FROM race_states(1, 0)", "graphgame: race_states: solving graph 1 in"
      " table \"edges\" needs about 1 MB at its peak (80000 positions), and an allocation"
      " failed (the machine's memory; SQLite has no heap limit)" },
  };
  int i;
  for(i=0; i<(int)(sizeof(aCase)/sizeof(aCase[0])); i++){
    sqlite3 *db = 0;
    char *zErr = 0;
    const char *zGot = "";
    long nAt;
    int rc = SQLITE_OK;
    sqlite3_open(":memory:", &db);
    if( h_load(db, 0, &zErr)!=SQLITE_OK ){ fprintf(stderr, "oom: cannot load\n"); exit(2); }
    h_exec(db, "CREATE TABLE edges(graph_id, src, dst);"
               "INSERT INTO edges SELECT 1, src, dst FROM graph_path(200)");
    for(nAt=1; nAt<2000; nAt++){
      sqlite3_stmt *pStmt = 0;
      /* no solved game kept from the last run (the limit drops it) */
      h_exec(db, "SELECT graphgame_limit('max_positions', 1)");
      h_exec(db, "SELECT graphgame_limit('max_positions', 1000000000)");
      if( sqlite3_prepare_v2(db, aCase[i].zSql, -1, &pStmt, 0)!=SQLITE_OK ){
        fprintf(stderr, "oom: cannot prepare %s\n", aCase[i].zSql);
        exit(2);
      }
      oomArm(nAt, 0);               /* one failure: the message can be made */
      rc = sqlite3_step(pStmt);
      while( rc==SQLITE_ROW ) rc = sqlite3_step(pStmt);
      oomArmed = 0;
      zGot = sqlite3_errmsg(db);
      if( rc==SQLITE_NOMEM && strstr(zGot, "an allocation failed (") ){
        h_case(strcmp(zGot, aCase[i].zWant)==0, "message of a failed allocation",
               "%s: got \"%s\"", aCase[i].zSql, zGot);
        sqlite3_finalize(pStmt);
        break;
      }
      sqlite3_finalize(pStmt);
      if( nAt==1999 ){
        h_case(0, "message of a failed allocation", "%s: no failure reached the solve",
               aCase[i].zSql);
      }
    }
    sqlite3_close(db);
  }
}

/* The chains (ext/engine/catmouse/catmouse_chain.c) on long chases: a path of
** 3,000 nodes (make test), of 10,000 and a cycle of 3,000 (make check);
** and the pull on a grid of 40x40 (make test), numbered in balls
** (catmouse_order.c) with the mouse's turn applied in its pass.
** A run without failures counts the call's allocations, and one refused
** by the position limit those of the read; then allocations spread over
** the rest (the solve, the rows; 12, 6 and 24 of them, four times as many
** in make oom) fail in turn (transient; and persistent from the
** middle on), and each run must give the answer or SQLITE_NOMEM, then
** answer right and leak nothing.  (SQLite's heap limit reaches the same
** allocations: tests/py/test_limits.py.) */
static void oomChains(void){
  static const struct { const char *zGraph; int bCheck, nTry; } aCase[] = {
    { "graph_path(3000)", 0, 12 }, { "graph_path(10000)", 1, 6 }, { "graph_cycle(3000)", 1, 24 },
    { "graph_grid(40, 40)", 0, 12 },    /* the pull numbered in balls, the fused turn */
  };
  static const HArgs noArgs;
  const HArgs *a = &noArgs;
  int i;
  for(i=0; i<(int)(sizeof(aCase)/sizeof(aCase[0])); i++){
    const char *zSql = "SELECT catmouse(1), (SELECT sum(plies) FROM catmouse_states(1)"
                       " WHERE mouse = 7)";
    HStr ref = {0, 0, 0}, why = {0, 0, 0};
    char zName[200], zSetup[200];
    long nTotal = 0, nRead = 0, j, nTry = oomFull ? 4*aCase[i].nTry : aCase[i].nTry;
    sqlite3 *db = 0;
    char *zErr = 0;
    int bad = 0;
    if( aCase[i].bCheck && oomBrief ) continue;
    snprintf(zSetup, sizeof(zSetup), "CREATE TABLE edges(graph_id, src, dst);"
             "INSERT INTO edges SELECT 1, src, dst FROM %s", aCase[i].zGraph);
    for(j=-2; j<nTry && !bad; j++){
      HStr got = {0, 0, 0}, again = {0, 0, 0};
      long nBase;
      int rc;
      nBase = oomNOut;
      sqlite3_open(":memory:", &db);
      if( h_load(db, 0, &zErr)!=SQLITE_OK ){ fprintf(stderr, "oom: cannot load\n"); exit(2); }
      h_exec(db, zSetup);
      if( j<0 ){                        /* the reference and the count; */
        if( j==-2 ) h_exec(db, "SELECT graphgame_limit('max_positions', 1)");
        oomArm(0, 0);                   /* (-2: the read alone, refused) */
        h_run(db, zSql, a, j==-2 ? &got : &ref);
        oomArmed = 0;
        *(j==-2 ? &nRead : &nTotal) = oomNCall;
        sqlite3_close(db);
        h_str_free(&got);
        continue;
      }
      {
        oomArm(nRead + 1 + j*(nTotal - nRead)/nTry, j==nTry-1);
        rc = h_run(db, zSql, a, &got);
        oomArmed = 0;
        if( strcmp(got.z, ref.z)!=0 && (rc!=SQLITE_NOMEM || oomNFail==0) ){
          h_str_add(&why, "allocation %ld of %ld failing: got %s want %s",
                    nRead + 1 + j*(nTotal - nRead)/nTry, nTotal, got.z, ref.z);
          bad = 1;
        }
      }
      h_run(db, zSql, a, &again);
      if( !bad && strcmp(again.z, ref.z)!=0 ){
        h_str_add(&why, "after a failure (%ld): %s want %s", j, again.z, ref.z);
        bad = 1;
      }
      sqlite3_close(db);
      if( !bad && oomNOut!=nBase ){
        h_str_add(&why, "%ld allocations leaked (%ld)", oomNOut - nBase, j);
        bad = 1;
      }
      h_str_free(&got);
      h_str_free(&again);
    }
    snprintf(zName, sizeof(zName), "oom: a long game on %s", aCase[i].zGraph);
    h_case(!bad && strstr(ref.z, "rc=0")!=0 && nRead<nTotal, zName,
           "%s (reference %s, %ld allocations, %ld of them reading)",
           why.z ? why.z : "", ref.z ? ref.z : "", nTotal, nRead);
    if( getenv("OOM_CHAINS") ) fprintf(stderr, "oom: chains %ld..%ld\n", nRead, nTotal);
    h_str_free(&ref);
    h_str_free(&why);
  }
}

int main(int argc, char **argv){
  sqlite3_mem_methods m;
  long nRun = 0;
  int i;
  const char *zOnly = getenv("OOM_ONLY");   /* run only statements with this text */
  const char *zShard = getenv("OOM_SHARD"); /* "i/n": statements i mod n only */
  int iShard = 0, nShard = 1;
  oomFull = getenv("OOM_FULL") && atoi(getenv("OOM_FULL"));
  oomBrief = getenv("OOM_BRIEF") && atoi(getenv("OOM_BRIEF"));
  (void)argc; (void)argv;                   /* argv[1], the .so, is not used */
  double t0 = h_now_ms();
  sqlite3_config(SQLITE_CONFIG_GETMALLOC, &oomOrig);
  m = oomOrig;
  m.xMalloc = oomMalloc;
  m.xFree = oomFree;
  m.xRealloc = oomRealloc;
  if( sqlite3_config(SQLITE_CONFIG_MALLOC, &m)!=SQLITE_OK
   || sqlite3_initialize()!=SQLITE_OK ){
    fprintf(stderr, "oom: cannot install the allocator\n");
    return 2;
  }
  if( zShard && (sscanf(zShard, "%d/%d", &iShard, &nShard)!=2
                  || nShard<1 || iShard<0 || iShard>=nShard) ){
    fprintf(stderr, "oom: OOM_SHARD is i/n with 0 <= i < n, not %s\n", zShard);
    return 2;
  }
  if( iShard==0 ){
    oomCoverage();
    oomLoad(&nRun);
    oomMessages();
    oomChains();
  }
  for(i=0; i<SURF_N; i++){
    if( i % nShard != iShard ) continue;
    if( zOnly && strstr(aSurface[i].zSql, zOnly)==0 ) continue;
    double t = h_now_ms();
    long n0 = nRun;
    oomStatement(i, &nRun);
    fprintf(stderr, "oom: %5ld runs %6.1f s  %.60s\n", nRun-n0, (h_now_ms()-t)/1e3,
            aSurface[i].zSql);
  }
  fprintf(stderr, "oom: %ld runs in %.1f s\n", nRun, (h_now_ms()-t0)/1e3);
  sqlite3_free(oomImage);
  sqlite3_shutdown();
  return h_finish();
}
