/*
** game_solve_run.c: solving an explicit game (see game_solve.h) and
** reading off its answers.
**
** The solve is the retrograde analysis of the tests' generic solver
** (tests/engine/ref/retro.c) written out for the CSR arrays of a
** GGExplicit: the same FIFO queue, the same order of work, the
** same state words, so the same answers; but the predecessor lists and the
** player bytes are read directly instead of through callbacks and copies,
** and the work of the queue entries a little ahead is prefetched in three
** steps (their offsets, then their lists, then the state words of the
** positions on those lists).  The predecessor lists carry each position's
** player (GG_EX_PRED_PLAYER), so the kind bytes are not read at all.  In a big game almost every one of
** those reads is a cache miss; prefetched, they overlap.
**
** The optimal move of a position is the lowest-numbered of its best
** moves.  For a won position the solve keeps it, next to the position's
** state word (so in the same cache line, at no extra read): it is
** decided by its first winning child off the queue, and every other
** child as near comes off the queue in the same round of plies and finds
** the position already decided with exactly its value, so the lowest of
** them is kept.  Lost and drawn positions (a
** few in most games) look through their moves afterwards.
*/
#include <string.h>
#include "alloc.h"
#include "game_solve.h"

/* How many queue entries (or positions) ahead the prefetches run. */
#define EX_AHEAD 8

/* The state word of position i before the solve. */
static uint32_t exInitial(const GGExplicit *p, uint32_t i){
  uint8_t k = p->aKind[i];
  uint32_t mine = GG_EX_PLAYER(k) ? GG_V_WIN1 : GG_V_WIN0;
  uint32_t theirs = GG_EX_PLAYER(k) ? GG_V_WIN0 : GG_V_WIN1;
  uint32_t nOut = p->aSuccOff[i+1] - p->aSuccOff[i];
  switch( GG_EX_RESULT(k) ){
    case GG_EX_WIN:  return GG_STATE(mine, 0);
    case GG_EX_LOSS: return GG_STATE(theirs, 0);
    case GG_EX_DRAW: return GG_STATE(GG_V_DRAW, 0);
    default:         return nOut ? GG_STATE(GG_V_OPEN, nOut) : GG_STATE(theirs, 0);
  }
}

/* The queue, filled with the decided positions and worked off (the loop of
** tests/engine/ref/retro.c).  GG_OK, or GG_INTERRUPT if pStop said so. */
static int exRun(GGExplicit *p, uint32_t *aQueue, const GGStop *pStop){
  uint32_t *aState = p->aState, head = 0, tail = 0, i;
  GGPoll poll;
  gg_poll_init(&poll, pStop);
  for(i=0; i<p->nPos; i++){
    uint32_t v = GG_VALUE(aState[2*i]);
    if( v==GG_V_WIN0 || v==GG_V_WIN1 ) aQueue[tail++] = i;
    if( gg_poll(&poll, 1) ) return GG_INTERRUPT;
  }
  while( head<tail ){
    uint32_t pos = aQueue[head], j, end;
    uint32_t v = GG_VALUE(aState[2*pos]), k = GG_COUNT(aState[2*pos]) + 1;
    /* Prefetch: the offsets of the entry 3A ahead, the list of the entry
    ** 2A ahead, the state words of the entry A ahead and on its list.
    ** Written here, not in a function of its own: GCC finds a function
    ** that only prefetches pure and drops its calls (GCC 12 did). */
    if( head+3*EX_AHEAD<tail ) GG_PREFETCH(&p->aPredOff[aQueue[head+3*EX_AHEAD]]);
    if( head+2*EX_AHEAD<tail ) GG_PREFETCH(&p->aPred[p->aPredOff[aQueue[head+2*EX_AHEAD]]]);
    if( head+EX_AHEAD<tail ){
      uint32_t q = aQueue[head+EX_AHEAD], jq = p->aPredOff[q], eq = p->aPredOff[q+1];
      GG_PREFETCH(&aState[2*q]);
      for(; jq<eq; jq++) GG_PREFETCH(&aState[2*GG_EX_PRED_ID(p->aPred[jq])]);
    }
    head++;
    j = p->aPredOff[pos];
    end = p->aPredOff[pos+1];
    if( gg_poll(&poll, 1 + (uint64_t)(end-j)) ) return GG_INTERRUPT;
    for(; j<end; j++){
      uint32_t q = GG_EX_PRED_ID(p->aPred[j]), w = aState[2*q];
      int bWin = GG_EX_PRED_PLAYER(p->aPred[j])+1==v;   /* q's mover wins by pos */
      if( GG_VALUE(w)!=GG_V_OPEN ){
        if( bWin && w==GG_STATE(v, k) && pos<aState[2*q+1] ) aState[2*q+1] = pos;
        continue;                          /* another nearest win */
      }
      if( bWin || GG_COUNT(w)==1 ){
        aState[2*q] = GG_STATE(v, k);      /* a win, or the last move lost */
        aQueue[tail++] = q;
        if( bWin ) aState[2*q+1] = pos;
      }else{
        aState[2*q] = w - 1;
      }
    }
  }
  for(i=0; i<p->nPos; i++){
    if( GG_VALUE(aState[2*i])==GG_V_OPEN ) aState[2*i] = GG_STATE(GG_V_DRAW, 0);
  }
  return GG_OK;
}

int gg_explicit_solve(GGExplicit *p, const GGStop *pStop){
  uint32_t i, *aQueue;
  int rc;
  gg_free(p->aState);
  p->aState = gg_malloc(2*((uint64_t)p->nPos+1)*sizeof(uint32_t));
  aQueue = gg_malloc(((uint64_t)p->nPos+1)*sizeof(uint32_t));
  if( p->aState==0 || aQueue==0 ){
    rc = GG_NOMEM;
  }else{
    for(i=0; i<p->nPos; i++) p->aState[2*i] = exInitial(p, i);
    rc = exRun(p, aQueue, pStop);
  }
  gg_free(aQueue);
  if( rc ){
    gg_free(p->aState);
    p->aState = 0;
  }
  return rc;
}

/* The optimal move of pos, or -1 at a finished position: the lowest id
** among its best moves (retro.h's gg_retro_is_best).  A won position's
** was kept by the solve; the others' are looked for, and a short list is
** ascending, so its first best move is the one. */
static int64_t exBest(const GGExplicit *p, uint32_t pos){
  uint32_t w = p->aState[2*pos], j = p->aSuccOff[pos], end = p->aSuccOff[pos+1];
  int bSorted = end-j<=GG_EX_SORT_MAX;
  uint8_t kind = p->aKind[pos];
  int64_t best = -1;
  if( GG_EX_RESULT(kind)!=GG_EX_GOING ) return -1;
  if( GG_VALUE(w)==(uint32_t)GG_EX_PLAYER(kind)+1 && end>j ) return p->aState[2*pos+1];
  for(; j<end; j++){
    uint32_t s = p->aSucc[j];
    if( (best<0 || s<best) && gg_retro_is_best(w, p->aState[2*s]) ){
      best = s;
      if( bSorted ) break;
    }
  }
  return best;
}

void gg_explicit_value(const GGExplicit *p, uint32_t pos, int *pOutcome,
                       int64_t *pPlies){
  uint32_t w = p->aState[2*pos], v = GG_VALUE(w);
  uint8_t k = p->aKind[pos];
  if( v==GG_V_DRAW ){
    *pOutcome = GG_EX_DRAW;
    *pPlies = -1;
  }else{
    *pOutcome = v==(GG_EX_PLAYER(k) ? GG_V_WIN1 : GG_V_WIN0) ? GG_EX_WIN : GG_EX_LOSS;
    *pPlies = GG_COUNT(w);
  }
}

void gg_explicit_moves(const GGExplicit *p, uint32_t from, uint32_t n,
                       int64_t *aMove){
  uint32_t i, j;
  for(i=0; i<n; i++){          /* first fetch the children of those that look */
    uint32_t pos = from+i, w = p->aState[2*pos];
    uint8_t kind = p->aKind[pos];
    if( GG_EX_RESULT(kind)==GG_EX_GOING && GG_VALUE(w)!=(uint32_t)GG_EX_PLAYER(kind)+1 ){
      for(j=p->aSuccOff[pos]; j<p->aSuccOff[pos+1]; j++){
        GG_PREFETCH(&p->aState[2*p->aSucc[j]]);
      }
    }
  }
  for(i=0; i<n; i++) aMove[i] = exBest(p, from+i);
}
