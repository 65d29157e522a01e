"""Random sequences for the host profile (7400: integer, FPU, AltiVec-128), from a seed.

A sequence is a list of units (one instruction under test with its set-up), forward branches to
labels a few units ahead, and bounded `li/mtctr ... bdnz` loops whose bodies never write CTR.
"""
import random
import struct

from . import initstate, layout as L, values as V
from . import ops_branch, ops_fp, ops_int, ops_mem, ops_vec
from .seq import Label, Loop, NoRegister, Sequence, Unit

FAMILIES = {
    "int": (ops_int.OPS, 30),
    "mem": (ops_mem.OPS, 14),
    "branch": (ops_branch.OPS, 7),
    "fp": (ops_fp.OPS, 22),
    "fpmem": (ops_mem.FP_MEM_OPS, 6),
    "vec": (ops_vec.OPS, 20),
    "vecmem": (ops_mem.VEC_MEM_OPS, 5),
}


class Ctx:
    MFFS_SLOT = 0xF8
    pool_const_slots = 20

    def __init__(self, rng, exclude=(), focus=None):
        self.rng = rng
        self.base = rng.randrange(1, 32)
        self.hot_gpr = rng.sample(range(32), 8)
        self.hot_fpr = rng.sample(range(32), 6)
        self.hot_vr = rng.sample(range(32), 6)
        self.in_loop = False
        self.rn = set()
        self.exclude = set(exclude)
        self.pool = bytearray(L.POOL_SIZE)
        self.next_slot = self.pool_const_slots
        self.labels = 0
        self.ops = []
        for fam, (ops, w) in FAMILIES.items():
            if focus is not None:
                w = focus.get(fam, 0)
            if not w:
                continue
            total = sum(ow for _, ow in ops)
            for fn, ow in ops:
                self.ops.append((fn, w * ow / total))
        self.weights = [w for _, w in self.ops]

    def reg(self, hot):
        """A register number, from the sequence's few "hot" registers more often than not, so
        that results feed later instructions."""
        if self.rng.random() < 0.6:
            return self.rng.choice(hot)
        return self.rng.randrange(32)

    def src(self):
        return self.reg(self.hot_gpr)

    def dst(self):
        """A GPR the sequence may write: any but the base register."""
        while True:
            r = self.reg(self.hot_gpr)
            if r != self.base:
                return r

    def fpr(self):
        return self.reg(self.hot_fpr)

    def vreg(self):
        return self.reg(self.hot_vr)

    def alloc_pool_slot(self):
        if self.next_slot * 8 >= self.MFFS_SLOT:
            return None
        off = self.next_slot * 8
        self.next_slot += 1
        return off

    def new_label(self):
        self.labels += 1
        return f"L{self.labels}"

    def pick_unit(self):
        for _ in range(100):
            fn = self.rng.choices(self.ops, self.weights)[0][0]
            try:
                u = fn(self)
            except NoRegister:
                continue
            if u is not None and u.tag not in self.exclude:
                return u
        return Unit(["nop"], "nop")


def fill_pool(rng, pool):
    for i in range(Ctx.pool_const_slots):
        if rng.random() < 0.6:
            struct.pack_into(">Q", pool, 8 * i, rng.choice(V.FP_DOUBLES))
        else:
            struct.pack_into(">II", pool, 8 * i, rng.getrandbits(32), rng.choice(V.FP_SINGLES))


def gen_region(ctx, n, allow_loops):
    items = []
    pending = {}          # position -> label name
    pending_rn = {}
    for pos in range(n + 1):
        if pos in pending:
            items.append(Label(pending[pos]))
            ctx.rn |= pending_rn.pop(pos)
        if pos == n:
            break
        if allow_loops and ctx.rng.random() < 0.04 and n - pos > 1:
            items.append(gen_loop(ctx))
            continue
        u = ctx.pick_unit()
        if u.target == "T":
            t = min(n, pos + 1 + ctx.rng.randrange(6))
            name = pending.setdefault(t, ctx.new_label())
            pending_rn.setdefault(t, set())
            pending_rn[t] |= ctx.rn
            u.insns = [s.replace("{T}", "{" + name + "}") for s in u.insns]
            u.target = name
        items.append(u)
    return items


def gen_loop(ctx):
    count = ctx.rng.randint(1, 4)
    ctx.in_loop = True
    body = gen_region(ctx, ctx.rng.randint(1, 6), allow_loops=False)
    ctx.in_loop = False
    return Loop(count, ctx.dst(), body, ctx.new_label())


def generate(seed, length=None, exclude=(), focus=None):
    """The sequence for `seed`: its units, labels, loops and initial state."""
    rng = random.Random(seed)
    ctx = Ctx(rng, exclude, focus)
    fill_pool(rng, ctx.pool)
    init = initstate.random_state(rng, bytes(L.POOL_SIZE))
    ctx.rn = {init.fpscr & 3}
    n = length if length is not None else rng.randint(8, 40)
    items = gen_region(ctx, n, allow_loops=True)
    init.pool = bytes(ctx.pool)
    init.gpr[ctx.base] = L.LOW_BASE
    return Sequence(items, init, seed, ctx.base)
