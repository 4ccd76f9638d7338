/*
** play.c: the optimal line of play of a game, one row per move.
**
**   SELECT * FROM catmouse_play(7);             -- mouse on 1, cat on 2
**   SELECT * FROM catmouse_play(7, 4, 5);       -- mouse on 4, cat on 5
**   SELECT * FROM catmouse_play(7, 4, 5, 'my_edges');
**   SELECT * FROM race_play(7, 3, 4, 0);        -- Alice on 3, Bob on 4, z = 0
**
** Player 0 (the mouse, Alice) moves first.  From the start, each row is one move
** of the line both players choose under optimal play (the `move` column of
** the game's states table: the nearest win, the farthest loss, or a move
** that keeps a draw).  Columns:
**
**   ply        1, 2, ...: the number of the move
**   mover      who moved: the game's turn name ('mouse'/'cat', 'alice'/'bob')
**   from_node  the mover's node before the move
**   to_node    the mover's node after it (the same node if it stayed)
**   <p0>, <p1> both players' nodes after the move (mouse, cat or alice, bob)
**   outcome    the game's outcome code from the position after the move
**              (under optimal play it never changes along the line)
**   plies      moves left after this one; 0 when the game is over, NULL
**              for a draw
**   repeats    NULL, except on the last row of a drawn line: the line
**              stops at the first position (nodes and turn) that occurred
**              before, and `repeats` is the ply after which it stood
**              (0: the start)
**   hidden: the arguments, catmouse_play(graph_id, start_mouse, start_cat,
**           edges) and race_play(graph_id, x, y, z, edges)
**
** A won line ends with the game (plies = 0); a drawn line ends with its
** first repetition.  A start that is already over gives no rows.  The
** starts (and z) must be nodes of the graph; for cat and mouse both may
** be omitted (or NULL) for the standard start, the race needs them.  The game is solved through
** the connection's cache, like the states tables, and read only through
** its GGGameDef (xGet, xListed).
*/
#include <string.h>
#include "glue.h"
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
#define PL_SCHEMA "CREATE TABLE x(ply INTEGER, mover TEXT, from_node INTEGER," \
  " to_node INTEGER, %s INTEGER, %s INTEGER, outcome INTEGER, plies INTEGER," \
  " repeats INTEGER, graph_id HIDDEN, %s HIDDEN, %s HIDDEN%s%s%s, edges HIDDEN)"

/* A game's play-out function. */
typedef struct PlayDef PlayDef;
struct PlayDef {
  const char *zName;          /* SQL name: "catmouse_play" */
  const GGGameDef *pGame;     /* the game */
  const char *zUsage;         /* its arguments, for messages */
  const char *azStart[2];     /* the start arguments' names, in messages */
  const char *azHidden[2];    /* their hidden columns */
  int bDefault;               /* starts may be omitted: pGame->aLabel[1], [2] */
  const char *zNotListed;     /* why an unlisted start is refused */
};

static const PlayDef aPlay[] = {
  { "catmouse_play", &gg_catmouse_def, "graph_id [, mouse, cat [, edges]]",
    { "mouse", "cat" }, { "start_mouse", "start_cat" }, 1,
    "the cat may not be on the hole (node 0)" },
  { "race_play", &gg_race_def, "graph_id, x, y, z [, edges]",
    { "x", "y" }, { "x", "y" }, 0, "" },
};

typedef struct PlayAux PlayAux;
struct PlayAux {
  GGConn *pConn;              /* the connection's context */
  const PlayDef *pPlay;       /* the game */
};

typedef struct PlayVtab PlayVtab;
struct PlayVtab {
  sqlite3_vtab base;          /* base class, must be first */
  PlayAux *pAux;              /* module data */
  int nHidden;                /* hidden columns: 4, or 5 with a parameter */
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
};

/* A set of positions seen along the line, with the ply of each. */
typedef struct PlaySeen PlaySeen;
struct PlaySeen {
  uint64_t *aKey;             /* position+1, 0 for an empty slot */
  int64_t *aPly;              /* ply after which it stood */
  uint64_t nSlot, nUsed;      /* table size (a power of two), entries */
};

static int playConnect(sqlite3 *db, void *pAux, int argc, const char *const*argv,
                       sqlite3_vtab **ppVtab, char **pzErr){
  PlayAux *a = (PlayAux*)pAux;
  const GGGameDef *g = a->pPlay->pGame;
  PlayVtab *pNew;
  char *zSql;
  int rc;
  (void)argc; (void)argv; (void)pzErr;
  zSql = sqlite3_mprintf(PL_SCHEMA, g->azPlayer[0], g->azPlayer[1], a->pPlay->azHidden[0],
                         a->pPlay->azHidden[1], g->zParam ? ", " : "", g->zParam ? g->zParam : "",
                         g->zParam ? " HIDDEN" : "");
  if( zSql==0 ) return SQLITE_NOMEM;
  rc = sqlite3_declare_vtab(db, zSql);
  sqlite3_free(zSql);
  if( rc ) return rc;
  pNew = sqlite3_malloc64(sizeof(*pNew));
  if( pNew==0 ) return SQLITE_NOMEM;
  memset(pNew, 0, sizeof(*pNew));
  pNew->pAux = a;
  pNew->nHidden = g->zParam ? 5 : 4;
  /* Not SQLITE_VTAB_INNOCUOUS: like catmouse(), the table reads any table
  ** named by its arguments (see the flags in graphgame.c). */
  *ppVtab = &pNew->base;
  return SQLITE_OK;
}

static int playOpen(sqlite3_vtab *pVtab, sqlite3_vtab_cursor **ppCur){
  PlayCursor *pCur = sqlite3_malloc64(sizeof(*pCur));
  (void)pVtab;
  if( pCur==0 ) return SQLITE_NOMEM;
  memset(pCur, 0, sizeof(*pCur));
  *ppCur = &pCur->base;
  return SQLITE_OK;
}

static void playReset(PlayCursor *pCur){
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

/* The ply at which position key stood, or -1; if absent, insert it with
** ply iPly.  SQLITE_OK or SQLITE_NOMEM. */
static int playSeen(PlaySeen *p, uint64_t key, int64_t iPly, int64_t *pOld){
  uint64_t i;
  *pOld = -1;
  if( 2*(p->nUsed+1)>p->nSlot ){            /* grow to keep the load <= 1/2 */
    PlaySeen q;
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

/* Follow the optimal moves from (a, b), player 0 to move, until the game
** is over or a position repeats. */
static int playLine(PlayCursor *pCur, uint32_t a, uint32_t b){
  const GGGameDef *pDef = pCur->pSolved->pDef;
  const void *pState = pCur->pSolved->pState;
  uint64_t n = pCur->pSolved->g.n;
  PlaySeen seen;
  int turn = 0, rc = SQLITE_OK;
  int64_t iPly = 0;
  memset(&seen, 0, sizeof(seen));
  rc = playSeen(&seen, (a*n + b)*2, 0, &iPly);
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
    rc = playSeen(&seen, (a*n + b)*2 + (uint64_t)turn, pCur->nRow+1, &iOld);
    r.repeats = iOld;
    if( rc==SQLITE_OK ) rc = playAppend(pCur, &r);
    if( iOld>=0 ) break;                      /* a repetition: a draw */
  }
  sqlite3_free(seen.aKey);
  sqlite3_free(seen.aPly);
  return rc;
}

static int playError(PlayVtab *pTab, int rc, char *zMsg){
  sqlite3_free(pTab->base.zErrMsg);
  pTab->base.zErrMsg = zMsg;
  return zMsg ? rc : SQLITE_NOMEM;
}

/* The label of start i (0 or 1) into *pL: SQLITE_OK, or an error. */
static int playStartLabel(PlayVtab *pTab, int i, sqlite3_value *pVal, int64_t *pL){
  const PlayDef *pPlay = pTab->pAux->pPlay;
  char *zVal;
  if( sqlite3_value_type(pVal)==SQLITE_INTEGER ){
    *pL = sqlite3_value_int64(pVal);
    return SQLITE_OK;
  }
  zVal = gg_value_sql(pVal);
  playError(pTab, SQLITE_MISMATCH, (zVal ? gg_errmsg("%s: %s must be an integer node label, got %s",
            pPlay->zName, pPlay->azStart[i], zVal) : 0));
  sqlite3_free(zVal);
  return SQLITE_MISMATCH;
}

/* Load and solve the graph, checking the starts (labels aL) and the
** parameter (*piParam, if not NULL) are nodes; then build the line. */
static int playStart(PlayCursor *pCur, PlayVtab *pTab, const GGGraphRef *pRef,
                     const int64_t *aL, const int64_t *piParam){
  const PlayDef *pPlay = pTab->pAux->pPlay;
  const GGGameDef *pDef = pPlay->pGame;
  GGGraph g;
  char *zErr = 0, *zWhat;
  int64_t aId[2], iParam = 0;
  int i, rc;
  rc = gg_load_graph(pTab->pAux->pConn->db, pRef, pDef->aLabel, pDef->nLabel, &g, &zErr);
  if( rc ) return playError(pTab, rc, zErr);
  zWhat = gg_graph_name(pRef);
  if( zWhat==0 ){ gg_graph_free(&g); return SQLITE_NOMEM; }
  for(i=0; i<3; i++){
    const char *zCol = i<2 ? pPlay->azStart[i] : pDef->zParam;
    int64_t L = i<2 ? aL[i] : (piParam ? *piParam : 0), id;
    if( i==2 && piParam==0 ) break;
    id = gg_graph_find(&g, L);
    if( id<0 ){
      rc = playError(pTab, SQLITE_ERROR, gg_errmsg("%s: %s = %lld is not a node of %s",
                     pPlay->zName, zCol, L, zWhat));
      gg_graph_free(&g);
      sqlite3_free(zWhat);
      return rc;
    }
    if( i<2 ) aId[i] = id; else iParam = id;
  }
  rc = gg_solve(pTab->pAux->pConn, pDef, &g, (uint32_t)iParam, zWhat, &pCur->pSolved, &zErr);
  sqlite3_free(zWhat);
  if( rc ) return playError(pTab, rc, zErr);
  if( !pDef->xListed(pCur->pSolved->pState, (uint32_t)aId[0], (uint32_t)aId[1]) ){
    return playError(pTab, SQLITE_ERROR, gg_errmsg("%s: %s = %lld, %s = %lld is not a"
                     " position: %s", pPlay->zName, pPlay->azStart[0], aL[0],
                     pPlay->azStart[1], aL[1], pPlay->zNotListed));
  }
  return playLine(pCur, (uint32_t)aId[0], (uint32_t)aId[1]);
}

static int playFilter(sqlite3_vtab_cursor *cur, int idxNum, const char *idxStr,
                      int argc, sqlite3_value **argv){
  PlayCursor *pCur = (PlayCursor*)cur;
  PlayVtab *pTab = (PlayVtab*)cur->pVtab;
  const PlayDef *pPlay = pTab->pAux->pPlay;
  const GGGameDef *pDef = pPlay->pGame;
  sqlite3_value *apArg[5] = {0, 0, 0, 0, 0};   /* graph_id, starts, [param,] edges */
  GGGraphRef ref;
  int64_t aL[2], iParam = 0;
  int i, j = 0, rc, nStart;
  (void)idxStr; (void)argc;
  playReset(pCur);
  for(i=0; i<pTab->nHidden; i++) if( idxNum & (1<<i) ) apArg[i] = argv[j++];
  for(i=1, nStart=0; i<3; i++){
    /* with defaults, a NULL start means "not given"; without, it is an error */
    if( apArg[i] && (!pPlay->bDefault || sqlite3_value_type(apArg[i])!=SQLITE_NULL) ) nStart++;
  }
  if( apArg[0]==0 || (pDef->zParam && apArg[3]==0) || (!pPlay->bDefault && nStart<2) ){
    return playError(pTab, SQLITE_ERROR, gg_errmsg("%s needs arguments: %s(%s)",
                     pPlay->zName, pPlay->zName, pPlay->zUsage));
  }
  if( nStart==1 ){
    return playError(pTab, SQLITE_ERROR, gg_errmsg("%s: give both %s and %s, or neither",
                     pPlay->zName, pPlay->azStart[0], pPlay->azStart[1]));
  }
  if( !gg_graph_ref(&ref, apArg[0], apArg[pTab->nHidden-1]) ) return SQLITE_OK;
  for(i=0; i<2; i++){
    if( nStart==0 ){
      aL[i] = pDef->aLabel[1+i];
    }else if( (rc = playStartLabel(pTab, i, apArg[1+i], &aL[i]))!=SQLITE_OK ){
      return rc;
    }
  }
  if( pDef->zParam ){
    if( sqlite3_value_type(apArg[3])!=SQLITE_INTEGER ){
      char *zVal = gg_value_sql(apArg[3]);
      rc = playError(pTab, SQLITE_MISMATCH, (zVal ? gg_errmsg("%s: %s must be an integer node"
                     " label, got %s", pPlay->zName, pDef->zParam, zVal) : 0));
      sqlite3_free(zVal);
      return rc;
    }
    iParam = sqlite3_value_int64(apArg[3]);
  }
  rc = playStart(pCur, pTab, &ref, aL, pDef->zParam ? &iParam : 0);
  if( rc ) playReset(pCur);
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
  const int64_t *aLabel = pCur->pSolved->g.aLabel;
  const PlayRow *r = &pCur->aRow[pCur->iRow];
  switch( iCol ){
    case PL_PLY:     sqlite3_result_int64(ctx, pCur->iRow+1); break;
    case PL_MOVER:   sqlite3_result_text(ctx, pDef->azTurn[r->mover], -1, SQLITE_STATIC); break;
    case PL_FROM:    sqlite3_result_int64(ctx, aLabel[r->from]); break;
    case PL_TO:      sqlite3_result_int64(ctx, aLabel[r->to]); break;
    case PL_P0:      sqlite3_result_int64(ctx, aLabel[r->a]); break;
    case PL_P1:      sqlite3_result_int64(ctx, aLabel[r->b]); break;
    case PL_OUTCOME: sqlite3_result_int(ctx, pDef->aOutcome[r->value]); break;
    case PL_PLIES:   if( r->plies>=0 ) sqlite3_result_int64(ctx, r->plies); break;
    case PL_REPEATS: if( r->repeats>=0 ) sqlite3_result_int64(ctx, r->repeats); break;
    default:         break;     /* hidden arguments read back as NULL */
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
  static const int aCol[5] = { PL_GRAPH, PL_GRAPH+1, PL_GRAPH+2, PL_GRAPH+3, PL_GRAPH+4 };
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
  playOpen,        /* xOpen */
  playClose,       /* xClose */
  playFilter,      /* xFilter */
  playNext,        /* xNext */
  playEof,         /* xEof */
  playColumn,      /* xColumn */
  playRowid,       /* xRowid */
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0      /* no writes, transactions, ... */
};

int gg_register_plays(sqlite3 *db, GGConn *pConn){
  int rc = SQLITE_OK;
  size_t i;
  for(i=0; rc==SQLITE_OK && i<sizeof(aPlay)/sizeof(aPlay[0]); i++){
    PlayAux *a = sqlite3_malloc64(sizeof(*a));
    if( a==0 ) return SQLITE_NOMEM;
    a->pConn = pConn;
    a->pPlay = &aPlay[i];
    rc = sqlite3_create_module_v2(db, aPlay[i].zName, &playModule, a, sqlite3_free);
  }
  return rc;
}
