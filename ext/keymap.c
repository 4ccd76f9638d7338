/*
** keymap.c: dense ids for integer or text keys (see keymap.h).
**
** The slot table is kept at most 3/4 full and doubled (rehashing every
** key from its stored value) when it would pass that, so probes stay
** short and adding n keys takes expected O(n) time in all.  The key
** arrays grow by doubling too.
*/
#include <string.h>
#include "alloc.h"
#include "graph.h"
#include "keymap.h"

/* splitmix64's finaliser: a good spread for integer keys. */
static uint64_t keymapMix(uint64_t x){
  x ^= x>>30; x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x>>27; x *= 0x94d049bb133111ebULL;
  return x ^ (x>>31);
}

static uint64_t keymapHash(int type, int64_t iVal, const char *z, uint32_t nz){
  uint64_t h = 0xcbf29ce484222325ULL;   /* FNV-1a over the text */
  uint32_t i;
  if( type==GG_KEY_INT ) return keymapMix((uint64_t)iVal);
  for(i=0; i<nz; i++){
    h ^= (unsigned char)z[i];
    h *= 0x100000001b3ULL;
  }
  return keymapMix(h ^ 0x5bd1e995u);
}

const char *gg_keymap_text(const GGKeyMap *p, uint32_t id, uint32_t *pnz){
  const char *zAt = p->zText + p->aKey[id];
  uint32_t nz;
  memcpy(&nz, zAt, sizeof(nz));
  *pnz = nz;
  return zAt + sizeof(nz);
}

/* Nonzero if key number id equals the given key. */
static int keymapEqual(const GGKeyMap *p, uint32_t id, int type, int64_t iVal,
                       const char *z, uint32_t nz){
  const char *zKey;
  uint32_t nKey;
  if( p->aType[id]!=type ) return 0;
  if( type==GG_KEY_INT ) return p->aKey[id]==iVal;
  zKey = gg_keymap_text(p, id, &nKey);
  return nKey==nz && (nz==0 || memcmp(zKey, z, nz)==0);
}

static uint64_t keymapHashId(const GGKeyMap *p, uint32_t id){
  uint32_t nz = 0;
  const char *z = 0;
  if( p->aType[id]==GG_KEY_TEXT ) z = gg_keymap_text(p, id, &nz);
  return keymapHash(p->aType[id], p->aKey[id], z, nz);
}

/* Double the slot table (or make the first one) and put every key back. */
static int keymapRehash(GGKeyMap *p){
  uint64_t nNew = p->nSlot ? p->nSlot*2 : 64, i;
  uint32_t *aNew = gg_malloc(nNew*sizeof(uint32_t));
  if( aNew==0 ) return GG_NOMEM;
  memset(aNew, 0, nNew*sizeof(uint32_t));
  for(i=0; i<p->n; i++){
    uint64_t h = keymapHashId(p, (uint32_t)i) & (nNew-1);
    while( aNew[h] ) h = (h+1) & (nNew-1);
    aNew[h] = (uint32_t)i + 1;
  }
  gg_free(p->aSlot);
  p->aSlot = aNew;
  p->nSlot = nNew;
  return GG_OK;
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
  uint64_t h;
  if( p->nSlot==0 ) return -1;
  h = keymapHash(type, iVal, z, nz) & (p->nSlot-1);
  while( p->aSlot[h] ){
    uint32_t id = p->aSlot[h] - 1;
    if( keymapEqual(p, id, type, iVal, z, nz) ) return id;
    h = (h+1) & (p->nSlot-1);
  }
  return -1;
}

int gg_keymap_add(GGKeyMap *p, int type, int64_t iVal, const char *z,
                  uint32_t nz, uint32_t *pId, int *pbNew){
  uint64_t h;
  int rc;
  *pbNew = 0;
  if( ((uint64_t)p->n+1)*4 > p->nSlot*3 && (rc = keymapRehash(p))!=GG_OK ) return rc;
  h = keymapHash(type, iVal, z, nz) & (p->nSlot-1);
  while( p->aSlot[h] ){
    uint32_t id = p->aSlot[h] - 1;
    if( keymapEqual(p, id, type, iVal, z, nz) ){
      *pId = id;
      return GG_OK;
    }
    h = (h+1) & (p->nSlot-1);
  }
  if( p->n>=GG_KEYMAP_MAX ) return GG_TOOBIG;
  if( p->n==p->nAlloc && (rc = keymapGrowKeys(p))!=GG_OK ) return rc;
  if( type==GG_KEY_TEXT ){
    if( (rc = keymapAddText(p, z, nz, &iVal))!=GG_OK ) return rc;
  }
  p->aKey[p->n] = iVal;
  p->aType[p->n] = (uint8_t)type;
  p->aSlot[h] = p->n + 1;
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
