/*
** graph6_read.c: graph6_read(path), the graphs of a file, one row per
** line, streamed: nothing is stored, so a census reads geng's output
** straight from a pipe,
**
**   nauty-geng -cq 10 | sqlite3 :memory: ".load dist/graphgame" \
**     "SELECT cop_number(g, 'graph6'), count(*) FROM graph6_read('-') GROUP BY 1"
**
** Columns: g (the line, without its end of line and without nauty's
** optional header ">>graph6<<", ">>digraph6<<" or ">>sparse6<<"), line
** (its number in the file, from 1; also the rowid) and the hidden path.
** '-' is standard input.  Blank lines are skipped; "\r\n" ends are
** accepted.  Each line is checked as the format its first byte says
** ('&' digraph6, ':' sparse6, else graph6; ext/engine/formats/graph6.c), so a
** bad line is an error naming the line and the byte, and the game
** functions then take g with their edges argument saying which format.
**
** The file is read in blocks of GR_BLOCK bytes into a buffer that grows
** only for a line longer than a block, up to SQLite's length limit
** (SQLITE_LIMIT_LENGTH: a longer line is an error).  SQLite checks for an
** interrupt between rows; a read that waits on a pipe (a slow generator)
** polls the interrupt every GR_WAIT_MS milliseconds.
**
** Standard input is one stream for the whole process, read once: a scan
** that starts while another reads it, or after one read it, is an error
** (a query that reads the graphs twice, a UNION or a self-join, would
** otherwise see none the second time).
**
** Reading files from SQL is a door: the table is SQLITE_VTAB_DIRECTONLY,
** so no view or trigger of a schema can use it (SQLite 3.31 and newer;
** on an older SQLite it is not registered at all).
*/
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#if !defined(_WIN32) && !defined(__EMSCRIPTEN__)
# include <poll.h>
# define GR_POLL 1
#endif
#include "graph6.h"
#include "glue.h"
#include "registry.h"       /* its own registration, as the registry lists it */
SQLITE_EXTENSION_INIT3

#ifndef O_BINARY
# define O_BINARY 0
#endif

#define GR_G    0
#define GR_LINE 1
#define GR_PATH 2
#define GR_BLOCK 65536           /* bytes a read asks for */
#define GR_WAIT_MS 20            /* a waiting read polls the interrupt this often */
#define GR_MIN_SQLITE 3031000    /* SQLITE_VTAB_DIRECTONLY came in 3.31.0 */

/* Standard input's state, for the whole process.  A scan that stopped
** early (LIMIT) has read ahead into its buffer: what it did not return
** is gone, so standard input is read once. */
#define GR_STDIN_FREE 0          /* not read yet */
#define GR_STDIN_BUSY 1          /* a cursor is reading it */
#define GR_STDIN_DONE 2          /* read (to its end, or by a scan that stopped early) */
static int grStdin = GR_STDIN_FREE;

typedef struct GRVtab GRVtab;
struct GRVtab {
  sqlite3_vtab base;          /* base class, must be first */
  sqlite3 *db;                /* the connection: its limits, its interrupt */
};

typedef struct GRCursor GRCursor;
struct GRCursor {
  sqlite3_vtab_cursor base;   /* base class, must be first */
  sqlite3_value *pPath;       /* the argument (hidden column), a copy */
  char *zName;                /* the file in messages: "'x.g6'", "standard input" */
  int fd;                     /* the file, or -1 */
  int bStdin;                 /* fd is standard input: not closed */
  char *aBuf;                 /* read but not yet returned: aBuf[iBeg..iEnd) */
  sqlite3_int64 nBuf;         /* bytes allocated at aBuf */
  sqlite3_int64 iBeg, iEnd;   /* the unread data */
  int bAtEnd;                 /* the file has no more bytes */
  const char *zLine;          /* the current row's g (into aBuf, 0-terminated) */
  sqlite3_int64 iLine;        /* its line number */
  sqlite3_int64 nSeen;        /* lines read so far, skipped ones included */
  int mxLine;                 /* SQLite's length limit, when the scan began */
  int bEof;                   /* no current row */
  GGInterrupt intr;           /* polled while a read waits */
  GGStop stop;                /* its poll */
};

static int grConnect(sqlite3 *db, void *pAux, int argc, const char *const*argv,
                     sqlite3_vtab **ppVtab, char **pzErr){
  GRVtab *pNew;
  int rc = sqlite3_declare_vtab(db, "CREATE TABLE x(g TEXT, line INTEGER, path HIDDEN)");
  (void)pAux; (void)argc; (void)argv; (void)pzErr;
  if( rc ) return rc;
#ifdef SQLITE_VTAB_DIRECTONLY
  rc = sqlite3_vtab_config(db, SQLITE_VTAB_DIRECTONLY);   /* it reads files */
  if( rc ) return rc;
#endif
  pNew = sqlite3_malloc64(sizeof(*pNew));
  if( pNew==0 ) return SQLITE_NOMEM;
  memset(pNew, 0, sizeof(*pNew));
  pNew->db = db;
  *ppVtab = &pNew->base;
  return SQLITE_OK;
}

static int grOpen(sqlite3_vtab *pVtab, sqlite3_vtab_cursor **ppCur){
  GRCursor *pCur = sqlite3_malloc64(sizeof(*pCur));
  if( pCur==0 ) return SQLITE_NOMEM;
  memset(pCur, 0, sizeof(*pCur));
  pCur->fd = -1;
  pCur->bEof = 1;
  gg_interrupt_init(&pCur->intr, &pCur->stop, ((GRVtab*)pVtab)->db);
  *ppCur = &pCur->base;
  return SQLITE_OK;
}

/* Close the file and forget the argument (the buffer is kept). */
static void grReset(GRCursor *pCur){
  if( pCur->fd>=0 && !pCur->bStdin ) close(pCur->fd);
  if( pCur->bStdin ) grStdin = GR_STDIN_DONE;
  pCur->fd = -1;
  pCur->bStdin = 0;
  sqlite3_value_free(pCur->pPath);
  pCur->pPath = 0;
  sqlite3_free(pCur->zName);
  pCur->zName = 0;
  pCur->iBeg = pCur->iEnd = 0;
  pCur->bAtEnd = 0;
  pCur->nSeen = 0;
  pCur->bEof = 1;
}

static int grClose(sqlite3_vtab_cursor *cur){
  GRCursor *pCur = (GRCursor*)cur;
  grReset(pCur);
  gg_interrupt_done(&pCur->intr);
  sqlite3_free(pCur->aBuf);
  sqlite3_free(pCur);
  return SQLITE_OK;
}

/* Wait until fd has bytes (or its end) to read: SQLITE_OK, or
** SQLITE_INTERRUPT if sqlite3_interrupt() came meanwhile. */
static int grWait(GRCursor *pCur){
#ifdef GR_POLL
  struct pollfd p;
  p.fd = pCur->fd;
  p.events = POLLIN;
  for(;;){
    int n;
    p.revents = 0;
    n = poll(&p, 1, GR_WAIT_MS);
    if( n>0 || (n<0 && errno!=EINTR) ) return SQLITE_OK;   /* read() says what */
    if( pCur->stop.xStop(pCur->stop.pArg) ) return SQLITE_INTERRUPT;
  }
#else
  (void)pCur;
  return SQLITE_OK;
#endif
}

/* Room for GR_BLOCK more bytes after the unread data, which moves to the
** start.  The buffer grows only while one line is longer than it; one
** byte more than nBuf is allocated, so that a line can always be ended
** with a 0. */
static int grRoom(GRCursor *pCur){
  sqlite3_int64 nData = pCur->iEnd - pCur->iBeg;
  if( pCur->iBeg>0 ){
    memmove(pCur->aBuf, pCur->aBuf+pCur->iBeg, (size_t)nData);
    pCur->iBeg = 0;
    pCur->iEnd = nData;
  }
  if( pCur->nBuf-nData<GR_BLOCK ){
    sqlite3_int64 nNew = pCur->nBuf ? 2*pCur->nBuf : 2*GR_BLOCK;
    char *aNew = sqlite3_realloc64(pCur->aBuf, (sqlite3_uint64)nNew+1);   /* +1: grTake's 0 */
    if( aNew==0 ) return SQLITE_NOMEM;
    pCur->aBuf = aNew;
    pCur->nBuf = nNew;
  }
  return SQLITE_OK;
}

/* Read more of the file after the unread data (none at its end). */
static int grFill(sqlite3_vtab_cursor *cur){
  GRCursor *pCur = (GRCursor*)cur;
  ssize_t n;
  int rc = grRoom(pCur);
  if( rc==SQLITE_OK ) rc = grWait(pCur);
  if( rc ) return rc;
  do{
    n = read(pCur->fd, pCur->aBuf+pCur->iEnd, (size_t)(pCur->nBuf-pCur->iEnd));
  }while( n<0 && errno==EINTR );
  if( n<0 ){
    return gg_vtab_error(cur->pVtab, SQLITE_IOERR, gg_errmsg("graph6_read: cannot read %s: %s",
                   pCur->zName, strerror(errno)));
  }
  if( n==0 ) pCur->bAtEnd = 1;
  pCur->iEnd += n;
  return SQLITE_OK;
}

/* The line z (n bytes, its end of line gone) as a row: without a header
** and a '\r'; 0 if it is blank now, else 1 (or an error in *pRc). */
static int grTake(sqlite3_vtab_cursor *cur, char *z, sqlite3_int64 n, int *pRc){
  static const char *const azHead[] = { ">>graph6<<", ">>digraph6<<", ">>sparse6<<" };
  GRCursor *pCur = (GRCursor*)cur;
  GGGraph6 g6;
  char zErr[200];
  int i, bad;
  if( n>0 && z[n-1]=='\r' ) n--;
  for(i=0; n>0 && z[0]=='>' && i<3; i++){
    int nHead = (int)strlen(azHead[i]);
    if( n>=nHead && memcmp(z, azHead[i], nHead)==0 ){ z += nHead; n -= nHead; break; }
  }
  if( n==0 ) return 0;
  bad = z[0]=='&' ? gg_digraph6_parse(&g6, z, (uint64_t)n, zErr, sizeof(zErr))
      : z[0]==':' || z[0]==';' ? gg_sparse6_parse(&g6, z, (uint64_t)n, zErr, sizeof(zErr))
      : gg_graph6_parse(&g6, z, (uint64_t)n, zErr, sizeof(zErr));
  if( bad ){
    *pRc = gg_vtab_error(cur->pVtab, SQLITE_ERROR, gg_errmsg("graph6_read: line %lld of %s: %s",
                   pCur->nSeen, pCur->zName, zErr));
    return 1;
  }
  z[n] = 0;          /* (its end of line, read; or the spare byte after the data) */
  pCur->zLine = z;
  pCur->iLine = pCur->nSeen;
  return 1;
}

static int grNext(sqlite3_vtab_cursor *cur){
  GRCursor *pCur = (GRCursor*)cur;
  int rc = SQLITE_OK;
  for(;;){
    char *z = pCur->aBuf ? pCur->aBuf + pCur->iBeg : 0;    /* (none before the first read) */
    sqlite3_int64 nData = pCur->iEnd - pCur->iBeg;
    char *e = nData>0 ? memchr(z, '\n', (size_t)nData) : 0;
    sqlite3_int64 n = e ? e-z : nData;
    if( n>pCur->mxLine ){
      return gg_vtab_error(cur->pVtab, SQLITE_TOOBIG, gg_errmsg("graph6_read: line %lld of %s is longer"
                     " than SQLite's length limit, %d bytes", pCur->nSeen+1, pCur->zName,
                     pCur->mxLine));
    }
    if( e==0 && !pCur->bAtEnd ){
      rc = grFill(cur);
      if( rc ) return rc;
      continue;
    }
    if( e==0 && n==0 ){
      pCur->bEof = 1;
      if( pCur->bStdin ) grStdin = GR_STDIN_DONE;     /* a UNION's next scan may start */
      return SQLITE_OK;
    }
    pCur->iBeg += n + (e!=0);
    pCur->nSeen++;
    if( grTake(cur, z, n, &rc) ) return rc;
  }
}

/* Open the file of the argument: standard input for '-'. */
static int grOpenFile(sqlite3_vtab_cursor *cur, const char *zPath){
  GRCursor *pCur = (GRCursor*)cur;
  struct stat st;
  if( strcmp(zPath, "-")==0 ){
    if( grStdin!=GR_STDIN_FREE ){
      return gg_vtab_error(cur->pVtab, SQLITE_ERROR, gg_errmsg("graph6_read: standard input %s: a query"
                     " that reads the graphs more than once needs them in a table first"
                     " (CREATE TABLE g6 AS SELECT g FROM graph6_read('-'))",
                     grStdin==GR_STDIN_BUSY ? "is being read by another scan"
                                            : "was read by an earlier scan"));
    }
    pCur->zName = sqlite3_mprintf("standard input");
    if( pCur->zName==0 ) return SQLITE_NOMEM;
    pCur->fd = 0;
    pCur->bStdin = 1;
    grStdin = GR_STDIN_BUSY;
    return SQLITE_OK;
  }
  pCur->zName = sqlite3_mprintf("%Q", zPath);
  if( pCur->zName==0 ) return SQLITE_NOMEM;
  pCur->fd = open(zPath, O_RDONLY|O_BINARY);
  if( pCur->fd<0 ){
    return gg_vtab_error(cur->pVtab, SQLITE_CANTOPEN, gg_errmsg("graph6_read: cannot open %s: %s",
                   pCur->zName, strerror(errno)));
  }
  if( fstat(pCur->fd, &st)==0 && S_ISDIR(st.st_mode) ){
    return gg_vtab_error(cur->pVtab, SQLITE_CANTOPEN, gg_errmsg("graph6_read: cannot read %s: it is a"
                   " directory", pCur->zName));
  }
  return SQLITE_OK;
}

/* "graph6_read needs an argument: graph6_read(path)", and how to name
** standard input. */
static char *grNeedsPath(void){
  char *z = gg_err_needs("graph6_read", 1, "path");
  return z ? sqlite3_mprintf("%z, or graph6_read('-') for standard input", z) : 0;
}

static int grFilter(sqlite3_vtab_cursor *cur, int idxNum, const char *idxStr,
                    int argc, sqlite3_value **argv){
  GRCursor *pCur = (GRCursor*)cur;
  int rc;
  (void)idxStr; (void)argc;
  grReset(pCur);
  if( idxNum==0 ){
    return gg_vtab_error(cur->pVtab, SQLITE_ERROR, grNeedsPath());
  }
  if( sqlite3_value_type(argv[0])!=SQLITE_TEXT ){
    char *zVal = gg_value_sql(argv[0]);
    rc = gg_vtab_error(cur->pVtab, SQLITE_MISMATCH, zVal ? gg_errmsg("graph6_read: the path must be a"
                 " text, got %s", zVal) : 0);
    sqlite3_free(zVal);
    return rc;
  }
  pCur->mxLine = sqlite3_limit(((GRVtab*)cur->pVtab)->db, SQLITE_LIMIT_LENGTH, -1);
  pCur->pPath = sqlite3_value_dup(argv[0]);
  if( pCur->pPath==0 ) return SQLITE_NOMEM;
  rc = grOpenFile(cur, (const char*)sqlite3_value_text(pCur->pPath));
  if( rc ) return rc;
  pCur->bEof = 0;
  return grNext(cur);
}

static int grEof(sqlite3_vtab_cursor *cur){
  return ((GRCursor*)cur)->bEof;
}

static int grColumn(sqlite3_vtab_cursor *cur, sqlite3_context *ctx, int iCol){
  GRCursor *pCur = (GRCursor*)cur;
  /* Length -1: SQLite copies the terminator too, so that a function's
  ** sqlite3_value_text() need not add one (a copy and a realloc a row). */
  if( iCol==GR_G ) sqlite3_result_text(ctx, pCur->zLine, -1, SQLITE_TRANSIENT);
  else if( iCol==GR_LINE ) sqlite3_result_int64(ctx, pCur->iLine);
  else sqlite3_result_value(ctx, pCur->pPath);
  return SQLITE_OK;
}

static int grRowid(sqlite3_vtab_cursor *cur, sqlite_int64 *pRowid){
  *pRowid = ((GRCursor*)cur)->iLine;
  return SQLITE_OK;
}

static int grBestIndex(sqlite3_vtab *pVtab, sqlite3_index_info *pInfo){
  static const int aCol[1] = { GR_PATH };
  (void)pVtab;
  return gg_vtab_plan(pInfo, aCol, 1, 1, 1e6, 1000000);
}

static sqlite3_module grModule = GG_VTAB_MODULE(grConnect, grBestIndex, gg_vtab_disconnect, grOpen,
    grClose, grFilter, grNext, grEof, grColumn, grRowid);

/* Registered only where SQLite can keep it out of views and triggers. */
int gg_register_graph6_read(sqlite3 *db, GGConn *pConn){
  (void)pConn;
#ifdef SQLITE_VTAB_DIRECTONLY
  if( sqlite3_libversion_number()>=GR_MIN_SQLITE ){
    return sqlite3_create_module_v2(db, "graph6_read", &grModule, 0, 0);
  }
#endif
  (void)db;
  return SQLITE_OK;
}
