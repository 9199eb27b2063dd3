#!/bin/sh
# tests/cli/test_robust_kill.sh: SIGKILL of the host-only study at ten random
# moments, into one database. After every kill: PRAGMA integrity_check is ok,
# every stored result has all its samples, the killed run is left 'running'
# (never 'complete') and nothing of it is in the report's `latest` view. A
# final run completes the rest: every configuration in `latest` once, none
# stored twice by runs that ended. No GPU needed.
# Prints 'ok NAME' / 'not ok NAME' per check; exits 1 if any failed.
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/robust-lib.sh

ARGS="--n 1..8 --variant sum,sleep $REPS"
export HOSTSTUDY_SLEEP_MS=25
db="$tmp/k.db"
nkilled=0
seed=$(od -An -N2 -tu2 /dev/urandom | tr -d ' ')
echo "# random seed $seed"
for i in 1 2 3 4 5 6 7 8 9 10; do
  delay=$(awk -v s="$seed" -v i="$i" 'BEGIN { srand(s + i); printf "%.3f", rand() * 0.5 }')
  nrun=$(q "$db" "SELECT count(*) FROM run" 2>/dev/null || echo 0)
  "$HOST" --db "$db" $ARGS 2>"$tmp/err" &
  pid=$!
  sleep "$delay"
  kill -KILL "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  rc=$?
  if [ "$rc" -ne 137 ]; then
    echo "# kill $i after ${delay}s: the run had ended (exit $rc)"
    continue
  fi
  nkilled=$((nkilled + 1))
  [ -f "$db" ] || { echo "# kill $i after ${delay}s: before the database existed"; continue; }
  if [ "$(q "$db" "SELECT count(*) FROM sqlite_master WHERE name = 'run'")" != 1 ]; then
    # The schema is one transaction: a kill before its commit leaves no table.
    check_eq "kill $i after ${delay}s: before the schema's commit, no table at all" \
      "$(q "$db" "SELECT count(*) FROM sqlite_master")" 0
    continue
  fi
  check_integrity "$db" "kill $i after ${delay}s"
  check_samples "$db" "kill $i"
  killed=$(q "$db" "SELECT run_id FROM run WHERE run_id > $nrun")
  if [ -n "$killed" ]; then
    check_eq "kill $i: run $killed left running" "$(q "$db" "SELECT status FROM run WHERE run_id = $killed")" running
    check_eq "kill $i: nothing of run $killed in latest" \
      "$(q "$db" "SELECT count(*) FROM latest WHERE run_id = $killed")" 0
  fi
  check_eq "kill $i: no run marked complete" "$(q "$db" "SELECT count(*) FROM run WHERE status = 'complete'")" 0
done
check "killed mid-run at least 5 times ($nkilled)" test "$nkilled" -ge 5

"$HOST" --db "$db" $ARGS 2>"$tmp/err"
check_eq "the next run exits 0" "$?" 0
check_integrity "$db" "after the final run"
check_samples "$db" "after the final run"
check_no_dups "$db" "after the final run"
check_eq "after the final run: latest holds all 16 configurations" \
  "$(q "$db" "SELECT count(DISTINCT config_key) || ' ' || count(*) FROM latest")" "16 16"
check_eq "after the final run: killed runs stay running, none complete but the last" \
  "$(q "$db" "SELECT count(*) FROM run WHERE status NOT IN ('running') AND run_id <> (SELECT max(run_id) FROM run)")" 0
check_eq "after the final run: no live_run row or claim of a dead run left" \
  "$(q "$db" "SELECT (SELECT count(*) FROM live_run) + (SELECT count(*) FROM claim)")" 0

[ "$nfail" -eq 0 ]
