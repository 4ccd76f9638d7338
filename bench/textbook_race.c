/*
** textbook_race.c: a textbook solver of the race to z (HDU 6963; the
** rules of ext/engine/race/race.h), a baseline for bench_race.py.  Plain C,
** written as textbook913.c is: a queue of decided positions, an int
** counter of undecided moves per position, one flat array indexed by
** (alice, bob, turn), and a result byte per position.  Only the outcomes
** are computed (no plies, no moves), for every position.
**
**   textbook_race FILE
**
** FILE holds lines "graph_id src dst" (undirected edges, no repeats),
** grouped by graph_id; node labels are 0..n-1, z = 0.  Each graph is solved
** in turn.  Prints one line:
**
**   graphs G alice A bob B draw C seconds T peak_kb K start S
**
** counting the outcomes of every position (alice, bob, turn) of every
** graph (2n^2 each; draws include the arrival draw), T the time from
** reading the file to the last answer, K the peak resident memory, S the
** outcome of (1, 2, Alice to move) in the last graph (1 Alice, 2 Bob, 0 a
** draw).
** A move stays or follows an edge, and may not end on the other player's
** node unless that is z (staying is always allowed); the turn is scored
** after Bob's move: Alice's positions with a player on z are finished.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "peak.h"

enum { DRAW = 0, ALICE_WIN = 1, BOB_WIN = 2 };
enum { ALICE_TURN = 0, BOB_TURN = 1 };

static double now(void){
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec*1e-9;
}

/* One graph as adjacency lists (CSR). */
typedef struct { int n; int *off; int *adj; } Graph;

static int startOutcome = DRAW;    /* of (1, 2, Alice's turn), last graph */

/* Solve every position; add the outcomes to count[3]. */
static void solve(const Graph *g, int *count){
  int n = g->n, a, b, i;
  size_t nPos = (size_t)n*n*2, head = 0, tail = 0, s;
  unsigned char *res = calloc(nPos, 1), *fin = calloc(nPos, 1);
  int *degree = malloc(nPos*sizeof(int));
  unsigned *queue = malloc(nPos*sizeof(unsigned));
#define IDX(a,b,t) (((size_t)(a)*n + (b))*2 + (t))
  if( !res || !fin || !degree || !queue ){ fprintf(stderr, "out of memory\n"); exit(1); }
  for(a=0; a<n; a++){
    for(b=0; b<n; b++){
      int nA = 1, nB = 1;                 /* staying */
      for(i=g->off[a]; i<g->off[a+1]; i++) nA += g->adj[i]!=b || g->adj[i]==0;
      for(i=g->off[b]; i<g->off[b+1]; i++) nB += g->adj[i]!=a || g->adj[i]==0;
      degree[IDX(a,b,ALICE_TURN)] = nA;
      degree[IDX(a,b,BOB_TURN)] = nB;
      if( a==0 || b==0 ){                 /* scored: finished */
        s = IDX(a,b,ALICE_TURN);
        fin[s] = 1;
        if( a!=b ){ res[s] = a==0 ? ALICE_WIN : BOB_WIN; queue[tail++] = (unsigned)s; }
      }
    }
  }
  while( head<tail ){
    int r, t;
    s = queue[head++];
    r = res[s];
    t = (int)(s & 1); b = (int)((s>>1) % n); a = (int)((s>>1) / n);
    if( t==BOB_TURN ){                  /* Alice moved last: from a or a neighbour */
      for(i=g->off[a]-1; i<g->off[a+1]; i++){
        int from = i<g->off[a] ? a : g->adj[i];
        size_t p = IDX(from, b, ALICE_TURN);
        if( from!=a && a==b && a!=0 ) continue;   /* may not step onto Bob */
        if( fin[p] || res[p]!=DRAW ) continue;
        if( r==ALICE_WIN || --degree[p]==0 ){ res[p] = r; queue[tail++] = (unsigned)p; }
      }
    }else{                              /* Bob moved last */
      for(i=g->off[b]-1; i<g->off[b+1]; i++){
        int from = i<g->off[b] ? b : g->adj[i];
        size_t p = IDX(a, from, BOB_TURN);
        if( from!=b && b==a && b!=0 ) continue;   /* may not step onto Alice */
        if( res[p]!=DRAW ) continue;
        if( r==BOB_WIN || --degree[p]==0 ){ res[p] = r; queue[tail++] = (unsigned)p; }
      }
    }
  }
  for(s=0; s<nPos; s++) count[res[s]]++;
  startOutcome = res[IDX(1, 2, ALICE_TURN)];
  free(res); free(fin); free(degree); free(queue);
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
  if( argc!=2 || (f = fopen(argv[1], "rb"))==0 ){ fprintf(stderr, "usage: textbook_race FILE\n"); return 1; }
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
      solve(&g, count);
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
  printf("graphs %d alice %d bob %d draw %d seconds %.6f peak_kb %ld start %d\n",
         nGraph, count[ALICE_WIN], count[BOB_WIN], count[DRAW], now()-t0, peakKb(),
         startOutcome);
  free(z); free(e);
  return 0;
}
