/*
** reentry.c: a guard against tables that read themselves through graphgame.
**
** Reading a graph or a game runs the user's SQL: a view may call catmouse()
** or game_solve() on itself, which reads the view again, and so on until
** the C stack overflows.  Every read is bracketed by gg_reentry_enter() and
** gg_reentry_leave(); past GG_MAX_NESTING reads in progress on one thread
** the read fails with a message that names the table.  The count is per
** thread, as a nested read always runs on the thread of the outer one.
*/
#include "glue.h"
SQLITE_EXTENSION_INIT3

static _Thread_local int ggNesting = 0;   /* reads in progress on this thread */

int gg_reentry_enter(const char *zTable, char **pzErr){
  if( ggNesting>=GG_MAX_NESTING ){
    *pzErr = gg_errmsg("table \"%w\" reads itself through graphgame"
                       " (%d reads nested)", zTable, ggNesting);
    return *pzErr ? SQLITE_ERROR : SQLITE_NOMEM;
  }
  ggNesting++;
  return SQLITE_OK;
}

void gg_reentry_leave(void){
  ggNesting--;
}
