#!/usr/bin/env python3
"""Disassembler sweep: pimnic's text for every row's generated encodings against llvm-mc, GNU
objdump where llvm-mc cannot be the reference, and Capstone as a further cross-check.

    sweep.py DUMP_TOOL [--core host,nic,pim] [--full | --sample N] [--seed N] [--show N]

For each core profile, DUMP_TOOL (disasm_sweep_dump) prints the encodings with pimnic's and
Capstone's text; extra_words.txt adds encodings with reserved bits set that real code contains. One llvm-mc process disassembles them all, one objdump process the words that
llvm_exceptions.txt sends to objdump; normalised (disasm_norm.py), pimnic's text must equal the
reference's. Where Capstone's text differs from pimnic's (in --disasm-check's normal form), the word
must be covered by capstone_known_errors.txt. Exit status 1 on a difference, an uncovered Capstone
disagreement, or a list entry that no swept word needed (a stale entry).
"""
import argparse
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import disasm_compare as cmp  # noqa: E402
import disasm_refs as refs  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def extra_words(core):
    """extra_words.txt: the words listed for this core."""
    out = []
    with open(os.path.join(HERE, "extra_words.txt")) as f:
        for line in f:
            parts = line.split(None, 2)
            if parts and not parts[0].startswith("#") and (parts[0] == "*" or core in parts[0].split(",")):
                out.append(int(parts[1], 16))
    return out


def sweep_core(core, args, exceptions, known, report):
    cmd = [args.dump, "--core", core, "--seed", args.seed, "--capstone"]
    cmd += ["--full"] if args.full else ["--sample", args.sample] if args.sample else []
    entries = cmp.parse_dump(refs.run(cmd))
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "extra.txt")
        with open(path, "w") as f:  # after the generated words, 0x20000000 up
            f.writelines(f"{0x20000000 + 4 * i:08x} {w:08x}\n" for i, w in enumerate(extra_words(core)))
        entries += cmp.parse_dump(refs.run([args.dump, "--core", core, "--capstone", "--words", path]))
    llvm = refs.llvm_mc([e.word for e in entries], core)
    summary = cmp.check(core, entries, llvm, exceptions, known, report)
    print(f"{core}: {len(entries)} words from {len(set(e.row for e in entries))} rows; {summary}")
    report.flush()


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
    report = cmp.Report(args.show)
    for core in cores:
        sweep_core(core, args, exceptions, known, report)
    stale = [f"{e.where}: never needed ({e.row.pattern}: {e.when.pattern})"
             for e in exceptions if e.cores <= set(cores) and not e.used]
    if set(cores) == {"host", "nic", "pim"}:
        stale += [f"{k.where}: never needed ({k.mask:08x} {k.match:08x})" for k in known.entries if not k.used]
    for s in stale:
        report.fail("stale: " + s)
    return 1 if report.failed else 0


if __name__ == "__main__":
    sys.exit(main())
