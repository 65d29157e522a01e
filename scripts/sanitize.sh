#!/usr/bin/env bash
# The sanitizer build: the emulator, its unit tests and the fuzz targets compiled with
# AddressSanitizer + UndefinedBehaviorSanitizer (any report fails: -fno-sanitize-recover) in
# build-san/, then the unit tests, a slice of the end-to-end tests and a short run of every fuzz
# target (FUZZ_SECONDS each, 15 by default). CI runs it after `make test` (.ci/run); run it by hand
# before landing risky parsing changes. docs/fuzzing.md has the details.
#   scripts/sanitize.sh                 configure, build, run all of the above
#   scripts/sanitize.sh --configure     only configure build-san/ (scripts/fuzz.sh does this)
#   scripts/sanitize.sh --full          the whole ctest suite instead of the slice (long)
set -euo pipefail
cd "$(dirname "$0")/.."
SAN=${SAN_BUILD:-build-san}
JOBS=${JOBS:-$(nproc)}
mode=${1:-}

if [[ ! -f $SAN/CMakeCache.txt ]]; then
  # The firmware images are the same whatever the emulator's build: those of the ordinary
  # build (build/, `make firmware`) are used.
  cmake -S . -B "$SAN" -DCMAKE_BUILD_TYPE=Release -DPIMNIC_SANITIZE=ON -DPIMNIC_BUILD_FIRMWARE=OFF \
    -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 >/dev/null
  echo "sanitize: configured $SAN/"
fi
if [[ ! -e $SAN/firmware ]]; then
  [[ -d ${BUILD:-build}/firmware ]] || make firmware
  ln -s "$(cd "${BUILD:-build}/firmware" && pwd)" "$SAN/firmware"
fi
[[ $mode == --configure ]] && exit 0

# Leaks are reported by ASan at exit; UBSan prints a stack. Both make the run fail.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:check_initialization_order=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export HARDENING_MEMORY_SCALE=4  # ASan's shadow and quarantine: the watchdog's limits x4

if [[ $mode == --full ]]; then
  cmake --build "$SAN" -j "$JOBS"
  (cd "$SAN" && ctest -j "$JOBS" --output-on-failure)
  exit
fi

cmake --build "$SAN" -j "$JOBS" --target pimnic unit_tests fuzz_all hardening_programs linux_test_programs mpi_offload_programs
echo "sanitize: unit tests"
"$SAN/bin/unit_tests" --no-intro --minimal
# The slice: bad input and limits, the fuzz seeds replayed, Linux mode, traces, the gdb stub's
# robustness, firmware.
slice='^(hardening\.|fuzz\.replay\.|mpi_offload\.bad_input\.|run\.bad_input\.|linux\.gcc\.(hello|stack_layout|args_env|malloc_heavy|file_read|fault_segv|syscall_misc|libc_misc)$|linux\.cli\.|trace\.(check|binary)|firmware\.(hello|default_handler)|gdb\.robustness$)'
echo "sanitize: end-to-end slice"
(cd "$SAN" && ctest -j "$JOBS" --output-on-failure -R "$slice")
echo "sanitize: a short run of each fuzz target"
# FUZZ_SEED fixes libFuzzer's seed (CI: the same mutations every run, so a failure reproduces).
scripts/fuzz.sh --build "$SAN" --no-build all "${FUZZ_SECONDS:-15}" ${FUZZ_SEED:+-seed=$FUZZ_SEED}
