/*
** shortcuts.c: short forms of engine calls that only the tests, the
** fuzzers and the benches use (declared in ref.h).  They are not in the
** library, which calls the full forms (tests/py/test_symbols.py checks
** that nothing unreached is linked into it).
*/
#include <string.h>
#include "ref.h"

int gg_cops_solve(GGCops *p, const GGGraph *pG, uint32_t k, int bLazy,
                  int bFast, const GGStop *pStop){
  GGCopsRules r;
  memset(&r, 0, sizeof(r));
  r.robberSpeed = 1;
  r.bLazy = bLazy;
  return gg_cops_solve_rules(p, pG, k, &r, bFast, pStop);
}

int64_t gg_cops_small(uint32_t n, const uint64_t *aNbr, uint32_t k, int bLazy,
                      uint64_t *aScratch){
  return gg_cops_small_plain(n, aNbr, k, bLazy, aScratch);
}

int64_t gg_graph_find(const GGGraph *pG, int64_t L){
  GGLabel l = GG_LABEL_INT(L);
  return gg_graph_find_label(pG, &l);
}

int gg_graph_build(GGGraph *pG, const GGEdgeList *pE, const int64_t *aExtra, int nExtra){
  return gg_graph_build_stop(pG, pE, aExtra, nExtra, 0);
}

void gg_explicit_get(const GGExplicit *p, uint32_t pos, int *pOutcome, int64_t *pPlies,
                     int64_t *pMove){
  gg_explicit_value(p, pos, pOutcome, pPlies);
  gg_explicit_moves(p, pos, 1, pMove);
}

int gg_race_solve(GGRace *p, const GGGraph *pG, uint32_t z, const GGStop *pStop){
  return gg_race_solve_opts(p, pG, z, 0, pStop, 1);
}

int gg_race_solve_threads(GGRace *p, const GGGraph *pG, uint32_t z, int nThread,
                          const GGStop *pStop){
  return gg_race_solve_kernel(p, pG, z, nThread, pStop, 1, GG_RACE_WORDS);
}
