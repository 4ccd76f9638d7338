/*
** interrupt.c: sqlite3_interrupt() stops graphgame quickly.
**
**     dist/ctests/interrupt [extension [database]]
**
** Loads the built extension (default dist/graphgame), writes large random
** graphs to a scratch database (default dist/ctests/interrupt.db) and, for
** each phase of a call that can take long, times the call uninterrupted
** on a fresh connection, then runs it again on fresh connections while
** another thread calls sqlite3_interrupt() at several fractions of that
** time (two early ones with INTR_BRIEF=1, as `make test` runs it; four up
** to 65% in `make check`).  Each interrupted call must return SQLITE_INTERRUPT within
** the bound of the sqlite3_interrupt() call, and the connection must
** then answer correctly.  The bound is $INTR_BOUND_MS milliseconds,
** 100 by default: graphgame's promise, which bench/bench_interrupt.py
** (`make bench`) measures on a quiet machine.  The test suites run it
** with INTR_BOUND_MS=5000 (tests/run.py), a deadline that only a hang
** misses on a busy machine, and print the latencies measured.  The
** phases:
**
**   solve        catmouse() on a sparse graph of 6000 nodes (7.2e7 positions)
**   dense        catmouse() on a dense graph (every node has ~480 moves)
**   xFilter      catmouse_states() solving inside xFilter
**   xNext        catmouse_states() walking a solved game's 4.5e6 rows
**   edges        reading 600000 edge rows and building the graph
**   rules        catmouse() with rules, text labels and a directed graph
**   long path    catmouse() on a path of 4000 nodes (forced wins of ~8000
**                plies: the chains, ext/engine/catmouse/catmouse_chain.c)
**   chains ...   the same on paths of 3000 and 10000 nodes and a cycle of
**                3000
**   grid         catmouse() on the same grid (the pull numbered in balls,
**                catmouse_order.c, the mouse's turn applied in its pass)
**   race grid    race_states() on a 100x100 grid (2e8 positions: the solve
**                from the distances writes 250 MB; a path of 1500 nodes
**                took 3 ms, too short to interrupt)
**   bounded memo catmouse_bounded() with a memo of 9e8 positions (225 MB)
**                on a path of 1500 nodes: most of its time is zeroing the
**                memo
**   cop_number   cop_number() on a 20x20 grid (1 cop, then 2: 6.4e7 positions;
**                on the orbits of its 8 symmetries, and the plain solve)
**   symmetric    cop_number() on Tutte's 12-cage (5 cops on the orbits of its
**                12,096 automorphisms, one cop at a time: cops_seq.c)
**   cops_states  cops_states() solving 2 cops on it inside xFilter
**   census       cop_number(g, 'graph6') over 600000 graph6 values of
**                random 10-node graphs, GROUP BY: many small calls
**   graph6_read  the same census over the same lines read from a file
**                (tests/py/test_graph6_read.py: a pipe, and a read that
**                waits on it)
**   distance, robber_speed, directed, surround, lazy+distance
**                each rules key of the cops' variants: 2 cops on the
**                grid (capture_time, and cops_states inside xFilter)
**
** The engines poll every GG_STOP_EVERY steps of work, well under a
** millisecond apart.  The largest delay seen is printed.  A call that
** ends before an early interrupt (the machine was slower while the call
** was timed uninterrupted) is run again with the interrupt at half the
** delay, up to three times.
*/
#include <pthread.h>
#include <stdint.h>
#include "harness.h"

/* The bound, in milliseconds: $INTR_BOUND_MS, or the promise of 100. */
static double intrBoundMs = 100.0;

/* INTR_BRIEF=1 (`make test`): two interrupts a phase, early in the call,
** after one uninterrupted run; `make check` and CI run all four. */
static int intrBrief = 0;

typedef struct Intr Intr;
struct Intr {
  sqlite3 *db;          /* connection to interrupt */
  double msDelay;       /* when, after the thread starts */
  double tFired;        /* h_now_ms() at the sqlite3_interrupt() call */
};

static void *intrThread(void *pArg){
  Intr *p = (Intr*)pArg;
  struct timespec ts;
  ts.tv_sec = (time_t)(p->msDelay/1e3);
  ts.tv_nsec = (long)((p->msDelay - ts.tv_sec*1e3)*1e6);
  nanosleep(&ts, 0);
  p->tFired = h_now_ms();
  sqlite3_interrupt(p->db);
  return 0;
}

static const char *zExt = "dist/graphgame";
static const char *zDb = "dist/ctests/interrupt.db";

static sqlite3 *intrOpen(void){
  sqlite3 *db = 0;
  char *zErr = 0;
  if( sqlite3_open(zDb, &db)!=SQLITE_OK || h_load(db, zExt, &zErr)!=SQLITE_OK ){
    fprintf(stderr, "interrupt: cannot open %s with %s: %s\n", zDb, zExt,
            zErr ? zErr : sqlite3_errmsg(db));
    exit(2);
  }
  return db;
}

static uint64_t intrRand = 88172645463325252ULL;
static uint64_t intrNext(void){
  intrRand ^= intrRand<<13; intrRand ^= intrRand>>7; intrRand ^= intrRand<<17;
  return intrRand;
}

/* Graph gid: each pair of nodes 0..n-1 an edge with probability p, or
** nRows random rows on labels 0..n-1 if nRows>0. */
static void intrGraph(sqlite3 *db, int gid, int n, double p, long nRows){
  sqlite3_stmt *pIns = 0;
  long i, j;
  sqlite3_prepare_v2(db, "INSERT INTO edges VALUES (?1, ?2, ?3)", -1, &pIns, 0);
  sqlite3_bind_int(pIns, 1, gid);
#define INTR_ROW(a, b) sqlite3_bind_int64(pIns, 2, a); sqlite3_bind_int64(pIns, 3, b); \
  sqlite3_step(pIns); sqlite3_reset(pIns)
  if( nRows>0 ){
    for(i=0; i<nRows; i++){ INTR_ROW((long)(intrNext()%n), (long)(intrNext()%n)); }
  }else{
    for(i=0; i<n; i++) for(j=i+1; j<n; j++){
      if( (intrNext()>>11)*(1.0/9007199254740992.0) < p ){ INTR_ROW(i, j); }
    }
  }
  sqlite3_finalize(pIns);
}

/* SQLite's "interrupted", or a graphgame message saying so (rows the
** statement gave before the interrupt took effect come first). */
static int intrMessage(const char *z){
  const char *zLast = strrchr(z, '\n');
  if( zLast ) z = zLast+1;
  return strcmp(z, "rc=9 interrupted")==0
      || (strncmp(z, "rc=9 graphgame: ", 16)==0 && strstr(z, "interrupted")!=0);
}

/* One call, interrupted after msDelay (or not at all if msDelay<0).
** Returns the result code; *pmsLate gets the time from the interrupt to
** the return (negative if the call ended before the interrupt). */
static int intrCall(sqlite3 *db, const char *zSql, double msDelay, double *pmsLate,
                    double *pmsTotal, HStr *pOut){
  Intr it;
  pthread_t th;
  double t0 = h_now_ms(), t1;
  int rc;
  HArgs a;
  memset(&a, 0, sizeof(a));
  it.db = db;
  it.msDelay = msDelay;
  it.tFired = 0;
  if( msDelay>=0 ) pthread_create(&th, 0, intrThread, &it);
  rc = h_run(db, zSql, &a, pOut);
  t1 = h_now_ms();
  if( msDelay>=0 ) pthread_join(th, 0);
  *pmsLate = msDelay>=0 ? t1 - it.tFired : -1;
  *pmsTotal = t1 - t0;
  return rc;
}

/* The phase: time zSql (after zWarm, if any, on the same connection),
** then interrupt it at fractions of that time. */
static void intrPhase(const char *zName, const char *zWarm, const char *zSql){
  static const double aFull[] = { 0.03, 0.25, 0.45, 0.65 };
  static const double aBrief[] = { 0.05, 0.35 };
  const double *aFrac = intrBrief ? aBrief : aFull;
  int nFrac = intrBrief ? 2 : 4;
  sqlite3 *db = intrOpen();
  HStr out = {0, 0, 0}, why = {0, 0, 0};
  double msFull, msLate, msTotal, msWorst = 0;
  int i, nHit = 0, bad = 0;
  char zCase[200];
  if( zWarm ){ h_run(db, zWarm, 0, &out); out.n = 0; }
  /* The faster of two runs: a run slowed by a busy machine would put the
  ** later interrupts past the end of a normal run. */
  intrCall(db, zSql, -1, &msLate, &msFull, &out);
  sqlite3_close(db);
  if( !intrBrief ){              /* (brief: early interrupts only, one run will do) */
    db = intrOpen();             /* a fresh connection: nothing cached */
    if( zWarm ){ out.n = 0; h_run(db, zWarm, 0, &out); }
    out.n = 0;
    intrCall(db, zSql, -1, &msLate, &msTotal, &out);
    if( msTotal<msFull ) msFull = msTotal;
    sqlite3_close(db);
  }
  for(i=0; i<nFrac; i++){
    HStr got = {0, 0, 0}, probe = {0, 0, 0};
    HArgs a;
    int rc;
    memset(&a, 0, sizeof(a));
    double msAt = aFrac[i]*msFull;
    int nTry;
    for(nTry=0; ; nTry++){
      db = intrOpen();
      if( zWarm ){ h_run(db, zWarm, 0, &got); h_str_free(&got); }
      rc = intrCall(db, zSql, msAt, &msLate, &msTotal, &got);
      if( msLate>=0 || aFrac[i]>=0.5 || nTry==3 ) break;
      /* ended before an early interrupt: the machine was slower when the
      ** call was timed; again, interrupted sooner */
      h_str_free(&got);
      sqlite3_close(db);
      msAt /= 2;
    }
    if( msLate<0 ){
      /* finished before the interrupt: only possible near the end */
      if( aFrac[i]<0.5 ){
        h_str_add(&why, " finished before an interrupt at %.0f%% of %.0f ms (and at"
                  " half, a quarter and an eighth of that);", aFrac[i]*100, msFull);
        bad = 1;
      }
    }else{
      nHit++;
      if( msLate>msWorst ) msWorst = msLate;
      if( rc!=SQLITE_INTERRUPT || !intrMessage(got.z) ){
        h_str_add(&why, " at %.0f%%: got '%s', want SQLITE_INTERRUPT (9) and 'interrupted'"
                  " or 'graphgame: ... interrupted ...';", aFrac[i]*100, got.z);
        bad = 1;
      }
      if( msLate>intrBoundMs ){
        h_str_add(&why, " at %.0f%%: returned %.1f ms after the interrupt;",
                  aFrac[i]*100, msLate);
        bad = 1;
      }
    }
    h_run(db, "SELECT graphgame_limit('max_positions', 1000000) > 0, catmouse(9),"
              " catmouse_json('[[1,3],[0],[3],[0,2]]')", &a, &probe);
    if( strcmp(probe.z, "1|0|1\nrc=0 ")!=0 ){
      h_str_add(&why, " at %.0f%%: afterwards the connection answers '%s';",
                aFrac[i]*100, probe.z);
      bad = 1;
    }
    h_str_free(&got);
    h_str_free(&probe);
    sqlite3_close(db);
  }
  if( nHit<nFrac-1 || nHit<2 ){
    h_str_add(&why, " only %d calls were interrupted", nHit);
    bad = 1;
  }
  snprintf(zCase, sizeof(zCase), "interrupt: %s stops", zName);
  h_case(!bad, zCase, "(bound %.0f ms)%s", intrBoundMs, why.z ? why.z : "");
  printf("# interrupt: %s: %.0f ms uninterrupted, %d calls interrupted, the slowest"
         " returned %.2f ms after sqlite3_interrupt\n", zName, msFull, nHit, msWorst);
  h_str_free(&out);
  h_str_free(&why);
}

/* The lines of g6 into the file zPath, one a line. */
static void intrWriteLines(sqlite3 *db, const char *zPath){
  sqlite3_stmt *pStmt = 0;
  FILE *f = fopen(zPath, "w");
  if( f==0 || sqlite3_prepare_v2(db, "SELECT g FROM g6", -1, &pStmt, 0)!=SQLITE_OK ){
    fprintf(stderr, "interrupt: cannot write %s\n", zPath);
    exit(1);
  }
  while( sqlite3_step(pStmt)==SQLITE_ROW ) fprintf(f, "%s\n", sqlite3_column_text(pStmt, 0));
  sqlite3_finalize(pStmt);
  fclose(f);
}

/* The phases of the cops' variants (the full harness only). */
static void intrVariants(void){
  intrPhase("distance", 0, "SELECT count(*) FROM cops_states(5, 2, 'edges',"
            " '{\"distance\": 1}') WHERE turn = 'robber'");
  intrPhase("robber_speed", 0, "SELECT capture_time(5, 2, 'edges', '{\"robber_speed\": 2}')");
  intrPhase("directed", 0, "SELECT capture_time(5, 2, 'edges', '{\"directed\": true}')");
  intrPhase("surround", 0, "SELECT count(*) FROM cops_states(5, 2, 'edges',"
            " '{\"surround\": true}') WHERE turn = 'robber'");
  intrPhase("lazy+distance", 0, "SELECT count(*) FROM cops_states(5, 2, 'edges',"
            " '{\"lazy\": true, \"distance\": 1}') WHERE turn = 'robber'");
}

int main(int argc, char **argv){
  char *zLines, *zRead;
  sqlite3 *db;
  if( argc>1 ) zExt = argv[1];
  if( argc>2 ) zDb = argv[2];
  intrBrief = getenv("INTR_BRIEF") && atoi(getenv("INTR_BRIEF"));
  if( getenv("INTR_BOUND_MS") && atof(getenv("INTR_BOUND_MS"))>0 ){
    intrBoundMs = atof(getenv("INTR_BOUND_MS"));
  }
  remove(zDb);
  db = intrOpen();
  h_exec(db, "BEGIN; CREATE TABLE edges(graph_id INTEGER, src INTEGER, dst INTEGER);"
             "INSERT INTO edges VALUES (9,0,2),(9,0,5),(9,1,3),(9,2,4),(9,2,5),(9,3,4),(9,3,5);");
  intrGraph(db, 1, 6000, 4.0/6000, 0);       /* sparse: ~12000 edges */
  intrGraph(db, 2, 1200, 0.4, 0);            /* dense: ~290000 edges */
  intrGraph(db, 3, 1000000, 0, 600000);      /* 600000 rows */
  intrGraph(db, 4, 1500, 4.0/1500, 0);       /* 4.5e6 rows of states */
  h_exec(db, "INSERT INTO edges SELECT 5, src, dst FROM graph_grid(20, 20)");
  /* random graphs on 10 nodes as graph6: 'I', 7 bytes of 6 edge bits,
  ** and a last byte with its 3 padding bits clear */
  h_exec(db, "CREATE TABLE g6(g TEXT);"
             "WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM r WHERE i<600000)"
             " INSERT INTO g6 SELECT 'I' || char(63+abs(random())%64, 63+abs(random())%64,"
             " 63+abs(random())%64, 63+abs(random())%64, 63+abs(random())%64,"
             " 63+abs(random())%64, 63+abs(random())%64, 63+(abs(random())%8)*8) FROM r");
  h_exec(db, "INSERT INTO edges SELECT 6, src, dst FROM graph_path(4000)");
  h_exec(db, "INSERT INTO edges SELECT 7, src, dst FROM graph_path(1500)");
  h_exec(db, "INSERT INTO edges SELECT 13, src, dst FROM graph_grid(100, 100)");
  h_exec(db, "INSERT INTO edges SELECT 10, src, dst FROM graph_path(3000)");
  h_exec(db, "INSERT INTO edges SELECT 11, src, dst FROM graph_path(10000)");
  h_exec(db, "INSERT INTO edges SELECT 12, src, dst FROM graph_cycle(3000)");
  h_exec(db, "INSERT INTO edges SELECT 14, src, dst FROM graph_cycle(1500)");
  h_exec(db, "WITH RECURSIVE r(i) AS (SELECT 0 UNION ALL SELECT i+1 FROM r WHERE i<125)"
             " INSERT INTO edges SELECT 8, i, (i+1)%126 FROM r UNION ALL"
             " SELECT 8, i, (i + 126 + json_extract('[17,27,-13,-59,-35,35,-11,13,-53,53,-27,"
             "21,57,11,-21,-57,59,-17]', '$[' || (i%18) || ']')) % 126 FROM r");
  h_exec(db, "COMMIT; CREATE INDEX edges_graph ON edges(graph_id);"
             /* graph 1 with text labels, for the rules phase */
             "CREATE VIEW text_edges AS SELECT graph_id, 'n' || src AS src,"
             " 'n' || dst AS dst FROM edges");
  zLines = sqlite3_mprintf("%s.g6", zDb);
  zRead = sqlite3_mprintf("SELECT cop_number(g, 'graph6'), count(*) FROM graph6_read(%Q)"
                          " GROUP BY 1", zLines);
  intrWriteLines(db, zLines);
  sqlite3_close(db);
  intrPhase("solve", 0, "SELECT catmouse(1)");
  intrPhase("dense", 0, "SELECT catmouse(2)");
  intrPhase("xFilter", 0, "SELECT count(*) FROM catmouse_states(1) WHERE cat = 2");
  intrPhase("xNext", "SELECT catmouse(4)", "SELECT count(*) FROM catmouse_states(4)");
  /* reading 600000 rows (race_game does not solve every position, so the
  ** position limit does not stop the read early) */
  intrPhase("edges", "SELECT graphgame_limit('max_positions', 1)", "SELECT race_game(3, 0, 1, 2)");
  intrPhase("rules", 0, "SELECT catmouse(1, 'text_edges', '{\"hole\": [\"n0\", \"n7\"],"
            " \"mouse\": \"n1\", \"cat\": \"n2\", \"turn\": \"cat\", \"directed\": true}')");
  /* long games: thousands of thin plies on one thread, no barrier */
  intrPhase("long path", 0, "SELECT catmouse(6)");
  /* the chains (catmouse_chain.c): one thread, from the first ply */
  intrPhase("chains path 3000", 0, "SELECT catmouse(10)");
  intrPhase("chains path 10000", 0, "SELECT catmouse(11)");
  intrPhase("chains cycle 3000", 0, "SELECT catmouse(12)");
  intrPhase("race grid", 0, "SELECT count(*) FROM race_states(13, 0) WHERE alice = 1 AND bob = 2");
  /* the pull on the grid: numbered in balls, the mouse's turn fused */
  intrPhase("grid", 0, "SELECT catmouse(13)");
  /* a certificate's walk, the solve cached: a draw whose safe sets hold
  ** millions of rows (the hole cut off a cycle) */
  intrPhase("certificate", "SELECT graphgame_limit('max_certificate_rows', 1000000000),"
            " catmouse(14, 'edges', '{\"hole\": -1, \"isolated\": [-1]}')",
            "SELECT length(catmouse_certificate(14, 'edges', '{\"hole\": -1, \"isolated\": [-1]}'))");
  /* the capped search's memo: 9e8 positions in blocks, zeroed a slice at a time */
  intrPhase("bounded memo", 0, "SELECT catmouse_bounded(7, 400, 'edges',"
            " '{\"mouse\": 700, \"cat\": 1400, \"hole\": 0}')");
  intrPhase("cop_number", 0, "SELECT cop_number(5)");
  intrPhase("cop_number plain", 0, "SELECT cop_number(5, 'edges', '{\"symmetry\": false}')");
  intrPhase("symmetric", 0, "SELECT cop_number(8)");
  intrPhase("cops_states", 0, "SELECT count(*) FROM cops_states(5, 2) WHERE turn = 'robber'");
  if( !intrBrief ){     /* (make test: test_graph6_read.py interrupts the census's read) */
    intrPhase("census", 0, "SELECT cop_number(g, 'graph6'), count(*) FROM g6 GROUP BY 1");
    intrPhase("graph6_read", 0, zRead);
  }
  /* the cops' variants (cops.c's zone, fast-robber and surround paths):
  ** in the full harness only (make check, make bench), a brief run (make
  ** test) has the plain game's phases */
  if( !intrBrief ) intrVariants();
  remove(zDb);
  remove(zLines);
  sqlite3_free(zLines);
  sqlite3_free(zRead);
  return h_finish();
}
