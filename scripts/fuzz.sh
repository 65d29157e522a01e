#!/usr/bin/env bash
# Fuzzing (docs/fuzzing.md).
#   scripts/fuzz.sh TARGET SECONDS [libFuzzer options...]   fuzz one target of the sanitizer build
#   scripts/fuzz.sh all SECONDS [libFuzzer options...]      each target in turn, then a table
#   scripts/fuzz.sh --replay TARGET                         run the target once on each seed (ctest)
#   TARGET: elf machine_file rsp trace_reader decoder syscalls
# Fuzzing builds build-san/ (scripts/sanitize.sh --configure) and the target if needed, makes the
# seed corpus (scripts/fuzz_seeds.py) into BUILD/fuzz/seeds/TARGET, grows the working corpus in
# BUILD/fuzz/corpus/TARGET, keeps crashing inputs in BUILD/fuzz/artifacts/ and ends with the
# figures: executions per second, coverage (edges) and features. Non-zero exit on a crash, leak,
# sanitizer report, 10-second input or 2 GB of memory.
# Replaying uses BUILD/bin/fuzz_replay (every build, any compiler): no mutation, deterministic.
#   --build DIR   the build directory (default build-san/; with --replay, build/)
#   --no-build    use what is built
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
targets="elf machine_file rsp trace_reader decoder syscalls"
build="" do_build=1 replay=0
while [[ ${1:-} == --* ]]; do
  case $1 in
    --build) build=$2; shift 2 ;;
    --no-build) do_build=0; shift ;;
    --replay) replay=1; shift ;;
    *) echo "fuzz.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
usage="usage: scripts/fuzz.sh [--build DIR] [--no-build] TARGET|all SECONDS [libFuzzer options...] | --replay TARGET"
if ((replay ? $# != 1 : $# < 2)); then
  echo "$usage" >&2
  exit 2
fi
target=$1
if [[ $target != all || $replay == 1 ]] && [[ " $targets " != *" $target "* ]]; then
  echo "fuzz.sh: unknown target '$target' ($targets)" >&2
  exit 2
fi

# The seed corpus, made afresh: some seeds come from this build's pimnic and firmware images.
make_seeds() {  # TARGET
  local seeds=$build/fuzz/seeds/$1
  rm -rf "$seeds"
  python3 "$root/scripts/fuzz_seeds.py" "$1" "$seeds" --pimnic "$build/bin/pimnic" --firmware "$build/firmware" >/dev/null
}

if ((replay)); then
  build=${build:-$root/build}
  if ((do_build)); then cmake --build "$build" -j "${JOBS:-2}" --target fuzz_replay pimnic >/dev/null; fi
  make_seeds "$target"
  exec "$build/bin/fuzz_replay" "$target" "$build/fuzz/seeds/$target"
fi

seconds=$2
shift 2
build=${build:-$root/build-san}
if [[ $target == all ]]; then
  status=0 lines=()
  for t in $targets; do
    line=$("$0" --build "$build" $( ((do_build)) || echo --no-build) "$t" "$seconds" "$@") || status=1
    lines+=("$line")
  done
  printf '%s\n' "${lines[@]}"
  exit $status
fi

if ((do_build)); then
  SAN_BUILD=$build "$root/scripts/sanitize.sh" --configure
  cmake --build "$build" -j "${JOBS:-2}" --target "fuzz_$target" pimnic >/dev/null
fi
make_seeds "$target"
seeds=$build/fuzz/seeds/$target corpus=$build/fuzz/corpus/$target artifacts=$build/fuzz/artifacts
mkdir -p "$corpus" "$artifacts"
dict=()
[[ $target == rsp ]] && dict=(-dict="$root/tests/gdb/rsp.dict")
log=$build/fuzz/$target.log
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
status=0
"$build/bin/fuzz_$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=2048 \
  -close_fd_mask=3 -print_final_stats=1 -artifact_prefix="$artifacts/$target-" "${dict[@]}" "$@" \
  "$corpus" "$seeds" >"$log" 2>&1 || status=$?
# The figures: the last coverage line and the final statistics.
last=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
stat() { grep -oE "stat::$1: *[0-9]+" "$log" | grep -oE '[0-9]+$' || echo 0; }
cov=$(echo "$last" | grep -oE 'cov: [0-9]+' | grep -oE '[0-9]+' || echo 0)
ft=$(echo "$last" | grep -oE 'ft: [0-9]+' | grep -oE '[0-9]+' || echo 0)
files=$(find "$corpus" -type f | wc -l)
echo "fuzz $target: ${seconds} s, $(stat number_of_executed_units) executions ($(stat average_exec_per_sec)/s)," \
  "coverage $cov edges, $ft features, corpus $files files, peak RSS $(stat peak_rss_mb) MB"
if ((status != 0)); then
  echo "fuzz $target: FAILED (exit $status); log $log; crashing inputs in $artifacts/" >&2
  grep -E 'ERROR|SUMMARY|==[0-9]+==' "$log" | head -20 >&2 || true
fi
exit $status
