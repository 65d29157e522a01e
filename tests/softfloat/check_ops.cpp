// The operation table (see check_ops.h).
#include "check_ops.h"
#include "hw_x86.h"
#include "softfloat.h"

namespace sfcheck {
namespace {
Out lib_out(uint64_t v) { return {v, (unsigned)softfloat_exceptionFlags}; }
template <class R> Out H(R r) { return {(uint64_t)r.v, r.flags}; }

#define F64(x) (x)
#define F32(x) ((uint32_t)(x))
const ref::Fmt RF64 = ref::F64, RF32 = ref::F32;

} // namespace

int g_mode = 0;

std::vector<Op> make_ops()
{
    std::vector<Op> v;
    // clang-format off
    v.push_back({"f64_add", kF64, 2, IN_FLOAT, R_F64, true, false, false,
        [](const Case& c) { return lib_out(sf64_add(c.a, c.b)); },
        [](const Case& c) { return H(hw::add64(c.a, c.b)); },
        [](const Case& c, int m) { return ref::add(RF64, c.a, c.b, false, m); }});
    v.push_back({"f64_sub", kF64, 2, IN_FLOAT, R_F64, true, false, false,
        [](const Case& c) { return lib_out(sf64_sub(c.a, c.b)); },
        [](const Case& c) { return H(hw::sub64(c.a, c.b)); },
        [](const Case& c, int m) { return ref::add(RF64, c.a, c.b, true, m); }});
    v.push_back({"f64_mul", kF64, 2, IN_FLOAT, R_F64, true, false, false,
        [](const Case& c) { return lib_out(sf64_mul(c.a, c.b)); },
        [](const Case& c) { return H(hw::mul64(c.a, c.b)); },
        [](const Case& c, int m) { return ref::mul(RF64, c.a, c.b, m); }});
    v.push_back({"f64_div", kF64, 2, IN_FLOAT, R_F64, true, false, false,
        [](const Case& c) { return lib_out(sf64_div(c.a, c.b)); },
        [](const Case& c) { return H(hw::div64(c.a, c.b)); },
        [](const Case& c, int m) { return ref::div(RF64, c.a, c.b, m); }});
    v.push_back({"f64_sqrt", kF64, 1, IN_FLOAT, R_F64, false, false, false,
        [](const Case& c) { return lib_out(sf64_sqrt(c.a)); },
        [](const Case& c) { return H(hw::sqrt64(c.a)); },
        [](const Case& c, int m) { return ref::sqrt(RF64, c.a, m); }});
    v.push_back({"f64_rem", kF64, 2, IN_FLOAT, R_F64, false, false, false,
        [](const Case& c) { return lib_out(sf64_rem(c.a, c.b)); },
        [](const Case& c) { return H(hw::rem64(c.a, c.b)); }, nullptr});
    v.push_back({"f64_mulAdd", kF64, 3, IN_FLOAT, R_F64, true, true, false,
        [](const Case& c) { return lib_out(sf64_mulAdd(c.a, c.b, c.c)); },
        [](const Case& c) { return H(hw::fma64(c.a, c.b, c.c)); },
        [](const Case& c, int m) { return ref::fma(RF64, c.a, c.b, c.c, m); }});
    v.push_back({"f64_roundToInt", kF64, 1, IN_FLOAT, R_F64, false, false, false,
        [](const Case& c) { return lib_out(sf64_roundToInt(c.a, (uint_fast8_t)g_mode, c.exact)); },
        [](const Case& c) { return H(hw::rint64(c.a, g_mode, c.exact)); },
        [](const Case& c, int m) { return ref::round_to_int(RF64, c.a, m, c.exact); }});
    v.push_back({"f64_eq", kF64, 2, IN_FLOAT, R_BOOL, false, false, false,
        [](const Case& c) { return lib_out(sf64_eq(c.a, c.b)); },
        [](const Case& c) { return H(hw::cmp64<0x00>(c.a, c.b)); }, nullptr});
    v.push_back({"f64_lt", kF64, 2, IN_FLOAT, R_BOOL, false, false, false,
        [](const Case& c) { return lib_out(sf64_lt(c.a, c.b)); },
        [](const Case& c) { return H(hw::cmp64<0x01>(c.a, c.b)); }, nullptr});
    v.push_back({"f64_le", kF64, 2, IN_FLOAT, R_BOOL, false, false, false,
        [](const Case& c) { return lib_out(sf64_le(c.a, c.b)); },
        [](const Case& c) { return H(hw::cmp64<0x02>(c.a, c.b)); }, nullptr});
    v.push_back({"f64_eq_signaling", kF64, 2, IN_FLOAT, R_BOOL, false, false, false,
        [](const Case& c) { return lib_out(sf64_eq_signaling(c.a, c.b)); },
        [](const Case& c) { return H(hw::cmp64<0x10>(c.a, c.b)); }, nullptr});
    v.push_back({"f64_lt_quiet", kF64, 2, IN_FLOAT, R_BOOL, false, false, false,
        [](const Case& c) { return lib_out(sf64_lt_quiet(c.a, c.b)); },
        [](const Case& c) { return H(hw::cmp64<0x11>(c.a, c.b)); }, nullptr});
    v.push_back({"f64_le_quiet", kF64, 2, IN_FLOAT, R_BOOL, false, false, false,
        [](const Case& c) { return lib_out(sf64_le_quiet(c.a, c.b)); },
        [](const Case& c) { return H(hw::cmp64<0x12>(c.a, c.b)); }, nullptr});
    v.push_back({"f64_to_f32", kF64, 1, IN_FLOAT, R_F32, true, false, false,
        [](const Case& c) { return lib_out(sf64_to_f32(c.a)); },
        [](const Case& c) { return H(hw::f64_to_f32(c.a)); },
        [](const Case& c, int m) { return ref::convert(RF64, RF32, c.a, m); }});
    v.push_back({"f64_to_i32", kF64, 1, IN_FLOAT, R_I32, false, false, false,
        [](const Case& c) { return lib_out((uint32_t)sf64_to_i32(c.a, (uint_fast8_t)g_mode, c.exact)); },
        [](const Case& c) { return H(hw::f64_to_i32_(c.a)); }, nullptr});
    v.push_back({"f64_to_i64", kF64, 1, IN_FLOAT, R_I64, false, false, false,
        [](const Case& c) { return lib_out((uint64_t)sf64_to_i64(c.a, (uint_fast8_t)g_mode, c.exact)); },
        [](const Case& c) { return H(hw::f64_to_i64_(c.a)); }, nullptr});
    v.push_back({"f64_to_ui32", kF64, 1, IN_FLOAT, R_U32, false, false, true,
        [](const Case& c) { return lib_out(sf64_to_ui32(c.a, (uint_fast8_t)g_mode, c.exact)); },
        [](const Case& c) { return H(hw::f64_to_ui32_(c.a)); }, nullptr});
    v.push_back({"f64_to_ui64", kF64, 1, IN_FLOAT, R_U64, false, false, true,
        [](const Case& c) { return lib_out(sf64_to_ui64(c.a, (uint_fast8_t)g_mode, c.exact)); },
        [](const Case& c) { return H(hw::f64_to_ui64_(c.a)); }, nullptr});
    v.push_back({"i32_to_f64", kF64, 0, IN_I32, R_F64, false, false, false,
        [](const Case& c) { return lib_out(sf_i32_to_f64((int32_t)c.a)); },
        [](const Case& c) { return H(hw::i32_to_f64((int32_t)c.a)); },
        [](const Case& c, int m) { int32_t x = (int32_t)c.a; return ref::from_int(RF64, x < 0 ? 0 - (uint64_t)(int64_t)x : (uint64_t)x, x < 0, m); }});
    v.push_back({"i64_to_f64", kF64, 0, IN_I64, R_F64, false, false, false,
        [](const Case& c) { return lib_out(sf_i64_to_f64((int64_t)c.a)); },
        [](const Case& c) { return H(hw::i64_to_f64((int64_t)c.a)); },
        [](const Case& c, int m) { int64_t x = (int64_t)c.a; return ref::from_int(RF64, x < 0 ? 0 - c.a : c.a, x < 0, m); }});
    v.push_back({"ui32_to_f64", kF64, 0, IN_U32, R_F64, false, false, true,
        [](const Case& c) { return lib_out(sf_ui32_to_f64((uint32_t)c.a)); },
        [](const Case& c) { return H(hw::ui32_to_f64((uint32_t)c.a)); },
        [](const Case& c, int m) { return ref::from_int(RF64, (uint32_t)c.a, false, m); }});
    v.push_back({"ui64_to_f64", kF64, 0, IN_U64, R_F64, false, false, true,
        [](const Case& c) { return lib_out(sf_ui64_to_f64(c.a)); },
        [](const Case& c) { return H(hw::ui64_to_f64(c.a)); },
        [](const Case& c, int m) { return ref::from_int(RF64, c.a, false, m); }});

    v.push_back({"f32_add", kF32, 2, IN_FLOAT, R_F32, true, false, false,
        [](const Case& c) { return lib_out(sf32_add(F32(c.a), F32(c.b))); },
        [](const Case& c) { return H(hw::add32(F32(c.a), F32(c.b))); },
        [](const Case& c, int m) { return ref::add(RF32, c.a, c.b, false, m); }});
    v.push_back({"f32_sub", kF32, 2, IN_FLOAT, R_F32, true, false, false,
        [](const Case& c) { return lib_out(sf32_sub(F32(c.a), F32(c.b))); },
        [](const Case& c) { return H(hw::sub32(F32(c.a), F32(c.b))); },
        [](const Case& c, int m) { return ref::add(RF32, c.a, c.b, true, m); }});
    v.push_back({"f32_mul", kF32, 2, IN_FLOAT, R_F32, true, false, false,
        [](const Case& c) { return lib_out(sf32_mul(F32(c.a), F32(c.b))); },
        [](const Case& c) { return H(hw::mul32(F32(c.a), F32(c.b))); },
        [](const Case& c, int m) { return ref::mul(RF32, c.a, c.b, m); }});
    v.push_back({"f32_div", kF32, 2, IN_FLOAT, R_F32, true, false, false,
        [](const Case& c) { return lib_out(sf32_div(F32(c.a), F32(c.b))); },
        [](const Case& c) { return H(hw::div32(F32(c.a), F32(c.b))); },
        [](const Case& c, int m) { return ref::div(RF32, c.a, c.b, m); }});
    v.push_back({"f32_sqrt", kF32, 1, IN_FLOAT, R_F32, false, false, false,
        [](const Case& c) { return lib_out(sf32_sqrt(F32(c.a))); },
        [](const Case& c) { return H(hw::sqrt32(F32(c.a))); },
        [](const Case& c, int m) { return ref::sqrt(RF32, c.a, m); }});
    v.push_back({"f32_rem", kF32, 2, IN_FLOAT, R_F32, false, false, false,
        [](const Case& c) { return lib_out(sf32_rem(F32(c.a), F32(c.b))); },
        [](const Case& c) { return H(hw::rem32(F32(c.a), F32(c.b))); }, nullptr});
    v.push_back({"f32_mulAdd", kF32, 3, IN_FLOAT, R_F32, true, true, false,
        [](const Case& c) { return lib_out(sf32_mulAdd(F32(c.a), F32(c.b), F32(c.c))); },
        [](const Case& c) { return H(hw::fma32(F32(c.a), F32(c.b), F32(c.c))); },
        [](const Case& c, int m) { return ref::fma(RF32, c.a, c.b, c.c, m); }});
    v.push_back({"f32_roundToInt", kF32, 1, IN_FLOAT, R_F32, false, false, false,
        [](const Case& c) { return lib_out(sf32_roundToInt(F32(c.a), (uint_fast8_t)g_mode, c.exact)); },
        [](const Case& c) { return H(hw::rint32(F32(c.a), g_mode, c.exact)); },
        [](const Case& c, int m) { return ref::round_to_int(RF32, c.a, m, c.exact); }});
    v.push_back({"f32_eq", kF32, 2, IN_FLOAT, R_BOOL, false, false, false,
        [](const Case& c) { return lib_out(sf32_eq(F32(c.a), F32(c.b))); },
        [](const Case& c) { return H(hw::cmp32<0x00>(F32(c.a), F32(c.b))); }, nullptr});
    v.push_back({"f32_lt", kF32, 2, IN_FLOAT, R_BOOL, false, false, false,
        [](const Case& c) { return lib_out(sf32_lt(F32(c.a), F32(c.b))); },
        [](const Case& c) { return H(hw::cmp32<0x01>(F32(c.a), F32(c.b))); }, nullptr});
    v.push_back({"f32_le", kF32, 2, IN_FLOAT, R_BOOL, false, false, false,
        [](const Case& c) { return lib_out(sf32_le(F32(c.a), F32(c.b))); },
        [](const Case& c) { return H(hw::cmp32<0x02>(F32(c.a), F32(c.b))); }, nullptr});
    v.push_back({"f32_eq_signaling", kF32, 2, IN_FLOAT, R_BOOL, false, false, false,
        [](const Case& c) { return lib_out(sf32_eq_signaling(F32(c.a), F32(c.b))); },
        [](const Case& c) { return H(hw::cmp32<0x10>(F32(c.a), F32(c.b))); }, nullptr});
    v.push_back({"f32_lt_quiet", kF32, 2, IN_FLOAT, R_BOOL, false, false, false,
        [](const Case& c) { return lib_out(sf32_lt_quiet(F32(c.a), F32(c.b))); },
        [](const Case& c) { return H(hw::cmp32<0x11>(F32(c.a), F32(c.b))); }, nullptr});
    v.push_back({"f32_le_quiet", kF32, 2, IN_FLOAT, R_BOOL, false, false, false,
        [](const Case& c) { return lib_out(sf32_le_quiet(F32(c.a), F32(c.b))); },
        [](const Case& c) { return H(hw::cmp32<0x12>(F32(c.a), F32(c.b))); }, nullptr});
    v.push_back({"f32_to_f64", kF32, 1, IN_FLOAT, R_F64, false, false, false,
        [](const Case& c) { return lib_out(sf32_to_f64(F32(c.a))); },
        [](const Case& c) { return H(hw::f32_to_f64(F32(c.a))); },
        [](const Case& c, int m) { return ref::convert(RF32, RF64, c.a, m); }});
    v.push_back({"f32_to_i32", kF32, 1, IN_FLOAT, R_I32, false, false, false,
        [](const Case& c) { return lib_out((uint32_t)sf32_to_i32(F32(c.a), (uint_fast8_t)g_mode, c.exact)); },
        [](const Case& c) { return H(hw::f32_to_i32_(F32(c.a))); }, nullptr});
    v.push_back({"f32_to_i64", kF32, 1, IN_FLOAT, R_I64, false, false, false,
        [](const Case& c) { return lib_out((uint64_t)sf32_to_i64(F32(c.a), (uint_fast8_t)g_mode, c.exact)); },
        [](const Case& c) { return H(hw::f32_to_i64_(F32(c.a))); }, nullptr});
    v.push_back({"f32_to_ui32", kF32, 1, IN_FLOAT, R_U32, false, false, true,
        [](const Case& c) { return lib_out(sf32_to_ui32(F32(c.a), (uint_fast8_t)g_mode, c.exact)); },
        [](const Case& c) { return H(hw::f32_to_ui32_(F32(c.a))); }, nullptr});
    v.push_back({"f32_to_ui64", kF32, 1, IN_FLOAT, R_U64, false, false, true,
        [](const Case& c) { return lib_out(sf32_to_ui64(F32(c.a), (uint_fast8_t)g_mode, c.exact)); },
        [](const Case& c) { return H(hw::f32_to_ui64_(F32(c.a))); }, nullptr});
    v.push_back({"i32_to_f32", kF32, 0, IN_I32, R_F32, false, false, false,
        [](const Case& c) { return lib_out(sf_i32_to_f32((int32_t)c.a)); },
        [](const Case& c) { return H(hw::i32_to_f32((int32_t)c.a)); },
        [](const Case& c, int m) { int32_t x = (int32_t)c.a; return ref::from_int(RF32, x < 0 ? 0 - (uint64_t)(int64_t)x : (uint64_t)x, x < 0, m); }});
    v.push_back({"i64_to_f32", kF32, 0, IN_I64, R_F32, false, false, false,
        [](const Case& c) { return lib_out(sf_i64_to_f32((int64_t)c.a)); },
        [](const Case& c) { return H(hw::i64_to_f32((int64_t)c.a)); },
        [](const Case& c, int m) { int64_t x = (int64_t)c.a; return ref::from_int(RF32, x < 0 ? 0 - c.a : c.a, x < 0, m); }});
    v.push_back({"ui32_to_f32", kF32, 0, IN_U32, R_F32, false, false, true,
        [](const Case& c) { return lib_out(sf_ui32_to_f32((uint32_t)c.a)); },
        [](const Case& c) { return H(hw::ui32_to_f32((uint32_t)c.a)); },
        [](const Case& c, int m) { return ref::from_int(RF32, (uint32_t)c.a, false, m); }});
    v.push_back({"ui64_to_f32", kF32, 0, IN_U64, R_F32, false, false, true,
        [](const Case& c) { return lib_out(sf_ui64_to_f32(c.a)); },
        [](const Case& c) { return H(hw::ui64_to_f32(c.a)); },
        [](const Case& c, int m) { return ref::from_int(RF32, c.a, false, m); }});
    // clang-format on
    return v;
}

} // namespace sfcheck
