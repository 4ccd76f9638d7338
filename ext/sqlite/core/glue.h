/*
** glue.h: what the SQLite layer of graphgame shares between its files,
** one header per owner.  What registry.c lists is declared in
** registry.h.
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

#endif
