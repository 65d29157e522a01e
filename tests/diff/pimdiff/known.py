"""Recognise the known qemu 7.2 errors on a one-unit reproducer.

Each rule names a case of docs/isa/qemu-divergences.md. Given the instruction, the state before
it and both results, a rule that applies says which bits of which registers that case explains
(an empty dict if it does not apply). A divergence is known when the rules that apply explain
every differing bit (one instruction can show two cases at once, e.g. qemu's FX and its FPRF
of a single denormal); the kind is their names joined by '+'. Anything else is "new".
"""
import math
import struct

from . import fpscr as F
from . import values as V
from .run import Died

ALL = (1 << 128) - 1
CR1 = 0x0F000000
CR1_FX = 0x08000000             # CR bit 4: FX copied by Rc = 1 FP instructions
XER_ARCHITECTED = 0xE000007F
SINGLE_RESULT = {"fadds", "fsubs", "fmuls", "fdivs", "fsqrts", "fmadds", "fmsubs", "fnmadds",
                 "fnmsubs", "frsp", "fres"}
MADD = {"fmadd", "fmsub", "fnmadd", "fnmsub", "fmadds", "fmsubs", "fnmadds", "fnmsubs"}


class Case:
    """What one reproducer looks like to the rules."""

    def __init__(self, unit, pre, q, p):
        line = unit.insns[-1]
        mnem, _, args = line.partition(" ")
        self.m = mnem.rstrip(".")
        self.rc = mnem.endswith(".")
        self.ops = [int(x) for x in args.split(",") if x.strip().lstrip("-").isdigit()]
        self.pre, self.q, self.p = pre, q, p


def is_nan(bits):
    return (bits >> 52) & 0x7FF == 0x7FF and bits & ((1 << 52) - 1)


def is_snan(bits):
    return is_nan(bits) and not bits & (1 << 51)


def is_inf(bits):
    return bits & ~(1 << 63) == 0x7FF0000000000000


def is_zero(bits):
    return bits & ~(1 << 63) == 0


def fp_result(c, extra_fpscr=0):
    """The whole result of an FP instruction: its target, the FPSCR, CR1 for Rc = 1."""
    out = {f"f{c.ops[0]}": ALL, "fpscr": ALL}
    if c.rc:
        out["cr"] = CR1
    return out


def rule_fres_zero(c):
    """fres(+-0): qemu returns +-0.5, the architecture +-infinity (ZX)."""
    return fp_result(c) if c.m == "fres" and is_zero(c.pre.fpr[c.ops[1]]) else {}


def rule_fnm_directed(c):
    """fnmadd/fnmsub(s) under RN = 2, 3: qemu rounds the negated result."""
    if c.m in ("fnmadd", "fnmsub", "fnmadds", "fnmsubs") and c.pre.fpscr & 3 in (2, 3):
        return fp_result(c)
    return {}


def rule_single_denormal_class(c):
    """Single-precision result in the single denormal range: qemu's FPRF says "normal"."""
    if c.m in SINGLE_RESULT and V.is_single_denormal_double(c.p.fpr[c.ops[0]]):
        return {"fpscr": F.FPRF_MASK}
    return {}


def rule_madd_imz_snan(c):
    """Multiply-add, infinity x 0 with an SNaN addend: qemu sets VXIMZ only, not VXSNAN."""
    if c.m not in MADD:
        return {}
    a, cc, b = (c.pre.fpr[r] for r in c.ops[1:4])
    imz = (is_inf(a) and is_zero(cc)) or (is_zero(a) and is_inf(cc))
    if imz and is_snan(b):
        return {"fpscr": F.bit(F.VXSNAN) | F.bit(F.FX), "cr": CR1_FX if c.rc else 0}
    return {}


def rule_fcmp_fi_c(c):
    """fcmpu/fcmpo: qemu clears FI, and sets C after fcmpo with a NaN operand; the books leave
    FR, FI and C alone."""
    if c.m not in ("fcmpu", "fcmpo"):
        return {}
    mask = F.bit(F.FI) if c.pre.fpscr & F.bit(F.FI) else 0
    nan = is_nan(c.pre.fpr[c.ops[1]]) or is_nan(c.pre.fpr[c.ops[2]])
    if c.m == "fcmpo" and nan and not c.pre.fpscr & F.bit(F.C):
        mask |= F.bit(F.C)
    # pimnic must have kept them.
    if c.p.fpscr & mask != c.pre.fpscr & mask:
        return {}
    return {"fpscr": mask}


def rule_fx_already_set(c):
    """An FP instruction signals an exception whose bit is already set, with FX = 0: qemu sets
    FX; the books set FX only when an exception bit changes from 0 to 1."""
    pre, q, p = c.pre, c.q, c.p
    if pre.fpscr & F.bit(F.FX) or p.fpscr & ~pre.fpscr & F.EXCEPTION_MASK:
        return {}
    if q.fpscr & F.bit(F.FX) and not p.fpscr & F.bit(F.FX):
        return {"fpscr": F.bit(F.FX), "cr": CR1_FX if c.rc else 0}
    return {}


def rule_fx_mtfsb1(c):
    """mtfsb1 of a clear exception bit: the books set FX too (it changes 0 to 1); qemu does not."""
    if c.m != "mtfsb1":
        return {}
    b, pre = c.ops[-1], c.pre
    if (b in F.EXCEPTION_BITS and not pre.fpscr & F.bit(b) and not pre.fpscr & F.bit(F.FX)
            and c.p.fpscr & F.bit(F.FX) and not c.q.fpscr & F.bit(F.FX)):
        return {"fpscr": F.bit(F.FX), "cr": CR1_FX if c.rc else 0}
    return {}


def rule_mtxer_reserved(c):
    """mtxer keeps only SO, OV, CA and the byte count on the 7400; qemu keeps other bits."""
    if c.m in ("mtxer", "mtspr"):
        return {"xer": ~XER_ARCHITECTED & 0xFFFFFFFF}
    return {}


def f32(w):
    return V.bits2d(V.single_as_double(w))


def within_sixteenth(value, exact):
    """The PEM's bound for vexptefp: relative error at most one part in 16 (single result)."""
    if math.isinf(exact) or exact >= 2.0 ** 128:      # beyond the single range
        return math.isinf(value) and value > 0
    if exact < 2.0 ** -126:                           # single denormal range: flushed or rounded
        return value == 0.0 or abs(value - exact) <= 2.0 ** -149
    return abs(value - exact) <= exact / 16


def rule_vexptefp_range(c):
    """vexptefp far from 0: qemu's series leaves the PEM's 1/16 error bound (negative or finite
    results where 2^x is tiny or huge, 10% low at 16); pimnic stays within it. Explains the
    lanes where that holds."""
    if c.m != "vexptefp":
        return {}
    t, s = c.ops[0], c.ops[1]
    src = struct.unpack(">4I", c.pre.vr[s])
    qw = struct.unpack(">4I", c.q.vr[t])
    pw = struct.unpack(">4I", c.p.vr[t])
    mask = 0
    for lane, (x, a, b) in enumerate(zip(src, qw, pw)):
        xv = f32(x)
        if a == b or xv != xv:
            continue
        try:
            exact = 2.0 ** xv
        except OverflowError:
            exact = float("inf")
        if not within_sixteenth(f32(a), exact) and within_sixteenth(f32(b), exact):
            mask |= 0xFFFFFFFF << (32 * (3 - lane))
    return {f"v{t}": mask}


RULES = [
    ("fres-zero", rule_fres_zero),
    ("fnmadd-directed-rounding", rule_fnm_directed),
    ("single-denormal-class", rule_single_denormal_class),
    ("madd-imz-snan", rule_madd_imz_snan),
    ("fcmp-fi-c", rule_fcmp_fi_c),
    ("fx-already-set", rule_fx_already_set),
    ("fx-mtfsb1", rule_fx_mtfsb1),
    ("mtxer-reserved-bits", rule_mtxer_reserved),
    ("vexptefp-range", rule_vexptefp_range),
]


def classify(unit, pre, q, p, diffs):
    m = unit.insns[-1].split()[0].rstrip(".")
    if m in ("fsqrt", "fsqrts") and isinstance(p, Died) and p.status == 132 and not isinstance(q, Died):
        # MPC7400 UM 2.3.1.2: "It does not support the optional fsqrt, fsqrts, and tlbia
        # instructions" (illegal instruction); qemu -cpu 7400 executes them.
        return "fsqrt-not-on-7400"
    if isinstance(q, Died) or isinstance(p, Died):
        return "new"
    c = Case(unit, pre, q, p)
    left = {}
    for k, a, b in diffs:
        if k == "buf":
            return "new"
        left[k] = a ^ b
    if "fpscr" in left:
        left["fpscr"] &= ~F.bit(F.FR)
    used = []
    for name, rule in RULES:
        try:
            explained = rule(c)
        except (IndexError, ValueError):
            continue
        hit = False
        for k, mask in explained.items():
            if k in left and left[k] & mask:
                left[k] &= ~mask
                hit = True
        if hit:
            used.append(name)
    if any(left.values()):
        return "new"
    return "+".join(used) if used else "new"
