/*
** roles.h: the nodes a call names (GGRole) and labels as values,
** literals and results (roles.c).
*/
#ifndef GG_ROLES_H
#define GG_ROLES_H
#include "source.h"

/* A node, or nodes, that a call names: a hole, a start, the race's goal
** (roles.c).  aLabel NULL means the default label dflt. */
typedef struct GGRole GGRole;
struct GGRole {
  const char *zRole;        /* in messages: "the hole", "x" */
  const char *zKey;         /* the rules key naming it, or NULL (an argument) */
  const GGLabel *aLabel;    /* the labels named, or NULL for the default */
  uint32_t nLabel;          /* how many */
  GGLabel dflt;             /* the default label */
  uint32_t *aId;            /* out: dense ids (nId of them); gg_roles_free() */
  uint32_t nId;             /* out: how many */
  uint32_t aIdInline[4];    /* aId's room when nId <= 4 (no allocation) */
};
#define GG_MAX_ROLE 4

/* Labels (roles.c): a value as a label (1, 0 if not an integer
** or text, -1 out of memory); a label as an SQL literal; a result. */
int gg_value_label(sqlite3_value *pVal, GGLabel *pL);
char *gg_label_sql(const GGLabel *pL);
/* The label of the other type that spells the same (5 and '5'), if any:
** 1 with it in *pTwin (its text in zBuf, 24 bytes), else 0. */
int gg_label_twin(const GGLabel *pL, GGLabel *pTwin, char *zBuf);
void gg_result_label(sqlite3_context *ctx, const GGGraph *pG, uint32_t u);

/* The roles of a call (roles.c): the nodes that the rules' "isolated"
** declares (pIso, or NULL) added to the rows read, then each role's
** labels checked to be nodes of them, or an error that says why not and
** suggests the nearest labels; once the graph is built, their dense ids;
** free those. */
int gg_roles_add(const GGGraphRef *pRef, GGRole *aRole, int nRole, const GGRuleVal *pIso,
                 GGEdgeList *pE, char **pzErr);
/* Role *r, zRole in messages, named by rules key iKey of aKey: the labels
** given, else the default label iDefault (roles.c). */
void gg_role_key(GGRole *r, const GGRules *pRules, const GGRuleKey *aKey, int iKey,
                 const char *zRole, int64_t iDefault);
int gg_roles_resolve(const GGGraph *pG, GGRole *aRole, int nRole);
void gg_roles_free(GGRole *aRole, int nRole);

#endif
