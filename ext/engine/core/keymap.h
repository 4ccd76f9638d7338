/*
** keymap.h: dense ids for keys that are 64-bit integers or text.
**
** A GGKeyMap gives each distinct key the next id 0, 1, 2, ... in the order
** the keys are added, and finds the id of a key in expected constant time
** (open addressing with linear probing over a power-of-two table).  Each
** slot holds the integer key itself (or a text key's 64-bit hash) next to
** its id, so finding an integer key touches one cache line: the tables of
** a big game do not fit in any cache, and a lookup that chased the id
** into the key arrays cost two more misses.  An integer key and a text key
** are never equal, even when the text spells the number: keys compare
** like SQLite values under the BINARY collation.  Text is copied into one growing byte arena (a
** 4-byte length before each string), so adding a key never calls the
** allocator for that key alone.  Plain C, no SQLite.
**
** A map whose user sets bRunOk before the first key keeps a run of
** consecutive integer keys k, k+1, k+2, ... (ids 0, 1, 2, ...: positions
** numbered in table order, the usual case) as just its first key: no key
** arrays, no hash table, and a lookup is a subtraction.  The first key
** that breaks the run turns it into an ordinary map, at the cost of
** adding the run's keys once; either way the ids and answers are the same.
**
**   GGKeyMap m;  uint32_t id;  int bNew;
**   memset(&m, 0, sizeof(m));
**   gg_keymap_add(&m, GG_KEY_TEXT, 0, "e4", 2, &id, &bNew);    -> id 0
**   gg_keymap_find(&m, GG_KEY_TEXT, 0, "e4", 2)                -> 0
**   gg_keymap_find(&m, GG_KEY_INT, 4, 0, 0)                    -> -1
**   gg_keymap_free(&m);
*/
#ifndef GG_KEYMAP_H
#define GG_KEYMAP_H
#include <stdint.h>

#define GG_KEY_INT  0          /* key type: a 64-bit integer */
#define GG_KEY_TEXT 1          /* key type: bytes (need not end in 0) */
#define GG_KEYMAP_MAX 0xfffffffeu   /* most keys one map holds */

/* One slot of the hash table (16 bytes). */
typedef struct GGKeySlot GGKeySlot;
struct GGKeySlot {
  int64_t key;           /* the integer key, or the text key's hash */
  uint32_t id1;          /* id+1 of the key; 0 if the slot is empty */
  uint32_t type;         /* GG_KEY_INT or GG_KEY_TEXT */
};

typedef struct GGKeyMap GGKeyMap;
struct GGKeyMap {
  uint32_t n;            /* keys held; their ids are 0..n-1 */
  uint32_t nAlloc;       /* keys that fit in aKey[] and aType[] */
  int64_t *aKey;         /* integer value, or offset of the text in zText */
  uint8_t *aType;        /* GG_KEY_INT or GG_KEY_TEXT, per id */
  char *zText;           /* text keys: 4-byte length, then the bytes */
  uint64_t nText;        /* bytes used in zText */
  uint64_t nTextAlloc;   /* bytes allocated for zText */
  GGKeySlot *aSlot;      /* hash table, or NULL (see gg_keymap_unindex) */
  uint64_t nSlot;        /* slots in aSlot: 0 or a power of two */
  int bRunOk;            /* set by the user before the first add: may run */
  int bRun;              /* key i is iRun0+i (mod 2^64); nothing else is kept */
  int64_t iRun0;         /* the first key of the run */
};

/* Add a key (iVal for GG_KEY_INT; z, nz for GG_KEY_TEXT).  *pId gets its
** id; *pbNew is 1 if the key is new, 0 if it was there already.  GG_OK,
** GG_NOMEM, or GG_TOOBIG beyond GG_KEYMAP_MAX keys. */
int gg_keymap_add(GGKeyMap *p, int type, int64_t iVal, const char *z,
                  uint32_t nz, uint32_t *pId, int *pbNew);

/* The id of a key, or -1 if it is not in the map (or not indexed). */
int64_t gg_keymap_find(const GGKeyMap *p, int type, int64_t iVal,
                       const char *z, uint32_t nz);

/* The ids of n integer keys (-1 for those not in the map) into aId[].
** The same as n calls of gg_keymap_find(), faster: the slots of the whole
** batch are fetched from memory at once instead of one after another. */
void gg_keymap_find_ints(const GGKeyMap *p, const int64_t *aKey, uint32_t n,
                         int64_t *aId);

/* Start fetching the slots where n integer keys would go, so that adding
** them next costs less waiting for memory.  Only a hint. */
void gg_keymap_prefetch_ints(const GGKeyMap *p, const int64_t *aKey, uint32_t n);

/* Start fetching what gg_keymap_type() and gg_keymap_int() will read for
** the n ids in aId (negative ones are skipped).  Only a hint. */
void gg_keymap_prefetch_ids(const GGKeyMap *p, const int64_t *aId, uint32_t n);

/* Key number id: its type, and its value or its text and length. */
static inline int gg_keymap_type(const GGKeyMap *p, uint32_t id){
  return p->bRun ? GG_KEY_INT : p->aType[id];
}
static inline int64_t gg_keymap_int(const GGKeyMap *p, uint32_t id){
  return p->bRun ? (int64_t)((uint64_t)p->iRun0 + id) : p->aKey[id];
}
const char *gg_keymap_text(const GGKeyMap *p, uint32_t id, uint32_t *pnz);

/* Free the hash table (16 bytes per slot, 1.3 to 2.7 slots per key) while
** the map is not searched, e.g. while a big game is being built; the keys
** stay.  gg_keymap_find() on an unindexed map returns -1, so call
** gg_keymap_reindex() first (GG_OK or GG_NOMEM). */
void gg_keymap_unindex(GGKeyMap *p);
int gg_keymap_reindex(GGKeyMap *p);

/* Free everything; the map is empty again. */
void gg_keymap_free(GGKeyMap *p);

#endif
