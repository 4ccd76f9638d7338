/*
** play.c: the optimal line of play of a two-player game on nodes, one
** row per move: the generic <game>_play table (catmouse_play, race_play)
** of a GGGameDef, read only through it (xRoles, xGet, xListed).  A won
** line ends with the game, a drawn line with its first repetition.  When
** the players choose the start (xChoose: cops_play), a row places each
** player whose start the rules do not name: player 0's place can be named
** by its nodes (xPlace0Nodes), and player 1's start is then his best
** answer to it (xAnswer) unless named too.  The game is solved through
** call.c.  The manual: docs/reference/catmouse.md, race.md and cops.md.
*/
#include <string.h>
#include "call.h"
#include "board.h"
SQLITE_EXTENSION_INIT3

#define PL_PLY      0
#define PL_MOVER    1
#define PL_FROM     2
#define PL_TO       3
#define PL_P0       4
#define PL_P1       5
#define PL_OUTCOME  6
#define PL_PLIES    7
#define PL_REPEATS  8
#define PL_GRAPH    9     /* hidden columns from here: graph_id, the two */
                          /* starts, the game's parameter if any, edges */
#define PL_SCHEMA "CREATE TABLE x(ply INTEGER, mover TEXT, from_node," \
  " to_node, %s%s, %s, outcome INTEGER, plies INTEGER," \
  " repeats INTEGER, graph_id HIDDEN%s, edges HIDDEN, rules HIDDEN)"
#define PL_MAX_ARG 6      /* hidden columns at most */

typedef struct PlayVtab PlayVtab;
struct PlayVtab {
  GGVtab base;                /* base class (vtab_args.c), must be first */
  GGTableAux *pAux;           /* module data */
  int nArg;                   /* arguments between graph_id and edges:
                              ** 0, 1 (k) or 3 (x, y, z) */
  int nHidden;                /* hidden columns: nArg + 3 */
};

/* One move of the line (dense ids; places of player 0, xResult0). */
typedef struct PlayRow PlayRow;
struct PlayRow {
  uint64_t a;                 /* player 0's place after the move */
  int64_t b;                  /* player 1's node after it, -1: not placed */
  int64_t from, to;           /* the mover's before (-1: placed) and after */
  int mover;                  /* 0 or 1 */
  uint32_t value;             /* GG_V_* after the move */
  int64_t plies;              /* plies left after the move, -1 for a draw */
  int64_t repeats;            /* ply of the earlier occurrence, or -1 */
};

typedef struct PlayCursor PlayCursor;
struct PlayCursor {
  sqlite3_vtab_cursor base;   /* base class, must be first */
  GGSolved *pSolved;          /* the solved game (labels, outcome codes) */
  PlayRow *aRow;              /* the line */
  int64_t nRow, nAlloc;       /* rows held, rows allocated */
  int64_t iRow;               /* current row */
  sqlite3_value *apArg[PL_MAX_ARG];  /* the arguments, read back by xColumn */
};

static int playConnect(sqlite3 *db, void *pAux, int argc, const char *const*argv,
                       sqlite3_vtab **ppVtab, char **pzErr){
  GGTableAux *a = (GGTableAux*)pAux;
  const GGGameDef *g = a->pDef;
  PlayVtab *pNew;
  char *zSql, *zArgs = sqlite3_mprintf("");
  int rc, i, nArg = 0;
  (void)argc; (void)argv; (void)pzErr;
  for(i=0; zArgs && i<3 && g->azPlayArg[i]; i++, nArg++){
    char *z = sqlite3_mprintf("%s, %s HIDDEN", zArgs, g->azPlayArg[i]);
    sqlite3_free(zArgs);
    zArgs = z;
  }
  if( zArgs==0 ) return SQLITE_NOMEM;
  zSql = sqlite3_mprintf(PL_SCHEMA, g->azPlayer[0], g->xResult0 ? " TEXT" : "", g->azPlayer[1],
                         zArgs);
  sqlite3_free(zArgs);
  pNew = (PlayVtab*)gg_vtab_new(db, zSql, sizeof(*pNew), sizeof(PlayCursor), &rc);
  sqlite3_free(zSql);
  if( pNew==0 ) return rc;
  pNew->pAux = a;
  pNew->nArg = nArg;
  pNew->nHidden = nArg + 3;
  /* Not SQLITE_VTAB_INNOCUOUS: like catmouse(), the table reads any table
  ** named by its arguments (see the flags in graphgame.c). */
  *ppVtab = &pNew->base.base;
  return SQLITE_OK;
}

static void playReset(PlayCursor *pCur){
  int i;
  for(i=0; i<PL_MAX_ARG; i++){
    sqlite3_value_free(pCur->apArg[i]);
    pCur->apArg[i] = 0;
  }
  gg_solved_release(pCur->pSolved);
  sqlite3_free(pCur->aRow);
  pCur->pSolved = 0;
  pCur->aRow = 0;
  pCur->nRow = pCur->nAlloc = pCur->iRow = 0;
}

static int playClose(sqlite3_vtab_cursor *cur){
  playReset((PlayCursor*)cur);
  sqlite3_free(cur);
  return SQLITE_OK;
}

/* Hash of a position key (the engines' finaliser, common.h). */
#define playHash gg_hash_mix

int gg_play_seen(GGPlaySeen *p, uint64_t key, int64_t iPly, int64_t *pOld){
  uint64_t i;
  *pOld = -1;
  if( 2*(p->nUsed+1)>p->nSlot ){            /* grow to keep the load <= 1/2 */
    GGPlaySeen q;
    q.nSlot = p->nSlot ? 2*p->nSlot : 64;
    q.nUsed = p->nUsed;
    q.aKey = sqlite3_malloc64(q.nSlot*sizeof(uint64_t));
    q.aPly = sqlite3_malloc64(q.nSlot*sizeof(int64_t));
    if( q.aKey==0 || q.aPly==0 ){
      sqlite3_free(q.aKey);
      sqlite3_free(q.aPly);
      return SQLITE_NOMEM;
    }
    memset(q.aKey, 0, q.nSlot*sizeof(uint64_t));
    for(i=0; i<p->nSlot; i++){
      uint64_t j;
      if( p->aKey[i]==0 ) continue;
      for(j=playHash(p->aKey[i]) & (q.nSlot-1); q.aKey[j]; j=(j+1) & (q.nSlot-1)){}
      q.aKey[j] = p->aKey[i];
      q.aPly[j] = p->aPly[i];
    }
    sqlite3_free(p->aKey);
    sqlite3_free(p->aPly);
    *p = q;
  }
  key++;
  for(i=playHash(key) & (p->nSlot-1); p->aKey[i]; i=(i+1) & (p->nSlot-1)){
    if( p->aKey[i]==key ){ *pOld = p->aPly[i]; return SQLITE_OK; }
  }
  p->aKey[i] = key;
  p->aPly[i] = iPly;
  p->nUsed++;
  return SQLITE_OK;
}

void gg_play_seen_free(GGPlaySeen *p){
  sqlite3_free(p->aKey);
  sqlite3_free(p->aPly);
}

static int playAppend(PlayCursor *pCur, const PlayRow *pRow){
  if( pCur->nRow==pCur->nAlloc ){
    int64_t nNew = pCur->nAlloc ? 2*pCur->nAlloc : 16;
    PlayRow *aNew = sqlite3_realloc64(pCur->aRow, (uint64_t)nNew*sizeof(PlayRow));
    if( aNew==0 ) return SQLITE_NOMEM;
    pCur->aRow = aNew;
    pCur->nAlloc = nNew;
  }
  pCur->aRow[pCur->nRow++] = *pRow;
  return SQLITE_OK;
}

/* Follow the optimal moves from (a, b), player `turn` to move (reached
** at ply iPly), until the game is over or a position repeats. */
static int playLine(PlayCursor *pCur, uint64_t a, uint32_t b, int turn, int64_t iPly){
  const GGGameDef *pDef = pCur->pSolved->pDef;
  const void *pState = pCur->pSolved->pState;
  uint32_t n = pCur->pSolved->g.n;
  GGPlaySeen seen;
  int64_t iNone;
  int rc;
  memset(&seen, 0, sizeof(seen));
  rc = gg_play_seen(&seen, gg_board_key(n, a, b, turn), iPly, &iNone);
  while( rc==SQLITE_OK ){
    PlayRow r;
    int64_t move, iOld;
    if( pDef->xGet(pState, a, b, turn, &r.value, &r.plies, &move) ){ rc = SQLITE_NOMEM; break; }
    if( move<0 ) break;                       /* the game is over */
    r.mover = turn;
    r.from = turn==0 ? (int64_t)a : (int64_t)b;
    r.to = move;
    if( turn==0 ) a = (uint64_t)move; else b = (uint32_t)move;
    turn = 1-turn;
    r.a = a;
    r.b = b;
    (void)pDef->xGet(pState, a, b, turn, &r.value, &r.plies, 0);
    rc = gg_play_seen(&seen, gg_board_key(n, a, b, turn), pCur->nRow+1, &iOld);
    r.repeats = iOld;
    if( rc==SQLITE_OK ) rc = playAppend(pCur, &r);
    if( iOld>=0 ) break;                      /* a repetition: a draw */
  }
  gg_play_seen_free(&seen);
  return rc;
}

/* The message of a place of player 0 named by nNode nodes (role 1) that
** is none: not as many as k. */
static int playPlaceError(const GGCall *pCall, uint32_t nNode, char **pzErr){
  const GGGameDef *pDef = pCall->pDef;
  *pzErr = gg_errmsg("%s: rules: \"%s\" must name k = %u nodes (a node once for each of the"
                     " %s on it), got %u", pDef->zPlay, pCall->aRole[1].zKey, pCall->k,
                     pDef->azPlayer[0], nNode);
  return gg_error_rc(SQLITE_ERROR, *pzErr);
}

/* The line from the start the players choose (xChoose), or from the one
** the rules name (role 1: player 0's place by its nodes; role 2: player
** 1's node, only with role 1): a row that places each player the table
** chooses for (player 0's best place, then player 1's best answer to the
** place, xAnswer), then the play, pCall->iTurn to move after those rows
** (the first player when the table chooses every start). */
static int playChosen(PlayCursor *pCur, const GGCall *pCall, char **pzErr){
  const GGGameDef *pDef = pCur->pSolved->pDef;
  const void *pState = pCur->pSolved->pState;
  int turn = pCall->nRole>=2 ? pCall->iTurn : 0, rc = SQLITE_OK;
  int64_t iPly = 0;
  PlayRow r;
  uint64_t a;
  uint32_t b;
  if( pCall->nRole>=2 ){                      /* player 0's place named */
    const GGRole *pA = &pCall->aRole[1];
    if( !pDef->xPlace0Nodes(pState, pA->aId, pA->nId, &a) ){
      return playPlaceError(pCall, pA->nId, pzErr);
    }
    b = pCall->nRole>=3 ? pCall->aRole[2].aId[0] : pDef->xAnswer(pState, a, turn);
  }else{
    pDef->xChoose(pState, &a, &b);
  }
  (void)pDef->xGet(pState, a, b, turn, &r.value, &r.plies, 0);
  r.from = -1;
  r.a = a;
  r.b = -1;
  r.repeats = -1;
  if( pCall->nRole<2 ){
    r.mover = 0;                              /* player 0 placed: one ply more */
    r.to = (int64_t)a;
    if( r.plies>=0 ) r.plies++;
    rc = playAppend(pCur, &r);
    if( r.plies>0 ) r.plies--;
    iPly++;
  }
  if( pCall->nRole<3 && rc==SQLITE_OK ){
    r.mover = 1;                              /* player 1 placed: the start */
    r.to = b;
    r.b = b;
    rc = playAppend(pCur, &r);
    iPly++;
  }
  return rc ? rc : playLine(pCur, a, b, turn, iPly);
}

/* The play table's arguments between graph_id and edges, for a message:
** "x, y, z", "k", or NULL. */
static char *playArgNames(const GGGameDef *pDef){
  char *z = 0;
  int i;
  for(i=0; i<3 && pDef->azPlayArg[i]; i++){
    char *zNew = sqlite3_mprintf("%s%s%s", z ? z : "", z ? ", " : "", pDef->azPlayArg[i]);
    sqlite3_free(z);
    if( (z = zNew)==0 ) break;
  }
  return z;
}

static int playFilter(sqlite3_vtab_cursor *cur, int idxNum, const char *idxStr,
                      int argc, sqlite3_value **argv){
  PlayCursor *pCur = (PlayCursor*)cur;
  PlayVtab *pTab = (PlayVtab*)cur->pVtab;
  const GGGameDef *pDef = pTab->pAux->pDef;
  sqlite3_value **apArg = pCur->apArg;     /* graph_id, [x, y, z,] edges, rules */
  int nH = pTab->nHidden, i, j = 0, rc = SQLITE_OK;
  GGCall call;
  char *zErr = 0;
  (void)idxStr; (void)argc;
  playReset(pCur);
  for(i=0; i<nH; i++){
    if( (idxNum & (1<<i)) && (apArg[i] = sqlite3_value_dup(argv[j++]))==0 ) return SQLITE_NOMEM;
  }
  for(i=0; i<=pTab->nArg; i++){
    if( apArg[i]==0 ){
      char *zArgs = playArgNames(pDef);
      char *zMsg = zArgs || pTab->nArg==0 ? gg_err_needs_graph(pDef->zPlay, zArgs) : 0;
      sqlite3_free(zArgs);
      return gg_vtab_error(&pTab->base.base, SQLITE_ERROR, zMsg);
    }
  }
  rc = gg_call_init(&call, pTab->pAux->pConn, pDef, &pTab->pAux->func, apArg, nH, &zErr);
  if( rc==SQLITE_OK && pDef->xChoose && call.nRole>=2 && call.k
   && call.aRole[1].nLabel!=call.k ){         /* said before the solve */
    rc = playPlaceError(&call, call.aRole[1].nLabel, &zErr);
  }
  if( rc==SQLITE_OK ) rc = gg_call_solve(&call, &pCur->pSolved, &zErr);
  if( rc==GG_CALL_NULL ) rc = SQLITE_OK;            /* graph_id NULL: no rows */
  if( rc==SQLITE_OK && pCur->pSolved && pDef->xChoose ){
    rc = playChosen(pCur, &call, &zErr);
  }else if( rc==SQLITE_OK && pCur->pSolved ){
    uint32_t a = call.aRole[1].aId[0], b = call.aRole[2].aId[0];
    if( pDef->xListed && !pDef->xListed(pCur->pSolved->pState, a, b) ){
      GGLabel La, Lb;
      char *za, *zb;
      gg_graph_label(&pCur->pSolved->g, a, &La);
      gg_graph_label(&pCur->pSolved->g, b, &Lb);
      za = gg_label_sql(&La);
      zb = gg_label_sql(&Lb);
      zErr = za && zb ? gg_errmsg("%s: the start %s = %s, %s = %s is not a position: %s",
                                  pDef->zPlay, pDef->azPlayer[0], za, pDef->azPlayer[1], zb,
                                  pDef->zNotListed) : 0;
      sqlite3_free(za);
      sqlite3_free(zb);
      rc = gg_error_rc(SQLITE_ERROR, zErr);
    }else{
      rc = playLine(pCur, a, b, call.iTurn, 0);
    }
  }
  gg_call_free(&call);
  if( rc ){
    gg_vtab_error(&pTab->base.base, rc, zErr);
    playReset(pCur);
  }
  return rc;
}

static int playNext(sqlite3_vtab_cursor *cur){
  ((PlayCursor*)cur)->iRow++;
  return SQLITE_OK;
}

static int playEof(sqlite3_vtab_cursor *cur){
  PlayCursor *pCur = (PlayCursor*)cur;
  return pCur->iRow>=pCur->nRow;
}

/* Place v of player i (a node as its label, or the game's own, xResult0);
** NULL if v < 0 (not placed yet). */
static void playResultPlace(sqlite3_context *ctx, const PlayCursor *pCur, int i, int64_t v){
  const GGSolved *p = pCur->pSolved;
  if( v<0 ) return;
  if( i==0 && p->pDef->xResult0 ) p->pDef->xResult0(ctx, p->pState, &p->g, (uint64_t)v);
  else gg_result_label(ctx, &p->g, (uint32_t)v);
}

static int playColumn(sqlite3_vtab_cursor *cur, sqlite3_context *ctx, int iCol){
  PlayCursor *pCur = (PlayCursor*)cur;
  const GGGameDef *pDef = pCur->pSolved->pDef;
  const PlayRow *r = &pCur->aRow[pCur->iRow];
  switch( iCol ){
    case PL_PLY:     sqlite3_result_int64(ctx, pCur->iRow+1); break;
    case PL_MOVER:   sqlite3_result_text(ctx, pDef->azTurn[r->mover], -1, SQLITE_STATIC); break;
    case PL_FROM:    playResultPlace(ctx, pCur, r->mover, r->from); break;
    case PL_TO:      playResultPlace(ctx, pCur, r->mover, r->to); break;
    case PL_P0:      playResultPlace(ctx, pCur, 0, (int64_t)r->a); break;
    case PL_P1:      playResultPlace(ctx, pCur, 1, r->b); break;
    case PL_OUTCOME: sqlite3_result_int(ctx, gg_outcome(pDef, r->value)); break;
    case PL_PLIES:   if( r->plies>=0 ) sqlite3_result_int64(ctx, r->plies); break;
    case PL_REPEATS: if( r->repeats>=0 ) sqlite3_result_int64(ctx, r->repeats); break;
    default:                    /* the hidden arguments, as given */
      if( pCur->apArg[iCol-PL_GRAPH] ) sqlite3_result_value(ctx, pCur->apArg[iCol-PL_GRAPH]);
      break;
  }
  return SQLITE_OK;
}

static int playRowid(sqlite3_vtab_cursor *cur, sqlite_int64 *pRowid){
  *pRowid = ((PlayCursor*)cur)->iRow+1;
  return SQLITE_OK;
}

/* Use the equality constraints on the hidden arguments; graph_id is
** required, so a plan without it is made very expensive and xFilter
** reports it missing. */
static int playBestIndex(sqlite3_vtab *pVtab, sqlite3_index_info *pInfo){
  PlayVtab *pTab = (PlayVtab*)pVtab;
  static const int aCol[PL_MAX_ARG] = { PL_GRAPH, PL_GRAPH+1, PL_GRAPH+2, PL_GRAPH+3,
                                        PL_GRAPH+4, PL_GRAPH+5 };
  return gg_vtab_plan(pInfo, aCol, pTab->nHidden, 1, 1000.0, 100);
}

static sqlite3_module playModule = GG_VTAB_MODULE(playConnect, playBestIndex, gg_vtab_disconnect, gg_vtab_open,
    playClose, playFilter, playNext, playEof, playColumn, playRowid);

int gg_register_play(sqlite3 *db, GGConn *pConn, const GGGameDef *pDef){
  GGTableAux *a = gg_table_aux(pConn, pDef, pDef->zPlay);
  int i;
  if( a==0 ) return SQLITE_NOMEM;
  for(i=0; i<3 && pDef->azPlayArg[i]; i++){
    int bParam = pDef->zParam && strcmp(pDef->azPlayArg[i], pDef->zParam)==0;
    a->func.azArg[i] = pDef->azPlayArg[i];
    a->func.aArgKind[i] = bParam && pDef->eParam ? pDef->eParam : GG_ARG_NODE;
  }
  a->func.bStart = pDef->xChoose==0;
  return sqlite3_create_module_v2(db, pDef->zPlay, &playModule, a, sqlite3_free);
}
