#!/usr/bin/env python3
"""`pimnic disasm` on compiled firmware images against llvm-objdump: the text of every instruction
(the sweep's rules: llvm_exceptions.txt, capstone_known_errors.txt), the <symbol+offset> of every
branch target, and the function labels.

    image_check.py PIMNIC DUMP_TOOL CORE:IMAGE...

DUMP_TOOL (disasm_sweep_dump) supplies each word's table row and Capstone's text. Exit status 1 on
any difference.
"""
import collections
import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import disasm_compare as cmp  # noqa: E402
import disasm_refs as refs  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
LLVM_OBJDUMP = refs.LLVM_MC.replace("llvm-mc", "llvm-objdump")
_INSN = re.compile(r"^\s*([0-9a-f]+):\t([0-9a-f]{2}(?: [0-9a-f]{2}){3})\t(.*)$", re.M)
_OBJ_INSN = re.compile(r"^\s*([0-9a-f]+):\s+((?:[0-9a-f]{2} ){4})\s*(.*)$", re.M)
_LABEL = re.compile(r"^([0-9a-f]{8}) <(.*)>:$", re.M)
_SYMTAB = re.compile(r"^([0-9a-f]{8}) .{7} (\S+)\t[0-9a-f]{8} (?:\.hidden )?(.*)$", re.M)


def symbols_by_address(image):
    """Address -> names (static functions of several files may share a name), from llvm-objdump -t;
    absolute symbols (glibc's _nl_current_*_used = 1, ...) name no address."""
    out = {}
    for m in _SYMTAB.finditer(refs.run([LLVM_OBJDUMP, "-t", image])):
        if m.group(2) != "*ABS*":
            out.setdefault(int(m.group(1), 16), set()).add(m.group(3))
    return out


def names_symbol_at_base(text, by_addr):
    """For "... 0x1c <name+0x4>": whether a symbol called name sits at 0x1c - 4, and the offset."""
    m = re.search(r"(0x[0-9a-f]+) <([^>+]*)(?:\+0x([0-9a-f]+))?>\s*$", text)
    if not m:
        return None
    off = int(m.group(3) or "0", 16)
    return m.group(2) in by_addr.get(int(m.group(1), 16) - off, ()), off


def check_image(pimnic, dump, core, image, exceptions, known, report):
    out = refs.run([pimnic, "disasm", "--core", core, image])
    mine = {int(m.group(1), 16): (int(m.group(2).replace(" ", ""), 16), m.group(3)) for m in _INSN.finditer(out)}
    my_labels = {int(m.group(1), 16): m.group(2) for m in _LABEL.finditer(out)}

    cpu = [f"--{a[1:]}" for a in refs.LLVM_CPU[core]]  # -mcpu=X -> --mcpu=X
    theirs_out = refs.run([LLVM_OBJDUMP, "-d"] + cpu + [image])
    theirs = {int(m.group(1), 16): m.group(3).strip() for m in _OBJ_INSN.finditer(theirs_out)}
    their_labels = {}
    for m in _LABEL.finditer(theirs_out):
        their_labels.setdefault(int(m.group(1), 16), set()).add(m.group(2))

    # Words both disassembled (llvm-objdump leaves out runs of zero words and non-code sections).
    # Words this core does not decode are no disassembler output: llvm-objdump decodes every
    # PowerPC it knows (POWER's tbegin. in glibc's ifunc variants, ...); they are only counted.
    both = sorted(a for a in mine if a in theirs)
    addrs = [a for a in both if not mine[a][1].startswith(".long")]
    foreign = collections.Counter(theirs[a].split()[0] for a in both if mine[a][1].startswith(".long"))
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "words.txt")
        with open(path, "w") as f:
            f.writelines(f"{a:08x} {mine[a][0]:08x}\n" for a in addrs)
        entries = cmp.parse_dump(refs.run([dump, "--core", core, "--capstone", "--words", path]))
    for e, a in zip(entries, addrs):
        if e.text != re.sub(r"\s*<[^>]*>$", "", mine[a][1]):
            report.fail(f"{a:08x}: pimnic disasm '{mine[a][1]}' but the dump tool '{e.text}'")
        e.text = mine[a][1]
    llvm = [None if theirs[a] == "<unknown>" else theirs[a] for a in addrs]
    summary = cmp.check(core, entries, llvm, exceptions, known, report)

    # Symbols: each branch target that both name has the same symbol base (the name may be
    # another alias of it) and offset; labels name a symbol at their address, and llvm-objdump's
    # labels all appear.
    by_addr = symbols_by_address(image)
    sym_diffs = targets = 0
    for a in addrs:
        m1, m2 = names_symbol_at_base(mine[a][1], by_addr), names_symbol_at_base(theirs[a], by_addr)
        targets += bool(m1 and m2)
        # llvm-objdump may name an absolute symbol; check it only when it names an address.
        if m1 and m2 and (not m1[0] or (m2[0] and m1 != m2)):
            sym_diffs += 1
            if sym_diffs <= report.show:
                report.fail(f"{a:08x}: target symbol: pimnic '{mine[a][1]}', llvm-objdump '{theirs[a]}'")
    for a, name in my_labels.items():
        if name not in by_addr.get(a, ()):
            report.fail(f"{a:08x}: label <{name}> is not a symbol at that address")
    for a in their_labels:
        if a in mine and a not in my_labels:
            report.fail(f"{a:08x}: no label where llvm-objdump has <{sorted(their_labels[a])[0]}>")
    print(f"{os.path.basename(image)} ({core}): {len(addrs)} words, {len(my_labels)} labels, "
          f"{targets} symbolic branch targets; {summary}")
    if foreign:
        print(f"  not decoded on {core}: " + ", ".join(f"{n} {m}" for m, n in foreign.most_common()))
    report.flush()
    if sym_diffs:
        report.fail(f"{sym_diffs} branch targets name another symbol")


def main():
    if len(sys.argv) < 4:
        print(__doc__)
        return 2
    pimnic, dump = sys.argv[1], sys.argv[2]
    exceptions = refs.load_exceptions(os.path.join(HERE, "llvm_exceptions.txt"))
    known = refs.load_known_errors(os.path.join(HERE, "capstone_known_errors.txt"))
    report = cmp.Report(8)
    for arg in sys.argv[3:]:
        core, _, image = arg.partition(":")
        check_image(pimnic, dump, core, image, exceptions, known, report)
    return 1 if report.failed else 0


if __name__ == "__main__":
    sys.exit(main())
