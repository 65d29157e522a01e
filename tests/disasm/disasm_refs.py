"""Running the reference disassemblers in batch, and the list of places where llvm-mc is not the
reference (llvm_exceptions.txt)."""
import os
import re
import shutil
import subprocess
import tempfile

LLVM_MC = shutil.which("llvm-mc-14") or shutil.which("llvm-mc") or "llvm-mc"
OBJDUMP = shutil.which("powerpc-linux-gnu-objdump") or "powerpc-linux-gnu-objdump"

# llvm-mc CPUs: the host core is a 7400 (FPU + AltiVec), the NIC a 440; PIM cores have AltiVec
# and no FPU, which llvm-mc's disassembler does not distinguish.
LLVM_CPU = {"host": ["-mcpu=7400", "-mattr=+altivec"], "nic": ["-mcpu=440"],
            "pim": ["-mcpu=7400", "-mattr=+altivec"]}
OBJDUMP_CPU = {"host": ["-M7400", "-Maltivec"], "nic": ["-M440"], "pim": ["-M7400", "-Maltivec"]}


def run(cmd):
    """stdout of a command that must succeed."""
    return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout


def llvm_mc(words, core):
    """llvm-mc's text for each word (None where it reports an invalid encoding), one process."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "words.txt")
        with open(path, "w") as f:
            for w in words:
                f.write("0x%02x 0x%02x 0x%02x 0x%02x\n" % tuple(w.to_bytes(4, "big")))
        r = subprocess.run([LLVM_MC, "--disassemble", "--show-encoding", "-triple=powerpc"]
                           + LLVM_CPU[core] + [path], capture_output=True, text=True)
    invalid = {int(m.group(1)) - 1 for m in re.finditer(r"words\.txt:(\d+):\d+: warning: invalid", r.stderr)}
    out = [ln for ln in r.stdout.splitlines() if "# encoding:" in ln]
    result, k = [], 0
    for i, w in enumerate(words):
        if i in invalid:
            result.append(None)
            continue
        text, enc = out[k].split("# encoding:")
        k += 1
        got = bytes(int(b, 16) for b in re.findall(r"0x([0-9a-f]{2})", enc))
        if got != w.to_bytes(4, "big"):
            raise RuntimeError(f"llvm-mc output out of step at word {i} ({w:08x})")
        result.append(text.strip())
    return result


def objdump(words, core):
    """GNU objdump's (address, text) for each word; text None where it prints nothing."""
    if not words:
        return []
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "words.bin")
        with open(path, "wb") as f:
            f.write(b"".join(w.to_bytes(4, "big") for w in words))
        r = subprocess.run([OBJDUMP, "-D", "-z", "-EB", "-b", "binary", "-m", "powerpc"]
                           + OBJDUMP_CPU[core] + [path], capture_output=True, text=True, check=True)
    by_addr = {}
    for m in re.finditer(r"^\s*([0-9a-f]+):\t(?:[0-9a-f]{2} ){4}\t?(.*)$", r.stdout, re.M):
        by_addr[int(m.group(1), 16)] = m.group(2).strip()
    return [(4 * i, by_addr.get(4 * i)) for i in range(len(words))]


class ListedException:
    """One line of llvm_exceptions.txt: for CORES and ROW, when pimnic's normalised text matches WHEN,
    REFERENCE says what to compare with instead of plain llvm-mc."""

    KINDS = ("llvm-mc", "objdump", "none", "llvm-mc/aa-field")

    def __init__(self, where, cores, row, when, reference, reason):
        self.where, self.cores, self.reason = where, cores, reason
        self.row = re.compile(row)
        self.when = re.compile(when)
        kind, _, accept = reference.partition("~")
        if kind not in self.KINDS or (accept and kind not in ("llvm-mc", "objdump")):
            raise ValueError(f"{where}: unknown reference '{reference}'")
        self.kind = kind
        self.accept = re.compile(accept) if accept else None
        self.used = 0


def load_exceptions(path):
    """Lines: CORES ROW WHEN REFERENCE REASON... (see the file's header)."""
    out = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = line.split(None, 4)
            if len(parts) < 5:
                raise ValueError(f"{path}:{n}: expected CORES ROW WHEN REFERENCE REASON")
            cores = set(parts[0].split(",")) if parts[0] != "*" else {"host", "nic", "pim"}
            out.append(ListedException(f"{path}:{n}", cores, parts[1], parts[2], parts[3], parts[4]))
    return out


class KnownError:
    def __init__(self, where, mask, match, description):
        self.where, self.mask, self.match, self.description = where, mask, match, description
        self.used = 0


class KnownErrors:
    """capstone_known_errors.txt: MASK MATCH DESCRIPTION lines (hex words); the first entry with
    word & MASK == MATCH covers the word. The same format pimnic's --disasm-check loads."""

    def __init__(self, entries):
        self.entries = entries

    def find(self, word):
        for e in self.entries:
            if word & e.mask == e.match:
                return e
        return None


def load_known_errors(path):
    entries = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = line.split(None, 2)
            try:
                mask, match = int(parts[0], 16), int(parts[1], 16)
            except (IndexError, ValueError):
                raise ValueError(f"{path}:{n}: expected MASK MATCH DESCRIPTION")
            if match & ~mask or len(parts) < 3:
                raise ValueError(f"{path}:{n}: match outside the mask, or no description")
            entries.append(KnownError(f"{path}:{n}", mask, match, parts[2]))
    return KnownErrors(entries)
