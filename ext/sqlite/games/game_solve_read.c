/*
** game_solve_read.c: reading game_solve's two tables into a game, and
** solving it (the table itself is game_solve_sql.c).
**
** Each table is read once, with one pass over its rows, by one statement:
**
**   SELECT graphgame_rows(?1, position, player, result) FROM "positions"
**   SELECT graphgame_rows(?1, position, next) FROM "moves"
**
** The private aggregate graphgame_rows (rows.c) is handed each row's
** values inside the scan, so a table costs one sqlite3_step() instead of
** a step and a sqlite3_column_value() per column for every row: with
** millions of rows that was most of what reading cost beyond SQLite's own
** scan.  A bad row stops the scan and leaves its error in the read.
**
** Integer position ids are looked up in batches (GS_BATCH) so that the
** hash misses of a big game overlap.  Every error names the table, the
** column and the row's value; an id that matches a position only by type
** (5 and '5') says so.
*/
#include <string.h>
#include "game_solve_sql.h"
#include "alloc.h"
SQLITE_EXTENSION_INIT3

const char *const gg_gamesolve_outcome[4] = { "?", "win", "loss", "draw" };

/* What is wrong with a row of the positions table (gsPositionError). */
#define GS_BAD_TYPE   -2   /* position neither integer nor text */
#define GS_BAD_DUP    -1   /* position listed before */
#define GS_BAD_PLAYER  1   /* player not 0 or 1 */
#define GS_BAD_RESULT  2   /* result not NULL, 'win', 'loss' or 'draw' */

/* Rows with integer positions are read in batches of this many: with
** millions of positions almost every hash lookup misses the CPU caches,
** and a batch waits for its misses together. */
#define GS_BATCH 128


/* Rows whose position is an integer (and whose player and result are
** right) are added GS_BATCH at a time, their slots prefetched first. */
typedef struct GsPosBatch GsPosBatch;
struct GsPosBatch {
  uint32_t n;                      /* rows held */
  int64_t aKey[GS_BATCH];          /* their positions */
  uint8_t aKind[GS_BATCH];         /* their GG_EX_KIND() */
};

/* Moves whose ends are both integers are looked up GS_BATCH at a time
** (gg_keymap_find_ints). */
typedef struct GsMoveBatch GsMoveBatch;
struct GsMoveBatch {
  uint32_t n;                      /* moves held */
  int64_t aKey[2*GS_BATCH];        /* from, to, from, to, ... */
  int64_t aId[2*GS_BATCH];         /* their dense ids, or -1 */
};

/* One table being read (?1 of its statement). */
typedef struct GsRead GsRead;
struct GsRead {
  GGRows base;                     /* the read through graphgame_rows (rows.c),
                                   ** first; base.rc: the error that stopped the scan */
  GGConn *pConn;
  GsGame *pGame;                   /* the game being read into */
  int bMoves;                      /* reading the moves (else the positions) */
  char *zErr;                      /* ... its message, or NULL */
  sqlite3_int64 nRow;              /* rows of the positions table so far */
  uint8_t *aKind;                  /* the positions' kinds, by dense id */
  uint32_t nKindAlloc;             /* bytes allocated in aKind */
  GGMoveList *pMoves;              /* the moves so far, by dense id */
  GsPosBatch pos;                  /* positions not yet added */
  GsMoveBatch mv;                  /* moves not yet added */
};

void gg_gamesolve_free(GsGame *p){
  if( p==0 ) return;
  sqlite3_free(p->zPositions);
  sqlite3_free(p->zMoves);
  gg_keymap_free(&p->keys);
  gg_explicit_free(&p->ex);
  sqlite3_free(p);
}

/* Prepare "SELECT graphgame_rows(?1, <columns>) FROM zTable"; on failure
** an error naming the table or the missing column.  The column names stay
** bare: a missing column in double quotes would be read as a string
** literal. */
static int gsPrepare(sqlite3 *db, const char *zTable, const char *const *azCol,
                     int nCol, sqlite3_stmt **ppStmt, char **pzErr){
  char *zSql = nCol==3
    ? sqlite3_mprintf("SELECT " GG_ROWS "(?1, %s, %s, %s) FROM \"%w\"",
                      azCol[0], azCol[1], azCol[2], zTable)
    : sqlite3_mprintf("SELECT " GG_ROWS "(?1, %s, %s) FROM \"%w\"",
                      azCol[0], azCol[1], zTable);
  int rc;
  if( zSql==0 ) return SQLITE_NOMEM;
  rc = sqlite3_prepare_v2(db, zSql, -1, ppStmt, 0);
  sqlite3_free(zSql);
  if( rc==SQLITE_OK || rc==SQLITE_NOMEM || rc==SQLITE_INTERRUPT ) return rc;
  zSql = sqlite3_mprintf("%s", sqlite3_errmsg(db));     /* the message, kept */
  if( zSql==0 ) return SQLITE_NOMEM;
  rc = gg_table_why_not(db, GS_NAME, zTable, azCol, nCol, zSql, 0, pzErr);
  sqlite3_free(zSql);
  return rc;
}

/* The error after sqlite3_step() failed while reading zTable. */
static int gsStepError(sqlite3 *db, int rc, const char *zTable, char **pzErr){
  if( rc==SQLITE_NOMEM ) return rc;
  if( rc==SQLITE_INTERRUPT ){
    *pzErr = gg_err_interrupted(GS_NAME, "reading table \"%w\"", zTable);
  }else{
    *pzErr = gg_errmsg_reading(db, GS_NAME, zTable);
  }
  return rc;
}

/* Find the dense id of an SQL value; -1 if it is not a listed position. */
int64_t gg_gamesolve_find(const GGKeyMap *pKeys, sqlite3_value *pVal){
  switch( sqlite3_value_type(pVal) ){
    case SQLITE_INTEGER:
      return gg_keymap_find(pKeys, GG_KEY_INT, sqlite3_value_int64(pVal), 0, 0);
    case SQLITE_TEXT: {
      const char *z = (const char*)sqlite3_value_text(pVal);
      if( z==0 ) return -1;
      return gg_keymap_find(pKeys, GG_KEY_TEXT, 0, z, (uint32_t)sqlite3_value_bytes(pVal));
    }
    default:
      return -1;
  }
}

int gg_gamesolve_lookup(GsGame *pGame, sqlite3_value *pVal, int64_t *pId){
  *pId = -1;
  if( gg_keymap_reindex(&pGame->keys) ) return SQLITE_NOMEM;
  if( sqlite3_value_type(pVal)==SQLITE_FLOAT ){
    double r = sqlite3_value_double(pVal);
    if( r>=-9223372036854775808.0 && r<9223372036854775808.0 && r==(double)(int64_t)r ){
      *pId = gg_keymap_find(&pGame->keys, GG_KEY_INT, (int64_t)r, 0, 0);
    }
  }else{
    *pId = gg_gamesolve_find(&pGame->keys, pVal);
  }
  return SQLITE_OK;
}

/* The result word of a position row: GG_EX_*, or -1 if unknown. */
static int gsResult(sqlite3_value *pVal){
  const char *z;
  int i;
  if( sqlite3_value_type(pVal)==SQLITE_NULL ) return GG_EX_GOING;
  if( sqlite3_value_type(pVal)!=SQLITE_TEXT ) return -1;
  z = (const char*)sqlite3_value_text(pVal);
  for(i=GG_EX_WIN; z && i<=GG_EX_DRAW; i++){
    if( strcmp(z, gg_gamesolve_outcome[i])==0 ) return i;
  }
  return -1;
}

/* The error for a bad row (position, player, result) of the positions
** table; why is GS_BAD_*. */
static int gsPositionError(GsGame *pGame, sqlite3_value **apCol, int why, char **pzErr){
  char *zPos = gg_value_sql(apCol[0]);
  char *zVal = why>=GS_BAD_PLAYER ? gg_value_sql(apCol[why]) : 0;
  if( zPos==0 || (why>=GS_BAD_PLAYER && zVal==0) ){
    sqlite3_free(zPos);
    sqlite3_free(zVal);
    return SQLITE_NOMEM;
  }
  switch( why ){
    case GS_BAD_TYPE:
      *pzErr = gg_errmsg(GS_NAME ": table \"%w\" has position %s; positions must be"
                         " integers or text", pGame->zPositions, zPos);
      break;
    case GS_BAD_DUP:
      *pzErr = gg_errmsg(GS_NAME ": position %s is listed twice in table \"%w\"",
                         zPos, pGame->zPositions);
      break;
    case GS_BAD_PLAYER:
      *pzErr = gg_errmsg(GS_NAME ": position %s in table \"%w\" has player %s;"
                         " the players are 0 and 1", zPos, pGame->zPositions, zVal);
      break;
    default:
      *pzErr = gg_errmsg(GS_NAME ": position %s in table \"%w\" has result %s;"
                         " results are NULL, 'win', 'loss' and 'draw'", zPos,
                         pGame->zPositions, zVal);
      break;
  }
  sqlite3_free(zPos);
  sqlite3_free(zVal);
  if( *pzErr==0 ) return SQLITE_NOMEM;
  return why==GS_BAD_DUP ? SQLITE_CONSTRAINT : SQLITE_MISMATCH;
}

/* The kind byte of a row (position, player, result) of the positions
** table: 0 and *pKind set, or GS_BAD_PLAYER or GS_BAD_RESULT. */
static int gsKindOf(sqlite3_value **apCol, uint8_t *pKind){
  int iResult;
  if( sqlite3_value_type(apCol[1])!=SQLITE_INTEGER
   || (uint64_t)sqlite3_value_int64(apCol[1])>1 ){
    return GS_BAD_PLAYER;
  }
  iResult = gsResult(apCol[2]);
  if( iResult<0 ) return GS_BAD_RESULT;
  *pKind = GG_EX_KIND((int)sqlite3_value_int64(apCol[1]), iResult);
  return 0;
}

/* Room for kind byte number id in r->aKind (grown by doubling). */
static int gsKindRoom(GsRead *r, uint32_t id){
  uint64_t nNew;
  uint8_t *aNew;
  if( id<r->nKindAlloc ) return SQLITE_OK;
  nNew = r->nKindAlloc ? (uint64_t)r->nKindAlloc*2 : 1024;
  if( nNew>0xffffffffu ) nNew = 0xffffffffu;
  aNew = gg_malloc(nNew);
  if( aNew==0 ) return SQLITE_NOMEM;
  if( id ) memcpy(aNew, r->aKind, id);
  gg_free(r->aKind);
  r->aKind = aNew;
  r->nKindAlloc = (uint32_t)nNew;
  return SQLITE_OK;
}

/* The error for a keymap that is full. */
static int gsTooMany(GsRead *r){
  r->zErr = gg_err_too_many_positions(GS_NAME, r->pGame->zPositions);
  return SQLITE_TOOBIG;
}

/* One row (position, player, result) of the positions table that is not
** batched: check it, add its id to the map and its kind to r->aKind. */
static int gsAddPosition(GsRead *r, sqlite3_value **apCol){
  GsGame *pGame = r->pGame;
  sqlite3_value *pPos = apCol[0];
  int type = sqlite3_value_type(pPos), bNew = 0, rc, why;
  uint32_t id = 0;
  uint8_t kind;
  if( type==SQLITE_INTEGER ){
    rc = gg_keymap_add(&pGame->keys, GG_KEY_INT, sqlite3_value_int64(pPos), 0, 0, &id, &bNew);
  }else if( type==SQLITE_TEXT ){
    const char *z = (const char*)sqlite3_value_text(pPos);
    if( z==0 ) return SQLITE_NOMEM;
    rc = gg_keymap_add(&pGame->keys, GG_KEY_TEXT, 0, z,
                       (uint32_t)sqlite3_value_bytes(pPos), &id, &bNew);
  }else{
    return gsPositionError(pGame, apCol, GS_BAD_TYPE, &r->zErr);
  }
  if( rc==GG_NOMEM ) return SQLITE_NOMEM;
  if( rc==GG_TOOBIG ) return gsTooMany(r);
  if( !bNew ) return gsPositionError(pGame, apCol, GS_BAD_DUP, &r->zErr);
  if( (why = gsKindOf(apCol, &kind))!=0 ) return gsPositionError(pGame, apCol, why, &r->zErr);
  if( gsKindRoom(r, id) ) return SQLITE_NOMEM;
  r->aKind[id] = kind;
  return SQLITE_OK;
}

/* Add the batch's positions, in order; empty the batch. */
static int gsFlushPositions(GsRead *r){
  GsPosBatch *pB = &r->pos;
  GGKeyMap *pKeys = &r->pGame->keys;
  uint32_t i, n = pB->n, id;
  int bNew, rc;
  pB->n = 0;
  gg_keymap_prefetch_ints(pKeys, pB->aKey, n);
  for(i=0; i<n; i++){
    rc = gg_keymap_add(pKeys, GG_KEY_INT, pB->aKey[i], 0, 0, &id, &bNew);
    if( rc==GG_NOMEM ) return SQLITE_NOMEM;
    if( rc==GG_TOOBIG ) return gsTooMany(r);
    if( !bNew ){
      r->zErr = gg_errmsg(GS_NAME ": position %lld is listed twice in table \"%w\"",
                          pB->aKey[i], r->pGame->zPositions);
      return r->zErr ? SQLITE_CONSTRAINT : SQLITE_NOMEM;
    }
    if( gsKindRoom(r, id) ) return SQLITE_NOMEM;
    r->aKind[id] = pB->aKind[i];
  }
  return SQLITE_OK;
}

/* One row (position, player, result) of the positions table.  Past the
** limit rows are only counted. */
static int gsPositionRow(GsRead *r, sqlite3_value **apCol){
  GsPosBatch *pB = &r->pos;
  int rc;
  if( ++r->nRow>r->pConn->mxPositions ) return SQLITE_OK;
  if( sqlite3_value_type(apCol[0])==SQLITE_INTEGER && gsKindOf(apCol, &pB->aKind[pB->n])==0 ){
    pB->aKey[pB->n] = sqlite3_value_int64(apCol[0]);
    return ++pB->n==GS_BATCH ? gsFlushPositions(r) : SQLITE_OK;
  }
  if( pB->n && (rc = gsFlushPositions(r))!=SQLITE_OK ) return rc;
  return gsAddPosition(r, apCol);
}

/* 1 if the decimal text of iVal is a listed position: an integer id that
** is missing as an integer may be there as text. */
static int gsTextTwin(const GGKeyMap *pKeys, int64_t iVal){
  char z[32];
  sqlite3_snprintf(sizeof(z), z, "%lld", iVal);
  return gg_keymap_find(pKeys, GG_KEY_TEXT, 0, z, (uint32_t)strlen(z))>=0;
}

/* 1 and *piVal if pVal is text that spells an integer exactly as SQLite
** prints it and that integer is a listed position. */
static int gsIntTwin(const GGKeyMap *pKeys, sqlite3_value *pVal, int64_t *piVal){
  const char *z;
  char zBuf[32];
  uint64_t u = 0;
  int64_t v;
  int i, n;
  if( sqlite3_value_type(pVal)!=SQLITE_TEXT ) return 0;
  z = (const char*)sqlite3_value_text(pVal);
  n = sqlite3_value_bytes(pVal);
  if( z==0 || n<1 || n>20 ) return 0;
  for(i = z[0]=='-'; i<n; i++){
    if( z[i]<'0' || z[i]>'9' ) return 0;
    u = u*10 + (uint64_t)(z[i]-'0');        /* may wrap: the round trip below */
  }                                         /* ... then fails */
  v = (int64_t)(z[0]=='-' ? 0-u : u);
  sqlite3_snprintf(sizeof(zBuf), zBuf, "%lld", v);
  if( (int)strlen(zBuf)!=n || memcmp(zBuf, z, n)!=0 ) return 0;
  *piVal = v;
  return gg_keymap_find(pKeys, GG_KEY_INT, v, 0, 0)>=0;
}

/* The error for a move zFrom -> zTo (SQL literals, sqlite3_malloc'ed and
** freed here) whose end bTo (0: zFrom, 1: zTo) is not a listed position.
** bTwin: that end is integer iTwin or its decimal text, and the other of
** the two is a position (the message says they differ). */
static int gsUnknown(GsGame *pGame, char *zFrom, char *zTo, int bTo, int bTwin,
                     int64_t iTwin, char **pzErr){
  if( zFrom && zTo ){
    *pzErr = gg_errmsg(GS_NAME ": move %s -> %s in table \"%w\": %s is not a"
                       " position in table \"%w\"%z", zFrom, zTo, pGame->zMoves,
                       bTo ? zTo : zFrom, pGame->zPositions,
                       bTwin ? sqlite3_mprintf(" (ids %lld and '%lld' differ: integer"
                                               " and text)", iTwin, iTwin) : 0);
  }
  sqlite3_free(zFrom);
  sqlite3_free(zTo);
  return *pzErr ? SQLITE_ERROR : SQLITE_NOMEM;
}

static int gsAddMove(GsRead *r, int64_t iFrom, int64_t iTo){
  int rc = gg_movelist_add(r->pMoves, (uint32_t)iFrom, (uint32_t)iTo);
  if( rc==GG_TOOBIG ){
    r->zErr = gg_errmsg(GS_NAME ": table \"%w\" has too many moves", r->pGame->zMoves);
    return SQLITE_TOOBIG;
  }
  return rc ? SQLITE_NOMEM : SQLITE_OK;
}

/* Look up the batch's moves and add them, in order; empty the batch. */
static int gsFlushMoves(GsRead *r){
  GsMoveBatch *pB = &r->mv;
  GsGame *pGame = r->pGame;
  uint32_t i, n = pB->n;
  int rc = SQLITE_OK;
  pB->n = 0;
  gg_keymap_find_ints(&pGame->keys, pB->aKey, 2*n, pB->aId);
  for(i=0; rc==SQLITE_OK && i<n; i++){
    int64_t iFrom = pB->aId[2*i], iTo = pB->aId[2*i+1];
    if( iFrom<0 || iTo<0 ){
      int64_t iKey = pB->aKey[2*i + (iFrom>=0)];
      rc = gsUnknown(pGame, sqlite3_mprintf("%lld", pB->aKey[2*i]),
                     sqlite3_mprintf("%lld", pB->aKey[2*i+1]), iFrom>=0,
                     gsTextTwin(&pGame->keys, iKey), iKey, &r->zErr);
    }else{
      rc = gsAddMove(r, iFrom, iTo);
    }
  }
  return rc;
}

/* One row (position, next) of the moves table. */
static int gsMoveRow(GsRead *r, sqlite3_value **apCol){
  GsMoveBatch *pB = &r->mv;
  GsGame *pGame = r->pGame;
  sqlite3_value *pFrom = apCol[0], *pTo = apCol[1];
  int64_t iFrom, iTo;
  int rc;
  if( sqlite3_value_type(pFrom)==SQLITE_INTEGER && sqlite3_value_type(pTo)==SQLITE_INTEGER ){
    pB->aKey[2*pB->n] = sqlite3_value_int64(pFrom);
    pB->aKey[2*pB->n+1] = sqlite3_value_int64(pTo);
    return ++pB->n==GS_BATCH ? gsFlushMoves(r) : SQLITE_OK;
  }
  if( pB->n && (rc = gsFlushMoves(r))!=SQLITE_OK ) return rc;
  iFrom = gg_gamesolve_find(&pGame->keys, pFrom);
  iTo = gg_gamesolve_find(&pGame->keys, pTo);
  if( iFrom<0 || iTo<0 ){
    sqlite3_value *pBad = iFrom<0 ? pFrom : pTo;
    int64_t iKey = 0;
    int bTwin = sqlite3_value_type(pBad)==SQLITE_INTEGER
      ? gsTextTwin(&pGame->keys, iKey = sqlite3_value_int64(pBad))
      : gsIntTwin(&pGame->keys, pBad, &iKey);
    return gsUnknown(pGame, gg_value_sql(pFrom), gg_value_sql(pTo), iFrom>=0, bTwin,
                     iKey, &r->zErr);
  }
  return gsAddMove(r, iFrom, iTo);
}

/* One row of the table being read (GGRows.xRow). */
static int gsRow(GGRows *pRows, sqlite3_value **apCol){
  GsRead *r = (GsRead*)pRows;
  return r->bMoves ? gsMoveRow(r, apCol) : gsPositionRow(r, apCol);
}

/* Read one table through graphgame_rows: every row into r, the last
** batch flushed.  SQLITE_OK, or an error with *pzErr. */
static int gsReadTable(GsRead *r, const char *zTable, const char *const *azCol,
                       int nCol, char **pzErr){
  sqlite3 *db = r->pConn->db;
  sqlite3_stmt *p = 0;
  int rc = gsPrepare(db, zTable, azCol, nCol, &p, pzErr);
  if( rc ) return rc;
  r->base.nCol = nCol;
  r->base.xRow = gsRow;
  rc = gg_rows_bind(p, &r->base);
  if( rc==SQLITE_OK ) rc = sqlite3_step(p);       /* the whole scan */
  if( r->base.rc ){
    rc = r->base.rc;                              /* a bad row (or out of memory) */
    *pzErr = r->zErr;
    r->zErr = 0;
  }else if( rc==SQLITE_ROW ){                     /* the aggregate's one row */
    rc = SQLITE_OK;
    if( r->bMoves ){
      if( r->mv.n ) rc = gsFlushMoves(r);
    }else if( r->pos.n ){
      rc = gsFlushPositions(r);
    }
    if( rc ){
      *pzErr = r->zErr;
      r->zErr = 0;
    }
  }else{
    rc = gsStepError(db, rc, zTable, pzErr);
  }
  sqlite3_finalize(p);
  return rc;
}

/* Read the positions table into pGame->keys and r->aKind. */
static int gsReadPositions(GsRead *r, char **pzErr){
  static const char *const azCol[] = { "position", "player", "result" };
  int rc = gsReadTable(r, r->pGame->zPositions, azCol, 3, pzErr);
  if( rc==SQLITE_OK && r->nRow>r->pConn->mxPositions ){
    *pzErr = gg_err_limit(r->pConn->mxPositions, GS_NAME, "table \"%w\" has %lld positions",
                          r->pGame->zPositions, r->nRow);
    rc = SQLITE_TOOBIG;
  }
  return rc;
}

/* Read both tables and solve.  *ppGame gets the game, or an error. */
int gg_gamesolve_load(GGConn *pConn, const char *zPositions, const char *zMoves,
                  GsGame **ppGame, char **pzErr){
  static const char *const azMoveCol[] = { "position", "next" };
  GsGame *pGame = sqlite3_malloc64(sizeof(*pGame));
  GGMoveList moves;
  GGInterrupt intr;
  GGStop stop;
  GsRead r;
  int rc;
  *ppGame = 0;
  memset(&moves, 0, sizeof(moves));
  memset(&r, 0, sizeof(r));
  if( pGame==0 ) return SQLITE_NOMEM;
  memset(pGame, 0, sizeof(*pGame));
  r.pConn = pConn;
  r.pGame = pGame;
  r.pMoves = &moves;
  pGame->keys.bRunOk = 1;         /* ids numbered in table order cost nothing */
  pGame->zPositions = sqlite3_mprintf("%s", zPositions);
  pGame->zMoves = sqlite3_mprintf("%s", zMoves);
  if( pGame->zPositions==0 || pGame->zMoves==0 ){ rc = SQLITE_NOMEM; goto done; }
  rc = gg_reentry_enter(zPositions, pzErr);
  if( rc ) goto done;
  rc = gsReadPositions(&r, pzErr);
  if( rc==SQLITE_OK ){
    r.bMoves = 1;
    moves.nSource = pGame->keys.n;     /* moves by ascending source: 4 bytes each */
    rc = gsReadTable(&r, zMoves, azMoveCol, 2, pzErr);
  }
  gg_reentry_leave();
  if( rc ) goto done;
  gg_keymap_unindex(&pGame->keys);     /* room for building; gsPin reindexes */
  if( r.aKind==0 ) r.aKind = gg_malloc(1);        /* no positions at all */
  rc = gg_explicit_build(&pGame->ex, pGame->keys.n, r.aKind, &moves);
  r.aKind = 0;                                     /* the game took it */
  if( rc==GG_OK ){
    gg_interrupt_init(&intr, &stop, pConn->db);
    rc = gg_explicit_solve(&pGame->ex, &stop);
    gg_interrupt_done(&intr);
  }
  if( rc==GG_TOOBIG && pGame->keys.n>GG_EX_MAX_POS ){
    *pzErr = gg_errmsg(GS_NAME ": table \"%w\" has %u positions, more than game_solve takes"
                       " (%u: its counts of moves and plies are kept in 30 bits)", zPositions,
                       pGame->keys.n, (unsigned)GG_EX_MAX_POS);
  }else if( rc==GG_TOOBIG ){
    *pzErr = gg_err_too_many_positions(GS_NAME, zPositions);
  }else if( rc==GG_INTERRUPT ){
    *pzErr = gg_err_interrupted(GS_NAME, "solving the game of tables \"%w\" and \"%w\"",
                                zPositions, zMoves);
  }
  rc = gg_sqlite_rc(rc);
done:
  gg_free(r.aKind);
  sqlite3_free(r.zErr);
  gg_movelist_free(&moves);
  if( rc ){
    gg_gamesolve_free(pGame);
  }else{
    *ppGame = pGame;
  }
  return rc;
}
