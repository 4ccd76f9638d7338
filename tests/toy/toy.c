/*
** toy.c: the toy game's engine (toy.h): a retrograde solve of its 2 n^2
** positions by a queue, each position counting its undecided moves.  It
** exists to keep docs/internals.md's checklist for a new game true: an
** engine of its own in plain C (no SQLite header), allocating through
** gg_malloc and polling a GGStop, and a definition (toy_sql.c).
*/
#include "toy.h"
#include "alloc.h"
#include "board.h"

struct GGToy {
  uint32_t n;                /* nodes */
  const GGGraph *pG;         /* the board (the cached solve owns it) */
  uint32_t *aState;          /* per position: GG_STATE(value, plies) */
};

#define TOY_POS(n, a, b, t) ((((uint64_t)(t)*(n) + (a))*(n)) + (b))

/* Position pos as (a, b, turn); returns the node of the player to move. */
static uint32_t toyMover(uint32_t n, uint64_t pos, uint32_t *pA, uint32_t *pB, int *pT){
  *pB = (uint32_t)(pos % n);
  *pA = (uint32_t)((pos / n) % n);
  *pT = (int)(pos / ((uint64_t)n*n));
  return *pT ? *pB : *pA;
}

/* The positions decided at once (a player who cannot move loses) into
** aQueue, and every other position's count of moves; returns the queue's
** length. */
static uint64_t toyStart(GGToy *p, uint32_t *aCnt, uint64_t *aQueue){
  uint64_t nPos = GG_BOARD_NPOS(p->n), pos, tail = 0;
  for(pos=0; pos<nPos; pos++){
    uint32_t a, b;
    int t;
    uint32_t u = toyMover(p->n, pos, &a, &b, &t);
    aCnt[pos] = GG_DEG(p->pG, u);
    p->aState[pos] = GG_STATE(GG_V_OPEN, 0);
    if( aCnt[pos]==0 ){
      p->aState[pos] = GG_STATE(t ? GG_V_WIN0 : GG_V_WIN1, 0);
      aQueue[tail++] = pos;
    }
  }
  return tail;
}

/* Decide from the queue back to every position that leads there. */
static int toyRun(GGToy *p, uint32_t *aCnt, uint64_t *aQueue, uint64_t tail,
                  const GGStop *pStop){
  const GGGraph *pG = p->pG;
  uint64_t head = 0;
  GGPoll poll;
  gg_poll_init(&poll, pStop);
  while( head<tail ){
    uint64_t c = aQueue[head++];
    uint32_t a, b, v = GG_VALUE(p->aState[c]), k = GG_COUNT(p->aState[c]), j, u;
    int t;
    toyMover(p->n, c, &a, &b, &t);
    u = t ? a : b;                               /* the previous mover's node */
    if( gg_poll(&poll, 1+GG_INDEG(pG, u)) ) return GG_INTERRUPT;
    for(j=0; j<GG_INDEG(pG, u); j++){
      uint32_t w = GG_INNBR(pG, u)[j];
      uint64_t q = t ? TOY_POS(p->n, w, b, 0) : TOY_POS(p->n, a, w, 1);
      uint32_t vMover = t ? GG_V_WIN0 : GG_V_WIN1;   /* q's mover winning */
      if( GG_VALUE(p->aState[q])!=GG_V_OPEN ) continue;      /* decided */
      if( v==vMover || --aCnt[q]==0 ){
        p->aState[q] = GG_STATE(v, k+1);
        aQueue[tail++] = q;
      }
    }
  }
  return GG_OK;
}

int gg_toy_solve(GGToy **pp, const GGGraph *pG, const GGStop *pStop){
  uint64_t nPos = GG_BOARD_NPOS(pG->n), pos;
  GGToy *p = gg_malloc(sizeof(*p));
  uint32_t *aCnt = gg_malloc(nPos*sizeof(uint32_t)+1);
  uint64_t *aQueue = gg_malloc(nPos*sizeof(uint64_t)+1);
  int rc = GG_NOMEM;
  *pp = 0;
  if( p ) p->aState = gg_malloc(nPos*sizeof(uint32_t)+1);
  if( p && aCnt && aQueue && p->aState ){
    p->n = pG->n;
    p->pG = pG;
    rc = toyRun(p, aCnt, aQueue, toyStart(p, aCnt, aQueue), pStop);
  }
  gg_free(aCnt);
  gg_free(aQueue);
  if( rc ){
    if( p ) gg_free(p->aState);
    gg_free(p);
    return rc;
  }
  for(pos=0; pos<nPos; pos++){                  /* never decided: a draw */
    if( GG_VALUE(p->aState[pos])==GG_V_OPEN ) p->aState[pos] = GG_STATE(GG_V_DRAW, 0);
  }
  *pp = p;
  return GG_OK;
}

void gg_toy_free(GGToy *p){
  if( p ) gg_free(p->aState);
  gg_free(p);
}

void gg_toy_get(const GGToy *p, uint32_t a, uint32_t b, int turn, uint32_t *pValue,
                int64_t *pPlies, int64_t *pMove){
  uint32_t w = p->aState[TOY_POS(p->n, a, b, turn)], u = turn ? b : a, j;
  *pValue = GG_VALUE(w);
  *pPlies = *pValue==GG_V_DRAW ? -1 : (int64_t)GG_COUNT(w);
  if( pMove==0 ) return;
  *pMove = -1;
  for(j=0; j<GG_DEG(p->pG, u); j++){
    uint32_t to = GG_NBR(p->pG, u)[j];
    uint32_t c = p->aState[turn ? TOY_POS(p->n, a, to, 0) : TOY_POS(p->n, to, b, 1)];
    if( GG_VALUE(c)==*pValue && (*pValue==GG_V_DRAW || GG_COUNT(c)+1==GG_COUNT(w)) ){
      *pMove = to;
      return;
    }
  }
}
