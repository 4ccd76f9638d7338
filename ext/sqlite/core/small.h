/*
** small.h: a graph of at most 64 nodes as bit rows (GGSmall), filled by
** the sources' fast reads, and a GGGraph on its rows (small.c).
*/
#ifndef GG_SMALL_H
#define GG_SMALL_H
#include "roles.h"

/* A small graph read straight from its rows (small.c): at most
** GG_SMALL_MAXN nodes, integer labels only, numbered in the order first
** seen.  The scalar functions try it first; when it cannot hold the
** graph (or the read fails) they take the general path, which reads
** again and says what is wrong. */
#define GG_SMALL_MAXN 64
typedef struct GGSmall GGSmall;
struct GGSmall {
  uint32_t n;                    /* nodes */
  int bInts;                     /* the labels are 0..n-1 and aLabel, aSlot are
                                 ** not written yet (gg_small_ints: a census's
                                 ** game that names no node never needs them) */
  uint64_t aOut[GG_SMALL_MAXN];  /* bit v of aOut[u]: an arc u -> v (both ways
                                 ** when undirected; a self-loop u -> u) */
  int64_t aLabel[GG_SMALL_MAXN]; /* node u's label */
  uint8_t aSlot[3*GG_SMALL_MAXN];/* labels 0..63, then a hash of the others:
                                 ** u+1, or 0 for empty */
};
/* The node of label v in p, added if new; -1 if there is no room (small.c). */
int gg_small_node(GGSmall *p, int64_t v);
void gg_small_clear(GGSmall *p);
/* The node of label v in p, or -1 if none (small.c). */
int gg_small_find(const GGSmall *p, int64_t v);
/* Renumber p's nodes in ascending label order, the dense ids of the
** general path (a built GGGraph): the states table's rows come in the
** same order either way. */
void gg_small_sort(GGSmall *p);
/* p as n nodes labelled 0..n-1 (n <= GG_SMALL_MAXN), no arcs yet: for
** sources that fill aOut themselves.  The labels are written only when
** a lookup needs them. */
void gg_small_ints(GGSmall *p, uint32_t n);
/* Node u's label. */
static inline int64_t gg_small_label(const GGSmall *p, uint32_t u){
  return p->bInts ? (int64_t)u : p->aLabel[u];
}
/* The nodes of a role (its labels, or its default label), each of which
** must be a node of the rows: their bits into *pMask and the first one
** into *pFirst.  1, or 0 if the general path must decide (a text label,
** a label that is not a node: its error). */
int gg_small_role(GGSmall *p, const GGRole *pRole, uint64_t *pMask, uint32_t *pFirst);

/* A GGGraph of a small graph's rows for the engines that take one (no
** labels: only engines that never look at them); its arrays are in
** *pCsr, which the connection keeps (gg_small_csr(): NULL if out of
** memory). */
typedef struct GGSmallCsr GGSmallCsr;
struct GGSmallCsr {
  uint64_t aOff[GG_SMALL_MAXN+1], aInOff[GG_SMALL_MAXN+1];
  uint32_t aAdj[GG_SMALL_MAXN*GG_SMALL_MAXN], aInAdj[GG_SMALL_MAXN*GG_SMALL_MAXN];
};
GGSmallCsr *gg_small_csr(GGConn *pConn);
void gg_small_graph(const GGSmall *p, int bDirected, GGSmallCsr *pCsr, GGGraph *pG);

#endif
