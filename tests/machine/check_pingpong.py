#!/usr/bin/env python3
"""Two-node ping-pong (firmware/examples/pingpong) on `pimnic run --machine`: payloads arrive
intact, and the measured one-way latency and bandwidth follow the configured link latency, link
bandwidth and DMA bandwidth. Each check compares runs that differ in one parameter, so the
firmware's own time cancels out; the tolerances are stated next to each check.

usage: check_pingpong.py PIMNIC HOST_ELF NIC_ELF
"""
import os
import re
import subprocess
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from checks import check, finish  # noqa: E402

pimnic, host_elf, nic_elf = sys.argv[1:4]


def run(*sets, model="functional"):
    cmd = [pimnic, "run", "--machine", "table1-conv", "--model", model,
           "--image", "n*.host=" + host_elf, "--image", "n*.nic=" + nic_elf]
    for s in sets:
        cmd += ["--set", s]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    if p.returncode != 0 or "pingpong: all messages intact" not in p.stdout:
        print(p.stdout[-2000:], p.stderr[-2000:])
        sys.exit(f"FAIL: {' '.join(cmd)} exited {p.returncode} without 'all messages intact'")
    sizes = {int(m[1]): int(m[2]) for m in re.finditer(r"pingpong size=(\d+) oneway_ns=(\d+)", p.stdout)}
    if len(sizes) < 10:
        sys.exit(f"FAIL: expected a line per size, got {sorted(sizes)}")
    return sizes, p.stdout


base, out = run()
print(out, end="")

# 1. Link latency: a one-way message crosses two links (node -> switch -> node), so adding D ns to
#    the link latency adds 2*D to every size's one-way time. Tolerance: 1% of 2*D.
slow, _ = run("net.link_latency_ns=1200")
for size in (0, 64, 4096, 65536):
    delta = slow[size] - base[size]
    check(abs(delta - 2000) <= 20, f"link latency +1000 ns: one-way {size} B grows by {delta} ns (expect 2000 +- 20)")

# 2. Link bandwidth: with slow links the wire is the bottleneck of a long message, one 4 KiB
#    fragment (+32 header bytes) per serialization time, so the payload rate is
#    bw * 4096 / 4128. Tolerance: 3% (pipeline fill and the last fragment's trip).
link_bw = 0.5e9
wire, _ = run(f"net.link_bandwidth={link_bw:g}")
expect = link_bw * 4096 / 4128 / 1e6
got = 1048576 / wire[1048576] * 1e3
check(abs(got - expect) <= 0.03 * expect, f"link 500 MB/s: 1 MiB at {got:.0f} MB/s (expect {expect:.0f} +- 3%)")

# 3. DMA bandwidth: with a slow DMA engine each fragment waits for its DMA (setup + 4096/bw) on
#    both sides; the rate can only approach bw, minus the firmware's per-fragment time.
#    Tolerance: between 85% and 100% of the engine's rate.
dma_bw = 0.5e9
dma, _ = run(f"dma.bandwidth={dma_bw:g}")
engine = 4096 / (100e-9 + 4096 / dma_bw) / 1e6
got = 1048576 / dma[1048576] * 1e3
check(0.85 * engine <= got <= engine, f"DMA 500 MB/s: 1 MiB at {got:.0f} MB/s (engine {engine:.0f}, expect 85-100%)")

# 4. Zero bytes: at least the hardware path (PIO 250 + NIC bus 20 + two links and two 32-byte
#    serializations + completion 250 ns), at most 2 us more for both NICs' firmware.
hw = 250 + 20 + 2 * 200 + 2 * 32 / 3.0 + 250
check(hw <= base[0] <= hw + 2000, f"0 B one-way {base[0]} ns (hardware path {hw:.0f} ns, firmware under 2000 ns)")

# 5. The same under the out-of-order timing models of Table I: intact, and slower than functional
#    cores only by core time (the latency grows, the hardware part stays).
timed, _ = run(model="ooo")
check(timed[0] >= hw, f"ooo models: 0 B one-way {timed[0]} ns >= hardware path {hw:.0f} ns")

finish()
