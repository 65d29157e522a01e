// Load/store multiple (lmw, stmw) and string (lswi, lswx, stswi, stswx) instructions.
//
// Loads gather every byte first and write registers only when all accesses succeeded; stores check
// that the whole range is mapped before storing anything. So a fault leaves registers and memory
// unchanged (the architecture would allow partial completion; pimnic never needs it).
// lmw/stmw need a word-aligned address (alignment interrupt otherwise); strings take any address.
#include "cpu/exec_common.h"

namespace pimnic {

namespace {

// Raise a storage interrupt at the first address of [ea, ea+len) that is not mapped (RAM, or also
// a device when devices_ok); true if the whole range is mapped.
bool range_mapped(Hart& h, uint32_t ea, uint32_t len, bool devices_ok) {
  while (len) {
    const Region* r = h.mem().find(ea);
    if (!r || (!r->host && !devices_ok)) return h.data_fault(ea, true);
    uint64_t avail = uint64_t(r->base) + r->size - ea;
    uint32_t n = avail < len ? uint32_t(avail) : len;
    ea += n;
    len -= n;
  }
  return true;
}

// Is register x one of the n registers starting at first (wrapping from r31 to r0)?
inline bool in_run(uint32_t x, uint32_t first, uint32_t n) { return ((x - first) & 31) < n; }

// Bytes of a string access, at most 128 (lswx/stswx with XER[BC] = 127, rounded up to words).
constexpr unsigned kMaxString = 128;
// Chunk size for block accesses: what one access record holds.
constexpr unsigned kChunk = 32;

// Load n bytes at ea into registers rT, rT+1, ... (wrapping), 4 per register from the high
// byte; the unfilled low bytes of the last register become 0.
Status load_string(Hart& h, uint32_t w, uint32_t ea, uint32_t n) {
  uint8_t buf[kMaxString] = {};
  for (uint32_t off = 0; off < n; off += kChunk) {
    uint32_t len = n - off < kChunk ? n - off : kChunk;
    if (!h.read_block(ea + off, buf + off, len)) return h.mem_status;
  }
  for (uint32_t i = 0, r = rt(w); i < n; i += 4, r = (r + 1) & 31) h.gpr[r] = load_be<uint32_t>(buf + i);
  return Status::Ok;
}

Status store_string(Hart& h, uint32_t w, uint32_t ea, uint32_t n) {
  uint8_t buf[kMaxString];
  for (uint32_t i = 0, r = rt(w); i < n; i += 4, r = (r + 1) & 31) store_be<uint32_t>(buf + i, h.gpr[r]);
  if (!range_mapped(h, ea, n, false)) return h.mem_status;
  for (uint32_t off = 0; off < n; off += kChunk) {
    uint32_t len = n - off < kChunk ? n - off : kChunk;
    if (!h.write_block(ea + off, buf + off, len)) return h.mem_status;
  }
  return Status::Ok;
}

}  // namespace

// ---- multiple -------------------------------------------------------------------------------
// rA inside the loaded range is an invalid form of lmw; qemu loads it like any other register
// (the address is computed first), and so does pimnic.

Status exec_lmw(Hart& h, uint32_t w) {
  uint32_t ea = ea_d(h, w), first = rt(w);
  if (ea & 3) {
    h.alignment_fault(ea, false);
    return h.mem_status;
  }
  uint32_t buf[32];
  for (uint32_t r = first, a = ea; r < 32; ++r, a += 4)
    if (!h.read(a, buf[r])) return h.mem_status;
  for (uint32_t r = first; r < 32; ++r) h.gpr[r] = buf[r];
  return Status::Ok;
}

Status exec_stmw(Hart& h, uint32_t w) {
  uint32_t ea = ea_d(h, w), first = rt(w);
  if (ea & 3) {
    h.alignment_fault(ea, true);
    return h.mem_status;
  }
  if (!range_mapped(h, ea, 4 * (32 - first), true)) return h.mem_status;
  for (uint32_t r = first, a = ea; r < 32; ++r, a += 4)
    if (!h.write(a, h.gpr[r])) return h.mem_status;
  return Status::Ok;
}

// ---- string ---------------------------------------------------------------------------------
// Invalid forms, decided as qemu -cpu 7400 does (illegal instruction interrupt): lswi with rA in
// the loaded registers (even rA = 0); lswx with rB, or a nonzero rA, in them. lswx/stswx with
// XER[BC] = 0 do nothing.

Status exec_lswi(Hart& h, uint32_t w) {
  uint32_t n = rb(w) ? rb(w) : 32;
  if (in_run(ra(w), rt(w), (n + 3) / 4)) [[unlikely]] return h.raise_illegal();
  return load_string(h, w, ra0(h, w), n);
}

Status exec_lswx(Hart& h, uint32_t w) {
  uint32_t n = h.xer & XER_BC_MASK, regs = (n + 3) / 4;
  if (n == 0) return Status::Ok;
  if ((ra(w) && in_run(ra(w), rt(w), regs)) || in_run(rb(w), rt(w), regs)) [[unlikely]]
    return h.raise_illegal();
  return load_string(h, w, ea_x(h, w), n);
}

Status exec_stswi(Hart& h, uint32_t w) {
  return store_string(h, w, ra0(h, w), rb(w) ? rb(w) : 32);
}

Status exec_stswx(Hart& h, uint32_t w) {
  uint32_t n = h.xer & XER_BC_MASK;
  if (n == 0) return Status::Ok;
  return store_string(h, w, ea_x(h, w), n);
}

}  // namespace pimnic
