#include "trace/output_stream.h"

#include <zlib.h>
#include <zstd.h>

#include <cerrno>
#include <vector>

#include "trace/trace_error.h"

namespace pimnic::trace {

// Compresses the buffer on its way to the file.
struct OutputStream::Encoder {
  virtual ~Encoder() = default;
  // Compress n bytes at p (end: and close the stream), emitting the result into `to`.
  virtual void encode(const char* p, size_t n, bool end, OutputStream& to) = 0;
};

struct OutputStream::ZstdEncoder final : Encoder {
  ZSTD_CCtx* ctx = ZSTD_createCCtx();
  std::vector<char> out = std::vector<char>(ZSTD_CStreamOutSize());
  explicit ZstdEncoder(const Compression& c) {
    ZSTD_CCtx_setParameter(ctx, ZSTD_c_compressionLevel, c.zstd_level);
    // Background workers overlap compression with simulation (ignored by a single-threaded libzstd).
    if (c.zstd_workers > 0) ZSTD_CCtx_setParameter(ctx, ZSTD_c_nbWorkers, c.zstd_workers);
  }
  ~ZstdEncoder() override { ZSTD_freeCCtx(ctx); }
  void encode(const char* p, size_t n, bool end, OutputStream& to) override {
    ZSTD_inBuffer in{p, n, 0};
    for (;;) {
      ZSTD_outBuffer o{out.data(), out.size(), 0};
      size_t left = ZSTD_compressStream2(ctx, &o, &in, end ? ZSTD_e_end : ZSTD_e_continue);
      if (ZSTD_isError(left)) throw TraceError(to.path_ + ": zstd: " + ZSTD_getErrorName(left));
      to.emit(o.dst, o.pos);
      if (end ? left == 0 : in.pos == in.size) break;
    }
  }
};

struct OutputStream::GzipEncoder final : Encoder {
  z_stream zs{};
  std::vector<unsigned char> out = std::vector<unsigned char>(1u << 16);
  explicit GzipEncoder(const Compression& c, const std::string& path) {
    // windowBits 15 + 16: a gzip header and trailer around the deflate stream.
    if (deflateInit2(&zs, c.gzip_level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
      throw TraceError(path + ": gzip: cannot start the compressor");
  }
  ~GzipEncoder() override { deflateEnd(&zs); }
  void encode(const char* p, size_t n, bool end, OutputStream& to) override {
    zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(p));
    zs.avail_in = uInt(n);  // one buffer: kChunk, or one record larger than that
    int r;
    do {
      zs.next_out = out.data();
      zs.avail_out = uInt(out.size());
      r = deflate(&zs, end ? Z_FINISH : Z_NO_FLUSH);
      if (r == Z_STREAM_ERROR) throw TraceError(to.path_ + ": gzip: compression failed");
      to.emit(out.data(), out.size() - zs.avail_out);
    } while (zs.avail_out == 0 || (end && r != Z_STREAM_END));
  }
};

OutputStream::OutputStream(const std::string& path, Compression c)
    : path_(path), buf_(new char[kChunk]) {
  f_ = path == "-" ? stdout : std::fopen(path.c_str(), "wb");
  if (!f_) throw TraceError("cannot write " + path + ": " + std::strerror(errno));
  pos_ = buf_.get();
  end_ = pos_ + kChunk;
  if (c.zstd_level) z_ = std::make_unique<ZstdEncoder>(c);
  else if (c.gzip_level) z_ = std::make_unique<GzipEncoder>(c, path);
}

OutputStream::~OutputStream() {
  try {
    finish();
  } catch (const TraceError&) {
    // Reported by an explicit finish(); a destructor cannot.
  }
  if (f_ && f_ != stdout) std::fclose(f_);
}

void OutputStream::write(const void* p, size_t n) {
  const char* s = static_cast<const char*>(p);
  while (n) {
    if (pos_ == end_) drain();
    size_t k = std::min(n, size_t(end_ - pos_));
    std::memcpy(pos_, s, k);
    pos_ += k;
    s += k;
    n -= k;
  }
}

void OutputStream::emit(const void* p, size_t n) {
  if (n && std::fwrite(p, 1, n, f_) != n) throw TraceError("cannot write " + path_ + ": " + std::strerror(errno));
}

void OutputStream::drain() {
  size_t n = size_t(pos_ - buf_.get());
  bytes_in_ += n;
  pos_ = buf_.get();
  if (!z_) return emit(buf_.get(), n);
  if (n) z_->encode(buf_.get(), n, false, *this);
}

void OutputStream::make_room(size_t n) {
  drain();
  if (size_t(end_ - pos_) >= n) return;
  buf_.reset(new char[n]);
  pos_ = buf_.get();
  end_ = pos_ + n;
}

void OutputStream::finish() {
  if (finished_ || !f_) return;
  finished_ = true;
  drain();
  if (z_) z_->encode(nullptr, 0, true, *this);
  if (std::fflush(f_) != 0) throw TraceError("cannot write " + path_ + ": " + std::strerror(errno));
}

}  // namespace pimnic::trace
