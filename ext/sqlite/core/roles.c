/*
** roles.c: the nodes a call names, and the graph they belong to; values
** as labels (gg_value_label), labels as SQL literals and as results.
**
** A call names nodes: the rules' holes and starts, the race's x, y and z.
** Each must be a node of the graph.  A label that no row touches is an
** error that names the function, the role, the label and the graph, and
** suggests the nearest labels of the graph (the same up to case first,
** then by edit distance; three at most), or, when the label differs from
** a node only by type (5 and '5'), says so: 1 and '1' are different
** nodes.  Isolated nodes are declared in the rules' "isolated" (rules_sql.c),
** which the error proposes when nothing is near.  A node the call needs
** but does not name gets its default label (hole 0, mouse 1, cat 2); that
** default must be a node of the rows too, and its error shows how to name
** the role.
*/
#include <stdio.h>
#include <string.h>
#include "call.h"
SQLITE_EXTENSION_INIT3

int gg_value_label(sqlite3_value *pVal, GGLabel *pL){
  switch( sqlite3_value_type(pVal) ){
    case SQLITE_INTEGER:
      *pL = GG_LABEL_INT(sqlite3_value_int64(pVal));
      return 1;
    case SQLITE_TEXT: {
      const char *z = (const char*)sqlite3_value_text(pVal);
      if( z==0 ) return -1;                      /* out of memory */
      *pL = GG_LABEL_TEXT(z, (uint32_t)sqlite3_value_bytes(pVal));
      return 1;
    }
    default:
      return 0;
  }
}

char *gg_label_sql(const GGLabel *pL){
  if( pL->eType==GG_KEY_INT ) return sqlite3_mprintf("%lld", pL->iVal);
  return sqlite3_mprintf("'%.*q'", (int)pL->nz, pL->z);
}

void gg_result_label(sqlite3_context *ctx, const GGGraph *pG, uint32_t u){
  GGLabel L;
  gg_graph_label(pG, u, &L);
  if( L.eType==GG_KEY_INT ) sqlite3_result_int64(ctx, L.iVal);
  else sqlite3_result_text(ctx, L.z, (int)L.nz, SQLITE_TRANSIENT);
}

int gg_label_twin(const GGLabel *pL, GGLabel *pTwin, char *zBuf){
  if( pL->eType==GG_KEY_INT ){
    int n = snprintf(zBuf, 24, "%lld", (long long)pL->iVal);
    *pTwin = GG_LABEL_TEXT(zBuf, (uint32_t)n);
    return 1;
  }else{
    long long v;
    int n;
    if( pL->nz==0 || pL->nz>20 ) return 0;
    memcpy(zBuf, pL->z, pL->nz);
    zBuf[pL->nz] = 0;
    if( sscanf(zBuf, "%lld%n", &v, &n)!=1 || (uint32_t)n!=pL->nz ) return 0;
    {
      char zBack[24];
      snprintf(zBack, sizeof(zBack), "%lld", v);
      if( strcmp(zBack, zBuf)!=0 ) return 0;     /* ' 5', '05', '+5' */
    }
    *pTwin = GG_LABEL_INT((int64_t)v);
    return 1;
  }
}

static int rolesHas(const GGKeyMap *m, const GGLabel *pL){
  return gg_keymap_find(m, pL->eType, pL->iVal, pL->z, pL->nz)>=0;
}

/* " (the rows have 5, an integer: ...)" when the twin of L is a node, else "". */
static char *rolesTwinHint(const GGKeyMap *m, const GGLabel *pL){
  GGLabel twin;
  char zBuf[24], *zTwin, *z;
  if( !gg_label_twin(pL, &twin, zBuf) || !rolesHas(m, &twin) ) return sqlite3_mprintf("");
  zTwin = gg_label_sql(&twin);
  z = zTwin ? sqlite3_mprintf(" (the rows have %s, %s: 1 and '1' are different nodes;"
                              " store labels as integers, see sql/schema.sql, or CAST them)",
                              zTwin, twin.eType==GG_KEY_INT ? "an integer" : "a text") : 0;
  sqlite3_free(zTwin);
  return z;
}

/* Bytes of a text label compared for suggestions, at most. */
#define ROLES_NEAR_MAX 64

static int rolesLower(int c){ return c>='A' && c<='Z' ? c+32 : c; }

/* The edit distance of a[0..na) and b[0..nb) up to ASCII case, or a
** number over mx once it must be (lengths at most ROLES_NEAR_MAX). */
static uint32_t rolesDistance(const char *a, uint32_t na, const char *b, uint32_t nb,
                              uint32_t mx){
  uint32_t aRow[ROLES_NEAR_MAX+1], i, j;
  if( (na>nb ? na-nb : nb-na)>mx ) return mx+1;
  for(j=0; j<=nb; j++) aRow[j] = j;
  for(i=1; i<=na; i++){
    uint32_t diag = aRow[0], lo;
    aRow[0] = lo = i;
    for(j=1; j<=nb; j++){
      uint32_t up = aRow[j];
      uint32_t v = diag + (rolesLower(a[i-1])!=rolesLower(b[j-1]));
      if( up+1<v ) v = up+1;
      if( aRow[j-1]+1<v ) v = aRow[j-1]+1;
      aRow[j] = v;
      diag = up;
      if( v<lo ) lo = v;
    }
    if( lo>mx ) return mx+1;
  }
  return aRow[nb];
}

/* " (did you mean 'a', 'b' or 'c'?)": the text labels of m nearest to
** the text label pL, the same up to case first, then within an edit
** distance of a third of its length (at least 1, at most 3); "" if none
** is near. */
static char *rolesNear(const GGKeyMap *m, const GGLabel *pL){
  uint32_t aId[3], aDist[3], nNear = 0, u, i, mx;
  char *z;
  if( pL->eType!=GG_KEY_TEXT || pL->nz>ROLES_NEAR_MAX ) return sqlite3_mprintf("");
  mx = pL->nz/3 < 1 ? 1 : pL->nz/3 > 3 ? 3 : pL->nz/3;
  for(u=0; u<m->n; u++){
    uint32_t nz, d;
    const char *zL;
    if( gg_keymap_type(m, u)!=GG_KEY_TEXT ) continue;
    zL = gg_keymap_text(m, u, &nz);
    if( nz>ROLES_NEAR_MAX ) continue;
    d = rolesDistance(pL->z, pL->nz, zL, nz, mx);   /* 0: the same up to case */
    if( d>mx || (nNear==3 && d>=aDist[2]) ) continue;
    i = nNear<3 ? nNear++ : 2;             /* insert in order of distance, then of label */
    while( i>0 && aDist[i-1]>d ){ aDist[i] = aDist[i-1]; aId[i] = aId[i-1]; i--; }
    aDist[i] = d;
    aId[i] = u;
  }
  z = sqlite3_mprintf("%s", nNear ? " (did you mean " : "");
  for(i=0; z && i<nNear; i++){
    uint32_t nz;
    const char *zL = gg_keymap_text(m, aId[i], &nz);
    char *zNext = sqlite3_mprintf("%z%s'%.*q'%s", z, i==0 ? "" : i+1<nNear ? ", " : " or ",
                                  (int)nz, zL, i+1==nNear ? "?)" : "");
    z = zNext;
  }
  return z;
}

/* A label as a JSON value: 5, or "a \"b\"". */
static char *rolesJson(const GGLabel *pL){
  char *z;
  uint32_t i, n = 1;
  if( pL->eType==GG_KEY_INT ) return sqlite3_mprintf("%lld", (long long)pL->iVal);
  z = sqlite3_malloc64((uint64_t)pL->nz*2 + 3);
  if( z==0 ) return 0;
  z[0] = '"';
  for(i=0; i<pL->nz; i++){
    if( pL->z[i]=='"' || pL->z[i]=='\\' ) z[n++] = '\\';
    z[n++] = pL->z[i];
  }
  z[n++] = '"';
  z[n] = 0;
  return z;
}

/* The hint of a named label that is not a node of m: its type twin, the
** nearest labels, or for an edge table how to declare an isolated node. */
static char *rolesHint(const GGGraphRef *pRef, const GGKeyMap *m, const GGLabel *pL){
  char *z = rolesTwinHint(m, pL), *zL;
  if( z==0 || z[0] ) return z;
  sqlite3_free(z);
  z = rolesNear(m, pL);
  if( z==0 || z[0] || pRef->pSource->bClosed ) return z;
  sqlite3_free(z);
  zL = rolesJson(pL);
  z = zL ? sqlite3_mprintf(" (no row touches it; an isolated node is declared in the"
                           " rules: '{\"isolated\": [%q]}')", zL) : 0;
  sqlite3_free(zL);
  return z;
}

/* The error for a named label that is not a node, or for a default label
** the call needs that no row mentions. */
static int rolesMissing(const GGGraphRef *pRef, const GGRole *pRole, const GGLabel *pL,
                        const GGKeyMap *m, int bDefault, char **pzErr){
  char *zWhat = pRef->pSource->xName(pRef), *zL = gg_label_sql(pL);
  char *zHint = bDefault ? rolesTwinHint(m, pL) : rolesHint(pRef, m, pL);
  char *zEx = 0;
  if( m->n>0 ){                   /* an example: the first node of the rows */
    GGLabel L = {0};
    L.eType = gg_keymap_type(m, 0);
    L.iVal = gg_keymap_int(m, 0);
    L.z = L.eType==GG_KEY_TEXT ? gg_keymap_text(m, 0, &L.nz) : 0;
    if( L.eType==GG_KEY_INT ) zEx = sqlite3_mprintf("%lld", L.iVal);
    else zEx = sqlite3_mprintf("\"%.*s\"", (int)L.nz, L.z);
  }else{
    zEx = sqlite3_mprintf("...");
  }
  if( zWhat && zL && zHint && zEx ){
    if( bDefault ){
      *pzErr = gg_errmsg("%s: %s is node %s by default, but no row of %s mentions node %s%s;"
                         " name it in the rules, e.g. '{\"%s\": %s}'", pRef->zFunc,
                         pRole->zRole, zL, zWhat, zL, zHint, pRole->zKey, zEx);
    }else{
      *pzErr = gg_errmsg("%s: %s %s is not a node of %s%s", pRef->zFunc, pRole->zRole,
                         zL, zWhat, zHint);
    }
  }
  sqlite3_free(zWhat); sqlite3_free(zL); sqlite3_free(zHint); sqlite3_free(zEx);
  return gg_error_rc(SQLITE_ERROR, *pzErr);
}

/* The nodes that the rules' "isolated" declares, added to pE: each a node
** of the rows already, or one that no row touches (an edge table only: a
** value names its nodes itself). */
static int rolesIsolated(const GGGraphRef *pRef, const GGRuleVal *pIso, GGEdgeList *pE,
                         char **pzErr){
  static const GGRole isoRole = { .zRole = "the isolated node", .zKey = "isolated" };
  uint32_t j;
  for(j=0; pIso && pIso->bSet && j<pIso->nLabel; j++){
    const GGLabel *pL = &pIso->aLabel[j];
    GGLabel twin;
    char zBuf[24];
    if( rolesHas(&pE->labels, pL) ) continue;
    if( pRef->pSource->bClosed
     || (gg_label_twin(pL, &twin, zBuf) && rolesHas(&pE->labels, &twin)) ){
      return rolesMissing(pRef, &isoRole, pL, &pE->labels, 0, pzErr);
    }
    if( gg_edges_node(pE, pL) ) return SQLITE_NOMEM;
  }
  return SQLITE_OK;
}

/* Check that the roles' labels are nodes of pE, after adding the nodes
** that pIso declares; or say why not. */
int gg_roles_add(const GGGraphRef *pRef, GGRole *aRole, int nRole, const GGRuleVal *pIso,
                 GGEdgeList *pE, char **pzErr){
  int i, rc = rolesIsolated(pRef, pIso, pE, pzErr);
  uint32_t j;
  for(i=0; rc==SQLITE_OK && i<nRole; i++){
    GGRole *r = &aRole[i];
    if( r->aLabel==0 ){
      if( !rolesHas(&pE->labels, &r->dflt) ){
        return rolesMissing(pRef, r, &r->dflt, &pE->labels, 1, pzErr);
      }
      continue;
    }
    for(j=0; j<r->nLabel; j++){
      if( !rolesHas(&pE->labels, &r->aLabel[j]) ){
        return rolesMissing(pRef, r, &r->aLabel[j], &pE->labels, 0, pzErr);
      }
    }
  }
  return rc;
}

void gg_role_key(GGRole *r, const GGRules *pRules, const GGRuleKey *aKey, int iKey,
                 const char *zRole, int64_t iDefault){
  memset(r, 0, sizeof(*r));
  r->zRole = zRole;
  r->zKey = aKey[iKey].zKey;
  r->dflt = GG_LABEL_INT(iDefault);
  if( pRules->aVal[iKey].bSet ){
    r->aLabel = pRules->aVal[iKey].aLabel;
    r->nLabel = pRules->aVal[iKey].nLabel;
  }
}

/* The dense ids of the roles in the built graph. */
int gg_roles_resolve(const GGGraph *pG, GGRole *aRole, int nRole){
  int i;
  uint32_t j;
  for(i=0; i<nRole; i++){
    GGRole *r = &aRole[i];
    const GGLabel *a = r->aLabel ? r->aLabel : &r->dflt;
    r->nId = r->aLabel ? r->nLabel : 1;
    r->aId = r->nId<=4 ? r->aIdInline : sqlite3_malloc64(((uint64_t)r->nId+1)*sizeof(uint32_t));
    if( r->aId==0 ) return SQLITE_NOMEM;
    for(j=0; j<r->nId; j++) r->aId[j] = (uint32_t)gg_graph_find_label(pG, &a[j]);
  }
  return SQLITE_OK;
}

void gg_roles_free(GGRole *aRole, int nRole){
  int i;
  for(i=0; i<nRole; i++){
    if( aRole[i].aId!=aRole[i].aIdInline ) sqlite3_free(aRole[i].aId);
    aRole[i].aId = 0;
  }
}
