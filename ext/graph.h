/*
** graph.h: undirected graphs with arbitrary integer labels, in CSR form.
**
** Every game solver works on a GGGraph.  It is built from a list of edges
** given by label (any int64 values), plus labels that must exist even
** without edges (the cat-and-mouse hole and start nodes, say).  Labels are
** mapped to dense ids 0..n-1 in ascending label order; repeated edges and
** edges given in both directions are folded; a self-loop is kept as one
** arc from the node to itself.  Plain C, no SQLite.
*/
#ifndef GG_GRAPH_H
#define GG_GRAPH_H
#include <stdint.h>

typedef struct GGGraph GGGraph;
struct GGGraph {
  uint32_t n;          /* number of nodes */
  uint64_t nArc;       /* number of arcs: 2 per edge, 1 per self-loop */
  int64_t *aLabel;     /* aLabel[i]: user label of node i; ascending */
  uint64_t *aOff;      /* neighbours of i are aAdj[aOff[i] .. aOff[i+1]-1] */
  uint32_t *aAdj;      /* neighbour ids, ascending within each node */
  uint64_t hash;       /* fingerprint of labels and arcs (for caches) */
};

/* An edge list being collected, by label. */
typedef struct GGEdgeList GGEdgeList;
struct GGEdgeList {
  int64_t *a;          /* a[2*i], a[2*i+1]: ends of edge i */
  uint64_t nEdge;      /* edges held */
  uint64_t nAlloc;     /* edges that fit in a[] */
};

#define GG_OK       0
#define GG_NOMEM    1
#define GG_TOOBIG   2
#define GG_INTERRUPT 3

int gg_edges_add(GGEdgeList *p, int64_t src, int64_t dst);
void gg_edges_free(GGEdgeList *p);

/* Build *pG from the edges and the nExtra labels in aExtra.  GG_OK or
** GG_NOMEM (or GG_TOOBIG beyond 2^32-2 nodes or arcs). */
int gg_graph_build(GGGraph *pG, const GGEdgeList *pE,
                   const int64_t *aExtra, int nExtra);

/* The same, polling pStop (retro.h; may be NULL) every GG_STOP_EVERY
** steps of work: a million edges take a good part of a second to build.
** Also returns GG_INTERRUPT if pStop said so. */
struct GGStop;
int gg_graph_build_stop(GGGraph *pG, const GGEdgeList *pE, const int64_t *aExtra,
                        int nExtra, const struct GGStop *pStop);
void gg_graph_free(GGGraph *pG);

/* Dense id of label L, or -1 if L is not a node. */
int64_t gg_graph_find(const GGGraph *pG, int64_t L);

/* Nonzero if u and v are adjacent. */
int gg_graph_adjacent(const GGGraph *pG, uint32_t u, uint32_t v);

/* Nonzero if the two graphs are identical (same labels, same arcs). */
int gg_graph_equal(const GGGraph *a, const GGGraph *b);

/* A deep copy of pSrc into pDst.  GG_OK or GG_NOMEM. */
int gg_graph_copy(GGGraph *pDst, const GGGraph *pSrc);

#define GG_DEG(G,u) ((uint32_t)((G)->aOff[(u)+1]-(G)->aOff[(u)]))
#define GG_NBR(G,u) (&(G)->aAdj[(G)->aOff[(u)]])

#endif
