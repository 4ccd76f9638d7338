/*
** source_edgelist.c: a graph source built only into the tests' library
** (`make toy`, -DGG_TOY: one line in registry.c's GG_SOURCES), to keep
** docs/internals.md's checklist for adding a source true.  The edges
** argument 'edgelist' reads the graph id as text such as '0-1 1-2 2-3':
** edges a-b of labels 0, 1, 2, ..., separated by blanks; its nodes are those
** of its edges (no other node can be named: bClosed).
**
**   SELECT catmouse('0-1 1-2 2-3 3-0 1-3', 'edgelist', '{"hole": 3}');
*/
#include <string.h>
#include "call.h"
SQLITE_EXTENSION_INIT3

/* One label at *pz (at most 15 digits), or 0. */
static int edgelistInt(const char **pz, int64_t *pV){
  const char *z = *pz;
  int64_t v = 0;
  if( *z<'0' || *z>'9' ) return 0;
  while( *z>='0' && *z<='9' && v<(int64_t)1e14 ) v = v*10 + (*z++ - '0');
  *pV = v;
  *pz = z;
  return 1;
}

static int edgelistRead(GGGraphRef *pRef, GGEdgeList *pE, char **pzErr){
  const char *z0 = (const char*)sqlite3_value_text(pRef->pId), *z = z0;
  memset(pE, 0, sizeof(*pE));
  pE->bDirected = pRef->bDirected;
  if( z==0 ) return SQLITE_NOMEM;
  for(;;){
    int64_t a, b;
    while( *z==' ' ) z++;
    if( *z==0 ) return SQLITE_OK;
    if( !edgelistInt(&z, &a) || *z++!='-' || !edgelistInt(&z, &b) || (*z && *z!=' ') ){
      *pzErr = gg_errmsg("%s: expected an edge a-b at byte %d of the edgelist value",
                         pRef->zFunc, (int)(z-z0));
      gg_edges_free(pE);
      return gg_error_rc(SQLITE_ERROR, *pzErr);
    }
    if( gg_edges_add(pE, a, b) ){ gg_edges_free(pE); return SQLITE_NOMEM; }
  }
}

static char *edgelistName(const GGGraphRef *pRef){
  char *zVal = gg_value_sql(pRef->pId);
  char *z = zVal ? sqlite3_mprintf("the edgelist value %s", zVal) : 0;
  sqlite3_free(zVal);
  return z;
}

const GGSource gg_source_edgelist = {
  .zWord = "edgelist", .bClosed = 1, .xRead = edgelistRead, .xName = edgelistName,
};
