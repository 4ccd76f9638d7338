/*
** catmouse_int.h: what the two halves of the fast cat-and-mouse engine
** share: catmouse.c (set-up, memory, results) and catmouse_ply.c (the
** plies).  Not part of the API; see catmouse.h and catmouse_ply.c.
*/
#ifndef GG_CATMOUSE_INT_H
#define GG_CATMOUSE_INT_H
#include "lanes.h"
#include "catmouse.h"
#include "wordply.h"

#define CM_MAX_THREAD 2
#define CM_MAX_BAND 256     /* bands of the largest board (gg_cm_max_nodes()) */

/* A word decided in a sparse ply: its row, its number, its new positions. */
typedef struct CmNew CmNew;
struct CmNew {
  uint32_t x, w;       /* row x (mover's node), word w (other's nodes 64w..) */
  uint64_t win, lose;  /* its positions decided in this ply, won / lost */
};

/* One lane's share of one turn: what it found in its bands. */
typedef struct CmPart CmPart;
struct CmPart {
  uint64_t *aNews;     /* nDW words per row x: words w decided in this ply
                       ** and not listed in aList (the dense ones) */
  uint64_t nNew;       /* words decided in this ply */
  CmNew *aList;        /* the first nListMax words decided in this ply, with
                       ** their plies written by the pass */
  uint32_t nList;      /* entries in aList */
  uint64_t nDense;     /* words decided in this ply and marked in aNews */
  GGCatMouseBig *aBig; /* wide positions with plies >= GG_CM_PLY_BIG */
  uint64_t nBig;       /* entries in aBig */
  uint64_t nBigAlloc;  /* entries that fit in aBig */
  GGDirty dirty;       /* transposed rows (of its bands) marked in aDirty */
  uint64_t *aRowBits;  /* nW words: rows y changed in this apply (bit y) */
};

/* The solve's data for one turn. */
typedef struct CmTurn CmTurn;
struct CmTurn {
  int t;               /* GG_CM_MOUSE or GG_CM_CAT: who moves */
  uint32_t *aOff;      /* mover's moves from x: aMove[aOff[x]..aOff[x+1]-1] */
  uint32_t *aMove;     /* (the cat's moves skip the holes) */
  uint64_t *aDone;     /* decided positions: row x, bit y */
  uint64_t *aWin[2];   /* aWin[q]: won by player q; row y, bit x (GGCatMouse) */
  uint64_t *aDirty;    /* nDW words per row y: words of aWin[*] rows changed */
  CmPart aPart[CM_MAX_THREAD];  /* per lane */
};

typedef struct CmSolve CmSolve;
typedef struct CmChain CmChain;     /* one closure of the chains (catmouse_chain.c) */

/* One thread's scratch. */
typedef struct CmWorker CmWorker;
struct CmWorker {
  int i;               /* 0: the calling thread */
  CmSolve *s;          /* the solve */
  GGCand cand;         /* rows to visit and their words (wordply.h) */
  GGPoll poll;         /* rows and words visited; asks the GGStop (worker 0) */
  uint64_t nLast;      /* words decided in the last ply (both turns) */
  uint64_t aTurnNew[2][2]; /* words decided by each turn [t]: at the last
                       ** ply [0] and the one before [1] (cm_fused_next) */
  int tFused;          /* the turn fused in this ply (CM_FUSED_AUTO) */
  uint8_t aOwn[2][CM_MAX_BAND];  /* [t][band]: the lane that owns the band
                       ** in this ply's pass of turn t, and its apply
                       ** (CM_OWNER); each worker its own copy, the same */
  int bThin;           /* this and the ply before decided under GG_CM_THIN
                       ** words: the next runs on worker 0 alone */
};

/* The whole solve. */
struct CmSolve {
  GGCatMouse *p;       /* the result being filled */
  GGPoll setup;        /* polls the GGStop during the set-up (calling thread) */
  uint32_t n;          /* nodes */
  uint32_t nW;         /* words per row: ceil(n/64) */
  uint32_t nDW;        /* words per row of aDirty: ceil(nW/64) */
  uint32_t nWB;        /* bands: ceil(nW/8) */
  uint32_t nPly;       /* last ply that decided something */
  uint32_t nListMax;   /* entries of each part's aList */
  uint8_t *aHoleE;     /* aHoleE[x]: engine node x is a hole */
  uint64_t *aHoleBit;  /* nW words: the holes as a bitset (engine numbers) */
  uint32_t *aPredOff;  /* moves into y: aPred[aPredOff[y]..] (in-arcs) */
  uint32_t *aPred;
  GGLanes lanes;       /* lanes 1..CM_MAX_THREAD, their threads, the stop */
  CmTurn aTurn[2];     /* the mouse's turn and the cat's */
  CmWorker aWork[CM_MAX_THREAD];  /* the workers */
  int iChain;          /* the chains (catmouse_chain.c): GG_CM_CHAIN_AUTO,
                       ** 0 never, or the ply they take over at */
  uint32_t kChainAuto; /* GG_CM_CHAIN_AUTO: the ply they take over at, 0 never */
  uint32_t kChain;     /* the ply the pull stopped before for them, or 0 */
  CmChain *aChain;     /* the two closures (the mouse's, the cat's), or 0 */
  int nThread;         /* gg_cm_solve_opts's: a second thread only if >= 0 */
};

/* Entries of GGCatMouseBlock.aBase (catmouse.h): base 1 (18 bits) and
** base 2 as its distance from base 1 (13 bits), or GG_CM_WIDE and a slot.
** A base 2 needs a base 1 and lies at most CM_GAP_MAX after it. */
#define CM_B1(e) ((e) & 0x3ffffu)
#define CM_D2(e) (((e)>>18) & 0x1fffu)
#define CM_B1_NONE 0x3ffffu
#define CM_D2_NONE 0x1fffu
#define CM_B2_NONE 0xffffffffu
#ifndef GG_CM_BASE2_GAP          /* (tests lower it; at most 0x1ffe) */
# define GG_CM_BASE2_GAP 0x1ffeu
#endif
#define CM_GAP_MAX GG_CM_BASE2_GAP
#define CM_B2(e) (CM_D2(e)==CM_D2_NONE ? CM_B2_NONE : CM_B1(e) + CM_D2(e))
#define CM_BASE(b1, b2) ((uint32_t)(b1) \
    | (uint32_t)((b2)==CM_B2_NONE ? CM_D2_NONE : (b2) - (b1))<<18)
/* Whether ply k can be a word's base 2, its base 1 being b1. */
#define CM_B2_FITS(b1, k) ((b1)!=CM_B1_NONE && (k)-(b1)<=CM_GAP_MAX && (k)<=GG_CM_BASE2_MAX)

/* The lane that owns word w of turn t (and transposed rows
** 64w..64w+63) in this ply, as worker wk has it: it visits the band's
** words, writes their ply bytes and bases, the transposed rows and their
** marks in aDirty, into the part of its own.  A ply's fronts lie in a
** few bands, so the bands are dealt to the lanes at each pass by their
** candidate words (cm_pass, cmDeal); a grid's bands in turn left one
** lane 15% more than its share. */
#define CM_OWNER(wk, t, w) ((int)(wk)->aOwn[t][(w)>>3])

/* Words decided in a ply under which the next runs on one thread (no
** barrier); the sparse list of a part holds n/4 + 256 words (fewer on small
** boards: catmouse.c), or at most
** GG_CM_LIST.  Tests lower them to mix the paths in small games. */
#ifndef GG_CM_THIN
# define GG_CM_THIN 8192
#endif
#ifndef GG_CM_LIST
# define GG_CM_LIST 0xffffffffu
#endif

/* The turn whose pass applies its new positions at once (catmouse_ply.c,
** cmDecide): its pass runs second in a ply, after the other turn's, which
** reads its bitsets as of the last ply; the other turn's are applied after
** both passes, from the sparse list and the dense marks, which the two
** turns share (only the first turn of a ply uses them).  CM_FUSED_AUTO
** (the default): each ply the turn that decided more words two plies
** before (cm_fused_next; the mouse in plies 0 and 1); GG_CM_MOUSE or
** GG_CM_CAT: that turn every ply; -1: neither (both applied after the
** passes, each with lists of its own).  Tests set the others. */
#define CM_FUSED_AUTO 2
#ifndef GG_CM_FUSED
# define GG_CM_FUSED CM_FUSED_AUTO
#endif
#define CM_FUSED GG_CM_FUSED
/* The turn fused at ply 0 (and till the choice has two plies to go on). */
#define CM_FUSED0 (CM_FUSED==GG_CM_CAT ? GG_CM_CAT : GG_CM_MOUSE)

/* The hole bits of word w (engine numbers). */
static inline uint64_t cm_holes(const CmSolve *s, uint32_t w){
  return s->aHoleBit[w];
}

/* The decided positions of row x, word w: its aDone bits less the
** padding and the holes (mouse's turn).  (Not for the rows of the cat on
** a hole, all marked and none a position.) */
static inline uint64_t cm_valid(const CmSolve *s, const CmTurn *me, uint32_t x, uint32_t w){
  uint64_t v = me->aDone[GG_CM_BIT(s->n, x, w)];
  if( w==s->nW-1 && s->n%64 ) v &= ~0ULL>>(64 - s->n%64);
  if( me->t==GG_CM_MOUSE ) v &= ~cm_holes(s, w);
  return v;
}


/* Stop every worker with rc (the first stop wins); whether stopped. */
#define cmSetStop(s, rc) gg_lanes_stop(&(s)->lanes, rc)
#define cmStopped(s) gg_lanes_stopped(&(s)->lanes)

int cm_init_turn(CmSolve *s, CmTurn *me);      /* ply 0 of one turn */
/* The pass of ply k for turn me, lanes lane, lane+step, ..., row by row
** if bRows (a thin ply) else band by band (catmouse_ply.c) */
void cm_pass(CmSolve *s, CmWorker *wk, CmTurn *me, uint32_t k, int lane, int step,
             int bRows);
void cm_apply(CmSolve *s, CmWorker *wk, CmTurn *me, int iPart, uint32_t k);
/* Worker wk's fused turn for the next ply (wk->tFused), from the words
** each turn decided in the ply just done, aNew[t] (catmouse_run.c). */
void cm_fused_next(CmWorker *wk, const uint64_t *aNew);
void cm_run(CmWorker *wk);      /* plies 1.. as one worker (catmouse_run.c) */
/* The plies of positions (x, 64w + i), i in got, of turn me (from
** GG_CM_PLY_BASED on), whose earlier positions are old (catmouse_tiers.c).
** 0, or 1 if the solve stops. */
int cm_write_plies(CmSolve *s, CmTurn *me, CmPart *pt, uint32_t x, uint32_t w,
                   uint64_t got, uint64_t old, uint32_t k);
/* The bases of band band of turn me, of every band of both turns not yet
** given them (catmouse_tiers.c).  0, or 1 if the solve stops. */
int cm_bases_band(CmSolve *s, CmWorker *wk, CmTurn *me, uint32_t band);
int cm_bases_all(CmSolve *s, CmWorker *wk);
/* The marks in aDirty of turn me that rows of the bands lane owns (in
** wk's deal) got at the last ply, cleared (every part's list read: a band
** may change hands between plies). */
void cm_dirty_clear(CmSolve *s, CmWorker *wk, CmTurn *me, int lane, int step);
/* The rows of part q that changed in this ply, listed (aRowBits). */
void cm_list_rows(CmSolve *s, CmTurn *me, int lane, int step);
/* Room for wide word bk->nWide of block bk; plies k of position
** (x, 64w + i) into wide word aW (or the side table of part pt).  0, or 1
** if out of memory. */
int cm_wide_new(CmSolve *s, GGCatMouseBlock *bk);
int cm_wide_put(CmPart *pt, uint16_t *aW, uint32_t i, uint32_t x, uint32_t y, uint32_t k);

/* The chains (catmouse_chain.c): whether the graph suits them and at
** which ply they take over (s->kChainAuto); whether the pull stops before
** ply k for them; the plies from s->kChain on; their memory freed. */
int cm_chain_init(CmSolve *s);
int cm_chain_now(const CmSolve *s, const CmWorker *wk, uint32_t k);
uint32_t cm_chain_from(const CmSolve *s);   /* the ply they take over at, 0 never */
int cm_chain_run(CmSolve *s);
void cm_chain_free(CmSolve *s);

/* The numbering (catmouse_order.c): reverse Cuthill-McKee into p->aPerm
** and aInv (node of each number); then, once the chains' choice is made,
** whether the pull takes balls instead (*pbNew: aPerm and aInv changed).
** GG_CM_ORDER 0 lets the spread choose, 1 keeps RCM, 2 takes balls
** whenever the pull runs every ply (for tests). */
#ifndef GG_CM_ORDER
# define GG_CM_ORDER 0
#endif
int cm_order_rcm(GGCatMouse *p, uint32_t *aInv, const GGStop *pStop);
int cm_order_choose(CmSolve *s, uint32_t *aInv, int *pbNew);
/* The labels' own order instead of RCM's when the chains' stencils cover
** it and not RCM's (catmouse_order.c).  GG_OK, GG_NOMEM or GG_INTERRUPT. */
int cm_order_stencil(GGCatMouse *p, uint32_t *aInv, const GGStop *pStop);

/* The small-graph path (catmouse_small.c): n <= 64. */
int cm_small_solve(GGCatMouse *p, const GGGraph *pG, const uint8_t *aHole,
                   const GGStop *pStop);
uint32_t cm_small_word(const GGCatMouse *p, uint32_t x, uint32_t y, int t);

#endif
