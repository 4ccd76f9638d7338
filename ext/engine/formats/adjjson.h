/*
** adjjson.h: parsing LeetCode-style JSON adjacency lists, such as
** [[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]: list i holds the neighbours
** of node i, so the nodes are 0..n-1.  Plain C, no SQLite.
*/
#ifndef GG_ADJJSON_H
#define GG_ADJJSON_H
#include "graph.h"

/* Parse z (nZ bytes) into edges (i, j) of pE and the node count *pnNode.
** Returns GG_OK, GG_NOMEM, or -1 for malformed input, with a message of
** at most 200 bytes in zErr that says where it is wrong. */
int gg_adjjson_parse(const char *z, uint64_t nZ, GGEdgeList *pE,
                     int64_t *pnNode, char *zErr);

#endif
