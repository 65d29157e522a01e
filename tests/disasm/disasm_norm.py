"""Normalising disassembly text from pimnic, llvm-mc, GNU objdump and Capstone to one form.

Exact form (pimnic against llvm-mc and objdump): "mnemonic op,op,op" with registers as bare numbers
(r3, f1, v2, cr1 -> 3, 1, 2, 1), branch targets as absolute hex addresses (0x1c), immediates in
decimal as printed, no spaces. A word a tool cannot decode normalises to "<invalid>".

Loose form (pimnic against Capstone): the rules of pimnic's --disasm-check (trace/disasm_check.cpp):
registers bare, every number in decimal, d(rA) as "d,A", symbol annotations dropped.
"""
import re

MASK = 0xFFFFFFFF
INVALID = "<invalid>"
_REG = re.compile(r"\b(?:r|f|v|cr)(\d+)\b")
_SYM = re.compile(r"\s*<[^>\n]*>")
_REL = re.compile(r"^\.([+-])(\d+)$")


def _is_branch_with_target(word):
    return (word >> 26) in (16, 18)


def pimnic_all(texts):
    """pimnic's texts, in one pass: "bt 2, 0x1c <loop+0x4>" -> "bt 2,0x1c"."""
    joined = _REG.sub(r"\1", _SYM.sub("", "\n".join(texts))).replace(", ", ",")
    return [INVALID if t.startswith(".long") else t for t in joined.split("\n")]


def _split(text):
    parts = text.split(None, 1)
    if not parts:
        return INVALID, []
    return parts[0], ("".join(parts[1].split()).split(",") if len(parts) > 1 else [])


def _join(mnemonic, ops):
    return mnemonic + (" " + ",".join(ops) if ops else "")


def llvm(text, word, pc):
    """llvm-mc: relative targets ".+16" and absolute (AA) targets "16" become hex addresses."""
    if text is None:
        return INVALID
    text = _SYM.sub("", text)  # llvm-objdump's <symbol+offset>
    if not _is_branch_with_target(word):
        parts = text.split(None, 1)
        return parts[0] + (" " + "".join(parts[1].split()) if len(parts) > 1 else "")
    mnemonic, ops = _split(text)
    if ops:
        m = _REL.match(ops[-1])
        if m:
            d = int(m.group(2)) * (1 if m.group(1) == "+" else -1)
            ops[-1] = hex((pc + d) & MASK)
        elif re.fullmatch(r"-?\d+", ops[-1]):
            ops[-1] = hex(int(ops[-1]) & MASK)
    return _join(mnemonic, ops)


def objdump(entry, word, pc):
    """GNU objdump: "li r3,16"; targets are absolute at the address objdump saw (entry[0])."""
    addr, text = entry
    if text is None or text.startswith(".long"):
        return INVALID
    mnemonic, ops = _split(_SYM.sub("", text))
    ops = [_REG.sub(r"\1", o) for o in ops]
    if ops and _is_branch_with_target(word) and re.fullmatch(r"0x[0-9a-f]+", ops[-1]):
        target = int(ops[-1], 16)
        if not (word >> 1) & 1:  # relative: move from objdump's address to the sweep's
            target = target - addr + pc
        ops[-1] = hex(target & MASK)
    return _join(mnemonic, ops)


_LOOSE_REG = re.compile(r"(?:r|f|v|cr)(\d+)")
_C_INT = re.compile(r"([+-]?)(0[xX][0-9a-fA-F]+|0[0-7]*|[1-9][0-9]*)")
_LLONG_MAX = (1 << 63) - 1


def _loose_operand(op):
    op = op.strip(" \t")
    m = _LOOSE_REG.fullmatch(op)
    if m:
        return m.group(1)
    m = _C_INT.fullmatch(op)  # strtoll(op, 0): hex, octal, decimal; saturating
    if m:
        body = m.group(2)
        v = int(body, 16) if body[:2].lower() == "0x" else int(body, 8) if body[0] == "0" else int(body)
        v = min(v, _LLONG_MAX)
        return str(-v if m.group(1) == "-" else v)
    return op


def loose(text):
    """The --disasm-check form; None (a rejected word) stays INVALID."""
    if text is None or text == "" or text.startswith(".long"):
        return INVALID
    text = _SYM.sub("", text).strip(" \t")
    parts = text.split(None, 1)
    if len(parts) < 2:
        return parts[0]
    ops = parts[1].replace("(", ",").replace(")", "")
    return parts[0] + " " + ",".join(_loose_operand(o) for o in ops.split(",") if o.strip(" \t"))
