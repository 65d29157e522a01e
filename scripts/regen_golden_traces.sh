#!/bin/sh
# Regenerate the golden commit traces (tests/trace/golden/NAME.trace) from the golden-trace
# programs (tests/trace/programs/NAME.S), after a deliberate change to the commit trace format,
# the disassembler or a program. ctest's trace.golden.NAME compares against these files.
# Usage: scripts/regen_golden_traces.sh [BUILD_DIR]   (default: build)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
cmake --build "$build" --target pimnic trace_golden_programs -j2
for elf in "$build"/tests/trace/programs/*.elf; do
  name=$(basename "$elf" .elf)
  out="$root/tests/trace/golden/$name.trace"
  # The limit keeps a broken program from writing an endless trace.
  "$build/bin/pimnic" run --max-insts 100000 --trace "commit:$out" "$elf" > /dev/null
  echo "tests/trace/golden/$name.trace: $(($(wc -l < "$out") - 1)) instructions"
done
git -C "$root" status --short tests/trace/golden
