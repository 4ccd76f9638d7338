/*
** source_json.c: a graph given as a value, a LeetCode-style JSON
** adjacency list, e.g. '[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]'
** (list i names the neighbours of node i; nodes are 0..n-1, isolated ones
** included).  The edges argument 'json' picks it (catmouse_json always
** reads it).  The list names every node, so a node a call names that is
** not one is an error.  The parser is ext/engine/formats/adjjson.c; its
** message names the byte at fault.  The value's size bounds the graph, so the
** position limit is checked once it is read, with the exact node count.
*/
#include <string.h>
#include "call.h"
#include "adjjson.h"
SQLITE_EXTENSION_INIT3

static int jsonRead(GGGraphRef *pRef, GGEdgeList *pE, char **pzErr){
  const char *z = (const char*)sqlite3_value_text(pRef->pId);
  int64_t nNode = 0, i;
  char zMsg[200];
  int rc;
  memset(pE, 0, sizeof(*pE));
  if( z==0 ) return SQLITE_NOMEM;
  pE->bDirected = pRef->bDirected;
  rc = gg_adjjson_parse(z, (uint64_t)sqlite3_value_bytes(pRef->pId), pE, &nNode, zMsg);
  if( rc<0 ){
    *pzErr = gg_errmsg("%s: %s", pRef->zFunc, zMsg);
    gg_edges_free(pE);
    return gg_error_rc(SQLITE_ERROR, *pzErr);
  }
  for(i=0; rc==GG_OK && i<nNode; i++){
    GGLabel L = GG_LABEL_INT(i);
    rc = gg_edges_node(pE, &L);
  }
  if( rc ) gg_edges_free(pE);
  return gg_sqlite_rc(rc);
}

static char *jsonName(const GGGraphRef *pRef){
  (void)pRef;
  return sqlite3_mprintf("the adjacency list");
}

const GGSource gg_source_json = {
  .zWord = "json", .bClosed = 1,
  .xSmall = 0, .xRead = jsonRead, .xName = jsonName,
};
