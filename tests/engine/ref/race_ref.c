/*
** race_ref.c: the reference solve of the race to z, on the generic
** retrograde engine (retro.c): gg_race_ref_solve() (see race.h).
**
** The plain formulation of the game: one GGGame whose callbacks list the
** predecessors and successors of a position, solved by the FIFO engine
** with one state word per position at gg_race_pos().  An Alice-turn
** position with a player on z is finished (both on z: a terminal draw,
** pre-set and never enqueued); Bob-turn positions never are, since the
** turn is scored after Bob moves.  A mover on `from` with the other
** player on `other` may go to `from` (stay) or along any arc from -> w
** with w != from and (w != other or w == z).  It is slow (a callback per
** position, 8 bytes a position with the queue) but short and plainly
** right; the fast engine of race.c is checked against it (race_check.c).
** The extension itself does not call it.
*/
#include <string.h>
#include "alloc.h"
#include "ref.h"

/* The game for retro.c. */
typedef struct RaceRef RaceRef;
struct RaceRef {
  const GGGraph *pG;   /* the board */
  uint32_t n;          /* pG->n */
  uint32_t z;          /* dense id of the goal */
};


static int racePlayer(void *pCtx, uint32_t pos){
  RaceRef *p = (RaceRef*)pCtx;
  return gg_board_turn(p->n, pos) ? GG_RACE_BOB : GG_RACE_ALICE;
}

/* Nonzero if an Alice-turn position (a,b) is finished (scored). */
static int raceFinished(const RaceRef *p, uint32_t a, uint32_t b){
  return a==p->z || b==p->z;
}

/* Nonzero if a mover may step from `from` to its neighbour `to` while the
** other player stands on `other` (staying is always allowed). */
static int raceLegal(const RaceRef *p, uint32_t from, uint32_t to, uint32_t other){
  return to==from || to!=other || to==p->z;
}

/* Positions reached by the mover's legal moves: Alice's (turn ALICE) or
** Bob's; each destination once, staying first.  Written to aOut. */
static uint32_t raceMoves(const RaceRef *p, uint32_t a, uint32_t b, int turn,
                          uint32_t *aOut){
  const GGGraph *pG = p->pG;
  uint32_t from = turn==GG_RACE_ALICE ? a : b;
  uint32_t other = turn==GG_RACE_ALICE ? b : a, j, nOut = 0;
  const uint32_t *aN = GG_NBR(pG, from);
  if( aOut ){
    aOut[nOut] = turn==GG_RACE_ALICE ? gg_race_pos(p->n, a, b, GG_RACE_BOB)
                                     : gg_race_pos(p->n, a, b, GG_RACE_ALICE);
  }
  nOut++;
  for(j=0; j<GG_DEG(pG, from); j++){
    uint32_t w = aN[j];
    if( w==from || !raceLegal(p, from, w, other) ) continue;
    if( aOut ){
      aOut[nOut] = turn==GG_RACE_ALICE ? gg_race_pos(p->n, w, b, GG_RACE_BOB)
                                       : gg_race_pos(p->n, a, w, GG_RACE_ALICE);
    }
    nOut++;
  }
  return nOut;
}

static uint32_t raceSucc(void *pCtx, uint32_t pos, uint32_t *aOut){
  RaceRef *p = (RaceRef*)pCtx;
  uint32_t n = p->n, b = pos % n, a = (pos / n) % n;
  int turn = racePlayer(p, pos);
  if( turn==GG_RACE_ALICE && raceFinished(p, a, b) ) return 0;
  return raceMoves(p, a, b, turn, aOut);
}

/* Predecessors: the positions of the other turn from which the mover of
** that turn reaches pos.  The move from `from` to `to` (the mover's node
** in pos) is legal iff from == to or to != other or to == z, so either
** every in-neighbour of `to` (the tail of an arc into it) is a
** predecessor or none is. */
static uint32_t racePred(void *pCtx, uint32_t pos, uint32_t *aOut){
  RaceRef *p = (RaceRef*)pCtx;
  const GGGraph *pG = p->pG;
  uint32_t n = p->n, b = pos % n, a = (pos / n) % n, j, nOut = 0;
  int turn = racePlayer(p, pos);
  if( turn==GG_RACE_ALICE ){
    /* Bob moved from b' to b; Bob-turn positions are never finished. */
    aOut[nOut++] = gg_race_pos(n, a, b, GG_RACE_BOB);
    if( b!=a || b==p->z ){
      for(j=0; j<GG_INDEG(pG, b); j++){
        uint32_t w = GG_INNBR(pG, b)[j];
        if( w!=b ) aOut[nOut++] = gg_race_pos(n, a, w, GG_RACE_BOB);
      }
    }
  }else{
    /* Alice moved from a' to a; (a', b) must not be finished. */
    if( b==p->z ) return 0;
    if( a!=p->z ) aOut[nOut++] = gg_race_pos(n, a, b, GG_RACE_ALICE);
    if( a!=b || a==p->z ){
      for(j=0; j<GG_INDEG(pG, a); j++){
        uint32_t w = GG_INNBR(pG, a)[j];
        if( w!=a && w!=p->z ) aOut[nOut++] = gg_race_pos(n, w, b, GG_RACE_ALICE);
      }
    }
  }
  return nOut;
}

/* The state word of a position before the solve. */
static uint32_t raceInitial(const RaceRef *p, uint32_t a, uint32_t b, int turn){
  if( turn==GG_RACE_ALICE && raceFinished(p, a, b) ){
    if( a==p->z && b==p->z ) return GG_STATE(GG_V_DRAW, 0);
    return GG_STATE(a==p->z ? GG_V_WIN0 : GG_V_WIN1, 0);
  }
  return GG_STATE(GG_V_OPEN, raceMoves(p, a, b, turn, 0));   /* >= 1 */
}

int gg_race_ref_solve(const GGGraph *pG, uint32_t z, uint32_t **paState,
                      const GGStop *pStop){
  RaceRef r;
  GGGame game;
  uint32_t n = pG->n, a, b, maxDeg = 0, *aState;
  int rc;
  *paState = 0;
  if( z>=n ) return GG_NOTNODE;                 /* the goal is not a node */
  if( GG_RACE_NPOS(n)>=0xffffffffu ) return GG_TOOBIG;
  r.pG = pG;
  r.n = n;
  r.z = z;
  aState = gg_malloc(GG_RACE_NPOS(n)*sizeof(uint32_t) + 1);
  if( aState==0 ) return GG_NOMEM;
  for(a=0; a<n; a++){
    if( GG_DEG(pG, a)>maxDeg ) maxDeg = GG_DEG(pG, a);
    if( GG_INDEG(pG, a)>maxDeg ) maxDeg = GG_INDEG(pG, a);
    for(b=0; b<n; b++){
      aState[gg_race_pos(n, a, b, GG_RACE_ALICE)] = raceInitial(&r, a, b, GG_RACE_ALICE);
      aState[gg_race_pos(n, a, b, GG_RACE_BOB)] = raceInitial(&r, a, b, GG_RACE_BOB);
    }
  }
  memset(&game, 0, sizeof(game));
  game.nPos = (uint32_t)GG_RACE_NPOS(n);
  game.nMaxMove = maxDeg + 1;          /* the (in-)neighbours and staying */
  game.pCtx = &r;
  game.xPlayer = racePlayer;
  game.xPred = racePred;
  game.xSucc = raceSucc;
  rc = gg_retro_solve(&game, aState, pStop);
  if( rc ){ gg_free(aState); return rc; }
  *paState = aState;
  return GG_OK;
}

/* The state words of a reference solve, for gg_race_best_move(). */
typedef struct RaceRefGet RaceRefGet;
struct RaceRefGet {
  const uint32_t *aState;   /* the solve */
  uint32_t n;               /* nodes */
};

static uint32_t racerefWord(const void *pCtx, uint32_t a, uint32_t b, int turn){
  const RaceRefGet *p = (const RaceRefGet*)pCtx;
  return p->aState[gg_race_pos(p->n, a, b, turn)];
}

void gg_race_ref_get(const GGGraph *pG, uint32_t z, const uint32_t *aState,
                     uint32_t alice, uint32_t bob, int turn, uint32_t *pValue,
                     int64_t *pPlies, int64_t *pMove){
  RaceRefGet g;
  uint32_t w;
  g.aState = aState;
  g.n = pG->n;
  w = racerefWord(&g, alice, bob, turn);
  *pValue = GG_VALUE(w);
  *pPlies = GG_VALUE(w)==GG_V_DRAW ? -1 : (int64_t)GG_COUNT(w);
  if( turn==GG_RACE_ALICE && (alice==z || bob==z) ) *pPlies = 0;  /* finished */
  *pMove = gg_race_best_move(pG, z, alice, bob, turn, w, racerefWord, &g);
}
