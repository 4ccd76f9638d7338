/*
** game_solve_engine.c: the engine of game_solve without SQLite, for
** bench_game_solve.py.
**
**   game_solve_engine N D      (built by the bench script)
**
** Builds the bench's game in memory with the same formulas as its SQL
** (N positions 0..N-1, D moves each: move j = 0..D-1 of position i goes
** to ggHash(i*D+j) * N >> 31, a uniformly random position, so the game looks
** the same at every size) and goes through the same steps as game_solve,
** timing each: map the position ids (keymap.c, batches with prefetch as
** in game_solve_sql.c), look up both ends of every move and collect them,
** build the CSR arrays (game_solve.c), solve (retro.c), and
** compute every row's outcome, plies and move.  The key map is a plain
** hash map here (game_solve lets consecutive integer ids be a run that
** needs none), so map ids and moves show what ids in any order cost.  Prints one JSON object:
** CPU seconds per step and the counts of wins, losses and draws, which
** must equal those of the SQL run.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "alloc.h"
#include "game_solve.h"
#include "keymap.h"
#include "peak.h"
#include "ref.h"             /* the tests' short forms (tests/engine/ref) */

#define BATCH 128

static double cpuNow(void){
  return (double)clock() / CLOCKS_PER_SEC;
}

static void die(const char *zWhat){
  fprintf(stderr, "game_solve_engine: %s failed\n", zWhat);
  exit(1);
}

/* The bench's hash of move x, below 2^31 (the same arithmetic as its
** SQL): a linear congruence modulo the prime 2^31 - 1, squared twice. */
static int64_t ggHash(int64_t x){
  const int64_t p = 2147483647;
  int64_t h = (x * 48271 + 11) % p;
  h = (h * h + 12345) % p;
  h = (h * h + 12345) % p;
  return h;
}

/* The bench's positions table: player and result of position i. */
static uint8_t kindOf(int64_t i){
  int player = (int)(((i * 2654435761LL) >> 13) & 1);
  int result = GG_EX_GOING;
  if( i % 61 == 0 ) result = GG_EX_LOSS;
  else if( i % 67 == 1 ) result = GG_EX_WIN;
  else if( i % 71 == 2 ) result = GG_EX_DRAW;
  return GG_EX_KIND(player, result);
}

int main(int argc, char **argv){
  int64_t n, d, i, j, aKey[2*BATCH], aId[2*BATCH];
  uint32_t nb = 0, k, id;
  GGKeyMap keys;
  GGMoveList moves;
  GGExplicit ex;
  uint8_t *aKind;
  uint64_t aCount[4] = {0, 0, 0, 0}, nMove = 0;
  double t0, tMap, tMoves, tBuild, tSolve, tRows;
  int bNew;
  if( argc!=3 ) die("usage: game_solve_engine N D;");
  n = atoll(argv[1]);
  d = atoll(argv[2]);
  memset(&keys, 0, sizeof(keys));
  memset(&moves, 0, sizeof(moves));
  moves.nSource = (uint32_t)n;        /* as game_solve: moves by ascending source */
  aKind = gg_malloc((uint64_t)n + 1);
  if( aKind==0 ) die("malloc");

  t0 = cpuNow();
  for(i=0; i<n; i+=BATCH){
    int64_t m = n-i < BATCH ? n-i : BATCH;
    for(k=0; k<m; k++) aKey[k] = i+k;
    gg_keymap_prefetch_ints(&keys, aKey, (uint32_t)m);
    for(k=0; k<m; k++){
      if( gg_keymap_add(&keys, GG_KEY_INT, aKey[k], 0, 0, &id, &bNew) || !bNew ) die("add");
      aKind[id] = kindOf(aKey[k]);
    }
  }
  tMap = cpuNow() - t0;

  t0 = cpuNow();
  for(i=0; i<n; i++){
    for(j=1; j<=d; j++){
      aKey[2*nb] = i;
      aKey[2*nb+1] = (ggHash(i*d + j - 1) * n) >> 31;
      if( ++nb==BATCH || (i==n-1 && j==d) ){
        gg_keymap_find_ints(&keys, aKey, 2*nb, aId);
        for(k=0; k<nb; k++){
          if( aId[2*k]<0 || aId[2*k+1]<0 ) die("find");
          if( gg_movelist_add(&moves, (uint32_t)aId[2*k], (uint32_t)aId[2*k+1]) ) die("add move");
        }
        nb = 0;
      }
    }
  }
  tMoves = cpuNow() - t0;
  nMove = moves.nMove;

  t0 = cpuNow();
  gg_keymap_unindex(&keys);
  if( gg_explicit_build(&ex, (uint32_t)n, aKind, &moves) ) die("build");
  tBuild = cpuNow() - t0;

  t0 = cpuNow();
  if( gg_explicit_solve(&ex, 0) ) die("solve");
  tSolve = cpuNow() - t0;

  t0 = cpuNow();
  {
    uint64_t nWithMove = 0, sumKey = 0;
    int64_t maxPlies = -1;
    for(id=0; id<(uint32_t)n; id++){
      int outcome;
      int64_t plies, move;
      gg_explicit_get(&ex, id, &outcome, &plies, &move);
      aCount[outcome]++;
      if( plies>maxPlies ) maxPlies = plies;
      if( move>=0 ){
        nWithMove++;
        sumKey += (uint64_t)gg_keymap_int(&keys, (uint32_t)move);
      }
      sumKey += (uint64_t)gg_keymap_int(&keys, id);
    }
    tRows = cpuNow() - t0;
    printf("{\"map\": %.4f, \"moves\": %.4f, \"build\": %.4f, \"solve\": %.4f,"
           " \"rows\": %.4f, \"n_moves\": %llu, \"result\": [%lld, %llu, %llu, %llu,"
           " %lld, %llu], \"checksum\": %llu, \"peak_kb\": %ld}\n",
           tMap, tMoves, tBuild, tSolve, tRows, (unsigned long long)nMove,
           (long long)n, (unsigned long long)aCount[GG_EX_WIN],
           (unsigned long long)aCount[GG_EX_LOSS], (unsigned long long)aCount[GG_EX_DRAW],
           (long long)maxPlies, (unsigned long long)nWithMove,
           (unsigned long long)sumKey, peakKb());
  }
  gg_explicit_free(&ex);
  gg_keymap_free(&keys);
  return 0;
}
