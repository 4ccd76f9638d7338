/*
** rules.c: the JSON parser behind every game's `rules` argument (see
** rules.h).  A recursive descent over the bytes, strict JSON (RFC 8259):
** objects at the top, nested arrays and objects only where a key's kind
** allows them (and skipped, checked, elsewhere so that the error is
** about the kind, not the syntax).  Depth is bounded, so hostile input
** cannot exhaust the stack.  gg_rules_labels() reads one array of labels
** alone (an SQL value compared with a column of them) with the same parts.
*/
#include <stdio.h>
#include <string.h>
#include "alloc.h"
#include "rules.h"

#define RULES_MAX_DEPTH 32

typedef struct RulesIn RulesIn;
struct RulesIn {
  const char *z;        /* the text */
  uint64_t n, i;        /* its length, the read position */
  GGRules *p;           /* the output */
  char *zErr;           /* the message, GG_RULES_ERR bytes */
};

/* One scalar or the start of an array/object. */
#define RV_STR   1
#define RV_INT   2
#define RV_NUM   3      /* a number that is not a 64-bit integer */
#define RV_TRUE  4
#define RV_FALSE 5
#define RV_NULL  6
#define RV_ARRAY 7
#define RV_OBJ   8
typedef struct RulesVal RulesVal;
struct RulesVal {
  int eType;            /* RV_* */
  int64_t iVal;         /* RV_INT */
  const char *z;        /* RV_STR: unescaped, in p->zText */
  uint32_t nz;          /* RV_STR: bytes */
};

static int rulesFail(RulesIn *r, const char *zWhat){
  snprintf(r->zErr, GG_RULES_ERR, "malformed JSON at byte %llu: %s",
           (unsigned long long)r->i + 1, zWhat);
  return -1;
}

static void rulesWs(RulesIn *r){
  while( r->i<r->n && (r->z[r->i]==' ' || r->z[r->i]=='\t'
                    || r->z[r->i]=='\n' || r->z[r->i]=='\r') ) r->i++;
}

static int rulesHex4(RulesIn *r, uint32_t *pc){
  uint32_t c = 0, k;
  for(k=0; k<4; k++){
    char h = r->i<r->n ? r->z[r->i] : 0;
    c <<= 4;
    if( h>='0' && h<='9' ) c |= (uint32_t)(h-'0');
    else if( h>='a' && h<='f' ) c |= (uint32_t)(h-'a'+10);
    else if( h>='A' && h<='F' ) c |= (uint32_t)(h-'A'+10);
    else return rulesFail(r, "bad \\u escape");
    r->i++;
  }
  *pc = c;
  return 0;
}

/* A string at r->i (on the quote), unescaped into p->zText. */
static int rulesString(RulesIn *r, RulesVal *v){
  char *zOut = r->p->zText + r->p->nText;
  uint32_t nOut = 0;
  r->i++;
  for(;;){
    unsigned char c;
    if( r->i>=r->n ) return rulesFail(r, "unterminated string");
    c = (unsigned char)r->z[r->i++];
    if( c=='"' ) break;
    if( c<0x20 ) { r->i--; return rulesFail(r, "control character in a string"); }
    if( c!='\\' ){ zOut[nOut++] = (char)c; continue; }
    if( r->i>=r->n ) return rulesFail(r, "unterminated string");
    c = (unsigned char)r->z[r->i++];
    switch( c ){
      case '"': case '\\': case '/': zOut[nOut++] = (char)c; break;
      case 'b': zOut[nOut++] = '\b'; break;
      case 'f': zOut[nOut++] = '\f'; break;
      case 'n': zOut[nOut++] = '\n'; break;
      case 'r': zOut[nOut++] = '\r'; break;
      case 't': zOut[nOut++] = '\t'; break;
      case 'u': {
        uint32_t u, lo;
        if( rulesHex4(r, &u) ) return -1;
        if( u>=0xdc00 && u<=0xdfff ) return rulesFail(r, "lone low surrogate");
        if( u>=0xd800 && u<=0xdbff ){
          if( r->i+1>=r->n || r->z[r->i]!='\\' || r->z[r->i+1]!='u' ){
            return rulesFail(r, "lone high surrogate");
          }
          r->i += 2;
          if( rulesHex4(r, &lo) ) return -1;
          if( lo<0xdc00 || lo>0xdfff ) return rulesFail(r, "bad surrogate pair");
          u = 0x10000 + ((u-0xd800)<<10) + (lo-0xdc00);
        }
        if( u<0x80 ){ zOut[nOut++] = (char)u; }
        else if( u<0x800 ){ zOut[nOut++] = (char)(0xc0|(u>>6)); zOut[nOut++] = (char)(0x80|(u&63)); }
        else if( u<0x10000 ){
          zOut[nOut++] = (char)(0xe0|(u>>12)); zOut[nOut++] = (char)(0x80|((u>>6)&63));
          zOut[nOut++] = (char)(0x80|(u&63));
        }else{
          zOut[nOut++] = (char)(0xf0|(u>>18)); zOut[nOut++] = (char)(0x80|((u>>12)&63));
          zOut[nOut++] = (char)(0x80|((u>>6)&63)); zOut[nOut++] = (char)(0x80|(u&63));
        }
        break;
      }
      default: r->i--; return rulesFail(r, "bad escape in a string");
    }
  }
  r->p->nText += nOut;
  v->eType = RV_STR;
  v->z = zOut;
  v->nz = nOut;
  return 0;
}

static int rulesDigits(RulesIn *r){
  uint64_t i0 = r->i;
  while( r->i<r->n && r->z[r->i]>='0' && r->z[r->i]<='9' ) r->i++;
  return r->i>i0;
}

/* A number: RV_INT if it is an integer that fits 64 bits, else RV_NUM. */
static int rulesNumber(RulesIn *r, RulesVal *v){
  uint64_t i0 = r->i, k;
  int bNeg = 0, bInt = 1;
  uint64_t u = 0;
  if( r->z[r->i]=='-' ){ bNeg = 1; r->i++; }
  if( r->i<r->n && r->z[r->i]=='0' ) r->i++;
  else if( !rulesDigits(r) ) return rulesFail(r, "bad number");
  for(k=i0+(uint64_t)bNeg; k<r->i; k++){
    unsigned d = (unsigned)(r->z[k]-'0');
    if( u>(UINT64_MAX-d)/10 ){ bInt = 0; break; }
    u = u*10 + d;
  }
  if( r->i<r->n && r->z[r->i]=='.' ){
    r->i++; bInt = 0;
    if( !rulesDigits(r) ) return rulesFail(r, "bad number");
  }
  if( r->i<r->n && (r->z[r->i]=='e' || r->z[r->i]=='E') ){
    r->i++; bInt = 0;
    if( r->i<r->n && (r->z[r->i]=='+' || r->z[r->i]=='-') ) r->i++;
    if( !rulesDigits(r) ) return rulesFail(r, "bad number");
  }
  if( bInt && (bNeg ? u>(uint64_t)INT64_MAX+1 : u>(uint64_t)INT64_MAX) ) bInt = 0;
  v->eType = bInt ? RV_INT : RV_NUM;
  v->iVal = bInt ? (bNeg ? (int64_t)(0-u) : (int64_t)u) : 0;
  return 0;
}

static int rulesWord(RulesIn *r, const char *zWord, int eType, RulesVal *v){
  size_t n = strlen(zWord);
  if( r->n - r->i < n || memcmp(r->z + r->i, zWord, n)!=0 ) return rulesFail(r, "unexpected character");
  r->i += n;
  v->eType = eType;
  return 0;
}

/* One value; arrays and objects are only opened (r->i after the bracket). */
static int rulesValue(RulesIn *r, RulesVal *v){
  rulesWs(r);
  if( r->i>=r->n ) return rulesFail(r, "unexpected end");
  switch( r->z[r->i] ){
    case '"': return rulesString(r, v);
    case 't': return rulesWord(r, "true", RV_TRUE, v);
    case 'f': return rulesWord(r, "false", RV_FALSE, v);
    case 'n': return rulesWord(r, "null", RV_NULL, v);
    case '[': r->i++; v->eType = RV_ARRAY; return 0;
    case '{': r->i++; v->eType = RV_OBJ; return 0;
    default:
      if( r->z[r->i]=='-' || (r->z[r->i]>='0' && r->z[r->i]<='9') ) return rulesNumber(r, v);
      return rulesFail(r, "unexpected character");
  }
}

/* After the opening bracket of an array (cClose ']') or object ('}'):
** nonzero when the next item exists; handles the commas.  *pbFirst is
** set by the caller to 1 before the first call. */
static int rulesMore(RulesIn *r, char cClose, int *pbFirst, int *pRc){
  rulesWs(r);
  *pRc = 0;
  if( r->i<r->n && r->z[r->i]==cClose && *pbFirst ){ r->i++; return 0; }
  if( !*pbFirst ){
    if( r->i<r->n && r->z[r->i]==cClose ){ r->i++; return 0; }
    if( r->i>=r->n || r->z[r->i]!=',' ){
      *pRc = rulesFail(r, cClose==']' ? "expected , or ]" : "expected , or }");
      return 0;
    }
    r->i++;
  }
  *pbFirst = 0;
  return 1;
}

/* An object's key and its colon, into *pKey: 0, or -1 with the message. */
static int rulesKey(RulesIn *r, RulesVal *pKey){
  rulesWs(r);
  if( r->i>=r->n || r->z[r->i]!='"' ) return rulesFail(r, "expected a string key");
  if( rulesString(r, pKey) ) return -1;
  rulesWs(r);
  if( r->i>=r->n || r->z[r->i]!=':' ) return rulesFail(r, "expected :");
  r->i++;
  return 0;
}

/* Skip the rest of an opened array or object, checking its syntax. */
static int rulesSkip(RulesIn *r, int eType, int nDepth){
  int bFirst = 1, rc;
  char cClose = eType==RV_ARRAY ? ']' : '}';
  if( nDepth>RULES_MAX_DEPTH ) return rulesFail(r, "nested too deeply");
  while( rulesMore(r, cClose, &bFirst, &rc) ){
    RulesVal v;
    if( eType==RV_OBJ && rulesKey(r, &v) ) return -1;
    if( rulesValue(r, &v) ) return -1;
    if( (v.eType==RV_ARRAY || v.eType==RV_OBJ) && rulesSkip(r, v.eType, nDepth+1) ) return -1;
  }
  return rc;
}

/* The error for a value of the wrong kind for key k; the value is the
** JSON text z[i0..i1), shown (shortened past 40 bytes) after "got". */
static int rulesKindError(RulesIn *r, const GGRuleKey *k, uint64_t i0, uint64_t i1){
  size_t n;
  int i;
  switch( k->eKind ){
    case GG_RULE_BOOL:
      snprintf(r->zErr, GG_RULES_ERR, "\"%s\" must be true or false", k->zKey); break;
    case GG_RULE_LABEL:
      snprintf(r->zErr, GG_RULES_ERR, "\"%s\" must be a node label (an integer or a string)",
               k->zKey); break;
    case GG_RULE_LABELS:
      snprintf(r->zErr, GG_RULES_ERR, "\"%s\" must be a node label (an integer or a string)"
               " or an array of node labels", k->zKey); break;
    case GG_RULE_INT:
      snprintf(r->zErr, GG_RULES_ERR, "\"%s\" must be an integer from %lld to %lld", k->zKey,
               (long long)k->iMin, (long long)k->iMax); break;
    default: {
      n = (size_t)snprintf(r->zErr, GG_RULES_ERR, "\"%s\" must be", k->zKey);
      for(i=0; k->azWord[i] && n<GG_RULES_ERR; i++){
        n += (size_t)snprintf(r->zErr+n, GG_RULES_ERR-n, "%s\"%s\"",
                              i==0 ? " " : k->azWord[i+1] ? ", " : " or ", k->azWord[i]);
      }
    }
  }
  n = strlen(r->zErr);
  if( n<GG_RULES_ERR && i1>i0 ){
    snprintf(r->zErr+n, GG_RULES_ERR-n, ", got %.*s%s", i1-i0>40 ? 40 : (int)(i1-i0),
             r->z+i0, i1-i0>40 ? "..." : "");
  }
  return -1;
}

static void rulesAddLabel(RulesIn *r, const RulesVal *v){
  GGLabel *L = &r->p->aLabel[r->p->nLabel++];
  *L = v->eType==RV_INT ? GG_LABEL_INT(v->iVal) : GG_LABEL_TEXT(v->z, v->nz);
}

/* The value of key k into *pOut. */
static int rulesKeyValue(RulesIn *r, const GGRuleKey *k, GGRuleVal *pOut){
  RulesVal v;
  int i, rc, bFirst = 1;
  uint64_t i0, e0;
  rulesWs(r);
  i0 = r->i;
  if( rulesValue(r, &v) ) return -1;
  pOut->bSet = 1;
  pOut->aLabel = r->p->aLabel + r->p->nLabel;
  switch( k->eKind ){
    case GG_RULE_BOOL:
      if( v.eType!=RV_TRUE && v.eType!=RV_FALSE ) break;
      pOut->bTrue = v.eType==RV_TRUE;
      return 0;
    case GG_RULE_INT:
      if( v.eType!=RV_INT || v.iVal<k->iMin || v.iVal>k->iMax ) break;
      pOut->iVal = v.iVal;
      return 0;
    case GG_RULE_WORD:
      if( v.eType!=RV_STR ) break;
      for(i=0; k->azWord[i]; i++){
        if( strlen(k->azWord[i])==v.nz && memcmp(k->azWord[i], v.z, v.nz)==0 ){
          pOut->iWord = i;
          return 0;
        }
      }
      break;
    default:
      if( v.eType==RV_INT || v.eType==RV_STR ){
        rulesAddLabel(r, &v);
        pOut->nLabel = 1;
        return 0;
      }
      if( v.eType!=RV_ARRAY || k->eKind!=GG_RULE_LABELS ) break;
      while( rulesMore(r, ']', &bFirst, &rc) ){
        rulesWs(r);
        e0 = r->i;
        if( rulesValue(r, &v) ) return -1;
        if( v.eType==RV_ARRAY || v.eType==RV_OBJ ){
          if( rulesSkip(r, v.eType, 1) ) return -1;
          return rulesKindError(r, k, e0, r->i);
        }
        if( v.eType!=RV_INT && v.eType!=RV_STR ) return rulesKindError(r, k, e0, r->i);
        rulesAddLabel(r, &v);
        pOut->nLabel++;
      }
      if( rc==0 && (int64_t)pOut->nLabel<k->iMin ){
        snprintf(r->zErr, GG_RULES_ERR, "\"%s\" must name at least %lld node%s, got []",
                 k->zKey, (long long)k->iMin, k->iMin==1 ? "" : "s");
        return -1;
      }
      return rc;
  }
  if( (v.eType==RV_ARRAY || v.eType==RV_OBJ) && rulesSkip(r, v.eType, 1) ) return -1;
  return rulesKindError(r, k, i0, r->i);
}

static int rulesUnknown(RulesIn *r, const RulesVal *pKey, const GGRuleKey *aKey, int nKey){
  size_t n;
  int i;
  n = (size_t)snprintf(r->zErr, GG_RULES_ERR, "unknown key \"%.*s\" (known keys:",
                       pKey->nz>40 ? 40 : (int)pKey->nz, pKey->z);
  for(i=0; i<nKey && n<GG_RULES_ERR; i++){
    n += (size_t)snprintf(r->zErr+n, GG_RULES_ERR-n, "%s %s", i ? "," : "", aKey[i].zKey);
  }
  if( n<GG_RULES_ERR ) snprintf(r->zErr+n, GG_RULES_ERR-n, "%s)", nKey ? "" : " none");
  return -1;
}

static int rulesObject(RulesIn *r, const GGRuleKey *aKey, int nKey){
  RulesVal v;
  int bFirst = 1, rc, i;
  rulesWs(r);
  if( r->i>=r->n ){
    snprintf(r->zErr, GG_RULES_ERR, "must be a JSON object such as '{}', got nothing");
    return -1;
  }
  if( r->z[r->i]!='{' ){
    snprintf(r->zErr, GG_RULES_ERR, "must be a JSON object such as '{\"%s\": ...}'",
             nKey ? aKey[0].zKey : "key");
    return -1;
  }
  r->i++;
  while( rulesMore(r, '}', &bFirst, &rc) ){
    if( rulesKey(r, &v) ) return -1;
    for(i=0; i<nKey; i++){
      if( strlen(aKey[i].zKey)==v.nz && memcmp(aKey[i].zKey, v.z, v.nz)==0 ) break;
    }
    if( i==nKey ) return rulesUnknown(r, &v, aKey, nKey);
    if( r->p->aVal[i].bSet ){
      snprintf(r->zErr, GG_RULES_ERR, "key \"%s\" given twice", aKey[i].zKey);
      return -1;
    }
    if( rulesKeyValue(r, &aKey[i], &r->p->aVal[i]) ) return -1;
  }
  if( rc ) return rc;
  rulesWs(r);
  if( r->i<r->n ) return rulesFail(r, "text after the object");
  return 0;
}

/* The parser over z (n bytes) into p, with room for every label and
** unescaped string the text can hold: GG_OK, GG_NOMEM or GG_TOOBIG (p
** zeroed first; gg_rules_free() frees it in every case). */
static int rulesBegin(RulesIn *r, const char *z, uint64_t n, GGRules *p, char *zErr){
  if( n/2+1 > 0xffffffffu ) return GG_TOOBIG;
  p->zText = gg_malloc(n+1);
  p->nLabelAlloc = (uint32_t)(n/2 + 1);
  p->aLabel = gg_malloc((uint64_t)p->nLabelAlloc*sizeof(GGLabel));
  if( p->zText==0 || p->aLabel==0 ) return GG_NOMEM;
  r->z = z;
  r->n = n;
  r->i = 0;
  r->p = p;
  r->zErr = zErr;
  return GG_OK;
}

int gg_rules_parse(const char *z, uint64_t n, const GGRuleKey *aKey, int nKey,
                   GGRules *p, char *zErr){
  RulesIn r;
  int rc;
  memset(p, 0, sizeof(*p));
  zErr[0] = 0;
  if( z==0 ) return GG_OK;
  if( (rc = rulesBegin(&r, z, n, p, zErr))!=GG_OK ) return rc;
  return rulesObject(&r, aKey, nKey) ? -1 : GG_OK;
}

void gg_rules_free(GGRules *p){
  if( p->aLabel==0 && p->zText==0 ) return;     /* nothing was parsed: no key holds */
  gg_free(p->aLabel);
  gg_free(p->zText);
  memset(p, 0, sizeof(*p));
}

int gg_rules_labels(const char *z, uint64_t n, GGRules *p, char *zErr){
  RulesIn r;
  RulesVal v;
  GGRuleVal *pOut = &p->aVal[0];
  int bFirst = 1, rc;
  uint64_t e0;
  memset(p, 0, sizeof(*p));
  zErr[0] = 0;
  if( (rc = rulesBegin(&r, z, n, p, zErr))!=GG_OK ) return rc;
  if( rulesValue(&r, &v) ) return -1;
  if( v.eType!=RV_ARRAY ){
    if( v.eType==RV_OBJ && rulesSkip(&r, RV_OBJ, 1) ) return -1;
    rulesWs(&r);
    if( r.i<r.n ) return rulesFail(&r, "text after the value");
    snprintf(zErr, GG_RULES_ERR, "not an array");
    return -1;
  }
  pOut->bSet = 1;
  pOut->aLabel = p->aLabel;
  while( rulesMore(&r, ']', &bFirst, &rc) ){
    rulesWs(&r);
    e0 = r.i;
    if( rulesValue(&r, &v) ) return -1;
    if( (v.eType==RV_ARRAY || v.eType==RV_OBJ) && rulesSkip(&r, v.eType, 1) ) return -1;
    if( v.eType!=RV_INT && v.eType!=RV_STR ){
      uint64_t e1 = r.i;
      rulesWs(&r);
      while( rulesMore(&r, ']', &bFirst, &rc) ){     /* the rest must be JSON too */
        if( rulesValue(&r, &v) ) return -1;
        if( (v.eType==RV_ARRAY || v.eType==RV_OBJ) && rulesSkip(&r, v.eType, 1) ) return -1;
      }
      if( rc ) return rc;
      rulesWs(&r);
      if( r.i<r.n ) return rulesFail(&r, "text after the array");
      snprintf(zErr, GG_RULES_ERR, "element %u is not a node label (an integer or a string),"
               " got %.*s%s", pOut->nLabel+1, e1-e0>40 ? 40 : (int)(e1-e0), z+e0,
               e1-e0>40 ? "..." : "");
      return -1;
    }
    rulesAddLabel(&r, &v);
    pOut->nLabel++;
  }
  if( rc ) return rc;
  rulesWs(&r);
  if( r.i<r.n ) return rulesFail(&r, "text after the array");
  return GG_OK;
}
