/*
** cops_number.c: the cop number of a graph of at most 64 nodes, 1, 2 or
** "3 or more", for censuses of small graphs (see cops_small.h).  Plain C.
**
** A corner is a node u whose closed neighbourhood lies inside another's,
** N[u] within N[v].  Removing a corner keeps the cop number, for the game
** and for lazy cops alike: G - u is a retract of G (u onto v), so it
** needs no more cops than G (Berarducci and Intrigila 1993), and the cops
** of G - u catch the robber's shadow (u read as v), then, if he stands on
** u, the cop on v steps onto him wherever he went (N[u] within N[v]).  So
** the graph is first dismantled, corner by corner on bit masks: a graph
** that shrinks to one node is cop-win (Nowakowski and Winkler 1983;
** Quilliot 1978), and otherwise the two-cop game of cops_small.c is
** solved on what is left, which is smaller and often much smaller.
*/
#include "cops_small.h"

/* The nodes left once every corner is removed, as a mask of nodes. */
static uint64_t cnDismantle(uint32_t n, const uint64_t *aNbr){
  uint64_t alive = n==64 ? ~0ull : (1ull<<n)-1;
  int bFound = 1;
  while( bFound ){
    uint64_t m;
    bFound = 0;
    for(m=alive; m; m&=m-1){
      uint32_t u = (uint32_t)__builtin_ctzll(m);
      uint64_t nu = aNbr[u] & alive, w = nu & ~(1ull<<u);
      for(; w; w&=w-1){                 /* v must be a neighbour of u */
        uint32_t v = (uint32_t)__builtin_ctzll(w);
        if( (nu & ~aNbr[v])==0 ){ alive &= ~(1ull<<u); bFound = 1; break; }
      }
    }
  }
  return alive;
}

int gg_cops_small_number(uint32_t n, const uint64_t *aNbr, int bLazy, uint64_t *aScratch){
  uint64_t alive = cnDismantle(n, aNbr), aSub[GG_COPS_SMALL_MAXN], m;
  uint32_t aId[GG_COPS_SMALL_MAXN], nSub = 0, u;
  if( n==0 ) return 0;
  if( (alive & (alive-1))==0 ) return 1;          /* one node left: cop-win */
  for(m=alive; m; m&=m-1) aId[nSub++] = (uint32_t)__builtin_ctzll(m);
  for(u=0; u<nSub; u++){                          /* the masks of what is left */
    uint64_t b = aNbr[aId[u]] & alive, s = 0;
    uint32_t j;
    for(j=0; j<nSub; j++) if( (b>>aId[j]) & 1 ) s |= 1ull<<j;
    aSub[u] = s;
  }
  return gg_cops_small_plain(nSub, aSub, 2, bLazy, aScratch)>=0 ? 2 : 3;
}
