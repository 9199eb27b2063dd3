#!/bin/sh
# tests/cli/test_robust_signal.sh: SIGINT and SIGTERM in the middle of a run
# of the host-only study (build/cuda-KEY/tests/hoststudy, the real harness): exit
# 130, the run marked 'incomplete', only whole configurations stored (every
# one with all its samples), nothing of the run in the report's `latest` view
# yet; a second run measures only the missing configurations, and then
# `latest` holds exactly what one uninterrupted run gives (the report does
# not depend on the order of events). No GPU needed.
# Prints 'ok NAME' / 'not ok NAME' per check; exits 1 if any failed.
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/robust-lib.sh

NCFG=10
ARGS="--n 1..$NCFG --variant sleep $REPS"
export HOSTSTUDY_SLEEP_MS=40

# The reference: one uninterrupted run.
"$HOST" --db "$tmp/ref.db" $ARGS 2>"$tmp/ref.err"
check_eq "uninterrupted run exits 0" "$?" 0
q "$tmp/ref.db" "SELECT config_key FROM latest ORDER BY config_key" > "$tmp/ref.keys"
check_eq "uninterrupted run: latest holds every configuration" "$(wc -l < "$tmp/ref.keys")" "$NCFG"

for sig in INT TERM; do
  db="$tmp/$sig.db"
  "$HOST" --db "$db" $ARGS 2>"$tmp/$sig.err" &
  pid=$!
  # Wait until two configurations are stored, then signal.
  i=0
  while [ "$(q "$db" "SELECT count(*) FROM result" 2>/dev/null || echo 0)" -lt 2 ] && [ $i -lt 200 ]; do
    sleep 0.05; i=$((i + 1))
  done
  kill -"$sig" "$pid"
  wait "$pid"
  rc=$?
  check_eq "SIG$sig: exit 130" "$rc" 130
  check_eq "SIG$sig: run marked incomplete" "$(q "$db" "SELECT status || ': ' || note FROM run")" \
    "incomplete: interrupted by a signal"
  nstored=$(q "$db" "SELECT count(*) FROM result")
  nmeasured=$(grep -c '\.\.\. [0-9.]* ms' "$tmp/$sig.err")
  check "SIG$sig: stopped mid-way ($nstored of $NCFG stored)" test "$nstored" -ge 2 -a "$nstored" -lt "$NCFG"
  check_eq "SIG$sig: stored = configurations reported measured" "$nstored" "$nmeasured"
  check_samples "$db" "SIG$sig"
  check_eq "SIG$sig: the interrupted run alone is not in latest" "$(q "$db" "SELECT count(*) FROM latest")" 0
  check_eq "SIG$sig: no live_run row or claim left" \
    "$(q "$db" "SELECT (SELECT count(*) FROM live_run) + (SELECT count(*) FROM claim)")" 0

  # Resume: only what is missing.
  "$HOST" --db "$db" $ARGS 2>"$tmp/$sig.err2"
  check_eq "SIG$sig: second run exits 0" "$?" 0
  check_eq "SIG$sig: second run says 'already measured' $nstored times" \
    "$(grep -c 'already measured' "$tmp/$sig.err2")" "$nstored"
  check_eq "SIG$sig: second run stores the other $((NCFG - nstored))" \
    "$(q "$db" "SELECT count(*) FROM result WHERE run_id = 2")" "$((NCFG - nstored))"
  check_eq "SIG$sig: $NCFG results in all" "$(q "$db" "SELECT count(*) FROM result")" "$NCFG"
  check_no_dups "$db" "SIG$sig"
  check_samples "$db" "SIG$sig after resume"
  q "$db" "SELECT config_key FROM latest ORDER BY config_key" > "$tmp/$sig.keys"
  if cmp -s "$tmp/ref.keys" "$tmp/$sig.keys"; then ok "SIG$sig: latest after interrupt + resume = latest of one run"
  else notok "SIG$sig: latest after interrupt + resume = latest of one run" "$(diff "$tmp/ref.keys" "$tmp/$sig.keys" | tr '\n' ' ')"; fi
done

[ "$nfail" -eq 0 ]
