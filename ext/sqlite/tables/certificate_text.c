/*
** certificate_text.c: the text of a certificate
** (docs/reference/certificates.md has its grammar): the header with the
** game's parameters, the graph in canonical lines and their SHA-256, the
** claim and the start; then each section's rows.  Nodes are written as
** their dense ids, which follow SQLite's order of the labels (graph.h),
** so the node lines list the labels in the order the format asks.
*/
#include <string.h>
#include "certificate.h"
#include "sha256.h"
SQLITE_EXTENSION_INIT3

void gg_cert_json_text(sqlite3_str *pOut, const char *z, uint32_t nz){
  uint32_t i, j = 0;
  sqlite3_str_appendchar(pOut, 1, '"');
  for(i=0; i<nz; i++){
    unsigned char c = (unsigned char)z[i];
    if( c>=0x20 && c!='"' && c!='\\' && c!=0x7f ) continue;
    sqlite3_str_append(pOut, z+j, (int)(i-j));
    j = i+1;
    if( c=='"' || c=='\\' ) sqlite3_str_appendf(pOut, "\\%c", c);
    else sqlite3_str_appendf(pOut, "\\u%04x", c);
  }
  sqlite3_str_append(pOut, z+j, (int)(nz-j));
  sqlite3_str_appendchar(pOut, 1, '"');
}

/* A label as a JSON value: an integer, or a string with its escapes. */
static void certLabel(sqlite3_str *pOut, const GGGraph *pG, uint32_t u){
  GGLabel L;
  gg_graph_label(pG, u, &L);
  if( L.eType==GG_KEY_INT ) sqlite3_str_appendf(pOut, "%lld", (long long)L.iVal);
  else gg_cert_json_text(pOut, L.z, L.nz);
}

/* The node and edge lines of pG into pLines; the number of edges. */
static uint64_t certGraphLines(sqlite3_str *pLines, const GGGraph *pG){
  uint64_t nEdge = 0;
  uint32_t u, j;
  for(u=0; u<pG->n; u++){
    sqlite3_str_appendf(pLines, "node %u ", u);
    certLabel(pLines, pG, u);
    sqlite3_str_appendchar(pLines, 1, '\n');
  }
  for(u=0; u<pG->n; u++){
    for(j=0; j<GG_DEG(pG, u); j++){
      uint32_t v = GG_NBR(pG, u)[j];
      if( !pG->bDirected && v<u ) continue;
      if( j>0 && GG_NBR(pG, u)[j-1]==v ) continue;       /* (folded already) */
      sqlite3_str_appendf(pLines, "edge %u %u\n", u, v);
      nEdge++;
    }
  }
  return nEdge;
}

/* Player 0's place a. */
static void certPlace0(sqlite3_str *pOut, const GGSolved *p, uint64_t a){
  if( p->pDef->pCert->xPlace0 ) p->pDef->pCert->xPlace0(pOut, p, a);
  else sqlite3_str_appendf(pOut, "%llu", (unsigned long long)a);
}

void gg_cert_position(sqlite3_str *pOut, const GGSolved *p, const GGCertRow *r){
  const GGCertDef *pC = p->pDef->pCert;
  if( r->eKind==GG_CERT_PLACE0 ){
    sqlite3_str_appendall(pOut, pC->azPlace[0]);
  }else if( r->eKind==GG_CERT_PLACE1 ){
    sqlite3_str_appendf(pOut, "%s ", pC->azPlace[1]);
    certPlace0(pOut, p, r->a);
  }else{
    sqlite3_str_appendf(pOut, "%s ", p->pDef->azTurn[r->turn]);
    certPlace0(pOut, p, r->a);
    sqlite3_str_appendf(pOut, " %u", r->b);
  }
}

int gg_cert_header(sqlite3_str *pOut, GGCall *pCall, const GGSolved *p, const char *zClaim,
                   const GGCertRow *pStart, char **pzErr){
  const GGCertDef *pC = p->pDef->pCert;
  sqlite3_str *pLines = sqlite3_str_new(0);
  GGSha256 sha;
  char zHex[65];
  uint64_t nEdge;
  int rc;
  sqlite3_str_appendf(pOut, "graphgame-certificate 1\ngame %s\n", pC->zGame);
  if( pC->xParams ){
    rc = pC->xParams(pOut, p, pCall->pFunc->zName, pzErr);
  }else{
    uint32_t i;
    for(i=0; i<p->nParam; i++) sqlite3_str_appendf(pOut, "%s %u\n", pC->zParam, p->aParam[i]);
    rc = SQLITE_OK;
  }
  nEdge = certGraphLines(pLines, &p->g);
  if( rc==SQLITE_OK ) rc = sqlite3_str_errcode(pLines);
  if( rc==SQLITE_OK ){
    gg_sha256_init(&sha);
    gg_sha256_update(&sha, sqlite3_str_value(pLines), (uint64_t)sqlite3_str_length(pLines));
    gg_sha256_hex(&sha, zHex);
    sqlite3_str_appendf(pOut, "graph %s nodes %u edges %llu sha256 %s\n",
                        p->g.bDirected ? "directed" : "undirected", p->g.n,
                        (unsigned long long)nEdge, zHex);
    sqlite3_str_append(pOut, sqlite3_str_value(pLines), sqlite3_str_length(pLines));
    sqlite3_str_appendf(pOut, "claim %s\nstart ", zClaim);
    gg_cert_position(pOut, p, pStart);
    sqlite3_str_appendchar(pOut, 1, '\n');
  }
  sqlite3_free(sqlite3_str_finish(pLines));
  return rc;
}

/* A row's move, after its position and plies. */
static int certMove(sqlite3_str *pOut, const GGSolved *p, const GGCertRow *r){
  const GGCertDef *pC = p->pDef->pCert;
  sqlite3_str_appendchar(pOut, 1, ' ');
  if( r->eKind==GG_CERT_PLACE0 ){
    certPlace0(pOut, p, (uint64_t)r->move);
  }else if( r->eKind==GG_CERT_POS && r->turn==0 && pC->xMove0 ){
    return pC->xMove0(pOut, p, r->a, (uint64_t)r->move);
  }else{
    sqlite3_str_appendf(pOut, "%lld", (long long)r->move);
  }
  return SQLITE_OK;
}

int gg_cert_section(sqlite3_str *pOut, const GGSolved *p, const GGCertSection *s,
                    GGPoll *pPoll){
  uint64_t i;
  int rc = SQLITE_OK;
  sqlite3_str_appendf(pOut, "strategy %d %s rows %llu\n", s->iPlayer,
                      s->bReach ? "reach" : "safe", (unsigned long long)s->nRow);
  for(i=0; rc==SQLITE_OK && i<s->nRow; i++){
    const GGCertRow *r = &s->aRow[i];
    gg_cert_position(pOut, p, r);
    if( r->plies>=0 ) sqlite3_str_appendf(pOut, " %lld", (long long)r->plies);
    else sqlite3_str_appendall(pOut, " -");
    if( r->move>=0 ) rc = certMove(pOut, p, r);
    sqlite3_str_appendchar(pOut, 1, '\n');
    if( rc==SQLITE_OK && gg_poll(pPoll, 1) ) rc = SQLITE_INTERRUPT;
  }
  return rc;
}
