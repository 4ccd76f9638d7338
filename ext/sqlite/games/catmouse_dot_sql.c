/*
** catmouse_dot_sql.c: catmouse_dot(graph_id, cat [, edges [, rules]]),
** pictures of cat and mouse as Graphviz DOT text: the graph, each node
** filled with the outcome when the mouse stands there, the cat on `cat`,
** the mouse to move.  The manual is docs/reference/catmouse.md; the road
** of a call is call.c (the game is solved through the cache).
**
** The graph, each node filled with the outcome when the mouse stands
** there, the cat stands on `cat` and the mouse is to move: green when the
** mouse wins, red when the cat wins, grey for a draw.  A node's second
** line says who wins and in how many plies ("mouse in 3", "cat in 4",
** "draw").  The hole is a double circle, the cat's node a box (the mouse
** there has lost).  Nodes are listed in ascending label order, as quoted
** DOT ids (text labels escaped), then every edge once (a self-loop as
** u -- u), or every arc (u -> v) with the rules' "directed".  The rules
** are catmouse()'s; with "turn": "cat" the picture is of the cat to
** move.  A NULL graph id or cat gives NULL; a cat on a hole is an error.
** (Integer ids are DOT numerals; text ids are quoted, a text that spells
** a numeral inside apostrophes as well: "'1'".)
*/
#include <string.h>
#include "catmouse_sql.h"
SQLITE_EXTENSION_INIT3

#define DOT_MOUSE "#8fd18f"    /* fill: the mouse wins */
#define DOT_CAT   "#f4a3a3"    /* fill: the cat wins */
#define DOT_DRAW  "#d9d9d9"    /* fill: a draw */

/* Append n bytes of z as the inside of a DOT double-quoted string. */
static void dotQuoted(sqlite3_str *pOut, const char *z, uint32_t n){
  uint32_t i;
  for(i=0; i<n; i++){
    if( z[i]=='"' || z[i]=='\\' ) sqlite3_str_appendchar(pOut, 1, '\\');
    if( z[i]=='\n' ){ sqlite3_str_appendall(pOut, "\\n"); continue; }
    sqlite3_str_appendchar(pOut, 1, z[i]);
  }
}

/* Nonzero if the n bytes of z read as a DOT numeral, [-](.digits |
** digits[.digits]), which DOT would take for the same node as the number. */
static int dotNumeral(const char *z, uint32_t n){
  uint32_t i = 0, nDigit = 0, nDot = 0;
  if( i<n && z[i]=='-' ) i++;
  for(; i<n; i++){
    if( z[i]>='0' && z[i]<='9' ) nDigit++;
    else if( z[i]=='.' && nDot==0 ) nDot++;
    else return 0;
  }
  return nDigit>0;
}

/* Node u as a DOT id: an integer as a numeral; a text quoted and escaped,
** and, if it spells a numeral, inside apostrophes too ("'1'"), so that the
** text '1' and the integer 1 stay two nodes. */
static void dotNode(sqlite3_str *pOut, const GGGraph *pG, uint32_t u){
  GGLabel L;
  int bNum;
  gg_graph_label(pG, u, &L);
  if( L.eType==GG_KEY_INT ){ sqlite3_str_appendf(pOut, "%lld", L.iVal); return; }
  bNum = dotNumeral(L.z, L.nz);
  sqlite3_str_appendall(pOut, bNum ? "\"'" : "\"");
  dotQuoted(pOut, L.z, L.nz);
  sqlite3_str_appendall(pOut, bNum ? "'\"" : "\"");
}

/* The DOT text of a solved game, the cat on dense id cat, turn to move. */
static char *dotText(const GGSolved *p, uint32_t cat, int turn, const char *zWhat){
  const GGGraph *pG = &p->g;
  const GGGameDef *pDef = p->pDef;
  const char *zArc = pG->bDirected ? "->" : "--";
  uint32_t u, j;
  sqlite3_str *pOut = sqlite3_str_new(0);
  sqlite3_str_appendf(pOut, "%s catmouse {\n  fontname=\"Helvetica\";\n"
                      "  label=\"cat and mouse on ", pG->bDirected ? "digraph" : "graph");
  dotQuoted(pOut, zWhat, (uint32_t)strlen(zWhat));
  sqlite3_str_appendall(pOut, "\\nthe cat on ");
  {
    GGLabel L;
    gg_graph_label(pG, cat, &L);
    if( L.eType==GG_KEY_INT ) sqlite3_str_appendf(pOut, "%lld", L.iVal);
    else dotQuoted(pOut, L.z, L.nz);
  }
  sqlite3_str_appendf(pOut, ", the %s to move\\n"
      "green: the mouse wins, red: the cat wins, grey: a draw\";\n"
      "  node [style=filled, fontname=\"Helvetica\"];\n", pDef->azTurn[turn]);
  for(u=0; u<pG->n; u++){
    uint32_t value;
    int64_t plies, move;
    const char *zFill, *zWho;
    int bHole = !pDef->xListed(p->pState, 0, u);
    (void)pDef->xGet(p->pState, u, cat, turn, &value, &plies, &move);
    zFill = value==GG_V_WIN0 ? DOT_MOUSE : value==GG_V_WIN1 ? DOT_CAT : DOT_DRAW;
    zWho = value==GG_V_WIN0 ? "mouse" : value==GG_V_WIN1 ? "cat" : "draw";
    sqlite3_str_appendall(pOut, "  ");
    dotNode(pOut, pG, u);
    sqlite3_str_appendall(pOut, " [label=\"");
    {
      GGLabel L;
      gg_graph_label(pG, u, &L);
      if( L.eType==GG_KEY_INT ) sqlite3_str_appendf(pOut, "%lld", L.iVal);
      else dotQuoted(pOut, L.z, L.nz);
    }
    sqlite3_str_appendall(pOut, "\\n");
    if( bHole ){
      sqlite3_str_appendall(pOut, "hole\", shape=doublecircle");
    }else if( u==cat ){
      sqlite3_str_appendall(pOut, "cat\", shape=box, penwidth=2");
    }else if( value==GG_V_DRAW ){
      sqlite3_str_appendall(pOut, "draw\"");
    }else{
      sqlite3_str_appendf(pOut, "%s in %lld\"", zWho, plies);
    }
    sqlite3_str_appendf(pOut, ", fillcolor=\"%s\"];\n", zFill);
  }
  for(u=0; u<pG->n; u++){
    for(j=0; j<GG_DEG(pG, u); j++){
      uint32_t v = GG_NBR(pG, u)[j];
      if( v<u && !pG->bDirected ) continue;
      sqlite3_str_appendall(pOut, "  ");
      dotNode(pOut, pG, u);
      sqlite3_str_appendf(pOut, " %s ", zArc);
      dotNode(pOut, pG, v);
      sqlite3_str_appendall(pOut, ";\n");
    }
  }
  sqlite3_str_appendall(pOut, "}\n");
  return sqlite3_str_finish(pOut);
}

/* The cat is the second argument: the rules may not name it too. */
static int dotCheck(GGCall *pCall, char **pzErr){
  if( pCall->rules.aVal[2].bSet ){    /* the cat is key 2 of catmouse's */
    *pzErr = gg_errmsg("catmouse_dot: the cat is its second argument; the rules may not"
                       " name it too");
    return gg_error_rc(SQLITE_ERROR, *pzErr);
  }
  return SQLITE_OK;
}

static void dotResult(sqlite3_context *ctx, GGCall *pCall, const GGSolved *p){
  uint32_t cat = pCall->aRole[pCall->nRole-1].aId[0];   /* the cat role is last */
  char *zWhat, *zDot;
  if( !p->pDef->xListed(p->pState, 0, cat) ){
    gg_result_error(ctx, SQLITE_ERROR, gg_errmsg("catmouse_dot: %s", p->pDef->zNotListed));
    return;
  }
  zWhat = gg_call_name(pCall);
  zDot = zWhat ? dotText(p, cat, pCall->iTurn, zWhat) : 0;
  sqlite3_free(zWhat);
  if( zDot==0 ) sqlite3_result_error_nomem(ctx);
  else sqlite3_result_text(ctx, zDot, -1, sqlite3_free);
}

const GGFuncDef gg_catmouse_dot_func = {
  .zName = "catmouse_dot", .nArgMin = 2, .nArgMax = 4,
  .azArg = { "cat" }, .aArgKind = { GG_ARG_NODE_NULL }, .bSource = 1,
  .xCheck = dotCheck, .xResult = dotResult,
};
