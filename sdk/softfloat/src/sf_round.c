/* Out-of-line rounding and packing for the less frequent operations (the bodies are in
 * sf_internal.h). */
#include "sf_internal.h"

uint64_t sf64_round_pack(unsigned sign, int_fast32_t exp, uint64_t sig)
{
    return sf64_round_pack_inl(sign, exp, sig);
}

uint64_t sf64_norm_round_pack(unsigned sign, int_fast32_t exp, uint64_t sig)
{
    int shift = sf_clz64(sig) - 1;
    return sf64_round_pack_inl(sign, exp - shift, sig << shift);
}

uint32_t sf32_round_pack(unsigned sign, int_fast32_t exp, uint32_t sig)
{
    return sf32_round_pack_inl(sign, exp, sig);
}

uint32_t sf32_norm_round_pack(unsigned sign, int_fast32_t exp, uint32_t sig)
{
    int shift = sf_clz32(sig) - 1;
    return sf32_round_pack_inl(sign, exp - shift, sig << shift);
}
