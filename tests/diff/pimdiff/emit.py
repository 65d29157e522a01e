"""Assembly and input records for a batch of programs.

A program is a flat list of units and labels (seq.flatten) run from unit `start` to unit `end`
with an initial state. Labels at or beyond `end` become exit stubs that dump the state and record
the unit position the program was heading to (EXITPOS), so a cut program can be resumed.
"""
from dataclasses import dataclass

from . import layout as L
from .layout import off
from .seq import Label, Unit, label_positions


@dataclass
class Program:
    flat: list          # Units and Labels
    init: object        # State
    start: int = 0
    end: int = None     # None: all units
    name: str = ""      # for reports
    base: int = 31      # the base register (holds LOW_BASE; the program never writes it)

    def n_units(self):
        return sum(1 for x in self.flat if isinstance(x, Unit))


def emit_program(i, prog, out):
    w = out.append
    end = prog.n_units() if prog.end is None else prog.end
    pos_of = label_positions(prog.flat)
    sym = {name: f"s{i}_{name}" for name in pos_of}
    w("\t.balign 4")
    w(f"seq{i}:")
    b = prog.base
    w(f"\tlwz 0,{off(L.CUR + L.LR)}({b})")
    w("\tmtlr 0")
    w(f"\tlwz 0,{off(L.CUR + L.CTR)}({b})")
    w("\tmtctr 0")
    w(f"\tlwz 0,{off(L.CUR + L.GPR)}({b})")
    n = 0
    stubs = {}
    for it in prog.flat:
        if isinstance(it, Label):
            p = pos_of[it.name]
            if prog.start <= p < end:
                w(f"{sym[it.name]}:")
            else:
                stubs[sym[it.name]] = p
            continue
        if prog.start <= n < end:
            w(f"s{i}_u{n}:\t# {it.tag}")
            for line in it.insns:
                w("\t" + line.format(**sym))
        n += 1
    w(f"\t.globl s{i}_end")
    w(f"s{i}_end:")
    for name, p in [(f"s{i}_fall", end)] + list(stubs.items()):
        w(f"{name}:")
        w(f"\tstw 0,{off(L.OUT + L.GPR)}({b})")
        w(f"\tstw 3,{off(L.OUT + L.GPR) + 12}({b})")
        w(f"\tli 0,{p}")
        w(f"\tstw 0,{off(L.OUT + L.EXITPOS)}({b})")
        w(f"\tlis 3,{L.LOW_BASE >> 16}")
        w(f"\tori 3,3,{L.LOW_BASE & 0xFFFF}")
        w("\tb diff_exit_r0r3saved")


def emit_batch(programs):
    """(assembly text, input records) for a list of Programs."""
    out = ["\t.text"]
    for i, prog in enumerate(programs):
        emit_program(i, prog, out)
    out.append("\t.section .rodata")
    out.append("\t.balign 4")
    out.append("\t.globl diff_count")
    out.append(f"diff_count:\t.long {len(programs)}")
    out.append("\t.globl diff_entries")
    out.append("diff_entries:")
    for i in range(len(programs)):
        out.append(f"\t.long seq{i}")
    out.append("\t.balign 16")
    out.append("\t.globl diff_init")
    out.append('diff_init:\t.incbin "init.bin"')
    out.append('\t.section .note.GNU-stack,"",@progbits')
    init = b"".join(p.init.pack_init() for p in programs)
    return "\n".join(out) + "\n", init
