#!/bin/sh
# tests/report/test_mutate_lock.sh: make mutate-report's work directory is
# one run's at a time. A second run while the first holds DIR.lock exits 3
# with one line on stderr and leaves DIR (the first run's copy and its
# .orig files) as it is. (Two runs at once used to share the copy and
# delete each other's .orig files: mutants then did not plant.) Runs no
# mutant and copies nothing. Needs no GPU.
# Usage: sh tests/report/test_mutate_lock.sh
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/lib.sh

dir="$tmp/mr"
mkdir -p "$dir/work" && echo first > "$dir/work/x.sql.orig"
mkdir "$dir.lock"
MUTATE_REPORT_DIR="$dir" sh tests/report/mutate-report.sh > "$tmp/out" 2> "$tmp/err"
check_eq "a second run while DIR.lock is held: exit 3" "$?" 3
check_eq "... one line on stderr" "$(wc -l < "$tmp/err" | tr -d ' ')" 1
check "... it names the lock" grep -q "$dir.lock" "$tmp/err"
check_eq "... DIR left as it was" "$(cat "$dir/work/x.sql.orig" 2>/dev/null)" first
check "... the other run's lock left in place" test -d "$dir.lock"

[ "$nfail" -eq 0 ]
