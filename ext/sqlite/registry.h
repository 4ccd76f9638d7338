/*
** registry.h: the tables of everything the library registers
** (registry.c), read by the entry point (graphgame.c) and by the call's
** choice of a source (call.c).  Nothing else names a game or a source.
*/
#ifndef GG_REGISTRY_H
#define GG_REGISTRY_H
#include "call.h"

/* Flags of a function, chosen per function (docs/reference/conventions.md,
** "SQLite conventions"):
**
**   GG_PURE   the result depends on the arguments only: DETERMINISTIC (so
**             allowed in indexes, CHECK and generated columns) and
**             INNOCUOUS (allowed in views and triggers even with
**             PRAGMA trusted_schema=OFF).
**   GG_READS  reads tables named by its arguments and changes nothing.  Not
**             DETERMINISTIC: the answer follows the rows.  Not INNOCUOUS:
**             it can read any table of the connection (temp and attached
**             ones too), its errors reveal which tables and columns exist,
**             and a solve can take seconds and gigabytes; a schema the
**             application does not trust must not do that on its behalf.
**             So views and triggers may use it when trusted_schema=ON (the
**             default), not when it is OFF.  The <game>_states tables are
**             the same (they do not declare SQLITE_VTAB_INNOCUOUS).
**   GG_SETS   changes a setting of the connection: DIRECTONLY, never from
**             a view, trigger or schema, whatever trusted_schema says.
*/
#define GG_PURE  (SQLITE_UTF8|SQLITE_DETERMINISTIC|SQLITE_INNOCUOUS)
#define GG_READS (SQLITE_UTF8)
#define GG_SETS  (SQLITE_UTF8|SQLITE_DIRECTONLY)

/* A function that is no game's. */
typedef struct GGFuncTab GGFuncTab;
struct GGFuncTab {
  const char *zName;     /* SQL name */
  int nArg;              /* number of arguments */
  int flags;             /* GG_PURE, GG_READS or GG_SETS */
  void (*xFunc)(sqlite3_context*, int, sqlite3_value**);
};

/* The games (each registers its functions, GG_READS or GG_PURE, and its
** tables), gg_nGame of them. */
extern const GGGameDef *const gg_aGame[];
extern const int gg_nGame;
/* The graph sources, NULL-terminated: the edge table first (zWord NULL:
** any text that is no other source's word names a table), then the
** sources that the edges argument names by a word. */
extern const GGSource *const gg_aSource[];
/* The functions that are no game's (the first owns the connection's
** context), and the registrations of the other tables. */
extern const GGFuncTab gg_aFunc[];
extern const int gg_nFunc;
extern int (*const gg_aTable[])(sqlite3*, GGConn*);
extern const int gg_nTable;

/* What gg_aTable[] and gg_aFunc[] list, defined in their own files: the
** graph generators (graph_generators_sql.c), game_solve (game_solve_sql.c),
** graph6_read (graph6_read.c), graph6() and digraph6() (graph6_sql.c). */
int gg_register_generators(sqlite3 *db, GGConn *pConn);
int gg_register_game_solve(sqlite3 *db, GGConn *pConn);
int gg_register_graph6_read(sqlite3 *db, GGConn *pConn);
void gg_fn_graph6(sqlite3_context*, int, sqlite3_value**);            /* graph6_sql.c */
void gg_fn_digraph6(sqlite3_context*, int, sqlite3_value**);          /* graph6_sql.c */
void gg_fn_limit(sqlite3_context*, int, sqlite3_value**);             /* graphgame.c */
void gg_fn_version(sqlite3_context*, int, sqlite3_value**);
void gg_fn_debug(sqlite3_context*, int, sqlite3_value**);            /* debug.c */
void gg_fn_game_solve_cert(sqlite3_context*, int, sqlite3_value**);   /* game_solve_cert.c */

#endif
