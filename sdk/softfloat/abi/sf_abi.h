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

/* On 32-bit PowerPC under the soft-float ABI a double travels exactly like a uint64_t (r3:r4,
 * r5:r6, ...) and a float like a uint32_t, so entry points whose library function has the same
 * arguments are one-instruction branch stubs: 32-bit PowerPC C code gets no tail calls, and a C
 * wrapper would add a call and a stack frame to every operation. Extra arguments (rounding mode,
 * `exact`) are loaded into the next registers first. The abi/ sources are built only for the
 * soft-float profiles (clang 14 defines no macro that tells soft-float apart). */
#if defined(__powerpc__) && !defined(__powerpc64__) && !defined(SF_ABI_PREFIX)
#define SF_ABI_STUBS 1
#define SF_ABI_STUB(name, insns, target)                                                           \
    __asm__(".pushsection .text." #name ",\"ax\",@progbits\n"                                   \
            ".globl " #name "\n.type " #name ",@function\n.p2align 2\n" #name ":\n"           \
            insns "\tb " #target "\n.size " #name ", .-" #name "\n.popsection\n");
#else
#define SF_ABI_STUBS 0
#endif

/* libgcc comparison convention: eq/ne/lt/le return this for unordered operands, gt/ge -1. */
#define SF_ABI_UNORDERED_HIGH 1
#define SF_ABI_UNORDERED_LOW (-1)

#endif
