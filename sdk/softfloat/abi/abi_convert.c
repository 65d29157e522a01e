/* Soft-float ABI conversions: float <-> double, float/double -> (unsigned) int/long long by
 * truncation (C semantics; out-of-range values are undefined in C and get the library's invalid
 * result), and (unsigned) int/long long -> float/double with the current rounding mode. */
#include "sf_abi.h"

#if SF_ABI_STUBS
SF_ABI_STUB(__extendsfdf2, "", sf32_to_f64)
SF_ABI_STUB(__truncdfsf2, "", sf64_to_f32)
/* double in r3:r4 -> mode (minMag = 1) in r5, exact in r6; float in r3 -> r4, r5. */
SF_ABI_STUB(__fixdfsi, "\tli 5, 1\n\tli 6, 1\n", sf64_to_i32)
SF_ABI_STUB(__fixdfdi, "\tli 5, 1\n\tli 6, 1\n", sf64_to_i64)
SF_ABI_STUB(__fixunsdfsi, "\tli 5, 1\n\tli 6, 1\n", sf64_to_ui32)
SF_ABI_STUB(__fixunsdfdi, "\tli 5, 1\n\tli 6, 1\n", sf64_to_ui64)
SF_ABI_STUB(__fixsfsi, "\tli 4, 1\n\tli 5, 1\n", sf32_to_i32)
SF_ABI_STUB(__fixsfdi, "\tli 4, 1\n\tli 5, 1\n", sf32_to_i64)
SF_ABI_STUB(__fixunssfsi, "\tli 4, 1\n\tli 5, 1\n", sf32_to_ui32)
SF_ABI_STUB(__fixunssfdi, "\tli 4, 1\n\tli 5, 1\n", sf32_to_ui64)
SF_ABI_STUB(__floatsidf, "", sf_i32_to_f64)
SF_ABI_STUB(__floatdidf, "", sf_i64_to_f64)
SF_ABI_STUB(__floatunsidf, "", sf_ui32_to_f64)
SF_ABI_STUB(__floatundidf, "", sf_ui64_to_f64)
SF_ABI_STUB(__floatsisf, "", sf_i32_to_f32)
SF_ABI_STUB(__floatdisf, "", sf_i64_to_f32)
SF_ABI_STUB(__floatunsisf, "", sf_ui32_to_f32)
SF_ABI_STUB(__floatundisf, "", sf_ui64_to_f32)
#else
#define TZ softfloat_round_minMag
double SF_ABI(__extendsfdf2)(float a) { return sf_bitsd(sf32_to_f64(sf_fbits(a))); }
float SF_ABI(__truncdfsf2)(double a) { return sf_bitsf(sf64_to_f32(sf_dbits(a))); }

int32_t SF_ABI(__fixdfsi)(double a) { return sf64_to_i32(sf_dbits(a), TZ, true); }
int64_t SF_ABI(__fixdfdi)(double a) { return sf64_to_i64(sf_dbits(a), TZ, true); }
uint32_t SF_ABI(__fixunsdfsi)(double a) { return sf64_to_ui32(sf_dbits(a), TZ, true); }
uint64_t SF_ABI(__fixunsdfdi)(double a) { return sf64_to_ui64(sf_dbits(a), TZ, true); }
int32_t SF_ABI(__fixsfsi)(float a) { return sf32_to_i32(sf_fbits(a), TZ, true); }
int64_t SF_ABI(__fixsfdi)(float a) { return sf32_to_i64(sf_fbits(a), TZ, true); }
uint32_t SF_ABI(__fixunssfsi)(float a) { return sf32_to_ui32(sf_fbits(a), TZ, true); }
uint64_t SF_ABI(__fixunssfdi)(float a) { return sf32_to_ui64(sf_fbits(a), TZ, true); }

double SF_ABI(__floatsidf)(int32_t a) { return sf_bitsd(sf_i32_to_f64(a)); }
double SF_ABI(__floatdidf)(int64_t a) { return sf_bitsd(sf_i64_to_f64(a)); }
double SF_ABI(__floatunsidf)(uint32_t a) { return sf_bitsd(sf_ui32_to_f64(a)); }
double SF_ABI(__floatundidf)(uint64_t a) { return sf_bitsd(sf_ui64_to_f64(a)); }
float SF_ABI(__floatsisf)(int32_t a) { return sf_bitsf(sf_i32_to_f32(a)); }
float SF_ABI(__floatdisf)(int64_t a) { return sf_bitsf(sf_i64_to_f32(a)); }
float SF_ABI(__floatunsisf)(uint32_t a) { return sf_bitsf(sf_ui32_to_f32(a)); }
float SF_ABI(__floatundisf)(uint64_t a) { return sf_bitsf(sf_ui64_to_f32(a)); }
#endif
