/*
** alloc.h: the one allocator of the game engines.
**
** The engines (graph.c, retro.c, catmouse.c, ...) are plain C with no
** SQLite calls, so that they can be tested, fuzzed and benchmarked alone.
** They allocate only through gg_malloc()/gg_free().  Inside the extension
** these are backed by SQLite's own allocator (ext/sqlite/alloc_sqlite.c),
** so SQLite's heap limits and fault injection reach every byte we use;
** standalone programs link alloc_libc.c instead.
*/
#ifndef GG_ALLOC_H
#define GG_ALLOC_H
#include <stdint.h>

void *gg_malloc(uint64_t nByte);   /* NULL on failure, like malloc */
void gg_free(void *p);             /* NULL is a no-op */

#endif
