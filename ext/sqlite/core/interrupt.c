/*
** interrupt.c: letting sqlite3_interrupt() stop a long solve.
**
** The engines poll a GGStop every GG_STOP_EVERY steps.  SQLite 3.40 has no
** sqlite3_is_interrupted() (it came in 3.41), so the poll steps a tiny
** prepared statement on the same connection: while an interrupt is pending
** both preparing and stepping any statement return SQLITE_INTERRUPT.  That
** works on every version; one poll costs well under a microsecond.
*/
#include <string.h>
#include "glue.h"
SQLITE_EXTENSION_INIT3

/* The probe to step: the connection's kept one (prepared once, finalized
** with the kept reads, see edges.c), or this poll's own. */
static sqlite3_stmt **interruptProbe(GGInterrupt *p){
  if( p->pConn && p->pConn->bAnchored ) return &p->pConn->pProbe;
  return &p->pProbe;
}

static int interruptPoll(void *pArg){
  GGInterrupt *p = (GGInterrupt*)pArg;
  sqlite3_stmt **pp;
  int rc;
  if( p->bFired ) return 1;
  pp = interruptProbe(p);
  if( *pp==0 ){
    rc = sqlite3_prepare_v3(p->db, "SELECT 1", -1, pp==&p->pProbe ? 0 : SQLITE_PREPARE_PERSISTENT,
                            pp, 0);
    if( rc!=SQLITE_OK ){
      p->bFired = (rc==SQLITE_INTERRUPT);
      return p->bFired;
    }
  }
  rc = sqlite3_step(*pp);
  sqlite3_reset(*pp);
  p->bFired = (rc==SQLITE_INTERRUPT);
  return p->bFired;
}

void gg_interrupt_init(GGInterrupt *p, GGStop *pStop, sqlite3 *db){
  memset(p, 0, sizeof(*p));
  p->db = db;
  pStop->xStop = interruptPoll;
  pStop->pArg = p;
}

void gg_interrupt_conn(GGInterrupt *p, GGStop *pStop, GGConn *pConn){
  gg_interrupt_init(p, pStop, pConn->db);
  p->pConn = pConn;
}

void gg_interrupt_done(GGInterrupt *p){
  sqlite3_finalize(p->pProbe);
  p->pProbe = 0;
}
