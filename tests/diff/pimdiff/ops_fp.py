"""Floating-point instructions and FPSCR moves, in all four rounding modes.

The FPSCR rules keep the known qemu 7.2 errors (docs/isa/qemu-divergences.md) out of the
comparison while still running every instruction:
- enable bits and NI stay 0 (qemu-user runs with FE0/FE1 set, so an enabled exception would trap
  there and not under Linux; qemu ignores NI);
- invariant "FX = 0 implies no exception bit is set": every unit keeps it, so qemu's habit of
  setting FX for an exception bit that was already set never shows (mtfsb1/mtfsf/mtfsfi of an
  exception bit are preceded by `mtfsb1 0`, `mcrfs` of field 0 is followed by it, `mtfsb0 0` only
  comes with clearing every exception bit);
- FR (qemu never sets it) is masked in the FPSCR comparison, `mffs` results have it cleared by the
  unit, and `mcrfs` of field 3 clears the copied FR bit in the CR;
- fnmadd/fnmsub(s) are generated only where RN is known to be 0 or 1 (qemu negates before
  rounding); the rounding mode is tracked through forward branches.
A few percent of the units break these rules on purpose (fnmadd with RN possibly 2 or 3,
`mtfsb0 0` alone, `mtfsb1` of an exception bit with FX possibly 0, fcmp without the FI/C set-up),
so that the masks in known.py are exercised and counted.
"""
import struct

from .seq import Unit
from . import fpscr as F
from . import layout as L
from .layout import off

ARITH3 = ["fadd", "fsub", "fdiv", "fadds", "fsubs", "fdivs"]
MUL = ["fmul", "fmuls"]
MADD = ["fmadd", "fmsub", "fmadds", "fmsubs"]
NMADD = ["fnmadd", "fnmsub", "fnmadds", "fnmsubs"]
UNARY_A = ["fres", "frsqrte"]
UNARY_X = ["frsp", "fctiw", "fctiwz", "fmr", "fneg", "fabs", "fnabs"]
SQRT = ["fsqrt", "fsqrts"]


def fr(ctx):
    return ctx.fpr()


def rc(ctx, p=0.4):
    return "." if ctx.rng.random() < p else ""


def op_arith(ctx):
    rng = ctx.rng
    m = rng.choice(ARITH3) + rc(ctx)
    return Unit([f"{m} {fr(ctx)},{fr(ctx)},{fr(ctx)}"], m)


def op_mul(ctx):
    m = ctx.rng.choice(MUL) + rc(ctx)
    return Unit([f"{m} {fr(ctx)},{fr(ctx)},{fr(ctx)}"], m)


def op_madd(ctx):
    rng = ctx.rng
    names = MADD + (NMADD if ctx.rn <= {0, 1} or rng.random() < 0.02 else [])
    m = rng.choice(names) + rc(ctx)
    return Unit([f"{m} {fr(ctx)},{fr(ctx)},{fr(ctx)},{fr(ctx)}"], m)


def op_fsel(ctx):
    m = "fsel" + rc(ctx)
    return Unit([f"{m} {fr(ctx)},{fr(ctx)},{fr(ctx)},{fr(ctx)}"], m)


def op_unary(ctx):
    rng = ctx.rng
    m = rng.choice(UNARY_A + UNARY_X + UNARY_X) + rc(ctx)
    return Unit([f"{m} {fr(ctx)},{fr(ctx)}"], m)


def op_sqrt(ctx):
    m = ctx.rng.choice(SQRT) + rc(ctx)
    return Unit([f"{m} {fr(ctx)},{fr(ctx)}"], m)


def op_compare(ctx):
    """fcmpu/fcmpo. qemu clears FI (and FR), and sets C after fcmpo on a NaN; the books leave them
    alone. Mostly the unit clears FI and sets C first, so that both agree; the rest of the time
    known.py recognises the case on the reproducer."""
    rng = ctx.rng
    m = rng.choice(["fcmpu", "fcmpo"])
    pre = []
    if rng.random() < 0.95:
        pre = ["mtfsb0 14"] + (["mtfsb1 15"] if m == "fcmpo" else [])
    return Unit(pre + [f"{m} {rng.randrange(8)},{fr(ctx)},{fr(ctx)}"], m)


def op_mffs(ctx):
    """mffs, then clear FR in the copy (through memory) so that only the FPSCR dump carries it."""
    rng = ctx.rng
    ft, rt, b = fr(ctx), ctx.dst(), ctx.base
    m = "mffs" + rc(ctx)
    slot = off(L.POOL) + ctx.MFFS_SLOT
    return Unit([f"{m} {ft}", f"stfd {ft},{slot}({b})", f"lwz {rt},{slot + 4}({b})",
                 f"rlwinm {rt},{rt},0,{F.FR + 1},{F.FR - 1}", f"stw {rt},{slot + 4}({b})",
                 f"lfd {ft},{slot}({b})"], m)


def set_rn(ctx, rn_values):
    if not ctx.in_loop:
        ctx.rn = set(rn_values)


def op_mtfsfi(ctx):
    rng = ctx.rng
    bf = rng.choice([0, 1, 2, 3, 4, 5, 6, 7, 7, 7])
    m = "mtfsfi" + rc(ctx, 0.2)
    if bf == 7:
        if ctx.in_loop:
            return None
        u = rng.randrange(4)
        set_rn(ctx, {u})
        return Unit([f"{m} 7,{u}"], "mtfsfi")
    if bf == 6:
        return Unit([f"{m} 6,0"], "mtfsfi")
    u = rng.randrange(16)
    if bf == 0:
        return Unit([f"{m} 0,{u | 8}"], "mtfsfi")
    pre = []
    if any(u & (8 >> i) for i in range(4) if (4 * bf + i) in F.EXCEPTION_BITS):
        pre = ["mtfsb1 0"]
    return Unit(pre + [f"{m} {bf},{u}"], "mtfsfi")


def op_mtfsb(ctx):
    rng = ctx.rng
    if rng.random() < 0.5:
        if rng.random() < 0.03:
            # Rarely break the FX invariant on purpose: known.py must then recognise qemu's FX.
            return Unit(["mtfsb0 0"], "mtfsb0")
        b = rng.randrange(1, 32)
        if b in (30, 31):
            if ctx.in_loop:
                return None
            set_rn(ctx, {v & ~(1 << (31 - b)) for v in ctx.rn})
        return Unit([f"mtfsb0{rc(ctx, 0.2)} {b}"], "mtfsb0")
    b = rng.choice(list(range(0, 24)) + [30, 31])
    if b in (30, 31):
        if ctx.in_loop:
            return None
        set_rn(ctx, {v | (1 << (31 - b)) for v in ctx.rn})
    pre = ["mtfsb1 0"] if b in F.EXCEPTION_BITS and rng.random() < 0.95 else []
    return Unit(pre + [f"mtfsb1{rc(ctx, 0.2)} {b}"], "mtfsb1")


def random_fpscr_image(rng):
    w = 0
    for b in F.EXCEPTION_BITS:
        if rng.random() < 0.15:
            w |= F.bit(b)
    w |= rng.getrandbits(1) << (31 - F.FX)
    w |= rng.getrandbits(1) << (31 - F.FEX)
    w |= rng.getrandbits(1) << (31 - F.VX)
    w |= rng.getrandbits(3) << 16            # FR, FI, C (bits 13-15)
    w |= rng.getrandbits(4) << 12            # FPCC
    w |= rng.getrandbits(2)
    return w & ~F.ENABLE_MASK & ~F.bit(F.NI)


def op_mtfsf(ctx):
    """mtfsf FLM,frB with frB loaded from the constant pool (so the image is known here)."""
    rng = ctx.rng
    slot = ctx.alloc_pool_slot()
    if slot is None:
        return None
    flm = rng.choice([0xFF, 0xFF, 0x01, 0x80, 0x7F, 0xFE, rng.randrange(256)])
    if ctx.in_loop:
        flm &= 0xFE
    w = random_fpscr_image(rng)
    fields = [7 - i for i in range(8) if flm & (1 << i)]      # FLM bit 7 is field 0
    exc_written = any(w & F.bit(b) for b in F.EXCEPTION_BITS if b // 4 in fields)
    pre = []
    if flm == 0xFF:
        if w & F.EXCEPTION_MASK:
            w |= F.bit(F.FX)
    elif 0 in fields:
        w |= F.bit(F.FX)
    elif exc_written:
        pre = ["mtfsb1 0"]
    struct.pack_into(">Q", ctx.pool, slot, w)
    if 7 in fields:
        set_rn(ctx, {w & 3})
    ft = fr(ctx)
    m = "mtfsf" + rc(ctx, 0.2)
    return Unit([f"lfd {ft},{off(L.POOL) + slot}({ctx.base})"] + pre + [f"{m} {flm},{ft}"], "mtfsf")


def op_mcrfs(ctx):
    rng = ctx.rng
    bf, bfa = rng.randrange(8), rng.randrange(8)
    insns = [f"mcrfs {bf},{bfa}"]
    if bfa == 0:
        insns.append("mtfsb1 0")
    if bfa == 3:
        insns.append(f"crxor {4 * bf + 1},{4 * bf + 1},{4 * bf + 1}")
    return Unit(insns, "mcrfs")


def op_clear_exceptions(ctx):
    """Back to FX = 0 with no exception bits: mtfsf 0xFF with a clean image."""
    rng = ctx.rng
    if ctx.in_loop:
        return None
    slot = ctx.alloc_pool_slot()
    if slot is None:
        return None
    rn = rng.randrange(4)
    w = (rng.getrandbits(7) << 12) | rn        # FR FI FPRF, RN
    struct.pack_into(">Q", ctx.pool, slot, w)
    set_rn(ctx, {rn})
    ft = fr(ctx)
    return Unit([f"lfd {ft},{off(L.POOL) + slot}({ctx.base})", f"mtfsf 255,{ft}"], "mtfsf")


OPS = [
    (op_arith, 6), (op_mul, 2), (op_madd, 4), (op_fsel, 1), (op_unary, 4), (op_compare, 2),
    (op_mffs, 1), (op_mtfsfi, 1.5), (op_mtfsb, 1), (op_mtfsf, 1), (op_mcrfs, 1),
    (op_clear_exceptions, 0.5), (op_sqrt, 0.3),
]
