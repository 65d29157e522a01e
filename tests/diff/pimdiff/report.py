"""Human-readable reports: a sequence's listing, a finding's reproducer."""
from . import layout as L
from .compare import buf_diff_lines
from .run import Died
from .seq import Label, flatten
from .state import fmt_value
from . import fpscr as F


def listing(seq):
    """The sequence as run (loops rolled), numbered as in the disassembly's s<i>_u<n> symbols."""
    lines = [f"  base register r{seq.base} = {L.LOW_BASE:#x}"]
    n = 0
    for it in flatten(seq):
        if isinstance(it, Label):
            lines.append(f"  {it.name}:")
        else:
            lines.append(f"    u{n:<3} {' ; '.join(it.insns)}")
            n += 1
    return "\n".join(lines)


def value(name, v):
    if name == "fpscr":
        return f"{v:08x} ({F.describe(v)})"
    return fmt_value(name, v)


def finding(f):
    lines = [f"seed {f.seed}, unit {f.pos} of the unrolled sequence [{f.kind}]: "
             f"{' ; '.join(f.unit.insns)}"]
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


def operand_kinds(mnem, n):
    """'r', 'f', 'v' for register operands, '-' for anything else, by position."""
    m = mnem.rstrip(".")
    if m in ("fcmpu", "fcmpo"):
        return ["-", "f", "f"]
    if m in ("mtfsf",):
        return ["-", "f"]
    if m.startswith(("mtfsb", "mtfsfi", "mcrfs")):
        return ["-"] * n
    if m.startswith(("lf", "stf")):
        return ["f"] + ["r"] * (n - 1)
    if m.startswith(("lv", "stv")):
        return ["v"] + ["r"] * (n - 1)
    if m.startswith(("dst", "dss")):
        return ["r", "r", "-"][:n]
    if m.startswith("f") or m == "mffs":
        return ["f"] * n
    if m.startswith(("vsplti",)):
        return ["v", "-"]
    if m.startswith(("vspltb", "vsplth", "vspltw", "vcf", "vct", "vsldoi")):
        return ["v"] * (n - 1) + ["-"]
    if m.startswith(("v", "mtvscr", "mfvscr")):
        return ["v"] * n
    if m.startswith(("cmp", "cr", "mcrf", "mcrxr", "tw", "bc", "b")):
        return ["-"] * n
    if m.endswith("i") or m.endswith("is") or m.endswith("i.") or m in ("addic.", "andi.", "andis."):
        return ["r", "r", "-"][:n]
    if m.startswith("rlwinm") or m.startswith("srawi"):
        return ["r", "r"] + ["-"] * (n - 2)
    if m.startswith("rlwnm"):
        return ["r", "r", "r", "-", "-"][:n]
    if m.startswith("mtcrf"):
        return ["-", "r"]
    return ["r"] * n


def inputs_line(f):
    """The registers the unit's last instruction names, with their values before it."""
    mnem, _, args = f.unit.insns[-1].partition(" ")
    ops = []
    for a in args.split(","):
        a = a.strip()
        if "(" in a:
            ops += ["-", a[a.index("(") + 1:-1]]
        else:
            ops.append(a)
    kinds = operand_kinds(mnem, len(ops))
    pre = f.pre
    out = []
    for k, a in zip(kinds, ops):
        if k == "-" or not a.isdigit() or int(a) > 31:
            continue
        r = int(a)
        if k == "f":
            out.append(f"f{r}={pre.fpr[r]:016x}")
        elif k == "v":
            out.append(f"v{r}={pre.vr[r].hex()}")
        elif f"r{r}=" not in " ".join(out):
            out.append(f"r{r}={pre.gpr[r]:08x}")
    out.append(f"fpscr={pre.fpscr:08x} cr={pre.cr:08x} xer={pre.xer:08x} vscr={pre.vscr:08x}")
    return " ".join(out)


def disassembly(exe, index):
    """objdump listing of program `index` of a batch executable (from its entry to its end)."""
    import subprocess
    syms = subprocess.run(["powerpc-linux-gnu-nm", exe], stdout=subprocess.PIPE, text=True).stdout
    addrs = {}
    for line in syms.splitlines():
        parts = line.split()
        if len(parts) == 3:
            addrs[parts[2]] = int(parts[0], 16)
    start, stop = addrs.get(f"seq{index}"), addrs.get(f"s{index}_end")
    if start is None or stop is None:
        return "  (no symbols)"
    d = subprocess.run(["powerpc-linux-gnu-objdump", "-d", "-Maltivec", f"--start-address={start}",
                        f"--stop-address={stop}", exe], stdout=subprocess.PIPE, text=True).stdout
    body = d.split(">:", 1)[-1]
    return "\n".join("  " + l for l in body.strip("\n").splitlines() if l.strip())


def side_by_side(q, p):
    """Every register of both final states; differing ones marked with '!'."""
    from .compare import diff_states
    from .state import fields
    if isinstance(q, Died) or isinstance(p, Died):
        return f"  qemu: {q!r}\n  pimnic: {p!r}"
    differing = {k for k, _, _ in diff_states(q, p)}
    fq, fp = fields(q), fields(p)
    lines = []
    for k in fq:
        mark = "!" if k in differing else " "
        lines.append(f" {mark}{k:>5}  qemu {value(k, fq[k]):<34} pimnic {value(k, fp[k])}")
    if "buf" in differing:
        lines.append(" !  buf differs:")
        lines += buf_diff_lines(q.buf, p.buf, L.BUF)
    return "\n".join(lines)


def failure(seq, exe, index, q, p, findings):
    """Everything needed to look at one divergent sequence."""
    out = [f"=== divergent sequence: seed {seq.seed} ===", "units:", listing(seq),
           "disassembly:", disassembly(exe, index), "final registers (qemu vs pimnic):",
           side_by_side(q, p)]
    if findings:
        out.append("reproducers (one unit, from the common state before it):")
        out += [finding(f) for f in findings]
    else:
        out.append("triage could not localise it to one unit")
    return "\n".join(out)
