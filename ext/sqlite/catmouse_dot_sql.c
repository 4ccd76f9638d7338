/*
** catmouse_dot_sql.c: pictures of cat and mouse, as Graphviz DOT text.
**
**   catmouse_dot(graph_id, cat [, edges])   -> DOT text
**
**   sqlite3 -noheader -list my.db "SELECT catmouse_dot(1, 2)" | dot -Tsvg > g.svg
**
** The graph, each node filled with the outcome when the mouse stands
** there, the cat stands on `cat` and the mouse is to move: green when the
** mouse wins, red when the cat wins, grey for a draw.  A node's second
** line says who wins and in how many plies ("mouse in 3", "cat in 4",
** "draw").  The hole is a double circle, the cat's node a box (the mouse
** there has lost).  Nodes are listed in ascending label order, then
** every edge once (a self-loop as u -- u).  A NULL graph id or cat gives
** NULL; a cat that is not a node, or on the hole, is an error.
*/
#include <string.h>
#include "glue.h"
SQLITE_EXTENSION_INIT3

#define DOT_MOUSE "#8fd18f"    /* fill: the mouse wins */
#define DOT_CAT   "#f4a3a3"    /* fill: the cat wins */
#define DOT_DRAW  "#d9d9d9"    /* fill: a draw */

/* Append z as the inside of a DOT double-quoted string. */
static void dotQuoted(sqlite3_str *pOut, const char *z){
  for(; *z; z++){
    if( *z=='"' || *z=='\\' ) sqlite3_str_appendchar(pOut, 1, '\\');
    if( *z=='\n' ){ sqlite3_str_appendall(pOut, "\\n"); continue; }
    sqlite3_str_appendchar(pOut, 1, *z);
  }
}

/* The DOT text of a solved game, the cat on dense id cat. */
static char *dotText(const GGSolved *p, uint32_t cat, const char *zWhat){
  const GGGraph *pG = &p->g;
  const GGGameDef *pDef = p->pDef;
  uint32_t hole = (uint32_t)gg_graph_find(pG, 0), u, j;
  sqlite3_str *pOut = sqlite3_str_new(0);
  sqlite3_str_appendall(pOut, "graph catmouse {\n  fontname=\"Helvetica\";\n"
                              "  label=\"cat and mouse on ");
  dotQuoted(pOut, zWhat);
  sqlite3_str_appendf(pOut, "\\nthe cat on %lld, the mouse to move\\n"
      "green: the mouse wins, red: the cat wins, grey: a draw\";\n"
      "  node [style=filled, fontname=\"Helvetica\"];\n", pG->aLabel[cat]);
  for(u=0; u<pG->n; u++){
    uint32_t value;
    int64_t plies, move;
    const char *zFill, *zWho;
    pDef->xGet(p->pState, u, cat, 0, &value, &plies, &move);
    zFill = value==GG_V_WIN0 ? DOT_MOUSE : value==GG_V_WIN1 ? DOT_CAT : DOT_DRAW;
    zWho = value==GG_V_WIN0 ? "mouse" : value==GG_V_WIN1 ? "cat" : "draw";
    sqlite3_str_appendf(pOut, "  %lld [label=\"%lld\\n", pG->aLabel[u], pG->aLabel[u]);
    if( u==hole ){
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
      if( v>=u ) sqlite3_str_appendf(pOut, "  %lld -- %lld;\n", pG->aLabel[u], pG->aLabel[v]);
    }
  }
  sqlite3_str_appendall(pOut, "}\n");
  return sqlite3_str_finish(pOut);
}

void gg_fn_catmouse_dot(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  GGConn *pConn = (GGConn*)sqlite3_user_data(ctx);
  const GGGameDef *pDef = &gg_catmouse_def;
  GGGraphRef ref;
  GGGraph g;
  GGSolved *p = 0;
  char *zErr = 0, *zWhat, *zDot;
  int64_t iCat, cat;
  int rc;
  if( !gg_graph_ref(&ref, argv[0], argc>2 ? argv[2] : 0) ) return;
  if( sqlite3_value_type(argv[1])==SQLITE_NULL ) return;
  if( sqlite3_value_type(argv[1])!=SQLITE_INTEGER ){
    char *zVal = gg_value_sql(argv[1]);
    gg_result_error(ctx, SQLITE_MISMATCH, (zVal ? gg_errmsg("catmouse_dot: cat must be an integer"
                    " node label, got %s", zVal) : 0));
    sqlite3_free(zVal);
    return;
  }
  iCat = sqlite3_value_int64(argv[1]);
  rc = gg_load_graph(pConn->db, &ref, pDef->aLabel, pDef->nLabel, &g, &zErr);
  if( rc ){ gg_result_error(ctx, rc, zErr); return; }
  zWhat = gg_graph_name(&ref);
  if( zWhat==0 ){ gg_graph_free(&g); sqlite3_result_error_nomem(ctx); return; }
  cat = gg_graph_find(&g, iCat);
  if( cat<0 || iCat==0 ){
    gg_result_error(ctx, SQLITE_ERROR, cat<0
        ? gg_errmsg("catmouse_dot: cat = %lld is not a node of %s", iCat, zWhat)
        : gg_errmsg("catmouse_dot: the cat may not be on the hole (node 0)"));
    gg_graph_free(&g);
    sqlite3_free(zWhat);
    return;
  }
  rc = gg_solve(pConn, pDef, &g, 0, zWhat, &p, &zErr);
  if( rc ){ sqlite3_free(zWhat); gg_result_error(ctx, rc, zErr); return; }
  zDot = dotText(p, (uint32_t)cat, zWhat);
  sqlite3_free(zWhat);
  gg_solved_release(p);
  if( zDot==0 ){ sqlite3_result_error_nomem(ctx); return; }
  sqlite3_result_text(ctx, zDot, -1, sqlite3_free);
}
