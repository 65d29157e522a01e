/* printf conversions other than floating point (format_float.c): parsing of flags, width,
 * precision and length, integers, characters, strings, pointers and %n. Output matches glibc for
 * every defined combination, which the firmware tests check against the host's snprintf. */
#include "format.h"

#include <string.h>

void __pimnic_put(format_sink* sink, const char* s, size_t n) {
  if (!n) return;
  sink->put(sink, s, n);
  sink->count += n;
}

void __pimnic_put_repeat(format_sink* sink, char c, int n) {
  char chunk[16];
  if (n <= 0) return;
  memset(chunk, c, sizeof chunk);
  while (n > 0) {
    int k = n < (int)sizeof chunk ? n : (int)sizeof chunk;
    __pimnic_put(sink, chunk, (size_t)k);
    n -= k;
  }
}

enum length { LEN_NONE, LEN_HH, LEN_H, LEN_L, LEN_LL, LEN_Z, LEN_T, LEN_J, LEN_BIG_L };

/* Digits of v in base (8, 10, 16), written backwards from end; returns the first digit. 32-bit
 * division when the value allows, since 64-bit division is a runtime call on this target. */
static char* to_digits(char* end, unsigned long long v, unsigned base, int upper) {
  const char* digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
  char* p = end;
  while (v > 0xFFFFFFFFull) {
    *--p = digits[v % base];
    v /= base;
  }
  for (uint32_t w = (uint32_t)v; w; w /= base) *--p = digits[w % base];
  return p;
}

/* Pads and emits: [prefix][zeros][digits], right- or left-justified in spec->width. */
static void emit_number(format_sink* sink, const format_spec* spec, const char* prefix,
                        const char* digits, int ndigits, int zeros) {
  int plen = (int)strlen(prefix);
  int len = plen + zeros + ndigits;
  int pad = spec->width > len ? spec->width - len : 0;
  if (!spec->minus && spec->zero && spec->precision < 0) {
    zeros += pad; /* the 0 flag pads with zeros after the sign/prefix */
    pad = 0;
  }
  if (!spec->minus) __pimnic_put_repeat(sink, ' ', pad);
  __pimnic_put(sink, prefix, (size_t)plen);
  __pimnic_put_repeat(sink, '0', zeros);
  __pimnic_put(sink, digits, (size_t)ndigits);
  if (spec->minus) __pimnic_put_repeat(sink, ' ', pad);
}

static void format_integer(format_sink* sink, const format_spec* spec, unsigned long long mag,
                           int negative) {
  char buf[24];
  char* end = buf + sizeof buf;
  unsigned base = 10;
  char conv = spec->conv;
  if (conv == 'o') base = 8;
  if (conv == 'x' || conv == 'X' || conv == 'p') base = 16;
  char* first = to_digits(end, mag, base, conv == 'X');
  int ndigits = (int)(end - first);
  /* Precision is the minimum digit count; %.0d of 0 prints no digits. */
  int zeros = spec->precision > ndigits ? spec->precision - ndigits : 0;
  if (mag == 0 && spec->precision < 0) *--first = '0', ndigits = 1;

  const char* prefix = "";
  if (conv == 'd' || conv == 'i') {
    prefix = negative ? "-" : spec->plus ? "+" : spec->space ? " " : "";
  } else if (spec->hash) {
    if (conv == 'o' && zeros == 0 && (ndigits == 0 || first[0] != '0')) zeros = 1;
    if (conv == 'x' && mag) prefix = "0x";
    if (conv == 'X' && mag) prefix = "0X";
  }
  if (conv == 'p') prefix = spec->plus ? "+0x" : spec->space ? " 0x" : "0x";
  emit_number(sink, spec, prefix, first, ndigits, zeros);
}

static void format_string(format_sink* sink, const format_spec* spec, const char* s) {
  if (!s) s = "(null)";
  size_t n = spec->precision >= 0 ? strnlen(s, (size_t)spec->precision) : strlen(s);
  int pad = spec->width > (int)n ? spec->width - (int)n : 0;
  if (!spec->minus) __pimnic_put_repeat(sink, ' ', pad);
  __pimnic_put(sink, s, n);
  if (spec->minus) __pimnic_put_repeat(sink, ' ', pad);
}

static int parse_int(const char** p) {
  int v = 0;
  while (**p >= '0' && **p <= '9') {
    if (v < 100000000) v = v * 10 + (**p - '0');
    ++*p;
  }
  return v;
}

static unsigned long long get_unsigned(va_list* ap, enum length len) {
  switch (len) {
    case LEN_HH: return (unsigned char)va_arg(*ap, unsigned int);
    case LEN_H: return (unsigned short)va_arg(*ap, unsigned int);
    case LEN_L: return va_arg(*ap, unsigned long);
    case LEN_LL: case LEN_J: return va_arg(*ap, unsigned long long);
    case LEN_Z: return va_arg(*ap, size_t);
    case LEN_T: return (unsigned long)va_arg(*ap, long);  /* ptrdiff_t */
    default: return va_arg(*ap, unsigned int);
  }
}

static long long get_signed(va_list* ap, enum length len) {
  switch (len) {
    case LEN_HH: return (signed char)va_arg(*ap, int);
    case LEN_H: return (short)va_arg(*ap, int);
    case LEN_L: return va_arg(*ap, long);
    case LEN_LL: case LEN_J: return va_arg(*ap, long long);
    case LEN_Z: return (long)va_arg(*ap, unsigned long);  /* ssize_t */
    case LEN_T: return va_arg(*ap, long);
    default: return va_arg(*ap, int);
  }
}

static void store_count(va_list* ap, enum length len, size_t count) {
  switch (len) {
    case LEN_HH: *va_arg(*ap, signed char*) = (signed char)count; break;
    case LEN_H: *va_arg(*ap, short*) = (short)count; break;
    case LEN_L: case LEN_Z: case LEN_T: *va_arg(*ap, long*) = (long)count; break;
    case LEN_LL: case LEN_J: *va_arg(*ap, long long*) = (long long)count; break;
    default: *va_arg(*ap, int*) = (int)count; break;
  }
}

/* Floating-point arguments as raw bits, so no FP instruction or soft-float call is needed. */
static uint64_t get_double_bits(va_list* ap, enum length len) {
  uint64_t bits[2];
  if (len == LEN_BIG_L) {
    long double v = va_arg(*ap, long double);  /* IBM double-double: the high part rounds it */
    __builtin_memcpy(bits, &v, sizeof bits < sizeof v ? sizeof bits : sizeof v);
  } else {
    double v = va_arg(*ap, double);
    __builtin_memcpy(bits, &v, sizeof v);
  }
  return bits[0];
}

int __pimnic_vformat(format_sink* sink, const char* fmt, va_list ap_in) {
  va_list ap;
  va_copy(ap, ap_in);
  sink->count = 0;
  const char* p = fmt;
  while (*p) {
    if (*p != '%') {
      const char* q = p;
      while (*q && *q != '%') ++q;
      __pimnic_put(sink, p, (size_t)(q - p));
      p = q;
      continue;
    }
    const char* start = p++;
    format_spec spec = {0, 0, 0, 0, 0, 0, -1, 0};
    for (;; ++p) {
      if (*p == '-') spec.minus = 1;
      else if (*p == '+') spec.plus = 1;
      else if (*p == ' ') spec.space = 1;
      else if (*p == '#') spec.hash = 1;
      else if (*p == '0') spec.zero = 1;
      else break;
    }
    if (*p == '*') {
      spec.width = va_arg(ap, int);
      if (spec.width < 0) spec.minus = 1, spec.width = spec.width == (-2147483647 - 1) ? 0 : -spec.width;
      ++p;
    } else {
      spec.width = parse_int(&p);
    }
    if (*p == '.') {
      ++p;
      if (*p == '*') {
        spec.precision = va_arg(ap, int);
        if (spec.precision < 0) spec.precision = -1;
        ++p;
      } else {
        spec.precision = parse_int(&p);
      }
    }
    enum length len = LEN_NONE;
    switch (*p) {
      case 'h': ++p; len = *p == 'h' ? (++p, LEN_HH) : LEN_H; break;
      case 'l': ++p; len = *p == 'l' ? (++p, LEN_LL) : LEN_L; break;
      case 'q': ++p; len = LEN_LL; break;
      case 'z': ++p; len = LEN_Z; break;
      case 't': ++p; len = LEN_T; break;
      case 'j': ++p; len = LEN_J; break;
      case 'L': ++p; len = LEN_BIG_L; break;
      default: break;
    }
    spec.conv = *p;
    switch (*p) {
      case 'd': case 'i': {
        long long v = get_signed(&ap, len);
        unsigned long long mag = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
        format_integer(sink, &spec, mag, v < 0);
        break;
      }
      case 'u': case 'o': case 'x': case 'X':
        format_integer(sink, &spec, get_unsigned(&ap, len), 0);
        break;
      case 'p': {
        void* ptr = va_arg(ap, void*);
        if (!ptr) {
          spec.precision = -1;
          format_string(sink, &spec, "(nil)");
        } else {
          format_integer(sink, &spec, (uintptr_t)ptr, 0);
        }
        break;
      }
      case 'c': {
        char c = (char)va_arg(ap, int);
        int pad = spec.width > 1 ? spec.width - 1 : 0;
        if (!spec.minus) __pimnic_put_repeat(sink, ' ', pad);
        __pimnic_put(sink, &c, 1);
        if (spec.minus) __pimnic_put_repeat(sink, ' ', pad);
        break;
      }
      case 's':
        format_string(sink, &spec, va_arg(ap, const char*));
        break;
      case 'f': case 'F': case 'e': case 'E': case 'g': case 'G':
        __pimnic_format_double(sink, &spec, get_double_bits(&ap, len));
        break;
      case 'n':
        store_count(&ap, len, sink->count);
        break;
      case '%':
        __pimnic_put(sink, "%", 1);
        break;
      default:
        /* Unknown or unsupported (%a): print the directive as written. */
        if (!*p) {
          __pimnic_put(sink, start, (size_t)(p - start));
          va_end(ap);
          return (int)sink->count;
        }
        __pimnic_put(sink, start, (size_t)(p + 1 - start));
        break;
    }
    ++p;
  }
  va_end(ap);
  return (int)sink->count;
}
