/*
** lanes.c: the threads of the word-parallel engines (lanes.h): the
** barriers, the start and the end of the second thread, its parking.
** Plain C.
*/
#include <pthread.h>
#include "lanes.h"

void gg_lanes_barrier(GGLanes *p){
  if( p->nRun>1 ) gg_barrier_wait(&p->bar);
}

/* The calling thread's poll while it waits at a barrier. */
typedef struct LanesAsk LanesAsk;
struct LanesAsk {
  GGLanes *p;          /* the solve's lanes */
  GGPoll *pPoll;       /* the calling thread's poll */
};
static void lanesAskPoll(void *pArg){
  LanesAsk *a = (LanesAsk*)pArg;
  if( gg_poll_now(a->pPoll) ) gg_lanes_stop(a->p, GG_INTERRUPT);
}

void gg_lanes_barrier_ask(GGLanes *p, int iThread, GGPoll *pPoll){
  LanesAsk a;
  if( p->nRun<=1 ) return;
  if( iThread!=0 ){
    gg_barrier_wait(&p->bar);
    return;
  }
  a.p = p;
  a.pPoll = pPoll;
  gg_barrier_wait_poll(&p->bar, lanesAskPoll, &a);
}

/* The second thread's start: its run and argument. */
typedef struct LanesRun LanesRun;
struct LanesRun {
  void (*xRun)(void*);
  void *pArg;
};
static void *lanesThread(void *pArg){
  LanesRun *r = (LanesRun*)pArg;
  r->xRun(r->pArg);
  return 0;
}

void gg_lanes_run(GGLanes *p, int nThread, void (*xRun)(void*), void *pArg0, void *pArg1){
  pthread_t th;
  LanesRun r;
  r.xRun = xRun;
  r.pArg = pArg1;
  p->nRun = 1;
  if( p->nLane==2 && nThread>=0 && gg_barrier_init(&p->bar, 2)==0 ){
    if( p->nSpinNs ) p->bar.nSpinNs = p->nSpinNs;
    p->nRun = 2;
    if( pthread_create(&th, 0, lanesThread, &r) ){
      p->nRun = 1;
      gg_barrier_destroy(&p->bar);
    }
  }
  xRun(pArg0);
  if( p->nRun==2 ){
    pthread_join(th, 0);
    gg_barrier_destroy(&p->bar);
  }
}

int gg_lanes_park(GGLanes *p){
  gg_barrier_wait(&p->bar);          /* until the calling thread wakes it */
  return p->bEnd;
}

void gg_lanes_wake(GGLanes *p, uint32_t k){
  p->kResume = k;
  gg_barrier_wait(&p->bar);
}

void gg_lanes_end(GGLanes *p){
  p->bEnd = 1;
  gg_barrier_wait(&p->bar);
}
