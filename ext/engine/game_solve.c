/*
** game_solve.c: an explicit game (see game_solve.h) as a GGGame for retro.c.
**
** Building is two counting sorts after one gather, each linear in the
** moves: the moves as given go to successor lists by source (their
** blocks are freed as they are used; moves usually come grouped by source,
** so this pass writes almost in order), those are turned into predecessor
** lists sorted by source (so repeats are neighbours and are dropped in
** place), and those into sorted successor lists that reuse the first
** array's memory.  Only the two transposes scatter over the whole arrays.
*/
#include <string.h>
#include "alloc.h"
#include "game_solve.h"

int gg_movelist_add(GGMoveList *p, uint32_t from, uint32_t to){
  uint64_t b = p->nMove / GG_MOVE_BLOCK, i = p->nMove % GG_MOVE_BLOCK;
  if( p->nMove>=GG_EX_MAX_MOVE ) return GG_TOOBIG;
  if( i==0 ){
    if( b==p->nBlockAlloc ){
      uint64_t nNew = p->nBlockAlloc ? p->nBlockAlloc*2 : 16;
      uint32_t **apNew = gg_malloc(nNew*sizeof(uint32_t*));
      if( apNew==0 ) return GG_NOMEM;
      memset(apNew, 0, nNew*sizeof(uint32_t*));
      if( b ) memcpy(apNew, p->apBlock, b*sizeof(uint32_t*));
      gg_free(p->apBlock);
      p->apBlock = apNew;
      p->nBlockAlloc = nNew;
    }
    p->apBlock[b] = gg_malloc(2*GG_MOVE_BLOCK*sizeof(uint32_t));
    if( p->apBlock[b]==0 ) return GG_NOMEM;
  }
  p->apBlock[b][2*i] = from;
  p->apBlock[b][2*i+1] = to;
  p->nMove++;
  return GG_OK;
}

void gg_movelist_free(GGMoveList *p){
  uint64_t b;
  for(b=0; b<p->nBlockAlloc; b++) gg_free(p->apBlock[b]);
  gg_free(p->apBlock);
  memset(p, 0, sizeof(*p));
}

static int exPlayer(void *pCtx, uint32_t pos){
  return GG_EX_PLAYER(((GGExplicit*)pCtx)->aKind[pos]);
}

static uint32_t exPred(void *pCtx, uint32_t pos, uint32_t *aOut){
  GGExplicit *p = (GGExplicit*)pCtx;
  uint32_t n = p->aPredOff[pos+1] - p->aPredOff[pos];
  memcpy(aOut, p->aPred + p->aPredOff[pos], n*sizeof(uint32_t));
  return n;
}

static uint32_t exSucc(void *pCtx, uint32_t pos, uint32_t *aOut){
  GGExplicit *p = (GGExplicit*)pCtx;
  uint32_t n = p->aSuccOff[pos+1] - p->aSuccOff[pos];
  memcpy(aOut, p->aSucc + p->aSuccOff[pos], n*sizeof(uint32_t));
  return n;
}

/* aOff[1..n] holds counts: make aOff[i] the start of list i. */
static void exPrefix(uint32_t *aOff, uint32_t n){
  uint32_t i;
  aOff[0] = 0;
  for(i=0; i<n; i++) aOff[i+1] += aOff[i];
}

/* After filling with aOff[i]++ as the cursor, aOff[i] is the end of list
** i: shift it back to being the start. */
static void exUnshift(uint32_t *aOff, uint32_t n){
  uint32_t i;
  for(i=n; i>0; i--) aOff[i] = aOff[i-1];
  aOff[0] = 0;
}

/* Lists by source -> lists by target, both CSR over n positions, nArc
** entries.  aOutOff has n+1 entries; the output lists come out ascending. */
static void exTranspose(uint32_t n, const uint32_t *aInOff, const uint32_t *aIn,
                        uint32_t *aOutOff, uint32_t *aOut){
  uint32_t i, j, nArc = aInOff[n];
  memset(aOutOff, 0, ((uint64_t)n+1)*sizeof(uint32_t));
  for(j=0; j<nArc; j++) aOutOff[aIn[j]+1]++;
  exPrefix(aOutOff, n);
  for(i=0; i<n; i++){
    for(j=aInOff[i]; j<aInOff[i+1]; j++) aOut[aOutOff[aIn[j]]++] = i;
  }
  exUnshift(aOutOff, n);
}

/* Drop repeats from each (sorted) list in place, fixing the offsets. */
static void exDedup(uint32_t n, uint32_t *aOff, uint32_t *a){
  uint32_t i, j, w = 0, start = 0;
  for(i=0; i<n; i++){
    uint32_t end = aOff[i+1], first = w;
    aOff[i] = w;
    for(j=start; j<end; j++){
      if( w==first || a[w-1]!=a[j] ) a[w++] = a[j];
    }
    start = end;
  }
  aOff[n] = w;
}

/* The moves out of positions that go on, as successor lists (in input
** order, repeats kept) in p->aSuccOff and *paSucc.  Frees the move list's
** blocks as it goes. */
static int exGather(GGExplicit *p, GGMoveList *pM, uint32_t **paSucc){
  uint64_t k, nKept = 0;
  uint32_t *aSucc;
  memset(p->aSuccOff, 0, ((uint64_t)p->nPos+1)*sizeof(uint32_t));
  for(k=0; k<pM->nMove; k++){
    const uint32_t *a = &pM->apBlock[k/GG_MOVE_BLOCK][2*(k%GG_MOVE_BLOCK)];
    if( GG_EX_RESULT(p->aKind[a[0]])==GG_EX_GOING ){
      p->aSuccOff[a[0]+1]++;
      nKept++;
    }
  }
  exPrefix(p->aSuccOff, p->nPos);
  *paSucc = aSucc = gg_malloc((nKept+1)*sizeof(uint32_t));
  if( aSucc==0 ) return GG_NOMEM;
  for(k=0; k<pM->nMove; k++){
    uint64_t b = k/GG_MOVE_BLOCK;
    const uint32_t *a = &pM->apBlock[b][2*(k%GG_MOVE_BLOCK)];
    if( GG_EX_RESULT(p->aKind[a[0]])==GG_EX_GOING ) aSucc[p->aSuccOff[a[0]]++] = a[1];
    if( k%GG_MOVE_BLOCK==GG_MOVE_BLOCK-1 || k+1==pM->nMove ){
      gg_free(pM->apBlock[b]);
      pM->apBlock[b] = 0;
    }
  }
  exUnshift(p->aSuccOff, p->nPos);
  return GG_OK;
}

int gg_explicit_build(GGExplicit *p, uint32_t nPos, uint8_t *aKind,
                      GGMoveList *pMoves){
  uint32_t *aSucc0 = 0, i;
  int rc = GG_NOMEM;
  memset(p, 0, sizeof(*p));
  p->nPos = nPos;
  p->aKind = aKind;
  if( nPos>GG_EX_MAX_POS ){ rc = GG_TOOBIG; goto fail; }
  p->aPredOff = gg_malloc(((uint64_t)nPos+1)*sizeof(uint32_t));
  p->aSuccOff = gg_malloc(((uint64_t)nPos+1)*sizeof(uint32_t));
  if( aKind==0 || p->aPredOff==0 || p->aSuccOff==0 ) goto fail;
  if( exGather(p, pMoves, &aSucc0) ) goto fail;
  gg_movelist_free(pMoves);
  p->aPred = gg_malloc(((uint64_t)p->aSuccOff[nPos]+1)*sizeof(uint32_t));
  if( p->aPred==0 ) goto fail;
  exTranspose(nPos, p->aSuccOff, aSucc0, p->aPredOff, p->aPred);
  exDedup(nPos, p->aPredOff, p->aPred);
  p->aSucc = aSucc0;               /* the unsorted lists' room is enough */
  aSucc0 = 0;
  exTranspose(nPos, p->aPredOff, p->aPred, p->aSuccOff, p->aSucc);
  p->nMove = p->aSuccOff[nPos];
  for(i=0; i<nPos; i++){
    uint32_t nIn = p->aPredOff[i+1]-p->aPredOff[i];
    uint32_t nOut = p->aSuccOff[i+1]-p->aSuccOff[i];
    if( nIn>p->game.nMaxMove ) p->game.nMaxMove = nIn;
    if( nOut>p->game.nMaxMove ) p->game.nMaxMove = nOut;
  }
  p->game.nPos = nPos;
  p->game.pCtx = p;
  p->game.xPlayer = exPlayer;
  p->game.xPred = exPred;
  p->game.xSucc = exSucc;
  return GG_OK;
fail:
  gg_free(aSucc0);
  gg_movelist_free(pMoves);
  gg_explicit_free(p);
  return rc;
}

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

int gg_explicit_solve(GGExplicit *p, const GGStop *pStop){
  uint32_t i;
  int rc = GG_OK;
  gg_free(p->aState);
  p->aState = gg_malloc(((uint64_t)p->nPos+1)*sizeof(uint32_t));
  if( p->aState==0 ) return GG_NOMEM;
  for(i=0; i<p->nPos; i++) p->aState[i] = exInitial(p, i);
  if( p->nPos ) rc = gg_retro_solve(&p->game, p->aState, pStop);
  if( rc ){
    gg_free(p->aState);
    p->aState = 0;
  }
  return rc;
}

void gg_explicit_get(const GGExplicit *p, uint32_t pos, int *pOutcome,
                     int64_t *pPlies, int64_t *pMove){
  uint32_t w = p->aState[pos], v = GG_VALUE(w), j;
  uint8_t k = p->aKind[pos];
  *pMove = -1;
  if( v==GG_V_DRAW ){
    *pOutcome = GG_EX_DRAW;
    *pPlies = -1;
  }else{
    *pOutcome = v==(GG_EX_PLAYER(k) ? GG_V_WIN1 : GG_V_WIN0) ? GG_EX_WIN : GG_EX_LOSS;
    *pPlies = GG_COUNT(w);
  }
  if( GG_EX_RESULT(k)!=GG_EX_GOING ) return;    /* finished: no move */
  for(j=p->aSuccOff[pos]; j<p->aSuccOff[pos+1]; j++){
    if( gg_retro_is_best(w, p->aState[p->aSucc[j]]) ){
      *pMove = p->aSucc[j];
      return;
    }
  }
}

void gg_explicit_free(GGExplicit *p){
  gg_free(p->aKind);
  gg_free(p->aSuccOff);
  gg_free(p->aSucc);
  gg_free(p->aPredOff);
  gg_free(p->aPred);
  gg_free(p->aState);
  memset(p, 0, sizeof(*p));
}
