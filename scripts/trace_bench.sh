#!/bin/bash
# Trace benchmark: emulated MIPS of one program (tests/bench/int_mix.c, compiled integer code) in
# Linux mode with no trace, with trace support not compiled in, with each trace kind written to a
# file, and qemu-ppc-static's own per-instruction log (-d in_asm,exec,cpu,nochain -singlestep) for
# comparison. Prints a table; times are the best of N runs, MIPS from CPU (user+sys) time, which
# other load on a shared machine disturbs least, and from wall time.
#
# Usage: scripts/trace_bench.sh [-n RUNS] [-b BUILD] [-B NOTRACE_BUILD] [-w WORKDIR] [--no-build]
#   BUILD          a Release (LTO) build with traces        (default: build)
#   NOTRACE_BUILD  the same with -DPIMNIC_TRACE=OFF          (default: BUILD-notrace; configured
#                  and built here unless --no-build)
#   WORKDIR        where the program and the trace files go  (default: a temporary directory;
#                  the commit trace of the measured run is about 2 GB)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
runs=3
build=$root/build
notrace=
work=
do_build=1
while [ $# -gt 0 ]; do
  case $1 in
    -n) runs=$2; shift 2 ;;
    -b) build=$2; shift 2 ;;
    -B) notrace=$2; shift 2 ;;
    -w) work=$2; shift 2 ;;
    --no-build) do_build=0; shift ;;
    *) echo "usage: $0 [-n RUNS] [-b BUILD] [-B NOTRACE_BUILD] [-w WORKDIR] [--no-build]" >&2; exit 2 ;;
  esac
done
build=$(cd "$build" && pwd)
notrace=${notrace:-$build-notrace}
work=${work:-$(mktemp -d /tmp/pimnic-trace-bench.XXXXXX)}
mkdir -p "$work"

if [ $do_build = 1 ]; then
  cmake --build "$build" --target pimnic -j2 > /dev/null
  if [ ! -f "$notrace/CMakeCache.txt" ]; then
    cmake -S "$root" -B "$notrace" -DCMAKE_BUILD_TYPE=Release -DPIMNIC_TRACE=OFF -DPIMNIC_BUILD_FIRMWARE=OFF \
      -DCMAKE_C_COMPILER="$(grep -m1 '^CMAKE_C_COMPILER:' "$build/CMakeCache.txt" | cut -d= -f2)" \
      -DCMAKE_CXX_COMPILER="$(grep -m1 '^CMAKE_CXX_COMPILER:' "$build/CMakeCache.txt" | cut -d= -f2)" > /dev/null
  fi
  cmake --build "$notrace" --target pimnic -j2 > /dev/null
fi
pimnic=$build/bin/pimnic
pimnic_off=$notrace/bin/pimnic
prog=$work/int_mix
powerpc-linux-gnu-gcc -static -O2 -mcpu=7400 -mno-altivec -o "$prog" "$root/tests/bench/int_mix.c"

# Repeat counts: a few seconds untraced; traced runs sized so that their files stay manageable.
# (int_mix N runs about 0.6 M instructions of set-up, then 3.5 M per repetition; "1 4" runs one
# repetition of one kernel, bit manipulation, for the two per-instruction register dumps.)
reps_fast=400       # ~1.4 G instructions
reps_binary=40      # ~140 M
reps_commit=5       # ~18 M (about 2 GB of text)
reps_qemu="1 4"     # ~1 M (about 1 GB of log each)

# measure LABEL OUTFILE CMD...: best CPU and wall time over $runs runs; OUTFILE (or -) is
# removed after each run and its size noted.
measure() {
  local label=$1 out=$2
  shift 2
  local best_cpu=999999 best_wall=999999 size=0
  for _ in $(seq "$runs"); do
    rm -f "$out"
    local t0 t1
    t0=$(date +%s.%N)
    /usr/bin/time -o "$work/time.txt" -f "%U %S" "$@" > /dev/null 2> "$work/stderr.txt" || true
    t1=$(date +%s.%N)
    local cpu wall
    cpu=$(awk '{print $1 + $2}' "$work/time.txt" | tail -1)
    wall=$(echo "$t0 $t1" | awk '{print $2 - $1}')
    best_cpu=$(echo "$cpu $best_cpu" | awk '{print ($1 < $2) ? $1 : $2}')
    best_wall=$(echo "$wall $best_wall" | awk '{print ($1 < $2) ? $1 : $2}')
    if [ "$out" != - ] && [ -f "$out" ]; then size=$(stat -c %s "$out"); fi
    rm -f "$out"
  done
  echo "$label $best_cpu $best_wall $size"
}

insts() {  # guest instructions of `int_mix ARGS`
  local d=$work/stats
  rm -rf "$d"
  "$pimnic" linux --no-progress --clear-env --out "$d" "$prog" $1 > /dev/null
  python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['sim_insts'])" "$d/stats.json"
}

n_fast=$(insts "$reps_fast")
n_binary=$(insts "$reps_binary")
n_commit=$(insts "$reps_commit")
n_qemu=$(insts "$reps_qemu")

L="--no-progress --clear-env"
{
  measure "off $n_fast" - "$pimnic" linux $L "$prog" $reps_fast
  measure "not-compiled $n_fast" - "$pimnic_off" linux $L "$prog" $reps_fast
  measure "binary $n_binary" "$work/t.bin" "$pimnic" linux $L --trace "binary:$work/t.bin" "$prog" $reps_binary
  measure "binary-zstd $n_binary" "$work/t.bin.zst" "$pimnic" linux $L --trace "binary:$work/t.bin.zst" "$prog" $reps_binary
  measure "commit $n_commit" "$work/t.trace" "$pimnic" linux $L --trace "commit:$work/t.trace" "$prog" $reps_commit
  measure "qemu-format $n_qemu" "$work/t.qemu" "$pimnic" linux $L --trace "qemu:$work/t.qemu" "$prog" $reps_qemu
  measure "qemu-ppc-d-log $n_qemu" "$work/q.log" env -i qemu-ppc-static -cpu 7400 -seed 0 \
    -d in_asm,exec,cpu,nochain -singlestep -D "$work/q.log" "$prog" $reps_qemu
} > "$work/results.txt"

echo "workload: tests/bench/int_mix.c (gcc -O2 -mcpu=7400), pimnic linux; best of $runs runs"
echo "pimnic: $pimnic (traces off / on); $pimnic_off (PIMNIC_TRACE=OFF)"
printf "%-16s %14s %9s %9s %11s %11s %9s\n" kind instructions cpu_s wall_s MIPS_cpu MIPS_wall bytes/insn
awk '{ printf "%-16s %14d %9.2f %9.2f %11.1f %11.1f %9s\n", $1, $2, $3, $4, $2 / $3 / 1e6, $2 / $4 / 1e6,
       ($5 > 0 ? sprintf("%.1f", $5 / $2) : "-") }' "$work/results.txt"
off_cpu=$(awk '$1 == "off" {print $3}' "$work/results.txt")
nc_cpu=$(awk '$1 == "not-compiled" {print $3}' "$work/results.txt")
echo "trace support compiled in but off costs $(echo "$off_cpu $nc_cpu" | awk '{printf "%+.1f%%", ($1 / $2 - 1) * 100}') CPU time"
