/* Soft-float ABI: binary64 and binary32 arithmetic (what clang -msoft-float calls for + - * /
 * and unary minus on double and float). */
#include "sf_abi.h"

#if SF_ABI_STUBS
SF_ABI_STUB(__adddf3, "", sf64_add)
SF_ABI_STUB(__subdf3, "", sf64_sub)
SF_ABI_STUB(__muldf3, "", sf64_mul)
SF_ABI_STUB(__divdf3, "", sf64_div)
SF_ABI_STUB(__addsf3, "", sf32_add)
SF_ABI_STUB(__subsf3, "", sf32_sub)
SF_ABI_STUB(__mulsf3, "", sf32_mul)
SF_ABI_STUB(__divsf3, "", sf32_div)
#else
double SF_ABI(__adddf3)(double a, double b) { return sf_bitsd(sf64_add(sf_dbits(a), sf_dbits(b))); }
double SF_ABI(__subdf3)(double a, double b) { return sf_bitsd(sf64_sub(sf_dbits(a), sf_dbits(b))); }
double SF_ABI(__muldf3)(double a, double b) { return sf_bitsd(sf64_mul(sf_dbits(a), sf_dbits(b))); }
double SF_ABI(__divdf3)(double a, double b) { return sf_bitsd(sf64_div(sf_dbits(a), sf_dbits(b))); }
float SF_ABI(__addsf3)(float a, float b) { return sf_bitsf(sf32_add(sf_fbits(a), sf_fbits(b))); }
float SF_ABI(__subsf3)(float a, float b) { return sf_bitsf(sf32_sub(sf_fbits(a), sf_fbits(b))); }
float SF_ABI(__mulsf3)(float a, float b) { return sf_bitsf(sf32_mul(sf_fbits(a), sf_fbits(b))); }
float SF_ABI(__divsf3)(float a, float b) { return sf_bitsf(sf32_div(sf_fbits(a), sf_fbits(b))); }
#endif

double SF_ABI(__negdf2)(double a) { return sf_bitsd(sf_dbits(a) ^ (UINT64_C(1) << 63)); }
float SF_ABI(__negsf2)(float a) { return sf_bitsf(sf_fbits(a) ^ UINT32_C(0x80000000)); }
