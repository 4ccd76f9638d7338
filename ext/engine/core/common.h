/*
** common.h: what every engine of graphgame shares.  Plain C.
**
**   Result codes   GG_OK and the reasons an engine gives up.
**   Stopping       a GGStop, polled during long work; a nonzero answer
**                  makes the engine return GG_INTERRUPT.  A GGPoll counts
**                  steps of work and asks the GGStop once every
**                  GG_STOP_EVERY of them, so every engine polls the same
**                  way and a poll comes well within a millisecond.
**                  gg_zero(): a large array zeroed in slices, asking
**                  between them (one memset of hundreds of megabytes,
**                  first touched, keeps an interrupt waiting).
**   Hashing        gg_hash_mix(), the one 64-bit finaliser (splitmix64's)
**                  behind every hash table, fingerprint and generator.
**   Short sorts    gg_sort_short(): a few node ids ascending, in place.
**   Prefetching    GG_PREFETCH(p): start loading the cache line of p (a
**                  hint; nothing on compilers without the builtin).  Write
**                  it in the loop that uses the data: GCC counts a function
**                  that only prefetches as pure and drops its calls.
*/
#ifndef GG_COMMON_H
#define GG_COMMON_H
#include <stdint.h>
#include <string.h>

#define GG_OK        0   /* done */
#define GG_NOMEM     1   /* an allocation failed */
#define GG_TOOBIG    2   /* over a size limit (positions, nodes, moves) */
#define GG_INTERRUPT 3   /* the GGStop said to stop */
#define GG_NOTNODE   4   /* a node the call names (a hole, a goal) is not in the graph */

/* Sort a[0..n-1] ascending by insertion: for a few entries (a cop
** configuration, a position's short list of moves). */
static inline void gg_sort_short(uint32_t *a, uint32_t n){
  uint32_t i, j;
  for(i=1; i<n; i++){
    uint32_t x = a[i];
    for(j=i; j>0 && a[j-1]>x; j--) a[j] = a[j-1];
    a[j] = x;
  }
}

#if defined(__GNUC__) || defined(__clang__)
# define GG_PREFETCH(x) __builtin_prefetch(x)
#else
# define GG_PREFETCH(x) ((void)0)
#endif

/* Polled during long work; a nonzero return stops it (GG_INTERRUPT). */
typedef struct GGStop GGStop;
struct GGStop {
  int (*xStop)(void *pArg);   /* nonzero: give up */
  void *pArg;                 /* passed to xStop */
};

/* How often the GGStop is asked: once every this many steps of work (a
** position taken off a queue, a move looked at, a word of 64 positions
** computed). */
#define GG_STOP_EVERY 65536

/* The one poll counter. */
typedef struct GGPoll GGPoll;
struct GGPoll {
  const GGStop *pStop;  /* may be NULL: never stop */
  uint64_t nWork;       /* steps since the last question */
};

static inline void gg_poll_init(GGPoll *p, const GGStop *pStop){
  p->pStop = pStop;
  p->nWork = 0;
}

/* Ask the GGStop now, whatever the count. */
static inline int gg_poll_now(GGPoll *p){
  p->nWork = 0;
  return p->pStop && p->pStop->xStop && p->pStop->xStop(p->pStop->pArg);
}

/* Count nStep steps of work; nonzero if the GGStop, asked once every
** GG_STOP_EVERY steps, says to stop. */
static inline int gg_poll(GGPoll *p, uint64_t nStep){
  p->nWork += nStep;
  return p->nWork>=GG_STOP_EVERY && gg_poll_now(p);
}

/* Zero nByte bytes at a, 4 MB at a time, asking the GGStop between;
** GG_OK or GG_INTERRUPT. */
static inline int gg_zero(void *a, uint64_t nByte, GGPoll *pPoll){
  uint64_t i, nSlice = (uint64_t)4<<20;
  for(i=0; i<nByte; i+=nSlice){
    memset((char*)a + i, 0, nByte-i<nSlice ? nByte-i : nSlice);
    if( gg_poll_now(pPoll) ) return GG_INTERRUPT;
  }
  return GG_OK;
}

/* splitmix64's finaliser: a bijection of 64-bit words that mixes every
** input bit into every output bit. */
static inline uint64_t gg_hash_mix(uint64_t x){
  x ^= x >> 30; x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27; x *= 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

#endif
