/* The correctly rounded libm functions clang calls by name under -msoft-float: sqrt for
 * __builtin_sqrt, fma for __builtin_fma and for contracted a*b+c (-ffp-contract=fast). */
#include "sf_abi.h"

#if SF_ABI_STUBS
SF_ABI_STUB(sqrt, "", sf64_sqrt)
SF_ABI_STUB(sqrtf, "", sf32_sqrt)
SF_ABI_STUB(fma, "", sf64_mulAdd)
SF_ABI_STUB(fmaf, "", sf32_mulAdd)
#else
double SF_ABI(sqrt)(double a) { return sf_bitsd(sf64_sqrt(sf_dbits(a))); }
float SF_ABI(sqrtf)(float a) { return sf_bitsf(sf32_sqrt(sf_fbits(a))); }
double SF_ABI(fma)(double a, double b, double c)
{
    return sf_bitsd(sf64_mulAdd(sf_dbits(a), sf_dbits(b), sf_dbits(c)));
}
float SF_ABI(fmaf)(float a, float b, float c)
{
    return sf_bitsf(sf32_mulAdd(sf_fbits(a), sf_fbits(b), sf_fbits(c)));
}
#endif
