/*
** lanes.h: the threads of the word-parallel engines (cat and mouse in
** catmouse_run.c, the race in race_ply.c), shared.  Plain C.
**
** A solve splits its bands into lanes (at most two) and runs them on one
** thread or two.  The threads meet at a barrier between the phases of a
** wide ply; a thin ply runs on the calling thread alone, while the other
** is parked at the barrier until the calling thread wakes it for a wide
** ply (kResume) or lets it go at the end (bEnd).  Any thread may stop the
** solve (out of memory, or an interrupt that the calling thread's poll
** found); every thread looks at the flag after each of its polls.
*/
#ifndef GG_LANES_H
#define GG_LANES_H
#include "common.h"
#include "barrier.h"

typedef struct GGLanes GGLanes;
struct GGLanes {
  int nLane;           /* lanes, 1 or 2 */
  int nRun;            /* threads running the lanes, 1 or nLane */
  int bStop;           /* set (atomically) to stop every thread */
  int rc;              /* GG_NOMEM or GG_INTERRUPT once stopped */
  GGBarrier bar;       /* between the phases when nRun>1 */
  uint32_t kResume;    /* the ply the calling thread wakes the parked one for */
  int bEnd;            /* ... or set: the solve is over */
  long long nSpinNs;   /* the barrier's spin (barrier.h), if not 0 */
};

/* Stop every thread with rc (the first stop wins). */
static inline void gg_lanes_stop(GGLanes *p, int rc){
  if( __atomic_exchange_n(&p->bStop, 1, __ATOMIC_ACQ_REL)==0 ) p->rc = rc;
}
/* Whether stopped. */
static inline int gg_lanes_stopped(GGLanes *p){
  return __atomic_load_n(&p->bStop, __ATOMIC_ACQUIRE);
}
/* Count the work of a visited row or word, 1 + nCost, on the thread's
** pPoll, which asks the GGStop about every GG_STOP_EVERY (the calling
** thread's; an interrupt stops every thread).  Nonzero if the solve
** stops: the flag is looked at after each poll. */
static inline __attribute__((always_inline)) int gg_lanes_step(GGLanes *p, GGPoll *pPoll,
                                                               uint32_t nCost){
  if( gg_poll(pPoll, 1 + nCost) ) gg_lanes_stop(p, GG_INTERRUPT);
  return pPoll->nWork==0 && gg_lanes_stopped(p);
}

/* After a ply that decided nNew words: whether the next is thin, run
** by the calling thread alone (neither this ply nor the one before
** decided nThin words: on bipartite boards the plies alternate between
** big and small); *pnLast becomes nNew. */
static inline int gg_lanes_thin(uint64_t *pnLast, uint64_t nNew, uint64_t nThin){
  int bThin = nNew<nThin && *pnLast<nThin;
  *pnLast = nNew;
  return bThin;
}

/* The barrier between two phases (none on one thread). */
void gg_lanes_barrier(GGLanes *p);
/* The same, at which the calling thread (iThread 0) keeps asking its
** pPoll while the other finishes its part of a big ply (hundreds of ms
** on a 40,000-node graph).  A stop it sets there is decided on by both
** alike after the next barrier. */
void gg_lanes_barrier_ask(GGLanes *p, int iThread, GGPoll *pPoll);
/* Run the lanes: xRun(pArg1) on a second thread when there are two lanes
** and nThread >= 0 (and the thread starts), xRun(pArg0) on this one;
** nRun says which.  Returns when both are done. */
void gg_lanes_run(GGLanes *p, int nThread, void (*xRun)(void*), void *pArg0, void *pArg1);
/* The second thread, parked while plies are thin: 1 at the end of the
** solve, else 0 and kResume is the ply to go on with. */
int gg_lanes_park(GGLanes *p);
/* The calling thread: wake the parked thread for ply k, or let it go at
** the end. */
void gg_lanes_wake(GGLanes *p, uint32_t k);
void gg_lanes_end(GGLanes *p);

#endif
