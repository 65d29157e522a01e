// Cache-block instructions. Memory is coherent and uncached in pimnic, so only dcbz changes data:
// it zeroes the 32-byte block (the 7400's block size) that holds the address. dcbf, dcbst, dcbi and
// icbi are treated as loads for protection and take a storage interrupt on an unmapped address;
// dcbt, dcbtst and dcba never fault (the architecture makes them no-ops instead).
#include "cpu/exec_common.h"

namespace pimnic {

namespace {

constexpr uint32_t kBlock = 32;

inline Status check_mapped(Hart& h, uint32_t ea) {
  if (!h.mem().find(ea)) [[unlikely]] {
    h.data_fault(ea, false);
    return h.mem_status;
  }
  return Status::Ok;
}

}  // namespace

Status exec_dcbz(Hart& h, uint32_t w) {
  static constexpr uint8_t zeros[kBlock] = {};
  return h.write_block(ea_x(h, w) & ~(kBlock - 1), zeros, kBlock) ? Status::Ok : h.mem_status;
}

Status exec_dcbf(Hart& h, uint32_t w) { return check_mapped(h, ea_x(h, w)); }
Status exec_dcbst(Hart& h, uint32_t w) { return check_mapped(h, ea_x(h, w)); }
Status exec_icbi(Hart& h, uint32_t w) { return check_mapped(h, ea_x(h, w)); }

Status exec_dcbi(Hart& h, uint32_t w) {
  if (h.msr & MSR_PR) return h.raise_privileged();
  return check_mapped(h, ea_x(h, w));
}

Status exec_dcbt(Hart&, uint32_t) { return Status::Ok; }
Status exec_dcbtst(Hart&, uint32_t) { return Status::Ok; }
Status exec_dcba(Hart&, uint32_t) { return Status::Ok; }

}  // namespace pimnic
