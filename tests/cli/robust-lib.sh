# tests/cli/robust-lib.sh: shared by tests/cli/test_robust_*.sh (sourced
# after `cd` to the repository root; not a test itself). Defines HOST (the
# host-only study $TESTBIN/hoststudy), q (a query through $TESTBIN/sqlq) and
# checks every database test needs, on top of tests/cli/lib.sh (TESTBIN and
# the other binaries' folders, $tmp, ok/notok/check/check_eq).
. tests/cli/lib.sh
HOST="$TESTBIN/hoststudy"
SQLQ="$TESTBIN/sqlq"
REPS="--reps 3 --min-reps 3 --warmup 0"
# q DB SQL: SQL on DB, which may read the results views (RESULTS_VIEWS).
q() { "$SQLQ" "$1" "$RESULTS_VIEWS $2"; }
nlines() { printf '%s' "$1" | awk 'END { print NR }'; }

for f in "$HOST" "$SQLQ"; do
  [ -x "$f" ] || { notok "fixture $f exists" "run make test-build"; exit 1; }
done

# Every ok result stores every sample it took (one result_sample text of
# reps whole nanoseconds); no other result has any.
check_samples() { # check_samples DB LABEL
  bad=$(q "$1" "SELECT count(*) FROM result r WHERE (r.status = 'ok') <> (r.reps IS NOT NULL)
                OR coalesce(r.reps, 0) <> coalesce((SELECT samples_count(s.ns) FROM result_sample s
                                                    WHERE s.result_id = r.result_id), 0)")
  check_eq "$2: every result has all its samples and no other" "$bad" 0
}
# No configuration has two finished results among runs that ended.
check_no_dups() { # check_no_dups DB LABEL
  dups=$(q "$1" "SELECT count(*) FROM (SELECT r.config_key FROM result r JOIN run u USING (run_id)
                 WHERE r.status IN ('ok','failed') AND u.status <> 'running'
                 GROUP BY r.config_key HAVING count(*) > 1)")
  check_eq "$2: no configuration stored twice" "$dups" 0
}
check_integrity() { # check_integrity DB LABEL
  check_eq "$2: PRAGMA integrity_check" "$(q "$1" "PRAGMA integrity_check")" ok
}
