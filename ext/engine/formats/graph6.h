/*
** graph6.h: nauty's graph6 format (the output of geng, read and written
** by NetworkX and Sage) and its directed sibling digraph6 (the output of
** directg and gentourng -z), parsed and written.  Plain C, no SQLite.
**
** A graph6 string is a size N(n) and then the upper triangle of the
** adjacency matrix, column by column (x(0,1), x(0,2), x(1,2), x(0,3),
** ...), six bits per byte, each byte plus 63, the last one padded with
** zero bits.  N(n) is one byte n+63 for n <= 62, or 126 and three bytes
** of 6 bits for n <= 258047 (the 4-byte header).  An optional ">>graph6<<"
** prefix and one trailing newline ("\n" or "\r\n") are accepted; the
** 8-byte header (n > 258047) is refused as too large.
**
** gg_graph6_parse() checks a whole string and says where it is wrong;
** gg_graph6_next() then walks its edges (src < dst, 0-based, in the
** string's order: by dst, then src).  gg_graph6_write() writes a GGGraph
** (node i = dense id i, loops dropped).
**
** A digraph6 string is '&', N(n) as above, and then the whole n x n
** adjacency matrix row by row (x(0,0), x(0,1), ..., x(0,n-1), x(1,0),
** ...; x(i,j) set: an arc i -> j, x(i,i) a loop), packed the same way;
** ">>digraph6<<" is its optional prefix (nauty's formats.txt).  The
** gg_digraph6_* functions mirror the graph6 ones on a GGGraph6 whose
** nBit is n*n; gg_digraph6_next() walks the arcs by src, then dst, loops
** included.
**
** A sparse6 string (geng -s; collections of large sparse graphs) is ':',
** N(n) and then its edges as a stream of (b, x) pairs (nauty's
** formats.txt; graph6.c says how they are read); ">>sparse6<<" is its
** optional prefix.  It may hold loops {v, v} and the same edge more than
** once: gg_sparse6_next() gives them as they come (src <= dst).  An
** incremental sparse6 line (';') is refused: it is a change to the line
** before, not a graph.
*/
#ifndef GG_GRAPH6_H
#define GG_GRAPH6_H
#include "graph.h"

#define GG_GRAPH6_MAXN 258047u    /* largest n of the 4-byte header */

typedef struct GGGraph6 GGGraph6;
struct GGGraph6 {
  const unsigned char *z;   /* the string (not owned) */
  uint64_t iData;           /* offset of the first edge byte */
  uint32_t n;               /* nodes */
  uint64_t nBit;            /* bits of matrix data: n*(n-1)/2 (n*n for digraph6) */
};

/* Parse z (nz bytes).  0 on success; otherwise nonzero and zErr (nErr
** bytes) gets a message saying where, e.g. "byte 3 is 0x20, not a graph6
** character (63..126)". */
int gg_graph6_parse(GGGraph6 *p, const char *z, uint64_t nz, char *zErr, int nErr);

/* The next edge at or after bit *piBit: 1 and *pSrc < *pDst, *piBit moved
** past it; 0 when there are no more.  Start with *piBit = 0. */
int gg_graph6_next(const GGGraph6 *p, uint64_t *piBit, uint32_t *pSrc, uint32_t *pDst);

/* The graph of a parsed string of at most 64 nodes as bit rows: bit v of
** aRow[u] (n of them) is set for each edge u-v. */
void gg_graph6_rows(const GGGraph6 *p, uint64_t *aRow);

/* Bytes of the graph6 string of a graph of n nodes (no terminator), or
** 0 if n > GG_GRAPH6_MAXN. */
uint64_t gg_graph6_size(uint64_t n);

/* Write pG (undirected; n <= GG_GRAPH6_MAXN) as graph6 into z, which
** holds gg_graph6_size(pG->n) bytes. */
void gg_graph6_write(const GGGraph *pG, char *z);

/* The same for digraph6: the messages also say where, e.g. "byte 0 is
** 0x49, not '&', which starts a digraph6 string (a graph6 one?)". */
int gg_digraph6_parse(GGGraph6 *p, const char *z, uint64_t nz, char *zErr, int nErr);

/* The next arc *pSrc -> *pDst of a parsed digraph6 string at or after bit
** *piBit (loops: *pSrc == *pDst), as gg_graph6_next(). */
int gg_digraph6_next(const GGGraph6 *p, uint64_t *piBit, uint32_t *pSrc, uint32_t *pDst);

/* Out-rows of a parsed digraph6 string of at most 64 nodes: bit v of
** aRow[u] is set for each arc u -> v (bit u for a loop). */
void gg_digraph6_rows(const GGGraph6 *p, uint64_t *aRow);

/* Bytes of the digraph6 string of n nodes ('&' included), or 0 if
** n > GG_GRAPH6_MAXN. */
uint64_t gg_digraph6_size(uint64_t n);

/* Write pG (n <= GG_GRAPH6_MAXN) as digraph6 into z (gg_digraph6_size()
** bytes): its arcs u -> v, loops kept; an undirected graph's edges, which
** are arcs both ways. */
void gg_digraph6_write(const GGGraph *pG, char *z);

/* sparse6 (the same contract): the parse checks the bytes and the
** header; every stream of pairs is then valid. */
int gg_sparse6_parse(GGGraph6 *p, const char *z, uint64_t nz, char *zErr, int nErr);

/* The next edge {*pSrc, *pDst}, *pSrc <= *pDst, as gg_graph6_next(); but
** *piPos is a cursor of the walk (start with 0), not a bit's index. */
int gg_sparse6_next(const GGGraph6 *p, uint64_t *piPos, uint32_t *pSrc, uint32_t *pDst);

/* Bit rows of a parsed sparse6 string of at most 64 nodes: bit v of
** aRow[u] and bit u of aRow[v] for each edge (bit u of aRow[u] for a
** loop). */
void gg_sparse6_rows(const GGGraph6 *p, uint64_t *aRow);

#endif
