/*
** barrier.h: a thread barrier from a mutex and a condition variable, that
** spins first.
**
** A waiter spins up to GG_BARRIER_SPIN_NS on the round counter before it
** sleeps on the condition variable: a ply of a long chase takes tens of
** microseconds, and a sleep and a wake through the kernel cost about as
** much (issue 26).  The last to arrive ends the round, and signals only
** if someone sleeps; a sleeper counts itself under the mutex and looks at
** the round again before it waits, so no wake is lost.
**
** pthread_barrier_t is optional in POSIX and missing on macOS, so the
** engines that run threads (lanes.c) use this one instead.  Plain C.
**
**   GGBarrier b;
**   if( gg_barrier_init(&b, 2)==0 ){ ... gg_barrier_wait(&b) ...; gg_barrier_destroy(&b); }
*/
#ifndef GG_BARRIER_H
#define GG_BARRIER_H
#include <pthread.h>
#include <time.h>
#include <errno.h>

typedef struct GGBarrier GGBarrier;
struct GGBarrier {
  pthread_mutex_t mu;   /* guards the fields below */
  pthread_cond_t cv;    /* signalled when a round completes and nSleep > 0 */
  unsigned nThread;     /* threads that meet at the barrier */
  unsigned nWaiting;    /* arrived in this round */
  unsigned iRound;      /* rounds completed: tells a new round from a spurious
                        ** wake (read without the mutex while spinning) */
  unsigned nSleep;      /* waiters asleep on cv */
  long long nSpinNs;    /* how long a waiter spins: GG_BARRIER_SPIN_NS, or
                        ** longer where the phases take milliseconds */
};

/* How long a waiter spins before it sleeps. */
#ifndef GG_BARRIER_SPIN_NS
# define GG_BARRIER_SPIN_NS 20000
#endif

/* Nanoseconds of a monotonic clock. */
static inline long long gg_barrier_ns(void){
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long long)ts.tv_sec*1000000000LL + ts.tv_nsec;
}

/* Spin until the round is no longer iRound or GG_BARRIER_SPIN_NS pass;
** whether the round ended. */
static inline int gg_barrier_spin(GGBarrier *p, unsigned iRound){
  long long tEnd = 0;
  unsigned i;
  for(i=1; ; i++){
    if( __atomic_load_n(&p->iRound, __ATOMIC_ACQUIRE)!=iRound ) return 1;
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
    if( (i & 63)==0 ){
      long long t = gg_barrier_ns();
      if( tEnd==0 ) tEnd = t + p->nSpinNs;
      else if( t>=tEnd ) return 0;
    }
  }
}

/* 0 on success, like pthread_barrier_init. */
static inline int gg_barrier_init(GGBarrier *p, unsigned nThread){
  p->nThread = nThread;
  p->nWaiting = 0;
  p->iRound = 0;
  p->nSleep = 0;
  p->nSpinNs = GG_BARRIER_SPIN_NS;
  if( pthread_mutex_init(&p->mu, 0) ) return 1;
  if( pthread_cond_init(&p->cv, 0) ){ pthread_mutex_destroy(&p->mu); return 1; }
  return 0;
}

/* Wait until nThread threads have called this in the round; with xPoll,
** call xPoll(pArg) (without the mutex) every 10 ms of the wait, so that a
** thread that must answer an interrupt keeps asking while it waits for a
** slower one. */
static inline void gg_barrier_wait_poll(GGBarrier *p, void (*xPoll)(void*), void *pArg){
  unsigned iRound;
  pthread_mutex_lock(&p->mu);
  iRound = p->iRound;
  if( ++p->nWaiting==p->nThread ){
    p->nWaiting = 0;
    __atomic_store_n(&p->iRound, iRound + 1, __ATOMIC_RELEASE);
    if( p->nSleep ) pthread_cond_broadcast(&p->cv);
    pthread_mutex_unlock(&p->mu);
    return;
  }
  pthread_mutex_unlock(&p->mu);
  if( gg_barrier_spin(p, iRound) ) return;
  pthread_mutex_lock(&p->mu);
  p->nSleep++;
  while( iRound==p->iRound ){
    struct timespec ts;
    if( xPoll==0 ){
      pthread_cond_wait(&p->cv, &p->mu);
      continue;
    }
    clock_gettime(CLOCK_REALTIME, &ts);
    ts.tv_nsec += 10*1000*1000;
    if( ts.tv_nsec>=1000000000 ){ ts.tv_sec++; ts.tv_nsec -= 1000000000; }
    if( pthread_cond_timedwait(&p->cv, &p->mu, &ts)==ETIMEDOUT && iRound==p->iRound ){
      pthread_mutex_unlock(&p->mu);
      xPoll(pArg);
      pthread_mutex_lock(&p->mu);
    }
  }
  p->nSleep--;
  pthread_mutex_unlock(&p->mu);
}

static inline void gg_barrier_wait(GGBarrier *p){
  gg_barrier_wait_poll(p, 0, 0);
}

static inline void gg_barrier_destroy(GGBarrier *p){
  pthread_cond_destroy(&p->cv);
  pthread_mutex_destroy(&p->mu);
}

#endif
