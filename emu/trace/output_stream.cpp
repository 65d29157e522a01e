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
  if (lane_) return grow_lane();
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
  end_lanes();
  finished_ = true;
  drain();
  if (z_) z_->encode(nullptr, 0, true, *this);
  if (std::fflush(f_) != 0) throw TraceError("cannot write " + path_ + ": " + std::strerror(errno));
}

// ---- lanes -------------------------------------------------------------------------------------

void OutputStream::use_lanes(LanePrefix prefix) {
  lanes_on_ = true;
  prefix_ = std::move(prefix);
}

// The record being written ends here: pos_ goes back to the file buffer.
void OutputStream::close_record() {
  if (!lane_) return;
  lane_->used = size_t(pos_ - lane_->buf.data());
  lane_ = nullptr;
  pos_ = main_pos_;
  end_ = buf_.get() + kChunk;
}

void OutputStream::begin_record(uint32_t lane, uint64_t time) {
  close_record();
  Lane& l = lane_map_[lane];
  l.records.emplace_back(l.used, time);
  if (l.buf.size() < l.used + 4096) l.buf.resize(std::max<size_t>(l.used + kChunk, 2 * l.buf.size()));
  main_pos_ = pos_;
  lane_ = &l;
  pos_ = l.buf.data() + l.used;
  end_ = l.buf.data() + l.buf.size();
}

// reserve() wants more room than the lane's buffer has left.
void OutputStream::grow_lane() {
  const size_t used = size_t(pos_ - lane_->buf.data());
  lane_->buf.resize(std::max(2 * lane_->buf.size(), used + kChunk));
  pos_ = lane_->buf.data() + used;
  end_ = lane_->buf.data() + lane_->buf.size();
}

void OutputStream::release(uint64_t upto) {
  close_record();
  for (;;) {
    Lane* best = nullptr;
    uint32_t best_id = 0;
    for (auto& [id, l] : lane_map_)  // (map order: the lower lane wins a tie)
      if (!l.records.empty() && l.records.front().second <= upto &&
          (!best || l.records.front().second < best->records.front().second)) {
        best = &l;
        best_id = id;
      }
    if (!best) break;
    const size_t start = best->records.front().first;
    best->records.pop_front();
    const size_t end = best->records.empty() ? best->used : best->records.front().first;
    if (best_id != last_lane_ && prefix_) {
      prefix_buf_.clear();
      prefix_(best_id, prefix_buf_);
      write(prefix_buf_.data(), prefix_buf_.size());
    }
    last_lane_ = best_id;
    write(best->buf.data() + start, end - start);
  }
  for (auto& [id, l] : lane_map_) {  // forget what went out
    const size_t first = l.records.empty() ? l.used : l.records.front().first;
    if (first == 0) continue;
    std::memmove(l.buf.data(), l.buf.data() + first, l.used - first);
    l.used -= first;
    for (auto& r : l.records) r.first -= first;
  }
}

void OutputStream::end_lanes() {
  if (!lanes_on_) return;
  release(~0ull);
  lanes_on_ = false;
}

}  // namespace pimnic::trace
