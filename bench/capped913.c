/*
** capped913.c: the widely copied memoised search for LeetCode 913, a
** baseline for bench_catmouse.py on graphs of at most a few hundred nodes.
** It calls any game longer than 2n plies a draw (which is wrong on some
** graphs, see tests/data/capped_counterexamples.json); dp[k][mouse][cat]
** memoises the outcome after k plies.
**
**   capped913 FILE
**
** Same input and output as textbook913.c.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "peak.h"

enum { DRAW = 0, MOUSE_WIN = 1, CAT_WIN = 2, UNKNOWN = 3 };

static double now(void){
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec*1e-9;
}

typedef struct { int n; int *off; int *adj; } Graph;
static const Graph *G;
static unsigned char *dp;

static int dfs(int k, int m, int c){
  int n = G->n, i, draw = 0, r;
  unsigned char *slot;
  if( k>=2*n ) return DRAW;
  if( m==0 ) return MOUSE_WIN;
  if( m==c ) return CAT_WIN;
  slot = &dp[((size_t)k*n + m)*n + c];
  if( *slot!=UNKNOWN ) return *slot;
  if( k%2==0 ){
    r = CAT_WIN;
    for(i=G->off[m]; i<G->off[m+1]; i++){
      int x = dfs(k+1, G->adj[i], c);
      if( x==MOUSE_WIN ){ r = MOUSE_WIN; break; }
      if( x==DRAW ) draw = 1;
    }
    if( r!=MOUSE_WIN && draw ) r = DRAW;
  }else{
    r = MOUSE_WIN;
    for(i=G->off[c]; i<G->off[c+1]; i++){
      int x;
      if( G->adj[i]==0 ) continue;
      x = dfs(k+1, m, G->adj[i]);
      if( x==CAT_WIN ){ r = CAT_WIN; break; }
      if( x==DRAW ) draw = 1;
    }
    if( r!=CAT_WIN && draw ) r = DRAW;
  }
  return *slot = (unsigned char)r;
}

static int solve(const Graph *g){
  size_t sz = (size_t)2*g->n*g->n*g->n;
  int r;
  G = g;
  dp = malloc(sz);
  if( !dp ){ fprintf(stderr, "out of memory\n"); exit(1); }
  memset(dp, UNKNOWN, sz);
  r = dfs(0, 1, 2);
  free(dp);
  return r;
}

static void build(Graph *g, const long *e, int ne, int n){
  int i, *fill;
  g->n = n;
  g->off = calloc(n+1, sizeof(int));
  g->adj = malloc((2*(size_t)ne+1)*sizeof(int));
  fill = calloc(n+1, sizeof(int));
  for(i=0; i<ne; i++){
    g->off[e[2*i]+1]++;
    if( e[2*i]!=e[2*i+1] ) g->off[e[2*i+1]+1]++;
  }
  for(i=0; i<n; i++) g->off[i+1] += g->off[i];
  for(i=0; i<ne; i++){
    long u = e[2*i], v = e[2*i+1];
    g->adj[g->off[u] + fill[u]++] = (int)v;
    if( u!=v ) g->adj[g->off[v] + fill[v]++] = (int)u;
  }
  free(fill);
}

int main(int argc, char **argv){
  FILE *f;
  char *z, *p;
  long sz, *e, gid = 0, v[3];
  int ne = 0, cap = 1024, n = 0, nGraph = 0, count[3] = {0,0,0};
  double t0 = now();
  if( argc!=2 || (f = fopen(argv[1], "rb"))==0 ){ fprintf(stderr, "usage: capped913 FILE\n"); return 1; }
  fseek(f, 0, SEEK_END); sz = ftell(f); fseek(f, 0, SEEK_SET);
  z = malloc(sz+1);
  if( fread(z, 1, sz, f)!=(size_t)sz ) return 1;
  z[sz] = 0;
  fclose(f);
  e = malloc(cap*2*sizeof(long));
  for(p=z;;){
    int k, more = 1;
    for(k=0; k<3 && more; k++){
      char *q;
      v[k] = strtol(p, &q, 10);
      if( q==p ) more = 0;
      p = q;
    }
    if( (!more || v[0]!=gid) && ne>0 ){
      Graph g;
      build(&g, e, ne, n<3 ? 3 : n);
      count[solve(&g)]++;
      nGraph++;
      free(g.off); free(g.adj);
      ne = 0; n = 0;
    }
    if( !more ) break;
    gid = v[0];
    if( ne==cap ){ cap *= 2; e = realloc(e, cap*2*sizeof(long)); }
    e[2*ne] = v[1]; e[2*ne+1] = v[2]; ne++;
    if( v[1]+1>n ) n = (int)v[1]+1;
    if( v[2]+1>n ) n = (int)v[2]+1;
  }
  printf("graphs %d mouse %d cat %d draw %d seconds %.6f peak_kb %ld\n",
         nGraph, count[MOUSE_WIN], count[CAT_WIN], count[DRAW], now()-t0, peakKb());
  free(z); free(e);
  return 0;
}
