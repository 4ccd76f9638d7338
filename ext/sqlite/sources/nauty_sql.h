/*
** nauty_sql.h: nauty's three formats as the SQL layer uses them: graph6
** and sparse6 (undirected) and digraph6 (directed), one GGNauty each, so
** that the sources 'graph6', 'sparse6' and 'digraph6' (source_graph6.c,
** source_sparse6.c, source_digraph6.c), the tables graph6_edges,
** sparse6_edges and digraph6_edges and the writers graph6() and
** digraph6() (graph6_sql.c) are one piece of code each.  The formats
** themselves are ext/engine/formats/graph6.c.
*/
#ifndef GG_NAUTY_SQL_H
#define GG_NAUTY_SQL_H
#include "call.h"
#include "graph6.h"

typedef struct GGNauty GGNauty;
struct GGNauty {
  const char *zName;        /* "graph6": the source's word, the hidden column,
                            ** the writer; "<zName>_edges" is the table */
  int bDirected;            /* its bits are arcs (digraph6) */
  int (*xParse)(GGGraph6 *p, const char *z, uint64_t nz, char *zErr, int nErr);
  int (*xNext)(const GGGraph6 *p, uint64_t *piBit, uint32_t *pSrc, uint32_t *pDst);
  void (*xRows)(const GGGraph6 *p, uint64_t *aRow);   /* <= 64 nodes: out-rows */
  uint64_t (*xSize)(uint64_t n);                      /* bytes written, 0: too big */
  void (*xWrite)(const GGGraph *pG, char *z);         /* (NULL: sparse6, no writer) */
};
extern const GGNauty gg_nauty_graph6;     /* source_graph6.c */
extern const GGNauty gg_nauty_digraph6;   /* source_digraph6.c */

/* A value's bytes (a text or a blob; "" for an empty one), or NULL if out
** of memory. */
const char *gg_nauty_bytes(sqlite3_value *pVal, uint64_t *pn);
/* The GGSource functions of a format's source (source_graph6.c); the
** source's pAux is its GGNauty. */
int gg_nauty_small(const GGGraphRef *pRef, GGSmall *p);
int gg_nauty_read(GGGraphRef *pRef, GGEdgeList *pE, char **pzErr);
char *gg_nauty_name(const GGGraphRef *pRef);
/* The format's table <zName>_edges (graph6_sql.c): the sources' xTables. */
int gg_nauty_tables(sqlite3 *db, const GGSource *pSource);

#endif
