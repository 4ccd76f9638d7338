/*
** cops_sql.h: what cops_sql.c (the game, its scalar functions) shares
** with cops_positions.c (its positions, as the generic tables
** cops_states and cops_play read them).  Internals; the manual is
** docs/reference/cops.md.
*/
#ifndef GG_COPS_SQL_H
#define GG_COPS_SQL_H
#include "call.h"
#include "cops.h"
#include "cops_small.h"
#include "cops_hold.h"

/* The cops' rules keys checked (integers in range, keys that combine):
** the xCheck of every cops function and table. */
int gg_cops_check(GGCall *pCall, char **pzErr);
/* gg_cops_def's position hooks (GGGameDef: xGet, xCount0, xResult0,
** xChoose; every (cops, robber, turn) is listed): player 0's place is a
** configuration's rank. */
int gg_cops_get(const void *pState, uint64_t conf, uint32_t r, int turn,
                uint32_t *pValue, int64_t *pPlies, int64_t *pMove);
uint64_t gg_cops_count0(const void *pState, const GGGraph *pG);
void gg_cops_result_conf(sqlite3_context *ctx, const void *pState, const GGGraph *pG,
                         uint64_t conf);
void gg_cops_choose(const void *pState, uint64_t *pConf, uint32_t *pR);
/* The cops' configuration of the nodes aId (any order; xPlace0Nodes) and
** the robber's best start against one, turn to move (xAnswer). */
int gg_cops_place_nodes(const void *pState, const uint32_t *aId, uint32_t nId, uint64_t *pConf);
uint32_t gg_cops_answer(const void *pState, uint64_t conf, int turn);

/* Its certificates (cops_cert.c): cops_certificate() and what
** certificate.c needs of the game. */
extern const GGFuncDef gg_cops_cert_func;
extern const GGCertDef gg_cops_cert_def;

#endif
