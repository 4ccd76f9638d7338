/*
** retro.c: the generic retrograde solver over a GGGame of callbacks (see
** ref.h; the state words are ext/engine/core/retro.h's).  Only the tests
** use it, as the engine under the reference solvers (catmouse_ref.c,
** race_ref.c).
**
** The queue holds each decided position once, so it is an array of nPos
** entries filled in order; positions come off it in order of nondecreasing
** plies, which is why the first winning child found is the nearest and the
** last losing child is the farthest.
*/
#include "alloc.h"
#include "graph.h"
#include "ref.h"

int gg_retro_solve(const GGGame *pGame, uint32_t *aState, const GGStop *pStop){
  uint32_t *aQueue, *aBuf, head = 0, tail = 0, i;
  GGPoll poll;            /* asks pStop now and then */
  int bStop = 0;          /* pStop said to give up */
  aQueue = gg_malloc((uint64_t)pGame->nPos*sizeof(uint32_t));
  aBuf = gg_malloc(((uint64_t)pGame->nMaxMove+1)*sizeof(uint32_t));
  if( aQueue==0 || aBuf==0 ){
    gg_free(aQueue);
    gg_free(aBuf);
    return GG_NOMEM;
  }
  gg_poll_init(&poll, pStop);
  for(i=0; i<pGame->nPos; i++){
    uint32_t v = GG_VALUE(aState[i]);
    if( v==GG_V_WIN0 || v==GG_V_WIN1 ) aQueue[tail++] = i;
    if( (bStop = gg_poll(&poll, 1))!=0 ) break;
  }
  while( head<tail && !bStop ){
    uint32_t pos = aQueue[head++];
    uint32_t v = GG_VALUE(aState[pos]);
    uint32_t k = GG_COUNT(aState[pos]) + 1;
    uint32_t nPred, j;
    nPred = pGame->xPred(pGame->pCtx, pos, aBuf);
    /* poll by work done: a position may have many moves */
    if( (bStop = gg_poll(&poll, 1 + nPred))!=0 ) break;
    for(j=0; j<nPred; j++){
      uint32_t p = aBuf[j], w = aState[p];
      if( GG_VALUE(w)!=GG_V_OPEN ) continue;
      if( (uint32_t)pGame->xPlayer(pGame->pCtx, p)+1==v || GG_COUNT(w)==1 ){
        aState[p] = GG_STATE(v, k);        /* a win, or the last move lost */
        aQueue[tail++] = p;
      }else{
        aState[p] = w - 1;
      }
    }
  }
  if( bStop ){
    gg_free(aQueue);
    gg_free(aBuf);
    return GG_INTERRUPT;
  }
  for(i=0; i<pGame->nPos; i++){
    if( GG_VALUE(aState[i])==GG_V_OPEN ) aState[i] = GG_STATE(GG_V_DRAW, 0);
  }
  gg_free(aQueue);
  gg_free(aBuf);
  return GG_OK;
}
