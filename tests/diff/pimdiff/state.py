"""The architectural state a sequence starts from and ends with: packing into the harness's input
records, parsing its output records, and printing."""
import struct
from dataclasses import dataclass, field

from . import layout as L
from . import fpscr as F


@dataclass
class State:
    gpr: list = field(default_factory=lambda: [0] * 32)
    fpr: list = field(default_factory=lambda: [0] * 32)      # 64-bit patterns
    vr: list = field(default_factory=lambda: [bytes(16)] * 32)  # 16 bytes, big-endian order
    cr: int = 0
    xer: int = 0
    lr: int = 0
    ctr: int = 0
    fpscr: int = 0
    vscr: int = 0
    buf: bytes = bytes(L.BUF_SIZE)
    pool: bytes = bytes(L.POOL_SIZE)
    exitpos: int = 0

    def copy(self):
        return State(list(self.gpr), list(self.fpr), list(self.vr), self.cr, self.xer, self.lr,
                     self.ctr, self.fpscr, self.vscr, self.buf, self.pool, self.exitpos)

    def pack_regs(self):
        r = bytearray(L.REG_SIZE)
        struct.pack_into(">32I", r, L.GPR, *self.gpr)
        struct.pack_into(">32Q", r, L.FPR, *self.fpr)
        for i, v in enumerate(self.vr):
            r[L.VR + 16 * i:L.VR + 16 * i + 16] = v
        struct.pack_into(">4I", r, L.CR, self.cr, self.xer, self.lr, self.ctr)
        struct.pack_into(">Q", r, L.FPSCR, self.fpscr)
        struct.pack_into(">I", r, L.VSCR + 12, self.vscr)
        return bytes(r)

    def pack_init(self):
        return self.pack_regs() + self.buf + self.pool


def parse_regs(r, buf, pool=bytes(L.POOL_SIZE)):
    s = State()
    s.gpr = list(struct.unpack_from(">32I", r, L.GPR))
    s.fpr = list(struct.unpack_from(">32Q", r, L.FPR))
    s.vr = [bytes(r[L.VR + 16 * i:L.VR + 16 * i + 16]) for i in range(32)]
    s.cr, s.xer, s.lr, s.ctr = struct.unpack_from(">4I", r, L.CR)
    s.fpscr = struct.unpack_from(">Q", r, L.FPSCR)[0] & 0xFFFFFFFF
    s.vscr = struct.unpack_from(">I", r, L.VSCR + 12)[0]
    s.exitpos = struct.unpack_from(">I", r, L.EXITPOS)[0]
    s.buf = bytes(buf)
    s.pool = bytes(pool)
    return s


def parse_out_record(rec):
    """(index, State) from one output record of the harness."""
    magic, index = struct.unpack_from(">2I", rec, 0)
    if magic != L.OUT_MAGIC:
        raise ValueError("bad output record")
    regs = rec[L.OUT_HEADER:L.OUT_HEADER + L.REG_SIZE]
    buf = rec[L.OUT_HEADER + L.REG_SIZE:L.OUT_HEADER + L.REG_SIZE + L.BUF_SIZE]
    return index, regs, buf


def fields(s):
    """Named scalar fields of a state, for comparisons and printing (VRs as hex strings)."""
    out = {}
    for i, v in enumerate(s.gpr):
        out[f"r{i}"] = v
    for i, v in enumerate(s.fpr):
        out[f"f{i}"] = v
    for i, v in enumerate(s.vr):
        out[f"v{i}"] = int.from_bytes(v, "big")
    out.update(cr=s.cr, xer=s.xer, lr=s.lr, ctr=s.ctr, fpscr=s.fpscr, vscr=s.vscr)
    return out


def fmt_value(name, v):
    if name.startswith("v") and name != "vscr":
        return f"{v:032x}"
    if name.startswith("f") and name != "fpscr":
        return f"{v:016x}"
    return f"{v:08x}"


def dump(s, names=None):
    """Printable register dump (all registers, or the named ones)."""
    f = fields(s)
    keys = names if names is not None else list(f)
    lines = []
    for k in keys:
        extra = f"  ({F.describe(f[k])})" if k == "fpscr" else ""
        lines.append(f"  {k:>5} = {fmt_value(k, f[k])}{extra}")
    return "\n".join(lines)
