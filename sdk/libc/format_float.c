/* %f %e %g for IEEE doubles, exactly: the double m * 2^e is expanded to all of its decimal digits
 * with a small big-number in base 10000 (m * 2^e, or m * 5^-e / 10^-e), then rounded in decimal
 * to the requested precision, ties to even (glibc's result in the default rounding mode). Only
 * 32-bit integer arithmetic, so it works the same with and without an FPU. */
#include <stdint.h>
#include <string.h>

#include "format.h"

#define LIMB_BASE 10000u
/* 2^1074 * 2^53 has 340 decimal digits, 5^1074 * 2^53 has 767: 200 limbs of 4 digits. */
#define MAX_LIMBS 200
#define MAX_DIGITS (MAX_LIMBS * 4)

typedef struct {
  uint32_t limb[MAX_LIMBS]; /* little-endian, each < LIMB_BASE */
  int n;
} bignum;

/* v *= mul, with mul * (LIMB_BASE - 1) + carry < 2^32. */
static void big_mul_small(bignum* v, uint32_t mul) {
  uint32_t carry = 0;
  for (int i = 0; i < v->n; ++i) {
    uint32_t t = v->limb[i] * mul + carry;
    v->limb[i] = t % LIMB_BASE;
    carry = t / LIMB_BASE;
  }
  while (carry) {
    v->limb[v->n++] = carry % LIMB_BASE;
    carry /= LIMB_BASE;
  }
}

/* The decimal digits of the value: digits[0..*len) with value = 0.d0 d1 d2... * 10^(*exp10 + 1),
 * i.e. d0 is the digit of weight 10^(*exp10). Zero gives "0" with exponent 0. */
static void exact_digits(uint64_t mant, int e2, char* digits, int* len, int* exp10) {
  if (mant == 0) {
    digits[0] = '0';
    *len = 1;
    *exp10 = 0;
    return;
  }
  while (!(mant & 1)) mant >>= 1, ++e2; /* fewer multiplications by 5 */
  bignum v;
  v.n = 0;
  while (mant) {
    /* mant < 2^53, so these 64-by-constant operations are done piecewise in 32 bits below. */
    uint32_t hi = (uint32_t)(mant >> 32), lo = (uint32_t)mant;
    /* divide the 64-bit mant by 10000 using 16-bit steps: (r * 2^16 + chunk) / 10000 */
    uint32_t r = 0, q[4];
    uint32_t chunks[4] = {hi >> 16, hi & 0xFFFF, lo >> 16, lo & 0xFFFF};
    for (int i = 0; i < 4; ++i) {
      uint32_t cur = (r << 16) | chunks[i];
      q[i] = cur / LIMB_BASE;
      r = cur % LIMB_BASE;
    }
    v.limb[v.n++] = r;
    mant = ((uint64_t)((q[0] << 16) | q[1]) << 32) | ((q[2] << 16) | q[3]);
  }
  int k = 0; /* value = big * 10^-k */
  if (e2 >= 0) {
    for (; e2 >= 16; e2 -= 16) big_mul_small(&v, 1u << 16);
    if (e2) big_mul_small(&v, 1u << e2);
  } else {
    k = -e2;
    int f = k;
    for (; f >= 8; f -= 8) big_mul_small(&v, 390625u); /* 5^8 */
    uint32_t m = 1;
    while (f--) m *= 5;
    if (m > 1) big_mul_small(&v, m);
  }
  /* Limbs to characters, most significant first, without leading zeros. */
  int n = 0;
  for (int i = v.n - 1; i >= 0; --i) {
    uint32_t l = v.limb[i];
    char four[4] = {(char)('0' + l / 1000), (char)('0' + l / 100 % 10), (char)('0' + l / 10 % 10),
                    (char)('0' + l % 10)};
    for (int j = 0; j < 4; ++j)
      if (n || four[j] != '0') digits[n++] = four[j];
  }
  *len = n;
  *exp10 = n - 1 - k;
}

/* Keeps `keep` leading digits, rounding the rest half to even; the exponent grows on carry-out.
 * keep <= 0 rounds to zero or to a single 1 of weight 10^(exp10 - keep + 1)... handled below. */
static void round_digits(char* d, int* len, int* exp10, int keep) {
  if (keep >= *len) return;
  if (keep < 0) { /* below half a unit of the last kept place */
    d[0] = '0', *len = 1, *exp10 = 0;
    return;
  }
  int up;
  char next = d[keep];
  if (next > '5') {
    up = 1;
  } else if (next < '5') {
    up = 0;
  } else {
    int rest = 0;
    for (int i = keep + 1; i < *len; ++i) rest |= d[i] != '0';
    up = rest || (keep > 0 && ((d[keep - 1] - '0') & 1));
  }
  if (keep == 0) {
    if (up) d[0] = '1', *len = 1, *exp10 += 1;
    else d[0] = '0', *len = 1, *exp10 = 0;
    return;
  }
  *len = keep;
  if (!up) return;
  int i = keep - 1;
  while (i >= 0 && d[i] == '9') d[i--] = '0';
  if (i >= 0) {
    d[i] += 1;
  } else {
    d[0] = '1';
    *exp10 += 1;
  }
}

static int trimmed_len(const char* d, int len) {
  while (len > 1 && d[len - 1] == '0') --len;
  return len;
}

/* Emits sign, padding and the body, whose pieces come from `body` in two passes (measure, write). */
typedef struct {
  const char* d;
  int len, exp10, prec;
  int sci;        /* 1: d.ddde+XX, 0: fixed */
  int point;      /* print the decimal point */
  char e;         /* 'e' or 'E' */
} layout;

static int body_length(const layout* l) {
  if (l->sci) {
    int x = l->exp10 < 0 ? -l->exp10 : l->exp10;
    int xd = x >= 100 ? 3 : 2;
    return 1 + l->point + l->prec + 2 + xd;
  }
  int ilen = l->exp10 >= 0 ? l->exp10 + 1 : 1;
  return ilen + l->point + l->prec;
}

static char digit_at(const layout* l, int i) { return i >= 0 && i < l->len ? l->d[i] : '0'; }

static void emit_body(format_sink* s, const layout* l) {
  if (l->sci) {
    char c = l->d[0];
    __pimnic_put(s, &c, 1);
    if (l->point) __pimnic_put(s, ".", 1);
    int avail = l->len - 1 < l->prec ? l->len - 1 : l->prec;
    __pimnic_put(s, l->d + 1, (size_t)avail);
    __pimnic_put_repeat(s, '0', l->prec - avail);
    int x = l->exp10 < 0 ? -l->exp10 : l->exp10;
    char buf[6];
    int n = 0;
    buf[n++] = l->e;
    buf[n++] = l->exp10 < 0 ? '-' : '+';
    if (x >= 100) buf[n++] = (char)('0' + x / 100);
    buf[n++] = (char)('0' + x / 10 % 10);
    buf[n++] = (char)('0' + x % 10);
    __pimnic_put(s, buf, (size_t)n);
    return;
  }
  if (l->exp10 < 0) {
    __pimnic_put(s, "0", 1);
  } else {
    int avail = l->len < l->exp10 + 1 ? l->len : l->exp10 + 1;
    __pimnic_put(s, l->d, (size_t)avail);
    __pimnic_put_repeat(s, '0', l->exp10 + 1 - avail);
  }
  if (l->point) __pimnic_put(s, ".", 1);
  for (int j = 1; j <= l->prec; ++j) {
    char c = digit_at(l, l->exp10 + j);
    __pimnic_put(s, &c, 1);
  }
}

static void emit_padded(format_sink* s, const format_spec* spec, char sign, int zero_ok,
                        const layout* l, const char* text) {
  int blen = l ? body_length(l) : (int)strlen(text);
  int total = blen + (sign ? 1 : 0);
  int pad = spec->width > total ? spec->width - total : 0;
  int zeros = !spec->minus && spec->zero && zero_ok;
  if (!spec->minus && !zeros) __pimnic_put_repeat(s, ' ', pad);
  if (sign) __pimnic_put(s, &sign, 1);
  if (zeros) __pimnic_put_repeat(s, '0', pad);
  if (l) emit_body(s, l);
  else __pimnic_put(s, text, strlen(text));
  if (spec->minus) __pimnic_put_repeat(s, ' ', pad);
}

void __pimnic_format_double(format_sink* s, const format_spec* spec, uint64_t bits) {
  int negative = (int)(bits >> 63);
  int bexp = (int)((bits >> 52) & 0x7FF);
  uint64_t mant = bits & 0xFFFFFFFFFFFFFull;
  char conv = spec->conv;
  int upper = conv == 'F' || conv == 'E' || conv == 'G';
  char sign = negative ? '-' : spec->plus ? '+' : spec->space ? ' ' : 0;

  if (bexp == 0x7FF) {
    const char* text = mant ? (upper ? "NAN" : "nan") : (upper ? "INF" : "inf");
    emit_padded(s, spec, sign, 0, NULL, text);
    return;
  }
  int e2 = bexp ? bexp - 1075 : -1074;
  if (bexp) mant |= 1ull << 52;

  char d[MAX_DIGITS];
  int len, exp10;
  exact_digits(mant, e2, d, &len, &exp10);

  int prec = spec->precision < 0 ? 6 : spec->precision;
  layout l = {d, 0, 0, 0, 0, 0, upper ? 'E' : 'e'};
  int strip = 0;
  char kind = conv | 0x20; /* lower case */
  if (kind == 'g') {
    int p = prec == 0 ? 1 : prec;
    int len2 = len, x = exp10;
    char d2[MAX_DIGITS];
    memcpy(d2, d, (size_t)len);
    round_digits(d2, &len2, &x, p);
    if (mant == 0) x = 0;
    if (p > x && x >= -4) {
      kind = 'f';
      prec = p - 1 - x;
    } else {
      kind = 'e';
      prec = p - 1;
    }
    strip = !spec->hash;
  }
  if (kind == 'e') {
    round_digits(d, &len, &exp10, prec + 1);
    if (mant == 0) exp10 = 0;
    l.sci = 1;
  } else {
    round_digits(d, &len, &exp10, exp10 + 1 + prec);
  }
  len = trimmed_len(d, len);
  if (strip) { /* %g: no trailing zeros in the fraction */
    int frac = l.sci ? len - 1 : len - 1 - exp10;
    if (frac < 0) frac = 0;
    if (frac < prec) prec = frac;
  }
  l.len = len;
  l.exp10 = exp10;
  l.prec = prec;
  l.point = prec > 0 || spec->hash;
  emit_padded(s, spec, sign, 1, &l, NULL);
}
