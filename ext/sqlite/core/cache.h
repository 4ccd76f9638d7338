/*
** cache.h: solved games (GGSolved), held by the per-connection cache of
** solved games and by table cursors (cache.c).
*/
#ifndef GG_CACHE_H
#define GG_CACHE_H
#include "roles.h"

/* A solved game held by the cache and by table cursors (reference counted). */
struct GGSolved {
  const GGGameDef *pDef;  /* which game */
  uint32_t *aParam;       /* role 0's dense ids (the holes, z), sorted */
  uint32_t nParam;        /* how many */
  uint32_t k;             /* the game's k, or 0 */
  uint64_t variant;       /* the rules that change the solve (GGGameDef.xVariant) */
  GGGraph g;              /* the board, owned */
  GGEdgeList rows;        /* the rows it was built from, owned (nEdge 0 if not
                          ** kept): an unchanged read finds it without a build */
  void *pState;           /* pDef->xSolve's result */
  uint64_t nPos;          /* positions solved */
  int nRef;               /* holders: the cache and open cursors */
};

/* The cache of solved games (cache.c).  gg_cache_find_rows(): the
** entry solved from the same rows (roles added) for role 0 of aRole,
** with aRole resolved against its graph; gg_cache_find(): the entry of
** the same graph; both take a reference, NULL if none.  gg_cache_put()
** keeps a new solve (the cache takes its own reference). */
GGSolved *gg_solved_new(const GGGameDef *pDef, GGGraph *pG, const uint32_t *aParam,
                        uint32_t nParam, uint32_t k, uint64_t variant);
void gg_solved_release(GGSolved *p);
GGSolved *gg_cache_find_rows(GGConn *pConn, const GGGameDef *pDef, uint32_t k,
                             uint64_t variant, const GGEdgeList *pE, GGRole *aRole, int nRole);
GGSolved *gg_cache_find(GGConn *pConn, const GGSolved *pKey);
void gg_cache_put(GGConn *pConn, GGSolved *p);
void gg_cache_clear(GGConn *pConn);
/* Drop cached games of more positions than the connection's limit. */
void gg_cache_limit(GGConn *pConn);

#endif
