/*
** states_place.c: player 0's place named by an SQL value (states_place.h),
** for the states table of a game whose places are multisets of nodes
** (GGGameDef.xPlace0Nodes: cops_states' `cops`).  The value is a JSON array
** of the nodes' labels, read by the rules' parser (gg_rules_labels), in
** any order and spacing: '[0, 4]', '[4,0]' and ' [ 4 , 0 ] ' name the row
** whose column shows [0,4].  A label that is no node, or an array of
** another length, names no place: no row, as `robber = 99` gives none.  A
** value that is no such array is an error naming the table, the column
** and the value (SQLITE_MISMATCH for a number or a blob, with the array
** to write for a number; SQLITE_ERROR for text, with what is wrong).  An
** IN list handed over whole (sqlite3_vtab_in) gives each place once,
** however often the list names it.  The manual: docs/reference/cops.md.
*/
#include <stdlib.h>
#include <string.h>
#include "states_place.h"
SQLITE_EXTENSION_INIT3

/* The message of a value pVal of player 0's column that is not a JSON
** array of labels: zWhy says why; a scalar zJson (a label alone) is shown
** in brackets as the fix. */
static char *placeError(const GGGameDef *pDef, sqlite3_value *pVal, const char *zWhy,
                        const char *zJson){
  char *zVal = gg_value_sql(pVal), *z;
  int bScalar = zJson && zJson[0] && zJson[0]!='[' && zJson[0]!='{';
  z = zVal ? gg_errmsg("%s: %s = %s is not a JSON array of node labels: %s%s%s%s", pDef->zStates,
                       pDef->azPlayer[0], zVal, zWhy, bScalar ? " (write '[" : "",
                       bScalar ? zJson : "", bScalar ? "]')" : "") : 0;
  sqlite3_free(zVal);
  return z;
}

int gg_place0_of(const GGGameDef *pDef, const GGGraph *pG, const void *pState,
                 sqlite3_value *pVal, uint64_t *pA, int *pbFound, char **pzErr){
  static const char *const azType[] = { "", "an integer", "a real", "a text", "a blob" };
  char zErr[GG_RULES_ERR];
  uint32_t aInline[64], *aId = aInline, i;
  GGRules labels;
  GGRuleVal *v = &labels.aVal[0];
  int eType = sqlite3_value_type(pVal), rc;
  *pbFound = 0;
  *pzErr = 0;
  if( eType==SQLITE_NULL ) return SQLITE_OK;        /* equal to nothing */
  if( eType!=SQLITE_TEXT ){
    char zWhy[40];
    const char *zNum = eType==SQLITE_INTEGER ? (const char*)sqlite3_value_text(pVal) : 0;
    sqlite3_snprintf(sizeof(zWhy), zWhy, "%s, not a text", azType[eType]);
    *pzErr = placeError(pDef, pVal, zWhy, zNum);
    return gg_error_rc(SQLITE_MISMATCH, *pzErr);
  }
  rc = gg_rules_labels((const char*)sqlite3_value_text(pVal), (uint64_t)sqlite3_value_bytes(pVal),
                       &labels, zErr);
  if( rc<0 ){
    *pzErr = placeError(pDef, pVal, zErr, (const char*)sqlite3_value_text(pVal));
    rc = gg_error_rc(SQLITE_ERROR, *pzErr);
  }else if( rc ){
    rc = gg_sqlite_rc(rc);
  }else if( v->nLabel>64 && (aId = sqlite3_malloc64(v->nLabel*sizeof(uint32_t)))==0 ){
    rc = SQLITE_NOMEM;
  }else{
    for(i=0; i<v->nLabel; i++){
      int64_t id = gg_graph_find_label(pG, &v->aLabel[i]);
      if( id<0 ) break;
      aId[i] = (uint32_t)id;
    }
    *pbFound = i==v->nLabel && pDef->xPlace0Nodes(pState, aId, v->nLabel, pA);
    if( aId!=aInline ) sqlite3_free(aId);
  }
  gg_rules_free(&labels);
  return rc;
}

static int placeCmp(const void *a, const void *b){
  uint64_t x = *(const uint64_t*)a, y = *(const uint64_t*)b;
  return (x>y) - (x<y);
}

int gg_place0_list(const GGGameDef *pDef, const GGGraph *pG, const void *pState,
                   sqlite3_value *pList, uint64_t **paA, uint64_t *pnA, char **pzErr){
  uint64_t *a = 0, n = 0, nAlloc = 0, i, j;
  sqlite3_value *pVal = 0;
  int rc;
  *pzErr = 0;
  for(rc=sqlite3_vtab_in_first(pList, &pVal); rc==SQLITE_OK && pVal;
      rc=sqlite3_vtab_in_next(pList, &pVal)){
    uint64_t x;
    int bFound;
    if( (rc = gg_place0_of(pDef, pG, pState, pVal, &x, &bFound, pzErr))!=SQLITE_OK ) break;
    if( !bFound ) continue;
    if( n==nAlloc ){
      uint64_t *aNew = sqlite3_realloc64(a, (nAlloc = nAlloc ? 2*nAlloc : 8)*sizeof(uint64_t));
      if( aNew==0 ){ rc = SQLITE_NOMEM; break; }
      a = aNew;
    }
    a[n++] = x;
  }
  if( rc==SQLITE_DONE ) rc = SQLITE_OK;
  if( rc ){
    sqlite3_free(a);
    return rc;
  }
  qsort(a, (size_t)n, sizeof(uint64_t), placeCmp);
  for(i=j=0; i<n; i++) if( j==0 || a[j-1]!=a[i] ) a[j++] = a[i];
  *paA = a;
  *pnA = j;
  return SQLITE_OK;
}
