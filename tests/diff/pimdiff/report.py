"""Human-readable reports: a sequence's listing, a finding's reproducer."""
from . import layout as L
from .compare import buf_diff_lines
from .run import Died
from .seq import Label, Loop, Unit
from .state import fmt_value
from . import fpscr as F


def listing(seq):
    lines = [f"  base register r{seq.base} = {L.LOW_BASE:#x}"]
    n = 0

    def unit_lines(u, indent):
        nonlocal n
        out = [f"{indent}u{n:<3} {u.insns[-1] if len(u.insns) == 1 else ' ; '.join(u.insns)}"]
        n += 1
        return out

    for it in seq.items:
        if isinstance(it, Label):
            lines.append(f"  {it.name}:")
        elif isinstance(it, Unit):
            lines += unit_lines(it, "    ")
        elif isinstance(it, Loop):
            lines.append(f"    loop x{it.count} (li r{it.ctr_reg},{it.count}; mtctr; {it.head}: ... bdnz):")
            for b in it.body:
                if isinstance(b, Label):
                    lines.append(f"      {b.name}:")
                else:
                    lines += unit_lines(b, "      ")
    return "\n".join(lines)


def value(name, v):
    if name == "fpscr":
        return f"{v:08x} ({F.describe(v)})"
    return fmt_value(name, v)


def finding(f):
    lines = [f"seed {f.seed}, unit {f.pos} [{f.kind}]: {' ; '.join(f.unit.insns)}"]
    for addr, word, dis in f.words or []:
        lines.append(f"    {addr:08x}: {word:08x}  {dis}")
    if isinstance(f.q, Died) or isinstance(f.p, Died):
        lines.append(f"    qemu: {f.q!r}")
        lines.append(f"    pimnic: {f.p!r}")
        return "\n".join(lines)
    lines.append("    inputs: " + inputs_line(f))
    for k, a, b in f.diffs:
        if k == "buf":
            lines.append("    buffer differs:")
            lines += buf_diff_lines(a, b, L.BUF)[:8]
        else:
            lines.append(f"    {k:>6}: qemu {value(k, a)}  pimnic {value(k, b)}")
    return "\n".join(lines)


def inputs_line(f):
    """The registers the unit's last instruction names, with their values before it."""
    import re
    text = f.unit.insns[-1]
    mnem, _, args = text.partition(" ")
    pre = f.pre
    out = []
    regs = [a for a in args.split(",") if a.strip().lstrip("-").isdigit()]
    prefix = "f" if mnem.startswith("f") or mnem.startswith("mtfsf") else (
        "v" if mnem.startswith("v") else "r")
    for r in regs[:4]:
        r = int(r)
        if prefix == "f" and r < 32:
            out.append(f"f{r}={pre.fpr[r]:016x}")
        elif prefix == "v" and r < 32:
            out.append(f"v{r}={pre.vr[r].hex()}")
        elif r < 32:
            out.append(f"r{r}={pre.gpr[r]:08x}")
    out.append(f"fpscr={pre.fpscr:08x}")
    out.append(f"cr={pre.cr:08x} xer={pre.xer:08x} vscr={pre.vscr:08x}")
    del re
    return " ".join(out)
