/*
** certificate.c: <game>_certificate(), the proof of the value of the
** call's start (docs/reference/certificates.md), written from the
** cached solve of every position.
**
** The claim is the start's value: a win of player P gives one section,
** P's strategy, with the plies left at each position ("reach"); a draw
** gives two, each player's strategy that never loses ("safe"); in a game
** where a play that never ends is player 1's win (cops and robbers: the
** robber's escape), player 1's safe strategy alone.  A section is the set
** of positions reachable from the start when its player follows the
** solve's move (xGet: the nearest win, or a move that keeps the draw) and
** the other player makes every legal move (the game's GGCertDef), walked
** breadth first, each position once.  Its rows are counted against
** graphgame_limit('max_certificate_rows'), and the walk asks the
** interrupt as it goes.
*/
#include <string.h>
#include "certificate.h"
#include "board.h"
#include "interrupt.h"
SQLITE_EXTENSION_INIT3

int gg_cert_kid(GGCertKids *p, uint64_t a, uint32_t b){
  if( p->n==p->nAlloc ){
    uint32_t nNew = p->nAlloc ? 2*p->nAlloc : 64;
    uint64_t *aA = sqlite3_realloc64(p->aA, nNew*sizeof(uint64_t));
    uint32_t *aB;
    if( aA==0 ) return SQLITE_NOMEM;
    p->aA = aA;
    if( (aB = sqlite3_realloc64(p->aB, nNew*sizeof(uint32_t)))==0 ) return SQLITE_NOMEM;
    p->aB = aB;
    p->nAlloc = nNew;
  }
  p->aA[p->n] = a;
  p->aB[p->n++] = b;
  return SQLITE_OK;
}

/* A walk in progress. */
typedef struct CertWalk CertWalk;
struct CertWalk {
  const GGSolved *p;     /* the solved game */
  const GGCertDef *pC;   /* its certificates' declaration */
  GGPlaySeen seen;       /* positions of the section being walked */
  GGCertKids kids;       /* the children of the row being walked */
  GGPoll poll;           /* the interrupt, asked every so many children */
  uint64_t nRow;         /* rows of every section so far */
  uint64_t mxRow;        /* the limit */
};

/* A row's key in the seen set: the board key, then the kind. */
static uint64_t certKey(const CertWalk *w, const GGCertRow *r){
  return gg_board_key(w->p->g.n, r->a, r->b, r->turn)<<2 | r->eKind;
}

/* Adds a row to s unless it is there: SQLITE_OK, SQLITE_NOMEM, or
** SQLITE_TOOBIG past the limit. */
static int certAdd(CertWalk *w, GGCertSection *s, uint64_t a, uint32_t b, int turn, int eKind){
  GGCertRow r;
  int64_t iOld;
  int rc;
  memset(&r, 0, sizeof(r));
  r.a = a;
  r.b = b;
  r.turn = (uint8_t)turn;
  r.eKind = (uint8_t)eKind;
  r.plies = r.move = -1;
  rc = gg_play_seen(&w->seen, certKey(w, &r), (int64_t)s->nRow, &iOld);
  if( rc || iOld>=0 ) return rc;
  if( ++w->nRow>w->mxRow ) return SQLITE_TOOBIG;
  if( s->nRow==s->nAlloc ){
    uint64_t nNew = s->nAlloc ? 2*s->nAlloc : 256;
    GGCertRow *aNew = sqlite3_realloc64(s->aRow, nNew*sizeof(GGCertRow));
    if( aNew==0 ) return SQLITE_NOMEM;
    s->aRow = aNew;
    s->nAlloc = nNew;
  }
  s->aRow[s->nRow++] = r;
  return SQLITE_OK;
}

/* Every child of a board game's position (a, b, turn) into w->kids. */
static int certBoardKids(CertWalk *w, uint32_t a, uint32_t b, int turn){
  const GGGraph *pG = &w->p->g;
  uint32_t from = turn==0 ? a : b, j;
  int rc = SQLITE_OK;
  if( w->pC->bStay && w->pC->xAllowed(w->p, a, b, turn, from) ){
    rc = gg_cert_kid(&w->kids, turn==0 ? from : a, turn==0 ? b : from);
  }
  for(j=0; rc==SQLITE_OK && j<GG_DEG(pG, from); j++){
    uint32_t to = GG_NBR(pG, from)[j];
    if( w->pC->bStay && to==from ) continue;       /* a loop is staying */
    if( !w->pC->xAllowed(w->p, a, b, turn, to) ) continue;
    rc = gg_cert_kid(&w->kids, turn==0 ? to : a, turn==0 ? b : to);
  }
  return rc;
}

/* The plies of position (a, b, turn), -1 if nobody wins it. */
static int64_t certPlies(const GGSolved *p, uint64_t a, uint32_t b, int turn){
  uint32_t v;
  int64_t plies;
  (void)p->pDef->xGet(p->pState, a, b, turn, &v, &plies, 0);
  return v==GG_V_DRAW ? -1 : plies;
}

/* The plies of player 1's placement: 1 + its longest answer (pKids,
** player 0 to move next). */
static int64_t certAnswerPlies(const GGSolved *p, const GGCertKids *pKids){
  int64_t mx = 0;
  uint32_t j;
  for(j=0; j<pKids->n; j++){
    int64_t q = certPlies(p, pKids->aA[j], pKids->aB[j], 0);
    if( q>mx ) mx = q;
  }
  return 1 + mx;
}

/* Walks row i of section s: its plies and move, its children added. */
static int certRow(CertWalk *w, GGCertSection *s, uint64_t i){
  const GGSolved *p = w->p;
  GGCertRow r = s->aRow[i];
  int bMine = r.turn==s->iPlayer, rc = SQLITE_OK;
  uint32_t j, v;
  w->kids.n = 0;
  if( r.eKind==GG_CERT_PLACE0 ){          /* player 0 places itself */
    uint64_t a0;
    uint32_t b;
    if( bMine ){
      p->pDef->xChoose(p->pState, &a0, &b);
      r.move = (int64_t)a0;
      rc = gg_cert_kid(&w->kids, (uint64_t)r.move, 0);
    }else{
      uint64_t a, nA = p->pDef->xCount0(p->pState, &p->g);
      for(a=0; rc==SQLITE_OK && a<nA; a++) rc = gg_cert_kid(&w->kids, a, 0);
    }
  }else if( r.eKind==GG_CERT_PLACE1 ){    /* player 1 answers */
    if( bMine ){
      r.move = p->pDef->xAnswer(p->pState, r.a, 0);
      rc = gg_cert_kid(&w->kids, r.a, (uint32_t)r.move);
    }else{
      rc = w->pC->xAnswers(p, r.a, &w->kids);
    }
  }else{
    int64_t move;
    if( p->pDef->xGet(p->pState, r.a, r.b, r.turn, &v, &r.plies, &move) ) return SQLITE_NOMEM;
    if( r.plies==0 ){
      /* the game is over: no move, no children */
    }else if( bMine ){
      r.move = move;
      rc = gg_cert_kid(&w->kids, r.turn==0 ? (uint64_t)move : r.a,
                       r.turn==0 ? r.b : (uint32_t)move);
    }else if( w->pC->xAllowed ){
      rc = certBoardKids(w, (uint32_t)r.a, r.b, r.turn);
    }else{
      rc = w->pC->xMoves(p, r.a, r.b, r.turn, &w->kids);
    }
  }
  if( rc ) return rc;
  if( gg_poll(&w->poll, 1 + w->kids.n) ) return SQLITE_INTERRUPT;
  if( r.eKind==GG_CERT_PLACE1 && s->bReach ){
    r.plies = certAnswerPlies(p, &w->kids);
  }else if( r.eKind==GG_CERT_PLACE0 && s->bReach ){
    GGCertKids answers;
    memset(&answers, 0, sizeof(answers));
    rc = w->pC->xAnswers(p, (uint64_t)r.move, &answers);
    r.plies = 1 + certAnswerPlies(p, &answers);
    sqlite3_free(answers.aA);
    sqlite3_free(answers.aB);
    if( rc ) return rc;
  }
  if( !s->bReach ) r.plies = -1;
  s->aRow[i] = r;
  for(j=0; rc==SQLITE_OK && j<w->kids.n; j++){
    int eKind = GG_CERT_POS, turn = 1 - r.turn;
    if( r.eKind==GG_CERT_PLACE0 ){ eKind = GG_CERT_PLACE1; turn = 1; }
    if( r.eKind==GG_CERT_PLACE1 ) turn = 0;
    rc = certAdd(w, s, w->kids.aA[j], w->kids.aB[j], turn, eKind);
  }
  return rc;
}

/* Walks section s from the start (a, b, turn, eKind). */
static int certSection(CertWalk *w, GGCertSection *s, const GGCertRow *pStart){
  uint64_t i;
  int rc;
  gg_play_seen_free(&w->seen);
  memset(&w->seen, 0, sizeof(w->seen));
  rc = certAdd(w, s, pStart->a, pStart->b, pStart->turn, pStart->eKind);
  for(i=0; rc==SQLITE_OK && i<s->nRow; i++) rc = certRow(w, s, i);
  return rc;
}

/* The claim of the start and its sections' players and kinds: how many
** sections (1 or 2). */
static int certClaim(const GGSolved *p, const GGCertRow *pStart, GGCertSection *aSec,
                     const char **pzClaim){
  uint32_t v = GG_V_DRAW, b;
  uint64_t a = pStart->a;
  int64_t plies, move;
  if( pStart->eKind!=GG_CERT_POS ){       /* the best place, or the best answer */
    if( pStart->eKind==GG_CERT_PLACE0 ) p->pDef->xChoose(p->pState, &a, &b);
    else b = p->pDef->xAnswer(p->pState, a, 0);
    v = certPlies(p, a, b, 0)>=0 ? GG_V_WIN0 : GG_V_DRAW;
  }else{
    (void)p->pDef->xGet(p->pState, pStart->a, pStart->b, pStart->turn, &v, &plies, &move);
  }
  if( v==GG_V_WIN0 || v==GG_V_WIN1 ){
    aSec[0].iPlayer = v==GG_V_WIN0 ? 0 : 1;
    aSec[0].bReach = 1;
    *pzClaim = v==GG_V_WIN0 ? "win 0" : "win 1";
    return 1;
  }
  if( p->pDef->xChoose ){                 /* an endless play is player 1's win */
    aSec[0].iPlayer = 1;
    *pzClaim = "safe 1";
    return 1;
  }
  aSec[0].iPlayer = 0;
  aSec[1].iPlayer = 1;
  *pzClaim = "draw";
  return 2;
}

/* The start: the rules' (roles 1 and 2, and the turn), or where the
** players choose their starts, the first placement that the rules leave
** open.  SQLITE_OK, or an error naming what the rules got wrong. */
static int certStart(GGCall *pCall, const GGSolved *p, GGCertRow *pStart, char **pzErr){
  const GGGameDef *pDef = p->pDef;
  memset(pStart, 0, sizeof(*pStart));
  if( pDef->xChoose && pCall->nRole<2 ){
    pStart->eKind = GG_CERT_PLACE0;
    return SQLITE_OK;
  }
  if( pDef->xChoose ){
    const GGRole *pA = &pCall->aRole[1];
    if( !pDef->xPlace0Nodes(p->pState, pA->aId, pA->nId, &pStart->a) ){
      *pzErr = gg_errmsg("%s: rules: \"%s\" must name k = %u nodes (a node once for each of"
                         " the %s on it), got %u", pCall->pFunc->zName, pA->zKey, pCall->k,
                         pDef->azPlayer[0], pA->nId);
      return gg_error_rc(SQLITE_ERROR, *pzErr);
    }
    if( pCall->nRole<3 ){                 /* player 1 to place himself */
      pStart->eKind = GG_CERT_PLACE1;
      pStart->turn = 1;
      return SQLITE_OK;
    }
  }else{
    pStart->a = pCall->aRole[1].aId[0];
  }
  pStart->b = pCall->aRole[2].aId[0];
  pStart->turn = (uint8_t)pCall->iTurn;
  if( pDef->xListed && !pDef->xListed(p->pState, pStart->a, pStart->b) ){
    *pzErr = gg_errmsg("%s: the start is not a position: %s", pCall->pFunc->zName,
                       pDef->zNotListed);
    return gg_error_rc(SQLITE_ERROR, *pzErr);
  }
  return SQLITE_OK;
}

char *gg_cert_err_rows(const char *zFunc, uint64_t nRow){
  return gg_errmsg("%s: the certificate passed %llu rows, the limit of"
                   " graphgame_limit('max_certificate_rows'); raise it, for example with"
                   " SELECT graphgame_limit('max_certificate_rows', %llu)",
                   zFunc, (unsigned long long)nRow,
                   (unsigned long long)(nRow > (1ull<<61) ? nRow : 4*nRow));
}

void gg_cert_result(sqlite3_context *ctx, GGCall *pCall, const GGSolved *p){
  const GGGameDef *pDef = p->pDef;
  GGCertSection aSec[2];
  GGCertRow start;
  CertWalk w;
  GGInterrupt intr;
  GGStop stop;
  const char *zClaim = 0;
  char *zErr = 0;
  sqlite3_str *pOut;
  int nSec, i, rc = SQLITE_OK;
  memset(aSec, 0, sizeof(aSec));
  memset(&w, 0, sizeof(w));
  if( certStart(pCall, p, &start, &zErr) ){
    gg_result_error(ctx, SQLITE_ERROR, zErr);
    return;
  }
  w.p = p;
  w.pC = pDef->pCert;
  w.mxRow = (uint64_t)pCall->pConn->mxCertRows;
  nSec = certClaim(p, &start, aSec, &zClaim);
  pOut = sqlite3_str_new(pCall->pConn->db);
  rc = gg_cert_header(pOut, pCall, p, zClaim, &start, &zErr);
  gg_interrupt_conn(&intr, &stop, pCall->pConn);
  gg_poll_init(&w.poll, &stop);
  for(i=0; rc==SQLITE_OK && i<nSec; i++){
    rc = certSection(&w, &aSec[i], &start);
    if( rc==SQLITE_OK ) rc = gg_cert_section(pOut, p, &aSec[i], &w.poll);
  }
  gg_interrupt_done(&intr);
  if( rc==SQLITE_OK ) sqlite3_str_appendall(pOut, "end\n");
  if( rc==SQLITE_OK && sqlite3_str_errcode(pOut) ) rc = sqlite3_str_errcode(pOut);
  if( rc==SQLITE_TOOBIG ) zErr = gg_cert_err_rows(pCall->pFunc->zName, w.nRow);
  if( rc==SQLITE_INTERRUPT ){
    zErr = gg_err_interrupted(pCall->pFunc->zName, "writing the certificate (%llu rows)",
                              (unsigned long long)w.nRow);
  }
  if( rc==SQLITE_OK ){
    int n = sqlite3_str_length(pOut);
    sqlite3_result_text(ctx, sqlite3_str_finish(pOut), n, sqlite3_free);
  }else{
    sqlite3_free(sqlite3_str_finish(pOut));
    gg_result_error(ctx, rc, zErr);
  }
  for(i=0; i<2; i++) sqlite3_free(aSec[i].aRow);
  gg_play_seen_free(&w.seen);
  sqlite3_free(w.kids.aA);
  sqlite3_free(w.kids.aB);
}
