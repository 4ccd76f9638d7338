/*
** game_solve_read.c: reading game_solve's two tables into a game, and
** solving it (the table itself is game_solve_sql.c).
**
** Each table is read once, with one pass over its rows.  Integer position
** ids are looked up in batches (GS_BATCH) so that the hash misses of a big
** game overlap.  Every error names the table, the column and the row's
** value; an id that matches a position only by type (5 and '5') says so.
*/
#include <string.h>
#include "game_solve_sql.h"
#include "alloc.h"
SQLITE_EXTENSION_INIT3

const char *const gg_gamesolve_outcome[4] = { "?", "win", "loss", "draw" };

/* What is wrong with a row of the positions table (gsPositionError); the
** last two are also the column that holds the bad value. */
#define GS_BAD_TYPE   -2   /* position neither integer nor text */
#define GS_BAD_DUP    -1   /* position listed before */
#define GS_BAD_PLAYER  1   /* player not 0 or 1 */
#define GS_BAD_RESULT  2   /* result not NULL, 'win', 'loss' or 'draw' */

/* Rows with integer positions are read in batches of this many: with
** millions of positions almost every hash lookup misses the CPU caches,
** and a batch waits for its misses together. */
#define GS_BATCH 128


void gg_gamesolve_free(GsGame *p){
  if( p==0 ) return;
  sqlite3_free(p->zPositions);
  sqlite3_free(p->zMoves);
  gg_keymap_free(&p->keys);
  gg_explicit_free(&p->ex);
  sqlite3_free(p);
}

/* Prepare "SELECT <columns> FROM zTable"; on failure an error naming
** the table or the missing column.  The column names stay bare: a missing
** column in double quotes would be read as a string literal. */
static int gsPrepare(sqlite3 *db, const char *zTable, const char *const *azCol,
                     int nCol, sqlite3_stmt **ppStmt, char **pzErr){
  char *zSql = nCol==3
    ? sqlite3_mprintf("SELECT %s, %s, %s FROM \"%w\"", azCol[0], azCol[1], azCol[2], zTable)
    : sqlite3_mprintf("SELECT %s, %s FROM \"%w\"", azCol[0], azCol[1], zTable);
  int rc;
  if( zSql==0 ) return SQLITE_NOMEM;
  rc = sqlite3_prepare_v2(db, zSql, -1, ppStmt, 0);
  sqlite3_free(zSql);
  if( rc==SQLITE_OK || rc==SQLITE_NOMEM || rc==SQLITE_INTERRUPT ) return rc;
  zSql = sqlite3_mprintf("%s", sqlite3_errmsg(db));     /* the message, kept */
  if( zSql==0 ) return SQLITE_NOMEM;
  rc = gg_table_why_not(db, GS_NAME, zTable, azCol, nCol, zSql, pzErr);
  sqlite3_free(zSql);
  return rc;
}

/* The error after sqlite3_step() failed while reading zTable. */
static int gsStepError(sqlite3 *db, int rc, const char *zTable, char **pzErr){
  if( rc==SQLITE_NOMEM ) return rc;
  if( rc==SQLITE_INTERRUPT ){
    *pzErr = gg_errmsg(GS_NAME ": interrupted while reading table \"%w\"", zTable);
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

/* The error for a bad row of the positions table; why is GS_BAD_*. */
static int gsPositionError(GsGame *pGame, sqlite3_stmt *p, int why, char **pzErr){
  char *zPos = gg_value_sql(sqlite3_column_value(p, 0));
  char *zVal = why>=GS_BAD_PLAYER ? gg_value_sql(sqlite3_column_value(p, why)) : 0;
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

/* The kind byte of a row of the positions table from its player and
** result: 0 and *pKind set, or GS_BAD_PLAYER or GS_BAD_RESULT. */
static int gsKindOf(sqlite3_stmt *p, uint8_t *pKind){
  sqlite3_value *pPlayer = sqlite3_column_value(p, 1);
  int iResult;
  if( sqlite3_value_type(pPlayer)!=SQLITE_INTEGER
   || (uint64_t)sqlite3_value_int64(pPlayer)>1 ){
    return GS_BAD_PLAYER;
  }
  iResult = gsResult(sqlite3_column_value(p, 2));
  if( iResult<0 ) return GS_BAD_RESULT;
  *pKind = GG_EX_KIND((int)sqlite3_value_int64(pPlayer), iResult);
  return 0;
}

/* Room for kind byte number id in *paKind (grown by doubling). */
static int gsKindRoom(uint8_t **paKind, uint32_t *pnAlloc, uint32_t id){
  uint64_t nNew;
  uint8_t *aNew;
  if( id<*pnAlloc ) return SQLITE_OK;
  nNew = *pnAlloc ? (uint64_t)*pnAlloc*2 : 1024;
  if( nNew>0xffffffffu ) nNew = 0xffffffffu;
  aNew = gg_malloc(nNew);
  if( aNew==0 ) return SQLITE_NOMEM;
  if( id ) memcpy(aNew, *paKind, id);
  gg_free(*paKind);
  *paKind = aNew;
  *pnAlloc = (uint32_t)nNew;
  return SQLITE_OK;
}

/* One row of the positions table: check it, add its id to the map and
** its kind to *paKind.  SQLITE_OK or an error with *pzErr. */
static int gsAddPosition(GsGame *pGame, sqlite3_stmt *p, uint8_t **paKind,
                         uint32_t *pnKindAlloc, char **pzErr){
  sqlite3_value *pPos = sqlite3_column_value(p, 0);
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
    return gsPositionError(pGame, p, GS_BAD_TYPE, pzErr);
  }
  if( rc==GG_NOMEM ) return SQLITE_NOMEM;
  if( rc==GG_TOOBIG ){
    *pzErr = gg_errmsg(GS_NAME ": table \"%w\" has too many positions", pGame->zPositions);
    return SQLITE_TOOBIG;
  }
  if( !bNew ) return gsPositionError(pGame, p, GS_BAD_DUP, pzErr);
  if( (why = gsKindOf(p, &kind))!=0 ) return gsPositionError(pGame, p, why, pzErr);
  if( gsKindRoom(paKind, pnKindAlloc, id) ) return SQLITE_NOMEM;
  (*paKind)[id] = kind;
  return SQLITE_OK;
}

/* Rows whose position is an integer (and whose player and result are
** right) are added GS_BATCH at a time, their slots prefetched first. */
typedef struct GsPosBatch GsPosBatch;
struct GsPosBatch {
  uint32_t n;                      /* rows held */
  int64_t aKey[GS_BATCH];          /* their positions */
  uint8_t aKind[GS_BATCH];         /* their GG_EX_KIND() */
};

/* Add the batch's positions, in order; empty the batch. */
static int gsFlushPositions(GsGame *pGame, GsPosBatch *pB, uint8_t **paKind,
                            uint32_t *pnKindAlloc, char **pzErr){
  uint32_t i, n = pB->n, id;
  int bNew, rc;
  pB->n = 0;
  gg_keymap_prefetch_ints(&pGame->keys, pB->aKey, n);
  for(i=0; i<n; i++){
    rc = gg_keymap_add(&pGame->keys, GG_KEY_INT, pB->aKey[i], 0, 0, &id, &bNew);
    if( rc==GG_NOMEM ) return SQLITE_NOMEM;
    if( rc==GG_TOOBIG ){
      *pzErr = gg_errmsg(GS_NAME ": table \"%w\" has too many positions", pGame->zPositions);
      return SQLITE_TOOBIG;
    }
    if( !bNew ){
      *pzErr = gg_errmsg(GS_NAME ": position %lld is listed twice in table \"%w\"",
                         pB->aKey[i], pGame->zPositions);
      return *pzErr ? SQLITE_CONSTRAINT : SQLITE_NOMEM;
    }
    if( gsKindRoom(paKind, pnKindAlloc, id) ) return SQLITE_NOMEM;
    (*paKind)[id] = pB->aKind[i];
  }
  return SQLITE_OK;
}

/* Read the positions table into pGame->keys and *paKind. */
static int gsReadPositions(GGConn *pConn, GsGame *pGame, uint8_t **paKind,
                           char **pzErr){
  static const char *const azCol[] = { "position", "player", "result" };
  sqlite3_stmt *p = 0;
  uint32_t nKindAlloc = 0;
  sqlite3_int64 nRow = 0;
  GsPosBatch batch;
  int rc = gsPrepare(pConn->db, pGame->zPositions, azCol, 3, &p, pzErr);
  if( rc ) return rc;
  batch.n = 0;
  while( (rc = sqlite3_step(p))==SQLITE_ROW ){
    if( ++nRow>pConn->mxPositions ) continue;     /* count on, keep nothing */
    if( sqlite3_column_type(p, 0)==SQLITE_INTEGER
     && gsKindOf(p, &batch.aKind[batch.n])==0 ){
      batch.aKey[batch.n] = sqlite3_column_int64(p, 0);
      if( ++batch.n==GS_BATCH
       && (rc = gsFlushPositions(pGame, &batch, paKind, &nKindAlloc, pzErr)) ){
        goto done;
      }
      continue;
    }
    if( batch.n && (rc = gsFlushPositions(pGame, &batch, paKind, &nKindAlloc, pzErr)) ){
      goto done;
    }
    rc = gsAddPosition(pGame, p, paKind, &nKindAlloc, pzErr);
    if( rc ) goto done;
  }
  if( rc==SQLITE_DONE && batch.n ){
    rc = gsFlushPositions(pGame, &batch, paKind, &nKindAlloc, pzErr);
    if( rc ) goto done;
    rc = SQLITE_DONE;
  }
  if( rc!=SQLITE_DONE ){
    rc = gsStepError(pConn->db, rc, pGame->zPositions, pzErr);
  }else if( nRow>pConn->mxPositions ){
    *pzErr = gg_errmsg(GS_NAME ": table \"%w\" has %lld positions, over the"
                       " limit of %lld (see graphgame_limit)", pGame->zPositions,
                       nRow, pConn->mxPositions);
    rc = SQLITE_TOOBIG;
  }else{
    rc = SQLITE_OK;
  }
done:
  sqlite3_finalize(p);
  return rc;
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

static int gsAddMove(GsGame *pGame, GGMoveList *pMoves, int64_t iFrom,
                     int64_t iTo, char **pzErr){
  int rc = gg_movelist_add(pMoves, (uint32_t)iFrom, (uint32_t)iTo);
  if( rc==GG_TOOBIG ){
    *pzErr = gg_errmsg(GS_NAME ": table \"%w\" has too many moves", pGame->zMoves);
    return SQLITE_TOOBIG;
  }
  return rc ? SQLITE_NOMEM : SQLITE_OK;
}

/* Moves whose ends are both integers are looked up GS_BATCH at a time
** (gg_keymap_find_ints). */
typedef struct GsMoveBatch GsMoveBatch;
struct GsMoveBatch {
  uint32_t n;                      /* moves held */
  int64_t aKey[2*GS_BATCH];        /* from, to, from, to, ... */
  int64_t aId[2*GS_BATCH];         /* their dense ids, or -1 */
};

/* Look up the batch's moves and add them, in order; empty the batch. */
static int gsFlush(GsGame *pGame, GsMoveBatch *pB, GGMoveList *pMoves,
                   char **pzErr){
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
                     gsTextTwin(&pGame->keys, iKey), iKey, pzErr);
    }else{
      rc = gsAddMove(pGame, pMoves, iFrom, iTo, pzErr);
    }
  }
  return rc;
}

/* Read the moves table into pMoves, by dense id. */
static int gsReadMoves(GGConn *pConn, GsGame *pGame, GGMoveList *pMoves,
                       char **pzErr){
  static const char *const azCol[] = { "position", "next" };
  sqlite3_stmt *p = 0;
  GsMoveBatch batch;
  int rc = gsPrepare(pConn->db, pGame->zMoves, azCol, 2, &p, pzErr);
  if( rc ) return rc;
  batch.n = 0;
  while( (rc = sqlite3_step(p))==SQLITE_ROW ){
    sqlite3_value *pFrom = sqlite3_column_value(p, 0);
    sqlite3_value *pTo = sqlite3_column_value(p, 1);
    int64_t iFrom, iTo;
    if( sqlite3_value_type(pFrom)==SQLITE_INTEGER
     && sqlite3_value_type(pTo)==SQLITE_INTEGER ){
      batch.aKey[2*batch.n] = sqlite3_value_int64(pFrom);
      batch.aKey[2*batch.n+1] = sqlite3_value_int64(pTo);
      if( ++batch.n==GS_BATCH && (rc = gsFlush(pGame, &batch, pMoves, pzErr)) ) goto done;
      continue;
    }
    if( batch.n && (rc = gsFlush(pGame, &batch, pMoves, pzErr)) ) goto done;
    iFrom = gg_gamesolve_find(&pGame->keys, pFrom);
    iTo = gg_gamesolve_find(&pGame->keys, pTo);
    if( iFrom<0 || iTo<0 ){
      sqlite3_value *pBad = iFrom<0 ? pFrom : pTo;
      int64_t iKey = 0;
      int bTwin = sqlite3_value_type(pBad)==SQLITE_INTEGER
        ? gsTextTwin(&pGame->keys, iKey = sqlite3_value_int64(pBad))
        : gsIntTwin(&pGame->keys, pBad, &iKey);
      rc = gsUnknown(pGame, gg_value_sql(pFrom), gg_value_sql(pTo), iFrom>=0, bTwin,
                     iKey, pzErr);
      goto done;
    }
    if( (rc = gsAddMove(pGame, pMoves, iFrom, iTo, pzErr)) ) goto done;
  }
  if( rc!=SQLITE_DONE ){
    rc = gsStepError(pConn->db, rc, pGame->zMoves, pzErr);
  }else{
    rc = batch.n ? gsFlush(pGame, &batch, pMoves, pzErr) : SQLITE_OK;
  }
done:
  sqlite3_finalize(p);
  return rc;
}

/* Read both tables and solve.  *ppGame gets the game, or an error. */
int gg_gamesolve_load(GGConn *pConn, const char *zPositions, const char *zMoves,
                  GsGame **ppGame, char **pzErr){
  GsGame *pGame = sqlite3_malloc64(sizeof(*pGame));
  GGMoveList moves;
  GGInterrupt intr;
  GGStop stop;
  uint8_t *aKind = 0;
  int rc;
  *ppGame = 0;
  memset(&moves, 0, sizeof(moves));
  if( pGame==0 ) return SQLITE_NOMEM;
  memset(pGame, 0, sizeof(*pGame));
  pGame->keys.bRunOk = 1;         /* ids numbered in table order cost nothing */
  pGame->zPositions = sqlite3_mprintf("%s", zPositions);
  pGame->zMoves = sqlite3_mprintf("%s", zMoves);
  if( pGame->zPositions==0 || pGame->zMoves==0 ){ rc = SQLITE_NOMEM; goto done; }
  rc = gg_reentry_enter(zPositions, pzErr);
  if( rc ) goto done;
  rc = gsReadPositions(pConn, pGame, &aKind, pzErr);
  if( rc==SQLITE_OK ) rc = gsReadMoves(pConn, pGame, &moves, pzErr);
  gg_reentry_leave();
  if( rc ) goto done;
  gg_keymap_unindex(&pGame->keys);     /* room for building; gsPin reindexes */
  if( aKind==0 ) aKind = gg_malloc(1);            /* no positions at all */
  rc = gg_explicit_build(&pGame->ex, pGame->keys.n, aKind, &moves);
  aKind = 0;                                       /* the game took it */
  if( rc==GG_OK ){
    gg_interrupt_init(&intr, &stop, pConn->db);
    rc = gg_explicit_solve(&pGame->ex, &stop);
    gg_interrupt_done(&intr);
  }
  if( rc==GG_TOOBIG ){
    *pzErr = gg_errmsg(GS_NAME ": table \"%w\" has too many positions", zPositions);
  }else if( rc==GG_INTERRUPT ){
    *pzErr = gg_errmsg(GS_NAME ": interrupted while solving the game of tables"
                       " \"%w\" and \"%w\"", zPositions, zMoves);
  }
  rc = gg_sqlite_rc(rc);
done:
  gg_free(aKind);
  gg_movelist_free(&moves);
  if( rc ){
    gg_gamesolve_free(pGame);
  }else{
    *ppGame = pGame;
  }
  return rc;
}

