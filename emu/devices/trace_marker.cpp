#include "devices/trace_marker.h"

#include "mem/address_space.h"
#include "pimnic/memmap.h"

namespace pimnic {

bool TraceMarkerDevice::read(uint32_t offset, unsigned, uint64_t& value, const MmioAccess&) {
  value = 0;
  return offset < PIMNIC_DEVICE_SIZE;
}

// At most PIMNIC_TRACE_LABEL_MAX bytes up to the first NUL; an address outside memory gives what
// could be read (a label is for people, never a reason to fault).
std::string TraceMarkerDevice::label_at(uint32_t addr) const {
  std::string s;
  for (uint32_t i = 0; i < PIMNIC_TRACE_LABEL_MAX; ++i) {
    char c = 0;
    if (!mem_.read_bytes(addr + i, &c, 1) || c == 0) break;
    s.push_back(c);
  }
  return s;
}

bool TraceMarkerDevice::write(uint32_t offset, unsigned, uint64_t value, const MmioAccess& by) {
  if (offset >= PIMNIC_DEVICE_SIZE) return false;
  if (offset == TRACE_VALUE) {
    value_ = uint32_t(value);
    has_value_ = true;
    return true;
  }
  TraceMark m;
  if (offset == TRACE_MARK) m.kind = TraceMark::Kind::Instant;
  else if (offset == TRACE_BEGIN) m.kind = TraceMark::Kind::Begin;
  else if (offset == TRACE_END) m.kind = TraceMark::Kind::End;
  else return true;
  if (m.kind != TraceMark::Kind::End && listener_) m.label = label_at(uint32_t(value));
  m.value = value_;
  m.has_value = has_value_;
  has_value_ = false;
  if (listener_ && by.from) listener_(by, m);
  return true;
}

}  // namespace pimnic
