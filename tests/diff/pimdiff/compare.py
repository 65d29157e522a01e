"""Comparison of two results with the masks that are always applied.

The only bit masked everywhere is FPSCR[FR]: qemu 7.2 never sets it (docs/isa/qemu-divergences.md).
The sequences never copy FR anywhere else (see ops_fp.py). Every other known qemu error is either
kept out by the generator or recognised, case by case, by known.py on a one-unit reproducer.
"""
from . import fpscr as F
from .run import Died
from .state import fields, parse_regs

ALWAYS_MASKED = {"fpscr": ~F.bit(F.FR) & 0xFFFFFFFF}


def to_state(result):
    regs, buf = result
    return parse_regs(regs, buf)


def diff_states(a, b, masks=ALWAYS_MASKED):
    """[(name, a_value, b_value)] for fields that differ after masking; the buffer as 'buf'."""
    fa, fb = fields(a), fields(b)
    out = []
    for k in fa:
        m = masks.get(k)
        va, vb = fa[k], fb[k]
        if m is not None:
            va, vb = va & m, vb & m
        if va != vb:
            out.append((k, fa[k], fb[k]))
    if a.buf != b.buf:
        out.append(("buf", a.buf, b.buf))
    return out


def diff_results(q, p):
    """None if the results agree, else a list of differences (or a death description)."""
    if isinstance(q, Died) or isinstance(p, Died):
        if q == p:
            return None
        return [("process", q, p)]
    if q == p:
        return None
    d = diff_states(to_state(q), to_state(p))
    return d or None


def buf_diff_lines(a, b, base):
    lines = []
    for off in range(0, len(a), 16):
        if a[off:off + 16] != b[off:off + 16]:
            lines.append(f"    {base + off:08x}: qemu {a[off:off + 16].hex()}  pimnic {b[off:off + 16].hex()}")
    return lines
