/*
** cops_sql.c: cops and robbers in SQL, the scalar functions.
**
**   cop_number(graph_id [, edges [, rules]])        -> k
**       The least number of cops that catch the robber on the graph
**       (the rows of graph_id in the table or view `edges`, columns
**       graph_id, src, dst, read as undirected edges).  Tries k = 1, 2, ...
**       If the next k would need more positions than
**       graphgame_limit('max_positions'), that is an SQLITE_TOOBIG error
**       naming k and the positions.
**
**   capture_time(graph_id, k [, edges [, rules]])   -> rounds, or NULL
**       Rounds until k cops catch the robber, the capturing round
**       included, under optimal play: the cops pick the start that
**       captures soonest against the robber's best reply and hurry, the
**       robber delays.  0 when the robber must start on a cop; NULL when
**       k cops do not win.
**
**   rules   NULL or a JSON object: '{}' (the defaults) or
**           '{"lazy": true}' (in each round at most one cop moves).
**
** A NULL graph_id gives NULL.  The rules of the game are in cops.h and
** README.md; every position is listed by cops_states and the optimal line
** by cops_play (cops_vtab.c).  Both scalar functions use the engine's fast
** mode: the solve stops at the first round in which some start catches
** every robber, and keeps no per-position table; graphs of at most 64
** nodes are first tried for k <= 2 with no allocation at all
** (cops_small.c, read through cops_load.c's cached statement).
*/
#include <string.h>
#include "cops_sql.h"
SQLITE_EXTENSION_INIT3

/* Skip JSON white space. */
static const char *rulesWs(const char *z){
  while( *z==' ' || *z=='\t' || *z=='\n' || *z=='\r' ) z++;
  return z;
}

/* Skip one JSON string (z at its opening quote); NULL if malformed. */
static const char *rulesString(const char *z){
  for(z++; *z && *z!='"'; z++){
    if( *z=='\\' && *++z==0 ) return 0;
  }
  return *z=='"' ? z+1 : 0;
}

/* Skip one JSON value; NULL if malformed.  Nesting is bounded by depth. */
static const char *rulesValue(const char *z, int depth){
  char close;
  if( depth>32 ) return 0;
  if( *z=='"' ) return rulesString(z);
  if( *z!='[' && *z!='{' ){        /* literal or number: a run of its characters */
    const char *z0 = z;
    while( (*z>='a' && *z<='z') || (*z>='0' && *z<='9') || *z=='-' || *z=='+'
        || *z=='.' || *z=='E' ) z++;
    return z>z0 ? z : 0;
  }
  close = *z=='[' ? ']' : '}';
  z = rulesWs(z+1);
  if( *z==close ) return z+1;
  for(;;){
    if( close=='}' ){
      if( *z!='"' || (z = rulesString(z))==0 ) return 0;
      z = rulesWs(z);
      if( *z++!=':' ) return 0;
      z = rulesWs(z);
    }
    if( (z = rulesValue(z, depth+1))==0 ) return 0;
    z = rulesWs(z);
    if( *z==close ) return z+1;
    if( *z++!=',' ) return 0;
    z = rulesWs(z);
  }
}

/* The error for rules that are not a JSON object. */
static int rulesNotObject(const char *zFunc, sqlite3_value *pRules, char **pzErr){
  char *zVal = gg_value_sql(pRules);
  *pzErr = zVal ? gg_errmsg("%s: rules must be a JSON object such as"
                            " '{\"lazy\": true}', got %s", zFunc, zVal) : 0;
  sqlite3_free(zVal);
  return gg_error_rc(SQLITE_ERROR, *pzErr);
}

/* One member "key": value of the rules, z at the key. */
static int rulesMember(const char *zFunc, const char *zKey, const char *zEnd,
                       const char *zVal, const char *zValEnd, int *pbLazy,
                       char **pzErr){
  int nKey = (int)(zEnd-zKey), nVal = (int)(zValEnd-zVal);
  if( nKey!=4 || memcmp(zKey, "lazy", 4)!=0 ){
    *pzErr = gg_errmsg("%s: unknown rule \"%.*s\" in rules (known: lazy)",
                       zFunc, nKey, zKey);
    return gg_error_rc(SQLITE_ERROR, *pzErr);
  }
  if( nVal==4 && memcmp(zVal, "true", 4)==0 ){ *pbLazy = 1; return SQLITE_OK; }
  if( nVal==5 && memcmp(zVal, "false", 5)==0 ){ *pbLazy = 0; return SQLITE_OK; }
  *pzErr = gg_errmsg("%s: rule \"lazy\" must be true or false, got %.*s",
                     zFunc, nVal, zVal);
  return gg_error_rc(SQLITE_MISMATCH, *pzErr);
}

int gg_cops_rules(const char *zFunc, sqlite3_value *pRules, int *pbLazy,
                  char **pzErr){
  const char *z, *zEnd;
  int rc;
  *pbLazy = 0;
  if( pRules==0 || sqlite3_value_type(pRules)==SQLITE_NULL ) return SQLITE_OK;
  if( sqlite3_value_type(pRules)!=SQLITE_TEXT ) return rulesNotObject(zFunc, pRules, pzErr);
  z = (const char*)sqlite3_value_text(pRules);
  if( z==0 ) return SQLITE_NOMEM;
  z = rulesWs(z);
  zEnd = *z=='{' ? rulesValue(z, 0) : 0;
  if( zEnd==0 || *rulesWs(zEnd)!=0 ) return rulesNotObject(zFunc, pRules, pzErr);
  z = rulesWs(z+1);               /* well formed from here: walk the members */
  while( *z=='"' ){
    const char *zKey = z+1, *zKeyEnd = rulesString(z), *zVal;
    z = rulesWs(rulesWs(zKeyEnd)+1);
    zVal = z;
    z = rulesValue(z, 1);
    rc = rulesMember(zFunc, zKey, zKeyEnd-1, zVal, z, pbLazy, pzErr);
    if( rc ) return rc;
    z = rulesWs(z);
    if( *z==',' ) z = rulesWs(z+1);
  }
  return SQLITE_OK;
}

int gg_cops_k(const char *zFunc, sqlite3_value *pK, uint32_t *pk, char **pzErr){
  sqlite3_int64 k = sqlite3_value_int64(pK);
  if( sqlite3_value_type(pK)!=SQLITE_INTEGER || k<1 || k>GG_COPS_MAXK ){
    char *zVal = gg_value_sql(pK);
    *pzErr = zVal ? gg_errmsg("%s: k must be an integer from 1 to %d, got %s",
                              zFunc, GG_COPS_MAXK, zVal) : 0;
    sqlite3_free(zVal);
    return gg_error_rc(SQLITE_MISMATCH, *pzErr);
  }
  *pk = (uint32_t)k;
  return SQLITE_OK;
}

/* The error for k cops over the position limit. */
static int copsTooBig(GGConn *pConn, const char *zFunc, const GGGraphRef *pRef,
                      const GGGraph *pG, uint32_t k, uint64_t nPos, char **pzErr){
  char *zWhat = gg_graph_name(pRef);
  char zPos[32];
  if( nPos==UINT64_MAX ) memcpy(zPos, "more than 2^64", 15);
  else sqlite3_snprintf(sizeof(zPos), zPos, "%llu", (unsigned long long)nPos);
  *pzErr = zWhat ? gg_errmsg("%s: %s has %u nodes, and k = %u cops need %s"
                             " positions, over the limit of %lld (see graphgame_limit)",
                             zFunc, zWhat, pG->n, k, zPos, pConn->mxPositions) : 0;
  sqlite3_free(zWhat);
  return gg_error_rc(SQLITE_TOOBIG, *pzErr);
}

/* The error for an engine failure other than the limit. */
static int copsFailed(const char *zFunc, const GGGraphRef *pRef, uint32_t k, int rc,
                      char **pzErr){
  char *zWhat = gg_graph_name(pRef);
  if( zWhat && rc==GG_INTERRUPT ){
    *pzErr = gg_errmsg("%s: interrupted while solving %s for k = %u", zFunc, zWhat, k);
  }else if( zWhat && rc==GG_TOOBIG ){
    *pzErr = gg_errmsg("%s: %s is too large to solve for k = %u", zFunc, zWhat, k);
  }
  sqlite3_free(zWhat);
  return gg_error_rc(gg_sqlite_rc(rc), *pzErr);
}

/* Solve k cops on the loaded graph, in fast or full mode, within the limit. */
static int copsSolve(GGConn *pConn, const char *zFunc, const GGCopsArgs *pArgs,
                     const GGGraph *pG, uint32_t k, int bFast, GGCops *pCops,
                     char **pzErr){
  uint64_t nPos = gg_cops_positions(pG->n, k);
  GGInterrupt intr;
  GGStop stop;
  int rc;
  memset(pCops, 0, sizeof(*pCops));
  if( nPos>(uint64_t)pConn->mxPositions ){
    return copsTooBig(pConn, zFunc, &pArgs->ref, pG, k, nPos, pzErr);
  }
  gg_interrupt_init(&intr, &stop, pConn->db);
  rc = gg_cops_solve(pCops, pG, k, pArgs->bLazy, bFast, &stop);
  gg_interrupt_done(&intr);
  if( rc ){
    gg_cops_free(pCops);
    return copsFailed(zFunc, &pArgs->ref, k, rc, pzErr);
  }
  return SQLITE_OK;
}

int gg_cops_load_solve(GGConn *pConn, const char *zFunc, const GGCopsArgs *pArgs,
                       GGGraph *pG, GGCops *pCops, char **pzErr){
  int rc = gg_load_graph(pConn->db, &pArgs->ref, 0, 0, pG, pzErr);
  memset(pCops, 0, sizeof(*pCops));
  if( rc ) return rc;
  rc = copsSolve(pConn, zFunc, pArgs, pG, pArgs->k, 0, pCops, pzErr);
  if( rc ) gg_graph_free(pG);
  return rc;
}

char *gg_cops_json(const GGCops *p, const GGGraph *pG, uint64_t conf){
  uint32_t aCop[GG_COPS_MAXK], i;
  sqlite3_str *pStr = sqlite3_str_new(0);
  gg_cops_unrank(p, conf, aCop);
  sqlite3_str_appendchar(pStr, 1, '[');
  for(i=0; i<p->k; i++){
    sqlite3_str_appendf(pStr, "%s%lld", i ? "," : "", pG->aLabel[aCop[i]]);
  }
  sqlite3_str_appendchar(pStr, 1, ']');
  return sqlite3_str_finish(pStr);
}

/* The capture time of k <= 2 cops on a small graph read through the
** cached statement: 1 and *pTime, or 0 for the general path. */
static int copsSmall(GGCopsConn *pCC, sqlite3_context *ctx, const GGCopsArgs *pArgs, uint32_t k,
                     int *pbLoaded, uint32_t *pn, uint64_t *aNbr, int64_t *pTime){
  if( k>2 ) return 0;
  if( !*pbLoaded ){
    if( !gg_cops_load_small(pCC, &pArgs->ref, pn, aNbr) ) return 0;
    *pbLoaded = 1;
  }
  if( gg_cops_positions(*pn, k)>(uint64_t)pCC->pConn->mxPositions ) return 0;
  *pTime = gg_cops_small(*pn, aNbr, k, pArgs->bLazy, pCC->aScratch);
  return 1;
}

/* cop_number(graph_id [, edges [, rules]]) */
void gg_fn_cop_number(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  GGCopsConn *pCC = (GGCopsConn*)sqlite3_user_data(ctx);
  GGConn *pConn = pCC->pConn;
  GGCopsArgs a;
  GGGraph g;
  char *zErr = 0;
  uint64_t aNbr[GG_COPS_SMALL_MAXN];
  uint32_t k, n;
  int rc, bLoaded = 0;
  int64_t t = -1;
  memset(&a, 0, sizeof(a));
  if( !gg_graph_ref(&a.ref, argv[0], argc>1 ? argv[1] : 0) ) return;
  rc = gg_cops_rules("cop_number", argc>2 ? argv[2] : 0, &a.bLazy, &zErr);
  if( rc ){ gg_result_error(ctx, rc, zErr); return; }
  for(k=1; copsSmall(pCC, ctx, &a, k, &bLoaded, &n, aNbr, &t); k++){
    if( t>=0 ){ sqlite3_result_int64(ctx, k); return; }
  }
  rc = gg_load_graph(pConn->db, &a.ref, 0, 0, &g, &zErr);
  if( rc ){ gg_result_error(ctx, rc, zErr); return; }
  for(; rc==SQLITE_OK; k++){         /* k = n always wins: a cop on every node */
    GGCops cops;
    rc = copsSolve(pConn, "cop_number", &a, &g, k, 1, &cops, &zErr);
    if( rc ) break;
    t = cops.captureTime;
    gg_cops_free(&cops);
    if( t>=0 ) break;
  }
  gg_graph_free(&g);
  if( rc ){ gg_result_error(ctx, rc, zErr); return; }
  sqlite3_result_int64(ctx, k);
}

/* capture_time(graph_id, k [, edges [, rules]]) */
void gg_fn_capture_time(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  GGCopsConn *pCC = (GGCopsConn*)sqlite3_user_data(ctx);
  GGConn *pConn = pCC->pConn;
  GGCopsArgs a;
  GGGraph g;
  GGCops cops;
  char *zErr = 0;
  uint64_t aNbr[GG_COPS_SMALL_MAXN];
  uint32_t n;
  int rc, bLoaded = 0;
  int64_t t;
  memset(&a, 0, sizeof(a));
  if( !gg_graph_ref(&a.ref, argv[0], argc>2 ? argv[2] : 0) ) return;
  rc = gg_cops_k("capture_time", argv[1], &a.k, &zErr);
  if( rc==SQLITE_OK ) rc = gg_cops_rules("capture_time", argc>3 ? argv[3] : 0, &a.bLazy, &zErr);
  if( rc ){ gg_result_error(ctx, rc, zErr); return; }
  if( copsSmall(pCC, ctx, &a, a.k, &bLoaded, &n, aNbr, &t) ){
    if( t>=0 ) sqlite3_result_int64(ctx, t);
    return;
  }
  rc = gg_load_graph(pConn->db, &a.ref, 0, 0, &g, &zErr);
  if( rc ){ gg_result_error(ctx, rc, zErr); return; }
  rc = copsSolve(pConn, "capture_time", &a, &g, a.k, 1, &cops, &zErr);
  gg_graph_free(&g);
  if( rc ){ gg_result_error(ctx, rc, zErr); return; }
  if( cops.captureTime>=0 ) sqlite3_result_int64(ctx, cops.captureTime);
  gg_cops_free(&cops);
}
