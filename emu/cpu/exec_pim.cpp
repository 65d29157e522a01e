// The PIM extension (isa/rows_pim.inc, docs/isa/pim.md): threads and full/empty-bit memory.
#include "cpu/core.h"
#include "cpu/exec_common.h"
#include "cpu/thread_state.h"

namespace pimnic {

namespace {
// The word a full/empty-bit op addresses: aligned (else alignment interrupt) and in PIM memory
// (else storage interrupt). False when the interrupt has been taken.
bool feb_word(Hart& h, uint32_t ea, bool write) {
  if (ea & 3) return h.alignment_fault(ea, write);
  if (!h.core().feb().covers(ea)) return h.data_fault(ea, write);
  return true;
}
// Set the word's full/empty bit, and tell a recording step (traces show it).
void set_feb(Hart& h, uint32_t ea, bool full) {
  h.core().feb().set_full(ea, full);
  if (h.rec) {
    h.rec->feb = true;
    h.rec->feb_full = full;
    h.rec->feb_addr = ea & ~3u;
  }
}
}  // namespace

Status exec_pim_spawn(Hart& h, uint32_t w) {
  Hart* t = h.core().start_thread(h, h.gpr[ra(w)], h.gpr[rb(w)]);
  h.gpr[rt(w)] = t ? t->index() : 0xFFFFFFFFu;
  return Status::Ok;
}

Status exec_pim_texit(Hart& h, uint32_t w) {
  if (h.core().live_threads() > 1 || h.core().threads_come_from_outside()) {
    h.thread_state = ThreadState::Free;
    h.stop_reason = StopReason::ThreadExit;
    return Status::Stop;
  }
  // The last thread: the run ends as if it had written rS to the exit device.
  h.exit_code = int(h.gpr[rt(w)] & 0xFF);
  h.stop_reason = StopReason::Exit;
  return Status::Stop;
}

Status exec_pim_yield(Hart& h, uint32_t) {
  h.request_stop(StopReason::Yield);
  return Status::Ok;
}

Status exec_pim_tid(Hart& h, uint32_t w) {
  h.gpr[rt(w)] = h.index();
  return Status::Ok;
}

Status exec_pim_readfe(Hart& h, uint32_t w) {
  const uint32_t ea = ea_x(h, w);
  if (!feb_word(h, ea, false)) return h.mem_status;
  if (!h.core().feb().full(ea)) return h.block_on(ea, true);
  uint32_t v;
  if (!h.read(ea, v)) return h.mem_status;
  set_feb(h, ea, false);
  h.gpr[rt(w)] = v;
  return Status::Ok;
}

Status exec_pim_readff(Hart& h, uint32_t w) {
  const uint32_t ea = ea_x(h, w);
  if (!feb_word(h, ea, false)) return h.mem_status;
  if (!h.core().feb().full(ea)) return h.block_on(ea, true);
  uint32_t v;
  if (!h.read(ea, v)) return h.mem_status;
  h.gpr[rt(w)] = v;
  return Status::Ok;
}

Status exec_pim_writeef(Hart& h, uint32_t w) {
  const uint32_t ea = ea_x(h, w);
  if (!feb_word(h, ea, true)) return h.mem_status;
  if (h.core().feb().full(ea)) return h.block_on(ea, false);
  if (!h.write(ea, h.gpr[rt(w)])) return h.mem_status;
  set_feb(h, ea, true);
  return Status::Ok;
}

Status exec_pim_writef(Hart& h, uint32_t w) {
  const uint32_t ea = ea_x(h, w);
  if (!feb_word(h, ea, true)) return h.mem_status;
  if (!h.write(ea, h.gpr[rt(w)])) return h.mem_status;
  set_feb(h, ea, true);
  return Status::Ok;
}

Status exec_pim_empty(Hart& h, uint32_t w) {
  const uint32_t ea = ea_x(h, w);
  if (!feb_word(h, ea, true)) return h.mem_status;
  set_feb(h, ea, false);
  return Status::Ok;
}

Status exec_pim_fill(Hart& h, uint32_t w) {
  const uint32_t ea = ea_x(h, w);
  if (!feb_word(h, ea, true)) return h.mem_status;
  set_feb(h, ea, true);
  return Status::Ok;
}

Status exec_pim_test(Hart& h, uint32_t w) {
  const uint32_t ea = ea_x(h, w);
  if (!feb_word(h, ea, false)) return h.mem_status;
  h.gpr[rt(w)] = h.core().feb().full(ea) ? 1 : 0;
  return Status::Ok;
}

// Parcels need the node's parcel engine (a core on a one-core machine has none: illegal).
Status exec_pim_parcel(Hart& h, uint32_t w) {
  ParcelPort* port = h.core().parcels();
  if (!port) return h.raise_illegal();
  h.gpr[rt(w)] = port->send_parcel(h.gpr[ra(w)], h.core().device_time(h.cycles())) ? 0 : 0xFFFFFFFFu;
  return Status::Ok;
}

// The thread resumes on the destination after this instruction with rT = 0; if the engine
// rejects it, it continues here with rT = -1.
Status exec_pim_migrate(Hart& h, uint32_t w) {
  ParcelPort* port = h.core().parcels();
  if (!port) return h.raise_illegal();
  const uint32_t here = h.pc, node = h.gpr[ra(w)], bytes = h.gpr[rb(w)];
  h.gpr[rt(w)] = 0;
  h.pc = here + 4;
  uint8_t state[kThreadStateBytes];
  save_thread_state(h, state);
  const Migration m{h.core().device_time(h.cycles()), node, &h.core(), h.index(), h.gpr[1], bytes, state};
  const bool gone = port->migrate(m);
  h.pc = here;
  if (!gone) {
    h.gpr[rt(w)] = 0xFFFFFFFFu;
    return Status::Ok;
  }
  h.thread_state = ThreadState::Free;
  h.stop_reason = StopReason::ThreadExit;
  return Status::Stop;
}

}  // namespace pimnic
