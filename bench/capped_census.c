/*
** capped_census.c: where the widely copied 2n-capped cat-and-mouse search
** is wrong, over every graph on n nodes, in plain C: the baseline of the
** cat-and-mouse census of issue 21 part 4, for bench_census.py.
** Standalone (its own graph6 reader; nothing of graphgame).
**
**   capped_census [-v] < FILE.g6        (e.g. nauty-geng -q 8 | capped_census)
**
** For every graph (connected or not) and every hole h it solves the whole
** game exactly, as bench/textbook913.c does (a queue of decided positions,
** a counter of undecided moves per position), keeping the plies: the
** winner hurries and the loser delays, so a position decided from the
** queue's k-th ply level ends in k moves.  The rules are graphgame's: the
** mouse on h wins, the cat on the mouse wins, a player with no move loses,
** the cat never enters h; everything else is a draw.
**
** The starts: mouse m and cat c on distinct nodes, neither on h, the mouse
** to move.  Prints one line per n:
**
**   n N graphs G starts S mouse A cat B draw D longest L at_least_2n K
**     first GRAPH6 hole H mouse M cat C plies P seconds T
**
** L is the longest forced win over all starts, K how many starts have a
** forced win of at least 2n plies (where the capped search answers draw),
** and "first" the first such start in the input (or "-" if none).
** -v also prints every position, one line each:
**   pos GRAPH HOLE MOUSE CAT TURN OUTCOME PLIES
** (GRAPH the 0-based line number, TURN 0 mouse 1 cat, OUTCOME 1 mouse wins,
** 2 cat wins, 0 draw, PLIES -1 for a draw).
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXN 64
#define NPOS (MAXN*MAXN*2)
enum { DRAW = 0, MOUSE_WIN = 1, CAT_WIN = 2 };

static double now(void){
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec*1e-9;
}

/* One graph: adjacency lists. */
typedef struct { int n; int deg[MAXN]; int adj[MAXN][MAXN]; } Graph;

/* graph6 line -> g; 0, or -1 if not graph6 of at most MAXN nodes. */
static int readGraph6(const char *z, Graph *g){
  int n, i, j, k = 0, len = (int)strlen(z);
  while( len>0 && (z[len-1]=='\n' || z[len-1]=='\r') ) len--;
  if( len<1 || (unsigned char)z[0]<63 || (unsigned char)z[0]>63+MAXN ) return -1;
  n = z[0]-63;
  if( len != 1 + (n*(n-1)/2 + 5)/6 ) return -1;
  g->n = n;
  memset(g->deg, 0, sizeof(g->deg));
  for(j=1; j<n; j++){
    for(i=0; i<j; i++, k++){
      int byte = z[1 + k/6]-63;
      if( byte<0 || byte>63 ) return -1;
      if( (byte>>(5 - k%6)) & 1 ){
        g->adj[i][g->deg[i]++] = j;
        g->adj[j][g->deg[j]++] = i;
      }
    }
  }
  return 0;
}

/* The solved game of one graph and hole. */
typedef struct {
  unsigned char res[NPOS];    /* DRAW, MOUSE_WIN or CAT_WIN */
  int plies[NPOS];            /* moves left under optimal play; -1 draw */
} Solved;

#define IDX(m,c,t) (((m)*n + (c))*2 + (t))

/* Retrograde analysis of g with the hole h. */
static void solve(const Graph *g, int h, Solved *s){
  static int counter[NPOS], queue[NPOS];
  int n = g->n, head = 0, tail = 0, m, c, t, i;
  for(i=0; i<n*n*2; i++){ s->res[i] = DRAW; s->plies[i] = -1; }
  for(m=0; m<n; m++){
    for(c=0; c<n; c++){
      int catMoves = 0;
      if( c==h ) continue;
      for(i=0; i<g->deg[c]; i++) if( g->adj[c][i]!=h ) catMoves++;
      counter[IDX(m,c,0)] = g->deg[m];
      counter[IDX(m,c,1)] = catMoves;
      for(t=0; t<2; t++){
        int p = IDX(m,c,t), r = DRAW;
        if( m==h ) r = MOUSE_WIN;
        else if( m==c ) r = CAT_WIN;
        else if( counter[p]==0 ) r = t==0 ? CAT_WIN : MOUSE_WIN;
        if( r!=DRAW ){ s->res[p] = (unsigned char)r; s->plies[p] = 0; queue[tail++] = p; }
      }
    }
  }
  while( head<tail ){
    int p = queue[head++], r = s->res[p], k = s->plies[p];
    t = p & 1; c = (p>>1) % n; m = (p>>1) / n;
    if( t==1 ){                        /* the mouse moved last, from a neighbour */
      for(i=0; i<g->deg[m]; i++){
        int q = IDX(g->adj[m][i], c, 0);
        if( s->res[q]!=DRAW || s->plies[q]==0 ) continue;
        if( r==MOUSE_WIN || --counter[q]==0 ){ s->res[q] = (unsigned char)r; s->plies[q] = k+1; queue[tail++] = q; }
      }
    }else{                             /* the cat moved last, not from the hole */
      for(i=0; i<g->deg[c]; i++){
        int q, from = g->adj[c][i];
        if( from==h ) continue;
        q = IDX(m, from, 1);
        if( s->res[q]!=DRAW || s->plies[q]==0 ) continue;
        if( r==CAT_WIN || --counter[q]==0 ){ s->res[q] = (unsigned char)r; s->plies[q] = k+1; queue[tail++] = q; }
      }
    }
  }
}

/* The tallies of one n. */
typedef struct {
  long graphs, starts, count[3], atLeast2n;
  int longest;
  char first[16];             /* graph6 of the first start at >= 2n plies */
  int fh, fm, fc, fp;         /* its hole, mouse, cat and plies */
} Tally;

static void tally(Tally *a, const Graph *g, const char *z, int h, const Solved *s){
  int n = g->n, m, c;
  for(m=0; m<n; m++){
    for(c=0; c<n; c++){
      int p = IDX(m,c,0), k = s->plies[p];
      if( m==c || m==h || c==h ) continue;
      a->starts++;
      a->count[s->res[p]]++;
      if( s->res[p]==DRAW ) continue;
      if( k>a->longest ) a->longest = k;
      if( k>=2*n ){
        if( a->atLeast2n++==0 ){
          snprintf(a->first, sizeof(a->first), "%.*s", (int)strcspn(z, "\r\n"), z);
          a->fh = h; a->fm = m; a->fc = c; a->fp = k;
        }
      }
    }
  }
}

int main(int argc, char **argv){
  static char line[4096];
  static Graph g;
  static Solved s;
  static Tally all[MAXN+1];
  int bVerbose = argc>1 && strcmp(argv[1], "-v")==0, n, h, m, c, t;
  long nLine = 0;
  double t0 = now();
  for(; fgets(line, sizeof(line), stdin); nLine++){
    if( readGraph6(line, &g) ){ fprintf(stderr, "capped_census: line %ld is not graph6 of at most %d nodes\n", nLine+1, MAXN); return 1; }
    n = g.n;
    all[n].graphs++;
    for(h=0; h<n; h++){
      solve(&g, h, &s);
      tally(&all[n], &g, line, h, &s);
      if( !bVerbose ) continue;
      for(m=0; m<n; m++) for(c=0; c<n; c++) for(t=0; t<2; t++){
        if( c==h ) continue;
        printf("pos %ld %d %d %d %d %d %d\n", nLine, h, m, c, t, s.res[IDX(m,c,t)], s.plies[IDX(m,c,t)]);
      }
    }
  }
  for(n=0; n<=MAXN; n++){
    Tally *a = &all[n];
    if( a->graphs==0 ) continue;
    printf("n %d graphs %ld starts %ld mouse %ld cat %ld draw %ld longest %d at_least_2n %ld first ",
           n, a->graphs, a->starts, a->count[MOUSE_WIN], a->count[CAT_WIN], a->count[DRAW],
           a->longest, a->atLeast2n);
    if( a->atLeast2n ) printf("%s hole %d mouse %d cat %d plies %d", a->first, a->fh, a->fm, a->fc, a->fp);
    else printf("- hole - mouse - cat - plies -");
    printf(" seconds %.6f\n", now()-t0);
  }
  return 0;
}
