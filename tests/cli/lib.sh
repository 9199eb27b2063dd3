# tests/cli/lib.sh: the prelude of the shell test scripts (sourced after
# `cd` to the repository root; not a test itself). Defines ROOT, the
# binaries' folders (tests/cli/paths.sh: TOOLS, STUDIES, TESTBIN, CU_TOOLS,
# SQLSTATS), a temporary directory $tmp removed at exit, the failure count
# nfail, and the checks:
#   ok NAME / notok NAME [WHY]      print 'ok NAME' / 'not ok NAME: WHY'
#   check NAME COMMAND...           ok if COMMAND succeeds
#   check_eq NAME GOT WANT          ok if GOT = WANT
#   empty_db PATH                   an empty project database (dbtool load of
#                                   nothing: the current schema), or the suite ends
set -u
ROOT=$(pwd)
. tests/cli/paths.sh
nfail=0
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test_cli.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

# RESULTS_VIEWS: the analysis's results views (reports/analysis/10-results.sql:
# result_stat, every result's statistics from its samples, here a view of
# result_stat_of rather than a table; result_bw, latest) as TEMP views, for
# a query that reads them from a database the binaries wrote (which holds
# none): prefix it with this ($TESTBIN/sqlq has the samples
# functions). Nothing is evaluated unless read.
RESULTS_VIEWS=$(sed -e 's/^DROP VIEW IF EXISTS \([a-z_]*\);/DROP VIEW IF EXISTS temp.\1;/' \
                    -e 's/^DROP TABLE IF EXISTS main.result_stat;/DROP VIEW IF EXISTS temp.result_stat;/' \
                    -e '/^CREATE TABLE main.result_stat (/,/^INSERT INTO main.result_stat /c\
CREATE TEMP VIEW result_stat AS SELECT * FROM result_stat_of;' \
                    -e 's/^CREATE VIEW /CREATE TEMP VIEW /' reports/analysis/10-results.sql)

ok() { echo "ok $1"; }
notok() { echo "not ok $1${2:+: $2}"; nfail=$((nfail + 1)); }
check() {
  c_name=$1; shift
  if "$@"; then ok "$c_name"; else notok "$c_name"; fi
}
check_eq() { if [ "$2" = "$3" ]; then ok "$1"; else notok "$1" "got '$2', want '$3'"; fi; }
empty_db() {
  : > "$tmp/empty.sql"
  "$TOOLS/dbtool" load "$tmp/empty.sql" "$1" > /dev/null 2>&1 || { notok "dbtool load makes an empty database"; exit 1; }
}

# bad_args BINARY ARGS...: exits 2, says why on stderr, writes no database.
# BINARY is a study (in $STUDIES) or tests/NAME (a test binary, in $TESTBIN).
bad_args() {
  b=$1; shift
  case "$b" in tests/*) exe="$TESTBIN/${b#tests/}" ;; *) exe="$STUDIES/$b" ;; esac
  "$exe" --db "$tmp/x.db" "$@" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  [ $rc -eq 2 ] && [ -s "$tmp/err" ] && [ ! -e "$tmp/x.db" ] ||
    { echo "# $b $*: exit $rc, stderr: $(cat "$tmp/err")"; return 1; }
}

# check_constant_study_cli BINARY: what the distance and raytrace binaries
# share: --help (writing $tmp/help-BINARY) naming the global, constant and
# read-only variants, and one-line refusals of bad arguments.
check_constant_study_cli() {
  b=$1
  check "$b --help exits 0" sh -c "'$STUDIES/$b' --help > '$tmp/help-$b'"
  check "$b --help describes the variants" sh -c \
    "grep -q '^  global  ' '$tmp/help-$b' && grep -q '^  constant  .*__constant__' '$tmp/help-$b' && grep -q '^  readonly  ' '$tmp/help-$b'"
  check "$b: unknown variant" bad_args $b --variant texture
  check "$b: unknown option" bad_args $b --nope 1
  check "$b: garbage tile" bad_args $b --tile 16x
  check "$b: tile 33" bad_args $b --tile 33
  check "$b: missing value" bad_args $b --tile
}
