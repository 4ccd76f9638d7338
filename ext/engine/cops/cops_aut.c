/*
** cops_aut.c: the automorphism group of a graph from nauty (its elements
** enumerated in cops_aut_group.c), the tree of stabilizers, and canonical
** forms of a few points under it (see cops_aut.h).
**
** nauty reports generators through its userautomproc callback, which has
** no user pointer: they are collected through a thread-local pointer, so
** two solves on two threads do not mix them (the Debian library is built
** with thread-local storage: NAUTYVERSIONID is odd).
*/
#include <string.h>
#include "alloc.h"
#include "common.h"
#include "cops_aut_int.h"

#ifdef GG_HAVE_NAUTY
#include <dlfcn.h>
#include <pthread.h>
#include <nauty.h>
#endif

struct GGAutNode {
  uint32_t nElt;          /* the subgroup fixing this node's points */
  uint32_t *aElt;         /*   its elements (indices into aPerm) */
  uint16_t *aMin;         /* [x]: the least point of x's orbit */
  uint32_t *aTr;          /* [x]: an element of the subgroup taking x to aMin[x] */
  GGAutNode **apChild;    /* [m]: the node that also fixes m (orbit minima only) */
};

typedef struct AutCand AutCand;
struct AutCand {
  GGAutNode *pNode;
  uint32_t nTau;
  uint32_t aTau[GG_AUT_MAXPT];   /* the elements applied, in order */
  uint16_t aT[GG_AUT_MAXPT];     /* the points left, each phase sorted */
};
#define AUT_BEAM 2048             /* most candidates of one step */

/* --- nauty --- */

#ifdef GG_HAVE_NAUTY
static _Thread_local AutGens *tlGens;

static void autGen(int count, int *perm, int *orbits, int numorbits, int stabvertex, int n){
  AutGens *g = tlGens;
  uint32_t x;
  (void)count; (void)orbits; (void)numorbits;
  if( g==0 || g->bNoMem ) return;
  if( g->nGen==g->nAlloc ){
    uint32_t nNew = g->nAlloc ? 2*g->nAlloc : 16;
    uint16_t *a = gg_malloc((uint64_t)nNew*g->n*sizeof(uint16_t));
    if( a==0 ){ g->bNoMem = 1; return; }
    if( g->aGen ) memcpy(a, g->aGen, (uint64_t)g->nGen*g->n*sizeof(uint16_t));
    gg_free(g->aGen);
    g->aGen = a;
    g->nAlloc = nNew;
  }
  for(x=0; x<(uint32_t)n; x++) g->aGen[(uint64_t)g->nGen*g->n + x] = (uint16_t)perm[x];
  g->nGen++;
  if( g->nBase<64 && (g->nBase==0 || g->aBase[63-g->nBase+1]!=(uint32_t)stabvertex) ){
    g->aBase[63 - g->nBase++] = (uint32_t)stabvertex;   /* filled from the end */
  }
}

/* nauty's library, loaded at run time (dlopen), so that the extension
** loads on a machine without it (its groups are then trivial: the plain
** solve's answers, without the speed-up); the build needs only nauty's
** headers. */
typedef void (*AutNautyFn)(graph*, int*, int*, set*, int*, optionblk*, statsblk*, setword*,
                           int, int, int, graph*);
static struct {
  AutNautyFn xNauty;             /* nauty(), or NULL: no library */
  void (*axFree[3])(void);       /* nauty_freedyn, nautil_freedyn, naugraph_freedyn */
  dispatchvec *pDispatch;        /* dispatch_graph */
} autLib;
static pthread_once_t autLibOnce = PTHREAD_ONCE_INIT;

static void autLibLoad(void){
  static const char *const azFree[3] = { "nauty_freedyn", "nautil_freedyn",
                                         "naugraph_freedyn" };
  void *h = dlopen("libnauty.so.2", RTLD_NOW|RTLD_LOCAL);
  int i;
  if( h==0 ) return;
  for(i=0; i<3; i++) *(void**)&autLib.axFree[i] = dlsym(h, azFree[i]);
  autLib.pDispatch = (dispatchvec*)dlsym(h, "dispatch_graph");
  *(void**)&autLib.xNauty = dlsym(h, "nauty");
  if( !autLib.axFree[0] || !autLib.axFree[1] || !autLib.axFree[2] || !autLib.pDispatch ){
    autLib.xNauty = 0;
  }
}

/* v's row of g (m words a row) gets w, in nauty's order of bits (the
** most significant first), without nauty's table of bits. */
#define AUT_ADD(g, m, v, w) \
  ((g)[(uint64_t)(m)*(v) + (w)/WORDSIZE] |= (setword)1 << (WORDSIZE-1-(w)%WORDSIZE))

/* nauty on pG: the order into *pOrder, the generators into pGens (if not
** NULL); without nauty's library, the order 1 and no generators. */
static int autNauty(const GGGraph *pG, int bDirected, double *pOrder, AutGens *pGens){
  int n = (int)pG->n, m = SETWORDSNEEDED(n), i, rc = GG_OK;
  uint32_t v, j;
  uint64_t nWork = 200*(uint64_t)m;
  graph *g;
  int *lab;
  setword *work;
  statsblk stats;
  optionblk options;
  pthread_once(&autLibOnce, autLibLoad);
  if( autLib.xNauty==0 ){ *pOrder = 1; return GG_OK; }
  g = gg_malloc((uint64_t)m*n*sizeof(graph));
  lab = gg_malloc(3*(uint64_t)n*sizeof(int));
  work = gg_malloc(nWork*sizeof(setword));
  if( g==0 || lab==0 || work==0 ){ rc = GG_NOMEM; goto done; }
  memset(g, 0, (uint64_t)m*n*sizeof(graph));
  for(v=0; v<pG->n; v++){
    for(j=0; j<GG_DEG(pG, v); j++){
      uint32_t w = GG_NBR(pG, v)[j];
      if( w==v ) continue;
      AUT_ADD(g, m, v, w);
      if( !bDirected ) AUT_ADD(g, m, w, v);
    }
  }
  /* DEFAULTOPTIONS_GRAPH, field by field: its initializer names
  ** dispatch_graph, which is the library's (looked up above) */
  memset(&options, 0, sizeof(options));
  options.defaultptn = TRUE;
  options.linelength = CONSOLWIDTH;
  options.tc_level = 100;
  options.mininvarlevel = 0;
  options.maxinvarlevel = 1;
  options.dispatch = autLib.pDispatch;
  options.digraph = bDirected ? TRUE : FALSE;
  options.userautomproc = pGens ? autGen : 0;
  tlGens = pGens;
  autLib.xNauty(g, lab, lab+n, 0, lab+2*n, &options, &stats, work, (int)nWork, m, n, 0);
  tlGens = 0;
  for(i=0; i<3; i++) autLib.axFree[i]();
  if( stats.errstatus ){ rc = GG_NOMEM; goto done; }
  *pOrder = stats.grpsize1;
  for(i=0; i<stats.grpsize2; i++) *pOrder *= 10;
  if( pGens && pGens->bNoMem ) rc = GG_NOMEM;
done:
  gg_free(g);
  gg_free(lab);
  gg_free(work);
  return rc;
}
#endif

int gg_aut_library(void){
#ifdef GG_HAVE_NAUTY
  pthread_once(&autLibOnce, autLibLoad);
  return autLib.xNauty!=0;
#else
  return -1;
#endif
}

int gg_aut_order(const GGGraph *pG, int bDirected, double *pOrder){
  *pOrder = 1;
#ifdef GG_HAVE_NAUTY
  if( pG->n>1 ) return autNauty(pG, bDirected, pOrder, 0);
#else
  (void)pG; (void)bDirected;
#endif
  return GG_OK;
}

/* --- the tree of stabilizers --- */

static GGAutNode *autNodeNew(GGAut *p, uint32_t nElt){
  GGAutNode *q = gg_malloc(sizeof(*q));
  if( q==0 ) return 0;
  memset(q, 0, sizeof(*q));
  if( p->nNode==p->nNodeAlloc ){
    uint32_t nNew = p->nNodeAlloc ? 2*p->nNodeAlloc : 64;
    GGAutNode **a = gg_malloc((uint64_t)nNew*sizeof(*a));
    if( a==0 ){ gg_free(q); return 0; }
    if( p->apNode ) memcpy(a, p->apNode, p->nNode*sizeof(*a));
    gg_free(p->apNode);
    p->apNode = a;
    p->nNodeAlloc = nNew;
  }
  p->apNode[p->nNode++] = q;
  q->nElt = nElt;
  q->aElt = gg_malloc((uint64_t)nElt*sizeof(uint32_t));
  q->aMin = gg_malloc((uint64_t)p->n*sizeof(uint16_t));
  q->aTr = gg_malloc((uint64_t)p->n*sizeof(uint32_t));
  q->apChild = gg_malloc((uint64_t)p->n*sizeof(GGAutNode*));
  if( !q->aElt || !q->aMin || !q->aTr || !q->apChild ) return 0;
  memset(q->apChild, 0, (uint64_t)p->n*sizeof(GGAutNode*));
  return q;
}

/* The orbits of node q's subgroup: least points and elements to them. */
static void autOrbits(const GGAut *p, GGAutNode *q){
  uint32_t x, i, n = p->n;
  for(x=0; x<n; x++){ q->aMin[x] = (uint16_t)x; q->aTr[x] = 0; }
  for(i=0; i<q->nElt; i++){
    const uint16_t *a = &p->aPerm[(uint64_t)q->aElt[i]*n];
    for(x=0; x<n; x++) if( a[x]<q->aMin[x] ){ q->aMin[x] = a[x]; q->aTr[x] = q->aElt[i]; }
  }
}

/* The orbits of the whole group (the root) from nauty's generators,
** breadth first from each least point not yet reached: n compositions and
** look-ups, not every element times n.  An element taking z = g(y) to
** the orbit's least point is the one of y after g's inverse.  GG_OK or
** GG_NOMEM. */
static int autOrbitsGen(GGAut *p, GGAutNode *q, const AutGens *pGens){
  uint32_t n = p->n, nGen = pGens->nGen, x, i, g, head, tail;
  uint16_t *aInvG = gg_malloc(((uint64_t)nGen + 1)*n*sizeof(uint16_t) + (uint64_t)n*4);
  uint16_t *t, *aQ;
  if( aInvG==0 ) return GG_NOMEM;
  t = aInvG + (uint64_t)nGen*n;
  aQ = t + n;
  for(g=0; g<nGen; g++){
    const uint16_t *a = &pGens->aGen[(uint64_t)g*n];
    for(x=0; x<n; x++) aInvG[(uint64_t)g*n + a[x]] = (uint16_t)x;
  }
  for(x=0; x<n; x++) q->aMin[x] = UINT16_MAX;
  for(x=0; x<n; x++){
    if( q->aMin[x]!=UINT16_MAX ) continue;
    q->aMin[x] = (uint16_t)x;
    q->aTr[x] = 0;
    head = tail = 0;
    aQ[tail++] = (uint16_t)x;
    while( head<tail ){
      uint32_t y = aQ[head++];
      for(g=0; g<nGen; g++){
        uint32_t z = pGens->aGen[(uint64_t)g*n + y];
        const uint16_t *ty, *gi;
        if( q->aMin[z]!=UINT16_MAX ) continue;
        ty = &p->aPerm[(uint64_t)q->aTr[y]*n];
        gi = &aInvG[(uint64_t)g*n];
        for(i=0; i<n; i++) t[i] = ty[gi[i]];
        q->aMin[z] = (uint16_t)x;
        q->aTr[z] = gg_aut_find(p, t);
        aQ[tail++] = (uint16_t)z;
      }
    }
  }
  gg_free(aInvG);
  return GG_OK;
}

/* The subtree under q (at depth d): a child for each orbit minimum m
** that q's subgroup moves, while more points may follow.  The root's
** orbits come from nauty's generators (pGens). */
static int autTree(GGAut *p, GGAutNode *q, uint32_t d, GGAutNode *pTrivial, uint64_t *pnBudget,
                   const AutGens *pGens){
  uint32_t m, i, n = p->n;
  if( q==pTrivial ) return GG_OK;
  if( d==0 && pGens->nGen ){
    if( autOrbitsGen(p, q, pGens) ) return GG_NOMEM;
  }else{
    autOrbits(p, q);
  }
  for(m=0; m<n; m++){
    uint32_t nFix = 0;
    GGAutNode *c;
    int rc;
    if( q->aMin[m]!=m ) continue;
    if( d+1>=p->nPt ){ q->apChild[m] = q; continue; }   /* not followed: any */
    for(i=0; i<q->nElt; i++) if( gg_aut_map(p, q->aElt[i], m)==m ) nFix++;
    if( nFix==q->nElt ){ q->apChild[m] = q; continue; }
    if( nFix==1 ){ q->apChild[m] = pTrivial; continue; }
    if( *pnBudget<nFix ) return GG_TOOBIG;
    *pnBudget -= nFix;
    c = autNodeNew(p, nFix);
    if( c==0 ) return GG_NOMEM;
    for(i=0, nFix=0; i<q->nElt; i++) if( gg_aut_map(p, q->aElt[i], m)==m ) c->aElt[nFix++] = q->aElt[i];
    q->apChild[m] = c;
    rc = autTree(p, c, d+1, pTrivial, pnBudget, pGens);
    if( rc ) return rc;
  }
  return GG_OK;
}

/* The tree of stabilizers: the trivial node, the root (the group), and
** below it (autTree), with a budget of nBudget elements in its nodes. */
static int autTrees(GGAut *p, const AutGens *pGens, uint64_t nBudget){
  GGAutNode *pTrivial = autNodeNew(p, 1);
  uint32_t x, e;
  if( pTrivial==0 ) return GG_NOMEM;
  pTrivial->aElt[0] = 0;
  for(x=0; x<p->n; x++){ pTrivial->aMin[x] = (uint16_t)x; pTrivial->aTr[x] = 0; pTrivial->apChild[x] = pTrivial; }
  if( p->nElt==1 ){ p->pRoot = pTrivial; return GG_OK; }
  p->pRoot = autNodeNew(p, p->nElt);
  if( p->pRoot==0 ) return GG_NOMEM;
  for(e=0; e<p->nElt; e++) p->pRoot->aElt[e] = e;
  return autTree(p, p->pRoot, 0, pTrivial, &nBudget, pGens);
}

int gg_aut_build(GGAut *p, const GGGraph *pG, int bDirected, uint32_t nPt, uint64_t mxElt){
  AutGens gens;
  int rc = GG_OK;
  memset(p, 0, sizeof(*p));
  p->n = pG->n;
  p->nPt = nPt;
  p->order = 1;
  if( pG->n==0 || pG->n>65535 || nPt>GG_AUT_MAXPT || nPt==0 ) return GG_TOOBIG;
  p->aComp = gg_malloc((uint64_t)p->n*sizeof(uint16_t));
  p->pBeam = gg_malloc(2*AUT_BEAM*sizeof(AutCand));
  if( !p->aComp || !p->pBeam ) return GG_NOMEM;
  memset(&gens, 0, sizeof(gens));
  gens.n = p->n;
#ifdef GG_HAVE_NAUTY
  if( p->n>1 && mxElt>1 ) rc = autNauty(pG, bDirected, &p->order, &gens);
#else
  (void)bDirected;
#endif
  if( rc==GG_OK && p->order>(double)mxElt ) rc = GG_TOOBIG;
  if( rc==GG_OK ) rc = gg_aut_close(p, &gens, (uint32_t)(p->order+0.5));
  if( rc==GG_OK ) rc = autTrees(p, &gens, 16*mxElt);
  gg_free(gens.aGen);
  return rc;
}

const GGAutNode *gg_aut_stab(const GGAut *p, const uint32_t *aPt, uint32_t nPt){
  const GGAutNode *q = p->pRoot;
  uint32_t i;
  if( q==0 || nPt>=p->nPt ) return 0;
  for(i=0; i<nPt; i++){
    if( aPt[i]>=p->n || q->aMin[aPt[i]]!=aPt[i] ) return 0;
    q = q->apChild[aPt[i]];
  }
  return q;
}

uint32_t gg_aut_node_min(const GGAutNode *q, uint32_t v){
  return q->aMin[v];
}

void gg_aut_free(GGAut *p){
  uint32_t i;
  for(i=0; i<p->nNode; i++){
    GGAutNode *q = p->apNode[i];
    gg_free(q->aElt); gg_free(q->aMin); gg_free(q->aTr); gg_free(q->apChild);
    gg_free(q);
  }
  gg_free(p->apNode);
  gg_free(p->aPerm);
  gg_free(p->aInv);
  gg_free(p->aHash);
  gg_free(p->pBeam);
  gg_free(p->aComp);
  memset(p, 0, sizeof(*p));
}

/* --- canonical forms --- */

static void autSort(uint16_t *a, uint32_t k){
  uint32_t i, j;
  for(i=1; i<k; i++){
    uint16_t x = a[i];
    for(j=i; j>0 && a[j-1]>x; j--) a[j] = a[j-1];
    a[j] = x;
  }
}

/* Whether the first k points of a and b are the same (a few: no call). */
static int autSamePts(const uint16_t *a, const uint16_t *b, uint32_t k){
  uint32_t i;
  for(i=0; i<k; i++) if( a[i]!=b[i] ) return 0;
  return 1;
}

int gg_aut_canon(GGAut *p, const uint32_t *aIn, uint32_t nA, uint32_t nPt, uint32_t *aOut,
                 uint32_t *pElt){
  AutCand *aCur = (AutCand*)p->pBeam, *aNext = aCur + AUT_BEAM, *t;
  uint32_t nCur = 1, nNext, nRemA = nA, nRem = nPt, step, c, j, iB;
  uint16_t *comp = p->aComp;
  if( p->nElt<=1 ){                     /* the trivial group: sort each phase */
    uint16_t a[GG_AUT_MAXPT];
    for(j=0; j<nPt; j++) a[j] = (uint16_t)aIn[j];
    autSort(a, nA); autSort(a+nA, nPt-nA);
    for(j=0; j<nPt; j++) aOut[j] = a[j];
    *pElt = 0;
    return GG_OK;
  }
  aCur[0].pNode = p->pRoot;
  aCur[0].nTau = 0;
  for(j=0; j<nPt; j++) aCur[0].aT[j] = (uint16_t)aIn[j];
  autSort(aCur[0].aT, nA); autSort(aCur[0].aT+nA, nPt-nA);
  for(step=0; step<nPt; step++){
    uint32_t hi = nRemA>0 ? nRemA : nRem, m = UINT32_MAX;
    for(c=0; c<nCur; c++){
      for(j=0; j<hi; j++){
        uint32_t y = aCur[c].pNode->aMin[aCur[c].aT[j]];
        if( y<m ) m = y;
      }
    }
    aOut[step] = m;
    nNext = 0;
    for(c=0; c<nCur; c++){
      const GGAutNode *q = aCur[c].pNode;
      for(j=0; j<hi; j++){
        uint32_t tau, i, d;
        AutCand *z;
        if( q->aMin[aCur[c].aT[j]]!=m || (j>0 && aCur[c].aT[j]==aCur[c].aT[j-1]) ) continue;
        if( nNext==AUT_BEAM ) return GG_TOOBIG;
        z = &aNext[nNext];
        tau = q->aTr[aCur[c].aT[j]];
        z->pNode = q->apChild[m];
        z->nTau = aCur[c].nTau;
        memcpy(z->aTau, aCur[c].aTau, z->nTau*sizeof(uint32_t));
        if( tau ) z->aTau[z->nTau++] = tau;
        for(i=0, d=0; i<nRem; i++){
          if( i==j ) continue;
          z->aT[d++] = (uint16_t)gg_aut_map(p, tau, aCur[c].aT[i]);
        }
        if( nRemA>0 ){ autSort(z->aT, nRemA-1); autSort(z->aT+nRemA-1, nRem-nRemA); }
        else autSort(z->aT, nRem-1);
        for(i=0; i<nNext; i++){         /* a repeat: the same node and points */
          if( aNext[i].pNode==z->pNode && autSamePts(aNext[i].aT, z->aT, nRem-1) ) break;
        }
        if( i==nNext ) nNext++;
      }
    }
    t = aCur; aCur = aNext; aNext = t;
    nCur = nNext;
    if( nRemA>0 ) nRemA--;
    nRem--;
  }
  /* g = the winner's elements composed, first applied first: only its
  ** images of the base when there is one (they name it) */
  if( aCur[0].nTau==0 ){ *pElt = 0; return GG_OK; }
  for(iB=0; iB<(p->nBase ? p->nBase : p->n); iB++){
    uint32_t y0 = p->nBase ? p->aBase[iB] : iB, y = y0;
    for(j=0; j<aCur[0].nTau; j++) y = gg_aut_map(p, aCur[0].aTau[j], y);
    comp[y0] = (uint16_t)y;
  }
  *pElt = gg_aut_find(p, comp);
  return GG_OK;
}
