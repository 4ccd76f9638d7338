/*
** call.c: the one road of every call of a game (call.h).
**
**   gg_call_init()    1. the arguments: graph, node arguments, k, the
**                        source that the edges argument picks, the rules
**   gg_call_solve()   2. the roles   3. the graph from its source
**                     4. the limit   5. the cache   6. the solve
**   gg_call_scalar()  all of it for a scalar function, small graphs
**                     first, then 7. the function's result
**
** Tables (the generic states.c and play.c, or a game's own) call
** gg_call_init() and gg_call_solve() and stream rows from the solved
** game.  Functions with a solve of their own give an xRun, which this
** file runs on the built graph with the interrupt polled.  What a game
** needs beyond that is in its GGGameDef (call.h): this file names no
** game.  Messages are errors.c's.
*/
#include <stddef.h>
#include <string.h>
#include "registry.h"
#include "board.h"
SQLITE_EXTENSION_INIT3

/* Nonzero if z is the word zWord: a loop, as the words are short and a
** census compares one on every row (strcmp's call costs more). */
static int callIsWord(const char *z, const char *zWord){
  while( *z && *z==*zWord ){ z++; zWord++; }
  return *z==*zWord;
}

/* The source for the edges argument pEdges (NULL: the table "edges"). */
static const GGSource *callSource(GGCall *pCall, sqlite3_value *pEdges){
  const char *z = pCall->pFunc->zSourceWord;
  size_t i;
  if( z==0 && pEdges && sqlite3_value_type(pEdges)==SQLITE_TEXT ){
    z = (const char*)sqlite3_value_text(pEdges);
  }
  for(i=1; z && gg_aSource[i]; i++){            /* 0: the edge table */
    if( callIsWord(z, gg_aSource[i]->zWord) ) return gg_aSource[i];
  }
  if( pEdges && sqlite3_value_type(pEdges)!=SQLITE_NULL ){
    pCall->ref.zTable = (const char*)sqlite3_value_text(pEdges);
  }
  return gg_aSource[0];
}

const char *gg_source_near(const char *zTable){
  size_t i;
  for(i=1; gg_aSource[i]; i++){
    const char *z = zTable, *w = gg_aSource[i]->zWord;
    while( *z==' ' || *z=='\t' ) z++;
    while( *w && (*z|0x20)==*w ){ z++; w++; }           /* the words are lower case */
    while( *z==' ' || *z=='\t' ) z++;
    if( *w==0 && *z==0 ) return gg_aSource[i]->zWord;
  }
  return 0;
}

int gg_register_sources(sqlite3 *db, GGConn *pConn){
  int rc = SQLITE_OK;
  size_t i;
  (void)pConn;
  for(i=0; rc==SQLITE_OK && gg_aSource[i]; i++){
    if( gg_aSource[i]->xTables ) rc = gg_aSource[i]->xTables(db, gg_aSource[i]);
  }
  return rc;
}

/* The most nodes whose positions fit the limit (at least 1; at most
** 2^32 - 3, a graph's bound), from the game's own formula (for k = 1
** when the function counts its positions itself, bReadAsK1, or the game
** counts what its solve holds once the graph is built, xHold). */
static uint32_t callMaxNodes(const GGCall *pCall){
  const GGGameDef *pDef = pCall->pDef;
  uint64_t mx = (uint64_t)pCall->pConn->mxPositions;
  uint32_t k = (pCall->pFunc->bReadAsK1 || pDef->xHold) && pCall->k>1 ? 1 : pCall->k;
  uint64_t n = pDef->xLimitNodes ? pDef->xLimitNodes(mx, k) : gg_board_max_nodes(mx);
  if( n>0xfffffffdu ) n = 0xfffffffdu;
  return n==0 ? 1 : (uint32_t)n;
}

char *gg_call_name(const GGCall *pCall){
  return pCall->ref.pSource->xName(&pCall->ref);
}

/* Arguments checked before the graph is: max_plies, and a NULL node that
** gives a NULL result.  SQLITE_OK, GG_CALL_NULL or an error. */
static int callEarlyArgs(GGCall *pCall, char **pzErr){
  const GGFuncDef *f = pCall->pFunc;
  int i;
  for(i=0; i<GG_MAX_ARG && f->azArg[i]; i++){
    sqlite3_value *v = pCall->apArg[i];
    if( f->aArgKind[i]==GG_ARG_NODE_NULL && sqlite3_value_type(v)==SQLITE_NULL ){
      return GG_CALL_NULL;
    }
    if( f->aArgKind[i]==GG_ARG_CAP && sqlite3_value_type(v)!=SQLITE_NULL
     && (sqlite3_value_type(v)!=SQLITE_INTEGER || sqlite3_value_int64(v)<0) ){
      char *zVal = gg_value_sql(v);
      *pzErr = zVal ? gg_errmsg("%s: %s must be a non-negative integer or NULL, got %s",
                                f->zName, f->azArg[i], zVal) : 0;
      sqlite3_free(zVal);
      return gg_error_rc(SQLITE_MISMATCH, *pzErr);
    }
  }
  return SQLITE_OK;
}

/* The game's k: an integer from 1 to the game's largest. */
static int callK(GGCall *pCall, sqlite3_value *pK, char **pzErr){
  sqlite3_int64 k = sqlite3_value_int64(pK);
  if( sqlite3_value_type(pK)!=SQLITE_INTEGER || k<1 || k>pCall->pDef->mxK ){
    char *zVal = gg_value_sql(pK);
    *pzErr = zVal ? gg_errmsg("%s: k must be an integer from 1 to %u, got %s",
                              pCall->pFunc->zName, pCall->pDef->mxK, zVal) : 0;
    sqlite3_free(zVal);
    return gg_error_rc(SQLITE_MISMATCH, *pzErr);
  }
  pCall->k = (uint32_t)k;
  return SQLITE_OK;
}

/* How many node arguments f has. */
static int callNodeCount(const GGFuncDef *f){
  int i, n = 0;
  for(i=0; i<GG_MAX_ARG && f->azArg[i]; i++){
    n += f->aArgKind[i]==GG_ARG_NODE || f->aArgKind[i]==GG_ARG_NODE_NULL;
  }
  return n;
}

/* The node arguments as labels, in order. */
static int callNodes(GGCall *pCall, char **pzErr){
  const GGFuncDef *f = pCall->pFunc;
  int i, j = 0;
  for(i=0; i<GG_MAX_ARG && f->azArg[i]; i++){
    int k;
    if( f->aArgKind[i]!=GG_ARG_NODE && f->aArgKind[i]!=GG_ARG_NODE_NULL ) continue;
    k = gg_value_label(pCall->apArg[i], &pCall->aArg[j]);
    if( k<0 ) return SQLITE_NOMEM;
    if( k==0 ){
      *pzErr = gg_err_label_arg(f->zName, f->azArg[i], pCall->apArg[i]);
      return gg_error_rc(SQLITE_MISMATCH, *pzErr);
    }
    j++;
  }
  return SQLITE_OK;
}

/* The rules of a statement, kept as its auxdata. */
typedef struct CallKept CallKept;
struct CallKept {
  GGRules rules;              /* parsed (owned) */
  int bChecked[2];            /* the function's xCheck passed them, as given
                              ** [0] or with "directed" forced [1] */
};

/* Frees a CallKept with the statement's auxdata. */
static void callKeptDestroy(void *p){
  gg_rules_free(&((CallKept*)p)->rules);
  sqlite3_free(p);
}

/* The rules argument pRules (argument iArg of the call) parsed.  A scalar
** call keeps them as the statement's auxdata, so the rows of a census
** parse (and check) a constant rules text once, not once a row
** (sqlite3_set_auxdata: SQLite drops it when the argument changes).
** *ppKept: the kept rules, or NULL. */
static int callRules(GGCall *pCall, sqlite3_value *pRules, int iArg, CallKept **ppKept,
                     char **pzErr){
  const GGFuncDef *f = pCall->pFunc;
  CallKept *pKept;
  int rc, bKeep = pCall->pCtx && pRules && sqlite3_value_type(pRules)==SQLITE_TEXT;
  *ppKept = 0;
  if( bKeep && (pKept = (CallKept*)sqlite3_get_auxdata(pCall->pCtx, iArg))!=0 ){
    pCall->rules = pKept->rules;
    pCall->bRulesKept = 1;
    *ppKept = pKept;
    return SQLITE_OK;
  }
  rc = gg_rules_arg(f->zName, pRules, pCall->pDef->aKey, pCall->pDef->nKey, &pCall->rules, pzErr);
  if( rc || !bKeep ) return rc;
  pKept = sqlite3_malloc64(sizeof(*pKept));
  if( pKept==0 ) return SQLITE_OK;             /* not kept: parsed again next row */
  pKept->rules = pCall->rules;
  pKept->bChecked[0] = pKept->bChecked[1] = 0;
  sqlite3_set_auxdata(pCall->pCtx, iArg, pKept, callKeptDestroy);
  if( sqlite3_get_auxdata(pCall->pCtx, iArg)==pKept ){
    pCall->bRulesKept = 1;                     /* the statement owns them now */
    *ppKept = pKept;
    return SQLITE_OK;
  }
  /* SQLite dropped them at once (and freed them): parse a copy of our own */
  return gg_rules_arg(f->zName, pRules, pCall->pDef->aKey, pCall->pDef->nKey, &pCall->rules, pzErr);
}

/* The function's own check of the rules given (none always pass), once
** for kept rules (once for each source kind: a directed source forces
** "directed", which may not combine with the rest). */
static int callCheck(GGCall *pCall, sqlite3_value *pRules, CallKept *pKept, char **pzErr){
  int rc;
  if( pCall->pFunc->xCheck==0 || pRules==0 || sqlite3_value_type(pRules)==SQLITE_NULL ){
    return SQLITE_OK;
  }
  if( pKept && pKept->bChecked[pCall->ref.pSource->bDirected] ) return SQLITE_OK;
  rc = pCall->pFunc->xCheck(pCall, pzErr);
  if( rc==SQLITE_OK && pKept ) pKept->bChecked[pCall->ref.pSource->bDirected] = 1;
  return rc;
}

/* A directed source's graphs are played as with "directed": true; an
** explicit false is refused, naming the key. */
static int callDirected(GGCall *pCall, char **pzErr){
  GGRuleVal *v;
  if( !pCall->ref.pSource->bDirected ) return SQLITE_OK;
  v = gg_rules_directed(&pCall->rules, pCall->pDef->nKey);
  if( v->bSet && !v->bTrue ){
    *pzErr = gg_errmsg("%s: rules: \"directed\" is false, but a %s value is a directed"
                       " graph (leave the key out, or make it true)", pCall->pFunc->zName,
                       pCall->ref.pSource->zWord);
    return gg_error_rc(SQLITE_ERROR, *pzErr);
  }
  v->bSet = 1;
  v->bTrue = 1;
  return SQLITE_OK;
}

/* gg_call_init(), and for a scalar call its context pCtx (or NULL). */
static int callInit(GGCall *pCall, sqlite3_context *pCtx, GGConn *pConn, const GGGameDef *pDef,
                    const GGFuncDef *pFunc, sqlite3_value **apArg, int nArg, char **pzErr){
  int nExtra, i, iK, rc;
  sqlite3_value *pEdges, *pRules;
  CallKept *pKept;
  /* each field of the head of GGCall, one by one (a memset of it is a
  ** "rep stos", whose start-up a census pays on every row) */
  memset(&pCall->ref, 0, sizeof(pCall->ref));
  pCall->k = 0;
  pCall->bRulesKept = 0;
  pCall->nRole = 0;
  pCall->iTurn = 0;
  pCall->bSmallGraph = 0;
  pCall->pSlot = 0;
  pCall->g.n = 0;                               /* no graph yet: nothing to free */
  pCall->g.aOff = 0;
  pCall->rules.aLabel = 0;                      /* nothing to free until parsed */
  pCall->rules.zText = 0;
  for(i=0; i<GG_MAX_ROLE; i++){                 /* read as empty while nRole is 0 */
    pCall->aRole[i].aId = 0;
    pCall->aRole[i].nId = 0;
    pCall->aRole[i].aLabel = 0;
    pCall->aRole[i].nLabel = 0;
  }
  pCall->pCtx = pCtx;
  pCall->pConn = pConn;
  pCall->pDef = pDef;
  pCall->pFunc = pFunc;
  for(nExtra=0; nExtra<GG_MAX_ARG && pFunc->azArg[nExtra]; nExtra++){
    pCall->apArg[nExtra] = apArg[1+nExtra];
  }
  i = 1 + nExtra;
  pEdges = pFunc->bSource && i<nArg ? apArg[i++] : 0;
  pRules = i<nArg ? apArg[i] : 0;               /* argument i */
  pCall->k = pDef->mxK ? 1 : 0;
  rc = callEarlyArgs(pCall, pzErr);
  if( rc ) return rc;
  if( sqlite3_value_type(apArg[0])==SQLITE_NULL ) return GG_CALL_NULL;
  for(iK=0; iK<nExtra; iK++){
    if( pFunc->aArgKind[iK]==GG_ARG_K && (rc = callK(pCall, pCall->apArg[iK], pzErr)) ) return rc;
  }
  rc = callRules(pCall, pRules, i, &pKept, pzErr);
  pCall->ref.pSource = callSource(pCall, pEdges);
  if( rc==SQLITE_OK ) rc = callDirected(pCall, pzErr);
  if( rc==SQLITE_OK ) rc = callCheck(pCall, pRules, pKept, pzErr);
  if( rc==SQLITE_OK ) rc = callNodes(pCall, pzErr);
  if( rc ) return rc;
  pCall->ref.pId = apArg[0];
  pCall->ref.zFunc = pFunc->zName;
  pCall->ref.pConn = pConn;
  pCall->ref.bDirected = gg_rules_directed(&pCall->rules, pDef->nKey)->bTrue;
  /* a value bounds its own size: only a table's rows may go on and on */
  pCall->ref.mxNode = pFunc->bNoReadLimit || pCall->ref.pSource->zWord ? 0 : callMaxNodes(pCall);
  pCall->nRole = pDef->xRoles(&pCall->rules, pCall->aArg, callNodeCount(pFunc),
                              pFunc->bStart, pCall->aRole, &pCall->iTurn);
  return SQLITE_OK;
}

int gg_call_init(GGCall *pCall, GGConn *pConn, const GGGameDef *pDef,
                 const GGFuncDef *pFunc, sqlite3_value **apArg, int nArg, char **pzErr){
  return callInit(pCall, 0, pConn, pDef, pFunc, apArg, nArg, pzErr);
}

/* The rules' "isolated" of a game's call, or NULL (no game, or not given). */
static const GGRuleVal *callIsolated(const GGCall *pCall){
  const GGRuleVal *v;
  if( pCall->pDef==0 ) return 0;
  v = gg_rules_isolated(&pCall->rules, pCall->pDef->nKey);
  return v->bSet ? v : 0;
}

/* Whether the small path may take the call's graph of bit rows pS, with
** the nodes that the rules declare isolated added to it: not a graph of
** no nodes, nor a declared node that is a text or finds no room, nor one
** of a source that names its nodes (the general path says what is wrong). */
static int callSmallOk(const GGCall *pCall, GGSmall *pS){
  const GGRuleVal *v = callIsolated(pCall);
  uint32_t j;
  if( v && pCall->ref.pSource->bClosed ) return 0;
  for(j=0; v && j<v->nLabel; j++){
    if( v->aLabel[j].eType!=GG_KEY_INT || gg_small_node(pS, v->aLabel[j].iVal)<0 ) return 0;
  }
  return pS->n>0;
}

/* After a value's source failed to read with *pzErr: when a table has
** the source's word as its name, the message says how to read it instead
** (the word names the source; 'main.graph6' names the table). */
static void callShadowed(const GGCall *pCall, char **pzErr){
  const char *zWord = pCall->ref.pSource->zWord;
  sqlite3_stmt *p = 0;
  char *z;
  if( zWord==0 || *pzErr==0 || pCall->pFunc->zSourceWord ) return;
  if( sqlite3_prepare_v2(pCall->pConn->db, "SELECT 1 FROM pragma_table_info(?1) LIMIT 1",
                         -1, &p, 0)==SQLITE_OK ){
    sqlite3_bind_text(p, 1, zWord, -1, SQLITE_STATIC);
    if( sqlite3_step(p)==SQLITE_ROW
     && (z = sqlite3_mprintf("%s (the edges argument '%s' names the source, not your table"
                             " \"%s\": name the table 'main.%s')", *pzErr, zWord, zWord,
                             zWord))!=0 ){
      sqlite3_free(*pzErr);
      *pzErr = z;
    }
  }
  sqlite3_finalize(p);
}

/* The labelled rows of the call's graph, checked against the roles, with
** the nodes that the rules declare isolated added. */
static int callRead(GGCall *pCall, GGEdgeList *pE, char **pzErr){
  GGGraphRef *pRef = &pCall->ref;
  int rc = pRef->pSource->xRead(pRef, pE, pzErr);
  if( rc==SQLITE_TOOBIG && *pzErr==0 && pRef->nSeen ){
    return gg_call_over_limit(pCall, 0, pRef->nSeen, pzErr);
  }
  if( rc && rc!=SQLITE_NOMEM && rc!=SQLITE_INTERRUPT ) callShadowed(pCall, pzErr);
  if( rc ) return rc;
  rc = gg_roles_add(pRef, pCall->aRole, pCall->nRole, callIsolated(pCall), pE, pzErr);
  if( rc==SQLITE_OK && pCall->pDef && pE->labels.n==0 ){
    char *zWhat = gg_call_name(pCall);     /* a value of no nodes: graph6 '?', JSON [] */
    *pzErr = zWhat ? gg_errmsg("%s: %s has no nodes; a game needs at least one",
                               pCall->pFunc->zName, zWhat) : 0;
    sqlite3_free(zWhat);
    rc = gg_error_rc(SQLITE_ERROR, *pzErr);
  }
  if( rc ) gg_edges_free(pE);
  return rc;
}

/* Build the graph of rows pE (kept), interruptible, and resolve the roles. */
static int callBuild(GGCall *pCall, const GGEdgeList *pE, GGGraph *pG, char **pzErr){
  GGInterrupt intr;             /* a big graph takes a while to build */
  GGStop stop;
  int rc;
  gg_interrupt_conn(&intr, &stop, pCall->pConn);
  rc = gg_graph_build_stop(pG, pE, 0, 0, &stop);
  gg_interrupt_done(&intr);
  if( rc==GG_TOOBIG ){
    char *zWhat = gg_call_name(pCall);
    *pzErr = zWhat ? gg_errmsg("%s: %s has too many nodes or arcs (2^32 - 2 at most)",
                               pCall->pFunc->zName, zWhat) : 0;
    sqlite3_free(zWhat);
  }
  rc = gg_error_rc(gg_sqlite_rc(rc), *pzErr);
  if( rc==SQLITE_OK ){
    gg_roles_free(pCall->aRole, pCall->nRole);
    rc = gg_roles_resolve(pG, pCall->aRole, pCall->nRole);
    if( rc ) gg_graph_free(pG);
  }
  return rc;
}

int gg_call_graph(GGCall *pCall, char **pzErr){
  GGEdgeList e;
  int rc = callRead(pCall, &e, pzErr);
  if( rc ) return rc;
  rc = callBuild(pCall, &e, &pCall->g, pzErr);
  gg_edges_free(&e);
  return rc;
}

/* The message of a failed engine call (and its code). */
static int callEngineError(const GGCall *pCall, int rc, const GGNeed *pNeed, char **pzErr){
  char zFor[40] = "", *zWhat = gg_call_name(pCall);
  if( pCall->pDef->mxK ) sqlite3_snprintf(sizeof(zFor), zFor, " for k = %u", pCall->k);
  *pzErr = zWhat ? gg_err_engine(rc, pCall->pFunc->zName,
                                 pCall->pFunc->zSearching ? pCall->pFunc->zSearching : "solving",
                                 zWhat, zFor, pNeed) : 0;
  if( zWhat==0 ) rc = GG_NOMEM;
  sqlite3_free(zWhat);
  return gg_error_rc(gg_sqlite_rc(rc), *pzErr);
}

/* Solve p (a new entry, its graph and role 0 set) within the limit and
** put it in the cache; p is released on failure.  The solve may be
** another of the same answers that fits the limit (call_limit.c): the
** cache's variant stays the rules'. */
static int callSolveNew(GGCall *pCall, GGSolved *p, char **pzErr){
  const GGGameDef *pDef = pCall->pDef;
  GGSolveArgs args;
  GGInterrupt intr;
  GGStop stop;
  GGHold hold;
  int rc;
  args.variant = p->variant;
  rc = gg_call_hold(pCall, &p->g, &args.variant, &hold, pzErr);
  if( rc ){
    gg_solved_release(p);
    return rc;
  }
  p->nPos = hold.nPos;
  args.aParam = p->aParam;
  args.nParam = p->nParam;
  args.k = p->k;
  gg_interrupt_conn(&intr, &stop, pCall->pConn);
  rc = pDef->xSolve(&p->pState, &p->g, &args, &stop);
  gg_interrupt_done(&intr);
  if( rc!=GG_OK ){
    GGNeed need;
    memset(&need, 0, sizeof(need));
    need.n = p->g.n;
    need.nPos = p->nPos;
    need.nByte = hold.nByte;
    need.nMaxNode = pDef->xMaxNodes ? pDef->xMaxNodes() : 0;
    need.zMaxNode = pDef->zMaxNodes;
    p->pState = 0;
    rc = callEngineError(pCall, rc, &need, pzErr);
    gg_solved_release(p);
    return rc;
  }
  gg_cache_put(pCall->pConn, p);
  return SQLITE_OK;
}

int gg_call_solve(GGCall *pCall, GGSolved **ppOut, char **pzErr){
  const GGGameDef *pDef = pCall->pDef;
  uint64_t variant = pDef->xVariant ? pDef->xVariant(&pCall->rules) : 0;
  GGSolved *p, *pHit;
  GGEdgeList e;
  GGGraph g;
  int rc;
  *ppOut = 0;
  rc = callRead(pCall, &e, pzErr);
  if( rc ) return rc;
  p = gg_cache_find_rows(pCall->pConn, pDef, pCall->k, variant, &e, pCall->aRole, pCall->nRole);
  if( p ){                      /* the same rows as a solved game: no build */
    gg_edges_free(&e);
    *ppOut = p;
    return SQLITE_OK;
  }
  rc = callBuild(pCall, &e, &g, pzErr);
  if( rc ){ gg_edges_free(&e); return rc; }
  p = gg_solved_new(pDef, &g, pCall->aRole[0].aId, pCall->nRole ? pCall->aRole[0].nId : 0,
                    pCall->k, variant);
  if( p==0 ){ gg_edges_free(&e); return SQLITE_NOMEM; }
  gg_keymap_unindex(&e.labels);    /* kept for hits without a build (no index needed) */
  gg_edges_fit(&e);
  p->rows = e;
  pHit = gg_cache_find(pCall->pConn, p);
  if( pHit ){
    gg_solved_release(p);
    *ppOut = pHit;
    return SQLITE_OK;
  }
  rc = callSolveNew(pCall, p, pzErr);
  if( rc==SQLITE_OK ) *ppOut = p;
  return rc;
}

int gg_call_read_graph(GGCall *pCall, GGConn *pConn, const GGFuncDef *pFunc,
                       sqlite3_value *pId, sqlite3_value *pEdges, int bArcs, char **pzErr){
  memset(pCall, 0, sizeof(*pCall));
  pCall->pConn = pConn;
  pCall->pFunc = pFunc;
  pCall->ref.pId = pId;
  pCall->ref.zFunc = pFunc->zName;
  pCall->ref.pConn = pConn;
  pCall->ref.pSource = callSource(pCall, pEdges);
  pCall->ref.bDirected = bArcs || pCall->ref.pSource->bDirected;
  return gg_call_graph(pCall, pzErr);
}

void gg_call_free(GGCall *pCall){
  gg_roles_free(pCall->aRole, pCall->nRole);
  if( !pCall->bRulesKept ) gg_rules_free(&pCall->rules);
  if( !pCall->bSmallGraph && pCall->g.aOff ) gg_graph_free(&pCall->g);
  pCall->g.aOff = 0;                              /* freed: a second free is none */
  pCall->bSmallGraph = 0;
}

int gg_call_small(GGCall *pCall, GGSmall *pS, GGSmallCsr *pCsr, GGGraph *pG,
                  uint32_t *aParam, uint32_t *pnParam){
  const GGSource *pSrc = pCall->ref.pSource;
  uint64_t mask;
  uint32_t u;
  if( pCall->nRole!=1 || pSrc->xSmall==0 || !pSrc->xSmall(&pCall->ref, pS)
   || !callSmallOk(pCall, pS) || !gg_small_role(pS, &pCall->aRole[0], &mask, &u) ){
    return 0;                      /* the general path says what is wrong, if anything */
  }
  gg_small_sort(pS);
  if( gg_call_positions(pCall, pS->n)>(uint64_t)pCall->pConn->mxPositions
   || !gg_small_role(pS, &pCall->aRole[0], &mask, &u) ){
    return 0;                      /* over the limit: the general path's message */
  }
  *pnParam = 0;
  for(; mask; mask&=mask-1) aParam[(*pnParam)++] = (uint32_t)__builtin_ctzll(mask);
  gg_small_graph(pS, pCall->ref.bDirected, pCsr, pG);
  return 1;
}

/* The small graph's rows as the call's graph (no labels); 0 if out of
** memory. */
static int callSmallGraph(GGCall *pCall){
  GGSmallCsr *pCsr = gg_small_csr(pCall->pConn);
  if( pCsr==0 ) return 0;
  gg_small_graph(&pCall->small, pCall->ref.bDirected, pCsr, &pCall->g);
  pCall->bSmallGraph = 1;
  return 1;
}

/* Steps 2 to 7 for a scalar function: the small graph first, then the
** general path, then the function's solve or the cached one. */
static int callScalarRun(sqlite3_context *ctx, GGCall *pCall, char **pzErr){
  const GGFuncDef *f = pCall->pFunc;
  const GGSource *pSrc = pCall->ref.pSource;
  GGSolved *p = 0;
  int rc;
  if( f->xSmall && pSrc->xSmall && pSrc->xSmall(&pCall->ref, &pCall->small)
   && callSmallOk(pCall, &pCall->small) ){
    int e = f->xSmall(ctx, pCall, &pCall->small);
    if( e==GG_SMALL_DONE ) return SQLITE_OK;
    if( e==GG_SMALL_GRAPH ) callSmallGraph(pCall);     /* else (no memory): read again */
  }
  if( f->xRun ){
    GGInterrupt intr;
    GGStop stop;
    if( !pCall->bSmallGraph && (rc = gg_call_graph(pCall, pzErr))!=SQLITE_OK ) return rc;
    gg_interrupt_conn(&intr, &stop, pCall->pConn);
    rc = f->xRun(ctx, pCall, &stop, pzErr);
    gg_interrupt_done(&intr);
    return rc;
  }
  rc = gg_call_solve(pCall, &p, pzErr);
  if( rc==SQLITE_OK ) f->xResult(ctx, pCall, p);
  gg_solved_release(p);
  return rc;
}

void gg_call_scalar(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  const GGFuncReg *r = (const GGFuncReg*)sqlite3_user_data(ctx);
  GGCall call;
  char *zErr = 0;
  int rc = callInit(&call, ctx, r->pConn, r->pDef, r->pFunc, argv, argc, &zErr);
  call.pSlot = r->pSlot;
  if( rc==SQLITE_OK ) rc = callScalarRun(ctx, &call, &zErr);
  if( rc!=SQLITE_OK && rc!=GG_CALL_NULL ) gg_result_error(ctx, rc, zErr);
  gg_call_free(&call);
}

/* Engines' failures, for xRun (callEngineError with the call's words). */
int gg_call_engine_error(const GGCall *pCall, int rc, char **pzErr){
  return callEngineError(pCall, rc, 0, pzErr);
}

void *gg_call_scratch(GGCall *pCall){
  GGConn *pConn = pCall->pConn;
  GGGameSlot *pSlot = pCall->pSlot;
  int i;
  for(i=0; pSlot==0 && i<pConn->nGame; i++){        /* a table's call */
    if( pConn->aGame[i].pDef==pCall->pDef ) pSlot = &pConn->aGame[i];
  }
  if( pSlot==0 ) return 0;
  if( pSlot->pScratch==0 ) pSlot->pScratch = sqlite3_malloc64(pCall->pDef->nScratch);
  return pSlot->pScratch;
}

GGTableAux *gg_table_aux(GGConn *pConn, const GGGameDef *pDef, const char *zName){
  GGTableAux *a = sqlite3_malloc64(sizeof(*a));
  if( a==0 ) return 0;
  memset(a, 0, sizeof(*a));
  a->pConn = pConn;
  a->pDef = pDef;
  a->func.zName = zName;
  a->func.bSource = 1;
  a->func.xCheck = pDef->xTableCheck;
  return a;
}

int gg_call_engine_error_need(const GGCall *pCall, int rc, uint64_t nPos, uint64_t nByte,
                              char **pzErr){
  GGNeed need;
  memset(&need, 0, sizeof(need));
  need.n = pCall->g.n;
  need.nPos = nPos;
  need.nByte = nByte;
  return callEngineError(pCall, rc, &need, pzErr);
}
