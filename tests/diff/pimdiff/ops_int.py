"""Integer instructions: arithmetic (with o and . variants, carries), logical, rotates and shifts,
compares, CR logical operations, moves between GPRs and CR/XER/LR/CTR, traps."""
from .seq import Unit
from . import values as V

XO_ARITH = ["add", "addc", "adde", "subf", "subfc", "subfe", "mullw", "divw", "divwu"]
XO_UNARY = ["addme", "addze", "subfme", "subfze", "neg"]
XO_NO_OE = ["mulhw", "mulhwu"]
X_LOGICAL = ["and", "andc", "or", "orc", "xor", "nand", "nor", "eqv", "slw", "srw", "sraw"]
X_UNARY = ["extsb", "extsh", "cntlzw"]
CR_LOGICAL = ["crand", "cror", "crxor", "crnand", "crnor", "creqv", "crandc", "crorc"]


def simm(rng):
    return rng.choice(V.SIMM16) if rng.random() < 0.5 else rng.randint(-0x8000, 0x7FFF)


def uimm(rng):
    return rng.choice(V.UIMM16) if rng.random() < 0.5 else rng.randrange(0x10000)


def sfx(rng, oe=True, rc=True):
    s = ""
    if oe and rng.random() < 0.4:
        s += "o"
    if rc and rng.random() < 0.5:
        s += "."
    return s


def gpr(ctx):
    """A source GPR (any, the base register included)."""
    return ctx.src()


def dst(ctx):
    """A destination GPR (never the sequence's base register)."""
    return ctx.dst()


def op_xo_arith(ctx):
    rng = ctx.rng
    m = rng.choice(XO_ARITH) + sfx(rng)
    return Unit([f"{m} {dst(ctx)},{gpr(ctx)},{gpr(ctx)}"], m)


def op_xo_unary(ctx):
    rng = ctx.rng
    m = rng.choice(XO_UNARY) + sfx(rng)
    return Unit([f"{m} {dst(ctx)},{gpr(ctx)}"], m)


def op_mulh(ctx):
    rng = ctx.rng
    m = rng.choice(XO_NO_OE) + sfx(rng, oe=False)
    return Unit([f"{m} {dst(ctx)},{gpr(ctx)},{gpr(ctx)}"], m)


def op_d_arith(ctx):
    rng = ctx.rng
    m = rng.choice(["addi", "addis", "addic", "addic.", "subfic", "mulli"])
    ra = gpr(ctx)
    if m in ("addi", "addis") and rng.random() < 0.2:
        ra = 0          # li / lis
    return Unit([f"{m} {dst(ctx)},{ra},{simm(rng)}"], m)


def op_d_logical(ctx):
    rng = ctx.rng
    m = rng.choice(["andi.", "andis.", "ori", "oris", "xori", "xoris"])
    return Unit([f"{m} {dst(ctx)},{gpr(ctx)},{uimm(rng)}"], m)


def op_x_logical(ctx):
    rng = ctx.rng
    m = rng.choice(X_LOGICAL) + sfx(rng, oe=False)
    return Unit([f"{m} {dst(ctx)},{gpr(ctx)},{gpr(ctx)}"], m)


def op_x_unary(ctx):
    rng = ctx.rng
    m = rng.choice(X_UNARY) + sfx(rng, oe=False)
    return Unit([f"{m} {dst(ctx)},{gpr(ctx)}"], m)


def op_srawi(ctx):
    rng = ctx.rng
    m = "srawi" + sfx(rng, oe=False)
    return Unit([f"{m} {dst(ctx)},{gpr(ctx)},{rng.randrange(32)}"], m)


def op_rotate(ctx):
    rng = ctx.rng
    base = rng.choice(["rlwinm", "rlwnm", "rlwimi"])
    m = base + sfx(rng, oe=False)
    mb, me = rng.randrange(32), rng.randrange(32)
    if base == "rlwnm":
        return Unit([f"{m} {dst(ctx)},{gpr(ctx)},{gpr(ctx)},{mb},{me}"], m)
    return Unit([f"{m} {dst(ctx)},{gpr(ctx)},{rng.randrange(32)},{mb},{me}"], m)


def op_compare(ctx):
    rng = ctx.rng
    bf = rng.randrange(8)
    k = rng.randrange(4)
    if k == 0:
        return Unit([f"cmpw {bf},{gpr(ctx)},{gpr(ctx)}"], "cmpw")
    if k == 1:
        return Unit([f"cmplw {bf},{gpr(ctx)},{gpr(ctx)}"], "cmplw")
    if k == 2:
        return Unit([f"cmpwi {bf},{gpr(ctx)},{simm(rng)}"], "cmpwi")
    return Unit([f"cmplwi {bf},{gpr(ctx)},{uimm(rng)}"], "cmplwi")


def op_cr_logical(ctx):
    rng = ctx.rng
    m = rng.choice(CR_LOGICAL)
    return Unit([f"{m} {rng.randrange(32)},{rng.randrange(32)},{rng.randrange(32)}"], m)


def op_mcrf(ctx):
    return Unit([f"mcrf {ctx.rng.randrange(8)},{ctx.rng.randrange(8)}"], "mcrf")


def op_mcrxr(ctx):
    return Unit([f"mcrxr {ctx.rng.randrange(8)}"], "mcrxr")


def op_mfcr(ctx):
    return Unit([f"mfcr {dst(ctx)}"], "mfcr")


def op_mtcrf(ctx):
    rng = ctx.rng
    fxm = rng.choice([0xFF, 0x80, 0x01, 0x00, rng.randrange(256)])
    return Unit([f"mtcrf {fxm},{gpr(ctx)}"], "mtcrf")


def xer_image(ctx, rs, rt):
    """Make rt a legal XER image from rs: SO, OV, CA and the byte count only. (qemu keeps the
    reserved bits mtxer writes; the 7400 does not: docs/isa/qemu-divergences.md.)"""
    return f"rlwinm {rt},{rs},0,25,2"


def op_mtxer(ctx):
    rng = ctx.rng
    rs, rt = gpr(ctx), dst(ctx)
    if rng.random() < 0.03:
        # Rarely the raw value, reserved bits included: known.py recognises qemu keeping them.
        return Unit([f"mtxer {rs}"], "mtxer")
    if rng.random() < 0.5:
        return Unit([xer_image(ctx, rs, rt), f"mtxer {rt}"], "mtxer")
    return Unit([xer_image(ctx, rs, rt), f"mtspr 1,{rt}"], "mtspr")


def op_mfspr(ctx):
    rng = ctx.rng
    rt = dst(ctx)
    k = rng.randrange(6)
    if k == 0:
        return Unit([f"mfxer {rt}"], "mfxer")
    if k == 1:
        return Unit([f"mflr {rt}"], "mflr")
    if k == 2:
        return Unit([f"mfctr {rt}"], "mfctr")
    spr = rng.choice([1, 8, 9])
    return Unit([f"mfspr {rt},{spr}"], "mfspr")


def op_mtlr(ctx):
    rng = ctx.rng
    if rng.random() < 0.5:
        return Unit([f"mtlr {gpr(ctx)}"], "mtlr")
    return Unit([f"mtspr 8,{gpr(ctx)}"], "mtspr")


def op_mtctr(ctx):
    """CTR writes are kept out of loop bodies (the loop count must stay bounded)."""
    if ctx.in_loop:
        return None
    if ctx.rng.random() < 0.5:
        return Unit([f"mtctr {gpr(ctx)}"], "mtctr")
    return Unit([f"mtspr 9,{gpr(ctx)}"], "mtspr")


def op_trap(ctx):
    """Traps end the process (SIGTRAP) in both emulators; they are rare so that batches keep
    going, and TO = 0 (never) is common."""
    rng = ctx.rng
    to = 0 if rng.random() < 0.5 else rng.randrange(32)
    if rng.random() < 0.5:
        return Unit([f"tw {to},{gpr(ctx)},{gpr(ctx)}"], "tw")
    return Unit([f"twi {to},{gpr(ctx)},{simm(rng)}"], "twi")


def op_sync(ctx):
    m = ctx.rng.choice(["sync", "isync", "eieio"])
    return Unit([m], m)


OPS = [
    (op_xo_arith, 12), (op_xo_unary, 4), (op_mulh, 2), (op_d_arith, 5), (op_d_logical, 3),
    (op_x_logical, 6), (op_x_unary, 2), (op_srawi, 2), (op_rotate, 5), (op_compare, 4),
    (op_cr_logical, 3), (op_mcrf, 1), (op_mcrxr, 1), (op_mfcr, 1), (op_mtcrf, 1), (op_mtxer, 1),
    (op_mfspr, 1.5), (op_mtlr, 0.5), (op_mtctr, 0.5), (op_trap, 0.15), (op_sync, 0.3),
]
