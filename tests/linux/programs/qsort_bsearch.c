// qsort with several comparators and element sizes, then bsearch.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rec {
  int key;
  char name[12];
  double weight;
};

static int by_int(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}
static int by_int_desc(const void *a, const void *b) { return by_int(b, a); }
static int by_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }
static int by_rec(const void *a, const void *b) {
  const struct rec *x = a, *y = b;
  if (x->weight != y->weight) return x->weight < y->weight ? -1 : 1;
  return x->key - y->key;
}

int main(void) {
  enum { N = 5000 };
  static int v[N];
  unsigned s = 7;
  for (int i = 0; i < N; i++) v[i] = (int)((s = s * 69069u + 1u) >> 7) % 100000;
  qsort(v, N, sizeof v[0], by_int);
  int ok = 1;
  for (int i = 1; i < N; i++) ok &= v[i - 1] <= v[i];
  printf("ascending ok=%d first=%d last=%d median=%d\n", ok, v[0], v[N - 1], v[N / 2]);
  int key = v[1234];
  int *hit = bsearch(&key, v, N, sizeof v[0], by_int);
  printf("bsearch %d found=%d\n", key, hit && *hit == key);
  qsort(v, N, sizeof v[0], by_int_desc);
  printf("descending first=%d last=%d\n", v[0], v[N - 1]);

  const char *words[] = {"pear", "apple", "fig", "banana", "cherry", "date", "elderberry", "grape"};
  qsort(words, 8, sizeof words[0], by_str);
  for (int i = 0; i < 8; i++) printf("%s%c", words[i], i == 7 ? '\n' : ' ');

  struct rec r[200];
  for (int i = 0; i < 200; i++) {
    r[i].key = i;
    snprintf(r[i].name, sizeof r[i].name, "r%03d", (i * 37) % 200);
    r[i].weight = ((i * 53) % 17) * 0.5;
  }
  qsort(r, 200, sizeof r[0], by_rec);
  for (int i = 0; i < 200; i += 40) printf("%s %.1f %d\n", r[i].name, r[i].weight, r[i].key);
  return 0;
}
