/* binary64 comparisons (IEEE 754 clause 5.11): the quiet predicates signal invalid only for
 * signalling NaNs, the signalling ones for every NaN. -0 == +0. */
#include "sf_internal.h"

static inline bool unordered(uint64_t a, uint64_t b, bool signaling)
{
    if (!SF64_ISNAN(a) && !SF64_ISNAN(b)) return false;
    if (signaling || sf64_isSignalingNaN(a) || sf64_isSignalingNaN(b))
        softfloat_exceptionFlags |= softfloat_flag_invalid;
    return true;
}
static inline bool equal(uint64_t a, uint64_t b) { return a == b || ((a | b) << 1) == 0; }
static inline bool less(uint64_t a, uint64_t b)
{
    unsigned signA = SF64_SIGN(a);
    if (signA != SF64_SIGN(b)) return signA && ((a | b) << 1) != 0;
    return a != b && (signA ^ (a < b));
}

bool sf64_eq(uint64_t a, uint64_t b) { return !unordered(a, b, false) && equal(a, b); }
bool sf64_eq_signaling(uint64_t a, uint64_t b) { return !unordered(a, b, true) && equal(a, b); }
bool sf64_lt(uint64_t a, uint64_t b) { return !unordered(a, b, true) && less(a, b); }
bool sf64_lt_quiet(uint64_t a, uint64_t b) { return !unordered(a, b, false) && less(a, b); }
bool sf64_le(uint64_t a, uint64_t b) { return !unordered(a, b, true) && (equal(a, b) || less(a, b)); }
bool sf64_le_quiet(uint64_t a, uint64_t b)
{
    return !unordered(a, b, false) && (equal(a, b) || less(a, b));
}
