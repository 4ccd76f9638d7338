/*
** catmouse_run.c: the loop of plies of the fast cat-and-mouse engine, on
** one thread or two (catmouse_ply.c has the pass and the apply of a ply
** and describes the design): thin plies on the calling thread alone with
** no barrier, wide ones on the lanes with barriers between the phases.  A
** ply: the pass of the first turn, the pass of the fused one (it applies
** as it decides, so it waits for the first on every lane), the apply of
** the first.  The fused turn of the next ply is chosen here
** (cm_fused_next); the bands' lanes at each pass (catmouse_ply.c).
*/
#include <string.h>
#include "catmouse_int.h"

/* The barrier after a pass or an apply, at which worker 0 keeps asking
** the GGStop (lanes.h); never the barrier between the decision and the
** apply (see cmPlyLanes). */
#define cmBarrierAsk(s, wk) gg_lanes_barrier_ask(&(s)->lanes, (wk)->i, &(wk)->poll)

/* Words decided at this ply by both turns, and by each (aNew[t]);
** whether some part had dense words (counted in p->nPlyDense). */
static uint64_t cmNewWords(CmSolve *s, uint64_t *aNew, int *pbDense){
  int t, q;
  *pbDense = 0;
  for(t=0; t<2; t++){
    aNew[t] = 0;
    for(q=0; q<s->lanes.nLane; q++){
      aNew[t] += s->aTurn[t].aPart[q].nNew;
      if( s->aTurn[t].aPart[q].nDense ) *pbDense = 1;
    }
  }
  return aNew[0] + aNew[1];
}

/* The words of the ply just done: is the next thin (lanes.h)?  Which
** turn is fused in it? */
static void cmLast(CmWorker *wk, const uint64_t *aNew){
  wk->bThin = gg_lanes_thin(&wk->nLast, aNew[0] + aNew[1], GG_CM_THIN);
  cm_fused_next(wk, aNew);
}

void cm_fused_next(CmWorker *wk, const uint64_t *aNew){
  int t;
  for(t=0; t<2; t++){
    wk->aTurnNew[t][1] = wk->aTurnNew[t][0];
    wk->aTurnNew[t][0] = aNew[t];
  }
  if( CM_FUSED!=CM_FUSED_AUTO ) return;
  /* (the fronts alternate on a bipartite board: on the 100x100 grid the
  ** cat's 100,000 words a ply, then the mouse's 10,000) */
  if( wk->aTurnNew[GG_CM_CAT][1]>wk->aTurnNew[GG_CM_MOUSE][1] ) wk->tFused = GG_CM_CAT;
  else wk->tFused = GG_CM_MOUSE;
}

/* The turn whose pass runs first in this ply of worker wk. */
#define cmFirst(wk) ((wk)->tFused==GG_CM_MOUSE ? GG_CM_CAT : GG_CM_MOUSE)

/* Before the apply, for lanes lane, lane+step, ...: the marks of the
** rows the turns to apply (the first; both if neither is fused) changed
** at the last ply, cleared (the passes have read them). */
static void cmApplyPrep(CmSolve *s, CmWorker *wk, int tFirst, int lane, int step){
  cm_dirty_clear(s, wk, &s->aTurn[tFirst], lane, step);
  if( CM_FUSED<0 ) cm_dirty_clear(s, wk, &s->aTurn[1-tFirst], lane, step);
}


/* A thin ply k, on worker 0 alone (every lane, no barrier; worker 1, if
** any, is parked).  0, or 1 if it was the last (nothing new, or
** stopped). */
static int cmPlyThin(CmSolve *s, CmWorker *wk, uint32_t k){
  uint64_t nNew, aNew[2];
  int q, bDense, tFirst = cmFirst(wk);
  cm_pass(s, wk, &s->aTurn[tFirst], k, 0, 1, 1);
  cm_pass(s, wk, &s->aTurn[1-tFirst], k, 0, 1, 1);      /* (fused: applied) */
  nNew = cmNewWords(s, aNew, &bDense);
  if( cmStopped(s) || nNew==0 ) return 1;
  s->nPly = k;
  s->p->nPlyThin++;
  s->p->nPlyDense += bDense;
  s->p->nPlyCatFused += wk->tFused==GG_CM_CAT;
  cmApplyPrep(s, wk, tFirst, 0, 1);
  for(q=0; q<s->lanes.nLane; q++) cm_apply(s, wk, &s->aTurn[tFirst], q, k);
  for(q=0; CM_FUSED<0 && q<s->lanes.nLane; q++) cm_apply(s, wk, &s->aTurn[1-tFirst], q, k);
  cm_list_rows(s, &s->aTurn[0], 0, 1);
  cm_list_rows(s, &s->aTurn[1], 0, 1);
  cmLast(wk, aNew);
  return 0;
}

/* A ply k on every worker, each its lanes, with barriers between the
** phases.  0, or 1 if it was the last.  The marks in aDirty of the rows
** of a turn changed at the last ply are read by the other turn's pass
** (its candidates) and cleared by the lanes that own the rows' bands in
** this ply (cm_dirty_clear): the fused turn's in its pass (the first
** turn's pass has read them), the first turn's after the passes; every
** part's rows are listed again only after the barrier that follows (a
** band may change lanes between plies, so a lane reads every part's
** list). */
static int cmPlyLanes(CmSolve *s, CmWorker *wk, uint32_t k){
  uint64_t nNew, aNew[2];
  int q, bDone, bDense, tFirst = cmFirst(wk);
  for(q=wk->i; q<s->lanes.nLane; q+=s->lanes.nRun){
    cm_pass(s, wk, &s->aTurn[tFirst], k, q, s->lanes.nLane, 0);
  }
  /* The fused turn's pass writes the bitsets the first one read. */
  if( CM_FUSED>=0 ) gg_lanes_barrier(&s->lanes);
  for(q=wk->i; q<s->lanes.nLane; q+=s->lanes.nRun){
    cm_pass(s, wk, &s->aTurn[1-tFirst], k, q, s->lanes.nLane, 0);
  }
  cmBarrierAsk(s, wk);
  nNew = cmNewWords(s, aNew, &bDense);
  bDone = cmStopped(s) || nNew==0;
  for(q=wk->i; q<s->lanes.nLane; q+=s->lanes.nRun){
    cmApplyPrep(s, wk, tFirst, q, s->lanes.nLane);
  }
  /* Every worker has decided before any applies: worker 0 polls in the
  ** apply and may set the stop flag, which a worker still deciding would
  ** see and leave, while worker 0 waited for it at the next barrier. */
  gg_lanes_barrier(&s->lanes);
  if( bDone ) return 1;
  if( wk->i==0 ){
    s->nPly = k;
    s->p->nPlyDense += bDense;
    s->p->nPlyCatFused += wk->tFused==GG_CM_CAT;
  }
  for(q=wk->i; q<s->lanes.nLane; q+=s->lanes.nRun) cm_apply(s, wk, &s->aTurn[tFirst], q, k);
  if( CM_FUSED<0 ){              /* (a dense word's apply reads the other
                                 ** turn's bitsets: cmWinsOf) */
    gg_lanes_barrier(&s->lanes);
    for(q=wk->i; q<s->lanes.nLane; q+=s->lanes.nRun) cm_apply(s, wk, &s->aTurn[1-tFirst], q, k);
  }
  for(q=wk->i; q<s->lanes.nLane; q+=s->lanes.nRun){
    cm_list_rows(s, &s->aTurn[0], q, s->lanes.nLane);
    cm_list_rows(s, &s->aTurn[1], q, s->lanes.nLane);
  }
  cmBarrierAsk(s, wk);
  cmLast(wk, aNew);              /* each its own copy: the same values */
  return 0;
}

/* The plies, as worker wk: its lanes are wk->i, wk->i + nRun, ...  A ply
** after two that each decided fewer than GG_CM_THIN words is thin: worker 0
** runs it alone, and worker 1 waits at the barrier (parked) until worker
** 0 comes to a ply that is not thin (s->lanes.kResume) or to the end (s->lanes.bEnd).
** Both decide on their own copies of bThin, the same after a ply on both. */
void cm_run(CmWorker *wk){
  CmSolve *s = wk->s;
  uint32_t k;
  int bParked = 0;               /* worker 0: worker 1 is parked */
  int bWasThin = -1;             /* worker 0: the kind of the last ply */
  for(k=1; ; k++){
    int bThin = wk->bThin;
    /* The chains take over before ply k (catmouse_chain.c): both workers
    ** decide alike (on k and their equal copies of the last ply's count);
    ** worker 0 lets a parked worker 1 go. */
    if( s->iChain!=0 && cm_chain_now(s, wk, k) ){
      if( wk->i!=0 ) return;
      s->kChain = k;
      break;
    }
    if( wk->i==0 ){
      s->p->nSwitch += bWasThin>=0 && bThin!=bWasThin;
      bWasThin = bThin;
    }
    if( bThin && wk->i!=0 ){
      if( gg_lanes_park(&s->lanes) ) return;   /* until worker 0 wakes it */
      k = s->lanes.kResume;
      /* Worker 0's count of the last ply, so that both decide alike after
      ** this one (it writes it again only after two more barriers). */
      wk->nLast = s->aWork[0].nLast;
      memcpy(wk->aTurnNew, s->aWork[0].aTurnNew, sizeof(wk->aTurnNew));
      wk->tFused = s->aWork[0].tFused;
      bThin = 0;
    }else if( bThin ){
      if( s->lanes.nRun>1 ) bParked = 1;
      if( cmPlyThin(s, wk, k) ) break;
      continue;
    }else if( bParked ){         /* worker 0: wake worker 1 for ply k */
      bParked = 0;
      gg_lanes_wake(&s->lanes, k);
    }
    if( cmPlyLanes(s, wk, k) ) return;
  }
  if( bParked ) gg_lanes_end(&s->lanes);   /* worker 0 ends alone: let worker 1 go */
}
