/*
** sha256.h: SHA-256 (FIPS 180-4), streamed: the fingerprint of a
** certificate's graph (docs/reference/certificates.md).  Plain C, no
** SQLite; checked against the standard's test vectors and Python's
** hashlib by the tests (tests/py/test_certificate.py).
*/
#ifndef GG_SHA256_H
#define GG_SHA256_H
#include <stdint.h>

typedef struct GGSha256 GGSha256;
struct GGSha256 {
  uint32_t h[8];          /* the running hash */
  uint8_t buf[64];        /* the block being filled */
  uint64_t nByte;         /* bytes hashed so far */
};

void gg_sha256_init(GGSha256 *p);
void gg_sha256_update(GGSha256 *p, const void *a, uint64_t n);
/* The digest as 64 lowercase hex digits and a terminating zero. */
void gg_sha256_hex(GGSha256 *p, char zHex[65]);

#endif
