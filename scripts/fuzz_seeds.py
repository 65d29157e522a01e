#!/usr/bin/env python3
"""Seed corpora for the fuzz targets (tests/fuzz, docs/fuzzing.md): small valid inputs of each
kind, made from the firmware images, from pimnic itself (traces, parameter names) and by hand.
usage: fuzz_seeds.py TARGET DIR [--pimnic P] [--firmware DIR]"""
import argparse
import glob
import json
import os
import struct
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "hardening"))
import elfgen  # noqa: E402


def images(a, limit=256 << 10):
    out = []
    for p in sorted(glob.glob(os.path.join(a.firmware or "", "*.elf"))):
        if os.path.getsize(p) <= limit:
            with open(p, "rb") as f:
                out.append((os.path.basename(p), f.read()))
    return out


def seeds_elf(a):
    yield "linux_exit", elfgen.make_elf(elfgen.LINUX_EXIT, 0x10000100)
    yield "symbols", elfgen.make_elf([elfgen.li(3, 1), elfgen.BRANCH_SELF], 0x1100,
                                     [(1, 0x1100, 8), (5, 0x1104, 4)], b"\0main\0loop\0")
    yield "profile", elfgen.make_elf([elfgen.BRANCH_SELF], 0x1100, profile="nic")
    for name, data in images(a)[:6]:
        yield name, data
        yield name + ".cut", data[: len(data) // 3]


def param_names(a, machine):
    if not a.pimnic:
        return []
    cmd = [a.pimnic, "run", "--list-params"] + (["--machine", "table1-conv"] if machine else [])
    out = subprocess.run(cmd, capture_output=True, text=True).stdout
    return [line.split(" = ")[0:2] for line in out.splitlines() if " = " in line]


def seeds_machine_file(a):
    for preset in ("table1-conv", "table1-pim", "default"):
        yield f"preset_{preset}", b"\0" + json.dumps({"preset": preset}).encode()
    yield "nested", b"\0" + json.dumps({"preset": "table1-conv", "comment": "x",
                                         "params": {"machine": {"nodes": 4}, "net.link_latency_ns": 100,
                                                    "host": {"core": {"model": "inorder"}}},
                                         "images": {"n*.host": "/dev/null"}}).encode()
    for form, machine in ((1, True), (2, False)):
        names = param_names(a, machine)
        for k in range(0, len(names), 40):
            lines = "\n".join(f"{n}={v.split()[0] if v.split() else v}" for n, v in names[k:k + 40])
            yield f"set{form}_{k}", bytes([form]) + lines.encode()
    yield "set_units", b"\x01machine.nodes=3\nhost.mem.ram_size=64KiB\nnet.link_latency_ns=1e2"


def rsp_packet(body):
    return b"$" + body + b"#" + b"%02x" % (sum(body) & 0xFF)


def seeds_rsp(a):
    session = [b"qSupported:multiprocess+;swbreak+;hwbreak+", b"?", b"qfThreadInfo", b"qsThreadInfo", b"g",
               b"m100,40", b"M200,4:deadbeef", b"Z0,104,4", b"vCont?", b"vCont;c", b"z0,104,4", b"Z2,200,4",
               b"s", b"p40", b"P3=00000001", b"qRcmd,6d6f6e69746f72", b"Hg0", b"T1", b"D"]
    for sel in (0x00, 0x11, 0x32):
        yield f"session_{sel:02x}", bytes([sel, 63]) + b"+" + b"".join(rsp_packet(p) for p in session)
    yield "ctrl_c", bytes([0, 7]) + rsp_packet(b"c") + b"\x03" + rsp_packet(b"?")


def seeds_trace_reader(a):
    if not a.pimnic:
        return
    hello = os.path.join(a.firmware or "", "hello.elf")
    if not os.path.exists(hello):
        return
    tmp = os.path.join(a.dir, "..", "tmp-trace")
    os.makedirs(tmp, exist_ok=True)
    for name, opts in (("plain", "binary"), ("zstd", "binary,zstd"), ("gzip", "binary,gzip")):
        path = os.path.join(tmp, name)
        subprocess.run([a.pimnic, "run", "--max-insts", "400", "--trace", f"{opts}:{path}", hello],
                       capture_output=True)
        if os.path.exists(path):
            with open(path, "rb") as f:
                yield name, f.read()


def seeds_decoder(a):
    for name, data in images(a)[:4]:
        # The first executable bytes of each image, a few hundred words at a time.
        phoff, = struct.unpack_from(">I", data, 28)
        phnum, = struct.unpack_from(">H", data, 44)
        for i in range(phnum):
            ptype, off, _, _, filesz, _, flags, _ = struct.unpack_from(">8I", data, phoff + 32 * i)
            if ptype == 1 and flags & 1:
                for k in range(0, min(filesz, 4096), 1024):
                    yield f"{name}_{i}_{k}", data[off + k: off + k + 1024]
    yield "altivec", b"".join(struct.pack(">I", w) for w in (0x10000c00 | i << 21 for i in range(32)))


def syscall(nr, args=(), ptr_mask=0):
    args = list(args) + [0] * (6 - len(args))
    return bytes([ptr_mask]) + struct.pack(">H", nr) + b"".join(struct.pack(">I", v & 0xFFFFFFFF) for v in args)


def seeds_syscalls(a):
    # Offsets 0 and 32: paths; 64: bytes to write.
    scratch = b"/proc/self/exe\0".ljust(32, b"\0") + b"/dev/uio0\0".ljust(32, b"\0") + bytes(range(64))
    head = bytes([len(scratch) // 16]) + scratch
    calls = {
        "memory": [syscall(45, [0]), syscall(45, [0x10100000]), syscall(192, [0, 8192, 3, 0x22, 0xFFFFFFFF, 0]),
                   syscall(125, [0x3fffd000, 4096, 1]), syscall(163, [0x3fffd000, 8192, 65536, 1]),
                   syscall(91, [0x3fffd000, 8192])],
        "io": [syscall(4, [1, 0, 16], 2), syscall(146, [1, 64, 2], 2), syscall(3, [0, 0, 16], 2),
               syscall(85, [0, 128, 64], 3), syscall(5, [0, 0, 0], 1), syscall(6, [3])],
        "time": [syscall(78, [0, 0], 1), syscall(246, [1, 0], 2), syscall(162, [0, 0], 1),
                 syscall(403, [0, 0], 2), syscall(359, [0, 32, 0], 1)],
        # /dev/uio0 (fd 3): both regions mapped, one at a fixed address then unmapped and mapped
        # over with anonymous memory; a read that sleeps until the interrupt; bad sizes.
        "uio": [syscall(5, [32, 2, 0], 1), syscall(192, [0, 4096, 3, 1, 3, 0]), syscall(192, [0, 256, 3, 1, 3, 1]),
                syscall(192, [0, 8192, 3, 1, 3, 0]), syscall(192, [0x30000000, 4096, 3, 0x11, 3, 0]),
                syscall(91, [0x30000000, 4096]), syscall(192, [0x30000000, 4096, 3, 0x32, 0xFFFFFFFF, 0]),
                syscall(3, [3, 0, 4], 2), syscall(4, [3, 64, 4], 2), syscall(3, [3, 0, 2], 2),
                syscall(4, [3, 64, 3], 2), syscall(197, [3, 0], 2), syscall(6, [3])],
        # Device windows replaced: anonymous memory mapped over one, part of one unmapped, one moved.
        "uio_replace": [syscall(5, [32, 2, 0], 1), syscall(192, [0x30000000, 8192, 3, 0x11, 3, 0]),
                        syscall(192, [0x30000000, 4096, 3, 0x32, 0xFFFFFFFF, 0]),
                        syscall(192, [0x31000000, 8192, 3, 0x11, 3, 0]), syscall(91, [0x31001000, 4096]),
                        syscall(192, [0x31000000, 8192, 3, 0x32, 0xFFFFFFFF, 0]),
                        syscall(192, [0x32000000, 4096, 3, 0x11, 3, 0]), syscall(163, [0x32000000, 4096, 8192, 1]),
                        syscall(192, [0x30000000, 4096, 3, 0x11, 3, 0])],
        "process": [syscall(122, [0], 1), syscall(20), syscall(223, [0, 0xfffffffc, 0], 4),
                    syscall(359, [0, 0x10001767, 0], 1),
                    syscall(173, [6, 0, 0, 8], 2), syscall(174, [0, 0, 8], 6), syscall(37, [0, 6]),
                    syscall(234, [3])],
    }
    for name, cs in calls.items():
        yield name, head + b"".join(cs)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("target")
    ap.add_argument("dir")
    ap.add_argument("--pimnic")
    ap.add_argument("--firmware")
    a = ap.parse_args()
    make = globals().get("seeds_" + a.target)
    if not make:
        sys.exit(f"fuzz_seeds.py: unknown target {a.target}")
    os.makedirs(a.dir, exist_ok=True)
    n = 0
    for name, data in make(a):
        with open(os.path.join(a.dir, name), "wb") as f:
            f.write(data)
        n += 1
    print(f"fuzz_seeds: {n} seeds for {a.target} in {a.dir}")


if __name__ == "__main__":
    main()
