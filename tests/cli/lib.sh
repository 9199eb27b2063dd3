# tests/cli/lib.sh: the prelude of the shell test scripts (sourced after
# `cd` to the repository root; not a test itself). Defines ROOT, BIN (the
# binaries; BIN=dir overrides build/bin), a temporary directory $tmp removed
# at exit, the failure count nfail, and the checks:
#   ok NAME / notok NAME [WHY]      print 'ok NAME' / 'not ok NAME: WHY'
#   check NAME COMMAND...           ok if COMMAND succeeds
#   check_eq NAME GOT WANT          ok if GOT = WANT
set -u
ROOT=$(pwd)
BIN=${BIN:-build/bin}
case "$BIN" in /*) ;; *) BIN="$ROOT/$BIN" ;; esac
nfail=0
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test_cli.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

ok() { echo "ok $1"; }
notok() { echo "not ok $1${2:+: $2}"; nfail=$((nfail + 1)); }
check() {
  c_name=$1; shift
  if "$@"; then ok "$c_name"; else notok "$c_name"; fi
}
check_eq() { if [ "$2" = "$3" ]; then ok "$1"; else notok "$1" "got '$2', want '$3'"; fi; }
