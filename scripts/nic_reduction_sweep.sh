#!/bin/sh
# The NIC-based reduction's correctness sweep (issue 34, docs/nic-reduction.md): reduce_check on
# 2..64 nodes, binomial, chain and flat trees, two skews each (ctest runs 2, 5 and 16 nodes). Long:
# 64 nodes take minutes on functional cores. Usage: scripts/nic_reduction_sweep.sh [BUILD_DIR]
set -e
build=${1:-build}
check="python3 $(dirname "$0")/../tests/nic_reduction/check_reduce.py $build/bin/pimnic $build/tests/mpi/pimnic/reduce_check"
for n in 2 3 4 7 8 13 16 31 32 64; do
  $check -n $n --seeds 0,7
done
for n in 9 33 64; do
  $check -n $n --tree kary:1 --seeds 0,3
  $check -n $n --tree kary:$((n - 1)) --seeds 0,5 --expect-refusals
  $check -n $n --tree kary:4 --seeds 0,9
done
