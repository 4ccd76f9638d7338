/*
** textbook913.c: the textbook LeetCode 913 solver, a baseline for
** bench_catmouse.py.  Plain C, written as the usual accepted solution is:
** a queue of decided positions, an int counter of undecided moves per
** position, one flat array indexed by (mouse, cat, turn), and a result
** byte per position.  Only the outcome is computed (no plies, no moves).
**
**   textbook913 FILE
**
** FILE holds lines "graph_id src dst", grouped by graph_id; node labels are
** 0..n-1 (0 the hole, 1 the mouse's start, 2 the cat's).  Each graph is
** solved in turn.  Prints one line:
**
**   graphs G mouse A cat B draw C seconds T peak_kb K
**
** counting the start outcomes, T the time from reading the file to the
** last answer, and K the peak resident memory.  A position whose mover has no move is a loss for the
** mover (the same rule as graphgame's).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "peak.h"

enum { DRAW = 0, MOUSE_WIN = 1, CAT_WIN = 2 };
enum { MOUSE_TURN = 0, CAT_TURN = 1 };

static double now(void){
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec*1e-9;
}

/* One graph as adjacency lists (CSR). */
typedef struct { int n; int *off; int *adj; } Graph;

static int solve(const Graph *g){
  int n = g->n, m, c, t, i;
  size_t nPos = (size_t)n*n*2, head = 0, tail = 0;
  unsigned char *res = calloc(nPos, 1);
  int *degree = malloc(nPos*sizeof(int));
  unsigned *queue = malloc(nPos*sizeof(unsigned));
  int answer;
#define IDX(m,c,t) (((size_t)(m)*n + (c))*2 + (t))
  if( !res || !degree || !queue ){ fprintf(stderr, "out of memory\n"); exit(1); }
  for(m=0; m<n; m++){
    for(c=0; c<n; c++){
      int catMoves = 0;
      for(i=g->off[c]; i<g->off[c+1]; i++) if( g->adj[i]!=0 ) catMoves++;
      degree[IDX(m,c,MOUSE_TURN)] = g->off[m+1]-g->off[m];
      degree[IDX(m,c,CAT_TURN)] = catMoves;
    }
  }
  for(c=1; c<n; c++){
    for(t=0; t<2; t++){
      res[IDX(0,c,t)] = MOUSE_WIN; queue[tail++] = IDX(0,c,t);
      res[IDX(c,c,t)] = CAT_WIN;   queue[tail++] = IDX(c,c,t);
    }
  }
  for(m=1; m<n; m++){                 /* no move at all: the mover loses */
    for(c=1; c<n; c++){
      if( m==c ) continue;
      if( degree[IDX(m,c,MOUSE_TURN)]==0 ){ res[IDX(m,c,MOUSE_TURN)] = CAT_WIN; queue[tail++] = IDX(m,c,MOUSE_TURN); }
      if( degree[IDX(m,c,CAT_TURN)]==0 ){ res[IDX(m,c,CAT_TURN)] = MOUSE_WIN; queue[tail++] = IDX(m,c,CAT_TURN); }
    }
  }
  while( head<tail ){
    size_t s = queue[head++];
    int r = res[s];
    t = (int)(s & 1); c = (int)((s>>1) % n); m = (int)((s>>1) / n);
    if( t==CAT_TURN ){                /* the mouse moved last */
      for(i=g->off[m]; i<g->off[m+1]; i++){
        size_t p = IDX(g->adj[i], c, MOUSE_TURN);
        if( res[p]!=DRAW ) continue;
        if( r==MOUSE_WIN || --degree[p]==0 ){ res[p] = r; queue[tail++] = p; }
      }
    }else{                            /* the cat moved last */
      for(i=g->off[c]; i<g->off[c+1]; i++){
        size_t p;
        if( g->adj[i]==0 ) continue;
        p = IDX(m, g->adj[i], CAT_TURN);
        if( res[p]!=DRAW ) continue;
        if( r==CAT_WIN || --degree[p]==0 ){ res[p] = r; queue[tail++] = p; }
      }
    }
  }
  answer = res[IDX(1,2,MOUSE_TURN)];
  free(res); free(degree); free(queue);
  return answer;
}

/* Build the graph from edges e[0..2*ne-1] on labels below n. */
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
  if( argc!=2 || (f = fopen(argv[1], "rb"))==0 ){ fprintf(stderr, "usage: textbook913 FILE\n"); return 1; }
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
