/*
** reentry.h: the bound on nested reads (reentry.c).
*/
#ifndef GG_REENTRY_H
#define GG_REENTRY_H

/* Reads of tables that may call graphgame again (reentry.c): at most
** GG_MAX_NESTING at once on a thread.  enter: SQLITE_OK, or an error
** naming zTable; every successful enter is paired with a leave. */
#define GG_MAX_NESTING 8
int gg_reentry_enter(const char *zTable, char **pzErr);
void gg_reentry_leave(void);

#endif
