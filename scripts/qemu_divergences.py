"""The documented divergences between qemu-ppc-static 7.2 and pimnic (docs/isa/qemu-divergences.md)
as rules for the log diff (scripts/qemu_trace_diff.py).

A log block holds the registers *before* its instruction, so a difference first seen in block k+1
comes from the instruction of block k. A rule looks at that instruction (its Capstone text), the
registers before it and the differing bits after it, and either explains every differing bit
(returning the bits per register it accounts for) or nothing. Explained bits become *taints*:
they may keep differing, and what the program copies them into (mffs to an FPR, a store to
memory, a load back, any instruction that reads them) is tainted in turn, until both logs agree
on those bits again. A difference no rule and no taint explains is a real divergence; the report
then names the documented divergences that were seen before it.
"""
import re

# FPSCR bits (IBM bit 0 is the most significant).
FX, FEX, VX, OX, UX, ZX, XX = (1 << 31), (1 << 30), (1 << 29), (1 << 28), (1 << 27), (1 << 26), (1 << 25)
VXSNAN, VXVC = (1 << 24), (1 << 19)
FR, FI, C = (1 << 18), (1 << 17), (1 << 16)
FPRF = 0x0001F000
NI = 1 << 2
STATUS = FX | FEX | VX | OX | UX | ZX | XX | VXSNAN | 0x00F80000 | FR | FI | FPRF | 0x700
XER_ARCHITECTED = 0xE000007F
ALL = (1 << 64) - 1

# Always masked: fields that cannot agree between two runs or that qemu never computes.
MSR_QEMU_ONLY = 0x940  # FE0 | FE1 | IP: qemu-user sets them, Linux and pimnic do not
STATIC_FPSCR = FR      # "FPSCR[FR] is never set by qemu"

FP_ARITH = {"fadd", "fsub", "fmul", "fdiv", "fsqrt", "fmadd", "fmsub", "fnmadd", "fnmsub", "fadds", "fsubs",
            "fmuls", "fdivs", "fsqrts", "fmadds", "fmsubs", "fnmadds", "fnmsubs", "frsp", "fres", "frsqrte", "fctiw",
            "fctiwz", "fsel"}
SINGLE_RESULT = {"fadds", "fsubs", "fmuls", "fdivs", "fsqrts", "fmadds", "fmsubs", "fnmadds", "fnmsubs", "frsp",
                 "fres"}
MADD = {"fmadd", "fmsub", "fnmadd", "fnmsub", "fmadds", "fmsubs", "fnmadds", "fnmsubs"}


class Insn:
    """An instruction as the logs' in_asm lines show it: 'stfd     f0, 8(r1)'."""

    def __init__(self, pc, word, text):
        self.pc, self.word = pc, word
        mnem, _, ops = text.strip().partition(" ")
        self.dotted = mnem.endswith(".")
        self.m = mnem.rstrip(".")
        self.ops = [o.strip() for o in ops.split(",")] if ops.strip() else []

    def regs(self):
        """Register operands in order ('r3', 'f1', 'cr7'), a d(rA) operand giving rA."""
        out = []
        for o in self.ops:
            m = re.fullmatch(r"(-?(?:0x)?[0-9a-f]+)\((r\d+)\)", o)
            if m:
                out.append(m.group(2))
            elif re.fullmatch(r"(r|f|cr)\d+", o):
                out.append(o)
        return out


def fpr(n):
    return f"f{n}"


def is_snan(bits):
    return (bits >> 52) & 0x7FF == 0x7FF and bits & ((1 << 52) - 1) and not bits & (1 << 51)


def is_inf(bits):
    return bits & ~(1 << 63) == 0x7FF0000000000000


def is_zero(bits):
    return bits & ~(1 << 63) == 0


def cr_field_mask(n):
    return 0xF << (28 - 4 * n)


# ---- rules: (name, documented case, function(insn, before, diffs) -> {reg: bits} or None) ---------

def fcmp_fi_c(i, before, diffs):
    """fcmpu/fcmpo: qemu clears FR and FI (and sets C after fcmpo on a NaN); the books leave them."""
    if i.m in ("fcmpu", "fcmpo") and set(diffs) == {"FPSCR"} and diffs["FPSCR"] & ~(FR | FI | C | FX) == 0:
        return {"FPSCR": FR | FI | C}
    return None


def fx_rules(i, before, diffs):
    """FX: qemu sets it again for an exception bit already set, and not for mtfsb1 of one."""
    if (i.m in FP_ARITH or i.m in ("mtfsb1", "fcmpu", "fcmpo")) and diffs.get("FPSCR", 0) & FX and \
            set(diffs) <= {"FPSCR", "CR"} and diffs["FPSCR"] & ~FX == 0 and diffs.get("CR", 0) & ~0x08000000 == 0:
        return {"FPSCR": FX, "CR": 0x08000000}
    return None


def single_denormal_class(i, before, diffs):
    """A single-precision result in the single denormal range: qemu's FPRF says 'normal'."""
    if i.m in SINGLE_RESULT and set(diffs) == {"FPSCR"} and diffs["FPSCR"] & ~(FPRF | FX) == 0:
        return {"FPSCR": FPRF}
    return None


def fnm_directed(i, before, diffs):
    """fnmadd/fnmsub(s) under RN = 2, 3: qemu rounds the negated result."""
    if i.m in ("fnmadd", "fnmsub", "fnmadds", "fnmsubs") and before.get("FPSCR", 0) & 3 in (2, 3):
        dst = i.regs()[0]
        if set(diffs) <= {dst, "FPSCR", "CR"}:
            return {dst: ALL, "FPSCR": STATUS, "CR": 0x0F000000}
    return None


def fres_zero(i, before, diffs):
    """fres(+-0): qemu returns +-0.5, the architecture +-infinity."""
    regs = i.regs()
    if i.m == "fres" and len(regs) == 2 and is_zero(before.get(regs[1], 1)) and set(diffs) <= {regs[0], "FPSCR", "CR"}:
        return {regs[0]: ALL, "FPSCR": STATUS, "CR": 0x0F000000}
    return None


def madd_imz_snan(i, before, diffs):
    """infinity x 0 + SNaN: qemu sets VXIMZ only, the books VXSNAN too."""
    regs = i.regs()
    if i.m in MADD and len(regs) == 4:
        a, c, b = (before.get(r, 0) for r in regs[1:4])
        if ((is_inf(a) and is_zero(c)) or (is_zero(a) and is_inf(c))) and is_snan(b) and set(diffs) == {"FPSCR"} \
                and diffs["FPSCR"] & ~(VXSNAN | VX | FX | FEX) == 0:
            return {"FPSCR": VXSNAN | VX | FX | FEX}
    return None


def fcmpo_snan_vxvc(i, before, diffs):
    """fcmpo with an SNaN and VE = 1: qemu sets VXVC as well."""
    if i.m == "fcmpo" and set(diffs) == {"FPSCR"} and diffs["FPSCR"] & ~(VXVC | VX | FX | FEX) == 0:
        return {"FPSCR": VXVC | VX | FX | FEX}
    return None


def ni_ignored(i, before, diffs):
    """FPSCR[NI]: qemu ignores it (mtfsb1 29 does not even set the bit)."""
    if i.m in ("mtfsb1", "mtfsf", "mtfsfi") and set(diffs) == {"FPSCR"} and diffs["FPSCR"] & ~NI == 0:
        return {"FPSCR": NI}
    return None


def mtxer_reserved(i, before, diffs):
    """mtxer: qemu keeps reserved XER bits, the 7400 (and pimnic) only SO, OV, CA and the count."""
    if (i.m == "mtxer" or (i.m == "mtspr" and i.ops[:1] == ["1"])) and set(diffs) == {"XER"} and \
            diffs["XER"] & XER_ARCHITECTED == 0:
        return {"XER": ~XER_ARCHITECTED & 0xFFFFFFFF}
    return None


RULES = [
    ("fcmp-fi-c", "fcmpu/fcmpo clear FR and FI in qemu (and set C after fcmpo on a NaN)", fcmp_fi_c),
    ("fx", "qemu's FPSCR[FX] rules differ from the books (exception bit already set, mtfsb1)", fx_rules),
    ("single-denormal-class", "qemu's FPRF of single-precision denormal results is 'normal'",
     single_denormal_class),
    ("fnmadd-directed-rounding", "qemu rounds fnmadd/fnmsub(s) negated under RN = 2, 3", fnm_directed),
    ("fres-zero", "qemu's fres(+-0) is +-0.5, not +-infinity", fres_zero),
    ("madd-imz-snan", "infinity x 0 + SNaN: qemu does not set VXSNAN", madd_imz_snan),
    ("fcmpo-snan-vxvc", "fcmpo with an SNaN and VE = 1: qemu also sets VXVC", fcmpo_snan_vxvc),
    ("ni-ignored", "qemu ignores FPSCR[NI]", ni_ignored),
    ("mtxer-reserved-bits", "qemu keeps reserved XER bits", mtxer_reserved),
]


def explain(insn, before, diffs):
    """The first rule that explains every differing bit: (name, {reg: bits}) or None."""
    if insn is None:
        return None
    for name, _, fn in RULES:
        covered = fn(insn, before, diffs)
        if covered is not None and all(diffs[r] & ~covered.get(r, 0) == 0 for r in diffs):
            return name, covered
    return None


def power9_mffs(word):
    """qemu 7.2 raises SIGILL for mffs with its reserved bits 11-15 set (mffsl, mffscrni, ...,
    which glibc 2.36's fesetenv, fegetround and some of libm execute); older CPUs, and pimnic, run
    them as mffs."""
    return word & 0xFC0007FE == 0xFC00048E and word & 0x001F0000 != 0


# ---- taint propagation --------------------------------------------------------------------------

class Taint:
    """Bits that may differ between the logs because of a documented divergence, per register
    ('r3', 'f1', 'FPSCR', 'CR', 'XER', ...) and per memory byte, with the rule they came from."""

    def __init__(self):
        self.regs = {}   # name -> (bits, rule)
        self.mem = {}    # address -> (bits of the byte, rule)

    def __bool__(self):
        return bool(self.regs or self.mem)

    def add(self, reg, bits, rule):
        if bits:
            old = self.regs.get(reg, (0, rule))
            self.regs[reg] = (old[0] | bits, old[1])

    def bits(self, reg):
        return self.regs.get(reg, (0, None))[0]

    def rule(self, reg):
        return self.regs.get(reg, (0, None))[1]

    def resync(self, reg, equal_bits):
        """Both logs agree on equal_bits of reg now: those bits are clean again."""
        if reg in self.regs:
            bits, rule = self.regs[reg]
            bits &= ~equal_bits
            if bits:
                self.regs[reg] = (bits, rule)
            else:
                del self.regs[reg]

    def store(self, addr, size, bits, rule):
        for k in range(size):
            b = (bits >> (8 * (size - 1 - k))) & 0xFF
            if b:
                self.mem[addr + k] = (b, rule)
            else:
                self.mem.pop(addr + k, None)

    def load(self, addr, size):
        bits, rule = 0, None
        for k in range(size):
            b, r = self.mem.get(addr + k, (0, None))
            bits |= b << (8 * (size - 1 - k))
            rule = rule or r
        return bits, rule

    def origin(self):
        rules = {r for _, r in self.regs.values()} | {r for _, r in self.mem.values()}
        return ", ".join(sorted(r for r in rules if r))


LOADS = {"lwz": 4, "lwzx": 4, "lwzu": 4, "lwzux": 4, "lfd": 8, "lfdx": 8, "lfdu": 8, "lfdux": 8,
         "lhz": 2, "lhzx": 2, "lha": 2, "lbz": 1, "lbzx": 1, "lfs": 4, "lfsx": 4}
STORES = {"stw": 4, "stwx": 4, "stwu": 4, "stwux": 4, "stfd": 8, "stfdx": 8, "stfdu": 8, "stfdux": 8,
          "stfiwx": 4, "sth": 2, "sthx": 2, "stb": 1, "stbx": 1}


def effective_address(i, before):
    ops = i.ops
    m = re.fullmatch(r"(-?(?:0x)?[0-9a-f]+)\((r\d+)\)", ops[1]) if len(ops) >= 2 else None
    if m:  # d(rA): rA = 0 means 0 (r0 as base reads 0 on the non-update forms)
        base = 0 if m.group(2) == "r0" and not i.m.endswith("u") else before.get(m.group(2), 0)
        return (base + int(m.group(1), 0)) & 0xFFFFFFFF
    if len(ops) == 3:  # rA, rB
        base = 0 if ops[1] == "r0" else before.get(ops[1], 0)
        return (base + before.get(ops[2], 0)) & 0xFFFFFFFF
    return None


def propagate(taint, i, before):
    """What instruction i (registers `before` it) copies from tainted registers and memory."""
    if i is None or not taint:
        return
    regs = i.regs()
    if i.m == "mffs" and regs:  # the FPSCR into the low word of frD (its FR is never qemu's)
        bits = taint.bits("FPSCR") | STATIC_FPSCR
        taint.add(regs[0], bits, taint.rule("FPSCR") or "fpscr-fr")
        return
    if i.m in STORES and regs:
        ea = effective_address(i, before)
        size = STORES[i.m]
        src = taint.bits(regs[0])
        if i.m == "stfiwx":
            src &= 0xFFFFFFFF
        elif size < 8 and regs[0].startswith("r"):
            src &= (1 << (8 * size)) - 1
        if ea is not None:
            taint.store(ea, size, src, taint.rule(regs[0]))
        return
    if i.m in LOADS and regs:
        ea = effective_address(i, before)
        if ea is not None:
            bits, rule = taint.load(ea, LOADS[i.m])
            if i.m in ("lfs", "lfsx"):
                bits = ALL if bits else 0  # converted to double: any bit may follow
            taint.regs.pop(regs[0], None)
            taint.add(regs[0], bits, rule)
        return
    if i.m == "mtfsf" and len(regs) >= 1:
        bits = taint.bits(regs[-1]) & 0xFFFFFFFF
        taint.add("FPSCR", bits, taint.rule(regs[-1]))
        return
    if i.m.startswith(("cmp", "fcmp")):  # a CR field from the compared registers
        fields = [int(r[2:]) for r in regs if r.startswith("cr")]
        sources = [r for r in regs if not r.startswith("cr") and taint.bits(r)]
        if sources:
            taint.add("CR", cr_field_mask(fields[0] if fields else 0), taint.rule(sources[0]))
        return
    if i.m == "mfcr" and regs and taint.bits("CR"):
        taint.add(regs[0], ALL, taint.rule("CR"))
        return
    # Anything else that reads a tainted register taints what it writes (all of it).
    sources = [r for r in regs[1:] if taint.bits(r)]
    if sources and regs:
        taint.add(regs[0], ALL, taint.rule(sources[0]))
        if i.dotted:
            taint.add("CR", cr_field_mask(0), taint.rule(sources[0]))
