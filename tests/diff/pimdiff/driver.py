"""Run batches of generated sequences under both emulators, triage what differs, and keep the
counts: per sequence (agree, masked known qemu error, divergence) and per instruction."""
import collections
import time
from dataclasses import dataclass, field

from . import build, compare, generator, report, run, triage
from .emit import Program
from .run import Died
from .seq import flatten, tags


@dataclass
class Stats:
    sequences: int = 0
    agree: int = 0
    masked: int = 0             # differed only by recognised qemu errors
    divergent: int = 0          # a new divergence (or one triage could not localise)
    both_died: int = 0          # e.g. a trap taken in both: compared by exit status only
    units: collections.Counter = field(default_factory=collections.Counter)
    known: collections.Counter = field(default_factory=collections.Counter)
    new_by_insn: collections.Counter = field(default_factory=collections.Counter)
    findings: list = field(default_factory=list)       # new findings (reproducers)
    known_by_insn: collections.Counter = field(default_factory=collections.Counter)
    details: list = field(default_factory=list)        # full reports of the first divergences
    unlocalised: list = field(default_factory=list)    # (seed, diffs)
    seconds: float = 0.0

    def merge(self, o):
        for k in ("sequences", "agree", "masked", "divergent", "both_died", "seconds"):
            setattr(self, k, getattr(self, k) + getattr(o, k))
        self.units.update(o.units)
        self.known.update(o.known)
        self.new_by_insn.update(o.new_by_insn)
        self.findings += o.findings
        self.known_by_insn.update(o.known_by_insn)
        self.details += o.details[:max(0, 3 - len(self.details))]
        self.unlocalised += o.unlocalised


def run_batch(seeds, workdir, pimnic, exclude=(), do_triage=True, log=None, focus=None):
    t0 = time.time()
    st = Stats()
    seqs = [generator.generate(s, exclude=exclude, focus=focus) for s in seeds]
    progs = [Program(flatten(q), q.init, base=q.base) for q in seqs]
    exe = build.build(workdir, progs)
    qr = run.run_all(run.qemu_cmd(exe), len(progs))
    pr = run.run_all(run.pimnic_cmd(pimnic, exe), len(progs))
    differing = []
    for q_seq, q, p in zip(seqs, qr, pr):
        st.sequences += 1
        st.units.update(tags(q_seq))
        d = compare.diff_results(q, p)
        if d is None:
            if isinstance(q, Died):
                st.both_died += 1
            else:
                st.agree += 1
        elif not do_triage:
            st.divergent += 1
            st.unlocalised.append((q_seq.seed, d))
        else:
            differing.append((q_seq, d, q, p, len(differing)))
    index = {id(q_seq): i for i, q_seq in enumerate(seqs)}
    results = triage.triage_many([x[0] for x in differing], workdir, pimnic) if differing else []
    for (q_seq, d, qres, pres, _), (found, complete) in zip(differing, results):
        new = [f for f in found if f.kind == "new"]
        for f in found:
            if f.kind != "new":
                for name in f.kind.split("+"):
                    st.known[name] += 1
                st.known_by_insn[f.unit.tag] += 1
        bad = bool(new) or not found or not complete
        if bad and len(st.details) < 3:
            st.details.append(report.failure(q_seq, exe, index[id(q_seq)], result_state(qres),
                                             result_state(pres), new))
        if new:
            st.divergent += 1
            st.findings += new
            for f in new:
                st.new_by_insn[f.unit.tag] += 1
            if log:
                log(f"seed {q_seq.seed}: divergence at unit {new[0].pos} ({new[0].unit.tag})")
        elif not found or not complete:
            st.divergent += 1
            st.unlocalised.append((q_seq.seed, d))
            if log:
                log(f"seed {q_seq.seed}: differs, not localised: {[k for k, _, _ in d]}")
        else:
            st.masked += 1
    st.seconds = time.time() - t0
    return st


def result_state(r):
    return r if isinstance(r, Died) else compare.to_state(r)
