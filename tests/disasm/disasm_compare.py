"""The comparison both checks share (sweep.py on generated encodings, image_check.py on compiled
firmware): pimnic's text against llvm-mc's (or objdump's, per llvm_exceptions.txt), and Capstone's
disagreements against capstone_known_errors.txt."""
import collections
import re

import disasm_norm as norm
import disasm_refs as refs

FEAT_PIM = 1 << 4  # isa::Feature


class Entry:
    """One word: its address, encoding, table row (mnemonic and features), pimnic's and Capstone's text."""

    __slots__ = ("pc", "word", "row", "features", "text", "capstone")

    def __init__(self, pc, word, row, features, text, capstone):
        self.pc, self.word, self.row, self.features, self.text, self.capstone = pc, word, row, features, text, capstone


def parse_dump(output):
    """disasm_sweep_dump's lines: ADDR WORD ROW FEATURES TEXT [CAPSTONE], tab-separated."""
    out = []
    for ln in output.splitlines():
        f = ln.split("\t")
        out.append(Entry(int(f[0], 16), int(f[1], 16), f[2], int(f[3]), f[4], f[5] if len(f) > 5 else ""))
    return out


def aa_field(text, word):
    """pimnic's text with an absolute branch target cut to the displacement field's width."""
    if not (word >> 1) & 1:
        return text
    mask = 0x03FFFFFC if (word >> 26) == 18 else 0xFFFC
    return re.sub(r"0x([0-9a-f]+)$", lambda m: hex(int(m.group(1), 16) & mask), text)


class Report:
    """Collects failures and prints them grouped by row."""

    def __init__(self, show):
        self.show = show
        self.failed = False
        self.pending = []  # (title, differences) to print after the summary line

    def flush(self):
        for title, bad in self.pending:
            self.differences(title, bad)
        self.pending = []

    def fail(self, message):
        self.failed = True
        print("  " + message)

    def differences(self, title, bad):
        total = sum(len(v) for v in bad.values())
        if not total:
            return
        self.failed = True
        print(f"  {title}: {total} in {len(bad)} rows")
        for row, diffs in sorted(bad.items(), key=lambda kv: -len(kv[1])):
            print(f"    {row}: {len(diffs)}")
            for e, theirs in diffs[: self.show]:
                print(f"      {e.pc:08x} {e.word:08x}  pimnic: {e.text:40s} {theirs}")


def check(core, entries, llvm_texts, exceptions, known, report):
    """Compare; llvm_texts[i] is llvm-mc's (or llvm-objdump's) text for entries[i], None if it
    rejected the word. Counts each exception and known error it uses, leaves the differences in
    report.pending and returns a summary line."""
    mine = norm.pimnic_all([e.text for e in entries])
    core_exc = [x for x in exceptions if core in x.cores]
    by_row = {}

    def listed(i):
        cands = by_row.get(entries[i].row)
        if cands is None:
            cands = by_row[entries[i].row] = [x for x in core_exc if x.row.fullmatch(entries[i].row)]
        return next((x for x in cands if x.when.fullmatch(mine[i])), None)

    exc = [listed(i) for i in range(len(entries))]
    od_idx = [i for i, x in enumerate(exc) if x and x.kind == "objdump"]
    od = dict(zip(od_idx, refs.objdump([entries[i].word for i in od_idx], core)))

    bad = collections.defaultdict(list)
    counts = collections.Counter()
    for i, e in enumerate(entries):
        x, text = exc[i], mine[i]
        if x:
            x.used += 1
        if e.features & FEAT_PIM or (x and x.kind == "none"):
            counts["unchecked"] += 1  # no external disassembler knows the PIM extension
            continue
        if x and x.kind == "objdump":
            theirs = norm.objdump(od[i], e.word, e.pc)
            counts["objdump"] += 1
        else:
            theirs = norm.llvm(llvm_texts[i], e.word, e.pc)
            counts["llvm-mc"] += 1
            if x and x.kind == "llvm-mc/aa-field":
                text = aa_field(text, e.word)
        if text == theirs:
            continue
        if x and x.accept and x.accept.fullmatch(theirs):
            counts["accepted"] += 1
            continue
        bad[e.row].append((e, "reference: " + theirs))

    cs_bad = collections.defaultdict(list)
    for e in entries:
        if norm.loose(e.text) == norm.loose(e.capstone):
            continue
        counts["capstone differs"] += 1
        k = known.find(e.word)
        if k:
            k.used += 1
        else:
            cs_bad[e.row].append((e, "capstone: " + (e.capstone or norm.INVALID)))

    report.pending += [("differences from the reference", bad),
                       ("Capstone disagreements not in capstone_known_errors.txt", cs_bad)]
    return (f"compared with llvm-mc {counts['llvm-mc']}, with objdump {counts['objdump']}; listed "
            f"disagreements accepted {counts['accepted']}; no reference {counts['unchecked']}; "
            f"Capstone differs on {counts['capstone differs']}")
