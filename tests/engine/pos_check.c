/*
** pos_check.c: the position arithmetic of the word-parallel engines past
** 2^32 positions, checked without solving (no 19 GB needed).  For
** n = 46,341 (the first n with 2n^2 > 2^32), n = 80,000 and the engines'
** largest n, every helper that turns a position into an index:
**
**   GG_BOARD_NPOS, gg_board_key   the count, the states tables' rowid
**   GG_CM_BIT, GG_CM_BIT_SIZE     a word of a bitset (cat and mouse)
**   GG_CM_PLYP                    a ply byte: its block and offset
**   GG_RACE_BIT, GG_RACE_PLY(_SIZE), gg_race_ply_at   the race's
**
** against the same formulas in 128-bit arithmetic written here, at the
** corners (first and last row, word, band, turn) and at random points;
** and GG_CM_BIT is checked to be one-to-one onto its range over every
** (row, word) of the board (a bitmap of n * ceil(n/64) bits: 13 MB at
** n = 80,000).  Also the engines' node limits and byte estimates.
**
**   pos_check        prints "ok N checks" or the first failure, exit 1
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "alloc.h"
#include "catmouse.h"
#include "race.h"

typedef unsigned __int128 u128;

static uint64_t nCheck = 0;
static int nFail = 0;

#define CHECK(c, ...) do{ nCheck++; if( !(c) ){ \
  if( nFail++<10 ){ printf("FAIL line %d: ", __LINE__); printf(__VA_ARGS__); printf("\n"); } \
}}while(0)

static uint64_t rnd = 0x9e3779b97f4a7c15ULL;
static uint32_t pcRand(uint32_t m){
  rnd ^= rnd<<13; rnd ^= rnd>>7; rnd ^= rnd<<17;
  return (uint32_t)(rnd % m);
}

/* The reference formulas, in 128 bits. */
static u128 refBit(u128 n, u128 r, u128 j){ return ((j/8)*n + r)*8 + j%8; }
static u128 refKey(u128 n, u128 a, u128 b, u128 t){ return (a*n + b)*2 + t; }
static u128 refRacePly(u128 n, u128 x, u128 y){ return ((y/512)*n + x)*512 + y%512; }

/* One position (x, y) of turn t on n nodes, nW words, nBand bands. */
static void pcPoint(uint32_t n, uint32_t x, uint32_t y, int t){
  uint32_t nW = (n+63)/64, nBand = (nW+7)/8, j = y>>6;
  uint64_t iBit = GG_CM_BIT(n, x, j), iKey = gg_board_key(n, x, y, t);
  uint64_t iPly = GG_RACE_PLY(n, x, y);
  CHECK((u128)iBit==refBit(n, x, j), "GG_CM_BIT(%u, %u, %u)", n, x, j);
  CHECK(iBit<GG_CM_BIT_SIZE(n, nBand), "GG_CM_BIT(%u, %u, %u) in range", n, x, j);
  CHECK((u128)GG_RACE_BIT(n, x, j)==refBit(n, x, j), "GG_RACE_BIT(%u, %u, %u)", n, x, j);
  CHECK((u128)iKey==refKey(n, x, y, t), "gg_board_key(%u, %u, %u, %d)", n, x, y, t);
  CHECK(iKey<GG_BOARD_NPOS(n), "gg_board_key(%u, %u, %u, %d) in range", n, x, y, t);
  CHECK((u128)iPly==refRacePly(n, x, y), "GG_RACE_PLY(%u, %u, %u)", n, x, y);
  CHECK(iPly<GG_RACE_PLY_SIZE(n, nBand), "GG_RACE_PLY(%u, %u, %u) in range", n, x, y);
  /* the key of the race's side table: turn t's plies after turn 0's */
  CHECK((u128)t*GG_RACE_PLY_SIZE(n, nBand) + iPly
        == (u128)t*((u128)nBand*n*512) + refRacePly(n, x, y), "race key");
}

/* The ply bytes of cat and mouse and of the race: the block and the
** offset of (x, y) of turn t, through the real macros on a GGCatMouse and
** a GGRace whose blocks all point into one buffer of one block. */
static void pcPlies(uint32_t n, uint8_t *aBuf, GGCatMouse *pc, GGRace *pr,
                    uint32_t x, uint32_t y, int t){
  uint32_t b = y>>9, nCol = b+1<pr->nBand ? 512 : pr->nPlyLast;
  uint32_t nColCm = b+1<pc->nBand ? 512 : 64*(pc->nWord - 8*b);  /* whole words */
  uint8_t *a = GG_CM_PLYP(pc, t, x, y), *r;
  uint64_t iBlock = (uint64_t)t*pc->nBand + b;
  CHECK(pc->aBlock[iBlock].aPly==aBuf + iBlock, "GG_CM_PLYP block of (%u, %u)", x, y);
  CHECK((u128)(a - (aBuf + iBlock))==(u128)x*nColCm + y%512, "GG_CM_PLYP(%u, %u, %u)", n, x, y);
  CHECK((uint64_t)(a - (aBuf + iBlock))<(uint64_t)n*nColCm, "GG_CM_PLYP in its block");
  r = gg_race_ply_at(pr, t, x, y);
  CHECK((u128)(r - (aBuf + iBlock))==((u128)x*nCol + y%512)*pr->nPlyByte,
        "gg_race_ply_at(%u, %u, %u)", n, x, y);
  CHECK((uint64_t)(r - (aBuf + iBlock))<(uint64_t)n*nCol*pr->nPlyByte, "race ply in block");
}

/* GG_CM_BIT one-to-one: every (row, word) of the board a different index
** below GG_CM_BIT_SIZE (only the padding of the last band left over). */
static void pcBijective(uint32_t n){
  uint32_t nW = (n+63)/64, nBand = (nW+7)/8, r, j;
  uint64_t nSize = GG_CM_BIT_SIZE(n, nBand), nSeen = 0, i;
  uint64_t *aSeen = calloc(nSize/64 + 1, 8);
  int bDup = 0;
  if( aSeen==0 ){ printf("FAIL: no memory for the bitmap\n"); nFail++; return; }
  for(r=0; r<n; r++){
    for(j=0; j<nW; j++){
      i = GG_CM_BIT(n, r, j);
      if( i>=nSize || (aSeen[i>>6]>>(i&63) & 1) ){ bDup = 1; break; }
      aSeen[i>>6] |= 1ULL<<(i&63);
      nSeen++;
    }
  }
  CHECK(!bDup && nSeen==(uint64_t)n*nW, "GG_CM_BIT one-to-one at n = %u", n);
  CHECK(nSize - nSeen==(uint64_t)n*(nBand*8 - nW), "GG_CM_BIT padding at n = %u", n);
  free(aSeen);
}

static void pcBoard(uint32_t n){
  uint32_t nW = (n+63)/64, nBand = (nW+7)/8, i;
  uint32_t aX[] = { 0, 1, 63, 64, 511, 512, n/2, n-2, n-1 };
  uint8_t *aBuf;
  GGCatMouse cm;
  GGRace race;
  GGCatMouseBlock *aBlock;
  uint8_t *apPly[2*1024];
  int t, ia, ib;
  memset(&cm, 0, sizeof(cm));
  memset(&race, 0, sizeof(race));
  CHECK((u128)GG_BOARD_NPOS(n)==(u128)2*n*n, "GG_BOARD_NPOS(%u)", n);
  CHECK(GG_BOARD_NPOS(n)>0xffffffffULL, "n = %u is past 2^32 positions", n);
  /* the largest word index stays below 2^32 (32-bit arithmetic inside) */
  CHECK(GG_CM_BIT_SIZE(n, nBand)<=0xffffffffULL, "bitset words of n = %u under 2^32", n);
  /* the buffer: one byte per block, the blocks' bases its bytes (only
  ** the offsets are compared; nothing is read or written through them) */
  aBuf = malloc(2*nBand + 1);
  aBlock = calloc(2*nBand, sizeof(GGCatMouseBlock));
  if( aBuf==0 || aBlock==0 || 2*nBand>2*1024 ){ printf("FAIL: set-up\n"); exit(1); }
  for(i=0; i<2*nBand; i++){
    aBlock[i].aPly = aBuf + i;
    aBlock[i].nCol = i%nBand+1<nBand ? 512 : 64*(nW - 8*(i%nBand));
    apPly[i] = aBuf + i;
  }
  cm.n = n; cm.nWord = nW; cm.nBand = nBand; cm.aBlock = aBlock;
  race.n = n; race.nWord = nW; race.nBand = nBand; race.apPly = apPly;
  race.nPlyLast = n - 512*(nBand-1); race.nPlyByte = 2;
  for(t=0; t<2; t++){
    for(ia=0; ia<(int)(sizeof(aX)/sizeof(aX[0])); ia++){
      for(ib=0; ib<(int)(sizeof(aX)/sizeof(aX[0])); ib++){
        pcPoint(n, aX[ia], aX[ib], t);
        pcPlies(n, aBuf, &cm, &race, aX[ia], aX[ib], t);
      }
    }
    for(i=0; i<200000; i++){
      uint32_t x = pcRand(n), y = pcRand(n);
      pcPoint(n, x, y, t);
      pcPlies(n, aBuf, &cm, &race, x, y, t);
    }
  }
  /* the last position: key 2n^2 - 1 */
  CHECK(gg_board_key(n, n-1, n-1, 1)==GG_BOARD_NPOS(n)-1, "last key at n = %u", n);
  pcBijective(n);
  free(aBuf);
  free(aBlock);
}

int main(void){
  uint32_t aN[3], i, nCm = gg_cm_max_nodes(), nRace = gg_race_max_nodes();
  uint64_t nArc = 8ULL*80000;
  aN[0] = 46341; aN[1] = 80000; aN[2] = nCm;
  /* the limits: the largest n whose largest block fits in SQLite's */
  CHECK(nCm==131071, "gg_cm_max_nodes() = %u", nCm);
  CHECK((u128)((nCm+63)/64+7)/8*nCm*64<=GG_ALLOC_MAX, "one bitset at the limit fits");
  CHECK((u128)(((nCm+1)+63)/64+7)/8*(nCm+1)*64>GG_ALLOC_MAX, "one more node does not");
  CHECK(nRace>=120000 && nRace<=nCm, "gg_race_max_nodes() = %u", nRace);
  /* the estimates at n = 80,000, average degree 8: about 1.4 bytes a
  ** position (bench/bench_catmouse.py BENCH_HUGE=1 measures the peak) */
  CHECK(gg_cm_bytes(80000, nArc)>1.35*GG_BOARD_NPOS(80000)
        && gg_cm_bytes(80000, nArc)<1.45*GG_BOARD_NPOS(80000), "gg_cm_bytes(80000)");
  CHECK(gg_race_bytes(80000, nArc)>1.35*GG_BOARD_NPOS(80000)
        && gg_race_bytes(80000, nArc)<1.5*GG_BOARD_NPOS(80000), "gg_race_bytes(80000)");
  for(i=0; i<3; i++) pcBoard(aN[i]);
  if( nFail ){
    printf("%d of %llu checks failed\n", nFail, (unsigned long long)nCheck);
    return 1;
  }
  printf("ok %llu checks at n = %u, %u, %u\n", (unsigned long long)nCheck, aN[0], aN[1], aN[2]);
  return 0;
}
