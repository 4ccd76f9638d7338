/*
** cops_sym_engine.c: the cops engine's symmetric solve (orbits of Aut(G),
** cops one at a time: ext/engine/cops/cops_seq.c) beside its plain solve, on
** one graph, for bench_cops_sym.py and the long runs of
** docs/reference/cops.md (Tutte's 12-cage, the Hoffman-Singleton graph).
**
**   cops_sym_engine FILE K [plain|seq|sym|auto] [full] [number] [repeat R]
**
** FILE: n, then edge rows "u v" on 0..n-1.  plain: cops.c's joint moves;
** seq: one at a time, no symmetry; sym (the default): one at a time on
** orbits; auto: what SQL's default takes (sym if the group is not
** trivial).  full keeps every position's plies (the tables' solve), else
** the solve stops at the capture time (cop_number's).  number: k, k+1,
** ... until the cops win.  repeat R: each k solved R times in the one
** process, the median time printed (the first solve of a process loads
** nauty's library, a fraction of a millisecond that a session pays once:
** it would hide the solve on the smallest graphs).  Prints one line a k: "k K order G configs C
** states S positions P raw R capture_time T seconds S peak_kb K".
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "cops.h"
#include "ref.h"             /* the tests' short forms (tests/engine/ref) */
#include "peak.h"

/* qsort's order of seconds. */
static int cseCmp(const void *a, const void *b){
  double x = *(const double*)a, y = *(const double*)b;
  return x<y ? -1 : x>y;
}

int main(int argc, char **argv){
  FILE *f;
  GGEdgeList e;
  GGGraph g;
  GGCopsRules rules;
  int n, u, v, i, bFull = 0, bNumber = 0, nRepeat = 1;
  uint32_t k;
  memset(&e, 0, sizeof(e));
  memset(&rules, 0, sizeof(rules));
  rules.robberSpeed = 1;
  rules.eSolve = GG_COPS_SOLVE_SYM;
  for(i=3; i<argc; i++){
    if( strcmp(argv[i], "plain")==0 ) rules.eSolve = GG_COPS_SOLVE_PLAIN;
    else if( strcmp(argv[i], "seq")==0 ) rules.eSolve = GG_COPS_SOLVE_SEQ;
    else if( strcmp(argv[i], "sym")==0 ) rules.eSolve = GG_COPS_SOLVE_SYM;
    else if( strcmp(argv[i], "auto")==0 ) rules.eSolve = GG_COPS_SOLVE_AUTO;
    else if( strcmp(argv[i], "full")==0 ) bFull = 1;
    else if( strcmp(argv[i], "number")==0 ) bNumber = 1;
    else if( strcmp(argv[i], "repeat")==0 && i+1<argc && atoi(argv[i+1])>0 ) nRepeat = atoi(argv[++i]);
    else{ fprintf(stderr, "cops_sym_engine: unknown word %s\n", argv[i]); return 1; }
  }
  if( argc<3 || (f = fopen(argv[1], "r"))==0 ){
    fprintf(stderr, "usage: cops_sym_engine FILE K [plain|seq|sym|auto] [full] [number]\n");
    return 1;
  }
  if( fscanf(f, "%d", &n)!=1 ) return 1;
  while( fscanf(f, "%d %d", &u, &v)==2 ) gg_edges_add(&e, u, v);
  fclose(f);
  {
    int64_t *aExtra = malloc(n*sizeof(int64_t));
    for(i=0; i<n; i++) aExtra[i] = i;
    if( gg_graph_build(&g, &e, aExtra, n) ) return 1;
  }
  for(k=(uint32_t)atoi(argv[2]); ; k++){
    GGCops cops;
    struct timespec t0, t1;
    double order = 1, aSec[1024], sec;
    uint64_t nConf, nStates = 0, nPos;
    int rc, r, nRun = nRepeat<1024 ? nRepeat : 1024;
    for(r=0; r<nRun; r++){
      if( r>0 ) gg_cops_free(&cops);
      clock_gettime(CLOCK_MONOTONIC, &t0);
      rc = gg_cops_solve_rules(&cops, &g, k, &rules, !bFull, 0);
      clock_gettime(CLOCK_MONOTONIC, &t1);
      if( rc ){ fprintf(stderr, "cops_sym_engine: the solve failed (%d)\n", rc); return 1; }
      aSec[r] = (double)(t1.tv_sec-t0.tv_sec) + 1e-9*(double)(t1.tv_nsec-t0.tv_nsec);
    }
    qsort(aSec, (size_t)nRun, sizeof(double), cseCmp);
    sec = aSec[nRun/2];
    nConf = cops.pSeq ? cops.nSeqConf : cops.nConf;
    nPos = cops.pSeq ? cops.nSeqPos : gg_cops_positions(g.n, k);
    nStates = cops.pSeq ? cops.nSeqState : cops.nConf;
    if( cops.pSeq ) order = cops.autOrder;
    printf("k %u order %.0f configs %llu states %llu positions %llu raw %llu capture_time %lld"
           " seconds %.6f peak_kb %ld\n", k, order, (unsigned long long)nConf,
           (unsigned long long)nStates, (unsigned long long)nPos,
           (unsigned long long)gg_cops_positions(g.n, k), (long long)cops.captureTime,
           sec, peakKb());
    if( cops.captureTime>=0 ){         /* the cops' best start */
      uint32_t aCop[GG_COPS_MAXK], j;
      gg_cops_unrank(&cops, cops.bestConf, aCop);
      printf("start");
      for(j=0; j<k; j++) printf(" %u", aCop[j]);
      printf("\n");
    }
    fflush(stdout);
    if( !bNumber || cops.captureTime>=0 ){ gg_cops_free(&cops); break; }
    gg_cops_free(&cops);
  }
  return 0;
}
