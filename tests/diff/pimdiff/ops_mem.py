"""Loads and stores of every form (integer, byte-reversed, update, indexed, multiple, string,
reservation, cache-block, FP and vector). Every access falls inside the scratch buffer: the unit
sets its base (and index) registers with `li` just before the access, so the address is the
generator's choice and the data are whatever the sequence left there."""
from .seq import NoRegister, Unit
from . import layout as L
from .layout import off

INT_LOADS = {"lbz": 1, "lhz": 2, "lha": 2, "lwz": 4}
INT_STORES = {"stb": 1, "sth": 2, "stw": 4}
BR_LOADS = {"lhbrx": 2, "lwbrx": 4}
BR_STORES = {"sthbrx": 2, "stwbrx": 4}
FP_LOADS = {"lfs": 4, "lfd": 8}
FP_STORES = {"stfs": 4, "stfd": 8}


def offset(rng, size, align_prob=0.8):
    off = rng.randrange(0, L.BUF_SIZE - size + 1)
    if rng.random() < align_prob:
        off &= ~(size - 1)
    return off


def pick(ctx, avoid=(), nonzero=True):
    """A GPR the unit may write (never the base register); NoRegister if there is none."""
    for _ in range(16):
        r = ctx.dst()
        if (r or not nonzero) and r not in avoid:
            return r
    cands = [r for r in range(32) if r != ctx.base and (r or not nonzero) and r not in avoid]
    if not cands:
        raise NoRegister()
    return ctx.rng.choice(cands)


def set_addr(ctx, reg, addr):
    """Make `reg` hold `addr` (an address in the low area or any value near it)."""
    return f"addi {reg},{ctx.base},{off(addr)}"


def d_form(ctx, mnem, rt, size, update=False, load=True, align_prob=0.8):
    """`mnem rt,d(ra)`: ra is the base register itself, or one set up just before; update
    forms need ra != 0 (and != rt for loads) and write ra, so they never use the base."""
    rng = ctx.rng
    ea = L.BUF + offset(rng, size, align_prob)
    if not update and rng.random() < 0.3:
        return [f"{mnem} {rt},{off(ea)}({ctx.base})"]
    ra = pick(ctx, avoid=(rt,) if (update and load) else ())
    d = rng.choice([0, 0, rng.randint(-256, 256)])
    return [set_addr(ctx, ra, ea - d), f"{mnem} {rt},{d}({ra})"]


def x_form(ctx, mnem, rt, size, update=False, load=True, align_prob=0.8, rt_is_gpr=True):
    """`mnem rt,ra,rb`: base and index set up just before; rA = 0 means no base."""
    rng = ctx.rng
    ea = L.BUF + offset(rng, size, align_prob)
    avoid_t = (rt,) if (update and load and rt_is_gpr) else ()
    if not update and rng.random() < 0.2:
        rb = pick(ctx, nonzero=False)
        return [set_addr(ctx, rb, ea), f"{mnem} {rt},0,{rb}"]
    if not update and rng.random() < 0.2:
        rb = pick(ctx, nonzero=False)
        return [f"li {rb},{off(ea)}", f"{mnem} {rt},{ctx.base},{rb}"]
    ra = pick(ctx, avoid=avoid_t)
    rb = pick(ctx, avoid=(ra,), nonzero=False)
    idx = rng.choice([0, rng.randint(-512, 512)])
    return [set_addr(ctx, ra, ea - idx), f"li {rb},{idx}", f"{mnem} {rt},{ra},{rb}"]


def op_int_load(ctx):
    rng = ctx.rng
    m = rng.choice(list(INT_LOADS))
    size = INT_LOADS[m]
    rt = ctx.dst()
    form = rng.randrange(4)
    update = form in (1, 3)
    name = m + ("u" if update else "") + ("x" if form >= 2 else "")
    if form < 2:
        return Unit(d_form(ctx, name, rt, size, update), name)
    return Unit(x_form(ctx, name, rt, size, update), name)


def op_int_store(ctx):
    rng = ctx.rng
    m = rng.choice(list(INT_STORES))
    size = INT_STORES[m]
    rs = ctx.src()
    form = rng.randrange(4)
    update = form in (1, 3)
    name = m + ("u" if update else "") + ("x" if form >= 2 else "")
    if form < 2:
        return Unit(d_form(ctx, name, rs, size, update, load=False), name)
    return Unit(x_form(ctx, name, rs, size, update, load=False), name)


def op_byte_reversed(ctx):
    rng = ctx.rng
    if rng.random() < 0.5:
        m = rng.choice(list(BR_LOADS))
        return Unit(x_form(ctx, m, ctx.dst(), BR_LOADS[m]), m)
    m = rng.choice(list(BR_STORES))
    return Unit(x_form(ctx, m, ctx.src(), BR_STORES[m], load=False), m)


def op_multiple(ctx):
    """lmw/stmw rT..r31, word-aligned mostly (pimnic's Linux mode fixes misaligned ones up as the
    kernel would, so those are compared too). lmw with rA in the range is an invalid form that
    the assembler refuses; it is left out, and so is an lmw over the base register."""
    rng = ctx.rng
    load = rng.random() < 0.5
    if load:
        if ctx.base == 31:
            return None
        rt = rng.randrange(ctx.base + 1, 32)
    else:
        rt = rng.randrange(32)
    size = 4 * (32 - rt)
    m = "lmw" if load else "stmw"
    ea = L.BUF + offset(rng, size, 0.9)
    if rng.random() < 0.4:
        return Unit([f"{m} {rt},{off(ea)}({ctx.base})"], m)
    ra = pick(ctx, avoid=range(rt, 32) if load else ())
    d = rng.choice([0, rng.randint(-128, 128)])
    return Unit([set_addr(ctx, ra, ea - d), f"{m} {rt},{d}({ra})"], m)


def string_regs(rt, nbytes):
    n = max(1, (nbytes + 3) // 4)
    return {(rt + i) % 32 for i in range(n)}


def op_string_imm(ctx):
    """lswi/stswi. For lswi, rA must not be among the loaded registers (an invalid form that
    raises the illegal-instruction interrupt in both), nor may the base register."""
    rng = ctx.rng
    load = rng.random() < 0.5
    nb = rng.randrange(32)
    nbytes = nb or 32
    ea = L.BUF + offset(rng, nbytes, 0.3)
    m = "lswi" if load else "stswi"
    for _ in range(50):
        rt = rng.randrange(32)
        regs = string_regs(rt, nbytes)
        if not load or ctx.base not in regs:
            break
    else:
        return None
    ra = pick(ctx, avoid=regs if load else ())
    return Unit([set_addr(ctx, ra, ea), f"{m} {rt},{ra},{nb}"], m)


def op_string_idx(ctx):
    """lswx/stswx with XER[BC] set just before (keeping SO, OV, CA); for lswx neither rB nor a
    nonzero rA may be among the loaded registers, nor may the base register."""
    rng = ctx.rng
    load = rng.random() < 0.5
    n = rng.choice([0, 1, 2, 3, 4, 5, 7, 8, rng.randrange(128 if not load else 100)])
    for _ in range(50):
        rt = rng.randrange(32)
        regs = string_regs(rt, n) if n else {rt}
        if not load or ctx.base not in regs:
            break
    else:
        return None
    ea = L.BUF + offset(rng, max(n, 1), 0.3)
    tmp = pick(ctx, nonzero=False)
    ra = pick(ctx, avoid=regs if load else ())
    rb = pick(ctx, avoid=(regs | {ra}) if load else {ra}, nonzero=False)
    idx = rng.randint(-64, 64)
    m = "lswx" if load else "stswx"
    return Unit([f"mfxer {tmp}", f"rlwinm {tmp},{tmp},0,0,2", f"ori {tmp},{tmp},{n}", f"mtxer {tmp}",
                 set_addr(ctx, ra, ea - idx), f"li {rb},{idx}", f"{m} {rt},{ra},{rb}"], m)


def op_reservation(ctx):
    """lwarx then stwcx. to the same aligned word, with a few register-only instructions between
    (no store: qemu's stwcx. compares values, the hardware tracks the reservation), or a lone
    stwcx. (no reservation: fails in both)."""
    rng = ctx.rng
    ea = L.BUF + (offset(rng, 4) & ~3)
    rs = ctx.src()
    if rng.random() < 0.3:
        ra, rb = ctx.base, pick(ctx, nonzero=False)
        setup = [f"li {rb},{off(ea)}"]
    else:
        ra = pick(ctx)
        rb = pick(ctx, avoid=(ra,), nonzero=False)
        setup = [set_addr(ctx, ra, ea), f"li {rb},0"]
    if rng.random() < 0.2:
        return Unit(setup + [f"stwcx. {rs},{ra},{rb}"], "stwcx.")
    rt = pick(ctx, avoid=(ra, rb), nonzero=False)
    mid = []
    for _ in range(rng.randrange(3)):
        d = pick(ctx, avoid=(ra, rb))
        mid.append(f"addi {d},{rng.randrange(32)},{rng.randint(-5, 5)}")
    return Unit(setup + [f"lwarx {rt},{ra},{rb}"] + mid + [f"stwcx. {rs},{ra},{rb}"], "lwarx")


def op_cache(ctx):
    rng = ctx.rng
    m = rng.choice(["dcbz", "dcbz", "dcbf", "dcbst", "dcbt", "dcbtst", "icbi", "dcba"])
    lines = x_form(ctx, m, None, 1)
    lines[-1] = lines[-1].replace("None,", "")
    return Unit(lines, m)


def op_fp_load(ctx):
    rng = ctx.rng
    m = rng.choice(list(FP_LOADS))
    size = FP_LOADS[m]
    form = rng.randrange(4)
    update = form in (1, 3)
    name = m + ("u" if update else "") + ("x" if form >= 2 else "")
    ft = ctx.fpr()
    if form < 2:
        return Unit(d_form(ctx, name, ft, size, update, load=False), name)
    return Unit(x_form(ctx, name, ft, size, update, load=False), name)


def op_fp_store(ctx):
    rng = ctx.rng
    if rng.random() < 0.15:
        return Unit(x_form(ctx, "stfiwx", ctx.fpr(), 4, load=False), "stfiwx")
    m = rng.choice(list(FP_STORES))
    size = FP_STORES[m]
    form = rng.randrange(4)
    update = form in (1, 3)
    name = m + ("u" if update else "") + ("x" if form >= 2 else "")
    fs = ctx.fpr()
    if form < 2:
        return Unit(d_form(ctx, name, fs, size, update, load=False), name)
    return Unit(x_form(ctx, name, fs, size, update, load=False), name)


def op_fp_const(ctx):
    """Load an edge value from the sequence's constant pool."""
    rng = ctx.rng
    slot = rng.randrange(ctx.pool_const_slots)
    ft = ctx.fpr()
    if rng.random() < 0.3:
        return Unit([f"lfs {ft},{off(L.POOL) + 8 * slot + 4}({ctx.base})"], "lfs")
    return Unit([f"lfd {ft},{off(L.POOL) + 8 * slot}({ctx.base})"], "lfd")


VEC_LOADS = {"lvx": 16, "lvxl": 16, "lvebx": 1, "lvehx": 2, "lvewx": 4}
VEC_STORES = {"stvx": 16, "stvxl": 16, "stvebx": 1, "stvehx": 2, "stvewx": 4}


def op_vec_mem(ctx):
    rng = ctx.rng
    table = VEC_LOADS if rng.random() < 0.5 else VEC_STORES
    m = rng.choice(list(table))
    return Unit(x_form(ctx, m, ctx.vreg(), table[m], align_prob=0.5, rt_is_gpr=False), m)


def op_lvsl(ctx):
    rng = ctx.rng
    m = rng.choice(["lvsl", "lvsr"])
    rb = rng.randrange(32)
    if rng.random() < 0.3:
        return Unit([f"{m} {rng.randrange(32)},0,{rb}"], m)
    return Unit([f"{m} {rng.randrange(32)},{rng.randrange(1, 32)},{rb}"], m)


def op_vec_stream(ctx):
    rng = ctx.rng
    m = rng.choice(["dst", "dstt", "dstst", "dststt", "dss", "dssall"])
    if m == "dssall":
        return Unit(["dssall"], m)
    if m == "dss":
        return Unit([f"dss {rng.randrange(4)}"], m)
    return Unit([f"{m} {rng.randrange(1, 32)},{rng.randrange(32)},{rng.randrange(4)}"], m)


OPS = [
    (op_int_load, 5), (op_int_store, 4), (op_byte_reversed, 1.5), (op_multiple, 1),
    (op_string_imm, 1), (op_string_idx, 1), (op_reservation, 1), (op_cache, 1),
]
FP_MEM_OPS = [(op_fp_load, 2), (op_fp_store, 2.5), (op_fp_const, 2)]
VEC_MEM_OPS = [(op_vec_mem, 3), (op_lvsl, 1), (op_vec_stream, 0.3)]
