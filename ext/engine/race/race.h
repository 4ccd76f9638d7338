/*
** race.h: the race to z (HDU 6963 "I love playing games") on a GGGraph.
**
** Alice starts on x, Bob on y; both want to reach z.  Each turn Alice
** moves, then Bob; a move stays put or follows one edge (a self-loop is a
** way of staying); on a directed graph (pG->bDirected) an edge is an arc
** and is followed from its src to its dst only.  A move may not end on
** the vertex the other player occupies unless that vertex is z; staying
** is always allowed.  The turn is scored after Bob's move: only Alice on
** z wins for Alice, only Bob on z wins for Bob, both on z is a draw (the
** arrival draw: a finished position, 0 plies).  A start with either
** player on z is scored at once.  Nobody ever reaching z is a draw.
** Player 0 is Alice, player 1 is Bob.
**
** Two solvers, all plain C with no SQLite (the reference they are checked
** against, gg_race_ref_solve() on the generic retrograde solver, is only
** in the tests: tests/engine/ref/):
**
**   gg_race_solve()  every position (alice node, bob node, turn) for a
**                    fixed z (race.c; gg_race_get() and gg_race_free() in
**                    race_result.c): the value, the plies under optimal
**                    play (the winner hurries, the loser delays) and the
**                    best move.  From the distances to z and a small game
**                    on the layers of the shortest paths (race_dist.c),
**                    or by word-parallel value iteration by plies, 64
**                    positions a word, both cores (race.c); 1.4 bytes a
**                    position (2.4 when some node is 254 or more steps
**                    from z).
**
**   gg_race_game()   the value of one start (x, y) without solving every
**                    position (race_game.c).  With distances d to z from
**                    one BFS: d(x) < d(y) Alice wins, d(y) < d(x) Bob wins
**                    (the nearer player walks a shortest path and can
**                    never be blocked; the farther one must lose a layer
**                    to block), both unreachable is a draw.  Equal
**                    distances k are never won by Bob: Alice wins iff she
**                    can block Bob in the small game on the shortest-path
**                    layers, where both must step down one layer per turn
**                    (a player who does not falls behind and loses) and
**                    Bob loses when Alice stands on his only way down.
**                    That game is solved bottom-up, layer by layer, only
**                    on the nodes that x and y can reach going down, with
**                    bit sets.  On a directed graph d is the distance
**                    along arcs (a BFS over the in-arcs from z) and "down"
**                    follows arcs; the argument holds as it is, since it
**                    only uses that d(u) <= d(v) + 1 for every arc u -> v
**                    and that every node with 0 < d < inf has an arc down.
*/
#ifndef GG_RACE_H
#define GG_RACE_H
#include "board.h"

#define GG_RACE_ALICE 0         /* turn: Alice moves */
#define GG_RACE_BOB   1         /* turn: Bob moves (mid-turn, after Alice) */

/* Positions needed for a graph of n nodes. */
#define GG_RACE_NPOS GG_BOARD_NPOS

/* Plies that do not fit their entries, by position index. */
typedef struct GGRaceBig GGRaceBig;
struct GGRaceBig {
  uint64_t iPos;       /* t*GG_RACE_PLY_SIZE + GG_RACE_PLY(x, y) */
  uint32_t nPly;       /* its plies */
};

/* A solved race.  A position of turn t with the mover on node x and the
** other player on node y (x = alice, y = bob for Alice's turn; x = bob,
** y = alice for Bob's) is bit y of row x in turn t's bitsets: aDone once
** decided, aWin if then the mover wins.  Alice's positions have even
** plies and Bob's odd ones, so entry (x, y) of turn t's plies holds
** plies/2 (plies = 2*entry + t), in one byte per position when no win can
** be longer than 2*253+1 plies (known from the distances to z: the
** winner never needs more than 2d+1 plies, d its distance), else two;
** the marker nPlyMark there sends to aBig (plies/2 of nPlyMark or more).
** The plies are kept in one block per turn and band of 512 columns
** (apPly: no allocation near SQLite's 2 GB limit), entry (x, y) at
** x*512 + y%512 in block t*nBand + y/512; the last band holds only the
** columns up to n (nPlyLast: y%512 < nPlyLast), so x*nPlyLast + y%512.
** Undecided positions are draws; the arrival draw (z, z, Alice) is marked
** decided and not won.  Nodes x and y are the engine's numbers,
** aPerm[dense id].  Bitset rows are stored in bands of 512 columns
** (GG_RACE_BIT).  Use gg_race_get(). */
typedef struct GGRace GGRace;
struct GGRace {
  const GGGraph *pG;   /* the board; not owned */
  uint32_t n;          /* pG->n */
  uint32_t z;          /* dense id of the goal */
  uint32_t *aPerm;     /* aPerm[dense id]: the engine's number of the node */
  uint32_t nWord;      /* 64-bit words per bitset row: ceil(n/64) */
  uint32_t nBand;      /* bands of 8 words (512 columns): ceil(nWord/8) */
  uint32_t nPly;       /* plies of the longest forced win */
  uint8_t **apPly;     /* 2*nBand blocks of n*512 entries of nPlyByte
                       ** (n*nPlyLast in the last band of a turn) */
  uint32_t nPlyLast;   /* columns of the last band: n - 512*(nBand-1) */
  uint32_t nPlyByte;   /* bytes per aPly entry: 1 or 2 */
  uint32_t nPlyMark;   /* entries of this value: the plies are in aBig */
  uint64_t *aDone[2];  /* per turn, GG_RACE_BIT_SIZE words: decided */
  uint64_t *aWin[2];   /* per turn, GG_RACE_BIT_SIZE words: won by the mover
                       ** (one bitset a block: 800 MB each at n = 80,000) */
  GGRaceBig *aBig;     /* positions whose entry is nPlyMark, by iPos */
  uint64_t *aScratch[2]; /* during the solve only: turn t's bitset of the
                       ** other player's wins, transposed (freed at its
                       ** end; after a failure, by gg_race_free()) */
  uint64_t nBig;       /* entries in aBig */
};

/* Word j of row r of a bitset of n rows, and its size in words; the
** index of entry (x, y) of plies (the key of aBig), and their count. */
#define GG_RACE_BIT(n, r, j) ((((uint64_t)((j)>>3)*(n) + (r))<<3) + ((j)&7))
#define GG_RACE_BIT_SIZE(n, nBand) ((uint64_t)(nBand)*(n)*8)
#define GG_RACE_PLY(n, x, y) ((((uint64_t)((y)>>9)*(n) + (x))<<9) + ((y)&511))
#define GG_RACE_PLY_SIZE(n, nBand) ((uint64_t)(nBand)*(n)*512)

/* The plies entry (x, y) of turn t (engine numbers), nPlyByte bytes. */
static inline uint8_t *gg_race_ply_at(const GGRace *p, int t, uint32_t x, uint32_t y){
  uint32_t b = y>>9, nCol = b+1<p->nBand ? 512 : p->nPlyLast;
  return p->apPly[(uint32_t)t*p->nBand + b] + ((uint64_t)x*nCol + (y&511))*p->nPlyByte;
}

/* The markers of one-byte and two-byte entries: plies/2 from this on are
** kept in aBig (smaller values test that path).  One-byte entries are
** used when the longest finite distance to z is below GG_RACE_PLY_NARROW
** (0: never; a huge value: always, aBig taking the rest). */
#ifndef GG_RACE_PLY_BIG
# define GG_RACE_PLY_BIG 0xffff
#endif
#ifndef GG_RACE_PLY_BIG8
# define GG_RACE_PLY_BIG8 0xff
#endif
#ifndef GG_RACE_PLY_NARROW
# define GG_RACE_PLY_NARROW 254
#endif

/* The most nodes gg_race_solve() takes (131,071): the largest n whose
** largest block (one bitset, n * ceil(n/512) * 64 bytes) fits in one
** allocation of SQLite (GG_ALLOC_MAX).  Positions are counted in 64
** bits; word indexes of a bitset stay under 2^32.  And the bytes a solve
** needs at its peak on n nodes and nArc arcs (1-byte plies; 2-byte plies,
** when some node is 254 or more steps from z, add n^2 bytes). */
uint32_t gg_race_max_nodes(void);
uint64_t gg_race_bytes(uint32_t n, uint64_t nArc);

/* Solve every position for goal z (a dense id).  pG must outlive p.
** GG_OK, GG_NOMEM, GG_TOOBIG or GG_INTERRUPT.  On success free with
** gg_race_free().  nThread: 1 or 2 threads, 0 for the default (2; one on
** graphs of at most 512 nodes), -2 for the work split of 2 run by this
** thread alone (for tests).  pStop is polled from the calling thread.
** bFree: on failure free what it allocated; else p keeps it (gigabytes
** at n = 80,000) for the caller's gg_race_free(), which it then calls in
** every case.  (gg_race_solve and gg_race_solve_threads, its short forms
** for the tests, are tests/engine/ref/shortcuts.c's.) */
int gg_race_solve_opts(GGRace *p, const GGGraph *pG, uint32_t z, int nThread,
                       const GGStop *pStop, int bFree);
/* The kernel: GG_RACE_AUTO the solve from the distances to z
** (race_dist.c) when every plies entry fits and its classes' bitsets take
** at most GG_RACE_DIST_MAX bytes, else the word-parallel one (race.c),
** which GG_RACE_WORDS always takes (the tests compare them).
** gg_race_solve_opts is GG_RACE_AUTO; nThread is the word-parallel
** solve's (the distances' runs on the calling thread).  The classes' game
** reads its bitsets at random: past the cache it loses (random graphs of
** degree 8, the engine alone, 2026-12-05: n = 10,000, 8 MB of classes,
** both kernels 0.34-0.39 s; 20,000, 33 MB, 1.64 s against 1.37-1.45;
** 40,000, 133 MB, 12.7-16.2 s against 5.4-6.9).  Long chases, grids and
** trees have thin layers and tiny classes. */
#define GG_RACE_AUTO  0
#define GG_RACE_WORDS 1
#ifndef GG_RACE_DIST_MAX
# define GG_RACE_DIST_MAX ((uint64_t)16<<20)
#endif
int gg_race_solve_kernel(GGRace *p, const GGGraph *pG, uint32_t z, int nThread,
                         const GGStop *pStop, int bFree, int iKernel);
/* race_dist.c's solve into p, or GG_RACE_NOT_DIST (before it allocates
** anything of p's) when a plies entry would not fit or its classes pass
** GG_RACE_DIST_MAX bytes. */
#define GG_RACE_NOT_DIST (-1)
int gg_race_solve_dist(GGRace *p, const GGGraph *pG, uint32_t z, const GGStop *pStop);
/* The SQL layer's: the default threads, and p kept on failure (the SQL
** layer frees an interrupted solve on a thread of its own). */
int gg_race_solve_kept(GGRace *p, const GGGraph *pG, uint32_t z, const GGStop *pStop);
void gg_race_free(GGRace *p);

/* Value (GG_V_*), plies (-1 for a draw, except 0 for the arrival draw:
** both on z, Alice to move, a finished position) and best move (dense id
** of the mover's destination, possibly its own node; -1 at a finished
** position) of one position.  Staying is tried first, then neighbours
** (out-neighbours) ascending.  pMove may be NULL: no move is looked for. */
void gg_race_get(const GGRace *p, uint32_t alice, uint32_t bob, int turn,
                 uint32_t *pValue, int64_t *pPlies, int64_t *pMove);

/* The first optimal move (retro.h's gg_retro_is_best) of the position
** (alice, bob, turn) whose state word is w, staying first, then the
** out-neighbours ascending, judged by the state words xWord(pCtx, alice,
** bob, turn) of its children; -1 at a finished position. */
int64_t gg_race_best_move(const GGGraph *pG, uint32_t z, uint32_t alice,
                          uint32_t bob, int turn, uint32_t w,
                          uint32_t (*xWord)(const void*, uint32_t, uint32_t, int),
                          const void *pCtx);

/* Breadth-first distances to z along the arcs into aDist (0xffffffff:
** z cannot be reached), searching the in-arcs from z, using aQueue (n
** entries) as the queue (race_game.c).  Returns the longest finite one. */
uint32_t gg_race_distances(const GGGraph *pG, uint32_t z, uint32_t *aDist,
                           uint32_t *aQueue);

/* The value (GG_V_WIN0 Alice, GG_V_WIN1 Bob, GG_V_DRAW) of the start
** (x, y), Alice to move, goal z; all dense ids.  If equal distances need
** the layered game and it has more than mxPos positions (pairs of nodes
** of one layer, counted for both turns), returns GG_TOOBIG and sets
** *pnPos to the count.  GG_OK, GG_NOMEM, GG_TOOBIG or GG_INTERRUPT. */
int gg_race_game(const GGGraph *pG, uint32_t x, uint32_t y, uint32_t z,
                 uint64_t mxPos, const GGStop *pStop, uint32_t *pValue,
                 uint64_t *pnPos);

#endif
