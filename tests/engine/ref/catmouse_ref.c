/*
** catmouse_ref.c: the reference solve of cat and mouse, on the generic
** retrograde engine (retro.c).
**
** This is the plain formulation of the game: one GGGame whose callbacks
** list the predecessors and successors of a position, solved by the FIFO
** engine with one state word per position at gg_cm_pos(n, m, c, turn).
** It is slow (a callback per position) but short and obviously right, so
** the fast engine of catmouse.c is checked against it on large graphs
** (tests/engine/cm_check.c).  The extension itself does not call it.
** Successors follow out-arcs, predecessors in-arcs (the same on an
** undirected graph); any number of holes.
*/
#include <string.h>
#include "alloc.h"
#include "ref.h"

typedef struct CmRef CmRef;
struct CmRef {
  const GGGraph *pG;   /* the board */
  uint32_t n;          /* pG->n */
  const uint8_t *aHole;  /* aHole[u]: u is a hole */
};

static int cmrefPlayer(void *pCtx, uint32_t pos){
  CmRef *p = (CmRef*)pCtx;
  return gg_board_turn(p->n, pos) ? GG_CM_CAT : GG_CM_MOUSE;
}

/* Positions built by varying the mover's node over its out-arcs (bIn:
** in-arcs; the cat never is on a hole), in turn toTurn, written to aOut. */
static uint32_t cmrefVary(const CmRef *p, uint32_t m, uint32_t c, int turn,
                          int toTurn, int bIn, uint32_t *aOut){
  const GGGraph *pG = p->pG;
  uint32_t from = turn==GG_CM_MOUSE ? m : c, j, nOut = 0;
  const uint32_t *a = bIn ? GG_INNBR(pG, from) : GG_NBR(pG, from);
  uint32_t nDeg = bIn ? GG_INDEG(pG, from) : GG_DEG(pG, from);
  for(j=0; j<nDeg; j++){
    if( turn==GG_CM_MOUSE ){
      aOut[nOut++] = gg_cm_pos(p->n, a[j], c, toTurn);
    }else if( !p->aHole[a[j]] ){
      aOut[nOut++] = gg_cm_pos(p->n, m, a[j], toTurn);
    }
  }
  return nOut;
}

static uint32_t cmrefPred(void *pCtx, uint32_t pos, uint32_t *aOut){
  CmRef *p = (CmRef*)pCtx;
  uint32_t n = p->n, c = pos % n, m = (pos / n) % n;
  int turn = cmrefPlayer(p, pos);
  if( turn==GG_CM_CAT ) return cmrefVary(p, m, c, GG_CM_MOUSE, GG_CM_MOUSE, 1, aOut);
  if( p->aHole[c] ) return 0;
  return cmrefVary(p, m, c, GG_CM_CAT, GG_CM_CAT, 1, aOut);
}

static uint32_t cmrefSucc(void *pCtx, uint32_t pos, uint32_t *aOut){
  CmRef *p = (CmRef*)pCtx;
  uint32_t n = p->n, c = pos % n, m = (pos / n) % n;
  int turn = cmrefPlayer(p, pos);
  if( p->aHole[m] || m==c || p->aHole[c] ) return 0;
  return cmrefVary(p, m, c, turn, 1-turn, 0, aOut);
}

/* The state word of a position before the solve. */
static uint32_t cmrefInitial(const CmRef *p, uint32_t m, uint32_t c, int turn){
  const GGGraph *pG = p->pG;
  uint32_t nMove = 0, j;
  if( p->aHole[c] ) return GG_STATE(GG_V_DRAW, 0);     /* not a position */
  if( p->aHole[m] ) return GG_STATE(GG_V_WIN0, 0);
  if( m==c ) return GG_STATE(GG_V_WIN1, 0);
  if( turn==GG_CM_MOUSE ){
    nMove = GG_DEG(pG, m);
  }else{
    for(j=0; j<GG_DEG(pG, c); j++) nMove += !p->aHole[GG_NBR(pG, c)[j]];
  }
  if( nMove==0 ) return GG_STATE(turn==GG_CM_MOUSE ? GG_V_WIN1 : GG_V_WIN0, 0);
  return GG_STATE(GG_V_OPEN, nMove);
}

int gg_cm_ref_solve(const GGGraph *pG, const uint8_t *aHole, uint32_t **paState,
                    const GGStop *pStop){
  uint32_t n = pG->n, m, c, maxDeg = 0, *aState;
  CmRef ref;
  GGGame game;
  int rc;
  *paState = 0;
  if( GG_CM_NPOS(n)>=0xffffffffu ) return GG_TOOBIG;
  ref.pG = pG;
  ref.n = n;
  ref.aHole = aHole;
  aState = gg_malloc(GG_CM_NPOS(n)*sizeof(uint32_t));
  if( aState==0 ) return GG_NOMEM;
  for(m=0; m<n; m++){
    if( GG_DEG(pG, m)>maxDeg ) maxDeg = GG_DEG(pG, m);
    if( GG_INDEG(pG, m)>maxDeg ) maxDeg = GG_INDEG(pG, m);
    for(c=0; c<n; c++){
      aState[gg_cm_pos(n, m, c, GG_CM_MOUSE)] = cmrefInitial(&ref, m, c, GG_CM_MOUSE);
      aState[gg_cm_pos(n, m, c, GG_CM_CAT)] = cmrefInitial(&ref, m, c, GG_CM_CAT);
    }
  }
  memset(&game, 0, sizeof(game));
  game.nPos = (uint32_t)GG_CM_NPOS(n);
  game.nMaxMove = maxDeg;
  game.pCtx = &ref;
  game.xPlayer = cmrefPlayer;
  game.xPred = cmrefPred;
  game.xSucc = cmrefSucc;
  rc = gg_retro_solve(&game, aState, pStop);
  if( rc ){ gg_free(aState); return rc; }
  *paState = aState;
  return GG_OK;
}
