/*
** states_place.h: player 0's place named by an SQL value, for a game whose
** places are multisets of nodes (GGGameDef.xPlace0Nodes: the cops'
** configurations): states.c's pins of `cops = v`, `cops IN (...)` and
** `cops <> v` (states_place.c).
*/
#ifndef GG_STATES_PLACE_H
#define GG_STATES_PLACE_H
#include "call.h"

/* The place of pDef's player 0 that pVal names on the solved game pState
** of graph pG: a JSON array of its nodes' labels, in any order and
** spacing, a label repeated for each token on it.  SQLITE_OK with *pbFound
** 1 and *pA, or *pbFound 0 when it names no place (NULL, a label that is
** no node, not as many as a place takes: no row matches); or an error:
** SQLITE_MISMATCH for a value that is not a text, SQLITE_ERROR for a text
** that is not such an array, each with a message that names the table,
** the column and the value (*pzErr), or SQLITE_NOMEM. */
int gg_place0_of(const GGGameDef *pDef, const GGGraph *pG, const void *pState,
                 sqlite3_value *pVal, uint64_t *pA, int *pbFound, char **pzErr);
/* The places of an IN list handed over whole (sqlite3_vtab_in), ascending,
** each once: into *paA (sqlite3_free it) and *pnA; the same errors. */
int gg_place0_list(const GGGameDef *pDef, const GGGraph *pG, const void *pState,
                   sqlite3_value *pList, uint64_t **paA, uint64_t *pnA, char **pzErr);

#endif
