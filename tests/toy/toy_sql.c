/*
** toy_sql.c: the toy game's definition (its engine: toy.c), built only
** into the tests' library (dist/toy/graphgame.so, `make toy`: -DGG_TOY,
** one line in registry.c's GG_GAMES), never into the shipped one.  It
** follows docs/internals.md's checklist for adding a game, to keep it
** true: the generic tables toy_states and toy_play, which
** tests/py/test_toy.py checks against a brute force; everything else
** takes the defaults of a GGGameDef (a board of 2 n^2 positions, the
** outcome codes 1, 2 and 0).  Rules keys "x" and "y" name the starts of
** toy_play (default 0 and 1).
*/
#include "call.h"
#include "toy.h"
SQLITE_EXTENSION_INIT3

static int toySolve(void **pp, const GGGraph *pG, const GGSolveArgs *pArgs, const GGStop *pStop){
  (void)pArgs;
  return gg_toy_solve((GGToy**)pp, pG, pStop);
}
static void toyFree(void *p){ gg_toy_free((GGToy*)p); }
static int toyGet(const void *p, uint64_t a, uint32_t b, int turn, uint32_t *pValue,
                  int64_t *pPlies, int64_t *pMove){
  gg_toy_get((const GGToy*)p, (uint32_t)a, b, turn, pValue, pPlies, pMove);
  return GG_OK;
}

static const GGRuleKey aToyKey[] = {
  { .zKey = "x", .eKind = GG_RULE_LABEL },
  { .zKey = "y", .eKind = GG_RULE_LABEL },
};

/* Role 0 (what the solve depends on) names no node; the starts x, y. */
static int toyRoles(const GGRules *pRules, const GGLabel *aArg, int nArg, int bStart,
                    GGRole *aRole, int *piTurn){
  static const GGLabel none = { GG_KEY_INT, 0, 0, 0 };
  (void)aArg; (void)nArg;
  gg_role_key(&aRole[0], pRules, aToyKey, 0, "nothing", 0);
  aRole[0].aLabel = &none;                       /* no labels, no default */
  aRole[0].nLabel = 0;
  *piTurn = 0;
  if( !bStart ) return 1;
  gg_role_key(&aRole[1], pRules, aToyKey, 0, "x's start", 0);
  gg_role_key(&aRole[2], pRules, aToyKey, 1, "y's start", 1);
  return 3;
}

const GGGameDef gg_toy_def = {
  .zName = "toy", .zStates = "toy_states", .zPlay = "toy_play",
  .azPlayer = { "x", "y" }, .azTurn = { "x", "y" },
  .aKey = aToyKey, .nKey = 2,
  .xRoles = toyRoles, .xSolve = toySolve, .xFree = toyFree, .xGet = toyGet,
};
