#!/bin/sh
# tests/cli/test_robust_timeout.sh: a configuration that never returns (the
# host-only study's variant 'hang', as a hung kernel) under --timeout-s 1:
# - the watchdog stores it failed with the reason "timeout", ends the run
#   'failed' with a note naming it, leaves no claim or live_run row, and the
#   process exits 5 (what ran before it is kept);
# - the next run goes on after it (a failed configuration is done);
# - experiments/tools/run-matrix runs a line that exited 5 again until every
#   configuration has a result, then reports the line as failed (exit 1);
# - if the process died after the watchdog marked the run but before it
#   stored the timeout, the next start stores it (and does not measure it);
# - --help states the limit and its default.
# Every command runs under `timeout 60`, so a broken watchdog fails the test
# instead of hanging it. No GPU needed. Prints 'ok NAME' / 'not ok NAME';
# exits 1 if any failed.
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/robust-lib.sh

db="$tmp/t.db"
timeout -s KILL 60 "$HOST" --db "$db" --n 1..3 --variant sum,hang --timeout-s 1 $REPS 2>"$tmp/err"
check_eq "hang: exit 5" "$?" 5
check_eq "hang: n=1 sum ok, n=1 hang failed, nothing after" \
  "$(q "$db" "SELECT group_concat(n || ' ' || variant || ' ' || status, ', ') FROM (SELECT * FROM result ORDER BY result_id)")" \
  "1 sum ok, 1 hang failed"
check_eq "hang: the reason is timeout" "$(q "$db" "SELECT error FROM result WHERE status = 'failed'")" \
  "timeout: no result after 1 s (the watchdog ended the run)"
check_eq "hang: the run failed, the note names the configuration" "$(q "$db" "SELECT status || ': ' || note FROM run")" \
  "failed: ended by the watchdog: n=1 variant=hang cache=cold took more than 1 s (--timeout-s)"
check_eq "hang: no claim or live_run left" "$(q "$db" "SELECT (SELECT count(*) FROM claim) + (SELECT count(*) FROM live_run)")" 0
check "hang: the progress line says FAILED: timeout" grep -q '^\[2/6\] hoststudy n=1 hang \.\.\. FAILED: timeout' "$tmp/err"
check_samples "$db" "hang"
timeout -s KILL 60 "$HOST" --db "$db" --n 1..3 --variant sum,hang --timeout-s 1 $REPS 2>"$tmp/err"
check_eq "hang, next run: exit 5 again (at n=2 hang)" "$?" 5
check_eq "hang, next run: goes on after the timed-out one" \
  "$(q "$db" "SELECT group_concat(n || ' ' || variant || ' ' || status, ', ') FROM (SELECT * FROM result WHERE run_id = 2 ORDER BY result_id)")" \
  "2 sum ok, 2 hang failed"

# run-matrix runs the line again until it is through.
db="$tmp/m.db"
echo "hoststudy --n 1..3 --variant sum,hang --timeout-s 1 $REPS" > "$tmp/t.matrix"
timeout -s KILL 120 sh experiments/tools/run-matrix "$tmp/t.matrix" "$db" "$TESTBIN" 2>"$tmp/err"
check_eq "run-matrix: exit 1 (the line had timeouts)" "$?" 1
check_eq "run-matrix: every configuration has a result: 3 ok, 3 timeouts" \
  "$(q "$db" "SELECT group_concat(variant || ':' || status || ':' || c, ' ') FROM (SELECT variant, status, count(*) c FROM result GROUP BY 1, 2 ORDER BY 1)")" \
  "hang:failed:3 sum:ok:3"
# The last pass finds everything measured: it stores no run (nothing in it).
check_eq "run-matrix: 3 runs ended by the watchdog, the last pass stores no run" \
  "$(q "$db" "SELECT group_concat(status || ':' || c, ' ') FROM (SELECT status, count(*) c FROM run GROUP BY 1 ORDER BY 1)")" \
  "failed:3"
check "run-matrix: the last pass says it stored no run" grep -q 'nothing left to measure: no run stored' "$tmp/err"
check_no_dups "$db" "run-matrix"

# The watchdog marked the run but the process died before it stored the
# timeout (here: the mark set by hand, then SIGKILL): the next start finds
# the run dead, stores the timeout and ends that run; nothing is measured twice.
db="$tmp/dead.db"
"$HOST" --db "$db" --n 1 --variant hang --timeout-s 0 $REPS 2>/dev/null &
pid=$!
i=0
while [ "$(q "$db" "SELECT count(*) FROM claim" 2>/dev/null)" != 1 ] && [ $i -lt 200 ]; do sleep 0.1; i=$((i + 1)); done
q "$db" "UPDATE run SET note = 'timeout pending: ' || (SELECT config_key FROM claim)"
kill -KILL "$pid"
wait "$pid" 2>/dev/null
timeout -s KILL 60 "$HOST" --db "$db" --n 1 --variant hang,sum --timeout-s 0 $REPS 2>"$tmp/err"
check_eq "died after the mark: the next run exits 0 (hang not measured again)" "$?" 0
check_eq "died after the mark: the timeout is stored for the dead run" \
  "$(q "$db" "SELECT run_id || ' ' || variant || ' ' || status || ': ' || error FROM result WHERE variant = 'hang'")" \
  "1 hang failed: timeout: the run died after its watchdog fired (recorded by a later run)"
check_eq "died after the mark: the dead run is ended failed" "$(q "$db" "SELECT status || ': ' || note FROM run WHERE run_id = 1")" \
  "failed: ended by the watchdog: n=1 variant=hang cache=cold timed out (recorded by a later run)"
check_eq "died after the mark: sum measured by run 2" "$(q "$db" "SELECT variant || ' ' || status FROM result WHERE run_id = 2")" "sum ok"

"$HOST" --help >"$tmp/out"
check "--help states --timeout-s and its default" grep -q "default 60" "$tmp/out"
check "--help names exit status 5" grep -q "5 a configuration timed out" "$tmp/out"
timeout -s KILL 60 "$HOST" --db "$tmp/z.db" --n 1 --variant sum --timeout-s 0 $REPS 2>/dev/null
check_eq "--timeout-s 0 (no limit): a normal run exits 0" "$?" 0

[ "$nfail" -eq 0 ]
