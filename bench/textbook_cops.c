/*
** textbook_cops.c: the textbook k-cop solver, a baseline for
** bench_cops.py, for every variant of graphgame's cops (the rules of
** ext/engine/cops/cops.h).  Plain C, written as the method is usually taught:
** one flat array over ORDERED cop tuples (n^k * n * 2 positions), a queue
** of decided positions, a counter per robber-turn position (his moves
** not yet known to lose) and the plies of each position (a 16-bit word,
** 0xffff while undecided; bytes for the counters, 32-bit queue entries,
** so that 2 cops on 900 nodes fit in memory).  Computes every position's
** plies and the capture time.
**
**   textbook_cops FILE K [distance=D] [speed=S] [directed] [surround] [lazy]
**
** FILE: the node count n on the first line, then one edge "u v" per line
** (0-based; an arc u -> v with `directed`).  Prints one line:
**
**   positions P capture_time T seconds S peak_kb K
**
** T is -1 when k cops lose; S is the solve time (not reading the file).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <time.h>
#include "peak.h"

#define UNDECIDED 0xffff

static int n, k, dist = 0, speed = 1, directed = 0, surround = 0, lazy = 0;
static int *off, *adj;             /* closed out-neighbourhoods: v first, then neighbours */
static int *ioff, *iadj;           /* closed in-neighbourhoods, the same way */
static unsigned char *near;        /* near[u*n+v]: undirected distance u-v <= dist */
static long long nTuple;           /* n^k */
static int *mark, stamp = 0, *bfsq;   /* breadth-first scratch */

static long long idxOf(const int *c){
  long long x = 0;
  for(int i=0; i<k; i++) x = x*n + c[i];
  return x;
}

static void tupleOf(long long x, int *c){
  for(int i=k-1; i>=0; i--){ c[i] = (int)(x % n); x /= n; }
}

static int onCop(const int *c, int v){
  for(int i=0; i<k; i++) if( c[i]==v ) return 1;
  return 0;
}

/* The robber on r is caught by the cops c. */
static int caught(const int *c, int r){
  if( surround ){
    for(int j=off[r]+1; j<off[r+1]; j++) if( !onCop(c, adj[j]) ) return 0;
    return 1;
  }
  for(int i=0; i<k; i++) if( near[(long long)c[i]*n + r] ) return 1;
  return 0;
}

/* The robber's moves from r (not caught) into out; the count.  With
** bBack, the nodes from which he moves to r (r not caught; for the
** surround game r not a cop's node). */
static int robberMoves(const int *c, int r, int bBack, int *out){
  int nOut = 0;
  const int *o = bBack ? ioff : off, *a = bBack ? iadj : adj;
  if( surround ){
    for(int j=o[r]; j<o[r+1]; j++){
      int v = a[j];
      if( bBack ? (!caught(c, v)) : !onCop(c, v) ) out[nOut++] = v;
    }
    return nOut;
  }
  stamp++;
  int h = 0, t = 0;
  bfsq[t++] = r; mark[r] = stamp;
  out[nOut++] = r;
  for(int s=0; s<speed; s++){
    int end = t;
    for(; h<end; h++){
      int u = bfsq[h];
      for(int j=o[u]+1; j<o[u+1]; j++){
        int v = a[j];
        if( mark[v]==stamp || caught(c, v) ) continue;
        mark[v] = stamp; bfsq[t++] = v; out[nOut++] = v;
      }
    }
  }
  return nOut;
}

/* Closed neighbourhoods (v first) of the arcs u -> v, or of v -> u with
** bIn; both ways when undirected. */
static void lists(int m, const int *eu, const int *ev, int bIn, int **pOff, int **pAdj){
  int *deg = calloc(n, sizeof(int)), *fill = calloc(n, sizeof(int));
  for(int i=0; i<m; i++) if( eu[i]!=ev[i] ){
    if( directed ) deg[bIn ? ev[i] : eu[i]]++;
    else{ deg[eu[i]]++; deg[ev[i]]++; }
  }
  int *o = malloc((n+1)*sizeof(int));
  o[0] = 0;
  for(int i=0; i<n; i++) o[i+1] = o[i] + deg[i] + 1;
  int *a = malloc(o[n]*sizeof(int));
  for(int i=0; i<n; i++){ a[o[i]] = i; fill[i] = 1; }
  for(int i=0; i<m; i++) if( eu[i]!=ev[i] ){
    int x = eu[i], y = ev[i];
    if( directed ){
      if( bIn ){ int t = x; x = y; y = t; }
      a[o[x] + fill[x]++] = y;
    }else{
      a[o[x] + fill[x]++] = y;
      a[o[y] + fill[y]++] = x;
    }
  }
  free(deg); free(fill);
  *pOff = o; *pAdj = a;
}

int main(int argc, char **argv){
  FILE *f;
  int m = 0, u, v, *eu, *ev, mAlloc = 1024;
  if( argc<3 || (f = fopen(argv[1], "r"))==0 ){
    fprintf(stderr, "usage: textbook_cops FILE K [distance=D] [speed=S] [directed] [surround] [lazy]\n");
    return 1;
  }
  k = atoi(argv[2]);
  for(int i=3; i<argc; i++){
    if( strncmp(argv[i], "distance=", 9)==0 ) dist = atoi(argv[i]+9);
    else if( strncmp(argv[i], "speed=", 6)==0 ) speed = atoi(argv[i]+6);
    else if( strcmp(argv[i], "directed")==0 ) directed = 1;
    else if( strcmp(argv[i], "surround")==0 ) surround = 1;
    else if( strcmp(argv[i], "lazy")==0 ) lazy = 1;
    else{ fprintf(stderr, "unknown rule %s\n", argv[i]); return 1; }
  }
  if( fscanf(f, "%d", &n)!=1 ) return 1;
  eu = malloc(mAlloc*sizeof(int)); ev = malloc(mAlloc*sizeof(int));
  while( fscanf(f, "%d %d", &u, &v)==2 ){
    if( m==mAlloc ){ mAlloc *= 2; eu = realloc(eu, mAlloc*sizeof(int)); ev = realloc(ev, mAlloc*sizeof(int)); }
    eu[m] = u; ev[m] = v; m++;
  }
  fclose(f);
  clock_t t0 = clock();
  lists(m, eu, ev, 0, &off, &adj);
  lists(m, eu, ev, 1, &ioff, &iadj);
  mark = calloc(n, sizeof(int)); bfsq = malloc(n*sizeof(int));
  near = calloc((long long)n*n, 1);
  for(int s=0; s<n; s++){            /* undirected distances <= dist, breadth first */
    int *d = malloc(n*sizeof(int)), h = 0, t = 0;
    for(int i=0; i<n; i++) d[i] = -1;
    d[s] = 0; bfsq[t++] = s;
    while( h<t ){
      int x = bfsq[h++];
      near[(long long)s*n + x] = 1;
      if( d[x]==dist ) continue;
      for(int j=off[x]+1; j<off[x+1]; j++) if( d[adj[j]]<0 ){ d[adj[j]] = d[x]+1; bfsq[t++] = adj[j]; }
    }
    free(d);
  }
  nTuple = 1;
  for(int i=0; i<k; i++) nTuple *= n;
  long long nPos = nTuple*n*2;                /* ((tuple*n + r)*2 + turn), turn 0 cops */
  unsigned char *count = malloc(nTuple*n);    /* robber-turn positions */
  uint16_t *plies = malloc(nPos*sizeof(uint16_t));
  uint32_t *queue = malloc(nPos*sizeof(uint32_t));
  long long qHead = 0, qTail = 0;
  int c[16], d[16], idx[16], *mv = malloc((n+1)*sizeof(int));
  for(long long t=0; t<nTuple; t++){
    tupleOf(t, c);
    for(int r=0; r<n; r++){
      long long p = (t*n + r)*2;
      plies[p] = plies[p+1] = UNDECIDED;
      if( caught(c, r) ){
        plies[p] = plies[p+1] = 0;
        queue[qTail++] = (uint32_t)p; queue[qTail++] = (uint32_t)(p+1);
        count[t*n + r] = 0;
      }else{
        count[t*n + r] = (unsigned char)robberMoves(c, r, 0, mv);
      }
    }
  }
  while( qHead<qTail ){
    long long p = queue[qHead++];
    int turn = (int)(p & 1), r = (int)((p>>1) % n);
    long long t = (p>>1) / n;
    tupleOf(t, c);
    if( turn==0 ){              /* cops to move, won: the robber moves that led here */
      int bCaught = plies[p]==0 && caught(c, r);
      if( bCaught && !surround ) continue;     /* he never steps into a capture */
      if( surround && onCop(c, r) ) continue;  /* nor onto a cop */
      int nm = robberMoves(c, r, 1, mv);
      for(int j=0; j<nm; j++){
        long long q = (t*n + mv[j])*2 + 1;
        if( plies[q]!=UNDECIDED ) continue;
        if( --count[t*n + mv[j]]==0 ){ plies[q] = plies[p]+1; queue[qTail++] = (uint32_t)q; }
      }
    }else{                      /* robber to move, won: every cop move that led here */
      memset(idx, 0, sizeof(idx));
      for(;;){
        int moved = 0;
        for(int i=0; i<k; i++){ d[i] = iadj[ioff[c[i]] + idx[i]]; moved += idx[i]>0; }
        if( !lazy || moved<=1 ){
          long long q = (idxOf(d)*n + r)*2;
          if( plies[q]==UNDECIDED ){ plies[q] = plies[p]+1; queue[qTail++] = (uint32_t)q; }
        }
        int i;
        for(i=0; i<k; i++){
          if( ++idx[i] < ioff[c[i]+1]-ioff[c[i]] ) break;
          idx[i] = 0;
        }
        if( i==k ) break;
      }
    }
  }
  long long best = -1;
  for(long long t=0; t<nTuple; t++){
    long long worst = 0;
    tupleOf(t, c);
    for(int r=0; r<n && worst>=0; r++){
      if( surround && onCop(c, r) ) continue;
      int pl = plies[(t*n + r)*2];
      if( pl==UNDECIDED ) worst = -1;
      else if( (pl+1)/2 > worst ) worst = (pl+1)/2;
    }
    if( worst>=0 && (best<0 || worst<best) ) best = worst;
  }
  double secs = (double)(clock()-t0)/CLOCKS_PER_SEC;
  printf("positions %lld capture_time %lld seconds %.3f peak_kb %ld\n", nPos, best, secs, peakKb());
  return 0;
}
