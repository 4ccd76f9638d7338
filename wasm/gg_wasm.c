/*
** gg_wasm.c: the WebAssembly build's registration of graphgame.
**
** There SQLite and graphgame are one program (compiled with SQLITE_CORE),
** so there is nothing to load: gg_wasm_init() registers the extension's
** entry point with sqlite3_auto_extension(), and every connection opened
** afterwards has graphgame in it.  wasm/api.js calls it once, before the
** first open.  The solve limit of this build is lower than the native one
** (GG_DEFAULT_MAX_POSITIONS, set by the Makefile's wasm target), so that a
** graph too big for a browser tab's memory gets SQLITE_TOOBIG.
*/
#include "sqlite3.h"

int sqlite3_graphgame_init(sqlite3 *db, char **pzErrMsg, const void *pApi);

int gg_wasm_init(void){
  return sqlite3_auto_extension((void(*)(void))sqlite3_graphgame_init);
}
