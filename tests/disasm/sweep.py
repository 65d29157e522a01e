#!/usr/bin/env python3
"""Disassembler sweep: pimnic's text for every row's generated encodings against llvm-mc, GNU
objdump where llvm-mc cannot be the reference, and Capstone as a further cross-check.

    sweep.py DUMP_TOOL [--core host,nic,pim] [--full | --sample N] [--seed N] [--show N]

For each core profile, DUMP_TOOL (disasm_sweep_dump) prints the encodings with pimnic's and
Capstone's text. One llvm-mc process disassembles them all, one objdump process the words that
llvm_exceptions.txt sends to objdump; normalised (disasm_norm.py), pimnic's text must equal the
reference's. Where Capstone's text differs from pimnic's (in --disasm-check's normal form), the word
must be covered by capstone_known_errors.txt. Exit status 1 on a difference, an uncovered Capstone
disagreement, or a list entry that no swept word needed (a stale entry).
"""
import argparse
import collections
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import disasm_norm as norm  # noqa: E402
import disasm_refs as refs  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
FEAT_PIM = 1 << 4  # isa::Feature


def aa_field(text, word):
    """pimnic's text with an absolute branch target cut to the displacement field's width."""
    if not (word >> 1) & 1:
        return text
    mask = 0x03FFFFFC if (word >> 26) == 18 else 0xFFFC
    return re.sub(r"0x([0-9a-f]+)$", lambda m: hex(int(m.group(1), 16) & mask), text)


class Report:
    def __init__(self, show):
        self.show = show
        self.failed = False

    def differences(self, title, bad):
        total = sum(len(v) for v in bad.values())
        if not total:
            return
        self.failed = True
        print(f"  {title}: {total} in {len(bad)} rows")
        for row, diffs in sorted(bad.items(), key=lambda kv: -len(kv[1])):
            print(f"    {row}: {len(diffs)}")
            for word, mine, theirs in diffs[: self.show]:
                print(f"      {word:08x}  pimnic: {mine:40s} {theirs}")


def sweep_core(core, args, exceptions, known, report):
    cmd = [args.dump, "--core", core, "--seed", args.seed, "--capstone"]
    cmd += ["--full"] if args.full else ["--sample", args.sample] if args.sample else []
    fields = [ln.split("\t") for ln in refs.run(cmd).splitlines()]
    pcs = [int(f[0], 16) for f in fields]
    words = [int(f[1], 16) for f in fields]
    rows = [f[2] for f in fields]
    texts = [f[4] for f in fields]
    capstone = [f[5] if len(f) > 5 else "" for f in fields]
    mine = norm.pimnic_all(texts)
    # PIM extension rows: no external disassembler knows them (unit tests cover their text).
    pim_only = [bool(int(f[3]) & FEAT_PIM) for f in fields]

    core_exc = [e for e in exceptions if core in e.cores]
    by_row = {}

    def listed(i):
        cands = by_row.get(rows[i])
        if cands is None:
            cands = by_row[rows[i]] = [e for e in core_exc if e.row.fullmatch(rows[i])]
        return next((e for e in cands if e.when.fullmatch(mine[i])), None)

    exc = [listed(i) for i in range(len(words))]
    llvm = refs.llvm_mc(words, core)
    od_idx = [i for i, e in enumerate(exc) if e and e.kind == "objdump"]
    od = dict(zip(od_idx, refs.objdump([words[i] for i in od_idx], core)))

    bad = collections.defaultdict(list)
    counts = collections.Counter()
    for i, word in enumerate(words):
        e, text = exc[i], mine[i]
        if e:
            e.used += 1
        if pim_only[i] or (e and e.kind == "none"):
            counts["unchecked"] += 1
            continue
        if e and e.kind == "objdump":
            theirs = norm.objdump(od[i], word, pcs[i])
            counts["objdump"] += 1
        else:
            theirs = norm.llvm(llvm[i], word, pcs[i])
            counts["llvm-mc"] += 1
            if e and e.kind == "llvm-mc/aa-field":
                text = aa_field(text, word)
        if text == theirs:
            continue
        if e and e.accept and e.accept.fullmatch(theirs):
            counts["accepted"] += 1
            continue
        bad[rows[i]].append((word, texts[i], "reference: " + theirs))

    # Capstone: every disagreement must be a known Capstone error.
    cs_bad = collections.defaultdict(list)
    for i, word in enumerate(words):
        if norm.loose(texts[i]) == norm.loose(capstone[i]):
            continue
        counts["capstone differs"] += 1
        k = known.find(word)
        if k:
            k.used += 1
        else:
            cs_bad[rows[i]].append((word, texts[i], "capstone: " + (capstone[i] or norm.INVALID)))

    print(f"{core}: {len(words)} words from {len(set(rows))} rows; compared with llvm-mc "
          f"{counts['llvm-mc']}, with objdump {counts['objdump']}; listed disagreements accepted "
          f"{counts['accepted']}; no reference {counts['unchecked']}; Capstone differs on "
          f"{counts['capstone differs']}")
    report.differences("differences from the reference", bad)
    report.differences("Capstone disagreements not in capstone_known_errors.txt", cs_bad)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dump")
    ap.add_argument("--core", default="host,nic,pim")
    ap.add_argument("--full", action="store_true", help="exhaustive field combinations (slow)")
    ap.add_argument("--sample", help="field combinations kept per row (the dump's default otherwise)")
    ap.add_argument("--seed", default="1")
    ap.add_argument("--show", type=int, default=8, help="differences to print per row")
    ap.add_argument("--exceptions", default=os.path.join(HERE, "llvm_exceptions.txt"))
    ap.add_argument("--capstone-errors", default=os.path.join(HERE, "capstone_known_errors.txt"))
    args = ap.parse_args()

    cores = args.core.split(",")
    exceptions = refs.load_exceptions(args.exceptions)
    known = refs.load_known_errors(args.capstone_errors)
    report = Report(args.show)
    for core in cores:
        sweep_core(core, args, exceptions, known, report)
    stale = [f"{e.where}: never needed ({e.row.pattern}: {e.when.pattern})"
             for e in exceptions if e.cores <= set(cores) and not e.used]
    if set(cores) == {"host", "nic", "pim"}:
        stale += [f"{k.where}: never needed ({k.mask:08x} {k.match:08x})" for k in known.entries if not k.used]
    for s in stale:
        print("  stale: " + s)
    return 1 if report.failed or stale else 0


if __name__ == "__main__":
    sys.exit(main())
