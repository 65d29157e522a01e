// What Linux's alignment handler does for a user program: perform the unaligned load or store
// the hardware refused, then continue after it. lwarx/stwcx. are not fixed up (SIGBUS), as in
// the kernel. Covers the integer, byte-reversed, multiple and floating-point loads and stores
// and dcbz; anything else gets SIGBUS.
#include <algorithm>

#include "cpu/fpu_bits.h"
#include "linux/process.h"
#include "util/bits.h"

namespace pimnic::linux_user {

bool LinuxProcess::fix_alignment(Hart& h, const InterruptInfo& info) {
  uint32_t w = 0;
  if (!read_u32(info.srr0, w)) return false;
  unsigned po = w >> 26, rt = (w >> 21) & 31, ra = (w >> 16) & 31, rb = (w >> 11) & 31;
  unsigned xo = (w >> 1) & 0x3FF;
  int32_t d = int16_t(w & 0xFFFF);
  enum Kind { None, Load, Store, LoadFp, StoreFp, Lmw, Stmw, Dcbz, Stfiwx } kind = None;
  unsigned size = 0;
  bool update = false, algebraic = false, reversed = false, single = false;
  uint32_t ea = 0;
  if (po == 31) {
    ea = (ra ? h.gpr[ra] : 0) + h.gpr[rb];
    switch (xo) {
      case 23: kind = Load, size = 4; break;                        // lwzx
      case 55: kind = Load, size = 4, update = true; break;         // lwzux
      case 279: kind = Load, size = 2; break;                       // lhzx
      case 311: kind = Load, size = 2, update = true; break;        // lhzux
      case 343: kind = Load, size = 2, algebraic = true; break;     // lhax
      case 375: kind = Load, size = 2, algebraic = update = true; break;
      case 151: kind = Store, size = 4; break;                      // stwx
      case 183: kind = Store, size = 4, update = true; break;
      case 407: kind = Store, size = 2; break;                      // sthx
      case 439: kind = Store, size = 2, update = true; break;
      case 534: kind = Load, size = 4, reversed = true; break;      // lwbrx
      case 790: kind = Load, size = 2, reversed = true; break;      // lhbrx
      case 662: kind = Store, size = 4, reversed = true; break;     // stwbrx
      case 918: kind = Store, size = 2, reversed = true; break;     // sthbrx
      case 535: kind = LoadFp, single = true; break;                // lfsx
      case 567: kind = LoadFp, single = update = true; break;
      case 599: kind = LoadFp; break;                               // lfdx
      case 631: kind = LoadFp, update = true; break;
      case 663: kind = StoreFp, single = true; break;               // stfsx
      case 695: kind = StoreFp, single = update = true; break;
      case 727: kind = StoreFp; break;                              // stfdx
      case 759: kind = StoreFp, update = true; break;
      case 983: kind = Stfiwx; break;
      case 1014: kind = Dcbz; break;
      default: return false;                                        // lwarx, stwcx., ...: SIGBUS
    }
  } else {
    ea = (ra ? h.gpr[ra] : 0) + uint32_t(d);
    switch (po) {
      case 32: kind = Load, size = 4; break;
      case 33: kind = Load, size = 4, update = true; break;
      case 40: kind = Load, size = 2; break;
      case 41: kind = Load, size = 2, update = true; break;
      case 42: kind = Load, size = 2, algebraic = true; break;
      case 43: kind = Load, size = 2, algebraic = update = true; break;
      case 36: kind = Store, size = 4; break;
      case 37: kind = Store, size = 4, update = true; break;
      case 44: kind = Store, size = 2; break;
      case 45: kind = Store, size = 2, update = true; break;
      case 46: kind = Lmw; break;
      case 47: kind = Stmw; break;
      case 48: kind = LoadFp, single = true; break;
      case 49: kind = LoadFp, single = update = true; break;
      case 50: kind = LoadFp; break;
      case 51: kind = LoadFp, update = true; break;
      case 52: kind = StoreFp, single = true; break;
      case 53: kind = StoreFp, single = update = true; break;
      case 54: kind = StoreFp; break;
      case 55: kind = StoreFp, update = true; break;
      default: return false;
    }
  }
  uint8_t b[128];
  // Hart block accesses take at most 64 bytes at a time.
  auto rd = [&](uint32_t a, uint8_t* dst, unsigned n) {
    for (unsigned o = 0; o < n; o += 64)
      if (!h.read_block(a + o, dst + o, std::min(64u, n - o))) return false;
    return true;
  };
  auto wr = [&](uint32_t a, const uint8_t* src, unsigned n) {
    for (unsigned o = 0; o < n; o += 64)
      if (!h.write_block(a + o, src + o, std::min(64u, n - o))) return false;
    return true;
  };
  switch (kind) {
    case Load: {
      if (!h.read_block(ea, b, size)) return false;
      uint32_t v = size == 4 ? load_be<uint32_t>(b) : load_be<uint16_t>(b);
      if (reversed) v = size == 4 ? __builtin_bswap32(v) : __builtin_bswap16(uint16_t(v));
      if (algebraic) v = uint32_t(int32_t(int16_t(v)));
      h.gpr[rt] = v;
      break;
    }
    case Store: {
      uint32_t v = h.gpr[rt];
      if (reversed) v = size == 4 ? __builtin_bswap32(v) : __builtin_bswap16(uint16_t(v));
      if (size == 4) store_be<uint32_t>(b, v); else store_be<uint16_t>(b, uint16_t(v));
      if (!h.write_block(ea, b, size)) return false;
      break;
    }
    case LoadFp: {
      if (!h.read_block(ea, b, single ? 4 : 8)) return false;
      h.fpr[rt] = single ? fpu::single_to_double(load_be<uint32_t>(b)) : load_be<uint64_t>(b);
      break;
    }
    case StoreFp: {
      if (single) store_be<uint32_t>(b, fpu::double_to_single_bits(h.fpr[rt]));
      else store_be<uint64_t>(b, h.fpr[rt]);
      if (!h.write_block(ea, b, single ? 4 : 8)) return false;
      break;
    }
    case Stfiwx:
      store_be<uint32_t>(b, uint32_t(h.fpr[rt]));
      if (!h.write_block(ea, b, 4)) return false;
      break;
    case Lmw: {
      unsigned n = 32 - rt;
      if (!rd(ea, b, 4 * n)) return false;
      for (unsigned i = 0; i < n; ++i) h.gpr[rt + i] = load_be<uint32_t>(b + 4 * i);
      break;
    }
    case Stmw: {
      unsigned n = 32 - rt;
      for (unsigned i = 0; i < n; ++i) store_be<uint32_t>(b + 4 * i, h.gpr[rt + i]);
      if (!wr(ea, b, 4 * n)) return false;
      break;
    }
    case Dcbz:
      std::fill(b, b + 32, 0);
      if (!h.write_block(ea & ~31u, b, 32)) return false;
      break;
    case None:
      return false;
  }
  if (update && ra) h.gpr[ra] = ea;
  h.pc = info.srr0 + 4;
  return true;
}

}  // namespace pimnic::linux_user
