"""Localise divergences to single units, with the state before each one (a reproducer).

A sequence is unrolled (forward-only code, each unit runs at most once) and run as prefixes
from the current position: prefix k runs units pos..k-1 and dumps the state. The first prefix
whose state differs names the unit k-1; the prefix before it gives the common state the unit
started from, so (unit, state before, both states after) is a one-unit reproducer, classified
by known.py. A known qemu error is masked by resuming after the unit from pimnic's state (both
emulators then start from the same state again), so the rest of the sequence is still compared;
a new divergence is reported and the search goes on the same way.

All sequences of a batch are triaged together: one executable per round holds the prefixes of
every sequence still being searched.
"""
import subprocess
from dataclasses import dataclass

from . import build, compare, known, run
from .emit import Program
from .run import Died
from .seq import flatten, units_of


@dataclass
class Finding:
    seed: int
    pos: int
    unit: object            # seq.Unit
    pre: object             # State before the unit
    q: object               # qemu's result: State or Died
    p: object               # pimnic's result: State or Died
    diffs: list
    kind: str               # known.py id, or "new"
    words: list = None      # [(address, word, disassembly)] of the unit, from objdump


class Search:
    def __init__(self, seq):
        self.seq = seq
        self.flat = flatten(seq, unroll=True)
        self.units = units_of(self.flat)
        self.cur, self.pos = seq.init, 0
        self.findings = []
        self.done = False
        self.complete = False


def result_state(r, pool):
    if isinstance(r, Died):
        return r
    s = compare.to_state(r)
    s.pool = pool
    return s


def triage_many(seqs, workdir, pimnic, max_findings=4, max_rounds=60, chunk=40):
    """[(findings, complete)] for each sequence; complete is False if the search stopped early.
    Searches go `chunk` at a time, so that one round's executable stays small."""
    out = []
    for k in range(0, len(seqs), chunk):
        out += triage_chunk(seqs[k:k + chunk], workdir, pimnic, max_findings, max_rounds)
    return out


def triage_chunk(seqs, workdir, pimnic, max_findings, max_rounds):
    searches = [Search(s) for s in seqs]
    for _ in range(max_rounds):
        active = [s for s in searches if not s.done]
        if not active:
            break
        progs, spans = [], []
        for s in active:
            n = len(s.units)
            first = len(progs)
            progs += [Program(s.flat, s.cur, s.pos, k, base=s.seq.base) for k in range(s.pos + 1, n + 1)]
            spans.append((s, first, len(progs)))
        exe = build.build(workdir, progs, "triage")
        qr = run.run_all(run.qemu_cmd(exe), len(progs))
        pr = run.run_all(run.pimnic_cmd(pimnic, exe), len(progs))
        for s, a, b in spans:
            step(s, exe, a, qr[a:b], pr[a:b], max_findings)
    return [(s.findings, s.complete) for s in searches]


def step(s, exe, first_index, qr, pr, max_findings):
    pool = s.seq.init.pool
    j = next((j for j, (q, p) in enumerate(zip(qr, pr)) if compare.diff_results(q, p)), None)
    if j is None:
        s.done = s.complete = True
        return
    k = s.pos + 1 + j                       # the prefix ending at unit k-1 is the first to differ
    if j == 0:
        pre = s.cur
    else:
        pre = result_state(pr[j - 1], pool)
        if isinstance(pre, Died) or pre.exitpos != k - 1:
            s.done = True                   # cannot happen in forward-only code
            return
    qs, ps = result_state(qr[j], pool), result_state(pr[j], pool)
    diffs = compare.diff_results(qr[j], pr[j])
    unit = s.units[k - 1]
    kind = known.classify(unit, pre, qs, ps, diffs)
    f = Finding(s.seq.seed, k - 1, unit, pre, qs, ps, diffs, kind)
    if kind == "new":
        f.words = unit_words(exe, first_index + j, k - 1)
    s.findings.append(f)
    if isinstance(ps, Died) or isinstance(qs, Died) or ps.exitpos <= s.pos:
        s.done = s.complete = True
        return
    s.cur, s.pos = ps, ps.exitpos
    if s.pos >= len(s.units):
        s.done = s.complete = True
    elif sum(f.kind == "new" for f in s.findings) >= max_findings:
        s.done = True


def triage(seq, workdir, pimnic, max_findings=4):
    return triage_many([seq], workdir, pimnic, max_findings)[0]


def unit_words(exe, prog_index, unit_pos):
    """(address, word, disassembly) of one unit in a built program, from objdump."""
    sym = subprocess.run(["powerpc-linux-gnu-nm", exe], stdout=subprocess.PIPE, text=True).stdout
    addrs = {}
    for line in sym.splitlines():
        parts = line.split()
        if len(parts) == 3:
            addrs[parts[2]] = int(parts[0], 16)
    start = addrs.get(f"s{prog_index}_u{unit_pos}")
    stop = addrs.get(f"s{prog_index}_end")
    if start is None or stop is None:
        return []
    d = subprocess.run(["powerpc-linux-gnu-objdump", "-d", "-Maltivec", f"--start-address={start}",
                        f"--stop-address={stop}", exe], stdout=subprocess.PIPE, text=True).stdout
    out = []
    for line in d.splitlines():
        parts = line.split("\t")
        if len(parts) >= 3 and parts[0].strip().endswith(":"):
            addr = int(parts[0].strip()[:-1], 16)
            word = int(parts[1].replace(" ", ""), 16)
            out.append((addr, word, " ".join(p.strip() for p in parts[2:])))
    return out
