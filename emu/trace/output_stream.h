// A buffered trace output file, plain, zstd- or gzip-compressed. Formatters write straight into
// the buffer (reserve/advance) so that a trace line costs no library call; the buffer goes to the
// file (through the compressor when asked) a megabyte at a time.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>

namespace pimnic::trace {

struct Compression {
  int zstd_level = 0;    // 0: not zstd
  int zstd_workers = 0;  // >0: compress on this many background threads
  int gzip_level = 0;    // 0: not gzip (the Konata viewer reads .gz logs); at most one of the two
};

class OutputStream {
 public:
  // Create/truncate path ("-": stdout). Throws TraceError when it cannot be opened.
  OutputStream(const std::string& path, Compression c);
  ~OutputStream();
  OutputStream(const OutputStream&) = delete;
  OutputStream& operator=(const OutputStream&) = delete;

  // Room for n more bytes; write them at the returned pointer, then advance(). The buffer grows
  // for a record larger than kChunk (a long symbol name).
  char* reserve(size_t n) {
    if (size_t(end_ - pos_) < n) [[unlikely]] make_room(n);
    return pos_;
  }
  void advance(char* new_pos) { pos_ = new_pos; }
  void write(const void* p, size_t n);
  void put(const std::string& s) { write(s.data(), s.size()); }
  // Flush everything (and end the compressed stream); later writes are an error. Throws TraceError on
  // a write failure (disk full).
  void finish();
  const std::string& path() const { return path_; }
  uint64_t bytes_in() const { return bytes_in_ + uint64_t(pos_ - buf_.get()); }

  static constexpr size_t kChunk = 1u << 20;

 private:
  void drain();
  void make_room(size_t n);
  void emit(const void* p, size_t n);

  std::string path_;
  std::FILE* f_ = nullptr;
  std::unique_ptr<char[]> buf_;
  char* pos_ = nullptr;
  char* end_ = nullptr;
  uint64_t bytes_in_ = 0;
  bool finished_ = false;
  struct Encoder;  // the compressor, if any
  struct ZstdEncoder;
  struct GzipEncoder;
  std::unique_ptr<Encoder> z_;
};

// Fast fixed-width hex and decimal into a buffer (the formatters' inner loop).
// Eight hex digits of v at p (no library call, no loop: the nibbles are spread into bytes and
// turned into ASCII eight at a time).
inline char* put_hex8(char* p, uint32_t v) {
  uint64_t x = v;
  x = ((x & 0xFFFF0000ull) << 16) | (x & 0xFFFFull);
  x = ((x & 0x0000FF000000FF00ull) << 8) | (x & 0x000000FF000000FFull);
  x = ((x & 0x00F000F000F000F0ull) << 4) | (x & 0x000F000F000F000Full);
  // Byte i now holds nibble i (the least significant first): 'a'-'0'-10 = 39 more for 10..15.
  const uint64_t letters = ((x + 0x0606060606060606ull) >> 4) & 0x0101010101010101ull;
  x += 0x3030303030303030ull + letters * 39;
  x = __builtin_bswap64(x);  // the most significant digit first (hosts are little-endian)
  std::memcpy(p, &x, 8);
  return p + 8;
}
inline char* put_hex(char* p, uint64_t v, unsigned digits) {
  if (__builtin_constant_p(digits)) {
    if (digits == 8) return put_hex8(p, uint32_t(v));
    if (digits == 16) return put_hex8(put_hex8(p, uint32_t(v >> 32)), uint32_t(v));
  }
  static const char kHex[] = "0123456789abcdef";
  for (unsigned i = digits; i-- > 0;) {
    p[i] = kHex[v & 15];
    v >>= 4;
  }
  return p + digits;
}
inline char* put_dec(char* p, uint64_t v) {
  static const char kPairs[] =
      "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
      "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
      "8081828384858687888990919293949596979899";
  static const uint64_t kPow10[20] = {1ull, 10ull, 100ull, 1000ull, 10000ull, 100000ull, 1000000ull,
                                     10000000ull, 100000000ull, 1000000000ull, 10000000000ull,
                                     100000000000ull, 1000000000000ull, 10000000000000ull,
                                     100000000000000ull, 1000000000000000ull, 10000000000000000ull,
                                     100000000000000000ull, 1000000000000000000ull,
                                     10000000000000000000ull};
  // Count the digits (log10 from the bit length, corrected by one comparison), then write pairs
  // from the right straight into place.
  unsigned n = (unsigned(64 - __builtin_clzll(v | 1)) * 1233) >> 12;
  n += v >= kPow10[n];
  n += n == 0;
  char* const end = p + n;
  char* t = end;
  while (v >= 100) {
    t -= 2;
    std::memcpy(t, kPairs + 2 * (v % 100), 2);
    v /= 100;
  }
  if (v >= 10) std::memcpy(t - 2, kPairs + 2 * v, 2);
  else t[-1] = char('0' + v);
  return end;
}
// Bytes as lowercase hex, two digits each.
inline char* put_bytes_hex(char* p, const uint8_t* b, unsigned n) {
  static const char kHex[] = "0123456789abcdef";
  unsigned i = 0;
  for (; i + 4 <= n; i += 4) {
    uint32_t w;
    std::memcpy(&w, b + i, 4);
    put_hex8(p + 2 * i, __builtin_bswap32(w));
  }
  for (; i < n; ++i) {
    p[2 * i] = kHex[b[i] >> 4];
    p[2 * i + 1] = kHex[b[i] & 15];
  }
  return p + 2 * n;
}
inline char* put_str(char* p, const char* s, size_t n) {
  // Short strings: 8-byte moves and a byte tail beat a call to memcpy for a variable size.
  while (n >= 8) {
    std::memcpy(p, s, 8);
    p += 8;
    s += 8;
    n -= 8;
  }
  while (n--) *p++ = *s++;
  return p;
}

}  // namespace pimnic::trace
