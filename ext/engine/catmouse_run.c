/*
** catmouse_run.c: the loop of plies of the fast cat-and-mouse engine, on
** one thread or two (catmouse_ply.c has the pass and the apply of a ply
** and describes the design): thin plies on the calling thread alone with
** no barrier, wide ones on the lanes with barriers between the phases.
*/
#include "catmouse_int.h"

static void cmBarrier(CmSolve *s){
  if( s->nRun>1 ) gg_barrier_wait(&s->bar);
}

/* Worker 0's poll while it waits at a barrier (gg_barrier_wait_poll). */
static void cmBarrierPoll(void *pArg){
  CmWorker *wk = (CmWorker*)pArg;
  if( gg_poll_now(&wk->poll) ) cmSetStop(wk->s, GG_INTERRUPT);
}

/* The barrier after a pass or an apply: worker 0 keeps asking the GGStop
** while the other lane finishes its part of a big ply (hundreds of ms on
** a 40,000-node graph).  A stop it sets there is decided on by every
** worker alike, after the next barrier; never at the barrier between the
** decision and the apply (see cm_run). */
static void cmBarrierAsk(CmSolve *s, CmWorker *wk){
  if( s->nRun<=1 ) return;
  if( wk->i==0 ) gg_barrier_wait_poll(&s->bar, cmBarrierPoll, wk);
  else gg_barrier_wait(&s->bar);
}

/* Words decided at this ply by both turns; whether some part had dense
** words (counted in p->nPlyDense). */
static uint64_t cmNewWords(CmSolve *s, int *pbDense){
  uint64_t nNew = 0;
  int t, q;
  *pbDense = 0;
  for(t=0; t<2; t++){
    for(q=0; q<s->nLane; q++){
      nNew += s->aTurn[t].aPart[q].nNew;
      if( s->aTurn[t].aPart[q].nDense ) *pbDense = 1;
    }
  }
  return nNew;
}

/* The words of the ply just done: the next is thin if neither this ply
** nor the one before decided GG_CM_THIN words (on bipartite boards the
** plies alternate between big and small). */
static void cmLast(CmWorker *wk, uint64_t nNew){
  wk->bThin = nNew<GG_CM_THIN && wk->nLast<GG_CM_THIN;
  wk->nLast = nNew;
}

/* A thin ply k, on worker 0 alone (every lane, no barrier; worker 1, if
** any, is parked).  0, or 1 if it was the last (nothing new, or
** stopped). */
static int cmPlyThin(CmSolve *s, CmWorker *wk, uint32_t k){
  uint64_t nNew;
  int q, bDense;
  cm_pass(s, wk, &s->aTurn[0], k, 0, 1, 1);
  cm_pass(s, wk, &s->aTurn[1], k, 0, 1, 1);
  nNew = cmNewWords(s, &bDense);
  if( cmStopped(s) || nNew==0 ) return 1;
  s->nPly = k;
  s->p->nPlyThin++;
  s->p->nPlyDense += bDense;
  for(q=0; q<s->nLane; q++){
    cm_apply(s, wk, &s->aTurn[0], q, k);
    cm_apply(s, wk, &s->aTurn[1], q, k);
  }
  cmLast(wk, nNew);
  return 0;
}

/* A ply k on every worker, each its lanes, with barriers between the
** phases.  0, or 1 if it was the last. */
static int cmPlyLanes(CmSolve *s, CmWorker *wk, uint32_t k){
  uint64_t nNew;
  int q, bDone, bDense;
  for(q=wk->i; q<s->nLane; q+=s->nRun){
    cm_pass(s, wk, &s->aTurn[0], k, q, s->nLane, 0);
    cm_pass(s, wk, &s->aTurn[1], k, q, s->nLane, 0);
  }
  cmBarrierAsk(s, wk);
  nNew = cmNewWords(s, &bDense);
  bDone = cmStopped(s) || nNew==0;
  /* Every worker has decided before any applies: worker 0 polls in the
  ** apply and may set the stop flag, which a worker still deciding would
  ** see and leave, while worker 0 waited for it at the next barrier. */
  cmBarrier(s);
  if( bDone ) return 1;
  if( wk->i==0 ){
    s->nPly = k;
    s->p->nPlyDense += bDense;
  }
  for(q=wk->i; q<s->nLane; q+=s->nRun){
    cm_apply(s, wk, &s->aTurn[0], q, k);
    cm_apply(s, wk, &s->aTurn[1], q, k);
  }
  cmBarrierAsk(s, wk);
  cmLast(wk, nNew);              /* each its own copy: the same values */
  return 0;
}

/* The plies, as worker wk: its lanes are wk->i, wk->i + nRun, ...  A ply
** after two that each decided fewer than GG_CM_THIN words is thin: worker 0
** runs it alone, and worker 1 waits at the barrier (parked) until worker
** 0 comes to a ply that is not thin (s->kResume) or to the end (s->bEnd).
** Both decide on their own copies of bThin, the same after a ply on both. */
void cm_run(CmWorker *wk){
  CmSolve *s = wk->s;
  uint32_t k;
  int bParked = 0;               /* worker 0: worker 1 is parked */
  int bWasThin = -1;             /* worker 0: the kind of the last ply */
  for(k=1; ; k++){
    int bThin = wk->bThin;
    if( wk->i==0 ){
      s->p->nSwitch += bWasThin>=0 && bThin!=bWasThin;
      bWasThin = bThin;
    }
    if( bThin && wk->i!=0 ){
      gg_barrier_wait(&s->bar);  /* parked until worker 0 wakes it */
      if( s->bEnd ) return;
      k = s->kResume;
      /* Worker 0's count of the last ply, so that both decide alike after
      ** this one (it writes it again only after two more barriers). */
      wk->nLast = s->aWork[0].nLast;
      bThin = 0;
    }else if( bThin ){
      if( s->nRun>1 ) bParked = 1;
      if( cmPlyThin(s, wk, k) ) break;
      continue;
    }else if( bParked ){         /* worker 0: wake worker 1 for ply k */
      s->kResume = k;
      bParked = 0;
      gg_barrier_wait(&s->bar);
    }
    if( cmPlyLanes(s, wk, k) ) return;
  }
  if( bParked ){                 /* worker 0 ends alone: let worker 1 go */
    s->bEnd = 1;
    gg_barrier_wait(&s->bar);
  }
}
