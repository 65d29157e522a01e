/* SoftFloat inside the emulator: every vector of vectors.h (the host build's result bits and
 * flags, each checked against the host FPU or the exact reference when generated) through the
 * library, then the round-to-nearest arithmetic vectors again through plain double/float code,
 * i.e. through the soft-float ABI clang calls (__adddf3 ...). Exit code 0 when all agree. */
#include <stdio.h>

#include "softfloat.h"
#include "sft_eval.h"
#include "sft_ops.h"
#include "vectors.h"

static const char* const op_names[] = {
#define SFT_NAME(n) #n,
    SFT_OPS(SFT_NAME)
#undef SFT_NAME
};

typedef union { uint64_t u; double d; } bits64;
typedef union { uint32_t u; float f; } bits32;
static double D(uint64_t u) { bits64 x; x.u = u; return x.d; }
static float F(uint64_t u) { bits32 x; x.u = (uint32_t)u; return x.f; }
static uint64_t UD(double d) { bits64 x; x.d = d; return x.u; }
static uint64_t UF(float f) { bits32 x; x.f = f; return x.u; }

/* The same operation written as C (compiled to ABI calls on soft-float profiles). Returns 0 when
 * the operation has no C operator form that is checked here. */
static int via_c(const struct sft_vector* v, uint64_t* r)
{
    volatile double a = D(v->a), b = D(v->b);
    volatile float fa = F(v->a), fb = F(v->b);
    switch (v->op) {
    case SFT_F64_ADD: *r = UD(a + b); return 1;
    case SFT_F64_SUB: *r = UD(a - b); return 1;
    case SFT_F64_MUL: *r = UD(a * b); return 1;
    case SFT_F64_DIV: *r = UD(a / b); return 1;
    case SFT_F64_EQ_SIGNALING: /* fall through: the C operators only give the truth value */
    case SFT_F64_EQ: *r = a == b; return 1;
    case SFT_F64_LT_QUIET:
    case SFT_F64_LT: *r = a < b; return 1;
    case SFT_F64_LE_QUIET:
    case SFT_F64_LE: *r = a <= b; return 1;
    case SFT_F64_TO_F32: *r = UF((float)a); return 1;
    case SFT_I32_TO_F64: *r = UD((double)(int32_t)v->a); return 1;
    case SFT_I64_TO_F64: *r = UD((double)(int64_t)v->a); return 1;
    case SFT_UI32_TO_F64: *r = UD((double)(uint32_t)v->a); return 1;
    case SFT_UI64_TO_F64: *r = UD((double)(uint64_t)v->a); return 1;
    case SFT_F32_ADD: *r = UF(fa + fb); return 1;
    case SFT_F32_SUB: *r = UF(fa - fb); return 1;
    case SFT_F32_MUL: *r = UF(fa * fb); return 1;
    case SFT_F32_DIV: *r = UF(fa / fb); return 1;
    case SFT_F32_EQ_SIGNALING:
    case SFT_F32_EQ: *r = fa == fb; return 1;
    case SFT_F32_LT_QUIET:
    case SFT_F32_LT: *r = fa < fb; return 1;
    case SFT_F32_LE_QUIET:
    case SFT_F32_LE: *r = fa <= fb; return 1;
    case SFT_F32_TO_F64: *r = UD((double)fa); return 1;
    case SFT_I32_TO_F32: *r = UF((float)(int32_t)v->a); return 1;
    case SFT_I64_TO_F32: *r = UF((float)(int64_t)v->a); return 1;
    case SFT_UI32_TO_F32: *r = UF((float)(uint32_t)v->a); return 1;
    case SFT_UI64_TO_F32: *r = UF((float)(uint64_t)v->a); return 1;
    default: return 0;
    }
}

/* C casts to integers (truncation: __fix*) against the library in round-towards-zero, for the
 * vectors' operands where the conversion is valid (C leaves the rest undefined). */
static int cast_check(const struct sft_vector* v)
{
    int op = v->op, is32 = op == SFT_F32_TO_I32 || op == SFT_F32_TO_I64 || op == SFT_F32_TO_UI32 || op == SFT_F32_TO_UI64;
    if (!is32 && op != SFT_F64_TO_I32 && op != SFT_F64_TO_I64 && op != SFT_F64_TO_UI32 && op != SFT_F64_TO_UI64)
        return -1;
    softfloat_exceptionFlags = 0;
    uint64_t want = sft_eval(op, v->a, 0, 0, softfloat_round_minMag, 1);
    if (softfloat_exceptionFlags & softfloat_flag_invalid) return -1;
    volatile double d = D(v->a);
    volatile float f = F(v->a);
    uint64_t got;
    switch (op) {
    case SFT_F64_TO_I32: got = (uint32_t)(int32_t)d; break;
    case SFT_F64_TO_I64: got = (uint64_t)(int64_t)d; break;
    case SFT_F64_TO_UI32: got = (uint32_t)d; break;
    case SFT_F64_TO_UI64: got = (uint64_t)d; break;
    case SFT_F32_TO_I32: got = (uint32_t)(int32_t)f; break;
    case SFT_F32_TO_I64: got = (uint64_t)(int64_t)f; break;
    case SFT_F32_TO_UI32: got = (uint32_t)f; break;
    default: got = (uint64_t)f; break;
    }
    return got == want;
}

/* long double (IBM double-double, the __gcc_q* entry points): the calling convention and a few
 * exact facts; the arithmetic itself is checked on the host against __float128. */
static unsigned long_double_checks(unsigned* fails)
{
    volatile int64_t i64 = 0x7FFFFFFFFFFFFC01ll;
    volatile uint32_t u32 = 4000000000u;
    volatile int32_t i32 = -123456789;
    volatile long double third = (long double)1 / 3, big = (long double)i64;
    volatile long double tenth = 0.1, fifth = 0.2;
    volatile double point3 = 0.3;
    int ok[8];
    ok[0] = (int64_t)big == (int64_t)0x7FFFFFFFFFFFFC01ll;              /* __floatditf, __fixtfdi */
    ok[1] = (double)(third * 3) == 1.0;                                  /* __gcc_qmul, __gcc_qtod */
    ok[2] = UD((double)(tenth + fifth)) == UD(0.1 + 0.2);                /* __gcc_qadd */
    ok[3] = third < (long double)0.34 && third > (long double)0.33;      /* __gcc_qlt, __gcc_qgt */
    ok[4] = (long double)point3 != tenth + fifth;                        /* __gcc_qne: 0.1+0.2 is exact here */
    volatile long double lu = (long double)u32, li = (long double)i32;
    ok[5] = (unsigned)lu == 4000000000u;                                 /* __gcc_utoq, __fixunstfsi */
    ok[6] = (int)li == -123456789;                                       /* __gcc_itoq, __gcc_qtou */
    ok[7] = (float)third == (float)1 / 3;                                /* __gcc_qtos */
    for (int i = 0; i < 8; ++i)
        if (!ok[i] && (*fails)++ < 10) printf("FAIL long double check %d\n", i);
    return 8;
}

int main(void)
{
    unsigned n = sizeof sft_vectors / sizeof sft_vectors[0], fails = 0, c_checks = 0, c_fails = 0;
    uint32_t hash = 2166136261u;
    for (unsigned i = 0; i < n; ++i) {
        const struct sft_vector* v = &sft_vectors[i];
        softfloat_roundingMode = v->mode;
        softfloat_detectTininess = v->tininess;
        softfloat_exceptionFlags = 0;
        uint64_t r = sft_eval(v->op, v->a, v->b, v->c, v->mode, v->exact);
        unsigned fl = softfloat_exceptionFlags;
        for (int k = 0; k < 8; ++k) hash = (hash ^ (uint8_t)(r >> (8 * k))) * 16777619u;
        if (r != v->expect || fl != v->flags) {
            if (fails++ < 10)
                printf("FAIL %s mode %u tininess %u exact %u a=%016llx b=%016llx c=%016llx: "
                       "got %016llx/%02x want %016llx/%02x\n",
                       op_names[v->op], v->mode, v->tininess, v->exact, (unsigned long long)v->a,
                       (unsigned long long)v->b, (unsigned long long)v->c, (unsigned long long)r, fl,
                       (unsigned long long)v->expect, v->flags);
        }
        int cast = cast_check(v);
        if (cast >= 0) {
            ++c_checks;
            if (!cast && c_fails++ < 10)
                printf("FAIL C cast %s a=%016llx\n", op_names[v->op], (unsigned long long)v->a);
        }
        softfloat_roundingMode = softfloat_round_near_even;
        if (v->mode == softfloat_round_near_even) {
            uint64_t rc;
            if (via_c(v, &rc)) {
                ++c_checks;
                if (rc != v->expect && c_fails++ < 10)
                    printf("FAIL C/ABI %s a=%016llx b=%016llx: got %016llx want %016llx\n", op_names[v->op],
                           (unsigned long long)v->a, (unsigned long long)v->b, (unsigned long long)rc,
                           (unsigned long long)v->expect);
            }
        }
    }
    softfloat_roundingMode = softfloat_round_near_even;
    c_checks += long_double_checks(&c_fails);
    printf("softfloat-test (%s): %u vectors, %u failures; C operators and casts via the soft-float ABI: "
           "%u checks, %u failures; result hash %08x\n",
           PIMNIC_PROFILE_NAME, n, fails, c_checks, c_fails, (unsigned)hash);
    return fails || c_fails ? 1 : 0;
}
