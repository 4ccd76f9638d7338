/*
** states.c: every position of a two-player game on nodes as rows: the
** generic <game>_states table (catmouse_states, race_states) of a
** GGGameDef.  Columns: the players' nodes, turn, outcome, plies, move,
** and the arguments as hidden columns that read back as given.  Equality
** constraints on the players and the turn pick the rows directly (player
** 0's place when the game names it by nodes, xPlace0Nodes: a JSON array of
** labels in any order, states_place.c: cops = '[4, 0]' is the row [0,4],
** and an IN list of them is taken whole, each place once); the
** constraints `player <> v` and `outcome` or `plies` compared with a value
** (=, <>, <, <=, >, >=) are tested inside the table, so that the rows that
** fail them are never produced (stCons*).  The game is solved through
** call.c and rows are streamed from the cached solve; nothing is copied.
** A graph of at most 64 nodes, when the game has a small solve
** (GGGameDef.xSmallSolve), is read into bit rows and solved into the
** cursor's own block instead: no allocation per call, no cache entry.
** The best move is looked for only when the move column is read.  The
** manual: docs/reference/catmouse.md and race.md.
*/
#include <math.h>
#include <stddef.h>
#include <string.h>
#include "call.h"
#include "board.h"
#include "states_place.h"
SQLITE_EXTENSION_INIT3

#define ST_P0       0
#define ST_P1       1
#define ST_TURN     2
#define ST_OUTCOME  3
#define ST_PLIES    4
#define ST_MOVE     5
#define ST_GRAPH    6     /* hidden columns from here: graph_id, */
                          /* then the game's parameter if any, then edges */
#define ST_SCHEMA "CREATE TABLE x(%s%s, %s, turn TEXT," \
  " outcome INTEGER, plies INTEGER, move, graph_id HIDDEN%s%s%s," \
  " edges HIDDEN, rules HIDDEN)"
#define ST_MAX_ARG 4      /* hidden columns at most */

/* idxNum bits: which columns have an equality constraint, in argv order */
#define ST_HAS_P0   0x01
#define ST_HAS_P1   0x02
#define ST_HAS_TURN 0x04
#define ST_HAS_ARG  0x08  /* ST_HAS_ARG<<i: hidden column ST_GRAPH+i */
#define ST_IN_P0    0x100 /* player 0's pin is an IN list, whole (sqlite3_vtab_in) */

typedef struct StVtab StVtab;
struct StVtab {
  GGVtab base;                /* base class (vtab_args.c), must be first */
  GGTableAux *pAux;           /* module data */
  int nHidden;                /* hidden columns: 3, or 4 with a parameter */
  int bPin0;                  /* player 0's pins and `<>` are the table's (else
                              ** SQLite's): its places are nodes, or named
                              ** by them (xPlace0Nodes) */
  int bPlace0;                /* named by them: a pin picks one place of many */
};

/* The constraints tested inside the table, beyond the pins: at most
** ST_MAX_CONS, listed in idxStr as "column op," pairs (stBestIndex). */
#define ST_MAX_CONS 8

/* One constraint on the rows, as xFilter resolved its value. */
typedef struct StCons StCons;
struct StCons {
  int iCol;                   /* ST_P0, ST_P1, ST_OUTCOME or ST_PLIES */
  int op;                     /* SQLITE_INDEX_CONSTRAINT_*; players: NE only */
  uint64_t id;                /* a player's: the place it excludes */
  double r;                   /* outcome's and plies': the value compared with */
};

/* The small path's memory (xSmallSolve), kept from filter to filter. */
typedef struct StSmall StSmall;
struct StSmall {
  GGSmall s;                  /* the graph's bit rows and labels */
  GGSmallCsr csr;             /* its arrays as a GGGraph's */
  GGGraph g;                  /* the board (no labels: s has them) */
  uint64_t aBlock[1];         /* the solve's block (xSmallBytes(64) bytes) */
};

typedef struct StCursor StCursor;
struct StCursor {
  sqlite3_vtab_cursor base;   /* base class, must be first */
  const GGGameDef *pDef;      /* the game */
  GGSolved *pSolved;          /* the solved game (general path), or NULL */
  StSmall *pSmall;            /* the small path's memory, or NULL until used */
  const GGGraph *pG;          /* the board of the rows, or NULL: no rows */
  const void *pState;         /* the solve: pSolved's or in pSmall's block */
  int bSmall;                 /* the rows are pSmall's (labels in pSmall->s) */
  uint64_t aLo[3], aHi[3];    /* ranges of player0, player1, turn */
  uint64_t *aPlace;           /* player 0's places of an IN list, ascending, */
  uint64_t nPlace, iPlace;    /*   how many, the current one; or NULL */
  uint64_t a;                 /* the current row: player 0's place, */
  uint32_t b, t;              /* player 1's node, the turn */
  int bEof;                   /* past the last row */
  uint32_t value;             /* current row: GG_V_* */
  int64_t plies;              /* current row: -1 for NULL */
  StCons aCons[ST_MAX_CONS];  /* the constraints tested on each row */
  int nCons;                  /* how many */
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
  GGTableAux *a = (GGTableAux*)pAux;
  const char *zParam = a->pDef->zParam;
  StVtab *pNew;
  char *zSql;
  int rc;
  (void)argc; (void)argv; (void)pzErr;
  zSql = sqlite3_mprintf(ST_SCHEMA, a->pDef->azPlayer[0], a->pDef->xResult0 ? " TEXT" : "",
                         a->pDef->azPlayer[1],
                         zParam ? ", " : "", zParam ? zParam : "",
                         zParam ? " HIDDEN" : "");
  pNew = (StVtab*)gg_vtab_new(db, zSql, sizeof(*pNew), sizeof(StCursor), &rc);
  sqlite3_free(zSql);
  if( pNew==0 ) return rc;
  pNew->pAux = a;
  pNew->nHidden = zParam ? 4 : 3;
  pNew->bPlace0 = a->pDef->xPlace0Nodes!=0;
  pNew->bPin0 = a->pDef->xResult0==0 || pNew->bPlace0;
  /* Not SQLITE_VTAB_INNOCUOUS: like catmouse(), the table reads any table
  ** named by its arguments (see the flags in graphgame.c). */
  *ppVtab = &pNew->base.base;
  return SQLITE_OK;
}

static int stClose(sqlite3_vtab_cursor *cur){
  StCursor *pCur = (StCursor*)cur;
  gg_solved_release(pCur->pSolved);
  stFreeArgs(pCur);
  sqlite3_free(pCur->pSmall);
  sqlite3_free(pCur->aPlace);
  sqlite3_free(pCur);
  return SQLITE_OK;
}

/* 1 if value x (an integer column's) passes the comparison op with r. */
static int stCompare(double x, int op, double r){
  switch( op ){
    case SQLITE_INDEX_CONSTRAINT_EQ: return x==r;
    case SQLITE_INDEX_CONSTRAINT_NE: return x!=r;
    case SQLITE_INDEX_CONSTRAINT_LT: return x<r;
    case SQLITE_INDEX_CONSTRAINT_LE: return x<=r;
    case SQLITE_INDEX_CONSTRAINT_GT: return x>r;
    default:                         return x>=r;     /* GE */
  }
}

/* 1 if the current row passes every constraint (plies NULL passes none). */
static int stPasses(const StCursor *pCur){
  int i;
  for(i=0; i<pCur->nCons; i++){
    const StCons *c = &pCur->aCons[i];
    switch( c->iCol ){
      case ST_P0: if( pCur->a==c->id ) return 0; break;
      case ST_P1: if( pCur->b==c->id ) return 0; break;
      case ST_OUTCOME:
        if( !stCompare(gg_outcome(pCur->pDef, pCur->value), c->op, c->r) ) return 0;
        break;
      default:
        if( pCur->plies<0 || !stCompare((double)pCur->plies, c->op, c->r) ) return 0;
        break;
    }
  }
  return 1;
}

/* Load the current row's values, if it is listed and passes the
** constraints; 0 if it does not. */
static int stLoad(StCursor *pCur){
  const GGGameDef *pDef = pCur->pDef;
  if( pDef->xListed && !pDef->xListed(pCur->pState, pCur->a, pCur->b) ) return 0;
  (void)pDef->xGet(pCur->pState, pCur->a, pCur->b, (int)pCur->t, &pCur->value, &pCur->plies, 0);
  return pCur->nCons==0 || stPasses(pCur);
}

/* Step to the next (a, b, t) in range, t fastest; set bEof at the end. */
static void stStep(StCursor *pCur){
  if( ++pCur->t<=pCur->aHi[2] ) return;
  pCur->t = (uint32_t)pCur->aLo[2];
  if( ++pCur->b<=pCur->aHi[1] ) return;
  pCur->b = (uint32_t)pCur->aLo[1];
  if( pCur->aPlace ){
    if( ++pCur->iPlace<pCur->nPlace ){ pCur->a = pCur->aPlace[pCur->iPlace]; return; }
  }else if( ++pCur->a<=pCur->aHi[0] ){
    return;
  }
  pCur->bEof = 1;
}

static int stNext(sqlite3_vtab_cursor *cur){
  StCursor *pCur = (StCursor*)cur;
  do{ stStep(pCur); }while( !pCur->bEof && !stLoad(pCur) );
  return SQLITE_OK;
}

/* The dense id of the node with label pVal into *pId; 0 if there is
** none.  An integral real means the integer (mouse = 3.0 is node 3); text
** is text. */
static int stNodeOf(const StCursor *pCur, sqlite3_value *pVal, uint64_t *pId){
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
  if( pCur->bSmall ){
    id = L.eType==GG_KEY_INT ? gg_small_find(&pCur->pSmall->s, L.iVal) : -1;
  }else{
    id = gg_graph_find_label(pCur->pG, &L);
  }
  if( id<0 ) return 0;
  *pId = (uint64_t)id;
  return 1;
}

/* Player 0's place that pVal names when the game names places by nodes
** (states_place.c): 1 with *pId, 0 if none (no row), -1 on an error (the
** table's, into *pRc). */
static int stPlace0(StCursor *pCur, sqlite3_value *pVal, uint64_t *pId, int *pRc){
  char *zErr = 0;
  int bFound = 0;
  *pRc = gg_place0_of(pCur->pDef, pCur->pG, pCur->pState, pVal, pId, &bFound, &zErr);
  if( *pRc ){
    *pRc = gg_vtab_error(pCur->base.pVtab, *pRc, zErr);
    return -1;
  }
  return bFound;
}

/* Narrow range i to the node with label pVal (or player 0's place that
** pVal names: stPlace0); 0 if there is none, or an error (*pRc). */
static int stPinNode(StCursor *pCur, int i, sqlite3_value *pVal, int *pRc){
  uint64_t id;
  if( i==0 && pCur->pDef->xPlace0Nodes ){
    if( stPlace0(pCur, pVal, &id, pRc)<=0 ) return 0;
  }else if( !stNodeOf(pCur, pVal, &id) ){
    return 0;
  }
  pCur->aLo[i] = pCur->aHi[i] = id;
  return 1;
}

/* The value of outcome's or plies' constraint c as SQLite compares it with
** an INTEGER column: a text gets numeric affinity (sqlite3_value_numeric_
** _type, SQLite's own conversion), then a number compares as a number
** (the column's values are small integers, exact as doubles; an integer
** past 2^53 may round, but stays past every row), while a text or a blob
** is greater than every number: infinity.  1, or 0 if no row can pass c
** (NULL compares as NULL; or out of memory: *pRc). */
static int stConsValue(StCons *c, sqlite3_value *pVal, int *pRc){
  sqlite3_value *pNum = 0;
  int eType = sqlite3_value_type(pVal);
  if( eType==SQLITE_NULL ) return 0;
  if( eType==SQLITE_TEXT ){
    if( (pNum = sqlite3_value_dup(pVal))==0 ){ *pRc = SQLITE_NOMEM; return 0; }
    eType = sqlite3_value_numeric_type(pNum);
    pVal = pNum;
  }
  if( eType==SQLITE_INTEGER ) c->r = (double)sqlite3_value_int64(pVal);
  else if( eType==SQLITE_FLOAT ) c->r = sqlite3_value_double(pVal);
  else c->r = HUGE_VAL;
  sqlite3_value_free(pNum);
  return 1;
}

/* idxStr: two letters a constraint, the column ('a' + its number) and
** the operator (its letter in ST_OPS, the codes in aStOp). */
#define ST_OPS "=!<{>}"
static const int aStOp[6] = {
  SQLITE_INDEX_CONSTRAINT_EQ, SQLITE_INDEX_CONSTRAINT_NE, SQLITE_INDEX_CONSTRAINT_LT,
  SQLITE_INDEX_CONSTRAINT_LE, SQLITE_INDEX_CONSTRAINT_GT, SQLITE_INDEX_CONSTRAINT_GE
};

/* The constraints of idxStr with their values argv: into pCur->aCons.
** 0 if no row can pass them, else 1. */
static int stConsLoad(StCursor *pCur, const char *zIdx, sqlite3_value **argv, int *pRc){
  int bRows = 1;
  pCur->nCons = 0;
  for(; zIdx && zIdx[0] && zIdx[1]; zIdx+=2){
    StCons *c = &pCur->aCons[pCur->nCons];
    sqlite3_value *pVal = *argv++;
    c->iCol = zIdx[0]-'a';
    c->op = aStOp[strchr(ST_OPS, zIdx[1]) - ST_OPS];
    if( c->iCol==ST_P0 || c->iCol==ST_P1 ){       /* player <> value */
      if( sqlite3_value_type(pVal)==SQLITE_NULL ) bRows = 0;
      else if( c->iCol==ST_P0 && pCur->pDef->xPlace0Nodes ){
        int e = stPlace0(pCur, pVal, &c->id, pRc);
        if( e<0 ) return 0;
        pCur->nCons += e;
      }else if( stNodeOf(pCur, pVal, &c->id) ) pCur->nCons++;
    }else if( stConsValue(c, pVal, pRc) ){
      pCur->nCons++;
    }else{
      bRows = 0;
    }
  }
  return bRows;
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

/* The small path (gg_call_small): the graph solved into the cursor's
** block.  1 if taken; 0 if the call must take the general path (or out
** of memory for the block: the general path says so). */
static int stSmallSolve(StCursor *pCur, GGCall *pCall){
  const GGGameDef *pDef = pCur->pDef;
  uint32_t aParam[GG_SMALL_MAXN];
  GGSolveArgs args;
  StSmall *p = pCur->pSmall;
  if( pDef->xSmallSolve==0 ) return 0;
  if( p==0 ){
    p = pCur->pSmall = sqlite3_malloc64(offsetof(StSmall, aBlock) + pDef->xSmallBytes(GG_SMALL_MAXN));
    if( p==0 ) return 0;
  }
  memset(&args, 0, sizeof(args));
  args.aParam = aParam;
  if( !gg_call_small(pCall, &p->s, &p->csr, &p->g, aParam, &args.nParam) ) return 0;
  pCur->pState = pDef->xSmallSolve(p->aBlock, &p->g, &args);
  pCur->pG = &p->g;
  pCur->bSmall = 1;
  return 1;
}

/* Solve the call: the small path, else the cached general solve. */
static int stSolve(StCursor *pCur, StVtab *pTab, sqlite3_value **apArg){
  GGCall call;
  char *zErr = 0;
  int rc = gg_call_init(&call, pTab->pAux->pConn, pCur->pDef, &pTab->pAux->func, apArg,
                        pTab->nHidden, &zErr);
  if( rc==SQLITE_OK && !stSmallSolve(pCur, &call) ){
    rc = gg_call_solve(&call, &pCur->pSolved, &zErr);
    if( rc==SQLITE_OK && pCur->pSolved ){
      pCur->pG = &pCur->pSolved->g;
      pCur->pState = pCur->pSolved->pState;
    }
  }
  gg_call_free(&call);
  if( rc==GG_CALL_NULL ) return SQLITE_OK;          /* graph_id NULL: no rows */
  return rc ? gg_vtab_error(&pTab->base.base, rc, zErr) : SQLITE_OK;
}

static int stFilter(sqlite3_vtab_cursor *cur, int idxNum, const char *idxStr,
                    int argc, sqlite3_value **argv){
  StCursor *pCur = (StCursor*)cur;
  StVtab *pTab = (StVtab*)cur->pVtab;
  const GGGameDef *pDef = pTab->pAux->pDef;
  sqlite3_value *apPin[3] = {0, 0, 0};     /* player0, player1, turn */
  sqlite3_value **apArg = pCur->apArg;     /* graph_id, [param,] edges, rules */
  int nH = pTab->nHidden;
  int i, j = 0, rc = SQLITE_OK, bRows = 1;
  (void)argc;
  gg_solved_release(pCur->pSolved);
  pCur->pSolved = 0;
  pCur->pG = 0;
  pCur->pState = 0;
  pCur->bSmall = 0;
  pCur->pDef = pDef;
  pCur->nCons = 0;
  pCur->bEof = 1;
  sqlite3_free(pCur->aPlace);
  pCur->aPlace = 0;
  stFreeArgs(pCur);
  for(i=0; i<3; i++) if( idxNum & (ST_HAS_P0<<i) ) apPin[i] = argv[j++];
  for(i=0; i<nH; i++){
    if( (idxNum & (ST_HAS_ARG<<i)) && (apArg[i] = sqlite3_value_dup(argv[j++]))==0 ){
      return SQLITE_NOMEM;
    }
  }
  if( apArg[0]==0 || (pDef->zParam && apArg[1]==0) ){
    return gg_vtab_error(&pTab->base.base, SQLITE_ERROR, gg_err_needs_graph(pDef->zStates, pDef->zParam));
  }
  rc = stSolve(pCur, pTab, apArg);
  if( rc || pCur->pG==0 ) return rc;               /* an error, or no rows */
  pCur->aLo[0] = pCur->aLo[1] = pCur->aLo[2] = 0;
  pCur->aHi[0] = pDef->xCount0 ? pDef->xCount0(pCur->pState, pCur->pG) - 1 : pCur->pG->n - 1;
  pCur->aHi[1] = pCur->pG->n - 1;
  pCur->aHi[2] = 1;
  if( idxNum & ST_IN_P0 ){                 /* an IN list of places, whole */
    char *zErr = 0;
    rc = gg_place0_list(pDef, pCur->pG, pCur->pState, apPin[0], &pCur->aPlace, &pCur->nPlace,
                        &zErr);
    if( rc ) return gg_vtab_error(&pTab->base.base, rc, zErr);
    if( pCur->nPlace==0 ) bRows = 0;
    else pCur->aLo[0] = pCur->aPlace[pCur->iPlace = 0];
    apPin[0] = 0;
  }
  for(i=0; i<2 && rc==SQLITE_OK; i++){
    if( apPin[i] && !stPinNode(pCur, i, apPin[i], &rc) ) bRows = 0;
  }
  if( rc ) return rc;
  if( apPin[2] && !stPinTurn(pCur, pDef, apPin[2]) ) bRows = 0;
  if( bRows ) bRows = stConsLoad(pCur, idxStr, argv+j, &rc);
  if( rc ) return rc;
  if( !bRows ) return SQLITE_OK;
  pCur->a = pCur->aLo[0];
  pCur->b = (uint32_t)pCur->aLo[1];
  pCur->t = (uint32_t)pCur->aLo[2];
  pCur->bEof = 0;
  if( !stLoad(pCur) ) return stNext(cur);
  return SQLITE_OK;
}

static int stEof(sqlite3_vtab_cursor *cur){
  return ((StCursor*)cur)->bEof;
}

/* Place v of player i (a node as its label, or the game's own, xResult0). */
static void stResultPlace(sqlite3_context *ctx, const StCursor *pCur, int i, uint64_t v){
  if( i==0 && pCur->pDef->xResult0 ) pCur->pDef->xResult0(ctx, pCur->pState, pCur->pG, v);
  else if( pCur->bSmall ) sqlite3_result_int64(ctx, gg_small_label(&pCur->pSmall->s, (uint32_t)v));
  else gg_result_label(ctx, pCur->pG, (uint32_t)v);
}

static int stColumn(sqlite3_vtab_cursor *cur, sqlite3_context *ctx, int iCol){
  StCursor *pCur = (StCursor*)cur;
  const GGGameDef *pDef = pCur->pDef;
  uint32_t value;
  int64_t plies, move;
  switch( iCol ){
    case ST_P0:      stResultPlace(ctx, pCur, 0, pCur->a); break;
    case ST_P1:      stResultPlace(ctx, pCur, 1, pCur->b); break;
    case ST_TURN:    sqlite3_result_text(ctx, pDef->azTurn[pCur->t], -1, SQLITE_STATIC); break;
    case ST_OUTCOME: sqlite3_result_int(ctx, gg_outcome(pDef, pCur->value)); break;
    case ST_PLIES:
      if( pCur->plies>=0 ) sqlite3_result_int64(ctx, pCur->plies);
      break;
    case ST_MOVE:                  /* looked for only when read */
      if( pDef->xGet(pCur->pState, pCur->a, pCur->b, (int)pCur->t, &value, &plies, &move) ){
        sqlite3_result_error_nomem(ctx);
      }else if( move>=0 ){
        stResultPlace(ctx, pCur, (int)pCur->t, (uint64_t)move);
      }
      break;
    default:                    /* the hidden arguments, as given */
      if( pCur->apArg[iCol-ST_GRAPH] ) sqlite3_result_value(ctx, pCur->apArg[iCol-ST_GRAPH]);
      break;
  }
  return SQLITE_OK;
}

static int stRowid(sqlite3_vtab_cursor *cur, sqlite_int64 *pRowid){
  StCursor *pCur = (StCursor*)cur;
  *pRowid = (sqlite_int64)(gg_board_key(pCur->pG->n, pCur->a, pCur->b, (int)pCur->t) + 1);
  return SQLITE_OK;
}

/* Constraint i as an op letter of idxStr if the table tests it itself:
** `player <> v` (binary collation: a label equals only itself), and
** outcome's and plies' comparisons but IN; else 0.  bPin0: player 0's
** `<>` is the table's (StVtab). */
static char stConsOp(sqlite3_index_info *pInfo, int i, int bPin0){
  const struct sqlite3_index_constraint *c = &pInfo->aConstraint[i];
  int k;
  if( !c->usable || pInfo->aConstraintUsage[i].argvIndex ) return 0;
  if( c->iColumn==ST_P0 && !bPin0 ) return 0;
  if( c->iColumn==ST_P0 || c->iColumn==ST_P1 ){
    const char *zColl = sqlite3_vtab_collation(pInfo, i);
    if( c->op!=SQLITE_INDEX_CONSTRAINT_NE || (zColl && sqlite3_stricmp(zColl, "BINARY")) ){
      return 0;
    }
    return '!';
  }
  if( c->iColumn!=ST_OUTCOME && c->iColumn!=ST_PLIES ) return 0;
  /* an IN would call xFilter once per value, each a solve: SQLite's
  ** (sqlite3_vtab_in came in 3.38: before, an IN is offered as an =,
  ** and xFilter runs once per value) */
  if( c->op==SQLITE_INDEX_CONSTRAINT_EQ && sqlite3_libversion_number()>=3038000
   && sqlite3_vtab_in(pInfo, i, -1) ) return 0;
  for(k=0; k<6 && aStOp[k]!=c->op; k++){}
  return k<6 ? ST_OPS[k] : 0;
}

/* The constraints the table tests itself, after the slots' (argv from
** nArg+1 on), into idxStr; how many. */
static int stConsPlan(sqlite3_index_info *pInfo, int nArg, int bPin0){
  char zIdx[2*ST_MAX_CONS+1];
  int i, nCons = 0;
  for(i=0; i<pInfo->nConstraint && nCons<ST_MAX_CONS; i++){
    char cOp = stConsOp(pInfo, i, bPin0);
    if( cOp==0 ) continue;
    zIdx[2*nCons] = (char)('a' + pInfo->aConstraint[i].iColumn);
    zIdx[2*nCons+1] = cOp;
    nCons++;
    pInfo->aConstraintUsage[i].argvIndex = nArg + nCons;
    pInfo->aConstraintUsage[i].omit = 1;
  }
  zIdx[2*nCons] = 0;
  if( nCons ){
    pInfo->idxStr = sqlite3_mprintf("%s", zIdx);
    if( pInfo->idxStr==0 ) return -1;
    pInfo->needToFreeIdxStr = 1;
  }
  return nCons;
}

/* ST_IN_P0 if player 0's pin is an IN list that xFilter takes whole
** (SQLite 3.38 on: sqlite3_vtab_in), so that it gives each place once
** however many of its values name it; else 0 (SQLite calls xFilter once
** a value). */
static int stInList(sqlite3_index_info *pInfo){
  int i;
  if( sqlite3_libversion_number()<3038000 ) return 0;
  for(i=0; i<pInfo->nConstraint; i++){
    const struct sqlite3_index_constraint *c = &pInfo->aConstraint[i];
    if( c->iColumn==ST_P0 && c->op==SQLITE_INDEX_CONSTRAINT_EQ
     && pInfo->aConstraintUsage[i].argvIndex>0 ){
      return sqlite3_vtab_in(pInfo, i, 1) ? ST_IN_P0 : 0;
    }
  }
  return 0;
}

/* Whether an equality on column iCol is not usable in this plan. */
static int stUnusableEq(const sqlite3_index_info *pInfo, int iCol){
  int i;
  for(i=0; i<pInfo->nConstraint; i++){
    const struct sqlite3_index_constraint *c = &pInfo->aConstraint[i];
    if( c->iColumn==iCol && c->op==SQLITE_INDEX_CONSTRAINT_EQ && !c->usable ) return 1;
  }
  return 0;
}

/* Use every usable equality constraint on the players, the turn and the
** hidden arguments, then the constraints the table tests itself; the
** arguments are required, so a plan without them is made very expensive
** and xFilter reports them missing.  A pin of a place named by nodes
** (bPlace0) picks one place of many, and a plan that leaves its equality
** to SQLite, which compares the text (a join that reads this table
** first), costs a hundred times more: the table should see its value. */
static int stBestIndex(sqlite3_vtab *pVtab, sqlite3_index_info *pInfo){
  StVtab *pTab = (StVtab*)pVtab;
  int aCol[7] = { ST_P0, ST_P1, ST_TURN, ST_GRAPH, ST_GRAPH+1, ST_GRAPH+2, ST_GRAPH+3 };
  int idxNum, nPin, nArg, nCons, k, rc;
  double r;
  if( !pTab->bPin0 ) aCol[0] = -2;       /* no column: SQLite tests player 0 */
  rc = gg_vtab_slots(pInfo, aCol, 3+pTab->nHidden, 3, &idxNum);
  if( rc ) return rc;
  for(k=0, nArg=0; k<3+pTab->nHidden; k++) nArg += (idxNum>>k)&1;
  nCons = stConsPlan(pInfo, nArg, pTab->bPin0);
  if( nCons<0 ) return SQLITE_NOMEM;
  nPin = (idxNum&1) + ((idxNum>>1)&1) + ((idxNum>>2)&1);
  r = 1e6 / (1 + 100*nPin) / (1 + nCons);
  if( pTab->bPlace0 && (idxNum & ST_HAS_P0) ){
    r /= 1e4;
    idxNum |= stInList(pInfo);
    pInfo->idxNum = idxNum;
  }
  else if( pTab->bPlace0 && stUnusableEq(pInfo, ST_P0) ) r *= 100;
  pInfo->estimatedCost = (idxNum & ST_HAS_ARG) ? r : 1e12;
  pInfo->estimatedRows = (idxNum & ST_HAS_ARG) ? (sqlite3_int64)(r<1 ? 1 : r) : 1000000000;
  return SQLITE_OK;
}

static sqlite3_module stModule = GG_VTAB_MODULE(stConnect, stBestIndex, gg_vtab_disconnect, gg_vtab_open,
    stClose, stFilter, stNext, stEof, stColumn, stRowid);

int gg_register_states(sqlite3 *db, GGConn *pConn, const GGGameDef *pDef){
  GGTableAux *a = gg_table_aux(pConn, pDef, pDef->zStates);
  if( a==0 ) return SQLITE_NOMEM;
  a->func.azArg[0] = pDef->zParam;
  a->func.aArgKind[0] = pDef->eParam ? pDef->eParam : GG_ARG_NODE;
  return sqlite3_create_module_v2(db, pDef->zStates, &stModule, a, sqlite3_free);
}
