/*
** catmouse_sql.c: cat and mouse in SQL.
**
**   catmouse(graph_id [, edges [, rules]])   -> 1 mouse wins, 2 cat wins, 0 draw
**       The outcome from the start under optimal play.  The graph is the
**       rows of graph_id in the table or view `edges` (columns graph_id,
**       src, dst).  rules, a JSON object, names the roles: "hole" (a label
**       or an array of labels; default 0), "mouse" and "cat" (the start
**       nodes; default 1 and 2), "turn" ("mouse", the default, or "cat":
**       who moves first) and "directed" (false; true: a row is an arc src
**       -> dst).  A NULL graph_id gives NULL.
**
**   catmouse_json(adjacency [, rules])       -> 1, 2 or 0
**       The same for a LeetCode-style JSON adjacency list, whose lists
**       name every node 0..n-1, e.g.
**       catmouse_json('[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]') = 0.
**
** Every position is listed by catmouse_states(graph_id [, edges [,
** rules]]) and the optimal line by catmouse_play (states.c, play.c), both
** described by gg_catmouse_def below.  The game itself is in
** ext/engine/catmouse.c; the rules are in README.md.
*/
#include <string.h>
#include <pthread.h>
#include "glue.h"
#include "catmouse.h"
#include "adjjson.h"
SQLITE_EXTENSION_INIT3

#define CM_KEY_HOLE     0
#define CM_KEY_MOUSE    1
#define CM_KEY_CAT      2
#define CM_KEY_TURN     3
#define CM_KEY_DIRECTED 4
static const char *const azCmTurn[] = { "mouse", "cat", 0 };
static const GGRuleKey aCmKey[] = {
  { "hole",     GG_RULE_LABELS, 0 },
  { "mouse",    GG_RULE_LABEL,  0 },
  { "cat",      GG_RULE_LABEL,  0 },
  { "turn",     GG_RULE_WORD,   azCmTurn },
  { "directed", GG_RULE_BOOL,   0 },
};

static uint64_t cmsqlPositions(uint64_t n){ return GG_CM_NPOS(n); }
static uint64_t cmsqlBytes(const GGGraph *pG){ return gg_cm_bytes(pG->n, pG->nArc); }

/* Role i of the rules' key, or its default label iDefault. */
static void cmsqlRole(const GGRules *pRules, int iKey, const char *zRole, int64_t iDefault,
                      GGRole *r){
  memset(r, 0, sizeof(*r));
  r->zRole = zRole;
  r->zKey = aCmKey[iKey].zKey;
  r->dflt = GG_LABEL_INT(iDefault);
  if( pRules->aVal[iKey].bSet ){
    r->aLabel = pRules->aVal[iKey].aLabel;
    r->nLabel = pRules->aVal[iKey].nLabel;
  }
}

static int cmsqlRoles(const GGRules *pRules, const GGLabel *aArg, int bStart, GGRole *aRole,
                      int *piTurn){
  int nRole = 1;
  (void)aArg;
  cmsqlRole(pRules, CM_KEY_HOLE, "the hole", 0, &aRole[0]);
  if( bStart || pRules->aVal[CM_KEY_MOUSE].bSet ){
    cmsqlRole(pRules, CM_KEY_MOUSE, "the mouse's start", 1, &aRole[nRole++]);
  }
  if( bStart || pRules->aVal[CM_KEY_CAT].bSet ){
    cmsqlRole(pRules, CM_KEY_CAT, "the cat's start", 2, &aRole[nRole++]);
  }
  *piTurn = pRules->aVal[CM_KEY_TURN].bSet ? pRules->aVal[CM_KEY_TURN].iWord : GG_CM_MOUSE;
  return nRole;
}

/* An interrupted solve of many positions is freed on a thread of its own:
** giving gigabytes of touched pages back takes a quarter of a second at
** n = 40,000, and sqlite3_interrupt() must return within 100 ms.  (Where
** no thread can be started, as in the WebAssembly build, it is freed here.) */
#define CM_FREE_LATER (200*1000*1000)     /* positions */
static void *cmsqlFreeThread(void *pArg){
  gg_cm_free((GGCatMouse*)pArg);
  sqlite3_free(pArg);
  return 0;
}
/* The threads still freeing (joinable, oldest first), for every
** connection of the process: SQLite unloads the library when the
** connection that loaded it closes, and a thread must not outlive its
** code, so closing a connection waits for them (gg_catmouse_free_wait). */
#define CM_MAX_FREEING 4
static pthread_mutex_t cmFreeMutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_t aCmFreeing[CM_MAX_FREEING];
static int nCmFreeing = 0;

static void cmsqlFreeFailed(GGCatMouse *p, uint32_t n, int rc){
  int bStarted = 0;
  if( rc==GG_INTERRUPT && GG_CM_NPOS(n)>=CM_FREE_LATER ){
    pthread_mutex_lock(&cmFreeMutex);
    if( nCmFreeing==CM_MAX_FREEING ){         /* the oldest is surely done by now */
      pthread_join(aCmFreeing[0], 0);
      memmove(aCmFreeing, aCmFreeing+1, (CM_MAX_FREEING-1)*sizeof(pthread_t));
      nCmFreeing--;
    }
    bStarted = pthread_create(&aCmFreeing[nCmFreeing], 0, cmsqlFreeThread, p)==0;
    if( bStarted ) nCmFreeing++;
    pthread_mutex_unlock(&cmFreeMutex);
  }
  if( !bStarted ) cmsqlFreeThread(p);
}

void gg_catmouse_free_wait(void){
  pthread_mutex_lock(&cmFreeMutex);
  while( nCmFreeing>0 ) pthread_join(aCmFreeing[--nCmFreeing], 0);
  pthread_mutex_unlock(&cmFreeMutex);
}

static int cmsqlSolve(void **ppState, const GGGraph *pG, const uint32_t *aParam,
                      uint32_t nParam, const GGStop *pStop){
  GGCatMouse *p = sqlite3_malloc64(sizeof(*p));
  uint8_t *aHole = sqlite3_malloc64((uint64_t)pG->n + 1);
  uint32_t i;
  int rc;
  *ppState = 0;
  if( p==0 || aHole==0 ){ sqlite3_free(p); sqlite3_free(aHole); return GG_NOMEM; }
  memset(aHole, 0, (uint64_t)pG->n + 1);
  for(i=0; i<nParam; i++) aHole[aParam[i]] = 1;
  rc = gg_cm_solve(p, pG, aHole, pStop);
  sqlite3_free(aHole);
  if( rc ){ cmsqlFreeFailed(p, pG->n, rc); return rc; }
  *ppState = p;
  return GG_OK;
}

static void cmsqlFree(void *pState){
  gg_cm_free((GGCatMouse*)pState);
  sqlite3_free(pState);
}

static void cmsqlGet(const void *pState, uint32_t a, uint32_t b, int turn,
                     uint32_t *pValue, int64_t *pPlies, int64_t *pMove){
  gg_cm_get((const GGCatMouse*)pState, a, b, turn, pValue, pPlies, pMove);
}

static int cmsqlListed(const void *pState, uint32_t a, uint32_t b){
  (void)a;
  return !gg_cm_is_hole((const GGCatMouse*)pState, b);
}

void gg_fn_catmouse(sqlite3_context*, int, sqlite3_value**);

const GGGameDef gg_catmouse_def = {
  .zName = "catmouse", .nArgMin = 1, .nArgMax = 3, .xFunc = gg_fn_catmouse,
  .zStates = "catmouse_states", .zPlay = "catmouse_play",
  .azPlayer = { "mouse", "cat" }, .azTurn = { "mouse", "cat" },
  .zParam = 0, .azPlayArg = { 0, 0, 0 },
  .aOutcome = { 0, 1, 2, 0 },   /* open (unused), mouse wins, cat wins, draw */
  .aKey = aCmKey, .nKey = (int)(sizeof(aCmKey)/sizeof(aCmKey[0])),
  .iDirected = CM_KEY_DIRECTED,
  .zSize = "2 turns x n mouse nodes x n cat nodes",
  .xPositions = cmsqlPositions, .xBytes = cmsqlBytes, .xRoles = cmsqlRoles,
  .xSolve = cmsqlSolve,
  .xFree = cmsqlFree, .xGet = cmsqlGet, .xListed = cmsqlListed,
  .zNotListed = "the cat may not start on a hole",
};

/* The outcome of the call's start in a solved game, or an error if the
** start is not a position (the cat on a hole). */
static void cmsqlResult(sqlite3_context *ctx, const GGCall *pCall, const GGSolved *p){
  uint32_t value, mouse = pCall->aRole[1].aId[0], cat = pCall->aRole[2].aId[0];
  int64_t plies, move;
  if( !cmsqlListed(p->pState, mouse, cat) ){
    GGLabel L;
    char *zL;
    gg_graph_label(&p->g, cat, &L);
    zL = gg_label_sql(&L);
    gg_result_error(ctx, SQLITE_ERROR, zL ? gg_errmsg("%s: the cat's start %s is a hole: %s",
                    pCall->ref.zFunc, zL, gg_catmouse_def.zNotListed) : 0);
    sqlite3_free(zL);
    return;
  }
  gg_cm_get((const GGCatMouse*)p->pState, mouse, cat, pCall->iTurn, &value, &plies, &move);
  sqlite3_result_int(ctx, gg_catmouse_def.aOutcome[value]);
}

/* The fast path of catmouse() (small.c): a small graph read into bit
** rows and only its start solved, with no cache, no graph and no
** allocation.  1 if it gave the result, 0 if the general path must. */
static int cmsqlSmall(sqlite3_context *ctx, GGConn *pConn, GGCall *pCall){
  GGSmall s;
  uint64_t hole, m;
  uint32_t u, mouse, cat;
  if( !gg_small_read(pConn, &pCall->ref, &s) ) return 0;
  pCall->nRole = cmsqlRoles(&pCall->rules, 0, 1, pCall->aRole, &pCall->iTurn);
  if( !gg_small_role(&s, &pCall->aRole[0], &hole, &u)
   || !gg_small_role(&s, &pCall->aRole[1], &m, &mouse)
   || !gg_small_role(&s, &pCall->aRole[2], &m, &cat)
   || ((hole>>cat)&1)                       /* an error, named there */
   || GG_CM_NPOS(s.n)>(uint64_t)pConn->mxPositions ){
    return 0;
  }
  sqlite3_result_int(ctx, gg_catmouse_def.aOutcome[
      gg_cm_small_outcome(s.n, s.aOut, hole, mouse, cat, pCall->iTurn)]);
  return 1;
}

void gg_fn_catmouse(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  GGConn *pConn = (GGConn*)sqlite3_user_data(ctx);
  GGCall call;
  GGSolved *p = 0;
  char *zErr = 0;
  int rc = gg_call_init(&call, pConn, &gg_catmouse_def, "catmouse", argv[0],
                        argc>1 ? argv[1] : 0, argc>2 ? argv[2] : 0, &zErr);
  if( rc==SQLITE_OK && call.ref.pId && cmsqlSmall(ctx, pConn, &call) ){
    gg_call_free(&call);
    return;
  }
  if( rc==SQLITE_OK && call.ref.pId ){
    rc = gg_call_solve(&call, pConn, 0, 1, &p, &zErr);
    if( rc==SQLITE_OK ) cmsqlResult(ctx, &call, p);
  }
  if( rc ) gg_result_error(ctx, rc, zErr);
  gg_solved_release(p);
  gg_call_free(&call);
}

/* The edges of a JSON adjacency list: nodes 0..n-1. */
static int cmsqlJsonEdges(const char *z, int nZ, GGEdgeList *pE, char **pzErr){
  int64_t nNode = 0, i;
  char zMsg[200];
  int rc;
  memset(pE, 0, sizeof(*pE));
  rc = gg_adjjson_parse(z, (uint64_t)nZ, pE, &nNode, zMsg);
  if( rc<0 ){
    *pzErr = gg_errmsg("catmouse_json: %s", zMsg);
    gg_edges_free(pE);
    return SQLITE_ERROR;
  }
  for(i=0; rc==GG_OK && i<nNode; i++){
    GGLabel L = GG_LABEL_INT(i);
    rc = gg_edges_node(pE, &L);
  }
  if( rc ) gg_edges_free(pE);
  return gg_sqlite_rc(rc);
}

void gg_fn_catmouse_json(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  GGConn *pConn = (GGConn*)sqlite3_user_data(ctx);
  const char *z = (const char*)sqlite3_value_text(argv[0]);
  GGCall call;
  GGEdgeList e;
  GGGraph g;
  GGSolved *p = 0;
  char *zErr = 0;
  int rc;
  if( sqlite3_value_type(argv[0])==SQLITE_NULL ) return;
  if( z==0 ){ sqlite3_result_error_nomem(ctx); return; }
  rc = gg_call_init(&call, pConn, &gg_catmouse_def, "catmouse_json", argv[0], 0,
                    argc>1 ? argv[1] : 0, &zErr);
  call.ref.bClosed = 1;
  call.ref.zWhat = "the adjacency list";
  if( rc==SQLITE_OK ) rc = cmsqlJsonEdges(z, sqlite3_value_bytes(argv[0]), &e, &zErr);
  if( rc==SQLITE_OK ){
    e.bDirected = call.ref.bDirected;
    call.nRole = cmsqlRoles(&call.rules, 0, 1, call.aRole, &call.iTurn);
    rc = gg_graph_with_roles(pConn->db, &call.ref, &e, call.aRole, call.nRole, &g, &zErr);
  }
  if( rc==SQLITE_OK ){
    rc = gg_solve(pConn, &gg_catmouse_def, "catmouse_json", &g, call.aRole[0].aId,
                  call.aRole[0].nId, "the adjacency list", 0, &p, &zErr);
  }
  if( rc==SQLITE_OK ) cmsqlResult(ctx, &call, p);
  if( rc ) gg_result_error(ctx, rc, zErr);
  gg_solved_release(p);
  gg_call_free(&call);
}
