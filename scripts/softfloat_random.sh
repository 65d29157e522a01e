#!/usr/bin/env bash
# The long SoftFloat check: N random operand sets per operation and rounding mode (default
# 2*10^6, so 10^7 per operation over the five modes, each also under both tininess rules), plus
# the edge cases, in both NaN styles; the x86 style also checks the exact reference against the
# hardware on every case. CI runs the same binaries with a few 10^5 (tests/softfloat).
# usage: scripts/softfloat_random.sh [N] [SEED] [BUILD_DIR]
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
N=${1:-2000000}
SEED=${2:-$(date +%s)}
BUILD=${3:-$ROOT/build}
[[ -f $BUILD/CMakeCache.txt ]] || cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$BUILD" -j2 --target softfloat_check_x86 softfloat_check_ppc >/dev/null
BIN=$BUILD/bin
[[ -x $BIN/softfloat_check_x86 ]] || BIN=$BUILD/tests/softfloat
rc=0
"$BIN/softfloat_check_x86" --random "$N" --seed "$SEED" --self-check || rc=1
"$BIN/softfloat_check_ppc" --random "$((N / 4))" --seed "$((SEED + 1))" || rc=1
exit $rc
