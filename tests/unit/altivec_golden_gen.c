/* Generates tests/unit/altivec_golden.inc: the results of every AltiVec register instruction on the
 * inputs of altivec_golden_inputs.h, as computed by qemu-ppc-static -cpu 7400 (the 128-bit
 * reference). The instruction words come from the GNU assembler, not from pimnic's table.
 *
 *   powerpc-linux-gnu-gcc -static -O1 -maltivec -mabi=altivec -Wa,-maltivec \
 *       tests/unit/altivec_golden_gen.c -o /tmp/altivec_golden_gen &&
 *   qemu-ppc-static -cpu 7400 /tmp/altivec_golden_gen > tests/unit/altivec_golden.inc
 *
 * Out-of-range splat indices (reserved at 128 bits) are given as .long words, as GNU as
 * rejects them. Registers: vD = v2, vA = v3, vB = v4, vC = v5. Each instruction runs once per record, with VSCR
 * and vD preset, CR6 cleared. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#include "altivec_golden_inputs.h"

#define I AGI_INT
#define F AGI_FLOAT
#define INSNS                                                                                    \
  X(I, "vaddubm 2,3,4") X(I, "vadduhm 2,3,4") X(I, "vadduwm 2,3,4") X(I, "vaddcuw 2,3,4")       \
  X(I, "vaddubs 2,3,4") X(I, "vadduhs 2,3,4") X(I, "vadduws 2,3,4") X(I, "vaddsbs 2,3,4")       \
  X(I, "vaddshs 2,3,4") X(I, "vaddsws 2,3,4") X(I, "vsububm 2,3,4") X(I, "vsubuhm 2,3,4")       \
  X(I, "vsubuwm 2,3,4") X(I, "vsubcuw 2,3,4") X(I, "vsububs 2,3,4") X(I, "vsubuhs 2,3,4")       \
  X(I, "vsubuws 2,3,4") X(I, "vsubsbs 2,3,4") X(I, "vsubshs 2,3,4") X(I, "vsubsws 2,3,4")       \
  X(I, "vavgub 2,3,4") X(I, "vavguh 2,3,4") X(I, "vavguw 2,3,4") X(I, "vavgsb 2,3,4")           \
  X(I, "vavgsh 2,3,4") X(I, "vavgsw 2,3,4") X(I, "vmaxub 2,3,4") X(I, "vmaxuh 2,3,4")           \
  X(I, "vmaxuw 2,3,4") X(I, "vmaxsb 2,3,4") X(I, "vmaxsh 2,3,4") X(I, "vmaxsw 2,3,4")           \
  X(I, "vminub 2,3,4") X(I, "vminuh 2,3,4") X(I, "vminuw 2,3,4") X(I, "vminsb 2,3,4")           \
  X(I, "vminsh 2,3,4") X(I, "vminsw 2,3,4")                                                     \
  X(I, "vmuleub 2,3,4") X(I, "vmulesb 2,3,4") X(I, "vmuleuh 2,3,4") X(I, "vmulesh 2,3,4")       \
  X(I, "vmuloub 2,3,4") X(I, "vmulosb 2,3,4") X(I, "vmulouh 2,3,4") X(I, "vmulosh 2,3,4")       \
  X(I, "vmhaddshs 2,3,4,5") X(I, "vmhraddshs 2,3,4,5") X(I, "vmladduhm 2,3,4,5")                \
  X(I, "vmsumubm 2,3,4,5") X(I, "vmsummbm 2,3,4,5") X(I, "vmsumuhm 2,3,4,5")                    \
  X(I, "vmsumuhs 2,3,4,5") X(I, "vmsumshm 2,3,4,5") X(I, "vmsumshs 2,3,4,5")                    \
  X(I, "vsum4ubs 2,3,4") X(I, "vsum4sbs 2,3,4") X(I, "vsum4shs 2,3,4") X(I, "vsum2sws 2,3,4")   \
  X(I, "vsumsws 2,3,4")                                                                         \
  X(I, "vand 2,3,4") X(I, "vandc 2,3,4") X(I, "vor 2,3,4") X(I, "vnor 2,3,4") X(I, "vxor 2,3,4") \
  X(I, "vrlb 2,3,4") X(I, "vrlh 2,3,4") X(I, "vrlw 2,3,4") X(I, "vslb 2,3,4") X(I, "vslh 2,3,4") \
  X(I, "vslw 2,3,4") X(I, "vsrb 2,3,4") X(I, "vsrh 2,3,4") X(I, "vsrw 2,3,4")                   \
  X(I, "vsrab 2,3,4") X(I, "vsrah 2,3,4") X(I, "vsraw 2,3,4") X(I, "vsl 2,3,4")                 \
  X(I, "vsr 2,3,4") X(I, "vslo 2,3,4") X(I, "vsro 2,3,4")                                       \
  X(I, "vcmpequb 2,3,4") X(I, "vcmpequb. 2,3,4") X(I, "vcmpequh 2,3,4") X(I, "vcmpequh. 2,3,4") \
  X(I, "vcmpequw 2,3,4") X(I, "vcmpequw. 2,3,4") X(I, "vcmpgtsb 2,3,4") X(I, "vcmpgtsb. 2,3,4") \
  X(I, "vcmpgtsh 2,3,4") X(I, "vcmpgtsh. 2,3,4") X(I, "vcmpgtsw 2,3,4") X(I, "vcmpgtsw. 2,3,4") \
  X(I, "vcmpgtub 2,3,4") X(I, "vcmpgtub. 2,3,4") X(I, "vcmpgtuh 2,3,4") X(I, "vcmpgtuh. 2,3,4") \
  X(I, "vcmpgtuw 2,3,4") X(I, "vcmpgtuw. 2,3,4") X(I, "vcmpequb. 2,3,3")                        \
  X(I, "vcmpgtub. 2,3,3") X(I, "vcmpgtsw. 2,3,3") X(I, "vcmpequw. 2,5,5")                       \
  X(F, "vcmpeqfp 2,3,4") X(F, "vcmpeqfp. 2,3,4") X(F, "vcmpgefp 2,3,4") X(F, "vcmpgefp. 2,3,4") \
  X(F, "vcmpgtfp 2,3,4") X(F, "vcmpgtfp. 2,3,4") X(F, "vcmpbfp 2,3,4") X(F, "vcmpbfp. 2,3,4")   \
  X(F, "vcmpeqfp. 2,3,3") X(F, "vcmpgefp. 2,4,4") X(F, "vcmpbfp. 2,3,5")                        \
  X(I, "vsel 2,3,4,5") X(I, "vperm 2,3,4,5") X(I, "vsldoi 2,3,4,0") X(I, "vsldoi 2,3,4,1")      \
  X(I, "vsldoi 2,3,4,7") X(I, "vsldoi 2,3,4,15")                                                \
  X(I, "vmrghb 2,3,4") X(I, "vmrghh 2,3,4") X(I, "vmrghw 2,3,4") X(I, "vmrglb 2,3,4")           \
  X(I, "vmrglh 2,3,4") X(I, "vmrglw 2,3,4") X(I, "vspltb 2,4,0") X(I, "vspltb 2,4,5")           \
  X(I, "vspltb 2,4,15") X(I, ".long 0x1055220c # vspltb 2,4,21") X(I, "vsplth 2,4,0") X(I, "vsplth 2,4,6")         \
  X(I, ".long 0x104f224c # vsplth 2,4,15") X(I, "vspltw 2,4,0") X(I, "vspltw 2,4,3") X(I, ".long 0x1046228c # vspltw 2,4,6")          \
  X(I, "vspltisb 2,0") X(I, "vspltisb 2,-1") X(I, "vspltisb 2,15") X(I, "vspltisb 2,-16")       \
  X(I, "vspltish 2,7") X(I, "vspltish 2,-9") X(I, "vspltisw 2,12") X(I, "vspltisw 2,-16")       \
  X(I, "vpkuhum 2,3,4") X(I, "vpkuwum 2,3,4") X(I, "vpkuhus 2,3,4") X(I, "vpkuwus 2,3,4")       \
  X(I, "vpkshus 2,3,4") X(I, "vpkswus 2,3,4") X(I, "vpkshss 2,3,4") X(I, "vpkswss 2,3,4")       \
  X(I, "vpkpx 2,3,4") X(I, "vupkhsb 2,4") X(I, "vupkhsh 2,4") X(I, "vupklsb 2,4")               \
  X(I, "vupklsh 2,4") X(I, "vupkhpx 2,4") X(I, "vupklpx 2,4")                                   \
  X(F, "vaddfp 2,3,4") X(F, "vsubfp 2,3,4") X(F, "vmaddfp 2,3,5,4") X(F, "vnmsubfp 2,3,5,4")    \
  X(F, "vmaxfp 2,3,4") X(F, "vminfp 2,3,4") X(F, "vrefp 2,4") X(F, "vrsqrtefp 2,4")             \
  X(F, "vexptefp 2,4") X(F, "vlogefp 2,4") X(F, "vrfin 2,4") X(F, "vrfiz 2,4")                  \
  X(F, "vrfip 2,4") X(F, "vrfim 2,4") X(I, "vcfux 2,4,0") X(I, "vcfux 2,4,1")                   \
  X(I, "vcfux 2,4,31") X(I, "vcfsx 2,4,0") X(I, "vcfsx 2,4,3") X(I, "vcfsx 2,4,31")             \
  X(F, "vctuxs 2,4,0") X(F, "vctuxs 2,4,1") X(F, "vctuxs 2,4,31") X(F, "vctsxs 2,4,0")          \
  X(F, "vctsxs 2,4,5") X(F, "vctsxs 2,4,31") X(I, "mfvscr 2") X(I, "mtvscr 4")                  \
  X(F, "vaddfp 2,3,3") X(F, "vmaddfp 2,3,3,3")

#define X(kind, text) text "\n"
__asm__(".data\n.p2align 2\n.globl insn_words\ninsn_words:\n" INSNS);
#undef X
#define X(kind, text) text,
static const char* const insn_names[] = {INSNS};
#undef X
#define X(kind, text) kind,
static const int insn_kinds[] = {INSNS};
#undef X
extern const uint32_t insn_words[];

/* Copied to an executable page with the instruction patched in. Arguments: r3 = &vA, r4 = &vB,
 * r5 = &vC, r6 = &vD (in and out), r7 = VSCR vector (in and out), r8 = CR out. */
extern char tmpl_start[], tmpl_insn[], tmpl_end[];
__asm__(".text\n.globl tmpl_start\ntmpl_start:\n"
        "mfcr 10\n"
        "lvx 3,0,3\n lvx 4,0,4\n lvx 5,0,5\n lvx 2,0,6\n lvx 6,0,7\n mtvscr 6\n"
        "li 0,0\n mtcrf 0x02,0\n"
        ".globl tmpl_insn\ntmpl_insn: nop\n"
        "mfcr 11\n stw 11,0(8)\n stvx 2,0,6\n mfvscr 6\n stvx 6,0,7\n mtcr 10\n blr\n"
        ".globl tmpl_end\ntmpl_end:\n");
typedef void (*run_fn)(const void*, const void*, const void*, void*, void*, uint32_t*);

typedef uint32_t vec4[4] __attribute__((aligned(16)));

int main(void) {
  uint32_t* page = mmap(0, 4096, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  size_t len = (size_t)(tmpl_end - tmpl_start), slot = (size_t)(tmpl_insn - tmpl_start) / 4;
  size_t n = sizeof insn_names / sizeof insn_names[0], i;
  unsigned first = 0;
  memcpy(page, tmpl_start, len);
  printf("// Generated by tests/unit/altivec_golden_gen.c under qemu-ppc-static -cpu 7400; do not edit.\n");
  printf("// Outputs for the inputs of altivec_golden_inputs.h: vD (4 words, big-endian order), VSCR, CR6.\n");
  printf("#define AG_INT AGI_INT\n#define AG_FLOAT AGI_FLOAT\n");
  printf("static const AltivecGoldenInsn kGoldenInsns[] = {\n");
  for (i = 0; i < n; ++i) {
    unsigned count = insn_kinds[i] == AGI_FLOAT ? AGI_FLOAT_RECORDS : AGI_INT_RECORDS;
    printf("  {\"%s\", 0x%08x, %s, %u, %u},\n", insn_names[i], insn_words[i],
           insn_kinds[i] == AGI_FLOAT ? "AG_FLOAT" : "AG_INT", first, count);
    first += count;
  }
  printf("};\nstatic const AltivecGoldenOut kGoldenOuts[] = {\n");
  for (i = 0; i < n; ++i) {
    unsigned count = insn_kinds[i] == AGI_FLOAT ? AGI_FLOAT_RECORDS : AGI_INT_RECORDS, r;
    page[slot] = insn_words[i];
    __builtin___clear_cache((char*)page, (char*)page + len);
    for (r = 0; r < count; ++r) {
      vec4 a, b, c, d, v = {0, 0, 0, 0};
      uint32_t cr = 0;
      agi_inputs(insn_kinds[i], r, a, b, c, d, &v[3]);
      ((run_fn)page)(a, b, c, d, v, &cr);
      printf("  {{0x%08x, 0x%08x, 0x%08x, 0x%08x}, 0x%08x, %u},\n", d[0], d[1], d[2], d[3], v[3],
             (cr >> 4) & 15);
    }
  }
  printf("};\n");
  return 0;
}
