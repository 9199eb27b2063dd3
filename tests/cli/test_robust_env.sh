#!/bin/sh
# tests/cli/test_robust_env.sh: environment errors (no driver, no device, a
# build without code the GPU can run) are never stored as a failed
# configuration, through the host-only study's test switch BENCH_ENV_ERROR
# (experiments/harness/testhook.c):
# - BENCH_ENV_ERROR=probe: the probe before the first configuration fails
#   as a build without code for the GPU would: exit 3, one line naming the
#   device, its compute capability and the make CUDA_ARCH=sm_XY to use, no
#   database;
# - BENCH_ENV_ERROR='n=2 ': the configuration n=2 meets the error mid-run:
#   exit 3, n=1 kept, n=2 not stored, the run 'incomplete' with the error in
#   its note; the next run measures n=2 and n=3;
# and, on a machine without a GPU (SKIP said otherwise), the one-line
# answers of reduce, gpu-probe and make measure: "no NVIDIA driver or GPU";
# plus `make help` (targets and settings) and `make NVCC=` (one line).
# Prints 'ok NAME' / 'not ok NAME'; exits 1 if any failed.
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/robust-lib.sh

db="$tmp/probe.db"
BENCH_ENV_ERROR=probe "$HOST" --db "$db" --n 1..3 $REPS >"$tmp/out" 2>"$tmp/err"
check_eq "probe: exit 3" "$?" 3
check_eq "probe: one line" "$(nlines "$(cat "$tmp/err")")" 1
check "probe: names the device, its compute capability and the make line" \
  grep -q "no code the host CPU .* (compute capability 0.0) can run (cudaErrorNoKernelImageForDevice): rebuild with make CUDA_ARCH=sm_00: nothing measured" "$tmp/err"
check "probe: no database" test ! -e "$db"

db="$tmp/mid.db"
BENCH_ENV_ERROR='n=2 ' "$HOST" --db "$db" --n 1..3 $REPS 2>"$tmp/err"
check_eq "mid-run: exit 3" "$?" 3
check_eq "mid-run: n=1 stored, n=2 not (nor anything after)" \
  "$(q "$db" "SELECT group_concat(n || ':' || status, ' ') FROM result")" "1:ok"
check_eq "mid-run: the run is incomplete, the error in its note" "$(q "$db" "SELECT status || ': ' || note FROM run")" \
  "incomplete: ended by an environment error: simulated environment error: no kernel image is available for execution on the device (cudaErrorNoKernelImageForDevice)"
check_eq "mid-run: no claim left" "$(q "$db" "SELECT count(*) FROM claim")" 0
"$HOST" --db "$db" --n 1..3 $REPS 2>"$tmp/err"
check_eq "mid-run, next run: exit 0" "$?" 0
check_eq "mid-run, next run: measures n=2 and n=3" \
  "$(q "$db" "SELECT group_concat(n || ':' || status, ' ') FROM result WHERE run_id = 2")" "2:ok 3:ok"

# Without a GPU: one line each, exit 3, nothing written.
if "$CU_TOOLS/gpu-probe" >/dev/null 2>&1; then
  echo "SKIP: the no-GPU checks (a GPU is present)"
else
  "$CU_TOOLS/gpu-probe" 2>"$tmp/err"
  check_eq "gpu-probe without a GPU: exit 1" "$?" 1
  check_eq "gpu-probe without a GPU: says so" "$(cat "$tmp/err")" "gpu-probe: no NVIDIA driver or GPU"
  "$STUDIES/reduce" --db "$tmp/nogpu.db" --n 2^10 --variant cub --dtype int32 2>"$tmp/err"
  check_eq "reduce without a GPU: exit 3" "$?" 3
  check_eq "reduce without a GPU: one line" "$(cat "$tmp/err")" "reduce: no NVIDIA driver or GPU: nothing measured"
  check "reduce without a GPU: no database" test ! -e "$tmp/nogpu.db"
  make --no-print-directory measure DB="$tmp/m.db" >"$tmp/out" 2>"$tmp/err"
  check_eq "make measure without a GPU: exit 2 (make's for a recipe that failed)" "$?" 2
  check_eq "make measure without a GPU: one line of its own" \
    "$(grep -v '^make\(\[[0-9]*\]\)\{0,1\}: \*\*\*' "$tmp/err")" "make measure: no NVIDIA driver or GPU: nothing measured"
  check "make measure without a GPU: no database" test ! -e "$tmp/m.db"
fi

make --no-print-directory help >"$tmp/out" 2>&1
for v in NVCC CUDA_ARCH CFLAGS NVCCFLAGS SQLITE_CFLAGS SQLITE_LIBS CMOCKA_LIBS DB; do
  check "make help lists the setting $v" grep -Eq "^  ([A-Z_]+, )?$v " "$tmp/out"
done
check "make help lists the targets" grep -q "^  make measure " "$tmp/out"
make --no-print-directory NVCC= build >"$tmp/out" 2>"$tmp/err"
check_eq "make NVCC= build: exit 2" "$?" 2
check_eq "make NVCC= build: one line" "$(nlines "$(cat "$tmp/err")")" 1
check "make NVCC= build: says NVCC is empty" grep -q "NVCC is empty" "$tmp/err"

[ "$nfail" -eq 0 ]
