/* Soft-float ABI comparisons (libgcc convention): the caller tests the int result against 0
 * with the same relation (eq: == 0, ne: != 0, lt: < 0, le: <= 0, gt: > 0, ge: >= 0), so an
 * unordered pair returns 1 from eq/ne/lt/le and -1 from gt/ge; unord returns non-zero for
 * unordered. eq/ne/unord are quiet; the relational ones signal invalid on any NaN, like the C
 * relational operators (isless() and friends call unord first, so they stay quiet). */
#include "sf_abi.h"

static inline int cmp64(uint64_t a, uint64_t b, int unordered, bool signaling)
{
    bool un = signaling ? !sf64_le(a, b) && !sf64_le(b, a) : !sf64_le_quiet(a, b) && !sf64_le_quiet(b, a);
    if (un) return unordered;
    return sf64_lt_quiet(a, b) ? -1 : sf64_eq(a, b) ? 0 : 1;
}
static inline int cmp32(uint32_t a, uint32_t b, int unordered, bool signaling)
{
    bool un = signaling ? !sf32_le(a, b) && !sf32_le(b, a) : !sf32_le_quiet(a, b) && !sf32_le_quiet(b, a);
    if (un) return unordered;
    return sf32_lt_quiet(a, b) ? -1 : sf32_eq(a, b) ? 0 : 1;
}

#define D(x) sf_dbits(x)
#define F(x) sf_fbits(x)
int SF_ABI(__eqdf2)(double a, double b) { return cmp64(D(a), D(b), SF_ABI_UNORDERED_HIGH, false); }
int SF_ABI(__nedf2)(double a, double b) { return cmp64(D(a), D(b), SF_ABI_UNORDERED_HIGH, false); }
int SF_ABI(__ltdf2)(double a, double b) { return cmp64(D(a), D(b), SF_ABI_UNORDERED_HIGH, true); }
int SF_ABI(__ledf2)(double a, double b) { return cmp64(D(a), D(b), SF_ABI_UNORDERED_HIGH, true); }
int SF_ABI(__gtdf2)(double a, double b) { return cmp64(D(a), D(b), SF_ABI_UNORDERED_LOW, true); }
int SF_ABI(__gedf2)(double a, double b) { return cmp64(D(a), D(b), SF_ABI_UNORDERED_LOW, true); }
int SF_ABI(__cmpdf2)(double a, double b) { return cmp64(D(a), D(b), SF_ABI_UNORDERED_HIGH, false); }
int SF_ABI(__unorddf2)(double a, double b)
{
    uint64_t x = D(a), y = D(b);
    if (sf64_isSignalingNaN(x) || sf64_isSignalingNaN(y))
        softfloat_exceptionFlags |= softfloat_flag_invalid;
    return ((x << 1) > (UINT64_C(0x7FF0000000000000) << 1)) || ((y << 1) > (UINT64_C(0x7FF0000000000000) << 1));
}

int SF_ABI(__eqsf2)(float a, float b) { return cmp32(F(a), F(b), SF_ABI_UNORDERED_HIGH, false); }
int SF_ABI(__nesf2)(float a, float b) { return cmp32(F(a), F(b), SF_ABI_UNORDERED_HIGH, false); }
int SF_ABI(__ltsf2)(float a, float b) { return cmp32(F(a), F(b), SF_ABI_UNORDERED_HIGH, true); }
int SF_ABI(__lesf2)(float a, float b) { return cmp32(F(a), F(b), SF_ABI_UNORDERED_HIGH, true); }
int SF_ABI(__gtsf2)(float a, float b) { return cmp32(F(a), F(b), SF_ABI_UNORDERED_LOW, true); }
int SF_ABI(__gesf2)(float a, float b) { return cmp32(F(a), F(b), SF_ABI_UNORDERED_LOW, true); }
int SF_ABI(__cmpsf2)(float a, float b) { return cmp32(F(a), F(b), SF_ABI_UNORDERED_HIGH, false); }
int SF_ABI(__unordsf2)(float a, float b)
{
    uint32_t x = F(a), y = F(b);
    if (sf32_isSignalingNaN(x) || sf32_isSignalingNaN(y))
        softfloat_exceptionFlags |= softfloat_flag_invalid;
    return ((x << 1) > 0xFF000000u) || ((y << 1) > 0xFF000000u);
}
