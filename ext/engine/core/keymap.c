/*
** keymap.c: dense ids for integer or text keys (see keymap.h).
**
** The slot table is kept at most 3/4 full and doubled when it would pass
** that, so probes stay short and adding n keys takes expected O(n) time
** in all.  Rehashing needs only the slots: an integer slot holds its key
** and a text slot its hash.  The key arrays grow by doubling too.
*/
#include <string.h>
#include "alloc.h"
#include "common.h"
#include "keymap.h"

/* The finaliser of common.h: a good spread for integer keys. */
#define keymapMix gg_hash_mix

/* FNV-1a over the bytes, finalised: the hash kept in a text key's slot. */
static uint64_t keymapTextHash(const char *z, uint32_t nz){
  uint64_t h = 0xcbf29ce484222325ULL;
  uint32_t i;
  for(i=0; i<nz; i++){
    h ^= (unsigned char)z[i];
    h *= 0x100000001b3ULL;
  }
  return keymapMix(h);
}

/* The first slot to probe for a slot's key (integer value or text hash). */
static uint64_t keymapHome(const GGKeyMap *p, int type, int64_t key){
  return (type==GG_KEY_INT ? keymapMix((uint64_t)key) : (uint64_t)key) & (p->nSlot-1);
}

const char *gg_keymap_text(const GGKeyMap *p, uint32_t id, uint32_t *pnz){
  const char *zAt = p->zText + p->aKey[id];
  uint32_t nz;
  memcpy(&nz, zAt, sizeof(nz));
  *pnz = nz;
  return zAt + sizeof(nz);
}

/* Nonzero if slot s holds the given key (key: integer value or hash). */
static int keymapMatch(const GGKeyMap *p, const GGKeySlot *s, int type,
                       int64_t key, const char *z, uint32_t nz){
  const char *zKey;
  uint32_t nKey;
  if( s->type!=(uint32_t)type || s->key!=key ) return 0;
  if( type==GG_KEY_INT ) return 1;
  zKey = gg_keymap_text(p, s->id1-1, &nKey);
  return nKey==nz && (nz==0 || memcmp(zKey, z, nz)==0);
}

/* Make a table of nNew slots (a power of two) and put every key in it. */
static int keymapIndex(GGKeyMap *p, uint64_t nNew){
  GGKeySlot *aOld = p->aSlot, *aNew;
  uint64_t nOld = p->nSlot, i;
  uint32_t id;
  aNew = gg_malloc(nNew*sizeof(GGKeySlot));
  if( aNew==0 ) return GG_NOMEM;
  memset(aNew, 0, nNew*sizeof(GGKeySlot));
  p->aSlot = aNew;
  p->nSlot = nNew;
  if( aOld ){
    for(i=0; i<nOld; i++){
      uint64_t h;
      if( aOld[i].id1==0 ) continue;
      h = keymapHome(p, (int)aOld[i].type, aOld[i].key);
      while( aNew[h].id1 ) h = (h+1) & (nNew-1);
      aNew[h] = aOld[i];
    }
    gg_free(aOld);
  }else{
    for(id=0; id<p->n; id++){         /* from the key arrays */
      GGKeySlot s;
      uint64_t h;
      s.type = p->aType[id];
      s.id1 = id + 1;
      if( s.type==GG_KEY_INT ){
        s.key = p->aKey[id];
      }else{
        uint32_t nz;
        const char *z = gg_keymap_text(p, id, &nz);
        s.key = (int64_t)keymapTextHash(z, nz);
      }
      h = keymapHome(p, (int)s.type, s.key);
      while( aNew[h].id1 ) h = (h+1) & (nNew-1);
      aNew[h] = s;
    }
  }
  return GG_OK;
}

/* The id of integer key iVal in a run, or -1. */
static int64_t keymapRunId(const GGKeyMap *p, int64_t iVal){
  uint64_t d = (uint64_t)iVal - (uint64_t)p->iRun0;
  return d<p->n ? (int64_t)d : -1;
}

/* Slots for n keys at most 3/4 full. */
static uint64_t keymapSlotsFor(uint64_t n){
  uint64_t nSlot = 64;
  while( n*4 > nSlot*3 ) nSlot *= 2;
  return nSlot;
}

void gg_keymap_unindex(GGKeyMap *p){
  gg_free(p->aSlot);
  p->aSlot = 0;
  p->nSlot = 0;
}

int gg_keymap_reindex(GGKeyMap *p){
  if( p->aSlot || p->bRun ) return GG_OK;
  return keymapIndex(p, keymapSlotsFor(p->n));
}

/* Room for one more key in aKey[] and aType[]. */
static int keymapGrowKeys(GGKeyMap *p){
  uint64_t nNew = p->nAlloc ? (uint64_t)p->nAlloc*2 : 64;
  int64_t *aKey;
  uint8_t *aType;
  if( nNew>GG_KEYMAP_MAX ) nNew = GG_KEYMAP_MAX;
  aKey = gg_malloc(nNew*sizeof(int64_t));
  aType = gg_malloc(nNew);
  if( aKey==0 || aType==0 ){
    gg_free(aKey);
    gg_free(aType);
    return GG_NOMEM;
  }
  if( p->n ){
    memcpy(aKey, p->aKey, (uint64_t)p->n*sizeof(int64_t));
    memcpy(aType, p->aType, p->n);
  }
  gg_free(p->aKey);
  gg_free(p->aType);
  p->aKey = aKey;
  p->aType = aType;
  p->nAlloc = (uint32_t)nNew;
  return GG_OK;
}

/* A run becomes an ordinary map: its keys go to the key arrays, then to
** a hash table with room for one more.  Left unindexed if that fails
** (gg_keymap_add indexes it again). */
static int keymapLeaveRun(GGKeyMap *p){
  uint64_t nNew = 64;
  uint32_t i;
  while( nNew<(uint64_t)p->n+1 ) nNew *= 2;
  if( nNew>GG_KEYMAP_MAX ) nNew = GG_KEYMAP_MAX;
  p->aKey = gg_malloc(nNew*sizeof(int64_t));
  p->aType = gg_malloc(nNew);
  if( p->aKey==0 || p->aType==0 ){
    gg_free(p->aKey);
    gg_free(p->aType);
    p->aKey = 0;
    p->aType = 0;
    return GG_NOMEM;
  }
  for(i=0; i<p->n; i++){
    p->aKey[i] = (int64_t)((uint64_t)p->iRun0 + i);
    p->aType[i] = GG_KEY_INT;
  }
  p->nAlloc = (uint32_t)nNew;
  p->bRun = 0;
  return keymapIndex(p, keymapSlotsFor((uint64_t)p->n+1));
}

/* Add to a run (or start one): GG_OK with *pId, *pbNew; or -1 if the key
** does not extend the run (nothing changed). */
static int keymapRunAdd(GGKeyMap *p, int64_t iVal, uint32_t *pId, int *pbNew){
  int64_t id;
  if( p->n==0 ){
    p->bRun = 1;
    p->iRun0 = iVal;
  }
  id = keymapRunId(p, iVal);
  if( id>=0 ){
    *pId = (uint32_t)id;
    return GG_OK;
  }
  if( (uint64_t)iVal - (uint64_t)p->iRun0 != p->n ) return -1;
  if( p->n>=GG_KEYMAP_MAX ) return GG_TOOBIG;
  *pId = p->n++;
  *pbNew = 1;
  return GG_OK;
}

/* Append a length and nz bytes to the text arena; *piOff gets the offset. */
static int keymapAddText(GGKeyMap *p, const char *z, uint32_t nz, int64_t *piOff){
  uint64_t nNeed = p->nText + sizeof(nz) + nz;
  if( nNeed>p->nTextAlloc ){
    uint64_t nNew = p->nTextAlloc ? p->nTextAlloc*2 : 1024;
    char *zNew;
    while( nNew<nNeed ) nNew *= 2;
    zNew = gg_malloc(nNew);
    if( zNew==0 ) return GG_NOMEM;
    if( p->nText ) memcpy(zNew, p->zText, p->nText);
    gg_free(p->zText);
    p->zText = zNew;
    p->nTextAlloc = nNew;
  }
  *piOff = (int64_t)p->nText;
  memcpy(p->zText + p->nText, &nz, sizeof(nz));
  if( nz ) memcpy(p->zText + p->nText + sizeof(nz), z, nz);
  p->nText = nNeed;
  return GG_OK;
}

int64_t gg_keymap_find(const GGKeyMap *p, int type, int64_t iVal,
                       const char *z, uint32_t nz){
  int64_t key;
  uint64_t h;
  if( p->bRun ) return type==GG_KEY_INT ? keymapRunId(p, iVal) : -1;
  key = type==GG_KEY_INT ? iVal : (int64_t)keymapTextHash(z, nz);
  if( p->nSlot==0 ) return -1;
  h = keymapHome(p, type, key);
  while( p->aSlot[h].id1 ){
    if( keymapMatch(p, &p->aSlot[h], type, key, z, nz) ) return p->aSlot[h].id1 - 1;
    h = (h+1) & (p->nSlot-1);
  }
  return -1;
}

#define KEYMAP_PREFETCH(x) GG_PREFETCH(x)

void gg_keymap_prefetch_ints(const GGKeyMap *p, const int64_t *aKey, uint32_t n){
  uint32_t i;
  if( p->nSlot==0 || p->bRun ) return;
  for(i=0; i<n; i++) KEYMAP_PREFETCH(&p->aSlot[keymapHome(p, GG_KEY_INT, aKey[i])]);
}

void gg_keymap_prefetch_ids(const GGKeyMap *p, const int64_t *aId, uint32_t n){
  uint32_t i;
  if( p->bRun ) return;
  for(i=0; i<n; i++){
    if( aId[i]>=0 ){
      KEYMAP_PREFETCH(&p->aKey[aId[i]]);
      KEYMAP_PREFETCH(&p->aType[aId[i]]);
    }
  }
}

void gg_keymap_find_ints(const GGKeyMap *p, const int64_t *aKey, uint32_t n,
                         int64_t *aId){
  uint32_t i;
  if( p->bRun ){
    for(i=0; i<n; i++) aId[i] = keymapRunId(p, aKey[i]);
    return;
  }
  if( p->nSlot==0 ){
    for(i=0; i<n; i++) aId[i] = -1;
    return;
  }
  for(i=0; i<n; i++){                   /* start every fetch ... */
    uint64_t h = keymapHome(p, GG_KEY_INT, aKey[i]);
    KEYMAP_PREFETCH(&p->aSlot[h]);
    aId[i] = (int64_t)h;
  }
  for(i=0; i<n; i++){                   /* ... then probe */
    uint64_t h = (uint64_t)aId[i];
    aId[i] = -1;
    while( p->aSlot[h].id1 ){
      if( p->aSlot[h].type==GG_KEY_INT && p->aSlot[h].key==aKey[i] ){
        aId[i] = p->aSlot[h].id1 - 1;
        break;
      }
      h = (h+1) & (p->nSlot-1);
    }
  }
}

int gg_keymap_add(GGKeyMap *p, int type, int64_t iVal, const char *z,
                  uint32_t nz, uint32_t *pId, int *pbNew){
  int64_t key;
  uint64_t h;
  int rc;
  *pbNew = 0;
  if( p->bRunOk && (p->n==0 || p->bRun) ){
    if( type==GG_KEY_INT && (rc = keymapRunAdd(p, iVal, pId, pbNew))>=0 ) return rc;
    if( p->n && (rc = keymapLeaveRun(p))==GG_NOMEM ) return rc;
    p->bRun = 0;
  }
  key = type==GG_KEY_INT ? iVal : (int64_t)keymapTextHash(z, nz);
  if( ((uint64_t)p->n+1)*4 > p->nSlot*3
   && (rc = keymapIndex(p, keymapSlotsFor((uint64_t)p->n+1)))!=GG_OK ){
    return rc;
  }
  h = keymapHome(p, type, key);
  while( p->aSlot[h].id1 ){
    if( keymapMatch(p, &p->aSlot[h], type, key, z, nz) ){
      *pId = p->aSlot[h].id1 - 1;
      return GG_OK;
    }
    h = (h+1) & (p->nSlot-1);
  }
  if( p->n>=GG_KEYMAP_MAX ) return GG_TOOBIG;
  if( p->n==p->nAlloc && (rc = keymapGrowKeys(p))!=GG_OK ) return rc;
  if( type==GG_KEY_TEXT && (rc = keymapAddText(p, z, nz, &iVal))!=GG_OK ) return rc;
  p->aKey[p->n] = iVal;
  p->aType[p->n] = (uint8_t)type;
  p->aSlot[h].key = key;
  p->aSlot[h].id1 = p->n + 1;
  p->aSlot[h].type = (uint32_t)type;
  *pId = p->n++;
  *pbNew = 1;
  return GG_OK;
}

void gg_keymap_free(GGKeyMap *p){
  gg_free(p->aKey);
  gg_free(p->aType);
  gg_free(p->zText);
  gg_free(p->aSlot);
  memset(p, 0, sizeof(*p));
}
