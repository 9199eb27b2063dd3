#!/bin/sh
# tests/cli/test_robust_concurrent.sh: two runs of the host-only study on one
# database at once (what two `make measure` processes do), started together:
# with overlapping matrices, then with the same matrix, three times each.
# Both exit 0 and end 'complete'; every configuration is stored exactly once
# (the claim table makes the second run wait for a configuration the first
# is measuring instead of measuring it again); nothing is lost, and the
# database passes PRAGMA integrity_check. No GPU needed.
# Prints 'ok NAME' / 'not ok NAME'; exits 1 if any failed.
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/robust-lib.sh

export HOSTSTUDY_SLEEP_MS=10
# pair LABEL ARGS-A -- ARGS-B: start both at once on a fresh database; sets db.
pair() {
  p_label=$1; shift
  p_a="" ; while [ "$1" != "--" ]; do p_a="$p_a $1"; shift; done; shift
  db="$tmp/$p_label.db"
  rm -f "$db"*
  "$HOST" --db "$db" $REPS $p_a 2>"$tmp/$p_label.a" &
  pid_a=$!
  "$HOST" --db "$db" $REPS "$@" 2>"$tmp/$p_label.b" &
  pid_b=$!
  wait "$pid_a"; rc_a=$?
  wait "$pid_b"; rc_b=$?
  check_eq "$p_label: both exit 0" "$rc_a $rc_b" "0 0"
  # A failing process's own words, for the log.
  [ "$rc_a" -eq 0 ] || grep -v '^\[' "$tmp/$p_label.a" | sed 's/^/# a: /'
  [ "$rc_b" -eq 0 ] || grep -v '^\[' "$tmp/$p_label.b" | sed 's/^/# b: /'
  check_eq "$p_label: both runs complete" "$(q "$db" "SELECT group_concat(status) FROM run")" "complete,complete"
}

for i in 1 2 3; do
  pair "overlap $i" --n 1..12 --variant sleep,sum -- --n 5..16 --variant sum,sleep
  check_eq "overlap $i: 32 configurations stored, each once" \
    "$(q "$db" "SELECT count(*) || ' ' || count(DISTINCT config_key) FROM result WHERE status = 'ok'")" "32 32"
  check_no_dups "$db" "overlap $i"
  check_samples "$db" "overlap $i"
  check_integrity "$db" "overlap $i"

  pair "same $i" --n 1..10 --variant sleep -- --n 1..10 --variant sleep
  check_eq "same $i: 10 configurations stored, each once" \
    "$(q "$db" "SELECT count(*) || ' ' || count(DISTINCT config_key) FROM result WHERE status = 'ok'")" "10 10"
  check_eq "same $i: latest holds all 10" "$(q "$db" "SELECT count(*) FROM latest")" 10
  check_eq "same $i: no claim or live_run row left" \
    "$(q "$db" "SELECT (SELECT count(*) FROM live_run) + (SELECT count(*) FROM claim)")" 0
  check_integrity "$db" "same $i"
done
echo "# 'being measured by' lines: $(cat "$tmp"/*.a "$tmp"/*.b | grep -c 'being measured by run')"

[ "$nfail" -eq 0 ]
