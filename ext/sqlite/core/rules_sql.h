/*
** rules_sql.h: the rules argument of a call (rules_sql.c).
*/
#ifndef GG_RULES_SQL_H
#define GG_RULES_SQL_H
#include <sqlite3ext.h>
#include "rules.h"

/* A parsed rules argument of a call (rules_sql.c), against the nKey keys
** of aKey and the GG_RULES_COMMON keys every game knows after them,
** "directed" and "isolated".  SQLITE_OK, or an error naming zFunc and the
** key or place. */
#define GG_RULES_COMMON 2
int gg_rules_arg(const char *zFunc, sqlite3_value *pRules, const GGRuleKey *aKey,
                 int nKey, GGRules *pOut, char **pzErr);

/* The values of "directed" and "isolated" in rules parsed against a
** game's nKey keys. */
#define gg_rules_directed(pRules, nKey) (&(pRules)->aVal[(nKey)])
#define gg_rules_isolated(pRules, nKey) (&(pRules)->aVal[(nKey)+1])

#endif
