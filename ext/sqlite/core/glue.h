/*
** glue.h: what the SQLite layer of graphgame shares between its files,
** one header per owner, and the registration functions of the tables
** that are no game's (graphgame.c calls them).
**
** Internals only; the user's manual is docs/reference/.  The road of a
** call is call.h.
*/
#ifndef GG_GLUE_H
#define GG_GLUE_H
#include "conn.h"          /* GGConn, GG_PREFIX, the kept statements (kept.c) */
#include "source.h"        /* GGGraphRef; table names as SQL (edges.c) */
#include "roles.h"         /* GGRole, labels (roles.c) */
#include "cache.h"         /* GGSolved, the cache (cache.c) */
#include "small.h"         /* GGSmall, bit rows (small.c) */
#include "rules_sql.h"     /* the rules argument (rules_sql.c) */
#include "rows.h"          /* graphgame_rows (rows.c) */
#include "errors.h"        /* messages (errors.c) */
#include "reentry.h"       /* nested reads (reentry.c) */
#include "vtab.h"          /* the tables' shared parts (vtab_args.c) */
#include "interrupt.h"     /* interrupts (interrupt.c) */

/* Other tables and functions, registered by graphgame.c: the graph
** generators (graph_generators_sql.c), game_solve (game_solve_sql.c),
** graph6_read (graph6_read.c), graph6() and digraph6() (graph6_sql.c). */
int gg_register_generators(sqlite3 *db, GGConn *pConn);
int gg_register_game_solve(sqlite3 *db, GGConn *pConn);
int gg_register_graph6_read(sqlite3 *db, GGConn *pConn);
void gg_fn_graph6(sqlite3_context*, int, sqlite3_value**);            /* graph6_sql.c */
void gg_fn_digraph6(sqlite3_context*, int, sqlite3_value**);          /* graph6_sql.c */
void gg_fn_limit(sqlite3_context*, int, sqlite3_value**);             /* graphgame.c */
void gg_fn_version(sqlite3_context*, int, sqlite3_value**);

#endif
