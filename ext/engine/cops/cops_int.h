/*
** cops_int.h: what the files of the cops engine share (cops.c solves,
** cops_query.c answers positions and checks the rules).  Internals; the
** contract is cops.h.
*/
#ifndef GG_COPS_INT_H
#define GG_COPS_INT_H
#include "cops.h"
#include "cops_aut.h"

#define COPS_MAX_MOVES (1u<<24)   /* most moves of one configuration */

/* C(v, i) from the table of binomials (cops_conf.c). */
uint64_t gg_cops_binom(const GGCops *p, uint32_t i, uint32_t v);

/* Bit operations on sets of nWord words. */
#define COPS_SET(a,v)  ((a)[(v)/64] |= 1ull<<((v)%64))
#define COPS_HAS(a,v)  (((a)[(v)/64]>>((v)%64)) & 1)

/* The cops' nodes of configuration conf (sorted) into aCop, their set
** into mM and the robber's capture zone into aCap (nWord words each). */
void gg_cops_zone(const GGCops *p, uint64_t conf, uint32_t *aCop, uint64_t *mM,
                  uint64_t *aCap);

/* The robber's moves from r (not captured) against cops mM with capture
** zone aCap: a set of nodes into aOut, r included when he may stay;
** aTmp is scratch of 2*nWord words.  Returns the work done (words). */
uint64_t gg_cops_robber_moves(const GGCops *p, const uint64_t *mM, const uint64_t *aCap,
                              uint32_t r, uint64_t *aOut, uint64_t *aTmp);

/* The cops' moves from the sorted nodes aCop (bIn: backwards, along
** in-arcs: the configurations that move to aCop), as ranks into aOut
** (staying first); the count. */
uint32_t gg_cops_moves(const GGCops *p, const uint32_t *aCop, int bIn, uint64_t *aOut);

/* Most moves of one configuration, or 0 if too many. */
uint64_t gg_cops_max_moves(const GGCops *p);

/* The one-at-a-time solve (cops_seq.c) on a set-up p, on orbits if bSym;
** its free; the plies of (conf, r) with the cops to move (-1: never; -2:
** the canonical form failed). */
int gg_cops_seq_solve(GGCops *p, const GGGraph *pG, int bSym, int bFast, const GGStop *pStop);
void gg_cops_seq_free(GGCopsSeq *q);
int64_t gg_cops_seq_round(const GGCops *p, uint64_t conf, uint32_t r);

#endif
