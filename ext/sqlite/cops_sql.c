/*
** cops_sql.c: cops and robbers in SQL, the scalar functions.
**
**   cop_number(graph_id [, edges [, rules]])        -> k
**       The least number of cops that catch the robber on the graph
**       (the rows of graph_id in the table or view `edges`, columns
**       graph_id, src, dst, read as undirected edges; labels are
**       integers or texts).  Tries k = 1, 2, ...  If the next k would
**       need more positions than graphgame_limit('max_positions'), that
**       is an SQLITE_TOOBIG error naming k and the positions.
**
**   capture_time(graph_id, k [, edges [, rules]])   -> rounds, or NULL
**       Rounds until k cops catch the robber, the capturing round
**       included, under optimal play: the cops pick the start that
**       captures soonest against the robber's best reply and hurry, the
**       robber delays.  0 when the robber must start on a cop; NULL when
**       k cops do not win.
**
**   rules   NULL or a JSON object, parsed by the shared parser
**           (rules_sql.c) against the keys (cops.h has the rules,
**           docs/cops_variants.md the papers):
**             "distance"      integer d >= 0: the cops win when a cop is
**                             within d edges of the robber (default 0)
**             "robber_speed"  integer s >= 1: the robber moves along a
**                             path of at most s edges outside the capture
**                             zone (default 1)
**             "directed"      true: rows are arcs, everyone moves along
**                             them (default false)
**             "surround"      true: the robber is caught when a cop
**                             stands on every neighbour (default false)
**             "lazy"          true: in each round at most one cop moves
**                             (default false)
**           Keys that do not combine are an error naming both.
**
** A NULL graph_id gives NULL.  The rules of the game are in cops.h and
** README.md; every position is listed by cops_states and the optimal line
** by cops_play (cops_vtab.c).  The graph is read by edges.c (the
** connection's kept reads, the position limit while reading, reentry and
** its messages).  Both scalar functions use the engine's fast mode: the
** solve stops at the first round in which some start catches every
** robber, and keeps no per-position table.  Graphs of at most 64 nodes
** are first tried for k <= 2 on 64-bit masks made straight from the rows
** read (cops_small.c: no graph is built and the solve allocates nothing),
** so a census of many small graphs costs little more than reading them.
*/
#include <string.h>
#include "cops_sql.h"
SQLITE_EXTENSION_INIT3

static const GGRuleKey aCopsKey[] = {
  { "distance", GG_RULE_LABEL, 0 },       /* an integer label: checked below */
  { "robber_speed", GG_RULE_LABEL, 0 },
  { "directed", GG_RULE_BOOL, 0 },
  { "surround", GG_RULE_BOOL, 0 },
  { "lazy", GG_RULE_BOOL, 0 },
};
#define COPS_KEY_DISTANCE 0
#define COPS_KEY_SPEED 1
#define COPS_KEY_DIRECTED 2
#define COPS_KEY_SURROUND 3
#define COPS_KEY_LAZY 4
#define COPS_NKEY 5

/* Positions for n nodes and k cops, one function per k (GGGraphRef's
** xPositions takes n only). */
#define COPS_POS(k) static uint64_t copsPos##k(uint64_t n){ return gg_cops_positions(n, k); }
COPS_POS(1)  COPS_POS(2)  COPS_POS(3)  COPS_POS(4)  COPS_POS(5)  COPS_POS(6)  COPS_POS(7)
COPS_POS(8)  COPS_POS(9)  COPS_POS(10) COPS_POS(11) COPS_POS(12) COPS_POS(13) COPS_POS(14)
COPS_POS(15) COPS_POS(16) COPS_POS(17) COPS_POS(18) COPS_POS(19) COPS_POS(20) COPS_POS(21)
COPS_POS(22) COPS_POS(23) COPS_POS(24) COPS_POS(25) COPS_POS(26) COPS_POS(27) COPS_POS(28)
COPS_POS(29) COPS_POS(30) COPS_POS(31) COPS_POS(32)
static uint64_t (*const aCopsPos[GG_COPS_MAXK])(uint64_t) = {
  copsPos1,  copsPos2,  copsPos3,  copsPos4,  copsPos5,  copsPos6,  copsPos7,  copsPos8,
  copsPos9,  copsPos10, copsPos11, copsPos12, copsPos13, copsPos14, copsPos15, copsPos16,
  copsPos17, copsPos18, copsPos19, copsPos20, copsPos21, copsPos22, copsPos23, copsPos24,
  copsPos25, copsPos26, copsPos27, copsPos28, copsPos29, copsPos30, copsPos31, copsPos32,
};

/* Check k (a positive integer, at most GG_COPS_MAXK). */
static int copsK(const char *zFunc, sqlite3_value *pK, uint32_t *pk, char **pzErr){
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

/* An integer key of the rules (a label as the parser reads it): lo to
** GG_COPS_MAXSPEED, or def if not given. */
static int copsIntKey(const char *zFunc, const GGRules *pRules, int iKey, uint32_t lo,
                      uint32_t def, uint32_t *pOut, char **pzErr){
  const GGRuleVal *v = &pRules->aVal[iKey];
  *pOut = def;
  if( !v->bSet ) return SQLITE_OK;
  if( v->aLabel[0].eType!=GG_KEY_INT || v->aLabel[0].iVal<(int64_t)lo
   || v->aLabel[0].iVal>GG_COPS_MAXSPEED ){
    char *zVal = gg_label_sql(&v->aLabel[0]);
    *pzErr = zVal ? gg_errmsg("%s: rules: \"%s\" must be an integer from %u to %d, got %s",
                              zFunc, aCopsKey[iKey].zKey, lo, GG_COPS_MAXSPEED, zVal) : 0;
    sqlite3_free(zVal);
    return gg_error_rc(SQLITE_MISMATCH, *pzErr);
  }
  *pOut = (uint32_t)v->aLabel[0].iVal;
  return SQLITE_OK;
}

/* The rules keys into pCall->rules; an error for keys that do not
** combine. */
static int copsRules(GGCopsCall *pCall, const char *zFunc, sqlite3_value *pRules,
                     char **pzErr){
  GGRules rules;
  GGCopsRules *r = &pCall->rules;
  const char *zA, *zB;
  int rc = gg_rules_arg(zFunc, pRules, aCopsKey, COPS_NKEY, &rules, pzErr);
  if( rc ) return rc;
  r->bLazy = rules.aVal[COPS_KEY_LAZY].bTrue;
  r->bDirected = rules.aVal[COPS_KEY_DIRECTED].bTrue;
  r->bSurround = rules.aVal[COPS_KEY_SURROUND].bTrue;
  rc = copsIntKey(zFunc, &rules, COPS_KEY_DISTANCE, 0, 0, &r->distance, pzErr);
  if( rc==SQLITE_OK ) rc = copsIntKey(zFunc, &rules, COPS_KEY_SPEED, 1, 1, &r->robberSpeed, pzErr);
  gg_rules_free(&rules);
  if( rc ) return rc;
  if( gg_cops_rules_check(r, &zA, &zB) ){
    *pzErr = gg_errmsg("%s: rules: \"%s\" and \"%s\" do not combine (no published game"
                       " plays both)", zFunc, zA, zB);
    return gg_error_rc(SQLITE_ERROR, *pzErr);
  }
  pCall->ref.bDirected = r->bDirected;
  return SQLITE_OK;
}

/* How positions are counted for pCall->k cops, for messages. */
static void copsSize(GGCopsCall *pCall){
  sqlite3_snprintf(sizeof(pCall->zSize), pCall->zSize,
                   "2 turns x C(n+k-1, k) placements of k = %u cop%s x n robber nodes",
                   pCall->k, pCall->k==1 ? "" : "s");
}

void gg_cops_call_k(GGCopsCall *pCall, uint32_t k){
  pCall->k = k;
  pCall->ref.xPositions = aCopsPos[k-1];
}

int gg_cops_call_init(GGCopsCall *pCall, GGConn *pConn, const char *zFunc,
                      sqlite3_value *pId, sqlite3_value *pK, sqlite3_value *pTable,
                      sqlite3_value *pRules, char **pzErr){
  uint32_t k = 1;
  int rc;
  memset(pCall, 0, sizeof(*pCall));
  if( !gg_graph_ref(&pCall->ref, zFunc, pId, pTable) ){
    pCall->ref.pId = 0;                 /* a NULL graph_id: no result, no rows */
    return SQLITE_OK;
  }
  if( pK && (rc = copsK(zFunc, pK, &k, pzErr))!=SQLITE_OK ) return rc;
  rc = copsRules(pCall, zFunc, pRules, pzErr);
  if( rc ) return rc;
  pCall->ref.pConn = pConn;
  gg_cops_call_k(pCall, k);
  copsSize(pCall);
  {                                     /* stop reading past the limit for k */
    uint64_t lo = 0, hi = 0xfffffffdu, m = (uint64_t)pConn->mxPositions;
    /* positions >= 2n^2 for every k: search below the first power of two
    ** whose 2n^2 passes the limit */
    uint64_t top = 2;
    while( top<hi && 2*top*top<=m ) top *= 2;
    if( top<hi ) hi = top;
    while( lo<hi ){
      uint64_t mid = lo + (hi-lo+1)/2;
      if( gg_cops_positions(mid, k)<=(uint64_t)pConn->mxPositions ) lo = mid; else hi = mid-1;
    }
    pCall->ref.mxNode = lo==0 ? 1 : (uint32_t)lo;
  }
  pCall->ref.mxPositions = pConn->mxPositions;
  pCall->ref.zSize = pCall->zSize;
  return SQLITE_OK;
}

/* The error for k cops over the position limit, in cache.c's words. */
static int copsTooBig(GGConn *pConn, GGCopsCall *pCall, uint32_t n, uint64_t nPos,
                      char **pzErr){
  char *zWhat;
  copsSize(pCall);
  zWhat = gg_graph_name(&pCall->ref);
  char zPos[40];
  if( nPos==UINT64_MAX ) memcpy(zPos, "more than 2^64", 15);
  else sqlite3_snprintf(sizeof(zPos), zPos, "%llu", (unsigned long long)nPos);
  *pzErr = zWhat ? gg_errmsg("%s: %s has %u nodes and needs %s positions (%s, n = %u),"
                             " over the limit of %lld (see graphgame_limit)",
                             pCall->ref.zFunc, zWhat, n, zPos, pCall->zSize, n,
                             pConn->mxPositions) : 0;
  sqlite3_free(zWhat);
  return gg_error_rc(SQLITE_TOOBIG, *pzErr);
}

/* The error for an engine failure other than the limit. */
static int copsFailed(const GGCopsCall *pCall, int rc, char **pzErr){
  char *zWhat = gg_graph_name(&pCall->ref);
  if( zWhat && rc==GG_INTERRUPT ){
    *pzErr = gg_errmsg("%s: interrupted while solving %s for k = %u", pCall->ref.zFunc,
                       zWhat, pCall->k);
  }else if( zWhat && rc==GG_TOOBIG ){
    *pzErr = gg_errmsg("%s: %s is too large to solve for k = %u", pCall->ref.zFunc,
                       zWhat, pCall->k);
  }
  sqlite3_free(zWhat);
  return gg_error_rc(gg_sqlite_rc(rc), *pzErr);
}

/* Solve pCall->k cops on the built graph, in fast or full mode, within
** the limit. */
static int copsSolve(GGConn *pConn, GGCopsCall *pCall, const GGGraph *pG, int bFast,
                     GGCops *pCops, char **pzErr){
  uint64_t nPos = gg_cops_positions(pG->n, pCall->k);
  GGInterrupt intr;
  GGStop stop;
  int rc;
  memset(pCops, 0, sizeof(*pCops));
  if( nPos>(uint64_t)pConn->mxPositions ) return copsTooBig(pConn, pCall, pG->n, nPos, pzErr);
  gg_interrupt_conn(&intr, &stop, pConn);
  rc = gg_cops_solve_rules(pCops, pG, pCall->k, &pCall->rules, bFast, &stop);
  gg_interrupt_done(&intr);
  if( rc ){
    gg_cops_free(pCops);
    return copsFailed(pCall, rc, pzErr);
  }
  return SQLITE_OK;
}

int gg_cops_load_solve(GGConn *pConn, GGCopsCall *pCall, GGGraph *pG, GGCops *pCops,
                       char **pzErr){
  int rc = gg_load_graph_roles(pConn->db, &pCall->ref, 0, 0, pG, pzErr);
  memset(pCops, 0, sizeof(*pCops));
  if( rc ) return rc;
  rc = copsSolve(pConn, pCall, pG, 0, pCops, pzErr);
  if( rc ) gg_graph_free(pG);
  return rc;
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

char *gg_cops_json(const GGCops *p, const GGGraph *pG, uint64_t conf){
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

/* Closed-neighbourhood masks of the rows read (out-arcs if pE is
** directed), if there are at most 64 nodes (their order does not matter
** to the capture time): 1, else 0. */
static int copsMasks(const GGEdgeList *pE, uint32_t *pn, uint64_t *aNbr){
  uint32_t n = pE->labels.n, i;
  uint64_t j;
  if( n>GG_COPS_SMALL_MAXN ) return 0;
  for(i=0; i<n; i++) aNbr[i] = 1ull<<i;
  for(j=0; j<pE->nEdge; j++){
    uint32_t a = pE->a[2*j], b = pE->a[2*j+1];
    aNbr[a] |= 1ull<<b;
    if( !pE->bDirected ) aNbr[b] |= 1ull<<a;
  }
  *pn = n;
  return 1;
}

/* The scratch of gg_cops_small(), kept by the connection; NULL if out
** of memory. */
static uint64_t *copsScratch(GGConn *pConn){
  if( pConn->aCopsScratch==0 ){
    pConn->aCopsScratch = sqlite3_malloc64(GG_COPS_SMALL_SCRATCH*sizeof(uint64_t));
  }
  return pConn->aCopsScratch;
}

/* Capture time of k cops (-1: the robber escapes) on a graph of the
** call: on the masks while k <= 2 and the graph is small, else on the
** graph, built from the rows on first need (*pE is consumed then). */
static int copsTime(GGConn *pConn, GGCopsCall *pCall, GGEdgeList *pE, int bSmall,
                    uint32_t n, const uint64_t *aNbr, GGGraph *pG, int64_t *pTime,
                    char **pzErr){
  GGCops cops;
  int rc;
  if( bSmall && pCall->k<=2 ){
    uint64_t nPos = gg_cops_positions(n, pCall->k);
    uint64_t *aScratch;
    if( nPos>(uint64_t)pConn->mxPositions ) return copsTooBig(pConn, pCall, n, nPos, pzErr);
    if( (aScratch = copsScratch(pConn))==0 ) return SQLITE_NOMEM;
    *pTime = gg_cops_small_rules(n, aNbr, pCall->k, &pCall->rules, aScratch);
    return SQLITE_OK;
  }
  if( pG->aOff==0 ){
    rc = gg_graph_with_roles(pConn->db, &pCall->ref, pE, 0, 0, pG, pzErr);
    if( rc ) return rc;
  }
  rc = copsSolve(pConn, pCall, pG, 1, &cops, pzErr);
  if( rc ) return rc;
  *pTime = cops.captureTime;
  gg_cops_free(&cops);
  return SQLITE_OK;
}

/* The fast path (small.c): a small graph read into bit rows, k <= 2
** cops on its masks, no edge list.  1 if it gave the result; 0 if the
** general path must (more cops needed, over the limit, out of memory). */
static int copsSmallCall(sqlite3_context *ctx, GGConn *pConn, GGCopsCall *pCall,
                         int bNumber){
  GGSmall s;
  uint64_t aNbr[GG_SMALL_MAXN], *aScratch;
  uint32_t k, u;
  int64_t t = -1;
  if( pCall->k>2 || !gg_small_read(pConn, &pCall->ref, &s) )return 0;
  if( (aScratch = copsScratch(pConn))==0 ) return 0;
  for(u=0; u<s.n; u++) aNbr[u] = s.aOut[u] | (1ull<<u);
  for(k=bNumber ? 1 : pCall->k; k<=2 && t<0; k++){
    if( gg_cops_positions(s.n, k)>(uint64_t)pConn->mxPositions ) return 0;
    t = gg_cops_small_rules(s.n, aNbr, k, &pCall->rules, aScratch);
    if( !bNumber ) break;
  }
  if( bNumber ){
    if( t<0 ) return 0;                  /* three cops or more: the engine */
    sqlite3_result_int64(ctx, k-1);
  }else if( t>=0 ){
    sqlite3_result_int64(ctx, t);
  }
  return 1;
}

/* cop_number(graph_id [, edges [, rules]]) and capture_time(graph_id, k
** [, edges [, rules]]): read the rows once, then try k. */
static void copsFunc(sqlite3_context *ctx, int bNumber, sqlite3_value *pId,
                     sqlite3_value *pK, sqlite3_value *pTable, sqlite3_value *pRules){
  GGConn *pConn = (GGConn*)sqlite3_user_data(ctx);
  const char *zFunc = bNumber ? "cop_number" : "capture_time";
  GGCopsCall call;
  GGEdgeList e;
  GGGraph g;
  uint64_t aNbr[GG_COPS_SMALL_MAXN];
  uint32_t n = 0, k;
  char *zErr = 0;
  int64_t t = -1;
  int rc, bSmall;
  memset(&e, 0, sizeof(e));
  memset(&g, 0, sizeof(g));
  rc = gg_cops_call_init(&call, pConn, zFunc, pId, pK, pTable, pRules, &zErr);
  if( rc==SQLITE_OK && call.ref.pId==0 ) return;       /* NULL graph_id */
  if( rc==SQLITE_OK && copsSmallCall(ctx, pConn, &call, bNumber) ) return;
  if( rc==SQLITE_OK ) rc = gg_read_edges(pConn->db, &call.ref, &e, &zErr);
  if( rc ){ gg_result_error(ctx, rc, zErr); return; }
  bSmall = copsMasks(&e, &n, aNbr);
  if( bNumber ){
    /* k = n always wins (a cop on every node), so this ends */
    for(k=1; rc==SQLITE_OK; k++){
      gg_cops_call_k(&call, k);
      rc = copsTime(pConn, &call, &e, bSmall, n, aNbr, &g, &t, &zErr);
      if( rc==SQLITE_OK && t>=0 ) break;
    }
  }else{
    rc = copsTime(pConn, &call, &e, bSmall, n, aNbr, &g, &t, &zErr);
  }
  gg_edges_free(&e);
  gg_graph_free(&g);
  if( rc ){ gg_result_error(ctx, rc, zErr); return; }
  if( bNumber ) sqlite3_result_int64(ctx, call.k);
  else if( t>=0 ) sqlite3_result_int64(ctx, t);
}

void gg_fn_cop_number(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  copsFunc(ctx, 1, argv[0], 0, argc>1 ? argv[1] : 0, argc>2 ? argv[2] : 0);
}

void gg_fn_capture_time(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  copsFunc(ctx, 0, argv[0], argv[1], argc>2 ? argv[2] : 0, argc>3 ? argv[3] : 0);
}
