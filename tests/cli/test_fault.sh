#!/bin/sh
# tests/cli/test_fault.sh: kernel faults and too little device memory on a
# real GPU, through build/cuda-KEY/tests/reduce (reduce built with the test hook,
# experiments/harness/testhook.c) and the test-only switches of the harness:
# - BENCH_INJECT_FAULT='n=4096 ' makes the first configuration with n=4096
#   launch an out-of-bounds write (kernels/fault.cu) instead of its measure:
#   exit 1, run 'failed' with the CUDA error in its note, the configurations
#   before it 'ok', the faulted one 'failed' with the CUDA error text; the
#   next run (no switch) does not retry it and completes the rest;
# - the same with 'trap:' (a kernel that executes __trap());
# - BENCH_FREE_BYTES=20000: the 2^20 configuration is stored 'skipped' with
#   the reason; the next run, with the memory, measures it.
# Without a usable GPU it prints 'SKIP: no GPU (...)' and exits 0 (exits 1
# under REQUIRE_GPU=1, the GPU machine's setting). Needs no
# sqlite3 command (build/cuda-KEY/tests/sqlq reads the database).
# Prints 'ok NAME' / 'not ok NAME'; exits 1 if any failed.
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/robust-lib.sh

REDUCE="$TESTBIN/reduce"
[ -x "$REDUCE" ] || { notok "test build of reduce exists" "run make test-build"; exit 1; }
# A production binary holds neither the switch nor the faulting kernels; the test build does.
check "production reduce holds no fault injection" sh -c "! grep -q -e BENCH_INJECT_FAULT -e fault_launch '$STUDIES/reduce'"
check "the test build of reduce holds it" grep -q BENCH_INJECT_FAULT "$REDUCE"
if ! why=$("$CU_TOOLS/gpu-probe" 2>&1); then
  if [ "${REQUIRE_GPU:-}" = 1 ]; then
    notok "REQUIRE_GPU=1: a usable GPU" "$(printf '%s' "$why" | head -n 1)"
    exit 1
  fi
  echo "SKIP: no GPU ($(printf '%s' "$why" | head -n 1))"
  exit 0
fi
ARGS="--n 2^10,2^12 --variant cub,interleaved --dtype int32 $REPS"

# Out-of-bounds write at the third configuration (n=4096, cub).
db="$tmp/oob.db"
BENCH_INJECT_FAULT='n=4096 ' "$REDUCE" --db "$db" $ARGS 2>"$tmp/err"
check_eq "oob: exit 1" "$?" 1
check_eq "oob: run failed" "$(q "$db" "SELECT status FROM run")" failed
check "oob: the run's note holds the CUDA error" \
  test -n "$(q "$db" "SELECT 1 FROM run WHERE note LIKE 'ended after a CUDA error: injected out-of-bounds write: %'")"
check_eq "oob: n=1024 cub, interleaved ok, n=4096 cub failed, nothing after" \
  "$(q "$db" "SELECT group_concat(n || ' ' || variant || ' ' || status, ', ') FROM (SELECT * FROM result ORDER BY result_id)")" \
  "1024 cub ok, 1024 interleaved ok, 4096 cub failed"
echo "# oob error: $(q "$db" "SELECT error FROM result WHERE status = 'failed'")"
check "oob: the failed configuration has the CUDA error text" \
  test -n "$(q "$db" "SELECT 1 FROM result WHERE status = 'failed' AND error LIKE 'injected out-of-bounds write: %(cuda%)'")"
check_samples "$db" "oob"
"$REDUCE" --db "$db" $ARGS 2>"$tmp/err"
check_eq "oob, next run: exit 0" "$?" 0
check_eq "oob, next run: 3 already measured (the failed one not retried)" "$(grep -c 'already measured' "$tmp/err")" 3
check_eq "oob, next run: measures only n=4096 interleaved" \
  "$(q "$db" "SELECT group_concat(n || ' ' || variant || ' ' || status) FROM result WHERE run_id = 2")" "4096 interleaved ok"
check_eq "oob, next run: latest holds the 3 ok configurations" "$(q "$db" "SELECT count(*) FROM latest")" 3

# __trap() at the second configuration (the first interleaved one: n=1024;
# the run stops at the fault, so the later interleaved one is never reached).
db="$tmp/trap.db"
BENCH_INJECT_FAULT='trap:variant=interleaved' "$REDUCE" --db "$db" $ARGS 2>"$tmp/err"
check_eq "trap: exit 1" "$?" 1
check_eq "trap: run failed" "$(q "$db" "SELECT status FROM run")" failed
echo "# trap error: $(q "$db" "SELECT error FROM result WHERE status = 'failed'")"
echo "# trap stderr: $(grep -e FAILED -e 'cannot store' "$tmp/err" | head -n 3)"
check_eq "trap: n=1024 cub ok, interleaved failed, nothing after" \
  "$(q "$db" "SELECT group_concat(variant || ' ' || status, ', ') FROM (SELECT * FROM result ORDER BY result_id)")" \
  "cub ok, interleaved failed"
check "trap: the failed configuration has the CUDA error text" \
  test -n "$(q "$db" "SELECT 1 FROM result WHERE status = 'failed' AND error LIKE 'injected __trap(): %(cuda%)'")"
"$REDUCE" --db "$db" $ARGS 2>"$tmp/err"
check_eq "trap, next run: exit 0, the 2 others measured" \
  "$?:$(q "$db" "SELECT count(*) FROM result WHERE run_id = 2")" "0:2"

# Too little free device memory (BENCH_FREE_BYTES): skipped with the reason.
db="$tmp/mem.db"
BENCH_FREE_BYTES=20000 "$REDUCE" --db "$db" --n 2^10,2^20 --variant cub --dtype int32 $REPS 2>"$tmp/err"
check_eq "memory: exit 0" "$?" 0
check_eq "memory: 2^10 ok, 2^20 skipped" \
  "$(q "$db" "SELECT group_concat(n || ' ' || status, ', ') FROM (SELECT * FROM result ORDER BY result_id)")" \
  "1024 ok, 1048576 skipped"
check "memory: the reason is stored" \
  test -n "$(q "$db" "SELECT 1 FROM result WHERE status = 'skipped' AND error LIKE 'needs % bytes, 20000 free'")"
"$REDUCE" --db "$db" --n 2^10,2^20 --variant cub --dtype int32 $REPS 2>"$tmp/err"
check_eq "memory, next run: 2^20 measured" "$(q "$db" "SELECT status FROM result WHERE run_id = 2 AND n = 1048576")" ok

[ "$nfail" -eq 0 ]
