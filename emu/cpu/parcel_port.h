// Where a PIM core's parcel and migrate instructions go (docs/isa/pim.md): the node's parcel
// engine (emu/devices/parcel_engine.h). A core without one (the one-core machine) raises the
// illegal-instruction interrupt for both, as a core without a network must.
#pragma once
#include <cstdint>

namespace pimnic {

struct Hart;

class ParcelPort {
 public:
  virtual ~ParcelPort() = default;
  // `parcel`: send the parcel described at `desc` in h's memory. False: rejected (bad node,
  // payload too long or outside memory); nothing was sent.
  virtual bool send_parcel(Hart& h, uint32_t desc) = 0;
  // `migrate`: send h's registers (already showing the state it resumes with) and the
  // stack_bytes at r1 to `node`. False: rejected; h stays and continues.
  virtual bool migrate(Hart& h, uint32_t node, uint32_t stack_bytes) = 0;
};

}  // namespace pimnic
