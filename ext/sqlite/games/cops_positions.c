/*
** cops_positions.c: the positions of cops and robbers, as the generic
** tables read them: cops_states and cops_play are states.c and play.c
** on gg_cops_def.  Player 0 is the cops, whose place is a configuration
** of k cops (its rank, 0..nConf-1: cops.h), shown as a JSON array of
** their labels in ascending node order ("[0,3]"); player 1 is the robber
** on a node.  A position is won by the cops (outcome 1, its plies to the
** capture) or the robber escapes (outcome 0, plies NULL).  The players
** choose their starts: the cops the best configuration, the robber his
** best answer to it (xChoose); or the rules of cops_play name the cops'
** nodes in any order (xPlace0Nodes, which also picks cops_states' row of
** `cops = '[4, 0]'`), and the robber's best answer is his start unless
** they name it too (xAnswer).  The manual: docs/reference/cops.md.
*/
#include <string.h>
#include "cops_sql.h"
SQLITE_EXTENSION_INIT3

int gg_cops_get(const void *pState, uint64_t conf, uint32_t r, int turn,
                uint32_t *pValue, int64_t *pPlies, int64_t *pMove){
  const GGCops *p = (const GGCops*)pState;
  uint64_t next;
  *pPlies = gg_cops_plies(p, conf, r, turn);
  *pValue = *pPlies>=0 ? GG_V_WIN0 : GG_V_DRAW;
  if( pMove==0 ) return GG_OK;
  switch( gg_cops_best(p, conf, r, turn, &next) ){
    case 0:  *pMove = (int64_t)next; return GG_OK;
    case -1: *pMove = -1; return GG_OK;          /* a capture: the game is over */
    default: return GG_NOMEM;
  }
}

uint64_t gg_cops_count0(const void *pState, const GGGraph *pG){
  (void)pG;
  return ((const GGCops*)pState)->nConf;
}

/* The robber's best start against conf, turn to move: the latest capture
** or an escape. */
static uint32_t copsRobberStart(const GGCops *p, uint64_t conf, int turn){
  uint32_t r, best = 0;
  int64_t mx = -2;
  for(r=0; r<p->n; r++){
    int64_t q;
    if( !gg_cops_start_ok(p, conf, r) ) continue;     /* (the surround game) */
    q = gg_cops_plies(p, conf, r, turn);
    if( q<0 ) return r;
    if( q>mx ){ mx = q; best = r; }
  }
  return best;
}

void gg_cops_choose(const void *pState, uint64_t *pConf, uint32_t *pR){
  const GGCops *p = (const GGCops*)pState;
  *pConf = p->captureTime>=0 ? p->bestConf : 0;
  *pR = copsRobberStart(p, *pConf, GG_COPS_TURN_COPS);
}

uint32_t gg_cops_answer(const void *pState, uint64_t conf, int turn){
  return copsRobberStart((const GGCops*)pState, conf, turn);
}

int gg_cops_place_nodes(const void *pState, const uint32_t *aId, uint32_t nId, uint64_t *pConf){
  const GGCops *p = (const GGCops*)pState;
  uint32_t a[GG_COPS_MAXK], i, j;
  if( nId!=p->k ) return 0;
  for(i=0; i<nId; i++){                 /* sorted: the multiset's order */
    uint32_t x = aId[i];
    for(j=i; j>0 && a[j-1]>x; j--) a[j] = a[j-1];
    a[j] = x;
  }
  *pConf = gg_cops_rank(p, a);
  return 1;
}

/* A text label as a JSON string. */
static void copsJsonText(sqlite3_str *pStr, const char *z, uint32_t nz){
  uint32_t i, j = 0;
  sqlite3_str_appendchar(pStr, 1, '"');
  for(i=0; i<nz; i++){
    unsigned char c = (unsigned char)z[i];
    if( c>=0x20 && c!='"' && c!='\\' ) continue;
    sqlite3_str_append(pStr, z+j, (int)(i-j));
    j = i+1;
    if( c=='"' || c=='\\' ){
      sqlite3_str_appendchar(pStr, 1, '\\');
      sqlite3_str_appendchar(pStr, 1, (char)c);
    }else{
      sqlite3_str_appendf(pStr, "\\u%04x", c);
    }
  }
  sqlite3_str_append(pStr, z+j, (int)(nz-j));
  sqlite3_str_appendchar(pStr, 1, '"');
}

/* Configuration conf as a JSON array of any labels (allocated). */
static char *copsJson(const GGCops *p, const GGGraph *pG, uint64_t conf){
  uint32_t aCop[GG_COPS_MAXK], i;
  sqlite3_str *pStr = sqlite3_str_new(0);
  gg_cops_unrank(p, conf, aCop);        /* ascending dense ids: SQLite's order */
  sqlite3_str_appendchar(pStr, 1, '[');
  for(i=0; i<p->k; i++){
    GGLabel L;
    gg_graph_label(pG, aCop[i], &L);
    if( i ) sqlite3_str_appendchar(pStr, 1, ',');
    if( L.eType==GG_KEY_INT ) sqlite3_str_appendf(pStr, "%lld", (long long)L.iVal);
    else copsJsonText(pStr, L.z, L.nz);
  }
  sqlite3_str_appendchar(pStr, 1, ']');
  return sqlite3_str_finish(pStr);
}

/* Configuration conf as a JSON array of integer labels into z (room for
** GG_COPS_MAXK of them): its length, or -1 if a label is text. */
static int copsJsonInts(const GGCops *p, const GGGraph *pG, uint64_t conf, char *z, int nz){
  uint32_t aCop[GG_COPS_MAXK], i;
  int n = 1;
  gg_cops_unrank(p, conf, aCop);
  z[0] = '[';
  for(i=0; i<p->k; i++){
    GGLabel L;
    gg_graph_label(pG, aCop[i], &L);
    if( L.eType!=GG_KEY_INT ) return -1;
    sqlite3_snprintf(nz-n, z+n, "%s%lld", i ? "," : "", (long long)L.iVal);
    n += (int)strlen(z+n);
  }
  z[n++] = ']';
  return n;
}

/* Integer labels are written on the stack, so a row costs no allocation
** (the result's own buffer is reused from row to row). */
void gg_cops_result_conf(sqlite3_context *ctx, const void *pState, const GGGraph *pG,
                         uint64_t conf){
  const GGCops *p = (const GGCops*)pState;
  char zInts[GG_COPS_MAXK*21 + 3], *z;
  int n = copsJsonInts(p, pG, conf, zInts, (int)sizeof(zInts));
  if( n>=0 ){
    sqlite3_result_text(ctx, zInts, n, SQLITE_TRANSIENT);
    return;
  }
  z = copsJson(p, pG, conf);
  if( z==0 ){ sqlite3_result_error_nomem(ctx); return; }
  sqlite3_result_text(ctx, z, -1, sqlite3_free);
}
