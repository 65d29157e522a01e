#!/usr/bin/env python3
"""Which runtime functions clang 14 calls for each firmware profile, and whether the SDK library
of that profile defines all of them. Compiles runtime_probe.c/.cpp with each profile's flags (read
from the toolchain file) at -O0 and -O2, lists the undefined symbols with llvm-nm -u, and looks
them up in libpimnic_sdk_<profile>.a. Prints the set per profile. Also checks that the library
itself needs nothing but main and the linker script's symbols.
usage: runtime_symbols.py CLANG NM TOOLCHAIN_FILE SDK_DIR PROBE_DIR WORKDIR"""
import os
import re
import subprocess
import sys

clang, nm, toolchain, sdk_dir, probe_dir, work = sys.argv[1:7]
os.makedirs(work, exist_ok=True)
text = open(toolchain).read()
profiles = dict(re.findall(r"set\(PIMNIC_PROFILE_(\w+)_FLAGS ([^)]*)\)", text))
common = "-ffreestanding -nostdlibinc -fno-asynchronous-unwind-tables -fno-unwind-tables".split()
sdk_include = os.path.join(os.path.dirname(os.path.dirname(toolchain)), "sdk")
includes = [f"-I{sdk_include}/include", f"-I{sdk_include}/libc/include"]

def symbols(args):
    out = subprocess.run([nm] + args, capture_output=True, text=True, check=True).stdout
    return {line.split()[-1] for line in out.splitlines() if line.strip() and not line.endswith(":")}

failed = False
for profile, flags in sorted(profiles.items()):
    needed = set()
    for src in ("runtime_probe.c", "runtime_probe.cpp"):
        for opt in ("-O0", "-O2"):
            obj = os.path.join(work, f"{profile}-{src}{opt}.o")
            lang = ["-std=c++20", "-fno-exceptions", "-fno-rtti", f"-I{sdk_include}/libcxx/include"] \
                if src.endswith(".cpp") else []
            cmd = [clang, "--target=powerpc-unknown-eabi", "-c", opt] + flags.split() + common + lang + \
                includes + [os.path.join(probe_dir, src), "-o", obj]
            subprocess.run(cmd, check=True)
            needed |= symbols(["-u", obj])
    archive = os.path.join(sdk_dir, profile, f"libpimnic_sdk_{profile}.a")
    defined = symbols(["--defined-only", archive])
    missing = sorted(needed - defined)
    script_symbols = {"main", "_SDA_BASE_", "_SDA2_BASE_", "__stack_top", "__heap_start", "__heap_end",
                      "__bss_start", "__bss_end", "__data_start", "__data_end", "__data_load_start"}
    unresolved = {s for s in symbols(["-u", archive]) - defined - script_symbols
                  if not re.fullmatch(r"__(pre)?(init|fini)_array_(start|end)", s)}
    if unresolved:
        failed = True
        print(f"  {archive} itself needs: {' '.join(sorted(unresolved))}")
    print(f"{profile} ({flags}): clang calls {len(needed)} functions:\n  " + " ".join(sorted(needed)))
    if missing:
        failed = True
        print(f"  MISSING from {archive}: {' '.join(missing)}")
sys.exit(1 if failed or not profiles else 0)
