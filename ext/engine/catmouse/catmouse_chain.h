/*
** catmouse_chain.h: what the chains' three files share (the plies in
** catmouse_chain.c, the set-up and the choice in catmouse_chain_set.c,
** the ply bytes in catmouse_chain_ply.c).
** Not part of the API: catmouse_int.h declares the four functions the
** rest of the engine calls.
*/
#ifndef GG_CATMOUSE_CHAIN_H
#define GG_CATMOUSE_CHAIN_H
#include "catmouse_int.h"

#define CH_ND 8            /* offsets of a stencil, at most */
#define CH_DMAX 4095       /* and their largest size */
/* The first ply of the chains takes the decided words as lists when they
** are at most this many a node, else sweeps every word (tests lower it). */
#ifndef GG_CM_CHAIN_SEED
# define GG_CM_CHAIN_SEED 8
#endif
/* A ply after one that changed this many words runs on two threads
** (catmouse_chain_lanes.c, chWidePly; tests lower it). */
#ifndef GG_CM_CHAIN_WIDE
# define GG_CM_CHAIN_WIDE 4096
#endif
/* How long a thread spins at a barrier of the chains before it sleeps (a
** sleep and a wake cost about 200 us on the 2-core VM, a phase about 1 ms). */
/* The words of thin plies in a log before worker 0 hands it to worker 1
** (catmouse_chain_lanes.c, chRunLane; tests lower it); a thin ply of more
** words worker 0 writes itself. */
#ifndef CH_LOG
# define CH_LOG 2048
#endif
#define CH_CMD_WRITE 1
#define CH_CMD_WIDE  2
#define CH_CMD_END   3
#define CH_CMD_SYNC  4
#ifndef GG_CM_CHAIN_SPIN_NS
# define GG_CM_CHAIN_SPIN_NS 2000000
#endif
/* A word of the closures' bitsets set while the other thread may read it
** (a wide ply's chDone), and read so: relaxed atomics, plain moves. */
#define CH_SET(p, v) __atomic_store_n((p), *(p) | (v), __ATOMIC_RELAXED)
#define CH_GET(p) __atomic_load_n((p), __ATOMIC_RELAXED)

/* A word that changed in a ply: row r and word w (CH_R, CH_W: n is at
** most 2^17 - 1, so r takes 17 bits and w 11), its new bits; 12 bytes. */
typedef struct ChEnt ChEnt;
#pragma pack(push, 4)
struct ChEnt {
  uint32_t rw;
  uint64_t b;
};
#pragma pack(pop)
#define CH_RW(r, w) ((uint32_t)(r)<<11 | (uint32_t)(w))
#define CH_R(e) ((e)->rw>>11)
#define CH_W(e) ((e)->rw & 2047u)

/* A growing list of them, in chunks of CH_CHUNK entries that are never
** copied (a list that doubled held twice its entries, and three times
** while it grew: 0.05 bytes a position of a lollipop's peak). */
#define CH_CHUNK_LOG 10
#define CH_CHUNK (1u<<CH_CHUNK_LOG)
typedef struct ChList ChList;
struct ChList {
  ChEnt **ap;              /* the chunks */
  uint32_t **aKq;          /* a writer's log only (chLogPut): each entry's
                           ** ply, closure and kind, k<<2 | q<<1 | bLoss */
  uint64_t n;              /* entries */
  uint64_t nChunk, nChunkAlloc;  /* chunks made; room in ap (and aKq) */
  int bLog;                /* a writer's log: aKq too */
};
/* Entry i of list l. */
static inline ChEnt *ch_ent(const ChList *l, uint64_t i){
  return &l->ap[i>>CH_CHUNK_LOG][i & (CH_CHUNK-1)];
}

/* Where a ply's winner's move listed row r's word w, so that the word
** reached again from another row is ORed into the same entry: two slots a
** row, by w&1 (chPly1). */
typedef struct ChSlot ChSlot;
struct ChSlot {
  uint32_t w;              /* the word */
  uint32_t stamp;          /* the ply of the closure that wrote it (chStamp) */
  uint64_t i;              /* its entry in that ply's list */
};

/* One closure: the positions won by player q (catmouse_chain.c). */
struct CmChain {
  int q;                   /* the winner: GG_CM_MOUSE or GG_CM_CAT */
  uint64_t *aW, *aL;       /* the winner's turn and the loser's, won by q:
                           ** row = q's node, bit = the other's (bitsets of
                           ** the result, during the chains only) */
  ChSlot *aSlot;           /* 2n slots (chPly1) */
  uint32_t stamp;          /* the last stamp given */
  uint32_t *aMv;           /* room for one node's moves (ch_moves) */
  int bDefer;              /* a wide ply: the plies written after (chWidePly) */
  uint32_t kNext;          /* aChain[0]'s: the ply the workers start from */
  int cur;                 /* aChain[0]'s: the lists the workers start from */
  int aStop[2];            /* aChain[0]'s: stopped, at the end of a wide ply */
  int aWide[2];            /* aChain[0]'s: ... and the next one is wide too */
  uint32_t nWake;          /* aChain[0]'s: worker 0's wakes of worker 1 */
  int aCmd[2], aArg[2];    /* aChain[0]'s: by wake parity, what worker 1 does
                           ** when woken: CH_CMD_WRITE log aArg, or
                           ** CH_CMD_WIDE plies from aK with lists aArg */
  uint32_t aK[2];
  ChList aLog[2];          /* aChain[0]'s: the thin plies' logs for worker 1 */
  int iFill;               /* aChain[0]'s: the log worker 0 fills */
  int iLight;              /* aChain[0]'s: the worker that writes its own
                           ** closure's plies first (chWidePly) */
  long long nsDecide;      /* its decisions' time at the last wide ply */
  ChList aLW[2], aLL[2];   /* changed words of aW and aL: last ply, this */
  /* The loser's moves as a stencil: node 64w+i has a move to 64w+i+aD[j]
  ** iff bit i of aHas[j*nW + w]; aExact: every move of the node is in the
  ** stencil (a hole of the cat's: none, and never a position). */
  int nD, dMin, dMax, aD[CH_ND];
  uint64_t *aHas;          /* nD*nW words */
  uint64_t *aExact;        /* nW words */
  uint64_t *aNexPred;      /* nW words: nodes with a move from a node not exact */
  uint64_t nNotExact;      /* nodes not exact */
  /* The moves of the nodes not exact as (word, mask) pairs: node x's are
  ** aCovW/aCovM[aCovOff[x]..aCovOff[x+1]-1]; and the same pairs by word:
  ** aIxNode/aIxMask[aIxOff[w]..aIxOff[w+1]-1] (node, its moves in w). */
  uint32_t *aCovOff, *aCovW, *aIxOff, *aIxNode;
  uint64_t *aCovM, *aIxMask;
};

/* The mouse's moves from node x into aOut (room for the most of a node),
** read from the stencil of the closure the cat wins (its loser is the
** mouse): the chains keep no other list of moves.  The cat's are these
** less the hole; undirected, they are also the nodes with a move into x.
** Returns their number. */
uint32_t ch_moves(const CmSolve *s, uint32_t x, uint32_t *aOut);

/* The ply bytes of the chains (catmouse_chain_ply.c): every block into
** tiles of 8 x 8 (the result keeps them); plies k of the winner's move (turn t,
** mover x, word w, positions got) and of the loser's (turn t, movers
** 64w + i for i in bits, the other on y); a position too late for its
** tile's bases goes to the side table of part iPart (the writing
** worker's).  GG_OK, GG_NOMEM or GG_INTERRUPT. */
int ch_tiles(CmSolve *s, GGPoll *pPoll);
int ch_row_plies(CmSolve *s, int t, uint32_t x, uint32_t w, uint64_t got, uint32_t k, int iPart);
int ch_col_plies(CmSolve *s, int t, uint32_t w, uint32_t y, uint64_t bits, uint32_t k, int iPart);

/* catmouse_chain.c's, for catmouse_chain_lanes.c: ply k of closure h
** from the lists [cur] (its plies written unless h->bDefer); a chunk
** more for a list.  GG_OK, GG_NOMEM or GG_INTERRUPT. */
int ch_ply1(CmSolve *s, CmChain *h, int cur, uint32_t k, GGPoll *pPoll);
int ch_chunk(ChList *l);
/* Entry (r, w, b) at the end of list l.  GG_OK or GG_NOMEM. */
static inline int ch_push(ChList *l, uint32_t r, uint32_t w, uint64_t b){
  ChEnt *e;
  if( (l->n>>CH_CHUNK_LOG)==l->nChunk && ch_chunk(l) ) return GG_NOMEM;
  e = ch_ent(l, l->n++);
  e->rw = CH_RW(r, w);
  e->b = b;
  return GG_OK;
}
/* catmouse_chain.c's: the set-up of the chains and their first ply (ply
** 0 alone, or the first after the pull), into aChain[0].kNext and .cur
** for the lanes.  GG_OK, GG_NOMEM or GG_INTERRUPT. */
int ch_first(CmSolve *s);

#endif
