/*
** cops_sql.h: what cops_sql.c (the game, its scalar functions) shares
** with cops_vtab.c (its tables cops_states and cops_play).  Internals;
** the manual is docs/reference/cops.md.
*/
#ifndef GG_COPS_SQL_H
#define GG_COPS_SQL_H
#include "call.h"
#include "cops.h"
#include "cops_small.h"

/* The cops' rules keys checked (integers in range, keys that combine):
** the xCheck of every cops function and table. */
int gg_cops_check(GGCall *pCall, char **pzErr);
/* The calls of cops_states and cops_play (k, edges, rules). */
extern const GGFuncDef gg_cops_states_func;
extern const GGFuncDef gg_cops_play_func;

#endif
