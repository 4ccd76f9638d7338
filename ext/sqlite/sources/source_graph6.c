/*
** source_graph6.c: a graph given as a value in nauty's graph6 format (one
** line of geng, NetworkX's to_graph6_bytes(G, header=False)), e.g.
** cop_number(g, 'graph6') over a table of geng's lines.  The edges
** argument 'graph6' picks it.  Nodes are 0..n-1, isolated ones included
** (graph6 stores n), so a node a call names that is not one is an error.
** graph6 graphs are undirected: with the rules' "directed", each edge is
** two arcs.  A text or a blob is read as its bytes; a malformed value
** gets the parser's message (ext/engine/formats/graph6.c), which names the
** byte, after the function's name.  A graph of at most 64 nodes is read
** straight into bit rows (no edge list, no allocation), so a census of
** small graphs costs little more than reading its values.
**
** The reading is shared with the digraph6 source (source_digraph6.c):
** the gg_nauty_* functions take the format (nauty_sql.h).
*/
#include <string.h>
#include "nauty_sql.h"
SQLITE_EXTENSION_INIT3

#define G6S_SHOWN 40        /* bytes of the value shown in messages */

const char *gg_nauty_bytes(sqlite3_value *pVal, uint64_t *pn){
  const char *z = sqlite3_value_type(pVal)==SQLITE_BLOB
                ? (const char*)sqlite3_value_blob(pVal) : (const char*)sqlite3_value_text(pVal);
  *pn = (uint64_t)sqlite3_value_bytes(pVal);
  return z ? z : (*pn==0 ? "" : 0);
}

int gg_nauty_small(const GGGraphRef *pRef, GGSmall *p){
  const GGNauty *f = (const GGNauty*)pRef->pSource->pAux;
  GGGraph6 g6;
  uint64_t n;
  char zErr[8];
  const char *z = gg_nauty_bytes(pRef->pId, &n);
  if( z==0 || f->xParse(&g6, z, n, zErr, (int)sizeof(zErr)) || g6.n>GG_SMALL_MAXN
   || g6.n==0 ){
    return 0;                                 /* the general read says why */
  }
  gg_small_ints(p, g6.n);
  f->xRows(&g6, p->aOut);
  return 1;
}

int gg_nauty_read(GGGraphRef *pRef, GGEdgeList *pE, char **pzErr){
  const GGNauty *f = (const GGNauty*)pRef->pSource->pAux;
  GGGraph6 g6;
  uint64_t n, iBit = 0;
  uint32_t u, a, b;
  char zErr[200];
  const char *z = gg_nauty_bytes(pRef->pId, &n);
  int rc = GG_OK;
  memset(pE, 0, sizeof(*pE));
  pE->bDirected = pRef->bDirected;
  if( z==0 ) return SQLITE_NOMEM;
  if( f->xParse(&g6, z, n, zErr, (int)sizeof(zErr)) ){
    *pzErr = gg_errmsg("%s: %s", pRef->zFunc, zErr);
    return gg_error_rc(SQLITE_ERROR, *pzErr);
  }
  for(u=0; rc==GG_OK && u<g6.n; u++){
    GGLabel L = GG_LABEL_INT(u);
    rc = gg_edges_node(pE, &L);
  }
  while( rc==GG_OK && f->xNext(&g6, &iBit, &a, &b) ){
    rc = gg_edges_add(pE, a, b);
    if( rc==GG_OK && pRef->bDirected && !f->bDirected ) rc = gg_edges_add(pE, b, a);
  }
  if( rc ) gg_edges_free(pE);
  return gg_sqlite_rc(rc);
}

/* "the graph6 value 'IheA@GUAo'" (long values cut, with "...") */
char *gg_nauty_name(const GGGraphRef *pRef){
  const GGNauty *f = (const GGNauty*)pRef->pSource->pAux;
  uint64_t n;
  const char *z = gg_nauty_bytes(pRef->pId, &n);
  if( z==0 ) return 0;
  return sqlite3_mprintf("the %s value '%.*q%s'", f->zName, (int)(n>G6S_SHOWN ? G6S_SHOWN : n),
                         z, n>G6S_SHOWN ? "..." : "");
}

const GGNauty gg_nauty_graph6 = {
  .zName = "graph6", .bDirected = 0,
  .xParse = gg_graph6_parse, .xNext = gg_graph6_next, .xRows = gg_graph6_rows,
  .xSize = gg_graph6_size, .xWrite = gg_graph6_write,
};

const GGSource gg_source_graph6 = {
  .zWord = "graph6", .bClosed = 1, .pAux = &gg_nauty_graph6,
  .xSmall = gg_nauty_small, .xRead = gg_nauty_read, .xName = gg_nauty_name,
  .xTables = gg_nauty_tables,
};
