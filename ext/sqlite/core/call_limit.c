/*
** call_limit.c: step 4 of a call's road (call.h), the positions limit
** (graphgame_limit('max_positions')) and its message.
**
** A solve counts what it will hold: the game's xPositions (the full game)
** and xBytes, or, when the game gives an xHold, what that says of the
** built graph (cops on the orbits of the group keep far fewer positions
** than the full game: cops_sql.c).  The message names the graph, its
** nodes, the positions and how they are counted, the bytes at the peak
** and the limit (errors.c's gg_err_positions); while a graph is still
** being read it says "at least".
*/
#include <string.h>
#include "call.h"
#include "board.h"
SQLITE_EXTENSION_INIT3

uint64_t gg_call_positions(const GGCall *pCall, uint32_t n){
  const GGGameDef *pDef = pCall->pDef;
  return pDef->xPositions ? pDef->xPositions(n, pCall->k) : GG_BOARD_NPOS(n);
}

/* The full game's hold: xPositions, xBytes (of n bare nodes when pG is
** NULL) and xSize. */
static void limitFull(const GGCall *pCall, const GGGraph *pG, uint32_t n, GGHold *pHold){
  const GGGameDef *pDef = pCall->pDef;
  GGGraph bare;                 /* n nodes and no arcs: a floor of the bytes */
  memset(pHold, 0, sizeof(*pHold));
  pHold->nPos = gg_call_positions(pCall, n);
  if( pDef->xBytes ){
    if( pG==0 ){
      memset(&bare, 0, sizeof(bare));
      bare.n = n;
    }
    pHold->nByte = pDef->xBytes(pG ? pG : &bare, pCall->k);
  }
  if( pDef->xSize ){
    pDef->xSize(pCall->k, pHold->zSize, (int)sizeof(pHold->zSize));
  }else{                        /* a board: the default count of positions */
    sqlite3_snprintf((int)sizeof(pHold->zSize), pHold->zSize,
                     "2 turns x n %s nodes x n %s nodes", pDef->azPlayer[0], pDef->azPlayer[1]);
  }
}

/* The message of a solve over the limit; eHow: GG_ERR_*. */
static int limitMessage(const GGCall *pCall, uint32_t n, const GGHold *pHold, int eHow,
                        char **pzErr){
  char *zWhat = pCall->ref.pSource->xName(&pCall->ref);     /* (call.c calls this file) */
  *pzErr = zWhat ? gg_err_positions(pCall->pFunc->zName, zWhat, eHow, n, pHold->nPos,
                                    pHold->nByte, pHold->zSize, pCall->pConn->mxPositions) : 0;
  sqlite3_free(zWhat);
  return gg_error_rc(SQLITE_TOOBIG, *pzErr);
}

int gg_call_over_limit(const GGCall *pCall, const GGGraph *pG, uint32_t n, char **pzErr){
  GGHold hold;
  limitFull(pCall, pG, n, &hold);
  return limitMessage(pCall, n, &hold, pG==0 ? GG_ERR_AT_LEAST : GG_ERR_EXACT, pzErr);
}

int gg_call_over_limit_hold(const GGCall *pCall, const GGGraph *pG, const GGHold *pHold,
                            char **pzErr){
  return limitMessage(pCall, pG->n, pHold, pHold->bAbout ? GG_ERR_ABOUT : GG_ERR_EXACT, pzErr);
}

int gg_call_hold(const GGCall *pCall, const GGGraph *pG, uint64_t *pVariant, GGHold *pHold,
                 char **pzErr){
  const GGGameDef *pDef = pCall->pDef;
  uint64_t mx = (uint64_t)pCall->pConn->mxPositions;
  *pzErr = 0;
  if( pDef->xHold ){
    int rc = pDef->xHold(pG, pCall->k, pVariant, mx, pHold);
    if( rc ) return gg_sqlite_rc(rc);
  }else{
    limitFull(pCall, pG, pG->n, pHold);
  }
  if( pHold->nPos>mx ) return gg_call_over_limit_hold(pCall, pG, pHold, pzErr);
  return SQLITE_OK;
}
