// Reading a traced register's value from a hart, as big-endian bytes.
#pragma once
#include "cpu/hart.h"
#include "trace/trace_record.h"
#include "util/bits.h"

namespace pimnic::trace {

// The current value of key in h, big-endian, at out (room for 32 bytes); returns its size.
unsigned reg_bytes_slow(const Hart& h, RegKey key, uint8_t* out);
inline unsigned reg_bytes(const Hart& h, RegKey key, uint8_t* out) {
  if (key < KEY_FPR0) {  // the common case: a GPR
    store_be<uint32_t>(out, h.gpr[key]);
    return 4;
  }
  return reg_bytes_slow(h, key, out);
}
inline void read_reg(const Hart& h, RegKey key, RegValue& out) {
  out.key = key;
  out.size = uint8_t(reg_bytes(h, key, out.bytes));
}

}  // namespace pimnic::trace
