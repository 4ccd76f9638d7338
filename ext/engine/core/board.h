/*
** board.h: what the two-player games on a graph share (cat and mouse,
** the race to z).  Plain C.
**
** A position is (player 0's node a, player 1's node b, whose turn), over
** the dense ids of a GGGraph: 2 n^2 positions, numbered
** gg_board_pos(n, a, b, turn) by the reference solvers of the tests
** (tests/engine/ref/, on the generic retrograde solver).  The
** best-move scan gives the mover's first optimal destination: staying
** first if the game allows it, then the out-neighbours in ascending order;
** the game says, for each destination, the state word (retro.h) of the
** position it leads to, or GG_BOARD_NOMOVE if the move is not allowed.
*/
#ifndef GG_BOARD_H
#define GG_BOARD_H
#include "graph.h"
#include "retro.h"

/* Positions of a game on n nodes. */
#define GG_BOARD_NPOS(n) (2*(uint64_t)(n)*(uint64_t)(n))

/* The integer k-th root of x (k >= 1): the largest r with r^k <= x, by
** Newton's method from above (a handful of steps). */
static inline uint64_t gg_root(uint64_t x, uint32_t k){
  uint64_t r, s, p;
  uint32_t i;
  if( k<=1 || x<2 ) return x;
  r = (uint64_t)1 << ((64 - (uint32_t)__builtin_clzll(x) + k - 1)/k);  /* >= root */
  for(;;){
    for(p=1, i=1; i<k; i++) p = p > x/r ? UINT64_MAX : p*r;  /* r^(k-1), capped */
    s = ((uint64_t)(k-1)*r + x/p)/k;
    if( s>=r ) break;
    r = s;
  }
  return r;
}

/* The most nodes n whose GG_BOARD_NPOS(n) is at most mx (0 if none). */
static inline uint64_t gg_board_max_nodes(uint64_t mx){
  uint64_t n = gg_root(mx/2, 2);
  while( n>0 && GG_BOARD_NPOS(n)>mx ) n--;              /* (Newton's last step) */
  while( n<0xffffffffu && GG_BOARD_NPOS(n+1)<=mx ) n++;
  return n;
}

/* A position's 64-bit key: 2n^2 of them, past 2^32 from n = 46,341 (the
** states tables' rowid is the key + 1; play.c's set of seen positions).
** a may be a player's place other than a node (cops: a configuration). */
static inline uint64_t gg_board_key(uint32_t n, uint64_t a, uint32_t b, int turn){
  return ((uint64_t)a*n + b)*2 + (uint64_t)turn;
}

/* The number of a position, whose turn it is, and its nodes, in 32 bits:
** for the reference solvers of the tests (small boards) only. */
static inline uint32_t gg_board_pos(uint32_t n, uint32_t a, uint32_t b, int turn){
  return ((uint32_t)turn*n + a)*n + b;
}
static inline int gg_board_turn(uint32_t n, uint32_t pos){
  return pos >= n*n;
}
static inline void gg_board_nodes(uint32_t n, uint32_t pos, uint32_t *pa, uint32_t *pb){
  *pb = pos % n;
  *pa = (pos / n) % n;
}

/* "Not a move", from a game's child callback. */
#define GG_BOARD_NOMOVE 0xffffffffu

/* The first optimal move of the mover standing on `from`, in a position
** with state word w: staying (if bStay), then each out-neighbour to in
** ascending order (a self-loop counts as staying), whose child word
** xChild(pCtx, to) is optimal after w (gg_retro_is_best).  The
** destination's dense id, or -1 if there is none. */
static inline int64_t gg_board_best(const GGGraph *pG, uint32_t from, int bStay, uint32_t w,
                                    uint32_t (*xChild)(const void *pCtx, uint32_t to),
                                    const void *pCtx){
  uint32_t j, c;
  if( bStay && (c = xChild(pCtx, from))!=GG_BOARD_NOMOVE && gg_retro_is_best(w, c) ){
    return from;
  }
  for(j=0; j<GG_DEG(pG, from); j++){
    uint32_t to = GG_NBR(pG, from)[j];
    if( bStay && to==from ) continue;
    c = xChild(pCtx, to);
    if( c!=GG_BOARD_NOMOVE && gg_retro_is_best(w, c) ) return to;
  }
  return -1;
}

#endif
