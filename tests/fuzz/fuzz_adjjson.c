/*
** fuzz_adjjson.c: libFuzzer target for the JSON adjacency-list parser
** (ext/engine/formats/adjjson.c) and, behind it, the graph builder and
** the cat-and-mouse engine.  Plain C engines only, no SQLite (links
** ext/engine/core/alloc_libc.c).
**
**     make fuzz            # every target for FUZZ_TIME seconds (60)
**     dist/fuzz/fuzz_adjjson -max_total_time=60 dist/fuzz/corpus_adjjson tests/fuzz/seed_adjjson
**
** For each input: the parser either fails with a message (non-empty, NUL
** terminated within its 200 bytes) or gives edges whose ends are all nodes
** 0..n-1.  Graphs of up to 40 nodes are then built and solved, and the
** solution of the fast engine (with one thread, two, or the two-thread
** split run by one) is checked against the reference engine and, position
** by position, against the rules of the game and of retrograde analysis,
** which together pin down the one right answer:
**
**   - a position with no moves is finished: decided, 0 plies (or, for the
**     positions with the cat on the hole that cannot arise, a draw);
**   - a position whose mover can move to a position the mover wins is won
**     by the mover, in 1 + the fewest plies of such a move;
**   - a position all of whose moves lead to positions the other player
**     wins is won by the other player, in 1 + the most plies of them;
**   - any other position is a draw.
**
** A wrong answer aborts, so libFuzzer reports it like a crash.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "adjjson.h"
#include "alloc.h"
#include "catmouse.h"
#include "ref.h"

#define FZ_MAX_NODES 40

static void fzFail(const char *zWhy, const char *zIn, size_t n){
  fprintf(stderr, "fuzz_adjjson: %s\n  input: %.*s\n", zWhy, (int)(n>300 ? 300 : n), zIn);
  abort();
}

/* Value and plies of a position, or *pV = 0 if it has moves (filled by
** the rules of the game, not by the engine). */
static void fzFinished(const GGGraph *pG, uint32_t hole, uint32_t m, uint32_t c,
                       int t, uint32_t *pV){
  uint32_t j, nMove = 0;
  *pV = 0;
  if( c==hole ){ *pV = GG_V_DRAW; return; }           /* not a position */
  if( m==hole ){ *pV = GG_V_WIN0; return; }
  if( m==c ){ *pV = GG_V_WIN1; return; }
  if( t==GG_CM_MOUSE ){
    nMove = GG_DEG(pG, m);
  }else{
    for(j=0; j<GG_DEG(pG, c); j++) nMove += GG_NBR(pG, c)[j]!=hole;
  }
  if( nMove==0 ) *pV = t==GG_CM_MOUSE ? GG_V_WIN1 : GG_V_WIN0;
}

/* Check every position of a solved game against the rules above, and
** against the reference engine (tests/engine/ref/catmouse_ref.c). */
static void fzCheckSolution(const GGCatMouse *p, const GGGraph *pG,
                            const char *zIn, size_t nIn){
  uint32_t n = pG->n, hole = (uint32_t)gg_graph_find(pG, 0), m, c, j;
  uint32_t *aRef = 0;
  int t;
  if( gg_cm_ref_solve(pG, p->aHole, &aRef, 0)!=GG_OK ) aRef = 0;
  for(m=0; m<n; m++) for(c=0; c<n; c++) for(t=0; t<2; t++){
    uint32_t v, vEnd, mover = (uint32_t)t, nSucc = 0, nOther = 0;
    int64_t k, mv, bestWin = -1, worstLoss = -1;
    gg_cm_get(p, m, c, t, &v, &k, &mv);
    if( aRef ){
      uint32_t w = aRef[gg_cm_pos(n, m, c, t)];
      if( GG_VALUE(w)!=v || (v!=GG_V_DRAW && (int64_t)GG_COUNT(w)!=k) ){
        fzFail("the engine and the reference engine differ", zIn, nIn);
      }
    }
    fzFinished(pG, hole, m, c, t, &vEnd);
    if( vEnd ){
      if( v!=vEnd || (v!=GG_V_DRAW && k!=0) || mv!=-1 ){
        fzFail("a finished position is wrong", zIn, nIn);
      }
      continue;
    }
    for(j=0; j<GG_DEG(pG, t==GG_CM_MOUSE ? m : c); j++){
      uint32_t x = GG_NBR(pG, t==GG_CM_MOUSE ? m : c)[j], cv;
      int64_t ck, cm;
      if( t==GG_CM_CAT && x==hole ) continue;
      if( t==GG_CM_MOUSE ) gg_cm_get(p, x, c, GG_CM_CAT, &cv, &ck, &cm);
      else gg_cm_get(p, m, x, GG_CM_MOUSE, &cv, &ck, &cm);
      nSucc++;
      if( cv==mover+1 && (bestWin<0 || ck<bestWin) ) bestWin = ck;
      if( cv==2-mover ){
        nOther++;
        if( ck>worstLoss ) worstLoss = ck;
      }
      if( (int64_t)x==mv && !(cv==v && (v==GG_V_DRAW || ck==k-1)) ){
        fzFail("the best move is not optimal", zIn, nIn);
      }
    }
    if( bestWin>=0 ){
      if( v!=mover+1 || k!=bestWin+1 ) fzFail("a won position is not won in the fewest plies", zIn, nIn);
    }else if( nOther==nSucc ){
      if( v!=2-mover || k!=worstLoss+1 ) fzFail("a lost position is not lost in the most plies", zIn, nIn);
    }else if( v!=GG_V_DRAW || k!=-1 ){
      fzFail("a drawn position is not a draw", zIn, nIn);
    }
    if( mv<0 ) fzFail("a position that goes on has no best move", zIn, nIn);
  }
  gg_free(aRef);
}

int LLVMFuzzerTestOneInput(const uint8_t *aData, size_t nData){
  const char *z = (const char*)aData;
  GGEdgeList e;
  int64_t nNode = -1, i;
  char zErr[200];
  int rc;
  memset(&e, 0, sizeof(e));
  memset(zErr, 0x55, sizeof(zErr));
  rc = gg_adjjson_parse(z, nData, &e, &nNode, zErr);
  if( rc<0 ){
    if( memchr(zErr, 0, sizeof(zErr))==0 || zErr[0]==0 ) fzFail("bad error message", z, nData);
  }else if( rc==GG_OK ){
    uint64_t k;
    if( nNode<0 ) fzFail("negative node count", z, nData);
    for(k=0; k<2*e.nEdge; k++){          /* e.a holds label ids; labels are 0..n-1 */
      int64_t L = gg_keymap_int(&e.labels, e.a[k]);
      if( L<0 || L>=nNode ) fzFail("an edge end is not a node", z, nData);
    }
    if( nNode<=FZ_MAX_NODES ){
      int64_t aNode[FZ_MAX_NODES+3];
      GGGraph g;
      GGCatMouse cm;
      int64_t n = nNode<3 ? 3 : nNode;
      for(i=0; i<n; i++) aNode[i] = i;
      if( gg_graph_build(&g, &e, aNode, (int)n)==GG_OK ){
        if( g.n!=(uint32_t)n ) fzFail("the graph has the wrong number of nodes", z, nData);
        for(k=0; k<2*e.nEdge; k+=2){
          uint32_t u = (uint32_t)gg_keymap_int(&e.labels, e.a[k]);
          uint32_t v = (uint32_t)gg_keymap_int(&e.labels, e.a[k+1]);
          if( !gg_graph_adjacent(&g, u, v) || !gg_graph_adjacent(&g, v, u) ){
            fzFail("an edge is missing from the graph", z, nData);
          }
        }
        /* one thread, two, or the two-thread split run by one */
        static const int aThread[3] = { 1, 2, -2 };
        uint8_t aHole[4096] = {0};     /* the hole: label 0 */
        memset(&cm, 0, sizeof(cm));
        if( g.n<=sizeof(aHole) ) aHole[gg_graph_find(&g, 0)] = 1;
        if( g.n<=sizeof(aHole)
         && gg_cm_solve_threads(&cm, &g, aHole, aThread[nData%3], 0)==GG_OK ){
          fzCheckSolution(&cm, &g, z, nData);
        }
        gg_cm_free(&cm);
        gg_graph_free(&g);
      }
    }
  }
  gg_edges_free(&e);
  return 0;
}
