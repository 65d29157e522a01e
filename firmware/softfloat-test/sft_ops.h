/* The operations of the SoftFloat vector test, shared by the host generator
 * (tests/softfloat/sf_gen_vectors.cpp) and the firmware image (main.c). */
#ifndef PIMNIC_SFT_OPS_H
#define PIMNIC_SFT_OPS_H
#include <stdint.h>

#define SFT_OPS(X)                                                                                 \
    X(F64_ADD) X(F64_SUB) X(F64_MUL) X(F64_DIV) X(F64_SQRT) X(F64_REM) X(F64_MULADD)               \
    X(F64_ROUNDTOINT) X(F64_EQ) X(F64_LT) X(F64_LE) X(F64_EQ_SIGNALING) X(F64_LT_QUIET)             \
    X(F64_LE_QUIET) X(F64_TO_F32) X(F64_TO_I32) X(F64_TO_I64) X(F64_TO_UI32) X(F64_TO_UI64)         \
    X(I32_TO_F64) X(I64_TO_F64) X(UI32_TO_F64) X(UI64_TO_F64)                                     \
    X(F32_ADD) X(F32_SUB) X(F32_MUL) X(F32_DIV) X(F32_SQRT) X(F32_REM) X(F32_MULADD)               \
    X(F32_ROUNDTOINT) X(F32_EQ) X(F32_LT) X(F32_LE) X(F32_EQ_SIGNALING) X(F32_LT_QUIET)             \
    X(F32_LE_QUIET) X(F32_TO_F64) X(F32_TO_I32) X(F32_TO_I64) X(F32_TO_UI32) X(F32_TO_UI64)         \
    X(I32_TO_F32) X(I64_TO_F32) X(UI32_TO_F32) X(UI64_TO_F32)

enum sft_op {
#define SFT_ENUM(n) SFT_##n,
    SFT_OPS(SFT_ENUM)
#undef SFT_ENUM
    SFT_OP_COUNT
};

/* One vector: inputs, rounding mode, tininess rule, `exact` argument, and the host build's
 * result bits and exception flags. */
struct sft_vector {
    uint64_t a, b, c, expect;
    uint8_t op, mode, tininess, exact, flags;
};

#endif
