/*
** race_int.h: what the two halves of the fast race engine share: race.c
** (set-up, memory, the design) and race_ply.c (the plies).  Not part of
** the API; see race.h.
*/
#ifndef GG_RACE_INT_H
#define GG_RACE_INT_H
#include "lanes.h"
#include "race.h"
#include "wordply.h"

#define RC_MAX_THREAD 2

/* One lane's share of one turn: what it found in its bands. */
typedef struct RcPart RcPart;
struct RcPart {
  uint64_t nNew;       /* words with new positions in the last ply */
  GGRaceBig *aBig;     /* positions whose plies are not in aPly */
  uint64_t nBig;       /* entries in aBig */
  uint64_t nBigAlloc;  /* entries that fit in aBig */
  GGDirty dirty;       /* transposed rows (of its bands) marked in aDirty
                       ** by the last ply of this turn */
};

/* The solve's data for one turn. */
typedef struct RcTurn RcTurn;
struct RcTurn {
  int t;               /* GG_RACE_ALICE or GG_RACE_BOB: who moves */
  uint64_t *aDone;     /* decided positions: row x, bit y (into GGRace) */
  uint64_t *aWin[2];   /* aWin[q]: won by player q; row y, bit x.  aWin[t]
                       ** is GGRace's aWin of this turn, transposed after
                       ** the solve; aWin[1-t] is a block of its own */
  uint64_t *aBlock;    /* the turn's own arrays (rcTurnInit) */
  uint64_t *aDirty;    /* nDW words per row y: words of aWin[*] rows changed */
  uint8_t *aRowMark;   /* aRowMark[y]: y is in its part's aDirtyRow */
  RcPart aPart[RC_MAX_THREAD];  /* per lane */
};

/* One thread's scratch. */
typedef struct RcWorker RcWorker;
struct RcWorker {
  int i;               /* 0: the calling thread */
  struct RcSolve *s;   /* the solve */
  GGCand cand;         /* rows to visit and their words (wordply.h) */
  GGPoll poll;         /* rows and words visited; asks the GGStop (worker 0) */
  uint64_t nLast;      /* words decided in the last ply */
  int bThin;           /* this and the ply before decided under GG_RACE_THIN
                       ** words: the next runs on worker 0 alone */
};

/* The whole solve. */
typedef struct RcSolve RcSolve;
struct RcSolve {
  GGRace *p;           /* the result being filled */
  GGPoll setup;        /* polls the GGStop during the set-up (calling thread) */
  uint32_t n;          /* nodes */
  uint32_t z;          /* the goal */
  uint32_t nW;         /* words per row: ceil(n/64) */
  uint32_t nDW;        /* words per row of aDirty: ceil(nW/64) */
  uint32_t nWB;        /* bands: ceil(nW/8) */
  uint32_t nPly;       /* last ply that decided something */
  uint32_t *aOff;      /* moves from x: aMove[aOff[x]..aOff[x+1]-1], x first */
  uint32_t *aMove;     /*   (staying, then the heads of arcs out of x) */
  uint32_t *aPreOff;   /* moves into x: aPre[aPreOff[x]..], x first; the */
  uint32_t *aPre;      /*   same arrays as aOff/aMove if undirected */
  GGLanes lanes;       /* lanes 1..RC_MAX_THREAD, their threads, the stop */
  RcTurn aTurn[2];     /* Alice's turn and Bob's */
  RcWorker aWork[RC_MAX_THREAD];  /* the workers */
};

/* The lane that owns word w (and transposed rows 64w..64w+63). */
/* (nLane is 1 or 2, RC_MAX_THREAD: a mask, not a division per decided word) */
#define RC_OWNER(s, w) ((int)(((w)>>3) & (uint32_t)((s)->lanes.nLane - 1)))

/* Words decided in a ply under which the next runs on one thread, with no
** barrier (as in catmouse_ply.c); tests lower it. */
#ifndef GG_RACE_THIN
# define GG_RACE_THIN 8192
#endif

/* The helpers of the inner loops: inlined (each word of a thin ply goes
** through all of them). */
#define RC_HOT inline __attribute__((always_inline))

int rc_init_turn(RcSolve *s, RcTurn *me);      /* ply 0 of one turn */
void rc_run(RcWorker *wk);                     /* plies 1.. as one worker */

#endif
