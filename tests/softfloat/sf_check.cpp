// Bit-exact check of pimnic SoftFloat against the host's IEEE hardware.
//
// For every operation, each of the five rounding modes and both tininess modes: edge-case
// operands (all pairs; triples of a reduced set for fused multiply-add) and N random operand
// sets. Expected results and flags come from:
//  - the x86-64 hardware (hw_x86.h) for round to nearest-even, towards zero, down and up with
//    tininess after rounding (SSE's rule);
//  - tininess before rounding: the same hardware result, with underflow recomputed as
//    "inexact and |exact result| < 2^emin", where the second test uses the hardware result
//    rounded towards zero (truncation keeps x < 2^emin exactly when x < 2^emin);
//  - round to nearest, ties away (no x86 mode): the exact big-integer reference (exact_ref.h),
//    which --self-check compares with the hardware in the other four modes on every case;
//  - IEEE remainder: the x87 fprem1 instruction (exact), NaN inputs by the documented rule.
// The library under test is built in one NaN style (SF_EXPECT_X86_STYLE): x86 style must match
// the hardware bit for bit; PowerPC style gets the documented substitutions (default NaN,
// fused multiply-add NaN order, saturating invalid integer conversions).
#include "check_ops.h"
#include "exact_ref.h"
#include "hw_x86.h"
#include "operands.h"
#include "softfloat.h"
#include "sft_eval.h"

#include <cctype>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#ifndef SF_EXPECT_X86_STYLE
#define SF_EXPECT_X86_STYLE 1
#endif

bool hw::has_fma() { return __builtin_cpu_supports("fma"); }
bool hw::has_avx512() { return __builtin_cpu_supports("avx512f"); }

using namespace sfcheck;

namespace {

// ---- Helpers on results ------------------------------------------------------------------------
bool is_nan(Res r, uint64_t v)
{
    if (r == R_F64) return (v & 0x7FFFFFFFFFFFFFFFull) > 0x7FF0000000000000ull;
    if (r == R_F32) return (v & 0x7FFFFFFFu) > 0x7F800000u;
    return false;
}
bool is_nan_in(FmtInfo f, uint64_t v)
{
    return f.bits == 64 ? is_nan(R_F64, v) : is_nan(R_F32, v);
}
bool is_snan_in(FmtInfo f, uint64_t v)
{
    uint64_t q = 1ull << (f.p - 2);
    return is_nan_in(f, v) && !(v & q);
}
uint64_t quiet(FmtInfo f, uint64_t v) { return v | (1ull << (f.p - 2)); }
bool tiny_mag(Res r, uint64_t v) // |v| < smallest normal (v not NaN/inf)
{
    if (r == R_F64) return (v & 0x7FFFFFFFFFFFFFFFull) < 0x0010000000000000ull;
    return (v & 0x7FFFFFFFu) < 0x00800000u;
}
int int_bits(Res r) { return (r == R_I32 || r == R_U32) ? 32 : 64; }
bool int_signed(Res r) { return r == R_I32 || r == R_I64; }
bool is_int_res(Res r) { return r >= R_I32 && r <= R_U64; }

// Integer result of an invalid conversion in each style.
uint64_t invalid_int(Res r, bool nan, bool neg)
{
    int bits = int_bits(r);
    uint64_t mask = bits == 64 ? ~0ull : 0xFFFFFFFFull;
    uint64_t smin = 1ull << (bits - 1);
#if SF_EXPECT_X86_STYLE
    (void)nan; (void)neg;
    return int_signed(r) ? smin : mask;
#else
    if (int_signed(r)) return (nan || neg) ? smin : smin - 1;
    return (nan || neg) ? 0 : mask;
#endif
}

struct Stats { uint64_t cases = 0, fails = 0, ref_checked = 0, ref_fails = 0; };

struct Checker {
    const Op& op;
    Stats st;
    bool self_check;
    int printed = 0;

    // Hardware result in `mode` (0..3), with the documented style substitutions and the
    // `exact` rule for conversions to integers.
    Out hw_in(const Case& c, int mode)
    {
        hw::set_mode(mode);
        g_mode = mode;
        Out o = op.hw(c);
        if (is_int_res(op.res) && !c.exact) o.flags &= ~hw::kInexact;
        return o;
    }

    Out expected(const Case& c, int mode, bool tiny_before)
    {
        FmtInfo f = op.fmt;
        bool nan_in = false, snan_in = false;
        if (op.arity >= 1) { nan_in |= is_nan_in(f, c.a); snan_in |= is_snan_in(f, c.a); }
        if (op.arity >= 2) { nan_in |= is_nan_in(f, c.b); snan_in |= is_snan_in(f, c.b); }
        if (op.arity >= 3) { nan_in |= is_nan_in(f, c.c); snan_in |= is_snan_in(f, c.c); }

        Out e;
        bool from_ref = false;
        if (mode == softfloat_round_near_maxMag) {
            if (is_int_res(op.res)) {
                ref::IntRes ir = ref::to_int(ref::Fmt{f.p, f.bits == 64 ? -1022 : -126, f.bits == 64 ? 1023 : 127, f.bias, f.bits}, c.a, mode);
                if (ir.valid) {
                    int bits = int_bits(op.res);
                    bool fits;
                    if (ir.big) fits = false;
                    else if (int_signed(op.res)) fits = ir.mag <= (ir.neg ? (1ull << (bits - 1)) : (1ull << (bits - 1)) - 1);
                    else fits = ir.neg ? ir.mag == 0 : (bits == 64 || ir.mag <= 0xFFFFFFFFull);
                    if (fits) {
                        uint64_t mask = bits == 64 ? ~0ull : 0xFFFFFFFFull;
                        e.v = (ir.neg ? 0 - ir.mag : ir.mag) & mask;
                        e.flags = (ir.inexact && c.exact) ? hw::kInexact : 0;
                    } else {
                        e.v = invalid_int(op.res, false, ir.neg);
                        e.flags = hw::kInvalid;
                    }
                    return e;
                }
                e = hw_in(c, 0);
            } else if (op.ref) {
                g_mode = mode;
                ref::Res r = op.ref(c, mode);
                if (r.valid) {
                    e.v = r.v;
                    e.flags = tiny_before ? r.flags_before : r.flags_after;
                    from_ref = true;
                } else {
                    e = hw_in(c, 0); // NaN/inf operands or an exact zero: mode-independent here
                }
            } else {
                e = hw_in(c, 0); // comparisons, remainder: no rounding
            }
        } else {
            e = hw_in(c, mode);
        }

        // Tininess before rounding: underflow iff inexact and the exact result is below 2^emin.
        if (!from_ref && tiny_before && op.underflows && !is_nan(op.res, e.v)) {
            e.flags &= ~hw::kUnderflow;
            if (e.flags & hw::kInexact) {
                Out rz = hw_in(c, softfloat_round_minMag);
                if (tiny_mag(op.res, rz.v)) e.flags |= hw::kUnderflow;
            }
        }

        // Remainder: the x87 NaN rule differs; the documented rule is "first NaN, quieted".
        if (strstr(op.name, "_rem") && nan_in) {
            uint64_t first = is_nan_in(f, c.a) ? c.a : c.b;
            e.v = quiet(f, first);
            e.flags = snan_in ? hw::kInvalid : 0;
        }
        // Integer conversions: hardware value only when valid.
        if (is_int_res(op.res) && (e.flags & hw::kInvalid)) {
            bool neg = (c.a >> (f.bits - 1)) & 1;
            e.v = invalid_int(op.res, nan_in, neg);
            e.flags = hw::kInvalid;
        }
#if !SF_EXPECT_X86_STYLE
        // PowerPC style: positive default NaN; fused multiply-add NaN order a, c, b and invalid
        // for inf*0 + quiet NaN.
        if (is_nan(op.res, e.v) && !nan_in) e.v = (op.res == R_F64) ? 0x7FF8000000000000ull : 0x7FC00000u;
        if (op.arity == 3 && nan_in) {
            uint64_t first = is_nan_in(f, c.a) ? c.a : is_nan_in(f, c.c) ? c.c : c.b;
            e.v = quiet(f, first);
            auto inf = [&](uint64_t x) { return (x << (65 - f.bits)) == (((1ull << (f.bits - f.p)) - 1) << (f.p - 1)) << (65 - f.bits); };
            auto zero = [&](uint64_t x) { return (x << (65 - f.bits)) == 0; };
            bool infzero = (inf(c.a) && zero(c.b)) || (zero(c.a) && inf(c.b));
            e.flags = (snan_in || infzero) ? hw::kInvalid : 0;
        }
#endif
        return e;
    }

    void report(const char* what, const Case& c, int mode, bool before, Out got, Out want)
    {
        if (printed++ >= 8) return;
        std::printf("  FAIL %s %s mode=%d tininess=%s exact=%d a=%016" PRIx64 " b=%016" PRIx64
                    " c=%016" PRIx64 ": got %016" PRIx64 "/%02x want %016" PRIx64 "/%02x\n",
                    op.name, what, mode, before ? "before" : "after", c.exact, c.a, c.b, c.c, got.v,
                    got.flags, want.v, want.flags);
    }

    void check(const Case& c, int mode)
    {
        for (int t = 0; t < 2; ++t) {
            bool before = t == 1;
            if (t == 1 && !op.underflows && mode != softfloat_round_near_maxMag) break;
            Out want = expected(c, mode, before);
            softfloat_roundingMode = (uint_fast8_t)mode;
            softfloat_detectTininess = before ? softfloat_tininess_beforeRounding : softfloat_tininess_afterRounding;
            softfloat_exceptionFlags = 0;
            g_mode = mode;
            Out got = op.lib(c);
            ++st.cases;
            if (got.v != want.v || got.flags != want.flags) {
                ++st.fails;
                report("result", c, mode, before, got, want);
            }
        }
        // The reference against the hardware, in the hardware's modes.
        if (self_check && op.ref && mode < 4 && !is_int_res(op.res)) {
            g_mode = mode;
            ref::Res r = op.ref(c, mode);
            if (r.valid) {
                Out h = hw_in(c, mode);
                ++st.ref_checked;
                if (h.v != r.v || h.flags != r.flags_after) {
                    ++st.ref_fails;
                    report("REFERENCE", c, mode, false, {r.v, r.flags_after}, h);
                }
            }
        }
    }
};

uint64_t parse_u64(const char* s) { return std::strtoull(s, nullptr, 0); }

const char* const kSftNames[] = {
#define SFT_NAME(n) #n,
    SFT_OPS(SFT_NAME)
#undef SFT_NAME
};

int sft_id(const char* name)
{
    std::string up;
    for (const char* p = name; *p; ++p) up += (char)std::toupper((unsigned char)*p);
    for (int i = 0; i < SFT_OP_COUNT; ++i)
        if (up == kSftNames[i]) return i;
    return -1;
}

// The firmware vector set: per operation and rounding mode, a spread of edge cases and a few
// random ones, each checked here like any other case (hardware, or the exact reference for
// ties-away and tininess before rounding) and written with the host library's bits.
int emit_vectors(const char* path, int per_mode, const char* compare_with)
{
    FILE* out = std::fopen(path, "w");
    if (!out) { std::perror(path); return 2; }
    std::fprintf(out, "/* Generated by softfloat_check_ppc --emit-vectors (tests/softfloat/sf_check.cpp): the host\n"
                      " * build's result bits and flags (PowerPC NaN style), each checked against the host FPU or\n"
                      " * the exact reference when generated. Do not edit; ctest softfloat.vectors_current. */\n"
                      "static const struct sft_vector sft_vectors[] = {\n");
    uint64_t n = 0, bad = 0;
    for (const Op& op : make_ops()) {
        int id = sft_id(op.name);
        if (id < 0) { std::fprintf(stderr, "no sft op for %s\n", op.name); return 2; }
        if ((op.needs_fma && !hw::has_fma()) || (op.needs_avx512 && !hw::has_avx512())) {
            std::printf("SKIP: host lacks FMA/AVX-512, cannot check %s\n", op.name);
            return 77;
        }
        Checker ck{op, {}, false};
        ops::Gen gen(2026 ^ (uint64_t)id);
        std::vector<uint64_t> e = op.arity == 0 ? ops::edge_ints(op.in == IN_I32 || op.in == IN_U32 ? 32 : 64, op.in == IN_I32 || op.in == IN_I64)
                                                : ops::edge_floats(op.fmt);
        for (int mode = 0; mode < 5; ++mode) {
            for (int k = 0; k < per_mode; ++k) {
                Case c;
                c.exact = (k + mode) & 1;
                if (k % 2 == 0) { // edge values, walked with a stride so the modes see different ones
                    size_t i = (size_t)(k / 2 * 7 + mode * 3);
                    c.a = e[i % e.size()];
                    c.b = e[(i * 5 + 1) % e.size()];
                    c.c = e[(i * 11 + 2) % e.size()];
                } else {
                    c.a = op.arity == 0 ? gen.integer(op.in == IN_I32 || op.in == IN_U32 ? 32 : 64)
                        : is_int_res(op.res) ? gen.flt_intish(op.fmt, int_bits(op.res)) : gen.flt(op.fmt);
                    c.b = gen.flt(op.fmt, ops::Gen::exp_of(op.fmt, c.a));
                    c.c = gen.flt(op.fmt, ops::Gen::exp_of(op.fmt, c.a));
                }
                if (op.arity < 3) c.c = 0;
                if (op.arity < 2) c.b = 0;
                bool before = (k / 2 + mode) & 1;
                Out want = ck.expected(c, mode, before);
                softfloat_roundingMode = (uint_fast8_t)mode;
                softfloat_detectTininess = before ? softfloat_tininess_beforeRounding : softfloat_tininess_afterRounding;
                softfloat_exceptionFlags = 0;
                uint64_t v = sft_eval(id, c.a, c.b, c.c, (uint_fast8_t)mode, c.exact);
                unsigned fl = softfloat_exceptionFlags;
                if (v != want.v || fl != want.flags) {
                    ++bad;
                    std::fprintf(stderr, "vector mismatch %s mode %d: got %016" PRIx64 "/%02x want %016" PRIx64 "/%02x\n",
                                 op.name, mode, v, fl, want.v, want.flags);
                }
                std::fprintf(out, "    {0x%" PRIx64 "ull, 0x%" PRIx64 "ull, 0x%" PRIx64 "ull, 0x%" PRIx64 "ull, SFT_%s, %d, %d, %d, 0x%02x},\n",
                             c.a, c.b, c.c, v, kSftNames[id], mode, before ? 0 : 1, c.exact ? 1 : 0, fl);
                ++n;
            }
        }
    }
    hw::set_mode(0);
    std::fprintf(out, "};\n");
    std::fclose(out);
    std::printf("%" PRIu64 " vectors written to %s, %" PRIu64 " disagree with the hardware/reference\n", n, path, bad);
    if (bad) return 1;
    if (compare_with) { // the committed header must be exactly what this build generates
        auto slurp = [](const char* p) {
            std::string t;
            if (FILE* f = std::fopen(p, "rb")) {
                char buf[65536];
                size_t k;
                while ((k = std::fread(buf, 1, sizeof buf, f)) > 0) t.append(buf, k);
                std::fclose(f);
            }
            return t;
        };
        if (slurp(path) != slurp(compare_with)) {
            std::printf("%s is out of date: regenerate it with --emit-vectors %s\n", compare_with, compare_with);
            return 1;
        }
        std::printf("%s is the host build's output\n", compare_with);
    }
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    uint64_t n_random = 20000, seed = 1;
    bool self_check = false, edges = true;
    std::string only;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--random" && i + 1 < argc) n_random = parse_u64(argv[++i]);
        else if (a == "--seed" && i + 1 < argc) seed = parse_u64(argv[++i]);
        else if (a == "--op" && i + 1 < argc) only = argv[++i];
        else if (a == "--self-check") self_check = true;
        else if (a == "--no-edges") edges = false;
        else if (a == "--emit-vectors" && i + 1 < argc)
            return emit_vectors(argv[i + 1], 10, i + 3 < argc && std::string(argv[i + 2]) == "--compare" ? argv[i + 3] : nullptr);
        else {
            std::fprintf(stderr, "usage: %s [--random N] [--seed S] [--op NAME] [--self-check] [--no-edges]\n"
                                 "       %s --emit-vectors FILE [--compare COMMITTED]\n", argv[0], argv[0]);
            return 2;
        }
    }
    std::printf("softfloat check: style %s, %" PRIu64 " random operand sets per operation and mode, seed %" PRIu64 "%s\n",
                SF_EXPECT_X86_STYLE ? "x86" : "powerpc", n_random, seed, self_check ? ", reference self-check" : "");
    if (softfloat_nanStyle != SF_EXPECT_X86_STYLE) {
        std::printf("library built in the wrong NaN style\n");
        return 1;
    }
    uint64_t total = 0, failed = 0, skipped = 0, ref_total = 0, ref_failed = 0;
    for (const Op& op : make_ops()) {
        if (!only.empty() && only != op.name) continue;
        if ((op.needs_fma && !hw::has_fma()) || (op.needs_avx512 && !hw::has_avx512())) {
            std::printf("%-18s SKIPPED (host lacks %s)\n", op.name, op.needs_fma ? "FMA" : "AVX-512");
            ++skipped;
            continue;
        }
        Checker ck{op, {}, self_check};
        ops::Gen gen(seed ^ std::hash<std::string>{}(op.name));
        // Edge cases.
        std::vector<Case> edge_cases;
        if (edges) {
            if (op.arity == 0) {
                for (uint64_t x : ops::edge_ints(op.in == IN_I32 || op.in == IN_U32 ? 32 : 64, op.in == IN_I32 || op.in == IN_I64))
                    edge_cases.push_back({x, 0, 0, true});
            } else {
                std::vector<uint64_t> e = ops::edge_floats(op.fmt);
                if (op.arity == 1) {
                    for (uint64_t x : e) {
                        edge_cases.push_back({x, 0, 0, true});
                        edge_cases.push_back({x, 0, 0, false});
                    }
                } else if (op.arity == 2) {
                    for (uint64_t x : e)
                        for (uint64_t y : e) edge_cases.push_back({x, y, 0, true});
                } else {
                    std::vector<uint64_t> r;
                    for (size_t i = 0; i < e.size(); i += 2) r.push_back(e[i] ^ (i % 4 ? 0 : 1ull << (op.fmt.bits - 1)));
                    for (uint64_t x : r)
                        for (uint64_t y : r)
                            for (uint64_t z : r) edge_cases.push_back({x, y, z, true});
                }
            }
        }
        for (int mode = 0; mode < 5; ++mode) {
            for (const Case& c : edge_cases) ck.check(c, mode);
            for (uint64_t i = 0; i < n_random; ++i) {
                Case c;
                c.exact = i & 1;
                switch (op.arity) {
                case 0: c.a = gen.integer(op.in == IN_I32 || op.in == IN_U32 ? 32 : 64); break;
                case 1:
                    c.a = is_int_res(op.res) ? (gen.next() % 4 ? gen.flt_intish(op.fmt, int_bits(op.res)) : gen.flt(op.fmt))
                                             : gen.flt(op.fmt);
                    break;
                case 2:
                    c.a = gen.flt(op.fmt);
                    c.b = gen.flt(op.fmt, ops::Gen::exp_of(op.fmt, c.a));
                    break;
                default: {
                    c.a = gen.flt(op.fmt);
                    c.b = gen.flt(op.fmt, op.fmt.bias);
                    int pe = ops::Gen::exp_of(op.fmt, c.a) + ops::Gen::exp_of(op.fmt, c.b) - op.fmt.bias;
                    c.c = gen.flt(op.fmt, pe < 0 ? 0 : pe);
                    break;
                }
                }
                ck.check(c, mode);
            }
        }
        hw::set_mode(0);
        std::printf("%-18s %12" PRIu64 " checks %s", op.name, ck.st.cases, ck.st.fails ? "FAILED" : "ok");
        if (ck.st.fails) std::printf(" (%" PRIu64 " mismatches)", ck.st.fails);
        if (self_check && op.ref && !is_int_res(op.res))
            std::printf("; reference vs hardware %" PRIu64 " cases, %" PRIu64 " mismatches", ck.st.ref_checked, ck.st.ref_fails);
        std::printf("\n");
        total += ck.st.cases;
        failed += ck.st.fails ? 1 : 0;
        ref_total += ck.st.ref_checked;
        ref_failed += ck.st.ref_fails ? 1 : 0;
    }
    std::printf("total %" PRIu64 " checks; %" PRIu64 " operations failed, %" PRIu64 " skipped; reference self-check %" PRIu64 " cases, %" PRIu64 " operations disagree\n",
                total, failed, skipped, ref_total, ref_failed);
    return (failed || ref_failed) ? 1 : 0;
}
