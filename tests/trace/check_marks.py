#!/usr/bin/env python3
"""Trace markers (sdk pimnic/trace.h) in every trace kind of a one-core run: firmware/hello marks
"crc" with the CRC as its value and a "shapes" span; each must appear once, at the same
instruction, in the commit trace, in trace-dump of the binary trace, in the qemu-format log, in
the Kanata log (a flushed row of its own) and in the Perfetto timeline (an instant event with the
value, and a span).

usage: check_marks.py PIMNIC HELLO_ELF SOURCE_DIR WORK_DIR"""
import gzip
import json
import os
import re
import subprocess
import sys

pimnic, hello, source, work = sys.argv[1:5]
sys.path.insert(0, os.path.join(source, "tests/timing"))
import check_kanata  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from checks import check, finish  # noqa: E402

os.makedirs(work, exist_ok=True)


p = subprocess.run([pimnic, "run", hello, "--model", "inorder", "--out", work, "--trace", "commit:c.trace",
                    "--trace", "binary:b.bin", "--trace", "qemu:q.log", "--trace", "kanata:k.kanata.gz",
                    "--trace", "perfetto:t.json"], capture_output=True, text=True, timeout=300)
check(p.returncode == 0, f"hello traced with every kind: exit {p.returncode} {p.stderr.strip()}")
crc = int(re.search(r"crc32 of table: 0x([0-9a-f]{8})", p.stdout)[1], 16)
commit = open(os.path.join(work, "c.trace")).read().splitlines()
marks = [(l.split()[3], m) for l in commit for m in re.findall(r' ((?:mark|begin)="[^"]*"(?:=[0-9a-f]{8})?|end)$', l)]
check([m for _, m in marks] == [f'mark="crc"={crc:08x}', 'begin="shapes"', "end"],
      f"commit: {[m for _, m in marks]}")
dump = subprocess.run([pimnic, "trace-dump", os.path.join(work, "b.bin")], capture_output=True, text=True).stdout
check(dump.splitlines() == commit, "trace-dump of the binary trace = the commit trace, markers included")
qemu = open(os.path.join(work, "q.log")).read().splitlines()
qmarks = [l for l in qemu if l.startswith("PIMNIC ")]
check(qmarks == [f'PIMNIC mark="crc"={crc:08x}', 'PIMNIC begin="shapes"', "PIMNIC end"], f"qemu log: {qmarks}")
ops, _ = check_kanata.parse(gzip.decompress(open(os.path.join(work, "k.kanata.gz"), "rb").read()).decode().split("\n")[:-1])
rows = [t for o in ops.values() if o["flushed"] for k, t in o["labels"] if k == 0 and re.match(r"(mark|begin|end): ", t)]
check(rows == [f"mark: crc = {crc}", "begin: shapes", "end: "], f"kanata: marker rows {rows}")
events = json.load(open(os.path.join(work, "t.json")))["traceEvents"]
instants = [e for e in events if e["ph"] == "i"]
spans = [e for e in events if e["ph"] == "X" and e["name"] == "shapes"]
check(len(instants) == 1 and instants[0]["name"] == "crc" and instants[0]["args"]["value"] == crc,
      f"perfetto: the crc instant with its value {instants}")
check(len(spans) == 1 and spans[0]["dur"] > 0 and spans[0]["ts"] > instants[0]["ts"] if instants else False,
      f"perfetto: the shapes span after it {spans}")
finish()
