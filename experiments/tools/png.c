/*
** experiments/tools/png.c: a dependency-free PNG writer. The image data is a zlib
** stream of stored (uncompressed) deflate blocks, so no zlib is needed (the
** GPU machine may lack zlib.h); files are about 4*W*H bytes. Each stored
** block (at most 65535 bytes of the filtered rows, filter type 0 per row)
** goes in its own IDAT chunk, so any image size works; CRC-32 (chunks) and
** Adler-32 (zlib trailer) are computed here.
*/
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <stdlib.h>
#include "experiments/tools/png.h"

#define PNG_BLOCK 65535u  /* largest stored deflate block */

/* State of one PNG file being written. */
typedef struct png_out {
  FILE *pFile;
  uint32_t aCrcTab[256];
  int bErr;
} png_out;

/* Fill the CRC-32 table (polynomial 0xEDB88320, as the PNG spec). */
static void crc_init(uint32_t *aTab) {
  for (uint32_t n = 0; n < 256; n++) {
    uint32_t c = n;
    for (int k = 0; k < 8; k++) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    aTab[n] = c;
  }
}

/* Continue a CRC-32 (pre/post inversion done by the caller) over p[0..n). */
static uint32_t crc_update(const uint32_t *aTab, uint32_t c, const unsigned char *p, size_t n) {
  for (size_t i = 0; i < n; i++) c = aTab[(c ^ p[i]) & 0xFF] ^ (c >> 8);
  return c;
}

/* Continue an Adler-32 over p[0..n). */
static uint32_t adler_update(uint32_t adler, const unsigned char *p, size_t n) {
  uint32_t a = adler & 0xFFFF, b = adler >> 16;
  while (n > 0) {
    size_t nRun = n < 5552 ? n : 5552;  /* no uint32 overflow before the modulo */
    n -= nRun;
    while (nRun--) { a += *p++; b += a; }
    a %= 65521u;
    b %= 65521u;
  }
  return (b << 16) | a;
}

/* Store v big-endian in p[0..4). */
static void put_be32(unsigned char *p, uint32_t v) {
  p[0] = (unsigned char)(v >> 24); p[1] = (unsigned char)(v >> 16);
  p[2] = (unsigned char)(v >> 8);  p[3] = (unsigned char)v;
}

/* Write one chunk: length, type, data p[0..n), CRC over type and data. */
static void write_chunk(png_out *pOut, const char *zType, const unsigned char *p, size_t n) {
  unsigned char aHead[8], aCrc[4];
  put_be32(aHead, (uint32_t)n);
  memcpy(aHead + 4, zType, 4);
  uint32_t c = crc_update(pOut->aCrcTab, 0xFFFFFFFFu, aHead + 4, 4);
  c = crc_update(pOut->aCrcTab, c, p, n) ^ 0xFFFFFFFFu;
  put_be32(aCrc, c);
  if (fwrite(aHead, 1, 8, pOut->pFile) != 8) pOut->bErr = 1;
  if (n > 0 && fwrite(p, 1, n, pOut->pFile) != n) pOut->bErr = 1;
  if (fwrite(aCrc, 1, 4, pOut->pFile) != 4) pOut->bErr = 1;
}

/* Write the PNG: signature, IHDR, IDAT chunks (one stored block each), IEND. */
int png_write_rgba(const char *zPath, const unsigned char *rgba, int W, int H) {
  static const unsigned char aSig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  if (zPath == NULL || rgba == NULL || W < 1 || H < 1) return 1;
  if ((uint64_t)W > 0x3FFFFFFFu / 4) return 1;  /* row bytes fit comfortably */
  png_out out;
  memset(&out, 0, sizeof(out));
  crc_init(out.aCrcTab);
  /* chunk buffer: 2 (zlib header) + 5 (block header) + block + 4 (Adler) */
  unsigned char *aBuf = (unsigned char *)malloc(PNG_BLOCK + 11);
  if (aBuf == NULL) return 1;
  out.pFile = fopen(zPath, "wb");
  if (out.pFile == NULL) { free(aBuf); return 1; }

  if (fwrite(aSig, 1, 8, out.pFile) != 8) out.bErr = 1;
  unsigned char aIhdr[13];
  put_be32(aIhdr, (uint32_t)W);
  put_be32(aIhdr + 4, (uint32_t)H);
  aIhdr[8] = 8;    /* bit depth */
  aIhdr[9] = 6;    /* colour type RGBA */
  aIhdr[10] = 0;   /* deflate */
  aIhdr[11] = 0;   /* adaptive filtering (filter 0 on every row) */
  aIhdr[12] = 0;   /* no interlace */
  write_chunk(&out, "IHDR", aIhdr, 13);

  /* The filtered stream: each row is a 0 byte then 4*W pixel bytes. */
  uint64_t nRow = 1 + 4 * (uint64_t)W;
  uint64_t nRaw = nRow * (uint64_t)H, iRaw = 0;
  uint32_t adler = 1;
  int bFirst = 1;
  do {
    size_t n = 0;
    if (bFirst) { aBuf[n++] = 0x78; aBuf[n++] = 0x01; }  /* zlib: deflate, 32K window */
    uint64_t nLeft = nRaw - iRaw;
    uint32_t nBlock = nLeft < PNG_BLOCK ? (uint32_t)nLeft : PNG_BLOCK;
    int bLast = (uint64_t)nBlock == nLeft;
    aBuf[n++] = (unsigned char)(bLast ? 1 : 0);  /* BFINAL, BTYPE = 00 stored */
    aBuf[n++] = (unsigned char)(nBlock & 0xFF);
    aBuf[n++] = (unsigned char)(nBlock >> 8);
    aBuf[n++] = (unsigned char)(~nBlock & 0xFF);
    aBuf[n++] = (unsigned char)((~nBlock >> 8) & 0xFF);
    unsigned char *pData = aBuf + n;
    for (uint32_t i = 0; i < nBlock;) {  /* copy the next nBlock stream bytes */
      uint64_t y = iRaw / nRow, off = iRaw % nRow;
      if (off == 0) {
        pData[i++] = 0;
        iRaw++;
      } else {
        uint64_t nCopy = nRow - off;
        if (nCopy > nBlock - i) nCopy = nBlock - i;
        memcpy(pData + i, rgba + y * 4 * (uint64_t)W + (off - 1), (size_t)nCopy);
        i += (uint32_t)nCopy;
        iRaw += nCopy;
      }
    }
    adler = adler_update(adler, pData, nBlock);
    n += nBlock;
    if (bLast) { put_be32(aBuf + n, adler); n += 4; }
    write_chunk(&out, "IDAT", aBuf, n);
    bFirst = 0;
  } while (iRaw < nRaw && !out.bErr);

  write_chunk(&out, "IEND", NULL, 0);
  free(aBuf);
  if (fclose(out.pFile) != 0) out.bErr = 1;
  return out.bErr;
}
