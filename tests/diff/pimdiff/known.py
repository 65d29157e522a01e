"""Recognise the known qemu 7.2 errors on a one-unit reproducer.

Each rule names a case of docs/isa/qemu-divergences.md and accepts a divergence only when the
instruction, its inputs and the differing bits are exactly that case; anything else is "new".
"""
from . import fpscr as F
from . import values as V
from .run import Died

SINGLE_RESULT = {"fadds", "fsubs", "fmuls", "fdivs", "fsqrts", "fmadds", "fmsubs", "fnmadds",
                 "fnmsubs", "frsp", "fres"}
MADD = {"fmadd", "fmsub", "fnmadd", "fnmsub", "fmadds", "fmsubs", "fnmadds", "fnmsubs"}
FP_ARITH = SINGLE_RESULT | MADD | {"fadd", "fsub", "fmul", "fdiv", "fsqrt", "frsqrte", "fctiw",
                                   "fctiwz"}


def base_mnemonic(tag):
    return tag.rstrip(".")


def operands(unit):
    """Register numbers of the unit's instruction under test (its last line)."""
    line = unit.insns[-1]
    parts = line.split(None, 1)
    if len(parts) < 2:
        return []
    return [int(x) for x in parts[1].split(",") if x.strip().lstrip("-").isdigit()]


def only_fpscr(diffs):
    return all(k == "fpscr" for k, _, _ in diffs)


def fpscr_xor(q, p):
    return (q.fpscr ^ p.fpscr) & ~F.bit(F.FR) & 0xFFFFFFFF


def is_nan(bits):
    return (bits >> 52) & 0x7FF == 0x7FF and bits & ((1 << 52) - 1)


def is_snan(bits):
    return is_nan(bits) and not bits & (1 << 51)


def is_inf(bits):
    return bits & ~(1 << 63) == 0x7FF0000000000000


def is_zero(bits):
    return bits & ~(1 << 63) == 0


def rule_fres_zero(m, ops, pre, q, p, diffs):
    """fres(+-0): qemu returns +-0.5, the architecture +-infinity."""
    return m == "fres" and is_zero(pre.fpr[ops[1]])


def rule_fnm_directed(m, ops, pre, q, p, diffs):
    """fnmadd/fnmsub(s) under RN = 2, 3: qemu rounds the negated result."""
    return m in ("fnmadd", "fnmsub", "fnmadds", "fnmsubs") and pre.fpscr & 3 in (2, 3)


def rule_single_denormal_class(m, ops, pre, q, p, diffs):
    """Single-precision result in the single denormal range: qemu's FPRF says "normal"."""
    if m not in SINGLE_RESULT or not only_fpscr(diffs):
        return False
    x = fpscr_xor(q, p)
    return x and not x & ~F.FPRF_MASK and V.is_single_denormal_double(p.fpr[ops[0]])


def rule_madd_imz_snan(m, ops, pre, q, p, diffs):
    """Multiply-add, infinity x 0 with an SNaN addend: qemu sets VXIMZ only, not VXSNAN."""
    if m not in MADD or not only_fpscr(diffs):
        return False
    a, c, b = pre.fpr[ops[1]], pre.fpr[ops[2]], pre.fpr[ops[3]]
    imz = (is_inf(a) and is_zero(c)) or (is_zero(a) and is_inf(c))
    return imz and is_snan(b) and fpscr_xor(q, p) & ~(F.bit(F.VXSNAN) | F.bit(F.FX)) == 0


def rule_fcmp_fi_c(m, ops, pre, q, p, diffs):
    """fcmpu/fcmpo: qemu clears FI, and sets C after fcmpo with a NaN operand; the books leave
    FR, FI and C alone."""
    if m not in ("fcmpu", "fcmpo") or not only_fpscr(diffs):
        return False
    x = fpscr_xor(q, p)
    allowed = F.bit(F.FI) if pre.fpscr & F.bit(F.FI) else 0
    nan = is_nan(pre.fpr[ops[1]]) or is_nan(pre.fpr[ops[2]])
    if m == "fcmpo" and nan and not pre.fpscr & F.bit(F.C):
        allowed |= F.bit(F.C)
    return x and not x & ~allowed and p.fpscr & allowed == pre.fpscr & allowed


CR1_FX = 0x08000000         # CR bit 4: FX copied by Rc = 1 FP instructions


def fx_only(diffs, q, p, rc):
    """The results differ in FPSCR[FX] only (and in its copy in CR1 for a recording form)."""
    for k, a, b in diffs:
        if k == "fpscr" and fpscr_xor(q, p) == F.bit(F.FX):
            continue
        if k == "cr" and rc and a ^ b == CR1_FX:
            continue
        return False
    return True


def rule_fx_already_set(m, ops, pre, q, p, diffs, rc=False):
    """An FP instruction signals an exception whose bit is already set, with FX = 0: qemu sets
    FX; the books set FX only when an exception bit changes from 0 to 1."""
    if not fx_only(diffs, q, p, rc) or pre.fpscr & F.bit(F.FX):
        return False
    newly = p.fpscr & ~pre.fpscr & F.EXCEPTION_MASK
    return not newly and q.fpscr & F.bit(F.FX) and not p.fpscr & F.bit(F.FX)


def rule_fx_mtfsb1(m, ops, pre, q, p, diffs, rc=False):
    """mtfsb1 of a clear exception bit: the books set FX too (it changes 0 to 1); qemu does not."""
    if m != "mtfsb1" or not fx_only(diffs, q, p, rc):
        return False
    b = ops[-1]
    return (b in F.EXCEPTION_BITS and not pre.fpscr & F.bit(b) and not pre.fpscr & F.bit(F.FX)
            and p.fpscr & F.bit(F.FX) and not q.fpscr & F.bit(F.FX))


XER_ARCHITECTED = 0xE000007F


def rule_mtxer_reserved(m, ops, pre, q, p, diffs):
    """mtxer keeps only SO, OV, CA and the byte count on the 7400; qemu keeps other bits."""
    return (m in ("mtxer", "mtspr") and all(k == "xer" for k, _, _ in diffs)
            and not (q.xer ^ p.xer) & XER_ARCHITECTED)


def f32(w):
    return V.bits2d(V.single_as_double(w))


def within_sixteenth(value, exact):
    """The PEM's bound for vexptefp: relative error at most one part in 16 (single result)."""
    import math
    if math.isinf(exact) or exact >= 2.0 ** 128:  # beyond the single range
        return math.isinf(value) and value > 0
    if exact < 2.0 ** -126:                       # single denormal range: flushed or rounded
        return value == 0.0 or abs(value - exact) <= 2.0 ** -149
    return abs(value - exact) <= exact / 16


def rule_vexptefp_range(m, ops, pre, q, p, diffs):
    """vexptefp far from 0: qemu's series leaves the PEM's 1/16 error bound (negative or finite
    results where 2^x is tiny or huge, 10% low at 16); pimnic stays within it."""
    import struct
    if m != "vexptefp" or any(k != f"v{ops[0]}" for k, _, _ in diffs):
        return False
    src = struct.unpack(">4I", pre.vr[ops[1]])
    qw = struct.unpack(">4I", q.vr[ops[0]])
    pw = struct.unpack(">4I", p.vr[ops[0]])
    for x, a, b in zip(src, qw, pw):
        if a == b:
            continue
        xv = f32(x)
        if xv != xv:
            return False
        try:
            exact = 2.0 ** xv
        except OverflowError:
            exact = float("inf")
        if within_sixteenth(f32(a), exact) or not within_sixteenth(f32(b), exact):
            return False
    return True


RULES = [
    ("vexptefp-range", rule_vexptefp_range),
    ("fx-already-set", rule_fx_already_set),
    ("fx-mtfsb1", rule_fx_mtfsb1),
    ("mtxer-reserved-bits", rule_mtxer_reserved),
    ("fcmp-fi-c", rule_fcmp_fi_c),
    ("fres-zero", rule_fres_zero),
    ("fnmadd-directed-rounding", rule_fnm_directed),
    ("single-denormal-class", rule_single_denormal_class),
    ("madd-imz-snan", rule_madd_imz_snan),
]


def classify(unit, pre, q, p, diffs):
    m = base_mnemonic(unit.tag)
    if m in ("fsqrt", "fsqrts") and isinstance(p, Died) and p.status == 132 and not isinstance(q, Died):
        # MPC7400 UM 2.3.1.2: "It does not support the optional fsqrt, fsqrts, and tlbia
        # instructions" (illegal instruction); qemu -cpu 7400 executes them.
        return "fsqrt-not-on-7400"
    if isinstance(q, Died) or isinstance(p, Died):
        return "new"
    rc = unit.insns[-1].split()[0].endswith(".")
    ops = operands(unit)
    for name, rule in RULES:
        try:
            if name.startswith("fx-"):
                ok = rule(m, ops, pre, q, p, diffs, rc)
            else:
                ok = rule(m, ops, pre, q, p, diffs)
            if ok:
                return name
        except (IndexError, ValueError):
            continue
    return "new"
