/*
** threads.c: many connections using graphgame at once, for
** ThreadSanitizer (`make tsan` builds this with -fsanitize=thread, the
** extension linked in, and fails on any report).
**
** The main thread writes graphs to a scratch database (default
** dist/tsan/threads.db) and records, on one connection, the answer of every
** statement of surface.h on every graph.  Then THR_N threads, each with its
** own connection to the same file, run all of them again in different
** orders, THR_ROUNDS times, and compare each answer with the recorded one;
** meanwhile one more thread keeps starting a large solve that yet another
** thread interrupts (sqlite3_interrupt is the one call meant to come from
** another thread).
*/
#include <pthread.h>
#include <stdint.h>
#define GG_LINKED 1
#include "harness.h"
#include "surface.h"

#define THR_N 4          /* solving threads */
#define THR_ROUNDS 1     /* passes of each over every (statement, graph): one, in
                         ** an order of each thread's own (surface.h has over
                         ** 100 statements; three passes took CI's time) */
#define THR_GRAPHS 6     /* graph ids 1..3 of SURF_SETUP, then random ones */

static const char *zDb = "dist/tsan/threads.db";
static HStr aRef[SURF_N][THR_GRAPHS];   /* answers of one connection */
static int nMismatch = 0;                /* answers that differed */
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static int bStop = 0;                    /* tells the interrupt threads to end */
static sqlite3 *pBig = 0;                /* the connection being interrupted */
static int nInterrupted = 0;             /* big solves that were interrupted */

static sqlite3 *thrOpen(void){
  sqlite3 *db = 0;
  char *zErr = 0;
  if( sqlite3_open_v2(zDb, &db, SQLITE_OPEN_READWRITE|SQLITE_OPEN_CREATE, 0)!=SQLITE_OK
   || h_load(db, 0, &zErr)!=SQLITE_OK ){
    fprintf(stderr, "threads: cannot open %s: %s\n", zDb, zErr ? zErr : sqlite3_errmsg(db));
    exit(2);
  }
  sqlite3_busy_timeout(db, 10000);
  return db;
}

static void thrArgs(HArgs *a, int iGraph){
  memset(a, 0, sizeof(*a));
  *a = aSurfArgs[iGraph<3 ? iGraph : 0];
  a->eGraphType = SQLITE_INTEGER;
  a->iGraph = iGraph + 1;
  a->zEdges = "edges";
}

static void *thrSolver(void *pArg){
  int iThread = (int)(intptr_t)pArg, r, k;
  sqlite3 *db = thrOpen();
  for(r=0; r<THR_ROUNDS; r++){
    for(k=0; k<SURF_N*THR_GRAPHS; k++){
      /* a different order in each thread and round */
      int j = (k*7 + iThread*13 + r*29) % (SURF_N*THR_GRAPHS);
      int iStmt = j % SURF_N, iGraph = j / SURF_N;
      HArgs a;
      HStr got = {0, 0, 0};
      thrArgs(&a, iGraph);
      /* as fresh: a statement that failed may have left a limit lowered */
      h_exec(db, "SELECT graphgame_limit('max_positions', 1000000000),"
                 " graphgame_limit('max_certificate_rows', 10000000)");
      h_run(db, aSurface[iStmt].zSql, &a, &got);
      if( strcmp(got.z, aRef[iStmt][iGraph].z)!=0 ){
        pthread_mutex_lock(&mu);
        if( nMismatch++==0 ){
          fprintf(stderr, "threads: thread %d, %s on graph %d:\n  got %s\n  want %s\n",
                  iThread, aSurface[iStmt].zSql, iGraph+1, got.z, aRef[iStmt][iGraph].z);
        }
        pthread_mutex_unlock(&mu);
      }
      h_str_free(&got);
    }
  }
  sqlite3_close(db);
  return 0;
}

/* Keeps solving graph 100 (large) until told to stop. */
static void *thrBig(void *pArg){
  sqlite3 *db = thrOpen();
  (void)pArg;
  pthread_mutex_lock(&mu);
  pBig = db;
  pthread_mutex_unlock(&mu);
  for(;;){
    HArgs a;
    HStr got = {0, 0, 0};
    int stop;
    memset(&a, 0, sizeof(a));
    h_run(db, "SELECT catmouse(100)", &a, &got);
    pthread_mutex_lock(&mu);
    if( strcmp(got.z, "rc=9 interrupted")==0 ) nInterrupted++;
    stop = bStop;
    pthread_mutex_unlock(&mu);
    h_str_free(&got);
    if( stop ) break;
    /* empty the cache; the interrupter may stop this too (it fires every
    ** 20 ms, whatever runs), so it may fail: the next round tries again */
    memset(&a, 0, sizeof(a));
    h_run(db, "SELECT graphgame_limit('max_positions', 1)", &a, &got);
    h_str_free(&got);
    h_run(db, "SELECT graphgame_limit('max_positions', 100000000)", &a, &got);
    h_str_free(&got);
  }
  pthread_mutex_lock(&mu);
  pBig = 0;
  pthread_mutex_unlock(&mu);
  sqlite3_close(db);
  return 0;
}

static void *thrInterrupter(void *pArg){
  (void)pArg;
  for(;;){
    struct timespec ts = {0, 20*1000*1000};
    int stop;
    nanosleep(&ts, 0);
    pthread_mutex_lock(&mu);
    if( pBig ) sqlite3_interrupt(pBig);
    stop = bStop;
    pthread_mutex_unlock(&mu);
    if( stop ) break;
  }
  return 0;
}

int main(int argc, char **argv){
  pthread_t aTh[THR_N], thBig, thInt;
  sqlite3 *db;
  sqlite3_stmt *pIns = 0;
  int i, j, g;
  uint64_t x = 0x9e3779b97f4a7c15ULL;
  if( argc>1 ) zDb = argv[1];
  /* Without memory statistics no global mutex is taken on every
  ** allocation: such a mutex orders all threads for ThreadSanitizer and
  ** would hide races. */
  sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
  remove(zDb);
  db = thrOpen();
  h_exec(db, SURF_SETUP);
  h_exec(db, "BEGIN");
  sqlite3_prepare_v2(db, "INSERT INTO edges VALUES (?1, ?2, ?3)", -1, &pIns, 0);
  /* Random graphs of 12..20 nodes: small, since surface.h solves games of
  ** up to four cops on them (at 36..44 nodes, `make tsan` had not ended
  ** after 15 minutes). */
  for(g=4; g<=THR_GRAPHS; g++){
    int n = g*4 - 4;
    for(i=0; i<3*n; i++){
      x ^= x<<13; x ^= x>>7; x ^= x<<17;
      sqlite3_bind_int(pIns, 1, g);
      sqlite3_bind_int64(pIns, 2, (int64_t)(x % n));
      sqlite3_bind_int64(pIns, 3, (int64_t)((x>>20) % n));
      sqlite3_step(pIns);
      sqlite3_reset(pIns);
    }
  }
  for(i=0; i<3000; i++){                 /* graph 100: 1000 nodes, to interrupt */
    x ^= x<<13; x ^= x>>7; x ^= x<<17;
    sqlite3_bind_int(pIns, 1, 100);
    sqlite3_bind_int64(pIns, 2, (int64_t)(x % 1000));
    sqlite3_bind_int64(pIns, 3, (int64_t)((x>>20) % 1000));
    sqlite3_step(pIns);
    sqlite3_reset(pIns);
  }
  sqlite3_finalize(pIns);
  h_exec(db, "COMMIT");
  for(i=0; i<SURF_N; i++){
    for(j=0; j<THR_GRAPHS; j++){
      HArgs a;
      sqlite3 *fresh = thrOpen();       /* each on a fresh connection */
      thrArgs(&a, j);
      h_run(fresh, aSurface[i].zSql, &a, &aRef[i][j]);
      sqlite3_close(fresh);
    }
  }
  sqlite3_close(db);

  pthread_create(&thBig, 0, thrBig, 0);
  pthread_create(&thInt, 0, thrInterrupter, 0);
  for(i=0; i<THR_N; i++) pthread_create(&aTh[i], 0, thrSolver, (void*)(intptr_t)i);
  for(i=0; i<THR_N; i++) pthread_join(aTh[i], 0);
  pthread_mutex_lock(&mu);
  bStop = 1;
  pthread_mutex_unlock(&mu);
  pthread_join(thBig, 0);
  pthread_join(thInt, 0);

  h_case(nMismatch==0, "threads: connections in " "several threads agree with one connection",
         "%d answers differed", nMismatch);
  h_case(nInterrupted>0, "threads: sqlite3_interrupt from another thread stops a solve",
         "no solve was interrupted");
  for(i=0; i<SURF_N; i++) for(j=0; j<THR_GRAPHS; j++) h_str_free(&aRef[i][j]);
  remove(zDb);
  return h_finish();
}
