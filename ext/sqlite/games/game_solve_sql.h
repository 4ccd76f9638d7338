/*
** game_solve_sql.h: what the two halves of game_solve share: the table
** (game_solve_sql.c) and the reading of its positions and moves tables
** (game_solve_read.c).
*/
#ifndef GG_GAME_SOLVE_SQL_H
#define GG_GAME_SOLVE_SQL_H
#include "glue.h"
#include "game_solve.h"
#include "keymap.h"

#define GS_NAME "game_solve"

/* Outcome names by GG_EX_* code: "win", "loss", "draw". */
extern const char *const gg_gamesolve_outcome[4];

/* A solved game, owned by one cursor. */
typedef struct GsGame GsGame;
struct GsGame {
  char *zPositions;         /* the table names it was read from */
  char *zMoves;
  GGKeyMap keys;            /* position values <-> dense ids */
  GGExplicit ex;            /* the game, solved */
};

void gg_gamesolve_free(GsGame *p);

/* The id of a position value (integer or text), or -1. */
int64_t gg_gamesolve_find(const GGKeyMap *pKeys, sqlite3_value *pVal);

/* The id of a position value as SQL's = compares it on a column without
** affinity (a float equal to an integer finds it), after the keys are
** indexed again (the load leaves them unindexed): *pId, -1 if none;
** SQLITE_OK or SQLITE_NOMEM. */
int gg_gamesolve_lookup(GsGame *pGame, sqlite3_value *pVal, int64_t *pId);

/* Read both tables and solve: *ppGame, or an error naming the table,
** the column or the row. */
int gg_gamesolve_load(GGConn *pConn, const char *zPositions, const char *zMoves,
                      GsGame **ppGame, char **pzErr);

#endif
