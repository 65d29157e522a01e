#!/usr/bin/env bash
# The MPI runs too long for ctest (issue 20): every MPI test program on 16 ranks with the Table I
# timing models of table1-conv (no --model), compared with MPICH as in ctest
# (tests/mpi/run_compare.py), then 10^6 randomized messages against the matching model
# (scripts/mpi_random_matching.sh). Prints one line per run and a summary; exit 1 if any failed.
#   usage: scripts/mpi_timing_runs.sh [RANKS] [-- extra pimnic mpirun options]
set -uo pipefail
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
ranks=16
[[ $# -gt 0 && $1 != -- ]] && { ranks=$1; shift; }
[[ $# -gt 0 && $1 == -- ]] && shift
extra=("$@")
native=$BUILD/tests/mpi/native
prog=$BUILD/tests/mpi/pimnic
log=$(mktemp -d /tmp/mpi_timing_runs.XXXXXX)
failed=0
run() { # name, expected-failure flag, program arguments...
  local name=$1 fail=$2
  shift 2
  local opts=(--pimnic-opt=--nic --pimnic-opt=conv)
  for o in "${extra[@]}"; do opts+=(--pimnic-opt="$o"); done
  [[ $fail == 1 ]] && opts+=(--expect-fail)
  local t0=$SECONDS
  if python3 tests/mpi/run_compare.py -n "$ranks" --native "$native/$name" --pimnic "$BUILD/bin/pimnic" \
      --program "$prog/$name" "${opts[@]}" -- "$@" >"$log/$name.txt" 2>&1; then
    printf '%-18s %3d ranks  pass  %5d s\n' "$name" "$ranks" $((SECONDS - t0))
  else
    printf '%-18s %3d ranks  FAIL  %5d s   (%s)\n' "$name" "$ranks" $((SECONDS - t0)) "$log/$name.txt"
    failed=$((failed + 1))
  fi
}
for p in basics protocol_order wildcards probe completion cancel unexpected_flood large_messages communicators \
         reductions data_movement send_modes truncate_return; do
  run "$p" 0
done
run truncate_fatal 1
run abort 1
t0=$SECONDS
if scripts/mpi_random_matching.sh "$ranks" 1000000 1 -- --model functional "${extra[@]}" >"$log/random_matching.txt" 2>&1; then
  printf '%-18s %3d ranks  pass  %5d s   (10^6 messages)\n' random_matching "$ranks" $((SECONDS - t0))
else
  printf '%-18s %3d ranks  FAIL  %5d s   (%s)\n' random_matching "$ranks" $((SECONDS - t0)) "$log/random_matching.txt"
  failed=$((failed + 1))
fi
echo "$failed failed; logs in $log"
exit $((failed > 0))
