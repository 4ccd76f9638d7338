/*
** source_sparse6.c: a graph given as a value in nauty's sparse6 format
** (`nauty-geng -s`, and the files that collections of large sparse
** graphs publish), e.g. catmouse(g, 'sparse6') over graph6_read's lines.
** The edges argument 'sparse6' picks it, and sparse6_edges(text) lists
** a value's edges.  Nodes are 0..n-1, isolated ones included.
**
** sparse6 can hold what graph6 cannot: a loop {v, v}, which is a move
** that stays, as a row src = dst of an edge table is (it matters only in
** cat and mouse, where a player must move), and the same edge more than
** once, which is one edge, as repeated rows are.  Everything else (bit
** rows for small graphs, messages naming the byte, the table) is the
** graph6 source's, on this format's GGNauty (nauty_sql.h); the format is
** ext/engine/formats/graph6.c.  There is no sparse6() writer.
*/
#include "nauty_sql.h"
SQLITE_EXTENSION_INIT3

const GGNauty gg_nauty_sparse6 = {
  .zName = "sparse6", .bDirected = 0,
  .xParse = gg_sparse6_parse, .xNext = gg_sparse6_next, .xRows = gg_sparse6_rows,
};

const GGSource gg_source_sparse6 = {
  .zWord = "sparse6", .bClosed = 1, .pAux = &gg_nauty_sparse6,
  .xSmall = gg_nauty_small, .xRead = gg_nauty_read, .xName = gg_nauty_name,
  .xTables = gg_nauty_tables,
};
