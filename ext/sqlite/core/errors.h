/*
** errors.h: error messages (errors.c).  Every message starts with
** GG_PREFIX (conn.h) and names the thing at fault; the messages several
** files give are built in errors.c only.
*/
#ifndef GG_ERRORS_H
#define GG_ERRORS_H
#include <sqlite3ext.h>
#include <stdint.h>

/* Errors: *pzErr gets a sqlite3_malloc'ed message with GG_PREFIX. */
char *gg_errmsg(const char *zFormat, ...);
char *gg_value_sql(sqlite3_value *p);   /* value as an SQL literal */
/* After a failed step reading zTable: "[zFunc: ]reading table ...: why",
** or the inner message as it is if it is one of ours (a nested call). */
char *gg_errmsg_reading(sqlite3 *db, const char *zFunc, const char *zTable);
void gg_result_error(sqlite3_context *ctx, int rc, char *zErr);
int gg_error_rc(int rc, const char *zErr);  /* error, no message: NOMEM */

/* Map an engine return code to an SQLite one. */
int gg_sqlite_rc(int rc);

/* Messages several files share (errors.c). */
char *gg_err_label_arg(const char *zFunc, const char *zArg, sqlite3_value *pVal);
/* "<zFunc>: <body>, over the limit of <mx>", and where to raise it. */
char *gg_err_limit(sqlite3_int64 mx, const char *zFunc, const char *zFormat, ...);
/* "<zFunc>: <what> has [at least ]n nodes and needs [at least |about ]
** <nPos> positions (<zSize>, n = n[; about <nByte> at the peak]), over
** the limit of ..."; nByte 0: not known.  eHow: GG_ERR_EXACT, GG_ERR_AT_LEAST
** (a graph still being read: nodes, positions and bytes), GG_ERR_ABOUT
** (the positions an estimate). */
#define GG_ERR_EXACT    0
#define GG_ERR_AT_LEAST 1
#define GG_ERR_ABOUT    2
char *gg_err_positions(const char *zFunc, const char *zWhat, int eHow, uint32_t n,
                       uint64_t nPos, uint64_t nByte, const char *zSize, sqlite3_int64 mx);
/* The message of an interrupt of zFunc during <body>. */
char *gg_err_interrupted(const char *zFunc, const char *zFormat, ...);
/* "<zTable> needs arguments: <zTable>(<zArgs>)" ("an argument" if bOne),
** and the same for a game's table: (graph_id[, zNodes] [, edges [, rules]]). */
char *gg_err_needs(const char *zTable, int bOne, const char *zArgs);
char *gg_err_needs_graph(const char *zTable, const char *zNodes);
/* The error of a private reader zReader called from SQL: "<zReader> is
** how <zHow>; it cannot be called from SQL". */
void gg_err_not_from_sql(sqlite3_context *ctx, const char *zReader, const char *zHow);
/* "<zFunc>: table "<zTable>" has too many positions". */
char *gg_err_too_many_positions(const char *zFunc, const char *zTable);
/* What a solve needs, for the messages of its failure (0: not known). */
typedef struct GGNeed GGNeed;
struct GGNeed {
  uint32_t n;             /* nodes */
  uint64_t nPos;          /* positions */
  uint64_t nByte;         /* bytes at the peak */
  uint32_t nMaxNode;      /* the engine's own limit on n, or 0 */
  const char *zMaxNode;   /* why it has that limit */
};
/* The message of an engine's failure (GG_TOOBIG: over the engine's node
** limit if pNeed says so; GG_INTERRUPT; GG_NOMEM with the positions and
** bytes it needed if pNeed->nByte) solving zWhat; zFor: "" or
** " for k = 2".  pNeed may be NULL. */
char *gg_err_engine(int rc, const char *zFunc, const char *zSearching, const char *zWhat,
                    const char *zFor, const GGNeed *pNeed);

#endif
