// Integer loads and stores: D-form, update, indexed, byte-reversed, and external control.
// Misaligned addresses just work (the 7400 handles them, also across pages). A faulting access
// leaves registers unchanged: update forms write rA only after the access succeeded.
#include <type_traits>

#include "cpu/exec_common.h"

namespace pimnic {

namespace {

// Register value of a loaded T: zero-extended, or sign-extended for int16_t (lha).
template <typename T> inline uint32_t widen(T v) {
  if constexpr (std::is_signed_v<T>) return uint32_t(int32_t(v));
  else return uint32_t(v);
}

template <typename T> inline Status load(Hart& h, uint32_t w, uint32_t ea) {
  T v;
  if (!h.read(ea, v)) return h.mem_status;
  h.gpr[rt(w)] = widen(v);
  return Status::Ok;
}

// Update loads: rA = 0 or rA = rT are invalid forms; qemu -cpu 7400 raises the illegal
// instruction interrupt for them, and so does pimnic.
template <typename T> inline Status load_update(Hart& h, uint32_t w, uint32_t ea) {
  if (ra(w) == 0 || ra(w) == rt(w)) [[unlikely]] return h.raise_illegal();
  T v;
  if (!h.read(ea, v)) return h.mem_status;
  h.gpr[rt(w)] = widen(v);
  h.gpr[ra(w)] = ea;
  return Status::Ok;
}

template <typename T> inline Status store(Hart& h, uint32_t w, uint32_t ea) {
  return h.write(ea, T(h.gpr[rt(w)])) ? Status::Ok : h.mem_status;
}

// Update stores: rA = 0 is invalid (illegal instruction, as in qemu); rS = rA stores the old rA.
template <typename T> inline Status store_update(Hart& h, uint32_t w, uint32_t ea) {
  if (ra(w) == 0) [[unlikely]] return h.raise_illegal();
  if (!h.write(ea, T(h.gpr[rt(w)]))) return h.mem_status;
  h.gpr[ra(w)] = ea;
  return Status::Ok;
}

// EA of the update forms: rA itself, never "rA or 0" (rA = 0 is rejected above).
inline uint32_t ea_du(const Hart& h, uint32_t w) { return h.gpr[ra(w)] + uint32_t(simm(w)); }
inline uint32_t ea_xu(const Hart& h, uint32_t w) { return h.gpr[ra(w)] + h.gpr[rb(w)]; }

}  // namespace

// ---- D-form ---------------------------------------------------------------------------------

Status exec_lbz(Hart& h, uint32_t w) { return load<uint8_t>(h, w, ea_d(h, w)); }
Status exec_lbzu(Hart& h, uint32_t w) { return load_update<uint8_t>(h, w, ea_du(h, w)); }
Status exec_lhz(Hart& h, uint32_t w) { return load<uint16_t>(h, w, ea_d(h, w)); }
Status exec_lhzu(Hart& h, uint32_t w) { return load_update<uint16_t>(h, w, ea_du(h, w)); }
Status exec_lha(Hart& h, uint32_t w) { return load<int16_t>(h, w, ea_d(h, w)); }
Status exec_lhau(Hart& h, uint32_t w) { return load_update<int16_t>(h, w, ea_du(h, w)); }
Status exec_lwz(Hart& h, uint32_t w) { return load<uint32_t>(h, w, ea_d(h, w)); }
Status exec_lwzu(Hart& h, uint32_t w) { return load_update<uint32_t>(h, w, ea_du(h, w)); }

Status exec_stb(Hart& h, uint32_t w) { return store<uint8_t>(h, w, ea_d(h, w)); }
Status exec_stbu(Hart& h, uint32_t w) { return store_update<uint8_t>(h, w, ea_du(h, w)); }
Status exec_sth(Hart& h, uint32_t w) { return store<uint16_t>(h, w, ea_d(h, w)); }
Status exec_sthu(Hart& h, uint32_t w) { return store_update<uint16_t>(h, w, ea_du(h, w)); }
Status exec_stw(Hart& h, uint32_t w) { return store<uint32_t>(h, w, ea_d(h, w)); }
Status exec_stwu(Hart& h, uint32_t w) { return store_update<uint32_t>(h, w, ea_du(h, w)); }

// ---- X-form (indexed) -----------------------------------------------------------------------

Status exec_lbzx(Hart& h, uint32_t w) { return load<uint8_t>(h, w, ea_x(h, w)); }
Status exec_lbzux(Hart& h, uint32_t w) { return load_update<uint8_t>(h, w, ea_xu(h, w)); }
Status exec_lhzx(Hart& h, uint32_t w) { return load<uint16_t>(h, w, ea_x(h, w)); }
Status exec_lhzux(Hart& h, uint32_t w) { return load_update<uint16_t>(h, w, ea_xu(h, w)); }
Status exec_lhax(Hart& h, uint32_t w) { return load<int16_t>(h, w, ea_x(h, w)); }
Status exec_lhaux(Hart& h, uint32_t w) { return load_update<int16_t>(h, w, ea_xu(h, w)); }
Status exec_lwzx(Hart& h, uint32_t w) { return load<uint32_t>(h, w, ea_x(h, w)); }
Status exec_lwzux(Hart& h, uint32_t w) { return load_update<uint32_t>(h, w, ea_xu(h, w)); }

Status exec_stbx(Hart& h, uint32_t w) { return store<uint8_t>(h, w, ea_x(h, w)); }
Status exec_stbux(Hart& h, uint32_t w) { return store_update<uint8_t>(h, w, ea_xu(h, w)); }
Status exec_sthx(Hart& h, uint32_t w) { return store<uint16_t>(h, w, ea_x(h, w)); }
Status exec_sthux(Hart& h, uint32_t w) { return store_update<uint16_t>(h, w, ea_xu(h, w)); }
Status exec_stwx(Hart& h, uint32_t w) { return store<uint32_t>(h, w, ea_x(h, w)); }
Status exec_stwux(Hart& h, uint32_t w) { return store_update<uint32_t>(h, w, ea_xu(h, w)); }

// ---- byte-reversed --------------------------------------------------------------------------

Status exec_lhbrx(Hart& h, uint32_t w) {
  uint16_t v;
  if (!h.read(ea_x(h, w), v)) return h.mem_status;
  h.gpr[rt(w)] = bswap16(v);
  return Status::Ok;
}

Status exec_lwbrx(Hart& h, uint32_t w) {
  uint32_t v;
  if (!h.read(ea_x(h, w), v)) return h.mem_status;
  h.gpr[rt(w)] = bswap32(v);
  return Status::Ok;
}

Status exec_sthbrx(Hart& h, uint32_t w) {
  return h.write(ea_x(h, w), bswap16(uint16_t(h.gpr[rt(w)]))) ? Status::Ok : h.mem_status;
}

Status exec_stwbrx(Hart& h, uint32_t w) {
  return h.write(ea_x(h, w), bswap32(h.gpr[rt(w)])) ? Status::Ok : h.mem_status;
}

// ---- external control -----------------------------------------------------------------------
// With EAR[E] clear they take a storage interrupt with DSISR[11]; a misaligned address takes the
// alignment interrupt. Otherwise they are word accesses (the resource ID has no device to go to).

namespace {
constexpr uint32_t kEarEnable = 0x80000000u;
constexpr uint32_t kDsisrEar = 1u << 20;  // DSISR bit 11: eciwx/ecowx with EAR[E] = 0

inline bool external_ok(Hart& h, uint32_t ea, bool write) {
  if (!(h.ear & kEarEnable)) {
    h.mem_status = h.raise({Interrupt::Storage, h.pc, 0, ea, kDsisrEar | (write ? DSISR_STORE : 0)});
    return false;
  }
  if (ea & 3) return h.alignment_fault(ea, write);
  return true;
}
}  // namespace

Status exec_eciwx(Hart& h, uint32_t w) {
  uint32_t ea = ea_x(h, w);
  if (!external_ok(h, ea, false)) return h.mem_status;
  return load<uint32_t>(h, w, ea);
}

Status exec_ecowx(Hart& h, uint32_t w) {
  uint32_t ea = ea_x(h, w);
  if (!external_ok(h, ea, true)) return h.mem_status;
  return store<uint32_t>(h, w, ea);
}

}  // namespace pimnic
