/*
** game_solve_cert.c: game_solve_certificate(positions, moves, position),
** the proof of the value of one position of a game given as rows
** (docs/reference/certificates.md): the game itself (every position with
** its player and result, every move of the positions that go on, and
** their SHA-256), the claim, and the strategies: the winner's, with the
** plies left at each position it reaches when the loser makes every move;
** or, for a draw, each player's set of positions that it keeps out of a
** loss.  The game is read and solved as game_solve reads and solves it
** (game_solve_read.c); the walk is breadth first, each position once, its
** rows counted against graphgame_limit('max_certificate_rows').
*/
#include <stdlib.h>
#include <string.h>
#include "game_solve_sql.h"
#include "certificate.h"
#include "interrupt.h"
#include "sha256.h"
SQLITE_EXTENSION_INIT3

#define GSC_NAME "game_solve_certificate"

/* A walk of one section: the rows' positions in order, and a mark per
** position (its section's number + 1). */
typedef struct GscWalk GscWalk;
struct GscWalk {
  const GGExplicit *ex;   /* the solved game */
  uint8_t *aSeen;         /* per position: the section that holds it + 1 */
  uint32_t *aRow;         /* the section's positions, the start first */
  uint64_t nRow;          /* rows of the section */
  uint64_t nAll, mxRow;   /* rows of every section so far, and the limit */
  GGPoll poll;            /* the interrupt */
};

/* Whether the game is over at position i: a result, or no move. */
static int gscOver(const GGExplicit *ex, uint32_t i){
  return GG_EX_RESULT(ex->aKind[i])!=GG_EX_GOING || ex->aSuccOff[i+1]==ex->aSuccOff[i];
}

/* Adds position i to the section (tag) unless it is there. */
static int gscAdd(GscWalk *w, uint32_t i, uint8_t tag){
  if( w->aSeen[i]==tag ) return SQLITE_OK;
  if( ++w->nAll>w->mxRow ) return SQLITE_TOOBIG;
  w->aSeen[i] = tag;
  w->aRow[w->nRow++] = i;
  return SQLITE_OK;
}

/* The section of player P from the start: its rows into pOut. */
static int gscSection(GscWalk *w, sqlite3_str *pOut, uint32_t start, int P, int bReach,
                      uint8_t tag){
  const GGExplicit *ex = w->ex;
  uint64_t r;
  int rc;
  w->nRow = 0;
  rc = gscAdd(w, start, tag);
  for(r=0; rc==SQLITE_OK && r<w->nRow; r++){
    uint32_t i = w->aRow[r], j;
    int64_t move;
    if( gscOver(ex, i) ) continue;
    if( (int)GG_EX_PLAYER(ex->aKind[i])==P ){
      gg_explicit_moves(ex, i, 1, &move);
      rc = gscAdd(w, (uint32_t)move, tag);
    }else{
      for(j=ex->aSuccOff[i]; rc==SQLITE_OK && j<ex->aSuccOff[i+1]; j++){
        rc = gscAdd(w, ex->aSucc[j], tag);
      }
    }
    if( rc==SQLITE_OK && gg_poll(&w->poll, 1 + ex->aSuccOff[i+1] - ex->aSuccOff[i]) ){
      rc = SQLITE_INTERRUPT;
    }
  }
  if( rc ) return rc;
  sqlite3_str_appendf(pOut, "strategy %d %s rows %llu\n", P, bReach ? "reach" : "safe",
                      (unsigned long long)w->nRow);
  for(r=0; r<w->nRow; r++){
    uint32_t i = w->aRow[r];
    int outcome;
    int64_t plies, move = -1;
    gg_explicit_value(ex, i, &outcome, &plies);
    if( !gscOver(ex, i) && (int)GG_EX_PLAYER(ex->aKind[i])==P ) gg_explicit_moves(ex, i, 1, &move);
    if( bReach ) sqlite3_str_appendf(pOut, "%u %lld", i, (long long)plies);
    else sqlite3_str_appendf(pOut, "%u -", i);
    if( move>=0 ) sqlite3_str_appendf(pOut, " %lld", (long long)move);
    sqlite3_str_appendchar(pOut, 1, '\n');
    if( gg_poll(&w->poll, 1) ) return SQLITE_INTERRUPT;
  }
  return SQLITE_OK;
}

static int gscCmp(const void *a, const void *b){
  uint32_t x = *(const uint32_t*)a, y = *(const uint32_t*)b;
  return x<y ? -1 : x>y;
}

/* The game's lines (positions, then moves sorted) and their SHA-256. */
static int gscGame(sqlite3_str *pOut, const GsGame *pGame, GGPoll *pPoll){
  static const char *const azResult[] = { "-", "win", "loss", "draw" };
  const GGExplicit *ex = &pGame->ex;
  sqlite3_str *pLines = sqlite3_str_new(0);
  uint32_t *aSort = 0, i, j, nMax = 0;
  uint64_t nMove = 0;
  GGSha256 sha;
  char zHex[65];
  int rc;
  for(i=0; i<ex->nPos; i++){
    uint8_t k = ex->aKind[i];
    sqlite3_str_appendf(pLines, "position %u %d %s ", i, GG_EX_PLAYER(k),
                        azResult[GG_EX_RESULT(k)]);
    if( gg_keymap_type(&pGame->keys, i)==GG_KEY_INT ){
      sqlite3_str_appendf(pLines, "%lld\n", (long long)gg_keymap_int(&pGame->keys, i));
    }else{
      uint32_t nz;
      const char *z = gg_keymap_text(&pGame->keys, i, &nz);
      gg_cert_json_text(pLines, z, nz);
      sqlite3_str_appendchar(pLines, 1, '\n');
    }
    if( ex->aSuccOff[i+1]-ex->aSuccOff[i]>nMax ) nMax = ex->aSuccOff[i+1]-ex->aSuccOff[i];
    if( gg_poll(pPoll, 1) ){ sqlite3_free(sqlite3_str_finish(pLines)); return SQLITE_INTERRUPT; }
  }
  aSort = sqlite3_malloc64((uint64_t)nMax*sizeof(uint32_t) + 1);
  for(i=0; aSort && i<ex->nPos; i++){
    uint32_t n = ex->aSuccOff[i+1]-ex->aSuccOff[i];
    if( GG_EX_RESULT(ex->aKind[i])!=GG_EX_GOING ) continue;    /* moves ignored */
    memcpy(aSort, &ex->aSucc[ex->aSuccOff[i]], (uint64_t)n*sizeof(uint32_t));
    qsort(aSort, n, sizeof(uint32_t), gscCmp);
    for(j=0; j<n; j++) sqlite3_str_appendf(pLines, "move %u %u\n", i, aSort[j]);
    nMove += n;
    if( gg_poll(pPoll, 1 + n) ) break;
  }
  rc = aSort==0 ? SQLITE_NOMEM : i<ex->nPos ? SQLITE_INTERRUPT : sqlite3_str_errcode(pLines);
  sqlite3_free(aSort);
  if( rc==SQLITE_OK ){
    const char *z = sqlite3_str_value(pLines);
    int n = sqlite3_str_length(pLines);
    gg_sha256_init(&sha);
    gg_sha256_update(&sha, z, (uint64_t)n);
    gg_sha256_hex(&sha, zHex);
    sqlite3_str_appendf(pOut, "positions %u moves %llu sha256 %s\n", ex->nPos,
                        (unsigned long long)nMove, zHex);
    sqlite3_str_append(pOut, z, n);
  }
  sqlite3_free(sqlite3_str_finish(pLines));
  return rc;
}

/* The certificate of position id into pOut. */
static int gscWrite(sqlite3_str *pOut, GGConn *pConn, const GsGame *pGame, uint32_t id,
                    char **pzErr){
  const GGExplicit *ex = &pGame->ex;
  int outcome, P = GG_EX_PLAYER(ex->aKind[id]), rc, i;
  int64_t plies;
  GscWalk w;
  GGInterrupt intr;
  GGStop stop;
  memset(&w, 0, sizeof(w));
  gg_explicit_value(ex, id, &outcome, &plies);
  if( outcome==GG_EX_LOSS ) P = 1 - P;
  w.ex = ex;
  w.mxRow = (uint64_t)pConn->mxCertRows;
  w.aSeen = sqlite3_malloc64((uint64_t)ex->nPos + 1);
  w.aRow = sqlite3_malloc64(((uint64_t)ex->nPos + 1)*sizeof(uint32_t));
  if( w.aSeen==0 || w.aRow==0 ){
    rc = SQLITE_NOMEM;
  }else{
    memset(w.aSeen, 0, ex->nPos);
    gg_interrupt_conn(&intr, &stop, pConn);
    gg_poll_init(&w.poll, &stop);
    sqlite3_str_appendall(pOut, "graphgame-certificate 1\ngame game_solve\n");
    rc = gscGame(pOut, pGame, &w.poll);
    sqlite3_str_appendf(pOut, "claim %s%s\nstart %u\n", outcome==GG_EX_DRAW ? "draw" : "win ",
                        outcome==GG_EX_DRAW ? "" : P ? "1" : "0", id);
    if( rc==SQLITE_OK && outcome!=GG_EX_DRAW ){
      rc = gscSection(&w, pOut, id, P, 1, 1);
    }else{
      for(i=0; rc==SQLITE_OK && i<2; i++) rc = gscSection(&w, pOut, id, i, 0, (uint8_t)(i+1));
    }
    gg_interrupt_done(&intr);
  }
  if( rc==SQLITE_TOOBIG ) *pzErr = gg_cert_err_rows(GSC_NAME, w.nAll);
  if( rc==SQLITE_INTERRUPT ) *pzErr = gg_err_interrupted(GSC_NAME, "writing the certificate"
                                                         " (%llu rows)", (unsigned long long)w.nAll);
  sqlite3_free(w.aSeen);
  sqlite3_free(w.aRow);
  if( rc==SQLITE_OK ) sqlite3_str_appendall(pOut, "end\n");
  return rc;
}

void gg_fn_game_solve_cert(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  GGConn *pConn = (GGConn*)sqlite3_user_data(ctx);
  const char *zPositions = (const char*)sqlite3_value_text(argv[0]);
  const char *zMoves = (const char*)sqlite3_value_text(argv[1]);
  GsGame *pGame = 0;
  sqlite3_str *pOut;
  char *zErr = 0;
  int64_t id;
  int rc;
  (void)argc;
  if( zPositions==0 || zMoves==0 ){
    gg_result_error(ctx, SQLITE_ERROR, gg_errmsg("%s: the positions and moves arguments name"
                    " two tables, and must not be NULL", GSC_NAME));
    return;
  }
  rc = gg_gamesolve_load(pConn, zPositions, zMoves, &pGame, &zErr);
  if( rc ){ gg_result_error(ctx, rc, zErr); return; }
  if( gg_gamesolve_lookup(pGame, argv[2], &id) ){
    gg_result_error(ctx, SQLITE_NOMEM, 0);
    gg_gamesolve_free(pGame);
    return;
  }
  if( id<0 ){
    char *zVal = gg_value_sql(argv[2]);
    gg_result_error(ctx, SQLITE_ERROR, zVal ? gg_errmsg("%s: the position %s is not in table"
                    " \"%s\" (ids keep their type: 1 and '1' differ)", GSC_NAME, zVal,
                    zPositions) : 0);
    sqlite3_free(zVal);
    gg_gamesolve_free(pGame);
    return;
  }
  pOut = sqlite3_str_new(pConn->db);
  rc = gscWrite(pOut, pConn, pGame, (uint32_t)id, &zErr);
  if( rc==SQLITE_OK && (rc = sqlite3_str_errcode(pOut))==SQLITE_OK ){
    int n = sqlite3_str_length(pOut);
    sqlite3_result_text(ctx, sqlite3_str_finish(pOut), n, sqlite3_free);
  }else{
    sqlite3_free(sqlite3_str_finish(pOut));
    gg_result_error(ctx, rc, zErr);
  }
  gg_gamesolve_free(pGame);
}
