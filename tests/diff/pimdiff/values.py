"""Interesting operand values: integer boundaries and IEEE edge cases, as raw bit patterns."""
import struct

INT32 = [
    0x00000000, 0x00000001, 0xFFFFFFFF, 0x7FFFFFFF, 0x80000000, 0x80000001, 0x7FFFFFFE,
    0xFFFFFFFE, 0x00007FFF, 0x00008000, 0x0000FFFF, 0x00010000, 0xFFFF8000, 0xFFFF7FFF,
    0x000000FF, 0x00000080, 0x0000007F, 0xFFFFFF80, 0x00000002, 0x00000003, 0x0000001F,
    0x00000020, 0x00000021, 0x0000003F, 0x40000000, 0xC0000000, 0x55555555, 0xAAAAAAAA,
    0x12345678, 0x87654321, 0xFFFF0000, 0x0F0F0F0F, 0xF0F0F0F0,
]

SIMM16 = [0, 1, -1, 2, 0x7FFF, -0x8000, 0x7FFE, -0x7FFF, 0x10, -0x10, 0xFF, 0x80, -0x80]
UIMM16 = [0, 1, 0xFFFF, 0x8000, 0x7FFF, 0x00FF, 0xFF00, 0x5555, 0xAAAA, 0x0001, 0x8001]


def d2bits(x):
    return struct.unpack(">Q", struct.pack(">d", x))[0]


def f2bits(x):
    return struct.unpack(">I", struct.pack(">f", x))[0]


def bits2d(b):
    return struct.unpack(">d", struct.pack(">Q", b))[0]


def single_as_double(s):
    """The double an lfs of the single bit pattern s produces (exact widening, SNaN kept)."""
    sign = s >> 31
    exp = (s >> 23) & 0xFF
    frac = s & 0x7FFFFF
    if exp == 0xFF:
        return (sign << 63) | (0x7FF << 52) | (frac << 29)
    if exp == 0:
        if frac == 0:
            return sign << 63
        return d2bits((-1.0 if sign else 1.0) * frac * 2.0 ** -149)
    return (sign << 63) | ((exp - 127 + 1023) << 52) | (frac << 29)


_POS_DOUBLES = [
    0x0000000000000000,  # +0
    0x0000000000000001,  # min denormal
    0x000FFFFFFFFFFFFF,  # max denormal
    0x0008000000000000,  # a middle denormal
    0x0010000000000000,  # min normal
    0x0010000000000001,
    0x7FEFFFFFFFFFFFFF,  # max normal
    0x7FE0000000000000,
    0x7FF0000000000000,  # inf
    0x7FF8000000000000,  # default QNaN
    0x7FF8000000000001,  # QNaN with payload
    0x7FFFFFFFFFFFFFFF,  # QNaN all ones
    0x7FF0000000000001,  # SNaN
    0x7FF4000000000000,  # SNaN
    0x7FF7FFFFFFFFFFFF,  # SNaN
    d2bits(1.0), d2bits(0.5), d2bits(2.0), d2bits(3.0), d2bits(1.5), d2bits(1.0 / 3.0),
    d2bits(0.1), d2bits(2.0 ** 52), d2bits(2.0 ** 52 + 1), d2bits(2.0 ** 31), d2bits(2.0 ** 31 - 1),
    d2bits(2.0 ** 31 - 0.5), d2bits(2.0 ** 32), d2bits(2147483647.5), d2bits(0.49999999999999994),
    d2bits(1.0 + 2.0 ** -52), d2bits(1.0 - 2.0 ** -53), d2bits(4503599627370495.5),
    d2bits(2.5), d2bits(3.5), d2bits(1e300), d2bits(1e-300), d2bits(2.0 ** 1023), d2bits(2.0 ** -1022 * 1.5),
]

# Single-precision edges (as the doubles an lfs would produce) exercise the single-precision
# instructions' overflow, underflow and denormal paths.
_POS_SINGLES = [
    0x00000001, 0x007FFFFF, 0x00400000, 0x00800000, 0x00800001, 0x7F7FFFFF, 0x7F000000,
    0x7F800000, 0x7FC00000, 0x7FA00000, 0x3F800000, 0x3F7FFFFF, 0x3F800001, 0x4B000000,
    0x4B7FFFFF, 0x33800000, 0x34000000, 0x0C000000, 0x72800000,
]

FP_DOUBLES = ([v for v in _POS_DOUBLES] + [v | (1 << 63) for v in _POS_DOUBLES]
              + [single_as_double(s) for s in _POS_SINGLES]
              + [single_as_double(s | 0x80000000) for s in _POS_SINGLES]
              + [d2bits(2.0 ** -126 * 1.0000001), d2bits(2.0 ** -149 * 0.75), d2bits(2.0 ** -150),
                 d2bits(3.4028235677973366e38), d2bits(3.4028235e38 * 1.0000001), d2bits(2.0 ** 128),
                 d2bits(2.0 ** -149 * 1.5), d2bits(1.0 + 2.0 ** -24), d2bits(1.0 + 2.0 ** -23 + 2.0 ** -30)])

FP_SINGLES = _POS_SINGLES + [s | 0x80000000 for s in _POS_SINGLES] + [0x00000000, 0x80000000,
                                                                         0x7FFFFFFF, 0xFFC00000]

INT16 = [0x0000, 0x0001, 0xFFFF, 0x7FFF, 0x8000, 0x8001, 0x00FF, 0xFF00, 0x0080, 0x007F]
INT8 = [0x00, 0x01, 0xFF, 0x7F, 0x80, 0x81, 0x7E, 0xFE]


def is_single_denormal_double(bits):
    """True if the double is nonzero and below the single-precision normal range."""
    x = abs(bits2d(bits))
    return x != 0.0 and x < 2.0 ** -126 and (bits >> 52) & 0x7FF != 0x7FF
