#!/usr/bin/env bash
# Install what pimnic needs from Debian and configure the build. Safe to rerun: packages already
# present are skipped, and an existing build directory is reconfigured in place.
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(
  build-essential cmake ccache pkg-config python3
  clang-14 lld-14 llvm-14 clang llvm lld          # firmware toolchain (powerpc-unknown-eabi)
  libclang-rt-14-dev                               # ASan, UBSan, libFuzzer (scripts/sanitize.sh, scripts/fuzz.sh)
  libcapstone-dev doctest-dev libcli11-dev libfmt-dev nlohmann-json3-dev libzstd-dev zstd zlib1g-dev
  gdb-multiarch lldb-14 qemu-user-static           # references and debuggers
  gcc-powerpc-linux-gnu g++-powerpc-linux-gnu libc6-dev-powerpc-cross binutils-powerpc-linux-gnu
  python3-matplotlib chromium                      # experiment plots; the report page checked in a browser
  mpich libmpich-dev                               # the reference MPI for tests/mpi (mpicc.mpich, mpirun.mpich)
)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  SUDO=""
  [[ $(id -u) -ne 0 ]] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

BUILD=${BUILD:-build}
# clang builds the emulator too: its guaranteed tail calls and ThinLTO make the interpreter fast.
cmake -S . -B "$BUILD" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 >/dev/null
echo "setup: configured $BUILD/"
