#!/bin/sh
# tests/cli/test_measure_opts.sh: the measurement options through the
# host-only study (build/cuda-KEY/tests/hoststudy), no GPU needed:
# - --flush clean,memset,none and --mode single,batch make configurations of
#   their own; the default (clean, single) keeps the key it always had
#   ('... cache=cold'), memset adds ' flush=memset', none is 'cache=warm',
#   batch adds ' mode=batch' (once, without a flush); --warm is --flush none;
# - bad values, and --warm with --flush, exit 2;
# - --repeat: a second independent run of a finished matrix measures it
#   again (resume counts only runs with the same index), and runs again
#   with that index measure nothing and store no run; run.repeat_index
#   records it;
# - every stored result has a stop reason, an interval around its median,
#   and at most 256 samples (result.reps counts all taken);
# - no matrix line overrides the harness's sampling rule.
# Prints 'ok NAME' / 'not ok NAME'; exits 1 if any failed.
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/robust-lib.sh

keys=$("$HOST" --n 1 --flush clean,memset,none --mode single,batch --list 2>&1)
check_eq "flush x mode: four configurations" "$(printf '%s\n' "$keys" | grep -c 'cache=')" 4
check "default key unchanged" sh -c "printf '%s\n' \"\$1\" | grep -qx 'n=1 variant=sum cache=cold'" - "$keys"
check "memset key" sh -c "printf '%s\n' \"\$1\" | grep -qx 'n=1 variant=sum cache=cold flush=memset'" - "$keys"
check "none key" sh -c "printf '%s\n' \"\$1\" | grep -qx 'n=1 variant=sum cache=warm'" - "$keys"
check "batch key" sh -c "printf '%s\n' \"\$1\" | grep -qx 'n=1 variant=sum cache=warm mode=batch'" - "$keys"
check_eq "--warm is --flush none" "$("$HOST" --n 1 --warm --list 2>&1 | head -1)" "n=1 variant=sum cache=warm"
check_eq "--batch is --mode batch" "$("$HOST" --n 1 --batch --list 2>&1 | head -1)" "n=1 variant=sum cache=warm mode=batch"

for a in "--flush dirty" "--flush clean,clean" "--mode fast" "--target -1" "--target 0.5x" "--target 101" \
         "--repeat 0" "--min-ms -1"; do
  # shellcheck disable=SC2086
  "$HOST" --db "$tmp/bad.db" --n 1 $a >/dev/null 2>&1
  check_eq "$a: exit 2" "$?" 2
done
"$HOST" --db "$tmp/bad.db" --n 1 --warm --flush none >/dev/null 2>"$tmp/err"
check_eq "--warm with --flush: exit 2" "$?" 2
check "--warm with --flush: says so" grep -q 'is --flush none' "$tmp/err"
check "nothing written on bad arguments" test ! -e "$tmp/bad.db"

db="$tmp/m.db"
"$HOST" --db "$db" --n 1,2 --warmup 0 2>/dev/null
check_eq "repeat 1 runs" "$?" 0
"$HOST" --db "$db" --n 1,2 --warmup 0 --repeat 2 2>"$tmp/r2"
check_eq "repeat 2 runs" "$?" 0
check "repeat 2 measures again (not resumed from repeat 1)" grep -q 'sampling took .* over 2 configurations' "$tmp/r2"
"$HOST" --db "$db" --n 1,2 --warmup 0 --repeat 2 2>"$tmp/r2b"
check_eq "repeat 2 again: everything already measured" "$(grep -c 'already measured' "$tmp/r2b")" 2
check "repeat 2 again: says no run is stored" grep -q 'nothing left to measure: no run stored' "$tmp/r2b"
# The run that measured nothing is not stored.
check_eq "run.repeat_index" "$(q "$db" "SELECT group_concat(coalesce(repeat_index, 0), ',') FROM (SELECT repeat_index FROM run ORDER BY run_id)")" "1,2"
check_eq "results of two repeats" "$(q "$db" "SELECT count(*) FROM result WHERE status = 'ok'")" 4
check_eq "every result has a stop reason, and its samples an interval around their value" \
  "$(q "$db" "SELECT count(*) FROM result_bw WHERE stop_reason IS NULL OR NOT (ci_lo_ms <= value_ms AND value_ms <= ci_hi_ms)")" 0

"$HOST" --db "$tmp/cap.db" --n 1 --warmup 0 --target 0 --reps 1000 2>/dev/null
check_eq "1000 fixed samples: reps 1000, stop reason fixed" "$(q "$tmp/cap.db" "SELECT reps || ' ' || stop_reason FROM result")" "1000 fixed"
check_eq "1000 samples: all 1000 stored, in one text" \
  "$(q "$tmp/cap.db" "SELECT count(*) || ' ' || samples_count(ns) FROM result_sample")" "1 1000"
check_samples "$tmp/cap.db" "capped samples"

# The sampling rule is the harness's (a trial's, issue 47: one of six, its
# median need not be precise): no matrix line overrides its budget, minimum
# time or target (lines from before the convergence rule had --budget-ms 100).
check_eq "no .matrix line sets --budget-ms, --min-ms or --target" \
  "$(grep -v '^[[:space:]]*#' experiments/*/*.matrix experiments/tools/*.matrix | grep -c -e '--budget-ms' -e '--min-ms' -e '--target')" 0

[ "$nfail" -eq 0 ]
