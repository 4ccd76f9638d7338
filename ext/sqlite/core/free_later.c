/*
** free_later.c: the deferred free of an interrupted solve, for every game.
**
** sqlite3_interrupt() must stop a call within 100 ms, but giving back the
** gigabytes of touched pages of a large solve takes longer (a quarter of
** a second at n = 40,000 for cat and mouse).  gg_free_later() frees such
** a state on a thread of its own; anything smaller, or a failure other
** than an interrupt, is freed at once, and so is everything where no
** thread can be started (the WebAssembly build).
**
** A thread must not outlive the library's code: SQLite unloads the
** library when the connection that loaded it closes.  So closing any
** connection waits for the threads still freeing (gg_free_wait, called
** by graphgame.c when a connection's context is freed).
*/
#include <pthread.h>
#include <string.h>
#include "call.h"
SQLITE_EXTENSION_INIT3

#define FREE_LATER_POSITIONS (200*1000*1000)  /* smaller solves are freed at once */
#define FREE_MAX_THREADS 4                    /* threads freeing at once, at most */

/* A state to free later: its free function and itself. */
typedef struct FreeJob FreeJob;
struct FreeJob {
  void (*xFree)(void*);       /* the game's free */
  void *p;                    /* its state */
};

/* The threads still freeing (joinable, oldest first), of every connection
** of the process. */
static pthread_mutex_t freeMutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_t aFreeing[FREE_MAX_THREADS];
static int nFreeing = 0;

static void *freeThread(void *pArg){
  FreeJob *j = (FreeJob*)pArg;
  j->xFree(j->p);
  sqlite3_free(j);
  return 0;
}

void gg_free_later(void (*xFree)(void*), void *p, uint64_t nPos, int rc){
  int bStarted = 0;
  FreeJob *j = 0;
  if( rc==GG_INTERRUPT && nPos>=FREE_LATER_POSITIONS && (j = sqlite3_malloc(sizeof(*j)))!=0 ){
    j->xFree = xFree;
    j->p = p;
    pthread_mutex_lock(&freeMutex);
    if( nFreeing==FREE_MAX_THREADS ){         /* the oldest is surely done by now */
      pthread_join(aFreeing[0], 0);
      memmove(aFreeing, aFreeing+1, (FREE_MAX_THREADS-1)*sizeof(pthread_t));
      nFreeing--;
    }
    bStarted = pthread_create(&aFreeing[nFreeing], 0, freeThread, j)==0;
    if( bStarted ) nFreeing++;
    pthread_mutex_unlock(&freeMutex);
  }
  if( !bStarted ){
    sqlite3_free(j);
    xFree(p);
  }
}

void gg_free_wait(void){
  pthread_mutex_lock(&freeMutex);
  while( nFreeing>0 ) pthread_join(aFreeing[--nFreeing], 0);
  pthread_mutex_unlock(&freeMutex);
}
