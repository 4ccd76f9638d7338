/*
** alloc.h: the one allocator of the game engines.
**
** The engines (graph.c, catmouse.c, race.c, ...) are plain C with no
** SQLite calls, so that they can be tested, fuzzed and benchmarked alone.
** They allocate only through gg_malloc()/gg_free().  Inside the extension
** these are backed by SQLite's own allocator (ext/sqlite/core/alloc_sqlite.c),
** so SQLite's heap limits and fault injection reach every byte we use;
** standalone programs link alloc_libc.c instead.
*/
#ifndef GG_ALLOC_H
#define GG_ALLOC_H
#include <stdint.h>

void *gg_malloc(uint64_t nByte);   /* NULL on failure, like malloc */

/* The largest block SQLite allocates (its allocator refuses 0x7fffff00
** bytes and more: SQLITE_MAX_ALLOCATION_SIZE of newer releases).  No
** engine asks for more in one block: arrays that grow with the positions
** are cut (one bitset a block, the plies a band a block), and an engine
** refuses with GG_TOOBIG a board whose largest block would not fit (the
** limit on n that remains: 131,071 nodes for cat and mouse and for the
** race, gg_cm_max_nodes() and gg_race_max_nodes()). */
#define GG_ALLOC_MAX 0x7ffffeffULL
void gg_free(void *p);             /* NULL is a no-op */

/* gg_free() of a block of nByte bytes (at most its size) whose pages,
** if it has 8 MB or more, are given back first, 16 MB at a time (Linux: madvise(MADV_DONTNEED), which holds the
** process's memory map only for reading): a thread freeing gigabytes in
** one munmap() holds that map for writing for a quarter of a second, and
** every page fault and allocation of the other threads waits (a solve
** interrupted at n = 40,000 is freed on a thread of its own, and the
** calling thread must return within 100 ms).  Elsewhere a plain free. */
#if defined(__linux__)
# include <sys/mman.h>
# include <unistd.h>
#endif
static inline void gg_free_gently(void *p, uint64_t nByte){
#if defined(__linux__) && defined(MADV_DONTNEED)
  long nPage = sysconf(_SC_PAGESIZE);
  if( p && nPage>0 && nByte>=((uint64_t)8<<20) ){
    uintptr_t mask = (uintptr_t)nPage - 1, step = (uintptr_t)16<<20;
    uintptr_t a = ((uintptr_t)p + mask) & ~mask, e = ((uintptr_t)p + nByte) & ~mask;
    for(; a<e; a+=step) madvise((void*)a, e-a<step ? e-a : step, MADV_DONTNEED);
  }
#else
  (void)nByte;
#endif
  gg_free(p);
}

#endif
