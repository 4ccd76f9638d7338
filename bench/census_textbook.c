/*
** census_textbook.c: the cop numbers of many small graphs, computed the
** literature's way, a baseline for bench_census.py.  Plain C, standalone
** (its own graph6 reader; nothing of graphgame).
**
**   census_textbook < FILE.g6
**
** reads graph6 lines (nauty's geng output; n <= 64) and prints one line
**
**   graphs G cop1 A cop2 B cop3 C seconds T
**
** counting the graphs of cop number 1, 2 and at least 3, T the time from
** the first line read to the last answer.  The rules: cops choose their
** nodes, then the robber, then the cops move first; a move is a step along
** an edge or staying.
**
** One cop: a graph is cop-win iff it is dismantlable (Nowakowski and
** Winkler 1983; Quilliot 1978): remove a dominated node v (its closed
** neighbourhood inside that of another node u) again and again; cop-win
** iff one node is left.
**
** Two cops: the fixed point of the capture relation on bit masks (the
** method of Clarke and MacGillivray's characterisation of k-cop-win
** graphs).  C[a][b] is the set of robber nodes from which cops on a and b,
** to move, capture him; at first N[a] | N[b].  The robber to move is caught
** from the nodes R[a][b] = {r : N[r] inside C[a][b]}; the cops, to move,
** from C[a][b] |= R[a'][b'] for every move a' in N[a], b' in N[b].
** Repeat until nothing grows; two cops win iff some C[a][b] holds every
** node (stopping as soon as one does).
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXN 64

static double now(void){
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec*1e-9;
}

/* graph6 line z -> n and closed neighbourhoods N (bit v of N[u]: u == v
** or u ~ v).  Returns n, or -1 if the line is not a graph6 graph of at
** most MAXN nodes. */
static int readGraph6(const char *z, uint64_t *N){
  int n, i, j, k = 0, len = (int)strlen(z);
  while( len>0 && (z[len-1]=='\n' || z[len-1]=='\r') ) len--;
  if( len<1 || (unsigned char)z[0]<63 || (unsigned char)z[0]>63+MAXN ) return -1;
  n = z[0]-63;
  if( len != 1 + (n*(n-1)/2 + 5)/6 ) return -1;
  for(i=0; i<n; i++) N[i] = 1ull<<i;
  for(j=1; j<n; j++){
    for(i=0; i<j; i++, k++){
      int byte = z[1 + k/6]-63;
      if( byte<0 || byte>63 ) return -1;
      if( (byte>>(5 - k%6)) & 1 ){ N[i] |= 1ull<<j; N[j] |= 1ull<<i; }
    }
  }
  return n;
}

/* Dismantlable: remove dominated nodes until one is left. */
static int copWin(int n, const uint64_t *N){
  uint64_t alive = n==64 ? ~0ull : (1ull<<n)-1;
  int left = n, u, v;
  while( left>1 ){
    int found = 0;
    for(v=0; v<n && !found; v++){
      if( !((alive>>v)&1) ) continue;
      for(u=0; u<n; u++){
        if( u==v || !((alive>>u)&1) ) continue;
        if( ((N[v] & alive) & ~(N[u] & alive))==0 ){ found = 1; break; }
      }
      if( found ){ alive &= ~(1ull<<v); left--; }
    }
    if( !found ) return 0;
  }
  return 1;
}

/* Two cops win: the fixed point above, on unordered pairs a <= b. */
static int twoCopWin(int n, const uint64_t *N){
  static uint64_t C[MAXN][MAXN], R[MAXN][MAXN];
  uint64_t full = n==64 ? ~0ull : (1ull<<n)-1;
  int a, b, x, y, r, grew = 1;
  for(a=0; a<n; a++){
    for(b=a; b<n; b++){
      C[a][b] = C[b][a] = N[a] | N[b];
      if( C[a][b]==full ) return 1;
    }
  }
  while( grew ){
    grew = 0;
    for(a=0; a<n; a++){
      for(b=a; b<n; b++){
        uint64_t s = 0;
        for(r=0; r<n; r++) if( (N[r] & ~C[a][b])==0 ) s |= 1ull<<r;
        R[a][b] = R[b][a] = s;
      }
    }
    for(a=0; a<n; a++){
      for(b=a; b<n; b++){
        uint64_t c = C[a][b];
        for(x=0; x<n; x++){
          if( !((N[a]>>x)&1) ) continue;
          for(y=0; y<n; y++) if( (N[b]>>y)&1 ) c |= R[x][y];
        }
        if( c!=C[a][b] ){
          C[a][b] = C[b][a] = c;
          grew = 1;
          if( c==full ) return 1;
        }
      }
    }
  }
  return 0;
}

int main(void){
  static char line[4096];
  uint64_t N[MAXN];
  long count[4] = {0, 0, 0, 0}, graphs = 0;
  double t0 = now();
  while( fgets(line, sizeof(line), stdin) ){
    int n = readGraph6(line, N);
    if( n<0 ){ fprintf(stderr, "census_textbook: line %ld is not graph6 of at most %d nodes\n", graphs+1, MAXN); return 1; }
    graphs++;
    if( n<=1 || copWin(n, N) ) count[1]++;
    else if( twoCopWin(n, N) ) count[2]++;
    else count[3]++;
  }
  printf("graphs %ld cop1 %ld cop2 %ld cop3 %ld seconds %.6f\n",
         graphs, count[1], count[2], count[3], now()-t0);
  return 0;
}
