# tests/cli/robust-lib.sh: shared by tests/cli/test_robust_*.sh (sourced
# after `cd` to the repository root; not a test itself). Defines BIN, HOST
# (the host-only study build/bin/tests/hoststudy), q (a query through
# build/bin/tests/sqlq), ok/notok/check, a temporary directory $tmp removed
# at exit, and checks every database test needs.
set -u
ROOT=$(pwd)
BIN=${BIN:-build/bin}
case "$BIN" in /*) ;; *) BIN="$ROOT/$BIN" ;; esac
HOST="$BIN/tests/hoststudy"
SQLQ="$BIN/tests/sqlq"
REPS="--reps 3 --min-reps 3 --warmup 0"
nfail=0
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test_robust.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

ok() { echo "ok $1"; }
notok() { echo "not ok $1${2:+: $2}"; nfail=$((nfail + 1)); }
check() { # check NAME CONDITION-COMMAND...
  c_name=$1; shift
  if "$@"; then ok "$c_name"; else notok "$c_name"; fi
}
# check_eq NAME GOT WANT
check_eq() { if [ "$2" = "$3" ]; then ok "$1"; else notok "$1" "got '$2', want '$3'"; fi; }
q() { "$SQLQ" "$1" "$2"; }
nlines() { printf '%s' "$1" | awk 'END { print NR }'; }

for f in "$HOST" "$SQLQ"; do
  [ -x "$f" ] || { notok "fixture $f exists" "run make test-build"; exit 1; }
done

# Every ok result holds exactly its reps samples; no other result has any.
check_samples() { # check_samples DB LABEL
  bad=$(q "$1" "SELECT count(*) FROM result r WHERE (r.status = 'ok') <> (r.reps IS NOT NULL)
                OR coalesce(r.reps, 0) <> (SELECT count(*) FROM sample s WHERE s.result_id = r.result_id)")
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
