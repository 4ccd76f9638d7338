/*
** catmouse_bounded.c: the capped memoised search of catmouse_bounded.h.
**
** memo[(k*n + m)*n + c] holds 2 bits: GG_V_OPEN (not searched yet) or the
** value of (ply k, mouse m, cat c).  The depth-first search keeps one
** frame per ply on an explicit, growing stack: the mover's node before
** the move being searched and the index of the next move to try, with a
** flag for "some move draws".  The current (mouse, cat) live in two
** variables; going down a ply overwrites the mover's coordinate, coming
** back restores it from the frame.  The memo is cut in blocks of 2^32
** positions (1 GB: SQLite allocates at most 2 GB a block), so a memo of
** more than 2^32 positions (2n^3 at n = 1,291 with the default cap) fits
** where the machine's memory does.
*/
#include <string.h>
#include "alloc.h"
#include "catmouse_bounded.h"

#define CAP_DRAWN 0x80000000u      /* frame flag: some move draws */
#ifndef CAP_BLOCK_LOG
# define CAP_BLOCK_LOG 32           /* positions of a memo block: 2^32 (tests: fewer) */
#endif
#define CAP_BLOCK_MASK ((((uint64_t)1)<<CAP_BLOCK_LOG) - 1)  /* a position in its block */

typedef struct CapFrame CapFrame;
struct CapFrame {
  uint32_t from;      /* the mover's node at this ply */
  uint32_t j;         /* next move to try (index into the neighbours) | CAP_DRAWN */
};

typedef struct CapSearch CapSearch;
struct CapSearch {
  const GGGraph *pG;  /* the board */
  uint32_t n;         /* pG->n */
  const uint8_t *aHole; /* aHole[u]: u is a hole */
  int t0;             /* who moves at ply 0: 0 the mouse, 1 the cat */
  uint64_t cap;       /* plies searched */
  uint8_t **apMemo;   /* 2 bits per (ply, mouse, cat), 4 per byte, in
                      ** blocks of 2^CAP_BLOCK_LOG positions */
  uint64_t nMemo;     /* blocks in apMemo */
  CapFrame *aStack;   /* frames, one per ply of the current line */
  uint64_t nStack;    /* frames allocated */
};

uint64_t gg_capped_positions(uint64_t n, uint64_t cap){
  uint64_t nn = n*n;
  if( n>0xffffffffu ) return UINT64_MAX;
  if( nn && cap>UINT64_MAX/nn ) return UINT64_MAX;
  return cap*nn;
}

uint64_t gg_capped_cost(uint64_t n, uint64_t cap){
  uint64_t nPos = gg_capped_positions(n, cap), nStack;
  if( nPos==UINT64_MAX || cap>=UINT64_MAX/GG_CAPPED_STACK_COST ) return UINT64_MAX;
  nStack = (cap+1)*GG_CAPPED_STACK_COST;
  return nPos>UINT64_MAX-nStack ? UINT64_MAX : nPos+nStack;
}

static uint64_t capIndex(const CapSearch *p, uint64_t k, uint32_t m, uint32_t c){
  return (k*p->n + m)*p->n + c;
}

/* The value of (k, m, c) if known without searching, else GG_V_OPEN. */
static uint32_t capKnown(const CapSearch *p, uint64_t k, uint32_t m, uint32_t c){
  uint64_t i;
  if( k>=p->cap ) return GG_V_DRAW;
  if( p->aHole[m] ) return GG_V_WIN0;
  if( m==c ) return GG_V_WIN1;
  i = capIndex(p, k, m, c);
  return (p->apMemo[i>>CAP_BLOCK_LOG][(uint32_t)(i & CAP_BLOCK_MASK)>>2] >> ((i&3)*2)) & 3;
}

static void capRemember(CapSearch *p, uint64_t k, uint32_t m, uint32_t c, uint32_t v){
  uint64_t i = capIndex(p, k, m, c);
  p->apMemo[i>>CAP_BLOCK_LOG][(uint32_t)(i & CAP_BLOCK_MASK)>>2] |= (uint8_t)(v << ((i&3)*2));
}

/* The memo of nPos positions, zeroed, in blocks.  GG_OK, GG_NOMEM or
** GG_INTERRUPT. */
static int capMemoInit(CapSearch *p, uint64_t nPos, const GGStop *pStop){
  uint64_t i, nBlock = ((uint64_t)1<<CAP_BLOCK_LOG)/4;
  GGPoll poll;
  gg_poll_init(&poll, pStop);
  p->nMemo = (nPos + ((uint64_t)1<<CAP_BLOCK_LOG) - 1)>>CAP_BLOCK_LOG;
  p->apMemo = gg_malloc(p->nMemo*sizeof(uint8_t*));
  if( p->apMemo==0 ){ p->nMemo = 0; return GG_NOMEM; }
  memset(p->apMemo, 0, p->nMemo*sizeof(uint8_t*));
  for(i=0; i<p->nMemo; i++){
    uint64_t nByte = i+1<p->nMemo ? nBlock : ((nPos - (i<<CAP_BLOCK_LOG))+3)/4;
    if( (p->apMemo[i] = gg_malloc(nByte))==0 ) return GG_NOMEM;
    if( gg_zero(p->apMemo[i], nByte, &poll) ) return GG_INTERRUPT;
  }
  return GG_OK;
}

static void capMemoFree(CapSearch *p){
  uint64_t i;
  for(i=0; i<p->nMemo; i++) gg_free(p->apMemo[i]);
  gg_free(p->apMemo);
}

/* Make room for frame k.  GG_OK or GG_NOMEM. */
static int capGrow(CapSearch *p, uint64_t k){
  uint64_t nNew;
  CapFrame *aNew;
  if( k<p->nStack ) return GG_OK;
  nNew = p->nStack ? p->nStack*2 : 64;
  if( nNew>p->cap ) nNew = p->cap;
  aNew = gg_malloc(nNew*sizeof(CapFrame));
  if( aNew==0 ) return GG_NOMEM;
  if( p->nStack ) memcpy(aNew, p->aStack, p->nStack*sizeof(CapFrame));
  gg_free(p->aStack);
  p->aStack = aNew;
  p->nStack = nNew;
  return GG_OK;
}

/* The next child of frame k worth searching: returns 1 and sets *pX to
** the mover's destination if a child is unknown (search it first), or 0
** with *pV set to the frame's value once it is known. */
static int capNextChild(CapSearch *p, uint64_t k, uint32_t m, uint32_t c,
                        uint32_t *pX, uint32_t *pV){
  const GGGraph *pG = p->pG;
  CapFrame *f = &p->aStack[k];
  int bCat = (int)((k + (uint64_t)p->t0) & 1);
  uint32_t win = bCat ? GG_V_WIN1 : GG_V_WIN0;
  while( (f->j & ~CAP_DRAWN)<GG_DEG(pG, f->from) ){
    uint32_t x = GG_NBR(pG, f->from)[f->j & ~CAP_DRAWN], cv;
    f->j++;
    if( bCat && p->aHole[x] ) continue;
    cv = bCat ? capKnown(p, k+1, m, x) : capKnown(p, k+1, x, c);
    if( cv==GG_V_OPEN ){ *pX = x; return 1; }
    if( cv==win ){ *pV = win; return 0; }
    if( cv==GG_V_DRAW ) f->j |= CAP_DRAWN;
  }
  *pV = (f->j & CAP_DRAWN) ? GG_V_DRAW : (bCat ? GG_V_WIN0 : GG_V_WIN1);
  return 0;
}

/* The search proper, from (0, m, c), which must not be known already. */
static int capSearch(CapSearch *p, uint32_t m, uint32_t c, const GGStop *pStop,
                     uint32_t *pValue){
  uint64_t k = 0;
  GGPoll poll;
  gg_poll_init(&poll, pStop);
  if( capGrow(p, 0) ) return GG_NOMEM;
  p->aStack[0].from = p->t0 ? c : m;
  p->aStack[0].j = 0;
  for(;;){
    int bCat = (int)((k + (uint64_t)p->t0) & 1);
    uint32_t x, v;
    if( gg_poll(&poll, 1) ) return GG_INTERRUPT;
    if( capNextChild(p, k, m, c, &x, &v) ){      /* down to (k+1, ...) */
      if( capGrow(p, k+1) ) return GG_NOMEM;
      if( bCat ) c = x; else m = x;
      k++;
      p->aStack[k].from = bCat ? m : c;        /* the next mover's node */
      p->aStack[k].j = 0;
      continue;
    }
    capRemember(p, k, m, c, v);
    while( k>0 ){                              /* up: the parent uses v */
      CapFrame *f;
      uint32_t win;
      k--;
      f = &p->aStack[k];
      bCat = (int)((k + (uint64_t)p->t0) & 1);
      win = bCat ? GG_V_WIN1 : GG_V_WIN0;
      if( bCat ) c = f->from; else m = f->from;
      if( v!=win ){
        if( v==GG_V_DRAW ) f->j |= CAP_DRAWN;
        break;                                 /* try its next move */
      }
      capRemember(p, k, m, c, v);              /* a winning move: done */
    }
    if( k==0 && capKnown(p, 0, m, c)!=GG_V_OPEN ){
      *pValue = capKnown(p, 0, m, c);
      return GG_OK;
    }
  }
}

int gg_capped_solve(const GGGraph *pG, const uint8_t *aHole, uint32_t mouse,
                    uint32_t cat, int turn, uint64_t cap, const GGStop *pStop,
                    uint32_t *pValue){
  CapSearch s;
  uint64_t nPos = gg_capped_positions(pG->n, cap);
  int rc;
  memset(&s, 0, sizeof(s));
  s.pG = pG;
  s.n = pG->n;
  s.aHole = aHole;
  s.t0 = turn;
  s.cap = cap;
  if( cap==0 || aHole[mouse] || mouse==cat ){
    *pValue = cap==0 ? GG_V_DRAW : aHole[mouse] ? GG_V_WIN0 : GG_V_WIN1;
    return GG_OK;
  }
  if( nPos==UINT64_MAX ) return GG_TOOBIG;
  rc = capMemoInit(&s, nPos, pStop);
  if( rc==GG_OK ) rc = capSearch(&s, mouse, cat, pStop, pValue);
  capMemoFree(&s);
  gg_free(s.aStack);
  return rc;
}
