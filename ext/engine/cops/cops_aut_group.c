/*
** cops_aut_group.c: the elements of the automorphism group (cops_aut.h),
** from nauty's generators (cops_aut.c asks nauty): the products of the
** transversals of their chain of stabilizers along nauty's base, each a
** new element, when the orbits' sizes multiply to the order; else their
** closure, breadth first, each product looked up.  A hash table finds an
** element by its images of the base (by all its images without one), and
** the inverses are found when first asked.
*/
#include <string.h>
#include "alloc.h"
#include "common.h"
#include "cops_aut_int.h"

/* Add the permutation a if new (room for it is there). */
static void autAdd(GGAut *p, const uint16_t *a){
  uint32_t s = autSlot(p, a);
  while( p->aHash[s] ){
    uint32_t e = p->aHash[s]-1;
    if( autSame(p, e, a) ) return;
    s = (s+1) & (p->nHash-1);
  }
  memcpy(&p->aPerm[(uint64_t)p->nElt*p->n], a, p->n*sizeof(uint16_t));
  p->aHash[s] = ++p->nElt;
}

/* Add the permutation a, known not to be there yet (room for it is there). */
static void autInsert(GGAut *p, const uint16_t *a){
  uint32_t s = autSlot(p, a);
  while( p->aHash[s] ) s = (s+1) & (p->nHash-1);
  memcpy(&p->aPerm[(uint64_t)p->nElt*p->n], a, p->n*sizeof(uint16_t));
  p->aHash[s] = ++p->nElt;
}

/* The stabilizer chain of nauty's generators (a strong generating set:
** Seress, "Permutation Group Algorithms", 2003, ch. 4).  Level i has a
** base point b_i and the generators that fix b_1..b_{i-1}; aU holds, for
** each point y of b_i's orbit under them, an element u taking b_i to y
** (the transversal, b_i's own the identity, first). */
typedef struct AutChain AutChain;
struct AutChain {
  uint32_t nLevel;        /* levels */
  uint32_t aLen[64];      /* orbit sizes (the transversals') */
  uint16_t aB[64];        /* the base points */
  uint16_t *aU[64];       /* per level, aLen[i] elements of n points */
};

static void autChainFree(AutChain *c){
  uint32_t i;
  for(i=0; i<c->nLevel; i++) gg_free(c->aU[i]);
  c->nLevel = 0;
}

/* Whether the generators aS[0..nS-1] all fix point b. */
static int autFixedByAll(const AutGens *pGens, const uint32_t *aS, uint32_t nS, uint32_t b){
  uint32_t i;
  for(i=0; i<nS; i++) if( pGens->aGen[(uint64_t)aS[i]*pGens->n + b]!=b ) return 0;
  return 1;
}

/* Level c->nLevel from the generators aS[0..nS-1] (indices into pGens):
** the base point they leave most of them fixing (nauty's generators fix
** its base's first points, the deeper ones more of them; the least such
** point on a tie), its orbit and transversal; aS keeps those that fix it.
** GG_OK, GG_NOMEM or GG_TOOBIG (64 levels). */
static int autChainLevel(AutChain *c, const AutGens *pGens, uint32_t *aS, uint32_t *pnS,
                         uint16_t *aSeen, uint16_t *aOrb, uint32_t bHint){
  uint32_t n = pGens->n, nS = *pnS, x, i, bBest = 0, nBest = 0, nOrb = 1, nAlloc = 16, j;
  int bAny = 0;
  uint16_t *aU;
  if( c->nLevel==64 ) return GG_TOOBIG;
  for(x=0; x<n; x++){
    uint32_t nFix = 0;
    for(i=0; i<nS; i++) nFix += pGens->aGen[(uint64_t)aS[i]*n + x]==x;
    if( nFix<nS && (!bAny || nFix>nBest || x==bHint) ){ bAny = 1; bBest = x; nBest = nFix; }
    if( bAny && bBest==bHint ) break;
  }
  memset(aSeen, 0, n*sizeof(uint16_t));
  aOrb[0] = (uint16_t)bBest;
  aSeen[bBest] = 1;
  if( nAlloc>n ) nAlloc = n;
  aU = gg_malloc((uint64_t)nAlloc*n*sizeof(uint16_t));
  if( aU==0 ) return GG_NOMEM;
  c->aB[c->nLevel] = (uint16_t)bBest;
  c->aU[c->nLevel++] = aU;
  for(x=0; x<n; x++) aU[x] = (uint16_t)x;
  for(j=0; j<nOrb; j++){                  /* breadth first over the orbit */
    const uint16_t *uz = aU + (uint64_t)j*n;
    for(i=0; i<nS; i++){
      const uint16_t *g = &pGens->aGen[(uint64_t)aS[i]*n];
      uint32_t y = g[aOrb[j]];
      uint16_t *uy;
      if( aSeen[y] ) continue;
      if( nOrb==nAlloc ){                 /* twice the room (at most n) */
        uint32_t nNew = 2*nAlloc>n ? n : 2*nAlloc;
        uint16_t *a = gg_malloc((uint64_t)nNew*n*sizeof(uint16_t));
        if( a==0 ) return GG_NOMEM;
        memcpy(a, aU, (uint64_t)nOrb*n*sizeof(uint16_t));
        gg_free(aU);
        c->aU[c->nLevel-1] = aU = a;
        uz = aU + (uint64_t)j*n;
        nAlloc = nNew;
      }
      aSeen[y] = 1;
      aOrb[nOrb] = (uint16_t)y;
      uy = aU + (uint64_t)nOrb*n;
      for(x=0; x<n; x++) uy[x] = g[uz[x]];   /* g after u_z: b to y */
      nOrb++;
    }
  }
  c->aLen[c->nLevel-1] = nOrb;
  for(i=0, j=0; i<nS; i++){
    if( pGens->aGen[(uint64_t)aS[i]*n + bBest]==bBest ) aS[j++] = aS[i];
  }
  *pnS = j;
  return GG_OK;
}

/* Every product u_1 u_2 ... u_m of the chain's transversals (u_m applied
** first), depth first from level i with the product so far aP: each is
** a new element (u_1 is fixed by its image of b_1, since the later ones
** fix b_1; and so on down), so none is looked for before it is added. */
static void autChainEnum(GGAut *p, const AutChain *c, uint32_t i, const uint16_t *aP,
                         uint16_t *aScratch){
  uint32_t n = p->n, j, x;
  uint16_t *aQ = aScratch + (uint64_t)i*n;
  if( i==c->nLevel ){ autInsert(p, aP); return; }
  for(j=0; j<c->aLen[i]; j++){
    const uint16_t *u = c->aU[i] + (uint64_t)j*n;
    for(x=0; x<n; x++) aQ[x] = aP[u[x]];
    autChainEnum(p, c, i+1, aQ, aScratch);
  }
}

/* The group from the chain of nauty's generators when the orbits'
** sizes multiply to nOrder (they then give every element once); else 0
** elements and GG_OK (the closure below does it).  GG_OK or GG_NOMEM. */
static int autFromChain(GGAut *p, const AutGens *pGens, uint32_t nOrder){
  AutChain c;
  uint32_t n = p->n, nS = pGens->nGen, i, x, iB = 64 - pGens->nBase;
  uint32_t *aS = gg_malloc((uint64_t)(nS+1)*sizeof(uint32_t));
  uint16_t *aTmp = gg_malloc((uint64_t)(2+65)*n*sizeof(uint16_t));
  double nProd = 1;
  int rc = GG_OK;
  memset(&c, 0, sizeof(c));
  if( aS==0 || aTmp==0 ){ rc = GG_NOMEM; goto done; }
  for(i=0; i<nS; i++) aS[i] = i;
  while( nS>0 && rc==GG_OK ){
    /* nauty's next base point that the generators left move */
    while( iB<64 && autFixedByAll(pGens, aS, nS, pGens->aBase[iB]) ) iB++;
    rc = autChainLevel(&c, pGens, aS, &nS, aTmp, aTmp + n,
                       iB<64 ? pGens->aBase[iB] : UINT32_MAX);
    if( rc==GG_OK ) nProd *= c.aLen[c.nLevel-1];
  }
  if( rc==GG_TOOBIG ) rc = GG_OK;        /* the closure does it */
  else if( rc==GG_OK && nProd==(double)nOrder ){
    uint16_t *aId = aTmp + n;
    for(x=0; x<n; x++) aId[x] = (uint16_t)x;
    for(i=0; i<c.nLevel; i++) p->aBase[i] = c.aB[i];
    p->nBase = c.nLevel;                   /* (the look-ups from now on) */
    autChainEnum(p, &c, 0, aId, aTmp + 2*n);
  }
done:
  autChainFree(&c);
  gg_free(aS);
  gg_free(aTmp);
  return rc;
}

/* The closure of the generators: every product, breadth first, until
** nOrder elements are found (then every element of the group is: each is
** a product of nauty's generators, and nauty's order is exact), or the
** products run out short of it (GG_TOOBIG: never seen). */
int gg_aut_close(GGAut *p, const AutGens *pGens, uint32_t nOrder){
  uint32_t n = p->n, x, e, s;
  uint16_t *t = p->aComp;
  for(p->nHash=2; p->nHash<2*nOrder; p->nHash*=2){}
  p->aPerm = gg_malloc((uint64_t)nOrder*n*sizeof(uint16_t));
  p->aHash = gg_malloc((uint64_t)p->nHash*sizeof(uint32_t));
  p->aInv = gg_malloc((uint64_t)nOrder*sizeof(uint32_t));
  if( !p->aPerm || !p->aHash || !p->aInv ) return GG_NOMEM;
  memset(p->aHash, 0, (uint64_t)p->nHash*sizeof(uint32_t));
  if( GG_AUT_CHAIN && pGens && pGens->nGen && nOrder>1 ){
    int rc = autFromChain(p, pGens, nOrder);
    if( rc ) return rc;
  }
  if( p->nElt==0 ){                      /* the closure, from the identity */
    for(x=0; x<n; x++) t[x] = (uint16_t)x;
    autAdd(p, t);
  }
  for(e=0; e<p->nElt && p->nElt<nOrder; e++){
    for(s=0; pGens && s<pGens->nGen && p->nElt<nOrder; s++){
      const uint16_t *g = &pGens->aGen[(uint64_t)s*n], *a = &p->aPerm[(uint64_t)e*n];
      for(x=0; x<n; x++) t[x] = g[a[x]];
      autAdd(p, t);
    }
  }
  if( p->nElt!=nOrder ) return GG_TOOBIG;
  memset(p->aInv, 0xff, (uint64_t)nOrder*sizeof(uint32_t));   /* (gg_aut_inv) */
  return GG_OK;
}

uint32_t gg_aut_inv(GGAut *p, uint32_t e){
  if( p->aInv[e]==UINT32_MAX ){
    const uint16_t *a = &p->aPerm[(uint64_t)e*p->n];
    uint16_t *t = p->aComp;
    uint32_t x, f;
    for(x=0; x<p->n; x++) t[a[x]] = (uint16_t)x;
    f = gg_aut_find(p, t);
    p->aInv[e] = f;
    p->aInv[f] = e;
  }
  return p->aInv[e];
}
