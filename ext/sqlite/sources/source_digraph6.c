/*
** source_digraph6.c: a directed graph given as a value in nauty's
** digraph6 format (one line of `nauty-gentourng -z` or `nauty-directg`),
** e.g. cop_number(d, 'digraph6') over a table of gentourng's lines.  The
** edges argument 'digraph6' picks it.  Nodes are 0..n-1, isolated ones
** included.  Its bits are arcs, so the game is played as with the rules'
** "directed": true (call.c sets it; "directed": false is an error naming
** the key).  A loop x(i,i) is an arc i -> i, as a row src = dst of an
** edge table is: it changes no game, since staying is always allowed.
** Messages, the small graphs' bit rows (out-rows) and the rest are the
** graph6 source's (source_graph6.c, on this format's GGNauty).
*/
#include "nauty_sql.h"
SQLITE_EXTENSION_INIT3

const GGNauty gg_nauty_digraph6 = {
  .zName = "digraph6", .bDirected = 1,
  .xParse = gg_digraph6_parse, .xNext = gg_digraph6_next, .xRows = gg_digraph6_rows,
  .xSize = gg_digraph6_size, .xWrite = gg_digraph6_write,
};

const GGSource gg_source_digraph6 = {
  .zWord = "digraph6", .bClosed = 1, .bDirected = 1, .pAux = &gg_nauty_digraph6,
  .xSmall = gg_nauty_small, .xRead = gg_nauty_read, .xName = gg_nauty_name,
  .xTables = gg_nauty_tables,
};
