/*
** rules.h: the `rules` argument of every game, a JSON object such as
**
**   {"hole": [0, "exit"], "mouse": 1, "cat": "Tom", "turn": "cat", "directed": true}
**
** parsed against the keys a game knows.  Each key has a kind:
**
**   GG_RULE_BOOL    true or false
**   GG_RULE_LABEL   a node label: an integer or a string
**   GG_RULE_LABELS  a node label, or an array of them (several holes);
**                   iMin is the fewest it must name ("hole": [] names
**                   no hole: an error when iMin is 1)
**   GG_RULE_WORD    one of a few strings ("mouse" or "cat")
**   GG_RULE_INT     an integer from iMin to iMax ("distance": 2); 1.5,
**                   2.0, 1e3, "2" and integers out of range are errors
**                   that name the key, its range and the value given
**
** NULL text or "{}" gives no keys set.  Unknown keys, a key given twice,
** a value of the wrong kind and malformed JSON are errors; the message
** (without any prefix) names the key or the byte where the JSON went
** wrong, and for an unknown key lists the keys the game knows.  Strings
** are unescaped (\n, \", \uXXXX including surrogate pairs, as UTF-8).
** Plain C, no SQLite.
*/
#ifndef GG_RULES_H
#define GG_RULES_H
#include "graph.h"

#define GG_RULE_BOOL   1
#define GG_RULE_LABEL  2
#define GG_RULE_LABELS 3
#define GG_RULE_WORD   4
#define GG_RULE_INT    5

#define GG_RULES_MAX_KEY 12     /* keys one game knows, at most */
#define GG_RULES_ERR 240        /* bytes for an error message */

/* A key a game knows. */
typedef struct GGRuleKey GGRuleKey;
struct GGRuleKey {
  const char *zKey;             /* "hole" */
  int eKind;                    /* GG_RULE_* */
  const char *const *azWord;    /* GG_RULE_WORD: the words, NULL-terminated */
  int64_t iMin, iMax;           /* GG_RULE_INT: the values allowed;
                                ** GG_RULE_LABELS: iMin, the fewest labels */
};

/* The value given for one key. */
typedef struct GGRuleVal GGRuleVal;
struct GGRuleVal {
  int bSet;                     /* the key was given */
  int bTrue;                    /* GG_RULE_BOOL: its value */
  int iWord;                    /* GG_RULE_WORD: index into azWord */
  int64_t iVal;                 /* GG_RULE_INT: its value */
  GGLabel *aLabel;              /* GG_RULE_LABEL(S): the labels (into GGRules) */
  uint32_t nLabel;              /* their number (1 for GG_RULE_LABEL) */
};

/* Parsed rules; aVal[i] is the value of key aKey[i]. */
typedef struct GGRules GGRules;
struct GGRules {
  GGRuleVal aVal[GG_RULES_MAX_KEY];  /* by key */
  GGLabel *aLabel;              /* every label of every key (owned) */
  uint32_t nLabel, nLabelAlloc; /* labels held and allocated */
  char *zText;                  /* unescaped strings (owned) */
  uint64_t nText;               /* bytes used in zText */
};

/* Parse z (n bytes, or NULL for none) against the nKey keys of aKey.
** GG_OK, GG_NOMEM, or -1 with a message in zErr (GG_RULES_ERR bytes).
** Free with gg_rules_free() in every case. */
int gg_rules_parse(const char *z, uint64_t n, const GGRuleKey *aKey, int nKey,
                   GGRules *p, char *zErr);
void gg_rules_free(GGRules *p);

/* One JSON value z (n bytes) that must be an array of node labels, such
** as an SQL value compared with a column of them ('[0, 3]', '["a",1]'):
** its labels into p->aVal[0] (as a GG_RULE_LABELS key's, repeats kept,
** in order).  GG_OK, GG_NOMEM, or -1 with a message in zErr: malformed
** JSON (at which byte), or a value that is not such an array (an element
** that is not an integer or a string, a number, an object).  Free with
** gg_rules_free() in every case. */
int gg_rules_labels(const char *z, uint64_t n, GGRules *p, char *zErr);

#endif
