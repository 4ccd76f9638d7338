/*
** cops.c: cops and robbers, the solve (see cops.h for the rules and the
** contract; cops_query.c answers positions from the solve).
**
** Retrograde analysis, one ply at a time, on bit sets of robber nodes.
** For each configuration M of the cops (a multiset, numbered by rank):
**
**   Cap[M]  robber nodes caught at M (the capture zone: the cops' nodes,
**           their d-balls, or the surrounded nodes)
**   Cw[M]   robber nodes r where the cops, to move, capture within p
**           plies; Cw_0[M] = Cap[M]
**   Rw[M]   robber nodes r where the robber, to move, is caught within
**           p plies: r in Cap[M], or every move of r ends in Cw[M]
**   Cw_p[M] = Cw_{p-1}[M] | the union of Rw_{p-1}[M'] over the cops'
**           moves M -> M'
**
** Plies are synchronous, so a node entering Cw[M] at ply p is captured
** in exactly p plies: the cops hurry, the robber delays.  Work is
** incremental: only configurations whose Cw grew in the last ply get
** their Rw recomputed, and only for robber nodes with a move to the new
** Cw nodes (aNew: their in-neighbours, or for a fast robber the nodes
** that reach them outside the zone); only the growth of Rw in the last
** ply (aDR) is pushed back to the configurations that move there (along
** in-arcs).  In the plain game cops decide at odd plies and the robber at
** even ones, so each ply does one of the two halves.  The cost is about
** (positions won) * (degree) word operations plus (Rw growths) *
** (moves) * nWord; memory is 2 bytes per (M, r) for aRound plus five bit
** sets per configuration.
*/
#include <string.h>
#include "alloc.h"
#include "cops_int.h"


/* Scratch of one solve, carved from one allocation. */
typedef struct CopsWork CopsWork;
struct CopsWork {
  uint64_t *aCw;       /* [conf*nWord]: Cw (see the header comment) */
  uint64_t *aRw;       /* [conf*nWord]: Rw */
  uint64_t *aNew;      /* [conf*nWord]: Cw nodes not yet seen by Rw */
  uint64_t *aDR;       /* [conf*nWord]: Rw growth of the last ply, to push */
  uint64_t *aDR2;      /* [conf*nWord]: Rw growth of this ply */
  uint64_t *aListA;    /* configurations whose Cw grew */
  uint64_t *aListB;    /* configurations whose Rw grew in the last ply */
  uint64_t *aListB2;   /* configurations whose Rw grows in this ply */
  uint8_t *aFlag;      /* [conf]: on aListA */
  uint64_t *aMove;     /* moves of one configuration (ranks) */
  uint64_t *aFull;     /* bit set of all nodes */
  uint64_t *aCand;     /* nWord: candidate robber nodes */
  uint64_t *aM;        /* nWord: the cops' nodes of one configuration */
  uint64_t *aCap;      /* nWord: its capture zone */
  uint64_t *aMv;       /* nWord: a robber's moves */
  uint64_t *aFront;    /* 2*nWord: breadth-first frontiers */
  void *pBlock;        /* the one allocation */
};

/* Neighbour lists without loops of the out-arcs (bIn: in-arcs) of pG,
** or of both when undirected is read from a directed graph, and their
** closed-neighbourhood bit sets. */
static int copsLists(GGCops *p, const GGGraph *pG, int bIn, uint32_t **paOff,
                     uint32_t **paAdj, uint64_t **paNbr){
  uint32_t v, i, n = p->n, nAdj = 0;
  uint32_t *aOff = gg_malloc((n+1)*sizeof(uint32_t));
  uint32_t *aAdj = gg_malloc((pG->nArc+1)*sizeof(uint32_t));
  uint64_t *aNbr = gg_malloc((uint64_t)n*p->nWord*8);
  *paOff = aOff; *paAdj = aAdj; *paNbr = aNbr;
  if( !aOff || !aAdj || !aNbr ) return GG_NOMEM;
  memset(aNbr, 0, (uint64_t)n*p->nWord*8);
  for(v=0; v<n; v++){
    const uint32_t *a = bIn ? GG_INNBR(pG, v) : GG_NBR(pG, v);
    uint32_t d = bIn ? GG_INDEG(pG, v) : GG_DEG(pG, v);
    aOff[v] = nAdj;
    COPS_SET(&aNbr[(uint64_t)v*p->nWord], v);
    for(i=0; i<d; i++){
      if( a[i]==v ) continue;
      aAdj[nAdj++] = a[i];
      COPS_SET(&aNbr[(uint64_t)v*p->nWord], a[i]);
    }
  }
  aOff[n] = nAdj;
  return GG_OK;
}

/* The d-balls (nodes within distance d, undirected) and the isolated
** nodes. */
static int copsBalls(GGCops *p){
  uint32_t v, i, j, nW = p->nWord;
  p->aIso = gg_malloc(nW*8);
  if( p->aIso==0 ) return GG_NOMEM;
  memset(p->aIso, 0, nW*8);
  for(v=0; v<p->n; v++) if( p->aAdjOff[v+1]==p->aAdjOff[v] ) COPS_SET(p->aIso, v);
  if( p->rules.distance==0 ) return GG_OK;
  p->aBall = gg_malloc((uint64_t)p->n*nW*8);
  if( p->aBall==0 ) return GG_NOMEM;
  memcpy(p->aBall, p->aNbr, (uint64_t)p->n*nW*8);
  for(i=1; i<p->rules.distance; i++){         /* ball_{i+1}(v) = union of N[u], u in ball_i(v) */
    int bGrew = 0;
    for(v=0; v<p->n; v++){
      uint64_t *b = &p->aBall[(uint64_t)v*nW];
      for(j=0; j<nW; j++){
        uint64_t m = b[j];
        while( m ){
          const uint64_t *a = &p->aNbr[(uint64_t)(j*64 + __builtin_ctzll(m))*nW];
          uint32_t x;
          m &= m-1;
          for(x=0; x<nW; x++) if( a[x] & ~b[x] ){ b[x] |= a[x]; bGrew = 1; }
        }
      }
    }
    if( !bGrew ) break;
  }
  return GG_OK;
}

/* The graph as neighbour lists and bit sets, the balls; the binomial
** table.  Into allocations that gg_cops_free() frees. */
static int copsSetup(GGCops *p, const GGGraph *pG){
  uint32_t v, i, n = p->n;
  uint64_t nB = (uint64_t)(p->k+1)*(n+p->k);
  int rc = copsLists(p, pG, 0, &p->aAdjOff, &p->aAdj, &p->aNbr);
  if( rc ) return rc;
  if( p->rules.bDirected && pG->bDirected ){
    rc = copsLists(p, pG, 1, &p->aInOff, &p->aIn, &p->aNbrIn);
    if( rc ) return rc;
  }else{
    p->aInOff = p->aAdjOff; p->aIn = p->aAdj; p->aNbrIn = p->aNbr;
  }
  rc = copsBalls(p);
  if( rc ) return rc;
  p->aQuery = gg_malloc((uint64_t)p->nWord*5*8);
  if( !p->aQuery ) return GG_NOMEM;
  p->aBinom = gg_malloc(nB*8);
  if( !p->aBinom ) return GG_NOMEM;
  for(i=0; i<=p->k; i++){               /* C(v, i), saturating */
    for(v=0; v<n+p->k; v++){
      uint64_t c;
      if( i==0 ) c = 1;
      else if( v==0 ) c = 0;
      else{
        uint64_t a = p->aBinom[(uint64_t)(i-1)*(n+p->k)+v-1];
        uint64_t b = p->aBinom[(uint64_t)i*(n+p->k)+v-1];
        c = (a+b<a) ? UINT64_MAX : a+b;
      }
      p->aBinom[(uint64_t)i*(n+p->k)+v] = c;
    }
  }
  p->nConf = gg_cops_binom(p, p->k, n+p->k-1);
  return GG_OK;
}

/* Carve the scratch of one solve from one allocation. */
static int copsWorkAlloc(GGCops *p, CopsWork *w, uint64_t nMaxMove){
  uint64_t nSet = p->nConf*p->nWord, nByte;
  nByte = (5*nSet + 3*p->nConf + nMaxMove + 7*p->nWord)*8 + p->nConf;
  w->pBlock = gg_malloc(nByte);
  if( w->pBlock==0 ) return GG_NOMEM;
  memset(w->pBlock, 0, nByte);
  w->aCw = (uint64_t*)w->pBlock;
  w->aRw = w->aCw + nSet;
  w->aNew = w->aRw + nSet;
  w->aDR = w->aNew + nSet;
  w->aDR2 = w->aDR + nSet;
  w->aListA = w->aDR2 + nSet;
  w->aListB = w->aListA + p->nConf;
  w->aListB2 = w->aListB + p->nConf;
  w->aMove = w->aListB2 + p->nConf;
  w->aFull = w->aMove + nMaxMove;
  w->aCand = w->aFull + p->nWord;
  w->aM = w->aCand + p->nWord;
  w->aCap = w->aM + p->nWord;
  w->aMv = w->aCap + p->nWord;
  w->aFront = w->aMv + p->nWord;
  w->aFlag = (uint8_t*)(w->aFront + 2*p->nWord);
  return GG_OK;
}

/* Nonzero if the set a (with the cops' nodes mM, in the surround game,
** where the robber may not start on them) holds every node. */
static int copsIsFull(const GGCops *p, const CopsWork *w, const uint64_t *a,
                      const uint64_t *mM){
  uint32_t i;
  for(i=0; i<p->nWord; i++){
    uint64_t x = a[i] | (p->rules.bSurround ? mM[i] : 0);
    if( x!=w->aFull[i] ) return 0;
  }
  return 1;
}

/* Nonzero if the set a is empty. */
static int copsIsEmpty(const uint64_t *a, uint32_t nW){
  uint32_t i;
  for(i=0; i<nW; i++) if( a[i] ) return 0;
  return 1;
}

/* Ply 0: Cw = Rw = the capture zone, all configurations on aListA, the
** nonempty zones on aListB (to push at ply 1).  A zone costs about k
** rows of nWord words, and in the surround game a row more for each
** neighbour of a cop (nStep, on the mean degree), so this polls too. */
static int copsLevel0(GGCops *p, CopsWork *w, uint64_t *pnB, GGPoll *pPoll){
  uint32_t aCop[GG_COPS_MAXK], i, nW = p->nWord;
  uint64_t conf, nDeg = p->rules.bSurround ? 2 + p->aAdjOff[p->n]/(p->n ? p->n : 1) : 1;
  uint64_t nStep = (uint64_t)nW*p->k*nDeg;
  for(i=0; i<p->n; i++) COPS_SET(w->aFull, i);
  *pnB = 0;
  for(conf=0; conf<p->nConf; conf++){
    uint64_t *cw = &w->aCw[conf*nW];
    gg_cops_zone(p, conf, aCop, w->aM, cw);
    memcpy(&w->aNew[conf*nW], cw, nW*8);
    memcpy(&w->aRw[conf*nW], cw, nW*8);
    memcpy(&w->aDR[conf*nW], cw, nW*8);
    if( p->aRound ){
      for(i=0; i<nW; i++){
        uint64_t m = cw[i];
        while( m ){ p->aRound[conf*p->n + i*64 + __builtin_ctzll(m)] = 0; m &= m-1; }
      }
    }
    w->aListA[conf] = conf;
    w->aFlag[conf] = 1;
    if( !copsIsEmpty(cw, nW) ) w->aListB[(*pnB)++] = conf;
    if( p->captureTime<0 && copsIsFull(p, w, cw, w->aM) ){
      p->captureTime = 0;
      p->bestConf = conf;
    }
    if( gg_poll(pPoll, nStep) ) return GG_INTERRUPT;
  }
  return GG_OK;
}

/* The candidates of a fast robber: nodes outside the zone from which a
** path of at most s edges outside the zone reaches a new Cw node. */
static uint64_t copsCandFast(GGCops *p, CopsWork *w, const uint64_t *nw){
  uint32_t nW = p->nWord, i, j, s;
  uint64_t *cand = w->aCand, *front = w->aFront, *next = w->aFront + nW, nStep = 0;
  for(i=0; i<nW; i++) cand[i] = front[i] = nw[i] & ~w->aCap[i];
  for(s=0; s<p->rules.robberSpeed; s++){
    int bAny = 0;
    memset(next, 0, nW*8);
    for(i=0; i<nW; i++){
      uint64_t m = front[i];
      while( m ){
        const uint64_t *nb = &p->aNbrIn[(uint64_t)(i*64 + __builtin_ctzll(m))*nW];
        m &= m-1;
        for(j=0; j<nW; j++) next[j] |= nb[j];
        nStep += nW;
      }
    }
    for(i=0; i<nW; i++){
      next[i] &= ~w->aCap[i] & ~cand[i];
      cand[i] |= next[i];
      front[i] = next[i];
      if( next[i] ) bAny = 1;
    }
    if( !bAny ) break;
  }
  return nStep;
}

/* Nonzero if every move of the robber on r ends in cw (the general
** rules: a fast robber or the surround game); the work into *pnStep. */
static int copsAllIn(GGCops *p, CopsWork *w, uint32_t r, const uint64_t *cw,
                     uint64_t *pnStep){
  uint32_t i;
  *pnStep += gg_cops_robber_moves(p, w->aM, w->aCap, r, w->aMv, w->aFront);
  for(i=0; i<p->nWord; i++) if( w->aMv[i] & ~cw[i] ) return 0;
  return 1;
}

/* Rw growth of one configuration from its new Cw nodes, into dr (and
** Rw).  Returns the work done. */
static uint64_t copsGrowR(GGCops *p, CopsWork *w, uint64_t conf, uint64_t *dr){
  uint32_t nW = p->nWord, i, j, aCop[GG_COPS_MAXK];
  uint64_t *cw = &w->aCw[conf*nW], *rw = &w->aRw[conf*nW];
  uint64_t *nw = &w->aNew[conf*nW], *cand = w->aCand;
  uint64_t nStep = nW;
  int bGeneral = p->rules.bSurround || p->rules.robberSpeed>1;
  if( bGeneral ) gg_cops_zone(p, conf, aCop, w->aM, w->aCap);
  if( p->rules.robberSpeed>1 ){
    nStep += copsCandFast(p, w, nw);
    memset(nw, 0, nW*8);
  }else{
    memset(cand, 0, nW*8);
    for(i=0; i<nW; i++){
      uint64_t m = nw[i];
      while( m ){               /* candidates: in-neighbours of new Cw nodes */
        const uint64_t *nb = &p->aNbrIn[(uint64_t)(i*64 + __builtin_ctzll(m))*nW];
        m &= m-1;
        for(j=0; j<nW; j++) cand[j] |= nb[j];
        nStep += nW;
      }
      nw[i] = 0;
    }
  }
  for(i=0; i<nW; i++){
    /* staying is a move, so r must be in Cw; not for a robber on a cop
    ** in the surround game, who must leave */
    uint64_t m = cand[i] & ~rw[i] & (cw[i] | (p->rules.bSurround ? w->aM[i] : 0));
    uint64_t d = 0;
    while( m ){
      uint32_t r = i*64 + (uint32_t)__builtin_ctzll(m);
      m &= m-1;
      if( bGeneral ){
        if( copsAllIn(p, w, r, cw, &nStep) ) d |= 1ull<<(r%64);
      }else{
        const uint64_t *nb = &p->aNbr[(uint64_t)r*nW];
        for(j=0; j<nW && (nb[j] & ~cw[j])==0; j++){}
        if( j==nW ) d |= 1ull<<(r%64);
      }
      nStep += nW;
    }
    dr[i] = d;
    rw[i] |= d;
  }
  return nStep;
}

/* Push the Rw growth of confB (ply p-1) to every configuration that
** moves to it: their Cw grows at ply p; they go on aListA (*pnA). */
static uint64_t copsPush(GGCops *p, CopsWork *w, uint64_t confB, uint32_t ply,
                         uint64_t *pnA){
  uint32_t aCop[GG_COPS_MAXK], nMove, m, i, nW = p->nWord;
  const uint64_t *dr = &w->aDR[confB*nW];
  gg_cops_unrank(p, confB, aCop);
  nMove = gg_cops_moves(p, aCop, 1, w->aMove);
  for(m=0; m<nMove; m++){
    uint64_t conf = w->aMove[m];
    uint64_t *cw = &w->aCw[conf*nW], *nw = &w->aNew[conf*nW];
    int bGrew = 0;
    for(i=0; i<nW; i++){
      uint64_t nb = dr[i] & ~cw[i];
      if( nb==0 ) continue;
      bGrew = 1;
      cw[i] |= nb;
      nw[i] |= nb;
      if( p->aRound ){
        uint16_t *aR = &p->aRound[conf*p->n + i*64];
        while( nb ){ aR[__builtin_ctzll(nb)] = (uint16_t)ply; nb &= nb-1; }
      }
    }
    if( !bGrew ) continue;
    if( !w->aFlag[conf] ){
      w->aFlag[conf] = 1;
      w->aListA[(*pnA)++] = conf;
    }
    if( p->captureTime<0 ){
      if( p->rules.bSurround ) gg_cops_zone(p, conf, aCop, w->aM, w->aCap);
      if( copsIsFull(p, w, cw, w->aM) ){
        p->captureTime = (ply+1)/2;
        p->bestConf = conf;
      }
    }
  }
  return (uint64_t)nMove*nW;
}

/* Too many moves of one configuration to list (the product of k closed
** neighbourhoods, as K_9 with 8 cops): the fast mode can still answer
** when some start captures at once (capture time 0, as 8 surrounding
** cops on K_9); otherwise GG_TOOBIG. */
static int copsStartOnly(GGCops *p, CopsWork *w, const GGStop *pStop){
  GGPoll poll;
  uint64_t nB;
  gg_poll_init(&poll, pStop);
  if( copsLevel0(p, w, &nB, &poll) ) return GG_INTERRUPT;
  return p->captureTime>=0 ? GG_OK : GG_TOOBIG;
}

/* The plies, until nothing grows (or, with bFast, a capture time). */
static int copsLevels(GGCops *p, CopsWork *w, int bFast, const GGStop *pStop){
  GGPoll poll;
  uint64_t nA = p->nConf, nB, nB2, j, *t;
  uint32_t ply;
  gg_poll_init(&poll, pStop);
  if( copsLevel0(p, w, &nB, &poll) ) return GG_INTERRUPT;
  for(ply=1; (nA>0 || nB>0) && !(bFast && p->captureTime>=0); ply++){
    if( ply>=GG_COPS_NEVER ) return GG_TOOBIG;
    nB2 = 0;
    for(j=0; j<nA; j++){                  /* robber positions decided at this ply */
      uint64_t conf = w->aListA[j];
      uint64_t *dr = &w->aDR2[conf*p->nWord];
      w->aFlag[conf] = 0;
      if( gg_poll(&poll, copsGrowR(p, w, conf, dr)) ) return GG_INTERRUPT;
      if( !copsIsEmpty(dr, p->nWord) ) w->aListB2[nB2++] = conf;
    }
    nA = 0;                               /* cops positions decided at this ply */
    for(j=0; j<nB && !(bFast && p->captureTime>=0); j++){
      if( gg_poll(&poll, copsPush(p, w, w->aListB[j], ply, &nA)) ) return GG_INTERRUPT;
    }
    t = w->aDR; w->aDR = w->aDR2; w->aDR2 = t;
    t = w->aListB; w->aListB = w->aListB2; w->aListB2 = t;
    nB = nB2;
  }
  return GG_OK;
}

int gg_cops_solve_rules(GGCops *p, const GGGraph *pG, uint32_t k, const GGCopsRules *pR,
                        int bFast, const GGStop *pStop){
  CopsWork w;
  uint64_t nPos, nMaxMove;
  const char *zA, *zB;
  int rc;
  memset(p, 0, sizeof(*p));
  memset(&w, 0, sizeof(w));
  p->n = pG->n;
  p->k = k;
  p->rules = *pR;
  if( p->rules.robberSpeed==0 ) p->rules.robberSpeed = 1;
  p->bLazy = pR->bLazy;
  p->captureTime = -1;
  p->nWord = (pG->n+63)/64;
  nPos = gg_cops_positions(pG->n, k);
  if( k<1 || k>GG_COPS_MAXK || pG->n==0 || nPos==UINT64_MAX ) return GG_TOOBIG;
  if( gg_cops_rules_check(&p->rules, &zA, &zB) ) return GG_TOOBIG;
  if( p->rules.distance>GG_COPS_MAXSPEED || p->rules.robberSpeed>GG_COPS_MAXSPEED ){
    return GG_TOOBIG;
  }
  rc = copsSetup(p, pG);
  if( rc ) return rc;
  if( p->rules.eSolve!=GG_COPS_SOLVE_PLAIN ){
    int eKind;
    double order;
    rc = gg_cops_solve_kind(pG, k, &p->rules, &eKind, &order);
    if( rc ) return rc;
    if( eKind!=GG_COPS_SOLVE_PLAIN ){
      return gg_cops_seq_solve(p, pG, eKind==GG_COPS_SOLVE_SYM, bFast, pStop);
    }
  }
  nMaxMove = gg_cops_max_moves(p);
  if( nMaxMove==0 && !bFast ) return GG_TOOBIG;
  if( !bFast ){
    p->aRound = gg_malloc(p->nConf*p->n*sizeof(uint16_t));
    if( p->aRound==0 ) return GG_NOMEM;
    memset(p->aRound, 0xff, p->nConf*p->n*sizeof(uint16_t));
  }
  rc = copsWorkAlloc(p, &w, nMaxMove ? nMaxMove : 1);
  if( rc==GG_OK ) rc = nMaxMove ? copsLevels(p, &w, bFast, pStop) : copsStartOnly(p, &w, pStop);
  gg_free(w.pBlock);
  return rc;
}

int gg_cops_solve_kind(const GGGraph *pG, uint32_t k, const GGCopsRules *pR, int *peKind,
                       double *pOrder){
  int rc = GG_OK;
  *pOrder = 1;
  *peKind = GG_COPS_SOLVE_PLAIN;
  if( pR->eSolve==GG_COPS_SOLVE_PLAIN || pR->bLazy || pR->bSurround || pR->robberSpeed>1
   || k>GG_AUT_MAXPT || pG->n>65535 || pG->n==0 ){
    return GG_OK;                       /* the variants that take cops.c's solve */
  }
  if( pR->eSolve==GG_COPS_SOLVE_SEQ ){ *peKind = GG_COPS_SOLVE_SEQ; return GG_OK; }
  rc = gg_aut_order(pG, pR->bDirected, pOrder);
  if( rc ) return rc;
  if( pR->eSolve==GG_COPS_SOLVE_SYM ){
    *peKind = *pOrder>(double)GG_COPS_SYM_MAXELT ? GG_COPS_SOLVE_SEQ : GG_COPS_SOLVE_SYM;
  }else{
    /* the joint moves saved, (d+1)^(k-1) for the mean degree d, against
    ** the 2^k states between single moves a configuration: on orbits with
    ** a margin of 8 for the canonical forms (and the group's reduction),
    ** without symmetry with a margin of 4 (measured: docs/reference/cops.md) */
    double w = 1, d = (double)pG->nArc/pG->n;
    uint32_t i;
    for(i=1; i<k; i++) w *= d+1;
    if( *pOrder>=2 && *pOrder<=(double)GG_COPS_SYM_MAXELT && *pOrder*w>=(double)(1u<<(k+3)) ){
      *peKind = GG_COPS_SOLVE_SYM;
    }else if( w>=(double)(1u<<(k+2)) ){
      *peKind = GG_COPS_SOLVE_SEQ;
    }
  }
  return GG_OK;
}

void gg_cops_free(GGCops *p){
  gg_cops_seq_free(p->pSeq);
  if( p->aNbrIn!=p->aNbr ) gg_free(p->aNbrIn);
  if( p->aInOff!=p->aAdjOff ) gg_free(p->aInOff);
  if( p->aIn!=p->aAdj ) gg_free(p->aIn);
  gg_free(p->aNbr);
  gg_free(p->aAdjOff);
  gg_free(p->aAdj);
  gg_free(p->aBall);
  gg_free(p->aIso);
  gg_free(p->aQuery);
  gg_free(p->aBinom);
  gg_free(p->aRound);
  memset(p, 0, sizeof(*p));
}
