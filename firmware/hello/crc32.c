/* CRC-32 bit by bit from the definition (no table: this is a smoke test, not a fast path). */
#include "crc32.h"

uint32_t crc32(const void* data, size_t len) {
  const unsigned char* p = data;
  uint32_t crc = 0xFFFFFFFFu;
  while (len--) {
    crc ^= *p++;
    for (int bit = 0; bit < 8; ++bit) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1)));
  }
  return ~crc;
}
