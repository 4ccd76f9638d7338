/*
** rules_sql.c: the `rules` argument of a game function or table.
**
**   SELECT catmouse(1, 'edges', '{"hole": [0, 9], "turn": "cat"}');
**   SELECT catmouse(1, 'edges', json_object('hole', 'exit', 'directed', json('true')));
**
** A JSON object as text; NULL or '{}' means the defaults.  The keys each
** game knows are in its GGGameDef (docs/reference/conventions.md, "The rules of each game").
** Errors name the function, the key or the byte at fault, and for an
** unknown key list the keys the function knows (parser: rules.c).
**
** Every game knows two keys more than its own, after them: "directed"
** (true: a row is an arc from src to dst) and "isolated", the nodes that
** the graph has although no row touches them.  A node that a
** call names (a hole, a start, the race's x, y, z) must be a node of the
** rows or be declared there; else it is an error that names it (roles.c),
** for a typo must not become an isolated node.
*/
#include <string.h>
#include "glue.h"
SQLITE_EXTENSION_INIT3

/* The keys every game knows, after its own (gg_rules_directed,
** gg_rules_isolated). */
static const GGRuleKey aRulesCommon[GG_RULES_COMMON] = {
  { .zKey = "directed", .eKind = GG_RULE_BOOL },
  { .zKey = "isolated", .eKind = GG_RULE_LABELS },
};

int gg_rules_arg(const char *zFunc, sqlite3_value *pRules, const GGRuleKey *aKey,
                 int nKey, GGRules *pOut, char **pzErr){
  GGRuleKey aAll[GG_RULES_MAX_KEY];
  char zErr[GG_RULES_ERR];
  const char *z;
  int rc;
  if( nKey+GG_RULES_COMMON>GG_RULES_MAX_KEY ){  /* a game's definition is wrong */
    *pzErr = gg_errmsg("%s: the game has %d rules keys, at most %d", zFunc, nKey,
                       GG_RULES_MAX_KEY-GG_RULES_COMMON);
    return gg_error_rc(SQLITE_INTERNAL, *pzErr);
  }
  if( pRules==0 || sqlite3_value_type(pRules)==SQLITE_NULL ){
    /* no rules (a census's every row): only the keys are read */
    memset(pOut->aVal, 0, (size_t)(nKey+GG_RULES_COMMON)*sizeof(pOut->aVal[0]));
    pOut->aLabel = 0;
    pOut->nLabel = pOut->nLabelAlloc = 0;
    pOut->zText = 0;
    pOut->nText = 0;
    return SQLITE_OK;
  }
  memset(pOut, 0, sizeof(*pOut));
  if( sqlite3_value_type(pRules)!=SQLITE_TEXT ){
    char *zVal = gg_value_sql(pRules);
    *pzErr = zVal ? gg_errmsg("%s: rules must be a JSON object (text), got %s", zFunc, zVal) : 0;
    sqlite3_free(zVal);
    return gg_error_rc(SQLITE_MISMATCH, *pzErr);
  }
  z = (const char*)sqlite3_value_text(pRules);
  if( z==0 ) return SQLITE_NOMEM;
  if( nKey ) memcpy(aAll, aKey, (size_t)nKey*sizeof(aKey[0]));
  memcpy(aAll+nKey, aRulesCommon, sizeof(aRulesCommon));
  rc = gg_rules_parse(z, (uint64_t)sqlite3_value_bytes(pRules), aAll, nKey+GG_RULES_COMMON,
                      pOut, zErr);
  if( rc==GG_OK ) return SQLITE_OK;
  gg_rules_free(pOut);
  if( rc>0 ) return gg_sqlite_rc(rc);
  *pzErr = gg_errmsg("%s: rules: %s", zFunc, zErr);
  return gg_error_rc(SQLITE_ERROR, *pzErr);
}
