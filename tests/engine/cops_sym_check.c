/*
** cops_sym_check.c: the cops engine's one-at-a-time solve (on orbits of
** Aut(G), or on every configuration) checked against its plain solve
** (cops.c's joint moves) on every position: the plies with the cops to
** move and, unless `cops`, with the robber to move, and the capture time
** and its start's plies.  Run by tests/py/test_cops_sym.py on many graphs
** at once, and by hand on large ones (docs/reference/cops.md).
**
**   cops_sym_check FILE [FILE...]   each FILE: "K MODE RULES n" then
**                                   edge rows "u v" on 0..n-1, a line
**                                   "end" between graphs
** MODE: seq or sym; RULES: plain, directed or distance=D.  Prints one
** line a graph, "ok ..." or "MISMATCH ...", and exits 1 on any mismatch.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cops.h"
#include "ref.h"             /* the tests' short forms (tests/engine/ref) */

/* Compare every position of two solves; the mismatches. */
static uint64_t checkAll(GGCops *a, GGCops *b, int bCopsOnly, char *zWhy, int nWhy){
  uint64_t conf, nBad = 0;
  uint32_t r;
  int turn;
  for(conf=0; conf<a->nConf; conf++){
    for(r=0; r<a->n; r++){
      for(turn=0; turn<(bCopsOnly ? 1 : 2); turn++){
        int64_t x = gg_cops_plies(a, conf, r, turn), y = gg_cops_plies(b, conf, r, turn);
        if( x!=y ){
          if( nBad==0 ) snprintf(zWhy, nWhy, "conf %llu r %u turn %d: plain %lld other %lld",
                                 (unsigned long long)conf, r, turn, (long long)x, (long long)y);
          nBad++;
        }
      }
    }
  }
  return nBad;
}

int main(int argc, char **argv){
  int iArg, nFail = 0;
  for(iArg=1; iArg<argc; iArg++){
    FILE *f = fopen(argv[iArg], "r");
    char zMode[16], zRules[32];
    int k, n;
    if( f==0 ){ fprintf(stderr, "cops_sym_check: cannot open %s\n", argv[iArg]); return 2; }
    while( fscanf(f, "%d %15s %31s %d", &k, zMode, zRules, &n)==4 ){
      GGEdgeList e;
      GGGraph g;
      GGCops plain, other, fast;
      GGCopsRules rules;
      int u, v, i, rc, bCopsOnly = argc>1 && getenv("CHECK_COPS_ONLY")!=0;
      int64_t *aExtra = malloc((n+1)*sizeof(int64_t));
      char zWhy[200] = "";
      uint64_t nBad;
      memset(&e, 0, sizeof(e));
      memset(&rules, 0, sizeof(rules));
      rules.robberSpeed = 1;
      if( strcmp(zRules, "directed")==0 ){ rules.bDirected = 1; e.bDirected = 1; }
      else if( strncmp(zRules, "distance=", 9)==0 ) rules.distance = (uint32_t)atoi(zRules+9);
      while( fscanf(f, "%d %d", &u, &v)==2 ) gg_edges_add(&e, u, v);
      if( fscanf(f, " end")!=0 ){}
      for(i=0; i<n; i++) aExtra[i] = i;
      if( gg_graph_build(&g, &e, aExtra, n) ){ fprintf(stderr, "cops_sym_check: build\n"); return 2; }
      rc = gg_cops_solve_rules(&plain, &g, (uint32_t)k, &rules, 0, 0);
      rules.eSolve = strcmp(zMode, "seq")==0 ? GG_COPS_SOLVE_SEQ : GG_COPS_SOLVE_SYM;
      if( rc==GG_OK ) rc = gg_cops_solve_rules(&other, &g, (uint32_t)k, &rules, 0, 0);
      if( rc==GG_OK ) rc = gg_cops_solve_rules(&fast, &g, (uint32_t)k, &rules, 1, 0);
      if( rc ){ printf("FAIL solve rc %d\n", rc); return 1; }
      nBad = checkAll(&plain, &other, bCopsOnly, zWhy, (int)sizeof(zWhy));
      if( plain.captureTime!=other.captureTime || plain.captureTime!=fast.captureTime ){
        snprintf(zWhy, sizeof(zWhy), "capture time plain %lld other %lld fast %lld",
                 (long long)plain.captureTime, (long long)other.captureTime,
                 (long long)fast.captureTime);
        nBad++;
      }else if( plain.captureTime>=0 ){       /* the other's start is as good */
        int64_t mx = 0, t;
        for(i=0; i<n; i++){
          t = gg_cops_plies(&plain, other.bestConf, (uint32_t)i, GG_COPS_TURN_COPS);
          if( t<0 ){ mx = -1; break; }
          if( t>mx ) mx = t;
        }
        if( mx<0 || (mx+1)/2!=plain.captureTime ){
          snprintf(zWhy, sizeof(zWhy), "the start %llu takes %lld plies",
                   (unsigned long long)other.bestConf, (long long)mx);
          nBad++;
        }
      }
      printf("%s k %d %s %s n %d order %.0f states %llu capture_time %lld%s%s\n",
             nBad ? "MISMATCH" : "ok", k, zMode, zRules, n,
             other.pSeq ? other.autOrder : 1.0,
             (unsigned long long)(other.pSeq ? other.nSeqConf : other.nConf),
             (long long)plain.captureTime, nBad ? ": " : "", zWhy);
      if( nBad ) nFail++;
      gg_cops_free(&plain); gg_cops_free(&other); gg_cops_free(&fast);
      gg_graph_free(&g);
      gg_edges_free(&e);
      free(aExtra);
    }
    fclose(f);
  }
  return nFail ? 1 : 0;
}
