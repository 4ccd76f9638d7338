/*
** fuzz_adjjson.c: libFuzzer target for the JSON adjacency-list parser
** (ext/adjjson.c) and, behind it, the graph builder and the cat-and-mouse
** engine.  Plain C engines only, no SQLite (links ext/alloc_libc.c).
**
**     make fuzz            # every target for FUZZ_TIME seconds (60)
**     dist/fuzz/fuzz_adjjson -max_total_time=60 dist/fuzz/corpus_adjjson tests/fuzz/seed_adjjson
**
** For each input: the parser either fails with a message (non-empty, NUL
** terminated within its 200 bytes) or gives edges whose ends are all nodes
** 0..n-1.  Graphs of up to 40 nodes are then built and solved, and the
** solution is checked position by position against the rules of
** retrograde analysis, which together pin down the one right answer:
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

#define FZ_MAX_NODES 40

static void fzFail(const char *zWhy, const char *zIn, size_t n){
  fprintf(stderr, "fuzz_adjjson: %s\n  input: %.*s\n", zWhy, (int)(n>300 ? 300 : n), zIn);
  abort();
}

/* Check every position of a solved game against the rules above. */
static void fzCheckSolution(const GGGame *pGame, const uint32_t *aState,
                            const char *zIn, size_t nIn){
  uint32_t *aBuf = malloc(((size_t)pGame->nMaxMove+1)*sizeof(uint32_t));
  uint32_t pos, j;
  if( aBuf==0 ) return;
  for(pos=0; pos<pGame->nPos; pos++){
    uint32_t w = aState[pos], v = GG_VALUE(w), k = GG_COUNT(w);
    uint32_t mover = (uint32_t)pGame->xPlayer(pGame->pCtx, pos);
    uint32_t nSucc = pGame->xSucc(pGame->pCtx, pos, aBuf);
    uint32_t nOther = 0, bestWin = 0xffffffff, worstLoss = 0;
    if( v==GG_V_OPEN ) fzFail("a position left open", zIn, nIn);
    if( nSucc==0 ){
      if( k!=0 ) fzFail("a finished position with plies", zIn, nIn);
      continue;
    }
    for(j=0; j<nSucc; j++){
      uint32_t c = aState[aBuf[j]];
      if( GG_VALUE(c)==mover+1 && GG_COUNT(c)<bestWin ) bestWin = GG_COUNT(c);
      if( GG_VALUE(c)==2-mover ){
        nOther++;
        if( GG_COUNT(c)>worstLoss ) worstLoss = GG_COUNT(c);
      }
    }
    if( bestWin!=0xffffffff ){
      if( v!=mover+1 || k!=bestWin+1 ) fzFail("a won position is not won in the fewest plies", zIn, nIn);
    }else if( nOther==nSucc ){
      if( v!=2-mover || k!=worstLoss+1 ) fzFail("a lost position is not lost in the most plies", zIn, nIn);
    }else if( v!=GG_V_DRAW ){
      fzFail("a drawn position is not a draw", zIn, nIn);
    }
  }
  free(aBuf);
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
    for(k=0; k<2*e.nEdge; k++){
      if( e.a[k]<0 || e.a[k]>=nNode ) fzFail("an edge end is not a node", z, nData);
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
          if( !gg_graph_adjacent(&g, (uint32_t)e.a[k], (uint32_t)e.a[k+1])
           || !gg_graph_adjacent(&g, (uint32_t)e.a[k+1], (uint32_t)e.a[k]) ){
            fzFail("an edge is missing from the graph", z, nData);
          }
        }
        if( gg_cm_solve(&cm, &g, 0)==GG_OK ){
          fzCheckSolution(&cm.game, cm.aState, z, nData);
          gg_cm_free(&cm);
        }
        gg_graph_free(&g);
      }
    }
  }
  gg_edges_free(&e);
  return 0;
}
