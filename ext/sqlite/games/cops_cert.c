/*
** cops_cert.c: cops_certificate(graph_id, k [, edges [, rules]]), the
** proof that k cops win (their strategy from their best start, against
** every start and move of the robber) or lose (the robber's strategy
** against every start and move of the cops), written by certificate.c
** from the cached solve; docs/reference/certificates.md has the format.
** This file says what certificate.c needs of the game: every joint move
** of the cops and every move of the robber, the robber's starts, and a
** cops' move as the new node of each cop in the order of its
** configuration (a matching of the old nodes to the new ones).  The
** plain, lazy and directed games are covered; the variants whose moves
** or captures the checker does not know (distance, robber_speed,
** surround) are refused.
*/
#include <string.h>
#include "cops_sql.h"
#include "certificate.h"
SQLITE_EXTENSION_INIT3

/* Whether the cop on v may go to w: w is v or an out-neighbour of v. */
static int copsCertStep(const GGCops *c, uint32_t v, uint32_t w){
  return (int)((c->aNbr[(uint64_t)v*c->nWord + w/64] >> (w%64)) & 1);
}

/* Sorts the k nodes of a (insertion: k is small). */
static void copsCertSort(uint32_t *a, uint32_t k){
  uint32_t i, j;
  for(i=1; i<k; i++){
    uint32_t x = a[i];
    for(j=i; j>0 && a[j-1]>x; j--) a[j] = a[j-1];
    a[j] = x;
  }
}

/* The cops' joint moves from conf (every cop stays or steps; lazy: at
** most one steps), each as a child (conf', r). */
static int copsCertCopMoves(const GGCops *c, uint64_t conf, uint32_t r, GGCertKids *pKids){
  uint32_t aFrom[GG_COPS_MAXK], aTo[GG_COPS_MAXK], aIdx[GG_COPS_MAXK], i, k = c->k;
  int rc = SQLITE_OK;
  gg_cops_unrank(c, conf, aFrom);
  if( c->bLazy ){
    rc = gg_cert_kid(pKids, conf, r);                 /* nobody moves */
    for(i=0; rc==SQLITE_OK && i<k; i++){
      uint32_t v = aFrom[i], j;
      for(j=c->aAdjOff[v]; rc==SQLITE_OK && j<c->aAdjOff[v+1]; j++){
        memcpy(aTo, aFrom, k*sizeof(uint32_t));
        aTo[i] = c->aAdj[j];
        copsCertSort(aTo, k);
        rc = gg_cert_kid(pKids, gg_cops_rank(c, aTo), r);
      }
    }
    return rc;
  }
  /* an odometer: aIdx[i] = 0 stays, j > 0 the j-th out-neighbour */
  memset(aIdx, 0, sizeof(aIdx));
  for(;;){
    for(i=0; i<k; i++){
      uint32_t v = aFrom[i];
      aTo[i] = aIdx[i]==0 ? v : c->aAdj[c->aAdjOff[v] + aIdx[i] - 1];
    }
    copsCertSort(aTo, k);
    if( (rc = gg_cert_kid(pKids, gg_cops_rank(c, aTo), r))!=SQLITE_OK ) return rc;
    for(i=0; i<k; i++){
      uint32_t v = aFrom[i];
      if( ++aIdx[i] <= c->aAdjOff[v+1] - c->aAdjOff[v] ) break;
      aIdx[i] = 0;
    }
    if( i==k ) return SQLITE_OK;
  }
}

static int copsCertMoves(const GGSolved *p, uint64_t conf, uint32_t r, int turn,
                         GGCertKids *pKids){
  const GGCops *c = (const GGCops*)p->pState;
  uint32_t j;
  int rc;
  if( turn==GG_COPS_TURN_COPS ) return copsCertCopMoves(c, conf, r, pKids);
  rc = gg_cert_kid(pKids, conf, r);                   /* the robber stays */
  for(j=c->aAdjOff[r]; rc==SQLITE_OK && j<c->aAdjOff[r+1]; j++){
    rc = gg_cert_kid(pKids, conf, c->aAdj[j]);
  }
  return rc;
}

/* Kuhn's augmenting path from old cop i (aMatch[j]: the old cop on new
** node j, or -1). */
static int copsCertAugment(const GGCops *c, const uint32_t *aFrom, const uint32_t *aTo,
                           uint32_t i, int *aMatch, uint8_t *aSeen){
  uint32_t j;
  for(j=0; j<c->k; j++){
    if( aSeen[j] || !copsCertStep(c, aFrom[i], aTo[j]) ) continue;
    aSeen[j] = 1;
    if( aMatch[j]<0 || copsCertAugment(c, aFrom, aTo, (uint32_t)aMatch[j], aMatch, aSeen) ){
      aMatch[j] = (int)i;
      return 1;
    }
  }
  return 0;
}

/* The cops' move from conf to next: the new node of each cop, in the
** order of conf.  Cops that stay are matched first (so a lazy move shows
** one cop moving); the others by augmenting paths, or, should that fail,
** every cop again from scratch. */
static int copsCertMove0(sqlite3_str *pOut, const GGSolved *p, uint64_t conf, uint64_t next){
  const GGCops *c = (const GGCops*)p->pState;
  uint32_t aFrom[GG_COPS_MAXK], aTo[GG_COPS_MAXK], aNew[GG_COPS_MAXK], i, j;
  int aMatch[GG_COPS_MAXK], aOwn[GG_COPS_MAXK], bTry;
  uint8_t aSeen[GG_COPS_MAXK];
  gg_cops_unrank(c, conf, aFrom);
  gg_cops_unrank(c, next, aTo);
  for(bTry=0; bTry<2; bTry++){
    int bOk = 1;
    for(j=0; j<c->k; j++) aMatch[j] = -1;
    for(i=0; i<c->k; i++) aOwn[i] = 0;
    for(i=0; bTry==0 && i<c->k; i++){          /* those that stay */
      for(j=0; j<c->k; j++){
        if( aMatch[j]<0 && aTo[j]==aFrom[i] ){ aMatch[j] = (int)i; aOwn[i] = 1; break; }
      }
    }
    for(i=0; bOk && i<c->k; i++){
      if( aOwn[i] ) continue;
      memset(aSeen, 0, sizeof(aSeen));
      bOk = copsCertAugment(c, aFrom, aTo, i, aMatch, aSeen);
    }
    if( bOk ) break;
  }
  if( bTry==2 ) return SQLITE_INTERNAL;       /* not a move: the solve is wrong */
  for(j=0; j<c->k; j++) aNew[aMatch[j]] = aTo[j];
  for(i=0; i<c->k; i++) sqlite3_str_appendf(pOut, "%s%u", i ? "," : "", aNew[i]);
  return SQLITE_OK;
}

static void copsCertPlace0(sqlite3_str *pOut, const GGSolved *p, uint64_t conf){
  const GGCops *c = (const GGCops*)p->pState;
  uint32_t aCop[GG_COPS_MAXK], i;
  gg_cops_unrank(c, conf, aCop);
  for(i=0; i<c->k; i++) sqlite3_str_appendf(pOut, "%s%u", i ? "," : "", aCop[i]);
}

static int copsCertAnswers(const GGSolved *p, uint64_t conf, GGCertKids *pKids){
  const GGCops *c = (const GGCops*)p->pState;
  uint32_t r;
  int rc = SQLITE_OK;
  for(r=0; rc==SQLITE_OK && r<c->n; r++){
    if( gg_cops_start_ok(c, conf, r) ) rc = gg_cert_kid(pKids, conf, r);
  }
  return rc;
}

static int copsCertParams(sqlite3_str *pOut, const GGSolved *p, const char *zFunc,
                          char **pzErr){
  const GGCops *c = (const GGCops*)p->pState;
  const char *zKey = c->rules.distance ? "distance" : c->rules.robberSpeed>1 ? "robber_speed"
                   : c->rules.bSurround ? "surround" : 0;
  if( zKey ){
    *pzErr = gg_errmsg("%s: the rules key \"%s\" is not covered by certificates (the"
                       " checker knows the plain, lazy and directed games); leave it out",
                       zFunc, zKey);
    return gg_error_rc(SQLITE_ERROR, *pzErr);
  }
  sqlite3_str_appendf(pOut, "cops %u\nvariant %s\n", c->k, c->bLazy ? "lazy" : "plain");
  return SQLITE_OK;
}

const GGCertDef gg_cops_cert_def = {
  .zGame = "cops", .xMoves = copsCertMoves, .xParams = copsCertParams,
  .xPlace0 = copsCertPlace0, .xMove0 = copsCertMove0,
  .xAnswers = copsCertAnswers,
  .azPlace = { "place-cops", "place-robber" },
};

const GGFuncDef gg_cops_cert_func = {
  .zName = "cops_certificate", .nArgMin = 2, .nArgMax = 4,
  .azArg = { "k" }, .aArgKind = { GG_ARG_K }, .bSource = 1,
  .xCheck = gg_cops_check, .xResult = gg_cert_result,
};
