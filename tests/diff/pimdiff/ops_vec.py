"""AltiVec (128-bit on the host profile): integer, saturating, permutes, pack/unpack, float
arithmetic, estimates, rounding and conversions, compares (with CR6), VSCR moves."""
from .seq import Unit

VX3 = """vaddubm vadduhm vadduwm vaddcuw vaddubs vadduhs vadduws vaddsbs vaddshs vaddsws
vsububm vsubuhm vsubuwm vsubcuw vsububs vsubuhs vsubuws vsubsbs vsubshs vsubsws
vavgub vavguh vavguw vavgsb vavgsh vavgsw vmaxub vmaxuh vmaxuw vmaxsb vmaxsh vmaxsw
vminub vminuh vminuw vminsb vminsh vminsw vmuleub vmulesb vmuleuh vmulesh vmuloub vmulosb
vmulouh vmulosh vsum4ubs vsum4sbs vsum4shs vsum2sws vsumsws vand vandc vor vxor vnor
vrlb vrlh vrlw vslb vslh vslw vsrb vsrh vsrw vsrab vsrah vsraw vsl vsr vslo vsro
vmrghb vmrghh vmrghw vmrglb vmrglh vmrglw vpkuhum vpkuwum vpkuhus vpkuwus vpkshus vpkswus
vpkshss vpkswss vpkpx""".split()
VX3_FLOAT = "vaddfp vsubfp vmaxfp vminfp".split()
VX2 = "vupkhsb vupkhsh vupklsb vupklsh vupkhpx vupklpx".split()
VX2_FLOAT = "vrefp vrsqrtefp vexptefp vlogefp vrfin vrfiz vrfip vrfim".split()
VA4 = "vmhaddshs vmhraddshs vmladduhm vmsumubm vmsummbm vmsumuhm vmsumuhs vmsumshm vmsumshs vsel vperm".split()
VA_FLOAT = ["vmaddfp", "vnmsubfp"]
SPLAT = {"vspltb": 16, "vsplth": 8, "vspltw": 4}
CONVERT = ["vcfux", "vcfsx", "vctuxs", "vctsxs"]
CMP_INT = "vcmpequb vcmpequh vcmpequw vcmpgtub vcmpgtuh vcmpgtuw vcmpgtsb vcmpgtsh vcmpgtsw".split()
CMP_FLOAT = "vcmpeqfp vcmpgefp vcmpgtfp vcmpbfp".split()


def vr(ctx):
    return ctx.vreg()


def op_vx3(ctx):
    m = ctx.rng.choice(VX3)
    return Unit([f"{m} {vr(ctx)},{vr(ctx)},{vr(ctx)}"], m)


def op_vx3_float(ctx):
    m = ctx.rng.choice(VX3_FLOAT)
    return Unit([f"{m} {vr(ctx)},{vr(ctx)},{vr(ctx)}"], m)


def op_vx2(ctx):
    m = ctx.rng.choice(VX2)
    return Unit([f"{m} {vr(ctx)},{vr(ctx)}"], m)


def op_vx2_float(ctx):
    m = ctx.rng.choice(VX2_FLOAT)
    return Unit([f"{m} {vr(ctx)},{vr(ctx)}"], m)


def op_va4(ctx):
    m = ctx.rng.choice(VA4)
    return Unit([f"{m} {vr(ctx)},{vr(ctx)},{vr(ctx)},{vr(ctx)}"], m)


def op_va_float(ctx):
    m = ctx.rng.choice(VA_FLOAT)
    return Unit([f"{m} {vr(ctx)},{vr(ctx)},{vr(ctx)},{vr(ctx)}"], m)


def op_vsldoi(ctx):
    return Unit([f"vsldoi {vr(ctx)},{vr(ctx)},{vr(ctx)},{ctx.rng.randrange(16)}"], "vsldoi")


def op_splat(ctx):
    m = ctx.rng.choice(list(SPLAT))
    return Unit([f"{m} {vr(ctx)},{vr(ctx)},{ctx.rng.randrange(SPLAT[m])}"], m)


def op_splat_imm(ctx):
    m = ctx.rng.choice(["vspltisb", "vspltish", "vspltisw"])
    return Unit([f"{m} {vr(ctx)},{ctx.rng.randint(-16, 15)}"], m)


def op_convert(ctx):
    m = ctx.rng.choice(CONVERT)
    uimm = ctx.rng.choice([0, 0, 1, 31, ctx.rng.randrange(32)])
    return Unit([f"{m} {vr(ctx)},{vr(ctx)},{uimm}"], m)


def op_compare(ctx):
    rng = ctx.rng
    m = rng.choice(CMP_INT + CMP_FLOAT) + ("." if rng.random() < 0.5 else "")
    return Unit([f"{m} {vr(ctx)},{vr(ctx)},{vr(ctx)}"], m)


def op_vscr(ctx):
    if ctx.rng.random() < 0.5:
        return Unit([f"mfvscr {vr(ctx)}"], "mfvscr")
    return Unit([f"mtvscr {vr(ctx)}"], "mtvscr")


OPS = [
    (op_vx3, 14), (op_vx3_float, 2), (op_vx2, 1.5), (op_vx2_float, 2), (op_va4, 4),
    (op_va_float, 1.5), (op_vsldoi, 1), (op_splat, 1), (op_splat_imm, 1), (op_convert, 1.5),
    (op_compare, 3), (op_vscr, 1),
]
