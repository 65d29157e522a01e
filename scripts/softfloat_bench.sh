#!/usr/bin/env bash
# SoftFloat benchmark: host operations per second per operation (tests/softfloat/sf_bench.cpp),
# and instructions per operation on the NIC profile inside the emulator
# (firmware/softfloat-test/bench.c: the reduction's inner loop acc = acc op x[i]).
# usage: scripts/softfloat_bench.sh [BUILD_DIR]
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${1:-$ROOT/build}
[[ -f $BUILD/CMakeCache.txt ]] || cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$BUILD" -j2 --target softfloat_bench pimnic >/dev/null
"$BUILD/bin/softfloat_bench"
echo
img=$BUILD/firmware/softfloat-bench-nic.elf
if cmake --build "$BUILD" -j2 --target firmware >/dev/null 2>&1 && [[ -f $img ]]; then
  "$BUILD/bin/pimnic" run "$img"
else
  echo "softfloat-bench-nic: firmware image not available (make firmware)"
fi
