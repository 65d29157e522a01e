/* A PowerPC FPU reference for the PowerPC NaN style: a static powerpc-linux program (built with
 * Debian's powerpc-linux-gnu-gcc, run under qemu-ppc-static) that executes one floating-point
 * instruction per input line with the given rounding mode and prints the result bits and the
 * FPSCR exception bits. Input lines: "op mode a b c" (hex operands, softfloat mode numbers).
 * Ops: 0 fadd 1 fsub 2 fmul 3 fdiv 4 fmadd(a*b+c) 5 fadds 6 fsubs 7 fmuls 8 fdivs 9 fmadds
 * 10 frsp 11 fctiw 12 fctiwz 13 fcmpu(a,b) 14 fcmpo(a,b). Output: "result fpscr". */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static double D(uint64_t u) { double d; memcpy(&d, &u, 8); return d; }
static uint64_t U(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }
static float F(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static uint32_t FB(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

static void set_mode(unsigned sf_mode)
{
    static const unsigned rn[4] = {0, 1, 3, 2}; /* near, zero, -inf, +inf */
    /* Exceptions disabled (VE OE UE ZE XE NI = 0), all status bits cleared, then RN. */
    __asm__ volatile("mtfsfi 0,0\n\tmtfsfi 1,0\n\tmtfsfi 2,0\n\tmtfsfi 3,0\n\tmtfsfi 4,0\n\t"
                     "mtfsfi 5,0\n\tmtfsfi 6,0\n\tmtfsfi 7,0" ::: "memory");
    switch (rn[sf_mode & 3]) {
    case 1: __asm__ volatile("mtfsfi 7,1" ::: "memory"); break;
    case 2: __asm__ volatile("mtfsfi 7,2" ::: "memory"); break;
    case 3: __asm__ volatile("mtfsfi 7,3" ::: "memory"); break;
    default: break;
    }
}
static uint32_t fpscr(void)
{
    double f;
    __asm__ volatile("mffs %0" : "=d"(f) : : "memory");
    return (uint32_t)U(f);
}

int main(void)
{
    unsigned op, mode;
    unsigned long long a, b, c;
    while (scanf("%u %u %llx %llx %llx", &op, &mode, &a, &b, &c) == 5) {
        double x = D(a), y = D(b), z = D(c), r = 0;
        float fx = F((uint32_t)a), fy = F((uint32_t)b), fz = F((uint32_t)c), fr = 0;
        uint64_t out = 0;
        set_mode(mode);
        switch (op) {
        case 0: __asm__ volatile("fadd %0,%1,%2" : "=d"(r) : "d"(x), "d"(y)); out = U(r); break;
        case 1: __asm__ volatile("fsub %0,%1,%2" : "=d"(r) : "d"(x), "d"(y)); out = U(r); break;
        case 2: __asm__ volatile("fmul %0,%1,%2" : "=d"(r) : "d"(x), "d"(y)); out = U(r); break;
        case 3: __asm__ volatile("fdiv %0,%1,%2" : "=d"(r) : "d"(x), "d"(y)); out = U(r); break;
        case 4: __asm__ volatile("fmadd %0,%1,%2,%3" : "=d"(r) : "d"(x), "d"(y), "d"(z)); out = U(r); break;
        case 5: __asm__ volatile("fadds %0,%1,%2" : "=f"(fr) : "f"(fx), "f"(fy)); out = FB(fr); break;
        case 6: __asm__ volatile("fsubs %0,%1,%2" : "=f"(fr) : "f"(fx), "f"(fy)); out = FB(fr); break;
        case 7: __asm__ volatile("fmuls %0,%1,%2" : "=f"(fr) : "f"(fx), "f"(fy)); out = FB(fr); break;
        case 8: __asm__ volatile("fdivs %0,%1,%2" : "=f"(fr) : "f"(fx), "f"(fy)); out = FB(fr); break;
        case 9: __asm__ volatile("fmadds %0,%1,%2,%3" : "=f"(fr) : "f"(fx), "f"(fy), "f"(fz)); out = FB(fr); break;
        case 10: __asm__ volatile("frsp %0,%1" : "=f"(fr) : "d"(x)); out = FB(fr); break;
        case 11: __asm__ volatile("fctiw %0,%1" : "=d"(r) : "d"(x)); out = U(r) & 0xFFFFFFFFu; break;
        case 12: __asm__ volatile("fctiwz %0,%1" : "=d"(r) : "d"(x)); out = U(r) & 0xFFFFFFFFu; break;
        case 13: { unsigned cr; __asm__ volatile("fcmpu 0,%1,%2\n\tmfcr %0" : "=r"(cr) : "d"(x), "d"(y) : "cr0"); out = cr >> 28; break; }
        case 14: { unsigned cr; __asm__ volatile("fcmpo 0,%1,%2\n\tmfcr %0" : "=r"(cr) : "d"(x), "d"(y) : "cr0"); out = cr >> 28; break; }
        default: return 2;
        }
        printf("%llx %x\n", (unsigned long long)out, fpscr());
    }
    return 0;
}
