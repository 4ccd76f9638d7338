/*
** rules_sql.h: the rules argument of a call (rules_sql.c).
*/
#ifndef GG_RULES_SQL_H
#define GG_RULES_SQL_H
#include <sqlite3ext.h>
#include "rules.h"

/* A parsed rules argument of a call (rules_sql.c), against the nKey keys
** of aKey and "isolated" after them (GG_RULES_MAX_KEY - 1 keys at most).
** SQLITE_OK, or an error naming zFunc and the key or place. */
int gg_rules_arg(const char *zFunc, sqlite3_value *pRules, const GGRuleKey *aKey,
                 int nKey, GGRules *pOut, char **pzErr);

/* The value of "isolated" in rules parsed against nKey keys. */
#define gg_rules_isolated(pRules, nKey) (&(pRules)->aVal[(nKey)])

#endif
