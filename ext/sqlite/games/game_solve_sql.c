/*
** game_solve_sql.c: game_solve(positions, moves), any finite two-player
** game kept as SQL rows (a table of positions and one of moves), solved:
** one row per position with its outcome for the player to move, plies
** and optimal move.  An equality constraint on position picks its row
** directly; a cursor keeps its solved game for the statement.  A scan
** ordered or grouped by outcome alone gets its rows in that order (draw,
** loss, win: one pass over the positions for each), so SQLite sorts
** nothing: `SELECT outcome, count(*) ... GROUP BY 1` on 2,000,000
** positions spent a third of its time in the sorter.  The tables
** are read by game_solve_read.c, the game is solved by
** ext/engine/game_solve/game_solve.c; the limit, interrupt and messages
** are the shared ones (errors.c).  The manual: docs/reference/game_solve.md.
*/
#include <string.h>
#include "game_solve_sql.h"
#include "registry.h"       /* its own registration, as the registry lists it */
SQLITE_EXTENSION_INIT3

#define GS_POSITION  0
#define GS_OUTCOME   1
#define GS_PLIES     2
#define GS_MOVE      3
#define GS_POSITIONS 4     /* hidden: the positions table */
#define GS_MOVES     5     /* hidden: the moves table */
#define GS_SCHEMA "CREATE TABLE x(position, outcome TEXT, plies INTEGER," \
  " move, positions HIDDEN, moves HIDDEN)"

/* idxNum bits: which constraints are passed, in argv order */
#define GS_HAS_POS       0x01    /* position = ? */
#define GS_HAS_POSITIONS 0x02    /* the positions argument */
#define GS_HAS_MOVES     0x04    /* the moves argument */
#define GS_BY_OUTCOME    0x08    /* the rows by outcome (ORDER or GROUP BY) */
#define GS_BY_DESC       0x10    /* ... descending */

/* The passes of a scan by outcome, in the order of the text. */
static const int gsPass[3] = { GG_EX_DRAW, GG_EX_LOSS, GG_EX_WIN };



/* The moves of a full scan are found GS_ROWS rows at a time, so that the
** keys of the moves found are fetched together (they are random reads in
** a big game whose ids are not a run). */
#define GS_ROWS 256

typedef struct GsVtab GsVtab;
struct GsVtab {
  GGVtab base;                /* base class (vtab_args.c), must be first */
  GGConn *pConn;            /* the connection's context */
};

typedef struct GsCursor GsCursor;
struct GsCursor {
  sqlite3_vtab_cursor base; /* base class, must be first */
  GsGame *pGame;            /* the solved game, or NULL */
  uint32_t i;               /* current row: a dense id */
  uint32_t iEnd;            /* one past the last row */
  int iPass;                /* a scan by outcome: its pass (0..2, 3 at the
                            ** end; gsPass), or -1 */
  int bDesc;                /* ... the passes in reverse */
  int bLoaded;              /* the fields below hold row i */
  int outcome;              /* row i: GG_EX_WIN, GG_EX_LOSS or GG_EX_DRAW */
  int64_t plies;            /* row i: -1 for NULL */
  uint32_t iMove0, nMove;   /* aMove[k] is the move of row iMove0+k, k<nMove */
  int64_t aMove[GS_ROWS];
};

static int gsConnect(sqlite3 *db, void *pAux, int argc, const char *const*argv,
                     sqlite3_vtab **ppVtab, char **pzErr){
  GsVtab *pNew;
  int rc;
  (void)argc; (void)argv; (void)pzErr;
  pNew = (GsVtab*)gg_vtab_new(db, GS_SCHEMA, sizeof(*pNew), sizeof(GsCursor), &rc);
  if( pNew==0 ) return rc;
  pNew->pConn = (GGConn*)pAux;
  /* Not SQLITE_VTAB_INNOCUOUS: it reads any table named by its arguments
  ** (see the flags in graphgame.c). */
  *ppVtab = &pNew->base.base;
  return SQLITE_OK;
}

static int gsClose(sqlite3_vtab_cursor *cur){
  GsCursor *pCur = (GsCursor*)cur;
  gg_gamesolve_free(pCur->pGame);
  sqlite3_free(pCur);
  return SQLITE_OK;
}

/* Narrow the rows to the position = constraint value: one row or none.
** Compares as SQL's = does on a column without affinity. */
static int gsPin(GsCursor *pCur, sqlite3_value *pVal){
  int64_t id = -1;
  pCur->i = pCur->iEnd = 0;
  if( gg_gamesolve_lookup(pCur->pGame, pVal, &id) ) return SQLITE_NOMEM;
  if( id>=0 ){
    pCur->i = (uint32_t)id;
    pCur->iEnd = (uint32_t)id + 1;
  }
  return SQLITE_OK;
}

/* A scan by outcome: row i, or the first after it, whose outcome is
** that of the pass; the next pass from row 0 at the end of one. */
static void gsSeek(GsCursor *pCur){
  const GGExplicit *pEx = &pCur->pGame->ex;
  while( pCur->iPass<=2 ){
    int want = gsPass[pCur->bDesc ? 2-pCur->iPass : pCur->iPass], outcome;
    int64_t plies;
    for(; pCur->i<pCur->iEnd; pCur->i++){
      gg_explicit_value(pEx, pCur->i, &outcome, &plies);
      if( outcome==want ) return;
    }
    pCur->iPass++;
    pCur->i = 0;
  }
}

static int gsFilter(sqlite3_vtab_cursor *cur, int idxNum, const char *idxStr,
                    int argc, sqlite3_value **argv){
  GsCursor *pCur = (GsCursor*)cur;
  GsVtab *pTab = (GsVtab*)cur->pVtab;
  sqlite3_value *pPos = 0, *pPositions = 0, *pMoves = 0;
  const char *zPositions, *zMoves;
  char *zErr = 0;
  int j = 0, rc;
  (void)idxStr; (void)argc;
  pCur->i = pCur->iEnd = 0;
  pCur->bLoaded = 0;
  pCur->nMove = 0;
  if( idxNum & GS_HAS_POS ) pPos = argv[j++];
  if( idxNum & GS_HAS_POSITIONS ) pPositions = argv[j++];
  if( idxNum & GS_HAS_MOVES ) pMoves = argv[j++];
  zPositions = pPositions ? (const char*)sqlite3_value_text(pPositions) : 0;
  zMoves = pMoves ? (const char*)sqlite3_value_text(pMoves) : 0;
  if( zPositions==0 || zMoves==0 ){
    return gg_vtab_error(&pTab->base.base, SQLITE_ERROR,
                         gg_err_needs(GS_NAME, 0, "positions, moves"));
  }
  if( pCur->pGame==0 || strcmp(pCur->pGame->zPositions, zPositions)!=0
   || strcmp(pCur->pGame->zMoves, zMoves)!=0 ){
    gg_gamesolve_free(pCur->pGame);
    pCur->pGame = 0;
    pCur->nMove = 0;
    rc = gg_gamesolve_load(pTab->pConn, zPositions, zMoves, &pCur->pGame, &zErr);
    if( rc ){
      gg_vtab_error(&pTab->base.base, rc, zErr);
      return rc;
    }
  }
  pCur->iPass = -1;
  if( pPos ) return gsPin(pCur, pPos);
  pCur->i = 0;
  pCur->iEnd = pCur->pGame->ex.nPos;
  if( idxNum & GS_BY_OUTCOME ){
    pCur->iPass = 0;
    pCur->bDesc = (idxNum & GS_BY_DESC)!=0;
    gsSeek(pCur);
  }
  return SQLITE_OK;
}

static int gsNext(sqlite3_vtab_cursor *cur){
  GsCursor *pCur = (GsCursor*)cur;
  pCur->i++;
  pCur->bLoaded = 0;
  if( pCur->iPass>=0 ) gsSeek(pCur);
  return SQLITE_OK;
}

static int gsEof(sqlite3_vtab_cursor *cur){
  GsCursor *pCur = (GsCursor*)cur;
  return pCur->iPass>=0 ? pCur->iPass>2 : pCur->i>=pCur->iEnd;
}

/* Report position id as the value it was given as. */
static void gsResultKey(sqlite3_context *ctx, const GGKeyMap *pKeys, uint32_t id){
  if( gg_keymap_type(pKeys, id)==GG_KEY_INT ){
    sqlite3_result_int64(ctx, gg_keymap_int(pKeys, id));
  }else{
    uint32_t nz;
    const char *z = gg_keymap_text(pKeys, id, &nz);
    sqlite3_result_text64(ctx, z, nz, SQLITE_TRANSIENT, SQLITE_UTF8);
  }
}

/* Load row pCur->i: its outcome and plies. */
static void gsLoad(GsCursor *pCur){
  gg_explicit_value(&pCur->pGame->ex, pCur->i, &pCur->outcome, &pCur->plies);
  pCur->bLoaded = 1;
}

/* The move of row pCur->i, from the batch (found afresh, for the rows
** from i on, when i is not in it; only a query that reads the column
** pays for it). */
static int64_t gsMove(GsCursor *pCur){
  GsGame *pGame = pCur->pGame;
  uint32_t i = pCur->i;
  if( i<pCur->iMove0 || i-pCur->iMove0>=pCur->nMove ){
    uint32_t n = pCur->iEnd-i<GS_ROWS ? pCur->iEnd-i : GS_ROWS;
    gg_explicit_moves(&pGame->ex, i, n, pCur->aMove);
    gg_keymap_prefetch_ids(&pGame->keys, pCur->aMove, n);
    pCur->iMove0 = i;
    pCur->nMove = n;
  }
  return pCur->aMove[i-pCur->iMove0];
}

static int gsColumn(sqlite3_vtab_cursor *cur, sqlite3_context *ctx, int iCol){
  GsCursor *pCur = (GsCursor*)cur;
  GsGame *pGame = pCur->pGame;
  if( iCol==GS_POSITION ){
    gsResultKey(ctx, &pGame->keys, pCur->i);
    return SQLITE_OK;
  }
  if( iCol>GS_MOVE ){                      /* the arguments, as given */
    const char *z = iCol==GS_POSITIONS ? pGame->zPositions : pGame->zMoves;
    sqlite3_result_text(ctx, z, -1, SQLITE_TRANSIENT);
    return SQLITE_OK;
  }
  if( !pCur->bLoaded ) gsLoad(pCur);
  switch( iCol ){
    case GS_OUTCOME:
      sqlite3_result_text(ctx, gg_gamesolve_outcome[pCur->outcome],
                          pCur->outcome==GG_EX_WIN ? 3 : 4, SQLITE_STATIC);   /* no strlen */
      break;
    case GS_PLIES:
      if( pCur->plies>=0 ) sqlite3_result_int64(ctx, pCur->plies);
      break;
    default: {
      int64_t move = gsMove(pCur);
      if( move>=0 ) gsResultKey(ctx, &pGame->keys, (uint32_t)move);
      break;
    }
  }
  return SQLITE_OK;
}

static int gsRowid(sqlite3_vtab_cursor *cur, sqlite_int64 *pRowid){
  *pRowid = (sqlite_int64)((GsCursor*)cur)->i + 1;
  return SQLITE_OK;
}

/* Use an equality constraint on position and the two arguments; the
** arguments are required, so a plan without them is made very expensive
** and xFilter reports them missing.  A full scan ordered (or grouped) by
** outcome alone gives its rows in that order. */
static int gsBestIndex(sqlite3_vtab *pVtab, sqlite3_index_info *pInfo){
  static const int aCol[3] = { GS_POSITION, GS_POSITIONS, GS_MOVES };
  int idxNum, rc = gg_vtab_slots(pInfo, aCol, 3, 1, &idxNum);
  (void)pVtab;
  if( rc ) return rc;
  if( (idxNum & (GS_HAS_POSITIONS|GS_HAS_MOVES))!=(GS_HAS_POSITIONS|GS_HAS_MOVES) ){
    pInfo->estimatedCost = 1e12;
    pInfo->estimatedRows = 1000000000;
  }else if( idxNum & GS_HAS_POS ){
    pInfo->estimatedCost = 10;
    pInfo->estimatedRows = 1;
    pInfo->idxFlags = SQLITE_INDEX_SCAN_UNIQUE;
  }else{
    pInfo->estimatedCost = 1e6;
    pInfo->estimatedRows = 1000000;
    if( pInfo->nOrderBy==1 && pInfo->aOrderBy[0].iColumn==GS_OUTCOME ){
      pInfo->orderByConsumed = 1;         /* (gsSeek: no sorter) */
      pInfo->idxNum |= GS_BY_OUTCOME | (pInfo->aOrderBy[0].desc ? GS_BY_DESC : 0);
    }
  }
  return SQLITE_OK;
}

static sqlite3_module gsModule = GG_VTAB_MODULE(gsConnect, gsBestIndex, gg_vtab_disconnect, gg_vtab_open,
    gsClose, gsFilter, gsNext, gsEof, gsColumn, gsRowid);

int gg_register_game_solve(sqlite3 *db, GGConn *pConn){
  return sqlite3_create_module_v2(db, GS_NAME, &gsModule, pConn, 0);
}
