"""Branches, all forward (the generator places the target label a few units later), so every
sequence ends; the only backward branch is the `bdnz` closing a bounded loop (generator.py).
Indirect branches get their target PC-relative (`bcl 20,31` to the next instruction, mflr, addi)
and mtlr/mtctr in the same unit: the code must not depend on where it runs (emit.py)."""
from .seq import Unit

# BO values with the z bits clear (the architecture's valid encodings), y (hint) either way.
BO_DECREMENT = [0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19]
BO_NO_DECREMENT = [4, 5, 12, 13, 20]


def bo(ctx, allow_decrement=True):
    if allow_decrement and not ctx.in_loop and ctx.rng.random() < 0.4:
        return ctx.rng.choice(BO_DECREMENT)
    return ctx.rng.choice(BO_NO_DECREMENT)


def target_reg(ctx):
    while True:
        r = ctx.dst()
        if r:
            return r


def op_branch(ctx):
    rng = ctx.rng
    k = rng.randrange(8)
    lk = "l" if rng.random() < 0.3 else ""
    if k == 0:
        return Unit([f"b{lk} {{T}}"], "b" + lk, "T")
    if k <= 4:
        return Unit([f"bc{lk} {bo(ctx)},{rng.randrange(32)},{{T}}"], "bc" + lk, "T")
    r = target_reg(ctx)
    addr = ["bcl 20,31,1f", f"1: mflr {r}", f"addi {r},{r},{{T}}-1b"]
    if k <= 6 or ctx.in_loop:
        return Unit(addr + [f"mtlr {r}", f"bclr{lk} {bo(ctx)},{rng.randrange(32)}"], "bclr" + lk, "T")
    # bcctr with BO[2] = 0 is an invalid form (illegal instruction in both): never decrement.
    return Unit(addr + [f"mtctr {r}", f"bcctr{lk} {bo(ctx, False)},{rng.randrange(32)}"],
                "bcctr" + lk, "T")


OPS = [(op_branch, 1)]
