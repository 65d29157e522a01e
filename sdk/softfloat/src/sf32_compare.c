/* binary32 comparisons (IEEE 754 clause 5.11): the quiet predicates signal invalid only for
 * signalling NaNs, the signalling ones for every NaN. -0 == +0. */
#include "sf_internal.h"

static inline bool unordered(uint32_t a, uint32_t b, bool signaling)
{
    if (!SF32_ISNAN(a) && !SF32_ISNAN(b)) return false;
    if (signaling || sf32_isSignalingNaN(a) || sf32_isSignalingNaN(b))
        softfloat_exceptionFlags |= softfloat_flag_invalid;
    return true;
}
static inline bool equal(uint32_t a, uint32_t b) { return a == b || ((a | b) << 1) == 0; }
static inline bool less(uint32_t a, uint32_t b)
{
    unsigned signA = SF32_SIGN(a);
    if (signA != SF32_SIGN(b)) return signA && ((a | b) << 1) != 0;
    return a != b && (signA ^ (a < b));
}

bool sf32_eq(uint32_t a, uint32_t b) { return !unordered(a, b, false) && equal(a, b); }
bool sf32_eq_signaling(uint32_t a, uint32_t b) { return !unordered(a, b, true) && equal(a, b); }
bool sf32_lt(uint32_t a, uint32_t b) { return !unordered(a, b, true) && less(a, b); }
bool sf32_lt_quiet(uint32_t a, uint32_t b) { return !unordered(a, b, false) && less(a, b); }
bool sf32_le(uint32_t a, uint32_t b) { return !unordered(a, b, true) && (equal(a, b) || less(a, b)); }
bool sf32_le_quiet(uint32_t a, uint32_t b)
{
    return !unordered(a, b, false) && (equal(a, b) || less(a, b));
}
