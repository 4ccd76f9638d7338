/*
** adjjson.c: the JSON adjacency-list parser (see adjjson.h).
**
** Accepts exactly: optional white space, '[', zero or more lists
** separated by ',', ']', optional white space.  A list is '[' then zero or
** more integers separated by ',' then ']'.  Each integer must be a node
** 0..n-1, where n is the number of lists.  Anything else is an error that
** names the byte offset and what was expected there.
*/
#include <stdio.h>
#include "adjjson.h"

typedef struct AdjParse AdjParse;
struct AdjParse {
  const char *z;     /* the text */
  uint64_t n;        /* its length */
  uint64_t i;        /* offset of the next byte */
  char *zErr;        /* message buffer, 200 bytes */
};

static void adjSkipSpace(AdjParse *p){
  while( p->i<p->n && (p->z[p->i]==' ' || p->z[p->i]=='\t'
                    || p->z[p->i]=='\n' || p->z[p->i]=='\r') ) p->i++;
}

static int adjExpected(AdjParse *p, const char *zWhat){
  if( p->i>=p->n ){
    snprintf(p->zErr, 200, "expected %s at offset %llu (end of input)",
             zWhat, (unsigned long long)p->i);
  }else if( p->z[p->i]>=0x20 && p->z[p->i]<0x7f ){
    snprintf(p->zErr, 200, "expected %s at offset %llu, found '%c'", zWhat,
             (unsigned long long)p->i, p->z[p->i]);
  }else{                    /* a NUL or control byte, or UTF-8: show its value */
    snprintf(p->zErr, 200, "expected %s at offset %llu, found byte 0x%02x", zWhat,
             (unsigned long long)p->i, (unsigned char)p->z[p->i]);
  }
  return -1;
}

/* Consume byte c after white space, or fail. */
static int adjEat(AdjParse *p, char c, const char *zWhat){
  adjSkipSpace(p);
  if( p->i<p->n && p->z[p->i]==c ){ p->i++; return 0; }
  return adjExpected(p, zWhat);
}

/* Peek at the next byte after white space (0 at the end). */
static char adjPeek(AdjParse *p){
  adjSkipSpace(p);
  return p->i<p->n ? p->z[p->i] : 0;
}

static int adjInteger(AdjParse *p, int64_t *pV){
  uint64_t start, v = 0;
  adjSkipSpace(p);
  start = p->i;
  if( p->i<p->n && p->z[p->i]=='-' ){
    snprintf(p->zErr, 200, "negative node at offset %llu", (unsigned long long)p->i);
    return -1;
  }
  while( p->i<p->n && p->z[p->i]>='0' && p->z[p->i]<='9' ){
    v = v*10 + (uint64_t)(p->z[p->i]-'0');
    if( v>0x7fffffff ){
      snprintf(p->zErr, 200, "node number too large at offset %llu",
               (unsigned long long)start);
      return -1;
    }
    p->i++;
  }
  if( p->i==start ) return adjExpected(p, "a node number");
  if( p->i<p->n && (p->z[p->i]=='.' || p->z[p->i]=='e' || p->z[p->i]=='E') ){
    snprintf(p->zErr, 200, "node numbers must be integers, at offset %llu",
             (unsigned long long)start);
    return -1;
  }
  *pV = (int64_t)v;
  return 0;
}

/* One inner list: the neighbours of node iNode. */
static int adjList(AdjParse *p, int64_t iNode, GGEdgeList *pE){
  char zWhat[64];
  snprintf(zWhat, sizeof(zWhat), "'[' to open the list of node %lld", (long long)iNode);
  if( adjEat(p, '[', zWhat) ) return -1;
  if( adjPeek(p)==']' ){ p->i++; return 0; }
  for(;;){
    int64_t v = 0;
    if( adjInteger(p, &v) ) return -1;
    if( gg_edges_add(pE, iNode, v) ) return GG_NOMEM;
    if( adjPeek(p)==']' ){ p->i++; return 0; }
    if( adjEat(p, ',', "',' or ']'") ) return -1;
  }
}

int gg_adjjson_parse(const char *z, uint64_t nZ, GGEdgeList *pE,
                     int64_t *pnNode, char *zErr){
  AdjParse s = { z, nZ, 0, zErr };
  int64_t nNode = 0;
  uint64_t i;
  int rc;
  zErr[0] = 0;
  if( adjEat(&s, '[', "'['") ) return -1;
  if( adjPeek(&s)!=']' ){
    for(;;){
      if( (rc = adjList(&s, nNode, pE))!=0 ) return rc;
      nNode++;
      if( adjPeek(&s)==']' ) break;
      if( adjEat(&s, ',', "',' or ']'") ) return -1;
    }
  }
  s.i++;
  adjSkipSpace(&s);
  if( s.i<s.n ) return adjExpected(&s, "end of input");
  for(i=0; i<pE->nEdge; i++){
    int64_t from = gg_keymap_int(&pE->labels, pE->a[2*i]);
    int64_t to = gg_keymap_int(&pE->labels, pE->a[2*i+1]);
    if( to>=nNode ){
      snprintf(zErr, 200, "node %lld lists neighbour %lld, but there are only"
               " %lld nodes", (long long)from, (long long)to, (long long)nNode);
      return -1;
    }
  }
  *pnNode = nNode;
  return GG_OK;
}
