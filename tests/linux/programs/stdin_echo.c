// Reading standard input until EOF: line count, byte count, and the lines reversed.
#include <stdio.h>
#include <string.h>

int main(void) {
  char line[512];
  int lines = 0;
  size_t bytes = 0;
  while (fgets(line, sizeof line, stdin)) {
    size_t n = strlen(line);
    bytes += n;
    lines++;
    if (n && line[n - 1] == '\n') line[--n] = 0;
    for (size_t i = 0; i < n / 2; i++) {
      char t = line[i];
      line[i] = line[n - 1 - i];
      line[n - 1 - i] = t;
    }
    printf("%d: %s\n", lines, line);
  }
  printf("%d lines, %zu bytes\n", lines, bytes);
  return 0;
}
