#include "devices/copy_descriptor.h"

#include <cstring>

#include "mem/address_space.h"
#include "pimnic/memmap.h"

namespace pimnic {

namespace {
uint32_t be32(const uint8_t* p) { return uint32_t(p[0]) << 24 | uint32_t(p[1]) << 16 | uint32_t(p[2]) << 8 | p[3]; }
uint64_t be64(const uint8_t* p) { return uint64_t(be32(p)) << 32 | be32(p + 4); }
void put32(uint8_t* p, uint32_t v) {
  p[0] = uint8_t(v >> 24), p[1] = uint8_t(v >> 16), p[2] = uint8_t(v >> 8), p[3] = uint8_t(v);
}
void put64(uint8_t* p, uint64_t v) { put32(p, uint32_t(v >> 32)), put32(p + 4, uint32_t(v)); }
}  // namespace

bool CopyDescriptor::fences() const { return opcode == COPY_OP_FENCE || has(COPY_FLAG_FENCE); }

CopyDescriptor decode_copy_descriptor(const uint8_t* p) {
  CopyDescriptor d;
  const uint32_t opflags = be32(p + COPY_DESC_OPFLAGS);
  d.opcode = uint8_t(opflags >> 24);
  d.flags = opflags & 0xFFFFFF;
  d.completion = be64(p + COPY_DESC_COMPLETION);
  d.src = be64(p + COPY_DESC_SRC);
  d.dst = be64(p + COPY_DESC_DST);
  d.size = be32(p + COPY_DESC_XFER_SIZE);
  return d;
}

uint8_t check_copy_descriptor(const CopyDescriptor& d, const CopyLimits& lim, const AddressSpace& mem,
                              bool in_batch, uint64_t& fault_addr) {
  if (d.flags & ~uint32_t(COPY_FLAGS_VALID)) return COPY_STATUS_BAD_FLAGS;
  auto beyond_32_bits = [&](uint64_t a, uint64_t len) {
    if (len == 0 || a + len - 1 <= 0xFFFFFFFFull) return false;
    fault_addr = a > 0xFFFFFFFFull ? a : 0x100000000ull;
    return true;
  };
  switch (d.opcode) {
    case COPY_OP_NOP:
    case COPY_OP_FENCE: return COPY_STATUS_SUCCESS;
    case COPY_OP_BATCH: {
      if (in_batch) return COPY_STATUS_BATCH_IN_BATCH;
      if (d.size == 0 || d.size > lim.max_batch) return COPY_STATUS_BAD_BATCH_COUNT;
      const uint64_t bytes = uint64_t(d.size) * COPY_DESC_SIZE;
      if (beyond_32_bits(d.src, bytes)) return COPY_STATUS_ADDRESS_FAULT;
      if (!mem.host_ptr(uint32_t(d.src), uint32_t(bytes))) {
        fault_addr = d.src;
        return COPY_STATUS_ADDRESS_FAULT;
      }
      return COPY_STATUS_SUCCESS;
    }
    case COPY_OP_COPY:
    case COPY_OP_COMPARE:
      if (d.size > lim.max_transfer) return COPY_STATUS_BAD_SIZE;
      if (beyond_32_bits(d.src, d.size) || beyond_32_bits(d.dst, d.size)) return COPY_STATUS_ADDRESS_FAULT;
      if (d.opcode == COPY_OP_COPY && d.size && d.src < d.dst + d.size && d.dst < d.src + d.size)
        return COPY_STATUS_OVERLAP;
      return COPY_STATUS_SUCCESS;
    case COPY_OP_FILL:
      if (d.size > lim.max_transfer) return COPY_STATUS_BAD_SIZE;
      if (beyond_32_bits(d.dst, d.size)) return COPY_STATUS_ADDRESS_FAULT;
      return COPY_STATUS_SUCCESS;
    default: return COPY_STATUS_BAD_OPCODE;
  }
}

bool completion_address_ok(const CopyDescriptor& d, const AddressSpace& mem) {
  return d.completion % COPY_COMP_SIZE == 0 && d.completion <= 0xFFFFFFFFull - (COPY_COMP_SIZE - 1) &&
         mem.host_ptr(uint32_t(d.completion), COPY_COMP_SIZE) != nullptr;
}

void encode_copy_completion(const CopyCompletion& c, uint8_t* out) {
  std::memset(out, 0, COPY_COMP_SIZE);
  out[COPY_COMP_STATUS] = c.status;
  out[COPY_COMP_RESULT] = c.result;
  put32(out + COPY_COMP_BYTES, c.bytes);
  put64(out + COPY_COMP_FAULT_ADDR, c.fault_addr);
  put32(out + COPY_COMP_DESCS, c.descs);
  put64(out + COPY_COMP_TIME_NS, c.time_ns);
}

}  // namespace pimnic
