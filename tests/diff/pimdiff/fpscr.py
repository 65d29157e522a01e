"""FPSCR bit names and groups (IBM bit numbers: bit 0 is the most significant)."""


def bit(n):
    return 1 << (31 - n)


FX, FEX, VX, OX, UX, ZX, XX = 0, 1, 2, 3, 4, 5, 6
VXSNAN, VXISI, VXIDI, VXZDZ, VXIMZ, VXVC = 7, 8, 9, 10, 11, 12
FR, FI, C = 13, 14, 15
VXSOFT, VXSQRT, VXCVI = 21, 22, 23
VE, OE, UE, ZE, XE, NI = 24, 25, 26, 27, 28, 29
RN0, RN1 = 30, 31

EXCEPTION_BITS = [OX, UX, ZX, XX, VXSNAN, VXISI, VXIDI, VXZDZ, VXIMZ, VXVC, VXSOFT, VXSQRT, VXCVI]
VX_BITS = [VXSNAN, VXISI, VXIDI, VXZDZ, VXIMZ, VXVC, VXSOFT, VXSQRT, VXCVI]
ENABLE_BITS = [VE, OE, UE, ZE, XE]

EXCEPTION_MASK = sum(bit(b) for b in EXCEPTION_BITS)
VX_MASK = sum(bit(b) for b in VX_BITS)
ENABLE_MASK = sum(bit(b) for b in ENABLE_BITS)
FPRF_MASK = 0x0001F000          # C and FPCC (bits 15-19)
FPCC_MASK = 0x0000F000
RN_MASK = 0x3

NAMES = {FX: "FX", FEX: "FEX", VX: "VX", OX: "OX", UX: "UX", ZX: "ZX", XX: "XX", VXSNAN: "VXSNAN",
         VXISI: "VXISI", VXIDI: "VXIDI", VXZDZ: "VXZDZ", VXIMZ: "VXIMZ", VXVC: "VXVC", FR: "FR",
         FI: "FI", C: "C", 16: "FL", 17: "FG", 18: "FE", 19: "FU", 20: "bit20", VXSOFT: "VXSOFT",
         VXSQRT: "VXSQRT", VXCVI: "VXCVI", VE: "VE", OE: "OE", UE: "UE", ZE: "ZE", XE: "XE",
         NI: "NI", RN0: "RN0", RN1: "RN1"}


def field_exception_bits(field):
    """The exception bits inside 4-bit FPSCR field `field` (what mcrfs clears)."""
    return [b for b in EXCEPTION_BITS + [FX] if b // 4 == field]


def describe(word):
    return "|".join(NAMES[b] for b in range(32) if word & bit(b)) or "0"


def consistent(word):
    """Make VX and FEX what the hardware would compute (enables are always 0 here)."""
    word &= ~(bit(VX) | bit(FEX))
    if word & VX_MASK:
        word |= bit(VX)
    pairs = [(VX, VE), (OX, OE), (UX, UE), (ZX, ZE), (XX, XE)]
    if any(word & bit(e) and word & bit(en) for e, en in pairs):
        word |= bit(FEX)
    return word
