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
** solved on what is left, which is smaller and often much smaller,
** unless a cop parked on one node already settles it (cnParkedCopWins).
*/
#include "cops_small.h"

/* Nonzero if m has at most k bits (k small: no popcount instruction is
** assumed, and a library call would cost more than this). */
static int cnAtMost(uint64_t m, int k){
  for(; m && k>0; k--) m &= m-1;
  return m==0;
}

/* Nonzero if the graph induced on alive is connected. */
static int cnConnected(uint64_t alive, const uint64_t *aNbr){
  uint64_t seen = alive & -alive, grown = seen;
  while( grown ){
    uint64_t m, next = seen;
    for(m=grown; m; m&=m-1) next |= aNbr[__builtin_ctzll(m)];
    next &= alive;
    grown = next & ~seen;
    seen = next;
  }
  return seen==alive;
}

/* Nonzero if one cop parked on some node v leaves the robber only
** cop-win pieces: then two cops win, lazy or not.  The parked cop catches
** a robber who steps into N[v] (his one move of that round, so it holds
** for lazy cops too); the robber is shut in one component C of G - N[v],
** where the other cop walks in (the graph must be connected) and plays
** a one-cop strategy of C, which wins from every start since C is
** cop-win (Nowakowski and Winkler 1983: the relation is total).  G - N[v]
** has only cop-win components iff dismantling it leaves no edge (a
** corner-free rest of a component is a single node); three nodes or
** fewer always do, and four unless they are a 4-cycle.  A sufficient test, cheap on bit masks: most graphs of
** cop number 2 pass it and never reach the two-cop solve.  The graph is
** the one induced on alive. */
static int cnParkedCopWins(uint64_t alive, const uint64_t *aNbr){
  uint64_t m, v, aRest[64];
  int nRest = 0, i;
  if( !cnConnected(alive, aNbr) ) return 0;
  for(v=alive; v; v&=v-1){           /* the small rests settle at once */
    uint64_t rest = alive & ~aNbr[__builtin_ctzll(v)];
    if( cnAtMost(rest, 3) ) return 1;
    if( cnAtMost(rest, 4) ){           /* on 4 nodes only C4 is not cop-win */
      for(m=rest; m; m&=m-1){          /* C4: each node and two neighbours */
        uint64_t x = aNbr[__builtin_ctzll(m)] & rest;
        if( !cnAtMost(x, 3) || cnAtMost(x, 2) ) return 1;
      }
      continue;
    }
    aRest[nRest++] = rest;
  }
  for(i=0; i<nRest; i++){
    uint64_t rest = gg_cops_dismantle(aRest[i], aNbr);
    for(m=rest; m; m&=m-1){
      if( (aNbr[__builtin_ctzll(m)] & rest)!=(m & -m) ) break;
    }
    if( m==0 ) return 1;
  }
  return 0;
}

int gg_cops_small_number(uint32_t n, const uint64_t *aNbr, int bLazy, uint64_t *aScratch){
  uint64_t alive = gg_cops_dismantle(n==64 ? ~0ull : (1ull<<n)-1, aNbr), aSub[GG_COPS_SMALL_MAXN], m;
  uint32_t aId[GG_COPS_SMALL_MAXN], nSub = 0, u;
  if( n==0 ) return 0;
  if( (alive & (alive-1))==0 ) return 1;          /* one node left: cop-win */
  if( cnParkedCopWins(alive, aNbr) ) return 2;
  for(m=alive; m; m&=m-1) aId[nSub++] = (uint32_t)__builtin_ctzll(m);
  for(u=0; u<nSub; u++){                          /* the masks of what is left */
    uint64_t b = aNbr[aId[u]] & alive, s = 0;
    uint32_t j;
    for(j=0; j<nSub; j++) if( (b>>aId[j]) & 1 ) s |= 1ull<<j;
    aSub[u] = s;
  }
  return gg_cops_small_plain(nSub, aSub, 2, bLazy, aScratch)>=0 ? 2 : 3;
}
