/*
** textbook_cops.c: the textbook k-cop solver, a baseline for
** bench_cops.py.  Plain C, written as the method is usually taught: one
** flat array over ORDERED cop tuples (n^k * n * 2 positions), a queue of
** decided positions, an int counter per robber-turn position (his moves
** not yet known to lose), an int of plies and a byte of "decided" per
** position.  Computes every position's plies and the capture time.
**
**   textbook_cops FILE K
**
** FILE: the node count n on the first line, then one edge "u v" per line
** (0-based).  Prints one line:
**
**   positions P capture_time T seconds S peak_kb K
**
** T is -1 when k cops lose; S is the solve time (not reading the file).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static long peakKb(void){
  FILE *f = fopen("/proc/self/status", "r");
  char line[256];
  long kb = -1;
  while( f && fgets(line, sizeof(line), f) ){
    if( strncmp(line, "VmHWM:", 6)==0 ) kb = atol(line+6);
  }
  if( f ) fclose(f);
  return kb;
}

static int n, k;
static int *off, *adj;             /* closed neighbourhoods: v first, then neighbours */
static long long nTuple;           /* n^k */

static long long idxOf(const int *c){
  long long x = 0;
  for(int i=0; i<k; i++) x = x*n + c[i];
  return x;
}

static void tupleOf(long long x, int *c){
  for(int i=k-1; i>=0; i--){ c[i] = (int)(x % n); x /= n; }
}

int main(int argc, char **argv){
  FILE *f;
  int m = 0, u, v, *deg, *eu, *ev, mAlloc = 1024;
  if( argc<3 || (f = fopen(argv[1], "r"))==0 ){ fprintf(stderr, "usage: textbook_cops FILE K\n"); return 1; }
  k = atoi(argv[2]);
  if( fscanf(f, "%d", &n)!=1 ) return 1;
  eu = malloc(mAlloc*sizeof(int)); ev = malloc(mAlloc*sizeof(int));
  while( fscanf(f, "%d %d", &u, &v)==2 ){
    if( m==mAlloc ){ mAlloc *= 2; eu = realloc(eu, mAlloc*sizeof(int)); ev = realloc(ev, mAlloc*sizeof(int)); }
    eu[m] = u; ev[m] = v; m++;
  }
  fclose(f);
  clock_t t0 = clock();
  deg = calloc(n, sizeof(int));
  for(int i=0; i<m; i++) if( eu[i]!=ev[i] ){ deg[eu[i]]++; deg[ev[i]]++; }
  off = malloc((n+1)*sizeof(int));
  off[0] = 0;
  for(int i=0; i<n; i++) off[i+1] = off[i] + deg[i] + 1;
  adj = malloc(off[n]*sizeof(int));
  int *fill = calloc(n, sizeof(int));
  for(int i=0; i<n; i++){ adj[off[i]] = i; fill[i] = 1; }
  for(int i=0; i<m; i++) if( eu[i]!=ev[i] ){
    adj[off[eu[i]] + fill[eu[i]]++] = ev[i];
    adj[off[ev[i]] + fill[ev[i]]++] = eu[i];
  }
  nTuple = 1;
  for(int i=0; i<k; i++) nTuple *= n;
  long long nPos = nTuple*n*2;                /* ((tuple*n + r)*2 + turn), turn 0 cops */
  int *count = malloc(nPos*sizeof(int));
  int *plies = malloc(nPos*sizeof(int));
  unsigned char *done = calloc(nPos, 1);
  long long *queue = malloc(nPos*sizeof(long long)), qHead = 0, qTail = 0;
  int c[16], d[16], idx[16];
  for(long long t=0; t<nTuple; t++){
    tupleOf(t, c);
    for(int r=0; r<n; r++){
      int on = 0;
      for(int i=0; i<k; i++) if( c[i]==r ) on = 1;
      for(int turn=0; turn<2; turn++){
        long long p = (t*n + r)*2 + turn;
        count[p] = off[r+1]-off[r];
        plies[p] = -1;
        if( on ){ done[p] = 1; plies[p] = 0; queue[qTail++] = p; }
      }
    }
  }
  while( qHead<qTail ){
    long long p = queue[qHead++];
    int turn = (int)(p & 1), r = (int)((p>>1) % n);
    long long t = (p>>1) / n;
    if( turn==0 ){              /* cops to move, won: robber moves that led here */
      for(int j=off[r]; j<off[r+1]; j++){
        long long q = (t*n + adj[j])*2 + 1;
        if( done[q] ) continue;
        if( --count[q]==0 ){ done[q] = 1; plies[q] = plies[p]+1; queue[qTail++] = q; }
      }
    }else{                      /* robber to move, won: every cop move that led here */
      tupleOf(t, c);
      memset(idx, 0, sizeof(idx));
      for(;;){
        for(int i=0; i<k; i++) d[i] = adj[off[c[i]] + idx[i]];
        long long q = (idxOf(d)*n + r)*2;
        if( !done[q] ){ done[q] = 1; plies[q] = plies[p]+1; queue[qTail++] = q; }
        int i;
        for(i=0; i<k; i++){
          if( ++idx[i] < off[c[i]+1]-off[c[i]] ) break;
          idx[i] = 0;
        }
        if( i==k ) break;
      }
    }
  }
  long long best = -1;
  for(long long t=0; t<nTuple; t++){
    long long worst = 0;
    for(int r=0; r<n && worst>=0; r++){
      int pl = plies[(t*n + r)*2];
      if( pl<0 ) worst = -1;
      else if( (pl+1)/2 > worst ) worst = (pl+1)/2;
    }
    if( worst>=0 && (best<0 || worst<best) ) best = worst;
  }
  double secs = (double)(clock()-t0)/CLOCKS_PER_SEC;
  printf("positions %lld capture_time %lld seconds %.3f peak_kb %ld\n", nPos, best, secs, peakKb());
  return 0;
}
