/*
** race_dist.c: the race to z solved from the distances to z (issue 35),
** into the same GGRace as the word-parallel engine (race.c), so that
** every reader (gg_race_get, the best move, the tables) is unchanged.
**
** With d the distance to z along the arcs (one BFS over the in-arcs),
** every position's value and plies follow from d(alice) and d(bob) (the
** nearer player walks a shortest path and cannot be blocked: race.h),
** but on two classes:
**
**   Alice to move, d(alice) < d(bob)      Alice wins in 2 d(alice) plies
**   Alice to move, d(bob) < d(alice)      Bob wins in 2 d(bob)
**   Bob to move, d(bob) <= d(alice)       Bob wins in 2 d(bob) - 1
**   Bob to move, d(alice) < d(bob) - 1    Alice wins in 2 d(alice) + 1
**   E_k: Alice to move, both at k         Alice wins in 2k, or a draw
**   B_k: Bob to move, Alice at k, Bob at k + 1
**                                         Alice wins in 2k + 1, or a draw
**   both unreachable                      a draw
**
** and the positions with a player on z, scored as the rules say.  In E_k
** and B_k both must step down a layer each turn (a step elsewhere loses
** the race), so they are a small game on the layers of the shortest
** paths, solved upward from z: E_k(a, b) is won by Alice iff some step
** a' of a down a layer has B_{k-1}(a', b) won; B_k(a, b) iff every step
** b' of b down a layer other than onto a has E_k(a, b') won (Bob is
** blocked when none is left).  E_1 and B_0 are draws (both reach z).
** The classes are bitsets per layer (rows a, bits b by rank in the
** layer); then each row of the result is written from d, 64 positions a
** word.  race.c takes this kernel when every entry fits and the classes are
** small (gg_race_solve_kernel, GG_RACE_DIST_MAX).
*/
#include <string.h>
#include "alloc.h"
#include "race.h"

#define RD_INF 0xffffffffu

/* The solve's scratch. */
typedef struct RdSolve RdSolve;
struct RdSolve {
  GGRace *p;           /* the result */
  const GGGraph *pG;   /* the board */
  uint32_t n, z;       /* nodes, the goal (dense ids) */
  uint32_t maxd;       /* the longest finite distance */
  uint32_t *aDist;     /* d of each node, RD_INF if z cannot be reached */
  uint32_t *aOrder;    /* the nodes by distance (the BFS order), reachable first */
  uint32_t *aLayer;    /* aOrder[aLayer[k] .. aLayer[k+1]-1]: the layer k */
  uint32_t *aRank;     /* a node's place in its layer */
  uint64_t *aE;        /* E_k rows from aEOff[k]: |L_k| rows of ceil(|L_k|/64) words */
  uint64_t *aB;        /* B_k rows from aBOff[k]: |L_k| rows of ceil(|L_k+1|/64) words */
  uint64_t *aEOff, *aBOff;
  GGPoll poll;         /* asks the GGStop */
};

#define RD_LEN(s, k) ((s)->aLayer[(k)+1] - (s)->aLayer[k])
#define RD_W(m) (((m) + 63)/64)

/* Whether E_k(a, b) (rd nodes a, b of layer k >= 1) is won by Alice. */
static int rdE(const RdSolve *s, uint32_t k, uint32_t a, uint32_t b){
  uint32_t rb = s->aRank[b];
  return (int)(s->aE[s->aEOff[k] + (uint64_t)s->aRank[a]*RD_W(RD_LEN(s, k)) + rb/64]>>(rb&63) & 1);
}
/* The layers: distances, the order, the ranks and the offsets of E, B. */
static int rdLayers(RdSolve *s){
  uint32_t n = s->n, i, k, nReach;
  uint64_t nE = 0, nB = 0;
  s->aDist = gg_malloc((uint64_t)n*4*3);
  if( s->aDist==0 ) return GG_NOMEM;
  s->aOrder = s->aDist + n;
  s->aRank = s->aOrder + n;
  s->maxd = gg_race_distances(s->pG, s->z, s->aDist, s->aOrder);
  /* the queue holds the reachable nodes by distance; then the others */
  for(i=0, nReach=0; i<n; i++) nReach += s->aDist[i]!=RD_INF;
  for(i=0, k=nReach; i<n; i++) if( s->aDist[i]==RD_INF ) s->aOrder[k++] = i;
  s->aLayer = gg_malloc(((uint64_t)s->maxd + 3)*4 + ((uint64_t)s->maxd + 2)*16);
  if( s->aLayer==0 ) return GG_NOMEM;
  s->aEOff = (uint64_t*)(s->aLayer + ((s->maxd + 2 + 1) & ~1u));
  s->aBOff = s->aEOff + s->maxd + 2;
  memset(s->aLayer, 0, ((uint64_t)s->maxd + 2)*4);
  for(i=0; i<nReach; i++) s->aLayer[s->aDist[s->aOrder[i]]+1]++;
  for(k=0; k<=s->maxd; k++) s->aLayer[k+1] += s->aLayer[k];
  for(i=0; i<nReach; i++){
    uint32_t v = s->aOrder[i];
    s->aRank[v] = i - s->aLayer[s->aDist[v]];
  }
  for(k=0; k<=s->maxd; k++){         /* E_0, E_1 and B_0 are draws: no room */
    s->aEOff[k] = nE;
    s->aBOff[k] = nB;
    if( k>1 ) nE += (uint64_t)RD_LEN(s, k)*RD_W(RD_LEN(s, k));
    if( k>0 && k<s->maxd ) nB += (uint64_t)RD_LEN(s, k)*RD_W(RD_LEN(s, k+1));
  }
  /* The other kernel (race.h) when a plies entry would not fit, or the
  ** classes would pass GG_RACE_DIST_MAX bytes */
  if( s->maxd>=(s->maxd<GG_RACE_PLY_NARROW ? GG_RACE_PLY_BIG8 : GG_RACE_PLY_BIG)
   || (nE + nB)*8>GG_RACE_DIST_MAX ) return GG_RACE_NOT_DIST;
  s->aE = gg_malloc((nE + nB + 1)*8);
  if( s->aE==0 ) return GG_NOMEM;
  s->aB = s->aE + nE;
  return gg_zero(s->aE, (nE + nB + 1)*8, &s->poll);   /* (500 MB at n = 80,000) */
}

/* The small game on the layers, upward from z: B_k from E_k, then
** E_{k+1} from B_k.  E_1 and B_0 stay draws. */
static int rdClasses(RdSolve *s){
  const GGGraph *pG = s->pG;
  uint32_t k, i, j;
  for(k=1; k<s->maxd; k++){
    uint32_t nNext = RD_LEN(s, k+1), wNext = RD_W(nNext);
    for(i=s->aLayer[k]; i<s->aLayer[k+1]; i++){          /* B_k: a at k */
      uint32_t a = s->aOrder[i];
      uint64_t *row = s->aB + s->aBOff[k] + (uint64_t)(i - s->aLayer[k])*wNext;
      for(j=s->aLayer[k+1]; j<s->aLayer[k+2]; j++){      /* b at k + 1 */
        uint32_t b = s->aOrder[j], rb = j - s->aLayer[k+1];
        uint64_t e;
        int bWon = 1;
        for(e=pG->aOff[b]; e<pG->aOff[b+1] && bWon; e++){
          uint32_t c = pG->aAdj[e];
          if( c!=a && s->aDist[c]==k && (k==1 || !rdE(s, k, a, c)) ) bWon = 0;   /* E_1: draws */
        }
        if( bWon ) row[rb/64] |= 1ULL<<(rb&63);
      }
      if( gg_poll(&s->poll, 1 + nNext) ) return GG_INTERRUPT;
    }
    for(i=s->aLayer[k+1]; i<s->aLayer[k+2]; i++){        /* E_{k+1}: a at k + 1 */
      uint32_t a = s->aOrder[i];
      uint64_t *row = s->aE + s->aEOff[k+1] + (uint64_t)(i - s->aLayer[k+1])*wNext;
      uint64_t e;
      for(e=pG->aOff[a]; e<pG->aOff[a+1]; e++){
        uint32_t c = pG->aAdj[e], w;
        const uint64_t *src;
        if( s->aDist[c]!=k ) continue;
        src = s->aB + s->aBOff[k] + (uint64_t)s->aRank[c]*wNext;
        for(w=0; w<wNext; w++) row[w] |= src[w];
      }
      if( gg_poll(&s->poll, 1 + wNext*(pG->aOff[a+1] - pG->aOff[a])) ) return GG_INTERRUPT;
    }
  }
  return GG_OK;
}

/* Bits [lo, hi) of a row set. */
static void rdSetRange(uint64_t *a, uint32_t lo, uint32_t hi){
  for(; lo<hi && (lo&63); lo++) a[lo/64] |= 1ULL<<(lo&63);
  for(; lo+64<=hi; lo+=64) a[lo/64] = ~0ULL;
  for(; lo<hi; lo++) a[lo/64] |= 1ULL<<(lo&63);
}

/* Entries [lo, hi) of a row (nByte bytes each) set to v, or copied from
** aFrom (the distances in the order of the engine's numbers). */
static void rdFill(void *a, int nByte, uint32_t lo, uint32_t hi, uint32_t v){
  uint32_t i;
  if( nByte==1 ){ if( hi>lo ) memset((uint8_t*)a + lo, (int)v, hi - lo); }
  else for(i=lo; i<hi; i++) ((uint16_t*)a)[i] = (uint16_t)v;
}
static void rdCopy(void *a, int nByte, uint32_t lo, uint32_t hi, const void *aFrom){
  if( hi>lo ) memcpy((uint8_t*)a + (uint64_t)lo*nByte, (const uint8_t*)aFrom + (uint64_t)lo*nByte,
                     (uint64_t)(hi - lo)*nByte);
}

/* Row x (the mover, an engine number: its place in the order by
** distance) of turn t: done and won bits, and the plies entries, in the
** order of the engine's numbers, from the ranges of the layers (race.h's
** table above: a prefix the other player wins, the classes, the rest).
** Returns the plies of the row's longest win, -1 if it has none. */
static int64_t rdRow(const RdSolve *s, int t, uint32_t x, uint64_t *aDone, uint64_t *aWin,
                     void *aEnt, const void *aDistEnt){
  uint32_t n = s->n, nReach = s->aLayer[s->maxd+1], k, lo, hi, i, nW = (n + 63)/64;
  int nByte = s->p->nPlyByte;
  int64_t longest;
  memset(aDone, 0, nW*8);
  memset(aWin, 0, nW*8);
  if( x>=nReach ){                          /* the mover cannot reach z */
    rdSetRange(aDone, 0, nReach);           /* the other wins, in d(y) */
    rdCopy(aEnt, nByte, 0, nReach, aDistEnt);
    rdFill(aEnt, nByte, nReach, n, 0);
    return nReach ? 2*(int64_t)s->maxd + t : -1;
  }
  k = s->aDist[s->aOrder[x]];
  if( t==GG_RACE_ALICE ){
    lo = s->aLayer[k]; hi = s->aLayer[k+1];
    rdSetRange(aDone, 0, lo);               /* nearer Bob wins, in 2 d(bob) */
    rdCopy(aEnt, nByte, 0, lo, aDistEnt);
    rdFill(aEnt, nByte, lo, n, k);          /* farther Bob loses, in 2k */
    rdSetRange(aDone, hi, n);
    rdSetRange(aWin, hi, n);
    if( k==0 ){                             /* (z, z): the arrival draw, decided */
      aDone[0] |= 1;
      return hi<n ? 0 : -1;
    }
    longest = hi<n ? 2*(int64_t)k : 2*(int64_t)k - 2;
    for(i=0; k>1 && i<hi - lo; i++){        /* E_k (E_1: draws) */
      uint64_t bit = s->aE[s->aEOff[k] + (uint64_t)(x - lo)*RD_W(hi - lo) + i/64]>>(i&63) & 1;
      aDone[(lo+i)/64] |= bit<<((lo+i)&63);
      aWin[(lo+i)/64] |= bit<<((lo+i)&63);
      if( bit ) longest = 2*(int64_t)k;
    }
    return longest;
  }
  if( k==0 ){                               /* Bob on z stays: he wins in 1 */
    rdSetRange(aDone, 1, n);
    rdSetRange(aWin, 1, n);
    rdFill(aEnt, nByte, 0, n, 0);
    return n>1 ? 1 : -1;
  }
  lo = s->aLayer[k-1]; hi = s->aLayer[k];
  rdSetRange(aDone, 0, lo);                 /* Alice two layers nearer wins */
  rdCopy(aEnt, nByte, 0, lo, aDistEnt);
  rdFill(aEnt, nByte, lo, hi, k-1);         /* B_{k-1}: Alice wins in 2(k-1)+1 */
  rdFill(aEnt, nByte, hi, n, k-1);          /* Bob as near or nearer wins */
  rdSetRange(aDone, hi, n);
  rdSetRange(aWin, hi, n);
  if( k>1 ){
    uint32_t rx = x - hi, w = RD_W(s->aLayer[k+1] - hi);
    const uint64_t *aB = s->aB + s->aBOff[k-1];
    for(i=0; i<hi - lo; i++){
      aDone[(lo+i)/64] |= (aB[(uint64_t)i*w + rx/64]>>(rx&63) & 1)<<((lo+i)&63);
    }
  }
  return 2*(int64_t)k - 1;                  /* Bob on x itself, or as near */
}

/* The result's arrays (the engine's numbers are the order by distance),
** then every row built and put into its bands. */
static int rdWrite(RdSolve *s){
  GGRace *p = s->p;
  uint32_t n = s->n, t, x, b, j, nW = p->nWord;
  uint64_t nBits = GG_RACE_BIT_SIZE(n, p->nBand);
  uint64_t *aRow;
  uint8_t *aEnt, *aDistEnt;
  p->nPlyByte = s->maxd<GG_RACE_PLY_NARROW ? 1 : 2;
  p->nPlyMark = p->nPlyByte==1 ? GG_RACE_PLY_BIG8 : GG_RACE_PLY_BIG;
  p->nPlyLast = n - 512*(p->nBand - 1);
  p->aPerm = gg_malloc(((uint64_t)n + 1)*4);
  p->apPly = gg_malloc((uint64_t)2*p->nBand*sizeof(uint8_t*));
  if( p->apPly ) memset(p->apPly, 0, (uint64_t)2*p->nBand*sizeof(uint8_t*));   /* (freed by
                                            ** gg_race_free, whatever fails next) */
  aRow = gg_malloc((uint64_t)2*8*p->nBand*8 + (uint64_t)2*n*p->nPlyByte);
  if( p->aPerm==0 || p->apPly==0 || aRow==0 ){ gg_free(aRow); return GG_NOMEM; }
  aEnt = (uint8_t*)(aRow + 2*8*p->nBand);
  aDistEnt = aEnt + (uint64_t)n*p->nPlyByte;
  for(x=0; x<n; x++){
    uint32_t d = s->aDist[s->aOrder[x]];
    p->aPerm[s->aOrder[x]] = x;
    if( p->nPlyByte==1 ) aDistEnt[x] = (uint8_t)d; else ((uint16_t*)aDistEnt)[x] = (uint16_t)d;
  }
  for(b=0; b<2*p->nBand; b++){
    uint64_t nCol = b%p->nBand==p->nBand-1 ? p->nPlyLast : 512;
    if( (p->apPly[b] = gg_malloc((uint64_t)n*nCol*p->nPlyByte))==0 ){ gg_free(aRow); return GG_NOMEM; }
  }
  for(t=0; t<2; t++){
    if( (p->aDone[t] = gg_malloc(nBits*8))==0 || (p->aWin[t] = gg_malloc(nBits*8))==0 ){
      gg_free(aRow);
      return GG_NOMEM;
    }
  }
  p->nPly = 0;
  for(t=0; t<2; t++){
    for(x=0; x<n; x++){
      uint64_t *aD = aRow, *aW = aRow + 8*p->nBand;   /* (rdRow clears them) */
      int64_t longest = rdRow(s, (int)t, x, aD, aW, aEnt, aDistEnt);
      if( longest>(int64_t)p->nPly ) p->nPly = (uint32_t)longest;
      for(j=0; j<8*p->nBand; j++){
        p->aDone[t][GG_RACE_BIT(n, x, j)] = j<nW ? aD[j] : 0;
        p->aWin[t][GG_RACE_BIT(n, x, j)] = j<nW ? aW[j] : 0;
      }
      for(b=0; b<p->nBand; b++){
        uint32_t nCol = b+1<p->nBand ? 512 : p->nPlyLast;
        memcpy(gg_race_ply_at(p, (int)t, x, b*512), aEnt + (uint64_t)b*512*p->nPlyByte,
               (uint64_t)nCol*p->nPlyByte);
      }
      if( gg_poll(&s->poll, nW + n/64) ){ gg_free(aRow); return GG_INTERRUPT; }
    }
  }
  gg_free(aRow);
  return GG_OK;
}

int gg_race_solve_dist(GGRace *p, const GGGraph *pG, uint32_t z, const GGStop *pStop){
  RdSolve s;
  int rc;
  memset(p, 0, sizeof(*p));
  p->pG = pG;
  p->n = pG->n;
  p->z = z;
  p->nWord = (pG->n + 63)/64;
  p->nBand = (p->nWord + 7)/8;
  memset(&s, 0, sizeof(s));
  s.p = p;
  s.pG = pG;
  s.n = pG->n;
  s.z = z;
  gg_poll_init(&s.poll, pStop);
  rc = rdLayers(&s);
  if( rc==GG_OK ) rc = rdClasses(&s);
  if( rc==GG_OK ) rc = rdWrite(&s);
  gg_free(s.aE);
  gg_free(s.aLayer);
  gg_free(s.aDist);
  return rc;
}
