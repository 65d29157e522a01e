/* Boot arguments (pimnic/args.h): copied once from the sysinfo page into a static buffer. */
#include "pimnic/args.h"

#include "pimnic/sysinfo.h"

#define ARGS_MAX_COUNT 128

static char text[SYSINFO_ARGS_MAX + 1];
static char* vec[ARGS_MAX_COUNT + 1];
static int count = -1;

int pimnic_args(char*** argv) {
  if (count < 0) {
    uint32_t bytes = pimnic_sysinfo(SYSINFO_ARGS_BYTES);
    if (bytes > SYSINFO_ARGS_MAX) bytes = SYSINFO_ARGS_MAX;
    for (uint32_t i = 0; i < bytes; i += 4) {
      const uint32_t w = pimnic_sysinfo(SYSINFO_ARGS + i);
      for (uint32_t k = 0; k < 4 && i + k < bytes; ++k) text[i + k] = (char)(w >> (24 - 8 * k));
    }
    text[bytes] = 0;
    count = 0;
    for (uint32_t i = 0; i < bytes && count < ARGS_MAX_COUNT; ++count) {
      vec[count] = &text[i];
      while (i < bytes && text[i]) ++i;
      ++i; /* past the NUL */
    }
    vec[count] = 0;
  }
  *argv = vec;
  return count;
}
