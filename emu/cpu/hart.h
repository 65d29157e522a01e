// A hardware thread: architectural state plus what it needs to execute (its core's decode cache and
// address space, a small software TLB for fast memory access, the current run budget).
//
// Memory accesses take an inline fast path through the TLB (RAM pages that hold no decoded code);
// everything else (MMIO, unmapped addresses, code pages, watchpoints) goes through the
// out-of-line slow path in hart.cpp. While step() records an instruction (timing models, traces)
// the TLB holds the same pages under recording tags, which the inline fast path never matches:
// a second inline test finds them and notes the access in the record.
#pragma once
#include <cstdint>
#include <cstring>
#include <string>

#include "cpu/arch_state.h"
#include "cpu/exec_record.h"
#include "cpu/interrupts.h"
#include "isa/insn_table.h"
#include "mem/address_space.h"
#include "sim/irq_input.h"
#include "util/bits.h"

namespace pimnic {

class Core;
class DecodeCache;
struct Decoded;
struct DecodedPage;

using isa::Status;

// What a hart does when it stops on its own (exit device, halt, unhandled fault).
enum class StopReason : uint8_t {
  None, Exit, Halt, InsnLimit, Breakpoint, Watchpoint, Fault, SliceEnd, DebugRequest,
  // PIM threads (cpu/thread_scheduler.cpp): waiting on a full/empty bit, gave up its turn,
  // ended; and, from Core::run_threads only, every live thread waits forever.
  Blocked, Yield, ThreadExit, Deadlock
};

// A hardware thread context of a PIM core: free, running, or waiting on a full/empty bit.
enum class ThreadState : uint8_t { Free, Running, Blocked };

// The world outside the core: bare-metal firmware takes interrupts through vectors; Linux user mode
// turns sc into system calls and faults into signals. Called only on rare paths.
class Environment {
 public:
  virtual ~Environment() = default;
  // An interrupt is about to be taken. Return Jump after redirecting the hart (bare metal), or Stop.
  virtual Status interrupt(Hart& h, const InterruptInfo& info) = 0;
  // The hart is in a wait state with nothing pending elsewhere: can it wake by itself (a timer it
  // armed)? Without an environment: in MSR[POW] with MSR[EE] set (the decrementer may fire).
  virtual bool wakes_itself(const Hart& h) const;
  // Whoever runs the hart calls these around each run slice: before_slice may act at this
  // instruction boundary (Linux: deliver a timer's signal) and says whether the hart may run
  // (false: it ended); slice_budget shortens a slice to the environment's next timed event
  // (one_cycle_per_insn: no timing model, so instructions and cycles are one).
  virtual bool before_slice(Hart&) { return true; }
  virtual uint64_t slice_budget(uint64_t budget, bool one_cycle_per_insn) {
    (void)one_cycle_per_insn;
    return budget;
  }
};

// A debugger's data watchpoints (emu/gdb). While a hart has one, pages it watches get no fast
// mapping, so every access to them reaches the slow paths, which ask it before accessing.
class AccessWatcher {
 public:
  virtual ~AccessWatcher() = default;
  virtual bool watches_page(uint32_t page_addr, bool write) const = 0;
  // True to stop the hart before the access: the instruction then has no effect.
  virtual bool hit(Hart& h, uint32_t ea, unsigned len, bool write) = 0;
};

struct Hart : public ArchState, public MemoryListener, public IrqInput, public MmioInitiator {
 public:
  Hart(Core& core, unsigned index_in_core);
  ~Hart() override;
  Hart(const Hart&) = delete;
  Hart& operator=(const Hart&) = delete;

  ArchState& arch() { return *this; }
  const ArchState& arch() const { return *this; }

  Core& core() { return core_; }
  const Core& core() const { return core_; }
  AddressSpace& mem() { return *mem_; }
  unsigned index() const { return index_; }
  unsigned vec_bytes() const { return vec_bytes_; }
  Environment* env() const { return env_; }
  void set_env(Environment* e) { env_ = e; }

  // ---- running -------------------------------------------------------------------------------
  // Execute up to max_insts instructions (functional, as fast as possible). Returns early when
  // the hart stops; stop_reason() says why (SliceEnd if only the budget ran out).
  StopReason run(uint64_t max_insts);
  // Execute exactly one instruction, filling rec with what it did (for timing models, traces).
  // poll = false skips the interrupt check before it, for callers that know none can be due
  // (cpu/hart_stepper.h keeps the points where Hart::run() checks).
  StopReason step(ExecRecord& rec, bool poll = true);
  // step(rec, false), inline (defined in cpu/hart_step.h, for stepping loops).
  inline StopReason step_nopoll(ExecRecord& rec);
  // The same for the instruction the caller knows is at pc: decoded earlier, with the decode
  // cache's generation() unchanged since (the in-order model's block replay).
  inline StopReason step_nopoll_known(ExecRecord& rec, isa::ExecFn fn, uint32_t word, isa::InsnId id);
  // A loop of such steps, leaner, with the hart known to be awake (MSR[POW] clear): begin_steps()
  // once before (stop_reason cleared, the fast path set to record); each step_lean records only
  // what the instruction did (status, accesses, interrupt), not its pc, word, id or next pc, which
  // the caller knows. The loop must end once stop_reason is set, with end_steps() (a step leaves
  // the record set for the next, which replaces it).
  inline void begin_steps();
  inline isa::Status step_lean(ExecRecord& rec, isa::ExecFn fn, uint32_t word);
  void end_steps() { rec = nullptr; }
  inline uint64_t code_generation() const;  // DecodeCache::generation()

  uint64_t icount = 0;        // instructions retired by this hart
  uint64_t icount_limit = 0;  // run() returns when icount reaches this (devices may lower it)
  StopReason stop_reason = StopReason::None;
  int exit_code = 0;
  // Ask run() to return after the current instruction (thread-safe enough: same thread only).
  void request_stop(StopReason why) {
    stop_reason = why;
    icount_limit = icount + 1;
  }

  // ---- PIM threads (docs/isa/pim.md) ----------------------------------------------------------
  ThreadState thread_state = ThreadState::Running;  // Core makes harts other than 0 Free
  uint32_t wait_ea = 0;        // Blocked: the word whose full/empty bit it waits on
  bool wait_full = false;      // Blocked: waits for full (readFE/readFF) or empty (writeEF)
  uint64_t wait_icount = 0;    // icount before the blocked instruction, which did not retire
  // Block on the full/empty bit of ea: ends the slice without retiring the instruction.
  Status block_on(uint32_t ea, bool want_full) {
    thread_state = ThreadState::Blocked;
    wait_ea = ea;
    wait_full = want_full;
    wait_icount = icount;
    stop_reason = StopReason::Blocked;
    return Status::Stop;
  }

  // ---- time ----------------------------------------------------------------------------------
  uint64_t cycles() const { return cycle_offset + icount; }
  uint64_t cycle_offset = 0;  // timing models and idle periods add here
  // A device access waits until this cycle (a timing model's store buffer has drained by then, so
  // a doorbell never overtakes the stores before it); the clock moves forward to it.
  uint64_t device_after = 0;
  // The cycle of the machine's next event: a wait state in step() idles no further (the event may
  // be a device that raises an interrupt). Machines set it before each slice.
  uint64_t horizon_cycle = ~0ull;
  // Time-base ticks since reset; TB adds tb_offset, DEC counts these (a TB write leaves DEC alone).
  uint64_t tb_ticks() const { return cycles() / tb_divider; }
  uint64_t timebase() const { return tb_ticks() + tb_offset; }
  void write_timebase(uint64_t tb) { tb_offset = tb - tb_ticks(); }
  uint32_t decrementer() const;
  void write_decrementer(uint32_t v);  // mtdec: re-arms; the caller must end the run slice
  uint64_t next_timer_icount();  // icount at which the decrementer next needs attention
  bool dec_pending = false;      // an underflow happened and awaits MSR[EE]
  uint64_t dec_seen_tb = 0;      // tick (tb_ticks) of the last latched underflow
  unsigned tb_divider = 8;

  // ---- interrupts ------------------------------------------------------------------------------
  // Take an interrupt (or hand it to the environment). Always returns the Status the executing
  // instruction must return.
  Status raise(const InterruptInfo& info);
  Status raise_program(uint32_t srr1_reason) { return raise({Interrupt::Program, pc, srr1_reason}); }
  Status raise_illegal() { return raise_program(SRR1_PROGRAM_ILLEGAL); }
  Status raise_privileged() { return raise_program(SRR1_PROGRAM_PRIV); }
  bool external_irq = false;  // level of the external interrupt input
  // Devices drive the input through this: run() re-evaluates interrupts after the current instruction.
  void set_external_irq(bool level) {
    external_irq = level;
    if (level && icount_limit > icount + 1) icount_limit = icount + 1;
    if (level && irq_raised) irq_raised(irq_raised_ctx);
  }
  // IrqInput (devices/irq_line.h)
  bool irq_level() const override { return external_irq; }
  void set_irq_level(bool level) override { set_external_irq(level); }
  // Told when the input rises (a machine wakes a core it stopped scheduling while it slept).
  void (*irq_raised)(void* ctx) = nullptr;
  void* irq_raised_ctx = nullptr;
  // Wait for the input without taking an interrupt (a device's wait register, memmap.h TIMER_WAIT,
  // like ARM's WFI with interrupts masked): the wait state (MSR[POW]) ends, untaken, once the
  // external input is asserted, and execution goes on after the instruction that asked.
  bool wake_on_irq = false;
  void sleep_until_irq() {
    msr |= MSR_POW;
    wake_on_irq = true;
    request_stop(StopReason::SliceEnd);
  }
  // MmioInitiator: what a device may do to the hart that accesses it.
  void stop_with_exit(int code) override {
    exit_code = code;
    request_stop(StopReason::Exit);
  }
  void wait_for_irq() override { sleep_until_irq(); }
  uint32_t machine_state() const override { return msr; }
  // The record of a device access this hart makes now (its time, its initiator id, itself).
  MmioAccess mmio_access();
  // The last interrupt delivered through a vector, and whether the hart then faulted again inside
  // that vector (no handler installed): such a double fault stops the hart instead of looping.
  InterruptInfo last_interrupt{Interrupt::SystemReset, 0};
  bool double_fault = false;
  // An unrecoverable interrupt also stops the hart as a double fault (`unrecoverable` says so,
  // and unrecoverable_at which interrupt it was): a synchronous interrupt taken with MSR[RI]=0
  // once software has used RI (ri_used: set by mtmsr or rfi setting it), i.e. inside entry or
  // exit code that has not saved or has restored SRR0/SRR1 (the SDK's exception entry marks
  // itself so; its _start sets RI first): it would loop for ever.
  bool ri_used = false;
  bool unrecoverable = false;
  InterruptInfo unrecoverable_at{Interrupt::SystemReset, 0};
  uint32_t unrecoverable_word = 0;  // the instruction word it came from
  uint32_t faulting_word = 0;  // instruction word at last_interrupt.srr0 (for messages)
  // Deliver a pending external or decrementer interrupt if MSR[EE] allows; true if one was taken.
  bool poll_interrupts();

  // ---- memory --------------------------------------------------------------------------------
  // Scalar big-endian loads and stores. On failure the interrupt is already taken (or the hart
  // stopped) and the instruction must return mem_status.
  template <typename T> bool read(uint32_t ea, T& v) {
    const uint8_t* p;
    if (fast_read_at(ea, sizeof(T), p)) [[likely]] {
      v = load_be<T>(p);
      return true;
    }
    if (rec_read_at(ea, sizeof(T), p)) {
      v = load_be<T>(p);
      record_ram<sizeof(T)>(ea, false, p);
      return true;
    }
    uint64_t x;
    if (!read_slow(ea, sizeof(T), x)) return false;
    v = T(x);
    return true;
  }
  template <typename T> bool write(uint32_t ea, T v) {
    uint8_t* p;
    if (fast_write_at(ea, sizeof(T), p)) [[likely]] {
      store_be<T>(p, v);
      return true;
    }
    if (rec_write_at(ea, sizeof(T), p)) {
      store_be<T>(p, v);
      record_ram<sizeof(T)>(ea, true, p);
      return true;
    }
    return write_slow(ea, sizeof(T), uint64_t(v));
  }
  // The fast path's slot for ea's page (of kTlbSize): its number's low bits mixed with the bits
  // above, so that pages 1 MiB apart (the Linux stack top and an ELF image's first page) do not
  // evict each other. The mix leaves bit 0 alone, so consecutive pages never share a slot.
  static constexpr unsigned kTlbSize = 256;
  static unsigned tlb_slot(uint32_t ea) {
    return ((ea >> kPageBits) ^ (ea >> (kPageBits + 8) << 1)) & (kTlbSize - 1);
  }
  // The fast path for n bytes at ea: true, with p their host address, when they lie in one page
  // mapped for reading (writing). One compare covers both: a slot holds only pages that map to
  // it, and the next page never maps to the same slot (tlb_slot), so it cannot hold the page of
  // ea + n - 1 when that is the next page.
  bool fast_read_at(uint32_t ea, unsigned n, const uint8_t*& p) const {
    const TlbEntry& e = tlb_[tlb_slot(ea)];
    p = reinterpret_cast<const uint8_t*>(e.host_base + ea);
    return e.read_tag == ((ea + n - 1) & ~(kPageSize - 1));
  }
  bool fast_write_at(uint32_t ea, unsigned n, uint8_t*& p) const {
    const TlbEntry& e = tlb_[tlb_slot(ea)];
    p = reinterpret_cast<uint8_t*>(e.host_base + ea);
    return e.write_tag == ((ea + n - 1) & ~(kPageSize - 1));
  }
  // The same while recording (rec set): the page is mapped under its recording tag.
  bool rec_read_at(uint32_t ea, unsigned n, const uint8_t*& p) const {
    const TlbEntry& e = tlb_[tlb_slot(ea)];
    p = reinterpret_cast<const uint8_t*>(e.host_base + ea);
    return rec && e.read_tag == (((ea + n - 1) & ~(kPageSize - 1)) | kRecTag);
  }
  bool rec_write_at(uint32_t ea, unsigned n, uint8_t*& p) const {
    const TlbEntry& e = tlb_[tlb_slot(ea)];
    p = reinterpret_cast<uint8_t*>(e.host_base + ea);
    return rec && e.write_tag == (((ea + n - 1) & ~(kPageSize - 1)) | kRecTag);
  }
  // Byte blocks in memory order (vector registers, dcbz, strings). len <= 64.
  bool read_block(uint32_t ea, uint8_t* dst, unsigned len);
  bool write_block(uint32_t ea, const uint8_t* src, unsigned len);
  // Host address of ea when the fast path maps its page, else null (then use the block calls,
  // which also fill the mapping). For naturally aligned blocks within a page (vector registers).
  // Stores through it need no note_write: write mappings exist only for pages without code or
  // reservations.
  const uint8_t* fast_read_ptr(uint32_t ea) const {
    const TlbEntry& e = tlb_[tlb_slot(ea)];
    return e.read_tag == (ea & ~(kPageSize - 1)) ? reinterpret_cast<const uint8_t*>(e.host_base + ea) : nullptr;
  }
  uint8_t* fast_write_ptr(uint32_t ea) const {
    const TlbEntry& e = tlb_[tlb_slot(ea)];
    return e.write_tag == (ea & ~(kPageSize - 1)) ? reinterpret_cast<uint8_t*>(e.host_base + ea) : nullptr;
  }
  // The same while recording (rec set: the page mapped under its recording tag); the caller
  // then records the access with record_block (a store once its bytes are written).
  const uint8_t* rec_read_ptr(uint32_t ea) const {
    const TlbEntry& e = tlb_[tlb_slot(ea)];
    return rec && e.read_tag == ((ea & ~(kPageSize - 1)) | kRecTag) ? reinterpret_cast<const uint8_t*>(e.host_base + ea)
                                                                     : nullptr;
  }
  uint8_t* rec_write_ptr(uint32_t ea) const {
    const TlbEntry& e = tlb_[tlb_slot(ea)];
    return rec && e.write_tag == ((ea & ~(kPageSize - 1)) | kRecTag) ? reinterpret_cast<uint8_t*>(e.host_base + ea)
                                                                      : nullptr;
  }
  // Record a vector-sized (16 or 32 bytes) access to RAM at host address p.
  void record_block(uint32_t ea, unsigned n, bool write, const uint8_t* p) {
    if (n == 16)
      record_ram<16>(ea, write, p);
    else
      record_ram<32>(ea, write, p);
  }
  Status mem_status = Status::Jump;  // what to return when an access failed

  // Out-of-line paths (also used directly by rare instructions).
  bool read_slow(uint32_t ea, unsigned size, uint64_t& v);
  bool write_slow(uint32_t ea, unsigned size, uint64_t v);
  void flush_tlb();

  // Raise a storage interrupt (DSI) for a data access at ea; returns false for convenience.
  bool data_fault(uint32_t ea, bool write);
  bool alignment_fault(uint32_t ea, bool write);

  // MemoryListener
  void code_page_written(uint32_t page_addr) override;
  void drop_fast_mapping(uint32_t page_addr) override;
  void reserved_page_written(uint32_t addr, uint32_t len, const void* writer) override;
  // Load reservations (lwarx/stwcx.): the granule is the 32-byte block holding the address.
  void set_reservation(uint32_t ea);
  // True if this hart still holds a reservation for ea; the reservation is cleared either way.
  bool take_reservation(uint32_t ea);
  void clear_reservation();

  ExecRecord* rec = nullptr;  // set while step() records an instruction
  // Set by a debugger (then call mem().drop_all_fast_mappings()); null otherwise.
  AccessWatcher* watcher = nullptr;

 private:
  // Entries filled while recording carry page | kRecTag: only rec_read_at/rec_write_at match them.
  static constexpr uint32_t kRecTag = 2;
  struct TlbEntry {
    uint32_t read_tag = 1;   // page address (| kRecTag), or 1 (never a page address) when invalid
    uint32_t write_tag = 1;
    uintptr_t host_base = 0; // host address of guest address 0 for this page's region
  };
  void tlb_fill(uint32_t ea, const Region& r);
  void run_loop(DecodedPage* page, const Decoded* e);
  inline StopReason step_exec(ExecRecord& r);  // cpu/hart_step.h
  inline StopReason exec_known(ExecRecord& r, isa::ExecFn fn, uint32_t word, isa::InsnId id);
  inline void begin_record(ExecRecord& r);
  void record_access(uint32_t ea, unsigned size, bool write, bool mmio, const uint8_t* be_bytes);
  // record_access for N bytes of RAM at host address p (the recording fast path).
  template <unsigned N> void record_ram(uint32_t ea, bool write, const uint8_t* p) {
    ExecRecord& r = *rec;
    if (r.nmem >= ExecRecord::kMaxAccesses) [[unlikely]] {
      r.mem_overflow = true;
      return;
    }
    MemAccess& m = r.mem[r.nmem++];
    m.addr = ea;
    m.size = uint8_t(N);
    m.write = write;
    m.mmio = false;
    std::memcpy(m.data, p, N);
  }

  Core& core_;
  AddressSpace* mem_;
  DecodeCache* dcache_;
  Environment* env_ = nullptr;
  unsigned index_;
  unsigned vec_bytes_;
  const isa::InsnRow* rows_ = isa::table().data();  // the instruction table (plain executors)
  TlbEntry tlb_[kTlbSize];
  bool tlb_used_ = false;  // an entry without kRecTag may be valid; step() flushes only then

  friend class DecodeCache;
};

}  // namespace pimnic
