/*
** roles.c: the nodes a call names, and the graph they belong to; values
** as labels (gg_value_label), labels as SQL literals and as results.
**
** A call names nodes: the rules' holes and starts, the race's x, y and z.
** A named node that no row touches is an isolated node of the graph.  A
** node the call needs but does not name gets its default label (hole 0,
** mouse 1, cat 2); that default must be a node of the rows, else the
** error names the missing node and its role and shows how to name it.
** When a label differs from a node of the rows only by type (5 and '5'),
** the error says so: 1 and '1' are different nodes.
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

/* The label of the other type that spells the same (5 and '5'), if any,
** into *pTwin with its text in zBuf (24 bytes). */
static int rolesTwin(const GGLabel *pL, GGLabel *pTwin, char *zBuf){
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
  if( !rolesTwin(pL, &twin, zBuf) || !rolesHas(m, &twin) ) return sqlite3_mprintf("");
  zTwin = gg_label_sql(&twin);
  z = zTwin ? sqlite3_mprintf(" (the rows have %s, %s: 1 and '1' are different nodes;"
                              " store labels as integers, see sql/schema.sql, or CAST them)",
                              zTwin, twin.eType==GG_KEY_INT ? "an integer" : "a text") : 0;
  sqlite3_free(zTwin);
  return z;
}

/* The error for a named label that is missing only by its type, or for
** a default label the call needs that no row mentions. */
static int rolesMissing(const GGGraphRef *pRef, const GGRole *pRole, const GGLabel *pL,
                        const GGKeyMap *m, int bDefault, char **pzErr){
  char *zWhat = pRef->pSource->xName(pRef), *zL = gg_label_sql(pL), *zHint = rolesTwinHint(m, pL);
  char *zEx = 0;
  if( m->n>0 ){                   /* an example: the first node of the rows */
    GGLabel L;
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

/* Make the roles' labels nodes of pE, or say why they cannot be. */
int gg_roles_add(const GGGraphRef *pRef, GGRole *aRole, int nRole, GGEdgeList *pE,
                 char **pzErr){
  int i;
  uint32_t j;
  for(i=0; i<nRole; i++){
    GGRole *r = &aRole[i];
    if( r->aLabel==0 ){
      if( !rolesHas(&pE->labels, &r->dflt) ){
        return rolesMissing(pRef, r, &r->dflt, &pE->labels, 1, pzErr);
      }
      continue;
    }
    for(j=0; j<r->nLabel; j++){
      GGLabel twin;
      char zBuf[24];
      if( rolesHas(&pE->labels, &r->aLabel[j]) ) continue;
      if( rolesTwin(&r->aLabel[j], &twin, zBuf) && rolesHas(&pE->labels, &twin) ){
        return rolesMissing(pRef, r, &r->aLabel[j], &pE->labels, 0, pzErr);
      }
      if( pRef->pSource->bClosed ) return rolesMissing(pRef, r, &r->aLabel[j], &pE->labels, 0, pzErr);
      if( gg_edges_node(pE, &r->aLabel[j]) ) return SQLITE_NOMEM;
    }
  }
  return SQLITE_OK;
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
