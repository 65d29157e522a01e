"""Seed-derived initial states: registers full of boundary values, FPSCR/VSCR in every mode the
comparison allows (see docs/isa/differential-testing.md, "Exclusions")."""
import struct

from . import fpscr as F
from . import layout as L
from . import values as V
from .state import State


def rand_u32(rng):
    k = rng.random()
    if k < 0.35:
        return rng.choice(V.INT32)
    if k < 0.55:
        return rng.randint(-64, 64) & 0xFFFFFFFF
    if k < 0.65:
        return L.BUF + rng.randrange(L.BUF_SIZE)
    if k < 0.75:
        return rng.choice(V.FP_SINGLES)
    return rng.getrandbits(32)


def rand_double(rng):
    k = rng.random()
    if k < 0.5:
        return rng.choice(V.FP_DOUBLES)
    if k < 0.8:
        # A moderate random double: random mantissa, exponent near 1.
        sign = rng.getrandbits(1)
        exp = 1023 + rng.randint(-40, 40)
        return (sign << 63) | (exp << 52) | rng.getrandbits(52)
    if k < 0.9:
        # A double that is exactly a single (what single-precision instructions expect).
        return V.single_as_double(rng.getrandbits(32))
    return rng.getrandbits(64)


def rand_vr(rng):
    k = rng.random()
    if k < 0.25:
        return bytes(rng.getrandbits(8) for _ in range(16))
    if k < 0.55:
        words = [rng.choice(V.FP_SINGLES) if rng.random() < 0.6 else
                 V.f2bits(rng.uniform(-1000.0, 1000.0)) for _ in range(4)]
        return struct.pack(">4I", *words)
    if k < 0.7:
        return struct.pack(">4I", *[rng.choice(V.INT32) for _ in range(4)])
    if k < 0.85:
        return struct.pack(">8H", *[rng.choice(V.INT16) if rng.random() < 0.7 else rng.getrandbits(16)
                                    for _ in range(8)])
    return bytes(rng.choice(V.INT8) if rng.random() < 0.7 else rng.getrandbits(8) for _ in range(16))


def rand_fpscr(rng):
    """A start FPSCR: random status, no enables, NI = 0; FX = 1 whenever an exception bit is set
    (so qemu's FX behaviour cannot show: see pimdiff/fp_rules.py)."""
    word = 0
    if rng.random() < 0.5:
        for b in F.EXCEPTION_BITS:
            if rng.random() < 0.2:
                word |= F.bit(b)
    word |= rng.getrandbits(1) << (31 - F.FR)
    word |= rng.getrandbits(1) << (31 - F.FI)
    word |= rng.getrandbits(5) << 12           # FPRF
    word |= rng.getrandbits(2)                 # RN
    if word & F.EXCEPTION_MASK or rng.random() < 0.3:
        word |= F.bit(F.FX)
    return F.consistent(word)


def rand_buffer(rng, size):
    b = bytearray(rng.getrandbits(8) for _ in range(size))
    # Sprinkle edge values so that loads see them.
    for _ in range(size // 32):
        off = rng.randrange(0, size - 8) & ~3
        if rng.random() < 0.5:
            struct.pack_into(">Q", b, off, rng.choice(V.FP_DOUBLES))
        else:
            struct.pack_into(">I", b, off, rng.choice(V.FP_SINGLES + V.INT32))
    return bytes(b)


def random_state(rng, pool):
    s = State()
    s.gpr = [rand_u32(rng) for _ in range(32)]
    s.fpr = [rand_double(rng) for _ in range(32)]
    s.vr = [rand_vr(rng) for _ in range(32)]
    s.cr = rng.getrandbits(32)
    s.xer = (rng.getrandbits(3) << 29) | rng.randrange(128)
    s.lr = rand_u32(rng) & ~3
    s.ctr = rng.choice([0, 1, 2, 3, 0xFFFFFFFF, rng.getrandbits(32)])
    s.fpscr = rand_fpscr(rng)
    s.vscr = (0x00010000 if rng.random() < 0.5 else 0) | (1 if rng.random() < 0.3 else 0)
    s.buf = rand_buffer(rng, L.BUF_SIZE)
    s.pool = pool
    return s
