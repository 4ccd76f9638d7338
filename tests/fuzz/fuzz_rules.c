/*
** fuzz_rules.c: libFuzzer target for the rules parser
** (ext/engine/core/rules.c).
**
** Any bytes go in as the text of a `rules` argument, parsed against the
** keys of cat and mouse and an integer key (cops' "distance").  Beyond not crashing, leaking or reading out of
** bounds (the sanitizers), it checks:
**   - an error has a message, and a success none;
**   - every label a key holds is inside the parser's own text buffer;
**   - an integer key holds a value in its range;
**   - a success survives a round trip: the values written back as JSON
**     parse again to the same values.
** Plain C, no SQLite (links the engines and alloc_libc.c).
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "alloc.h"
#include "rules.h"

static const char *const azTurn[] = { "mouse", "cat", 0 };
static const GGRuleKey aKey[] = {
  { .zKey = "hole", .eKind = GG_RULE_LABELS }, { .zKey = "mouse", .eKind = GG_RULE_LABEL }, { .zKey = "cat", .eKind = GG_RULE_LABEL },
  { .zKey = "turn", .eKind = GG_RULE_WORD, .azWord = azTurn }, { .zKey = "directed", .eKind = GG_RULE_BOOL },
  { .zKey = "distance", .eKind = GG_RULE_INT, .iMin = -3, .iMax = 65535 },
};
#define NKEY 6

/* A JSON string of n bytes z, escaped, appended to *pz (grown by malloc). */
static void frAppend(char **pz, size_t *pn, const char *z, size_t n){
  *pz = realloc(*pz, *pn + n + 1);
  memcpy(*pz + *pn, z, n);
  *pn += n;
  (*pz)[*pn] = 0;
}
static void frLabel(char **pz, size_t *pn, const GGLabel *L){
  char b[32];
  uint32_t i;
  if( L->eType==GG_KEY_INT ){
    snprintf(b, sizeof(b), "%lld", (long long)L->iVal);
    frAppend(pz, pn, b, strlen(b));
    return;
  }
  frAppend(pz, pn, "\"", 1);
  for(i=0; i<L->nz; i++){
    unsigned char c = (unsigned char)L->z[i];
    if( c=='"' || c=='\\' || c<0x20 ){
      snprintf(b, sizeof(b), "\\u%04x", c);
      frAppend(pz, pn, b, 6);
    }else{
      frAppend(pz, pn, (const char*)&L->z[i], 1);
    }
  }
  frAppend(pz, pn, "\"", 1);
}

/* The parsed rules as JSON text (malloc'ed). */
static char *frWrite(const GGRules *p){
  char *z = 0;
  size_t n = 0;
  int i, bFirst = 1;
  uint32_t j;
  frAppend(&z, &n, "{", 1);
  for(i=0; i<NKEY; i++){
    const GGRuleVal *v = &p->aVal[i];
    if( !v->bSet ) continue;
    if( !bFirst ) frAppend(&z, &n, ",", 1);
    bFirst = 0;
    frAppend(&z, &n, "\"", 1);
    frAppend(&z, &n, aKey[i].zKey, strlen(aKey[i].zKey));
    frAppend(&z, &n, "\":", 2);
    switch( aKey[i].eKind ){
      case GG_RULE_BOOL: frAppend(&z, &n, v->bTrue ? "true" : "false", v->bTrue ? 4 : 5); break;
      case GG_RULE_WORD:
        frAppend(&z, &n, "\"", 1);
        frAppend(&z, &n, azTurn[v->iWord], strlen(azTurn[v->iWord]));
        frAppend(&z, &n, "\"", 1);
        break;
      case GG_RULE_LABEL: frLabel(&z, &n, &v->aLabel[0]); break;
      case GG_RULE_INT: {
        char b[32];
        snprintf(b, sizeof(b), "%lld", (long long)v->iVal);
        frAppend(&z, &n, b, strlen(b));
        break;
      }
      default:
        frAppend(&z, &n, "[", 1);
        for(j=0; j<v->nLabel; j++){
          if( j ) frAppend(&z, &n, ",", 1);
          frLabel(&z, &n, &v->aLabel[j]);
        }
        frAppend(&z, &n, "]", 1);
    }
  }
  frAppend(&z, &n, "}", 1);
  return z;
}

static int frSameLabel(const GGLabel *a, const GGLabel *b){
  if( a->eType!=b->eType ) return 0;
  if( a->eType==GG_KEY_INT ) return a->iVal==b->iVal;
  return a->nz==b->nz && (a->nz==0 || memcmp(a->z, b->z, a->nz)==0);
}

static void frCheckSame(const GGRules *a, const GGRules *b){
  int i;
  uint32_t j;
  for(i=0; i<NKEY; i++){
    const GGRuleVal *x = &a->aVal[i], *y = &b->aVal[i];
    if( x->bSet!=y->bSet || x->bTrue!=y->bTrue || x->iWord!=y->iWord || x->nLabel!=y->nLabel
     || x->iVal!=y->iVal ) abort();
    for(j=0; j<x->nLabel; j++) if( !frSameLabel(&x->aLabel[j], &y->aLabel[j]) ) abort();
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *aData, size_t nData){
  GGRules r, r2;
  char zErr[GG_RULES_ERR], zErr2[GG_RULES_ERR];
  int rc = gg_rules_parse((const char*)aData, nData, aKey, NKEY, &r, zErr);
  int i;
  uint32_t j;
  if( rc<0 ){
    if( zErr[0]==0 || memchr(zErr, 0, sizeof(zErr))==0 ) abort();
  }else if( rc==GG_OK ){
    char *zBack;
    if( zErr[0]!=0 ) abort();
    for(i=0; i<NKEY; i++){
      const GGRuleVal *v = &r.aVal[i];
      if( aKey[i].eKind==GG_RULE_INT && v->bSet
       && (v->iVal<aKey[i].iMin || v->iVal>aKey[i].iMax || v->nLabel) ) abort();
      for(j=0; j<v->nLabel; j++){
        const GGLabel *L = &v->aLabel[j];
        if( L->eType==GG_KEY_TEXT && L->nz
         && (L->z < r.zText || L->z + L->nz > r.zText + r.nText) ) abort();
      }
    }
    zBack = frWrite(&r);
    if( gg_rules_parse(zBack, strlen(zBack), aKey, NKEY, &r2, zErr2)!=GG_OK ) abort();
    frCheckSame(&r, &r2);
    gg_rules_free(&r2);
    free(zBack);
  }
  gg_rules_free(&r);
  return 0;
}
