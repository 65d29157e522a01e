#include "reference_ops.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <wchar.h>

const char* const ref_type_names[REF_TYPES] = {
    "MPI_CHAR",          "MPI_SIGNED_CHAR",  "MPI_UNSIGNED_CHAR", "MPI_BYTE",
    "MPI_SHORT",         "MPI_UNSIGNED_SHORT", "MPI_INT",         "MPI_UNSIGNED",
    "MPI_LONG",          "MPI_UNSIGNED_LONG", "MPI_LONG_LONG_INT", "MPI_UNSIGNED_LONG_LONG",
    "MPI_FLOAT",         "MPI_DOUBLE",       "MPI_LONG_DOUBLE",   "MPI_WCHAR",
    "MPI_C_BOOL",        "MPI_INT8_T",       "MPI_INT16_T",       "MPI_INT32_T",
    "MPI_INT64_T",       "MPI_UINT8_T",      "MPI_UINT16_T",      "MPI_UINT32_T",
    "MPI_UINT64_T",      "MPI_AINT",         "MPI_OFFSET",        "MPI_COUNT",
    "MPI_FLOAT_INT",     "MPI_DOUBLE_INT",   "MPI_LONG_INT",      "MPI_2INT",
    "MPI_SHORT_INT",     "MPI_LONG_DOUBLE_INT",
};

const char* const ref_op_names[REF_OPS] = {
    "MPI_MAX", "MPI_MIN", "MPI_SUM", "MPI_PROD", "MPI_LAND", "MPI_BAND",
    "MPI_LOR", "MPI_BOR", "MPI_LXOR", "MPI_BXOR", "MPI_MINLOC", "MPI_MAXLOC",
};

/* The standard's groups: C integer (with the multi-language MPI_AINT, MPI_OFFSET, MPI_COUNT),
 * floating point, logical, byte, pairs; MPI_CHAR and MPI_WCHAR are characters and take no op. */
enum group { CHARACTER, INTEGER, FLOATING, LOGICAL, BYTE, PAIR };

static enum group group_of(int type) {
  const char* n = ref_type_names[type];
  if (!strcmp(n, "MPI_CHAR") || !strcmp(n, "MPI_WCHAR")) return CHARACTER;
  if (!strcmp(n, "MPI_BYTE")) return BYTE;
  if (!strcmp(n, "MPI_C_BOOL")) return LOGICAL;
  if (!strcmp(n, "MPI_FLOAT") || !strcmp(n, "MPI_DOUBLE") || !strcmp(n, "MPI_LONG_DOUBLE")) return FLOATING;
  if (type >= 28) return PAIR;
  return INTEGER;
}

int ref_allowed(int op, int type) {
  const enum group g = group_of(type);
  const char* o = ref_op_names[op];
  if (!strcmp(o, "MPI_MAX") || !strcmp(o, "MPI_MIN") || !strcmp(o, "MPI_SUM") || !strcmp(o, "MPI_PROD")) {
    return g == INTEGER || g == FLOATING;
  }
  if (!strcmp(o, "MPI_LAND") || !strcmp(o, "MPI_LOR") || !strcmp(o, "MPI_LXOR")) return g == INTEGER || g == LOGICAL;
  if (!strcmp(o, "MPI_BAND") || !strcmp(o, "MPI_BOR") || !strcmp(o, "MPI_BXOR")) return g == INTEGER || g == BYTE;
  return g == PAIR; /* MINLOC, MAXLOC */
}

/* Values chosen to hit signs, zero, ties, wrap-around of narrow and unsigned types, and floating
 * values whose sums and products are exact. Set 1 repeats some of set 0 (ties for MINLOC). */
static const long long kInts[2][REF_ITEMS] = {
    {0, 1, -1, 7, -8, 100, 127, -128, 300, 40000, 2147483647LL, -5},
    {0, 3, -1, -9, -8, 27, 1, 200, -300, 40000, 2, 6},
};
static const double kFloats[2][REF_ITEMS] = {
    {0.0, 1.5, -2.25, 1024.0, 3.0, -0.5, 7.0, 2.0, -64.0, 0.125, 1e10, -3.0},
    {0.0, -1.5, 4.0, 0.5, 3.0, 8.0, -7.0, 2.0, 0.25, 64.0, 3.0, -3.0},
};
static const int kIndices[2][REF_ITEMS] = {
    {0, 1, 2, 3, 9, 5, 6, 7, 8, 9, 10, 4},
    {5, 1, 0, 3, 4, 2, 6, 1, 8, 3, 10, 2},
};

/* (value_ is zeroed first: long double has padding bytes that an assignment leaves alone) */
#define STORE(T, v)                      \
  do {                                   \
    T value_;                            \
    memset(&value_, 0, sizeof value_);   \
    value_ = (T)(v);                     \
    memcpy(out, &value_, sizeof value_); \
    return sizeof value_;                \
  } while (0)

#define STORE_PAIR(V, v, i)                 \
  do {                                      \
    struct { V value; int index; } pair_;   \
    memset(&pair_, 0, sizeof pair_);        \
    pair_.value = (V)(v);                   \
    pair_.index = (i);                      \
    memcpy(out, &pair_, sizeof pair_);      \
    return sizeof pair_;                    \
  } while (0)

size_t ref_fill(int type, int set, int k, void* out) {
  const long long i = kInts[set][k];
  const double f = kFloats[set][k];
  const int index = kIndices[set][k];
  memset(out, 0, 32);
  switch (type) {
    case 0: STORE(char, i);
    case 1: STORE(signed char, i);
    case 2: STORE(unsigned char, i);
    case 3: STORE(unsigned char, i);
    case 4: STORE(short, i);
    case 5: STORE(unsigned short, i);
    case 6: STORE(int, i);
    case 7: STORE(unsigned, i);
    case 8: STORE(long, i);
    case 9: STORE(unsigned long, i);
    case 10: STORE(long long, i);
    case 11: STORE(unsigned long long, i);
    case 12: STORE(float, f);
    case 13: STORE(double, f);
    case 14: STORE(long double, f);
    case 15: STORE(wchar_t, i & 0x7f);
    case 16: STORE(_Bool, (i & 1) != 0);
    case 17: STORE(int8_t, i);
    case 18: STORE(int16_t, i);
    case 19: STORE(int32_t, i);
    case 20: STORE(int64_t, i);
    case 21: STORE(uint8_t, i);
    case 22: STORE(uint16_t, i);
    case 23: STORE(uint32_t, i);
    case 24: STORE(uint64_t, i);
    case 25: STORE(intptr_t, i);   /* MPI_AINT: an address-sized integer */
    case 26: STORE(long long, i);  /* MPI_OFFSET */
    case 27: STORE(long long, i);  /* MPI_COUNT */
    case 28: STORE_PAIR(float, f, index);
    case 29: STORE_PAIR(double, f, index);
    case 30: STORE_PAIR(long, i, index);
    case 31: STORE_PAIR(int, i, index);
    case 32: STORE_PAIR(short, i, index);
    case 33: STORE_PAIR(long double, f, index);
  }
  return 0;
}

#define PRINT(T, fmt, cast)            \
  do {                                 \
    T value_;                          \
    memcpy(&value_, item, sizeof value_); \
    printf(fmt, cast value_);          \
    return;                            \
  } while (0)

#define PRINT_PAIR(V, fmt, cast)                \
  do {                                          \
    struct { V value; int index; } pair_;       \
    memcpy(&pair_, item, sizeof pair_);         \
    printf("(" fmt ",%d)", cast pair_.value, pair_.index); \
    return;                                     \
  } while (0)

/* One item in decimal (floating point in %a, exact), padding left out. */
static void print_item(int type, const void* item) {
  switch (type) {
    case 0: PRINT(char, "%d", (int));
    case 1: PRINT(signed char, "%d", (int));
    case 2: PRINT(unsigned char, "%u", (unsigned));
    case 3: PRINT(unsigned char, "%u", (unsigned));
    case 4: PRINT(short, "%d", (int));
    case 5: PRINT(unsigned short, "%u", (unsigned));
    case 6: PRINT(int, "%d", (int));
    case 7: PRINT(unsigned, "%u", (unsigned));
    case 8: PRINT(long, "%ld", (long));
    case 9: PRINT(unsigned long, "%lu", (unsigned long));
    case 10: PRINT(long long, "%lld", (long long));
    case 11: PRINT(unsigned long long, "%llu", (unsigned long long));
    case 12: PRINT(float, "%a", (double));
    case 13: PRINT(double, "%a", (double));
    case 14: PRINT(long double, "%La", (long double));
    case 15: PRINT(wchar_t, "%ld", (long));
    case 16: PRINT(_Bool, "%d", (int));
    case 17: PRINT(int8_t, "%d", (int));
    case 18: PRINT(int16_t, "%d", (int));
    case 19: PRINT(int32_t, "%d", (int));
    case 20: PRINT(int64_t, "%lld", (long long));
    case 21: PRINT(uint8_t, "%u", (unsigned));
    case 22: PRINT(uint16_t, "%u", (unsigned));
    case 23: PRINT(uint32_t, "%u", (unsigned));
    case 24: PRINT(uint64_t, "%llu", (unsigned long long));
    case 25: PRINT(intptr_t, "%lld", (long long));
    case 26: PRINT(long long, "%lld", (long long));
    case 27: PRINT(long long, "%lld", (long long));
    case 28: PRINT_PAIR(float, "%a", (double));
    case 29: PRINT_PAIR(double, "%a", (double));
    case 30: PRINT_PAIR(long, "%ld", (long));
    case 31: PRINT_PAIR(int, "%d", (int));
    case 32: PRINT_PAIR(short, "%d", (int));
    case 33: PRINT_PAIR(long double, "%La", (long double));
  }
}

static void print_items(int type, const unsigned char* items, long extent) {
  for (int k = 0; k < REF_ITEMS; ++k) {
    printf(" ");
    print_item(type, items + k * extent);
  }
  printf("\n");
}

void ref_dump(ref_reduce_fn reduce_local, ref_size_fn type_size) {
  static unsigned char in[REF_ITEMS * 32], inout[REF_ITEMS * 32];
  for (int t = 0; t < REF_TYPES; ++t) {
    int size = 0;
    long extent = 0;
    type_size(t, &size, &extent);
    unsigned char probe[32];
    printf("%s size %d extent %ld (C sizeof %zu)\n", ref_type_names[t], size, extent, ref_fill(t, 0, 0, probe));
    for (int o = -1; o < REF_OPS; ++o) { /* o = -1: print the inputs */
      if (o >= 0 && !ref_allowed(o, t)) continue;
      memset(in, 0, sizeof in);
      memset(inout, 0, sizeof inout);
      for (int k = 0; k < REF_ITEMS; ++k) {
        ref_fill(t, 0, k, in + k * extent);
        ref_fill(t, 1, k, inout + k * extent);
      }
      if (o < 0) {
        printf("%s in", ref_type_names[t]);
        print_items(t, in, extent);
        printf("%s inout", ref_type_names[t]);
        print_items(t, inout, extent);
        continue;
      }
      const int e = reduce_local(in, inout, REF_ITEMS, t, o);
      printf("%s %s error %d:", ref_type_names[t], ref_op_names[o], e);
      print_items(t, inout, extent);
    }
  }
}
