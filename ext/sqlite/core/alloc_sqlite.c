/*
** alloc_sqlite.c: gg_malloc()/gg_free() for the loadable extension,
** routed through SQLite's allocator (see alloc.h).
*/
#include <sqlite3ext.h>
SQLITE_EXTENSION_INIT3
#include "alloc.h"

void *gg_malloc(uint64_t nByte){ return sqlite3_malloc64(nByte ? nByte : 1); }
void gg_free(void *p){ sqlite3_free(p); }
