/* Evaluate one sft_op with the SoftFloat library: the same dispatch in the host generator and in
 * the firmware image. Returns the result bits; the flags are in softfloat_exceptionFlags. */
#ifndef PIMNIC_SFT_EVAL_H
#define PIMNIC_SFT_EVAL_H
#include "sft_ops.h"
#include "softfloat.h"

static inline uint64_t sft_eval(int op, uint64_t a, uint64_t b, uint64_t c, uint_fast8_t mode, bool exact)
{
    uint32_t a32 = (uint32_t)a, b32 = (uint32_t)b, c32 = (uint32_t)c;
    switch (op) {
    case SFT_F64_ADD: return sf64_add(a, b);
    case SFT_F64_SUB: return sf64_sub(a, b);
    case SFT_F64_MUL: return sf64_mul(a, b);
    case SFT_F64_DIV: return sf64_div(a, b);
    case SFT_F64_SQRT: return sf64_sqrt(a);
    case SFT_F64_REM: return sf64_rem(a, b);
    case SFT_F64_MULADD: return sf64_mulAdd(a, b, c);
    case SFT_F64_ROUNDTOINT: return sf64_roundToInt(a, mode, exact);
    case SFT_F64_EQ: return sf64_eq(a, b);
    case SFT_F64_LT: return sf64_lt(a, b);
    case SFT_F64_LE: return sf64_le(a, b);
    case SFT_F64_EQ_SIGNALING: return sf64_eq_signaling(a, b);
    case SFT_F64_LT_QUIET: return sf64_lt_quiet(a, b);
    case SFT_F64_LE_QUIET: return sf64_le_quiet(a, b);
    case SFT_F64_TO_F32: return sf64_to_f32(a);
    case SFT_F64_TO_I32: return (uint32_t)sf64_to_i32(a, mode, exact);
    case SFT_F64_TO_I64: return (uint64_t)sf64_to_i64(a, mode, exact);
    case SFT_F64_TO_UI32: return sf64_to_ui32(a, mode, exact);
    case SFT_F64_TO_UI64: return sf64_to_ui64(a, mode, exact);
    case SFT_I32_TO_F64: return sf_i32_to_f64((int32_t)a32);
    case SFT_I64_TO_F64: return sf_i64_to_f64((int64_t)a);
    case SFT_UI32_TO_F64: return sf_ui32_to_f64(a32);
    case SFT_UI64_TO_F64: return sf_ui64_to_f64(a);
    case SFT_F32_ADD: return sf32_add(a32, b32);
    case SFT_F32_SUB: return sf32_sub(a32, b32);
    case SFT_F32_MUL: return sf32_mul(a32, b32);
    case SFT_F32_DIV: return sf32_div(a32, b32);
    case SFT_F32_SQRT: return sf32_sqrt(a32);
    case SFT_F32_REM: return sf32_rem(a32, b32);
    case SFT_F32_MULADD: return sf32_mulAdd(a32, b32, c32);
    case SFT_F32_ROUNDTOINT: return sf32_roundToInt(a32, mode, exact);
    case SFT_F32_EQ: return sf32_eq(a32, b32);
    case SFT_F32_LT: return sf32_lt(a32, b32);
    case SFT_F32_LE: return sf32_le(a32, b32);
    case SFT_F32_EQ_SIGNALING: return sf32_eq_signaling(a32, b32);
    case SFT_F32_LT_QUIET: return sf32_lt_quiet(a32, b32);
    case SFT_F32_LE_QUIET: return sf32_le_quiet(a32, b32);
    case SFT_F32_TO_F64: return sf32_to_f64(a32);
    case SFT_F32_TO_I32: return (uint32_t)sf32_to_i32(a32, mode, exact);
    case SFT_F32_TO_I64: return (uint64_t)sf32_to_i64(a32, mode, exact);
    case SFT_F32_TO_UI32: return sf32_to_ui32(a32, mode, exact);
    case SFT_F32_TO_UI64: return sf32_to_ui64(a32, mode, exact);
    case SFT_I32_TO_F32: return sf_i32_to_f32((int32_t)a32);
    case SFT_I64_TO_F32: return sf_i64_to_f32((int64_t)a);
    case SFT_UI32_TO_F32: return sf_ui32_to_f32(a32);
    case SFT_UI64_TO_F32: return sf_ui64_to_f32(a);
    default: return 0;
    }
}
#endif
