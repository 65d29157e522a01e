// The first image: a line of text, a CRC-32 over a table, and the C++ features the SDK's runtime
// must make work (a static constructor, virtual calls, new/delete); trace markers name the CRC and
// the shapes part for traces and timelines (tests/trace/check_marks.py). Exit code 0 when all is well.
#include <pimnic/trace.h>
#include <stdint.h>
#include <stdio.h>

#include "crc32.h"

namespace {

// 256 bytes: i * 7 + 3 (mod 256). tests/firmware checks the CRC printed against Python's zlib.
struct Table {
  uint8_t bytes[256];
  Table() {
    for (int i = 0; i < 256; ++i) bytes[i] = static_cast<uint8_t>(i * 7 + 3);
  }
};
Table table;  // filled by a static constructor before main

struct Shape {
  virtual ~Shape() = default;
  virtual int area() const = 0;
  virtual const char* name() const = 0;
};
struct Rect : Shape {
  int w, h;
  Rect(int w_, int h_) : w(w_), h(h_) {}
  int area() const override { return w * h; }
  const char* name() const override { return "rect"; }
};
struct Square : Rect {
  explicit Square(int s) : Rect(s, s) {}
  const char* name() const override { return "square"; }
};

}  // namespace

int main() {
  puts("hello from pimnic");
  uint32_t crc = crc32(table.bytes, sizeof table.bytes);
  printf("crc32 of table: 0x%08x\n", static_cast<unsigned>(crc));
  pimnic_trace_mark_value("crc", crc);

  pimnic_trace_begin("shapes");
  Shape* shapes[] = {new Rect(3, 4), new Square(5)};
  int total = 0;
  for (Shape* s : shapes) {
    printf("%s area %d\n", s->name(), s->area());
    total += s->area();
    delete s;
  }
  pimnic_trace_end();
  return total == 37 ? 0 : 1;
}
