/*
** vtab.h: what every virtual table of graphgame shares (vtab_args.c):
** the vtab object's header and xOpen, the error, xBestIndex's slots.
*/
#ifndef GG_VTAB_H
#define GG_VTAB_H
#include <stddef.h>
#include <sqlite3ext.h>

/* xBestIndex helper (vtab_args.c): pass the equality constraints on the
** columns aCol[0..nSlot-1] to xFilter in that order; slots below nPin are
** optional, the others are required arguments.  idxNum gets bit k for
** slot k.  SQLITE_OK, or SQLITE_CONSTRAINT if an argument is unusable. */
#define GG_VTAB_MAX_SLOT 8
int gg_vtab_slots(sqlite3_index_info *pInfo, const int *aCol, int nSlot,
                  int nPin, int *pIdxNum);
/* The whole xBestIndex of a table whose slots are all its arguments: the
** slots as above (no pins), and the plan's cost rCost when the slots of
** mNeed are given (1e12, never chosen, otherwise), its rows nRows. */
int gg_vtab_plan(sqlite3_index_info *pInfo, const int *aCol, int nSlot, int mNeed,
                 double rCost, sqlite3_int64 nRows);
/* Every table's vtab object begins with a GGVtab: its xOpen is
** gg_vtab_open, which gives a zeroed cursor of nCursor bytes. */
typedef struct GGVtab GGVtab;
struct GGVtab {
  sqlite3_vtab base;      /* base class, must be first */
  size_t nCursor;         /* bytes of its cursor (sqlite3_vtab_cursor first) */
};
/* xConnect's work: the table's schema zSql declared (NULL: out of
** memory), then a zeroed vtab object of nByte bytes (a GGVtab first)
** whose cursors have nCursor bytes.  NULL with *pRc on failure. */
GGVtab *gg_vtab_new(sqlite3 *db, const char *zSql, size_t nByte, size_t nCursor, int *pRc);
int gg_vtab_open(sqlite3_vtab *pVtab, sqlite3_vtab_cursor **ppCur);
/* The table's error: zMsg (owned; NULL: out of memory) into the vtab;
** returns rc, or SQLITE_NOMEM for a lost message (gg_error_rc). */
int gg_vtab_error(sqlite3_vtab *pVtab, int rc, char *zMsg);
/* xDisconnect of a vtab object that owns nothing but itself. */
int gg_vtab_disconnect(sqlite3_vtab *pVtab);
/* The sqlite3_module of every table of the library: eponymous only (no
** xCreate, no xDestroy), read only (no writes, no transactions): the
** fields of version 0 past xRowid, xUpdate to xShadowName, are zero. */
#define GG_VTAB_MODULE(xConnect, xBestIndex, xDisconnect, xOpen, xClose, xFilter, xNext, \
                       xEof, xColumn, xRowid) \
  { 0, 0, xConnect, xBestIndex, xDisconnect, 0, xOpen, xClose, xFilter, xNext, xEof, \
    xColumn, xRowid, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 }

#endif
