#!/bin/sh
# tests/report/test_minimal_diff.sh: what the report says where this
# harness's CUB differs from the minimal harness (view protocol_diff_text,
# reports/analysis/46-timing-protocol.sql; issue 36 item 2), on stand-in
# tables for what it reads (minimal_harness, protocol_offset): nothing
# differs, one sentence; a difference within the minimal harness's own
# spread between its processes (proc_lo_us..proc_hi_us) is said to lie
# within it; one larger than that spread, and than the harness offset, is
# said to be unexplained; each size named with its GPU, difference,
# tolerance, process count and range.
# Needs no GPU; needs build/lib/sqlstats.so.
# Usage: sh tests/report/test_minimal_diff.sh
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/cli/lib.sh
. tests/analysis.sh

db="$tmp/t.db"
view=$(analysis_view '/^-- What the report says of the sizes where the two harnesses differ/' '/^       END AS text;$/')
case "$view" in *"CREATE VIEW protocol_diff_text AS"*) ;;
  *) notok "view protocol_diff_text found in reports/analysis/"; exit 1 ;; esac
sqls -bail "$db" > /dev/null <<SQL || notok "the stand-ins and the view load"
CREATE TABLE minimal_harness (label TEXT, ord INTEGER, device_id INTEGER, n INTEGER, diff_us REAL, diff_rel REAL,
                              tol_us REAL, verdict TEXT, procs INTEGER, proc_lo_us REAL, proc_hi_us REAL);
CREATE TABLE protocol_offset (device_id INTEGER, offset_us REAL);
INSERT INTO protocol_offset VALUES (5, 0.0), (6, 0.01);
INSERT INTO minimal_harness VALUES ('A', 1, 5, 65536, 0.10, 0.015, 0.20, 'agrees', 6, 6.70, 7.00);
$view
SQL
text() { sqls "$db" "SELECT text FROM protocol_diff_text"; }
has() { printf '%s\n' "$1" | grep -qF -- "$2"; }
hasnt() { ! has "$@"; }
check_eq "nothing differs: one sentence" "$(text)" "Every GPU agrees with the minimal harness at every size."
sqls "$db" "UPDATE minimal_harness SET diff_us = 0.22, diff_rel = 0.033, verdict = 'differs'"
t=$(text)
check "a difference within the processes' spread: named with its tolerance" \
  has "$t" "the A at 2^16^, by +0.22 us (+3.3%; tolerance 0.20 us)"
check "a difference within the processes' spread: their count and range" \
  has "$t" "own 6 processes on the A at 2^16^ run from 6.70 to 7.00 us, 0.30 us apart"
check "a difference within the processes' spread lies within it" \
  has "$t" "the difference lies within what one process of either harness gives against another"
check "a difference within the processes' spread is not called unexplained" \
  hasnt "$t" "not measured here"
sqls "$db" "INSERT INTO minimal_harness VALUES ('B', 2, 6, 1048576, -0.45, -0.05, 0.20, 'differs', 3, 8.40, 8.60)"
t=$(text)
check "two differ: both named, in order" \
  has "$t" "Those that differ are the A at 2^16^, by +0.22 us (+3.3%; tolerance 0.20 us); the B at 2^20^, by -0.45 us"
check "a difference larger than the processes' spread is unexplained" \
  has "$t" "own 3 processes on the B at 2^20^ run from 8.40 to 8.60 us, 0.20 us apart: the difference is larger, and what explains it is not measured here."
sqls "$db" "UPDATE minimal_harness SET diff_us = 0.005 WHERE label = 'A'; DELETE FROM minimal_harness WHERE label = 'B'; UPDATE protocol_offset SET offset_us = 0.01 WHERE device_id = 5"
check "a difference the harness offset covers: no word on the processes" \
  hasnt "$(text)" "processes"
[ "$nfail" -eq 0 ]
