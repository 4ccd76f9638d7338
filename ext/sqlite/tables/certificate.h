/*
** certificate.h: what a game declares to write certificates, the proofs
** of a position's value that a checker written apart verifies
** (docs/reference/certificates.md has the format and the rules the
** checker applies).
**
** certificate.c walks the positions that the strategies of the claim
** reach, reading the solved game through its GGGameDef (xGet for the
** value, the plies and the winner's move), and this declaration for
** every move of the other player; certificate_text.c writes the text.
** A game whose players choose their starts (GGGameDef.xChoose: cops and
** robbers) has two placement positions before its first one: "place-0"
** (player 0 places itself) and "place-1 a" (player 1 answers a); the
** start is the first of them that the rules leave open, or the position
** they name.
*/
#ifndef GG_CERTIFICATE_H
#define GG_CERTIFICATE_H
#include "call.h"
#include "cache.h"

/* The children of a position, as the walk collects them. */
typedef struct GGCertKids GGCertKids;
struct GGCertKids {
  uint64_t *aA;          /* player 0's place in each child */
  uint32_t *aB;          /* player 1's node in each child */
  uint32_t n, nAlloc;    /* children held, room */
};
/* Adds a child; SQLITE_OK or SQLITE_NOMEM. */
int gg_cert_kid(GGCertKids *p, uint64_t a, uint32_t b);

struct GGCertDef {
  const char *zGame;     /* the certificate's game line: "catmouse" */
  /* Board games: may the mover go from its node to `to` (an
  ** out-neighbour, or its own node if bStay) at (a, b, turn)?  The walk
  ** tries staying (if bStay) and every out-neighbour once. */
  int bStay;
  int (*xAllowed)(const GGSolved *p, uint32_t a, uint32_t b, int turn, uint32_t to);
  /* Other games (xAllowed NULL): every child of (a, b, turn) into pKids. */
  int (*xMoves)(const GGSolved *p, uint64_t a, uint32_t b, int turn, GGCertKids *pKids);
  /* The lines of the game's parameters: one "<zParam> <node>" a node of
  ** role 0 (the holes, z); or, if xParams, its own (k, the variant):
  ** SQLITE_OK, or a refusal of rules the checker does not cover. */
  const char *zParam;
  int (*xParams)(sqlite3_str *pOut, const GGSolved *p, const char *zFunc, char **pzErr);
  /* Player 0's place and move as text; NULL: a node's index. */
  void (*xPlace0)(sqlite3_str *pOut, const GGSolved *p, uint64_t a);
  int (*xMove0)(sqlite3_str *pOut, const GGSolved *p, uint64_t from, uint64_t to);
  /* The players choose their starts (GGGameDef.xChoose, whose xAnswer is
  ** player 1's best answer, and a play that never ends is player 1's
  ** win): the nodes player 1 may answer a with (gg_cert_kid), and the
  ** words of the placement positions ("place-cops", "place-robber"). */
  int (*xAnswers)(const GGSolved *p, uint64_t a, GGCertKids *pKids);
  const char *azPlace[2];
};

/* The xResult of every <game>_certificate function: the certificate of
** the call's start in the solved game, as text. */
void gg_cert_result(sqlite3_context *ctx, GGCall *pCall, const GGSolved *p);

/* The walk's result, for certificate_text.c. */
typedef struct GGCertRow GGCertRow;
struct GGCertRow {
  uint64_t a;            /* player 0's place */
  uint32_t b;            /* player 1's node */
  uint8_t turn;          /* the mover: 0 or 1 */
  uint8_t eKind;         /* GG_CERT_POS, or a placement */
  int64_t plies;         /* plies left (reach), -1 in a safe section */
  int64_t move;          /* the strategy's move (place or node), -1: none */
};
#define GG_CERT_POS    0   /* a position of the game */
#define GG_CERT_PLACE0 1   /* player 0 places itself */
#define GG_CERT_PLACE1 2   /* player 1 answers player 0's place a */

typedef struct GGCertSection GGCertSection;
struct GGCertSection {
  int iPlayer;           /* whose strategy */
  int bReach;            /* a win with plies, or a safe set */
  GGCertRow *aRow;       /* the rows, the start first */
  uint64_t nRow, nAlloc;
};

/* The header, and a section's rows, asking pPoll every so many rows
** (SQLITE_INTERRUPT) (certificate_text.c). */
int gg_cert_header(sqlite3_str *pOut, GGCall *pCall, const GGSolved *p, const char *zClaim,
                   const GGCertRow *pStart, char **pzErr);
int gg_cert_section(sqlite3_str *pOut, const GGSolved *p, const GGCertSection *s,
                    GGPoll *pPoll);
/* Text as a JSON string (its quotes, escapes for '"', '\\' and control
** bytes); and the message of a certificate past the limit on its rows. */
void gg_cert_json_text(sqlite3_str *pOut, const char *z, uint32_t nz);
char *gg_cert_err_rows(const char *zFunc, uint64_t nRow);
/* The function game_solve_certificate(positions, moves, position)
** (game_solve_cert.c; registry.c lists it). */
void gg_fn_game_solve_cert(sqlite3_context *ctx, int argc, sqlite3_value **argv);

void gg_cert_position(sqlite3_str *pOut, const GGSolved *p, const GGCertRow *r);

#endif
