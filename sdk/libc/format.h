/* The printf engine shared by snprintf, printf and friends: it formats into a sink, a callback that
 * receives output in pieces. Private to the SDK. */
#ifndef PIMNIC_LIBC_FORMAT_H
#define PIMNIC_LIBC_FORMAT_H
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

typedef struct format_sink {
  void (*put)(struct format_sink* self, const char* s, size_t n);
  size_t count; /* characters produced so far (the engine keeps it) */
} format_sink;

/* One conversion's flags, width and precision. */
typedef struct format_spec {
  unsigned char minus, plus, space, hash, zero;
  int width;      /* 0 when absent */
  int precision;  /* -1 when absent */
  char conv;
} format_spec;

/* Formats fmt with ap into sink; returns the number of characters produced. */
int __pimnic_vformat(format_sink* sink, const char* fmt, va_list ap);

/* Helpers shared by the integer and floating-point conversions. */
void __pimnic_put(format_sink* sink, const char* s, size_t n);
void __pimnic_put_repeat(format_sink* sink, char c, int n);
/* %f %F %e %E %g %G of the IEEE double with these bits (integer arithmetic only). */
void __pimnic_format_double(format_sink* sink, const format_spec* spec, uint64_t bits);

#endif
