/*
** cops_vtab.c: cops and robbers as tables, cops_states(graph_id, k [,
** edges [, rules]]) (every position after the starts are chosen) and
** cops_play(graph_id, k [, edges [, rules]]) (the optimal line from the
** cops' best start): the tables of gg_cops_def (its xTables).  Both solve
** the whole game through call.c (the cache, the limit, the interrupt).
** The manual: docs/reference/cops.md.
*/
#include <string.h>
#include "cops_sql.h"
SQLITE_EXTENSION_INIT3

#define CV_NARG 4                  /* hidden: graph_id, k, edges, rules */

/* cops_states columns */
#define CS_COPS 0
#define CS_ROBBER 1
#define CS_TURN 2
#define CS_OUTCOME 3
#define CS_PLIES 4
#define CS_MOVE 5
#define CS_ARG 6
#define CS_SCHEMA "CREATE TABLE x(cops TEXT, robber, turn TEXT," \
  " outcome INTEGER, plies INTEGER, move, graph_id HIDDEN, k HIDDEN," \
  " edges HIDDEN, rules HIDDEN)"

/* cops_play columns */
#define CP_PLY 0
#define CP_MOVER 1
#define CP_FROM 2
#define CP_TO 3
#define CP_COPS 4
#define CP_ROBBER 5
#define CP_OUTCOME 6
#define CP_PLIES 7
#define CP_REPEATS 8
#define CP_ARG 9
#define CP_SCHEMA "CREATE TABLE x(ply INTEGER, mover TEXT, from_node, to_node," \
  " cops TEXT, robber, outcome INTEGER, plies INTEGER, repeats INTEGER," \
  " graph_id HIDDEN, k HIDDEN, edges HIDDEN, rules HIDDEN)"

static const char *const azTurn[2] = { "cops", "robber" };

/* One of the two tables. */
typedef struct CvVtab CvVtab;
struct CvVtab {
  GGVtab base;                /* base class (vtab_args.c), must be first */
  GGConn *pConn;              /* the connection's context */
  const GGGameDef *pDef;      /* the game (gg_cops_def) */
  int bPlay;                  /* cops_play, else cops_states */
};

/* One move of the line. */
typedef struct CvRow CvRow;
struct CvRow {
  int mover;                  /* GG_COPS_TURN_* */
  int64_t from, to;           /* conf or node before/after; from -1 at a start */
  uint64_t conf;              /* cops after the move */
  int64_t r;                  /* robber after the move, -1 before his start */
  int64_t plies;              /* left after the move, -1: escape */
  int64_t repeats;            /* ply of the earlier occurrence, or -1 */
};

/* The solved game and the board of a cursor. */
#define CV_COPS(pCur) ((const GGCops*)(pCur)->pSolved->pState)
#define CV_G(pCur)    (&(pCur)->pSolved->g)

typedef struct CvCursor CvCursor;
struct CvCursor {
  sqlite3_vtab_cursor base;   /* base class, must be first */
  GGSolved *pSolved;          /* the solved game (its GGCops), or NULL */
  sqlite3_value *apArg[CV_NARG];   /* the arguments, read back as given */
  uint64_t conf;              /* states: current configuration */
  uint32_t r, rLo, rHi;       /* states: robber node and its range */
  uint32_t t, tLo, tHi;       /* states: turn and its range */
  CvRow *aRow;                /* play: the line */
  int64_t nRow, iRow;         /* play: rows, current row */
  int bEof;                   /* past the last row */
};

static int cvConnect(sqlite3 *db, void *pAux, int argc, const char *const*argv,
                     sqlite3_vtab **ppVtab, char **pzErr){
  CvVtab *pNew;
  int bPlay = strcmp(argv[0], "cops_play")==0;
  int rc = sqlite3_declare_vtab(db, bPlay ? CP_SCHEMA : CS_SCHEMA);
  (void)argc; (void)pzErr;
  if( rc ) return rc;
  pNew = (CvVtab*)gg_vtab_new(sizeof(*pNew), sizeof(CvCursor));
  if( pNew==0 ) return SQLITE_NOMEM;
  pNew->pConn = ((GGTableAux*)pAux)->pConn;
  pNew->pDef = ((GGTableAux*)pAux)->pDef;
  pNew->bPlay = bPlay;
  *ppVtab = &pNew->base.base;      /* not INNOCUOUS: it reads tables (graphgame.c) */
  return SQLITE_OK;
}

static void cvReset(CvCursor *pCur){
  int i;
  gg_solved_release(pCur->pSolved);
  pCur->pSolved = 0;
  for(i=0; i<CV_NARG; i++){ sqlite3_value_free(pCur->apArg[i]); pCur->apArg[i] = 0; }
  sqlite3_free(pCur->aRow);
  pCur->aRow = 0;
  pCur->nRow = pCur->iRow = 0;
  pCur->bEof = 1;
}

static int cvClose(sqlite3_vtab_cursor *cur){
  cvReset((CvCursor*)cur);
  sqlite3_free(cur);
  return SQLITE_OK;
}

/* Append a row to the line.  SQLITE_OK or SQLITE_NOMEM. */
static int cvAppend(CvCursor *pCur, const CvRow *pRow){
  if( (pCur->nRow & (pCur->nRow-1))==0 ){       /* 0, 1, 2, 4, ...: grow */
    int64_t nNew = pCur->nRow ? 2*pCur->nRow : 1;
    CvRow *aNew = sqlite3_realloc64(pCur->aRow, (uint64_t)nNew*sizeof(CvRow));
    if( aNew==0 ) return SQLITE_NOMEM;
    pCur->aRow = aNew;
  }
  pCur->aRow[pCur->nRow++] = *pRow;
  return SQLITE_OK;
}

/* The robber's best start against conf: the latest capture or an escape. */
static uint32_t cvRobberStart(const GGCops *p, uint64_t conf){
  uint32_t r, best = 0;
  int64_t mx = -2;
  for(r=0; r<p->n; r++){
    int64_t q;
    if( !gg_cops_start_ok(p, conf, r) ) continue;     /* (the surround game) */
    q = gg_cops_plies(p, conf, r, GG_COPS_TURN_COPS);
    if( q<0 ) return r;
    if( q>mx ){ mx = q; best = r; }
  }
  return best;
}

/* Append row, the robber placed (row 1 on), to the line and to the
** positions seen (gg_play_seen, as play.c): its repeats is the ply of an
** earlier row with the same position in a drawn line, else -1. */
static int cvAppendSeen(CvCursor *pCur, CvRow *pRow, GGPlaySeen *pSeen){
  uint64_t key = ((uint64_t)pRow->conf*CV_G(pCur)->n + (uint64_t)pRow->r)*2 + pRow->mover;
  int64_t iOld;
  int rc = gg_play_seen(pSeen, key, pCur->nRow+1, &iOld);
  pRow->repeats = pRow->plies<0 ? iOld : -1;
  return rc ? rc : cvAppend(pCur, pRow);
}

/* Build the line from the cops' best start. */
static int cvLine(CvCursor *pCur){
  const GGCops *p = CV_COPS(pCur);
  GGPlaySeen seen;
  CvRow row;
  int rc;
  uint64_t conf = p->captureTime>=0 ? p->bestConf : 0;
  uint32_t r = cvRobberStart(p, conf);
  int64_t q = gg_cops_plies(p, conf, r, GG_COPS_TURN_COPS);
  row.mover = GG_COPS_TURN_COPS; row.from = -1; row.to = (int64_t)conf;
  row.conf = conf; row.r = -1; row.plies = q<0 ? -1 : q+1; row.repeats = -1;
  rc = cvAppend(pCur, &row);
  row.mover = GG_COPS_TURN_ROBBER; row.to = r; row.r = r; row.plies = q;
  memset(&seen, 0, sizeof(seen));
  if( rc==SQLITE_OK ) rc = cvAppendSeen(pCur, &row, &seen);
  while( rc==SQLITE_OK && row.plies!=0 && row.repeats<0 ){
    int turn = 1-row.mover;
    uint64_t next;
    if( gg_cops_best(p, row.conf, (uint32_t)row.r, turn, &next)!=0 ){ rc = SQLITE_NOMEM; break; }
    row.mover = turn;
    row.from = turn==GG_COPS_TURN_COPS ? (int64_t)row.conf : row.r;
    row.to = (int64_t)next;
    if( turn==GG_COPS_TURN_COPS ) row.conf = next; else row.r = (int64_t)next;
    row.plies = gg_cops_plies(p, row.conf, (uint32_t)row.r, 1-turn);
    rc = cvAppendSeen(pCur, &row, &seen);
  }
  gg_play_seen_free(&seen);
  return rc;
}

/* Pin the robber (a label, as states.c pins a player: an integral real
** means the integer, text is text) or the turn; 0 if no row matches. */
static int cvPin(CvCursor *pCur, int iCol, sqlite3_value *pVal){
  if( iCol==CS_ROBBER ){
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
    id = gg_graph_find_label(CV_G(pCur), &L);
    if( id<0 ) return 0;
    pCur->rLo = pCur->rHi = (uint32_t)id;
  }else{
    const char *z = (const char*)sqlite3_value_text(pVal);
    int t;
    for(t=0; t<2 && !(z && strcmp(z, azTurn[t])==0); t++){}
    if( t==2 || sqlite3_value_type(pVal)!=SQLITE_TEXT ) return 0;
    pCur->tLo = pCur->tHi = (uint32_t)t;
  }
  return 1;
}

/* A text label as a JSON string. */
static void copsJsonText(sqlite3_str *pStr, const char *z, uint32_t nz){
  uint32_t i, j = 0;
  sqlite3_str_appendchar(pStr, 1, '"');
  for(i=0; i<nz; i++){
    unsigned char c = (unsigned char)z[i];
    if( c>=0x20 && c!='"' && c!='\\' ) continue;
    sqlite3_str_append(pStr, z+j, (int)(i-j));
    j = i+1;
    if( c=='"' || c=='\\' ){
      sqlite3_str_appendchar(pStr, 1, '\\');
      sqlite3_str_appendchar(pStr, 1, (char)c);
    }else{
      sqlite3_str_appendf(pStr, "\\u%04x", c);
    }
  }
  sqlite3_str_append(pStr, z+j, (int)(nz-j));
  sqlite3_str_appendchar(pStr, 1, '"');
}

static char *copsJson(const GGCops *p, const GGGraph *pG, uint64_t conf){
  uint32_t aCop[GG_COPS_MAXK], i;
  sqlite3_str *pStr = sqlite3_str_new(0);
  gg_cops_unrank(p, conf, aCop);        /* ascending dense ids: SQLite's order */
  sqlite3_str_appendchar(pStr, 1, '[');
  for(i=0; i<p->k; i++){
    GGLabel L;
    gg_graph_label(pG, aCop[i], &L);
    if( i ) sqlite3_str_appendchar(pStr, 1, ',');
    if( L.eType==GG_KEY_INT ) sqlite3_str_appendf(pStr, "%lld", (long long)L.iVal);
    else copsJsonText(pStr, L.z, L.nz);
  }
  sqlite3_str_appendchar(pStr, 1, ']');
  return sqlite3_str_finish(pStr);
}

/* Check the arguments, load and solve: SQLITE_OK, SQLITE_DONE for no
** rows (a NULL graph_id), or an error. */
static int cvSolve(CvCursor *pCur, CvVtab *pTab){
  const GGFuncDef *pFunc = pTab->bPlay ? &gg_cops_play_func : &gg_cops_states_func;
  GGCall call;
  char *zErr = 0;
  int rc;
  if( pCur->apArg[0]==0 || pCur->apArg[1]==0 ){
    return gg_vtab_error(&pTab->base.base, SQLITE_ERROR, gg_err_needs_graph(pFunc->zName, "k"));
  }
  rc = gg_call_init(&call, pTab->pConn, pTab->pDef, pFunc, pCur->apArg, CV_NARG, &zErr);
  if( rc==SQLITE_OK ) rc = gg_call_solve(&call, &pCur->pSolved, &zErr);
  gg_call_free(&call);
  if( rc==GG_CALL_NULL ) return SQLITE_DONE;
  if( rc ) return gg_vtab_error(&pTab->base.base, rc, zErr);
  return SQLITE_OK;
}

static int cvFilter(sqlite3_vtab_cursor *cur, int idxNum, const char *idxStr,
                    int argc, sqlite3_value **argv){
  CvCursor *pCur = (CvCursor*)cur;
  CvVtab *pTab = (CvVtab*)cur->pVtab;
  sqlite3_value *apPin[2] = {0, 0};
  int i, j = 0, nPin = pTab->bPlay ? 0 : 2, rc, bRows = 1;
  (void)idxStr; (void)argc;
  cvReset(pCur);
  for(i=0; i<nPin; i++) if( idxNum & (1<<i) ) apPin[i] = argv[j++];
  for(i=0; i<CV_NARG; i++){
    if( (idxNum & (1<<(nPin+i))) && (pCur->apArg[i] = sqlite3_value_dup(argv[j++]))==0 ){
      return SQLITE_NOMEM;
    }
  }
  rc = cvSolve(pCur, pTab);
  if( rc==SQLITE_DONE ) return SQLITE_OK;         /* NULL graph_id: no rows */
  if( rc ) return rc;
  if( pTab->bPlay ){
    rc = cvLine(pCur);
    pCur->bEof = pCur->nRow==0;
    return rc;
  }
  pCur->conf = 0; pCur->rLo = 0; pCur->rHi = CV_G(pCur)->n-1; pCur->tLo = 0; pCur->tHi = 1;
  if( apPin[0] && !cvPin(pCur, CS_ROBBER, apPin[0]) ) bRows = 0;
  if( apPin[1] && !cvPin(pCur, CS_TURN, apPin[1]) ) bRows = 0;
  pCur->r = pCur->rLo;
  pCur->t = pCur->tLo;
  pCur->bEof = !bRows;
  return SQLITE_OK;
}

static int cvNext(sqlite3_vtab_cursor *cur){
  CvCursor *pCur = (CvCursor*)cur;
  if( ((CvVtab*)cur->pVtab)->bPlay ){
    pCur->bEof = ++pCur->iRow>=pCur->nRow;
  }else if( ++pCur->t>pCur->tHi ){
    pCur->t = pCur->tLo;
    if( ++pCur->r>pCur->rHi ){
      pCur->r = pCur->rLo;
      pCur->bEof = ++pCur->conf>=CV_COPS(pCur)->nConf;
    }
  }
  return SQLITE_OK;
}

static int cvEof(sqlite3_vtab_cursor *cur){
  return ((CvCursor*)cur)->bEof;
}

/* Configuration conf as a JSON array of integer labels into z (room for
** GG_COPS_MAXK of them): its length, or -1 if a label is text. */
static int copsJsonInts(const GGCops *p, const GGGraph *pG, uint64_t conf, char *z, int nz){
  uint32_t aCop[GG_COPS_MAXK], i;
  int n = 1;
  gg_cops_unrank(p, conf, aCop);
  z[0] = '[';
  for(i=0; i<p->k; i++){
    GGLabel L;
    gg_graph_label(pG, aCop[i], &L);
    if( L.eType!=GG_KEY_INT ) return -1;
    sqlite3_snprintf(nz-n, z+n, "%s%lld", i ? "," : "", (long long)L.iVal);
    n += (int)strlen(z+n);
  }
  z[n++] = ']';
  return n;
}

/* Result: configuration conf as a JSON array.  Integer labels are written
** on the stack, so a row costs no allocation (the result's own buffer is
** reused from row to row). */
static void cvResultConf(sqlite3_context *ctx, const CvCursor *pCur, uint64_t conf){
  char zInts[GG_COPS_MAXK*21 + 3], *z;
  int n = copsJsonInts(CV_COPS(pCur), CV_G(pCur), conf, zInts, (int)sizeof(zInts));
  if( n>=0 ){
    sqlite3_result_text(ctx, zInts, n, SQLITE_TRANSIENT);
    return;
  }
  z = copsJson(CV_COPS(pCur), CV_G(pCur), conf);
  if( z==0 ){ sqlite3_result_error_nomem(ctx); return; }
  sqlite3_result_text(ctx, z, -1, sqlite3_free);
}

static void cvStatesColumn(CvCursor *pCur, sqlite3_context *ctx, int iCol){
  const GGCops *p = CV_COPS(pCur);
  int64_t plies;
  uint64_t next;
  switch( iCol ){
    case CS_COPS:    cvResultConf(ctx, pCur, pCur->conf); break;
    case CS_ROBBER:  gg_result_label(ctx, CV_G(pCur), pCur->r); break;
    case CS_TURN:    sqlite3_result_text(ctx, azTurn[pCur->t], -1, SQLITE_STATIC); break;
    case CS_OUTCOME:
    case CS_PLIES:
      plies = gg_cops_plies(p, pCur->conf, pCur->r, (int)pCur->t);
      if( iCol==CS_OUTCOME ) sqlite3_result_int(ctx, plies>=0);
      else if( plies>=0 ) sqlite3_result_int64(ctx, plies);
      break;
    case CS_MOVE:
      switch( gg_cops_best(p, pCur->conf, pCur->r, (int)pCur->t, &next) ){
        case 0:
          if( pCur->t==GG_COPS_TURN_COPS ) cvResultConf(ctx, pCur, next);
          else gg_result_label(ctx, CV_G(pCur), (uint32_t)next);
          break;
        case -1: break;                                 /* a capture */
        default: sqlite3_result_error_nomem(ctx); break;
      }
      break;
    default:
      if( pCur->apArg[iCol-CS_ARG] ) sqlite3_result_value(ctx, pCur->apArg[iCol-CS_ARG]);
      break;
  }
}

/* A node or configuration of the line: the robber's label or the cops' JSON. */
static void cvResultWhere(sqlite3_context *ctx, const CvCursor *pCur, int mover, int64_t v){
  if( v<0 ) return;
  if( mover==GG_COPS_TURN_COPS ) cvResultConf(ctx, pCur, (uint64_t)v);
  else gg_result_label(ctx, CV_G(pCur), (uint32_t)v);
}

static void cvPlayColumn(CvCursor *pCur, sqlite3_context *ctx, int iCol){
  const CvRow *r = &pCur->aRow[pCur->iRow];
  switch( iCol ){
    case CP_PLY:     sqlite3_result_int64(ctx, pCur->iRow+1); break;
    case CP_MOVER:   sqlite3_result_text(ctx, azTurn[r->mover], -1, SQLITE_STATIC); break;
    case CP_FROM:    cvResultWhere(ctx, pCur, r->mover, r->from); break;
    case CP_TO:      cvResultWhere(ctx, pCur, r->mover, r->to); break;
    case CP_COPS:    cvResultConf(ctx, pCur, r->conf); break;
    case CP_ROBBER:  if( r->r>=0 ) gg_result_label(ctx, CV_G(pCur), (uint32_t)r->r); break;
    case CP_OUTCOME: sqlite3_result_int(ctx, r->plies>=0); break;
    case CP_PLIES:   if( r->plies>=0 ) sqlite3_result_int64(ctx, r->plies); break;
    case CP_REPEATS: if( r->repeats>=0 ) sqlite3_result_int64(ctx, r->repeats); break;
    default:
      if( pCur->apArg[iCol-CP_ARG] ) sqlite3_result_value(ctx, pCur->apArg[iCol-CP_ARG]);
      break;
  }
}

static int cvColumn(sqlite3_vtab_cursor *cur, sqlite3_context *ctx, int iCol){
  CvCursor *pCur = (CvCursor*)cur;
  if( ((CvVtab*)cur->pVtab)->bPlay ) cvPlayColumn(pCur, ctx, iCol);
  else cvStatesColumn(pCur, ctx, iCol);
  return SQLITE_OK;
}

static int cvRowid(sqlite3_vtab_cursor *cur, sqlite_int64 *pRowid){
  CvCursor *pCur = (CvCursor*)cur;
  if( ((CvVtab*)cur->pVtab)->bPlay ) *pRowid = pCur->iRow+1;
  else *pRowid = (sqlite_int64)((pCur->conf*CV_G(pCur)->n + pCur->r)*2 + pCur->t + 1);
  return SQLITE_OK;
}

/* Pins (robber, turn; states only) and the hidden arguments; graph_id and
** k are required, so a plan without them is made very expensive. */
static int cvBestIndex(sqlite3_vtab *pVtab, sqlite3_index_info *pInfo){
  CvVtab *pTab = (CvVtab*)pVtab;
  int aCol[6], nPin = pTab->bPlay ? 0 : 2, i, idxNum, rc, bArgs;
  int iArg = pTab->bPlay ? CP_ARG : CS_ARG;
  aCol[0] = CS_ROBBER; aCol[1] = CS_TURN;
  for(i=0; i<CV_NARG; i++) aCol[nPin+i] = iArg+i;
  rc = gg_vtab_slots(pInfo, aCol, nPin+CV_NARG, nPin, &idxNum);
  if( rc ) return rc;
  bArgs = ((idxNum>>nPin) & 3)==3;
  pInfo->estimatedCost = bArgs ? 1e6 / (1 + 100*(idxNum & 3 & (nPin ? 3 : 0))) : 1e12;
  pInfo->estimatedRows = bArgs ? 100000 : 1000000000;
  return SQLITE_OK;
}

static sqlite3_module cvModule = {
  0,               /* iVersion */
  0,               /* xCreate: eponymous only */
  cvConnect,       /* xConnect */
  cvBestIndex,     /* xBestIndex */
  gg_vtab_disconnect,  /* xDisconnect */
  0,               /* xDestroy */
  gg_vtab_open,    /* xOpen */
  cvClose,         /* xClose */
  cvFilter,        /* xFilter */
  cvNext,          /* xNext */
  cvEof,           /* xEof */
  cvColumn,        /* xColumn */
  cvRowid,         /* xRowid */
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0      /* no writes, transactions, ... */
};

/* cops_states and cops_play: the tables of gg_cops_def (its xTables),
** each with module data of its own (freed by SQLite, also if the
** registration fails). */
int gg_register_cops(sqlite3 *db, GGConn *pConn, const GGGameDef *pDef){
  static const char *const azName[2] = { "cops_states", "cops_play" };
  int i, rc = SQLITE_OK;
  for(i=0; rc==SQLITE_OK && i<2; i++){
    GGTableAux *a = gg_table_aux(pConn, pDef, azName[i]);   /* (its calls: cops_sql.c) */
    if( a==0 ) return SQLITE_NOMEM;
    rc = sqlite3_create_module_v2(db, azName[i], &cvModule, a, sqlite3_free);
  }
  return rc;
}
