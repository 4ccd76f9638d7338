/*
** states.c: every position of a two-player game on nodes as rows: the
** generic <game>_states table (catmouse_states, race_states) of a
** GGGameDef.  Columns: the players' nodes, turn, outcome, plies, move,
** and the arguments as hidden columns that read back as given.  Equality
** constraints on the players and the turn pick the rows directly.  The
** game is solved through call.c and rows are streamed from the cached
** solve; nothing is copied.  The manual: docs/reference/catmouse.md and
** race.md.
*/
#include <string.h>
#include "call.h"
SQLITE_EXTENSION_INIT3

#define ST_P0       0
#define ST_P1       1
#define ST_TURN     2
#define ST_OUTCOME  3
#define ST_PLIES    4
#define ST_MOVE     5
#define ST_GRAPH    6     /* hidden columns from here: graph_id, */
                          /* then the game's parameter if any, then edges */
#define ST_SCHEMA "CREATE TABLE x(%s, %s, turn TEXT," \
  " outcome INTEGER, plies INTEGER, move, graph_id HIDDEN%s%s%s," \
  " edges HIDDEN, rules HIDDEN)"
#define ST_MAX_ARG 4      /* hidden columns at most */

/* idxNum bits: which columns have an equality constraint, in argv order */
#define ST_HAS_P0   0x01
#define ST_HAS_P1   0x02
#define ST_HAS_TURN 0x04
#define ST_HAS_ARG  0x08  /* ST_HAS_ARG<<i: hidden column ST_GRAPH+i */

typedef struct StAux StAux;
struct StAux {
  GGConn *pConn;              /* the connection's context */
  const GGGameDef *pDef;      /* the game */
  GGFuncDef func;             /* the table as call.c sees it */
};

typedef struct StVtab StVtab;
struct StVtab {
  sqlite3_vtab base;          /* base class, must be first */
  StAux *pAux;                /* module data */
  int nHidden;                /* hidden columns: 3, or 4 with a parameter */
};

typedef struct StCursor StCursor;
struct StCursor {
  sqlite3_vtab_cursor base;   /* base class, must be first */
  GGSolved *pSolved;          /* the solved game, or NULL: no rows */
  uint32_t aLo[3], aHi[3];    /* ranges of player0, player1, turn */
  uint32_t a, b, t;           /* the current row */
  int bEof;                   /* past the last row */
  uint32_t value;             /* current row: GG_V_* */
  int64_t plies, move;        /* current row: -1 for NULL */
  sqlite3_value *apArg[ST_MAX_ARG];  /* the arguments, read back by xColumn */
};

static void stFreeArgs(StCursor *pCur){
  int i;
  for(i=0; i<ST_MAX_ARG; i++){
    sqlite3_value_free(pCur->apArg[i]);
    pCur->apArg[i] = 0;
  }
}

static int stConnect(sqlite3 *db, void *pAux, int argc, const char *const*argv,
                     sqlite3_vtab **ppVtab, char **pzErr){
  StAux *a = (StAux*)pAux;
  const char *zParam = a->pDef->zParam;
  StVtab *pNew;
  char *zSql;
  int rc;
  (void)argc; (void)argv; (void)pzErr;
  zSql = sqlite3_mprintf(ST_SCHEMA, a->pDef->azPlayer[0], a->pDef->azPlayer[1],
                         zParam ? ", " : "", zParam ? zParam : "",
                         zParam ? " HIDDEN" : "");
  if( zSql==0 ) return SQLITE_NOMEM;
  rc = sqlite3_declare_vtab(db, zSql);
  sqlite3_free(zSql);
  if( rc ) return rc;
  pNew = sqlite3_malloc64(sizeof(*pNew));
  if( pNew==0 ) return SQLITE_NOMEM;
  memset(pNew, 0, sizeof(*pNew));
  pNew->pAux = a;
  pNew->nHidden = zParam ? 4 : 3;
  /* Not SQLITE_VTAB_INNOCUOUS: like catmouse(), the table reads any table
  ** named by its arguments (see the flags in graphgame.c). */
  *ppVtab = &pNew->base;
  return SQLITE_OK;
}

static int stOpen(sqlite3_vtab *pVtab, sqlite3_vtab_cursor **ppCur){
  StCursor *pCur = sqlite3_malloc64(sizeof(*pCur));
  (void)pVtab;
  if( pCur==0 ) return SQLITE_NOMEM;
  memset(pCur, 0, sizeof(*pCur));
  pCur->bEof = 1;
  *ppCur = &pCur->base;
  return SQLITE_OK;
}

static int stClose(sqlite3_vtab_cursor *cur){
  StCursor *pCur = (StCursor*)cur;
  gg_solved_release(pCur->pSolved);
  stFreeArgs(pCur);
  sqlite3_free(pCur);
  return SQLITE_OK;
}

/* Load the current row's values, if it is listed; 0 if it is not. */
static int stLoad(StCursor *pCur){
  const GGGameDef *pDef = pCur->pSolved->pDef;
  void *pState = pCur->pSolved->pState;
  if( !pDef->xListed(pState, pCur->a, pCur->b) ) return 0;
  pDef->xGet(pState, pCur->a, pCur->b, (int)pCur->t,
             &pCur->value, &pCur->plies, &pCur->move);
  return 1;
}

/* Step to the next (a, b, t) in range, t fastest; set bEof at the end. */
static void stStep(StCursor *pCur){
  if( ++pCur->t<=pCur->aHi[2] ) return;
  pCur->t = pCur->aLo[2];
  if( ++pCur->b<=pCur->aHi[1] ) return;
  pCur->b = pCur->aLo[1];
  if( ++pCur->a<=pCur->aHi[0] ) return;
  pCur->bEof = 1;
}

static int stNext(sqlite3_vtab_cursor *cur){
  StCursor *pCur = (StCursor*)cur;
  do{ stStep(pCur); }while( !pCur->bEof && !stLoad(pCur) );
  return SQLITE_OK;
}

/* Narrow range i to the node with label pVal; 0 if there is none.  An
** integral real means the integer (mouse = 3.0 is node 3); text is text. */
static int stPinNode(StCursor *pCur, int i, sqlite3_value *pVal){
  GGLabel L;
  int64_t id;
  if( sqlite3_value_type(pVal)==SQLITE_FLOAT ){
    double r = sqlite3_value_double(pVal);
    if( !(r>=-9223372036854775808.0 && r<9223372036854775808.0)
     || (double)(sqlite3_int64)r!=r ) return 0;
    L = GG_LABEL_INT((sqlite3_int64)r);
  }else if( gg_value_label(pVal, &L)<=0 ){
    return 0;
  }
  id = gg_graph_find_label(&pCur->pSolved->g, &L);
  if( id<0 ) return 0;
  pCur->aLo[i] = pCur->aHi[i] = (uint32_t)id;
  return 1;
}

static int stPinTurn(StCursor *pCur, const GGGameDef *pDef, sqlite3_value *pVal){
  const char *z = (const char*)sqlite3_value_text(pVal);
  int t;
  for(t=0; t<2; t++){
    if( z && sqlite3_value_type(pVal)==SQLITE_TEXT && strcmp(z, pDef->azTurn[t])==0 ){
      pCur->aLo[2] = pCur->aHi[2] = (uint32_t)t;
      return 1;
    }
  }
  return 0;
}

/* The error of a states table: into the vtab, with its code. */
static int stError(StVtab *pTab, int rc, char *zErr){
  sqlite3_free(pTab->base.zErrMsg);
  pTab->base.zErrMsg = zErr;
  return gg_error_rc(rc, zErr);
}

static int stFilter(sqlite3_vtab_cursor *cur, int idxNum, const char *idxStr,
                    int argc, sqlite3_value **argv){
  StCursor *pCur = (StCursor*)cur;
  StVtab *pTab = (StVtab*)cur->pVtab;
  const GGGameDef *pDef = pTab->pAux->pDef;
  sqlite3_value *apPin[3] = {0, 0, 0};     /* player0, player1, turn */
  sqlite3_value **apArg = pCur->apArg;     /* graph_id, [param,] edges, rules */
  int nH = pTab->nHidden;
  GGCall call;
  char *zErr = 0;
  int i, j = 0, rc, bRows = 1;
  (void)idxStr; (void)argc;
  gg_solved_release(pCur->pSolved);
  pCur->pSolved = 0;
  pCur->bEof = 1;
  stFreeArgs(pCur);
  for(i=0; i<3; i++) if( idxNum & (ST_HAS_P0<<i) ) apPin[i] = argv[j++];
  for(i=0; i<nH; i++){
    if( (idxNum & (ST_HAS_ARG<<i)) && (apArg[i] = sqlite3_value_dup(argv[j++]))==0 ){
      return SQLITE_NOMEM;
    }
  }
  if( apArg[0]==0 || (pDef->zParam && apArg[1]==0) ){
    return stError(pTab, SQLITE_ERROR, gg_errmsg("%s needs arguments: %s(graph_id%s%s"
        " [, edges [, rules]])", pDef->zStates, pDef->zStates, pDef->zParam ? ", " : "",
        pDef->zParam ? pDef->zParam : ""));
  }
  rc = gg_call_init(&call, pTab->pAux->pConn, pDef, &pTab->pAux->func, apArg, nH, &zErr);
  if( rc==SQLITE_OK ) rc = gg_call_solve(&call, &pCur->pSolved, &zErr);
  gg_call_free(&call);
  if( rc==GG_CALL_NULL ) return SQLITE_OK;          /* graph_id NULL: no rows */
  if( rc ) return stError(pTab, rc, zErr);
  if( pCur->pSolved==0 ) return SQLITE_OK;         /* graph_id NULL: no rows */
  pCur->aLo[0] = pCur->aLo[1] = pCur->aLo[2] = 0;
  pCur->aHi[0] = pCur->aHi[1] = pCur->pSolved->g.n - 1;
  pCur->aHi[2] = 1;
  for(i=0; i<2; i++) if( apPin[i] && !stPinNode(pCur, i, apPin[i]) ) bRows = 0;
  if( apPin[2] && !stPinTurn(pCur, pDef, apPin[2]) ) bRows = 0;
  if( !bRows ) return SQLITE_OK;
  pCur->a = pCur->aLo[0];
  pCur->b = pCur->aLo[1];
  pCur->t = pCur->aLo[2];
  pCur->bEof = 0;
  if( !stLoad(pCur) ) return stNext(cur);
  return SQLITE_OK;
}

static int stEof(sqlite3_vtab_cursor *cur){
  return ((StCursor*)cur)->bEof;
}

static int stColumn(sqlite3_vtab_cursor *cur, sqlite3_context *ctx, int iCol){
  StCursor *pCur = (StCursor*)cur;
  const GGGameDef *pDef = pCur->pSolved->pDef;
  const GGGraph *pG = &pCur->pSolved->g;
  switch( iCol ){
    case ST_P0:      gg_result_label(ctx, pG, pCur->a); break;
    case ST_P1:      gg_result_label(ctx, pG, pCur->b); break;
    case ST_TURN:    sqlite3_result_text(ctx, pDef->azTurn[pCur->t], -1, SQLITE_STATIC); break;
    case ST_OUTCOME: sqlite3_result_int(ctx, pDef->aOutcome[pCur->value]); break;
    case ST_PLIES:
      if( pCur->plies>=0 ) sqlite3_result_int64(ctx, pCur->plies);
      break;
    case ST_MOVE:
      if( pCur->move>=0 ) gg_result_label(ctx, pG, (uint32_t)pCur->move);
      break;
    default:                    /* the hidden arguments, as given */
      if( pCur->apArg[iCol-ST_GRAPH] ) sqlite3_result_value(ctx, pCur->apArg[iCol-ST_GRAPH]);
      break;
  }
  return SQLITE_OK;
}

static int stRowid(sqlite3_vtab_cursor *cur, sqlite_int64 *pRowid){
  StCursor *pCur = (StCursor*)cur;
  uint64_t n = pCur->pSolved->g.n;
  *pRowid = (sqlite_int64)(((uint64_t)pCur->a*n + pCur->b)*2 + pCur->t + 1);
  return SQLITE_OK;
}

/* Use every usable equality constraint on the players, the turn and the
** hidden arguments; the arguments are required, so a plan without them
** is made very expensive and xFilter reports them missing. */
static int stBestIndex(sqlite3_vtab *pVtab, sqlite3_index_info *pInfo){
  StVtab *pTab = (StVtab*)pVtab;
  static const int aCol[7] = { ST_P0, ST_P1, ST_TURN, ST_GRAPH, ST_GRAPH+1, ST_GRAPH+2,
                               ST_GRAPH+3 };
  int idxNum, nPin, rc = gg_vtab_slots(pInfo, aCol, 3+pTab->nHidden, 3, &idxNum);
  if( rc ) return rc;
  nPin = (idxNum&1) + ((idxNum>>1)&1) + ((idxNum>>2)&1);
  pInfo->estimatedCost = (idxNum & ST_HAS_ARG) ? 1e6 / (1 + 100*nPin) : 1e12;
  pInfo->estimatedRows = (idxNum & ST_HAS_ARG) ? 1000000 / (1 + 100*nPin) : 1000000000;
  return SQLITE_OK;
}

static sqlite3_module stModule = {
  0,               /* iVersion */
  0,               /* xCreate: eponymous only */
  stConnect,       /* xConnect */
  stBestIndex,     /* xBestIndex */
  gg_vtab_disconnect,  /* xDisconnect */
  0,               /* xDestroy */
  stOpen,          /* xOpen */
  stClose,         /* xClose */
  stFilter,        /* xFilter */
  stNext,          /* xNext */
  stEof,           /* xEof */
  stColumn,        /* xColumn */
  stRowid,         /* xRowid */
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0      /* no writes, transactions, ... */
};

int gg_register_states(sqlite3 *db, GGConn *pConn, const GGGameDef *pDef){
  StAux *a = sqlite3_malloc64(sizeof(*a));
  if( a==0 ) return SQLITE_NOMEM;
  memset(a, 0, sizeof(*a));
  a->pConn = pConn;
  a->pDef = pDef;
  a->func.zName = pDef->zStates;
  a->func.azArg[0] = pDef->zParam;
  a->func.aArgKind[0] = GG_ARG_NODE;
  a->func.bSource = 1;
  return sqlite3_create_module_v2(db, pDef->zStates, &stModule, a, sqlite3_free);
}
