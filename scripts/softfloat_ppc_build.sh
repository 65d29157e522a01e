#!/usr/bin/env bash
# Compile pimnic SoftFloat freestanding for every PowerPC firmware profile and check that the
# objects need nothing outside themselves (no compiler runtime, no libc), and that the soft-float
# profiles define every ABI symbol clang 14 emits calls to.
# usage: scripts/softfloat_ppc_build.sh [OUTDIR]
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${1:-$(mktemp -d)}
CLANG=${CLANG:-clang}
NM=${NM:-llvm-nm}
command -v "$CLANG" >/dev/null || { echo "SKIP: no clang"; exit 0; }
SF=$ROOT/sdk/softfloat
mkdir -p "$OUT"

# profile name -> flags, read from the firmware toolchain file (nic: PowerPC 440 without FPU;
# pim: soft-float; host: 7400 with FPU and AltiVec, where only the library API is used), with
# these defaults when it is absent.
declare -A PROFILES=(
  [nic]="-mcpu=440 -msoft-float"
  [pim]="-mcpu=ppc -misel -msoft-float"
  [host]="-mcpu=7400 -maltivec"
)
TC=$ROOT/toolchain/pimnic-toolchain.cmake
if [[ -f $TC ]]; then
  while read -r name flags; do
    PROFILES[$name]=$flags
  done < <(sed -n 's/^set(PIMNIC_PROFILE_\([a-z]*\)_FLAGS \(.*\))$/\1 \2/p' "$TC")
fi
# The symbols clang 14 -msoft-float calls for float/double code (see docs/softfloat.md).
ABI_SYMS="__adddf3 __subdf3 __muldf3 __divdf3 __addsf3 __subsf3 __mulsf3 __divsf3
__eqdf2 __nedf2 __ltdf2 __ledf2 __gtdf2 __gedf2 __unorddf2 __eqsf2 __nesf2 __ltsf2 __lesf2
__gtsf2 __gesf2 __unordsf2 __extendsfdf2 __truncdfsf2 __fixdfsi __fixdfdi __fixunsdfsi
__fixunsdfdi __fixsfsi __fixsfdi __fixunssfsi __fixunssfdi __floatsidf __floatdidf __floatunsidf
__floatundidf __floatsisf __floatdisf __floatunsisf __floatundisf sqrt sqrtf fma fmaf
__gcc_qadd __gcc_qsub __gcc_qmul __gcc_qdiv __gcc_qeq __gcc_qne __gcc_qgt __gcc_qge __gcc_qlt
__gcc_qle __gcc_qunord __gcc_dtoq __gcc_qtod __gcc_stoq __gcc_qtos __gcc_itoq __gcc_utoq
__gcc_qtou __fixtfdi __fixunstfdi __fixunstfsi __floatditf __floatunditf"

fail=0
for p in "${!PROFILES[@]}"; do
  dir=$OUT/$p
  mkdir -p "$dir"
  srcs=("$SF"/src/*.c)
  [[ ${PROFILES[$p]} == *soft-float* ]] && srcs+=("$SF"/abi/*.c)
  for s in "${srcs[@]}"; do
    $CLANG --target=powerpc-unknown-eabi -ffreestanding -fno-builtin -O2 -std=c11 -Wall -Wextra \
      -Wno-unused-parameter -Werror ${PROFILES[$p]} -I"$SF/include" -c "$s" -o "$dir/$(basename "$s" .c).o"
  done
  defined=$($NM --defined-only "$dir"/*.o | awk 'NF==3{print $3}' | sort -u)
  undefined=$($NM -u "$dir"/*.o | awk 'NF==2{print $2}' | sort -u)
  missing=$(comm -23 <(echo "$undefined") <(echo "$defined") || true)
  if [[ -n $missing ]]; then
    echo "FAIL $p: undefined outside the library: $missing"; fail=1
  fi
  if [[ ${PROFILES[$p]} == *soft-float* ]]; then
    for s in $ABI_SYMS; do
      grep -qx "$s" <<<"$defined" || { echo "FAIL $p: ABI symbol $s not defined"; fail=1; }
    done
  fi
  size=$(llvm-size "$dir"/*.o 2>/dev/null | awk 'NR>1{t+=$1}END{print t}')
  echo "$p (${PROFILES[$p]}): $(ls "$dir"/*.o | wc -l) objects, ${size:-?} bytes of text, self-contained"
done
exit $fail
