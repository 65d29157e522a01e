// The host's asynchronous copy engine (seed ioat-async-copy-engine.txt, Intel DSA descriptor and
// completion-record shape): channels with descriptor rings in host memory, copy/fill/compare/batch/
// fence descriptors, completion records, page-split transfers, round-robin channel scheduling,
// interrupt or poll completion. Registers and layouts: sdk/include/pimnic/copy_engine_regs.h;
// description and timing model: docs/copy-engine.md.
//
// Timing (discrete events, one per descriptor setup and one per chunk, never a tick): a descriptor
// takes setup_ns from when the channel admits it (fetch and decode) until its data moves; its data
// moves in chunks that never cross a 4 KiB page on either side. The engine's data mover starts one
// chunk at a time, round-robin over the channels that have a chunk ready, and is then busy for
// bytes / bandwidth; the chunk completes chunk_ns + bytes / channel_bandwidth after it started, and
// only then may its channel start another. One channel alone therefore runs at channel_bandwidth,
// several together at most at bandwidth.
#pragma once
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "devices/copy_descriptor.h"
#include "devices/irq_line.h"
#include "mem/address_space.h"
#include "mem/mmio_device.h"
#include "sim/event_queue.h"

namespace pimnic {

class ParamRegistry;
class StatRegistry;

struct CopyEngineConfig {
  uint32_t channels = 4;
  uint32_t window = 2;
  double bandwidth = 2.912e9;
  double channel_bandwidth = 2.048e9;
  double setup_ns = 250;
  double chunk_ns = 10;
  uint32_t max_transfer = 1u << 30;
  uint32_t max_batch = 1024;
  // Declares every field as "<prefix>channels", ... (prefix "copy." by default).
  void declare(ParamRegistry& params, const std::string& prefix = "copy.");
  // Throws std::invalid_argument naming the parameter for a value out of range.
  void validate() const;
};

class CopyEngine : public MmioDevice {
 public:
  // mem: the host memory the descriptors, rings and buffers live in; irq: the host core's external
  // interrupt input (the engine takes one source bit). Throws std::invalid_argument for a bad config.
  CopyEngine(const CopyEngineConfig& cfg, AddressSpace& mem, EventQueue& events, IrqLine& irq);
  ~CopyEngine() override;
  std::string name() const override { return "copy_engine"; }
  bool read(uint32_t offset, unsigned size, uint64_t& value, const MmioAccess& by) override;
  bool write(uint32_t offset, unsigned size, uint64_t value, const MmioAccess& by) override;
  // Register access at an explicit simulated time (tests and other machines; read/write use the
  // accessing hart's time).
  bool read_at(Tick now, uint32_t offset, uint32_t& value);
  bool write_at(Tick now, uint32_t offset, uint32_t value);

  // Statistics "<prefix>ch<c>.bytes" etc. and engine totals.
  void register_stats(StatRegistry& stats, const std::string& prefix = "copy.");

  struct ChannelStats {
    uint64_t bytes = 0;        // bytes moved (copied, filled, compared)
    uint64_t descriptors = 0;  // descriptors completed (batch members and the batch itself)
    uint64_t chunks = 0;       // page-split pieces moved
    uint64_t errors = 0;       // descriptors completed with an error status
    uint64_t busy_ticks = 0;   // time with descriptors in flight (closed periods)
  };
  const ChannelStats& channel_stats(unsigned c) const;
  // busy_ticks including a period still open at `now`.
  uint64_t busy_ticks(unsigned c, Tick now) const;
  unsigned channels() const { return unsigned(channels_.size()); }
  const CopyEngineConfig& config() const { return cfg_; }

  // Observer of every chunk as it starts (tests, timelines): channel, opcode, destination
  // (source for compare), bytes, start and completion time.
  struct ChunkEvent {
    unsigned channel;
    uint8_t opcode;
    uint32_t src, dst, bytes;
    Tick start, done;
  };
  std::function<void(const ChunkEvent&)> on_chunk;

 private:
  struct Op;
  struct Channel;
  void kick(unsigned c);
  void admit(unsigned c);
  void setup_done(unsigned c, Op* op);
  void dispatch();
  void request_dispatch(Tick when);
  bool start_chunk(unsigned c, Tick now);
  void chunk_done(unsigned c);
  void finish(unsigned c, Op* op, uint8_t status);
  void channel_error(unsigned c, uint8_t status, uint32_t desc_addr);
  void retire(unsigned c);
  void update_irq();
  Tick transfer_ticks(uint32_t bytes, double bytes_per_second) const;

  CopyEngineConfig cfg_;
  AddressSpace& mem_;
  EventQueue& events_;
  IrqLine& irq_;
  unsigned irq_source_;
  std::vector<std::unique_ptr<Channel>> channels_;
  uint32_t irq_status_ = 0, irq_enable_ = 0;
  Tick mover_free_ = 0;        // the data mover is busy until then
  unsigned rr_last_;           // channel served last
  Tick dispatch_at_ = kMaxTick;
  EventQueue::Handle dispatch_event_;
  uint64_t serve_seq_ = 0;
  uint64_t mover_busy_ticks_ = 0;
};

}  // namespace pimnic
