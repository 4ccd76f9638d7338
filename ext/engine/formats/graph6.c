/*
** graph6.c: graph6 and digraph6 strings, parsed and written (see
** graph6.h).
**
** Bit b of the edge data is x(i, j) with b = j*(j-1)/2 + i, i < j (in
** digraph6: b = i*n + j, any i, j); it is bit 5 - b%6 of edge byte b/6
** (minus 63).  Parsing checks every byte and the length once, so walking
** the edges needs no checks.  The two formats share the parser (a
** G6Kind says which), the size header, the bit walk and the bit reader.
*/
#include <stdio.h>
#include <string.h>
#include "graph6.h"

#define G6_PREFIX ">>graph6<<"
#define DG6_PREFIX ">>digraph6<<"

/* Bytes of edge data for n nodes. */
static uint64_t g6DataBytes(uint64_t n){
  return (n*(n-1)/2 + 5)/6;
}

uint64_t gg_graph6_size(uint64_t n){
  if( n>GG_GRAPH6_MAXN ) return 0;
  return (n<=62 ? 1 : 4) + g6DataBytes(n);
}

uint64_t gg_digraph6_size(uint64_t n){
  if( n>GG_GRAPH6_MAXN ) return 0;
  return 1 + (n<=62 ? 1 : 4) + (n*n + 5)/6;
}

/* The size header at z[i..]: n, the header's length into *pnHead; or an
** error message. */
static int g6Size(const unsigned char *z, uint64_t nz, uint64_t i, uint32_t *pn,
                  uint64_t *pnHead, char *zErr, int nErr){
  uint32_t n = 0, j;
  if( i>=nz ){
    snprintf(zErr, nErr, "empty string: expected the size byte at byte %llu",
             (unsigned long long)i);
    return 1;
  }
  if( z[i]!=126 ){
    *pn = z[i]-63;
    *pnHead = 1;
    return 0;
  }
  if( i+1<nz && z[i+1]==126 ){
    snprintf(zErr, nErr, "bytes %llu-%llu are an 8-byte size header: graphs over %u"
             " nodes are too large", (unsigned long long)i, (unsigned long long)i+1,
             GG_GRAPH6_MAXN);
    return 1;
  }
  if( i+4>nz ){
    snprintf(zErr, nErr, "the 4-byte size header at byte %llu is cut short after"
             " %llu bytes", (unsigned long long)i, (unsigned long long)(nz-i));
    return 1;
  }
  for(j=1; j<4; j++) n = (n<<6) | (uint32_t)(z[i+j]-63);
  if( n<63 ){
    snprintf(zErr, nErr, "the 4-byte size header at byte %llu says %u nodes:"
             " under 63 must use the 1-byte header", (unsigned long long)i, n);
    return 1;
  }
  *pn = n;
  *pnHead = 4;
  return 0;
}

/* What tells graph6 and digraph6 apart. */
typedef struct G6Kind G6Kind;
struct G6Kind {
  const char *zPrefix;      /* the optional header: ">>graph6<<" */
  const char *zName;        /* "graph6", in messages */
  const char *zWhat;        /* "graph", "digraph" */
  const char *zBits;        /* "edges", "arcs" */
  int bDigraph;             /* '&' first; the whole n*n matrix */
};
static const G6Kind g6Graph = { G6_PREFIX, "graph6", "graph", "edges", 0 };
static const G6Kind g6Digraph = { DG6_PREFIX, "digraph6", "digraph", "arcs", 1 };

/* Bits of matrix data of a string of kind k for n nodes. */
static uint64_t g6Bits(const G6Kind *k, uint64_t n){
  return k->bDigraph ? n*n : n*(n-1)/2;
}

/* Every byte of z[i..nz) is a format character (63..126), or a message. */
static int g6Chars(const G6Kind *k, const unsigned char *z, uint64_t i, uint64_t nz,
                   char *zErr, int nErr){
  for(; i<nz; i++){
    if( z[i]>=63 && z[i]<=126 ) continue;
    if( z[i]=='&' && !k->bDigraph ){
      snprintf(zErr, nErr, "byte %llu is 0x26 ('&'), which starts a digraph6 string, not"
               " a graph6 one", (unsigned long long)i);
    }else{
      snprintf(zErr, nErr, "byte %llu is 0x%02x, not a %s character (63..126)",
               (unsigned long long)i, z[i], k->zName);
    }
    return 1;
  }
  return 0;
}

/* The '&' that starts a digraph6 string at z[i], or a message. */
static int g6Amp(const unsigned char *z, uint64_t i, uint64_t nz, char *zErr, int nErr){
  if( i>=nz ){
    snprintf(zErr, nErr, "empty string: expected '&' at byte %llu", (unsigned long long)i);
    return 1;
  }
  if( z[i]!='&' ){
    snprintf(zErr, nErr, "byte %llu is 0x%02x, not '&', which starts a digraph6 string%s",
             (unsigned long long)i, z[i], z[i]>=63 && z[i]<=126 ? " (a graph6 one?)" : "");
    return 1;
  }
  if( i+1>=nz ){
    snprintf(zErr, nErr, "the string ends after the '&' at byte %llu: expected the size"
             " byte", (unsigned long long)i);
    return 1;
  }
  return 0;
}

/* Parse a string of kind k (graph6.h: gg_graph6_parse). */
static int g6Parse(const G6Kind *k, GGGraph6 *p, const char *zIn, uint64_t nz, char *zErr,
                   int nErr){
  const unsigned char *z = (const unsigned char*)zIn;
  uint64_t i = 0, nHead, nData, nPre = k->bDigraph ? sizeof(DG6_PREFIX)-1 : sizeof(G6_PREFIX)-1;
  memset(p, 0, sizeof(*p));
  if( nz>=nPre && memcmp(z, k->zPrefix, nPre)==0 ) i = nPre;
  if( nz>i && z[nz-1]=='\n' ) nz -= (nz>i+1 && z[nz-2]=='\r') ? 2 : 1;
  if( k->bDigraph && g6Amp(z, i, nz, zErr, nErr) ) return 1;
  if( g6Chars(k, z, i+k->bDigraph, nz, zErr, nErr) ) return 1;
  if( g6Size(z, nz, i+k->bDigraph, &p->n, &nHead, zErr, nErr) ) return 1;
  nHead += k->bDigraph;
  p->nBit = g6Bits(k, p->n);
  nData = (p->nBit+5)/6;
  if( nz-i-nHead!=nData ){
    snprintf(zErr, nErr, "a %s of %u nodes needs %llu bytes of %s after the size at"
             " byte %llu, got %llu", k->zWhat, p->n, (unsigned long long)nData, k->zBits,
             (unsigned long long)(i+k->bDigraph), (unsigned long long)(nz-i-nHead));
    return 1;
  }
  p->z = z;
  p->iData = i+nHead;
  if( nData>0 && ((z[nz-1]-63) & ((1u<<(nData*6-p->nBit))-1))!=0 ){
    snprintf(zErr, nErr, "byte %llu, the last, has padding bits set (its low %u bits"
             " must be 0)", (unsigned long long)(nz-1), (unsigned)(nData*6-p->nBit));
    return 1;
  }
  return 0;
}

/* The common case of a census, checked in one pass: a graph of at most
** 62 nodes with no header and no end of line, whose bytes are all
** graph6 characters, of the right number, the padding clear.  1 if p is
** parsed; 0 if the full parse must look (and say what is wrong). */
static int g6ParseShort(GGGraph6 *p, const unsigned char *z, uint64_t nz){
  uint64_t n, nBit, nData, i;
  unsigned bad = 0;
  if( nz==0 || z[0]<63 || z[0]>=126 || z[0]=='>' ) return 0;
  n = z[0]-63;
  nBit = n*(n-1)/2;
  nData = (nBit+5)/6;
  if( nz!=1+nData ) return 0;
  for(i=1; i<nz; i++) bad |= (unsigned)(z[i]-63) > 63u;
  if( bad || (nData>0 && ((z[nz-1]-63) & ((1u<<(nData*6-nBit))-1))!=0) ) return 0;
  p->z = z;
  p->iData = 1;
  p->n = (uint32_t)n;
  p->nBit = nBit;
  return 1;
}

int gg_graph6_parse(GGGraph6 *p, const char *z, uint64_t nz, char *zErr, int nErr){
  if( g6ParseShort(p, (const unsigned char*)z, nz) ) return 0;
  return g6Parse(&g6Graph, p, z, nz, zErr, nErr);
}

int gg_digraph6_parse(GGGraph6 *p, const char *z, uint64_t nz, char *zErr, int nErr){
  return g6Parse(&g6Digraph, p, z, nz, zErr, nErr);
}

/* The next set bit of the matrix data at or after *piBit: 1 and its
** index in *piBit (not moved past it), or 0 at the end. */
static int g6NextBit(const GGGraph6 *p, uint64_t *piBit){
  uint64_t b = *piBit;
  while( b<p->nBit ){
    unsigned x = p->z[p->iData + b/6] - 63u;
    if( x==0 && b%6==0 ){ b += 6; continue; }    /* skip empty bytes */
    if( (x>>(5-b%6)) & 1 ){
      *piBit = b;
      return 1;
    }
    b++;
  }
  *piBit = b;
  return 0;
}

int gg_graph6_next(const GGGraph6 *p, uint64_t *piBit, uint32_t *pSrc, uint32_t *pDst){
  uint64_t b, j = 1, hi = p->n-1;
  if( !g6NextBit(p, piBit) ) return 0;
  b = *piBit;
  while( j<hi ){                                /* largest j with j(j-1)/2 <= b */
    uint64_t mid = j + (hi-j+1)/2;
    if( mid*(mid-1)/2<=b ) j = mid; else hi = mid-1;
  }
  *pSrc = (uint32_t)(b - j*(j-1)/2);
  *pDst = (uint32_t)j;
  *piBit = b+1;
  return 1;
}

int gg_digraph6_next(const GGGraph6 *p, uint64_t *piBit, uint32_t *pSrc, uint32_t *pDst){
  if( !g6NextBit(p, piBit) ) return 0;
  *pSrc = (uint32_t)(*piBit / p->n);
  *pDst = (uint32_t)(*piBit % p->n);
  (*piBit)++;
  return 1;
}

/* N(n) into z: its bytes (1 or 4). */
static uint64_t g6WriteSize(unsigned char *z, uint64_t n){
  uint64_t k;
  if( n<=62 ){
    z[0] = (unsigned char)(n+63);
    return 1;
  }
  z[0] = 126;
  for(k=0; k<3; k++) z[1+k] = (unsigned char)(((n>>(12-6*k)) & 63) + 63);
  return 4;
}

/* Set bit b of the nData bytes of matrix data at z (zeroed, 63 not yet
** added). */
static void g6SetBit(unsigned char *z, uint64_t b){
  z[b/6] |= (unsigned char)(1u<<(5-b%6));
}

void gg_graph6_write(const GGGraph *pG, char *zOut){
  unsigned char *z = (unsigned char*)zOut;
  uint64_t n = pG->n, nData = g6DataBytes(n), i = g6WriteSize(z, n), k;
  uint32_t v, j;
  memset(z+i, 0, nData);
  for(v=0; v<n; v++){
    const uint32_t *a = GG_NBR(pG, v);
    for(j=0; j<GG_DEG(pG, v); j++){
      uint64_t u = a[j];
      if( u<v ) g6SetBit(z+i, (uint64_t)v*(v-1)/2 + u);   /* bit x(u, v), u < v */
    }
  }
  for(k=0; k<nData; k++) z[i+k] += 63;
}

void gg_digraph6_write(const GGGraph *pG, char *zOut){
  unsigned char *z = (unsigned char*)zOut;
  uint64_t n = pG->n, nData = (n*n+5)/6, i, k;
  uint32_t u, j;
  z[0] = '&';
  i = 1 + g6WriteSize(z+1, n);
  memset(z+i, 0, nData);
  for(u=0; u<n; u++){
    const uint32_t *a = GG_NBR(pG, u);
    for(j=0; j<GG_DEG(pG, u); j++) g6SetBit(z+i, (uint64_t)u*n + a[j]);   /* x(u, v) */
  }
  for(k=0; k<nData; k++) z[i+k] += 63;
}

/* The six bits of a graph6 byte (less 63) in reverse order: the stream's
** first bit becomes bit 0. */
static const unsigned char g6Rev6[64] = {
   0, 32, 16, 48,  8, 40, 24, 56,  4, 36, 20, 52, 12, 44, 28, 60,
   2, 34, 18, 50, 10, 42, 26, 58,  6, 38, 22, 54, 14, 46, 30, 62,
   1, 33, 17, 49,  9, 41, 25, 57,  5, 37, 21, 53, 13, 45, 29, 61,
   3, 35, 19, 51, 11, 43, 27, 59,  7, 39, 23, 55, 15, 47, 31, 63,
};

/* A reader of the edge bits in stream order, up to 32 at a time. */
typedef struct G6Bits G6Bits;
struct G6Bits {
  const unsigned char *d;   /* the next byte to read */
  uint64_t acc;             /* bits read and not yet taken, the first at bit 0 */
  int nAcc;                 /* how many */
};

/* The next k bits (k <= 32), the first at bit 0.  Reads only the bytes
** that hold them, which a parsed string has. */
static uint64_t g6Take(G6Bits *p, int k){
  uint64_t m;
  while( p->nAcc<k ){
    p->acc |= (uint64_t)g6Rev6[(*p->d++ - 63u) & 63] << p->nAcc;
    p->nAcc += 6;
  }
  m = p->acc & ((1ull<<k)-1);
  p->acc >>= k;
  p->nAcc -= k;
  return m;
}

/* A reader at the matrix data of p. */
static void g6BitsInit(G6Bits *r, const GGGraph6 *p){
  r->d = p->z + p->iData;
  r->acc = 0;
  r->nAcc = 0;
}

/* The next k bits (k <= 64), the first at bit 0. */
static uint64_t g6Take64(G6Bits *r, int k){
  return k<=32 ? g6Take(r, k) : g6Take(r, 32) | g6Take(r, k-32)<<32;
}

/* Column j of the matrix holds x(0,j) .. x(j-1,j), consecutive in the
** stream: taken as one mask, it is row j below the diagonal, and each of
** its bits i sets bit j of row i. */
/* Column j of the matrix, m (its bits i < j), into the rows: row j is m,
** and each row i of m gets bit j. */
static void g6SetColumn(uint64_t *aRow, uint32_t j, uint64_t m){
  uint64_t b;
  aRow[j] = m;
  for(b=m; b; b&=b-1) aRow[__builtin_ctzll(b)] |= 1ull<<j;
}

void gg_graph6_rows(const GGGraph6 *p, uint64_t *aRow){
  G6Bits r;
  uint32_t j, n = p->n;
  if( n ) aRow[0] = 0;
  if( p->nBit<=64 ){
    /* n <= 11 (a census's graphs): the whole stream in one word, each
    ** column a shift of it.  Bits past 64 of the last byte are padding. */
    const unsigned char *d = p->z + p->iData;
    uint64_t all = 0, i, nByte = (p->nBit+5)/6;
    for(i=0; i<nByte; i++) all |= (uint64_t)g6Rev6[(d[i]-63u) & 63] << (6*i);
    for(j=1; j<n; j++){
      g6SetColumn(aRow, j, all & ((1ull<<j)-1));
      all >>= j;
    }
    return;
  }
  g6BitsInit(&r, p);
  for(j=1; j<n; j++) g6SetColumn(aRow, j, g6Take64(&r, (int)j));
}

/* Row i of the matrix is x(i,0) .. x(i,n-1), consecutive in the stream:
** taken as one mask, it is the out-row of node i. */
void gg_digraph6_rows(const GGGraph6 *p, uint64_t *aRow){
  G6Bits r;
  uint32_t i;
  g6BitsInit(&r, p);
  for(i=0; i<p->n; i++) aRow[i] = g6Take64(&r, (int)p->n);
}

/*
** sparse6.  A string is ':', N(n), then a bit stream in the same six bits
** a byte: pairs (b, x) of one bit and k bits, k the bits of n-1 (0 for
** n <= 1), read with a current node v = 0: b = 1 moves v on by one; then
** x > v makes v = x, and x <= v is the edge {x, v} (x = v a loop).  A pair
** cut short by the end is padding, and so is any pair from the first v or
** x of n or more on (nauty pads with 1-bits).  Edges may repeat.
*/
#define S6_PREFIX ">>sparse6<<"
#define S6_POS_BITS 40          /* the walk's cursor: v << 40 | bit */
#define S6_POS_MASK ((1ull<<S6_POS_BITS)-1)

/* Bits of n-1 (nauty's "k"). */
static int s6Width(uint32_t n){
  int k = 0;
  uint32_t i;
  for(i=n-1; n>0 && i>0; i>>=1) k++;
  return k;
}

int gg_sparse6_parse(GGGraph6 *p, const char *zIn, uint64_t nz, char *zErr, int nErr){
  static const G6Kind s6Kind = { S6_PREFIX, "sparse6", "graph", "edges", 0 };
  const unsigned char *z = (const unsigned char*)zIn;
  uint64_t i = 0, nHead, nPre = strlen(S6_PREFIX);
  memset(p, 0, sizeof(*p));
  if( nz>=nPre && memcmp(z, S6_PREFIX, nPre)==0 ) i = nPre;
  if( nz>i && z[nz-1]=='\n' ) nz -= (nz>i+1 && z[nz-2]=='\r') ? 2 : 1;
  if( i>=nz ){
    snprintf(zErr, nErr, "empty string: expected ':' at byte %llu", (unsigned long long)i);
    return 1;
  }
  if( z[i]==';' ){
    snprintf(zErr, nErr, "byte %llu is ';', which starts an incremental sparse6 line (a"
             " change to the line before), not a graph", (unsigned long long)i);
    return 1;
  }
  if( z[i]!=':' ){
    snprintf(zErr, nErr, "byte %llu is 0x%02x, not ':', which starts a sparse6 string%s",
             (unsigned long long)i, z[i], z[i]=='&' ? " (a digraph6 one?)"
             : z[i]>=63 && z[i]<=126 ? " (a graph6 one?)" : "");
    return 1;
  }
  if( i+1>=nz ){
    snprintf(zErr, nErr, "the string ends after the ':' at byte %llu: expected the size"
             " byte", (unsigned long long)i);
    return 1;
  }
  if( g6Chars(&s6Kind, z, i+1, nz, zErr, nErr) ) return 1;
  if( g6Size(z, nz, i+1, &p->n, &nHead, zErr, nErr) ) return 1;
  p->z = z;
  p->iData = i+1+nHead;
  p->nBit = (nz-p->iData)*6;
  return 0;
}

/* Bit b of the stream (b < p->nBit). */
static unsigned s6Bit(const GGGraph6 *p, uint64_t b){
  return ((p->z[p->iData + b/6] - 63u) >> (5 - b%6)) & 1;
}

int gg_sparse6_next(const GGGraph6 *p, uint64_t *piPos, uint32_t *pSrc, uint32_t *pDst){
  uint64_t b = *piPos & S6_POS_MASK, v = *piPos >> S6_POS_BITS;
  int k = s6Width(p->n), j;
  while( v<p->n && b+1+k<=p->nBit ){
    uint64_t x = 0;
    v += s6Bit(p, b++);
    for(j=0; j<k; j++) x = x<<1 | s6Bit(p, b++);
    if( v>=p->n || x>=p->n ) break;                /* padding */
    if( x>v ){ v = x; continue; }
    *pSrc = (uint32_t)x;
    *pDst = (uint32_t)v;
    *piPos = v<<S6_POS_BITS | b;
    return 1;
  }
  *piPos = (uint64_t)p->n<<S6_POS_BITS | p->nBit;  /* done: no more edges */
  return 0;
}

void gg_sparse6_rows(const GGGraph6 *p, uint64_t *aRow){
  uint64_t iPos = 0;
  uint32_t u, v;
  memset(aRow, 0, p->n*sizeof(aRow[0]));
  while( gg_sparse6_next(p, &iPos, &u, &v) ){
    aRow[u] |= 1ull<<v;
    aRow[v] |= 1ull<<u;
  }
}
