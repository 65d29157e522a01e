// Operands for the SoftFloat checks: edge cases (zeros, subnormals, min/max normal, infinities,
// quiet and signalling NaNs, halfway values, integer boundaries) and a random generator biased
// towards the hard cases (exponents at the range ends, structured significands whose low bits
// make exact ties, operand exponents close to each other so that sums cancel).
#pragma once
#include <cstdint>
#include <random>
#include <vector>

namespace ops {

struct FmtInfo { int bits, p, bias; };
constexpr FmtInfo kF32{32, 24, 127};
constexpr FmtInfo kF64{64, 53, 1023};

std::vector<uint64_t> edge_floats(FmtInfo f);
std::vector<uint64_t> edge_ints(int bits, bool is_signed);

class Gen {
public:
    explicit Gen(uint64_t seed) : rng_(seed) {}
    uint64_t next() { return rng_(); }
    // A random float; `near` (if non-zero-exponent-relevant) biases the exponent towards it.
    uint64_t flt(FmtInfo f, int near_exp = -1);
    // Float whose magnitude is around the integer range of `bits` bits (for conversions).
    uint64_t flt_intish(FmtInfo f, int int_bits);
    uint64_t integer(int bits);
    static int exp_of(FmtInfo f, uint64_t v) { return (int)((v >> (f.p - 1)) & ((1u << (f.bits - f.p)) - 1)); }

private:
    uint64_t structured(int nbits);
    std::mt19937_64 rng_;
};

} // namespace ops
