// A thread's registers in the wire format of migrate (sim/parcel_port.h kThreadStateBytes).
#pragma once
#include <cstdint>

namespace pimnic {

struct Hart;

void save_thread_state(const Hart& h, uint8_t* out);
void load_thread_state(Hart& h, const uint8_t* in);

}  // namespace pimnic
