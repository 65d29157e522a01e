/* printf and friends on top of the format engine: strings (snprintf) and the console (printf).
 * Console output is gathered in a small buffer and handed to the device in one transfer. */
#include <stdio.h>
#include <string.h>

#include "format.h"
#include "pimnic/console.h"

struct __pimnic_file { int unused; };
static struct __pimnic_file console_file;
FILE* const stdout = &console_file;
FILE* const stderr = &console_file;

/* ---- strings ---- */

typedef struct {
  format_sink base;
  char* buf;
  size_t cap; /* bytes available for characters (size - 1), or 0 */
  size_t used;
} string_sink;

static void string_put(format_sink* self, const char* s, size_t n) {
  string_sink* ss = (string_sink*)self;
  size_t room = ss->cap - ss->used;
  size_t k = n < room ? n : room;
  memcpy(ss->buf + ss->used, s, k);
  ss->used += k;
}

int vsnprintf(char* buf, size_t size, const char* fmt, va_list ap) {
  string_sink ss = {{string_put, 0}, buf, size ? size - 1 : 0, 0};
  int n = __pimnic_vformat(&ss.base, fmt, ap);
  if (size) buf[ss.used] = '\0';
  return n;
}

int snprintf(char* buf, size_t size, const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(buf, size, fmt, ap);
  va_end(ap);
  return n;
}

int vsprintf(char* buf, const char* fmt, va_list ap) { return vsnprintf(buf, (size_t)-1 / 2, fmt, ap); }

int sprintf(char* buf, const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsprintf(buf, fmt, ap);
  va_end(ap);
  return n;
}

/* ---- console ---- */

typedef struct {
  format_sink base;
  char buf[128];
  size_t used;
} console_sink;

static void console_flush(console_sink* cs) {
  if (cs->used) pimnic_console_write(cs->buf, cs->used);
  cs->used = 0;
}

static void console_put(format_sink* self, const char* s, size_t n) {
  console_sink* cs = (console_sink*)self;
  if (n > sizeof cs->buf) { /* long pieces go straight out */
    console_flush(cs);
    pimnic_console_write(s, n);
    return;
  }
  if (cs->used + n > sizeof cs->buf) console_flush(cs);
  memcpy(cs->buf + cs->used, s, n);
  cs->used += n;
}

int vprintf(const char* fmt, va_list ap) {
  console_sink cs;
  cs.base.put = console_put;
  cs.used = 0;
  int n = __pimnic_vformat(&cs.base, fmt, ap);
  console_flush(&cs);
  return n;
}

int printf(const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vprintf(fmt, ap);
  va_end(ap);
  return n;
}

int vfprintf(FILE* f, const char* fmt, va_list ap) {
  (void)f;
  return vprintf(fmt, ap);
}

int fprintf(FILE* f, const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vfprintf(f, fmt, ap);
  va_end(ap);
  return n;
}

int putchar(int c) {
  pimnic_console_putc((char)c);
  return (unsigned char)c;
}

int fputc(int c, FILE* f) {
  (void)f;
  return putchar(c);
}

int putc(int c, FILE* f) { return fputc(c, f); }

int fputs(const char* s, FILE* f) {
  (void)f;
  pimnic_console_write(s, strlen(s));
  return 0;
}

int puts(const char* s) {
  fputs(s, stdout);
  putchar('\n');
  return 0;
}

size_t fwrite(const void* p, size_t size, size_t count, FILE* f) {
  (void)f;
  pimnic_console_write((const char*)p, size * count);
  return count;
}

int fflush(FILE* f) {
  (void)f;
  return 0;
}
