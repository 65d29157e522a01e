#!/usr/bin/env bash
# Randomized MPI matching at scale (issue 20): tests/mpi/programs/random_matching under
# `pimnic mpirun` (functional cores by default), its log checked by the reference model of MPI
# matching (tests/mpi/matching_model.py): zero lost, duplicated or misordered messages. ctest runs
# 10^5 messages (mpi.random_matching.n8); this runs 10^6.
#   usage: scripts/mpi_random_matching.sh [RANKS [MESSAGES [SEED]]] [-- pimnic mpirun options]
#   MPICH=1 scripts/mpi_random_matching.sh ...   runs the MPICH build under mpirun.mpich instead
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
ranks=16 messages=1000000 seed=$RANDOM
[[ $# -gt 0 && $1 != -- ]] && { ranks=$1; shift; }
[[ $# -gt 0 && $1 != -- ]] && { messages=$1; shift; }
[[ $# -gt 0 && $1 != -- ]] && { seed=$1; shift; }
[[ $# -gt 0 && $1 == -- ]] && shift
opts=("$@")
((${#opts[@]})) || opts=(--model functional)
check=tests/mpi/check_random_matching.py
echo "random matching: $ranks ranks, $messages messages, seed $seed"
if [[ ${MPICH:-0} == 1 ]]; then
  exec python3 $check --mpich mpirun.mpich -n "$ranks" "$BUILD/tests/mpi/native/random_matching" "$seed" "$messages"
fi
args=()
for o in --nic conv "${opts[@]}"; do args+=(--pimnic-opt="$o"); done
exec python3 $check --pimnic "$BUILD/bin/pimnic" "${args[@]}" -n "$ranks" --timeout 36000 \
  "$BUILD/tests/mpi/pimnic/random_matching" "$seed" "$messages"
