// The PowerPC NaN style against a PowerPC FPU: runs ppc_fpu_ref (a static powerpc-linux
// program) under qemu-ppc-static on edge and random operands in the four rounding modes the
// FPU has, and compares result bits and flags with the library (PowerPC style, tininess before
// rounding). This checks the style's PowerPC-specific rules (default NaN, fmadd NaN order and
// inf*0+QNaN, fctiw saturation, tininess) against an implementation nobody here wrote.
// usage: softfloat_ppc_fpu_compare QEMU PPC_FPU_REF [RANDOM_PER_OP_AND_MODE]
#include "operands.h"
#include "softfloat.h"

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {
struct Case { unsigned op, mode; uint64_t a, b, c; };
const char* const kNames[] = {"fadd", "fsub", "fmul", "fdiv", "fmadd", "fadds", "fsubs", "fmuls",
                              "fdivs", "fmadds", "frsp", "fctiw", "fctiwz", "fcmpu", "fcmpo"};
constexpr unsigned kOps = 15;

bool is_single(unsigned op) { return op >= 5 && op <= 9; }
int arity(unsigned op) { return (op == 4 || op == 9) ? 3 : (op >= 10 && op <= 12) ? 1 : 2; }

unsigned flags_of_fpscr(uint32_t f)
{
    unsigned r = 0;
    if (f & 0x20000000u) r |= softfloat_flag_invalid;
    if (f & 0x10000000u) r |= softfloat_flag_overflow;
    if (f & 0x08000000u) r |= softfloat_flag_underflow;
    if (f & 0x04000000u) r |= softfloat_flag_infinite;
    if (f & 0x02000000u) r |= softfloat_flag_inexact;
    return r;
}

uint64_t lib(const Case& c)
{
    softfloat_roundingMode = (uint_fast8_t)c.mode;
    uint32_t a = (uint32_t)c.a, b = (uint32_t)c.b, d = (uint32_t)c.c;
    switch (c.op) {
    case 0: return sf64_add(c.a, c.b);
    case 1: return sf64_sub(c.a, c.b);
    case 2: return sf64_mul(c.a, c.b);
    case 3: return sf64_div(c.a, c.b);
    case 4: return sf64_mulAdd(c.a, c.b, c.c);
    case 5: return sf32_add(a, b);
    case 6: return sf32_sub(a, b);
    case 7: return sf32_mul(a, b);
    case 8: return sf32_div(a, b);
    case 9: return sf32_mulAdd(a, b, d);
    case 10: return sf64_to_f32(c.a);
    case 11: return (uint32_t)sf64_to_i32(c.a, (uint_fast8_t)c.mode, true);
    case 12: return (uint32_t)sf64_to_i32(c.a, softfloat_round_minMag, true);
    default: { // CR0 field: LT GT EQ UN
        bool un = !sf64_le_quiet(c.a, c.b) && !sf64_le_quiet(c.b, c.a);
        unsigned fl = softfloat_exceptionFlags;
        softfloat_exceptionFlags = 0;
        if (c.op == 13) sf64_eq(c.a, c.b); else sf64_lt(c.a, c.b); // the instruction's flags
        (void)fl;
        if (un) return 1;
        return sf64_lt_quiet(c.a, c.b) ? 8 : sf64_eq(c.a, c.b) ? 2 : 4;
    }
    }
}
} // namespace

int main(int argc, char** argv)
{
    if (argc < 3) {
        std::fprintf(stderr, "usage: %s QEMU PPC_FPU_REF [N]\n", argv[0]);
        return 2;
    }
    unsigned n_random = argc > 3 ? (unsigned)std::atoi(argv[3]) : 3000;
    std::vector<Case> cases;
    ops::Gen gen(77);
    auto e64 = ops::edge_floats(ops::kF64), e32 = ops::edge_floats(ops::kF32);
    for (unsigned op = 0; op < kOps; ++op) {
        bool s = is_single(op);
        const auto& e = s ? e32 : e64;
        ops::FmtInfo f = s ? ops::kF32 : ops::kF64;
        for (unsigned mode = 0; mode < 4; ++mode) {
            for (size_t i = 0; i < e.size(); ++i)
                for (size_t j = 0; j < e.size(); j += (arity(op) == 1 ? e.size() : 3))
                    cases.push_back({op, mode, e[i], e[j], e[(i * 7 + j) % e.size()]});
            for (unsigned k = 0; k < n_random; ++k) {
                uint64_t a = op == 11 || op == 12 ? gen.flt_intish(f, 32) : gen.flt(f);
                uint64_t b = gen.flt(f, ops::Gen::exp_of(f, a));
                int pe = ops::Gen::exp_of(f, a) + ops::Gen::exp_of(f, b) - f.bias;
                uint64_t c = gen.flt(f, pe < 0 ? 0 : pe);
                cases.push_back({op, mode, a, b, c});
            }
        }
    }
    std::string in = "softfloat_ppc_cases.txt", out = "softfloat_ppc_results.txt";
    FILE* fin = std::fopen(in.c_str(), "w");
    for (const Case& c : cases) std::fprintf(fin, "%u %u %" PRIx64 " %" PRIx64 " %" PRIx64 "\n", c.op, c.mode, c.a, c.b, c.c);
    std::fclose(fin);
    std::string cmd = std::string(argv[1]) + " " + argv[2] + " < " + in + " > " + out;
    if (std::system(cmd.c_str()) != 0) {
        std::printf("failed to run: %s\n", cmd.c_str());
        return 1;
    }
    FILE* fout = std::fopen(out.c_str(), "r");
    softfloat_detectTininess = softfloat_tininess_beforeRounding;
    unsigned long long fails = 0, per_op_fail[kOps] = {}, per_op[kOps] = {};
    for (const Case& c : cases) {
        unsigned long long r;
        unsigned fp;
        if (std::fscanf(fout, "%llx %x", &r, &fp) != 2) {
            std::printf("short output from the PowerPC reference\n");
            return 1;
        }
        softfloat_exceptionFlags = 0;
        uint64_t v = lib(c);
        unsigned fl = softfloat_exceptionFlags, want = flags_of_fpscr(fp);
        ++per_op[c.op];
        if (v != r || fl != want) {
            ++per_op_fail[c.op];
            if (fails++ < 12)
                std::printf("  FAIL %s mode %u a=%" PRIx64 " b=%" PRIx64 " c=%" PRIx64 ": lib %" PRIx64 "/%02x, PowerPC %llx/%02x (fpscr %08x)\n",
                            kNames[c.op], c.mode, c.a, c.b, c.c, v, fl, r, want, fp);
        }
    }
    std::fclose(fout);
    for (unsigned op = 0; op < kOps; ++op)
        std::printf("%-7s %8llu cases %s\n", kNames[op], per_op[op], per_op_fail[op] ? "FAILED" : "ok");
    std::printf("PowerPC FPU (qemu-ppc) vs SoftFloat PowerPC style: %zu cases, %llu mismatches\n", cases.size(), fails);
    return fails ? 1 : 0;
}
