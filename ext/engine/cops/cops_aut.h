/*
** cops_aut.h: the automorphism group of a graph, for the cops solve on
** orbit representatives (cops_seq.c).  Plain C, no SQLite.
**
** The group comes from nauty (Brendan McKay and Adolfo Piperno's library,
** Apache 2.0: Debian's libnauty2-dev; the build defines GG_HAVE_NAUTY and
** takes its headers, and cops_aut.c loads libnauty.so.2 at run time, so
** that the extension loads without it).  Without nauty (its headers at
** build time, or its library at run time; the WebAssembly and Windows
** builds) every graph has the trivial group.  nauty's own work arrays are its
** allocations, not the engine's: the documented exception to alloc.h (they
** are freed after each call).
**
** The group is enumerated: every element a permutation of n nodes (16
** bits a node), found from nauty's generators: as the products of the
** transversals of their chain of stabilizers, along nauty's base, when
** the orbits' sizes multiply to the group's order (each product then a new
** element: no look-up); else (never seen, kept for safety) by their
** closure, breadth first, each product looked up.  A group with
** more than mxElt elements (or more nodes than 65,535) is not enumerated:
** gg_aut_build() says GG_TOOBIG and the caller solves without symmetry;
** mxElt = 1 asks for the trivial group without asking nauty.
**
** Canonical forms.  Points are placed in one or two phases (a cop
** configuration: one phase; an intermediate position of one-at-a-time
** moves: the cops that moved, then those still to move).  The canonical
** form is the least image under the group, phase by phase, each phase's
** points sorted and compared lexicographically.  It is computed along a
** tree of pointwise stabilizers built once to depth nPt: the node of the
** fixed points {m1..mj} holds the subgroup fixing them, for each node x
** the least point of its orbit and an element taking x there.  Each step
** places the least point reachable; ties branch (a beam of candidates,
** repeats dropped), so the result is exact.
*/
#ifndef GG_COPS_AUT_H
#define GG_COPS_AUT_H
#include <stdint.h>
#include "graph.h"

#define GG_AUT_MAXPT 16           /* most points of a canonical form */

typedef struct GGAutNode GGAutNode;
typedef struct GGAut GGAut;
struct GGAut {
  uint32_t n;             /* nodes */
  uint32_t nPt;           /* most points canonized (the tree's depth) */
  double order;           /* |Aut| as nauty counts it */
  uint32_t nElt;          /* elements enumerated (== order); 0: not built */
  uint32_t nBase;         /* the base points of the chain of stabilizers the */
  uint16_t aBase[64];     /* elements came from (0: from the closure), whose
                          ** images tell an element from every other (the
                          ** hash keys, and the compared points, of a look-up) */
  uint16_t *aPerm;        /* [e*n + x]: element e maps x there; e = 0 is the identity */
  uint32_t *aInv;         /* [e]: the inverse element, or UINT32_MAX until
                          ** gg_aut_inv() is asked for it (a solve asks for
                          ** few of them) */
  uint32_t *aHash;        /* open addressing: element index + 1, 0 empty */
  uint32_t nHash;         /* slots, a power of two */
  GGAutNode *pRoot;       /* the tree of stabilizers */
  GGAutNode **apNode;     /* every node, to free them */
  uint32_t nNode, nNodeAlloc;
  void *pBeam;            /* scratch of the beam (one thread at a time) */
  uint16_t *aComp;        /* n: scratch of a composition */
};

/* The order of Aut(pG) (arcs if bDirected, else edges), from nauty: 1 if
** nauty is not built in.  GG_OK or GG_NOMEM. */
int gg_aut_order(const GGGraph *pG, int bDirected, double *pOrder);
/* nauty's library: 1 loaded, 0 not found (every group is then trivial),
** -1 a build without nauty's headers (graphgame_debug). */
int gg_aut_library(void);

/* The group, enumerated, and the tree of stabilizers for canonical forms
** of up to nPt points (nPt <= GG_AUT_MAXPT).  GG_OK, GG_NOMEM, or
** GG_TOOBIG (more than mxElt elements, n > 65535).  Free with
** gg_aut_free() (also after an error). */
int gg_aut_build(GGAut *a, const GGGraph *pG, int bDirected, uint32_t nPt, uint64_t mxElt);
void gg_aut_free(GGAut *a);

/* The canonical form of the points aIn[0..nPt-1], the first nA of them
** the first phase: into aOut (each phase sorted), and *pElt an element g
** with g(aIn) = aOut phase by phase.  GG_OK or GG_TOOBIG (a beam wider
** than the scratch, a graph whose symmetric positions branch that much). */
int gg_aut_canon(GGAut *a, const uint32_t *aIn, uint32_t nA, uint32_t nPt, uint32_t *aOut,
                 uint32_t *pElt);

/* The node of the tree of stabilizers that fixes the points aPt[0..nPt-1]
** of a canonical form of one phase (each the least point of its orbit
** under the subgroup fixing those before it, as gg_aut_canon places
** them), nPt under the tree's depth; 0 if they do not walk the tree.
** gg_aut_node_min(q, v): the least point of v's orbit under q's subgroup.
** Two points of one orbit added to those points give the same canonical
** form, so a caller that adds every node needs only the least of each. */
const GGAutNode *gg_aut_stab(const GGAut *a, const uint32_t *aPt, uint32_t nPt);
uint32_t gg_aut_node_min(const GGAutNode *q, uint32_t v);

/* The inverse of element e (found at its first call, then kept: the
** GGAut is one thread's at a time, as its scratch is). */
uint32_t gg_aut_inv(GGAut *a, uint32_t e);

/* Image of x under element e. */
static inline uint32_t gg_aut_map(const GGAut *a, uint32_t e, uint32_t x){
  return a->aPerm[(uint64_t)e*a->n + x];
}

#endif
