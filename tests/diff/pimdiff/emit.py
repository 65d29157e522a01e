"""Assembly and input records for a batch of programs.

A program is a flat list of units and labels (seq.flatten) run from unit `start` until control
first reaches a unit at or after `end`, from an initial state. Its code is position-independent
and `main` copies it to one fixed address (layout.RUN) before running it, so every program, and
every cut of the same program, runs at the same addresses: values derived from code addresses
(LR after `bl`, branch targets in registers) agree between the cuts triage compares.

The layout does not depend on `start` and `end` either:
  entry stub (6 instructions: load LR, CTR, r0; branch to unit `start`)
  unit 0 ... unit n-1, then the end position n (a branch to its exit stub)
  exit stubs for positions end..n (each stores r0 and its position; a common tail stores r3,
  CTR and EXITPOS and jumps to the harness)
A cut at `end` replaces the first instruction of every unit at or after `end` by a branch to that
position's exit stub, so the sequence stops at the first unit it reaches there, whichever way it
gets there, and records that position.
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
    n = prog.n_units()
    end = n if prog.end is None else prog.end
    pos_of = label_positions(prog.flat)
    sym = {name: f"s{i}_{name}" for name in pos_of}
    b = prog.base
    w("\t.balign 16")
    w(f"seq{i}:")
    w(f"\tlwz 0,{off(L.CUR + L.LR)}({b})")
    w("\tmtlr 0")
    w(f"\tlwz 0,{off(L.CUR + L.CTR)}({b})")
    w("\tmtctr 0")
    w(f"\tlwz 0,{off(L.CUR + L.GPR)}({b})")
    w(f"\tb s{i}_u{prog.start}")
    k = 0
    for it in prog.flat:
        if isinstance(it, Label):
            w(f"{sym[it.name]}:")
            continue
        w(f"s{i}_u{k}:\t# {it.tag}")
        for j, line in enumerate(it.insns):
            if j == 0 and k >= end:
                w(f"\tb s{i}_x{k}\t# cut")
            else:
                w("\t" + line.format(**sym))
        k += 1
    w(f"s{i}_u{n}:")
    w(f"\tb s{i}_x{n}")
    w(f"\t.globl s{i}_end")
    w(f"s{i}_end:")
    # Exit stubs (only positions a run can stop at: code after the units, so their number does
    # not move any unit): save r0, then the common part saves r3, CTR and the position.
    for p in range(end, n + 1):
        w(f"s{i}_x{p}:")
        w(f"\tstw 0,{off(L.OUT + L.GPR)}({b})")
        w(f"\tli 0,{p}")
        w(f"\tb s{i}_exit")
    w(f"s{i}_exit:")
    w(f"\tstw 0,{off(L.OUT + L.EXITPOS)}({b})")
    w(f"\tstw 3,{off(L.OUT + L.GPR) + 12}({b})")
    w("\tmfctr 0")
    w(f"\tstw 0,{off(L.OUT + L.CTR)}({b})")
    w(f"\tlwz 0,{off(L.EXIT_ADDR)}({b})")
    w("\tmtctr 0")
    w("\tbctr")
    w(f"s{i}_stop:")


def emit_batch(programs):
    """(assembly text, input records) for a list of Programs."""
    out = ["\t.text"]
    for i, prog in enumerate(programs):
        emit_program(i, prog, out)
    out.append("\t.section .rodata")
    out.append("\t.balign 4")
    out.append("\t.globl diff_count")
    out.append(f"diff_count:\t.long {len(programs)}")
    out.append("\t.globl diff_code")
    out.append("diff_code:")
    for i in range(len(programs)):
        out.append(f"\t.long seq{i}, s{i}_stop - seq{i}")
    out.append("\t.balign 16")
    out.append("\t.globl diff_init")
    out.append('diff_init:\t.incbin "init.bin"')
    out.append('\t.section .note.GNU-stack,"",@progbits')
    init = b"".join(p.init.pack_init() for p in programs)
    return "\n".join(out) + "\n", init
