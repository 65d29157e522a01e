#include "trace/binary_reader.h"

#include <zlib.h>
#include <zstd.h>

#include <cerrno>
#include <cstring>

#include "trace/binary_format.h"
#include "trace/trace_error.h"

namespace pimnic::trace {

namespace {
uint64_t def_key(uint16_t node, uint8_t core, uint8_t thread, uint32_t pc) {
  return uint64_t(node) << 48 | uint64_t(core) << 40 | uint64_t(thread) << 32 | pc;
}
}  // namespace

// Decompresses the file (zstd or gzip, told by its first bytes) into the reader's buffer.
struct BinaryTraceReader::Decoder {
  std::vector<char> in;
  size_t in_pos = 0, in_end = 0;
  virtual ~Decoder() = default;
  // Decompress from in[in_pos, in_end) into `room` bytes at out; returns the bytes produced.
  virtual size_t decode(char* out, size_t room, const std::string& path) = 0;
};

struct BinaryTraceReader::ZstdDecoder final : Decoder {
  ZSTD_DCtx* ctx = ZSTD_createDCtx();
  ZstdDecoder() { in.resize(ZSTD_DStreamInSize()); }
  ~ZstdDecoder() override { ZSTD_freeDCtx(ctx); }
  size_t decode(char* out, size_t room, const std::string& path) override {
    ZSTD_inBuffer i{in.data(), in_end, in_pos};
    ZSTD_outBuffer o{out, room, 0};
    size_t r = ZSTD_decompressStream(ctx, &o, &i);
    if (ZSTD_isError(r)) throw TraceError(path + ": zstd: " + ZSTD_getErrorName(r));
    in_pos = i.pos;
    return o.pos;
  }
};

struct BinaryTraceReader::GzipDecoder final : Decoder {
  z_stream zs{};
  GzipDecoder() {
    in.resize(1u << 16);
    if (inflateInit2(&zs, 15 + 16) != Z_OK) throw TraceError("gzip: cannot start the decompressor");
  }
  ~GzipDecoder() override { inflateEnd(&zs); }
  size_t decode(char* out, size_t room, const std::string& path) override {
    zs.next_in = reinterpret_cast<Bytef*>(in.data() + in_pos);
    zs.avail_in = uInt(in_end - in_pos);
    zs.next_out = reinterpret_cast<Bytef*>(out);
    zs.avail_out = uInt(room);
    int r = inflate(&zs, Z_NO_FLUSH);
    if (r == Z_STREAM_END) inflateReset(&zs);  // another gzip member may follow (as gunzip reads)
    else if (r != Z_OK && r != Z_BUF_ERROR) throw TraceError(path + ": gzip: corrupt data");
    in_pos = in_end - zs.avail_in;
    return room - zs.avail_out;
  }
};

namespace {
std::FILE* open_trace(const std::string& path) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) throw TraceError("cannot read " + path + ": " + std::strerror(errno));
  return f;
}
}  // namespace

BinaryTraceReader::BinaryTraceReader(const std::string& path) : BinaryTraceReader(open_trace(path), path) {}

BinaryTraceReader::BinaryTraceReader(std::FILE* f, const std::string& path) : path_(path), f_(f), buf_(1u << 20) {
  unsigned char magic[4] = {0, 0, 0, 0};
  size_t got = std::fread(magic, 1, 4, f_.get());
  if (got == 4 && magic[0] == 0x28 && magic[1] == 0xB5 && magic[2] == 0x2F && magic[3] == 0xFD)
    z_ = std::make_unique<ZstdDecoder>();
  else if (got >= 2 && magic[0] == 0x1F && magic[1] == 0x8B)
    z_ = std::make_unique<GzipDecoder>();
  if (z_) {
    std::memcpy(z_->in.data(), magic, got);
    z_->in_end = got;
  } else {
    std::memcpy(buf_.data(), magic, got);
    end_ = got;
  }
  need(16);
  if (std::memcmp(&buf_[pos_], binfmt::kMagic, 8) != 0) throw TraceError(path + ": not a pimnic binary trace");
  pos_ += 8;
  uint32_t version = le<uint32_t>();
  le<uint32_t>();  // flags
  if (version != binfmt::kVersion)
    throw TraceError(path + ": binary trace version " + std::to_string(version) + " (this pimnic reads " +
                     std::to_string(binfmt::kVersion) + ")");
}

BinaryTraceReader::~BinaryTraceReader() = default;

bool BinaryTraceReader::fill(size_t n) {
  if (end_ - pos_ >= n) return true;
  // Keep the unread tail, then read or decompress more after it.
  std::memmove(buf_.data(), buf_.data() + pos_, end_ - pos_);
  end_ -= pos_;
  pos_ = 0;
  while (end_ < n && !eof_) {
    if (!z_) {
      size_t got = std::fread(buf_.data() + end_, 1, buf_.size() - end_, f_.get());
      if (got == 0) eof_ = true;
      end_ += got;
      continue;
    }
    if (z_->in_pos == z_->in_end) {
      z_->in_pos = 0;
      z_->in_end = std::fread(z_->in.data(), 1, z_->in.size(), f_.get());
      if (z_->in_end == 0) {
        eof_ = true;
        break;
      }
    }
    end_ += z_->decode(buf_.data() + end_, buf_.size() - end_, path_);
  }
  return end_ - pos_ >= n;
}

void BinaryTraceReader::need(size_t n) {
  if (!fill(n)) throw TraceError(path_ + ": truncated trace");
}

template <typename T> T BinaryTraceReader::le() {
  need(sizeof(T));
  T v;
  std::memcpy(&v, &buf_[pos_], sizeof v);
  pos_ += sizeof v;
  return v;
}

uint64_t BinaryTraceReader::uleb() {
  uint64_t v = 0;
  for (unsigned shift = 0; shift < 64; shift += 7) {
    uint8_t b = u8();
    v |= uint64_t(b & 0x7F) << shift;
    if (!(b & 0x80)) return v;
  }
  throw TraceError(path_ + ": malformed number");
}

int64_t BinaryTraceReader::sleb() {
  // Unsigned arithmetic: the sign extension of a 63-bit number (nine bytes, put_sleb's encoding
  // of -2^62 and below) negated INT64_MIN.
  uint64_t v = 0;
  unsigned shift = 0;
  uint8_t b;
  do {
    if (shift >= 64) throw TraceError(path_ + ": malformed number");
    b = u8();
    v |= uint64_t(b & 0x7F) << shift;
    shift += 7;
  } while (b & 0x80);
  if (shift < 64 && (b & 0x40)) v |= ~uint64_t(0) << shift;
  return int64_t(v);
}

bool BinaryTraceReader::next(CommitLine& l) {
  for (;;) {
    if (complete_ || !fill(1)) return false;
    const uint8_t tag = u8();
    if (tag == binfmt::CONTEXT) {
      node_ = le<uint16_t>();
      core_ = u8();
      thread_ = u8();
      cur_ = &threads_[{node_, core_, thread_}];
      if (threads_.size() > kMaxThreads)
        throw TraceError(path_ + ": more than " + std::to_string(kMaxThreads) + " hardware threads");
      cur_->vec_bytes = u8();
      if (cur_->vec_bytes > 32) throw TraceError(path_ + ": bad vector width");
      continue;
    }
    if (tag == binfmt::DEF) {
      uint32_t pc = le<uint32_t>();
      le<uint32_t>();  // word (in the text already)
      uint16_t len = le<uint16_t>();
      need(len);
      auto [it, added] = defs_.try_emplace(def_key(node_, core_, thread_, pc));
      std::string& text = it->second;
      def_bytes_ += len - text.size() + (added ? 64 : 0);  // 64: a rough cost of a map entry
      if (def_bytes_ > kMaxDefBytes)  // (a small compressed file can expand to any number of defs)
        throw TraceError(path_ + ": more than " + std::to_string(kMaxDefBytes >> 20) +
                         " MiB of instruction descriptions (the most trace-dump holds)");
      text.assign(&buf_[pos_], len);
      pos_ += len;
      continue;
    }
    if (tag == binfmt::END) {
      le<uint64_t>();
      complete_ = true;
      return false;
    }
    if (tag & binfmt::SPECIAL) throw TraceError(path_ + ": unknown record type " + std::to_string(tag));
    if (!cur_) throw TraceError(path_ + ": instruction record before any context record");
    ThreadState& t = *cur_;
    l = CommitLine{};
    l.node = node_;
    l.core = core_;
    l.thread = thread_;
    l.pc = (tag & binfmt::EXEC_PC) ? le<uint32_t>() : t.pc + 4;
    l.icount = (tag & binfmt::EXEC_ICOUNT) ? uleb() : t.icount + 1;
    if (tag & binfmt::EXEC_CYCLE) t.cycle_delta = sleb();
    l.cycle = l.icount + uint64_t(t.cycle_delta);  // modulo 2^64, as written
    t.pc = l.pc;
    t.icount = l.icount;
    if (tag & binfmt::EXEC_REGS) {
      l.nregs = u8();
      if (l.nregs > kMaxWrittenRegs) throw TraceError(path_ + ": too many registers in a record");
      for (unsigned i = 0; i < l.nregs; ++i) {
        RegValue& v = regs_[i];
        uint8_t k = u8();
        v.key = (k & 0x80) ? RegKey(KEY_SPR0 + (unsigned(k & 0x7F) << 8 | u8())) : RegKey(k);
        if ((v.key >= KEY_NAMED_END && v.key < KEY_SPR0) || v.key >= KEY_SPR0 + 1024)
          throw TraceError(path_ + ": bad register key " + std::to_string(k) + " in a record");
        v.size = uint8_t(reg_key_size(v.key, t.vec_bytes));
        need(v.size);
        std::memcpy(v.bytes, &buf_[pos_], v.size);
        pos_ += v.size;
      }
      l.regs = regs_;
    }
    if (tag & binfmt::EXEC_MEM) {
      uint8_t n = u8();
      l.mem_overflow = n & 0x80;
      l.nmem = n & 0x7F;
      if (l.nmem > ExecRecord::kMaxAccesses) throw TraceError(path_ + ": too many memory accesses in a record");
      for (unsigned i = 0; i < l.nmem; ++i) {
        MemAccess& m = mem_[i];
        uint8_t f = u8();
        m.write = f & binfmt::MEM_STORE;
        m.mmio = f & binfmt::MEM_DEVICE;
        m.feb = f & binfmt::MEM_FEB;
        m.data[0] = (f & binfmt::MEM_FEB_FULL) ? 1 : 0;
        m.size = u8();
        m.addr = le<uint32_t>();
        unsigned len = m.size < sizeof m.data ? m.size : sizeof m.data;
        need(len);
        std::memcpy(m.data, &buf_[pos_], len);
        pos_ += len;
      }
      l.mem = mem_;
    }
    if (tag & binfmt::EXEC_INT) {
      l.interrupted = true;
      l.interrupt = Interrupt(le<uint16_t>());
    }
    if (tag & binfmt::EXEC_NOFETCH) {
      l.text = fetch_fault_text();
      l.text_len = std::strlen(l.text);
    } else {
      auto it = defs_.find(def_key(node_, core_, thread_, l.pc));
      if (it == defs_.end()) throw TraceError(path_ + ": instruction at an undescribed pc");
      l.text = it->second.data();
      l.text_len = it->second.size();
    }
    ++records_;
    return true;
  }
}

}  // namespace pimnic::trace
