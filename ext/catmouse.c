/*
** catmouse.c: cat and mouse as a game for retro.c (see catmouse.h).
**
** Position index: (turn*n + mouse)*n + cat.  The predecessors of a cat-turn
** position (m,c) are the mouse-turn positions (m',c) with m' a neighbour
** of m; those of a mouse-turn position (m,c), c not the hole, are the
** cat-turn positions (m,c') with c' a neighbour of c other than the hole.
*/
#include <string.h>
#include "alloc.h"
#include "catmouse.h"

static int cmPlayer(void *pCtx, uint32_t pos){
  GGCatMouse *p = (GGCatMouse*)pCtx;
  return pos >= p->n*p->n ? GG_CM_CAT : GG_CM_MOUSE;
}

/* The mover's neighbours that lead on: every neighbour for the mouse,
** every neighbour but the hole for the cat.  Writes positions built by
** varying the mover's node, in the other turn, to aOut. */
static uint32_t cmVary(const GGCatMouse *p, uint32_t m, uint32_t c, int turn,
                       int toTurn, uint32_t *aOut){
  const GGGraph *pG = p->pG;
  uint32_t from = turn==GG_CM_MOUSE ? m : c, j, nOut = 0;
  const uint32_t *a = GG_NBR(pG, from);
  for(j=0; j<GG_DEG(pG, from); j++){
    if( turn==GG_CM_MOUSE ){
      aOut[nOut++] = gg_cm_pos(p->n, a[j], c, toTurn);
    }else if( a[j]!=p->hole ){
      aOut[nOut++] = gg_cm_pos(p->n, m, a[j], toTurn);
    }
  }
  return nOut;
}

static uint32_t cmPred(void *pCtx, uint32_t pos, uint32_t *aOut){
  GGCatMouse *p = (GGCatMouse*)pCtx;
  uint32_t n = p->n, c = pos % n, m = (pos / n) % n;
  int turn = cmPlayer(p, pos);
  if( turn==GG_CM_CAT ) return cmVary(p, m, c, GG_CM_MOUSE, GG_CM_MOUSE, aOut);
  if( c==p->hole ) return 0;
  return cmVary(p, m, c, GG_CM_CAT, GG_CM_CAT, aOut);
}

static uint32_t cmSucc(void *pCtx, uint32_t pos, uint32_t *aOut){
  GGCatMouse *p = (GGCatMouse*)pCtx;
  uint32_t n = p->n, c = pos % n, m = (pos / n) % n;
  int turn = cmPlayer(p, pos);
  if( m==p->hole || m==c || c==p->hole ) return 0;
  return cmVary(p, m, c, turn, 1-turn, aOut);
}

/* The state word of a position before the solve. */
static uint32_t cmInitial(const GGCatMouse *p, uint32_t m, uint32_t c, int turn){
  const GGGraph *pG = p->pG;
  uint32_t nMove;
  if( c==p->hole ) return GG_STATE(GG_V_DRAW, 0);      /* not a position */
  if( m==p->hole ) return GG_STATE(GG_V_WIN0, 0);
  if( m==c ) return GG_STATE(GG_V_WIN1, 0);
  if( turn==GG_CM_MOUSE ){
    nMove = GG_DEG(pG, m);
  }else{
    nMove = GG_DEG(pG, c) - (uint32_t)gg_graph_adjacent(pG, c, p->hole);
  }
  if( nMove==0 ) return GG_STATE(turn==GG_CM_MOUSE ? GG_V_WIN1 : GG_V_WIN0, 0);
  return GG_STATE(GG_V_OPEN, nMove);
}

int gg_cm_solve(GGCatMouse *p, const GGGraph *pG, const GGStop *pStop){
  uint32_t n = pG->n, m, c, maxDeg = 0;
  int64_t hole = gg_graph_find(pG, 0);
  int rc;
  memset(p, 0, sizeof(*p));
  if( hole<0 || GG_CM_NPOS(n)>=0xffffffffu ) return GG_TOOBIG;
  p->pG = pG;
  p->n = n;
  p->hole = (uint32_t)hole;
  p->aState = gg_malloc(GG_CM_NPOS(n)*sizeof(uint32_t));
  if( p->aState==0 ) return GG_NOMEM;
  for(m=0; m<n; m++){
    if( pStop && (m & 15)==15 && pStop->xStop(pStop->pArg) ){
      gg_cm_free(p);            /* n*n positions to set up: poll as we go */
      return GG_INTERRUPT;
    }
    if( GG_DEG(pG, m)>maxDeg ) maxDeg = GG_DEG(pG, m);
    for(c=0; c<n; c++){
      p->aState[gg_cm_pos(n, m, c, GG_CM_MOUSE)] = cmInitial(p, m, c, GG_CM_MOUSE);
      p->aState[gg_cm_pos(n, m, c, GG_CM_CAT)] = cmInitial(p, m, c, GG_CM_CAT);
    }
  }
  p->game.nPos = (uint32_t)GG_CM_NPOS(n);
  p->game.nMaxMove = maxDeg;
  p->game.pCtx = p;
  p->game.xPlayer = cmPlayer;
  p->game.xPred = cmPred;
  p->game.xSucc = cmSucc;
  rc = gg_retro_solve(&p->game, p->aState, pStop);
  if( rc ) gg_cm_free(p);
  return rc;
}

void gg_cm_free(GGCatMouse *p){
  gg_free(p->aState);
  p->aState = 0;
}

void gg_cm_get(const GGCatMouse *p, uint32_t mouse, uint32_t cat, int turn,
               uint32_t *pValue, int64_t *pPlies, int64_t *pMove){
  const GGGraph *pG = p->pG;
  uint32_t w = p->aState[gg_cm_pos(p->n, mouse, cat, turn)];
  uint32_t from = turn==GG_CM_MOUSE ? mouse : cat, j;
  *pValue = GG_VALUE(w);
  *pPlies = GG_VALUE(w)==GG_V_DRAW ? -1 : (int64_t)GG_COUNT(w);
  *pMove = -1;
  if( mouse==p->hole || mouse==cat || cat==p->hole ) return;   /* finished */
  for(j=0; j<GG_DEG(pG, from); j++){
    uint32_t to = GG_NBR(pG, from)[j], c;
    if( turn==GG_CM_CAT && to==p->hole ) continue;
    c = p->aState[turn==GG_CM_MOUSE ? gg_cm_pos(p->n, to, cat, GG_CM_CAT)
                                    : gg_cm_pos(p->n, mouse, to, GG_CM_MOUSE)];
    if( gg_retro_is_best(w, c) ){ *pMove = to; return; }
  }
}
