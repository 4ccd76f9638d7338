/*
** play.c: the optimal line of play of a two-player game on nodes, one
** row per move: the generic <game>_play table (catmouse_play, race_play)
** of a GGGameDef, read only through it (xRoles, xGet, xListed).  A won
** line ends with the game, a drawn line with its first repetition.  The
** game is solved through call.c.  The manual: docs/reference/catmouse.md
** and race.md.
*/
#include <string.h>
#include "call.h"
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
  " to_node, %s, %s, outcome INTEGER, plies INTEGER," \
  " repeats INTEGER, graph_id HIDDEN%s, edges HIDDEN, rules HIDDEN)"
#define PL_MAX_ARG 6      /* hidden columns at most */

typedef struct PlayVtab PlayVtab;
struct PlayVtab {
  GGVtab base;                /* base class (vtab_args.c), must be first */
  GGTableAux *pAux;           /* module data */
  int nArg;                   /* node arguments: 0 or 3 (x, y, z) */
  int nHidden;                /* hidden columns: nArg + 3 */
};

/* One move of the line (dense ids). */
typedef struct PlayRow PlayRow;
struct PlayRow {
  uint32_t a, b;              /* the players' nodes after the move */
  uint32_t from, to;          /* the mover's nodes before and after */
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
  zSql = sqlite3_mprintf(PL_SCHEMA, g->azPlayer[0], g->azPlayer[1], zArgs);
  sqlite3_free(zArgs);
  if( zSql==0 ) return SQLITE_NOMEM;
  rc = sqlite3_declare_vtab(db, zSql);
  sqlite3_free(zSql);
  if( rc ) return rc;
  pNew = (PlayVtab*)gg_vtab_new(sizeof(*pNew), sizeof(PlayCursor));
  if( pNew==0 ) return SQLITE_NOMEM;
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

/* Follow the optimal moves from (a, b), player `turn` to move, until the
** game is over or a position repeats. */
static int playLine(PlayCursor *pCur, uint32_t a, uint32_t b, int turn){
  const GGGameDef *pDef = pCur->pSolved->pDef;
  const void *pState = pCur->pSolved->pState;
  uint64_t n = pCur->pSolved->g.n;
  GGPlaySeen seen;
  int rc = SQLITE_OK;
  int64_t iPly = 0;
  memset(&seen, 0, sizeof(seen));
  rc = gg_play_seen(&seen, (a*n + b)*2 + (uint64_t)turn, 0, &iPly);
  while( rc==SQLITE_OK ){
    PlayRow r;
    int64_t move, iOld;
    pDef->xGet(pState, a, b, turn, &r.value, &r.plies, &move);
    if( move<0 ) break;                       /* the game is over */
    r.mover = turn;
    r.from = turn==0 ? a : b;
    r.to = (uint32_t)move;
    if( turn==0 ) a = r.to; else b = r.to;
    turn = 1-turn;
    r.a = a;
    r.b = b;
    pDef->xGet(pState, a, b, turn, &r.value, &r.plies, &move);
    rc = gg_play_seen(&seen, (a*n + b)*2 + (uint64_t)turn, pCur->nRow+1, &iOld);
    r.repeats = iOld;
    if( rc==SQLITE_OK ) rc = playAppend(pCur, &r);
    if( iOld>=0 ) break;                      /* a repetition: a draw */
  }
  gg_play_seen_free(&seen);
  return rc;
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
      return gg_vtab_error(&pTab->base.base, SQLITE_ERROR, gg_err_needs_graph(pDef->zPlay,
                       pTab->nArg ? "x, y, z" : 0));
    }
  }
  rc = gg_call_init(&call, pTab->pAux->pConn, pDef, &pTab->pAux->func, apArg, nH, &zErr);
  if( rc==SQLITE_OK ) rc = gg_call_solve(&call, &pCur->pSolved, &zErr);
  if( rc==GG_CALL_NULL ) rc = SQLITE_OK;            /* graph_id NULL: no rows */
  if( rc==SQLITE_OK && pCur->pSolved ){
    uint32_t a = call.aRole[1].aId[0], b = call.aRole[2].aId[0];
    if( !pDef->xListed(pCur->pSolved->pState, a, b) ){
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
      rc = playLine(pCur, a, b, call.iTurn);
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

static int playColumn(sqlite3_vtab_cursor *cur, sqlite3_context *ctx, int iCol){
  PlayCursor *pCur = (PlayCursor*)cur;
  const GGGameDef *pDef = pCur->pSolved->pDef;
  const GGGraph *pG = &pCur->pSolved->g;
  const PlayRow *r = &pCur->aRow[pCur->iRow];
  switch( iCol ){
    case PL_PLY:     sqlite3_result_int64(ctx, pCur->iRow+1); break;
    case PL_MOVER:   sqlite3_result_text(ctx, pDef->azTurn[r->mover], -1, SQLITE_STATIC); break;
    case PL_FROM:    gg_result_label(ctx, pG, r->from); break;
    case PL_TO:      gg_result_label(ctx, pG, r->to); break;
    case PL_P0:      gg_result_label(ctx, pG, r->a); break;
    case PL_P1:      gg_result_label(ctx, pG, r->b); break;
    case PL_OUTCOME: sqlite3_result_int(ctx, pDef->aOutcome[r->value]); break;
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
  int idxNum, rc = gg_vtab_slots(pInfo, aCol, pTab->nHidden, 0, &idxNum);
  if( rc ) return rc;
  pInfo->estimatedCost = (idxNum & 1) ? 1000.0 : 1e12;
  pInfo->estimatedRows = 100;
  return SQLITE_OK;
}

static sqlite3_module playModule = {
  0,               /* iVersion */
  0,               /* xCreate: eponymous only */
  playConnect,     /* xConnect */
  playBestIndex,   /* xBestIndex */
  gg_vtab_disconnect,  /* xDisconnect */
  0,               /* xDestroy */
  gg_vtab_open,    /* xOpen */
  playClose,       /* xClose */
  playFilter,      /* xFilter */
  playNext,        /* xNext */
  playEof,         /* xEof */
  playColumn,      /* xColumn */
  playRowid,       /* xRowid */
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0      /* no writes, transactions, ... */
};

int gg_register_play(sqlite3 *db, GGConn *pConn, const GGGameDef *pDef){
  GGTableAux *a = gg_table_aux(pConn, pDef, pDef->zPlay);
  int i;
  if( a==0 ) return SQLITE_NOMEM;
  for(i=0; i<3 && pDef->azPlayArg[i]; i++){
    a->func.azArg[i] = pDef->azPlayArg[i];
    a->func.aArgKind[i] = GG_ARG_NODE;
  }
  a->func.bStart = 1;
  return sqlite3_create_module_v2(db, pDef->zPlay, &playModule, a, sqlite3_free);
}
