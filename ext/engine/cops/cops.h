/*
** cops.h: cops and robbers on an undirected GGGraph, for any number k of
** cops.  Plain C, no SQLite.
**
** The game.  The k cops choose start nodes (several may share one), then
** the robber chooses his.  In each round every cop moves to a neighbour
** or stays, then the robber moves to a neighbour or stays.  The cops win
** as soon as a cop stands on the robber's node (also at the robber's
** start); the robber wins by escaping forever.  Loops change nothing,
** since staying is always allowed.
**
** Variants (GGCopsRules; docs/reference/cops.md cites the papers):
**   distance d     the cops win when a cop is within d edges of the
**                  robber (the robber's capture zone: the d-balls of the
**                  cops); d = 0 is the plain game.
**   robberSpeed s  the robber moves along a path of at most s edges whose
**                  nodes after his own lie outside the capture zone (s = 1
**                  is the plain game: a step into the zone is a losing
**                  move that changes no value, so it is not offered).
**   bDirected      arcs, read from pG's out- and in-arcs: everyone moves
**                  along out-arcs or stays.
**   bSurround      the robber is caught when a cop stands on every
**                  neighbour of his node (an isolated node always); the
**                  cops move freely, also onto the robber; the robber may
**                  not end his move on a cop, so a robber with a cop on
**                  his node must leave; he may not start on a cop (a start
**                  of the cops on every node wins at once).
**   bLazy          in each round at most one cop moves.
** gg_cops_rules_check() says which combine.
**
** Positions.  The cops are interchangeable, so a position is a multiset
** of cop nodes (a "configuration"), the robber's node and the turn.
** Configurations are numbered 0..nConf-1 (nConf = C(n+k-1, k)) by the
** combinatorial number system: the sorted nodes c1 <= ... <= ck get the
** rank sum C(ci + i - 1, i).  gg_cops_rank()/gg_cops_unrank() convert.
**
** Solving.  gg_cops_solve_rules() decides every position exactly
** (retrograde analysis, ply by ply) and keeps one 16-bit word per
** (configuration, robber node): the plies to the capture with the cops to
** move under optimal play (0: already captured), or GG_COPS_NEVER.
** Everything else (robber-turn plies, optimal moves) is derived on demand:
** plies with the robber to move are 1 + the largest plies of his moves.
** A capture in ply p from a cops-to-move position is in round ceil(p/2)
** (a surrounded robber can be forced to step into a capture on his own
** move, so cops-to-move plies may be even).
**
** With bFast set, the solve stops at the first ply in which some
** configuration captures every robber start (that round is the capture
** time) and aRound is not kept: enough for the cop number and the
** capture time, and much cheaper on small graphs.
*/
#ifndef GG_COPS_H
#define GG_COPS_H
#include "graph.h"

#define GG_COPS_NEVER   0xffffu   /* aRound: the robber escapes */
#define GG_COPS_MAXK    32        /* most cops */
#define GG_COPS_TURN_COPS   0     /* the cops move */
#define GG_COPS_TURN_ROBBER 1     /* the robber moves */

/* The rules of one game (see above); all zero but robberSpeed = 1 is
** the plain game. */
typedef struct GGCopsRules GGCopsRules;
struct GGCopsRules {
  uint32_t distance;     /* capture within this many edges (0: same node) */
  uint32_t robberSpeed;  /* the robber's most edges per move (>= 1) */
  int bDirected;         /* arcs; everyone moves along out-arcs */
  int bSurround;         /* caught when every neighbour holds a cop */
  int bLazy;             /* at most one cop moves per round */
  int eSolve;            /* GG_COPS_SOLVE_*: which solve (below) */
};
/* The solves (GGCopsRules.eSolve; cops_seq.c, docs/reference/cops.md):
**   PLAIN  every configuration, the cops' joint moves (cops.c): every
**          variant.
**   AUTO   where it pays (the variant the plain game, `distance` or
**          `directed`, k <= GG_AUT_MAXPT): the orbits of Aut(G) with the
**          cops one at a time when the group has 2 to GG_COPS_SYM_MAXELT
**          elements and |Aut| (d+1)^(k-1) >= 2^(k+3), d the mean degree;
**          else one at a time without symmetry when (d+1)^(k-1) >=
**          2^(k+2) (the joint moves saved against the 2^k states between
**          single moves); else PLAIN.
**   SEQ    the cops one at a time on every configuration (no symmetry),
**          where the variant allows; PLAIN otherwise.
**   SYM    as AUTO, also when the group is trivial. */
#define GG_COPS_SOLVE_PLAIN 0
#define GG_COPS_SOLVE_AUTO  1
#define GG_COPS_SOLVE_SEQ   2
#define GG_COPS_SOLVE_SYM   3
#define GG_COPS_SYM_MAXELT  (1u<<20)   /* most elements of an enumerated group */
#define GG_COPS_MAXSPEED  65535     /* most robberSpeed / distance */

/* The rules keys that may not be combined: 0 if the rules are fine,
** else the names of two keys that do not combine, in *pzA and *pzB
** (the key names of the SQL rules argument). */
int gg_cops_rules_check(const GGCopsRules *pR, const char **pzA, const char **pzB);

typedef struct GGCops GGCops;
typedef struct GGCopsSeq GGCopsSeq;
struct GGCops {
  uint32_t n;            /* nodes */
  uint32_t k;            /* cops */
  GGCopsRules rules;     /* the variant */
  int bLazy;             /* rules.bLazy */
  uint32_t nWord;        /* 64-bit words in a bit set of nodes */
  uint64_t nConf;        /* configurations: C(n+k-1, k) */
  uint64_t *aNbr;        /* aNbr[v*nWord..]: closed out-neighbourhood of v */
  uint64_t *aNbrIn;      /* closed in-neighbourhood (== aNbr if undirected) */
  uint64_t *aBall;       /* [v*nWord..]: nodes within distance of v; or NULL */
  uint64_t *aIso;        /* nWord: the nodes with no neighbour */
  uint32_t *aAdjOff;     /* out-neighbours of v (v excluded): aAdj[aAdjOff[v]..] */
  uint32_t *aAdj;        /*   ascending */
  uint32_t *aInOff;      /* in-neighbours, the same way (== aAdjOff/aAdj */
  uint32_t *aIn;         /*   if undirected) */
  uint64_t *aBinom;      /* aBinom[i*(n+k)+v] = C(v, i), i <= k */
  uint16_t *aRound;      /* [conf*n + r]: plies to capture, cops to move; or NULL */
  uint64_t *aQuery;      /* 5*nWord words of scratch for the queries below (so a
                         ** GGCops is used by one thread at a time) */
  int64_t captureTime;   /* rounds from the best start, -1: the robber wins */
  uint64_t bestConf;     /* a configuration achieving captureTime */
  GGCopsSeq *pSeq;       /* the one-at-a-time solve (cops_seq.c), or NULL;
                         ** then aRound is per orbit representative */
  double autOrder;       /* after it: the order of the group used (1: none) */
  uint64_t nSeqConf;     /*   configurations up to symmetry */
  uint64_t nSeqState;    /*   states of the k layers (configurations included) */
  uint64_t nSeqPos;      /*   positions: states x robber nodes, and the robber's turn */
};

/* Which solve gg_cops_solve_rules() takes for these rules on pG (cops.h's
** GG_COPS_SOLVE_PLAIN, _SEQ or _SYM), and the order of Aut(pG) into
** *pOrder (1 unless asked); GG_OK or GG_NOMEM. */
int gg_cops_solve_kind(const GGGraph *pG, uint32_t k, const GGCopsRules *pR, int *peKind,
                       double *pOrder);


/* Positions for n nodes and k cops: C(n+k-1, k)*n*2, or UINT64_MAX on
** overflow. */
uint64_t gg_cops_positions(uint64_t n, uint32_t k);
/* The most nodes n whose positions for k cops are at most mx (0 if none):
** from the root of 2 n^(k+1) / k! <= mx, then down a step or two. */
uint64_t gg_cops_max_nodes(uint64_t mx, uint32_t k);

/* Solve.  pG is read only during the call (its arcs are read as edges
** unless pR->bDirected).  GG_OK, GG_NOMEM, GG_TOOBIG (k out of range,
** too many positions for memory indices, or a capture taking more than
** 65534 plies, rules that do not combine, or more moves of one
** configuration than the engine lists, unless bFast and some start
** captures at once) or GG_INTERRUPT.
** Free with gg_cops_free() (also after an error). */
int gg_cops_solve_rules(GGCops *p, const GGGraph *pG, uint32_t k, const GGCopsRules *pR,
                        int bFast, const GGStop *pStop);
void gg_cops_free(GGCops *p);

/* Rank of the sorted cop nodes aCop[0..k-1]; and back. */
uint64_t gg_cops_rank(const GGCops *p, const uint32_t *aCop);
void gg_cops_unrank(const GGCops *p, uint64_t conf, uint32_t *aCop);

/* Nonzero if the robber on r is caught with the cops on conf (whoever
** is to move); and nonzero if r is a start the robber may take against
** conf (any node, but not a cop's in the surround game). */
int gg_cops_captured(const GGCops *p, uint64_t conf, uint32_t r);
int gg_cops_start_ok(const GGCops *p, uint64_t conf, uint32_t r);

/* Plies left under optimal play from (conf, robber r, turn), -1 if the
** robber escapes.  Needs a full solve (aRound). */
int64_t gg_cops_plies(const GGCops *p, uint64_t conf, uint32_t r, int turn);

/* An optimal move from a position that is not a capture (plies > 0 or
** -1): the cops' next configuration (*pNext = rank) or the robber's next
** node (*pNext = node).  The nearest capture for the cops, the farthest
** for the robber, a move that keeps escaping for an escaping robber; the
** cops stay when the robber escapes whatever they do.  Moves are tried
** staying first.  Returns 0, -1 at a capture, or GG_NOMEM. */
int gg_cops_best(const GGCops *p, uint64_t conf, uint32_t r, int turn,
                 uint64_t *pNext);

#endif
