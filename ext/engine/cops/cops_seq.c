/*
** cops_seq.c: cops and robbers solved with the cops moving one at a time
** inside a round, on representatives of the orbits of the graph's
** automorphism group (cops_aut.h); docs/reference/cops.md proves the game
** equivalent.  cops.c calls it for the plain game, `distance` and
** `directed` (GGCopsRules.eSolve); the other variants take cops.c's solve.
**
** States.  Layer 0 is a configuration M of the k cops, to move; layer i
** (0 < i < k) the cops A that moved this round (i of them) and B that have
** not (k - i): the next to move is the least node of B, to a node of its
** closed out-neighbourhood; layer k is a configuration after the cops'
** move (the robber to move), stored as layer 0's configuration.  Each
** layer keeps one state per orbit (its canonical form's key: the ranks of
** A and B), found from the configurations by their successors, and for
** each state its successors as (state, element e) with e mapping the
** representative's robber nodes back to the successor's.
**
** The plies are those of cops.c: Cw_p[M] (cops to move, captured within p
** plies) grows at odd plies from the robber's sets Rw_{p-1} through the k
** layers (W_i of a state: the robber nodes caught within p plies from it,
** the union of its successors' sets), Rw_p[M] at even plies from Cw_{p-1}
** (r and all its moves in Cw).  A state is pulled only when a successor
** grew in this ply (a stamp per state).  aRound keeps the plies per
** representative and robber node; gg_cops_seq_round() maps a position to
** its representative for the queries.  With the trivial group (`"symmetry":
** false, "sequential": true`, or no group found) a state is its key: no
** table, and the successors come from the ranks (seqDenseSucc).
*/
#include <string.h>
#include "alloc.h"
#include "cops_int.h"

typedef struct SeqLayer SeqLayer;
struct SeqLayer {
  uint64_t nState, nAlloc;
  uint64_t *aKey;         /* canonical key of each state */
  uint32_t *aHash;        /* key -> index + 1 (0 empty) */
  uint64_t nHash;
  uint64_t *aW;           /* nWord a state: W (layer 0: Cw) */
  uint32_t *aStamp;       /* the ply of W's last growth, or UINT32_MAX */
  uint64_t *aOff;         /* successors of state s: aSucc[2*aOff[s]..] */
  uint32_t *aSucc;        /*   pairs (state of the next layer, element) */
  uint64_t nSucc, nSuccAlloc;
};

struct GGCopsSeq {
  GGAut aut;
  uint32_t k;
  int bDense;             /* the trivial group: a state's index is its key (no
                          ** table, no successor lists: computed from ranks) */
  SeqLayer aL[GG_AUT_MAXPT];   /* layers 0..k-1 (layer k is layer 0) */
  uint64_t *aRw;          /* nWord a configuration: Rw */
  uint32_t *aStampR;      /* the ply of Rw's last growth */
  uint64_t *aX;           /* nWord of scratch */
  uint64_t *aT;           /* successors of one state (the trivial group) */
  uint64_t nPos;          /* positions solved: states x n x turns */
  uint64_t lastConf;      /* the last configuration a query asked (UINT64_MAX: none) */
  uint64_t lastIdx;
  uint32_t lastElt;
};

/* --- keys: the rank of a multiset of j nodes, and of a pair --- */

static uint64_t seqCount(const GGCops *p, uint32_t j){      /* C(n+j-1, j) */
  return gg_cops_binom(p, j, p->n+j-1);
}
static uint64_t seqRank(const GGCops *p, const uint32_t *a, uint32_t j){
  uint64_t r = 0;
  uint32_t i;
  for(i=0; i<j; i++) r += gg_cops_binom(p, i+1, a[i]+i);
  return r;
}
static void seqUnrank(const GGCops *p, uint64_t r, uint32_t j, uint32_t *a){
  uint32_t i = j;
  while( i-- > 0 ){
    uint32_t lo = i, hi = p->n-1+i;
    while( lo<hi ){
      uint32_t mid = lo + (hi-lo+1)/2;
      if( gg_cops_binom(p, i+1, mid)<=r ) lo = mid; else hi = mid-1;
    }
    a[i] = lo - i;
    r -= gg_cops_binom(p, i+1, lo);
  }
}
/* Layer i's key of the points a (A: a[0..i-1], B: the rest, each sorted). */
static uint64_t seqKey(const GGCops *p, uint32_t i, const uint32_t *a){
  if( i==0 || i==p->k ) return seqRank(p, a, p->k);
  return seqRank(p, a, i)*seqCount(p, p->k-i) + seqRank(p, a+i, p->k-i);
}
static void seqUnkey(const GGCops *p, uint32_t i, uint64_t key, uint32_t *a){
  uint64_t c;
  if( i==0 ){ seqUnrank(p, key, p->k, a); return; }
  c = seqCount(p, p->k-i);
  seqUnrank(p, key/c, i, a);
  seqUnrank(p, key%c, p->k-i, a+i);
}

/* The key of state s of layer L. */
static uint64_t seqKeyOf(const GGCopsSeq *q, const SeqLayer *L, uint64_t s){
  return q->bDense ? s : L->aKey[s];
}

/* The successors of state s of layer i on the trivial group, into aT
** (indices of layer i+1, or of the configurations): their count. */
static uint32_t seqDenseSucc(const GGCops *p, uint32_t i, uint64_t s, uint64_t *aT){
  uint32_t a[GG_AUT_MAXPT], y[GG_AUT_MAXPT], b, d, j, x, nT = 0;
  seqUnkey(p, i, s, a);
  b = a[i];                             /* the least node of B moves */
  d = p->aAdjOff[b+1]-p->aAdjOff[b];
  for(j=0; j<=d; j++){
    uint32_t v = j==0 ? b : p->aAdj[p->aAdjOff[b]+j-1];
    for(x=i; x>0 && a[x-1]>v; x--) y[x] = a[x-1];   /* A + v, sorted */
    y[x] = v;
    while( x-- > 0 ) y[x] = a[x];
    for(x=i+1; x<p->k; x++) y[x] = a[x];
    aT[nT++] = seqKey(p, i+1, y);
  }
  return nT;
}

/* --- the layers' states --- */

static uint64_t seqSlot(const SeqLayer *L, uint64_t key){
  return gg_hash_mix(key) & (L->nHash-1);
}

/* The index of key in L, added if new; UINT64_MAX if out of memory. */
static uint64_t seqIndex(SeqLayer *L, uint64_t key){
  uint64_t s, i;
  if( 2*(L->nState+1)>L->nHash ){             /* grow the table */
    uint64_t nNew = L->nHash ? 2*L->nHash : 1024;
    uint32_t *a = gg_malloc(nNew*sizeof(uint32_t));
    if( a==0 ) return UINT64_MAX;
    memset(a, 0, nNew*sizeof(uint32_t));
    gg_free(L->aHash);
    L->aHash = a;
    L->nHash = nNew;
    for(i=0; i<L->nState; i++){
      s = seqSlot(L, L->aKey[i]);
      while( L->aHash[s] ) s = (s+1) & (L->nHash-1);
      L->aHash[s] = (uint32_t)(i+1);
    }
  }
  s = seqSlot(L, key);
  while( L->aHash[s] ){
    if( L->aKey[L->aHash[s]-1]==key ) return L->aHash[s]-1;
    s = (s+1) & (L->nHash-1);
  }
  if( L->nState==L->nAlloc ){
    uint64_t nNew = L->nAlloc ? 2*L->nAlloc : 1024;
    uint64_t *a = gg_malloc(nNew*sizeof(uint64_t));
    if( a==0 ) return UINT64_MAX;
    if( L->aKey ) memcpy(a, L->aKey, L->nState*sizeof(uint64_t));
    gg_free(L->aKey);
    L->aKey = a;
    L->nAlloc = nNew;
  }
  if( L->nState>=UINT32_MAX-1 ) return UINT64_MAX;
  L->aKey[L->nState] = key;
  L->aHash[s] = (uint32_t)(++L->nState);
  return L->nState-1;
}

/* Index of key in L, or UINT64_MAX. */
static uint64_t seqFind(const SeqLayer *L, uint64_t key){
  uint64_t s = seqSlot(L, key);
  while( L->aHash[s] ){
    if( L->aKey[L->aHash[s]-1]==key ) return L->aHash[s]-1;
    s = (s+1) & (L->nHash-1);
  }
  return UINT64_MAX;
}

static int seqAddSucc(SeqLayer *L, uint32_t t, uint32_t e){
  if( L->nSucc==L->nSuccAlloc ){
    uint64_t nNew = L->nSuccAlloc ? 2*L->nSuccAlloc : 4096;
    uint32_t *a = gg_malloc(2*nNew*sizeof(uint32_t));
    if( a==0 ) return GG_NOMEM;
    if( L->aSucc ) memcpy(a, L->aSucc, 2*L->nSucc*sizeof(uint32_t));
    gg_free(L->aSucc);
    L->aSucc = a;
    L->nSuccAlloc = nNew;
  }
  L->aSucc[2*L->nSucc] = t;
  L->aSucc[2*L->nSucc+1] = e;
  L->nSucc++;
  return GG_OK;
}

/* Node j of v's closed out-neighbourhood: v itself, then its out-arcs. */
static uint32_t seqStep(const GGCops *p, uint32_t v, uint32_t j){
  return j==0 ? v : p->aAdj[p->aAdjOff[v]+j-1];
}

/* Layer 0: every configuration's representative, by adding a node at a
** time to the representatives of one node fewer (only the least node of
** each orbit of the subgroup fixing those: the others give the same
** representatives). */
static int seqConfigs(GGCops *p, GGCopsSeq *q, GGPoll *pPoll){
  SeqLayer aTmp[2];
  uint32_t j, v, a[GG_AUT_MAXPT], b[GG_AUT_MAXPT], e;
  uint64_t s;
  int rc = GG_OK;
  memset(aTmp, 0, sizeof(aTmp));
  if( seqIndex(&aTmp[0], 0)==UINT64_MAX ) rc = GG_NOMEM;     /* the empty multiset */
  for(j=1; j<=p->k && rc==GG_OK; j++){
    SeqLayer *pFrom = &aTmp[(j-1)%2], *pTo = j==p->k ? &q->aL[0] : &aTmp[j%2];
    for(s=0; s<pFrom->nState && rc==GG_OK; s++){
      const GGAutNode *pStab;
      seqUnrank(p, pFrom->aKey[s], j-1, a);
      pStab = gg_aut_stab(&q->aut, a, j-1);
      for(v=0; v<p->n; v++){
        if( pStab && gg_aut_node_min(pStab, v)!=v ) continue;
        a[j-1] = v;
        rc = gg_aut_canon(&q->aut, a, j, j, b, &e);
        if( rc ) break;
        if( seqIndex(pTo, seqRank(p, b, j))==UINT64_MAX ){ rc = GG_NOMEM; break; }
      }
      if( rc==GG_OK && gg_poll(pPoll, (uint64_t)p->n*j*8) ) rc = GG_INTERRUPT;
    }
    if( j<p->k ){                       /* empty the older table for reuse */
      SeqLayer *pOld = pFrom;
      gg_free(pOld->aKey); gg_free(pOld->aHash);
      memset(pOld, 0, sizeof(*pOld));
    }
  }
  gg_free(aTmp[0].aKey); gg_free(aTmp[0].aHash);
  gg_free(aTmp[1].aKey); gg_free(aTmp[1].aHash);
  return rc;
}

/* The successors of every state of layer i, found in layer i+1 (layer 0
** for i = k-1). */
static int seqSuccessors(GGCops *p, GGCopsSeq *q, uint32_t i, GGPoll *pPoll){
  SeqLayer *L = &q->aL[i], *T = &q->aL[i+1==p->k ? 0 : i+1];
  uint32_t a[GG_AUT_MAXPT], y[GG_AUT_MAXPT], c[GG_AUT_MAXPT], e, j, d, x;
  uint64_t s;
  L->aOff = gg_malloc((L->nState+1)*sizeof(uint64_t));
  if( L->aOff==0 ) return GG_NOMEM;
  for(s=0; s<L->nState; s++){
    uint32_t b;
    L->aOff[s] = L->nSucc;
    seqUnkey(p, i, L->aKey[s], a);
    b = a[i];                           /* the least node of B moves */
    d = p->aAdjOff[b+1]-p->aAdjOff[b];
    for(j=0; j<=d; j++){
      uint64_t t;
      int rc;
      for(x=0; x<i; x++) y[x] = a[x];
      y[i] = seqStep(p, b, j);
      for(x=i+1; x<p->k; x++) y[x] = a[x];
      rc = gg_aut_canon(&q->aut, y, i+1, p->k, c, &e);
      if( rc ) return rc;
      t = seqIndex(T, seqKey(p, i+1, c));
      if( t==UINT64_MAX ) return GG_NOMEM;
      if( seqAddSucc(L, (uint32_t)t, gg_aut_inv(&q->aut, e)) ) return GG_NOMEM;
    }
    if( gg_poll(pPoll, (uint64_t)(d+1)*p->k*8) ) return GG_INTERRUPT;
  }
  L->aOff[L->nState] = L->nSucc;
  return GG_OK;
}

/* Sets and stamps of every layer; Cw = Rw = the capture zone. */
static int seqSets(GGCops *p, GGCopsSeq *q, int bFast, GGPoll *pPoll){
  uint32_t i, nW = p->nWord, a[GG_AUT_MAXPT], x, j;
  uint64_t s, nConf = q->aL[0].nState;
  for(i=0; i<p->k; i++){
    SeqLayer *L = &q->aL[i];
    L->aW = gg_malloc(L->nState*nW*8 + 8);
    L->aStamp = gg_malloc(L->nState*sizeof(uint32_t) + 4);
    if( !L->aW || !L->aStamp ) return GG_NOMEM;
    memset(L->aW, 0, L->nState*nW*8);
    memset(L->aStamp, 0xff, L->nState*sizeof(uint32_t));
    q->nPos += L->nState*p->n*(i==0 ? 2 : 1);
  }
  q->aRw = gg_malloc(nConf*nW*8 + 8);
  q->aStampR = gg_malloc(nConf*sizeof(uint32_t) + 4);
  q->aX = gg_malloc(nW*8);
  q->aT = gg_malloc(((uint64_t)p->n+1)*sizeof(uint64_t));
  if( !q->aRw || !q->aStampR || !q->aX || !q->aT ) return GG_NOMEM;
  for(s=0; s<nConf; s++){                      /* Cw: the capture zone */
    uint64_t *cw = &q->aL[0].aW[s*nW];
    seqUnrank(p, seqKeyOf(q, &q->aL[0], s), p->k, a);
    for(j=0; j<p->k; j++){
      if( p->aBall ){
        for(x=0; x<nW; x++) cw[x] |= p->aBall[(uint64_t)a[j]*nW + x];
      }else{
        COPS_SET(cw, a[j]);
      }
    }
    if( gg_poll(pPoll, (uint64_t)p->k*(p->aBall ? nW : 1) + nW) ) return GG_INTERRUPT;
  }
  if( bFast ) return GG_OK;
  p->aRound = gg_malloc(nConf*p->n*sizeof(uint16_t) + 2);
  if( p->aRound==0 ) return GG_NOMEM;
  memset(p->aRound, 0xff, nConf*p->n*sizeof(uint16_t));
  return GG_OK;
}

/* Nonzero if the set a holds every node. */
static int seqFull(const GGCops *p, const uint64_t *a){
  uint32_t i, c = 0;
  for(i=0; i<p->nWord; i++) c += (uint32_t)__builtin_popcountll(a[i]);
  return c==p->n;
}

/* The cops' half of ply ply: every layer from k-1 down to 0, pulling the
** successors that grew in this ply.  *pbGrew if Cw grew. */
static int seqCopsHalf(GGCops *p, GGCopsSeq *q, uint32_t ply, int bFast, int *pbGrew,
                       GGPoll *pPoll){
  uint32_t nW = p->nWord, i, w;
  uint64_t *x = q->aX;
  *pbGrew = 0;
  for(i=p->k; i-- > 0; ){
    SeqLayer *L = &q->aL[i];
    const uint64_t *aWT = i+1==p->k ? q->aRw : q->aL[i+1].aW;
    const uint32_t *aST = i+1==p->k ? q->aStampR : q->aL[i+1].aStamp;
    uint32_t want = i+1==p->k ? ply-1 : ply;
    uint64_t s, nWork = 0;
    for(s=0; s<L->nState; s++){
      uint64_t j, *ws = &L->aW[s*nW], j0 = 0, j1;
      int bAny = 0;
      if( q->bDense ) j1 = seqDenseSucc(p, i, s, q->aT);
      else{ j0 = L->aOff[s]; j1 = L->aOff[s+1]; }
      for(j=j0; j<j1; j++){
        uint64_t t = q->bDense ? q->aT[j] : L->aSucc[2*j];
        uint32_t e = q->bDense ? 0 : L->aSucc[2*j+1];
        const uint64_t *wt = &aWT[t*nW];
        if( aST[t]!=want ) continue;
        if( !bAny ){ memset(x, 0, nW*8); bAny = 1; }
        if( e==0 ){
          for(w=0; w<nW; w++) x[w] |= wt[w];
        }else{
          const uint16_t *perm = &q->aut.aPerm[(uint64_t)e*p->n];
          for(w=0; w<nW; w++){
            uint64_t m = wt[w];
            while( m ){
              uint32_t v = perm[w*64 + __builtin_ctzll(m)];
              m &= m-1;
              x[v/64] |= 1ull<<(v%64);
            }
          }
        }
        nWork += nW*4;
      }
      nWork += 2;
      if( bAny ){
        int bNew = 0;
        for(w=0; w<nW; w++){
          uint64_t nb = x[w] & ~ws[w];
          if( nb==0 ) continue;
          bNew = 1;
          ws[w] |= nb;
          if( i==0 && p->aRound ){
            uint16_t *aR = &p->aRound[s*p->n + w*64];
            while( nb ){ aR[__builtin_ctzll(nb)] = (uint16_t)ply; nb &= nb-1; }
          }
        }
        if( bNew ){
          L->aStamp[s] = ply;
          if( i==0 ){
            *pbGrew = 1;
            if( p->captureTime<0 && seqFull(p, ws) ){
              uint32_t a[GG_AUT_MAXPT];
              p->captureTime = (ply+1)/2;
              seqUnrank(p, seqKeyOf(q, L, s), p->k, a);
              p->bestConf = gg_cops_rank(p, a);
              if( bFast ) return GG_OK;
            }
          }
        }
      }
      if( gg_poll(pPoll, nWork) ) return GG_INTERRUPT;
      nWork = 0;
    }
  }
  return GG_OK;
}

/* The robber's half of ply ply: Rw of each configuration whose Cw grew
** in the last ply.  *pbGrew if some Rw grew. */
static int seqRobberHalf(GGCops *p, GGCopsSeq *q, uint32_t ply, int *pbGrew, GGPoll *pPoll){
  SeqLayer *L = &q->aL[0];
  uint32_t nW = p->nWord, w, j;
  uint64_t s;
  *pbGrew = 0;
  for(s=0; s<L->nState; s++){
    const uint64_t *cw = &L->aW[s*nW];
    uint64_t *rw = &q->aRw[s*nW];
    int bNew = 0;
    if( L->aStamp[s]!=ply-1 ) continue;
    for(w=0; w<nW; w++){
      uint64_t m = cw[w] & ~rw[w];
      while( m ){
        uint32_t r = w*64 + (uint32_t)__builtin_ctzll(m);
        const uint64_t *nb = &p->aNbr[(uint64_t)r*nW];
        m &= m-1;
        for(j=0; j<nW && (nb[j] & ~cw[j])==0; j++){}
        if( j==nW ){ rw[w] |= 1ull<<(r%64); bNew = 1; }
      }
    }
    if( bNew ){ q->aStampR[s] = ply; *pbGrew = 1; }
    if( gg_poll(pPoll, (uint64_t)p->n*nW) ) return GG_INTERRUPT;
  }
  return GG_OK;
}

/* The plies from the capture zones (ply 0) until a half grows nothing. */
static int seqPlies(GGCops *p, GGCopsSeq *q, int bFast, GGPoll *pPoll){
  SeqLayer *L = &q->aL[0];
  uint32_t nW = p->nWord, ply, w;
  uint64_t s;
  int bGrew, rc;
  for(s=0; s<L->nState; s++){                 /* ply 0 */
    uint64_t *cw = &L->aW[s*nW];
    memcpy(&q->aRw[s*nW], cw, nW*8);
    q->aStampR[s] = 0;
    L->aStamp[s] = 0;
    if( p->aRound ){
      for(w=0; w<nW; w++){
        uint64_t m = cw[w];
        while( m ){ p->aRound[s*p->n + w*64 + __builtin_ctzll(m)] = 0; m &= m-1; }
      }
    }
    if( gg_poll(pPoll, 4*(uint64_t)nW) ) return GG_INTERRUPT;
    if( p->captureTime<0 && seqFull(p, cw) ){
      uint32_t a[GG_AUT_MAXPT];
      p->captureTime = 0;
      seqUnrank(p, seqKeyOf(q, L, s), p->k, a);
      p->bestConf = gg_cops_rank(p, a);
    }
  }
  if( bFast && p->captureTime>=0 ) return GG_OK;
  for(ply=1; ; ply++){
    if( ply>=GG_COPS_NEVER ) return GG_TOOBIG;
    if( ply%2 ) rc = seqCopsHalf(p, q, ply, bFast, &bGrew, pPoll);
    else rc = seqRobberHalf(p, q, ply, &bGrew, pPoll);
    if( rc ) return rc;
    if( bFast && p->captureTime>=0 ) return GG_OK;
    if( !bGrew ) return GG_OK;
  }
}

int gg_cops_seq_solve(GGCops *p, const GGGraph *pG, int bSym, int bFast, const GGStop *pStop){
  GGCopsSeq *q = gg_malloc(sizeof(*q));
  GGPoll poll;
  uint32_t i;
  int rc;
  if( q==0 ) return GG_NOMEM;
  memset(q, 0, sizeof(*q));
  p->pSeq = q;
  q->k = p->k;
  q->lastConf = UINT64_MAX;
  gg_poll_init(&poll, pStop);
  if( bSym ){
    rc = gg_aut_build(&q->aut, pG, p->rules.bDirected, p->k, GG_COPS_SYM_MAXELT);
    if( rc==GG_TOOBIG ){ gg_aut_free(&q->aut); bSym = 0; }  /* too large: no symmetry */
    else if( rc ) return rc;
  }
  if( !bSym ){
    rc = gg_aut_build(&q->aut, pG, 0, p->k, 1);     /* the trivial group */
  }
  if( rc ) return rc;
  if( q->aut.nElt<=1 ){                 /* the trivial group: dense layers */
    q->bDense = 1;
    q->aL[0].nState = seqCount(p, p->k);
    for(i=1; i<p->k; i++) q->aL[i].nState = seqCount(p, i)*seqCount(p, p->k-i);
  }else{
    rc = seqConfigs(p, q, &poll);
    for(i=0; i<p->k && rc==GG_OK; i++) rc = seqSuccessors(p, q, i, &poll);
  }
  if( rc==GG_OK ) rc = seqSets(p, q, bFast, &poll);
  p->autOrder = q->aut.order;
  p->nSeqConf = q->aL[0].nState;
  for(i=0; i<p->k; i++) p->nSeqState += q->aL[i].nState;
  p->nSeqPos = q->nPos;
  if( rc==GG_OK ) rc = seqPlies(p, q, bFast, &poll);
  return rc;
}

void gg_cops_seq_free(GGCopsSeq *q){
  uint32_t i;
  if( q==0 ) return;
  for(i=0; i<GG_AUT_MAXPT; i++){
    SeqLayer *L = &q->aL[i];
    gg_free(L->aKey); gg_free(L->aHash); gg_free(L->aW); gg_free(L->aStamp);
    gg_free(L->aOff); gg_free(L->aSucc);
  }
  gg_free(q->aRw); gg_free(q->aStampR); gg_free(q->aX); gg_free(q->aT);
  gg_aut_free(&q->aut);
  gg_free(q);
}

int64_t gg_cops_seq_round(const GGCops *p, uint64_t conf, uint32_t r){
  GGCopsSeq *q = p->pSeq;
  if( q->bDense ){
    uint16_t t = p->aRound[conf*p->n + r];
    return t==GG_COPS_NEVER ? -1 : (int64_t)t;
  }
  if( conf!=q->lastConf ){
    uint32_t a[GG_AUT_MAXPT], c[GG_AUT_MAXPT];
    gg_cops_unrank(p, conf, a);
    if( gg_aut_canon(&q->aut, a, p->k, p->k, c, &q->lastElt) ) return -2;
    q->lastIdx = seqFind(&q->aL[0], seqRank(p, c, p->k));
    q->lastConf = conf;
  }
  if( q->lastIdx==UINT64_MAX ) return -2;
  {
    uint16_t t = p->aRound[q->lastIdx*p->n + gg_aut_map(&q->aut, q->lastElt, r)];
    return t==GG_COPS_NEVER ? -1 : (int64_t)t;
  }
}
