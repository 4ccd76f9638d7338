/*
** alloc_libc.c: gg_malloc()/gg_free() for standalone programs (benchmarks,
** fuzzers, engine unit tests) that link the engines without SQLite.
*/
#include <stdlib.h>
#include "alloc.h"

void *gg_malloc(uint64_t nByte){ return malloc(nByte ? (size_t)nByte : 1); }
void gg_free(void *p){ free(p); }
