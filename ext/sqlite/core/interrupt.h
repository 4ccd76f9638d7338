/*
** interrupt.h: sqlite3_interrupt() noticed during a long solve
** (interrupt.c).
*/
#ifndef GG_INTERRUPT_H
#define GG_INTERRUPT_H
#include "conn.h"

/* Polls sqlite3_interrupt() during a long solve (interrupt.c). */
typedef struct GGInterrupt GGInterrupt;
struct GGInterrupt {
  sqlite3 *db;            /* connection to watch */
  GGConn *pConn;          /* its context, whose kept probe is used; or NULL */
  sqlite3_stmt *pProbe;   /* prepared on first poll, "SELECT 1" (if not kept) */
  int bFired;             /* an interrupt was seen */
};
void gg_interrupt_init(GGInterrupt *p, GGStop *pStop, sqlite3 *db);
/* The same, using the connection's kept probe while it is anchored. */
void gg_interrupt_conn(GGInterrupt *p, GGStop *pStop, GGConn *pConn);
void gg_interrupt_done(GGInterrupt *p);

#endif
