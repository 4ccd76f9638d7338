/*
** graph.h: graphs whose node labels are integers or texts, in CSR form.
**
** Every game solver works on a GGGraph.  It is built from a list of edges
** given by label, plus labels that must exist even without edges (a hole,
** a start node, the race's goal).  A label is a 64-bit integer or a text
** (bytes compared as SQLite's BINARY collation does); an integer and a
** text are different labels even when the text spells the number.
** Labels get dense ids 0..n-1 in SQLite's order: integers ascending, then
** texts.  Repeated edges and edges given in both directions are folded; a
** self-loop is kept as one arc from the node to itself.  A directed graph
** keeps each row as one arc, src to dst; its in-arcs (aInOff, aInAdj) are
** the transpose.  An undirected graph has each edge as two arcs and its
** in-arcs are its arcs (the same arrays).  Plain C, no SQLite.
**
**   GGEdgeList e; GGGraph g;
**   memset(&e, 0, sizeof(e));
**   gg_edges_add(&e, 0, 1);                         -- integer labels
**   GGLabel a = GG_LABEL_TEXT("Napoleon", 8), b = GG_LABEL_INT(3);
**   gg_edges_add_labels(&e, &a, &b);                -- any labels
**   gg_graph_build_stop(&g, &e, 0, 0, 0);  ...  gg_graph_free(&g); gg_edges_free(&e);
*/
#ifndef GG_GRAPH_H
#define GG_GRAPH_H
#include "common.h"
#include "keymap.h"

/* A node label as given: an integer, or text bytes (not owned). */
typedef struct GGLabel GGLabel;
struct GGLabel {
  int eType;           /* GG_KEY_INT or GG_KEY_TEXT (keymap.h) */
  int64_t iVal;        /* the integer */
  const char *z;       /* the text, nz bytes, need not end in 0 */
  uint32_t nz;         /* bytes of text */
};
#define GG_LABEL_INT(i)     ((GGLabel){ GG_KEY_INT, (i), 0, 0 })
#define GG_LABEL_TEXT(z,n)  ((GGLabel){ GG_KEY_TEXT, 0, (z), (n) })

typedef struct GGGraph GGGraph;
struct GGGraph {
  uint32_t n;          /* number of nodes */
  uint64_t nArc;       /* arcs: 2 per edge (1 per self-loop), or 1 per arc */
  int bDirected;       /* rows are arcs src -> dst */
  GGKeyMap labels;     /* key u is the label of node u (ascending) */
  uint64_t *aOff;      /* out-neighbours of i: aAdj[aOff[i] .. aOff[i+1]-1] */
  uint32_t *aAdj;      /* neighbour ids, ascending within each node */
  uint64_t *aInOff;    /* in-neighbours of i: aInAdj[aInOff[i] ..]; */
  uint32_t *aInAdj;    /*   == aOff/aAdj (not owned twice) if undirected */
  uint64_t hash;       /* fingerprint of labels and arcs (for caches) */
};

/* An edge list being collected: labels get provisional ids in the order
** they are first seen; edges are pairs of those ids. */
typedef struct GGEdgeList GGEdgeList;
struct GGEdgeList {
  GGKeyMap labels;     /* every label seen */
  uint32_t *a;         /* a[2*i], a[2*i+1]: label ids of the ends of edge i */
  uint64_t nEdge;      /* edges held */
  uint64_t nAlloc;     /* edges that fit in a[] */
  int bDirected;       /* the edges are arcs a[2i] -> a[2i+1] */
};

/* Add an edge between integer labels, or between any labels.  GG_OK,
** GG_NOMEM or GG_TOOBIG (past 2^32-2 labels). */
int gg_edges_add(GGEdgeList *p, int64_t src, int64_t dst);
int gg_edges_add_labels(GGEdgeList *p, const GGLabel *pSrc, const GGLabel *pDst);
/* Make a label a node even if no edge touches it. */
int gg_edges_node(GGEdgeList *p, const GGLabel *pL);
/* The edges' array cut to their number (for a list kept long: up to half
** of it was room to grow); left as it was if memory is short. */
void gg_edges_fit(GGEdgeList *p);
void gg_edges_free(GGEdgeList *p);
/* Nonzero if two edge lists are the same rows in the same order (same
** labels first seen in the same order, same pairs, same direction): then
** they build the same graph. */
int gg_edges_equal(const GGEdgeList *a, const GGEdgeList *b);

/* Build *pG from the edges and the nExtra integer labels in aExtra, which
** become nodes too.  GG_OK, GG_NOMEM or GG_TOOBIG (2^32-2 nodes or arcs).
** It polls pStop (may be NULL): a million edges take a good part of a
** second to build; it also returns GG_INTERRUPT. */
int gg_graph_build_stop(GGGraph *pG, const GGEdgeList *pE, const int64_t *aExtra,
                        int nExtra, const GGStop *pStop);
void gg_graph_free(GGGraph *pG);

/* Dense id of a label, or -1 if it is not a node. */
int64_t gg_graph_find_label(const GGGraph *pG, const GGLabel *pL);
/* The label of node u (text points into the graph). */
void gg_graph_label(const GGGraph *pG, uint32_t u, GGLabel *pL);

/* Nonzero if the two graphs are identical (same labels, same arcs). */
int gg_graph_equal(const GGGraph *a, const GGGraph *b);

/* Out-arcs (the moves from u) and in-arcs (the moves into u). */
#define GG_DEG(G,u) ((uint32_t)((G)->aOff[(u)+1]-(G)->aOff[(u)]))
#define GG_NBR(G,u) (&(G)->aAdj[(G)->aOff[(u)]])
#define GG_INDEG(G,u) ((uint32_t)((G)->aInOff[(u)+1]-(G)->aInOff[(u)]))
#define GG_INNBR(G,u) (&(G)->aInAdj[(G)->aInOff[(u)]])

#endif
