// The arithmetic of the NIC's reduction engine (reduction.h): one contribution folded into an
// accumulator, element by element, acc[i] = acc[i] OP in[i], with the host library's meaning of each
// predefined op (firmware/mpi/host/core/op_kernels.cpp: signed integers wrap, MAX keeps acc only if
// acc > in, MIN only if acc < in). The NIC has no FPU: float32 and float64 go through the SDK's
// SoftFloat (PowerPC NaN rules, round to nearest even), so results are the host FPU's bits.
#pragma once
#include <cstdint>

namespace nic {

// acc = acc OP in over `count` packed big-endian elements (either may be unaligned).
void reduce_fold(uint8_t op, uint8_t element, uint32_t count, uint8_t* acc, const uint8_t* in);

}  // namespace nic
