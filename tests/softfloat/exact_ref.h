// An independent reference for what the host hardware cannot do: roundTiesToAway
// (softfloat_round_near_maxMag) and tininess detected before rounding. It follows the
// standard's definitions literally: form the exact result as a big integer times a power of two
// (division and square root: at least 70 correct bits plus an exact "more below" flag), then
// round it once to the destination format under the given mode. No working-significand tricks
// are shared with the library. It is itself checked against the hardware in the four modes the
// hardware has (sf_check --self-check does that on every case it runs).
#pragma once
#include <cstdint>

namespace ref {

struct Fmt { int p, emin, emax, bias, bits; };
constexpr Fmt F32{24, -126, 127, 127, 32};
constexpr Fmt F64{53, -1022, 1023, 1023, 64};

// The rounded result: bits, flags (softfloat numbering) with tininess after and before rounding.
struct Res {
    uint64_t v = 0;
    unsigned flags_after = 0, flags_before = 0;
    bool valid = false; // false: a NaN/inf/zero-result case the reference leaves to the caller
};

Res add(Fmt f, uint64_t a, uint64_t b, bool subtract, int mode);
Res mul(Fmt f, uint64_t a, uint64_t b, int mode);
Res div(Fmt f, uint64_t a, uint64_t b, int mode);
Res sqrt(Fmt f, uint64_t a, int mode);
Res fma(Fmt f, uint64_t a, uint64_t b, uint64_t c, int mode);
Res convert(Fmt from, Fmt to, uint64_t a, int mode);        // float -> float
Res from_int(Fmt to, uint64_t mag, bool neg, int mode);      // integer -> float
Res round_to_int(Fmt f, uint64_t a, int mode, bool exact);   // float -> integral float
// float -> integer: the rounded integer as sign + magnitude (up to 2^64 + 1, so `big` flags a
// magnitude that does not fit in 64 bits); inexact says a fraction was dropped.
struct IntRes { bool neg = false, big = false, inexact = false, valid = false; uint64_t mag = 0; };
IntRes to_int(Fmt f, uint64_t a, int mode);

} // namespace ref
