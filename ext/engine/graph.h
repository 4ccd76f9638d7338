/*
** graph.h: graphs with arbitrary integer labels, in CSR form.
**
** Every game solver works on a GGGraph.  It is built from a list of edges
** given by label (any int64 values), plus labels that must exist even
** without edges (the cat-and-mouse hole and start nodes, say).  Labels are
** mapped to dense ids 0..n-1 in ascending label order; repeated edges and
** edges given in both directions are folded; a self-loop is kept as one
** arc from the node to itself.  A directed graph keeps each row as one
** arc, src to dst; its in-arcs (aInOff, aInAdj) are the transpose.  An
** undirected graph has each edge as two arcs and its in-arcs are its
** arcs (the same arrays).  Plain C, no SQLite.
*/
#ifndef GG_GRAPH_H
#define GG_GRAPH_H
#include "common.h"

typedef struct GGGraph GGGraph;
struct GGGraph {
  uint32_t n;          /* number of nodes */
  uint64_t nArc;       /* arcs: 2 per edge (1 per self-loop), or 1 per arc */
  int bDirected;       /* rows are arcs src -> dst */
  int64_t *aLabel;     /* aLabel[i]: user label of node i; ascending */
  uint64_t *aOff;      /* out-neighbours of i: aAdj[aOff[i] .. aOff[i+1]-1] */
  uint32_t *aAdj;      /* neighbour ids, ascending within each node */
  uint64_t *aInOff;    /* in-neighbours of i: aInAdj[aInOff[i] ..]; */
  uint32_t *aInAdj;    /*   == aOff/aAdj (not owned twice) if undirected */
  uint64_t hash;       /* fingerprint of labels and arcs (for caches) */
};

/* An edge list being collected, by label. */
typedef struct GGEdgeList GGEdgeList;
struct GGEdgeList {
  int64_t *a;          /* a[2*i], a[2*i+1]: ends of edge i */
  uint64_t nEdge;      /* edges held */
  uint64_t nAlloc;     /* edges that fit in a[] */
  int bDirected;       /* the edges are arcs a[2i] -> a[2i+1] */
};

int gg_edges_add(GGEdgeList *p, int64_t src, int64_t dst);
void gg_edges_free(GGEdgeList *p);

/* Build *pG from the edges and the nExtra labels in aExtra.  GG_OK or
** GG_NOMEM (or GG_TOOBIG beyond 2^32-2 nodes or arcs). */
int gg_graph_build(GGGraph *pG, const GGEdgeList *pE,
                   const int64_t *aExtra, int nExtra);

/* The same, polling pStop (common.h; may be NULL): a million edges take
** a good part of a second to build.  Also returns GG_INTERRUPT if pStop
** said so. */
int gg_graph_build_stop(GGGraph *pG, const GGEdgeList *pE, const int64_t *aExtra,
                        int nExtra, const GGStop *pStop);
void gg_graph_free(GGGraph *pG);

/* Dense id of label L, or -1 if L is not a node. */
int64_t gg_graph_find(const GGGraph *pG, int64_t L);

/* Nonzero if there is an arc u -> v. */
int gg_graph_adjacent(const GGGraph *pG, uint32_t u, uint32_t v);

/* Nonzero if the two graphs are identical (same labels, same arcs). */
int gg_graph_equal(const GGGraph *a, const GGGraph *b);

/* A deep copy of pSrc into pDst.  GG_OK or GG_NOMEM. */
int gg_graph_copy(GGGraph *pDst, const GGGraph *pSrc);

/* Out-arcs (the moves from u) and in-arcs (the moves into u). */
#define GG_DEG(G,u) ((uint32_t)((G)->aOff[(u)+1]-(G)->aOff[(u)]))
#define GG_NBR(G,u) (&(G)->aAdj[(G)->aOff[(u)]])
#define GG_INDEG(G,u) ((uint32_t)((G)->aInOff[(u)+1]-(G)->aInOff[(u)]))
#define GG_INNBR(G,u) (&(G)->aInAdj[(G)->aInOff[(u)]])

#endif
