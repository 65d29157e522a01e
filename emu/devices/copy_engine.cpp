#include "devices/copy_engine.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

#include "pimnic/memmap.h"
#include "sim/clock.h"
#include "sim/params.h"
#include "sim/stats.h"

namespace pimnic {

// ---- configuration -------------------------------------------------------------------------------

void CopyEngineConfig::declare(ParamRegistry& p, const std::string& prefix) {
  p.declare(prefix + "channels", channels, channels,
            "copy-engine channels, each with its own descriptor ring (0: no copy engine; host profile only)");
  p.declare(prefix + "window", window, window,
            "descriptors a channel works on at once (later ones wait; COPY_FLAG_FENCE waits for all earlier)");
  // Seed ioat-async-copy-engine.txt, section 4.1 (Fig. 5): ADCE peaks at 2912 MB/s with four
  // channels and reaches about 2048 MB/s with one.
  p.declare(prefix + "bandwidth", bandwidth, bandwidth,
            "bytes/s of the engine's data mover, shared by all channels (seed: 2912 MB/s with four channels)");
  p.declare(prefix + "channel_bandwidth", channel_bandwidth, channel_bandwidth,
            "bytes/s one channel reaches on its own (seed: about 2048 MB/s with one channel)");
  p.declare(prefix + "setup_ns", setup_ns, setup_ns,
            "ns from a descriptor's admission (fetch, decode, checks) until its data starts to move");
  p.declare(prefix + "chunk_ns", chunk_ns, chunk_ns,
            "ns of overhead per page-split chunk, on top of its bytes / channel_bandwidth");
  p.declare(prefix + "max_transfer", max_transfer, max_transfer, "largest transfer of one descriptor in bytes");
  p.declare(prefix + "max_batch", max_batch, max_batch, "most descriptors in one batch descriptor");
}

void CopyEngineConfig::validate() const {
  auto bad = [](const char* what) { throw std::invalid_argument(std::string("copy.") + what); };
  if (channels < 1 || channels > COPY_MAX_CHANNELS) bad("channels must be between 0 and 16");
  if (window < 1 || window > 64) bad("window must be between 1 and 64");
  if (!(bandwidth > 0)) bad("bandwidth must be positive");
  if (!(channel_bandwidth > 0)) bad("channel_bandwidth must be positive");
  check_ns_setting(setup_ns, "copy.setup_ns");
  check_ns_setting(chunk_ns, "copy.chunk_ns");
  if (max_transfer < 1) bad("max_transfer must be at least 1");
  if (max_batch < 1 || max_batch > 65536) bad("max_batch must be between 1 and 65536");
}

// ---- state ---------------------------------------------------------------------------------------

struct CopyEngine::Op {
  enum class State { Setup, Transfer, BatchRunning, Done };
  CopyDescriptor d;
  uint32_t desc_addr = 0;
  bool ring = false;     // occupies a ring slot (retires the head)
  bool fetched = true;   // false: the descriptor could not be read
  Op* parent = nullptr;  // the batch it belongs to
  State state = State::Setup;
  uint32_t done = 0;     // bytes completed (compare: offset of the first difference)
  uint8_t result = 0;
  uint64_t fault = 0;
  uint64_t served = 0;   // when it last got a chunk (round-robin within the channel)
  // batch
  uint32_t pending = 0, ok = 0;
  bool failed = false, all_admitted = false;
};

struct CopyEngine::Channel {
  uint32_t ring_base = 0, entries = 0, tail = 0, head = 0, fetched = 0;
  bool error = false;
  uint32_t errors = 0, last_error = 0, error_desc = 0;
  std::deque<std::unique_ptr<Op>> inflight;  // admission order
  unsigned active = 0;                       // ops in setup or transfer (window slots)
  Op* batch = nullptr;                       // batch whose array is being admitted
  uint32_t batch_next = 0;
  bool feed_blocked = false;                 // a batch descriptor in setup
  bool chunk_busy = false;
  Op* chunk_op = nullptr;
  uint32_t chunk_len = 0;
  bool busy = false;
  Tick busy_since = 0;
  ChannelStats stats;
};

CopyEngine::CopyEngine(const CopyEngineConfig& cfg, AddressSpace& mem, EventQueue& events, IrqLine& irq)
    : cfg_(cfg), mem_(mem), events_(events), irq_(irq) {
  cfg_.validate();
  irq_source_ = irq_.add_source();
  for (unsigned c = 0; c < cfg_.channels; ++c) channels_.push_back(std::make_unique<Channel>());
  rr_last_ = cfg_.channels - 1;
}

// Pending events still point at the engine: destroy it only with (or after) its event queue.
CopyEngine::~CopyEngine() = default;

const CopyEngine::ChannelStats& CopyEngine::channel_stats(unsigned c) const { return channels_.at(c)->stats; }

uint64_t CopyEngine::busy_ticks(unsigned c, Tick now) const {
  const Channel& ch = *channels_.at(c);
  return ch.stats.busy_ticks + (ch.busy && now > ch.busy_since ? now - ch.busy_since : 0);
}

Tick CopyEngine::transfer_ticks(uint32_t bytes, double bytes_per_second) const {
  return Tick(double(bytes) * double(kTicksPerSecond) / bytes_per_second + 0.5);
}

void CopyEngine::update_irq() { irq_.set(irq_source_, (irq_status_ & irq_enable_) != 0); }

// ---- registers -------------------------------------------------------------------------------

bool CopyEngine::read(uint32_t offset, unsigned, uint64_t& value, const MmioAccess& by) {
  uint32_t v = 0;
  const bool ok = read_at(by.time, offset, v);
  value = v;
  return ok;
}

bool CopyEngine::write(uint32_t offset, unsigned, uint64_t value, const MmioAccess& by) {
  return write_at(by.time, offset, uint32_t(value));
}

bool CopyEngine::read_at(Tick, uint32_t offset, uint32_t& v) {
  v = 0;
  if (offset >= PIMNIC_DEVICE_SIZE) return false;
  if (offset < COPY_CH_BASE(0)) {
    switch (offset) {
      case COPY_ID: v = COPY_ID_VALUE; break;
      case COPY_CHANNELS: v = cfg_.channels; break;
      case COPY_IRQ_STATUS: v = irq_status_; break;
      case COPY_IRQ_ENABLE: v = irq_enable_; break;
      case COPY_WINDOW: v = cfg_.window; break;
      default: break;
    }
    return true;
  }
  const unsigned c = (offset - COPY_CH_BASE(0)) / 0x40;
  if (c >= channels_.size()) return true;  // reads as zero
  const Channel& ch = *channels_[c];
  switch ((offset - COPY_CH_BASE(0)) % 0x40) {
    case COPY_CH_RING_BASE: v = ch.ring_base; break;
    case COPY_CH_RING_ENTRIES: v = ch.entries; break;
    case COPY_CH_TAIL: v = ch.tail; break;
    case COPY_CH_HEAD: v = ch.head; break;
    case COPY_CH_STATUS: v = (ch.tail != ch.head ? COPY_CH_ACTIVE : 0) | (ch.error ? COPY_CH_ERROR : 0); break;
    case COPY_CH_ERRORS: v = ch.errors; break;
    case COPY_CH_LAST_ERROR: v = ch.last_error; break;
    case COPY_CH_ERROR_DESC: v = ch.error_desc; break;
    default: break;
  }
  return true;
}

bool CopyEngine::write_at(Tick now, uint32_t offset, uint32_t v) {
  if (offset >= PIMNIC_DEVICE_SIZE) return false;
  if (offset < COPY_CH_BASE(0)) {
    if (offset == COPY_IRQ_STATUS) irq_status_ &= ~v, update_irq();
    if (offset == COPY_IRQ_ENABLE) irq_enable_ = v, update_irq();
    return true;  // read-only and unused registers ignore writes
  }
  const unsigned c = (offset - COPY_CH_BASE(0)) / 0x40;
  if (c >= channels_.size()) return true;
  Channel& ch = *channels_[c];
  const bool idle = ch.tail == ch.head && ch.inflight.empty();
  switch ((offset - COPY_CH_BASE(0)) % 0x40) {
    case COPY_CH_RING_BASE:
      if (idle) ch.ring_base = v;
      else channel_error(c, COPY_STATUS_BAD_DOORBELL, 0);
      break;
    case COPY_CH_RING_ENTRIES:
      if (!idle || v == 0 || v > 65536 || (v & (v - 1))) {
        channel_error(c, COPY_STATUS_BAD_DOORBELL, 0);
        if (idle) ch.entries = 0;
        break;
      }
      ch.entries = v;
      ch.head = ch.tail = ch.fetched = 0;
      break;
    case COPY_CH_TAIL:
      if (ch.entries == 0 || ch.ring_base % COPY_DESC_SIZE || v - ch.head > ch.entries ||
          v - ch.head < ch.tail - ch.head) {  // no ring, misaligned, overrun, or moving back
        channel_error(c, COPY_STATUS_BAD_DOORBELL, 0);
        break;
      }
      ch.tail = v;
      // Admission happens at the doorbell's time (the queue may still be behind the core).
      events_.schedule(now, [this, c] { admit(c); }, kPrioDeviceUpdate, "copy.doorbell");
      break;
    case COPY_CH_STATUS:
      if (v & COPY_CH_ERROR) {
        ch.error = false;
        irq_status_ &= ~COPY_IRQ_ERROR(c);
        update_irq();
      }
      break;
    default: break;
  }
  return true;
}

void CopyEngine::channel_error(unsigned c, uint8_t status, uint32_t desc_addr) {
  Channel& ch = *channels_[c];
  ch.error = true;
  ch.last_error = status;
  ch.error_desc = desc_addr;
  irq_status_ |= COPY_IRQ_ERROR(c);
  update_irq();
}

// ---- descriptor flow -------------------------------------------------------------------------

void CopyEngine::admit(unsigned c) {
  Channel& ch = *channels_[c];
  const Tick now = events_.now();
  while (!ch.feed_blocked && ch.active < cfg_.window) {
    uint32_t addr;
    Op* parent = nullptr;
    if (ch.batch) {
      addr = uint32_t(ch.batch->d.src) + ch.batch_next * COPY_DESC_SIZE;
      parent = ch.batch;
    } else if (ch.fetched != ch.tail) {
      addr = ch.ring_base + (ch.fetched & (ch.entries - 1)) * COPY_DESC_SIZE;
    } else {
      break;
    }
    uint8_t raw[COPY_DESC_SIZE];
    const bool fetched = mem_.read_bytes(addr, raw, COPY_DESC_SIZE);
    CopyDescriptor d = fetched ? decode_copy_descriptor(raw) : CopyDescriptor{};
    if (fetched && d.fences() && ch.active > 0) break;  // waits for every earlier descriptor
    if (parent) {
      if (++ch.batch_next == parent->d.size) parent->all_admitted = true, ch.batch = nullptr;
      ++parent->pending;
    } else {
      ++ch.fetched;
    }
    auto op = std::make_unique<Op>();
    op->d = d;
    op->desc_addr = addr;
    op->ring = parent == nullptr;
    op->parent = parent;
    op->fetched = fetched;
    Op* p = op.get();
    ch.inflight.push_back(std::move(op));
    ++ch.active;
    if (!ch.busy) ch.busy = true, ch.busy_since = now;
    if (!fetched) {  // the ring is outside RAM: nothing to run, no record to write
      p->fault = addr;
      finish(c, p, COPY_STATUS_ADDRESS_FAULT);
      continue;
    }
    if (d.opcode == COPY_OP_BATCH && !parent) ch.feed_blocked = true;  // its array comes first
    events_.schedule(now + ns_to_ticks(cfg_.setup_ns), [this, c, p] { setup_done(c, p); }, kPrioDeviceUpdate,
                     "copy.setup");
  }
}

void CopyEngine::setup_done(unsigned c, Op* op) {
  Channel& ch = *channels_[c];
  const CopyDescriptor& d = op->d;
  if (d.opcode == COPY_OP_BATCH && !op->parent) ch.feed_blocked = false;
  if (d.has(COPY_FLAG_COMPLETION) && !completion_address_ok(d, mem_)) return finish(c, op, COPY_STATUS_BAD_COMPLETION);
  const CopyLimits lim{cfg_.max_transfer, cfg_.max_batch};
  const uint8_t status = check_copy_descriptor(d, lim, mem_, op->parent != nullptr, op->fault);
  if (status != COPY_STATUS_SUCCESS) return finish(c, op, status);
  switch (d.opcode) {
    case COPY_OP_NOP:
    case COPY_OP_FENCE: return finish(c, op, COPY_STATUS_SUCCESS);
    case COPY_OP_BATCH:
      op->state = Op::State::BatchRunning;
      --ch.active;
      ch.batch = op;
      ch.batch_next = 0;
      return admit(c);
    default:
      if (d.size == 0) return finish(c, op, COPY_STATUS_SUCCESS);
      op->state = Op::State::Transfer;
      return dispatch();
  }
}

void CopyEngine::finish(unsigned c, Op* op, uint8_t status) {
  Channel& ch = *channels_[c];
  const Tick now = events_.now();
  if (op->state == Op::State::Setup || op->state == Op::State::Transfer) --ch.active;
  op->state = Op::State::Done;
  const CopyDescriptor& d = op->d;
  const bool record = op->fetched && d.has(COPY_FLAG_COMPLETION) && status != COPY_STATUS_BAD_COMPLETION;
  if (record) {
    CopyCompletion rec;
    rec.status = status;
    rec.result = op->result;
    rec.bytes = op->done;
    rec.fault_addr = op->fault;
    rec.descs = op->ok;
    rec.time_ns = now / 1000;
    uint8_t buf[COPY_COMP_SIZE];
    encode_copy_completion(rec, buf);
    mem_.write_bytes(uint32_t(d.completion), buf, COPY_COMP_SIZE);
  }
  ++ch.stats.descriptors;
  if (status != COPY_STATUS_SUCCESS) {
    ++ch.stats.errors;
    ++ch.errors;
    ch.last_error = status;
    ch.error_desc = op->desc_addr;
    if (!record) channel_error(c, status, op->desc_addr);
  }
  if (d.has(COPY_FLAG_INTERRUPT)) {
    irq_status_ |= COPY_IRQ_DONE(c);
    update_irq();
  }
  if (Op* p = op->parent) {
    --p->pending;
    if (status == COPY_STATUS_SUCCESS) ++p->ok;
    else p->failed = true;
    if (p->all_admitted && p->pending == 0)
      finish(c, p, p->failed ? COPY_STATUS_BATCH_FAILED : COPY_STATUS_SUCCESS);
  }
  retire(c);
  admit(c);
}

void CopyEngine::retire(unsigned c) {
  Channel& ch = *channels_[c];
  while (!ch.inflight.empty() && ch.inflight.front()->state == Op::State::Done) {
    if (ch.inflight.front()->ring) ++ch.head;
    ch.inflight.pop_front();
  }
  if (ch.inflight.empty() && ch.busy) {
    ch.busy = false;
    ch.stats.busy_ticks += events_.now() - ch.busy_since;
  }
}

// ---- data movement ---------------------------------------------------------------------------

void CopyEngine::request_dispatch(Tick when) {
  if (when >= dispatch_at_) return;
  if (dispatch_event_) events_.cancel(dispatch_event_);
  dispatch_at_ = when;
  dispatch_event_ = events_.schedule(when, [this] { dispatch(); }, kPrioDeviceUpdate, "copy.dispatch");
}

void CopyEngine::dispatch() {
  const Tick now = events_.now();
  if (dispatch_at_ <= now) dispatch_at_ = kMaxTick, dispatch_event_ = {};
  const unsigned n = unsigned(channels_.size());
  if (mover_free_ > now) {
    for (const auto& ch : channels_)
      if (!ch->chunk_busy && ch->active) return request_dispatch(mover_free_);
    return;
  }
  // Round robin: the first channel after the one served last that can start a chunk.
  for (unsigned i = 1; i <= n; ++i) {
    const unsigned c = (rr_last_ + i) % n;
    if (start_chunk(c, now)) {
      rr_last_ = c;
      for (const auto& ch : channels_)
        if (!ch->chunk_busy && ch->active) return request_dispatch(mover_free_);
      return;
    }
  }
}

// The first address of [a, a+len) that is not RAM (len > 0; the range lies within one page).
static uint64_t first_non_ram(const AddressSpace& mem, uint32_t a, uint32_t len) {
  const Region* r = mem.find(a);
  if (!r || !r->host) return a;
  return uint64_t(r->base) + r->size;
}

bool CopyEngine::start_chunk(unsigned c, Tick now) {
  Channel& ch = *channels_[c];
  if (ch.chunk_busy) return false;
  for (;;) {
    Op* op = nullptr;  // least recently served op in transfer
    for (auto& o : ch.inflight)
      if (o->state == Op::State::Transfer && (!op || o->served < op->served)) op = o.get();
    if (!op) return false;
    const CopyDescriptor& d = op->d;
    const bool two_sided = d.opcode != COPY_OP_FILL;
    const uint32_t s = uint32_t(d.src) + op->done, t = uint32_t(d.dst) + op->done;
    uint32_t len = std::min(d.size - op->done, kPageSize - t % kPageSize);
    if (two_sided) len = std::min(len, kPageSize - s % kPageSize);
    if (two_sided && !mem_.host_ptr(s, len)) {
      op->fault = first_non_ram(mem_, s, len);
      finish(c, op, COPY_STATUS_ADDRESS_FAULT);
      continue;
    }
    if (!mem_.host_ptr(t, len)) {
      op->fault = first_non_ram(mem_, t, len);
      finish(c, op, COPY_STATUS_ADDRESS_FAULT);
      continue;
    }
    op->served = ++serve_seq_;
    ch.chunk_busy = true;
    ch.chunk_op = op;
    ch.chunk_len = len;
    const Tick mover = transfer_ticks(len, cfg_.bandwidth);
    mover_free_ = now + mover;
    mover_busy_ticks_ += mover;
    const Tick done = now + ns_to_ticks(cfg_.chunk_ns) + transfer_ticks(len, cfg_.channel_bandwidth);
    if (on_chunk) on_chunk(ChunkEvent{c, d.opcode, two_sided ? s : 0, t, len, now, done});
    events_.schedule(done, [this, c] { chunk_done(c); }, kPrioDeviceUpdate, "copy.chunk");
    return true;
  }
}

void CopyEngine::chunk_done(unsigned c) {
  Channel& ch = *channels_[c];
  Op* op = ch.chunk_op;
  const uint32_t len = ch.chunk_len;
  ch.chunk_busy = false;
  ch.chunk_op = nullptr;
  const CopyDescriptor& d = op->d;
  const uint32_t s = uint32_t(d.src) + op->done, t = uint32_t(d.dst) + op->done;
  uint8_t* dp = mem_.host_ptr(t, len);
  const uint8_t* sp = d.opcode == COPY_OP_FILL ? nullptr : mem_.host_ptr(s, len);
  ++ch.stats.chunks;
  bool finished = false;
  switch (d.opcode) {
    case COPY_OP_COPY:
      std::memmove(dp, sp, len);
      mem_.note_write(t, len);
      break;
    case COPY_OP_FILL:
      for (uint32_t i = 0; i < len; ++i) dp[i] = uint8_t(d.src >> (56 - 8 * ((op->done + i) % 8)));
      mem_.note_write(t, len);
      break;
    case COPY_OP_COMPARE:
      if (std::memcmp(sp, dp, len) != 0) {
        uint32_t k = 0;
        while (sp[k] == dp[k]) ++k;
        op->result = 1;
        op->done += k;
        ch.stats.bytes += k;
        finished = true;
      }
      break;
  }
  if (!finished) {
    op->done += len;
    ch.stats.bytes += len;
    finished = op->done == d.size;
  }
  if (finished) finish(c, op, COPY_STATUS_SUCCESS);
  dispatch();
}

// ---- statistics ------------------------------------------------------------------------------

void CopyEngine::register_stats(StatRegistry& s, const std::string& prefix) {
  for (unsigned c = 0; c < channels_.size(); ++c) {
    const std::string p = prefix + "ch" + std::to_string(c) + ".";
    ChannelStats& st = channels_[c]->stats;
    s.counter(p + "bytes", &st.bytes, "bytes the channel copied, filled or compared");
    s.counter(p + "descriptors", &st.descriptors, "descriptors the channel completed (batch members included)");
    s.counter(p + "chunks", &st.chunks, "page-split chunks the channel moved");
    s.counter(p + "errors", &st.errors, "descriptors the channel completed with an error status");
    s.formula(p + "busy_ticks", [this, c] { return double(busy_ticks(c, events_.now())); },
              "picoseconds the channel had descriptors in flight", true);
  }
  s.formula(prefix + "bytes", [this] {
    double b = 0;
    for (const auto& ch : channels_) b += double(ch->stats.bytes);
    return b;
  }, "bytes the engine moved over all channels", true);
  s.counter(prefix + "mover_busy_ticks", &mover_busy_ticks_, "picoseconds the shared data mover was busy");
}

}  // namespace pimnic
