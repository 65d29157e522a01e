/* Integer -> binary64/binary32 conversions (IEEE 754 clause 5.4.1): exact when the integer fits
 * in the significand, otherwise rounded with the current mode. */
#include "sf_internal.h"

static uint64_t mag_to_f64(unsigned sign, uint64_t m)
{
    if (m == 0) return 0;
    /* value = sig * 2^(exp - 1084) with exp = 1084 for sig = m. */
    if (m >> 63) return sf64_round_pack(sign, 1085, sf_shr_jam64(m, 1));
    return sf64_norm_round_pack(sign, 1084, m);
}

static uint32_t mag_to_f32(unsigned sign, uint64_t m)
{
    if (m == 0) return 0;
    /* value = sig * 2^(exp - 156) with exp = 156 for sig = m; keep 31 bits plus sticky. */
    if (m >> 31) {
        unsigned s = 33 - (unsigned)sf_clz64(m);
        return sf32_norm_round_pack(sign, 156 + (int_fast32_t)s, (uint32_t)sf_shr_jam64(m, s));
    }
    return sf32_norm_round_pack(sign, 156, (uint32_t)m);
}

uint64_t sf_i32_to_f64(int32_t a) { return mag_to_f64(a < 0, a < 0 ? 0u - (uint32_t)a : (uint32_t)a); }
uint64_t sf_ui32_to_f64(uint32_t a) { return mag_to_f64(0, a); }
uint64_t sf_i64_to_f64(int64_t a) { return mag_to_f64(a < 0, a < 0 ? 0u - (uint64_t)a : (uint64_t)a); }
uint64_t sf_ui64_to_f64(uint64_t a) { return mag_to_f64(0, a); }
uint32_t sf_i32_to_f32(int32_t a) { return mag_to_f32(a < 0, a < 0 ? 0u - (uint32_t)a : (uint32_t)a); }
uint32_t sf_ui32_to_f32(uint32_t a) { return mag_to_f32(0, a); }
uint32_t sf_i64_to_f32(int64_t a) { return mag_to_f32(a < 0, a < 0 ? 0u - (uint64_t)a : (uint64_t)a); }
uint32_t sf_ui64_to_f32(uint64_t a) { return mag_to_f32(0, a); }
