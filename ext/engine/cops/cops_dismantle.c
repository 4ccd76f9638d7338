/*
** cops_dismantle.c: dismantling a graph of at most 64 nodes on bit masks,
** corner by corner (see cops_small.h): the test of one cop's win
** (Nowakowski and Winkler 1983; Quilliot 1978) and the first step of
** the cop number of a census (cops_number.c).  Plain C.
**
** A corner is a node u whose closed neighbourhood lies inside another's,
** N[u] within N[v].  A graph is cop-win iff removing corners one at a
** time leaves one node.
*/
#include "cops_small.h"

/* The nodes of alive left once every corner of the graph they induce is
** removed, as a mask of nodes.  u is a corner iff some other node is in
** the closed neighbourhood of every node of N[u] (that node's N[] then
** holds N[u]).  Removing u can make a corner only of a neighbour of u
** (its N[] shrank; no other N[] that must hold one did), so each node is
** looked at once, and again only when a neighbour goes. */
uint64_t gg_cops_dismantle(uint64_t alive, const uint64_t *aNbr){
  uint64_t todo = alive;
  while( todo ){
    uint32_t u = (uint32_t)__builtin_ctzll(todo);
    uint64_t w = aNbr[u] & alive & ~(1ull<<u), d = w;   /* v is a neighbour */
    todo &= todo-1;
    for(; w; w&=w-1) d &= aNbr[__builtin_ctzll(w)];
    if( d ){
      alive &= ~(1ull<<u);
      todo |= aNbr[u] & alive;
    }
  }
  return alive;
}

int gg_cops_small_copwin(uint32_t n, const uint64_t *aNbr){
  uint64_t alive = gg_cops_dismantle(n==64 ? ~0ull : (1ull<<n)-1, aNbr);
  return (alive & (alive-1))==0;
}

