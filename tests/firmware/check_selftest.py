#!/usr/bin/env python3
"""Runs an sdk-selftest image and checks, besides its exit code 0 and its own summary line:
  - every "printf N [...] R" line against the host C library (the printf_reference program
    formats the same cases with the host's snprintf);
  - every "conv..." line (64-bit integer <-> float/double conversions) against exact integer
    arithmetic done here;
  - that atexit handlers and static destructors ran at exit, in that order.
usage: check_selftest.py PIMNIC IMAGE PRINTF_REFERENCE"""
import math
import struct
import subprocess
import sys

pimnic, image, reference = sys.argv[1:4]
run = subprocess.run([pimnic, "run", image], capture_output=True, text=True, timeout=600)
out = run.stdout.splitlines()
errors = []
if run.returncode != 0:
    errors.append(f"exit code {run.returncode}; stderr: {run.stderr.strip()}")
errors += [line for line in out if line.startswith("FAIL ")]
summary = [line for line in out if line.startswith("sdk-selftest: ")]
if len(summary) != 1 or not summary[0].endswith(" 0 failures"):
    errors.append(f"summary line: {summary}")
tail = out[out.index(summary[0]) + 1:] if summary else []
if tail != ["selftest: atexit handler ran", "selftest: static destructor ran"]:
    errors.append(f"after the summary expected the atexit then the destructor line, got {tail}")

# printf: line by line against the host's snprintf.
ref = subprocess.run([reference], capture_output=True, text=True, check=True).stdout.splitlines()
got = [line for line in out if line.startswith("printf ")]
if len(got) != len(ref):
    errors.append(f"{len(got)} printf lines, the host printed {len(ref)}")
for g, r in zip(got, ref):
    if g != r:
        errors.append(f"printf differs:\n    pimnic: {g}\n    host:   {r}")

# Conversions, recomputed exactly.
def round_to_bits(v, mant_bits):
    """v (a nonzero integer magnitude) rounded to mant_bits+1 significant bits, ties to even."""
    n = v.bit_length()
    if n <= mant_bits + 1:
        return v
    shift = n - (mant_bits + 1)
    q, r = divmod(v, 1 << shift)
    half = 1 << (shift - 1)
    if r > half or (r == half and q & 1):
        q += 1
    return q << shift

def int_to_float_bits(v, double):
    """IEEE bits of the integer v as double or float (no overflow is possible from 64 bits)."""
    mant, bias, width = (52, 1023, 64) if double else (23, 127, 32)
    if v == 0:
        return 0
    sign = 1 if v < 0 else 0
    m = round_to_bits(abs(v), mant)
    e = m.bit_length() - 1
    frac = (m >> (e - mant)) & ((1 << mant) - 1) if e >= mant else (m << (mant - e)) & ((1 << mant) - 1)
    return (sign << (width - 1)) | ((e + bias) << mant) | frac

def signed64(u):
    return u - (1 << 64) if u >> 63 else u

def value_of(bits, double):
    return struct.unpack(">d", bits.to_bytes(8, "big"))[0] if double else \
        struct.unpack(">f", bits.to_bytes(4, "big"))[0]

def to_int(x, signed):
    """C truncation when defined, else None; sdk_rules gives the SDK's PowerPC-style saturation."""
    if math.isnan(x) or math.isinf(x):
        return None
    t = math.trunc(x)
    lo, hi = (-(1 << 63), (1 << 63) - 1) if signed else (0, (1 << 64) - 1)
    return t if lo <= t <= hi else None

def sdk_rule(x, signed):
    if math.isnan(x):
        return -(1 << 63) if signed else 0
    if math.isinf(x):
        return ((1 << 63) - 1 if x > 0 else -(1 << 63)) if signed else ((1 << 64) - 1 if x > 0 else 0)
    t = math.trunc(x)
    lo, hi = (-(1 << 63), (1 << 63) - 1) if signed else (0, (1 << 64) - 1)
    return min(max(t, lo), hi)

conv_lines = 0
for line in out:
    f = line.split()
    if not f or not f[0].startswith("conv-"):
        continue
    conv_lines += 1
    sdk = f[0].startswith("conv-sdk")
    if f[0].endswith("-from"):
        v = int(f[1], 16)
        want = [int_to_float_bits(signed64(v), True), int_to_float_bits(v, True),
                int_to_float_bits(signed64(v), False), int_to_float_bits(v, False)]
        have = [int(x, 16) for x in f[2:6]]
        if have != want:
            errors.append(f"{line}\n    expected {' '.join(f'{w:x}' for w in want)}")
    else:
        d = value_of(int(f[1], 16), True)
        s = value_of(int(f[2], 16), False)
        have = [signed64(int(f[3], 16)), int(f[4], 16), signed64(int(f[5], 16)), int(f[6], 16)]
        for i, (x, signed) in enumerate([(d, True), (d, False), (s, True), (s, False)]):
            want = sdk_rule(x, signed) if sdk else to_int(x, signed)
            if want is None:
                continue  # undefined in C: any result is allowed for the ABI names
            h = have[i] if signed else have[i]
            if h != want:
                errors.append(f"{line}\n    field {i}: expected {want}, got {h}")
if conv_lines < 400:
    errors.append(f"only {conv_lines} conversion lines")

if errors:
    print("\n".join(errors[:40]))
    print(f"{len(errors)} problem(s)")
    sys.exit(1)
print(f"{summary[0]}; {len(got)} printf lines match the host, {conv_lines} conversions exact")
