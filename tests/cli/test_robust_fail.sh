#!/bin/sh
# tests/cli/test_robust_fail.sh: failed and skipped configurations, and bad
# input, through the host-only study (build/cuda-KEY/tests/hoststudy):
# - a configuration that fails verification is stored 'failed' with its
#   error and no samples, the run exits 1, and the next run does not retry
#   it (a failed configuration is done) unless --no-resume;
# - a fault injected with BENCH_INJECT_FAULT (fatal, as a CUDA fault is) ends
#   the run 'failed' with the error in run.note, keeps what was complete, and
#   the next run continues after the failed configuration;
# - BENCH_CUDA_ERROR='719:n=2 ': the sticky error of a __trap() recorded
#   without a GPU: stored 'failed' with the CUDA error's text and name;
# - BENCH_FREE_BYTES too small for a configuration: stored 'skipped' with the
#   reason, measured by the next run that has the memory;
# - bad arguments and bad switches: exit 2, one line, no database.
# No GPU needed. Prints 'ok NAME' / 'not ok NAME'; exits 1 if any failed.
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/robust-lib.sh

# Verification failures.
db="$tmp/f.db"
"$HOST" --db "$db" --n 1..3 --variant sum,wrong $REPS 2>"$tmp/err"
check_eq "wrong: exit 1" "$?" 1
check_eq "wrong: 3 failed with the error text, no statistics" \
  "$(q "$db" "SELECT count(*) FROM result WHERE variant = 'wrong' AND status = 'failed'
              AND error LIKE 'wrong sum: got %, want %' AND reps IS NULL AND stop_reason IS NULL")" 3
check_eq "wrong: failed results have no samples" \
  "$(q "$db" "SELECT count(*) FROM result_sample JOIN result USING (result_id) WHERE status = 'failed'")" 0
check_eq "wrong: the run is complete (verification failures do not end it)" \
  "$(q "$db" "SELECT status FROM run")" complete
check_samples "$db" "wrong"
"$HOST" --db "$db" --n 1..3 --variant sum,wrong $REPS 2>"$tmp/err"
check_eq "wrong, again: exit 0 (nothing retried)" "$?" 0
check_eq "wrong, again: 6 'already measured'" "$(grep -c 'already measured' "$tmp/err")" 6
check_eq "wrong, again: no new result, and no run stored for nothing" "$(q "$db" "SELECT count(*) FROM run")" 1
"$HOST" --db "$db" --n 1..3 --variant sum,wrong --no-resume $REPS 2>"$tmp/err"
check_eq "wrong, --no-resume: exit 1" "$?" 1
check_eq "wrong, --no-resume: all 6 measured again" "$(q "$db" "SELECT count(*) FROM result WHERE run_id = (SELECT max(run_id) FROM run)")" 6

# An injected fatal fault at n=3 of n=1..5.
db="$tmp/inject.db"
BENCH_INJECT_FAULT='n=3 ' "$HOST" --db "$db" --n 1..5 $REPS 2>"$tmp/err"
check_eq "injected fault: exit 1" "$?" 1
check_eq "injected fault: run failed, with the error in the note" "$(q "$db" "SELECT status || ': ' || note FROM run")" \
  "failed: ended after a CUDA error: injected fault (host-only run: no kernel launched)"
check_eq "injected fault: n=1, n=2 ok, n=3 failed, nothing after" \
  "$(q "$db" "SELECT group_concat(n || ':' || status, ' ') FROM (SELECT * FROM result ORDER BY result_id)")" \
  "1:ok 2:ok 3:failed"
check_eq "injected fault: the failure names the injection" \
  "$(q "$db" "SELECT error FROM result WHERE status = 'failed'")" "injected fault (host-only run: no kernel launched)"
"$HOST" --db "$db" --n 1..5 $REPS 2>"$tmp/err"
check_eq "after the fault: the next run exits 0" "$?" 0
check_eq "after the fault: n=1..3 already measured (the failed one is not retried)" \
  "$(grep -c 'already measured' "$tmp/err")" 3
check_eq "after the fault: the next run measures n=4, n=5" \
  "$(q "$db" "SELECT group_concat(n, ' ') FROM (SELECT n FROM result WHERE run_id = 2 ORDER BY n)")" "4 5"
check_eq "after the fault: latest holds n=1,2,4,5" \
  "$(q "$db" "SELECT group_concat(n, ' ') FROM (SELECT n FROM latest ORDER BY n)")" "1 2 4 5"
check_eq "BENCH_INJECT_FAULT matching nothing changes nothing" \
  "$(BENCH_INJECT_FAULT='n=99 ' "$HOST" --db "$tmp/none.db" --n 1 $REPS 2>/dev/null; echo $?)" 0

# The sticky error __trap() gives (719, cudaErrorLaunchFailure), recorded
# without a GPU through BENCH_CUDA_ERROR: the stored text names the error.
db="$tmp/sticky.db"
BENCH_CUDA_ERROR='719:n=2 ' "$HOST" --db "$db" --n 1..3 $REPS 2>"$tmp/err"
check_eq "sticky CUDA error: exit 1" "$?" 1
check_eq "sticky CUDA error: n=1 ok, n=2 failed with the CUDA error text, nothing after" \
  "$(q "$db" "SELECT group_concat(n || ':' || status || ':' || coalesce(error, 'NULL'), ' | ')
              FROM (SELECT * FROM result ORDER BY result_id)")" \
  "1:ok:NULL | 2:failed:simulated CUDA error: unspecified launch failure (cudaErrorLaunchFailure)"
check_eq "sticky CUDA error: the run failed, the same text in its note" "$(q "$db" "SELECT status || ': ' || note FROM run")" \
  "failed: ended after a CUDA error: simulated CUDA error: unspecified launch failure (cudaErrorLaunchFailure)"
check "sticky CUDA error: the progress line names it" \
  grep -q "FAILED: simulated CUDA error: unspecified launch failure (cudaErrorLaunchFailure)" "$tmp/err"

# Too little free memory: skipped with the reason, measured later.
db="$tmp/mem.db"
BENCH_FREE_BYTES=100 "$HOST" --db "$db" --n 1,1000 $REPS 2>"$tmp/err"
check_eq "BENCH_FREE_BYTES=100: exit 0" "$?" 0
check_eq "BENCH_FREE_BYTES=100: n=1000 skipped with the reason" \
  "$(q "$db" "SELECT status || ': ' || error FROM result WHERE n = 1000")" "skipped: needs 8000 bytes, 100 free"
check_eq "BENCH_FREE_BYTES=100: n=1 ok" "$(q "$db" "SELECT status FROM result WHERE n = 1")" ok
"$HOST" --db "$db" --n 1,1000 $REPS 2>"$tmp/err"
check_eq "with the memory: n=1000 measured by the next run" \
  "$(q "$db" "SELECT status FROM result WHERE n = 1000 AND run_id = 2")" ok

# Bad input: exit 2, one line on stderr, no database.
bad() { # bad NAME ARGS...   (env switches via B_ENV)
  b_name=$1; shift
  rm -f "$tmp/bad.db"
  env ${B_ENV:-} "$HOST" --db "$tmp/bad.db" "$@" >"$tmp/out" 2>"$tmp/err"
  b_rc=$?
  check_eq "$b_name: exit 2" "$b_rc" 2
  check_eq "$b_name: one line on stderr" "$(nlines "$(cat "$tmp/err")")" 1
  check "$b_name: no database" test ! -e "$tmp/bad.db"
}
bad "--n 2^31+1 (beyond 2^31)" --n 2^31+1
bad "--n 2^64 (overflows 64 bits)" --n 2^64
bad "--n 18446744073709551616" --n 18446744073709551616
bad "--n 99999999999999999999999" --n 99999999999999999999999
bad "--n 0" --n 0
bad "--n ''" --n ''
bad "--n=" --n=
bad "--n 1.5" --n 1.5
bad "--n 3,3 (twice)" --n 3,3
bad "--n 2:8,4 (twice through a range)" --n 2:8,4
bad "--n 1..1000 (more than 256 values)" --n 1..1000
bad "--variant sum,sum (twice)" --variant sum,sum
bad "--variant nope" --variant nope
bad "--variant ''" --variant ''
bad "--variant sum," --variant sum,
bad "--reps 20001" --reps 20001
bad "--reps -1" --reps -1
bad "--warmup 2^40" --warmup 2^40
bad "--budget-ms 0" --budget-ms 0
bad "--db ''" --db ''
B_ENV="BENCH_FREE_BYTES=lots" bad "BENCH_FREE_BYTES=lots"
B_ENV="BENCH_FREE_BYTES=-1" bad "BENCH_FREE_BYTES=-1"

[ "$nfail" -eq 0 ]
