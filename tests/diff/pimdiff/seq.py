"""Sequences: units (one instruction, or an instruction with the few set-up instructions it needs),
labels and bounded loops, with the two layouts the harness runs.

- `flatten(seq)`: the generated program, loops included (a `bdnz` back to the loop head);
- `flatten(seq, unroll=True)`: the same program with every loop unrolled into its iterations, so
  that the code is forward-only and every unit runs at most once. Triage cuts this form at unit
  boundaries (a unit's position is a point where the state can be dumped and resumed).

Assembly text refers to labels as `{name}`; emission maps names to unique assembler symbols.
"""
from dataclasses import dataclass


class NoRegister(Exception):
    """An op found no register satisfying its constraints; the generator picks another op."""


@dataclass
class Unit:
    insns: list                 # assembler lines, labels as {name}
    tag: str                    # the instruction under test (mnemonic with suffixes), for stats
    target: str = None          # label this unit may branch to


@dataclass
class Label:
    name: str


@dataclass
class Loop:
    count: int
    ctr_reg: int
    body: list                  # Units and Labels (no nested loops)
    head: str = ""              # label name of the loop head
    tag: str = "bdnz"


@dataclass
class Sequence:
    items: list
    init: object                # State
    seed: int = 0
    base: int = 31              # base register: holds layout.LOW_BASE, never written


def flatten(seq, unroll=False):
    """A flat list of Units and Labels. Label names inside unrolled iterations get a suffix."""
    out = []
    for it in seq.items:
        if not isinstance(it, Loop):
            out.append(it)
            continue
        out.append(Unit([f"li {it.ctr_reg},{it.count}", f"mtctr {it.ctr_reg}"], "mtctr"))
        if not unroll:
            out.append(Label(it.head))
            out.extend(it.body)
            out.append(Unit([f"bdnz {{{it.head}}}"], "bdnz", it.head))
            continue
        for k in range(it.count):
            ren = {}
            for b in it.body:
                if isinstance(b, Label):
                    ren[b.name] = f"{b.name}_i{k}"
            nxt = f"{it.head}_i{k + 1}"
            out.append(Label(f"{it.head}_i{k}"))
            for b in it.body:
                if isinstance(b, Label):
                    out.append(Label(ren[b.name]))
                else:
                    out.append(rename(b, ren))
            # The iteration's bdnz goes on to the next copy: the same CTR decrement and condition.
            out.append(Unit([f"bdnz {{{nxt}}}"], "bdnz", nxt))
        out.append(Label(f"{it.head}_i{it.count}"))
    return out


def rename(unit, ren):
    if not ren:
        return unit
    insns = []
    for line in unit.insns:
        for a, b in ren.items():
            line = line.replace("{" + a + "}", "{" + b + "}")
        insns.append(line)
    tgt = ren.get(unit.target, unit.target)
    return Unit(insns, unit.tag, tgt)


def units_of(flat):
    return [u for u in flat if isinstance(u, Unit)]


def label_positions(flat):
    """Label name -> index of the unit that follows it."""
    pos, n = {}, 0
    for it in flat:
        if isinstance(it, Label):
            pos[it.name] = n
        else:
            n += 1
    return pos


def tags(seq):
    out = []
    for it in seq.items:
        if isinstance(it, Unit):
            out.append(it.tag)
        elif isinstance(it, Loop):
            out.append("mtctr")
            out.extend(b.tag for b in it.body if isinstance(b, Unit))
            out.append("bdnz")
    return out
