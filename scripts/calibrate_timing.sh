#!/usr/bin/env bash
# The full calibration sweep of the timing models (docs/timing-calibration.md): every quick run of
# ctest's timing.calibration.* plus MSHRs 1-16, store buffers 1-32, other operation latencies, the
# closed-row policy and PIM pipeline depths, each figure checked against that run's configuration.
# Writes the markdown tables to TABLE (default build/timing-calibration.md); exit 1 if a check fails.
# usage: scripts/calibrate_timing.sh [TABLE] [BUILD_DIR]
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${2:-$ROOT/build}
TABLE=${1:-$BUILD/timing-calibration.md}
[[ -f $BUILD/CMakeCache.txt ]] || (cd "$ROOT" && BUILD=$BUILD scripts/setup.sh >/dev/null)
cmake --build "$BUILD" -j2 --target pimnic timing_calibration_programs >/dev/null
python3 "$ROOT/tests/timing/calibration/calibrate.py" --pimnic "$BUILD/bin/pimnic" \
  --programs "$BUILD/tests/timing/calibration" --suite full --table "$TABLE"
echo "tables: $TABLE"
