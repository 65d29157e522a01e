#include "operands.h"

namespace ops {
namespace {
uint64_t pack(FmtInfo f, uint64_t sign, uint64_t exp, uint64_t frac)
{
    int fb = f.p - 1;
    return (sign << (f.bits - 1)) | (exp << fb) | (frac & ((1ull << fb) - 1));
}
} // namespace

std::vector<uint64_t> edge_floats(FmtInfo f)
{
    int fb = f.p - 1;
    uint64_t emax = (1ull << (f.bits - f.p)) - 1, fmax = (1ull << fb) - 1, q = 1ull << (fb - 1);
    uint64_t b = (uint64_t)f.bias;
    std::vector<uint64_t> mags = {
        pack(f, 0, 0, 0), pack(f, 0, 0, 1), pack(f, 0, 0, 2), pack(f, 0, 0, 3),
        pack(f, 0, 0, fmax), pack(f, 0, 0, q), pack(f, 0, 0, q + 1),             // subnormals
        pack(f, 0, 1, 0), pack(f, 0, 1, 1), pack(f, 0, 1, fmax), pack(f, 0, 2, 0), // min normal
        pack(f, 0, b, 0), pack(f, 0, b, 1), pack(f, 0, b - 1, fmax),             // 1, 1+ulp, 1-ulp/2
        pack(f, 0, b - 1, 0), pack(f, 0, b, q), pack(f, 0, b + 1, q / 2 * 1),    // 0.5, 1.5, 2.5
        pack(f, 0, b + 1, 0), pack(f, 0, b + 1, q),                              // 2, 3
        pack(f, 0, b, fmax), pack(f, 0, b - 2, fmax), pack(f, 0, b, 0x5555555555555ull),
        pack(f, 0, emax - 1, fmax), pack(f, 0, emax - 1, fmax - 1), pack(f, 0, emax - 1, 0),
        pack(f, 0, emax - 2, fmax), pack(f, 0, b + fb, 0), pack(f, 0, b + fb, fmax),  // 2^(p-1) range
        pack(f, 0, b + fb - 1, 1), pack(f, 0, b + fb + 1, 0),
        pack(f, 0, b + 31, 0), pack(f, 0, b + 30, fmax), pack(f, 0, b + 31, 1),    // 2^31 bounds
        pack(f, 0, b + 32, 0), pack(f, 0, b + 31, fmax), pack(f, 0, b + 63, 0),     // 2^32, 2^63
        pack(f, 0, b + 62, fmax), pack(f, 0, b + 64, 0), pack(f, 0, b + 63, fmax),
        pack(f, 0, b + 30, (1ull << fb) - (1ull << (fb > 30 ? fb - 30 : 0))),     // 2^31 - 0.5 ish
        pack(f, 0, b / 2, 0), pack(f, 0, b + b / 2, 0), pack(f, 0, b - fb, 0),
        pack(f, 0, emax, 0),                                                       // inf
        pack(f, 0, emax, q), pack(f, 0, emax, q | 0x1234), pack(f, 0, emax, fmax),  // quiet NaNs
        pack(f, 0, emax, 1), pack(f, 0, emax, q - 1), pack(f, 0, emax, 0x2AAA),      // signalling NaNs
    };
    std::vector<uint64_t> out;
    for (uint64_t m : mags) {
        out.push_back(m);
        out.push_back(m | (1ull << (f.bits - 1)));
    }
    return out;
}

std::vector<uint64_t> edge_ints(int bits, bool is_signed)
{
    std::vector<uint64_t> v = {0, 1, 2, 3, 7, 0xFF, 0x7FFF, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF,
                               0x1000001, 0xFFFFFF, 0x1000003, (1ull << 53) + 1, (1ull << 53) - 1,
                               (1ull << 54) + 3, 0x7FFFFFFFFFFFFFFFull, 0x8000000000000000ull,
                               0xFFFFFFFFFFFFFFFFull, 0x8000000000000400ull, 0xFFFFFFFFFFFFFC00ull,
                               0x20000000000003ull, 0x7FFFFFFFFFFFFE00ull, 0x7FFFFFFFFFFFFDFFull};
    std::vector<uint64_t> out;
    uint64_t mask = bits == 64 ? ~0ull : (1ull << bits) - 1;
    for (uint64_t x : v) {
        out.push_back(x & mask);
        if (is_signed) out.push_back((0 - x) & mask);
    }
    return out;
}

uint64_t Gen::structured(int nbits)
{
    // Runs of ones and zeros: ties and carries need long runs, which uniform bits rarely make.
    uint64_t v = (rng_() & 1) ? ~0ull : 0;
    int runs = 1 + (int)(rng_() % 4);
    for (int i = 0; i < runs; ++i) {
        int lo = (int)(rng_() % nbits), len = 1 + (int)(rng_() % nbits);
        uint64_t m = (len >= 64 ? ~0ull : ((1ull << len) - 1)) << lo;
        v ^= m;
    }
    if (rng_() % 4 == 0) v ^= 1ull << (rng_() % nbits);
    return nbits == 64 ? v : v & ((1ull << nbits) - 1);
}

uint64_t Gen::flt(FmtInfo f, int near_exp)
{
    int fb = f.p - 1;
    uint64_t emax = (1ull << (f.bits - f.p)) - 1;
    uint64_t sign = rng_() & 1;
    uint64_t frac = (rng_() % 3 == 0) ? structured(fb) : (rng_() & ((1ull << fb) - 1));
    uint64_t exp;
    switch (rng_() % 8) {
    case 0: { // raw bits
        uint64_t r = rng_();
        return f.bits == 64 ? r : (r & 0xFFFFFFFF);
    }
    case 1: { // the ends of the exponent range
        static const int ends[] = {0, 0, 1, 2, 3, -1, -2, -3};
        int e = ends[rng_() % 8];
        exp = e >= 0 ? (uint64_t)e : emax + (uint64_t)e;
        break;
    }
    case 2: case 3: // exponent near another operand's (cancellation, alignment, ties)
        if (near_exp >= 0) {
            int span = (rng_() & 1) ? 3 : f.p + 3;
            long e = near_exp + (long)(rng_() % (2 * span + 1)) - span;
            exp = (uint64_t)std::max(0L, std::min((long)emax - 1, e));
            break;
        }
        [[fallthrough]];
    case 4: // moderate values
        exp = (uint64_t)(f.bias - 40 + (int)(rng_() % 80));
        break;
    default:
        exp = rng_() % (emax + 1);
        break;
    }
    if (exp == emax && rng_() % 4) exp -= 1 + rng_() % 3; // keep NaN/inf a minority
    return pack(f, sign, exp, frac);
}

uint64_t Gen::flt_intish(FmtInfo f, int int_bits)
{
    int fb = f.p - 1;
    uint64_t sign = rng_() & 1;
    uint64_t frac = (rng_() % 2) ? structured(fb) : (rng_() & ((1ull << fb) - 1));
    uint64_t exp = (uint64_t)(f.bias - 3 + (int)(rng_() % (int_bits + 6)));
    return pack(f, sign, exp, frac);
}

uint64_t Gen::integer(int bits)
{
    uint64_t v;
    switch (rng_() % 4) {
    case 0: v = rng_(); break;
    case 1: v = structured(64); break;
    default: { // random bit length, so small and large magnitudes both occur
        int len = 1 + (int)(rng_() % 64);
        v = rng_() & (len == 64 ? ~0ull : ((1ull << len) - 1));
        if (rng_() & 1) v = 0 - v;
        break;
    }
    }
    return bits == 64 ? v : (v & 0xFFFFFFFF);
}

} // namespace ops
