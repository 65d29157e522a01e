#include "trace/output_stream.h"

#include <zstd.h>

#include <cerrno>
#include <vector>

#include "trace/trace_error.h"

namespace pimnic::trace {

struct OutputStream::Zstd {
  ZSTD_CCtx* ctx = nullptr;
  std::vector<char> out;
  ~Zstd() { ZSTD_freeCCtx(ctx); }
};

OutputStream::OutputStream(const std::string& path, Compression c)
    : path_(path), buf_(new char[kChunk]) {
  f_ = path == "-" ? stdout : std::fopen(path.c_str(), "wb");
  if (!f_) throw TraceError("cannot write " + path + ": " + std::strerror(errno));
  pos_ = buf_.get();
  end_ = pos_ + kChunk;
  if (c.zstd_level) {
    z_ = std::make_unique<Zstd>();
    z_->ctx = ZSTD_createCCtx();
    ZSTD_CCtx_setParameter(z_->ctx, ZSTD_c_compressionLevel, c.zstd_level);
    // Background workers overlap compression with simulation (ignored by a single-threaded libzstd).
    if (c.zstd_workers > 0) ZSTD_CCtx_setParameter(z_->ctx, ZSTD_c_nbWorkers, c.zstd_workers);
    z_->out.resize(ZSTD_CStreamOutSize());
  }
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
  ZSTD_inBuffer in{buf_.get(), n, 0};
  while (in.pos < in.size) {
    ZSTD_outBuffer out{z_->out.data(), z_->out.size(), 0};
    size_t r = ZSTD_compressStream2(z_->ctx, &out, &in, ZSTD_e_continue);
    if (ZSTD_isError(r)) throw TraceError(path_ + ": zstd: " + ZSTD_getErrorName(r));
    emit(out.dst, out.pos);
  }
}

void OutputStream::finish() {
  if (finished_ || !f_) return;
  finished_ = true;
  drain();
  if (z_) {
    ZSTD_inBuffer in{nullptr, 0, 0};
    for (;;) {
      ZSTD_outBuffer out{z_->out.data(), z_->out.size(), 0};
      size_t left = ZSTD_compressStream2(z_->ctx, &out, &in, ZSTD_e_end);
      if (ZSTD_isError(left)) throw TraceError(path_ + ": zstd: " + ZSTD_getErrorName(left));
      emit(out.dst, out.pos);
      if (left == 0) break;
    }
  }
  if (std::fflush(f_) != 0) throw TraceError("cannot write " + path_ + ": " + std::strerror(errno));
}

}  // namespace pimnic::trace
