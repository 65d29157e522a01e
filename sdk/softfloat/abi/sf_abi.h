/* Shared by the soft-float ABI sources: symbol naming and bit casts.
 *
 * Firmware builds define the real names (__adddf3 ...). The host test build compiles the same
 * sources with -DSF_ABI_PREFIX=sfabi so they become sfabi__adddf3 ... and do not clash with the
 * host's own runtime. Bodies use only integer operations on the bit patterns: any float operation
 * here would itself become a call into this ABI when built with -msoft-float. */
#ifndef PIMNIC_SF_ABI_H
#define PIMNIC_SF_ABI_H

#include "softfloat.h"

#ifdef SF_ABI_PREFIX
#define SF_ABI_CAT2(p, n) p##n
#define SF_ABI_CAT(p, n) SF_ABI_CAT2(p, n)
#define SF_ABI(name) SF_ABI_CAT(SF_ABI_PREFIX, name)
#else
#define SF_ABI(name) name
#endif

typedef union { double d; uint64_t u; } sf_abi_d;
typedef union { float f; uint32_t u; } sf_abi_f;

static inline uint64_t sf_dbits(double d) { sf_abi_d x; x.d = d; return x.u; }
static inline double sf_bitsd(uint64_t u) { sf_abi_d x; x.u = u; return x.d; }
static inline uint32_t sf_fbits(float f) { sf_abi_f x; x.f = f; return x.u; }
static inline float sf_bitsf(uint32_t u) { sf_abi_f x; x.u = u; return x.f; }

/* libgcc comparison convention: eq/ne/lt/le return this for unordered operands, gt/ge -1. */
#define SF_ABI_UNORDERED_HIGH 1
#define SF_ABI_UNORDERED_LOW (-1)

#endif
