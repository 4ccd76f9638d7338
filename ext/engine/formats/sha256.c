/*
** sha256.c: SHA-256 as FIPS 180-4 defines it (section 6.2): 64-byte
** blocks, a message schedule of 64 words, 64 rounds, the padding of a
** one bit, zeros and the length in bits.  Used to fingerprint the graph
** of a certificate (ext/sqlite/tables/certificate_text.c).
*/
#include <string.h>
#include "sha256.h"

static const uint32_t aShaK[64] = {
  0x428a2f98,0x71374491,0xb5c0fbcf,0xe9b5dba5,0x3956c25b,0x59f111f1,0x923f82a4,0xab1c5ed5,
  0xd807aa98,0x12835b01,0x243185be,0x550c7dc3,0x72be5d74,0x80deb1fe,0x9bdc06a7,0xc19bf174,
  0xe49b69c1,0xefbe4786,0x0fc19dc6,0x240ca1cc,0x2de92c6f,0x4a7484aa,0x5cb0a9dc,0x76f988da,
  0x983e5152,0xa831c66d,0xb00327c8,0xbf597fc7,0xc6e00bf3,0xd5a79147,0x06ca6351,0x14292967,
  0x27b70a85,0x2e1b2138,0x4d2c6dfc,0x53380d13,0x650a7354,0x766a0abb,0x81c2c92e,0x92722c85,
  0xa2bfe8a1,0xa81a664b,0xc24b8b70,0xc76c51a3,0xd192e819,0xd6990624,0xf40e3585,0x106aa070,
  0x19a4c116,0x1e376c08,0x2748774c,0x34b0bcb5,0x391c0cb3,0x4ed8aa4a,0x5b9cca4f,0x682e6ff3,
  0x748f82ee,0x78a5636f,0x84c87814,0x8cc70208,0x90befffa,0xa4506ceb,0xbef9a3f7,0xc67178f2,
};

#define SHA_ROR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

void gg_sha256_init(GGSha256 *p){
  static const uint32_t aInit[8] = {
    0x6a09e667,0xbb67ae85,0x3c6ef372,0xa54ff53a,0x510e527f,0x9b05688c,0x1f83d9ab,0x5be0cd19,
  };
  memcpy(p->h, aInit, sizeof(aInit));
  p->nByte = 0;
}

/* One 64-byte block into the hash. */
static void shaBlock(GGSha256 *p, const uint8_t *b){
  uint32_t w[64], s[8], i;
  for(i=0; i<16; i++){
    w[i] = (uint32_t)b[4*i]<<24 | (uint32_t)b[4*i+1]<<16 | (uint32_t)b[4*i+2]<<8 | b[4*i+3];
  }
  for(i=16; i<64; i++){
    uint32_t s0 = SHA_ROR(w[i-15], 7) ^ SHA_ROR(w[i-15], 18) ^ (w[i-15] >> 3);
    uint32_t s1 = SHA_ROR(w[i-2], 17) ^ SHA_ROR(w[i-2], 19) ^ (w[i-2] >> 10);
    w[i] = w[i-16] + s0 + w[i-7] + s1;
  }
  memcpy(s, p->h, sizeof(s));
  for(i=0; i<64; i++){
    uint32_t e = s[4], a = s[0];
    uint32_t t1 = s[7] + (SHA_ROR(e, 6) ^ SHA_ROR(e, 11) ^ SHA_ROR(e, 25))
                + ((e & s[5]) ^ (~e & s[6])) + aShaK[i] + w[i];
    uint32_t t2 = (SHA_ROR(a, 2) ^ SHA_ROR(a, 13) ^ SHA_ROR(a, 22))
                + ((a & s[1]) ^ (a & s[2]) ^ (s[1] & s[2]));
    memmove(&s[1], &s[0], 7*sizeof(uint32_t));
    s[4] += t1;
    s[0] = t1 + t2;
  }
  for(i=0; i<8; i++) p->h[i] += s[i];
}

void gg_sha256_update(GGSha256 *p, const void *a, uint64_t n){
  const uint8_t *z = (const uint8_t*)a;
  while( n>0 ){
    uint32_t iBuf = (uint32_t)(p->nByte & 63), nTake = 64 - iBuf;
    if( nTake>n ) nTake = (uint32_t)n;
    memcpy(p->buf + iBuf, z, nTake);
    p->nByte += nTake;
    z += nTake;
    n -= nTake;
    if( (p->nByte & 63)==0 ) shaBlock(p, p->buf);
  }
}

void gg_sha256_hex(GGSha256 *p, char zHex[65]){
  static const char aHex[] = "0123456789abcdef";
  uint64_t nBit = p->nByte*8;
  uint8_t pad = 0x80, zero = 0, aLen[8];
  int i;
  gg_sha256_update(p, &pad, 1);
  while( (p->nByte & 63)!=56 ) gg_sha256_update(p, &zero, 1);
  for(i=0; i<8; i++) aLen[i] = (uint8_t)(nBit >> (56 - 8*i));
  gg_sha256_update(p, aLen, 8);
  for(i=0; i<32; i++){
    uint8_t c = (uint8_t)(p->h[i/4] >> (24 - 8*(i%4)));
    zHex[2*i] = aHex[c >> 4];
    zHex[2*i+1] = aHex[c & 15];
  }
  zHex[64] = 0;
}
