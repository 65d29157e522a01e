// Copy-engine descriptors and completion records (layouts in sdk/include/pimnic/copy_engine_regs.h):
// decoding a 64-byte descriptor from guest memory, checking it before it runs, and encoding the
// 32-byte completion record. No timing here; emu/devices/copy_engine.cpp schedules the work.
#pragma once
#include <cstdint>

namespace pimnic {

class AddressSpace;

struct CopyDescriptor {
  uint8_t opcode = 0;
  uint32_t flags = 0;       // low 24 bits of the opflags word
  uint64_t completion = 0;  // completion-record address
  uint64_t src = 0;         // fill: the pattern; batch: the descriptor array
  uint64_t dst = 0;
  uint32_t size = 0;        // bytes; batch: descriptors
  bool has(uint32_t flag) const { return (flags & flag) != 0; }
  bool fences() const;      // COPY_FLAG_FENCE or COPY_OP_FENCE
};

// Decode the 64 big-endian bytes at p.
CopyDescriptor decode_copy_descriptor(const uint8_t* p);

struct CopyLimits {
  uint32_t max_transfer = 0;  // largest transfer in bytes
  uint32_t max_batch = 0;     // most descriptors in a batch
};

// The status a descriptor fails with before any byte moves (COPY_STATUS_*), or COPY_STATUS_SUCCESS.
// fault_addr receives the faulting address for COPY_STATUS_ADDRESS_FAULT. in_batch: the descriptor
// came from a batch's array. Data buffers are checked chunk by chunk as the transfer runs (a fault
// part way through reports the bytes done); only addresses beyond 32 bits and the batch array are
// checked here.
uint8_t check_copy_descriptor(const CopyDescriptor& d, const CopyLimits& lim, const AddressSpace& mem,
                              bool in_batch, uint64_t& fault_addr);
// The completion-record address is usable (32-byte aligned, in RAM).
bool completion_address_ok(const CopyDescriptor& d, const AddressSpace& mem);

struct CopyCompletion {
  uint8_t status = 0;
  uint8_t result = 0;
  uint32_t bytes = 0;
  uint64_t fault_addr = 0;
  uint32_t descs = 0;
  uint64_t time_ns = 0;
};
// The 32 big-endian bytes of a completion record.
void encode_copy_completion(const CopyCompletion& c, uint8_t* out);

}  // namespace pimnic
